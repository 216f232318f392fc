//! Appending to a game's log: the command row with its stored answer, the
//! hash-chained events, the projections, the outbox and the change notice,
//! all in one transaction.

use chrono::{SubsecRound, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use owlpost_domain::registry::DynRuleset;
use owlpost_domain::rng::Seed;
use owlpost_domain::ruleset::Seat;

use super::game::LoadedGame;
use super::log::{EventKind, StoredEvent};
use super::schema::{commands, events, games, seats};
use super::{Store, cache, chain, log, webhooks};
use crate::error::ApiError;
use crate::notify::{CHANNEL, Changes, GameChanged};

/// An event about to be appended.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub kind: EventKind,
    pub payload: Value,
}

/// Builds, from the game after an append, the command's actor and the events
/// appended, the answer sent to the caller; it is stored with the command only
/// when the command has an `Idempotency-Key`, so that a retry gets it again.
pub type Answer = fn(&LoadedGame, Uuid, &[StoredEvent]) -> Value;

/// What a decision on the latest fold asks to append: the events, and the
/// command row to store with them (with its answer).
pub type Decided = Option<(Vec<NewEvent>, Option<NewCommand>)>;

/// What was asked, stored with the events it produced.
#[derive(Debug, Clone)]
pub struct NewCommand {
    pub id: Uuid,
    pub actor: Uuid,
    pub idempotency_key: Option<String>,
    pub body: Value,
}

/// What an append wrote.
pub struct Appended {
    /// The game folded to its new version.
    pub game: LoadedGame,
    pub events: Vec<StoredEvent>,
    /// The answer stored with the command (built once, also what the caller is sent).
    pub answer: Option<Value>,
}

/// The games row written with a game's first events.
struct NewGameRow {
    seat_count: u8,
    creator: Uuid,
}

/// Why an append did not happen.
#[derive(Debug)]
pub enum AppendError {
    /// Another writer appended first (or took the seat first).
    Conflict,
    /// The same idempotency key was used before by the same user on this game.
    AlreadyDone,
    Other(ApiError),
}

impl From<DieselError> for AppendError {
    fn from(error: DieselError) -> Self {
        match &error {
            DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info) => {
                match info.constraint_name() {
                    Some("commands_idempotency") => AppendError::AlreadyDone,
                    _ => AppendError::Conflict,
                }
            }
            _ => AppendError::Other(error.into()),
        }
    }
}

impl Store {
    /// Creates a game row and appends its first events.
    #[tracing::instrument(skip(self, ruleset, seed, first_events))]
    pub async fn create_game(
        &self,
        id: Uuid,
        ruleset: &'static dyn DynRuleset,
        seat_count: u8,
        creator: Uuid,
        seed: Seed,
        first_events: Vec<NewEvent>,
    ) -> Result<LoadedGame, ApiError> {
        let game = LoadedGame::new(id, ruleset, seed);
        let row = NewGameRow {
            seat_count,
            creator,
        };
        let prepared = prepare(&game, first_events, None, no_answer).map_err(|e| match e {
            AppendError::Other(e) => e,
            AppendError::Conflict | AppendError::AlreadyDone => {
                ApiError::internal(anyhow::anyhow!("a new game's first events do not fold"))
            }
        })?;
        let mut prepared = prepared;
        let mut conn = self.connection().await?;
        let changes = &self.changes;
        let written = conn
            .transaction::<_, DieselError, _>(async |conn| {
                write(conn, &game, &prepared, Some(row), changes).await
            })
            .await;
        match written {
            Ok(outbox) => {
                prepared.change.outbox = outbox;
                Ok(self.finish(prepared).game)
            }
            Err(e) => Err(ApiError::internal(e)),
        }
    }

    /// What was asked and answered the first time this idempotency key was used: (body, response).
    #[tracing::instrument(skip(self))]
    pub async fn earlier_answer(
        &self,
        game_id: Uuid,
        actor: Uuid,
        key: &str,
    ) -> Result<Option<(Value, Value)>, ApiError> {
        let mut conn = self.connection().await?;
        let found: Option<(Value, Option<Value>)> = commands::table
            .filter(commands::game_id.eq(game_id))
            .filter(commands::actor.eq(actor))
            .filter(commands::idempotency_key.eq(key))
            .select((commands::body, commands::response))
            .first(&mut conn)
            .await
            .optional()?;
        // A command with a key always has its answer stored.
        Ok(found.and_then(|(body, answer)| Some((body, answer?))))
    }

