//! Webhooks: a player registers an address and is told, by a signed POST
//! from the outbox, when a game awaits him or ends.

use std::net::TcpListener;
use std::sync::{Arc, Mutex};

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use base64::Engine;
use chrono::Utc;
use reqwest::StatusCode;
use serde_json::{Value, json};
use standardwebhooks::Webhook;

use owlpost_api::webhooks::{MAX_ATTEMPTS, retry_after};

use crate::helpers::{Player, TestApp, assert_problem, bet};

/// One request a receiver got.
#[derive(Clone, Debug)]
struct Received {
    headers: http::HeaderMap,
    body: Vec<u8>,
}

impl Received {
    /// Its `webhook-id`.
    fn id(&self) -> String {
        let id = self.headers.get("webhook-id").map(|v| v.to_str().unwrap());
        id.unwrap_or_default().to_owned()
    }
}

/// A webhook receiver on loopback that records what it is sent.
struct Receiver {
    url: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl Receiver {
    fn start() -> Receiver {
        Receiver::failing_first(0)
    }

    /// A receiver that answers its first `failures` requests with a 500.
    fn failing_first(failures: usize) -> Receiver {
        let received = Arc::new(Mutex::new(Vec::new()));
        let log = received.clone();
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}/hook", listener.local_addr().unwrap());
        let server = HttpServer::new(move || {
            let log = log.clone();
            App::new().default_service(web::to(move |request: HttpRequest, body: web::Bytes| {
                let mut log = log.lock().unwrap();
                // As the `http` crate's headers, which the verifier takes.
                let headers = request
                    .headers()
                    .iter()
                    .map(|(name, value)| {
                        (
                            http::HeaderName::from_bytes(name.as_str().as_bytes()).unwrap(),
                            http::HeaderValue::from_bytes(value.as_bytes()).unwrap(),
                        )
                    })
                    .collect();
                log.push(Received {
                    headers,
                    body: body.to_vec(),
                });
                let fail = log.len() <= failures;
                async move {
                    if fail {
                        HttpResponse::InternalServerError().finish()
                    } else {
                        HttpResponse::NoContent().finish()
                    }
                }
            }))
        })
        .workers(1)
        .listen(listener)
        .unwrap()
        .run();
        tokio::spawn(server);
        Receiver { url, received }
    }

    fn bodies(&self) -> Vec<Value> {
        let received = self.received.lock().unwrap();
        received
            .iter()
            .map(|r| serde_json::from_slice(&r.body).unwrap())
            .collect()
    }
}

/// Registers `url` for `player`; returns the webhook's secret.
async fn register(app: &TestApp, player: &Player, url: &str) -> String {
    let response = app
        .post(
            "/v1/me/webhooks",
            Some(&player.token),
            &json!({ "url": url }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::CREATED);
    let body: Value = response.json().await.unwrap();
    body["secret"].as_str().unwrap().to_owned()
}

async fn webhooks(app: &TestApp, player: &Player) -> Vec<Value> {
    let response = app.get("/v1/me/webhooks", Some(&player.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    let body: Value = response.json().await.unwrap();
    body["webhooks"].as_array().unwrap().clone()
}

/// Checks a request as a receiver would, with the Standard Webhooks library
/// and the secret the registration returned (`webhook-timestamp` included:
/// it must be within five minutes of now).
fn signed_by(secret: &str, received: &Received) -> bool {
    Webhook::new(secret)
        .unwrap()
        .verify(&received.body, &received.headers)
        .is_ok()
}

#[tokio::test]
async fn a_player_registers_lists_and_deletes_his_webhooks() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/me/webhooks",
            Some(&ann.token),
            &json!({ "url": "https://example.org/hook" }),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: Value = created.json().await.unwrap();
    let secret = created["secret"].as_str().unwrap();
    let key = secret
        .strip_prefix("whsec_")
        .expect("the Standard Webhooks form");
    assert_eq!(
        base64::engine::general_purpose::STANDARD
            .decode(key)
            .unwrap()
            .len(),
        32
    );
    let listed = webhooks(&app, &ann).await;
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0]["id"], created["id"]);
    assert_eq!(listed[0]["url"], "https://example.org/hook");
    assert!(
        listed[0].get("secret").is_none(),
        "the secret is shown once"
    );
    assert!(webhooks(&app, &bob).await.is_empty());

    let id = created["id"].as_str().unwrap();
    let path = format!("/v1/me/webhooks/{id}");
    let by_bob = app.delete(&path, Some(&bob.token)).await;
    assert_problem(by_bob, StatusCode::NOT_FOUND, "not_found").await;
    let by_ann = app.delete(&path, Some(&ann.token)).await;
    assert_eq!(by_ann.status(), StatusCode::NO_CONTENT);
    assert!(webhooks(&app, &ann).await.is_empty());
}

