//! Every refused request gets a clear problem and changes nothing.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem, bet, own_hand};

struct Duel {
    app: TestApp,
    ann: Player,
    bob: Player,
    id: Uuid,
}

async fn duel() -> Duel {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    Duel { app, ann, bob, id }
}

impl Duel {
    /// Sends `body` as `player`, expects the problem, and checks no event was appended.
    async fn refused(&self, player: &Player, body: Value, status: StatusCode, code: &str) -> Value {
        let before = self.app.event_count(self.id).await;
        let response = self.app.act(self.id, player, body).await;
        let problem = assert_problem(response, status, code).await;
        assert_eq!(
            self.app.event_count(self.id).await,
            before,
            "{code} appended an event"
        );
        problem
    }
}

#[tokio::test]
async fn a_stale_expected_version_is_rejected_with_409_and_the_current_version() {
    let d = duel().await;
    let version = d.app.game(d.id, &d.ann).await["version"].as_i64().unwrap();
    let mut first = bet(2, &[]);
    first["expected_version"] = json!(version);
    assert_eq!(
        d.app.act(d.id, &d.ann, first).await.status(),
        StatusCode::OK
    );
    let mut stale = bet(2, &[]);
    stale["expected_version"] = json!(version);
    let problem = d
        .refused(&d.bob, stale, StatusCode::CONFLICT, "version_conflict")
        .await;
    assert!(problem["current_version"].as_i64().unwrap() > version);
}

#[tokio::test]
async fn a_repeated_idempotency_key_returns_the_first_answer_and_appends_nothing() {
    let d = duel().await;
    let send = || {
        d.app
            .client
            .post(d.app.url(&format!("/v1/games/{}/actions", d.id)))
            .bearer_auth(&d.ann.token)
            .header("Idempotency-Key", "ann-turn-1")
            .json(&bet(3, &[]))
            .send()
    };
    let first = send().await.unwrap();
    assert_eq!(first.status(), StatusCode::OK);
    let first: Value = first.json().await.unwrap();
    let count = d.app.event_count(d.id).await;
    let again = send().await.unwrap();
    assert_eq!(again.status(), StatusCode::OK);
    assert_eq!(again.headers()["idempotent-replayed"], "true");
    let again: Value = again.json().await.unwrap();
    assert_eq!(again, first);
    assert_eq!(d.app.event_count(d.id).await, count);

    let other_command = d
        .app
        .client
        .post(d.app.url(&format!("/v1/games/{}/actions", d.id)))
        .bearer_auth(&d.ann.token)
        .header("Idempotency-Key", "ann-turn-1")
        .json(&bet(9, &[]))
        .send()
        .await
        .unwrap();
    assert_problem(
        other_command,
        StatusCode::CONFLICT,
        "idempotency_key_reused",
    )
    .await;
    assert_eq!(d.app.event_count(d.id).await, count);
}

#[tokio::test]
async fn a_user_without_a_seat_may_not_act() {
    let d = duel().await;
    let eve = d.app.register("eve").await;
    d.refused(&eve, bet(1, &[]), StatusCode::FORBIDDEN, "not_a_player")
        .await;
}

#[tokio::test]
async fn acting_twice_in_one_sealed_turn_is_out_of_turn() {
    let d = duel().await;
    assert_eq!(
        d.app.act(d.id, &d.ann, bet(2, &[])).await.status(),
        StatusCode::OK
    );
    d.refused(
        &d.ann,
        bet(3, &[]),
        StatusCode::UNPROCESSABLE_ENTITY,
        "already_submitted",
    )
    .await;
}

#[tokio::test]
async fn a_bet_above_the_mana_or_below_one_is_refused() {
    let d = duel().await;
    d.refused(
        &d.ann,
        bet(51, &[]),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bet_above_mana",
    )
    .await;
    d.refused(
        &d.ann,
        bet(0, &[]),
        StatusCode::UNPROCESSABLE_ENTITY,
        "bet_too_small",
    )
    .await;
}

#[tokio::test]
async fn unknown_cards_and_cards_not_in_hand_are_refused() {
    let d = duel().await;
    d.refused(
        &d.ann,
        bet(1, &[99]),
        StatusCode::UNPROCESSABLE_ENTITY,
        "unknown_card",
    )
    .await;
    let hand = own_hand(&d.app.game(d.id, &d.ann).await, 0);
    let missing = (1..=14).find(|c| !hand.contains(c)).unwrap();
    d.refused(
        &d.ann,
        bet(1, &[missing as u32]),
        StatusCode::UNPROCESSABLE_ENTITY,
        "card_not_in_hand",
    )
    .await;
}

