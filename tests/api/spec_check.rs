//! Every answer the test helper receives is checked against the spec: its
//! status must be one the operation declares, and a JSON body must match the
//! schema declared for that status. Every JSON request the server accepts
//! must match the request body the operation declares, so a strict client
//! never refuses to send what the server takes. So every end-to-end test
//! also proves the document a client generator reads tells the truth. And a
//! property an answer sends as `null` must be one its schema lists as
//! `required` ([`nulls_not_required`]).

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use reqwest::{Method, Response, StatusCode};
use serde_json::Value;

static SPEC: LazyLock<Value> = LazyLock::new(|| {
    serde_json::from_str(&owlpost_api::openapi::spec_json()).expect("the spec is JSON")
});

type Validators = Mutex<HashMap<String, Arc<jsonschema::Validator>>>;
static VALIDATORS: LazyLock<Validators> = LazyLock::new(Default::default);

/// The spec's path template that `path` (without its query) matches.
fn template_of(path: &str) -> Option<&'static str> {
    let path = path.split('?').next().unwrap_or(path);
    let segments: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    SPEC["paths"]
        .as_object()?
        .keys()
        .map(String::as_str)
        .find(|template| {
            let pattern: Vec<&str> = template.split('/').collect();
            pattern.len() == segments.len()
                && pattern
                    .iter()
                    .zip(&segments)
                    .all(|(p, s)| p == s || (p.starts_with('{') && p.ends_with('}')))
        })
}

/// The names of the component schemas `schema` needs, at any depth.
fn needed_components(schema: &Value) -> serde_json::Map<String, Value> {
    fn walk(value: &Value, found: &mut serde_json::Map<String, Value>) {
        match value {
            Value::Object(map) => {
                if let Some(name) = map
                    .get("$ref")
                    .and_then(Value::as_str)
                    .and_then(|r| r.strip_prefix("#/components/schemas/"))
                    && !found.contains_key(name)
                {
                    let target = SPEC["components"]["schemas"][name].clone();
                    found.insert(name.to_owned(), target.clone());
                    walk(&target, found);
                }
                map.values().for_each(|v| walk(v, found));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, found)),
            _ => {}
        }
    }
    let mut found = serde_json::Map::new();
    walk(schema, &mut found);
    found
}

/// The compiled schema, made once per operation and status. Made outside
/// the lock: a test's server shares its thread, and must not wait on
/// another test's compilation.
pub fn validator(key: &str, schema: &Value) -> Arc<jsonschema::Validator> {
    if let Some(known) = VALIDATORS.lock().unwrap().get(key) {
        return known.clone();
    }
    let root = serde_json::json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "components": { "schemas": needed_components(schema) },
        "allOf": [schema],
    });
    let compiled = Arc::new(
        jsonschema::validator_for(&root)
            .unwrap_or_else(|e| panic!("the schema of {key} compiles: {e}")),
    );
    VALIDATORS
        .lock()
        .unwrap()
        .entry(key.to_owned())
        .or_insert(compiled)
        .clone()
}

/// Checks `response` against the operation `method path` of the spec and
/// hands back an equal response. Paths the spec does not describe (the
/// docs page, unknown routes) are handed back unchecked.
pub async fn checked(method: Method, path: &str, response: Response) -> Response {
    let status = response.status();
    let headers = response.headers().clone();
    let body = response.bytes().await.expect("the body is read");
    if let Some(template) = template_of(path) {
        check(&method, template, status, &headers, &body);
    }
    let mut rebuilt = http::Response::builder().status(status);
    for (name, value) in &headers {
        rebuilt = rebuilt.header(name, value);
    }
    Response::from(rebuilt.body(body).expect("the response is rebuilt"))
}

