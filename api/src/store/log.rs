//! Reading a game's log: its events and the commands that produced them.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use super::Store;
use super::schema::{commands, events};
use crate::error::ApiError;

/// Whether an event belongs to the platform (seats, start, end) or to the rules.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum EventKind {
    Platform,
    Rules,
}

impl EventKind {
    pub fn as_str(self) -> &'static str {
        match self {
            EventKind::Platform => "platform",
            EventKind::Rules => "rules",
        }
    }
}

/// One event of a game's log.
#[derive(Debug, Clone)]
pub struct StoredEvent {
    pub seq: i64,
    pub kind: EventKind,
    pub payload: Value,
    pub recorded_at: DateTime<Utc>,
    pub hash: [u8; 32],
}

/// A command as it was stored: who asked, what, and the events it produced.
#[derive(Debug, Clone)]
pub struct StoredCommand {
    pub actor: Uuid,
    /// `{"commands": [...]}`: one command, or a batch applied in order.
    pub body: Value,
    pub first_seq: i64,
    /// `first_seq - 1` when the command produced no event.
    pub last_seq: i64,
}

#[derive(Queryable)]
struct EventRow {
    seq: i64,
    kind: String,
    payload: Value,
    recorded_at: DateTime<Utc>,
    hash: Vec<u8>,
}

impl From<EventRow> for StoredEvent {
    fn from(row: EventRow) -> Self {
        let mut hash = [0u8; 32];
        if row.hash.len() == 32 {
            hash.copy_from_slice(&row.hash);
        }
        StoredEvent {
            seq: row.seq,
            kind: if row.kind == "platform" {
                EventKind::Platform
            } else {
                EventKind::Rules
            },
            payload: row.payload,
            recorded_at: row.recorded_at,
            hash,
        }
    }
}

impl Store {
    /// Events with `after < seq <= up_to`, at most `limit`.
    #[tracing::instrument(skip(self))]
    pub async fn events(
        &self,
        game_id: Uuid,
        after: i64,
        up_to: i64,
        limit: i64,
    ) -> Result<Vec<StoredEvent>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(read_events(&mut conn, game_id, after, up_to, limit).await?)
    }

    /// Every command of a game, in the order of the events they produced.
    #[tracing::instrument(skip(self))]
    pub async fn commands(&self, game_id: Uuid) -> Result<Vec<StoredCommand>, ApiError> {
        let mut conn = self.connection().await?;
        // A command that produced nothing shares its `first_seq` with the next
        // one; ordering by `last_seq` too puts it first, where it was decided.
        let rows: Vec<(Uuid, Value, i64, i64)> = commands::table
            .filter(commands::game_id.eq(game_id))
            .order((
                commands::first_seq.asc(),
                commands::last_seq.asc(),
                commands::created_at.asc(),
            ))
            .select((
                commands::actor,
                commands::body,
                commands::first_seq,
                commands::last_seq,
            ))
            .load(&mut conn)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(actor, body, first_seq, last_seq)| StoredCommand {
                actor,
                body,
                first_seq,
                last_seq,
            })
            .collect())
    }
}

/// Events with `after < seq <= up_to`, at most `limit`, read on `conn`.
pub(super) async fn read_events(
    conn: &mut AsyncPgConnection,
    game_id: Uuid,
    after: i64,
    up_to: i64,
    limit: i64,
) -> Result<Vec<StoredEvent>, diesel::result::Error> {
    let rows: Vec<EventRow> = events::table
        .filter(events::game_id.eq(game_id))
        .filter(events::seq.gt(after))
        .filter(events::seq.le(up_to))
        .order(events::seq.asc())
        .limit(limit)
        .select((
            events::seq,
            events::kind,
            events::payload,
            events::recorded_at,
            events::hash,
        ))
        .load(conn)
        .await?;
    Ok(rows.into_iter().map(StoredEvent::from).collect())
}
