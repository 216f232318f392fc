//! Snapshots in the database: a server that starts afresh takes a game up
//! from its latest snapshot and the events after it, and must show exactly
//! what a fold from the first event shows; a snapshot of another rules
//! version, or one that does not read, is never taken for the game, and a
//! server deletes those of other rules versions when it starts.
//!
//! The tests call the store itself besides the servers, so they run on a
//! runtime of several threads: the servers' pools may hand them a
//! connection whose driver runs on another runtime.

use std::num::NonZeroU32;

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use owlpost_api::play::{Plan, Played, decide_and_append};
use owlpost_api::store::{NewCommand, snapshots};
use owlpost_domain::registry;
use owlpost_domain::table::GameCommand;

use crate::helpers::{Player, TestApp};

/// The tests' snapshot interval: their games are far shorter than the server's.
const EVERY: u32 = 16;

/// A two-seat game of `ruleset` between two new players, started.
async fn started(app: &TestApp, ruleset: &str) -> (Uuid, [Player; 2]) {
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let id = app.started_game(ruleset, &ann, &bob, json!({})).await;
    (id, [ann, bob])
}

/// Plays seeded random moves (listed commands and, one time in two, the
/// timeout move, so that Wiz-War games last) until the game has `events`
/// events or is over. Returns its version.
async fn play_to(app: &TestApp, game: Uuid, events: i64) -> i64 {
    let mut dice: u64 = 0x5eed_0f5a;
    loop {
        let played = decide_and_append(&app.state.store, game, None, |game| {
            if game.version >= events || game.status != owlpost_api::model::GameStatus::Active {
                return Ok(None);
            }
            dice ^= dice << 13;
            dice ^= dice >> 7;
            dice ^= dice << 17;
            let awaiting = game.rules.awaiting();
            let seat = awaiting[dice as usize % awaiting.len()].seat;
            let command = match game.rules.timeout_command(seat) {
                Some(timeout) if dice.is_multiple_of(2) => timeout,
                _ => {
                    let legal = game.rules.legal_commands(seat);
                    legal[(dice >> 8) as usize % legal.len()].clone()
                }
            };
            let actor = game.player_at(seat).expect("both seats are taken");
            Ok(Some(Plan {
                actor,
                commands: vec![GameCommand::Rules(command)],
                record: Some(NewCommand {
                    id: Uuid::new_v4(),
                    actor,
                    idempotency_key: None,
                    body: json!({}),
                }),
            }))
        })
        .await
        .expect("a listed move is played");
        if let Played::Nothing = played {
            return app.state.store.load(game).await.expect("loads").version;
        }
    }
}

async fn database(app: &TestApp) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls)
        .await
        .expect("the test database answers");
    tokio::spawn(connection);
    client
}

/// The snapshots of `game` once every write started after its appends (on
/// tasks of their own) is done. One is written by each append that reaches
/// a multiple of `EVERY`, at the append's last event (an append of many
/// events may pass several multiples and write one): so the latest is at or
/// after the last multiple the game reached.
async fn snapshots_written(app: &TestApp, game: Uuid, version: i64) -> i64 {
    app.state.store.snapshots_settled().await;
    let row = database(app)
        .await
        .query_one(
            "SELECT count(*), coalesce(max(version), 0) FROM snapshots \
             WHERE game_id = $1::text::uuid",
            &[&game.to_string()],
        )
        .await
        .expect("counts");
    let (written, latest): (i64, i64) = (row.get(0), row.get(1));
    let every = i64::from(EVERY);
    assert!(
        latest >= version / every * every,
        "the snapshots of a {version}-event game are written: {written}, the latest at {latest}"
    );
    written
}

/// What `player` is shown of the game now, and at each of its events.
async fn everything_shown(app: &TestApp, game: Uuid, version: i64, player: &Player) -> Vec<Value> {
    let mut shown = vec![app.game(game, player).await];
    for seq in 1..=version {
        let response = app
            .get(&format!("/v1/games/{game}/at/{seq}"), Some(&player.token))
            .await;
        assert_eq!(response.status(), StatusCode::OK, "the game at {seq}");
        shown.push(response.json().await.unwrap());
    }
    shown
}

