//! The OpenAPI document: generated from the handlers, with every ruleset's
//! commands, events, views and options as typed schemas.
//!
//! The generic API carries rule values as JSON; here they are declared as
//! `oneOf` the rulesets' own schemas, so a generated client is typed.

use std::borrow::Cow;

use utoipa::openapi::schema::{OneOfBuilder, Ref, Schema};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{OpenApi as OpenApiDoc, RefOr};
use utoipa::{Modify, OpenApi, PartialSchema, ToSchema};

use owlpost_domain::registry::{self, RulesetSchemas};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Owlpost",
        description = "Play-by-mail server for wizard-duel board games: every move is an event in a verifiable log."
    ),
    modifiers(&BearerAuth),
    components(schemas(crate::webhooks::Notification)),
    tags(
        (name = "auth", description = "Register and log in"),
        (name = "rulesets", description = "The games Owlpost plays"),
        (name = "games", description = "Create, join, play and replay games"),
        (name = "me", description = "The caller's games, inbox and webhooks"),
        (name = "system", description = "Liveness"),
    )
)]
pub struct ApiDoc;

struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut OpenApiDoc) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .build(),
            ),
        );
    }
}

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

/// The document for the whole API.
pub fn spec() -> OpenApiDoc {
    crate::app::openapi()
}

/// The document as the pretty JSON checked in at `openapi/openapi.json`.
pub fn spec_json() -> String {
    let mut text = spec()
        .to_pretty_json()
        .expect("the OpenAPI document serializes");
    text.push('\n');
    text
}
