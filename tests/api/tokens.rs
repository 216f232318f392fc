//! Personal access tokens: made by a signed-in user, allowed only their
//! scopes, refused once revoked or expired.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp, assert_problem, bet};

async fn make_token(app: &TestApp, owner: &Player, body: Value) -> reqwest::Response {
    app.post("/v1/me/tokens", Some(&owner.token), &body).await
}

/// A token of `owner` with `scopes`: its secret and its id.
async fn token_with(app: &TestApp, owner: &Player, scopes: &[&str]) -> (String, String) {
    let made = make_token(app, owner, json!({ "name": "my bot", "scopes": scopes })).await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let made: Value = made.json().await.unwrap();
    assert!(made["token"].as_str().unwrap().starts_with("owlpat_"));
    (
        made["token"].as_str().unwrap().to_owned(),
        made["personal_token"]["id"].as_str().unwrap().to_owned(),
    )
}

#[tokio::test]
async fn a_read_only_personal_token_reads_the_game_but_cannot_play_a_move() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let (read_only, _) = token_with(&app, &ann, &["read"]).await;

    let game = app.get(&format!("/v1/games/{id}"), Some(&read_only)).await;
    assert_eq!(game.status(), StatusCode::OK);
    let game: Value = game.json().await.unwrap();
    assert_eq!(game["your_seat"], 0, "the token reads as its user");

    let before = app.event_count(id).await;
    let played = app
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&read_only),
            &bet(1, &[]),
        )
        .await;
    let problem = assert_problem(played, StatusCode::FORBIDDEN, "insufficient_scope").await;
    assert!(
        problem["detail"].as_str().unwrap().contains("play"),
        "{problem}"
    );
    assert_eq!(app.event_count(id).await, before, "nothing was played");
    let resigned = app
        .post(
            &format!("/v1/games/{id}/resign"),
            Some(&read_only),
            &json!({}),
        )
        .await;
    assert_problem(resigned, StatusCode::FORBIDDEN, "insufficient_scope").await;
}

#[tokio::test]
async fn a_play_token_plays_as_its_user_until_it_is_revoked() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let (player, token_id) = token_with(&app, &ann, &["read", "play"]).await;
    let played = app
        .post(
            &format!("/v1/games/{id}/actions"),
            Some(&player),
            &bet(1, &[]),
        )
        .await;
    assert_eq!(played.status(), StatusCode::OK);

    let revoked = app
        .delete(&format!("/v1/me/tokens/{token_id}"), Some(&ann.token))
        .await;
    assert_eq!(revoked.status(), StatusCode::NO_CONTENT);
    let refused = app.get(&format!("/v1/games/{id}"), Some(&player)).await;
    assert_problem(refused, StatusCode::UNAUTHORIZED, "unauthorized").await;
    let listed: Value = app
        .get("/v1/me/tokens", Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed[0]["id"], token_id.as_str());
    assert!(listed[0]["revoked_at"].is_string(), "{listed}");
    assert!(
        listed[0].get("token").is_none(),
        "the secret is never shown again"
    );
    // Another user cannot revoke it, or even learn it exists.
    let (_, other) = token_with(&app, &ann, &["read"]).await;
    let by_bob = app
        .delete(&format!("/v1/me/tokens/{other}"), Some(&bob.token))
        .await;
    assert_problem(by_bob, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn a_personal_token_does_only_what_its_scopes_allow_and_never_manages_the_account() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let (player, _) = token_with(&app, &ann, &["read", "play"]).await;
    let (hooks, _) = token_with(&app, &ann, &["webhooks"]).await;
    let hook = json!({ "url": "http://127.0.0.1:9/hook" });
    let refused = app.post("/v1/me/webhooks", Some(&player), &hook).await;
    assert_problem(refused, StatusCode::FORBIDDEN, "insufficient_scope").await;
    let registered = app.post("/v1/me/webhooks", Some(&hooks), &hook).await;
    assert_eq!(registered.status(), StatusCode::CREATED);
    // A token lends no account: it makes no token and reads no token list.
    let minted = make_token(
        &app,
        &Player {
            token: player.clone(),
            ..ann.clone()
        },
        json!({
            "name": "another", "scopes": ["read"]
        }),
    )
    .await;
    assert_problem(minted, StatusCode::FORBIDDEN, "insufficient_scope").await;
    let listed = app.get("/v1/me/tokens", Some(&hooks)).await;
    assert_problem(listed, StatusCode::FORBIDDEN, "insufficient_scope").await;
}

#[tokio::test]
async fn a_malformed_forged_or_expired_personal_token_is_refused_and_a_bad_request_makes_none() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let (token, _) = token_with(&app, &ann, &["read"]).await;
    let forged = format!("{}{}", &token[..token.len() - 4], "0000");
    for bad in [forged.as_str(), "owlpat_nonsense", "owlpat_"] {
        let refused = app.get("/v1/me/games", Some(bad)).await;
        assert_problem(refused, StatusCode::UNAUTHORIZED, "unauthorized").await;
    }
    for (body, why) in [
        (json!({ "name": "x", "scopes": [] }), "no scope"),
        (json!({ "name": " ", "scopes": ["read"] }), "an empty name"),
        (
            json!({ "name": "x".repeat(101), "scopes": ["read"] }),
            "a long name",
        ),
        (
            json!({ "name": "x", "scopes": ["read"], "expires_at": "2001-01-01T00:00:00Z" }),
            "an expiry past",
        ),
    ] {
        let refused = make_token(&app, &ann, body).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{why}");
    }
    let unknown_scope = make_token(&app, &ann, json!({ "name": "x", "scopes": ["admin"] })).await;
    assert_eq!(unknown_scope.status(), StatusCode::BAD_REQUEST);
    let listed: Value = app
        .get("/v1/me/tokens", Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(
        listed.as_array().unwrap().len(),
        1,
        "only the good one: {listed}"
    );
}

#[test]
fn the_spec_names_the_scope_each_operation_needs_of_a_personal_token() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let security = |path: &str, method: &str| spec["paths"][path][method]["security"].clone();
    assert!(
        security("/v1/games/{id}/actions", "post")
            .as_array()
            .unwrap()
            .contains(&json!({ "personal_token": ["play"] }))
    );
    assert!(
        security("/v1/games/{id}", "get")
            .as_array()
            .unwrap()
            .contains(&json!({ "personal_token": ["read"] }))
    );
    assert!(
        security("/v1/me/webhooks", "post")
            .as_array()
            .unwrap()
            .contains(&json!({ "personal_token": ["webhooks"] }))
    );
    assert_eq!(security("/v1/me/tokens", "post"), json!([{ "bearer": [] }]));
}
