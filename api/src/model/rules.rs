//! The rule values the generic API carries as JSON (a command, an event, a
//! view, options), each typed in the document as `oneOf` the rulesets' own
//! schemas, so a generated client is typed.

use std::borrow::Cow;

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{OneOfBuilder, Ref, Schema};
use utoipa::{PartialSchema, ToSchema};

use owlpost_domain::registry::{self, RulesetSchemas};

fn one_of(pick: impl Fn(&RulesetSchemas) -> &String) -> RefOr<Schema> {
    let mut builder = OneOfBuilder::new();
    for ruleset in registry::all() {
        builder = builder.item(Ref::from_schema_name(pick(&ruleset.schemas()).clone()));
    }
    builder.into()
}

fn all_ruleset_schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
    for ruleset in registry::all() {
        out.extend(ruleset.schemas().all);
    }
}

macro_rules! rules_union {
    ($name:ident, $field:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// In the document it is `oneOf` the rulesets' own schemas.
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub serde_json::Value);

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                one_of(|s| &s.$field)
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($name))
            }
            fn schemas(out: &mut Vec<(String, RefOr<Schema>)>) {
                all_ruleset_schemas(out);
            }
        }
    };
}

rules_union!(RulesCommand, command, "A command of one of the rulesets.");
rules_union!(RulesEvent, event, "An event of one of the rulesets.");
rules_union!(
    RulesView,
    view,
    "A ruleset's view of a game, as one viewer may see it."
);
rules_union!(RulesOptions, options, "The options of one of the rulesets.");

rules_union!(
    RulesCommandChoice,
    command_choice,
    "A family of commands of one of the rulesets, told at once."
);