#[tokio::test]
async fn a_webhook_that_is_no_http_address_or_one_too_many_is_refused() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    for url in ["ftp://example.org/hook", "example.org", ""] {
        let response = app
            .post("/v1/me/webhooks", Some(&ann.token), &json!({ "url": url }))
            .await;
        assert_problem(response, StatusCode::BAD_REQUEST, "invalid_request").await;
    }
    let unknown_field = app
        .post(
            "/v1/me/webhooks",
            Some(&ann.token),
            &json!({ "url": "https://example.org", "events": ["all"] }),
        )
        .await;
    assert_problem(unknown_field, StatusCode::BAD_REQUEST, "malformed_json").await;
    for i in 0..5 {
        register(&app, &ann, &format!("https://example.org/{i}")).await;
    }
    let sixth = app
        .post(
            "/v1/me/webhooks",
            Some(&ann.token),
            &json!({ "url": "https://example.org/6" }),
        )
        .await;
    assert_problem(sixth, StatusCode::CONFLICT, "too_many_webhooks").await;
    assert_eq!(webhooks(&app, &ann).await.len(), 5);
}

#[tokio::test]
async fn players_are_told_by_signed_posts_when_a_game_comes_to_await_them() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let ann_secret = register(&app, &ann, &receiver.url).await;
    let bob_secret = register(&app, &bob, &receiver.url).await;
    let id = app.started_duel(&ann, &bob, json!({})).await;

    // The start makes the duel await both: one notification each.
    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 2);
    let bodies = receiver.bodies();
    assert_eq!(bodies.len(), 2);
    for (seat, secret) in [(0, &ann_secret), (1, &bob_secret)] {
        let i = bodies
            .iter()
            .position(|b| b["your_seat"] == seat)
            .expect("each player is told");
        assert_eq!(bodies[i]["kind"], "your_move");
        assert_eq!(bodies[i]["game_id"], id.to_string());
        assert_eq!(bodies[i]["ruleset"], "firewall-duel");
        let received = receiver.received.lock().unwrap()[i].clone();
        assert!(signed_by(secret, &received), "signed with his own secret");
        assert!(!received.id().is_empty());
        let other = if seat == 0 { &bob_secret } else { &ann_secret };
        assert!(!signed_by(other, &received), "not with the other's");

        // What a receiver must refuse: another body, or another notification's id.
        let mut tampered = received.clone();
        tampered.body = String::from_utf8(received.body.clone())
            .unwrap()
            .replace("your_move", "game_over")
            .into_bytes();
        assert_ne!(tampered.body, received.body);
        assert!(!signed_by(secret, &tampered), "a tampered body fails");
        let mut moved = received.clone();
        let other_id = format!("{}0", received.id());
        moved
            .headers
            .insert("webhook-id", other_id.parse().unwrap());
        assert!(!signed_by(secret, &moved), "another id fails");
    }
    assert_eq!(webhooks(&app, &ann).await[0]["delivered"], 1);

    // Ann seals her bet: nobody is newly awaited, nobody is told.
    assert_eq!(
        app.act(id, &ann, bet(3, &[])).await.status(),
        StatusCode::OK
    );
    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 0);
    // Bob's bet ends the turn and the next awaits both again: Ann is told;
    // Bob, awaited before and after, has the answer to his own move.
    assert_eq!(
        app.act(id, &bob, bet(2, &[])).await.status(),
        StatusCode::OK
    );
    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 1);
    let bodies = receiver.bodies();
    assert_eq!(bodies.len(), 3);
    assert_eq!(bodies[2]["your_seat"], 0);
    assert!(bodies[2]["version"].as_i64() > bodies[0]["version"].as_i64());
}