/// Checks that `body`, which the server answered `status` to, is a request
/// the operation `method path` of the spec admits whenever it was accepted.
pub fn check_request(method: &Method, path: &str, body: &Value, status: StatusCode) {
    if !status.is_success() {
        return;
    }
    let Some(template) = template_of(path) else {
        return;
    };
    let method_name = method.as_str().to_ascii_lowercase();
    let Some(schema) = SPEC["paths"][template][&method_name]["requestBody"]["content"]
        ["application/json"]["schema"]
        .as_object()
        .map(|s| Value::Object(s.clone()))
    else {
        return;
    };
    let key = format!("{method_name} {template} request");
    let errors: Vec<String> = validator(&key, &schema)
        .iter_errors(body)
        .take(5)
        .map(|error| format!("at {}: {error}", error.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{key}: the server accepted {body}, which the spec does not admit:\n{}",
        errors.join("\n")
    );
}

fn check(
    method: &Method,
    template: &str,
    status: StatusCode,
    headers: &reqwest::header::HeaderMap,
    body: &[u8],
) {
    let method_name = method.as_str().to_ascii_lowercase();
    let Some(operation) = SPEC["paths"][template].get(&method_name) else {
        // A method the path does not have: the server must refuse it.
        assert!(
            status.is_client_error(),
            "{method} {template} is not in the spec, yet answered {status}"
        );
        return;
    };
    let declared = &operation["responses"][status.as_str()];
    assert!(
        declared.is_object(),
        "{method} {template} answered {status}, a status its spec does not declare"
    );
    let content_type = headers
        .get("content-type")
        .and_then(|value| value.to_str().ok())
        .unwrap_or("")
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_owned();
    if !content_type.ends_with("json") || body.is_empty() {
        return;
    }
    let Some(schema) = declared["content"][&content_type]["schema"]
        .as_object()
        .map(|s| Value::Object(s.clone()))
    else {
        panic!("{method} {template} {status} sent {content_type}, which the spec does not declare");
    };
    let value: Value = serde_json::from_slice(body)
        .unwrap_or_else(|e| panic!("{method} {template} {status} sent invalid JSON: {e}"));
    let key = format!("{method_name} {template} {status} {content_type}");
    let errors: Vec<String> = validator(&key, &schema)
        .iter_errors(&value)
        .take(5)
        .map(|error| format!("at {}: {error}", error.instance_path()))
        .collect();
    assert!(
        errors.is_empty(),
        "{key}: the answer does not match the spec:\n{}",
        errors.join("\n")
    );
    let nulls = nulls_not_required(&declared["content"][&content_type]["schema"], &value);
    assert!(
        nulls.is_empty(),
        "{key}: the answer sends null where the spec does not require the property:\n{}",
        nulls.join("\n")
    );
}

/// One step of a JSON path, kept as borrowed pieces so that a clean answer
/// costs no string: the path is written out only for a finding.
#[derive(Clone, Copy)]
enum Step<'v> {
    Key(&'v str),
    Index(usize),
}

/// The JSON pointer of `path` (`/` for the answer itself).
fn pointer(path: &[Step<'_>]) -> String {
    use std::fmt::Write;
    let mut text = String::new();
    for step in path {
        match step {
            Step::Key(key) => write!(text, "/{key}"),
            Step::Index(index) => write!(text, "/{index}"),
        }
        .expect("a string takes any text");
    }
    if text.is_empty() {
        text.push('/');
    }
    text
}

/// `schema` with its `$ref`s followed, and the name of the component it is
/// (`name` unchanged when it is inline).
fn resolved<'s>(mut schema: &'s Value, name: &mut &'s str) -> &'s Value {
    while let Some(target) = schema
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix("#/components/schemas/"))
    {
        *name = target;
        schema = &SPEC["components"]["schemas"][target];
    }
    schema
}

/// The object schemas `value` is checked against under `schema`, each with
/// its component name: itself, the parts of an `allOf` (their properties
/// and `required` lists taken together), and the alternative of a union that
/// `value` is, at any depth.
fn parts<'s>(
    schema: &'s Value,
    name: &'s str,
    value: &Value,
    found: &mut Vec<(&'s Value, &'s str)>,
) {
    let mut name = name;
    let schema = resolved(schema, &mut name);
    if let Some(all) = schema.get("allOf").and_then(Value::as_array) {
        for part in all {
            parts(part, name, value, found);
        }
    }
    if let Some((chosen, chosen_name)) = alternative(schema, name, value) {
        parts(chosen, chosen_name, value, found);
    }
    if schema.get("properties").is_some() || schema.get("additionalProperties").is_some() {
        found.push((schema, name));
    }
}

