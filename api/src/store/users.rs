//! Users: sign-up and the look-ups log-in needs.

use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::Store;
use super::schema::users;
use crate::error::ApiError;

impl Store {
    #[tracing::instrument(skip(self, password_hash))]
    pub async fn create_user(&self, username: &str, password_hash: &str) -> Result<Uuid, ApiError> {
        let id = Uuid::new_v4();
        let mut conn = self.connection().await?;
        let inserted = diesel::insert_into(users::table)
            .values((
                users::id.eq(id),
                users::username.eq(username),
                users::password_hash.eq(password_hash),
            ))
            .execute(&mut conn)
            .await;
        match inserted {
            Ok(_) => Ok(id),
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                Err(ApiError::UsernameTaken(username.to_owned()))
            }
            Err(e) => Err(e.into()),
        }
    }

    #[tracing::instrument(skip(self))]
    pub async fn find_user(&self, username: &str) -> Result<Option<(Uuid, String)>, ApiError> {
        let mut conn = self.connection().await?;
        // Names are unique whatever their case (migration 2026-11-24-000005).
        Ok(users::table
            .filter(
                diesel::dsl::sql::<diesel::sql_types::Bool>("lower(username) = lower(")
                    .bind::<diesel::sql_types::Text, _>(username)
                    .sql(")"),
            )
            .select((users::id, users::password_hash))
            .first(&mut conn)
            .await
            .optional()?)
    }

    #[tracing::instrument(skip(self))]
    pub async fn username(&self, id: Uuid) -> Result<Option<String>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(users::table
            .find(id)
            .select(users::username)
            .first(&mut conn)
            .await
            .optional()?)
    }

    /// Whether user `id` exists. Users are never deleted, so one found is
    /// remembered (the most recent [`KNOWN_USERS`]): a request's token costs
    /// no query once its user has been seen.
    pub async fn user_exists(&self, id: Uuid) -> Result<bool, ApiError> {
        if self
            .known_users
            .lock()
            .expect("users lock")
            .get(&id)
            .is_some()
        {
            return Ok(true);
        }
        let exists = self.username(id).await?.is_some();
        if exists {
            self.known_users.lock().expect("users lock").put(id, ());
        }
        Ok(exists)
    }
}

/// How many users [`Store::user_exists`] remembers.
pub const KNOWN_USERS: std::num::NonZeroUsize =
    std::num::NonZeroUsize::new(65_536).expect("not zero");
