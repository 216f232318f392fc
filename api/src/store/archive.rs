//! The archive: how a game ended (kept in the transaction that appends its
//! end, with the ratings it moves), finished games newest first behind a
//! keyset cursor, players' records, and ratings rebuilt from the log.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use diesel::sql_types::{Array, BigInt, Bool, Double, Integer, Jsonb, Nullable, Text, Timestamptz};
use diesel::{QueryableByName, result::Error as DieselError};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use owlpost_domain::ruleset::{Outcome, Seat};

use super::Store;
use super::game::LoadedGame;
use super::{StoredCommand, StoredEvent};
use crate::error::ApiError;
use crate::model::{
    ArchivedPlayer, CurrentGame, FinishedGame, GameEnding, GameStatus, PlayerRating, RatingChange,
    RulesetRecord,
};
use crate::ratings::{self, Rating};

/// How `game` (after an append that ended it) ended.
pub fn ending_of(game: &LoadedGame) -> GameEnding {
    let seats = game.seats.len();
    let outcome = game.outcome.as_ref();
    if seats > 0 && game.abandon_agreed.len() == seats {
        GameEnding::Abandoned
    } else if outcome.is_some_and(|o| !o.winners.is_empty()) {
        GameEnding::Won
    } else {
        GameEnding::Drawn
    }
}

/// The players of `game` in seat order, with whether each won.
fn players_of(game: &LoadedGame) -> Vec<(Uuid, bool)> {
    let winners = game.outcome.as_ref().map(|o| o.winners.as_slice());
    game.seats
        .iter()
        .enumerate()
        .filter_map(|(i, seat)| {
            let (user, _) = seat.as_ref()?;
            let won = winners.is_some_and(|w| w.contains(&Seat(i as u8)));
            Some((*user, won))
        })
        .collect()
}

/// Whether `game`, ended, counts for ratings (when created rated): two
/// players or more, none of them a computer player, and not abandoned.
pub fn counts_for_ratings(game: &LoadedGame) -> bool {
    ending_of(game) != GameEnding::Abandoned
        && players_of(game).len() >= 2
        && game.table.computers.is_empty()
}

