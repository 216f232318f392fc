//! Players' e-mail addresses, what they want to be sent, and the mail
//! outbox. The append writes turn mails in the move's own transaction
//! (migration `mail`); the mailer, which sits above the store, claims and
//! sends them.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Jsonb, Nullable, Text, Timestamptz};
use diesel_async::{AsyncConnection, RunQueryDsl};
use uuid::Uuid;

use super::Store;
use super::schema::{email_addresses, mail_outbox, mail_replies, muted_games};
use crate::error::ApiError;
use crate::model::{EmailAddress, MailPreference};

/// What a `confirm` mail carries: the address it confirms and the link's secret.
pub const CONFIRM: &str = "confirm";
/// A turn mail: its payload is the webhook's `Notification`.
pub const TURN: &str = "turn";
/// One game of a daily digest: its payload is the webhook's `Notification`.
pub const DIGEST: &str = "digest";

/// The answer to a reply to a turn mail: its payload is a [`ReplyAnswer`].
pub const REPLY: &str = "reply";

/// What the answer to a reply says: played, or refused with the API's code
/// and sentence. The mail shows the game at `version` (the board, and the
/// moves listed again when the game awaits the player there).
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct ReplyAnswer {
    pub game_id: Uuid,
    pub seat: i16,
    pub version: i64,
    pub played: bool,
    /// The refusal's code, when nothing was played.
    pub code: Option<String>,
    /// What happened, in a sentence.
    pub message: String,
}

/// A reply address's row: whom, which game and version it answers, and the
/// moves its mail listed.
#[derive(Debug, Clone, Queryable)]
pub struct ReplyAddress {
    pub id: i64,
    pub user_id: Uuid,
    pub game_id: Uuid,
    pub seat: i16,
    pub version: i64,
    /// `[{"text": ..., "command": ...}]`, in the mail's order.
    pub listed: serde_json::Value,
    pub used_at: Option<DateTime<Utc>>,
}

/// Written in the transaction of the move a reply plays: the reply marked
/// used (an append finding it used already writes nothing) and the answer
/// mail, which shows the game after the move.
#[derive(Debug, Clone)]
pub struct ReplyPlayed {
    pub reply_id: i64,
    pub user_id: Uuid,
    pub answer: ReplyAnswer,
}

/// Marks the reply used and writes its answer, on the append's connection;
/// `false` (and nothing written) when it was used already.
pub(super) async fn consume_reply(
    conn: &mut diesel_async::AsyncPgConnection,
    played: &ReplyPlayed,
    version: i64,
) -> Result<bool, diesel::result::Error> {
    let used = diesel::update(
        mail_replies::table
            .find(played.reply_id)
            .filter(mail_replies::used_at.is_null()),
    )
    .set(mail_replies::used_at.eq(Utc::now()))
    .execute(conn)
    .await?;
    if used == 0 {
        return Ok(false);
    }
    let answer = ReplyAnswer {
        version,
        ..played.answer.clone()
    };
    diesel::insert_into(mail_outbox::table)
        .values((
            mail_outbox::user_id.eq(played.user_id),
            mail_outbox::kind.eq(REPLY),
            mail_outbox::game_id.eq(answer.game_id),
            mail_outbox::payload.eq(serde_json::to_value(&answer)
                .map_err(|e| diesel::result::Error::SerializationError(Box::new(e)))?),
        ))
        .execute(conn)
        .await?;
    Ok(true)
}

/// One claimed mail, with where it goes and whether it still may.
pub struct DueMail {
    pub id: i64,
    pub user_id: Uuid,
    pub kind: String,
    pub payload: serde_json::Value,
    pub attempts: i32,
    /// The player's address now (it may have changed since the row was written).
    pub address: Option<String>,
    pub confirmed: bool,
    pub notify: Option<String>,
    pub unsubscribe_token: Option<String>,
    /// Whether the player muted the mail's game.
    pub muted: bool,
}

#[derive(QueryableByName)]
struct ClaimedMail {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = diesel::sql_types::Uuid)]
    user_id: Uuid,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = Jsonb)]
    payload: serde_json::Value,
    #[diesel(sql_type = Integer)]
    attempts: i32,
    #[diesel(sql_type = Nullable<Text>)]
    address: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    confirmed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Text>)]
    notify: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    unsubscribe_token: Option<String>,
    #[diesel(sql_type = diesel::sql_types::Bool)]
    muted: bool,
}

