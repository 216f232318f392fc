//! Webhooks and their outbox: an append writes the notifications it owes
//! ([`notifications_for`]) in its own transaction; the deliverer, which sits
//! above the store, claims and posts them.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Integer, Jsonb, Text, Timestamptz};
use diesel_async::{AsyncConnection, RunQueryDsl};
use uuid::Uuid;

use owlpost_domain::Seat;
use owlpost_domain::table::PlatformEvent;

use super::schema::{outbox, users, webhooks};
use super::{LoadedGame, Store};
use crate::error::ApiError;
use crate::model::{GameStatus, Notification, NotificationKind, Webhook};

/// Webhooks one player may register.
pub const MAX_PER_USER: i64 = 5;

/// One claimed notification, with where it goes.
pub struct Due {
    pub id: i64,
    pub url: String,
    pub secret: String,
    pub payload: serde_json::Value,
    pub attempts: i32,
}

/// Who must be told of the step from `before` to `after`, and what: the
/// players it newly awaits, and everyone seated when it ends. A player the
/// game awaited before and awaits still is not told again: either he made
/// the move and holds its answer, or his earlier notification still stands.
pub fn notifications_for(
    before: &LoadedGame,
    after: &LoadedGame,
    appended: &[super::StoredEvent],
) -> Vec<(Uuid, Notification)> {
    let mut owed = turn_notifications(before, after);
    owed.extend(message_notifications(after, appended));
    owed
}

/// The readers of the messages in `appended`: each player the table shows
/// a new message to (to everyone, or to him alone) but its writer and the
/// players who mute him, told once per append.
fn message_notifications(
    after: &LoadedGame,
    appended: &[super::StoredEvent],
) -> Vec<(Uuid, Notification)> {
    let mut readers: Vec<Seat> = Vec::new();
    for stored in appended {
        if stored.kind != super::EventKind::Platform {
            continue;
        }
        let Ok(event) = serde_json::from_value::<PlatformEvent>(stored.payload.clone()) else {
            continue;
        };
        let PlatformEvent::MessageWritten { from, .. } = event else {
            continue;
        };
        readers.extend(
            (0..after.seats.len())
                .map(|i| Seat(i as u8))
                .filter(|&seat| seat != from && after.table.shows(&event, Some(seat))),
        );
    }
    readers.sort();
    readers.dedup();
    told(after, readers, NotificationKind::Message)
}

/// `kind` for the players of `seats` in `after`.
fn told(after: &LoadedGame, seats: Vec<Seat>, kind: NotificationKind) -> Vec<(Uuid, Notification)> {
    seats
        .into_iter()
        .filter_map(|seat| {
            let (user, _) = after.seats.get(seat.index())?.as_ref()?;
            Some((
                *user,
                Notification {
                    kind,
                    game_id: after.id,
                    ruleset: after.ruleset.id().to_owned(),
                    version: after.version,
                    your_seat: seat,
                    deadline: after.deadline,
                },
            ))
        })
        .collect()
}

/// The players the step newly awaits, or everyone seated when it ends.
fn turn_notifications(before: &LoadedGame, after: &LoadedGame) -> Vec<(Uuid, Notification)> {
    let kind = if before.status != GameStatus::Finished && after.status == GameStatus::Finished {
        NotificationKind::GameOver
    } else {
        NotificationKind::YourMove
    };
    let waited = before.awaiting_seats();
    let seats: Vec<Seat> = match kind {
        NotificationKind::YourMove => after
            .awaiting_seats()
            .into_iter()
            .filter(|s| !waited.contains(s))
            .collect(),
        _ => (0..after.seats.len()).map(|i| Seat(i as u8)).collect(),
    };
    told(after, seats, kind)
}

#[derive(QueryableByName)]
struct ClaimedRow {
    #[diesel(sql_type = BigInt)]
    id: i64,
    #[diesel(sql_type = Text)]
    url: String,
    #[diesel(sql_type = Text)]
    secret: String,
    #[diesel(sql_type = Jsonb)]
    payload: serde_json::Value,
    #[diesel(sql_type = Integer)]
    attempts: i32,
}

impl Store {
    /// Registers a webhook, at most [`MAX_PER_USER`] per player.
    #[tracing::instrument(skip(self, secret))]
    pub async fn create_webhook(
        &self,
        user: Uuid,
        url: &str,
        secret: &str,
    ) -> Result<(Uuid, DateTime<Utc>), ApiError> {
        let id = Uuid::new_v4();
        let now = Utc::now();
        let (url, secret) = (url.to_owned(), secret.to_owned());
        let mut conn = self.connection().await?;
        let created = conn
            .transaction::<_, diesel::result::Error, _>(async move |conn| {
                // One registration at a time per player, so the limit holds.
                users::table
                    .find(user)
                    .select(users::id)
                    .for_update()
                    .first::<Uuid>(conn)
                    .await?;
                let count: i64 = webhooks::table
                    .filter(webhooks::user_id.eq(user))
                    .count()
                    .get_result(conn)
                    .await?;
                if count >= MAX_PER_USER {
                    return Ok(false);
                }
                diesel::insert_into(webhooks::table)
                    .values((
                        webhooks::id.eq(id),
                        webhooks::user_id.eq(user),
                        webhooks::url.eq(url),
                        webhooks::secret.eq(secret),
                        webhooks::created_at.eq(now),
                    ))
                    .execute(conn)
                    .await?;
                Ok(true)
            })
            .await?;
        if !created {
            return Err(ApiError::Conflict {
                code: "too_many_webhooks",
                message: format!(
                    "a player may register at most {MAX_PER_USER} webhooks; delete one first"
                ),
            });
        }
        Ok((id, now))
    }

