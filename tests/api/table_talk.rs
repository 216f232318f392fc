//! Table talk (issue 29): messages between the players of a game, to the
//! table or to one player, and mutes. A message to one player reaches its
//! one reader (and its writer) only, in every answer that shows the game.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use owlpost_api::record::{GameRecord, verify};

use crate::helpers::{Player, TestApp, assert_problem};

async fn write(app: &TestApp, id: Uuid, player: &Player, body: Value) -> reqwest::Response {
    app.post(
        &format!("/v1/games/{id}/messages"),
        Some(&player.token),
        &body,
    )
    .await
}

async fn written(app: &TestApp, id: Uuid, player: &Player, body: Value) -> Value {
    let response = write(app, id, player, body).await;
    assert_eq!(response.status(), StatusCode::CREATED);
    response.json().await.unwrap()
}

/// Every answer that shows game `id` or its events to `player` at `version`,
/// as text: the game, the game at its first and last events, the feed, the
/// board now and at the end, and the export once the game is finished.
async fn every_answer(app: &TestApp, id: Uuid, player: &Player, version: i64) -> String {
    let mut paths = vec![
        format!("/v1/games/{id}"),
        format!("/v1/games/{id}/at/1"),
        format!("/v1/games/{id}/at/{version}"),
        format!("/v1/games/{id}/events?after=0&limit=500"),
        format!("/v1/games/{id}/board.svg"),
        format!("/v1/games/{id}/board.svg?at={version}"),
    ];
    let finished = app.game(id, player).await["status"] == "finished";
    if finished {
        paths.push(format!("/v1/games/{id}/export"));
    }
    let mut all = String::new();
    for path in paths {
        let response = app.get(&path, Some(&player.token)).await;
        assert_eq!(response.status(), StatusCode::OK, "GET {path}");
        all.push_str(&response.text().await.unwrap());
    }
    all
}

/// A war of wizards (Wiz-War) for ann, bob and cid, started.
pub(crate) async fn three_wizards(app: &TestApp, ann: &Player, bob: &Player, cid: &Player) -> Uuid {
    let id = app.open_game(ann, "wizwar", 3).await;
    for player in [bob, cid] {
        assert_eq!(
            app.join(&id, player, json!({})).await.status(),
            StatusCode::OK
        );
    }
    let started = app.table_command(id, ann, "start").await;
    assert_eq!(started.status(), StatusCode::OK);
    id
}

#[tokio::test]
async fn a_message_to_one_player_reaches_its_one_reader_only_in_every_answer_during_and_after_the_game()
 {
    let app = TestApp::spawn().await;
    let (ann, bob, cid, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
        app.register("eve").await,
    );
    let id = three_wizards(&app, &ann, &bob, &cid).await;
    let private = "Let us both go after cid: SECRET-PACT-4711";
    let public = "Good luck, all of you: PUBLIC-GREETING-1234";
    let told = written(&app, id, &ann, json!({ "text": private, "to": 1 })).await;
    assert_eq!(
        told["events"][0]["body"]["event"]["type"],
        "message_written"
    );
    assert_eq!(
        told["events"][0]["text"],
        format!("ann to bob alone: {private}")
    );
    written(&app, id, &cid, json!({ "text": public })).await;

    let version = app.game(id, &ann).await["version"].as_i64().unwrap();
    for (player, sees_private, sees_public) in [
        (&ann, true, true),
        (&bob, true, true),
        (&cid, false, true),
        (&eve, false, false),
    ] {
        let answers = every_answer(&app, id, player, version).await;
        assert_eq!(
            answers.contains("SECRET-PACT-4711"),
            sees_private,
            "{} and the message to bob",
            player.name
        );
        assert_eq!(
            answers.contains("PUBLIC-GREETING-1234"),
            sees_public,
            "{} and the message to all",
            player.name
        );
    }

    // Over: spectators read the table's talk, never a message to one player,
    // and the export (public) withholds its text but still verifies.
    let resigned = app.table_command(id, &cid, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);
    let version = app.game(id, &ann).await["version"].as_i64().unwrap();
    for (player, sees_private) in [(&ann, true), (&bob, true), (&cid, false), (&eve, false)] {
        let answers = every_answer(&app, id, player, version).await;
        assert!(answers.contains("PUBLIC-GREETING-1234"), "{}", player.name);
        assert_eq!(
            answers.contains("SECRET-PACT-4711"),
            sees_private,
            "{} once it is over",
            player.name
        );
        let export = app
            .get(&format!("/v1/games/{id}/export"), Some(&player.token))
            .await;
        let export = export.text().await.unwrap();
        assert!(
            !export.contains("SECRET-PACT-4711"),
            "the export withholds it"
        );
    }
    let record: GameRecord = app
        .get(&format!("/v1/games/{id}/export"), Some(&eve.token))
        .await
        .json()
        .await
        .unwrap();
    let withheld: Vec<&Value> = record
        .events
        .iter()
        .map(|event| &event.payload)
        .filter(|payload| payload["type"] == "message_withheld")
        .collect();
    assert_eq!(
        withheld,
        [&json!({ "type": "message_withheld", "from": 0, "to": 1 })]
    );
    verify(&record).expect("a record with a withheld message verifies");
}

