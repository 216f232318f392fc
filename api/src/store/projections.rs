//! The projections kept with the log, for listings that need no fold: the
//! caller's games and inbox, overdue games, open games.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use serde_json::Value;
use uuid::Uuid;

use super::Store;
use super::schema::{games, seats};
use crate::error::ApiError;

/// A row of `GET /v1/me/games`.
pub struct MyGameRow {
    pub id: Uuid,
    pub ruleset: String,
    pub status: String,
    pub version: i64,
    pub awaiting: Value,
    pub updated_at: DateTime<Utc>,
    pub seat: i16,
    pub deadline: Option<DateTime<Utc>>,
}

/// A game waiting for players, for `GET /v1/games?status=open`.
#[derive(QueryableByName)]
pub struct OpenGameRow {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    pub id: Uuid,
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub ruleset: String,
    #[diesel(sql_type = diesel::sql_types::SmallInt)]
    pub seat_count: i16,
    /// Seats taken.
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    pub taken: i64,
    /// The creator's username.
    #[diesel(sql_type = diesel::sql_types::Text)]
    pub created_by: String,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    pub created_at: DateTime<Utc>,
    /// The creator's rating in the game's ruleset, if he has one.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Double>)]
    pub created_by_rating: Option<f64>,
    /// In a game under way, the seat offered to a substitute (the row's
    /// `created_at` is then when it was offered).
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::SmallInt>)]
    pub substitute_for: Option<i16>,
}