    /// The player's webhooks, oldest first, with delivery counts.
    #[tracing::instrument(skip(self))]
    pub async fn webhooks_of(&self, user: Uuid) -> Result<Vec<Webhook>, ApiError> {
        #[derive(QueryableByName)]
        struct Row {
            #[diesel(sql_type = diesel::sql_types::Uuid)]
            id: Uuid,
            #[diesel(sql_type = Text)]
            url: String,
            #[diesel(sql_type = Timestamptz)]
            created_at: DateTime<Utc>,
            #[diesel(sql_type = BigInt)]
            delivered: i64,
            #[diesel(sql_type = BigInt)]
            pending: i64,
            #[diesel(sql_type = BigInt)]
            given_up: i64,
            #[diesel(sql_type = diesel::sql_types::Nullable<Text>)]
            last_error: Option<String>,
        }
        let mut conn = self.connection().await?;
        let rows: Vec<Row> = diesel::sql_query(
            "SELECT w.id, w.url, w.created_at, \
               count(o.delivered_at) AS delivered, \
               count(*) FILTER (WHERE o.id IS NOT NULL AND o.delivered_at IS NULL \
                                  AND o.given_up_at IS NULL) AS pending, \
               count(o.given_up_at) AS given_up, \
               (SELECT last_error FROM outbox WHERE webhook_id = w.id \
                  AND last_error IS NOT NULL ORDER BY id DESC LIMIT 1) AS last_error \
             FROM webhooks w LEFT JOIN outbox o ON o.webhook_id = w.id \
             WHERE w.user_id = $1 GROUP BY w.id ORDER BY w.created_at, w.id",
        )
        .bind::<diesel::sql_types::Uuid, _>(user)
        .load(&mut conn)
        .await?;
        Ok(rows
            .into_iter()
            .map(|r| Webhook {
                id: r.id,
                url: r.url,
                created_at: r.created_at,
                delivered: r.delivered,
                pending: r.pending,
                given_up: r.given_up,
                last_error: r.last_error,
            })
            .collect())
    }

    /// Deletes one of the player's webhooks (with its undelivered
    /// notifications); `false` when he has no such webhook.
    #[tracing::instrument(skip(self))]
    pub async fn delete_webhook(&self, user: Uuid, id: Uuid) -> Result<bool, ApiError> {
        let mut conn = self.connection().await?;
        let deleted = diesel::delete(
            webhooks::table
                .filter(webhooks::id.eq(id))
                .filter(webhooks::user_id.eq(user)),
        )
        .execute(&mut conn)
        .await?;
        Ok(deleted == 1)
    }

    /// Takes up to `limit` notifications due at `now` for delivery, leaving
    /// them to this deliverer until `claimed_until`.
    #[tracing::instrument(skip(self))]
    pub async fn claim_notifications(
        &self,
        now: DateTime<Utc>,
        claimed_until: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<Due>, ApiError> {
        let mut conn = self.connection().await?;
        let rows: Vec<ClaimedRow> = diesel::sql_query(
            "UPDATE outbox o SET attempts = o.attempts + 1, next_attempt_at = $2 \
             FROM webhooks w \
             WHERE w.id = o.webhook_id AND o.id IN ( \
               SELECT id FROM outbox \
               WHERE delivered_at IS NULL AND given_up_at IS NULL AND next_attempt_at <= $1 \
               ORDER BY id LIMIT $3 FOR UPDATE SKIP LOCKED) \
             RETURNING o.id, w.url, w.secret, o.payload, o.attempts",
        )
        .bind::<Timestamptz, _>(now)
        .bind::<Timestamptz, _>(claimed_until)
        .bind::<BigInt, _>(limit)
        .load(&mut conn)
        .await?;
        let mut due: Vec<Due> = rows
            .into_iter()
            .map(|r| Due {
                id: r.id,
                url: r.url,
                secret: r.secret,
                payload: r.payload,
                attempts: r.attempts,
            })
            .collect();
        // Oldest first, as they were written.
        due.sort_by_key(|d| d.id);
        Ok(due)
    }

    /// Notifications not yet delivered nor given up: the outbox's depth.
    pub async fn outbox_depth(&self) -> Result<i64, ApiError> {
        let mut conn = self.connection().await?;
        Ok(outbox::table
            .filter(outbox::delivered_at.is_null())
            .filter(outbox::given_up_at.is_null())
            .count()
            .get_result(&mut conn)
            .await?)
    }

    pub async fn notification_delivered(&self, id: i64, at: DateTime<Utc>) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::update(outbox::table.find(id))
            .set(outbox::delivered_at.eq(at))
            .execute(&mut conn)
            .await?;
        Ok(())
    }

    /// Records a failed delivery: tried again at `next`, or given up.
    pub async fn notification_failed(
        &self,
        id: i64,
        error: &str,
        next: DateTime<Utc>,
        given_up: Option<DateTime<Utc>>,
    ) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::update(outbox::table.find(id))
            .set((
                outbox::last_error.eq(error),
                outbox::next_attempt_at.eq(next),
                outbox::given_up_at.eq(given_up),
            ))
            .execute(&mut conn)
            .await?;
        Ok(())
    }
}
