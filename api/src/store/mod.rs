//! The event store, one job per module: users ([`users`]), the fold of a
//! game ([`game`]), reading the log ([`log`]), loading through the cache
//! ([`cache`]), appending with its hash chain and idempotent answer
//! ([`append`]), and the projections that list games ([`projections`]).
//!
//! A game is loaded by folding its events (the cache keeps the last fold, so a
//! load reads only the events appended since; checkpoint folds every
//! [`cache::CHECKPOINT_EVERY`] events make the game at any earlier event cost
//! at most that many events folded; [`snapshots`] in the database every
//! [`snapshots::SNAPSHOT_EVERY`] events do the same after a restart).
//! Appending is one transaction:
//! the command row, the events and the projections. A primary-key conflict on
//! `(game_id, seq)` means another writer appended first.

pub mod append;
pub mod archive;
pub mod cache;
pub mod chain;
pub mod computers;
pub mod game;
pub mod log;
pub mod mail;
pub mod projections;
pub mod schema;
pub mod sessions;
pub mod snapshots;
pub mod tokens;
pub mod users;
pub mod vacations;
pub mod webhooks;

use std::sync::Mutex;

use diesel_async::RunQueryDsl;

use crate::db::DbPool;
use crate::error::ApiError;
use crate::notify::Changes;

pub use append::{Answer, AppendError, Appended, NewCommand, NewEvent};
pub use game::LoadedGame;
pub use log::{EventKind, StoredCommand, StoredEvent};
pub use projections::{MyGameRow, OpenGameRow};

pub struct Store {
    pool: DbPool,
    cache: Mutex<cache::FoldCache>,
    checkpoints: Mutex<cache::Checkpoints>,
    changes: Changes,
    known_users: Mutex<lru::LruCache<uuid::Uuid, ()>>,
    /// How often a snapshot is due, in events; `None`: snapshots are
    /// neither written nor read.
    snapshot_every: Option<i64>,
    snapshot_writes: std::sync::Arc<snapshots::PendingWrites>,
}

impl Store {
    /// A store whose waiters hear of this process's appends only, and that
    /// tells no other process of them.
    pub fn new(pool: DbPool) -> Self {
        Store::with_changes(pool, Changes::local())
    }

    /// A store whose waiters hear of every append `changes` hears of, and
    /// whose appends are told as `changes` tells them.
    pub fn with_changes(pool: DbPool, changes: Changes) -> Self {
        Store {
            pool,
            cache: Mutex::new(cache::FoldCache::default()),
            checkpoints: Mutex::new(cache::Checkpoints::default()),
            changes,
            known_users: Mutex::new(lru::LruCache::new(users::KNOWN_USERS)),
            snapshot_every: Some(snapshots::SNAPSHOT_EVERY),
            snapshot_writes: Default::default(),
        }
    }

    /// The same store with a snapshot due every `every` events, or with
    /// snapshots neither written nor read (`None`: every game folds from its
    /// first event after a restart, as before snapshots existed), for
    /// benchmarks and for tests comparing the two.
    pub fn with_snapshots_every(mut self, every: Option<std::num::NonZeroU32>) -> Self {
        self.snapshot_every = every.map(|every| i64::from(every.get()));
        self
    }

    /// Returns once the snapshots being written after earlier appends and
    /// loads are in the database (or have failed, which only costs folding).
    pub async fn snapshots_settled(&self) {
        self.snapshot_writes.settled().await;
    }

    /// News of appends, for long-polls.
    pub fn changes(&self) -> &Changes {
        &self.changes
    }

    async fn connection(
        &self,
    ) -> Result<
        diesel_async::pooled_connection::deadpool::Object<diesel_async::AsyncPgConnection>,
        ApiError,
    > {
        Ok(self.pool.get().await?)
    }

    /// Whether the database answers (readiness).
    pub async fn ping(&self) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::sql_query("SELECT 1").execute(&mut conn).await?;
        Ok(())
    }
}