/// Whether a tag rules `value` out of `schema`: a discriminator that maps
/// no alternative for the value's tag, or a property fixed to a `const` or an
/// `enum` that the value does not hold. Decides most unions without running
/// a validator.
fn ruled_out_by_tag(schema: &Value, value: &Value) -> bool {
    let Some(object) = value.as_object() else {
        return false;
    };
    let mut name = "";
    let schema = resolved(schema, &mut name);
    if let Some(discriminator) = schema.get("discriminator")
        && let Some(property) = discriminator["propertyName"].as_str()
        && discriminator["mapping"].is_object()
    {
        return match object.get(property).and_then(Value::as_str) {
            Some(tag) => match discriminator["mapping"][tag].as_str() {
                Some(target) => {
                    target
                        .strip_prefix("#/components/schemas/")
                        .is_some_and(|target| {
                            ruled_out_by_tag(&SPEC["components"]["schemas"][target], value)
                        })
                }
                None => true,
            },
            None => true,
        };
    }
    if let Some(alternatives) = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array)
    {
        return alternatives.iter().all(|a| ruled_out_by_tag(a, value));
    }
    if let Some(all) = schema.get("allOf").and_then(Value::as_array)
        && all.iter().any(|part| ruled_out_by_tag(part, value))
    {
        return true;
    }
    if schema.get("type").and_then(Value::as_str) == Some("null") {
        return true;
    }
    schema
        .get("properties")
        .and_then(Value::as_object)
        .is_some_and(|properties| {
            properties.iter().any(|(key, property)| {
                let sent = object.get(key);
                if let Some(fixed) = property.get("const") {
                    sent.is_some_and(|sent| sent != fixed)
                        || (sent.is_none() && required_in(schema, key))
                } else if let Some(allowed) = property.get("enum").and_then(Value::as_array) {
                    sent.is_some_and(|sent| !allowed.contains(sent))
                        || (sent.is_none() && required_in(schema, key))
                } else {
                    false
                }
            })
        })
}

fn required_in(schema: &Value, key: &str) -> bool {
    schema
        .get("required")
        .and_then(Value::as_array)
        .is_some_and(|required| required.iter().any(|r| r == key))
}

/// The alternative of a `oneOf` or `anyOf` that `value` (not `null`) is: the
/// one its discriminator or tags name, else the first that admits it.
fn alternative<'s>(
    schema: &'s Value,
    name: &'s str,
    value: &Value,
) -> Option<(&'s Value, &'s str)> {
    let alternatives = schema
        .get("oneOf")
        .or_else(|| schema.get("anyOf"))
        .and_then(Value::as_array)?;
    if let Some(discriminator) = schema.get("discriminator")
        && let Some(tag) = discriminator["propertyName"]
            .as_str()
            .and_then(|property| value.get(property))
            .and_then(Value::as_str)
        && let Some(target) = discriminator["mapping"][tag].as_str()
        && let Some(chosen) = alternatives.iter().find(|a| a["$ref"] == target)
    {
        let mut chosen_name = name;
        return Some((resolved(chosen, &mut chosen_name), chosen_name));
    }
    let mut left: Vec<&'s Value> = alternatives
        .iter()
        .filter(|a| a.get("type").and_then(Value::as_str) != Some("null"))
        .filter(|a| !ruled_out_by_tag(a, value))
        .collect();
    if left.len() > 1 {
        // Tags do not tell them apart: the first alternative that admits the
        // value, each compiled once.
        left.retain(|a| {
            let key = match a.get("$ref").and_then(Value::as_str) {
                Some(target) => format!("alternative {target}"),
                None => format!("alternative {a}"),
            };
            validator(&key, a).is_valid(value)
        });
    }
    let chosen = left.first()?;
    let mut chosen_name = name;
    let chosen = resolved(chosen, &mut chosen_name);
    Some((chosen, chosen_name))
}