/// Writes how `next` ended and, when it was created rated, moves its
/// players' ratings: on `conn`, inside the transaction of the append that
/// ended it. The players' rating rows are locked in one order (by user id),
/// so two games ending at once for the same players take turns.
pub(super) async fn record_end(
    conn: &mut AsyncPgConnection,
    next: &LoadedGame,
    finished_at: DateTime<Utc>,
) -> Result<(), DieselError> {
    let ending = ending_of(next);
    let outcome = serde_json::to_value(&next.outcome)
        .map_err(|e| DieselError::SerializationError(Box::new(e)))?;
    #[derive(QueryableByName)]
    struct Rated {
        #[diesel(sql_type = Bool)]
        rated: bool,
    }
    let rated: Rated = diesel::sql_query(
        "UPDATE games SET finished_at = $2, outcome = $3, ending = $4 WHERE id = $1 RETURNING rated",
    )
    .bind::<diesel::sql_types::Uuid, _>(next.id)
    .bind::<Timestamptz, _>(finished_at)
    .bind::<Jsonb, _>(outcome)
    .bind::<Text, _>(ending.as_str())
    .get_result(conn)
    .await?;
    let players = players_of(next);
    if !rated.rated || !counts_for_ratings(next) {
        return Ok(());
    }
    let ruleset = next.ruleset_id.as_str();
    let mut users: Vec<Uuid> = players.iter().map(|(user, _)| *user).collect();
    users.sort();
    let start = ratings::starting_rating();
    diesel::sql_query(
        "INSERT INTO ratings (user_id, ruleset, rating, deviation, volatility, games, updated_at) \
         SELECT u, $2, $3, $4, $5, 0, $6 FROM unnest($1::uuid[]) AS u \
         ON CONFLICT (user_id, ruleset) DO NOTHING",
    )
    .bind::<Array<diesel::sql_types::Uuid>, _>(&users)
    .bind::<Text, _>(ruleset)
    .bind::<Double, _>(start.rating)
    .bind::<Double, _>(start.deviation)
    .bind::<Double, _>(start.volatility)
    .bind::<Timestamptz, _>(finished_at)
    .execute(conn)
    .await?;
    let held: Vec<RatingRow> = diesel::sql_query(
        "SELECT user_id, ruleset, rating, deviation, volatility, games FROM ratings \
         WHERE ruleset = $2 AND user_id = ANY ($1) ORDER BY user_id FOR UPDATE",
    )
    .bind::<Array<diesel::sql_types::Uuid>, _>(&users)
    .bind::<Text, _>(ruleset)
    .load(conn)
    .await?;
    let before: BTreeMap<Uuid, Rating> = held.iter().map(|r| (r.user_id, r.rating())).collect();
    let standings: Vec<(Rating, bool)> = players
        .iter()
        .map(|(user, won)| (before.get(user).copied().unwrap_or(start), *won))
        .collect();
    let after = ratings::after_game(&standings);
    for ((user, _), rating) in players.iter().zip(after) {
        diesel::sql_query(
            "UPDATE ratings SET rating = $3, deviation = $4, volatility = $5, \
                    games = games + 1, updated_at = $6 \
             WHERE user_id = $1 AND ruleset = $2",
        )
        .bind::<diesel::sql_types::Uuid, _>(*user)
        .bind::<Text, _>(ruleset)
        .bind::<Double, _>(rating.rating)
        .bind::<Double, _>(rating.deviation)
        .bind::<Double, _>(rating.volatility)
        .bind::<Timestamptz, _>(finished_at)
        .execute(conn)
        .await?;
        diesel::sql_query(
            "INSERT INTO rating_changes \
                 (game_id, user_id, ruleset, rating, deviation, volatility, recorded_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind::<diesel::sql_types::Uuid, _>(next.id)
        .bind::<diesel::sql_types::Uuid, _>(*user)
        .bind::<Text, _>(ruleset)
        .bind::<Double, _>(rating.rating)
        .bind::<Double, _>(rating.deviation)
        .bind::<Double, _>(rating.volatility)
        .bind::<Timestamptz, _>(finished_at)
        .execute(conn)
        .await?;
    }
    Ok(())
}

/// Every player's rating per ruleset: (user, ruleset) → his rating and how
/// many rated games it counts.
pub type RatingTable = BTreeMap<(Uuid, String), (Rating, i32)>;

/// What a finished game's record is made of: its fold, events and commands.
pub type RecordParts = (LoadedGame, Vec<StoredEvent>, Vec<StoredCommand>);

/// A row of the ratings table.
#[derive(QueryableByName, Debug, Clone)]
pub struct RatingRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub user_id: Uuid,
    #[diesel(sql_type = Text)]
    pub ruleset: String,
    #[diesel(sql_type = Double)]
    pub rating: f64,
    #[diesel(sql_type = Double)]
    pub deviation: f64,
    #[diesel(sql_type = Double)]
    pub volatility: f64,
    #[diesel(sql_type = Integer)]
    pub games: i32,
}

impl RatingRow {
    pub fn rating(&self) -> Rating {
        Rating {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }
}

/// Where a page of the archive starts: after the game that finished at
/// `finished_at` with id `id` (newest first).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchiveCursor {
    pub finished_at: DateTime<Utc>,
    pub id: Uuid,
}

impl ArchiveCursor {
    /// The cursor as the client holds it: `<microseconds>.<id>`.
    pub fn encode(&self) -> String {
        format!("{}.{}", self.finished_at.timestamp_micros(), self.id)
    }

    /// A cursor from [`Self::encode`]; `None` for anything else.
    pub fn decode(text: &str) -> Option<Self> {
        let (micros, id) = text.split_once('.')?;
        Some(ArchiveCursor {
            finished_at: DateTime::from_timestamp_micros(micros.parse().ok()?)?,
            id: id.parse().ok()?,
        })
    }
}

