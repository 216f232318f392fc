//! Personal access tokens: only the SHA-256 of each token's secret is kept.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::Store;
use super::schema::personal_tokens;
use crate::error::ApiError;

/// A personal access token as stored.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = personal_tokens)]
pub struct TokenRow {
    pub id: Uuid,
    pub user_id: Uuid,
    pub name: String,
    pub scopes: Vec<String>,
    pub secret_sha256: Vec<u8>,
    pub created_at: DateTime<Utc>,
    pub expires_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

/// A token to store.
pub struct NewToken<'a> {
    pub id: Uuid,
    pub user_id: Uuid,
    pub name: &'a str,
    pub scopes: Vec<String>,
    pub secret_sha256: Vec<u8>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// The most live tokens one user may hold, so that a script gone wrong
/// cannot fill the table.
pub const TOKENS_PER_USER: i64 = 50;

impl Store {
    /// Stores a new token; refused when its user already holds
    /// [`TOKENS_PER_USER`] tokens not revoked.
    #[tracing::instrument(skip(self, token), fields(user = %token.user_id))]
    pub async fn create_token(&self, token: NewToken<'_>) -> Result<TokenRow, ApiError> {
        let mut conn = self.connection().await?;
        let held: i64 = personal_tokens::table
            .filter(personal_tokens::user_id.eq(token.user_id))
            .filter(personal_tokens::revoked_at.is_null())
            .count()
            .get_result(&mut conn)
            .await?;
        if held >= TOKENS_PER_USER {
            return Err(ApiError::InvalidRequest(format!(
                "you hold {TOKENS_PER_USER} personal access tokens, the most one may: revoke one first"
            )));
        }
        Ok(diesel::insert_into(personal_tokens::table)
            .values((
                personal_tokens::id.eq(token.id),
                personal_tokens::user_id.eq(token.user_id),
                personal_tokens::name.eq(token.name),
                personal_tokens::scopes.eq(&token.scopes),
                personal_tokens::secret_sha256.eq(&token.secret_sha256),
                personal_tokens::expires_at.eq(token.expires_at),
            ))
            .returning(TokenRow::as_returning())
            .get_result(&mut conn)
            .await?)
    }

    /// The token `id`, whoever holds it.
    #[tracing::instrument(skip(self))]
    pub async fn token(&self, id: Uuid) -> Result<Option<TokenRow>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(personal_tokens::table
            .find(id)
            .select(TokenRow::as_select())
            .first(&mut conn)
            .await
            .optional()?)
    }

    /// `user`'s tokens, newest first, revoked ones included.
    #[tracing::instrument(skip(self))]
    pub async fn tokens_of(&self, user: Uuid) -> Result<Vec<TokenRow>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(personal_tokens::table
            .filter(personal_tokens::user_id.eq(user))
            .order((personal_tokens::created_at.desc(), personal_tokens::id))
            .select(TokenRow::as_select())
            .load(&mut conn)
            .await?)
    }

    /// Revokes `user`'s token `id` at `now`; whether he holds such a token.
    /// Revoking a revoked token changes nothing.
    #[tracing::instrument(skip(self))]
    pub async fn revoke_token(
        &self,
        user: Uuid,
        id: Uuid,
        now: DateTime<Utc>,
    ) -> Result<bool, ApiError> {
        let mut conn = self.connection().await?;
        let found: i64 = personal_tokens::table
            .filter(personal_tokens::id.eq(id))
            .filter(personal_tokens::user_id.eq(user))
            .count()
            .get_result(&mut conn)
            .await?;
        diesel::update(
            personal_tokens::table
                .filter(personal_tokens::id.eq(id))
                .filter(personal_tokens::user_id.eq(user))
                .filter(personal_tokens::revoked_at.is_null()),
        )
        .set(personal_tokens::revoked_at.eq(now))
        .execute(&mut conn)
        .await?;
        Ok(found > 0)
    }
}
