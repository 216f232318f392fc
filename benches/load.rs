//! The load benchmark: M concurrent Fire Wall duels played over HTTP on
//! loopback (closed loop, one keep-alive connection per duel, one
//! `POST /v1/games/{id}/actions` per move), after a warm-up, over a fixed
//! window: durable actions per second, latency percentiles and errors. In
//! the same run, PostgreSQL alone (pgbench, or the same loop in Rust where it
//! is not installed: one ~300-byte jsonb row per durable transaction into an
//! events-like table, 16 clients) and the ratio
//! of the two at 16 duels. Also in the same run, when installed (`npm ci
//! --prefix benches/boardgameio`), boardgame.io 0.50.2 in memory: 16 games of a
//! trivial one-move-per-turn duel played closed loop through its socket.io
//! client on loopback (`benches/boardgameio/duels.js`, run with `node`), and
//! the ratio of Owlpost at 16 duels to it. Then the waiters scenario: 16 duels
//! with 0 and with 1,000 idle long-polls (`/v1/me/inbox?wait=60` of players
//! with no game).
//!
//! Every scenario runs on a fresh database of its own, `OWLPOST_BENCH_REPS`
//! times (default 3), alternating, and the medians are printed. Figures are
//! printed, never asserted.
//!
//! `cargo bench --bench load` (or `benches/run.sh`). Knobs:
//! `OWLPOST_BENCH_GAMES` (default `1,4,16,64`), `OWLPOST_BENCH_IDLE` (idle
//! long-polls of the waiters scenario, default 1000; 0 skips it),
//! `OWLPOST_BENCH_WARMUP` and `OWLPOST_BENCH_SECONDS` (default 2 and 5),
//! `OWLPOST_BENCH_REPS`, `OWLPOST_BENCH_BOARDGAMEIO` (`0`: no boardgame.io
//! run even when installed; `1`: `benches/run.sh` installs it first with
//! `npm ci` when it is missing; cargo itself never downloads it).

mod common;

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use common::{Bench, env_list, env_number, median, ms, percentile};

/// One action as the client saw it.
struct Sample {
    done: Instant,
    latency: Duration,
    ok: bool,
}

/// What one scenario measured.
struct Measured {
    actions_per_second: f64,
    p50: Duration,
    p95: Duration,
    p99: Duration,
    errors: usize,
    games: usize,
}

struct Player {
    token: String,
}

/// Plays duels between `ann` and `bob` until `stop_at`, one after another.
async fn duels(
    client: Client,
    base: String,
    ann: Player,
    bob: Player,
    stop_at: Instant,
) -> (Vec<Sample>, usize) {
    let mut samples = Vec::new();
    let mut games = 0;
    while Instant::now() < stop_at {
        games += 1;
        if let Err(error) = one_duel(&client, &base, [&ann, &bob], stop_at, &mut samples).await {
            eprintln!("a duel broke off: {error}");
            samples.push(Sample {
                done: Instant::now(),
                latency: Duration::ZERO,
                ok: false,
            });
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
    (samples, games)
}

async fn send(
    client: &Client,
    method: reqwest::Method,
    url: String,
    token: &str,
    body: Option<Value>,
) -> anyhow::Result<(StatusCode, Value)> {
    let mut request = client.request(method, url).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await?;
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    Ok((status, body))
}

/// The seats awaited by `game` (a `Game` as the API answers it).
fn awaited(game: &Value) -> Vec<(usize, String)> {
    game["awaiting"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|w| {
                    Some((
                        w["seat"].as_u64()? as usize,
                        w["reason"].as_str().unwrap_or_default().to_owned(),
                    ))
                })
                .collect()
        })
        .unwrap_or_default()
}