impl Store {
    /// The caller's games with their projections.
    #[tracing::instrument(skip(self))]
    pub async fn my_games(&self, user: Uuid) -> Result<Vec<MyGameRow>, ApiError> {
        let mut conn = self.connection().await?;
        /// id, ruleset, status, version, awaiting, updated_at, seat, deadline_at.
        type Columns = (
            Uuid,
            String,
            String,
            i64,
            Value,
            DateTime<Utc>,
            i16,
            Option<DateTime<Utc>>,
        );
        let rows: Vec<Columns> = seats::table
            .inner_join(games::table)
            .filter(seats::user_id.eq(user))
            .select((
                games::id,
                games::ruleset,
                games::status,
                games::version,
                games::awaiting,
                games::updated_at,
                seats::seat,
                games::deadline_at,
            ))
            .load(&mut conn)
            .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, ruleset, status, version, awaiting, updated_at, seat, deadline)| MyGameRow {
                    id,
                    ruleset,
                    status,
                    version,
                    awaiting,
                    updated_at,
                    seat,
                    deadline,
                },
            )
            .collect())
    }

    /// For each game of `user` with messages he has not read, how many: the
    /// messages others wrote to the table or to him alone since he last
    /// acted in that game (a command or a message of his own reads the
    /// conversation up to it), leaving out the players he mutes now.
    #[tracing::instrument(skip(self))]
    pub async fn unread_messages(&self, user: Uuid) -> Result<Vec<(Uuid, i64)>, ApiError> {
        #[derive(QueryableByName)]
        struct Unread {
            #[diesel(sql_type = diesel::sql_types::Uuid)]
            game_id: Uuid,
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            unread: i64,
        }
        let mut conn = self.connection().await?;
        let rows: Vec<Unread> = diesel::sql_query(
            "SELECT e.game_id, count(*) AS unread \
             FROM seats s JOIN events e ON e.game_id = s.game_id \
             WHERE s.user_id = $1 AND e.kind = 'platform' \
               AND e.payload->>'type' = 'message_written' \
               AND (e.payload->>'from')::int <> s.seat \
               AND (NOT e.payload ? 'to' OR (e.payload->>'to')::int = s.seat) \
               AND e.seq > COALESCE((SELECT max(own.seq) FROM events own \
                     LEFT JOIN commands c ON c.id = own.command_id \
                     WHERE own.game_id = s.game_id AND (c.actor = $1 \
                       OR (own.kind = 'platform' \
                           AND own.payload->>'type' = 'message_written' \
                           AND (own.payload->>'from')::int = s.seat))), 0) \
               AND NOT COALESCE((SELECT (m.payload->>'muted')::boolean FROM events m \
                     WHERE m.game_id = s.game_id AND m.kind = 'platform' \
                       AND m.payload->>'type' = 'player_muted' \
                       AND (m.payload->>'by')::int = s.seat \
                       AND m.payload->>'seat' = e.payload->>'from' \
                     ORDER BY m.seq DESC LIMIT 1), false) \
             GROUP BY e.game_id",
        )
        .bind::<diesel::sql_types::Uuid, _>(user)
        .load(&mut conn)
        .await?;
        Ok(rows.into_iter().map(|r| (r.game_id, r.unread)).collect())
    }

    /// Active games whose deadline is at or before `now`, oldest first.
    #[tracing::instrument(skip(self))]
    pub async fn overdue_games(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<Uuid>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(games::table
            .filter(games::status.eq("active"))
            .filter(games::deadline_at.le(now))
            .order(games::deadline_at.asc())
            .limit(limit)
            .select(games::id)
            .load(&mut conn)
            .await?)
    }

    /// Open games with a free seat, and seats of games under way offered to
    /// a substitute, oldest first (a seat offered by when it was): `limit`
    /// of them after skipping `offset`.
    #[tracing::instrument(skip(self))]
    pub async fn open_games(
        &self,
        ruleset: Option<&str>,
        limit: i64,
        offset: i64,
    ) -> Result<Vec<OpenGameRow>, ApiError> {
        use diesel::sql_types::{BigInt, Nullable, Text};
        let mut conn = self.connection().await?;
        // A seat is still offered when no later event of its game gave it to
        // someone; the partial index on offers keeps the search small.
        Ok(diesel::sql_query(
            "SELECT * FROM ( \
               SELECT g.id, g.ruleset, g.seat_count, g.created_at, u.username AS created_by, \
                      (SELECT count(*) FROM seats s WHERE s.game_id = g.id) AS taken, \
                      r.rating AS created_by_rating, NULL::smallint AS substitute_for \
               FROM games g JOIN users u ON u.id = g.created_by \
               LEFT JOIN ratings r ON r.user_id = g.created_by AND r.ruleset = g.ruleset \
               WHERE g.status = 'open' AND ($1::text IS NULL OR g.ruleset = $1) \
                 AND (SELECT count(*) FROM seats s WHERE s.game_id = g.id) < g.seat_count \
               UNION ALL \
               SELECT g.id, g.ruleset, g.seat_count, e.recorded_at AS created_at, \
                      u.username AS created_by, (g.seat_count - 1)::bigint AS taken, \
                      r.rating AS created_by_rating, \
                      (e.payload ->> 'seat')::smallint AS substitute_for \
               FROM events e JOIN games g ON g.id = e.game_id \
               JOIN users u ON u.id = g.created_by \
               LEFT JOIN ratings r ON r.user_id = g.created_by AND r.ruleset = g.ruleset \
               WHERE e.kind = 'platform' AND e.payload ->> 'type' = 'seat_offered' \
                 AND g.status = 'active' AND ($1::text IS NULL OR g.ruleset = $1) \
                 AND NOT EXISTS (SELECT 1 FROM events t WHERE t.game_id = e.game_id \
                   AND t.seq > e.seq AND t.kind = 'platform' \
                   AND t.payload ->> 'type' IN ('substitute_seated', 'seat_handed_over') \
                   AND t.payload -> 'seat' = e.payload -> 'seat') \
             ) lobby ORDER BY created_at, id, substitute_for LIMIT $2 OFFSET $3",
        )
        .bind::<Nullable<Text>, _>(ruleset)
        .bind::<BigInt, _>(limit)
        .bind::<BigInt, _>(offset)
        .load(&mut conn)
        .await?)
    }

    /// The games under way `user` holds a seat in.
    #[tracing::instrument(skip(self))]
    pub async fn active_games_of(&self, user: Uuid) -> Result<Vec<Uuid>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(seats::table
            .inner_join(games::table)
            .filter(seats::user_id.eq(user))
            .filter(games::status.eq("active"))
            .select(games::id)
            .load(&mut conn)
            .await?)
    }
}
