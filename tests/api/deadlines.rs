//! Deadlines: an awaited player who lets his time run out has the ruleset's
//! timeout move played for him. The sweep is driven with an explicit clock.

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem, bet, first_revealed_bets};

async fn timed_duel(app: &TestApp, ann: &Player, bob: &Player, seconds: u32) -> Uuid {
    let game = app
        .created_game(
            ann,
            json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": { "move_seconds": seconds } }),
        )
        .await;
    let id: Uuid = game["id"].as_str().unwrap().parse().unwrap();
    app.join(&id, bob, json!({})).await;
    app.post(
        &format!("/v1/games/{id}/start"),
        Some(&ann.token),
        &json!({}),
    )
    .await;
    id
}

fn deadline_of(game: &Value) -> DateTime<Utc> {
    game["deadline"]
        .as_str()
        .expect("a timed game has a deadline")
        .parse()
        .unwrap()
}

#[tokio::test]
async fn a_player_who_lets_his_time_run_out_has_the_timeout_move_played_for_him() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_duel(&app, &ann, &bob, 3600).await;
    let game = app.game(id, &ann).await;
    let deadline = deadline_of(&game);
    let started: DateTime<Utc> = app.feed(id, &ann).await.last().unwrap()["recorded_at"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_eq!(deadline - started, Duration::hours(1));

    assert_eq!(
        app.act(id, &ann, bet(4, &[])).await.status(),
        StatusCode::OK
    );
    let after_ann = app.game(id, &bob).await;
    assert_eq!(
        deadline_of(&after_ann),
        deadline,
        "Bob's time runs from when he was first awaited"
    );

    // Before the deadline nothing happens.
    let early = owlpost_api::deadlines::sweep(&app.state.store, deadline - Duration::seconds(1))
        .await
        .unwrap();
    assert_eq!(early, 0);
    let count = app.event_count(id).await;

    let late = owlpost_api::deadlines::sweep(&app.state.store, deadline + Duration::seconds(1))
        .await
        .unwrap();
    assert_eq!(late, 1, "Bob's sealed move was played for him");
    assert!(app.event_count(id).await > count);
    let feed = app.feed(id, &ann).await;
    let bets = first_revealed_bets(&feed);
    assert_eq!(bets, [4, 1], "the timeout move bets the least");

    // A new turn awaits both, with a deadline of its own, not yet passed.
    let game = app.game(id, &ann).await;
    let next_deadline = deadline_of(&game);
    assert!(next_deadline > deadline);
    let before_next = next_deadline - Duration::seconds(1);
    assert_eq!(
        owlpost_api::deadlines::sweep(&app.state.store, before_next)
            .await
            .unwrap(),
        0
    );
    let inbox: Value = app
        .get("/v1/me/inbox", Some(&bob.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(inbox["games"][0]["deadline"], game["deadline"]);
}

#[tokio::test]
async fn both_overdue_players_are_timed_out_and_games_without_a_time_control_never_are() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let timed = timed_duel(&app, &ann, &bob, 60).await;
    let untimed = app.started_duel(&ann, &bob, json!({})).await;
    assert!(app.game(untimed, &ann).await["deadline"].is_null());
    let far_future = Utc::now() + Duration::days(365);
    let untimed_count = app.event_count(untimed).await;
    assert_eq!(
        owlpost_api::deadlines::sweep(&app.state.store, far_future)
            .await
            .unwrap(),
        2
    );
    assert_eq!(app.event_count(untimed).await, untimed_count);
    let game = app.game(timed, &ann).await;
    assert_eq!(
        game["view"]["turn"], 2,
        "both bets were played and the turn resolved"
    );
}

#[tokio::test]
async fn a_time_control_out_of_bounds_is_refused() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let response = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": { "move_seconds": 5 } }),
        )
        .await;
    assert_problem(response, StatusCode::BAD_REQUEST, "invalid_request").await;
}