/// Whether `value` holds a `null` at any depth: only such a value is walked
/// with its schema, so the many answers and parts of answers that hold none
/// (most legal commands, most of a view) cost a scan and no schema look-up.
fn holds_null(value: &Value) -> bool {
    match value {
        Value::Null => true,
        Value::Object(fields) => fields.values().any(holds_null),
        Value::Array(items) => items.iter().any(holds_null),
        _ => false,
    }
}

/// Walks `value` with its `schema` and writes down, in `found`, every
/// property sent as `null` that the object schema holding it does not list
/// as `required`.
fn walk<'s, 'v>(
    schema: &'s Value,
    name: &'s str,
    value: &'v Value,
    path: &mut Vec<Step<'v>>,
    found: &mut Vec<String>,
) {
    if value.is_null() {
        return;
    }
    let mut name = name;
    let schema = resolved(schema, &mut name);
    match value {
        Value::Object(object) => {
            let mut own = Vec::new();
            parts(schema, name, value, &mut own);
            let extra = own.iter().find_map(|(part, part_name)| {
                part.get("additionalProperties")
                    .filter(|extra| extra.is_object())
                    .map(|extra| (extra, *part_name))
            });
            for (key, item) in object {
                let declared = own.iter().find_map(|(part, part_name)| {
                    part["properties"].get(key).map(|p| (p, *part_name))
                });
                path.push(Step::Key(key));
                // A map's values (`additionalProperties`) are no properties:
                // only a declared one, or one the schema does not know, is.
                if item.is_null()
                    && (declared.is_some() || extra.is_none())
                    && !own.iter().any(|(part, _)| required_in(part, key))
                {
                    let holder = declared.map_or(name, |(_, holder)| holder);
                    found.push(format!(
                        "{} is sent as null, but {holder} does not list `{key}` as required",
                        pointer(path)
                    ));
                }
                if let Some((property, holder)) = declared.or(extra)
                    && holds_null(item)
                {
                    walk(property, holder, item, path, found);
                }
                path.pop();
            }
        }
        Value::Array(items) => {
            if let Some((chosen, chosen_name)) = alternative(schema, name, value) {
                walk(chosen, chosen_name, value, path, found);
                return;
            }
            let prefix = schema.get("prefixItems").and_then(Value::as_array);
            let rest = schema.get("items").filter(|items| items.is_object());
            for (index, item) in items.iter().enumerate() {
                let item_schema = prefix.and_then(|prefix| prefix.get(index)).or(rest);
                if let Some(item_schema) = item_schema
                    && holds_null(item)
                {
                    path.push(Step::Index(index));
                    walk(item_schema, name, item, path, found);
                    path.pop();
                }
            }
        }
        _ => {}
    }
}

/// Every property of `value` sent as `null` that its schema does not
/// require, with its JSON path and the schema's name. A client generated
/// from the spec reads a property that is not required as one that may be
/// left out, and tells that apart from `null`: the spec may let a property
/// be `null` only where it also lists it as `required`.
pub fn nulls_not_required(schema: &Value, value: &Value) -> Vec<String> {
    let mut found = Vec::new();
    if holds_null(value) {
        walk(schema, "the answer", value, &mut Vec::new(), &mut found);
    }
    found
}

