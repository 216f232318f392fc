//! Loading a game: the last fold kept in memory, brought up to date with the
//! events appended since (or, for a game not in memory, the latest snapshot
//! and the events after it); and the game at an earlier event, from the
//! checkpoint fold kept at or before it, or the nearer snapshot, plus the
//! events after it.

use std::num::NonZeroUsize;
use std::sync::Arc;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use lru::LruCache;
use uuid::Uuid;

use owlpost_domain::registry;
use owlpost_domain::rng::Seed;

use super::Store;
use super::game::LoadedGame;
use super::log;
use super::schema::games;
use super::snapshots::{self, NewSnapshot};
use crate::error::ApiError;

/// How many folded games the cache keeps; past that the least recently used
/// one is dropped (a busy server's long games stay warm).
const CACHE_LIMIT: NonZeroUsize = NonZeroUsize::new(4096).expect("not zero");

/// The latest fold of the games most recently used, shared: taking one out
/// copies nothing.
pub struct FoldCache(LruCache<Uuid, Arc<LoadedGame>>);

impl Default for FoldCache {
    fn default() -> Self {
        FoldCache::with_capacity(CACHE_LIMIT)
    }
}

impl FoldCache {
    fn with_capacity(capacity: NonZeroUsize) -> Self {
        FoldCache(LruCache::new(capacity))
    }

    /// The fold kept of the game, now the most recently used.
    fn get(&mut self, game_id: Uuid) -> Option<Arc<LoadedGame>> {
        self.0.get(&game_id).cloned()
    }

    /// Drops the fold kept of the game.
    fn forget(&mut self, game_id: Uuid) {
        self.0.pop(&game_id);
    }

    /// Keeps `game` unless a later fold of it is already kept.
    fn remember(&mut self, game: Arc<LoadedGame>) {
        let newer = self
            .0
            .peek(&game.id)
            .is_some_and(|kept| kept.version > game.version);
        if !newer {
            self.0.put(game.id, game);
        }
    }
}

/// A game's fold is kept as a checkpoint every this many events, so the game
/// at any event costs at most this many events folded after a checkpoint.
/// A Wiz-War event folds in about 4 µs (issue 16's profile) and a checkpoint
/// costs one clone of the state: at 128 the game at any event folds at most
/// half a millisecond of events, and a 10,000-event game keeps 78
/// checkpoints. `cargo bench --bench history` shows what `at/{seq}` costs.
pub const CHECKPOINT_EVERY: i64 = 128;

/// How many checkpoints are kept, over all games; past that the least
/// recently used one is dropped.
const CHECKPOINTS_KEPT: NonZeroUsize = NonZeroUsize::new(1024).expect("not zero");

/// Folds of games at every [`CHECKPOINT_EVERY`]-th event, for `at/{seq}`
/// and replays: made as games are played, loaded and replayed.
pub struct Checkpoints(LruCache<(Uuid, i64), LoadedGame>);

impl Default for Checkpoints {
    fn default() -> Self {
        Checkpoints(LruCache::new(CHECKPOINTS_KEPT))
    }
}

impl Checkpoints {
    /// Keeps `game` if it stands at a checkpoint.
    pub(super) fn keep(&mut self, game: &LoadedGame) {
        if game.version > 0 && game.version % CHECKPOINT_EVERY == 0 {
            self.0.put((game.id, game.version), game.clone());
        }
    }

    /// Drops the checkpoints of the game.
    fn forget(&mut self, game_id: Uuid) {
        let kept: Vec<(Uuid, i64)> = self
            .0
            .iter()
            .map(|(key, _)| *key)
            .filter(|(game, _)| *game == game_id)
            .collect();
        for key in kept {
            self.0.pop(&key);
        }
    }

    /// The latest checkpoint of the game at or before event `seq`.
    fn at_or_before(&mut self, game_id: Uuid, seq: i64) -> Option<LoadedGame> {
        let mut at = seq - seq.rem_euclid(CHECKPOINT_EVERY);
        while at > 0 {
            if let Some(game) = self.0.get(&(game_id, at)) {
                return Some(game.clone());
            }
            at -= CHECKPOINT_EVERY;
        }
        None
    }
}