#[tokio::test]
async fn malformed_json_and_malformed_commands_are_refused_with_400() {
    let d = duel().await;
    let before = d.app.event_count(d.id).await;
    let broken = d
        .app
        .client
        .post(d.app.url(&format!("/v1/games/{}/actions", d.id)))
        .bearer_auth(&d.ann.token)
        .header("content-type", "application/json")
        .body("{\"command\": {\"type\": ")
        .send()
        .await
        .unwrap();
    assert_problem(broken, StatusCode::BAD_REQUEST, "malformed_json").await;
    assert_eq!(d.app.event_count(d.id).await, before);
    d.refused(
        &d.ann,
        json!({ "command": { "type": "cast_fireball" } }),
        StatusCode::BAD_REQUEST,
        "malformed_command",
    )
    .await;
    d.refused(
        &d.ann,
        json!({}),
        StatusCode::BAD_REQUEST,
        "invalid_request",
    )
    .await;
}

#[tokio::test]
async fn bad_and_expired_tokens_cannot_act() {
    let d = duel().await;
    let before = d.app.event_count(d.id).await;
    let bad = Player {
        token: "garbage".into(),
        ..d.ann.clone()
    };
    let response = d.app.act(d.id, &bad, bet(1, &[])).await;
    assert_problem(response, StatusCode::UNAUTHORIZED, "unauthorized").await;
    let now = chrono::Utc::now().timestamp();
    let expired = jsonwebtoken::encode(
        &jsonwebtoken::Header::default(),
        &json!({ "sub": d.ann.id, "iat": now - 100, "exp": now - 10 }),
        &jsonwebtoken::EncodingKey::from_secret(crate::helpers::JWT_SECRET),
    )
    .unwrap();
    let expired = Player {
        token: expired,
        ..d.ann.clone()
    };
    let response = d.app.act(d.id, &expired, bet(1, &[])).await;
    assert_problem(response, StatusCode::UNAUTHORIZED, "token_expired").await;
    assert_eq!(d.app.event_count(d.id).await, before);
}

#[tokio::test]
async fn a_batch_with_one_illegal_command_appends_nothing() {
    let d = duel().await;
    let batch = json!({ "commands": [
        { "type": "submit_move", "bet": 2, "cards": [] },
        { "type": "submit_move", "bet": 2, "cards": [] },
    ]});
    d.refused(
        &d.ann,
        batch,
        StatusCode::UNPROCESSABLE_ENTITY,
        "already_submitted",
    )
    .await;
    let game = d.app.game(d.id, &d.ann).await;
    assert_eq!(
        game["view"]["players"][0]["submitted"], false,
        "nothing of the batch was applied"
    );
}

#[tokio::test]
async fn a_game_that_has_not_started_refuses_actions() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let created: Value = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2 }),
        )
        .await
        .json()
        .await
        .unwrap();
    let id: Uuid = created["id"].as_str().unwrap().parse().unwrap();
    let response = app.act(id, &ann, bet(1, &[])).await;
    assert_problem(response, StatusCode::CONFLICT, "game_not_started").await;
}

#[tokio::test]
async fn an_unknown_game_is_404() {
    let d = duel().await;
    let response = d.app.act(Uuid::new_v4(), &d.bob, bet(1, &[])).await;
    assert_problem(response, StatusCode::NOT_FOUND, "not_found").await;
    let response = d.app.get("/v1/games/not-a-uuid", Some(&d.bob.token)).await;
    assert_problem(response, StatusCode::BAD_REQUEST, "invalid_request").await;
}

/// A started two-player Wiz-War game.
async fn wizwar(app: &TestApp, ann: &Player, bob: &Player) -> Uuid {
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2 }),
        )
        .await;
    app.start_created(created, ann, bob).await
}

#[tokio::test]
async fn a_nul_character_anywhere_in_a_request_is_refused_with_400_and_nothing_is_stored() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = wizwar(&app, &ann, &bob).await;
    let before = app.event_count(id).await;
    let with_nul = json!({
        "command": { "type": "set_yield_policy", "policy": "always", "x": "\u{0}" }
    });
    let response = app.act(id, &ann, with_nul).await;
    assert_problem(response, StatusCode::BAD_REQUEST, "nul_character").await;
    let in_a_batch = json!({ "commands": [{ "type": "pass" }, "\u{0}"] });
    let response = app.act(id, &ann, in_a_batch).await;
    assert_problem(response, StatusCode::BAD_REQUEST, "nul_character").await;
    assert_eq!(app.event_count(id).await, before);

    let username = json!({ "username": "nul\u{0}", "password": "a long enough password" });
    let response = app.post("/v1/auth/register", None, &username).await;
    assert_problem(response, StatusCode::BAD_REQUEST, "nul_character").await;
    // A backslash and `u0000` are plain text: the command is read, and refused for what it says.
    let backslash = json!({ "command": { "type": "set_yield_policy", "policy": "\\u0000" } });
    let response = app.act(id, &ann, backslash).await;
    assert_problem(response, StatusCode::BAD_REQUEST, "malformed_command").await;
    assert_eq!(app.event_count(id).await, before);
}

