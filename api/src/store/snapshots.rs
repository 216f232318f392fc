//! Snapshots: a game's fold kept in the database every [`SNAPSHOT_EVERY`]
//! events, per rules version, so that a game loaded after a restart (an
//! empty cache), or the game at an earlier event that no checkpoint in
//! memory covers, folds only the events after the nearest snapshot.
//!
//! Once an append that reaches a snapshot point has committed, the snapshot
//! is serialised and written on a connection of its own, without making the
//! caller wait and without touching the append's one round trip (a snapshot
//! lost to a crash on the way is only a longer fold later). A load that had
//! to fold past snapshot points with no snapshot (a game older than
//! snapshots, or whose rules version changed) writes them the same way.
//!
//! A snapshot is only an accelerator: the events stay the truth. One that is
//! missing costs a longer fold; one of another rules version is never read
//! (its states may mean something else); one that does not read is passed
//! over, logged, and the game is folded from further back.
//!
//! Snapshots of a rules version that is no longer current are dead weight:
//! no server of this build reads them. [`prune_in_background`] deletes them
//! when a server starts, a batch at a time. The current version's snapshots
//! are all kept, the oldest too, although a load only ever starts from the
//! latest: `at/{seq}` after a restart, or past the memory checkpoints,
//! starts from the latest snapshot at or before `seq`, so each one kept
//! bounds the fold of every earlier moment of the game to
//! [`SNAPSHOT_EVERY`] events. Only start-up prunes, not a periodic sweep: during a
//! rolling upgrade the servers of the old build still write and read the old
//! version's snapshots, and they would lose them again and again to a sweep
//! of the new build.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use owlpost_domain::registry::{self, DynRuleset, StateDecodeError};
use owlpost_domain::table::Table;

use super::game::LoadedGame;
use super::schema::snapshots;
use crate::db::DbPool;

/// A snapshot is due every this many events.
///
/// Chosen with `cargo bench --bench history` on a 10,000-event Wiz-War game
/// (README, "Performance"), against issue 16's 5 ms for the first load after
/// a restart and for `at/{seq}`. A snapshot of that game is about 9 KB of
/// JSON (8.5 KB of rules, 0.65 KB of table), read back in a fraction of a
/// millisecond; what grows with the interval is the tail of events read and
/// folded after it (about 4 µs each to fold, more to read). At 1,024 the
/// `at/{seq}` after a restart was 3× slower (p50 4.0 ms against 1.3–1.7 ms)
/// and its p99 passed 30 ms on a busy machine; at 128 it was no faster than
/// at 256 within the machine's noise, for twice the rows: at 256 the
/// snapshots take about a tenth of the space of the events they cover
/// (240 KB against 2.7 MB for the 10,000 events). The memory checkpoints
/// (every 128 events) take over once a game is in use.
pub const SNAPSHOT_EVERY: i64 = 256;

/// What the two states of a snapshot are written as: a ruleset's state
/// version at its revision and the table's. A snapshot is read only by a
/// server whose versions are the same.
pub fn rules_version(ruleset: &dyn DynRuleset) -> String {
    format!("{} table/{}", ruleset.state_version(), Table::STATE_VERSION)
}

/// The rules versions the snapshots of a game of ruleset `id` may be written
/// under, one per revision, each with the engine that reads it back.
fn rules_versions_of(id: &str) -> Vec<(String, &'static dyn DynRuleset)> {
    registry::every_revision()
        .into_iter()
        .filter(|engine| engine.id() == id)
        .map(|engine| (rules_version(engine), engine))
        .collect()
}

/// Whether an append taking a game from version `before` to `after` reaches
/// a snapshot point (`every` is `None` when snapshots are off).
pub fn due(every: Option<i64>, before: i64, after: i64) -> bool {
    every.is_some_and(|every| after / every > before / every)
}