async fn one_duel(
    client: &Client,
    base: &str,
    players: [&Player; 2],
    stop_at: Instant,
    samples: &mut Vec<Sample>,
) -> anyhow::Result<()> {
    let post = reqwest::Method::POST;
    let (status, game) = send(
        client,
        post.clone(),
        format!("{base}/v1/games"),
        &players[0].token,
        Some(json!({ "ruleset": "firewall-duel", "seats": 2 })),
    )
    .await?;
    anyhow::ensure!(status.is_success(), "create: {status} {game}");
    let id = game["id"].as_str().unwrap_or_default().to_owned();
    let (status, body) = send(
        client,
        post.clone(),
        format!("{base}/v1/games/{id}/join"),
        &players[1].token,
        Some(json!({})),
    )
    .await?;
    anyhow::ensure!(status.is_success(), "join: {status} {body}");
    let (status, mut game) = send(
        client,
        post.clone(),
        format!("{base}/v1/games/{id}/start"),
        &players[0].token,
        Some(json!({})),
    )
    .await?;
    anyhow::ensure!(
        status.is_success() && game["status"] == "active",
        "start: {status} {game}"
    );
    let actions = format!("{base}/v1/games/{id}/actions");
    while Instant::now() < stop_at && game["status"] == "active" {
        let Some((seat, reason)) = awaited(&game).into_iter().next() else {
            anyhow::bail!("an active game awaits nobody: {game}");
        };
        let player = players[seat];
        // A sealed bet of 1 and no card keeps both wizards in the game the
        // longest; anything else (a choice) is the first listed command.
        let command = if reason == "sealed_move" {
            json!({ "type": "submit_move", "bet": 1, "cards": [] })
        } else {
            listed_command(client, base, &id, player).await?
        };
        let started = Instant::now();
        let (status, answer) = send(
            client,
            post.clone(),
            actions.clone(),
            &player.token,
            Some(json!({ "command": command })),
        )
        .await?;
        let refused = status == StatusCode::UNPROCESSABLE_ENTITY;
        samples.push(Sample {
            done: Instant::now(),
            latency: started.elapsed(),
            ok: status.is_success(),
        });
        if refused {
            // The bet was not allowed (no mana left): play a listed command.
            let command = listed_command(client, base, &id, player).await?;
            let started = Instant::now();
            let (status, again) = send(
                client,
                post.clone(),
                actions.clone(),
                &player.token,
                Some(json!({ "command": command })),
            )
            .await?;
            samples.push(Sample {
                done: Instant::now(),
                latency: started.elapsed(),
                ok: status.is_success(),
            });
            anyhow::ensure!(status.is_success(), "a listed command: {status} {again}");
            game = game_of(client, base, &id, player, &again).await?;
        } else {
            anyhow::ensure!(status.is_success(), "an action: {status} {answer}");
            game = game_of(client, base, &id, player, &answer).await?;
        }
    }
    Ok(())
}

/// The game after an action: from its answer when that carries it, else asked for.
async fn game_of(
    client: &Client,
    base: &str,
    id: &str,
    player: &Player,
    answer: &Value,
) -> anyhow::Result<Value> {
    if answer["game"].is_object() {
        return Ok(answer["game"].clone());
    }
    if answer["next"].is_object() {
        return Ok(answer["next"].clone());
    }
    let (status, game) = send(
        client,
        reqwest::Method::GET,
        format!("{base}/v1/games/{id}"),
        &player.token,
        None,
    )
    .await?;
    anyhow::ensure!(status.is_success(), "get: {status} {game}");
    Ok(game)
}

async fn listed_command(
    client: &Client,
    base: &str,
    id: &str,
    player: &Player,
) -> anyhow::Result<Value> {
    let (status, game) = send(
        client,
        reqwest::Method::GET,
        format!("{base}/v1/games/{id}?legal=all"),
        &player.token,
        None,
    )
    .await?;
    anyhow::ensure!(status.is_success(), "get: {status} {game}");
    game["legal_commands"]
        .as_array()
        .and_then(|l| l.first())
        .cloned()
        .ok_or_else(|| anyhow::anyhow!("an awaited player has no legal command: {game}"))
}

