//! Exporting a finished game's record and checking it offline.

use std::process::Command;

use reqwest::StatusCode;
use serde_json::{Value, json};

use owlpost_api::record::{GameRecord, verify};

use crate::helpers::{TestApp, assert_problem};

/// Writes `record` where the CLI can read it; the file is named after the test and the game.
fn record_file(name: &str, record: &Value) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!(
        "owlpost-{name}-{}.json",
        record["game_id"].as_str().unwrap()
    ));
    std::fs::write(&path, serde_json::to_vec_pretty(record).unwrap()).unwrap();
    path
}

/// Runs the built `owlpost verify FILE`: its exit status and what it printed.
fn run_verify(path: &std::path::Path) -> (bool, String) {
    let output = Command::new(env!("CARGO_BIN_EXE_owlpost"))
        .arg("verify")
        .arg(path)
        .output()
        .expect("the owlpost binary runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[tokio::test]
async fn a_finished_duel_exports_a_record_that_verifies_offline() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;

    let response = app.export(id, &bob).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["format"], "owlpost-record/1");
    assert_eq!(body["game_id"], id.to_string());
    assert_eq!(body["ruleset"], "firewall-duel");
    assert_eq!(body["seats"], 2);
    let game = app.game(id, &ann).await;
    assert_eq!(body["seed"], game["seed"]);
    assert_eq!(body["outcome"], game["outcome"]);
    assert_eq!(
        body["events"].as_array().unwrap().len() as i64,
        app.event_count(id).await
    );
    // The record is unredacted: deck orders are there for the re-run.
    assert!(
        body["events"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["payload"]["type"] == "deck_shuffled")
            .all(|e| e["payload"]["order"].is_array())
    );

    let record: GameRecord = serde_json::from_value(body).unwrap();
    let report = verify(&record).expect("the server's own record verifies");
    assert_eq!(report.game_id, id);
    assert_eq!(report.events, record.events.len());
    assert_eq!(report.commands, record.commands.len());
    assert!(report.commands > 0);
    assert_eq!(report.outcome.winners, [owlpost_domain::Seat(0)]);
}

#[tokio::test]
async fn the_cli_verifies_an_exported_record_and_fails_on_a_tampered_one() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let mut record: Value = app.export(id, &ann).await.json().await.unwrap();

    let honest = record_file("honest", &record);
    let (passed, paragraph) = run_verify(&honest);
    assert!(passed, "{paragraph}");
    assert!(
        paragraph.contains("verifies") && paragraph.contains(&id.to_string()),
        "{paragraph}"
    );

    record["events"][1]["payload"]["username"] = json!("mallory");
    let tampered = record_file("tampered", &record);
    let (passed, paragraph) = run_verify(&tampered);
    assert!(!passed, "a tampered record must fail: {paragraph}");
    assert!(
        paragraph.contains("does NOT verify") && paragraph.contains("event 2"),
        "{paragraph}"
    );

    let _ = std::fs::remove_file(honest);
    let _ = std::fs::remove_file(tampered);
}

#[tokio::test]
async fn a_game_still_being_played_cannot_be_exported() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let response = app.export(id, &ann).await;
    assert_problem(response, StatusCode::CONFLICT, "game_not_finished").await;
}

#[tokio::test]
async fn a_finished_games_record_is_public_to_any_signed_in_user_but_not_before_the_end() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let response = app.export(id, &eve).await;
    assert_problem(response, StatusCode::CONFLICT, "game_not_finished").await;
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let response = app.export(id, &eve).await;
    assert_eq!(response.status(), StatusCode::OK);
    let record: Value = response.json().await.unwrap();
    assert_eq!(record["seed"], app.game(id, &eve).await["seed"]);
    let anonymous = app.get(&format!("/v1/games/{id}/export"), None).await;
    assert_problem(anonymous, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

#[tokio::test]
async fn a_resigned_game_exports_a_record_that_the_cli_verifies() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let opening = crate::helpers::bet(3, &[]);
    assert_eq!(app.act(id, &ann, opening).await.status(), StatusCode::OK);
    assert_eq!(
        app.table_command(id, &bob, "resign").await.status(),
        StatusCode::OK
    );

    let response = app.export(id, &ann).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["outcome"]["winners"], json!([0]));
    let record: GameRecord = serde_json::from_value(body.clone()).unwrap();
    let report = verify(&record).expect("a resigned game's record verifies");
    assert_eq!(report.commands, 1);

    let path = record_file("resigned", &body);
    let (verified, printed) = run_verify(&path);
    assert!(verified, "{printed}");
    assert!(printed.contains("verifies"), "{printed}");

    // The resignation is checked too: moved to the winner's seat, it no longer fits.
    let mut forged = body;
    let events = forged["events"].as_array_mut().unwrap();
    let resigned = events
        .iter_mut()
        .find(|e| e["payload"]["type"] == "player_resigned")
        .unwrap();
    resigned["payload"]["seat"] = json!(0);
    let path = record_file("resigned-forged", &forged);
    let (verified, _) = run_verify(&path);
    assert!(!verified, "a forged resignation does not verify");
}

#[tokio::test]
async fn the_log_takes_no_command_and_no_event_for_a_game_that_does_not_exist() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let (db, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls)
        .await
        .expect("the test database answers");
    tokio::spawn(connection);
    let nowhere = uuid::Uuid::new_v4().to_string();
    let command = json!({
        "id": uuid::Uuid::new_v4(), "actor": ann.id, "idempotency_key": null,
        "body": {}, "first_seq": 1, "last_seq": 1, "response": null,
    })
    .to_string();
    let refused = db
        .execute(
            "SELECT owlpost_append($1::text::uuid, decode(repeat('00', 32), 'hex'), $2, now(), \
             ARRAY[1::bigint], ARRAY['rules'], ARRAY['{}'::jsonb], ARRAY[sha256('')], '{}', '{}', \
             'active', 1, '[]', NULL, '{}', '{}')",
            &[&nowhere, &command],
        )
        .await
        .expect_err("an append to no game is refused");
    assert_eq!(
        refused.code(),
        Some(&tokio_postgres::error::SqlState::FOREIGN_KEY_VIOLATION)
    );
    let kept: i64 = db
        .query_one(
            "SELECT (SELECT count(*) FROM events WHERE game_id = $1::text::uuid) \
             + (SELECT count(*) FROM commands WHERE game_id = $1::text::uuid)",
            &[&nowhere],
        )
        .await
        .expect("counts")
        .get(0);
    assert_eq!(kept, 0);
}
