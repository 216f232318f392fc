//! The OpenAPI document: generated from the handlers and the model (whose
//! rule values are typed as `oneOf` the rulesets' own schemas, see
//! `model::rules`), then completed here. Nothing below reads this module.

use utoipa::openapi::schema::{Object, Ref, Schema, SchemaType, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{OpenApi as OpenApiDoc, RefOr, Required};
use utoipa::{Modify, OpenApi};
use utoipa_actix_web::AppExt;

mod requests;
mod unions;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Owlpost",
        description = "Play-by-mail server for wizard-duel board games: every move is an event in a verifiable log."
    ),
    modifiers(&BearerAuth),
    tags(
        (name = "auth", description = "Register and log in"),
        (name = "rulesets", description = "The games Owlpost plays"),
        (name = "games", description = "Create, join, play and replay games"),
        (name = "users", description = "Players' pages, records, ratings and finished games"),
        (name = "me", description = "The caller's games, inbox, webhooks and mail"),
        (name = "mail", description = "The links mails carry: confirm an address, unsubscribe"),
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
                    .description(Some(
                        "A signed-in user's access token (`POST /v1/auth/login`): it may do \
                         everything its user may.",
                    ))
                    .build(),
            ),
        );
        components.add_security_scheme(
            "personal_token",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("owlpat_<id>_<secret>")
                    .description(Some(
                        "A personal access token (`POST /v1/me/tokens`), sent as a bearer \
                         token, allowed only its scopes: `read` (every GET), `play` (create, \
                         join and play games), `webhooks` (the user's webhooks). An operation \
                         lists the scope it needs; one that lists none wants a signed-in user.",
                    ))
                    .build(),
            ),
        );
    }
}

/// Completes the document the handlers generated: the server it describes
/// (relative, so it holds wherever the document is served from), an explicit
/// empty `security` on every public operation (so linters and generators know
/// no token is wanted, rather than guessing), and the refusals the server
/// gives before any handler runs. Served and checked-in documents both pass
/// through here.
pub fn finish(api: &mut OpenApiDoc) {
    unions::discriminate(api);
    let mut server = utoipa::openapi::server::Server::new("/");
    server.description = Some("The server that serves this document".to_owned());
    api.servers = Some(vec![server]);
    for (path, item) in api.paths.paths.iter_mut() {
        let uses_database = path != "/health";
        let operations = [
            ("GET", &mut item.get),
            ("PUT", &mut item.put),
            ("POST", &mut item.post),
            ("DELETE", &mut item.delete),
            ("PATCH", &mut item.patch),
        ];
        for (method, operation) in operations {
            let Some(operation) = operation else { continue };
            admit_personal_tokens(operation, method, path);
            give_every_error_answer_the_problem_body(operation);
            declare_refusals_before_handlers(operation, uses_database);
            omit_optional_bodies_rather_than_null(operation);
        }
    }
    describe_webhooks(api);
    let components = api.components.get_or_insert_with(Default::default);
    components.schemas.insert(
        "Problem".to_owned(),
        <crate::error::Problem as utoipa::PartialSchema>::schema(),
    );
}

/// Where a signed-in user's token is wanted, a personal access token with
/// the scope [`crate::auth::needs`] names will do too: the spec says which,
/// and that a token without it is refused (403, `insufficient_scope`).
fn admit_personal_tokens(
    operation: &mut utoipa::openapi::path::Operation,
    method: &str,
    path: &str,
) {
    let security = operation.security.get_or_insert_with(Vec::new);
    let wants_bearer = security.iter().any(|requirement| {
        serde_json::to_value(requirement).is_ok_and(|value| value.get("bearer").is_some())
    });
    if !wants_bearer {
        return;
    }
    let refusal = match crate::auth::needs(method, path) {
        crate::auth::Needs::Scope(scope) => {
            security.push(utoipa::openapi::security::SecurityRequirement::new(
                "personal_token",
                [scope.as_str()],
            ));
            format!(
                "A personal access token without the scope `{}` (`insufficient_scope`)",
                scope.as_str()
            )
        }
        crate::auth::Needs::SignedIn => {
            "Asked with a personal access token: only the signed-in user may (`insufficient_scope`)"
                .to_owned()
        }
    };
    match operation.responses.responses.entry("403".to_owned()) {
        std::collections::btree_map::Entry::Vacant(vacant) => {
            vacant.insert(problem_answer(refusal));
        }
        std::collections::btree_map::Entry::Occupied(mut declared) => {
            if let RefOr::T(answer) = declared.get_mut() {
                answer.description = format!("{}; or: {refusal}", answer.description);
            }
        }
    }
}