/// What a claim returns of each mail: the row, and the player's address,
/// preference and mute as they are now.
const CLAIMED: &str = "RETURNING o.id, o.user_id, o.kind, o.payload, o.attempts, \
    (SELECT address FROM email_addresses WHERE user_id = o.user_id) AS address, \
    (SELECT confirmed_at FROM email_addresses WHERE user_id = o.user_id) AS confirmed_at, \
    (SELECT notify FROM email_addresses WHERE user_id = o.user_id) AS notify, \
    (SELECT unsubscribe_token FROM email_addresses WHERE user_id = o.user_id) \
      AS unsubscribe_token, \
    EXISTS (SELECT 1 FROM muted_games m \
            WHERE m.user_id = o.user_id AND m.game_id = o.game_id) AS muted";

fn due_mail(r: ClaimedMail) -> DueMail {
    DueMail {
        id: r.id,
        user_id: r.user_id,
        kind: r.kind,
        payload: r.payload,
        attempts: r.attempts,
        address: r.address,
        confirmed: r.confirmed_at.is_some(),
        notify: r.notify,
        unsubscribe_token: r.unsubscribe_token,
        muted: r.muted,
    }
}

type AddressRow = (String, Option<DateTime<Utc>>, String);

impl Store {
    /// Sets the player's address, unconfirmed, and writes the mail that
    /// confirms it, in one transaction. A new address forgets the old one's
    /// confirmation; the preference stays.
    #[tracing::instrument(skip(self, confirm_token, unsubscribe_token))]
    pub async fn set_email_address(
        &self,
        user: Uuid,
        address: &str,
        confirm_token: &str,
        unsubscribe_token: &str,
    ) -> Result<EmailAddress, ApiError> {
        let given = address.to_owned();
        let (address, confirm_token, unsubscribe_token) = (
            address.to_owned(),
            confirm_token.to_owned(),
            unsubscribe_token.to_owned(),
        );
        let mut conn = self.connection().await?;
        let notify = conn
            .transaction::<_, diesel::result::Error, _>(async move |conn| {
                let notify: String = diesel::insert_into(email_addresses::table)
                    .values((
                        email_addresses::user_id.eq(user),
                        email_addresses::address.eq(&address),
                        email_addresses::confirm_token.eq(&confirm_token),
                        email_addresses::unsubscribe_token.eq(&unsubscribe_token),
                    ))
                    .on_conflict(email_addresses::user_id)
                    .do_update()
                    .set((
                        email_addresses::address.eq(&address),
                        email_addresses::confirm_token.eq(&confirm_token),
                        email_addresses::confirmed_at.eq(None::<DateTime<Utc>>),
                    ))
                    .returning(email_addresses::notify)
                    .get_result(conn)
                    .await?;
                diesel::insert_into(mail_outbox::table)
                    .values((
                        mail_outbox::user_id.eq(user),
                        mail_outbox::kind.eq(CONFIRM),
                        mail_outbox::payload.eq(serde_json::json!({
                            "address": address,
                            "token": confirm_token,
                        })),
                    ))
                    .execute(conn)
                    .await?;
                Ok(notify)
            })
            .await?;
        Ok(EmailAddress {
            address: given,
            confirmed: false,
            notify: MailPreference::parse(&notify),
        })
    }