/// One scenario on a fresh database: `games` duels and `idle` long-polls.
async fn scenario(games: usize, idle: usize, warmup: f64, window: f64) -> anyhow::Result<Measured> {
    let bench = Bench::start().await?;
    let client = Client::builder().timeout(Duration::from_secs(90)).build()?;
    let stop = Arc::new(AtomicBool::new(false));
    let mut pollers = Vec::new();
    for i in 0..idle {
        let (_, token) = bench.player(&format!("idle{i}")).await?;
        let (client, base, stop) = (client.clone(), bench.base.clone(), stop.clone());
        pollers.push(tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let answer = client
                    .get(format!("{base}/v1/me/inbox?wait=60"))
                    .bearer_auth(&token)
                    .send()
                    .await;
                if answer.is_err() {
                    tokio::time::sleep(Duration::from_millis(100)).await;
                }
            }
        }));
    }
    // Every idle long-poll waits (the webhook deliverer waits too) before the clock starts.
    let settle = Instant::now();
    while bench.state.store.changes().waiting() < idle && settle.elapsed() < Duration::from_secs(60)
    {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let mut players = Vec::new();
    for i in 0..games {
        let (_, ann) = bench.player(&format!("ann{i}")).await?;
        let (_, bob) = bench.player(&format!("bob{i}")).await?;
        players.push((Player { token: ann }, Player { token: bob }));
    }
    let started = Instant::now();
    let measured_from = started + Duration::from_secs_f64(warmup);
    let stop_at = measured_from + Duration::from_secs_f64(window);
    let tasks: Vec<_> = players
        .into_iter()
        .map(|(ann, bob)| {
            tokio::spawn(duels(client.clone(), bench.base.clone(), ann, bob, stop_at))
        })
        .collect();
    let mut samples = Vec::new();
    let mut games_played = 0;
    for task in tasks {
        let (s, g) = task.await?;
        samples.extend(s);
        games_played += g;
    }
    stop.store(true, Ordering::Relaxed);
    for poller in pollers {
        poller.abort();
    }
    let in_window: Vec<&Sample> = samples
        .iter()
        .filter(|s| s.done >= measured_from && s.done <= stop_at)
        .collect();
    let errors = in_window.iter().filter(|s| !s.ok).count();
    let mut latencies: Vec<Duration> = in_window
        .iter()
        .filter(|s| s.ok)
        .map(|s| s.latency)
        .collect();
    latencies.sort();
    let measured = Measured {
        actions_per_second: latencies.len() as f64 / window,
        p50: percentile(&latencies, 0.50),
        p95: percentile(&latencies, 0.95),
        p99: percentile(&latencies, 0.99),
        errors,
        games: games_played,
    };
    bench.stop_and_drop().await?;
    Ok(measured)
}

/// The events-like table PostgreSQL alone inserts into.
const BENCH_TABLE: &str = "CREATE TABLE bench_events (game_id uuid NOT NULL, seq bigserial NOT NULL, \
     kind text NOT NULL, payload jsonb NOT NULL, recorded_at timestamptz NOT NULL DEFAULT now(), \
     hash bytea NOT NULL, PRIMARY KEY (game_id, seq))";

/// ~300 bytes of jsonb, like a Fire Wall event.
fn event_payload() -> String {
    json!({
        "type": "moves_revealed",
        "bets": [1, 1],
        "cards": [[], []],
        "positions": { "wall": 0, "seat0_mana": 11, "seat1_mana": 11 },
        "spells": [],
        "note": "x".repeat(120),
    })
    .to_string()
}