impl Store {
    /// The game folded to its latest event: the fold the cache holds and the
    /// events since, or else (a game not in use since the server started)
    /// the latest snapshot and the events after it.
    #[tracing::instrument(skip(self))]
    pub async fn load(&self, game_id: Uuid) -> Result<LoadedGame, ApiError> {
        if let Some(cached) = self.cached(game_id) {
            let read = self
                .events(game_id, read_from(&cached), i64::MAX, i64::MAX)
                .await?;
            match continuation(&cached, read) {
                Some(newer) if !cached.cannot_take_back_in(&newer) => {
                    let mut game = Arc::unwrap_or_clone(cached);
                    if newer.is_empty() {
                        return Ok(game);
                    }
                    self.fold_keeping_checkpoints(&mut game, &newer, None)?;
                    self.remember(Arc::new(game.clone()));
                    return Ok(game);
                }
                _ => self.forget(game_id, cached.version),
            }
        }
        let mut conn = self.connection().await?;
        let blank = blank(&mut conn, game_id).await?;
        let (snapshot, mut missing) = self
            .nearer_snapshot(&mut conn, blank.clone(), i64::MAX)
            .await?;
        let read =
            log::read_events(&mut conn, game_id, read_from(&snapshot), i64::MAX, i64::MAX).await?;
        let (mut game, newer) = match continuation(&snapshot, read) {
            Some(newer) if !snapshot.cannot_take_back_in(&newer) => (snapshot, newer),
            Some(_) => {
                // A take-back of events before the snapshot: fold them.
                missing = None;
                let all = log::read_events(&mut conn, game_id, 0, i64::MAX, i64::MAX).await?;
                (blank, all)
            }
            None => {
                tracing::warn!(%game_id, version = snapshot.version, "a snapshot is not of the log (a failover lost events it holds): folding from the first event");
                missing = None;
                let all = log::read_events(&mut conn, game_id, 0, i64::MAX, i64::MAX).await?;
                (blank, all)
            }
        };
        drop(conn);
        self.fold_keeping_checkpoints(&mut game, &newer, missing.as_mut())?;
        self.write_snapshots_later(missing);
        self.remember(Arc::new(game.clone()));
        Ok(game)
    }

    /// The game folded up to and including event `seq`: from the latest
    /// checkpoint in memory at or before it, or the latest snapshot when
    /// that is nearer (or the start), plus the events after it.
    #[tracing::instrument(skip(self))]
    pub async fn load_at(&self, game_id: Uuid, seq: i64) -> Result<LoadedGame, ApiError> {
        if let Some(game) = self.cached(game_id)
            && game.version == seq
        {
            return Ok(Arc::unwrap_or_clone(game));
        }
        let checkpoint = self
            .checkpoints
            .lock()
            .expect("checkpoints lock")
            .at_or_before(game_id, seq);
        let mut conn = self.connection().await?;
        let base = match checkpoint {
            Some(game) => game,
            None => blank(&mut conn, game_id).await?,
        };
        // A gap shorter than both a checkpoint's and a snapshot's span folds
        // in less time than asking for a snapshot takes.
        let span = self
            .snapshot_every
            .map_or(CHECKPOINT_EVERY, |every| every.min(CHECKPOINT_EVERY));
        let (from, mut missing) = if seq - base.version > span {
            self.nearer_snapshot(&mut conn, base, seq).await?
        } else {
            (base, None)
        };
        let read = log::read_events(&mut conn, game_id, read_from(&from), seq, i64::MAX).await?;
        let (mut game, events) = match continuation(&from, read) {
            Some(events) if !from.cannot_take_back_in(&events) => (from, events),
            Some(_) => {
                // A take-back of events before the checkpoint or snapshot: fold them.
                missing = None;
                let all = log::read_events(&mut conn, game_id, 0, seq, i64::MAX).await?;
                (blank(&mut conn, game_id).await?, all)
            }
            None => {
                self.forget(game_id, from.version);
                missing = None;
                let all = log::read_events(&mut conn, game_id, 0, seq, i64::MAX).await?;
                (blank(&mut conn, game_id).await?, all)
            }
        };
        drop(conn);
        self.fold_keeping_checkpoints(&mut game, &events, missing.as_mut())?;
        self.write_snapshots_later(missing);
        Ok(game)
    }

