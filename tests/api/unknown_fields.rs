//! Nothing is stored that was not understood: a command holding a field its
//! type does not know, at any depth, is refused with `malformed_command`, in
//! every ruleset; the log keeps each command as the rules understood it.
//!
//! The commands are made from the spec itself: every variant of every
//! ruleset's command schema, and every alternative of every union nested in
//! one, so a command type added later is walked without touching this test.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem};

const UNKNOWN: &str = "zzz_not_a_field";

fn spec() -> Value {
    serde_json::from_str(&owlpost_api::openapi::spec_json()).expect("the spec is JSON")
}

fn resolve<'a>(spec: &'a Value, schema: &'a Value) -> &'a Value {
    match schema["$ref"].as_str() {
        Some(name) => {
            let name = name.trim_start_matches("#/components/schemas/");
            resolve(spec, &spec["components"]["schemas"][name])
        }
        None => schema,
    }
}

/// Instances of `schema` that parse (every optional field filled, so nested
/// types are reached), one for each alternative of every union it holds.
/// `depth` stops recursive types.
fn instances(spec: &Value, schema: &Value, depth: usize) -> Vec<Value> {
    let schema = resolve(spec, schema);
    if depth > 8 {
        return vec![];
    }
    if let Some(alternatives) = schema["oneOf"].as_array().or(schema["anyOf"].as_array()) {
        return alternatives
            .iter()
            .filter(|a| a["type"] != "null")
            .flat_map(|a| instances(spec, a, depth + 1))
            .collect();
    }
    if let Some(values) = schema["enum"].as_array() {
        return values.iter().take(1).cloned().collect();
    }
    let types: Vec<&str> = match &schema["type"] {
        Value::String(t) => vec![t.as_str()],
        Value::Array(ts) => ts.iter().filter_map(Value::as_str).collect(),
        _ => vec![],
    };
    let first = types.into_iter().find(|t| *t != "null").unwrap_or("object");
    match first {
        "integer" | "number" => vec![schema["minimum"].as_u64().map_or(json!(0), |m| json!(m))],
        "boolean" => vec![json!(false)],
        "string" => vec![json!("a")],
        "array" => {
            let length = schema["minItems"].as_u64().unwrap_or(1).max(1) as usize;
            instances(spec, &schema["items"], depth + 1)
                .into_iter()
                .map(|item| Value::Array(vec![item; length]))
                .collect()
        }
        _ => {
            let Some(properties) = schema["properties"].as_object() else {
                return vec![json!({})];
            };
            // One instance with each property's first value, then one more
            // for each further value of each property.
            let values: Vec<(&String, Vec<Value>)> = properties
                .iter()
                .map(|(name, property)| (name, instances(spec, property, depth + 1)))
                .collect();
            let base: serde_json::Map<String, Value> = values
                .iter()
                .filter_map(|(name, v)| v.first().map(|v| ((*name).clone(), v.clone())))
                .collect();
            let mut all = vec![Value::Object(base.clone())];
            for (name, v) in &values {
                for other in v.iter().skip(1) {
                    let mut varied = base.clone();
                    varied.insert((*name).clone(), other.clone());
                    all.push(Value::Object(varied));
                }
            }
            all
        }
    }
}

/// `command` with the unknown field added to each of its objects in turn.
fn with_unknown_field(command: &Value) -> Vec<Value> {
    fn paths(value: &Value, at: &mut Vec<String>, found: &mut Vec<Vec<String>>) {
        match value {
            Value::Object(map) => {
                found.push(at.clone());
                for (name, inner) in map {
                    at.push(name.clone());
                    paths(inner, at, found);
                    at.pop();
                }
            }
            Value::Array(items) => {
                for (i, inner) in items.iter().enumerate() {
                    at.push(i.to_string());
                    paths(inner, at, found);
                    at.pop();
                }
            }
            _ => {}
        }
    }
    let mut found = vec![];
    paths(command, &mut vec![], &mut found);
    found
        .into_iter()
        .map(|path| {
            let mut changed = command.clone();
            let mut node = &mut changed;
            for step in &path {
                node = match node {
                    Value::Array(items) => &mut items[step.parse::<usize>().unwrap()],
                    other => &mut other[step.as_str()],
                };
            }
            node[UNKNOWN] = json!("a".repeat(1000));
            changed
        })
        .collect()
}

async fn stored_command_bodies(app: &TestApp, game: Uuid) -> Vec<String> {
    let (client, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls)
        .await
        .expect("the test database answers");
    tokio::spawn(connection);
    client
        .query(
            "SELECT body::text FROM commands WHERE game_id = $1::text::uuid",
            &[&game.to_string()],
        )
        .await
        .expect("reads the command log")
        .iter()
        .map(|row| row.get(0))
        .collect()
}

/// Sends every command of `schema` with an unknown field at each depth and
/// checks each is refused and nothing is stored; the command itself must
/// parse (it is refused, if at all, by the rules).
async fn refuses_unknown_fields(app: &TestApp, game: Uuid, player: &Player, schema: &str) {
    let parsed = refuses_unknown_fields_of(app, game, player, schema).await;
    assert!(
        parsed.iter().all(|p| *p),
        "every command of {schema} parses"
    );
}

