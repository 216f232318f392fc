//! The history benchmark: how loading a game costs as its log grows. One
//! two-seat Wiz-War game is played at random (seeded; listed commands and,
//! three times in four, the timeout move, so that it lasts) through the store, and when its log passes each size (default 100, 1,000,
//! 10,000 events) we time over HTTP: a warm `GET /v1/games/{id}`,
//! `GET /v1/games/{id}/at/{seq}` at random sequence numbers, and on a
//! freshly started server (an empty cache: a restart) the first
//! `GET /v1/games/{id}` (median of 3 restarts) then `at/{seq}` at random
//! sequence numbers; the restarts once with the snapshots the game's play
//! wrote to the database, and once ignoring them (as before snapshots: a
//! fold from the first event), in the same run.
//! Figures are printed, never asserted.
//!
//! `cargo bench --bench history` (`OWLPOST_BENCH_SIZES=100,1000,10000`;
//! `OWLPOST_BENCH_SNAPSHOT_EVERY=256` for another snapshot interval, 0 for none).

mod common;

use std::time::{Duration, Instant};

use reqwest::Client;
use serde_json::json;
use uuid::Uuid;

use owlpost_api::play::{Plan, Played, decide_and_append};
use owlpost_domain::table::GameCommand;

use common::{Bench, env_list, median, ms, percentile};

/// Random `at/{seq}` requests per size.
const AT_SAMPLES: usize = 60;
/// Warm loads per size.
const WARM_SAMPLES: usize = 30;
/// Restarts per size and snapshot setting.
const RESTARTS: usize = 3;
/// `at/{seq}` requests after each restart.
const AT_AFTER_RESTART: usize = 20;

/// A small deterministic random source (xorshift), so every run plays the same game.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

async fn get(client: &Client, url: &str, token: &str) -> anyhow::Result<Duration> {
    let started = Instant::now();
    let response = client.get(url).bearer_auth(token).send().await?;
    let status = response.status();
    let body = response.bytes().await?;
    anyhow::ensure!(
        status.is_success(),
        "{url}: {status} {}",
        String::from_utf8_lossy(&body)
    );
    Ok(started.elapsed())
}

/// A started two-seat Wiz-War game: (game, [(user, token); 2]).
async fn new_game(
    bench: &Bench,
    client: &Client,
    n: usize,
) -> anyhow::Result<(Uuid, [(Uuid, String); 2])> {
    let ann = bench.player(&format!("ann{n}")).await?;
    let bob = bench.player(&format!("bob{n}")).await?;
    let base = &bench.base;
    let game: serde_json::Value = client
        .post(format!("{base}/v1/games"))
        .bearer_auth(&ann.1)
        .json(&json!({ "ruleset": "wizwar", "seats": 2 }))
        .send()
        .await?
        .json()
        .await?;
    let id: Uuid = game["id"]
        .as_str()
        .ok_or_else(|| anyhow::anyhow!("no game: {game}"))?
        .parse()?;
    for (path, token) in [("join", &bob.1), ("start", &ann.1)] {
        let status = client
            .post(format!("{base}/v1/games/{id}/{path}"))
            .bearer_auth(token)
            .json(&json!({}))
            .send()
            .await?
            .status();
        anyhow::ensure!(status.is_success(), "{path}: {status}");
    }
    Ok((id, [ann, bob]))
}

