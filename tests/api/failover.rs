//! What a replicated database's failover does to servers in front of it
//! (docs/deployment.md; the whole cluster is tested by tests/cluster/).
//!
//! PostgreSQL shows a commit to other sessions before its synchronous replica
//! has it, so a server may have read a move that the new primary, after a
//! failover, never had: its mover was never told it was played, and sends it
//! again. Each test here makes its database lose the last move as such a
//! failover would, while a second server still remembers the game with it,
//! and checks that the game goes on from what the database holds.

use std::num::NonZeroU32;

use reqwest::StatusCode;
use serde_json::json;
use uuid::Uuid;

use owlpost_api::db;
use owlpost_api::record::{GameRecord, verify};

use crate::helpers::{Player, TestApp, bet};

/// A connection of the test's own to the database (as its owner).
async fn database(app: &TestApp) -> tokio_postgres::Client {
    let (client, connection) = tokio_postgres::connect(&app.database_url, tokio_postgres::NoTls)
        .await
        .expect("the test database answers");
    tokio::spawn(connection);
    client
}

/// The games row of `game` as the replica holds it before the lost move.
struct Replica {
    version: i64,
    row: String,
}

/// What the replica holds of `game` now.
async fn replica_now(app: &TestApp, game: Uuid) -> Replica {
    let row = database(app)
        .await
        .query_one(
            "SELECT version, row_to_json(g)::text FROM games g WHERE id = $1::text::uuid",
            &[&game.to_string()],
        )
        .await
        .expect("the games row");
    Replica {
        version: row.get(0),
        row: row.get(1),
    }
}

/// The failover: the database goes back to what the replica held, losing
/// every event, command and notification written after it (the log is
/// append-only for the server; the test's superuser unwinds it).
async fn fail_over_to(app: &TestApp, game: Uuid, replica: &Replica) {
    let db = database(app).await;
    let game = game.to_string();
    let row = &replica.row;
    db.batch_execute("BEGIN; ALTER TABLE events DISABLE TRIGGER events_append_only")
        .await
        .unwrap();
    for statement in [
        "DELETE FROM events WHERE game_id = $1::text::uuid AND seq > $2",
        "DELETE FROM commands WHERE game_id = $1::text::uuid AND first_seq > $2",
        "DELETE FROM snapshots WHERE game_id = $1::text::uuid AND version > $2",
    ] {
        db.execute(statement, &[&game, &replica.version])
            .await
            .unwrap();
    }
    db.execute(
        "UPDATE games g SET (status, version, awaiting, updated_at, deadline_at, last_hash) = \
         (SELECT r.status, r.version, r.awaiting, r.updated_at, r.deadline_at, r.last_hash \
          FROM json_populate_record(NULL::games, $2::text::json) r) \
         WHERE id = $1::text::uuid",
        &[&game, row],
    )
    .await
    .unwrap();
    db.batch_execute("ALTER TABLE events ENABLE TRIGGER events_append_only; COMMIT")
        .await
        .unwrap();
}

/// A duel on `app` after its first turn, both players awaited: the replica
/// at that point. Then Ann seals her bet (2, sent with `key`) through `app`,
/// `other` reads the game with it and keeps it, and the failover loses it.
async fn a_bet_seen_then_lost(app: &TestApp, other: &TestApp, key: &str) -> (Uuid, Player, Player) {
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let game = app.started_duel(&ann, &bob, json!({})).await;
    for (player, amount) in [(&ann, 2), (&bob, 1)] {
        assert_eq!(
            app.act(game, player, bet(amount, &[])).await.status(),
            StatusCode::OK
        );
    }
    let replica = replica_now(app, game).await;
    assert_eq!(sealed(app, key, game, &ann, 2).await, StatusCode::OK);
    let seen = other.game(game, &bob).await;
    assert_eq!(seen["version"].as_i64().unwrap(), replica.version + 1);
    fail_over_to(app, game, &replica).await;
    (game, ann, bob)
}

/// Seals `player`'s bet of `amount` with `Idempotency-Key: key`.
async fn sealed(app: &TestApp, key: &str, game: Uuid, player: &Player, amount: u32) -> StatusCode {
    let response = app
        .client
        .post(app.url(&format!("/v1/games/{game}/actions")))
        .bearer_auth(&player.token)
        .header("Idempotency-Key", key)
        .json(&bet(amount, &[]))
        .send()
        .await
        .unwrap();
    let status = response.status();
    assert_eq!(status, StatusCode::OK, "{}", response.text().await.unwrap());
    status
}