#[tokio::test]
async fn unknown_fields_in_wizwar_commands_are_refused_and_never_recorded() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = wizwar(&app, &ann, &bob).await;
    let before = app.event_count(id).await;
    for command in [
        json!({ "type": "set_yield_policy", "policy": "always", "junk": "x".repeat(1000) }),
        json!({ "type": "end_turn", "junk": 1 }),
        json!({ "type": "pass", "junk": 1 }),
        json!({ "type": "punch", "target": { "kind": "wizard", "seat": 1, "junk": 1 } }),
        json!({ "type": "pick_up", "thing": { "kind": "item", "card": 1, "junk": 1 } }),
    ] {
        let response = app.act(id, &ann, json!({ "command": command })).await;
        assert_problem(response, StatusCode::BAD_REQUEST, "malformed_command").await;
    }
    assert_eq!(app.event_count(id).await, before);
    let known_only = json!({ "command": { "type": "set_yield_policy", "policy": "always" } });
    assert_eq!(app.act(id, &ann, known_only).await.status(), StatusCode::OK);
}

/// Every route the spec says answers 400 for a path parameter that is no
/// UUID or number does so, with a problem, for any method it serves.
#[tokio::test]
async fn every_typed_path_parameter_that_is_malformed_gets_the_400_the_spec_declares() {
    let d = duel().await;
    let spec: Value = owlpost_api::openapi::spec().clone();
    let mut tried = 0;
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let typed = operation["parameters"].as_array().is_some_and(|ps| {
                ps.iter().any(|p| {
                    p["in"] == "path"
                        && (p["schema"]["format"] == "uuid" || p["schema"]["type"] == "integer")
                })
            });
            if !typed {
                continue;
            }
            assert!(
                operation["responses"]["400"].is_object(),
                "{method} {path} declares no 400"
            );
            let url = path.replace("{id}", "not-a-uuid").replace("{seq}", "x");
            let response = match method.as_str() {
                "get" => d.app.get(&url, Some(&d.bob.token)).await,
                "post" => d.app.post(&url, Some(&d.bob.token), &json!({})).await,
                "put" => d.app.put(&url, Some(&d.bob.token), &json!({})).await,
                "delete" => d.app.delete(&url, Some(&d.bob.token)).await,
                other => panic!("no test client for {other}"),
            };
            assert_problem(response, StatusCode::BAD_REQUEST, "invalid_request").await;
            tried += 1;
        }
    }
    assert!(tried >= 10, "only {tried} routes tried");
}

/// A body over the limit is refused as too large (413), not as malformed,
/// and nothing is stored.
#[tokio::test]
async fn a_body_over_the_limit_is_413_body_too_large() {
    let d = duel().await;
    let before = d.app.event_count(d.id).await;
    let junk = "x".repeat(300 * 1024);
    let response = d
        .app
        .post(
            &format!("/v1/games/{}/actions", d.id),
            Some(&d.ann.token),
            &json!({ "command": { "type": "submit_move", "bet": 1, "cards": [], "junk": junk } }),
        )
        .await;
    assert_problem(response, StatusCode::PAYLOAD_TOO_LARGE, "body_too_large").await;
    assert_eq!(d.app.event_count(d.id).await, before);
}

#[tokio::test]
async fn a_method_an_address_does_not_answer_is_405_with_the_allowed_ones_and_an_unknown_address_404()
 {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let id = app.open_game(&ann, "firewall-duel", 2).await;
    let events_before = app.event_count(id).await;
    for (method, path, allowed) in [
        (reqwest::Method::PUT, "/v1/rulesets".to_owned(), "GET"),
        (reqwest::Method::DELETE, "/v1/games".to_owned(), "GET, POST"),
        (reqwest::Method::HEAD, format!("/v1/games/{id}"), "GET"),
        (
            reqwest::Method::PATCH,
            format!("/v1/games/{id}/actions"),
            "POST",
        ),
        (reqwest::Method::GET, format!("/v1/games/{id}/join"), "POST"),
    ] {
        let response = app
            .client
            .request(method.clone(), app.url(&path))
            .bearer_auth(&ann.token)
            .send()
            .await
            .unwrap();
        assert_eq!(
            response.status(),
            StatusCode::METHOD_NOT_ALLOWED,
            "{method} {path}"
        );
        assert_eq!(response.headers()["allow"], allowed, "{method} {path}");
        if method != reqwest::Method::HEAD {
            assert_problem(
                response,
                StatusCode::METHOD_NOT_ALLOWED,
                "method_not_allowed",
            )
            .await;
        }
    }
    assert_eq!(
        app.event_count(id).await,
        events_before,
        "a refused method changes nothing"
    );
    let response = app.get("/v1/nothing/here", Some(&ann.token)).await;
    assert_problem(response, StatusCode::NOT_FOUND, "not_found").await;
}
