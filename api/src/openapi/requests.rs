//! Request schemas apart from response schemas where defaults differ.
//!
//! A property with a `default` may be left out of a request, but the server
//! always sends it back: the same schema cannot say both, and generators read
//! a default as "always present" (openapi-typescript makes such a property
//! required, in a create request too). So every schema a request reaches that
//! has defaulted properties gets a `…Request` copy without the `default`
//! keyword (the default moves into the description), and the response schema
//! lists those properties as required. Schemas only requests use are changed
//! in place. Generic: options a new ruleset adds need nothing here; an option
//! added to a ruleset that already has games is marked `x-added-later`
//! (`schema(extensions(("x-added-later" = json!(true))))`) and stays optional
//! in responses, since those games' options were stored without it.

use std::collections::{BTreeMap, BTreeSet};

use serde_json::Value;

const SCHEMA_PREFIX: &str = "#/components/schemas/";
const REQUEST_SUFFIX: &str = "Request";
/// The extension that keeps a defaulted property out of a response's
/// `required` list (see [`require_defaulted`]).
const ADDED_LATER: &str = "x-added-later";

pub fn separate(document: &mut Value) {
    let mut request_roots = BTreeSet::new();
    let mut response_roots = BTreeSet::new();
    for section in ["paths", "webhooks"] {
        let Some(items) = document[section].as_object() else {
            continue;
        };
        for operation in items
            .values()
            .filter_map(Value::as_object)
            .flat_map(|item| item.values())
        {
            // A webhook's body is what the server sends: a response, for a client.
            let (sent, received) = if section == "webhooks" {
                (&Value::Null, &operation["requestBody"])
            } else {
                (&operation["requestBody"], &operation["responses"])
            };
            collect_refs(sent, &mut request_roots);
            collect_refs(received, &mut response_roots);
            collect_refs(&operation["parameters"], &mut request_roots);
        }
    }
    let schemas = match document["components"]["schemas"].as_object_mut() {
        Some(schemas) => schemas,
        None => return,
    };
    let in_requests = reachable(schemas, request_roots);
    let in_responses = reachable(schemas, response_roots);

    // Which request schemas must change: those with defaults, and those that
    // reach one (until nothing more is added).
    let mut changed: BTreeSet<String> = in_requests
        .iter()
        .filter(|name| !defaulted(&schemas[name.as_str()]).is_empty())
        .cloned()
        .collect();
    loop {
        let more: Vec<String> = in_requests
            .iter()
            .filter(|name| !changed.contains(*name))
            .filter(|name| {
                let mut refs = BTreeSet::new();
                collect_refs(&schemas[name.as_str()], &mut refs);
                refs.iter().any(|r| changed.contains(r))
            })
            .cloned()
            .collect();
        if more.is_empty() {
            break;
        }
        changed.extend(more);
    }
    let request_name: BTreeMap<String, String> = changed
        .iter()
        .map(|name| {
            let renamed = if in_responses.contains(name) {
                format!("{name}{REQUEST_SUFFIX}")
            } else {
                name.clone()
            };
            (name.clone(), renamed)
        })
        .collect();

    for (name, renamed) in &request_name {
        let mut request = schemas[name.as_str()].clone();
        move_defaults_into_descriptions(&mut request);
        rename_refs(&mut request, &request_name);
        if renamed != name {
            require_defaulted(&mut schemas[name.as_str()]);
        }
        schemas.insert(renamed.clone(), request);
    }
    if let Some(paths) = document["paths"].as_object_mut() {
        for operation in paths
            .values_mut()
            .filter_map(Value::as_object_mut)
            .flat_map(|item| item.values_mut())
        {
            if let Some(body) = operation.get_mut("requestBody") {
                rename_refs(body, &request_name);
            }
        }
    }
}

fn collect_refs(value: &Value, out: &mut BTreeSet<String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map {
                match (key.as_str(), item.as_str()) {
                    ("$ref", Some(target)) => {
                        if let Some(name) = target.strip_prefix(SCHEMA_PREFIX) {
                            out.insert(name.to_owned());
                        }
                    }
                    _ => collect_refs(item, out),
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|item| collect_refs(item, out)),
        _ => {}
    }
}

fn reachable(
    schemas: &serde_json::Map<String, Value>,
    roots: BTreeSet<String>,
) -> BTreeSet<String> {
    let mut seen = BTreeSet::new();
    let mut todo: Vec<String> = roots.into_iter().collect();
    while let Some(name) = todo.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        if let Some(schema) = schemas.get(&name) {
            let mut refs = BTreeSet::new();
            collect_refs(schema, &mut refs);
            todo.extend(refs);
        }
    }
    seen
}

/// The names of the properties of `schema` that carry a default.
fn defaulted(schema: &Value) -> Vec<String> {
    schema["properties"]
        .as_object()
        .map(|properties| {
            properties
                .iter()
                .filter(|(_, property)| property.get("default").is_some())
                .map(|(name, _)| name.clone())
                .collect()
        })
        .unwrap_or_default()
}

fn move_defaults_into_descriptions(schema: &mut Value) {
    // `get_mut`, not indexing: indexing a missing key would insert a null.
    let Some(properties) = schema.get_mut("properties").and_then(Value::as_object_mut) else {
        return;
    };
    for property in properties.values_mut().filter_map(Value::as_object_mut) {
        let Some(default) = property.remove("default") else {
            continue;
        };
        let said = format!("Left out, it is `{default}`.");
        let description = match property.get("description").and_then(Value::as_str) {
            Some(text) => format!("{text}\n\n{said}"),
            None => said,
        };
        property.insert("description".to_owned(), Value::String(description));
    }
}

/// The server sends every defaulted property: in a response it is required.
/// Save one marked `x-added-later` (an option a ruleset gained after games
/// were created without it: their options are sent as they were created).
fn require_defaulted(schema: &mut Value) {
    let names: Vec<String> = defaulted(schema)
        .into_iter()
        .filter(|name| schema["properties"][name.as_str()][ADDED_LATER] != Value::Bool(true))
        .collect();
    let Some(object) = schema.as_object_mut() else {
        return;
    };
    let required = object
        .entry("required")
        .or_insert_with(|| Value::Array(Vec::new()));
    if let Some(list) = required.as_array_mut() {
        for name in names {
            if !list.iter().any(|item| item == &Value::String(name.clone())) {
                list.push(Value::String(name));
            }
        }
        list.sort_by(|a, b| a.as_str().cmp(&b.as_str()));
    }
}

fn rename_refs(value: &mut Value, names: &BTreeMap<String, String>) {
    match value {
        Value::Object(map) => {
            for (key, item) in map.iter_mut() {
                if key == "$ref" {
                    let renamed = item
                        .as_str()
                        .and_then(|target| target.strip_prefix(SCHEMA_PREFIX))
                        .and_then(|name| names.get(name));
                    if let Some(renamed) = renamed {
                        *item = Value::String(format!("{SCHEMA_PREFIX}{renamed}"));
                    }
                } else {
                    rename_refs(item, names);
                }
            }
        }
        Value::Array(items) => items.iter_mut().for_each(|item| rename_refs(item, names)),
        _ => {}
    }
}