/// The game as both servers show it to `player`: they must agree.
async fn shown_alike(first: &TestApp, second: &TestApp, game: Uuid, player: &Player) {
    assert_eq!(
        second.game(game, player).await,
        first.game(game, player).await
    );
}

/// Resigns, exports and verifies the duel: its log is whole, and every
/// move in it is what the rules decide on the moves before it.
async fn ends_and_verifies(app: &TestApp, game: Uuid, ann: &Player) {
    let resigned = app.table_command(game, ann, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);
    let export = app.export(game, ann).await;
    assert_eq!(export.status(), StatusCode::OK);
    let record: GameRecord = export.json().await.unwrap();
    verify(&record).expect("the log verifies");
    assert_eq!(
        db::testing::count_events(&app.database_url, game)
            .await
            .unwrap(),
        record.events.len() as i64
    );
}

#[tokio::test]
async fn a_bet_lost_in_a_failover_is_played_when_sent_again_through_a_server_that_had_seen_it() {
    let app = TestApp::spawn().await;
    let other = TestApp::restarted(&app, NonZeroU32::new(256)).await;
    let (game, ann, bob) = a_bet_seen_then_lost(&app, &other, "ann-turn-2").await;

    // Ann was never told her bet was sealed; she sends it again with its
    // key, and the server that remembers it sealed must not refuse it as a
    // second bet.
    assert_eq!(
        sealed(&other, "ann-turn-2", game, &ann, 2).await,
        StatusCode::OK
    );
    shown_alike(&app, &other, game, &bob).await;
    ends_and_verifies(&other, game, &ann).await;
}

#[tokio::test]
async fn after_a_failover_a_server_that_had_seen_a_lost_bet_shows_the_game_the_database_holds() {
    let app = TestApp::spawn().await;
    let other = TestApp::restarted(&app, NonZeroU32::new(256)).await;
    let (game, ann, bob) = a_bet_seen_then_lost(&app, &other, "ann-turn-2").await;

    // Ann thinks again and seals another bet, through the first server.
    assert_eq!(
        sealed(&app, "ann-turn-2-again", game, &ann, 1).await,
        StatusCode::OK
    );
    shown_alike(&app, &other, game, &ann).await;
    shown_alike(&app, &other, game, &bob).await;
    ends_and_verifies(&app, game, &ann).await;
}

#[tokio::test]
async fn after_a_failover_a_server_that_had_seen_a_lost_bet_never_plays_on_from_it() {
    let app = TestApp::spawn().await;
    let other = TestApp::restarted(&app, NonZeroU32::new(256)).await;
    let (game, ann, bob) = a_bet_seen_then_lost(&app, &other, "ann-turn-2").await;
    assert_eq!(
        sealed(&app, "ann-turn-2-again", game, &ann, 1).await,
        StatusCode::OK
    );

    // Bob bets through the server that remembers Ann's lost bet, which
    // decides on what it remembers first: the database holds the other bet.
    assert_eq!(
        sealed(&other, "bob-turn-2", game, &bob, 1).await,
        StatusCode::OK
    );
    shown_alike(&app, &other, game, &ann).await;
    ends_and_verifies(&app, game, &ann).await;
}

#[tokio::test]
async fn servers_started_together_migrate_the_database_once() {
    let (server, unused) = db::testing::fresh_database().await.unwrap();
    db::testing::drop_database(&server, &unused).await.unwrap();
    let name = format!("owlpost_test_{}", Uuid::new_v4().simple());
    db::ensure_database(&server, &name).await.unwrap();
    let url = format!("{server}/{name}");
    let migrating: Vec<_> = (0..3)
        .map(|_| {
            let url = url.clone();
            tokio::task::spawn_blocking(move || db::migrate(&url))
        })
        .collect();
    for migration in migrating {
        migration
            .await
            .unwrap()
            .expect("every server finds the database migrated");
    }
    let db = {
        let (client, connection) = tokio_postgres::connect(&url, tokio_postgres::NoTls)
            .await
            .unwrap();
        tokio::spawn(connection);
        client
    };
    let (applied, distinct): (i64, i64) = {
        let row = db
            .query_one(
                "SELECT count(*), count(DISTINCT version) FROM __diesel_schema_migrations",
                &[],
            )
            .await
            .unwrap();
        (row.get(0), row.get(1))
    };
    assert_eq!(applied, distinct);
    assert_eq!(
        applied as usize,
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/migrations"))
            .unwrap()
            .count()
    );
    drop(db);
    db::testing::drop_database(&server, &name).await.unwrap();
}