/// PostgreSQL alone on the same server: single-row durable inserts of a
/// ~300-byte jsonb payload into an events-like table, `clients` at once,
/// for `seconds`. Transactions per second, and what measured them: pgbench,
/// or where it is not installed the same loop in Rust.
async fn pgbench(clients: usize, seconds: u64) -> anyhow::Result<(f64, &'static str)> {
    if std::process::Command::new("pgbench")
        .arg("--version")
        .output()
        .is_err()
    {
        return Ok((
            insert_loop(clients, seconds).await?,
            "a Rust loop, no pgbench",
        ));
    }
    let bench = Bench::start().await?;
    let url = bench.url();
    let status = std::process::Command::new("psql")
        .args(["-q", "-X", "-v", "ON_ERROR_STOP=1", &url, "-c", BENCH_TABLE])
        .status()?;
    anyhow::ensure!(status.success(), "psql could not make the pgbench table");
    let payload = event_payload();
    let script = std::env::temp_dir().join(format!("owlpost-pgbench-{}.sql", uuid::Uuid::new_v4()));
    std::fs::write(
        &script,
        format!(
            "INSERT INTO bench_events (game_id, kind, payload, hash) VALUES \
             (gen_random_uuid(), 'rules', '{payload}'::jsonb, sha256('x'::bytea));\n"
        ),
    )?;
    let output = std::process::Command::new("pgbench")
        .args([
            "-n",
            "-c",
            &clients.to_string(),
            "-j",
            "2",
            "-T",
            &seconds.to_string(),
            "-f",
        ])
        .arg(&script)
        .arg(&url)
        .output()?;
    let _ = std::fs::remove_file(&script);
    bench.stop_and_drop().await?;
    let text = String::from_utf8_lossy(&output.stdout);
    let tps = text
        .lines()
        .find(|l| l.starts_with("tps = "))
        .and_then(|l| l.split_whitespace().nth(2))
        .and_then(|n| n.parse().ok());
    tps.map(|tps| (tps, "pgbench")).ok_or_else(|| {
        anyhow::anyhow!(
            "pgbench said: {text}{}",
            String::from_utf8_lossy(&output.stderr)
        )
    })
}

/// What pgbench measures, without it: `clients` connections each inserting
/// one row per autocommitted (durable) transaction, for `seconds`.
async fn insert_loop(clients: usize, seconds: u64) -> anyhow::Result<f64> {
    let bench = Bench::start().await?;
    let url = bench.url();
    let connect = || async {
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls).await?;
        tokio::spawn(connection);
        anyhow::Ok(client)
    };
    connect().await?.batch_execute(BENCH_TABLE).await?;
    let payload = event_payload();
    let until = Instant::now() + Duration::from_secs(seconds);
    let mut workers = Vec::new();
    for _ in 0..clients {
        let client = connect().await?;
        let payload = payload.clone();
        workers.push(tokio::spawn(async move {
            let insert = client
                .prepare(
                    "INSERT INTO bench_events (game_id, kind, payload, hash) \
                     VALUES (gen_random_uuid(), 'rules', $1::text::jsonb, sha256('x'::bytea))",
                )
                .await?;
            let mut done = 0u64;
            while Instant::now() < until {
                client.execute(&insert, &[&payload]).await?;
                done += 1;
            }
            anyhow::Ok(done)
        }));
    }
    let mut done = 0;
    for worker in workers {
        done += worker.await??;
    }
    bench.stop_and_drop().await?;
    Ok(done as f64 / seconds as f64)
}

/// Where the boardgame.io reference lives, and whether it can run here: the
/// reason it cannot otherwise (printed once, then skipped).
fn boardgameio_ready() -> Result<PathBuf, String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/boardgameio");
    if std::env::var("OWLPOST_BENCH_BOARDGAMEIO").is_ok_and(|v| v.trim() == "0") {
        return Err("OWLPOST_BENCH_BOARDGAMEIO=0".into());
    }
    if !dir.join("node_modules/boardgame.io").is_dir() {
        return Err(
            "not installed; `npm ci --prefix benches/boardgameio` installs it \
             (or OWLPOST_BENCH_BOARDGAMEIO=1 benches/run.sh)"
                .into(),
        );
    }
    if std::process::Command::new("node")
        .arg("--version")
        .output()
        .is_err()
    {
        return Err("no `node` on PATH".into());
    }
    Ok(dir)
}

/// The installed boardgame.io's version, as its package says.
fn boardgameio_version(dir: &Path) -> String {
    std::fs::read(dir.join("node_modules/boardgame.io/package.json"))
        .ok()
        .and_then(|bytes| serde_json::from_slice::<Value>(&bytes).ok())
        .and_then(|package| package["version"].as_str().map(str::to_owned))
        .unwrap_or_else(|| "?".into())
}

