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
/// strike the enemy wizard, cast, strike anything, summon, close in, else
/// end.
pub(crate) fn greedy(game: &Value) -> Value {
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
        .or_else(|| of_type("cast"))
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

/// Which spells `game`'s viewer holds (his own view shows them).
fn hand(game: &Value, seat: usize) -> Vec<Value> {
    game["view"]["players"][seat]["hand"]
        .as_array()
        .cloned()
        .unwrap_or_default()
}

/// What one war played to its end showed.
pub struct War {
    pub id: Uuid,
    /// Response windows answered (every cast opens one under `always`).
    windows: usize,
    /// Whether a spell was seen hidden from the opponent, then shown once cast.
    cast_checked: bool,
}

/// Plays a war by the greedy player's picks to its end, checking on the
/// way that hands are their owners' alone and that the first spell cast
/// was hidden from the opponent until then.
pub async fn play_war(app: &TestApp, ann: &Player, bob: &Player) -> War {
    let id = started_war(app, ann, bob, json!({ "yield_policy": "always" })).await;
    let players = [ann, bob];
    let (mut windows, mut cast_checked) = (0, false);
    for _ in 0..1500 {
        if app.game(id, ann).await["status"] == "finished" {
            return War {
                id,
                windows,
                cast_checked,
            };
        }
        let (player, game) = app.awaited(id, players).await;
        let seat = game["your_seat"].as_u64().unwrap() as usize;
        let other = players[1 - seat];
        if game["awaiting"][0]["reason"] == "response" {
            // A cast's window; the others are moments to counterspell a
            // lasting spell (revision 2), which `always` stops at too.
            if !game["view"]["casting"].is_null() {
                windows += 1;
            }
            let caster = app.game(id, other).await;
            assert!(caster["legal_commands"].as_array().unwrap().is_empty());
            assert!(
                game["legal_commands"]
                    .as_array()
                    .unwrap()
                    .contains(&json!({ "type": "pass" }))
            );
        }
        let command = greedy(&game);
        let casting = command["type"] == "cast" && !cast_checked;
        if casting {
            // Before the cast: the opponent sees neither the hand nor the draws.
            let own = hand(&game, seat);
            let card = own
                .iter()
                .find(|c| c["id"] == command["card"])
                .unwrap()
                .clone();
            let theirs = app.game(id, other).await;
            let seen = &theirs["view"]["players"][seat];
            assert!(seen["hand"].is_null(), "{seen}");
            assert_eq!(seen["hand_count"], own.len() as u64);
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
            assert!(
                !theirs.to_string().contains(&card.to_string()),
                "the opponent's game shows {card}"
            );
            // His own feed names it.
            let feed = app.feed(id, player).await;
            assert!(
                feed.iter()
                    .any(|e| e["body"]["event"]["type"] == "spell_drawn"
                        && e["body"]["event"]["card"] == card)
            );
        }
        let response = app.act(id, player, json!({ "command": command })).await;
        assert_eq!(response.status(), StatusCode::OK, "{command}");
        if casting {
            // Once cast, it is face up for the opponent.
            let feed = app.feed(id, other).await;
            assert!(
                feed.iter()
                    .any(|e| e["body"]["event"]["type"] == "spell_cast"
                        && e["body"]["event"]["card"]["id"] == command["card"]
                        && e["body"]["event"]["card"]["spell"].is_string()),
                "the cast is shown to the opponent"
            );
            cast_checked = true;
        }
    }
    panic!("the war did not end in 1500 commands");
}

#[tokio::test]
async fn two_players_play_a_whole_war_to_its_end_with_spells_hidden_until_cast() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    // The dice are the server's: a war without a single cast is possible,
    // so wars are played until one has shown a spell cast.
    let mut war = play_war(&app, &ann, &bob).await;
    for _ in 0..4 {
        if war.cast_checked {
            break;
        }
        war = play_war(&app, &ann, &bob).await;
    }
    assert!(war.cast_checked, "no spell was cast in five wars");
    let id = war.id;

    let game = app.game(id, &bob).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["view"]["over"], true);
    assert!(game["awaiting"].as_array().unwrap().is_empty());
    assert!(!game["outcome"]["summary"].as_str().unwrap().is_empty());
    let feed = app.feed(id, &bob).await;
    let casts = feed
        .iter()
        .filter(|e| e["body"]["event"]["type"] == "spell_cast")
        .count();
    assert_eq!(war.windows, casts, "every cast was answered in a window");
    assert!(
        feed.iter()
            .any(|e| e["body"]["event"]["type"] == "wizard_killed")
    );

    // The exported record re-runs: every roll of the turn die, the combat
    // dice and the counterspells comes again from the revealed seed.
    let exported = app.export(id, &ann).await;
    assert_eq!(exported.status(), StatusCode::OK);
    let record: owlpost_api::record::GameRecord = exported.json().await.unwrap();
    let report = owlpost_api::record::verify(&record).expect("the record verifies");
    assert_eq!(report.events, record.events.len());
    assert_eq!(
        serde_json::to_value(&report.outcome.winners).unwrap(),
        game["outcome"]["winners"]
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

/// Plays wars created with `body` by `ann` (casting whenever one may, else
/// greedily) until a spell waits for its answer. The dice are the server's:
/// a war may end before anyone casts, so up to five wars are started.
/// Returns the war, the player asked to answer and his game.
async fn until_a_spell_waits<'a>(
    app: &TestApp,
    ann: &'a Player,
    bob: &'a Player,
    body: Value,
) -> (Uuid, &'a Player, Value) {
    for _ in 0..5 {
        let created = app.post("/v1/games", Some(&ann.token), &body).await;
        let id = app.start_created(created, ann, bob).await;
        for _ in 0..1500 {
            if app.game(id, ann).await["status"] == "finished" {
                break;
            }
            let (player, game) = app.awaited(id, [ann, bob]).await;
            if game["awaiting"][0]["reason"] == "response" {
                return (id, player, game);
            }
            let legal = game["legal_commands"].as_array().unwrap();
            let command = legal
                .iter()
                .find(|c| c["type"] == "cast")
                .cloned()
                .unwrap_or_else(|| greedy(&game));
            let response = app.act(id, player, json!({ "command": command })).await;
            assert_eq!(response.status(), StatusCode::OK, "{command}");
        }
    }
    panic!("no spell was cast in five wars");
}

