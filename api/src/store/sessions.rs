//! Sessions: each log-in opens a family of refresh tokens, each exchanged
//! once for its successor. Only the SHA-256 of each refresh token is kept.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use uuid::Uuid;

use super::Store;
use super::schema::{refresh_tokens, session_families, users};
use crate::error::ApiError;

/// What became of a refresh token presented for exchange.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exchange {
    /// It was live: it is retired and its successor stored, in `family` of `user`.
    Rotated { user: Uuid, family: Uuid },
    /// It had already been exchanged: someone holds a copy, so its whole
    /// family is now revoked.
    Reused,
    /// Unknown, expired, or of a session that has ended.
    Invalid,
}

/// Whether an access token's session still lets it in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SessionCheck {
    Live,
    /// Its session was signed out (here, everywhere, or after a reuse).
    Ended,
    /// Its user, or the session it names, does not exist.
    Unknown,
}

impl Store {
    /// Opens a session for `user` whose first refresh token has the hash
    /// `token_sha256`; returns the session's (family's) id. The user's refresh
    /// tokens that have expired are forgotten on the way: nothing may use
    /// them any more, and a reuse of one would be refused anyway.
    #[tracing::instrument(skip(self, token_sha256))]
    pub async fn open_session(
        &self,
        user: Uuid,
        token_sha256: [u8; 32],
        expires_at: DateTime<Utc>,
    ) -> Result<Uuid, ApiError> {
        let family = Uuid::new_v4();
        let now = Utc::now();
        let mut conn = self.connection().await?;
        conn.transaction::<_, diesel::result::Error, _>(async move |conn| {
            let families_of_user = session_families::table
                .filter(session_families::user_id.eq(user))
                .select(session_families::id);
            diesel::delete(
                refresh_tokens::table
                    .filter(refresh_tokens::family_id.eq_any(families_of_user))
                    .filter(refresh_tokens::expires_at.le(now)),
            )
            .execute(conn)
            .await?;
            diesel::insert_into(session_families::table)
                .values((
                    session_families::id.eq(family),
                    session_families::user_id.eq(user),
                ))
                .execute(conn)
                .await?;
            diesel::insert_into(refresh_tokens::table)
                .values((
                    refresh_tokens::token_sha256.eq(token_sha256.to_vec()),
                    refresh_tokens::family_id.eq(family),
                    refresh_tokens::expires_at.eq(expires_at),
                ))
                .execute(conn)
                .await?;
            Ok(())
        })
        .await?;
        Ok(family)
    }

    /// Exchanges the refresh token hashed `old` for the one hashed `new`,
    /// living until `new_expires_at`.
    ///
    /// Retiring the old token is one conditional update: of two exchanges of
    /// one token at once, PostgreSQL makes the second wait for the first and
    /// then finds the token retired, which is a reuse.
    #[tracing::instrument(skip(self, old, new))]
    pub async fn exchange_refresh_token(
        &self,
        old: [u8; 32],
        new: [u8; 32],
        now: DateTime<Utc>,
        new_expires_at: DateTime<Utc>,
    ) -> Result<Exchange, ApiError> {
        let mut conn = self.connection().await?;
        let exchange = conn
            .transaction::<_, diesel::result::Error, _>(async move |conn| {
                let retired: Option<Uuid> = diesel::update(
                    refresh_tokens::table
                        .filter(refresh_tokens::token_sha256.eq(old.to_vec()))
                        .filter(refresh_tokens::rotated_at.is_null())
                        .filter(refresh_tokens::expires_at.gt(now)),
                )
                .set(refresh_tokens::rotated_at.eq(now))
                .returning(refresh_tokens::family_id)
                .get_result(conn)
                .await
                .optional()?;
                let Some(family) = retired else {
                    let found: Option<(Uuid, Option<DateTime<Utc>>)> = refresh_tokens::table
                        .filter(refresh_tokens::token_sha256.eq(old.to_vec()))
                        .select((refresh_tokens::family_id, refresh_tokens::rotated_at))
                        .first(conn)
                        .await
                        .optional()?;
                    return Ok(match found {
                        Some((family, Some(_))) => {
                            diesel::update(
                                session_families::table
                                    .find(family)
                                    .filter(session_families::revoked_at.is_null()),
                            )
                            .set(session_families::revoked_at.eq(now))
                            .execute(conn)
                            .await?;
                            Exchange::Reused
                        }
                        // Unknown or expired.
                        _ => Exchange::Invalid,
                    });
                };
                let (user, revoked_at): (Uuid, Option<DateTime<Utc>>) = session_families::table
                    .find(family)
                    .select((session_families::user_id, session_families::revoked_at))
                    .first(conn)
                    .await?;
                if revoked_at.is_some() {
                    return Ok(Exchange::Invalid);
                }
                diesel::insert_into(refresh_tokens::table)
                    .values((
                        refresh_tokens::token_sha256.eq(new.to_vec()),
                        refresh_tokens::family_id.eq(family),
                        refresh_tokens::expires_at.eq(new_expires_at),
                    ))
                    .execute(conn)
                    .await?;
                Ok(Exchange::Rotated { user, family })
            })
            .await?;
        Ok(exchange)
    }

