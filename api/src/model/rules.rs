//! The rule values the generic API carries as JSON (a command, an event, a
//! view, options), each typed in the document as `anyOf` the rulesets' own
//! schemas, so a generated client is typed. `anyOf`, not `oneOf`: a value
//! does not name its ruleset, and one value may be valid in several (a Wiz-War
//! `pass` is a classic and a Wizards of War `pass` too), which a strict
//! validator of `oneOf` would refuse. Where a value sits beside its ruleset
//! (a game, an event page) the document narrows it by ruleset (see
//! `crate::openapi::unions`).

use std::borrow::Cow;
use std::sync::LazyLock;

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{AnyOfBuilder, Ref, Schema};
use utoipa::{PartialSchema, ToSchema};

use owlpost_domain::registry::{self, RulesetSchemas};

/// Every ruleset's schemas, by ruleset id, worked out once per process.
///
/// utoipa writes out a schema again for every place it is referred from, so
/// a ruleset's whole set is large and slow to make; made for every reference
/// to a union (as it was), the document alone took about 500 MB at its peak,
/// which a server kept as resident memory for its whole life.
static RULESET_SCHEMAS: LazyLock<Vec<(&'static str, RulesetSchemas)>> = LazyLock::new(|| {
    registry::all()
        .into_iter()
        .map(|ruleset| (ruleset.id(), ruleset.schemas()))
        .collect()
});

/// Every ruleset's schemas, by ruleset id (see [`RULESET_SCHEMAS`]).
pub fn ruleset_schemas() -> &'static [(&'static str, RulesetSchemas)] {
    &RULESET_SCHEMAS
}

fn any_of(pick: impl Fn(&RulesetSchemas) -> &String) -> RefOr<Schema> {
    let mut builder = AnyOfBuilder::new();
    for (_, schemas) in ruleset_schemas() {
        builder = builder.item(Ref::from_schema_name(pick(schemas).clone()));
    }
    builder.into()
}

macro_rules! rules_union {
    ($name:ident, $field:ident, $doc:literal) => {
        #[doc = $doc]
        ///
        /// In the document it is `anyOf` the rulesets' own schemas.
        #[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub serde_json::Value);

        impl PartialSchema for $name {
            fn schema() -> RefOr<Schema> {
                any_of(|s| &s.$field)
            }
        }

        impl ToSchema for $name {
            fn name() -> Cow<'static, str> {
                Cow::Borrowed(stringify!($name))
            }
            /// None: the rulesets' schemas are added to the document once
            /// ([`crate::openapi::document`]), not at every reference.
            fn schemas(_: &mut Vec<(String, RefOr<Schema>)>) {}
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