/// boardgame.io in memory: `games` games closed loop through its socket.io
/// client on loopback, measured like `scenario` (`duels.js` prints one line).
async fn boardgameio(
    dir: &Path,
    games: usize,
    warmup: f64,
    window: f64,
) -> anyhow::Result<Measured> {
    let run = tokio::process::Command::new("node")
        .arg(dir.join("duels.js"))
        .args(["--games", &games.to_string()])
        .args(["--warmup", &warmup.to_string()])
        .args(["--seconds", &window.to_string()])
        .current_dir(dir)
        .kill_on_drop(true)
        .output();
    // A wedged node must not hang the whole benchmark.
    let output = tokio::time::timeout(Duration::from_secs_f64(warmup + window + 60.0), run)
        .await
        .map_err(|_| anyhow::anyhow!("duels.js did not finish in time"))??;
    let text = String::from_utf8_lossy(&output.stdout);
    let line = text
        .lines()
        .find(|l| l.starts_with("boardgameio "))
        .filter(|_| output.status.success())
        .ok_or_else(|| {
            anyhow::anyhow!(
                "duels.js ({}) said: {text}{}",
                output.status,
                String::from_utf8_lossy(&output.stderr)
            )
        })?;
    let field = |name: &str| -> anyhow::Result<f64> {
        line.split_whitespace()
            .find_map(|kv| kv.strip_prefix(name)?.strip_prefix('='))
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| anyhow::anyhow!("no {name} in {line:?}"))
    };
    let millis = |name: &str| field(name).map(|v| Duration::from_secs_f64(v / 1000.0));
    Ok(Measured {
        actions_per_second: field("moves_per_second")?,
        p50: millis("p50_ms")?,
        p95: millis("p95_ms")?,
        p99: millis("p99_ms")?,
        errors: field("errors")? as usize,
        games,
    })
}