    /// `base` or, when nearer to `up_to`, the game as the latest snapshot
    /// after it and at or before `up_to` keeps it; with the snapshots that the
    /// fold on to `up_to` should note as missing (`None` when snapshots are off).
    async fn nearer_snapshot(
        &self,
        conn: &mut AsyncPgConnection,
        base: LoadedGame,
        up_to: i64,
    ) -> Result<(LoadedGame, Option<Vec<NewSnapshot>>), ApiError> {
        if self.snapshot_every.is_none() {
            return Ok((base, None));
        }
        let game = snapshots::latest(conn, &base, base.version, up_to)
            .await?
            .unwrap_or(base);
        Ok((game, Some(Vec::new())))
    }

    /// Folds `events` into `game`, keeping the checkpoints it passes, and
    /// noting in `missing` (when given: no snapshot lies among `events`) the
    /// snapshots it passes.
    fn fold_keeping_checkpoints(
        &self,
        game: &mut LoadedGame,
        events: &[super::StoredEvent],
        mut missing: Option<&mut Vec<NewSnapshot>>,
    ) -> Result<(), ApiError> {
        for event in events {
            game.fold_stored(event)?;
            if game.version % CHECKPOINT_EVERY == 0 {
                self.checkpoints
                    .lock()
                    .expect("checkpoints lock")
                    .keep(game);
            }
            if let (Some(missing), Some(every)) = (missing.as_deref_mut(), self.snapshot_every)
                && game.version % every == 0
            {
                missing.extend(NewSnapshot::of(game));
            }
        }
        Ok(())
    }

    /// Writes the snapshots a fold found missing, without making anyone wait.
    fn write_snapshots_later(&self, missing: Option<Vec<NewSnapshot>>) {
        if let Some(missing) = missing.filter(|m| !m.is_empty()) {
            snapshots::write_later(&self.pool, &self.snapshot_writes, move || missing);
        }
    }

    /// Drops the fold and the checkpoints kept of the game: the log does not
    /// hold the fold at `version` they were found at (a failover lost
    /// events they remember). The game is loaded from the database again.
    pub(super) fn forget(&self, game_id: Uuid, version: i64) {
        tracing::warn!(%game_id, version, "the log does not hold the game as kept in memory (a failover lost events): loading it again");
        self.cache.lock().expect("cache lock").forget(game_id);
        self.checkpoints
            .lock()
            .expect("checkpoints lock")
            .forget(game_id);
    }

    /// The last fold the cache holds of the game, if any.
    pub(super) fn cached(&self, game_id: Uuid) -> Option<Arc<LoadedGame>> {
        let found = self.cache.lock().expect("cache lock").get(game_id);
        crate::metrics::METRICS.cache_lookup(found.is_some());
        found
    }

    pub(super) fn remember(&self, game: Arc<LoadedGame>) {
        self.cache.lock().expect("cache lock").remember(game);
    }
}

/// Where to read a game's events to bring `game` (a fold kept in memory or
/// a snapshot) up to date: from its own last event on, which
/// [`continuation`] checks.
pub(super) fn read_from(game: &LoadedGame) -> i64 {
    (game.version - 1).max(0)
}

