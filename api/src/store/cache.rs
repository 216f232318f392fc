//! Loading a game: the last fold kept in memory, brought up to date with the
//! events appended since.

use std::num::NonZeroUsize;

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use lru::LruCache;
use uuid::Uuid;

use owlpost_domain::registry;
use owlpost_domain::rng::Seed;

use super::Store;
use super::game::LoadedGame;
use super::schema::games;
use crate::error::ApiError;

/// How many folded games the cache keeps; past that the least recently used
/// one is dropped (a busy server's long games stay warm).
const CACHE_LIMIT: NonZeroUsize = NonZeroUsize::new(4096).expect("not zero");

/// The latest fold of the games most recently used.
pub struct FoldCache(LruCache<Uuid, LoadedGame>);

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
    fn get(&mut self, game_id: Uuid) -> Option<LoadedGame> {
        self.0.get(&game_id).cloned()
    }

    /// Keeps `game` unless a later fold of it is already kept.
    fn remember(&mut self, game: &LoadedGame) {
        let newer = self
            .0
            .peek(&game.id)
            .is_some_and(|kept| kept.version > game.version);
        if !newer {
            self.0.put(game.id, game.clone());
        }
    }
}

impl Store {
    /// The game folded to its latest event.
    #[tracing::instrument(skip(self))]
    pub async fn load(&self, game_id: Uuid) -> Result<LoadedGame, ApiError> {
        let mut game = match self.cached(game_id) {
            Some(game) => game,
            None => self.blank(game_id).await?,
        };
        let newer = self
            .events(game_id, game.version, i64::MAX, i64::MAX)
            .await?;
        for event in &newer {
            game.fold_stored(event)?;
        }
        self.remember(&game);
        Ok(game)
    }

    /// The game folded up to and including event `seq`.
    #[tracing::instrument(skip(self))]
    pub async fn load_at(&self, game_id: Uuid, seq: i64) -> Result<LoadedGame, ApiError> {
        let mut game = self.blank(game_id).await?;
        for event in self.events(game_id, 0, seq, i64::MAX).await? {
            game.fold_stored(&event)?;
        }
        Ok(game)
    }

    async fn blank(&self, game_id: Uuid) -> Result<LoadedGame, ApiError> {
        let mut conn = self.connection().await?;
        blank(&mut conn, game_id).await
    }

    /// The last fold the cache holds of the game, if any.
    pub(super) fn cached(&self, game_id: Uuid) -> Option<LoadedGame> {
        self.cache.lock().expect("cache lock").get(game_id)
    }

    pub(super) fn remember(&self, game: &LoadedGame) {
        self.cache.lock().expect("cache lock").remember(game);
    }
}

/// The game before its first event, from its row, read on `conn`.
pub(super) async fn blank(
    conn: &mut AsyncPgConnection,
    game_id: Uuid,
) -> Result<LoadedGame, ApiError> {
    let (ruleset_id, seed_bytes): (String, Vec<u8>) = games::table
        .find(game_id)
        .select((games::ruleset, games::seed))
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
    Ok(LoadedGame::new(game_id, ruleset, seed))
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
            cache.remember(&game(id, 10));
        }
        assert!(
            cache.get(Uuid::from_u128(1)).is_some(),
            "game 1 is used again"
        );
        cache.remember(&game(4, 10));
        let kept: Vec<bool> = (1..=4)
            .map(|id| cache.get(Uuid::from_u128(id)).is_some())
            .collect();
        assert_eq!(kept, [true, false, true, true]);
    }

    #[test]
    fn an_older_fold_never_replaces_a_newer_one() {
        let mut cache = FoldCache::default();
        cache.remember(&game(1, 20));
        cache.remember(&game(1, 12));
        assert_eq!(cache.get(Uuid::from_u128(1)).map(|g| g.version), Some(20));
    }
}
