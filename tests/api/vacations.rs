//! Vacations: a player spends days of his yearly allowance, and while he is
//! away the deadlines of his games that await him stand still, running again
//! from where they stood when he is back. The sweep is driven with an
//! explicit clock.

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem, bet};

async fn timed_duel(app: &TestApp, ann: &Player, bob: &Player) -> Uuid {
    let game = app
        .created_game(
            ann,
            json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": { "move_seconds": 3600 } }),
        )
        .await;
    let id: Uuid = game["id"].as_str().unwrap().parse().unwrap();
    app.join(&id, bob, json!({})).await;
    assert_eq!(
        app.table_command(id, ann, "start").await.status(),
        StatusCode::OK
    );
    id
}

fn time(value: &Value) -> DateTime<Utc> {
    value.as_str().expect("a time").parse().unwrap()
}

async fn me(app: &TestApp, player: &Player) -> Value {
    let response = app.get("/v1/me", Some(&player.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

async fn go_on_vacation(app: &TestApp, player: &Player, days: i64) -> reqwest::Response {
    app.post(
        "/v1/me/vacation",
        Some(&player.token),
        &json!({ "days": days }),
    )
    .await
}

/// The platform events of the game's feed of this `type`, as `player` reads them.
async fn platform_events(app: &TestApp, id: Uuid, player: &Player, kind: &str) -> Vec<Value> {
    app.feed(id, player)
        .await
        .into_iter()
        .filter(|e| e["body"]["event"]["type"] == kind || e["body"]["type"] == kind)
        .collect()
}

#[tokio::test]
async fn a_vacation_stops_the_deadline_awaiting_him_and_ending_it_early_gives_back_the_time_and_the_unused_days()
 {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_duel(&app, &ann, &bob).await;
    let deadline = time(&app.game(id, &ann).await["deadline"]);

    let before = me(&app, &bob).await;
    assert_eq!(before["username"], "bob");
    assert_eq!(
        before["vacation"],
        json!({ "days_per_year": 14, "days_left": 14, "current": null })
    );

    let began = go_on_vacation(&app, &bob, 3).await;
    assert_eq!(began.status(), StatusCode::OK);
    let began: Value = began.json().await.unwrap();
    assert_eq!(began["vacation"]["days_left"], 11, "three days are spent");
    let until = time(&began["vacation"]["current"]["until"]);
    let left = deadline - Utc::now();

    // Others see him away, and the game's deadline stands still.
    let game = app.game(id, &ann).await;
    assert_eq!(time(&game["seats"][1]["on_vacation_until"]), until);
    assert_eq!(game["seats"][0]["on_vacation_until"], Value::Null);
    assert_eq!(game["deadline"], Value::Null, "{game}");
    let count = app.event_count(id).await;
    let swept = owlpost_api::deadlines::sweep(&app.state.store, deadline + Duration::days(1))
        .await
        .unwrap();
    assert_eq!(swept, 0, "nothing is played for anyone while he is away");
    assert_eq!(app.event_count(id).await, count);
    let feed = app.feed(id, &ann).await;
    assert!(
        feed.iter().any(|e| e["text"]
            .as_str()
            .unwrap()
            .contains("bob is on vacation until")),
        "the log says why the deadline stopped"
    );

    // Back the same day: two whole days come back, and the time that was left runs again.
    let ended = app.delete("/v1/me/vacation", Some(&bob.token)).await;
    assert_eq!(ended.status(), StatusCode::OK);
    let ended: Value = ended.json().await.unwrap();
    assert_eq!(
        ended["vacation"],
        json!({ "days_per_year": 14, "days_left": 13, "current": null })
    );
    let game = app.game(id, &ann).await;
    assert_eq!(game["seats"][1]["on_vacation_until"], Value::Null);
    let back_at = time(&app.feed(id, &ann).await.last().unwrap()["recorded_at"]);
    let given_back = time(&game["deadline"]) - back_at;
    assert!(
        given_back <= left + Duration::seconds(1) && given_back >= left - Duration::seconds(2),
        "{given_back} given back for {left} left"
    );

    // The game plays on to its end, and its record, vacation and all, verifies.
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let record: owlpost_api::record::GameRecord = app.export(id, &ann).await.json().await.unwrap();
    owlpost_api::record::verify(&record).expect("a game with a vacation in it verifies");
}

#[tokio::test]
async fn a_game_that_comes_to_await_him_on_vacation_holds_his_clock_until_the_sweep_ends_the_vacation()
 {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_duel(&app, &ann, &bob).await;
    // Bob seals his move: the game awaits only Ann, whose time runs on.
    assert_eq!(
        app.act(id, &bob, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    let began: Value = go_on_vacation(&app, &bob, 1).await.json().await.unwrap();
    let until = time(&began["vacation"]["current"]["until"]);
    assert!(
        !app.game(id, &ann).await["deadline"].is_null(),
        "Ann's time runs"
    );

    // Ann seals hers: the next turn awaits Bob too, and no clock starts.
    assert_eq!(
        app.act(id, &ann, bet(1, &[])).await.status(),
        StatusCode::OK
    );
    let game = app.game(id, &ann).await;
    assert_eq!(game["awaiting"].as_array().unwrap().len(), 2);
    assert_eq!(game["deadline"], Value::Null);
    let before_the_end =
        owlpost_api::deadlines::sweep(&app.state.store, until - Duration::hours(1))
            .await
            .unwrap();
    assert_eq!(before_the_end, 0);

    // The vacation runs out: the sweep ends it, and the whole period is his.
    owlpost_api::deadlines::sweep(&app.state.store, until + Duration::seconds(1))
        .await
        .unwrap();
    let ended = platform_events(&app, id, &ann, "vacation_ended").await;
    assert_eq!(ended.len(), 1, "the sweep ended the vacation in the game");
    assert_eq!(
        ended[0]["body"]["event"]["remaining_seconds"], 3600,
        "{ended:?}"
    );
    assert_eq!(
        me(&app, &bob).await["vacation"],
        json!({ "days_per_year": 14, "days_left": 13, "current": null }),
        "a vacation that ran out spent every day"
    );
}

#[tokio::test]
async fn vacations_are_refused_with_a_reason_and_nothing_changes() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_duel(&app, &ann, &bob).await;
    let count = app.event_count(id).await;

    assert_problem(
        go_on_vacation(&app, &bob, 0).await,
        StatusCode::BAD_REQUEST,
        "vacation_too_short",
    )
    .await;
    let refused = assert_problem(
        go_on_vacation(&app, &bob, 15).await,
        StatusCode::CONFLICT,
        "not_enough_vacation_days",
    )
    .await;
    assert!(
        refused["detail"].as_str().unwrap().contains("14 left"),
        "{refused}"
    );
    assert_problem(
        app.delete("/v1/me/vacation", Some(&bob.token)).await,
        StatusCode::CONFLICT,
        "not_on_vacation",
    )
    .await;
    assert_eq!(app.event_count(id).await, count, "nothing was appended");
    assert_eq!(me(&app, &bob).await["vacation"]["days_left"], 14);

    assert_eq!(
        go_on_vacation(&app, &bob, 10).await.status(),
        StatusCode::OK
    );
    let count = app.event_count(id).await;
    assert_problem(
        go_on_vacation(&app, &bob, 1).await,
        StatusCode::CONFLICT,
        "already_on_vacation",
    )
    .await;
    assert_eq!(app.event_count(id).await, count, "nothing was appended");
    assert_eq!(
        app.delete("/v1/me/vacation", Some(&bob.token))
            .await
            .status(),
        StatusCode::OK
    );
    // One day spent of the ten: thirteen are left, and no more may be asked for.
    assert_problem(
        go_on_vacation(&app, &bob, 14).await,
        StatusCode::CONFLICT,
        "not_enough_vacation_days",
    )
    .await;
}

#[tokio::test]
async fn a_game_that_starts_while_a_player_is_on_vacation_holds_his_clock_from_the_start() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let game = app
        .created_game(
            &ann,
            json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": { "move_seconds": 3600 } }),
        )
        .await;
    let id: Uuid = game["id"].as_str().unwrap().parse().unwrap();
    app.join(&id, &bob, json!({})).await;
    assert_eq!(go_on_vacation(&app, &bob, 2).await.status(), StatusCode::OK);
    let started = app.table_command(id, &ann, "start").await;
    assert_eq!(started.status(), StatusCode::OK);
    let started: Value = started.json().await.unwrap();
    assert_eq!(started["deadline"], Value::Null, "{started}");
    assert!(!started["seats"][1]["on_vacation_until"].is_null());
    let ended = app.delete("/v1/me/vacation", Some(&bob.token)).await;
    assert_eq!(ended.status(), StatusCode::OK);
    let game = app.game(id, &ann).await;
    let back_at = time(&app.feed(id, &ann).await.last().unwrap()["recorded_at"]);
    let given = time(&game["deadline"]) - back_at;
    assert!(
        (given - Duration::hours(1)).num_seconds().abs() <= 2,
        "the whole period, from when he is back: {given}"
    );
}