/// The loaded game as a snapshot would keep it: its version, last hash,
/// deadline and both states.
async fn kept(app: &TestApp, game: Uuid) -> Vec<u8> {
    let game = app.state.store.load(game).await.expect("loads");
    let snapshot = snapshots::NewSnapshot::of(&game).expect("a game of today's rules is kept");
    [
        snapshot.version.to_be_bytes().to_vec(),
        snapshot.last_hash.to_vec(),
        format!("{:?}", snapshot.deadline).into_bytes(),
        snapshot.table_state,
        snapshot.rules_state,
    ]
    .concat()
}

/// Plays a game of `ruleset`, then compares what a restarted server shows
/// from snapshots with what one folding from the first event shows.
async fn a_game_from_its_snapshots_is_the_game_from_its_first_event(ruleset: &str) {
    let app = TestApp::spawn_with_snapshots_every(EVERY).await;
    let (game, [ann, _]) = started(&app, ruleset).await;
    let version = play_to(&app, game, 6 * i64::from(EVERY) + 5).await;
    assert!(
        version > 2 * i64::from(EVERY),
        "{ruleset}: a game of {version} events is too short to need snapshots"
    );
    assert!(snapshots_written(&app, game, version).await > 0);

    let from_snapshots = TestApp::restarted(&app, NonZeroU32::new(EVERY)).await;
    let from_the_start = TestApp::restarted(&app, None).await;
    assert!(
        kept(&from_snapshots, game).await == kept(&from_the_start, game).await,
        "{ruleset}: the game loaded from its latest snapshot is another game"
    );
    let shown = everything_shown(&from_snapshots, game, version, &ann).await;
    let truth = everything_shown(&from_the_start, game, version, &ann).await;
    for (seq, (shown, truth)) in shown.iter().zip(&truth).enumerate() {
        assert_eq!(
            shown, truth,
            "{ruleset}: the game at {seq} (0: now) from snapshots differs"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_fire_wall_duel_from_its_snapshots_is_the_duel_folded_from_its_first_event() {
    a_game_from_its_snapshots_is_the_game_from_its_first_event("firewall-duel").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wiz_war_game_from_its_snapshots_is_the_game_folded_from_its_first_event() {
    a_game_from_its_snapshots_is_the_game_from_its_first_event("wizwar").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wizards_of_war_game_from_its_snapshots_is_the_game_folded_from_its_first_event() {
    a_game_from_its_snapshots_is_the_game_from_its_first_event("wizards-of-war").await;
}

/// A Fire Wall duel played past a few snapshots, whose earliest snapshot is
/// then written again at the game's latest version by `forge` (an UPDATE or
/// INSERT given the game as text, the earliest version and the latest): a server
/// that read it would show the duel as it was long ago.
async fn a_forged_snapshot_is_never_taken_for_the_game(forge: &str) {
    let app = TestApp::spawn_with_snapshots_every(EVERY).await;
    let (game, [ann, _]) = started(&app, "firewall-duel").await;
    let version = play_to(&app, game, 4 * i64::from(EVERY) + 3).await;
    snapshots_written(&app, game, version).await;
    let truth = app.game(game, &ann).await;
    let at = format!("/v1/games/{game}/at/{version}");
    let truth_at: Value = app.get(&at, Some(&ann.token)).await.json().await.unwrap();
    let earliest: i64 = database(&app)
        .await
        .query_one(
            "SELECT min(version) FROM snapshots WHERE game_id = $1::text::uuid",
            &[&game.to_string()],
        )
        .await
        .expect("a snapshot")
        .get(0);
    database(&app)
        .await
        .execute(forge, &[&game.to_string(), &earliest, &version])
        .await
        .expect("the snapshot is forged");

    let restarted = TestApp::restarted(&app, NonZeroU32::new(EVERY)).await;
    assert_eq!(restarted.game(game, &ann).await, truth);
    let at_the_end: Value = restarted
        .get(&at, Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(at_the_end, truth_at);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_of_another_rules_version_is_never_read() {
    let current = snapshots::rules_version(registry::find("firewall-duel").unwrap());
    assert_eq!(
        current, "firewall-duel/1@1 table/8",
        "the forgery below is older"
    );
    // The same states under an older version of the duel's serialised state,
    // at the latest version: they would read, but mean the duel long ago.
    a_forged_snapshot_is_never_taken_for_the_game(
        "INSERT INTO snapshots (game_id, rules_version, version, last_hash, deadline_at,
                                table_state, rules_state)
         SELECT game_id, 'firewall-duel/0 table/1', $3, last_hash, deadline_at,
                table_state, rules_state
         FROM snapshots WHERE game_id = $1::text::uuid AND version = $2",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_snapshot_that_does_not_read_is_passed_over() {
    a_forged_snapshot_is_never_taken_for_the_game(
        "INSERT INTO snapshots (game_id, rules_version, version, last_hash, deadline_at,
                                table_state, rules_state)
         SELECT game_id, rules_version, $3, last_hash, deadline_at,
                table_state, '{\"not\": \"a duel\"}'::bytea
         FROM snapshots WHERE game_id = $1::text::uuid AND version = $2
         ON CONFLICT (game_id, rules_version, version) DO UPDATE
         SET rules_state = EXCLUDED.rules_state",
    )
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_starting_server_deletes_the_snapshots_of_other_rules_versions_and_keeps_the_current_ones()
 {
    let app = TestApp::spawn_with_snapshots_every(EVERY).await;
    let (game, [ann, _]) = started(&app, "firewall-duel").await;
    let version = play_to(&app, game, 4 * i64::from(EVERY) + 3).await;
    let current = snapshots_written(&app, game, version).await;
    // A rules version left behind by an older build, with more snapshots
    // than one batch of pruning deletes.
    let stale = 3 * snapshots::PRUNE_BATCH + 7;
    database(&app)
        .await
        .execute(
            "INSERT INTO snapshots (game_id, rules_version, version, last_hash, deadline_at,
                                    table_state, rules_state)
             SELECT game_id, 'firewall-duel/0 table/1', v, last_hash, deadline_at,
                    table_state, rules_state
             FROM snapshots, generate_series(1, $2::bigint) AS v
             WHERE game_id = $1::text::uuid
               AND version = (SELECT min(version) FROM snapshots WHERE game_id = $1::text::uuid)",
            &[&game.to_string(), &stale],
        )
        .await
        .expect("the stale snapshots are written");
    let kept_before: Vec<(String, i64)> = stored(&app, game).await;
    assert_eq!(kept_before.len() as i64, current + stale);

    let restarted = TestApp::restarted(&app, NonZeroU32::new(EVERY)).await;
    let pruned = snapshots::prune_in_background(restarted.state.store.clone())
        .await
        .expect("the pruning task ends");
    assert_eq!(
        pruned, stale as u64,
        "every stale snapshot, and nothing else"
    );
    let left = stored(&app, game).await;
    let current_version = snapshots::rules_version(registry::find("firewall-duel").unwrap());
    assert_eq!(
        left.len() as i64,
        current,
        "the current snapshots are all kept"
    );
    assert!(left.iter().all(|(rules, _)| *rules == current_version));
    assert_eq!(
        left,
        kept_before
            .into_iter()
            .filter(|(rules, _)| *rules == current_version)
            .collect::<Vec<_>>()
    );

    let from_the_start = TestApp::restarted(&app, None).await;
    assert!(kept(&restarted, game).await == kept(&from_the_start, game).await);
    assert_eq!(
        everything_shown(&restarted, game, version, &ann).await,
        everything_shown(&from_the_start, game, version, &ann).await,
        "the game from its pruned snapshots is the game from its first event"
    );
    let again = snapshots::prune_in_background(restarted.state.store.clone())
        .await
        .expect("the pruning task ends");
    assert_eq!(again, 0, "nothing stale is left to prune");
}

/// The rules version and game version of every stored snapshot of `game`.
async fn stored(app: &TestApp, game: Uuid) -> Vec<(String, i64)> {
    database(app)
        .await
        .query(
            "SELECT rules_version, version FROM snapshots WHERE game_id = $1::text::uuid
             ORDER BY rules_version, version",
            &[&game.to_string()],
        )
        .await
        .expect("the snapshots are listed")
        .iter()
        .map(|row| (row.get(0), row.get(1)))
        .collect()
}