    /// Ends `user`'s session `family`: its refresh tokens and the access
    /// tokens issued to it are refused from now on. Ending an ended session
    /// changes nothing.
    #[tracing::instrument(skip(self))]
    pub async fn end_session(
        &self,
        user: Uuid,
        family: Uuid,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::update(
            session_families::table
                .filter(session_families::id.eq(family))
                .filter(session_families::user_id.eq(user))
                .filter(session_families::revoked_at.is_null()),
        )
        .set(session_families::revoked_at.eq(now))
        .execute(&mut conn)
        .await?;
        Ok(())
    }

    /// Ends every session of `user`, and refuses from now on the access
    /// tokens issued to him until `now` that name no session.
    #[tracing::instrument(skip(self))]
    pub async fn end_every_session(&self, user: Uuid, now: DateTime<Utc>) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        conn.transaction::<_, diesel::result::Error, _>(async move |conn| {
            diesel::update(
                session_families::table
                    .filter(session_families::user_id.eq(user))
                    .filter(session_families::revoked_at.is_null()),
            )
            .set(session_families::revoked_at.eq(now))
            .execute(conn)
            .await?;
            diesel::update(users::table.find(user))
                .set(users::sessions_valid_after.eq(now))
                .execute(conn)
                .await?;
            Ok(())
        })
        .await?;
        Ok(())
    }

    /// Whether an access token of `user` issued at `issued_at` (seconds)
    /// to `session` (or to none) may still be used: one look-up by primary key.
    #[tracing::instrument(skip(self))]
    pub async fn check_session(
        &self,
        user: Uuid,
        session: Option<Uuid>,
        issued_at: i64,
    ) -> Result<SessionCheck, ApiError> {
        let mut conn = self.connection().await?;
        let check = match session {
            Some(family) => session_families::table
                .filter(session_families::id.eq(family))
                .filter(session_families::user_id.eq(user))
                .select(session_families::revoked_at)
                .first::<Option<DateTime<Utc>>>(&mut conn)
                .await
                .optional()?
                .map_or(SessionCheck::Unknown, |revoked| match revoked {
                    Some(_) => SessionCheck::Ended,
                    None => SessionCheck::Live,
                }),
            None => users::table
                .find(user)
                .select(users::sessions_valid_after)
                .first::<Option<DateTime<Utc>>>(&mut conn)
                .await
                .optional()?
                .map_or(SessionCheck::Unknown, |valid_after| match valid_after {
                    // Seconds are all a token tells: one issued in the very
                    // second of the sign-out is refused too.
                    Some(after) if issued_at <= after.timestamp() => SessionCheck::Ended,
                    _ => SessionCheck::Live,
                }),
        };
        Ok(check)
    }
}