#[tokio::test]
async fn a_refused_command_tells_nobody() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    register(&app, &bob, &receiver.url).await;
    let id = app.started_duel(&ann, &bob, json!({})).await;
    deliver_due(&app.state, Utc::now()).await.unwrap();
    let refused = app.act(id, &ann, bet(51, &[])).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 0);
    let hooks = webhooks(&app, &bob).await;
    assert_eq!(
        (hooks[0]["delivered"].clone(), hooks[0]["pending"].clone()),
        (json!(1), json!(0))
    );
}

#[tokio::test]
async fn every_player_is_told_when_the_game_ends() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    register(&app, &ann, &receiver.url).await;
    register(&app, &bob, &receiver.url).await;
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;
    deliver_due(&app.state, Utc::now()).await.unwrap();
    let over: Vec<Value> = receiver
        .bodies()
        .into_iter()
        .filter(|b| b["kind"] == "game_over")
        .collect();
    assert_eq!(over.len(), 2, "{over:?}");
    let version = app.game(id, &ann).await["version"].clone();
    assert!(over.iter().all(|b| b["version"] == version));
}

#[tokio::test]
async fn a_failed_delivery_is_tried_again_ever_later_then_given_up() {
    let app = TestApp::spawn().await;
    let closed = {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        format!("http://{}/hook", listener.local_addr().unwrap())
    };
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    register(&app, &ann, &closed).await;
    app.started_duel(&ann, &bob, json!({})).await;

    let mut now = Utc::now();
    assert_eq!(deliver_due(&app.state, now).await.unwrap(), 0);
    let hook = &webhooks(&app, &ann).await[0];
    assert_eq!(hook["pending"], 1);
    assert!(hook["last_error"].as_str().is_some_and(|e| !e.is_empty()));
    // Not tried again before its time.
    deliver_due(
        &app.state,
        now + retry_after(1) - chrono::Duration::seconds(1),
    )
    .await
    .unwrap();
    for attempt in 1..MAX_ATTEMPTS {
        now += retry_after(attempt);
        deliver_due(&app.state, now).await.unwrap();
    }
    let hook = &webhooks(&app, &ann).await[0];
    assert_eq!(
        (hook["pending"].clone(), hook["given_up"].clone()),
        (json!(0), json!(1))
    );
}

#[tokio::test]
async fn a_retried_notification_carries_the_same_webhook_id() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::failing_first(1);
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let secret = register(&app, &ann, &receiver.url).await;
    app.started_duel(&ann, &bob, json!({})).await;

    let now = Utc::now();
    assert_eq!(
        deliver_due(&app.state, now).await.unwrap(),
        0,
        "answered 500"
    );
    assert_eq!(
        deliver_due(&app.state, now + retry_after(1)).await.unwrap(),
        1
    );
    let received = receiver.received.lock().unwrap().clone();
    assert_eq!(received.len(), 2);
    assert_eq!(received[0].id(), received[1].id(), "the same webhook-id");
    assert_eq!(received[0].body, received[1].body);
    for attempt in &received {
        assert!(signed_by(&secret, attempt));
    }
    let hook = &webhooks(&app, &ann).await[0];
    assert_eq!(
        (hook["delivered"].clone(), hook["pending"].clone()),
        (json!(1), json!(0))
    );
}

#[tokio::test]
async fn a_webhook_registered_with_a_hex_secret_is_signed_under_that_text() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    register(&app, &ann, &receiver.url).await;
    // A secret as registrations gave before the whsec form: 32 bytes, hex.
    let legacy = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
    let (db, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls)
        .await
        .expect("the test database answers");
    tokio::spawn(connection);
    db.execute("UPDATE webhooks SET secret = $1", &[&legacy])
        .await
        .unwrap();
    app.started_duel(&ann, &bob, json!({})).await;

    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 1);
    let received = receiver.received.lock().unwrap()[0].clone();
    // Its key is the 64 characters: `whsec_` and their base64 for a library.
    let as_whsec = format!(
        "whsec_{}",
        base64::engine::general_purpose::STANDARD.encode(legacy)
    );
    assert!(signed_by(&as_whsec, &received));
    assert!(
        !signed_by(legacy, &received),
        "read as base64, the hex text is another key"
    );
}

