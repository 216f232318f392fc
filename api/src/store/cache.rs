//! Loading a game: the last fold kept in memory, brought up to date with the
//! events appended since.

use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

use owlpost_domain::registry;
use owlpost_domain::rng::Seed;

use super::Store;
use super::game::LoadedGame;
use super::schema::games;
use crate::error::ApiError;

/// How many folded games the cache keeps before it starts over.
const CACHE_LIMIT: usize = 4096;

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
        self.cache
            .lock()
            .expect("cache lock")
            .get(&game_id)
            .cloned()
    }

    pub(super) fn remember(&self, game: &LoadedGame) {
        let mut cache = self.cache.lock().expect("cache lock");
        if cache.len() >= CACHE_LIMIT && !cache.contains_key(&game.id) {
            cache.clear();
        }
        let newer = cache
            .get(&game.id)
            .is_some_and(|c| c.version > game.version);
        if !newer {
            cache.insert(game.id, game.clone());
        }
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
