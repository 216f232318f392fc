//! Spectators: a game's creator may refuse them. While such a game is
//! played, only its players see it; in the lobby before, and in the archive
//! after, it is open to anyone signed in like every other game.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem};

/// A two-seat duel `ann` creates with `spectators` as given, `bob` joins
/// but nobody starts yet.
async fn full_duel(app: &TestApp, ann: &Player, bob: &Player, spectators: bool) -> Uuid {
    let game = app
        .created_game(
            ann,
            json!({ "ruleset": "firewall-duel", "seats": 2, "spectators": spectators }),
        )
        .await;
    assert_eq!(game["spectators"], spectators);
    let id = game["id"].as_str().unwrap().parse().unwrap();
    let joined = app.join(&id, bob, json!({})).await;
    assert_eq!(joined.status(), StatusCode::OK);
    id
}

/// Every address that shows a game as it is played, at `version`.
fn live_paths(id: Uuid, version: i64) -> Vec<String> {
    vec![
        format!("/v1/games/{id}"),
        format!("/v1/games/{id}/at/{version}"),
        format!("/v1/games/{id}/at/1"),
        format!("/v1/games/{id}/events?after=0"),
        format!("/v1/games/{id}/events?after={version}&wait=1"),
        format!("/v1/games/{id}/board.svg"),
        format!("/v1/games/{id}/board.svg?at={version}"),
    ]
}

async fn version_of(app: &TestApp, id: Uuid, player: &Player) -> i64 {
    app.game(id, player).await["version"].as_i64().unwrap()
}

#[tokio::test]
async fn a_game_whose_creator_refused_spectators_shows_only_to_its_players_while_it_is_played() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let game = app
        .created_game(
            &ann,
            json!({ "ruleset": "firewall-duel", "seats": 2, "spectators": false }),
        )
        .await;
    let id: Uuid = game["id"].as_str().unwrap().parse().unwrap();

    // Open, it is in the lobby and Bob can look at it before joining.
    let lobby: Value = app
        .open_games(&bob, "status=open")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(lobby["games"][0]["id"], id.to_string());
    let before_joining = app.game(id, &bob).await;
    assert_eq!(before_joining["spectators"], false);
    assert_eq!(
        app.join(&id, &bob, json!({})).await.status(),
        StatusCode::OK
    );
    let started = app.table_command(id, &ann, "start").await;
    assert_eq!(started.status(), StatusCode::OK);

    // Being played: Eve, who does not play it, is refused everywhere.
    let version = version_of(&app, id, &ann).await;
    for path in live_paths(id, version) {
        let refused = app.get(&path, Some(&eve.token)).await;
        let problem =
            assert_problem(refused, StatusCode::FORBIDDEN, "spectators_not_allowed").await;
        assert!(
            problem["detail"]
                .as_str()
                .unwrap()
                .contains("only its players"),
            "GET {path}: {problem}"
        );
    }
    // Even with the version she might have held from before the start.
    let conditional = app
        .client
        .get(app.url(&format!("/v1/games/{id}")))
        .bearer_auth(&eve.token)
        .header("if-none-match", format!("\"{version}\""))
        .send()
        .await
        .unwrap();
    assert_eq!(conditional.status(), StatusCode::FORBIDDEN);

    // Its players see it on every one of those addresses.
    for player in [&ann, &bob] {
        for path in live_paths(id, version) {
            let seen = app.get(&path, Some(&player.token)).await;
            assert_eq!(
                seen.status(),
                StatusCode::OK,
                "GET {path} as {}",
                player.name
            );
        }
        let game = app.game(id, player).await;
        assert_eq!(game["spectators"], false);
        assert!(game["your_seat"].is_number());
    }

    // Finished, it is in the archive and Eve may open it, replay it and export it.
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let archive: Value = app
        .open_games(&eve, "status=finished")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(archive["games"][0]["id"], id.to_string());
    let version = version_of(&app, id, &ann).await;
    for path in live_paths(id, version) {
        let path = path.replace("&wait=1", "");
        let seen = app.get(&path, Some(&eve.token)).await;
        assert_eq!(seen.status(), StatusCode::OK, "GET {path} once finished");
    }
    let game = app.game(id, &eve).await;
    assert_eq!(game["status"], "finished");
    assert!(game["your_seat"].is_null());
    assert_eq!(app.export(id, &eve).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_spectator_waiting_for_the_events_of_a_full_game_is_refused_once_it_starts() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let id = full_duel(&app, &ann, &bob, false).await;
    let version = version_of(&app, id, &ann).await;
    let poll = format!("/v1/games/{id}/events?after={version}&wait=30");
    // The game starts once Eve's long-poll waits (no sleep: the server
    // counts its waiters).
    let changes = app.state.store.changes();
    let waiters_before = changes.waiting();
    let waiting = app.get(&poll, Some(&eve.token));
    let starting = async {
        while changes.waiting() <= waiters_before {
            tokio::task::yield_now().await;
        }
        app.table_command(id, &ann, "start").await
    };
    let (answer, started) = tokio::join!(waiting, starting);
    assert_eq!(started.status(), StatusCode::OK);
    assert_problem(answer, StatusCode::FORBIDDEN, "spectators_not_allowed").await;
}

#[tokio::test]
async fn a_game_created_without_saying_lets_anyone_watch_it_while_it_is_played_without_secrets() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let version = version_of(&app, id, &ann).await;
    for path in live_paths(id, version) {
        let path = path.replace("&wait=1", "");
        let seen = app.get(&path, Some(&eve.token)).await;
        assert_eq!(seen.status(), StatusCode::OK, "GET {path} as a spectator");
    }
    let game = app.game(id, &eve).await;
    assert_eq!(game["spectators"], true);
    assert_eq!(game["status"], "active");
    assert!(game["your_seat"].is_null());
    for seat in 0..2 {
        assert!(
            game["view"]["players"][seat]["hand"].is_null(),
            "eve sees a hand: {game}"
        );
    }
    assert_eq!(game["legal_commands"], json!([]));

    // Said outright, the same.
    let open = full_duel(&app, &ann, &bob, true).await;
    assert_eq!(
        app.table_command(open, &ann, "start").await.status(),
        StatusCode::OK
    );
    assert_eq!(app.game(open, &eve).await["spectators"], true);
}