/// A name `/etc/hosts` gives an IPv4 loopback address (not `localhost`): a name
/// that passes the check of the address as written, and resolves privately.
fn hosts_name_for_loopback() -> String {
    let hosts = std::fs::read_to_string("/etc/hosts").expect("/etc/hosts is readable");
    hosts
        .lines()
        .filter_map(|line| {
            let mut words = line.split('#').next()?.split_whitespace();
            let address: std::net::IpAddr = words.next()?.parse().ok()?;
            let name = words.find(|w| !w.to_ascii_lowercase().contains("localhost"))?;
            // IPv4, as the receiver listens on 127.0.0.1 (`::1 ip6-loopback` would miss it).
            (address.is_ipv4() && address.is_loopback()).then(|| name.to_owned())
        })
        .next()
        .expect("this test needs /etc/hosts to name a loopback address other than localhost")
}

/// The webhooks' state as a server that refuses private addresses sees it.
fn guarded(app: &TestApp) -> owlpost_api::AppState {
    let pool = owlpost_api::db::pool(&app.database_url, 2).unwrap();
    owlpost_api::AppState {
        store: owlpost_api::store::Store::new(pool).into(),
        webhooks_to_private_addresses: false,
        trusted_proxies: owlpost_api::proxies::TrustedProxies::default(),
        background: Default::default(),
        replies: None,
        vacation_days_per_year: owlpost_api::config::DEFAULT_VACATION_DAYS,
        message_limit: Default::default(),
    }
}

#[tokio::test]
async fn a_webhook_whose_name_resolves_to_a_private_address_is_never_called_unless_allowed() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let port = receiver
        .url
        .split(':')
        .nth(2)
        .unwrap()
        .trim_end_matches("/hook");
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let name = hosts_name_for_loopback();
    for host in [name.as_str(), "localhost.", "foo.localhost."] {
        // Registered through a server that allows them, as one did before.
        register(&app, &ann, &format!("http://{host}:{port}/hook")).await;
    }
    app.started_duel(&ann, &bob, json!({})).await;

    let now = Utc::now();
    assert_eq!(deliver_due(&guarded(&app), now).await.unwrap(), 0);
    assert!(
        receiver.bodies().is_empty(),
        "no request reached the receiver"
    );
    for hook in webhooks(&app, &ann).await {
        let error = hook["last_error"].as_str().unwrap_or_default();
        assert!(error.contains("loopback, private"), "{hook}");
        assert_eq!(hook["pending"], 1);
    }

    // Allowed, the name is resolved and called at the address it resolves to.
    let delivered = deliver_due(&app.state, now + retry_after(1)).await.unwrap();
    assert!(delivered >= 1);
    assert_eq!(receiver.bodies()[0]["your_seat"], 0);
}

#[tokio::test]
async fn a_webhook_answered_with_a_redirect_is_not_followed() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let redirecting = format!("http://{}/hook", listener.local_addr().unwrap());
    let target = receiver.url.clone();
    let server = HttpServer::new(move || {
        let target = target.clone();
        App::new().default_service(web::to(move || {
            let target = target.clone();
            async move {
                HttpResponse::TemporaryRedirect()
                    .insert_header(("location", target))
                    .finish()
            }
        }))
    })
    .workers(1)
    .listen(listener)
    .unwrap()
    .run();
    tokio::spawn(server);
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    register(&app, &ann, &redirecting).await;
    app.started_duel(&ann, &bob, json!({})).await;

    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 0);
    assert!(
        receiver.bodies().is_empty(),
        "the redirect was not followed"
    );
    let hook = &webhooks(&app, &ann).await[0];
    assert!(
        hook["last_error"].as_str().unwrap().contains("307"),
        "{hook}"
    );
}