/// The body of every error answer: the server answers each with a problem
/// document, so the handlers' lists give only the status and the words.
fn problem_body() -> utoipa::openapi::Content {
    utoipa::openapi::ContentBuilder::new()
        .schema(Some(Ref::from_schema_name("Problem")))
        .build()
}

const PROBLEM_JSON: &str = "application/problem+json";

/// A problem-document answer described in `description`.
fn problem_answer(description: String) -> RefOr<utoipa::openapi::Response> {
    RefOr::T(
        utoipa::openapi::ResponseBuilder::new()
            .description(description)
            .content(PROBLEM_JSON, problem_body())
            .build(),
    )
}

/// Gives each 4xx and 5xx answer listed without a body the problem document.
fn give_every_error_answer_the_problem_body(operation: &mut utoipa::openapi::path::Operation) {
    for (status, answer) in operation.responses.responses.iter_mut() {
        let is_error = status.starts_with('4') || status.starts_with('5');
        if let (true, RefOr::T(answer)) = (is_error, answer)
            && answer.content.is_empty()
        {
            answer
                .content
                .insert(PROBLEM_JSON.to_owned(), RefOr::T(problem_body()));
        }
    }
}

/// A body that may be left out is declared not required, with its own schema,
/// rather than as `oneOf [schema, null]`: a request never carries a JSON
/// `null`, and generators given the null variant send one (or crash).
fn omit_optional_bodies_rather_than_null(operation: &mut utoipa::openapi::path::Operation) {
    let Some(RefOr::T(body)) = operation.request_body.as_mut() else {
        return;
    };
    let mut optional = false;
    for content in body.content.values_mut() {
        let RefOr::T(content) = content else {
            continue;
        };
        let Some(RefOr::T(Schema::OneOf(one_of))) = &content.schema else {
            continue;
        };
        let is_null = |item: &RefOr<Schema>| {
            matches!(item, RefOr::T(Schema::Object(object))
                if object.schema_type == SchemaType::Type(Type::Null))
        };
        if one_of.items.len() == 2 && one_of.items.iter().any(is_null) {
            content.schema = one_of.items.iter().find(|item| !is_null(item)).cloned();
            optional = true;
        }
    }
    if optional {
        body.required = Some(Required::False);
    }
}

/// The requests the server sends to a player's webhooks (OpenAPI 3.1
/// `webhooks`), so a receiver can be generated from the document too.
fn describe_webhooks(api: &mut OpenApiDoc) {
    use utoipa::openapi::path::{OperationBuilder, ParameterBuilder, ParameterIn, PathItem};
    use utoipa::openapi::request_body::RequestBodyBuilder;
    use utoipa::openapi::{ContentBuilder, HttpMethod, ResponseBuilder};

    let header = |name: &str, description: &str| {
        ParameterBuilder::new()
            .name(name)
            .parameter_in(ParameterIn::Header)
            .required(Required::True)
            .description(Some(description))
            .schema(Some(Object::with_type(Type::String)))
            .build()
    };
    let operation = OperationBuilder::new()
        .operation_id(Some("game_notification"))
        .summary(Some("A game came to await the player, or ended"))
        .description(Some(
            "Posted to every webhook the player registered (`POST /v1/me/webhooks`) when one of his \
             games comes to await him or ends, signed in the Standard Webhooks format \
             (https://www.standardwebhooks.com/) so any of its libraries can check it. Any 2xx \
             answer acknowledges it; anything else, or no answer, is retried later with a \
             doubling pause, the same `webhook-id` each time, until the server gives up.",
        ))
        .tag("me")
        .parameter(header(
            "webhook-id",
            "The notification's id, the same on every retry, so duplicates can be dropped.",
        ))
        .parameter(header(
            "webhook-timestamp",
            "When this request was signed, in unix seconds. Refuse one far from your clock.",
        ))
        .parameter(header(
            "webhook-signature",
            "`v1,<base64>`: the HMAC-SHA256 of `<webhook-id>.<webhook-timestamp>.<body>` under \
             the key of the webhook's secret, shown once when it was registered as \
             `whsec_<base64 key>`. A webhook registered before has a secret of 64 hex digits: \
             its key is those 64 characters (as `whsec_` + their base64).",
        ))
        .request_body(Some(
            RequestBodyBuilder::new()
                .required(Some(Required::True))
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("Notification")))
                        .build(),
                )
                .build(),
        ))
        .response(
            "200",
            ResponseBuilder::new().description("Acknowledged (any 2xx does)"),
        )
        .response(
            "default",
            ResponseBuilder::new().description("Not acknowledged: the notification is sent again later"),
        )
        .build();
    let mut operation = operation;
    // The server signs the request; it carries no token.
    operation.security = Some(Vec::new());
    api.webhooks = Some(
        utoipa::openapi::path::PathsBuilder::new()
            .path(
                "gameNotification",
                PathItem::new(HttpMethod::Post, operation),
            )
            .build(),
    );
    let components = api.components.get_or_insert_with(Default::default);
    let mut schemas = Vec::new();
    <crate::model::Notification as utoipa::ToSchema>::schemas(&mut schemas);
    schemas.push((
        "Notification".to_owned(),
        <crate::model::Notification as utoipa::PartialSchema>::schema(),
    ));
    components.schemas.extend(schemas);
}