    /// Loads the game and decides on it while holding the game's lock, then
    /// appends what `decide` decided, all in one transaction: writers of one
    /// game take turns instead of racing, so a decision is never made on a
    /// fold another writer is about to outdate. `decide` returns `None` when
    /// there is nothing to append.
    #[tracing::instrument(skip(self, answer, decide))]
    pub async fn decide_and_append(
        &self,
        game_id: Uuid,
        answer: Answer,
        decide: impl FnOnce(&LoadedGame) -> Result<Decided, ApiError> + Send,
    ) -> Result<Option<Appended>, AppendError> {
        let cached = self.cached(game_id);
        let mut conn = self
            .pool
            .get()
            .await
            .map_err(|e| AppendError::Other(e.into()))?;
        let changes = &self.changes;
        let prepared = conn
            .transaction::<_, AppendError, _>(async move |conn| {
                // Released at commit or rollback, whatever happens to this request.
                diesel::sql_query("SELECT pg_advisory_xact_lock($1)")
                    .bind::<diesel::sql_types::BigInt, _>(lock_key(game_id))
                    .execute(conn)
                    .await?;
                let mut game = match cached {
                    Some(game) => game,
                    None => cache::blank(conn, game_id)
                        .await
                        .map_err(AppendError::Other)?,
                };
                for event in
                    log::read_events(conn, game_id, game.version, i64::MAX, i64::MAX).await?
                {
                    game.fold_stored(&event).map_err(AppendError::Other)?;
                }
                let Some((new, command)) = decide(&game).map_err(AppendError::Other)? else {
                    return Ok(None);
                };
                let mut prepared = prepare(&game, new, command, answer)?;
                prepared.change.outbox = write(conn, &game, &prepared, None, changes).await?;
                Ok(Some(prepared))
            })
            .await?;
        Ok(prepared.map(|prepared| self.finish(prepared)))
    }

    /// Tells waiters of a committed append and keeps its fold.
    fn finish(&self, prepared: Prepared) -> Appended {
        self.changes.publish(&prepared.change);
        self.remember(&prepared.next);
        Appended {
            game: prepared.next,
            events: prepared.stored,
            answer: prepared.command_row.map(|(_, answer)| answer),
        }
    }
}

/// The advisory lock of one game: the first 8 bytes of its id.
fn lock_key(game_id: Uuid) -> i64 {
    let bytes = game_id.as_bytes();
    i64::from_be_bytes([
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
    ])
}

fn no_answer(_: &LoadedGame, _: Uuid, _: &[StoredEvent]) -> Value {
    Value::Null
}

/// An append worked out before it is written: the fold after it, its
/// events, its command row with the answer, and what to tell whom.
struct Prepared {
    /// The game as it was before the append.
    before_version: i64,
    next: LoadedGame,
    stored: Vec<StoredEvent>,
    command_row: Option<(NewCommand, Value)>,
    /// Seats taken, given up or taken by someone else: (seat, holder before, holder after).
    seat_changes: Vec<(i16, Option<Uuid>, Option<Uuid>)>,
    awaiting: Value,
    notifications: Vec<(Uuid, crate::webhooks::Notification)>,
    change: GameChanged,
    now: chrono::DateTime<Utc>,
}

/// Chains and folds `new` after `game` (the latest fold) and builds the answer.
fn prepare(
    game: &LoadedGame,
    new: Vec<NewEvent>,
    command: Option<NewCommand>,
    answer: Answer,
) -> Result<Prepared, AppendError> {
    let mut next = game.clone();
    // The database keeps microseconds; so does the fold, so a reload agrees with it.
    let now = Utc::now().trunc_subsecs(6);
    let mut stored = Vec::with_capacity(new.len());
    let mut previous = game.last_hash;
    for (offset, event) in new.into_iter().enumerate() {
        let seq = game.version + 1 + offset as i64;
        let hash = chain::link(&previous, seq, event.kind.as_str(), &event.payload);
        previous = hash;
        let stored_event = StoredEvent {
            seq,
            kind: event.kind,
            payload: event.payload,
            recorded_at: now,
            hash,
        };
        next.fold_stored(&stored_event)
            .map_err(AppendError::Other)?;
        stored.push(stored_event);
    }
    let command_row = command.map(|command| {
        let response = answer(&next, command.actor, &stored);
        (command, response)
    });
    let seat_changes = (0..next.seats.len())
        .filter_map(|i| {
            let before = game.player_at(Seat(i as u8));
            let after = next.player_at(Seat(i as u8));
            (before != after).then_some((i as i16, before, after))
        })
        .collect();
    let awaiting = serde_json::to_value(next.awaiting_seats())
        .map_err(|e| AppendError::Other(ApiError::internal(e)))?;
    let mut players: Vec<Uuid> = game
        .seats
        .iter()
        .chain(next.seats.iter())
        .filter_map(|s| s.as_ref().map(|(id, _)| *id))
        .collect();
    players.sort();
    players.dedup();
    let change = GameChanged {
        game: game.id,
        version: next.version,
        players,
        // Set once the outbox rows are written.
        outbox: false,
    };
    let notifications = crate::webhooks::notifications_for(game, &next);
    Ok(Prepared {
        before_version: game.version,
        next,
        stored,
        command_row,
        seat_changes,
        awaiting,
        notifications,
        change,
        now,
    })
}

