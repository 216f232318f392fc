//! Appending to a game's log: the command row with its stored answer, the
//! hash-chained events, the projections, the outbox and the change notice,
//! all in one transaction.

use chrono::{SubsecRound, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use owlpost_domain::registry::DynRuleset;
use owlpost_domain::rng::Seed;
use owlpost_domain::ruleset::Seat;

use super::game::LoadedGame;
use super::log::{EventKind, StoredEvent};
use super::schema::{commands, events, games, seats};
use super::{Store, chain, webhooks};
use crate::error::ApiError;
use crate::notify::{CHANNEL, GameChanged};

/// An event about to be appended.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub kind: EventKind,
    pub payload: Value,
}

/// Builds, from the game after an append and the events appended, the answer
/// stored with the command so that a retried `Idempotency-Key` gets it again.
pub type Answer<'a> = &'a (dyn Fn(&LoadedGame, &[StoredEvent]) -> Value + Sync);

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
        match self
            .append_inner(&game, first_events, None, Some(row))
            .await
        {
            Ok(appended) => Ok(appended.game),
            Err(AppendError::Other(e)) => Err(e),
            Err(_) => Err(ApiError::internal(anyhow::anyhow!(
                "a new game's first append conflicted"
            ))),
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
        Ok(commands::table
            .filter(commands::game_id.eq(game_id))
            .filter(commands::actor.eq(actor))
            .filter(commands::idempotency_key.eq(key))
            .select((commands::body, commands::response))
            .first(&mut conn)
            .await
            .optional()?)
    }

    /// Appends `new` after `game` (which must be the latest fold), with the
    /// command that caused them, in one transaction. Returns the folded game
    /// and the stored events. `answer` builds the response stored for
    /// idempotent retries from them.
    #[tracing::instrument(skip_all, fields(game = %game.id, version = game.version, count = new.len()))]
    pub async fn append(
        &self,
        game: &LoadedGame,
        new: Vec<NewEvent>,
        command: Option<(NewCommand, Answer<'_>)>,
    ) -> Result<Appended, AppendError> {
        self.append_inner(game, new, command, None).await
    }

    async fn append_inner(
        &self,
        game: &LoadedGame,
        new: Vec<NewEvent>,
        command: Option<(NewCommand, Answer<'_>)>,
        create: Option<NewGameRow>,
    ) -> Result<Appended, AppendError> {
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
        let command_row = command.map(|(command, answer)| (command, answer(&next, &stored)));
        let answer = command_row.as_ref().map(|(_, response)| response.clone());
        // Seats taken, given up or taken by someone else: (seat, holder before, holder after).
        let seat_changes: Vec<(i16, Option<Uuid>, Option<Uuid>)> = (0..next.seats.len())
            .filter_map(|i| {
                let before = game.player_at(Seat(i as u8));
                let after = next.player_at(Seat(i as u8));
                (before != after).then_some((i as i16, before, after))
            })
            .collect();
        let awaiting = serde_json::to_value(next.awaiting_seats())
            .map_err(|e| AppendError::Other(ApiError::internal(e)))?;
        let status = next.status.as_str();
        let deadline = next.deadline;
        let version = next.version;
        let game_id = game.id;
        let ruleset_id = game.ruleset.id();
        let seed = game.seed.to_vec();
        let change = GameChanged {
            game: game_id,
            version,
        };
        let notifications = crate::webhooks::notifications_for(game, &next);

        let mut conn = self
            .pool
            .get()
            .await
            .map_err(|e| AppendError::Other(e.into()))?;
        let events_for_insert = &stored;
        let first_seq = stored
            .as_slice()
            .first()
            .map_or(game.version + 1, |e| e.seq);
        let last_seq = stored.as_slice().last().map_or(game.version, |e| e.seq);
        conn.transaction::<_, DieselError, _>(async move |conn| {
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
                    diesel::insert_into(commands::table)
                        .values((
                            commands::id.eq(command.id),
                            commands::game_id.eq(game_id),
                            commands::actor.eq(command.actor),
                            commands::idempotency_key.eq(command.idempotency_key),
                            commands::body.eq(command.body),
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
            if !notifications.is_empty() {
                webhooks::write_outbox(conn, game_id, &notifications).await?;
            }
            // Delivered to other server processes on commit only.
            diesel::sql_query("SELECT pg_notify($1, $2)")
                .bind::<diesel::sql_types::Text, _>(CHANNEL)
                .bind::<diesel::sql_types::Text, _>(change.payload())
                .execute(conn)
                .await?;
            Ok(())
        })
        .await?;
        self.changes.publish(change);
        self.remember(&next);
        Ok(Appended {
            game: next,
            events: stored,
            answer,
        })
    }
}
