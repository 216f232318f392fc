//! Staying signed in: a log-in opens a session whose short-lived access
//! token is renewed with a refresh token good for one exchange; a refresh
//! token used twice signs its session out; signing out (here or everywhere)
//! refuses the session's tokens at once.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::{TestApp, assert_problem};

const PASSWORD: &str = "a long enough password";

/// A session's tokens as the server answered them (`Token`).
struct Session {
    access: String,
    refresh: String,
}

impl Session {
    fn of(body: &Value) -> Session {
        Session {
            access: body["access_token"].as_str().unwrap().to_owned(),
            refresh: body["refresh_token"].as_str().unwrap().to_owned(),
        }
    }
}

async fn sign_up(app: &TestApp, name: &str) {
    let credentials = json!({ "username": name, "password": PASSWORD });
    let response = app.post("/v1/auth/register", None, &credentials).await;
    assert_eq!(response.status(), StatusCode::CREATED);
}

/// A new session of `name` (a log-in, as on another device).
async fn log_in(app: &TestApp, name: &str) -> Session {
    let credentials = json!({ "username": name, "password": PASSWORD });
    let response = app.post("/v1/auth/login", None, &credentials).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    assert!(body["expires_in"].as_i64().unwrap() > 0);
    assert!(body["refresh_expires_in"].as_i64().unwrap() > body["expires_in"].as_i64().unwrap());
    Session::of(&body)
}

async fn refresh(app: &TestApp, refresh_token: &str) -> reqwest::Response {
    app.post(
        "/v1/auth/refresh",
        None,
        &json!({ "refresh_token": refresh_token }),
    )
    .await
}

/// The status of reading one's own games with `access_token`.
async fn reading_with(app: &TestApp, access_token: &str) -> reqwest::Response {
    app.get("/v1/me/games", Some(access_token)).await
}

#[tokio::test]
async fn a_refresh_token_is_exchanged_for_new_tokens_which_renew_again() {
    let app = TestApp::spawn().await;
    sign_up(&app, "merlin").await;
    let first = log_in(&app, "merlin").await;
    assert!(first.refresh.starts_with("owlrt_"));

    let renewed = refresh(&app, &first.refresh).await;
    assert_eq!(renewed.status(), StatusCode::OK);
    let renewed: Value = renewed.json().await.unwrap();
    assert_eq!(renewed["user"]["username"], "merlin");
    let second = Session::of(&renewed);
    assert_ne!(second.refresh, first.refresh, "the refresh token rotates");
    assert_eq!(
        reading_with(&app, &second.access).await.status(),
        StatusCode::OK
    );
    // The first access token lives on until it expires: its session is live.
    assert_eq!(
        reading_with(&app, &first.access).await.status(),
        StatusCode::OK
    );

    let third = refresh(&app, &second.refresh).await;
    assert_eq!(third.status(), StatusCode::OK, "the new one renews in turn");
}