fn row(label: &str, runs: &mut [Measured]) -> (f64, String) {
    let mut rate: Vec<f64> = runs.iter().map(|m| m.actions_per_second).collect();
    let mut p50: Vec<f64> = runs.iter().map(|m| ms(m.p50)).collect();
    let mut p95: Vec<f64> = runs.iter().map(|m| ms(m.p95)).collect();
    let mut p99: Vec<f64> = runs.iter().map(|m| ms(m.p99)).collect();
    let errors: usize = runs.iter().map(|m| m.errors).sum();
    let median_rate = median(&mut rate);
    (
        median_rate,
        format!(
            "| {label} | {median_rate:.0} | {:.1} | {:.1} | {:.1} | {errors} |",
            median(&mut p50),
            median(&mut p95),
            median(&mut p99)
        ),
    )
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    owlpost_api::webhooks::install_tls_provider();
    let games = env_list("OWLPOST_BENCH_GAMES", &[1, 4, 16, 64]);
    let idle = env_number("OWLPOST_BENCH_IDLE", 1000.0) as usize;
    let warmup = env_number("OWLPOST_BENCH_WARMUP", 2.0);
    let window = env_number("OWLPOST_BENCH_SECONDS", 5.0);
    let reps = env_number("OWLPOST_BENCH_REPS", 3.0).max(1.0) as usize;
    println!(
        "load: Fire Wall duels over HTTP on loopback, warm-up {warmup}s, window {window}s, \
         {reps} reps (medians); {} cores",
        std::thread::available_parallelism().map_or(0, usize::from)
    );
    let mut by_games: Vec<Vec<Measured>> = games.iter().map(|_| Vec::new()).collect();
    let mut pg: Vec<f64> = Vec::new();
    let bgio = boardgameio_ready();
    let bgio_version = bgio.as_ref().map(|dir| boardgameio_version(dir));
    if let Err(why) = &bgio {
        println!("boardgame.io reference skipped: {why}");
    }
    let mut bgio_runs: Vec<Measured> = Vec::new();
    let mut idle_runs: [Vec<Measured>; 2] = [Vec::new(), Vec::new()];
    for rep in 0..reps {
        for (i, &m) in games.iter().enumerate() {
            let measured = scenario(m, 0, warmup, window).await?;
            println!(
                "rep {rep}: {m:>3} duels: {:>6.0} actions/s  p50 {:>6.1} ms  p95 {:>6.1} ms  \
                 p99 {:>6.1} ms  errors {}  ({} games)",
                measured.actions_per_second,
                ms(measured.p50),
                ms(measured.p95),
                ms(measured.p99),
                measured.errors,
                measured.games
            );
            by_games[i].push(measured);
        }
        let (tps, by) = pgbench(16, window.ceil() as u64).await?;
        println!(
            "rep {rep}: PostgreSQL alone ({by}), 16 clients, one ~300-byte jsonb row per \
             transaction: {tps:.0} tps"
        );
        pg.push(tps);
        if let (Ok(dir), Ok(version)) = (&bgio, &bgio_version) {
            // A failed reference run is reported, not fatal: Owlpost's own
            // figures stand without it.
            match boardgameio(dir, 16, warmup, window).await {
                Ok(measured) => {
                    println!(
                        "rep {rep}: boardgame.io {version} in memory (node, socket.io), 16 games: \
                         {:>6.0} moves/s  p50 {:>6.1} ms  p95 {:>6.1} ms  p99 {:>6.1} ms  errors {}",
                        measured.actions_per_second,
                        ms(measured.p50),
                        ms(measured.p95),
                        ms(measured.p99),
                        measured.errors
                    );
                    bgio_runs.push(measured);
                }
                Err(error) => println!("rep {rep}: boardgame.io run failed: {error}"),
            }
        }
        if idle > 0 {
            for (slot, waiting) in [0, idle].into_iter().enumerate() {
                let measured = scenario(16, waiting, warmup, window).await?;
                println!(
                    "rep {rep}: 16 duels, {waiting:>4} idle long-polls: {:>6.0} actions/s  \
                     p50 {:>6.1} ms  p99 {:>6.1} ms  errors {}",
                    measured.actions_per_second,
                    ms(measured.p50),
                    ms(measured.p99),
                    measured.errors
                );
                idle_runs[slot].push(measured);
            }
        }
    }
    println!();
    println!("| duels | actions/s | p50 ms | p95 ms | p99 ms | errors |");
    println!("|---|---|---|---|---|---|");
    let mut at_16 = None;
    for (i, &m) in games.iter().enumerate() {
        let (rate, line) = row(&m.to_string(), &mut by_games[i]);
        if m == 16 {
            at_16 = Some(rate);
        }
        println!("{line}");
    }
    let mut bgio_median = None;
    if let Ok(version) = &bgio_version
        && !bgio_runs.is_empty()
    {
        let (rate, line) = row(
            &format!("boardgame.io {version} in memory, 16 games"),
            &mut bgio_runs,
        );
        println!("{line}");
        bgio_median = Some(rate);
    }
    let pg_median = median(&mut pg);
    if !pg.is_empty() {
        println!("PostgreSQL alone (16 clients, single-row durable inserts): {pg_median:.0} tps");
        if let Some(rate) = at_16 {
            println!(
                "ratio at 16 duels: {:.3} of PostgreSQL's single-row durable insert rate",
                rate / pg_median
            );
        }
    }
    if let (Some(bgio_rate), Some(rate)) = (bgio_median, at_16) {
        println!(
            "ratio at 16 duels: {:.3} of boardgame.io in memory at 16 games ({bgio_rate:.0} moves/s)",
            rate / bgio_rate
        );
    }
    if idle > 0 {
        println!();
        println!("| 16 duels with | actions/s | p50 ms | p95 ms | p99 ms | errors |");
        println!("|---|---|---|---|---|---|");
        let (without, line) = row("no idle long-poll", &mut idle_runs[0]);
        println!("{line}");
        let (with, line) = row(&format!("{idle} idle long-polls"), &mut idle_runs[1]);
        println!("{line}");
        println!(
            "{idle} idle long-polls cost {:.0}% of throughput",
            (1.0 - with / without) * 100.0
        );
    }
    Ok(())
}
