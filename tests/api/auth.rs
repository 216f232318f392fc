use jsonwebtoken::{Algorithm, EncodingKey, Header};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::{JWT_SECRET, TestApp, assert_problem};

#[tokio::test]
async fn a_registered_user_logs_in_and_the_token_opens_his_games() {
    let app = TestApp::spawn().await;
    let merlin = app.register("merlin").await;
    let response = app.get("/v1/me/games", Some(&merlin.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(body["games"], json!([]));
}

#[tokio::test]
async fn a_taken_username_is_refused_with_409() {
    let app = TestApp::spawn().await;
    app.register("morgana").await;
    let again = app
        .post(
            "/v1/auth/register",
            None,
            &json!({ "username": "morgana", "password": "another password" }),
        )
        .await;
    assert_problem(again, StatusCode::CONFLICT, "username_taken").await;
}

#[tokio::test]
async fn a_short_password_or_odd_username_is_refused_with_400() {
    let app = TestApp::spawn().await;
    let short = app
        .post(
            "/v1/auth/register",
            None,
            &json!({ "username": "gandalf", "password": "short" }),
        )
        .await;
    assert_problem(short, StatusCode::BAD_REQUEST, "invalid_request").await;
    let odd = app
        .post(
            "/v1/auth/register",
            None,
            &json!({ "username": "x y", "password": "long enough password" }),
        )
        .await;
    assert_problem(odd, StatusCode::BAD_REQUEST, "invalid_request").await;
}

#[tokio::test]
async fn a_wrong_password_and_an_unknown_user_get_the_same_401() {
    let app = TestApp::spawn().await;
    app.register("radagast").await;
    let wrong = app
        .post(
            "/v1/auth/login",
            None,
            &json!({ "username": "radagast", "password": "not the password" }),
        )
        .await;
    let wrong = assert_problem(wrong, StatusCode::UNAUTHORIZED, "invalid_credentials").await;
    let unknown = app
        .post(
            "/v1/auth/login",
            None,
            &json!({ "username": "nobody", "password": "not the password" }),
        )
        .await;
    let unknown = assert_problem(unknown, StatusCode::UNAUTHORIZED, "invalid_credentials").await;
    assert_eq!(wrong["detail"], unknown["detail"], "no user enumeration");
}

fn token(secret: &[u8], algorithm: Algorithm, sub: &str, iat: i64, exp: i64) -> String {
    jsonwebtoken::encode(
        &Header::new(algorithm),
        &json!({ "sub": sub, "iat": iat, "exp": exp }),
        &EncodingKey::from_secret(secret),
    )
    .unwrap()
}

#[tokio::test]
async fn missing_malformed_expired_and_foreign_tokens_get_401() {
    let app = TestApp::spawn().await;
    let user = app.register("saruman").await;
    let now = chrono::Utc::now().timestamp();
    let sub = user.id.to_string();

    let missing = app.get("/v1/me/games", None).await;
    assert_problem(missing, StatusCode::UNAUTHORIZED, "unauthorized").await;

    let malformed = app.get("/v1/me/games", Some("not-a-jwt")).await;
    assert_problem(malformed, StatusCode::UNAUTHORIZED, "unauthorized").await;

    let expired = token(JWT_SECRET, Algorithm::HS256, &sub, now - 7200, now - 3600);
    let expired = app.get("/v1/me/games", Some(&expired)).await;
    assert_problem(expired, StatusCode::UNAUTHORIZED, "token_expired").await;

    let foreign = token(
        b"somebody else's secret, also long",
        Algorithm::HS256,
        &sub,
        now,
        now + 3600,
    );
    let foreign = app.get("/v1/me/games", Some(&foreign)).await;
    assert_problem(foreign, StatusCode::UNAUTHORIZED, "unauthorized").await;

    let other_algorithm = token(JWT_SECRET, Algorithm::HS512, &sub, now, now + 3600);
    let other_algorithm = app.get("/v1/me/games", Some(&other_algorithm)).await;
    assert_problem(other_algorithm, StatusCode::UNAUTHORIZED, "unauthorized").await;

    // An unsigned token ("alg": "none") must never pass.
    let encode = |bytes: &[u8]| {
        base64::Engine::encode(&base64::engine::general_purpose::URL_SAFE_NO_PAD, bytes)
    };
    let unsigned = format!(
        "{}.{}.",
        encode(br#"{"alg":"none","typ":"JWT"}"#),
        encode(format!(r#"{{"sub":"{sub}","iat":{now},"exp":{}}}"#, now + 3600).as_bytes())
    );
    let unsigned = app.get("/v1/me/games", Some(&unsigned)).await;
    assert_problem(unsigned, StatusCode::UNAUTHORIZED, "unauthorized").await;

    let good = token(JWT_SECRET, Algorithm::HS256, &sub, now, now + 3600);
    assert_eq!(
        app.get("/v1/me/games", Some(&good)).await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn guessing_passwords_fast_is_stopped_with_429_and_retry_after() {
    let app = TestApp::spawn().await;
    app.register("arthur").await;
    let guess = json!({ "username": "arthur", "password": "one more guess" });
    // The budget refills a little every couple of seconds, so a slow machine
    // may need a few guesses more than the budget before it runs out.
    let mut answers = Vec::new();
    for _ in 0..crate::helpers::AUTH_ATTEMPTS_PER_MINUTE * 2 {
        let answer = app.post("/v1/auth/login", None, &guess).await;
        let limited = answer.status() == StatusCode::TOO_MANY_REQUESTS;
        answers.push(answer);
        if limited {
            break;
        }
    }
    let statuses: Vec<StatusCode> = answers.iter().map(|r| r.status()).collect();
    assert!(
        statuses.contains(&StatusCode::UNAUTHORIZED),
        "the first guesses are answered"
    );
    let limited = answers
        .into_iter()
        .find(|r| r.status() == StatusCode::TOO_MANY_REQUESTS)
        .unwrap_or_else(|| panic!("the limit is reached: {statuses:?}"));
    let retry_after: u64 = limited.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after));
    assert_problem(limited, StatusCode::TOO_MANY_REQUESTS, "too_many_requests").await;
    // Playing is not limited.
    assert_eq!(app.get("/v1/rulesets", None).await.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_valid_token_of_a_user_who_does_not_exist_is_401_everywhere() {
    let app = TestApp::spawn().await;
    let now = chrono::Utc::now().timestamp();
    let nobody = uuid::Uuid::new_v4().to_string();
    let ghost = token(JWT_SECRET, Algorithm::HS256, &nobody, now, now + 3600);

    let create = json!({ "ruleset": "firewall-duel", "seats": 2, "join": false });
    let created = app.post("/v1/games", Some(&ghost), &create).await;
    assert_problem(created, StatusCode::UNAUTHORIZED, "unauthorized").await;
    let webhook = json!({ "url": "https://example.org/hook" });
    let registered = app.post("/v1/me/webhooks", Some(&ghost), &webhook).await;
    assert_problem(registered, StatusCode::UNAUTHORIZED, "unauthorized").await;
    for path in ["/v1/me/games", "/v1/me/inbox", "/v1/me/webhooks"] {
        let response = app.get(path, Some(&ghost)).await;
        assert_problem(response, StatusCode::UNAUTHORIZED, "unauthorized").await;
    }
}

/// A token signed with the test secret carrying exactly `claims`.
fn signed(claims: serde_json::Value) -> String {
    jsonwebtoken::encode(
        &Header::new(Algorithm::HS256),
        &claims,
        &EncodingKey::from_secret(JWT_SECRET),
    )
    .unwrap()
}

#[tokio::test]
async fn a_token_not_yet_valid_issued_in_the_future_or_living_too_long_is_refused() {
    let app = TestApp::spawn().await;
    let user = app.register("gandalf").await;
    let now = chrono::Utc::now().timestamp();
    let sub = user.id.to_string();
    // The test server gives tokens an hour.
    let refused = [
        json!({ "sub": sub, "iat": now, "exp": now + 3600, "nbf": now + 600 }),
        json!({ "sub": sub, "iat": now + 365 * 86400, "exp": now + 365 * 86400 + 60 }),
        json!({ "sub": sub, "iat": now, "exp": now + 3601 }),
        json!({ "sub": sub, "iat": now, "exp": 16_725_225_600_i64 }),
    ];
    for claims in refused {
        let response = app.get("/v1/me/games", Some(&signed(claims.clone()))).await;
        let problem = assert_problem(response, StatusCode::UNAUTHORIZED, "unauthorized").await;
        assert!(
            problem["detail"].as_str().unwrap().contains("token"),
            "{claims}"
        );
    }
    let good = json!({ "sub": sub, "iat": now - 10, "exp": now + 3590, "nbf": now - 10 });
    let response = app.get("/v1/me/games", Some(&signed(good))).await;
    assert_eq!(response.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_bearer_scheme_is_read_whatever_its_case() {
    let app = TestApp::spawn().await;
    let user = app.register("radagast").await;
    for scheme in ["Bearer", "bearer", "BEARER", "bEaReR"] {
        let response = app
            .client
            .get(app.url("/v1/me/games"))
            .header("authorization", format!("{scheme} {}", user.token))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK, "{scheme}");
    }
    let basic = app
        .client
        .get(app.url("/v1/me/games"))
        .header("authorization", format!("Basic {}", user.token))
        .send()
        .await
        .unwrap();
    assert_problem(basic, StatusCode::UNAUTHORIZED, "unauthorized").await;
}

#[tokio::test]
async fn usernames_are_unique_whatever_their_case_and_keep_their_spelling() {
    let app = TestApp::spawn().await;
    let credentials = json!({ "username": "Merlin", "password": "a long enough password" });
    let created = app.post("/v1/auth/register", None, &credentials).await;
    assert_eq!(created.status(), StatusCode::CREATED);
    for other in ["merlin", "MERLIN", "mErLiN"] {
        let again = json!({ "username": other, "password": "another long password" });
        let response = app.post("/v1/auth/register", None, &again).await;
        assert_problem(response, StatusCode::CONFLICT, "username_taken").await;
    }
    let login = json!({ "username": "MERLIN", "password": "a long enough password" });
    let response = app.post("/v1/auth/login", None, &login).await;
    assert_eq!(response.status(), StatusCode::OK);
    let token: serde_json::Value = response.json().await.unwrap();
    assert_eq!(token["user"]["username"], "Merlin");
    let wrong = json!({ "username": "merlin", "password": "another long password" });
    let response = app.post("/v1/auth/login", None, &wrong).await;
    assert_problem(response, StatusCode::UNAUTHORIZED, "invalid_credentials").await;
}

#[tokio::test]
async fn a_short_or_published_jwt_secret_stops_the_server_at_start_up() {
    for secret in [
        "short secret",
        "change-me-to-a-long-random-secret-of-32-bytes-or-more",
    ] {
        let mut config = owlpost_api::Config::from_env();
        config.jwt_secret = Some(secret.to_owned());
        let refused = owlpost_api::app::prepare(&config).await;
        let error = refused.err().expect("the secret is refused").to_string();
        assert!(error.contains("OWLPOST_JWT_SECRET"), "{error}");
    }
}

#[tokio::test]
async fn answers_for_one_viewer_are_private_to_shared_caches() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    for path in [
        format!("/v1/games/{id}"),
        format!("/v1/games/{id}/events?after=0"),
        format!("/v1/games/{id}/at/1"),
        "/v1/me/inbox".to_owned(),
    ] {
        let response = app.get(&path, Some(&ann.token)).await;
        assert_eq!(response.status(), StatusCode::OK, "{path}");
        let headers = response.headers();
        assert_eq!(headers["cache-control"], "private", "{path}");
        let vary: Vec<String> = headers
            .get_all("vary")
            .iter()
            .map(|v| v.to_str().unwrap().to_ascii_lowercase())
            .collect();
        assert!(
            vary.iter().any(|v| v.contains("authorization")),
            "{path}: {vary:?}"
        );
    }
}

#[tokio::test]
async fn a_token_with_critical_header_parameters_the_server_does_not_know_gets_401() {
    let app = TestApp::spawn().await;
    let user = app.register("radagast").await;
    let now = chrono::Utc::now().timestamp();
    let mut header = Header::new(Algorithm::HS256);
    header.crit = Some(vec!["exp_b64".into()]);
    let critical = jsonwebtoken::encode(
        &header,
        &json!({ "sub": user.id.to_string(), "iat": now, "exp": now + 3600 }),
        &EncodingKey::from_secret(JWT_SECRET),
    )
    .unwrap();
    let refused = app.get("/v1/me/games", Some(&critical)).await;
    let problem = assert_problem(refused, StatusCode::UNAUTHORIZED, "unauthorized").await;
    assert!(
        problem["detail"].as_str().unwrap().contains("crit"),
        "{problem}"
    );
    // The same token without `crit` opens the same door.
    let plain = token(
        JWT_SECRET,
        Algorithm::HS256,
        &user.id.to_string(),
        now,
        now + 3600,
    );
    let opened = app.get("/v1/me/games", Some(&plain)).await;
    assert_eq!(opened.status(), StatusCode::OK);
}