/// A snapshot about to be written: the game at its version (its `version`,
/// last hash and deadline are the game's).
#[derive(Debug, Clone)]
pub struct NewSnapshot {
    pub game_id: uuid::Uuid,
    pub rules_version: String,
    pub version: i64,
    pub last_hash: [u8; 32],
    pub deadline: Option<DateTime<Utc>>,
    pub table_state: Vec<u8>,
    pub rules_state: Vec<u8>,
}

impl NewSnapshot {
    /// The snapshot of `game` as it stands; `None` for a game of frozen
    /// rules, which is never kept.
    pub fn of(game: &LoadedGame) -> Option<NewSnapshot> {
        Some(NewSnapshot {
            game_id: game.id,
            rules_version: rules_version(game.ruleset),
            version: game.version,
            last_hash: game.last_hash,
            deadline: game.deadline,
            table_state: serde_json::to_vec(&game.table)
                .expect("a table always serialises to JSON"),
            rules_state: game.rules.state_json()?,
        })
    }
}

/// Why a stored snapshot could not be read back (it is then passed over).
#[derive(Debug, thiserror::Error)]
pub enum UnreadableSnapshot {
    #[error("its table does not read: {0}")]
    Table(#[from] serde_json::Error),
    #[error(transparent)]
    Rules(#[from] StateDecodeError),
    #[error("its last hash is {0} bytes, not 32")]
    Hash(usize),
}

#[derive(Queryable)]
struct SnapshotRow {
    rules_version: String,
    version: i64,
    last_hash: Vec<u8>,
    deadline_at: Option<DateTime<Utc>>,
    table_state: Vec<u8>,
    rules_state: Vec<u8>,
}

impl SnapshotRow {
    /// The game `base` (the same game, at any version) as the snapshot keeps
    /// it, played by `engine` (its ruleset at the revision the snapshot was
    /// written under).
    fn restore(
        self,
        base: &LoadedGame,
        engine: &'static dyn DynRuleset,
    ) -> Result<LoadedGame, UnreadableSnapshot> {
        let last_hash: [u8; 32] = self
            .last_hash
            .as_slice()
            .try_into()
            .map_err(|_| UnreadableSnapshot::Hash(self.last_hash.len()))?;
        Ok(LoadedGame {
            id: base.id,
            ruleset: engine,
            seed: base.seed,
            version: self.version,
            last_hash,
            table: serde_json::from_slice(&self.table_state)?,
            rules: engine.restore(&self.rules_state)?,
            deadline: self.deadline_at,
            // A snapshot keeps no states to take back to.
            undo: Default::default(),
        })
    }
}

/// The game `base` (the same game, at any version) as the latest snapshot
/// with `above < version <= up_to` keeps it, of any rules version this
/// server reads for its ruleset (one per revision), read on `conn`; `None`
/// when there is none, or it does not read (logged).
pub(super) async fn latest(
    conn: &mut AsyncPgConnection,
    base: &LoadedGame,
    above: i64,
    up_to: i64,
) -> Result<Option<LoadedGame>, diesel::result::Error> {
    let readable = rules_versions_of(base.ruleset.id());
    let row: Option<SnapshotRow> = snapshots::table
        .filter(snapshots::game_id.eq(base.id))
        .filter(snapshots::rules_version.eq_any(readable.iter().map(|(v, _)| v.as_str())))
        .filter(snapshots::version.gt(above))
        .filter(snapshots::version.le(up_to))
        .order(snapshots::version.desc())
        .select((
            snapshots::rules_version,
            snapshots::version,
            snapshots::last_hash,
            snapshots::deadline_at,
            snapshots::table_state,
            snapshots::rules_state,
        ))
        .first(conn)
        .await
        .optional()?;
    let Some(row) = row else {
        return Ok(None);
    };
    let version = row.version;
    let engine = readable
        .iter()
        .find(|(v, _)| *v == row.rules_version)
        .map(|(_, engine)| *engine)
        .expect("the row was selected for one of these versions");
    match row.restore(base, engine) {
        Ok(game) => Ok(Some(game)),
        Err(error) => {
            tracing::warn!(game = %base.id, version, %error, "a snapshot does not read; folding from further back");
            Ok(None)
        }
    }
}

/// Snapshot writes still running on their own tasks, so that whoever needs
/// them in the database (a shutdown, a test comparing a restart) can wait
/// for them instead of guessing.
#[derive(Default)]
pub struct PendingWrites {
    running: std::sync::Mutex<usize>,
    settled: tokio::sync::Notify,
}

/// One running write; dropped when it is done, whatever its outcome.
struct Running(std::sync::Arc<PendingWrites>);

impl Drop for Running {
    fn drop(&mut self) {
        let mut running = self.0.running.lock().expect("pending writes lock");
        *running -= 1;
        if *running == 0 {
            self.0.settled.notify_waiters();
        }
    }
}

impl PendingWrites {
    fn start(self: &std::sync::Arc<Self>) -> Running {
        *self.running.lock().expect("pending writes lock") += 1;
        Running(self.clone())
    }

    /// Returns once no write started before or during the call is running.
    pub async fn settled(&self) {
        loop {
            let settled = self.settled.notified();
            tokio::pin!(settled);
            // Registered before the count is read, so no wake-up is missed.
            settled.as_mut().enable();
            if *self.running.lock().expect("pending writes lock") == 0 {
                return;
            }
            settled.await;
        }
    }
}

/// Writes the snapshots `made` makes, serialised and written on a task and
/// a connection of their own, after the caller has his answer; a snapshot
/// already there is left as it is. A failure is logged only: the games fold
/// from their events all the same.
pub(super) fn write_later(
    pool: &DbPool,
    pending: &std::sync::Arc<PendingWrites>,
    made: impl FnOnce() -> Vec<NewSnapshot> + Send + 'static,
) {
    let pool = pool.clone();
    let running = pending.start();
    tokio::spawn(async move {
        let _running = running;
        let missing = made();
        if missing.is_empty() {
            return;
        }
        let written = async {
            let mut conn = pool.get().await.map_err(anyhow::Error::from)?;
            insert(&mut conn, &missing).await?;
            anyhow::Ok(())
        };
        if let Err(error) = written.await {
            tracing::warn!(%error, "writing snapshots failed; the games fold from their events");
        }
    });
}

/// Writes `missing` on `conn`, leaving any already there as they are.
pub(super) async fn insert(
    conn: &mut AsyncPgConnection,
    missing: &[NewSnapshot],
) -> Result<(), diesel::result::Error> {
    let rows: Vec<_> = missing
        .iter()
        .map(|s| {
            (
                snapshots::game_id.eq(s.game_id),
                snapshots::rules_version.eq(&s.rules_version),
                snapshots::version.eq(s.version),
                snapshots::last_hash.eq(s.last_hash.to_vec()),
                snapshots::deadline_at.eq(s.deadline),
                snapshots::table_state.eq(&s.table_state),
                snapshots::rules_state.eq(&s.rules_state),
            )
        })
        .collect();
    diesel::insert_into(snapshots::table)
        .values(rows)
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(())
}

/// How many stale snapshots one statement deletes at most: each batch is a
/// transaction of its own, holding its row locks for a moment only, however
/// many snapshots a change of rules version left behind.
pub const PRUNE_BATCH: i64 = 500;

/// What a batch of pruning deleted: how many, and the last key, where the
/// next batch starts looking.
#[derive(QueryableByName)]
struct LastPruned {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    deleted: i64,
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    game_id: uuid::Uuid,
    #[diesel(sql_type = diesel::sql_types::Text)]
    rules_version: String,
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    version: i64,
}

impl super::Store {
    /// Deletes every snapshot whose rules version is none of its ruleset's
    /// current ones (one per revision), [`PRUNE_BATCH`] at a time; returns
    /// how many went. The
    /// snapshots of a game whose ruleset this server does not offer are left
    /// alone: it cannot tell which of their versions is current.
    pub async fn prune_stale_snapshots(&self) -> Result<u64, crate::error::ApiError> {
        use diesel::sql_types::{Array, BigInt, Text, Uuid};

        let (rulesets, current): (Vec<String>, Vec<String>) = registry::every_revision()
            .into_iter()
            .map(|ruleset| (ruleset.id().to_owned(), rules_version(ruleset)))
            .unzip();
        // Walks the primary key forward, so that each batch reads on from
        // where the last one stopped instead of scanning the table again.
        let mut after = (uuid::Uuid::nil(), String::new(), 0_i64);
        let mut pruned = 0;
        loop {
            let mut conn = self.connection().await?;
            let last: Option<LastPruned> = diesel::sql_query(
                "WITH stale AS (
                     SELECT s.game_id, s.rules_version, s.version
                     FROM snapshots s
                     JOIN games g ON g.id = s.game_id
                     WHERE g.ruleset = ANY($1::text[])
                       AND NOT EXISTS (
                           SELECT 1
                           FROM unnest($1::text[], $2::text[]) AS cur(ruleset, rules_version)
                           WHERE cur.ruleset = g.ruleset AND cur.rules_version = s.rules_version
                       )
                       AND (s.game_id, s.rules_version, s.version) > ($3, $4, $5)
                     ORDER BY s.game_id, s.rules_version, s.version
                     LIMIT $6
                     FOR UPDATE OF s SKIP LOCKED
                 ), gone AS (
                     DELETE FROM snapshots d USING stale
                     WHERE (d.game_id, d.rules_version, d.version)
                         = (stale.game_id, stale.rules_version, stale.version)
                     RETURNING d.game_id, d.rules_version, d.version
                 )
                 -- the last key in the database's own order (its collation
                 -- orders the versions' text, not Rust's)
                 SELECT game_id, rules_version, version, count(*) OVER () AS deleted
                 FROM gone
                 ORDER BY game_id DESC, rules_version DESC, version DESC
                 LIMIT 1",
            )
            .bind::<Array<Text>, _>(&rulesets)
            .bind::<Array<Text>, _>(&current)
            .bind::<Uuid, _>(after.0)
            .bind::<Text, _>(&after.1)
            .bind::<BigInt, _>(after.2)
            .bind::<BigInt, _>(PRUNE_BATCH)
            .get_result(&mut conn)
            .await
            .optional()?;
            let Some(last) = last else {
                return Ok(pruned);
            };
            pruned += last.deleted as u64;
            after = (last.game_id, last.rules_version, last.version);
        }
    }
}

/// Deletes the stale snapshots (see [`super::Store::prune_stale_snapshots`])
/// on a task of its own, so that a server serves while it prunes. A failure
/// is logged only: the next start tries again, and meanwhile the stale
/// snapshots only take room. The task's answer is how many went.
pub fn prune_in_background(store: std::sync::Arc<super::Store>) -> tokio::task::JoinHandle<u64> {
    tokio::spawn(async move {
        match store.prune_stale_snapshots().await {
            Ok(pruned) => {
                if pruned > 0 {
                    tracing::info!(
                        pruned,
                        "deleted the snapshots of rules versions no longer read"
                    );
                }
                pruned
            }
            Err(error) => {
                tracing::warn!(%error, "pruning stale snapshots failed; the next start tries again");
                0
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_snapshot_is_due_when_an_append_reaches_or_passes_a_multiple() {
        let every = Some(256);
        assert!(!due(every, 0, 255));
        assert!(due(every, 255, 256));
        assert!(due(every, 250, 260));
        assert!(!due(every, 256, 300));
        assert!(due(every, 511, 513));
        assert!(!due(None, 255, 256));
    }
}
