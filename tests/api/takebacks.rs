//! Take-backs by agreement: a player takes back his last move when nothing
//! hidden was revealed and nobody acted since, once the others agree.

use std::num::NonZeroU32;
use std::process::Command;

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use owlpost_api::record::{GameRecord, verify};

use crate::helpers::{Player, TestApp, assert_problem, bet};

/// `player` asks to take back his last move in game `id`.
async fn ask(app: &TestApp, id: Uuid, player: &Player) -> reqwest::Response {
    app.post(
        &format!("/v1/games/{id}/takeback"),
        Some(&player.token),
        &json!({}),
    )
    .await
}

/// `player` agrees to the take-back asked in game `id`.
async fn agree(app: &TestApp, id: Uuid, player: &Player) -> reqwest::Response {
    app.post(
        &format!("/v1/games/{id}/takeback/agree"),
        Some(&player.token),
        &json!({}),
    )
    .await
}

/// What a player is shown of the game and asked for: everything a take-back
/// must restore (the version moves on).
fn position(game: &Value) -> Value {
    json!({
        "view": game["view"],
        "legal_commands": game["legal_commands"],
        "awaiting": game["awaiting"],
    })
}

#[tokio::test]
async fn an_agreed_take_back_of_a_sealed_move_restores_the_position_and_the_record_verifies() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let (ann_before, bob_before) = (app.game(id, &ann).await, app.game(id, &bob).await);

    let played = app.act(id, &ann, bet(1, &[])).await;
    assert_eq!(played.status(), StatusCode::OK);
    assert_ne!(position(&app.game(id, &ann).await), position(&ann_before));

    let asked = ask(&app, id, &ann).await;
    assert_eq!(asked.status(), StatusCode::CREATED);
    let asked: Value = asked.json().await.unwrap();
    assert_eq!(
        asked["events"][0]["body"]["event"]["type"], "takeback_asked",
        "{asked}"
    );
    let asking = app.game(id, &bob).await;
    assert_eq!(asking["takeback"], json!({ "asked_by": 0, "agreed": [] }));
    // Ann asked; Bob agrees, not she.
    let own = agree(&app, id, &ann).await;
    assert_problem(
        own,
        StatusCode::UNPROCESSABLE_ENTITY,
        "takeback_own_request",
    )
    .await;

    let agreed = agree(&app, id, &bob).await;
    assert_eq!(agreed.status(), StatusCode::CREATED);
    let agreed: Value = agreed.json().await.unwrap();
    let taken_back = &agreed["events"][1]["body"]["event"];
    assert_eq!(taken_back["type"], "taken_back", "{agreed}");
    assert_eq!(taken_back["seat"], 0);
    assert_eq!(
        taken_back["from_seq"], taken_back["to_seq"],
        "one sealed move"
    );

    let (ann_after, bob_after) = (app.game(id, &ann).await, app.game(id, &bob).await);
    assert_eq!(position(&ann_after), position(&ann_before));
    assert_eq!(position(&bob_after), position(&bob_before));
    assert!(ann_after["version"].as_i64() > ann_before["version"].as_i64());
    assert!(ann_after["takeback"].is_null(), "granted, no longer asked");
    // The game as it stood before the take-back still shows the move.
    let seq = taken_back["to_seq"].as_i64().unwrap();
    let at: Value = app
        .get(&format!("/v1/games/{id}/at/{seq}"), Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    assert_ne!(at["view"], ann_before["view"], "the move was played then");

    // Ann plays another move, and the duel goes on to its end.
    assert_eq!(
        app.act(id, &ann, bet(2, &[])).await.status(),
        StatusCode::OK
    );
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let record: Value = app.export(id, &bob).await.json().await.unwrap();
    let events = record["events"].as_array().unwrap();
    assert!(events.iter().any(|e| e["payload"]["type"] == "taken_back"));
    let parsed: GameRecord = serde_json::from_value(record.clone()).unwrap();
    verify(&parsed).expect("a record with a take-back verifies");
    let path = std::env::temp_dir().join(format!("owlpost-takeback-{id}.json"));
    std::fs::write(&path, serde_json::to_vec_pretty(&record).unwrap()).unwrap();
    let output = Command::new(env!("CARGO_BIN_EXE_owlpost"))
        .arg("verify")
        .arg(&path)
        .output()
        .expect("the owlpost binary runs");
    assert!(
        output.status.success(),
        "owlpost verify: {}",
        String::from_utf8_lossy(&output.stdout)
    );
}