#[tokio::test]
async fn a_message_changes_nothing_in_the_game_and_wakes_a_waiting_feed() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.game(id, &bob).await;
    let version = before["version"].as_i64().unwrap();

    let poll = format!("/v1/games/{id}/events?after={version}&wait=30");
    let changes = app.state.store.changes();
    let waiters_before = changes.waiting();
    let waiting = app.get(&poll, Some(&bob.token));
    let writing = async {
        while changes.waiting() <= waiters_before {
            tokio::task::yield_now().await;
        }
        written(&app, id, &ann, json!({ "text": "<b>Fire</b> & ice" })).await
    };
    let (woken, _) = tokio::join!(waiting, writing);
    let page: Value = woken.json().await.unwrap();
    let event = &page["events"][0];
    assert_eq!(
        event["body"]["event"]["text"], "<b>Fire</b> & ice",
        "kept as plain text"
    );
    assert_eq!(event["text"], "ann says: <b>Fire</b> & ice");

    let after = app.game(id, &bob).await;
    assert_eq!(after["version"], version + 1);
    for field in [
        "view",
        "awaiting",
        "awaiting_you",
        "legal_commands",
        "deadline",
        "status",
    ] {
        assert_eq!(after[field], before[field], "{field}");
    }
}

#[tokio::test]
async fn a_message_is_refused_when_empty_too_long_to_oneself_or_one_too_many_this_minute() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let refusals = [
        (json!({ "text": "   " }), "empty_message"),
        (json!({ "text": "x".repeat(1001) }), "message_too_long"),
        (json!({ "text": "ding\u{7}" }), "message_not_plain_text"),
        (json!({ "text": "me", "to": 0 }), "message_to_self"),
    ];
    for (body, code) in refusals {
        let refused = write(&app, id, &ann, body).await;
        assert_problem(refused, StatusCode::UNPROCESSABLE_ENTITY, code).await;
    }
    let refused = write(&app, id, &eve, json!({ "text": "hi" })).await;
    assert_problem(refused, StatusCode::FORBIDDEN, "not_a_player").await;
    let before = app.game(id, &ann).await["version"].clone();

    // Ten messages a minute.
    for sent in 0..10 {
        written(&app, id, &bob, json!({ "text": format!("message {sent}") })).await;
    }
    let refused = write(&app, id, &bob, json!({ "text": "one more" })).await;
    assert!(refused.headers().contains_key("retry-after"));
    assert_problem(refused, StatusCode::TOO_MANY_REQUESTS, "too_many_messages").await;
    assert_eq!(
        app.game(id, &ann).await["version"],
        before.as_i64().unwrap() + 10,
        "only the ten messages Bob could write"
    );
}

#[tokio::test]
async fn a_muted_players_messages_are_not_shown_to_whoever_muted_him_and_nobody_else_learns_of_it()
{
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let muted = app
        .post(
            &format!("/v1/games/{id}/mute/0"),
            Some(&bob.token),
            &json!({}),
        )
        .await;
    assert_eq!(muted.status(), StatusCode::CREATED);
    let muted: Value = muted.json().await.unwrap();
    assert_eq!(
        muted["events"][0]["text"],
        "You mute ann: his messages are not shown to you."
    );
    written(&app, id, &ann, json!({ "text": "MUTED-WORDS" })).await;

    let texts = |feed: Vec<Value>| -> Vec<String> {
        feed.iter()
            .map(|event| event["text"].as_str().unwrap().to_owned())
            .collect()
    };
    let bob_reads = texts(app.feed(id, &bob).await);
    assert!(!bob_reads.iter().any(|text| text.contains("MUTED-WORDS")));
    let ann_reads = texts(app.feed(id, &ann).await);
    assert!(ann_reads.iter().any(|text| text.contains("MUTED-WORDS")));
    assert!(!ann_reads.iter().any(|text| text.contains("mute")));

    let heard = app
        .delete(&format!("/v1/games/{id}/mute/0"), Some(&bob.token))
        .await;
    assert_eq!(heard.status(), StatusCode::CREATED);
    let bob_reads = texts(app.feed(id, &bob).await);
    assert!(bob_reads.iter().any(|text| text.contains("MUTED-WORDS")));
    let refused = app
        .post(
            &format!("/v1/games/{id}/mute/1"),
            Some(&bob.token),
            &json!({}),
        )
        .await;
    assert_problem(refused, StatusCode::UNPROCESSABLE_ENTITY, "mute_self").await;
}

/// The caller's game `id` as `GET /v1/me/games` lists it.
async fn listed(app: &TestApp, id: Uuid, player: &Player) -> Value {
    let mine: Value = app
        .get("/v1/me/games", Some(&player.token))
        .await
        .json()
        .await
        .unwrap();
    mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["id"] == id.to_string())
        .cloned()
        .expect("the game is listed")
}

#[tokio::test]
async fn a_message_counts_in_its_readers_inbox_until_he_acts_in_the_game() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    let id = three_wizards(&app, &ann, &bob, &cid).await;
    written(&app, id, &cid, json!({ "text": "Greetings, both" })).await;
    written(&app, id, &ann, json!({ "text": "For bob alone", "to": 1 })).await;

    assert_eq!(listed(&app, id, &bob).await["unread_messages"], 2);
    assert_eq!(
        listed(&app, id, &cid).await["unread_messages"],
        0,
        "his own message, and not the one to bob alone"
    );
    assert_eq!(
        listed(&app, id, &ann).await["unread_messages"],
        0,
        "she wrote after cid, which read his message"
    );

    // The game is in his inbox with its count of messages for him.
    let inbox: Value = app
        .get("/v1/me/inbox", Some(&bob.token))
        .await
        .json()
        .await
        .unwrap();
    assert!(
        inbox["games"]
            .as_array()
            .unwrap()
            .iter()
            .any(|g| g["id"] == id.to_string() && g["unread_messages"] == 2)
    );

    // Writing back reads the conversation up to his message.
    written(&app, id, &bob, json!({ "text": "Thank you" })).await;
    assert_eq!(listed(&app, id, &bob).await["unread_messages"], 0);
    assert_eq!(listed(&app, id, &cid).await["unread_messages"], 1);
}