/// Adds the answers the server gives before the handler runs, where the
/// handler's own list leaves them out: 400 to an operation that reads a body
/// (malformed JSON) or a typed path parameter (an id that is no UUID, a
/// sequence number that is no integer), 413 to one that reads a body, and
/// 503 to every one that needs the database.
fn declare_refusals_before_handlers(
    operation: &mut utoipa::openapi::path::Operation,
    uses_database: bool,
) {
    let typed_path = operation.parameters.iter().flatten().any(|parameter| {
        let parameter = serde_json::to_value(parameter).unwrap_or_default();
        parameter["in"] == "path"
            && (parameter["schema"]["format"] == "uuid" || parameter["schema"]["type"] == "integer")
    });
    let reads_body = operation.request_body.is_some();
    let responses = &mut operation.responses.responses;
    if typed_path || reads_body {
        responses
            .entry("400".to_owned())
            .or_insert_with(|| problem_answer("A malformed body or path parameter".to_owned()));
    }
    if uses_database {
        responses.entry("503".to_owned()).or_insert_with(|| {
            problem_answer(
                "The database cannot be reached (`database_unavailable`); retry after `Retry-After` seconds"
                    .to_owned(),
            )
        });
    }
    if reads_body {
        responses.entry("413".to_owned()).or_insert_with(|| {
            problem_answer(format!(
                "The body is over {} KiB (`body_too_large`)",
                crate::config::BODY_LIMIT / 1024
            ))
        });
    }
}

/// The document the handlers generate, without building a server (see
/// [`finish`] and [`spec`] for what is added to it).
pub fn document() -> OpenApiDoc {
    let (_, mut api) = actix_web::App::new()
        .into_utoipa_app()
        .openapi(ApiDoc::openapi())
        .service(crate::routes::system::health)
        .service(crate::routes::system::ready)
        .service(crate::routes::system::metrics)
        .service(utoipa_actix_web::scope::scope("/v1").configure(crate::routes::v1))
        .split_for_parts();
    api.info.version = env!("CARGO_PKG_VERSION").to_owned();
    // The rulesets' own schemas, once: the unions that refer to them add none.
    // A name met again must be the same schema: two types given one name
    // would leave one of them described as the other.
    let components = api.components.get_or_insert_with(Default::default);
    for (_, schemas) in crate::model::ruleset_schemas() {
        for (name, schema) in &schemas.all {
            match components.schemas.entry(name.clone()) {
                std::collections::btree_map::Entry::Vacant(vacant) => {
                    vacant.insert(schema.clone());
                }
                std::collections::btree_map::Entry::Occupied(known) => assert_eq!(
                    serde_json::to_value(known.get()).ok(),
                    serde_json::to_value(schema).ok(),
                    "two schemas are named {name}"
                ),
            }
        }
    }
    finish(&mut api);
    api
}

/// The document for the whole API, as served at `/openapi.json` and checked
/// in: the generated one with request schemas set apart where defaults differ
/// (a pass over the JSON, which utoipa's types cannot read back). Made once
/// per process: every worker and every server of a test run serves it.
pub fn spec() -> &'static serde_json::Value {
    static DOCUMENT: std::sync::LazyLock<serde_json::Value> = std::sync::LazyLock::new(|| {
        let mut document =
            serde_json::to_value(document()).expect("the OpenAPI document serializes");
        requests::separate(&mut document);
        document
    });
    &DOCUMENT
}

/// The document as the pretty JSON checked in at `openapi/openapi.json`.
pub fn spec_json() -> String {
    let mut text = serde_json::to_string_pretty(spec()).expect("the OpenAPI document serializes");
    text.push('\n');
    text
}