#[tokio::test]
async fn a_refresh_token_used_twice_signs_its_session_out_and_the_newer_tokens_stop_working() {
    let app = TestApp::spawn().await;
    sign_up(&app, "morgana").await;
    let stolen = log_in(&app, "morgana").await;
    let elsewhere = log_in(&app, "morgana").await;
    let renewed = refresh(&app, &stolen.refresh).await;
    assert_eq!(renewed.status(), StatusCode::OK);
    let renewed = Session::of(&renewed.json().await.unwrap());

    // The thief (or the owner, whichever comes second) sends the old one.
    let reused = refresh(&app, &stolen.refresh).await;
    let problem = assert_problem(reused, StatusCode::UNAUTHORIZED, "refresh_token_reused").await;
    assert!(
        problem["detail"].as_str().unwrap().contains("log in again"),
        "{problem}"
    );

    let newer = refresh(&app, &renewed.refresh).await;
    assert_problem(newer, StatusCode::UNAUTHORIZED, "refresh_token_invalid").await;
    for access in [&renewed.access, &stolen.access] {
        let refused = reading_with(&app, access).await;
        assert_problem(refused, StatusCode::UNAUTHORIZED, "session_ended").await;
    }
    // Her session on another device is another family: untouched.
    assert_eq!(
        reading_with(&app, &elsewhere.access).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        refresh(&app, &elsewhere.refresh).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn signing_out_everywhere_refuses_every_refresh_token_and_every_earlier_access_token() {
    let app = TestApp::spawn().await;
    sign_up(&app, "nimue").await;
    let phone = log_in(&app, "nimue").await;
    let laptop = log_in(&app, "nimue").await;
    let made = app
        .post(
            "/v1/me/tokens",
            Some(&laptop.access),
            &json!({ "name": "my bot", "scopes": ["read"] }),
        )
        .await;
    assert_eq!(made.status(), StatusCode::CREATED);
    let bot: Value = made.json().await.unwrap();
    let bot = bot["token"].as_str().unwrap().to_owned();
    let by_bot = app
        .post("/v1/auth/logout-everywhere", Some(&bot), &json!({}))
        .await;
    assert_problem(by_bot, StatusCode::FORBIDDEN, "insufficient_scope").await;

    let signed_out = app
        .post(
            "/v1/auth/logout-everywhere",
            Some(&laptop.access),
            &json!({}),
        )
        .await;
    assert_eq!(signed_out.status(), StatusCode::NO_CONTENT);

    for session in [&phone, &laptop] {
        let read = reading_with(&app, &session.access).await;
        assert_problem(read, StatusCode::UNAUTHORIZED, "session_ended").await;
        let renewed = refresh(&app, &session.refresh).await;
        assert_problem(renewed, StatusCode::UNAUTHORIZED, "refresh_token_invalid").await;
    }
    assert_eq!(
        reading_with(&app, &bot).await.status(),
        StatusCode::OK,
        "a personal access token is no session: it lives until revoked"
    );
    let again = log_in(&app, "nimue").await;
    assert_eq!(
        reading_with(&app, &again.access).await.status(),
        StatusCode::OK,
        "logging in after opens a new session"
    );
}

#[tokio::test]
async fn signing_out_ends_this_session_only() {
    let app = TestApp::spawn().await;
    sign_up(&app, "vivien").await;
    let here = log_in(&app, "vivien").await;
    let there = log_in(&app, "vivien").await;

    let signed_out = app
        .post("/v1/auth/logout", Some(&here.access), &json!({}))
        .await;
    assert_eq!(signed_out.status(), StatusCode::NO_CONTENT);

    let read = reading_with(&app, &here.access).await;
    assert_problem(read, StatusCode::UNAUTHORIZED, "session_ended").await;
    let renewed = refresh(&app, &here.refresh).await;
    assert_problem(renewed, StatusCode::UNAUTHORIZED, "refresh_token_invalid").await;
    assert_eq!(
        reading_with(&app, &there.access).await.status(),
        StatusCode::OK
    );
    assert_eq!(refresh(&app, &there.refresh).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn two_renewals_with_one_refresh_token_at_the_same_instant_never_both_succeed() {
    let app = TestApp::spawn().await;
    sign_up(&app, "taliesin").await;
    // Several rounds, so that the two requests truly meet in the database.
    for round in 0..5 {
        let session = log_in(&app, "taliesin").await;
        let (one, other) = tokio::join!(
            refresh(&app, &session.refresh),
            refresh(&app, &session.refresh)
        );
        let mut statuses = [one.status(), other.status()];
        statuses.sort();
        assert_eq!(
            statuses,
            [StatusCode::OK, StatusCode::UNAUTHORIZED],
            "round {round}"
        );
        let refused = if one.status() == StatusCode::OK {
            other
        } else {
            one
        };
        assert_problem(refused, StatusCode::UNAUTHORIZED, "refresh_token_reused").await;
    }
}

#[tokio::test]
async fn an_unknown_or_malformed_refresh_token_is_refused() {
    let app = TestApp::spawn().await;
    for token in [
        "owlrt_0000000000000000000000000000000000000000000000000000000000000000",
        "not a refresh token",
        "",
    ] {
        let refused = refresh(&app, token).await;
        assert_problem(refused, StatusCode::UNAUTHORIZED, "refresh_token_invalid").await;
    }
    let no_token = app.post("/v1/auth/refresh", None, &json!({})).await;
    assert_problem(no_token, StatusCode::BAD_REQUEST, "malformed_json").await;
}

#[tokio::test]
async fn an_expired_refresh_token_is_refused() {
    let app = TestApp::spawn().await;
    sign_up(&app, "blaise").await;
    let session = log_in(&app, "blaise").await;
    let (db, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls)
        .await
        .unwrap();
    tokio::spawn(connection);
    db.batch_execute("UPDATE refresh_tokens SET expires_at = now() - interval '1 second'")
        .await
        .unwrap();
    let refused = refresh(&app, &session.refresh).await;
    assert_problem(refused, StatusCode::UNAUTHORIZED, "refresh_token_invalid").await;
}