#[test]
#[should_panic(expected = "which the spec does not admit")]
fn an_accepted_request_the_spec_does_not_admit_fails_the_suite() {
    let body = serde_json::json!({ "username": 5, "password": "a long enough password" });
    check_request(
        &Method::POST,
        "/v1/auth/register",
        &body,
        StatusCode::CREATED,
    );
}

#[test]
fn a_refused_request_need_not_be_one_the_spec_admits() {
    let body = serde_json::json!({ "username": 5 });
    check_request(
        &Method::POST,
        "/v1/auth/register",
        &body,
        StatusCode::BAD_REQUEST,
    );
}

/// A page of the log as the server would send it, with one `player_joined`
/// whose `computer` is `extra`: the walk goes through the page's `ruleset`
/// discriminator, the body's `origin` and the event's `type`.
fn page_with_a_player_joined(computer: Option<Value>) -> Value {
    let mut joined = serde_json::json!({
        "type": "player_joined",
        "seat": 1,
        "user_id": "6f1c3b6e-3c1a-4f5e-9a57-3f1d2a9b7c10",
        "username": "morgana",
    });
    if let Some(computer) = computer {
        joined["computer"] = computer;
    }
    serde_json::json!({
        "ruleset": "firewall-duel",
        "events": [{
            "seq": 2,
            "recorded_at": "2026-11-28T10:00:00Z",
            "hash": "00",
            "text": "Morgana joins.",
            "body": { "origin": "platform", "event": joined },
        }],
        "next_after": 2,
        "has_more": false,
        "version": 2,
    })
}

fn json_headers() -> reqwest::header::HeaderMap {
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert(
        "content-type",
        reqwest::header::HeaderValue::from_static("application/json"),
    );
    headers
}

#[test]
fn a_null_sent_for_a_property_the_spec_does_not_require_is_reported_with_its_path_and_schema() {
    let schema = &SPEC["paths"]["/v1/games/{id}/events"]["get"]["responses"]["200"]["content"]["application/json"]
        ["schema"];
    let answer = page_with_a_player_joined(Some(Value::Null));
    assert_eq!(
        nulls_not_required(schema, &answer),
        ["/events/0/body/event/computer is sent as null, but \
          FirewallPlatformEventPlayerJoined does not list `computer` as required"]
    );
    // Left out, as its description says, it is fine; so is a value.
    for computer in [None, Some(serde_json::json!("random"))] {
        let answer = page_with_a_player_joined(computer);
        assert!(nulls_not_required(schema, &answer).is_empty(), "{answer}");
    }
}

#[test]
#[should_panic(
    expected = "get /v1/games/{id}/events 200 OK application/json: the answer sends null \
                           where the spec does not require the property:\n\
                           /events/0/body/event/computer is sent as null"
)]
fn an_answer_with_such_a_null_fails_the_suite() {
    let answer = page_with_a_player_joined(Some(Value::Null));
    check(
        &Method::GET,
        "/v1/games/{id}/events",
        StatusCode::OK,
        &json_headers(),
        answer.to_string().as_bytes(),
    );
}

#[test]
fn a_null_the_spec_requires_passes_in_either_alternative_of_a_union_told_apart_by_tags() {
    // `GamePage` is a `oneOf` without a discriminator: its alternatives are
    // `allOf`s told apart by the `status` each fixes.
    let open = serde_json::json!({
        "status": "open",
        "games": [{
            "id": "6f1c3b6e-3c1a-4f5e-9a57-3f1d2a9b7c10",
            "ruleset": "wizwar",
            "seats": 2,
            "free_seats": 1,
            "created_by": "merlin",
            "created_by_rating": null,
            "created_at": "2026-11-28T10:00:00Z",
            "substitute_for": null,
        }],
        "next_offset": null,
    });
    let finished = serde_json::json!({ "status": "finished", "games": [], "next_cursor": null });
    for answer in [open, finished] {
        check(
            &Method::GET,
            "/v1/games",
            StatusCode::OK,
            &json_headers(),
            answer.to_string().as_bytes(),
        );
    }
}