#[tokio::test]
async fn a_duel_won_against_a_sleeping_player_exports_a_record_that_verifies() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_duel(&app, &ann, &bob, 60).await;
    let far_future = Utc::now() + Duration::days(3650);
    for _ in 0..200 {
        let game = app.game(id, &ann).await;
        if game["status"] == "finished" {
            break;
        }
        if game["awaiting_you"] == true {
            let mana = game["view"]["players"][0]["mana"].as_u64().unwrap();
            let response = app.act(id, &ann, bet(mana.min(6) as u32, &[])).await;
            assert_eq!(response.status(), StatusCode::OK);
        }
        // Bob never plays: each of his moves is the timeout move.
        owlpost_api::deadlines::sweep(&app.state.store, far_future)
            .await
            .unwrap();
    }
    let game = app.game(id, &bob).await;
    assert_eq!(game["outcome"]["winners"], json!([0]));
    let record: owlpost_api::record::GameRecord = app.export(id, &bob).await.json().await.unwrap();
    let report = owlpost_api::record::verify(&record).expect("timeout moves replay like any other");
    assert_eq!(report.events, record.events.len());
    let timeouts = record
        .commands
        .iter()
        .filter(|c| c.seat == owlpost_domain::Seat(1))
        .count();
    assert!(timeouts > 0 && report.commands == record.commands.len());
}

/// A timed duel whose players are gone after `missed` deadlines in a row,
/// then `then` (`resign` or `computer`).
async fn duel_with_when_gone(
    app: &TestApp,
    ann: &Player,
    bob: &Player,
    missed: u8,
    then: &str,
) -> Uuid {
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": {
                "move_seconds": 3600,
                "when_gone": { "after_missed_deadlines": missed, "then": then },
            } }),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let id: Uuid = created.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    app.join(&id, bob, json!({})).await;
    let started = app.table_command(id, ann, "start").await;
    assert_eq!(started.status(), StatusCode::OK);
    id
}

/// Ann seals her move; then Bob's deadline passes.
async fn bob_misses_a_deadline(app: &TestApp, id: Uuid, ann: &Player) {
    assert_eq!(app.act(id, ann, bet(1, &[])).await.status(), StatusCode::OK);
    let far_future = Utc::now() + Duration::days(2);
    let played = owlpost_api::deadlines::sweep(&app.state.store, far_future)
        .await
        .unwrap();
    assert!(played >= 1, "Bob's timeout move is played");
}

#[tokio::test]
async fn a_player_who_misses_his_deadlines_in_a_row_is_gone_and_a_computer_plays_his_seat_on() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = duel_with_when_gone(&app, &ann, &bob, 2, "computer").await;

    bob_misses_a_deadline(&app, id, &ann).await;
    let game = app.game(id, &ann).await;
    assert_eq!(game["seats"][1]["username"], "bob", "one miss is not gone");

    bob_misses_a_deadline(&app, id, &ann).await;
    let game = app.game(id, &ann).await;
    assert_eq!(game["status"], "active");
    assert_eq!(game["seats"][1]["computer"], "heuristic", "{game}");
    let computer: Uuid = game["seats"][1]["user_id"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    assert_ne!(computer, bob.id);
    assert_eq!(
        app.game(id, &bob).await["your_seat"],
        Value::Null,
        "Bob is gone"
    );
    let feed = app.feed(id, &ann).await;
    assert!(
        feed.iter().any(|e| e["text"]
            .as_str()
            .is_some_and(|t| t.contains("missed too many deadlines"))),
        "the log says so"
    );

    // The computer plays the seat on, from Bob's hand.
    assert_eq!(
        app.act(id, &ann, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    let played = owlpost_api::computers::play_awaited(&app.state.store)
        .await
        .unwrap();
    assert!(played >= 1, "the computer sealed its move");
    let resigned = app.table_command(id, &ann, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);

    // The record says who played which moves, and verifies.
    let record: owlpost_api::record::GameRecord = app.export(id, &ann).await.json().await.unwrap();
    let by_bob: Vec<_> = record
        .commands
        .iter()
        .filter(|c| c.actor == bob.id)
        .collect();
    assert_eq!(by_bob.len(), 2, "his two timeout moves");
    let by_computer: Vec<_> = record
        .commands
        .iter()
        .filter(|c| c.actor == computer)
        .collect();
    assert!(!by_computer.is_empty());
    assert!(
        by_bob.iter().chain(&by_computer).all(|c| c.seat.0 == 1),
        "both played seat 1"
    );
    assert!(
        by_bob
            .iter()
            .all(|b| by_computer.iter().all(|c| b.first_seq < c.first_seq)),
        "Bob's moves came first"
    );
    owlpost_api::record::verify(&record).expect("the record of a handed-over seat verifies");
}

#[tokio::test]
async fn a_player_gone_from_a_game_that_says_resign_loses_it() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = duel_with_when_gone(&app, &ann, &bob, 1, "resign").await;
    bob_misses_a_deadline(&app, id, &ann).await;
    let game = app.game(id, &ann).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["outcome"]["winners"], json!([0]), "{game}");
}

