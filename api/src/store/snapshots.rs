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

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

use owlpost_domain::registry::{DynRuleset, StateDecodeError};
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
/// version and the table's. A snapshot is read only by a server whose
/// versions are the same.
pub fn rules_version(ruleset: &dyn DynRuleset) -> String {
    format!("{} table/{}", ruleset.state_version(), Table::STATE_VERSION)
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
    /// The snapshot of `game` as it stands.
    pub fn of(game: &LoadedGame) -> NewSnapshot {
        NewSnapshot {
            game_id: game.id,
            rules_version: rules_version(game.ruleset),
            version: game.version,
            last_hash: game.last_hash,
            deadline: game.deadline,
            table_state: serde_json::to_vec(&game.table)
                .expect("a table always serialises to JSON"),
            rules_state: game.rules.state_json(),
        }
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
    version: i64,
    last_hash: Vec<u8>,
    deadline_at: Option<DateTime<Utc>>,
    table_state: Vec<u8>,
    rules_state: Vec<u8>,
}

impl SnapshotRow {
    /// The game `base` (the same game, at any version) as the snapshot keeps it.
    fn restore(self, base: &LoadedGame) -> Result<LoadedGame, UnreadableSnapshot> {
        let last_hash: [u8; 32] = self
            .last_hash
            .as_slice()
            .try_into()
            .map_err(|_| UnreadableSnapshot::Hash(self.last_hash.len()))?;
        Ok(LoadedGame {
            id: base.id,
            ruleset: base.ruleset,
            seed: base.seed,
            version: self.version,
            last_hash,
            table: serde_json::from_slice(&self.table_state)?,
            rules: base.ruleset.restore(&self.rules_state)?,
            deadline: self.deadline_at,
        })
    }
}

/// The game `base` (the same game, at any version) as the latest snapshot
/// with `above < version <= up_to` of its current rules version keeps it,
/// read on `conn`; `None` when there is none, or it does not read (logged).
pub(super) async fn latest(
    conn: &mut AsyncPgConnection,
    base: &LoadedGame,
    above: i64,
    up_to: i64,
) -> Result<Option<LoadedGame>, diesel::result::Error> {
    let row: Option<SnapshotRow> = snapshots::table
        .filter(snapshots::game_id.eq(base.id))
        .filter(snapshots::rules_version.eq(rules_version(base.ruleset)))
        .filter(snapshots::version.gt(above))
        .filter(snapshots::version.le(up_to))
        .order(snapshots::version.desc())
        .select((
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
    match row.restore(base) {
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