/// The events that follow `game`, out of `read` (read from [`read_from`]),
/// or `None` when the log does not hold `game`'s last event with the hash
/// the fold ends with. A fold or snapshot made before a failover may
/// remember events the new primary never had: PostgreSQL shows a commit to
/// other sessions before its synchronous replica has it. Such a fold is
/// never built on; the one extra row read is what it costs to know.
pub(super) fn continuation(
    game: &LoadedGame,
    read: Vec<super::StoredEvent>,
) -> Option<Vec<super::StoredEvent>> {
    if game.version == 0 {
        return Some(read);
    }
    let mut read = read.into_iter();
    let last = read.next()?;
    (last.seq == game.version && last.hash == game.last_hash).then(|| read.collect())
}

/// The game before its first event, from its row, read on `conn`.
pub(super) async fn blank(
    conn: &mut AsyncPgConnection,
    game_id: Uuid,
) -> Result<LoadedGame, ApiError> {
    let (ruleset_id, seed_bytes, assumed_revision): (String, Vec<u8>, Option<i32>) = games::table
        .find(game_id)
        .select((games::ruleset, games::seed, games::assumed_revision))
        .first(conn)
        .await
        .optional()?
        .ok_or_else(|| ApiError::NotFound(format!("there is no game {game_id}")))?;
    let ruleset = registry::find(&ruleset_id).ok_or_else(|| {
        ApiError::internal(anyhow::anyhow!(
            "unknown ruleset {ruleset_id} in the database"
        ))
    })?;
    let seed: Seed = seed_bytes
        .try_into()
        .map_err(|_| ApiError::internal(anyhow::anyhow!("a stored seed is not 32 bytes")))?;
    let mut game = LoadedGame::new(game_id, ruleset, seed);
    game.table.assumed_revision = assumed_revision.and_then(|r| u32::try_from(r).ok());
    Ok(game)
}

#[cfg(test)]
mod tests {
    use owlpost_domain::registry;

    use super::*;

    fn game(id: u128, version: i64) -> LoadedGame {
        let ruleset = registry::find("firewall-duel").expect("registered");
        let mut game = LoadedGame::new(Uuid::from_u128(id), ruleset, [0; 32]);
        game.version = version;
        game
    }

    #[test]
    fn a_full_cache_drops_only_the_game_least_recently_used() {
        let mut cache = FoldCache::with_capacity(NonZeroUsize::new(3).expect("not zero"));
        for id in 1..=3 {
            cache.remember(Arc::new(game(id, 10)));
        }
        assert!(
            cache.get(Uuid::from_u128(1)).is_some(),
            "game 1 is used again"
        );
        cache.remember(Arc::new(game(4, 10)));
        let kept: Vec<bool> = (1..=4)
            .map(|id| cache.get(Uuid::from_u128(id)).is_some())
            .collect();
        assert_eq!(kept, [true, false, true, true]);
    }

    #[test]
    fn an_older_fold_never_replaces_a_newer_one() {
        let mut cache = FoldCache::default();
        cache.remember(Arc::new(game(1, 20)));
        cache.remember(Arc::new(game(1, 12)));
        assert_eq!(cache.get(Uuid::from_u128(1)).map(|g| g.version), Some(20));
    }

    #[test]
    fn the_game_at_an_event_starts_from_the_latest_checkpoint_at_or_before_it() {
        let mut checkpoints = Checkpoints::default();
        checkpoints.keep(&game(1, CHECKPOINT_EVERY));
        checkpoints.keep(&game(1, 3 * CHECKPOINT_EVERY));
        checkpoints.keep(&game(1, 3 * CHECKPOINT_EVERY + 1));
        checkpoints.keep(&game(2, 2 * CHECKPOINT_EVERY));
        let mut from = |seq| {
            checkpoints
                .at_or_before(Uuid::from_u128(1), seq)
                .map(|g| g.version)
        };
        assert_eq!(from(CHECKPOINT_EVERY - 1), None);
        assert_eq!(from(CHECKPOINT_EVERY), Some(CHECKPOINT_EVERY));
        assert_eq!(from(3 * CHECKPOINT_EVERY - 1), Some(CHECKPOINT_EVERY));
        assert_eq!(from(10 * CHECKPOINT_EVERY), Some(3 * CHECKPOINT_EVERY));
    }
}