#[tokio::test]
async fn a_move_that_revealed_the_sealed_moves_or_came_before_another_players_is_not_taken_back() {
    let app = TestApp::spawn().await;
    let (ann, bob, carl) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("carl").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let ask = |player: &str| format!("/v1/games/{id}/takeback{player}");

    // Nothing played yet.
    let nothing = app.post(&ask(""), Some(&ann.token), &json!({})).await;
    assert_problem(nothing, StatusCode::CONFLICT, "nothing_to_take_back").await;

    assert_eq!(
        app.act(id, &ann, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    // Bob's move reveals both.
    assert_eq!(
        app.act(id, &bob, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    let events = app.event_count(id).await;

    let after_bob = app.post(&ask(""), Some(&ann.token), &json!({})).await;
    assert_problem(
        after_bob,
        StatusCode::CONFLICT,
        "takeback_after_other_player",
    )
    .await;
    let revealed = app.post(&ask(""), Some(&bob.token), &json!({})).await;
    assert_problem(
        revealed,
        StatusCode::CONFLICT,
        "takeback_after_hidden_information",
    )
    .await;
    let stranger = app.post(&ask(""), Some(&carl.token), &json!({})).await;
    assert_problem(stranger, StatusCode::FORBIDDEN, "not_a_player").await;
    let no_request = app.post(&ask("/agree"), Some(&ann.token), &json!({})).await;
    assert_problem(no_request, StatusCode::CONFLICT, "nothing_to_take_back").await;
    assert_eq!(app.event_count(id).await, events, "nothing was appended");
}

#[tokio::test]
async fn a_new_move_cancels_a_take_back_asked_before_it() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    assert_eq!(
        app.act(id, &ann, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    let asked = ask(&app, id, &ann).await;
    assert_eq!(asked.status(), StatusCode::CREATED);
    assert_eq!(
        app.act(id, &bob, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    let late = agree(&app, id, &bob).await;
    assert_problem(late, StatusCode::CONFLICT, "nothing_to_take_back").await;
}

#[tokio::test]
async fn a_take_back_on_a_server_started_from_a_snapshot_after_the_move_restores_the_position() {
    let app = TestApp::spawn_with_snapshots_every(1).await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.game(id, &ann).await;
    assert_eq!(
        app.act(id, &ann, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    app.state.store.snapshots_settled().await;

    // A server that knows the game from the snapshot after the move only.
    let restarted = TestApp::restarted(&app, NonZeroU32::new(1)).await;
    let asked = restarted
        .post(
            &format!("/v1/games/{id}/takeback"),
            Some(&ann.token),
            &json!({}),
        )
        .await;
    assert_eq!(asked.status(), StatusCode::CREATED);
    let agreed = restarted
        .post(
            &format!("/v1/games/{id}/takeback/agree"),
            Some(&bob.token),
            &json!({}),
        )
        .await;
    assert_eq!(agreed.status(), StatusCode::CREATED);
    assert_eq!(position(&restarted.game(id, &ann).await), position(&before));
    restarted.state.store.snapshots_settled().await;

    // Folded from the first event, or from the snapshots taken since, the game is the same.
    let from_the_start = TestApp::restarted(&app, None).await;
    let from_snapshots = TestApp::restarted(&app, NonZeroU32::new(1)).await;
    for server in [&from_the_start, &from_snapshots] {
        let game = server.game(id, &ann).await;
        assert_eq!(position(&game), position(&before));
        assert_eq!(game["version"], restarted.game(id, &ann).await["version"]);
    }
}

#[tokio::test]
async fn in_a_game_created_with_take_backs_without_asking_the_move_is_taken_back_at_once() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2, "takebacks": "without_asking" }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let before = app.game(id, &ann).await;
    assert_eq!(
        app.act(id, &ann, bet(1, &[])).await.status(),
        StatusCode::OK
    );

    let asked = ask(&app, id, &ann).await;
    assert_eq!(asked.status(), StatusCode::CREATED);
    let asked: Value = asked.json().await.unwrap();
    let types: Vec<&Value> = asked["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| &e["body"]["event"]["type"])
        .collect();
    assert_eq!(types, [&json!("takeback_asked"), &json!("taken_back")]);
    assert_eq!(position(&app.game(id, &ann).await), position(&before));
}

#[tokio::test]
async fn a_move_that_rolled_the_turn_die_in_a_war_of_wizards_is_not_taken_back() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizards-of-war", "seats": 2 }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let mut refusals = Vec::new();
    for _ in 0..200 {
        let (player, game) = app.awaited(id, [&ann, &bob]).await;
        let command = game["legal_commands"][0].clone();
        let played = app.act(id, player, json!({ "command": command })).await;
        assert_eq!(played.status(), StatusCode::OK);
        let played: Value = played.json().await.unwrap();
        let rolled = played["events"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["body"]["event"]["type"] == "turn_die_rolled");
        if !rolled {
            continue;
        }
        let events = app.event_count(id).await;
        let asked = ask(&app, id, player).await;
        assert_eq!(asked.status(), StatusCode::CONFLICT);
        let problem: Value = asked.json().await.unwrap();
        assert_eq!(app.event_count(id).await, events, "nothing was appended");
        // A roll that drew a monster or a spell revealed something hidden too.
        let code = problem["code"].as_str().unwrap().to_owned();
        assert!(
            [
                "takeback_after_die_roll",
                "takeback_after_hidden_information"
            ]
            .contains(&code.as_str()),
            "{problem}"
        );
        refusals.push(code);
        if refusals.iter().any(|c| c == "takeback_after_die_roll") {
            return;
        }
    }
    panic!("no roll of the turn die alone in 200 commands: {refusals:?}");
}
