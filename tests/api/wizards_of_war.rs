//! Wizards of War over HTTP: a whole war played by the listed commands to
//! its end, with every spell hidden from the opponent until it is cast,
//! response windows answered by the other player, and the catalogue that
//! marks every designed value.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp};

/// Orthogonal distance between two `{col, row}` squares.
fn distance(a: &Value, b: &Value) -> i64 {
    let d = |k: &str| (a[k].as_i64().unwrap() - b[k].as_i64().unwrap()).abs();
    d("col") + d("row")
}

/// The square of the enemy's wizard in `game` (the viewer's own view).
fn enemy_wizard(game: &Value) -> Value {
    let me = &game["your_seat"];
    game["view"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["kind"] == "evil_wizard" && &u["owner"] != me)
        .map(|u| u["square"].clone())
        .unwrap_or(Value::Null)
}

fn unit_square(game: &Value, id: &Value) -> Value {
    game["view"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| &u["id"] == id)
        .map(|u| u["square"].clone())
        .unwrap()
}

/// A greedy player's pick among the listed commands: counter a cast,
/// strike the enemy wizard, strike anything, summon, close in, else end.
fn greedy(game: &Value) -> Value {
    let legal = game["legal_commands"].as_array().unwrap();
    let enemy = enemy_wizard(game);
    let of_type = |t: &str| legal.iter().find(|c| c["type"] == t).cloned();
    let counter = legal
        .iter()
        .find(|c| c["type"] == "counterspell" && c["against"]["kind"] == "cast")
        .cloned();
    let at_wizard = legal
        .iter()
        .find(|c| {
            (c["type"] == "attack" && c["target"] == enemy)
                || (c["type"] == "cast" && c["target"]["square"] == enemy)
        })
        .cloned();
    let closer = legal
        .iter()
        .filter(|c| c["type"] == "move")
        .map(|c| {
            let from = unit_square(game, &c["unit"]);
            (distance(&from, &enemy) - distance(&c["to"], &enemy), c)
        })
        .filter(|(gain, _)| *gain > 0)
        .max_by_key(|(gain, _)| *gain)
        .map(|(_, c)| c.clone());
    let place = legal
        .iter()
        .filter(|c| c["type"] == "place_monster")
        .min_by_key(|c| distance(&c["square"], &enemy))
        .cloned();
    counter
        .or(at_wizard)
        .or_else(|| of_type("attack"))
        .or_else(|| of_type("summon_instead"))
        .or(closer)
        .or(place)
        .or_else(|| of_type("end_turn"))
        .or_else(|| of_type("pass"))
        .unwrap_or_else(|| legal[0].clone())
}

async fn started_war(app: &TestApp, ann: &Player, bob: &Player, options: Value) -> Uuid {
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizards-of-war", "seats": 2, "options": options }),
        )
        .await;
    app.start_created(created, ann, bob).await
}

/// The awaited player and his game.
async fn awaited<'a>(app: &TestApp, id: Uuid, players: [&'a Player; 2]) -> (&'a Player, Value) {
    for player in players {
        let game = app.game(id, player).await;
        if game["awaiting_you"] == true {
            return (player, game);
        }
    }
    panic!("a running war always awaits someone");
}