/// Delivers what is due at `now` as the server of `state` would.
async fn deliver_due(
    state: &owlpost_api::AppState,
    now: chrono::DateTime<Utc>,
) -> Result<usize, owlpost_api::error::ApiError> {
    state.deliverer().deliver_due(now).await
}

#[tokio::test]
async fn a_notification_whose_deliverer_died_is_posted_by_another_once_its_claim_runs_out() {
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    register(&app, &ann, &receiver.url).await;
    register(&app, &bob, &receiver.url).await;
    app.started_duel(&ann, &bob, json!({})).await;
    let now = Utc::now();

    // A deliverer claims a notification and dies before it posts it: it
    // had claimed that one only.
    let claimed = app
        .state
        .store
        .claim_notifications(now, now + chrono::Duration::minutes(1), 1)
        .await
        .unwrap();
    assert_eq!(claimed.len(), 1);
    assert_eq!(deliver_due(&app.state, now).await.unwrap(), 1);
    assert_eq!(
        deliver_due(&app.state, now + chrono::Duration::seconds(59))
            .await
            .unwrap(),
        0,
        "the claim holds for a minute"
    );
    assert_eq!(
        deliver_due(&app.state, now + chrono::Duration::seconds(61))
            .await
            .unwrap(),
        1
    );
    assert_eq!(
        deliver_due(&app.state, now + chrono::Duration::minutes(10))
            .await
            .unwrap(),
        0
    );
    let deliveries: Vec<String> = receiver
        .received
        .lock()
        .unwrap()
        .iter()
        .map(Received::id)
        .collect();
    assert_eq!(deliveries.len(), 2, "each notification posted once");
    assert_ne!(deliveries[0], deliveries[1]);
    assert!(deliveries.contains(&claimed[0].id.to_string()));
}

#[tokio::test]
async fn a_webhook_whose_name_resolves_to_a_loopback_address_is_refused_at_registration() {
    let app = TestApp::spawn_refusing_private_webhooks().await;
    let ann = app.register("ann").await;
    // A name of /etc/hosts: resolved without asking any other machine.
    let name = hosts_name_for_loopback();
    let response = app
        .post(
            "/v1/me/webhooks",
            Some(&ann.token),
            &json!({ "url": format!("http://{name}:9/hook") }),
        )
        .await;
    let problem = assert_problem(response, StatusCode::BAD_REQUEST, "invalid_request").await;
    assert!(
        problem["detail"].as_str().unwrap().contains("127.0.0.1"),
        "{problem}"
    );
    assert!(webhooks(&app, &ann).await.is_empty());
}

#[tokio::test]
async fn a_message_is_told_to_its_readers_only_never_to_its_writer_nor_to_a_player_it_was_not_for()
{
    let app = TestApp::spawn().await;
    let receiver = Receiver::start();
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    let id = crate::table_talk::three_wizards(&app, &ann, &bob, &cid).await;
    for player in [&ann, &bob, &cid] {
        register(&app, player, &receiver.url).await;
    }
    deliver_due(&app.state, Utc::now()).await.unwrap();
    let before = receiver.bodies().len();
    let path = format!("/v1/games/{id}/messages");

    // To bob alone: bob is told, cid and ann are not.
    assert_eq!(
        app.post(&path, Some(&ann.token), &json!({ "text": "psst", "to": 1 }))
            .await
            .status(),
        StatusCode::CREATED
    );
    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 1);
    let told = receiver.bodies();
    assert_eq!(told.len(), before + 1);
    assert_eq!(told[before]["kind"], "message");
    assert_eq!(told[before]["your_seat"], 1);
    assert!(!told[before].to_string().contains("psst"), "no text");

    // To the table: bob and cid are told.
    assert_eq!(
        app.post(&path, Some(&ann.token), &json!({ "text": "hello all" }))
            .await
            .status(),
        StatusCode::CREATED
    );
    assert_eq!(deliver_due(&app.state, Utc::now()).await.unwrap(), 2);
    let seats: Vec<Value> = receiver.bodies()[before + 1..]
        .iter()
        .map(|b| b["your_seat"].clone())
        .collect();
    assert!(
        seats.contains(&json!(1)) && seats.contains(&json!(2)),
        "{seats:?}"
    );
}
