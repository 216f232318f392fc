//! Every answer the test helper receives is checked against the spec: its
//! status must be one the operation declares, and a JSON body must match the
//! schema declared for that status. Every JSON request the server accepts
//! must match the request body the operation declares, so a strict client
//! never refuses to send what the server takes. So every end-to-end test
//! also proves the document a client generator reads tells the truth.

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