/// What the archive is asked for.
#[derive(Debug, Clone, Default)]
pub struct ArchiveFilter {
    pub ruleset: Option<String>,
    /// Only games this user played.
    pub player: Option<Uuid>,
    pub ending: Option<GameEnding>,
    /// Finished at or after.
    pub from: Option<DateTime<Utc>>,
    /// Finished before.
    pub to: Option<DateTime<Utc>>,
    pub after: Option<ArchiveCursor>,
}

#[derive(QueryableByName)]
struct FinishedRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    ruleset: String,
    #[diesel(sql_type = Timestamptz)]
    finished_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Jsonb>)]
    outcome: Option<Value>,
    #[diesel(sql_type = Nullable<Text>)]
    ending: Option<String>,
    #[diesel(sql_type = Bool)]
    rated: bool,
    /// `[{seat, username}]` in seat order.
    #[diesel(sql_type = Jsonb)]
    players: Value,
}

impl FinishedRow {
    fn into_game(self) -> FinishedGame {
        let outcome: Option<Outcome> = self.outcome.and_then(|o| serde_json::from_value(o).ok());
        let winners = outcome
            .as_ref()
            .map(|o| o.winners.clone())
            .unwrap_or_default();
        let players = self
            .players
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .filter_map(|p| {
                let seat = Seat(u8::try_from(p["seat"].as_u64()?).ok()?);
                Some(ArchivedPlayer {
                    seat,
                    username: p["username"].as_str()?.to_owned(),
                    won: winners.contains(&seat),
                })
            })
            .collect();
        FinishedGame {
            id: self.id,
            ruleset: self.ruleset,
            players,
            ending: self
                .ending
                .as_deref()
                .and_then(GameEnding::parse)
                .unwrap_or(GameEnding::Drawn),
            summary: outcome.map(|o| o.summary).unwrap_or_default(),
            rated: self.rated,
            finished_at: self.finished_at,
        }
    }
}

#[derive(QueryableByName)]
struct RecordRow {
    #[diesel(sql_type = Text)]
    ruleset: String,
    #[diesel(sql_type = BigInt)]
    played: i64,
    #[diesel(sql_type = BigInt)]
    won: i64,
}

#[derive(QueryableByName)]
struct ChangeRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    game_id: Uuid,
    #[diesel(sql_type = Text)]
    ruleset: String,
    #[diesel(sql_type = Double)]
    rating: f64,
    #[diesel(sql_type = Double)]
    deviation: f64,
    #[diesel(sql_type = Timestamptz)]
    recorded_at: DateTime<Utc>,
}

#[derive(QueryableByName)]
struct CurrentRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
    #[diesel(sql_type = Text)]
    ruleset: String,
    #[diesel(sql_type = Timestamptz)]
    updated_at: DateTime<Utc>,
}

/// A user as his page names him.
#[derive(QueryableByName)]
pub struct UserRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub id: Uuid,
    #[diesel(sql_type = Text)]
    pub username: String,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
}

/// A game's end as the log tells it, for the rebuild.
#[derive(QueryableByName)]
struct EndedRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    game_id: Uuid,
}