/// Plays random listed commands until the game has `events` events.
/// `false` when it ended first.
async fn play_to(bench: &Bench, game: Uuid, events: i64, dice: &mut Dice) -> anyhow::Result<bool> {
    loop {
        let mut pick = dice.below(usize::MAX);
        let played = decide_and_append(&bench.state.store, game, None, |game| {
            if game.version >= events || game.status != owlpost_api::model::GameStatus::Active {
                return Ok(None);
            }
            let awaiting = game.rules.awaiting();
            let seat = awaiting[pick % awaiting.len()].seat;
            pick = pick.rotate_left(17);
            // Three moves in four are the timeout move (a pass, the end of a
            // turn), so that random play lasts 10,000 events; the others a
            // random listed command.
            let command = match game.rules.timeout_command(seat) {
                Some(timeout) if !pick.is_multiple_of(4) => timeout,
                _ => {
                    let legal = game.rules.legal_commands(seat);
                    pick = pick.rotate_left(17);
                    legal[pick % legal.len()].clone()
                }
            };
            let actor = game.player_at(seat).ok_or_else(|| {
                owlpost_api::error::ApiError::internal(anyhow::anyhow!("empty seat"))
            })?;
            Ok(Some(Plan {
                actor,
                commands: vec![GameCommand::Rules(command)],
                record: Some(owlpost_api::store::NewCommand {
                    id: Uuid::new_v4(),
                    actor,
                    idempotency_key: None,
                    body: json!({}),
                }),
            }))
        })
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        if let Played::Nothing = played {
            let game = bench
                .state
                .store
                .load(game)
                .await
                .map_err(|e| anyhow::anyhow!("{e}"))?;
            return Ok(game.version >= events);
        }
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    owlpost_api::webhooks::install_tls_provider();
    let sizes = env_list("OWLPOST_BENCH_SIZES", &[100, 1000, 10000]);
    let bench = Bench::start().await?;
    let client = Client::new();
    let mut dice = Dice(0x5eed_0f0a_11ce);
    let mut attempt = 0;
    let (game, players) = loop {
        attempt += 1;
        let (game, players) = new_game(&bench, &client, attempt).await?;
        let started = Instant::now();
        if play_to(
            &bench,
            game,
            *sizes.first().unwrap_or(&100) as i64,
            &mut dice,
        )
        .await?
        {
            println!(
                "history: a random two-seat Wiz-War game (attempt {attempt}), first {} events in {:.1}s",
                sizes[0],
                started.elapsed().as_secs_f64()
            );
            break (game, players);
        }
    };
    println!();
    let every = common::snapshots_every().map_or(0, |every| every.get());
    println!(
        "after a restart: no snapshots (a fold from the first event), then snapshots every {every} events"
    );
    println!(
        "| events | warm load p50 ms | at/{{seq}} p50 ms | at/{{seq}} p99 ms | no snapshots: first load ms | then at/{{seq}} p50 / p99 ms | snapshots: first load ms | then at/{{seq}} p50 / p99 ms |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    let token = &players[0].1;
    for &size in &sizes {
        let started = Instant::now();
        if !play_to(&bench, game, size as i64, &mut dice).await? {
            println!("the game ended before {size} events; stopping here");
            break;
        }
        eprintln!(
            "played to {size} events in {:.1}s",
            started.elapsed().as_secs_f64()
        );
        let base = &bench.base;
        let mut warm = Vec::new();
        for _ in 0..WARM_SAMPLES {
            warm.push(get(&client, &format!("{base}/v1/games/{game}"), token).await?);
        }
        warm.sort();
        let mut at = Vec::new();
        for _ in 0..AT_SAMPLES {
            let seq = 1 + dice.below(size);
            at.push(get(&client, &format!("{base}/v1/games/{game}/at/{seq}"), token).await?);
        }
        at.sort();
        let mut restarts = Vec::new();
        for every in [None, common::snapshots_every()] {
            let mut cold = Vec::new();
            let mut cold_at = Vec::new();
            for _ in 0..RESTARTS {
                let restarted =
                    Bench::with_snapshots(bench.server.clone(), bench.database.clone(), every)
                        .await?;
                let fresh = Client::new();
                // The pool's first connection is made by the readiness check, not the load timed.
                get(&fresh, &format!("{}/ready", restarted.base), token).await?;
                cold.push(ms(get(
                    &fresh,
                    &format!("{}/v1/games/{game}", restarted.base),
                    token,
                )
                .await?));
                for _ in 0..AT_AFTER_RESTART {
                    let seq = 1 + dice.below(size);
                    cold_at.push(
                        get(
                            &fresh,
                            &format!("{}/v1/games/{game}/at/{seq}", restarted.base),
                            token,
                        )
                        .await?,
                    );
                }
                restarted.stop().await;
            }
            cold_at.sort();
            restarts.push(format!(
                "{:.2} | {:.2} / {:.2}",
                median(&mut cold),
                ms(percentile(&cold_at, 0.5)),
                ms(percentile(&cold_at, 0.99))
            ));
        }
        println!(
            "| {size} | {:.2} | {:.2} | {:.2} | {} | {} |",
            ms(percentile(&warm, 0.5)),
            ms(percentile(&at, 0.5)),
            ms(percentile(&at, 0.99)),
            restarts[0],
            restarts[1],
        );
    }
    bench.stop_and_drop().await?;
    Ok(())
}
