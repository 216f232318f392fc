//! Substitutes: a player who misses his deadlines in a row (or leaves a game
//! under way) is gone, and his seat is offered in the lobby; whoever takes it
//! plays it on, hand and all, and the record names both players.

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem, bet};

/// A timed duel in which a player is gone after three deadlines missed in a
/// row, his seat then offered to a substitute.
async fn duel_wanting_substitutes(app: &TestApp, ann: &Player, bob: &Player) -> Uuid {
    let game = app
        .created_game(
            ann,
            json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": {
                "move_seconds": 3600,
                "when_gone": { "after_missed_deadlines": 3, "then": "substitute" },
            } }),
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

/// Ann seals her move; then the seat 1's deadline passes.
async fn seat_1_misses_a_deadline(app: &TestApp, id: Uuid, ann: &Player) {
    assert_eq!(app.act(id, ann, bet(1, &[])).await.status(), StatusCode::OK);
    let played = owlpost_api::deadlines::sweep(&app.state.store, Utc::now() + Duration::days(2))
        .await
        .unwrap();
    assert!(played >= 1, "seat 1's timeout move is played");
}

/// The lobby's offers of a seat in game `id`, as `player` lists them.
async fn offers_in_lobby(app: &TestApp, player: &Player, id: Uuid) -> Vec<Value> {
    let page: Value = app
        .open_games(player, "status=open")
        .await
        .json()
        .await
        .unwrap();
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|g| g["id"] == id.to_string())
        .cloned()
        .collect()
}

#[tokio::test]
async fn a_player_who_misses_three_deadlines_is_replaced_by_a_substitute_from_the_lobby_and_the_record_names_both()
 {
    let app = TestApp::spawn().await;
    let (ann, bob, carol) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("carol").await,
    );
    let id = duel_wanting_substitutes(&app, &ann, &bob).await;
    for _ in 0..2 {
        seat_1_misses_a_deadline(&app, id, &ann).await;
    }
    assert!(
        offers_in_lobby(&app, &carol, id).await.is_empty(),
        "two misses are not gone"
    );
    seat_1_misses_a_deadline(&app, id, &ann).await;

    // Bob is gone: his seat is open, and listed in the lobby.
    let game = app.game(id, &ann).await;
    assert_eq!(game["seats"][1]["open_for_substitute"], true, "{game}");
    assert_eq!(game["status"], "active");
    let offers = offers_in_lobby(&app, &carol, id).await;
    assert_eq!(offers.len(), 1, "{offers:?}");
    assert_eq!(offers[0]["substitute_for"], 1);
    assert_eq!(offers[0]["free_seats"], 1);
    let his_games: Value = app
        .get("/v1/me/games", Some(&bob.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(his_games["games"], json!([]), "the game is no longer his");
    let bobs = app.game(id, &bob).await;
    assert_eq!(
        bobs["your_seat"],
        Value::Null,
        "Bob no longer plays the seat"
    );
    assert_eq!(
        bobs["view"]["players"][1]["hand"],
        Value::Null,
        "Bob sees the game as a spectator, not his old hand"
    );

    // The game does not stall: the seat's timeout moves go on.
    seat_1_misses_a_deadline(&app, id, &ann).await;
    assert_eq!(offers_in_lobby(&app, &carol, id).await.len(), 1);

    // Neither Bob nor Ann may take the seat; Carol may.
    let count = app.event_count(id).await;
    assert_problem(
        app.act(id, &bob, bet(1, &[])).await,
        StatusCode::FORBIDDEN,
        "not_a_player",
    )
    .await;
    for player in [&bob, &ann] {
        assert_problem(
            app.join(&id, player, json!({ "seat": 1 })).await,
            StatusCode::CONFLICT,
            "already_seated",
        )
        .await;
    }
    assert_problem(
        app.join(&id, &carol, json!({ "seat": 0 })).await,
        StatusCode::CONFLICT,
        "seat_taken",
    )
    .await;
    assert_eq!(app.event_count(id).await, count, "nothing was appended");
    let joined = app.join(&id, &carol, json!({ "seat": 1 })).await;
    assert_eq!(joined.status(), StatusCode::OK);
    let carols: Value = joined.json().await.unwrap();
    assert_eq!(carols["your_seat"], 1);
    assert_eq!(carols["seats"][1]["username"], "carol");
    assert_eq!(carols["seats"][1]["replaced"], json!(["bob"]));
    assert_eq!(carols["seats"][1]["open_for_substitute"], false);
    assert!(
        carols["view"]["players"][1]["hand"].is_array(),
        "Carol sees the seat's hand, which spectators do not"
    );
    assert!(offers_in_lobby(&app, &carol, id).await.is_empty());
    assert!(
        app.feed(id, &ann).await.iter().any(|e| e["text"]
            .as_str()
            .unwrap()
            .contains("carol takes seat 1 as a substitute")),
        "the log says so"
    );

    // Carol plays on to the end; the record says who played which moves.
    app.play_duel_to_the_end(id, &ann, &carol).await;
    let record: owlpost_api::record::GameRecord = app.export(id, &ann).await.json().await.unwrap();
    let seat_1 = |actor: Uuid| {
        record
            .commands
            .iter()
            .filter(|c| c.actor == actor)
            .inspect(|c| assert_eq!(c.seat.0, 1))
            .count()
    };
    assert_eq!(seat_1(bob.id), 4, "his four timeout moves");
    assert!(seat_1(carol.id) > 0);
    let report = owlpost_api::record::verify(&record).expect("a substitute's record verifies");
    assert_eq!(report.players, [vec!["ann"], vec!["bob", "carol"]]);
    let told = report.to_string();
    assert!(told.contains("seat 1 by bob, then carol"), "{told}");
}

#[tokio::test]
async fn a_player_who_leaves_a_game_under_way_that_wants_substitutes_offers_his_seat() {
    let app = TestApp::spawn().await;
    let (ann, bob, carol) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("carol").await,
    );
    let id = duel_wanting_substitutes(&app, &ann, &bob).await;
    let left = app.table_command(id, &bob, "leave").await;
    assert_eq!(left.status(), StatusCode::OK);
    let left: Value = left.json().await.unwrap();
    assert_eq!(left["your_seat"], Value::Null);
    assert_eq!(left["seats"][1]["open_for_substitute"], true);
    assert_problem(
        app.table_command(id, &bob, "leave").await,
        StatusCode::FORBIDDEN,
        "not_a_player",
    )
    .await;
    let offers = offers_in_lobby(&app, &carol, id).await;
    assert_eq!(offers[0]["substitute_for"], 1);
    let joined = app.join(&id, &carol, json!({})).await;
    assert_eq!(joined.status(), StatusCode::OK);
    let carols: Value = joined.json().await.unwrap();
    assert_eq!(carols["your_seat"], 1);
    assert_eq!(
        carols["awaiting_you"], true,
        "the seat's move is hers to make"
    );
}