impl Store {
    /// Finished games matching `filter`, newest first: `limit` of them.
    #[tracing::instrument(skip(self))]
    pub async fn finished_games(
        &self,
        filter: &ArchiveFilter,
        limit: i64,
    ) -> Result<Vec<FinishedGame>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<FinishedRow> = diesel::sql_query(
            "SELECT g.id, g.ruleset, g.finished_at, g.outcome, g.ending, g.rated, \
                    coalesce((SELECT jsonb_agg(jsonb_build_object('seat', s.seat, 'username', u.username) \
                                               ORDER BY s.seat) \
                              FROM seats s JOIN users u ON u.id = s.user_id \
                              WHERE s.game_id = g.id), '[]'::jsonb) AS players \
             FROM games g \
             WHERE g.status = 'finished' AND g.finished_at IS NOT NULL \
               AND ($1::text IS NULL OR g.ruleset = $1) \
               AND ($2::uuid IS NULL OR EXISTS \
                    (SELECT 1 FROM seats s WHERE s.game_id = g.id AND s.user_id = $2)) \
               AND ($3::text IS NULL OR g.ending = $3) \
               AND ($4::timestamptz IS NULL OR g.finished_at >= $4) \
               AND ($5::timestamptz IS NULL OR g.finished_at < $5) \
               AND ($6::timestamptz IS NULL OR (g.finished_at, g.id) < ($6, $7::uuid)) \
             ORDER BY g.finished_at DESC, g.id DESC LIMIT $8",
        )
        .bind::<Nullable<Text>, _>(filter.ruleset.as_deref())
        .bind::<Nullable<diesel::sql_types::Uuid>, _>(filter.player)
        .bind::<Nullable<Text>, _>(filter.ending.map(GameEnding::as_str))
        .bind::<Nullable<Timestamptz>, _>(filter.from)
        .bind::<Nullable<Timestamptz>, _>(filter.to)
        .bind::<Nullable<Timestamptz>, _>(filter.after.map(|c| c.finished_at))
        .bind::<Nullable<diesel::sql_types::Uuid>, _>(filter.after.map(|c| c.id))
        .bind::<BigInt, _>(limit)
        .load(&mut conn)
        .await?;
        Ok(rows.into_iter().map(FinishedRow::into_game).collect())
    }

    /// The user named `username` (whatever its case).
    #[tracing::instrument(skip(self))]
    pub async fn user_named(&self, username: &str) -> Result<Option<UserRow>, ApiError> {
        use diesel::OptionalExtension;
        let mut conn = self.connection().await?;
        Ok(diesel::sql_query(
            "SELECT id, username, created_at FROM users WHERE lower(username) = lower($1)",
        )
        .bind::<Text, _>(username)
        .get_result(&mut conn)
        .await
        .optional()?)
    }

    /// Finished games played and won per ruleset by `user`.
    #[tracing::instrument(skip(self))]
    pub async fn records_of(&self, user: Uuid) -> Result<Vec<RulesetRecord>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<RecordRow> = diesel::sql_query(
            "SELECT g.ruleset, count(*) AS played, \
                    count(*) FILTER (WHERE g.outcome -> 'winners' @> to_jsonb(s.seat::integer)) AS won \
             FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.user_id = $1 AND g.status = 'finished' \
             GROUP BY g.ruleset ORDER BY g.ruleset",
        )
        .bind::<diesel::sql_types::Uuid, _>(user)
        .load(&mut conn)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| RulesetRecord {
                ruleset: r.ruleset,
                played: r.played,
                won: r.won,
            })
            .collect())
    }

    /// `user`'s current ratings, one per ruleset he played rated.
    #[tracing::instrument(skip(self))]
    pub async fn ratings_of(&self, user: Uuid) -> Result<Vec<PlayerRating>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<RatingRow> = diesel::sql_query(
            "SELECT user_id, ruleset, rating, deviation, volatility, games FROM ratings \
             WHERE user_id = $1 ORDER BY ruleset",
        )
        .bind::<diesel::sql_types::Uuid, _>(user)
        .load(&mut conn)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| PlayerRating {
                ruleset: r.ruleset,
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
                games: r.games,
            })
            .collect())
    }

    /// Every change of `user`'s ratings, oldest first.
    #[tracing::instrument(skip(self))]
    pub async fn rating_history_of(&self, user: Uuid) -> Result<Vec<RatingChange>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<ChangeRow> = diesel::sql_query(
            "SELECT game_id, ruleset, rating, deviation, recorded_at FROM rating_changes \
             WHERE user_id = $1 ORDER BY recorded_at, game_id",
        )
        .bind::<diesel::sql_types::Uuid, _>(user)
        .load(&mut conn)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| RatingChange {
                game_id: r.game_id,
                ruleset: r.ruleset,
                rating: r.rating,
                deviation: r.deviation,
                at: r.recorded_at,
            })
            .collect())
    }

    /// The games `user` is playing now, the most recently moved first.
    #[tracing::instrument(skip(self))]
    pub async fn current_games_of(&self, user: Uuid) -> Result<Vec<CurrentGame>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<CurrentRow> = diesel::sql_query(
            "SELECT g.id, g.ruleset, g.updated_at FROM seats s JOIN games g ON g.id = s.game_id \
             WHERE s.user_id = $1 AND g.status = $2 ORDER BY g.updated_at DESC, g.id",
        )
        .bind::<diesel::sql_types::Uuid, _>(user)
        .bind::<Text, _>(GameStatus::Active.as_str())
        .load(&mut conn)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| CurrentGame {
                id: r.id,
                ruleset: r.ruleset,
                updated_at: r.updated_at,
            })
            .collect())
    }

    /// A finished game's fold, its events and its commands, everything its
    /// record is made of: folded from its first event without the fold cache
    /// (an export of many old games must not push the games being played
    /// out of it), the events read once for both.
    #[tracing::instrument(skip(self))]
    pub async fn record_parts(&self, game_id: Uuid) -> Result<RecordParts, ApiError> {
        let mut conn = self.connection().await?;
        let mut game = super::cache::blank(&mut conn, game_id).await?;
        let events = super::log::read_events(&mut conn, game_id, 0, i64::MAX, i64::MAX).await?;
        drop(conn);
        for event in &events {
            game.fold_stored(event)?;
        }
        let commands = self.commands(game_id).await?;
        Ok((game, events, commands))
    }

    /// Every rating as the ratings table holds it: (user, ruleset) → rating
    /// and rated games.
    #[tracing::instrument(skip(self))]
    pub async fn stored_ratings(&self) -> Result<RatingTable, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<RatingRow> = diesel::sql_query(
            "SELECT user_id, ruleset, rating, deviation, volatility, games FROM ratings",
        )
        .load(&mut conn)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| ((r.user_id, r.ruleset.clone()), (r.rating(), r.games)))
            .collect())
    }

    /// Every rating rebuilt from the log alone: the games whose log ends
    /// with `game_ended`, in the order they ended, each folded from its
    /// events (players, winners, whether it was abandoned) with its first
    /// event saying whether it was created rated, through the same
    /// arithmetic as the live update ([`ratings::after_game`]).
    #[tracing::instrument(skip(self))]
    pub async fn rebuilt_ratings(&self) -> Result<RatingTable, ApiError> {
        let ended: Vec<EndedRow> = {
            let mut conn = self.connection().await?;
            diesel::sql_query(
                "SELECT game_id FROM events \
                 WHERE kind = 'platform' AND payload ->> 'type' = 'game_ended' \
                 ORDER BY recorded_at, game_id",
            )
            .load(&mut conn)
            .await?
        };
        let mut ratings = RatingTable::new();
        for EndedRow { game_id } in ended {
            let first = self.events(game_id, 0, 1, 1).await?;
            let rated = <[_]>::first(&first)
                .and_then(|e| e.payload.get("rated"))
                .and_then(Value::as_bool)
                .unwrap_or(false);
            if !rated {
                continue;
            }
            let game = self.load(game_id).await?;
            let players = players_of(&game);
            if !counts_for_ratings(&game) {
                continue;
            }
            let ruleset = game.ruleset_id.clone();
            let standings: Vec<(Rating, bool)> = players
                .iter()
                .map(|(user, won)| {
                    let held = ratings.get(&(*user, ruleset.clone()));
                    (held.map_or_else(ratings::starting_rating, |h| h.0), *won)
                })
                .collect();
            for ((user, _), rating) in players.iter().zip(ratings::after_game(&standings)) {
                let entry = ratings
                    .entry((*user, ruleset.clone()))
                    .or_insert((rating, 0));
                entry.0 = rating;
                entry.1 += 1;
            }
        }
        Ok(ratings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cursor_reads_back_as_it_was_written_and_nothing_else_reads() {
        let cursor = ArchiveCursor {
            finished_at: DateTime::from_timestamp_micros(1_795_000_000_123_456).unwrap(),
            id: Uuid::from_u128(42),
        };
        assert_eq!(ArchiveCursor::decode(&cursor.encode()), Some(cursor));
        assert_eq!(ArchiveCursor::decode("yesterday"), None);
        assert_eq!(ArchiveCursor::decode("12.not-an-id"), None);
    }
}