/// Which spells `game`'s viewer holds (his own view shows them).
fn hand(game: &Value, seat: usize) -> Vec<Value> {
    game["view"]["players"][seat]["hand"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

#[tokio::test]
async fn two_players_play_a_whole_war_to_its_end_with_spells_hidden_until_cast() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = started_war(&app, &ann, &bob, json!({ "yield_policy": "always" })).await;
    let players = [&ann, &bob];
    let mut windows = 0;
    let mut hidden_checked = false;
    for _ in 0..1500 {
        let probe = app.game(id, &ann).await;
        if probe["status"] == "finished" {
            break;
        }
        let (player, game) = awaited(&app, id, players).await;
        let seat = game["your_seat"].as_u64().unwrap() as usize;
        let other = players[1 - seat];
        if game["awaiting"][0]["reason"] == "response" {
            windows += 1;
            let caster = app.game(id, other).await;
            assert!(caster["legal_commands"].as_array().unwrap().is_empty());
            assert!(
                game["legal_commands"]
                    .as_array()
                    .unwrap()
                    .contains(&json!({ "type": "pass" }))
            );
        }
        // A hand is its owner's alone.
        let own = hand(&game, seat);
        if !own.is_empty() && !hidden_checked {
            hidden_checked = true;
            let theirs = app.game(id, other).await;
            assert!(
                theirs["view"]["players"][seat]["hand"].is_null(),
                "{theirs}"
            );
            assert_eq!(
                theirs["view"]["players"][seat]["hand_count"],
                own.len() as u64
            );
            for name in own.iter().map(|c| c["spell"].as_str().unwrap()) {
                assert!(
                    !theirs["view"]["players"][seat].to_string().contains(name),
                    "the opponent's view names {name}"
                );
            }
            let feed = app.feed(id, other).await;
            let draws: Vec<&Value> = feed
                .iter()
                .filter(|e| {
                    e["body"]["event"]["type"] == "spell_drawn"
                        && e["body"]["event"]["seat"] == seat
                })
                .collect();
            assert!(!draws.is_empty());
            for draw in draws {
                assert!(draw["body"]["event"]["card"].is_null(), "{draw}");
                assert!(
                    draw["text"].as_str().unwrap().ends_with("draws a spell."),
                    "{draw}"
                );
            }
            let feed = app.feed(id, player).await;
            assert!(
                feed.iter()
                    .any(|e| e["body"]["event"]["type"] == "spell_drawn"
                        && e["body"]["event"]["card"]["id"] == own[0]["id"])
            );
        }
        let command = greedy(&game);
        let response = app.act(id, player, json!({ "command": command })).await;
        assert_eq!(response.status(), StatusCode::OK, "{command}");
    }

    let game = app.game(id, &bob).await;
    assert_eq!(game["status"], "finished", "the war ends: {}", game["view"]);
    assert_eq!(game["view"]["over"], true);
    assert!(game["awaiting"].as_array().unwrap().is_empty());
    assert!(!game["outcome"]["summary"].as_str().unwrap().is_empty());
    assert!(windows > 0, "spells were cast and answered");

    // Once cast, a spell is shown to everyone; the game record now shows all.
    let feed = app.feed(id, &bob).await;
    let casts: Vec<&Value> = feed
        .iter()
        .filter(|e| e["body"]["event"]["type"] == "spell_cast")
        .collect();
    assert!(!casts.is_empty());
    assert!(
        casts
            .iter()
            .all(|e| e["body"]["event"]["card"]["spell"].is_string())
    );
    assert!(
        feed.iter()
            .any(|e| e["body"]["event"]["type"] == "wizard_killed")
    );

    // The board picture shows both armies.
    let response = app
        .get(&format!("/v1/games/{id}/board.svg"), Some(&ann.token))
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let svg = response.text().await.unwrap();
    assert!(svg.contains(r#"data-ruleset="wizards-of-war""#));
    assert!(svg.contains(r#"class="square river""#));
    assert!(svg.contains(r#"class="unit""#));
}

#[tokio::test]
async fn a_spell_waits_for_the_opponents_answer_and_a_refused_command_changes_nothing() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = started_war(&app, &ann, &bob, json!({ "yield_policy": "always" })).await;
    for _ in 0..1500 {
        let (player, game) = awaited(&app, id, [&ann, &bob]).await;
        if game["awaiting"][0]["reason"] == "response" {
            let cast = &game["view"]["casting"];
            assert!(
                cast["card"]["spell"].is_string(),
                "the cast card is face up: {cast}"
            );
            let caster = if player.name == "ann" { &bob } else { &ann };
            let before = app.event_count(id).await;
            let refused = app
                .act(id, caster, json!({ "command": { "type": "end_turn" } }))
                .await;
            crate::helpers::assert_problem(
                refused,
                StatusCode::UNPROCESSABLE_ENTITY,
                "response_window_open",
            )
            .await;
            assert_eq!(app.event_count(id).await, before);
            let answered = app
                .act(id, player, json!({ "command": { "type": "pass" } }))
                .await;
            assert_eq!(answered.status(), StatusCode::OK);
            let after = app.game(id, player).await;
            assert!(after["view"]["casting"].is_null());
            return;
        }
        let legal = game["legal_commands"].as_array().unwrap();
        let command = legal
            .iter()
            .find(|c| c["type"] == "cast")
            .cloned()
            .unwrap_or_else(|| greedy(&game));
        let response = app.act(id, player, json!({ "command": command })).await;
        assert_eq!(response.status(), StatusCode::OK, "{command}");
        if app.game(id, &ann).await["status"] == "finished" {
            break;
        }
    }
    panic!("no spell was cast");
}

#[tokio::test]
async fn the_catalogue_marks_every_designed_value_with_its_reasoning() {
    let app = TestApp::spawn().await;
    let info: Value = app
        .get("/v1/rulesets/wizards-of-war", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        (info["min_seats"].as_u64(), info["max_seats"].as_u64()),
        (Some(2), Some(2))
    );
    let reference = &info["reference"];
    let spells = reference["spells"].as_array().unwrap();
    let copies: u64 = spells.iter().map(|s| s["copies"].as_u64().unwrap()).sum();
    assert_eq!(copies, 30);
    for list in ["spells", "units", "tiles", "turn_die", "combat_die"] {
        for entry in reference[list].as_array().unwrap() {
            assert_eq!(entry["designed"], true, "{entry}");
            assert!(entry["reasoning"].is_string(), "{entry}");
        }
    }
    assert_eq!(reference["tiles"].as_array().unwrap().len(), 7);
    assert_eq!(reference["board"]["width"], 11);
    assert_eq!(reference["board"]["height"], 20);
    assert_eq!(reference["board"]["terrain"]["designed"], true);
}
