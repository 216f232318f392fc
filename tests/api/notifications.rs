//! Long-polls: a client waits for the next event, or for a game to await
//! him, instead of asking again and again.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem, bet};

/// Spins until `app` holds `count` waiting long-polls, so a test knows its
/// long-poll is waiting before it makes the move that should end the wait.
async fn until_waiting(app: &TestApp, count: usize) {
    for _ in 0..100_000 {
        if app.state.store.changes().waiting() >= count {
            return;
        }
        tokio::task::yield_now().await;
    }
    panic!("the long-poll never started waiting");
}

async fn version(app: &TestApp, id: Uuid, player: &Player) -> i64 {
    app.game(id, player).await["version"].as_i64().unwrap()
}

async fn page(response: reqwest::Response) -> Value {
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn a_long_poll_on_the_feed_answers_with_the_opponents_move() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let after = version(&app, id, &bob).await;
    let path = format!("/v1/games/{id}/events?after={after}&wait=30");
    let poll = app.get(&path, Some(&bob.token));
    let (answer, ()) = tokio::join!(poll, async {
        until_waiting(&app, 1).await;
        let moved = app.act(id, &ann, bet(3, &[])).await;
        assert_eq!(moved.status(), StatusCode::OK);
    });
    let page = page(answer).await;
    let events = page["events"].as_array().unwrap();
    assert!(!events.is_empty(), "the wait ended with the move: {page}");
    assert_eq!(events[0]["seq"], after + 1);
    // Bob sees that Ann has sealed a bet, not the bet itself.
    assert!(!page.to_string().contains("\"bet\":3"), "{page}");
}

#[tokio::test]
async fn a_long_poll_with_nothing_new_answers_an_empty_page_when_the_wait_is_over() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let after = version(&app, id, &bob).await;
    let page = page(
        app.get(
            &format!("/v1/games/{id}/events?after={after}&wait=1"),
            Some(&bob.token),
        )
        .await,
    )
    .await;
    assert_eq!(page["events"], json!([]));
    assert_eq!(page["next_after"], after);
    assert_eq!(page["has_more"], false);
    assert_eq!(app.event_count(id).await, after, "waiting appends nothing");
}

#[tokio::test]
async fn a_long_poll_with_events_already_there_answers_at_once() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let page = page(
        app.get(
            &format!("/v1/games/{id}/events?after=0&wait=60&limit=2"),
            Some(&bob.token),
        )
        .await,
    )
    .await;
    assert_eq!(page["events"].as_array().unwrap().len(), 2);
    assert_eq!(page["has_more"], true);
}

#[tokio::test]
async fn a_wait_out_of_range_is_refused() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    for wait in ["0", "61", "soon"] {
        let feed = app
            .get(
                &format!("/v1/games/{id}/events?after=0&wait={wait}"),
                Some(&bob.token),
            )
            .await;
        assert_problem(feed, StatusCode::BAD_REQUEST, "invalid_request").await;
        let inbox = app
            .get(&format!("/v1/me/inbox?wait={wait}"), Some(&bob.token))
            .await;
        assert_problem(inbox, StatusCode::BAD_REQUEST, "invalid_request").await;
    }
}

#[tokio::test]
async fn the_inbox_long_poll_answers_when_a_game_comes_to_await_the_caller() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    // Ann has sealed her bet: nothing awaits her until Bob seals his.
    assert_eq!(
        app.act(id, &ann, bet(3, &[])).await.status(),
        StatusCode::OK
    );
    let poll = app.get("/v1/me/inbox?wait=30", Some(&ann.token));
    let (answer, ()) = tokio::join!(poll, async {
        until_waiting(&app, 1).await;
        assert_eq!(
            app.act(id, &bob, bet(2, &[])).await.status(),
            StatusCode::OK
        );
    });
    let inbox = page(answer).await;
    let games = inbox["games"].as_array().unwrap();
    assert_eq!(games.len(), 1, "{inbox}");
    assert_eq!(games[0]["id"], id.to_string());
    assert_eq!(games[0]["awaiting_you"], true);
}

/// Two servers on one database and a duel started through the first.
async fn two_servers_and_a_duel() -> (TestApp, TestApp, Player, Player, Uuid) {
    let first = TestApp::spawn().await;
    let second = TestApp::spawn_beside(&first).await;
    let (ann, bob) = (first.register("ann").await, first.register("bob").await);
    let id = first.started_duel(&ann, &bob, json!({})).await;
    (first, second, ann, bob, id)
}

/// Ann moves through `first` while Bob long-polls the duel's events on
/// `second`: the first event of Bob's answer.
async fn first_event_bob_hears_on_the_second_server(
    (first, second, ann, bob, id): &(TestApp, TestApp, Player, Player, Uuid),
) -> (i64, Option<Value>) {
    let after = version(second, *id, bob).await;
    let path = format!("/v1/games/{id}/events?after={after}&wait=30");
    let poll = second.get(&path, Some(&bob.token));
    let (answer, ()) = tokio::join!(poll, async {
        until_waiting(second, 1).await;
        assert_eq!(
            first.act(*id, ann, bet(3, &[])).await.status(),
            StatusCode::OK
        );
    });
    let page = page(answer).await;
    let first_seq = page["events"]
        .as_array()
        .unwrap()
        .first()
        .map(|e| e["seq"].clone());
    (after, first_seq)
}

#[tokio::test]
async fn a_move_through_one_server_ends_a_long_poll_on_another() {
    let duel = two_servers_and_a_duel().await;
    let (after, heard) = first_event_bob_hears_on_the_second_server(&duel).await;
    assert_eq!(heard, Some(json!(after + 1)));
}

#[tokio::test]
async fn a_long_poll_on_another_server_ends_even_when_the_announcement_of_the_move_was_cut_off() {
    let duel = two_servers_and_a_duel().await;
    let first = &duel.0;
    let (admin, connection) = tokio_postgres::connect(&first.database_url, tokio_postgres::NoTls)
        .await
        .expect("the test database answers");
    tokio::spawn(connection);
    let cut: i64 = admin
        .query_one(
            "SELECT count(*) FROM (SELECT pg_terminate_backend(pid) FROM pg_stat_activity \
             WHERE datname = $1 AND application_name = $2) AS cut",
            &[&first.database, &owlpost_api::notify::ANNOUNCER],
        )
        .await
        .expect("the announcers are cut off")
        .get(0);
    assert!(cut >= 1, "each server announces on a connection of its own");
    let (after, heard) = first_event_bob_hears_on_the_second_server(&duel).await;
    assert_eq!(
        heard,
        Some(json!(after + 1)),
        "the other server is told to look again once its announcer is back"
    );
}
