//! A load generator: starts the real server on a fresh database, plays many
//! Fire Wall duels at once over HTTP on loopback, and prints throughput and
//! latency; then measures how soon a long-polling player hears of his
//! opponent's move. Bounded in games, turns and moves; it stops by itself.
//!
//! `cargo bench --bench load` (`OWLPOST_LOAD_GAMES`, default 20 duels at once).

use std::net::TcpListener;
use std::time::{Duration, Instant};

use owlpost_api::app::{AppState, Prepared};
use owlpost_api::auth::TokenKeys;
use owlpost_api::db;
use owlpost_api::store::Store;
use reqwest::Client;
use serde_json::{Value, json};

const TURN_LIMIT: usize = 400;

struct Timed {
    client: Client,
    base: String,
    /// Latencies of game requests; sign-ups are slow on purpose (argon2) and counted apart.
    latencies: Vec<Duration>,
    auth_latencies: Vec<Duration>,
}

impl Timed {
    async fn call(
        &mut self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Value {
        let mut request = self.client.request(method, format!("{}{path}", self.base));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        if let Some(body) = body {
            request = request.json(&body);
        }
        let started = Instant::now();
        let response = request.send().await.expect("the server answers");
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if path.starts_with("/v1/auth/") {
            self.auth_latencies.push(started.elapsed());
        } else {
            self.latencies.push(started.elapsed());
        }
        assert!(status.is_success(), "{path}: {status} {body}");
        body
    }

    async fn user(&mut self, name: &str) -> String {
        let credentials = json!({ "username": name, "password": "load generator password" });
        self.call(
            reqwest::Method::POST,
            "/v1/auth/register",
            None,
            Some(credentials.clone()),
        )
        .await;
        let token = self
            .call(
                reqwest::Method::POST,
                "/v1/auth/login",
                None,
                Some(credentials),
            )
            .await;
        token["access_token"].as_str().unwrap().to_owned()
    }
}

async fn duel(base: String, index: usize) -> (Vec<Duration>, Vec<Duration>, usize) {
    let mut timed = Timed {
        client: Client::new(),
        base,
        latencies: Vec::new(),
        auth_latencies: Vec::new(),
    };
    let ann = timed.user(&format!("ann{index}")).await;
    let bob = timed.user(&format!("bob{index}")).await;
    let game = timed
        .call(
            reqwest::Method::POST,
            "/v1/games",
            Some(&ann),
            Some(json!({ "ruleset": "firewall-duel", "seats": 2 })),
        )
        .await;
    let id = game["id"].as_str().unwrap().to_owned();
    timed
        .call(
            reqwest::Method::POST,
            &format!("/v1/games/{id}/join"),
            Some(&bob),
            Some(json!({})),
        )
        .await;
    timed
        .call(
            reqwest::Method::POST,
            &format!("/v1/games/{id}/start"),
            Some(&ann),
            None,
        )
        .await;
    let mut version = 0;
    for _ in 0..TURN_LIMIT {
        let mut finished = false;
        for (seat, token) in [(0usize, &ann), (1, &bob)] {
            let game = timed
                .call(
                    reqwest::Method::GET,
                    &format!("/v1/games/{id}"),
                    Some(token),
                    None,
                )
                .await;
            version = game["version"].as_i64().unwrap();
            if game["status"] == "finished" {
                finished = true;
                break;
            }
            if game["awaiting_you"] != true {
                continue;
            }
            let mana = game["view"]["players"][seat]["mana"].as_u64().unwrap_or(1);
            let amount = if seat == 0 { mana.min(6) } else { 1 };
            let legal = game["legal_commands"].as_array().unwrap();
            let command = legal
                .iter()
                .find(|c| {
                    c["type"] == "submit_move" && c["bet"] == amount && c["cards"] == json!([])
                })
                .or_else(|| legal.first())
                .unwrap()
                .clone();
            timed
                .call(
                    reqwest::Method::POST,
                    &format!("/v1/games/{id}/actions"),
                    Some(token),
                    Some(json!({ "command": command })),
                )
                .await;
        }
        if finished {
            break;
        }
    }
    (timed.latencies, timed.auth_latencies, version as usize)
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    owlpost_api::webhooks::install_tls_provider();
    let games: usize = std::env::var("OWLPOST_LOAD_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(20);
    let (server, database) = db::testing::fresh_database().await?;
    let url = format!("{server}/{database}");
    let pool = db::pool(&url, 16)?;
    let changes = owlpost_api::notify::Changes::listening(&url).await;
    let state = actix_web::web::Data::new(AppState {
        store: Store::with_changes(pool, changes),
        webhooks_to_private_addresses: false,
        trusted_proxies: Default::default(),
        background: Default::default(),
    });
    let prepared = Prepared {
        state: state.clone(),
        keys: actix_web::web::Data::new(TokenKeys::new(
            b"load generator secret, long enough",
            3600,
        )),
        // Every simulated player signs up from the same address.
        auth_limit: actix_web::web::Data::new(owlpost_api::rate_limit::AuthRateLimit::per_minute(
            100_000,
        )),
    };
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let base = format!("http://{}", listener.local_addr()?);
    tokio::spawn(owlpost_api::serve(prepared, listener)?);

    let started = Instant::now();
    let runs = futures_join(games, &base).await;
    let elapsed = started.elapsed();
    let mut latencies: Vec<Duration> = runs
        .iter()
        .flat_map(|(l, _, _)| l.iter().copied())
        .collect();
    let mut auth: Vec<Duration> = runs
        .iter()
        .flat_map(|(_, a, _)| a.iter().copied())
        .collect();
    let events: usize = runs.iter().map(|(_, _, v)| v).sum();
    latencies.sort();
    auth.sort();
    println!(
        "{games} duels to the end in {:.2}s: {} game requests, {} events = {:.0} events/s",
        elapsed.as_secs_f64(),
        latencies.len(),
        events,
        events as f64 / elapsed.as_secs_f64()
    );
    for (what, sorted) in [
        ("game requests", &latencies),
        ("sign-ups and log-ins (argon2)", &auth),
    ] {
        println!(
            "{what}: p50 {:?}  p95 {:?}  p99 {:?}  max {:?}",
            percentile(sorted, 0.50),
            percentile(sorted, 0.95),
            percentile(sorted, 0.99),
            sorted.last().unwrap()
        );
    }
    let mut heard = notification_latencies(&base, &state).await;
    heard.sort();
    println!(
        "a move heard by the opponent's long-poll ({} moves, from sending the move to the \
         poll's answer): p50 {:?}  p95 {:?}  max {:?}",
        heard.len(),
        percentile(&heard, 0.50),
        percentile(&heard, 0.95),
        heard.last().unwrap()
    );
    db::testing::drop_database(&server, &database).await?;
    Ok(())
}

/// Moves timed in the long-poll measurement.
const HEARD_MOVES: usize = 100;
/// Moves timed in one duel before the next begins.
const MOVES_PER_DUEL: usize = 20;

/// Bob long-polls the feed while Ann bets; each sample runs from sending
/// Ann's bet to Bob's long-poll answering with it.
async fn notification_latencies(base: &str, state: &AppState) -> Vec<Duration> {
    let mut timed = Timed {
        client: Client::new(),
        base: base.to_owned(),
        latencies: Vec::new(),
        auth_latencies: Vec::new(),
    };
    let ann = timed.user("listening-ann").await;
    let bob = timed.user("listening-bob").await;
    let mut heard = Vec::new();
    while heard.len() < HEARD_MOVES {
        let post = reqwest::Method::POST;
        let game = timed
            .call(
                post.clone(),
                "/v1/games",
                Some(&ann),
                Some(json!({ "ruleset": "firewall-duel", "seats": 2 })),
            )
            .await;
        let id = game["id"].as_str().unwrap().to_owned();
        let join = format!("/v1/games/{id}/join");
        timed
            .call(post.clone(), &join, Some(&bob), Some(json!({})))
            .await;
        let start = format!("/v1/games/{id}/start");
        let mut version = timed.call(post.clone(), &start, Some(&ann), None).await["version"]
            .as_i64()
            .unwrap();
        let actions = format!("/v1/games/{id}/actions");
        // Bets of 1 leave both wizards mana for a round's worth of turns.
        for _ in 0..MOVES_PER_DUEL {
            if heard.len() == HEARD_MOVES {
                break;
            }
            let poll = timed
                .client
                .get(format!(
                    "{base}/v1/games/{id}/events?after={version}&wait=30"
                ))
                .bearer_auth(&bob)
                .send();
            let poll = tokio::spawn(poll);
            while state.store.changes().waiting() == 0 {
                tokio::task::yield_now().await;
            }
            let sent = Instant::now();
            let bet = json!({ "command": { "type": "submit_move", "bet": 1, "cards": [] } });
            let client = timed.client.clone();
            let ann_bets = client
                .post(format!("{base}{actions}"))
                .bearer_auth(&ann)
                .json(&bet)
                .send();
            let (answer, _) = tokio::join!(poll, ann_bets);
            let page: Value = answer.unwrap().unwrap().json().await.unwrap();
            heard.push(sent.elapsed());
            assert!(!page["events"].as_array().unwrap().is_empty(), "{page}");
            let after = timed
                .call(post.clone(), &actions, Some(&bob), Some(bet))
                .await;
            version = after["version"].as_i64().unwrap();
            if after["game"]["status"] == "finished" {
                break;
            }
        }
    }
    heard
}

async fn futures_join(games: usize, base: &str) -> Vec<(Vec<Duration>, Vec<Duration>, usize)> {
    let handles: Vec<_> = (0..games)
        .map(|i| tokio::spawn(duel(base.to_owned(), i)))
        .collect();
    let mut results = Vec::new();
    for handle in handles {
        results.push(handle.await.expect("a duel task"));
    }
    results
}
