//! Wiz-War over HTTP: the response window every cast opens is answered out
//! of turn by the other player, or by the server when his time runs out.

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp};

/// A two-player game with a day's time control, in which every window stops
/// at every player (yield policy `always`).
async fn timed_wizwar(app: &TestApp, ann: &Player, bob: &Player) -> Uuid {
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({
                "ruleset": "wizwar",
                "seats": 2,
                "options": { "yield_policy": "always" },
                "time_control": { "move_seconds": 3600 },
            }),
        )
        .await;
    app.start_created(created, ann, bob).await
}

/// Plays until a cast waits for its answer: the awaited player casts the
/// first spell he may, else ends his turn, else does what is listed first.
async fn play_until_a_window_opens(app: &TestApp, id: Uuid, players: [&Player; 2]) {
    for _ in 0..300 {
        let (player, game) = app.awaited(id, players).await;
        if game["awaiting"][0]["reason"] == "response" {
            return;
        }
        let legal = game["legal_commands"].as_array().unwrap();
        let command = legal
            .iter()
            .find(|c| c["type"] == "cast")
            .or_else(|| legal.iter().find(|c| c["type"] == "end_turn"))
            .or_else(|| legal.first())
            .expect("the awaited player has something to do")
            .clone();
        let response = app.act(id, player, json!({ "command": command })).await;
        assert_eq!(response.status(), StatusCode::OK, "{command}");
    }
    panic!("nobody cast a spell in 300 commands");
}

#[tokio::test]
async fn a_cast_waits_for_the_other_players_answer_and_his_deadline_passes_for_him() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_wizwar(&app, &ann, &bob).await;
    play_until_a_window_opens(&app, id, [&ann, &bob]).await;

    let (responder, window) = app.awaited(id, [&ann, &bob]).await;
    let caster = if responder.name == ann.name {
        &bob
    } else {
        &ann
    };
    let stack = window["view"]["stack"].as_array().unwrap();
    assert_eq!(stack.len(), 1, "one cast waits: {stack:?}");
    assert_eq!(stack[0]["responders"][0], window["your_seat"]);
    assert!(
        window["legal_commands"]
            .as_array()
            .unwrap()
            .contains(&json!({ "type": "pass" }))
    );

    // The caster waits: his turn goes on only once the window closes.
    let caster_game = app.game(id, caster).await;
    assert_eq!(caster_game["awaiting_you"], false);
    assert!(caster_game["legal_commands"].as_array().unwrap().is_empty());
    let count = app.event_count(id).await;
    let refused = app
        .act(id, caster, json!({ "command": { "type": "end_turn" } }))
        .await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        app.event_count(id).await,
        count,
        "a refusal appends nothing"
    );

    // The window is in the responder's inbox, with its deadline.
    let inbox: Value = app
        .get("/v1/me/inbox", Some(&responder.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(inbox["games"][0]["id"], id.to_string());
    let deadline: DateTime<Utc> = window["deadline"].as_str().unwrap().parse().unwrap();

    // Nothing happens before the deadline; after it the server passes for him.
    let early = owlpost_api::deadlines::sweep(&app.state.store, deadline - Duration::seconds(1))
        .await
        .unwrap();
    assert_eq!(early, 0);
    let late = owlpost_api::deadlines::sweep(&app.state.store, deadline + Duration::seconds(1))
        .await
        .unwrap();
    assert_eq!(late, 1);
    let feed = app.feed(id, caster).await;
    let rules: Vec<&Value> = feed.iter().map(|e| &e["body"]["event"]).collect();
    let passed = rules
        .iter()
        .rposition(|e| e["type"] == "response_passed")
        .expect("the timeout passed");
    assert_eq!(rules[passed]["seat"], window["your_seat"]);
    assert!(
        rules[passed..].iter().any(|e| e["type"] == "cast_resolved"),
        "the cast resolved once the window closed"
    );
    let after = app.game(id, caster).await;
    assert!(after["view"]["stack"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn a_player_asked_to_answer_may_change_his_yield_policy_and_the_window_closes() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = timed_wizwar(&app, &ann, &bob).await;
    play_until_a_window_opens(&app, id, [&ann, &bob]).await;
    let (responder, window) = app.awaited(id, [&ann, &bob]).await;
    let seat = window["your_seat"].as_u64().unwrap() as usize;
    assert_eq!(window["view"]["wizards"][seat]["yield_policy"], "always");

    let response = app
        .act(
            id,
            responder,
            json!({ "command": { "type": "set_yield_policy", "policy": "never" } }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let after = app.game(id, responder).await;
    assert!(after["view"]["stack"].as_array().unwrap().is_empty());
    assert_eq!(after["view"]["wizards"][seat]["yield_policy"], "never");
    let feed = app.feed(id, responder).await;
    let last_types: Vec<&Value> = feed.iter().map(|e| &e["body"]["event"]["type"]).collect();
    assert!(last_types.contains(&&json!("response_yielded")));
    assert!(
        !after["awaiting"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["reason"] == "response"),
        "no window waits for an answer: {}",
        after["awaiting"]
    );
}

#[tokio::test]
async fn optional_rules_are_chosen_at_creation_refused_when_impossible_and_shown_in_the_view() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let create = |rules: Value| {
        let body =
            json!({ "ruleset": "wizwar", "seats": 2, "options": { "optional_rules": rules } });
        let request = app
            .client
            .post(app.url("/v1/games"))
            .bearer_auth(&ann.token);
        async move { request.json(&body).send().await.unwrap() }
    };
    for impossible in [
        json!({ "victory_points": 5 }),
        json!({ "giant_book_of_spells": true, "custom_spellbook": { "white_cantrip": { "seats": [0], "schools": ["alchemy", "elemental", "mentalism"] }, "black_cantrip": { "seats": [1], "schools": ["conjuring", "mutation", "thaumaturgy"] } } }),
        json!({ "no_such_rule": true }),
    ] {
        let refused = create(impossible.clone()).await;
        let problem =
            crate::helpers::assert_problem(refused, StatusCode::BAD_REQUEST, "invalid_options")
                .await;
        assert!(
            problem["detail"].as_str().unwrap().len() > 20,
            "{impossible}: {problem}"
        );
    }
    let created = create(json!({ "victory_points": 3, "uncluttered_minds": true })).await;
    let id = app.start_created(created, &ann, &bob).await;
    let game = app.game(id, &bob).await;
    let rules = &game["view"]["optional_rules"];
    assert_eq!(rules["victory_points"], 3, "{rules}");
    assert_eq!(rules["uncluttered_minds"], true);
    assert_eq!(rules["deadly_treasures"], false);
}
