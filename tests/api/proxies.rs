//! Behind a reverse proxy, sign-in limits count each client the proxy names;
//! without a trusted proxy, nobody can pick his own address by a header.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{AUTH_ATTEMPTS_PER_MINUTE, TestApp};

/// A failed log-in as if from `client`, through a proxy writing `header`.
async fn guess(app: &TestApp, header: &str, client: &str) -> StatusCode {
    let guess = json!({ "username": "arthur", "password": "one more guess" });
    app.client
        .post(app.url("/v1/auth/login"))
        .header(header, client)
        .json(&guess)
        .send()
        .await
        .unwrap()
        .status()
}

/// Guesses as `client` until refused (the bucket refills while guessing).
async fn use_up_the_budget_of(app: &TestApp, client: &str) {
    for _ in 0..3 * AUTH_ATTEMPTS_PER_MINUTE {
        if guess(app, "x-forwarded-for", client).await == StatusCode::TOO_MANY_REQUESTS {
            return;
        }
    }
    panic!("{client} was never limited");
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_it_names_has_its_own_sign_in_budget() {
    // The test connects from loopback: that is the proxy.
    let app = TestApp::spawn_trusting_proxies("127.0.0.1, ::1").await;
    use_up_the_budget_of(&app, "203.0.113.1").await;
    // The proxy appended the real client to what the client claimed.
    let spoofed = guess(&app, "x-forwarded-for", "198.51.100.9, 203.0.113.1").await;
    assert_eq!(spoofed, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        guess(&app, "x-forwarded-for", "203.0.113.2").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        guess(&app, "forwarded", "for=\"203.0.113.3:4711\";proto=https").await,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn without_a_trusted_proxy_a_forwarded_header_changes_no_budget() {
    let app = TestApp::spawn().await;
    use_up_the_budget_of(&app, "203.0.113.1").await;
    assert_eq!(
        guess(&app, "x-forwarded-for", "203.0.113.2").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        guess(&app, "forwarded", "for=203.0.113.3").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}