#[tokio::test]
async fn a_when_gone_of_no_or_too_many_deadlines_is_refused() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    for missed in [0, 11] {
        let refused = app
            .post(
                "/v1/games",
                Some(&ann.token),
                &json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": {
                    "move_seconds": 3600,
                    "when_gone": { "after_missed_deadlines": missed, "then": "resign" },
                } }),
            )
            .await;
        assert_problem(refused, StatusCode::BAD_REQUEST, "invalid_request").await;
    }
}

#[tokio::test]
async fn a_game_paused_by_agreement_stops_its_deadline_and_resumes_with_the_time_that_was_left() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_duel(&app, &ann, &bob, 3600).await;
    let deadline = deadline_of(&app.game(id, &ann).await);

    // Ann asks; the game plays on until Bob agrees too.
    let asked = app.table_command(id, &ann, "pause").await;
    assert_eq!(asked.status(), StatusCode::OK);
    let asked: Value = asked.json().await.unwrap();
    assert_eq!(asked["pause"], json!({ "paused": false, "agreed": [0] }));
    assert_problem(
        app.table_command(id, &ann, "pause").await,
        StatusCode::CONFLICT,
        "already_agreed_to_pause",
    )
    .await;
    let agreed = app.table_command(id, &bob, "pause").await;
    assert_eq!(agreed.status(), StatusCode::OK);
    let paused: Value = agreed.json().await.unwrap();
    assert_eq!(paused["pause"], json!({ "paused": true, "agreed": [] }));
    assert_eq!(paused["deadline"], Value::Null, "no deadline runs");
    assert_eq!(paused["awaiting"], json!([]), "nobody is awaited");
    assert_eq!(paused["legal_commands"], json!([]), "nobody may move");
    let paused_at = Utc::now();
    let left = deadline - paused_at;

    // Days pass: nothing is played for anyone, and nobody may move.
    let version = app.event_count(id).await;
    let swept = owlpost_api::deadlines::sweep(&app.state.store, deadline + Duration::days(3))
        .await
        .unwrap();
    assert_eq!(swept, 0);
    assert_eq!(app.event_count(id).await, version);
    assert_problem(
        app.act(id, &ann, bet(2, &[])).await,
        StatusCode::CONFLICT,
        "game_paused",
    )
    .await;

    // Bob resumes it: the awaited players have the hour's rest they had.
    let resumed = app.table_command(id, &bob, "resume").await;
    assert_eq!(resumed.status(), StatusCode::OK);
    let resumed: Value = resumed.json().await.unwrap();
    assert_eq!(resumed["pause"]["paused"], false);
    let new_deadline = deadline_of(&resumed);
    let resumed_at: DateTime<Utc> = app.feed(id, &bob).await.last().unwrap()["recorded_at"]
        .as_str()
        .unwrap()
        .parse()
        .unwrap();
    let given_back = new_deadline - resumed_at;
    assert!(
        given_back <= left + Duration::seconds(1) && given_back >= left - Duration::seconds(2),
        "{given_back} given back for {left} left"
    );
    assert_eq!(resumed["awaiting"].as_array().unwrap().len(), 2);
    assert_problem(
        app.table_command(id, &ann, "resume").await,
        StatusCode::CONFLICT,
        "game_not_paused",
    )
    .await;

    // The game plays on to its end, and its record, pause and all, verifies.
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let record = app.export(id, &ann).await;
    assert_eq!(record.status(), StatusCode::OK);
    let record: owlpost_api::record::GameRecord = record.json().await.unwrap();
    owlpost_api::record::verify(&record).expect("a paused and resumed game verifies");
}