/// Writes a prepared append on `conn`, inside the caller's transaction: the
/// games row for a new game, the command row, the events, the projections,
/// the outbox and the change notice. Returns whether outbox rows were written.
async fn write(
    conn: &mut AsyncPgConnection,
    game: &LoadedGame,
    prepared: &Prepared,
    create: Option<NewGameRow>,
    changes: &Changes,
) -> Result<bool, DieselError> {
    let game_id = game.id;
    let now = prepared.now;
    let first_seq = prepared.before_version + 1;
    let last_seq = prepared
        .stored
        .last()
        .map_or(prepared.before_version, |e| e.seq);
    let command_row = prepared.command_row.as_ref();
    let events_for_insert = &prepared.stored;
    let seat_changes = prepared.seat_changes.clone();
    let awaiting = &prepared.awaiting;
    let status = prepared.next.status.as_str();
    let deadline = prepared.next.deadline;
    let version = prepared.next.version;
    let ruleset_id = game.ruleset.id();
    let seed = game.seed.to_vec();
    let notifications = &prepared.notifications;
    let change = &prepared.change;
    if let Some(row) = create {
        diesel::insert_into(games::table)
            .values((
                games::id.eq(game_id),
                games::ruleset.eq(ruleset_id),
                games::seat_count.eq(i16::from(row.seat_count)),
                games::created_by.eq(row.creator),
                games::seed.eq(seed),
            ))
            .execute(conn)
            .await?;
    }
    let command_id = match command_row {
        Some((command, response)) => {
            // Only a retry with the same Idempotency-Key asks for the answer again.
            let response = command.idempotency_key.as_ref().map(|_| response);
            diesel::insert_into(commands::table)
                .values((
                    commands::id.eq(command.id),
                    commands::game_id.eq(game_id),
                    commands::actor.eq(command.actor),
                    commands::idempotency_key.eq(command.idempotency_key.as_deref()),
                    commands::body.eq(&command.body),
                    commands::first_seq.eq(first_seq),
                    commands::last_seq.eq(last_seq),
                    commands::response.eq(response),
                ))
                .execute(conn)
                .await?;
            Some(command.id)
        }
        None => None,
    };
    let rows: Vec<_> = events_for_insert
        .iter()
        .map(|e| {
            (
                events::game_id.eq(game_id),
                events::seq.eq(e.seq),
                events::kind.eq(e.kind.as_str()),
                events::payload.eq(e.payload.clone()),
                events::command_id.eq(command_id),
                events::recorded_at.eq(e.recorded_at),
                events::hash.eq(e.hash.to_vec()),
            )
        })
        .collect();
    if !rows.is_empty() {
        diesel::insert_into(events::table)
            .values(rows)
            .execute(conn)
            .await?;
    }
    for (seat, before, after) in seat_changes {
        if before.is_some() {
            diesel::delete(
                seats::table
                    .filter(seats::game_id.eq(game_id))
                    .filter(seats::seat.eq(seat)),
            )
            .execute(conn)
            .await?;
        }
        if let Some(user) = after {
            diesel::insert_into(seats::table)
                .values((
                    seats::game_id.eq(game_id),
                    seats::seat.eq(seat),
                    seats::user_id.eq(user),
                ))
                .execute(conn)
                .await?;
        }
    }
    diesel::update(games::table.find(game_id))
        .set((
            games::status.eq(status),
            games::version.eq(version),
            games::awaiting.eq(awaiting),
            games::updated_at.eq(now),
            games::deadline_at.eq(deadline),
        ))
        .execute(conn)
        .await?;
    let outbox = !notifications.is_empty()
        && webhooks::write_outbox(conn, game_id, notifications).await? > 0;
    let change = GameChanged {
        outbox,
        ..change.clone()
    };
    // Delivered to other server processes on commit only.
    diesel::sql_query("SELECT pg_notify($1, $2)")
        .bind::<diesel::sql_types::Text, _>(CHANNEL)
        .bind::<diesel::sql_types::Text, _>(changes.payload(&change))
        .execute(conn)
        .await?;
    Ok(outbox)
}
