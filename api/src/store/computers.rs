//! Computer players' users, and the games that await one.

use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use owlpost_domain::bots::Strength;
use uuid::Uuid;

use super::Store;
use super::schema::users;
use crate::error::ApiError;

/// What a computer player's user has for a password hash: no password
/// verifies against it, so nobody signs in as one.
const NO_PASSWORD: &str = "!";

#[derive(QueryableByName)]
struct GameId {
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    id: Uuid,
}

impl Store {
    /// A new user for a computer player of `strength`: its id and name.
    #[tracing::instrument(skip(self))]
    pub async fn create_computer(&self, strength: Strength) -> Result<(Uuid, String), ApiError> {
        let id = Uuid::new_v4();
        // Unique (an id's first characters), and taken by no person: a
        // username chosen at sign-up never holds a space.
        let username = format!("Computer {}", &id.simple().to_string()[..6]);
        let mut conn = self.connection().await?;
        diesel::insert_into(users::table)
            .values((
                users::id.eq(id),
                users::username.eq(&username),
                users::password_hash.eq(NO_PASSWORD),
                users::computer.eq(strength_name(strength)),
            ))
            .execute(&mut conn)
            .await?;
        Ok((id, username))
    }

    /// Removes a computer player's user that never took a seat.
    #[tracing::instrument(skip(self))]
    pub async fn forget_computer(&self, id: Uuid) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::delete(users::table.find(id).filter(users::computer.is_not_null()))
            .execute(&mut conn)
            .await?;
        Ok(())
    }

    /// Games in play that await a seat held by a computer player, the
    /// longest-waiting first: at most `limit` of them.
    #[tracing::instrument(skip(self))]
    pub async fn games_awaiting_computers(&self, limit: i64) -> Result<Vec<Uuid>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<GameId> = diesel::sql_query(
            "SELECT g.id FROM games g \
             WHERE g.status = 'active' AND EXISTS ( \
                 SELECT 1 FROM seats s JOIN users u ON u.id = s.user_id \
                 WHERE s.game_id = g.id AND u.computer IS NOT NULL \
                   AND g.awaiting @> to_jsonb(s.seat::int)) \
             ORDER BY g.updated_at LIMIT $1",
        )
        .bind::<diesel::sql_types::BigInt, _>(limit)
        .load(&mut conn)
        .await?;
        Ok(rows.into_iter().map(|row| row.id).collect())
    }
}

fn strength_name(strength: Strength) -> &'static str {
    match strength {
        Strength::Random => "random",
        Strength::Heuristic => "heuristic",
    }
}

#[derive(QueryableByName)]
struct LatestCommands {
    /// How many there are (fewer than asked when he made fewer).
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    latest: i64,
    /// Whether each was a timeout move.
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Bool>)]
    all_timeouts: Option<bool>,
}

impl Store {
    /// Whether `user`'s last `count` commands in the game were all timeout
    /// moves the server played for him: deadlines he missed in a row.
    #[tracing::instrument(skip(self))]
    pub async fn missed_in_a_row(
        &self,
        game_id: Uuid,
        user: Uuid,
        count: u8,
    ) -> Result<bool, ApiError> {
        let mut conn = self.connection().await?;
        let latest: LatestCommands = diesel::sql_query(
            "SELECT count(*) AS latest, \
                    bool_and(c.body -> 'timeout' = 'true'::jsonb) AS all_timeouts \
             FROM (SELECT body FROM commands WHERE game_id = $1 AND actor = $2 \
                   ORDER BY first_seq DESC LIMIT $3) c",
        )
        .bind::<diesel::sql_types::Uuid, _>(game_id)
        .bind::<diesel::sql_types::Uuid, _>(user)
        .bind::<diesel::sql_types::BigInt, _>(i64::from(count))
        .get_result(&mut conn)
        .await?;
        Ok(latest.latest == i64::from(count) && latest.all_timeouts == Some(true))
    }
}
