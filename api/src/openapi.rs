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
        (name = "system", description = "Liveness and readiness"),
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

/// Completes the document the handlers generated: the server it describes
/// (relative, so it holds wherever the document is served from), an explicit
/// empty `security` on every public operation (so linters and generators know
/// no token is wanted, rather than guessing), and descriptions in plain
/// Markdown: rustdoc's intra-doc links mean nothing to a client developer.
/// Served and checked-in documents both pass through here.
pub fn finish(api: &mut OpenApiDoc) {
    let mut server = utoipa::openapi::server::Server::new("/");
    server.description = Some("The server that serves this document".to_owned());
    api.servers = Some(vec![server]);
    for item in api.paths.paths.values_mut() {
        let operations = [
            &mut item.get,
            &mut item.put,
            &mut item.post,
            &mut item.delete,
            &mut item.patch,
        ];
        for operation in operations.into_iter().flatten() {
            operation.security.get_or_insert_with(Vec::new);
        }
    }
    let mut document = serde_json::to_value(&*api).expect("the OpenAPI document serializes");
    plain_descriptions(&mut document);
    declare_bad_requests(&mut document);
    *api = serde_json::from_value(document).expect("the OpenAPI document reads back");
}

/// Adds the answers the server gives before any handler runs, where the
/// handler's own list leaves them out: 400 to every operation that reads a
/// body (malformed JSON) or a typed path parameter (an id that is no UUID, a
/// sequence number that is no integer), and 413 to every one that reads a body.
fn declare_bad_requests(document: &mut serde_json::Value) {
    let Some(paths) = document["paths"].as_object_mut() else {
        return;
    };
    for item in paths.values_mut() {
        let Some(operations) = item.as_object_mut() else {
            continue;
        };
        for operation in operations.values_mut() {
            let typed_path = operation["parameters"]
                .as_array()
                .is_some_and(|parameters| {
                    parameters.iter().any(|p| {
                        p["in"] == "path"
                            && (p["schema"]["format"] == "uuid" || p["schema"]["type"] == "integer")
                    })
                });
            let reads_body = operation.get("requestBody").is_some();
            let Some(responses) = operation["responses"].as_object_mut() else {
                continue;
            };
            let problem = |description: &str| {
                serde_json::json!({
                    "description": description,
                    "content": {
                        "application/problem+json": {
                            "schema": {"$ref": "#/components/schemas/Problem"}
                        }
                    }
                })
            };
            if typed_path || reads_body {
                responses
                    .entry("400")
                    .or_insert_with(|| problem("A malformed body or path parameter"));
            }
            if reads_body {
                responses.entry("413").or_insert_with(|| {
                    problem(&format!(
                        "The body is over {} KiB (`body_too_large`)",
                        crate::app::BODY_LIMIT / 1024
                    ))
                });
            }
        }
    }
}

/// Rewrites every `description` and `summary` in `value`, turning rustdoc links
/// (`` [`Name`](crate::path) `` and `` [`name`] ``) into code spans.
fn plain_descriptions(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            for (key, entry) in map.iter_mut() {
                match entry {
                    serde_json::Value::String(text) if key == "description" || key == "summary" => {
                        *text = without_rustdoc_links(text);
                    }
                    _ => plain_descriptions(entry),
                }
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(plain_descriptions),
        _ => {}
    }
}

fn without_rustdoc_links(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("[`") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 2..];
        let Some(end) = after.find("`]") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let name = &after[..end];
        let tail = &after[end + 2..];
        let target = tail
            .strip_prefix('(')
            .and_then(|t| t.find(')').map(|close| &t[..close]));
        match target {
            // A web link is Markdown a client can render: keep it.
            Some(url) if url.contains("://") => {
                let whole = start + 2 + end + 2 + url.len() + 2;
                out.push_str(&rest[start..whole]);
                rest = &rest[whole..];
            }
            Some(path) if !path.contains(char::is_whitespace) => {
                out.push_str(&format!("`{name}`"));
                rest = &tail[path.len() + 2..];
            }
            _ => {
                out.push_str(&format!("`{name}`"));
                rest = tail;
            }
        }
    }
    out.push_str(rest);
    out
}

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

#[cfg(test)]
mod tests {
    use super::without_rustdoc_links;

    #[test]
    fn rustdoc_links_become_code_spans_and_web_links_stay() {
        assert_eq!(
            without_rustdoc_links(
                "POSTs a [`Notification`](crate::webhooks::Notification) (see [`optional_rules`])."
            ),
            "POSTs a `Notification` (see `optional_rules`)."
        );
        let web = "[`RFC 9457`](https://www.rfc-editor.org/rfc/rfc9457)";
        assert_eq!(without_rustdoc_links(web), web);
        assert_eq!(without_rustdoc_links("a [`b"), "a [`b");
    }
}