/// [`refuses_unknown_fields`], telling for each command whether it parsed
/// (a game of an older revision knows fewer commands than today's spec).
async fn refuses_unknown_fields_of(
    app: &TestApp,
    game: Uuid,
    player: &Player,
    schema: &str,
) -> Vec<bool> {
    let spec = spec();
    let commands = instances(
        &spec,
        &json!({ "$ref": format!("#/components/schemas/{schema}") }),
        0,
    );
    assert!(commands.len() > 3, "{schema} has commands: {commands:?}");
    let mut refused = 0;
    let mut parsed = Vec::new();
    for command in &commands {
        for unknown in with_unknown_field(command) {
            let events = app.event_count(game).await;
            let answer = app.act(game, player, json!({ "command": unknown })).await;
            assert_problem(answer, StatusCode::BAD_REQUEST, "malformed_command").await;
            assert_eq!(
                app.event_count(game).await,
                events,
                "{unknown} changed the game"
            );
            refused += 1;
        }
        let answer = app.act(game, player, json!({ "command": command })).await;
        let malformed = answer.status() == StatusCode::BAD_REQUEST && {
            let problem: Value = answer.json().await.unwrap();
            problem["code"] == "malformed_command"
        };
        parsed.push(!malformed);
    }
    assert!(refused >= commands.len(), "{schema}: {refused} refusals");
    for body in stored_command_bodies(app, game).await {
        assert!(!body.contains(UNKNOWN), "stored: {body}");
    }
    parsed
}

async fn game_of(ruleset: &str) -> (TestApp, Uuid, Player) {
    let app = TestApp::spawn().await;
    let first = app.register("merlin").await;
    let second = app.register("morgana").await;
    let game = app.started_game(ruleset, &first, &second, json!({})).await;
    (app, game, first)
}

#[tokio::test]
async fn a_fire_wall_command_with_an_unknown_field_is_refused_and_nothing_stored() {
    let (app, game, player) = game_of("firewall-duel").await;
    refuses_unknown_fields(&app, game, &player, "FirewallCommand").await;
}

#[tokio::test]
async fn a_wizwar_command_with_an_unknown_field_is_refused_and_nothing_stored() {
    let (app, game, player) = game_of("wizwar").await;
    refuses_unknown_fields(&app, game, &player, "WizwarCommand").await;
}

#[tokio::test]
async fn a_classic_command_with_an_unknown_field_is_refused_and_nothing_stored() {
    let (app, game, player) = game_of("wizwar-classic").await;
    refuses_unknown_fields(&app, game, &player, "WizwarClassicCommand").await;
}

#[tokio::test]
async fn a_wizards_of_war_command_with_an_unknown_field_is_refused_and_nothing_stored() {
    let (app, game, player) = game_of("wizards-of-war").await;
    refuses_unknown_fields(&app, game, &player, "WizardsOfWarCommand").await;
}

#[tokio::test]
async fn the_log_keeps_a_command_as_understood_not_as_sent() {
    let (app, game, player) = game_of("firewall-duel").await;
    // `clone: null` says nothing the command does not; the log keeps it without.
    let answer = app
        .act(
            game,
            &player,
            json!({ "command": {"type": "submit_move", "bet": 1, "clone": null} }),
        )
        .await;
    assert_eq!(answer.status(), StatusCode::OK);
    let bodies = stored_command_bodies(&app, game).await;
    let stored: Value = serde_json::from_str(&bodies[0]).unwrap();
    assert_eq!(
        stored,
        json!({ "commands": [{"type": "submit_move", "bet": 1, "cards": []}] })
    );
}

/// A Wiz-War game of revision 1 is decided by the frozen copy of its rules,
/// which reads its commands with its own types: those refuse unknown fields
/// too, and nothing reaches the log.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_command_with_an_unknown_field_to_a_game_of_revision_1_is_refused_and_nothing_stored() {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records/in-progress");
    let description: Value = serde_json::from_str(
        &std::fs::read_to_string(corpus.join("de3d825-wizwar-punch-ready.json")).unwrap(),
    )
    .unwrap();
    let app = TestApp::spawn_on_dump(&corpus.join(description["dump"].as_str().unwrap())).await;
    let described = &description["games"][0];
    let seated = described["players"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| p["seat"].is_u64())
        .unwrap();
    let player = app
        .log_in(
            seated["username"].as_str().unwrap(),
            seated["password"].as_str().unwrap(),
        )
        .await;
    let game: Uuid = described["game_id"].as_str().unwrap().parse().unwrap();
    assert_eq!(app.game(game, &player).await["rules_revision"]["number"], 1);
    let parsed = refuses_unknown_fields_of(&app, game, &player, "WizwarCommand").await;
    assert!(
        parsed.iter().filter(|p| **p).count() > parsed.len() / 2,
        "most of today's commands are revision 1's too: {parsed:?}"
    );
}