    async fn email_address_row(&self, user: Uuid) -> Result<Option<AddressRow>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(email_addresses::table
            .find(user)
            .select((
                email_addresses::address,
                email_addresses::confirmed_at,
                email_addresses::notify,
            ))
            .first(&mut conn)
            .await
            .optional()?)
    }

    /// The player's address and preference, if he gave one.
    #[tracing::instrument(skip(self))]
    pub async fn email_address(&self, user: Uuid) -> Result<Option<EmailAddress>, ApiError> {
        Ok(self
            .email_address_row(user)
            .await?
            .map(|(address, confirmed_at, notify)| EmailAddress {
                address,
                confirmed: confirmed_at.is_some(),
                notify: MailPreference::parse(&notify),
            }))
    }

    /// Confirms the address whose link carries `token`; `false` when no
    /// address waits for that token.
    #[tracing::instrument(skip(self, token))]
    pub async fn confirm_email_address(&self, token: &str) -> Result<bool, ApiError> {
        let mut conn = self.connection().await?;
        let confirmed = diesel::update(
            email_addresses::table
                .filter(email_addresses::confirm_token.eq(token))
                .filter(email_addresses::confirmed_at.is_null()),
        )
        .set(email_addresses::confirmed_at.eq(Utc::now()))
        .execute(&mut conn)
        .await?;
        Ok(confirmed == 1)
    }

    /// Sets what the player wants to be sent; `false` when he has no address.
    #[tracing::instrument(skip(self))]
    pub async fn set_mail_preference(
        &self,
        user: Uuid,
        notify: MailPreference,
    ) -> Result<bool, ApiError> {
        let mut conn = self.connection().await?;
        let changed = diesel::update(email_addresses::table.find(user))
            .set(email_addresses::notify.eq(notify.as_str()))
            .execute(&mut conn)
            .await?;
        Ok(changed == 1)
    }

    /// Stops every mail to the address whose unsubscribe link carries
    /// `token`; `false` when no address has that token.
    #[tracing::instrument(skip(self, token))]
    pub async fn unsubscribe(&self, token: &str) -> Result<bool, ApiError> {
        let mut conn = self.connection().await?;
        let changed = diesel::update(
            email_addresses::table.filter(email_addresses::unsubscribe_token.eq(token)),
        )
        .set(email_addresses::notify.eq(MailPreference::None.as_str()))
        .execute(&mut conn)
        .await?;
        Ok(changed == 1)
    }

    /// Mutes or unmutes one game's mail for the player.
    #[tracing::instrument(skip(self))]
    pub async fn mute_game(&self, user: Uuid, game: Uuid, muted: bool) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        if muted {
            diesel::insert_into(muted_games::table)
                .values((muted_games::user_id.eq(user), muted_games::game_id.eq(game)))
                .on_conflict_do_nothing()
                .execute(&mut conn)
                .await?;
        } else {
            diesel::delete(muted_games::table.find((user, game)))
                .execute(&mut conn)
                .await?;
        }
        Ok(())
    }

    /// Takes up to `limit` mails due at `now`, leaving them to this mailer
    /// until `claimed_until`.
    #[tracing::instrument(skip(self))]
    pub async fn claim_mail(
        &self,
        now: DateTime<Utc>,
        claimed_until: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<DueMail>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<ClaimedMail> = diesel::sql_query(format!(
            "UPDATE mail_outbox o SET attempts = o.attempts + 1, next_attempt_at = $2 \
             WHERE o.id IN ( \
               SELECT id FROM mail_outbox \
               WHERE delivered_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1 \
                 AND kind <> 'digest' \
               ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED) \
             {CLAIMED}"
        ))
        .bind::<Timestamptz, _>(now)
        .bind::<Timestamptz, _>(claimed_until)
        .bind::<BigInt, _>(limit)
        .load(&mut conn)
        .await?;
        let mut due: Vec<DueMail> = rows.into_iter().map(due_mail).collect();
        // Oldest first, as they were written.
        due.sort_by_key(|d| d.id);
        Ok(due)
    }

    /// Takes the digest items of every player whose oldest waiting item was
    /// written at `written_by` or before (a day before now), due at `now`,
    /// leaving them to this mailer until `claimed_until`. Oldest first.
    #[tracing::instrument(skip(self))]
    pub async fn claim_digests(
        &self,
        now: DateTime<Utc>,
        written_by: DateTime<Utc>,
        claimed_until: DateTime<Utc>,
    ) -> Result<Vec<DueMail>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<ClaimedMail> = diesel::sql_query(format!(
            "UPDATE mail_outbox o SET attempts = o.attempts + 1, next_attempt_at = $2 \
             WHERE o.id IN ( \
               SELECT id FROM mail_outbox \
               WHERE kind = 'digest' AND delivered_at IS NULL AND given_up_at IS NULL \
                 AND next_attempt_at <= $1 \
                 AND user_id IN ( \
                   SELECT user_id FROM mail_outbox \
                   WHERE kind = 'digest' AND delivered_at IS NULL AND given_up_at IS NULL \
                   GROUP BY user_id HAVING min(created_at) <= $3) \
               FOR UPDATE SKIP LOCKED) \
             {CLAIMED}"
        ))
        .bind::<Timestamptz, _>(now)
        .bind::<Timestamptz, _>(claimed_until)
        .bind::<Timestamptz, _>(written_by)
        .load(&mut conn)
        .await?;
        let mut due: Vec<DueMail> = rows.into_iter().map(due_mail).collect();
        due.sort_by_key(|d| d.id);
        Ok(due)
    }

    /// Mails not yet sent nor given up: the mail queue's depth.
    pub async fn mail_queue_depth(&self) -> Result<i64, ApiError> {
        let mut conn = self.connection().await?;
        Ok(mail_outbox::table
            .filter(mail_outbox::delivered_at.is_null())
            .filter(mail_outbox::given_up_at.is_null())
            .count()
            .get_result(&mut conn)
            .await?)
    }

    /// The reply address of the mail `outbox_id` (the same on each retry
    /// of it), bound to the player, the seat and the game at `version`, with
    /// the moves the mail lists. Returns its reference, which the address signs.
    #[tracing::instrument(skip(self, listed))]
    pub async fn reply_address(
        &self,
        outbox_id: i64,
        user: Uuid,
        game: Uuid,
        seat: i16,
        version: i64,
        listed: &serde_json::Value,
    ) -> Result<i64, ApiError> {
        let mut conn = self.connection().await?;
        Ok(diesel::insert_into(mail_replies::table)
            .values((
                mail_replies::outbox_id.eq(outbox_id),
                mail_replies::user_id.eq(user),
                mail_replies::game_id.eq(game),
                mail_replies::seat.eq(seat),
                mail_replies::version.eq(version),
                mail_replies::listed.eq(listed),
            ))
            .on_conflict(mail_replies::outbox_id)
            .do_update()
            .set(mail_replies::outbox_id.eq(outbox_id))
            .returning(mail_replies::id)
            .get_result(&mut conn)
            .await?)
    }

    /// The reply address with reference `id`, if there is one.
    #[tracing::instrument(skip(self))]
    pub async fn reply_address_row(&self, id: i64) -> Result<Option<ReplyAddress>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(mail_replies::table
            .find(id)
            .select((
                mail_replies::id,
                mail_replies::user_id,
                mail_replies::game_id,
                mail_replies::seat,
                mail_replies::version,
                mail_replies::listed,
                mail_replies::used_at,
            ))
            .first(&mut conn)
            .await
            .optional()?)
    }

    /// The player's address if he confirmed it.
    pub async fn confirmed_address(&self, user: Uuid) -> Result<Option<String>, ApiError> {
        Ok(self
            .email_address_row(user)
            .await?
            .and_then(|(address, confirmed_at, _)| confirmed_at.map(|_| address)))
    }

    /// Writes the answer to a reply that played nothing.
    #[tracing::instrument(skip(self))]
    pub async fn answer_reply(&self, user: Uuid, answer: &ReplyAnswer) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::insert_into(mail_outbox::table)
            .values((
                mail_outbox::user_id.eq(user),
                mail_outbox::kind.eq(REPLY),
                mail_outbox::game_id.eq(answer.game_id),
                mail_outbox::payload.eq(serde_json::to_value(answer).map_err(ApiError::internal)?),
            ))
            .execute(&mut conn)
            .await?;
        Ok(())
    }

    pub async fn mail_delivered(&self, id: i64, at: DateTime<Utc>) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::update(mail_outbox::table.find(id))
            .set(mail_outbox::delivered_at.eq(at))
            .execute(&mut conn)
            .await?;
        Ok(())
    }

    /// Records a mail not sent: tried again at `next`, or given up (with why).
    pub async fn mail_failed(
        &self,
        id: i64,
        error: &str,
        next: DateTime<Utc>,
        given_up: Option<DateTime<Utc>>,
    ) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::update(mail_outbox::table.find(id))
            .set((
                mail_outbox::last_error.eq(error),
                mail_outbox::next_attempt_at.eq(next),
                mail_outbox::given_up_at.eq(given_up),
            ))
            .execute(&mut conn)
            .await?;
        Ok(())
    }
}