#[tokio::test]
async fn a_spell_waits_for_the_opponents_answer_and_a_refused_command_changes_nothing() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let body =
        json!({ "ruleset": "wizards-of-war", "seats": 2, "options": { "yield_policy": "always" } });
    let (id, player, game) = until_a_spell_waits(&app, &ann, &bob, body).await;
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
}

#[tokio::test]
async fn an_unanswered_spell_is_let_be_by_the_server_once_its_deadline_passes() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let body = json!({
        "ruleset": "wizards-of-war",
        "seats": 2,
        "options": { "yield_policy": "always" },
        "time_control": { "move_seconds": 3600 },
    });
    let (id, player, game) = until_a_spell_waits(&app, &ann, &bob, body).await;
    let deadline: chrono::DateTime<chrono::Utc> =
        game["deadline"].as_str().unwrap().parse().unwrap();
    let swept =
        owlpost_api::deadlines::sweep(&app.state.store, deadline + chrono::Duration::seconds(1))
            .await
            .unwrap();
    assert_eq!(swept, 1);
    let feed = app.feed(id, player).await;
    let types: Vec<&Value> = feed.iter().map(|e| &e["body"]["event"]["type"]).collect();
    let passed = types
        .iter()
        .rposition(|t| *t == "response_passed")
        .expect("the server passed for him");
    assert!(types[passed..].contains(&&json!("spell_resolved")));
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
    // The moments at which a counterspell may be cast by mail are designed.
    let moments = &reference["counterspell_moments"];
    assert_eq!(moments["designed"], true, "{moments}");
    assert!(
        moments["reasoning"]
            .as_str()
            .unwrap()
            .contains("any moment")
    );
}

#[tokio::test]
async fn preparations_deal_no_spell_and_the_second_player_spell_is_a_house_rule_off_by_default() {
    let app = TestApp::spawn().await;
    let info: Value = app
        .get("/v1/rulesets/wizards-of-war", None)
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(info["revision"], 2);
    let option = info["options"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["name"] == "second_player_spell")
        .expect("the house rule is a game option");
    assert_eq!(option["default"], false);
    assert!(
        option["description"]
            .as_str()
            .unwrap()
            .starts_with("House rule")
    );
    let catalogued = &info["reference"]["second_player_spell"];
    assert_eq!(catalogued["house_rule"], true);
    assert!(
        catalogued["reasoning"]
            .as_str()
            .unwrap()
            .contains("first player is favoured")
    );

    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let spells_of_the_second_player =
        |game: Value| game["view"]["players"][1]["hand_count"].clone();
    let rulebook = started_war(&app, &ann, &bob, json!({})).await;
    let game = app.game(rulebook, &bob).await;
    assert_eq!(game["rules_revision"]["number"], 2);
    assert_eq!(spells_of_the_second_player(game), 0);
    let house_rule = started_war(&app, &ann, &bob, json!({ "second_player_spell": true })).await;
    assert_eq!(
        spells_of_the_second_player(app.game(house_rule, &bob).await),
        1
    );
}
