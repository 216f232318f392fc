//! Appending to a game's log: the command row with its stored answer, the
//! hash-chained events, the projections and the outbox, all in one
//! transaction; then, once it has committed, the change notice
//! ([`crate::notify`]).

use std::sync::Arc;

use chrono::{SubsecRound, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

use owlpost_domain::registry::DynRuleset;
use owlpost_domain::rng::Seed;
use owlpost_domain::ruleset::Seat;

use super::game::LoadedGame;
use super::log::{EventKind, StoredEvent};
use super::schema::{commands, games};
use super::snapshots::{self, NewSnapshot};
use super::{Store, archive, cache, chain, log};
use crate::error::ApiError;
use crate::model::GameStatus;
use crate::notify::GameChanged;

/// An event about to be appended.
#[derive(Debug, Clone)]
pub struct NewEvent {
    pub kind: EventKind,
    pub payload: Value,
}

/// Builds, from the game after an append, the command's actor and the events
/// appended, the answer sent to the caller as JSON text (serialised once,
/// straight from its typed form); it is stored with the command only when the
/// command has an `Idempotency-Key`, so that a retry gets it again.
pub type Answer = fn(&LoadedGame, Uuid, &[StoredEvent]) -> String;

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
    /// The game folded to its new version (as the cache keeps it).
    pub game: Arc<LoadedGame>,
    pub events: Vec<StoredEvent>,
    /// The answer to the command, JSON text (built once: what the caller is
    /// sent, and what is stored for a retry when it has an idempotency key).
    pub answer: Option<String>,
}

/// The games row written with a game's first events.
struct NewGameRow {
    seat_count: u8,
    creator: Uuid,
    /// Whether the game counts for ratings once it ends.
    rated: bool,
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
    #[allow(clippy::too_many_arguments)]
    #[tracing::instrument(skip(self, ruleset, seed, first_events))]
    pub async fn create_game(
        &self,
        id: Uuid,
        ruleset: &'static dyn DynRuleset,
        seat_count: u8,
        creator: Uuid,
        rated: bool,
        seed: Seed,
        first_events: Vec<NewEvent>,
    ) -> Result<LoadedGame, ApiError> {
        let game = LoadedGame::new(id, ruleset, seed);
        let row = NewGameRow {
            seat_count,
            creator,
            rated,
        };
        let prepared = prepare(&game, first_events, None, no_answer).map_err(|e| match e {
            AppendError::Other(e) => e,
            AppendError::Conflict | AppendError::AlreadyDone => {
                ApiError::internal(anyhow::anyhow!("a new game's first events do not fold"))
            }
        })?;
        let mut prepared = prepared;
        let mut conn = self.connection().await?;
        let written = conn
            .transaction::<_, DieselError, _>(async |conn| {
                write(conn, &game, &prepared, Some(row)).await
            })
            .await;
        match written {
            Ok(outbox) => {
                prepared.change.outbox = outbox;
                Ok(Arc::unwrap_or_clone(self.finish(prepared).game))
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

    /// Decides on the latest fold of the game and appends what `decide`
    /// decided. `decide` returns `None` when there is nothing to append.
    ///
    /// When this process holds a fold of the game, it first decides on that
    /// and appends in one call without waiting for the lock (one round trip):
    /// if the fold was not the latest, the games row has moved on and nothing
    /// is written; if the log does not hold it at all (a failover lost events
    /// the fold remembers), it is forgotten; if another writer holds the game's
    /// lock, the append is refused as a lost race (it takes the lock without
    /// waiting, see `write`), so a writer that lost once is never overtaken
    /// again. Whatever else happens (another writer came first, a refusal,
    /// nothing to do, no fold held, or the log does not end as the fold kept
    /// says) it loads the game and decides
    /// on it while holding the game's lock, then appends, all in one
    /// transaction: writers of one game take turns instead of racing, so a
    /// decision is never made on a fold another writer is about to outdate,
    /// and a refusal is always the latest fold's.
    pub async fn decide_and_append(
        &self,
        game_id: Uuid,
        answer: Answer,
        decide: impl FnMut(&LoadedGame) -> Result<Decided, ApiError> + Send,
    ) -> Result<Option<Appended>, AppendError> {
        self.decide_and_append_also(game_id, answer, None, decide)
            .await
    }

    /// [`Store::decide_and_append`], writing `reply` in the append's own
    /// transaction: the reply to a turn mail that the move comes from is
    /// marked used and its answer mail written, or, when it was used
    /// already, nothing at all is written (`reply_already_used`).
    #[tracing::instrument(skip(self, answer, reply, decide))]
    pub async fn decide_and_append_also(
        &self,
        game_id: Uuid,
        answer: Answer,
        reply: Option<&super::mail::ReplyPlayed>,
        mut decide: impl FnMut(&LoadedGame) -> Result<Decided, ApiError> + Send,
    ) -> Result<Option<Appended>, AppendError> {
        let mut cached = self.cached(game_id);
        let mut conn = self
            .pool
            .get()
            .await
            .map_err(|e| AppendError::Other(e.into()))?;
        // The append in one call is a transaction of its own: what a reply
        // adds to it needs the locked transaction below.
        if reply.is_none()
            && let Some(game) = cached.as_deref()
            && let Ok(Some((new, command))) = decide(game)
        {
            if takes_back_beyond(game, &new) {
                // The fold (from a snapshot) remembers too little to take back: fold from the start.
                self.forget(game_id, game.version);
                cached = None;
            } else {
                let mut prepared = prepare(game, new, command, answer)?;
                match write(&mut conn, game, &prepared, None).await {
                    Ok(outbox) => {
                        prepared.change.outbox = outbox;
                        return Ok(Some(self.finish(prepared)));
                    }
                    // The fold is not the log's: load the game from the database.
                    Err(error) if fold_is_not_the_logs(&error) => {
                        self.forget(game_id, game.version);
                        cached = None;
                    }
                    Err(error) => match AppendError::from(error) {
                        // Another writer came first: decide again on the latest fold.
                        AppendError::Conflict => {}
                        error => return Err(error),
                    },
                }
            }
        }
        let prepared = conn
            .transaction::<_, AppendError, _>(async move |conn| {
                // Released at commit or rollback, whatever happens to this request.
                lock_game(conn, game_id).await?;
                let mut game = match cached {
                    Some(game) => Arc::unwrap_or_clone(game),
                    None => cache::blank(conn, game_id)
                        .await
                        .map_err(AppendError::Other)?,
                };
                let read =
                    log::read_events(conn, game_id, cache::read_from(&game), i64::MAX, i64::MAX)
                        .await?;
                let Some(newer) = cache::continuation(&game, read)
                    .filter(|newer| !game.cannot_take_back_in(newer))
                else {
                    // Decided again on the game loaded from the database.
                    self.forget(game_id, game.version);
                    return Err(AppendError::Conflict);
                };
                for event in newer {
                    game.fold_stored(&event).map_err(AppendError::Other)?;
                }
                let Some((new, command)) = decide(&game).map_err(AppendError::Other)? else {
                    return Ok(None);
                };
                if takes_back_beyond(&game, &new) {
                    // Decided again on a fold from the first event.
                    self.forget(game_id, game.version);
                    return Err(AppendError::Conflict);
                }
                let mut prepared = prepare(&game, new, command, answer)?;
                prepared.change.outbox = write(conn, &game, &prepared, None).await?;
                if let Some(reply) = reply {
                    if !super::mail::consume_reply(conn, reply, prepared.next.version).await? {
                        return Err(AppendError::Other(ApiError::ReplyRefused {
                            code: "reply_already_used",
                            message: "this reply was used already: a reply plays one move once"
                                .into(),
                        }));
                    }
                    prepared.change.outbox = true;
                }
                Ok(Some(prepared))
            })
            .await?;
        Ok(prepared.map(|prepared| self.finish(prepared)))
    }

    /// Tells waiters of a committed append and keeps its fold (and its
    /// snapshot, when the append reached a snapshot point).
    fn finish(&self, prepared: Prepared) -> Appended {
        self.changes.committed(&prepared.change);
        crate::metrics::METRICS.appends.inc();
        crate::metrics::METRICS
            .events_appended
            .inc_by(prepared.stored.len() as u64);
        let game = Arc::new(prepared.next);
        self.remember(game.clone());
        if snapshots::due(self.snapshot_every, prepared.before_version, game.version) {
            let game = game.clone();
            snapshots::write_later(&self.pool, &self.snapshot_writes, move || {
                NewSnapshot::of(&game).into_iter().collect()
            });
        }
        if !prepared.checkpoints.is_empty() {
            let mut checkpoints = self.checkpoints.lock().expect("checkpoints lock");
            for game in &prepared.checkpoints {
                checkpoints.keep(game);
            }
        }
        Appended {
            game,
            events: prepared.stored,
            answer: prepared.command_row.map(|(_, answer)| answer),
        }
    }
}

/// Whether the append was refused because the log does not hold the fold
/// it was decided on (migration `append_continues_the_log`): the fold
/// remembers events a failover lost. Forgotten, the game is loaded again.
fn fold_is_not_the_logs(error: &DieselError) -> bool {
    matches!(
        error,
        DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, info)
            if info.constraint_name() == Some("games_fold_is_the_logs")
    )
}

/// The advisory lock of one game: the first 8 bytes of its id.
fn lock_key(game_id: Uuid) -> i64 {
    let bytes = game_id.as_bytes();
    i64::from_be_bytes([
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
    ])
}

fn no_answer(_: &LoadedGame, _: Uuid, _: &[StoredEvent]) -> String {
    "null".to_owned()
}

/// An append worked out before it is written: the fold after it, its
/// events, its command row with the answer, and what to tell whom.
struct Prepared {
    /// The game as it was before the append.
    before_version: i64,
    next: LoadedGame,
    stored: Vec<StoredEvent>,
    command_row: Option<(NewCommand, String)>,
    /// Seats taken, given up or taken by someone else: (seat, holder before, holder after).
    seat_changes: Vec<(i16, Option<Uuid>, Option<Uuid>)>,
    awaiting: Value,
    notifications: Vec<(Uuid, crate::model::Notification)>,
    change: GameChanged,
    now: chrono::DateTime<Utc>,
    /// The folds at checkpoints the append passed.
    checkpoints: Vec<LoadedGame>,
}

/// Whether `new` takes back events from before what `game`'s fold remembers.
fn takes_back_beyond(game: &LoadedGame, new: &[NewEvent]) -> bool {
    new.iter().any(|event| {
        event.kind == EventKind::Platform
            && matches!(
                owlpost_domain::table::PlatformEvent::deserialize(&event.payload),
                Ok(owlpost_domain::table::PlatformEvent::TakenBack { from_seq, .. })
                    if !game.undo.reaches(from_seq)
            )
    })
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
    let mut checkpoints = Vec::new();
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
        if next.version % cache::CHECKPOINT_EVERY == 0 {
            checkpoints.push(next.clone());
        }
        stored.push(stored_event);
    }
    let command_row = command.map(|command| {
        let response = answer(&next, command.actor, &stored);
        (command, response)
    });
    let seat_changes = (0..next.seats.len())
        .filter_map(|i| {
            // A gone player's offered seat is nobody's: his lists drop the game.
            let before = game.player_playing(Seat(i as u8));
            let after = next.player_playing(Seat(i as u8));
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
    let notifications = super::webhooks::notifications_for(game, &next, &stored);
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
        checkpoints,
    })
}

// One SQL parameter per column the append writes: the function is as wide
// as the append.
#[allow(clippy::too_many_arguments)]
mod sql {
    use diesel::sql_types::{
        Array, BigInt, Bytea, Jsonb, Nullable, SmallInt, Text, Timestamptz, Uuid,
    };

    diesel::define_sql_function! {
        /// Takes the game's lock until the transaction ends.
        fn pg_advisory_xact_lock(key: BigInt) -> Text;
    }

    diesel::define_sql_function! {
        /// Takes the game's lock until the transaction ends if nobody else
        /// holds it (true), without waiting; false when another writer does.
        fn pg_try_advisory_xact_lock(key: BigInt) -> Bool;
    }

    diesel::define_sql_function! {
        /// The append of migration `append_continues_the_log`: returns the outbox rows written.
        fn owlpost_append(
            game: Uuid,
            after_hash: Bytea,
            command: Nullable<Text>,
            recorded_at: Timestamptz,
            seqs: Array<BigInt>,
            kinds: Array<Text>,
            payloads: Array<Jsonb>,
            hashes: Array<Bytea>,
            seats: Array<SmallInt>,
            holders: Array<Nullable<Uuid>>,
            status: Text,
            version: BigInt,
            awaiting: Jsonb,
            deadline: Nullable<Timestamptz>,
            told: Array<Uuid>,
            notifications: Array<Jsonb>,
        ) -> diesel::sql_types::Integer;
    }
}

/// Values written as JSON text, whatever their type.
mod erased_json {
    pub trait Json {
        fn text(&self) -> serde_json::Result<String>;
    }

    impl<T: serde::Serialize> Json for T {
        fn text(&self) -> serde_json::Result<String> {
            serde_json::to_string(self)
        }
    }
}

/// Takes the game's lock until the transaction ends (a prepared statement).
async fn lock_game(conn: &mut AsyncPgConnection, game_id: Uuid) -> Result<(), DieselError> {
    diesel::select(sql::pg_advisory_xact_lock(lock_key(game_id)))
        .execute(conn)
        .await?;
    Ok(())
}

/// Writes a prepared append on `conn` (see [`write_log`]); an append that
/// ends the game also writes how it ended and moves the ratings
/// ([`archive::record_end`]), in the same transaction (a savepoint when the
/// caller holds one open). Returns whether outbox rows were written.
async fn write(
    conn: &mut AsyncPgConnection,
    game: &LoadedGame,
    prepared: &Prepared,
    create: Option<NewGameRow>,
) -> Result<bool, DieselError> {
    let ends = game.status != GameStatus::Finished && prepared.next.status == GameStatus::Finished;
    if !ends {
        return write_log(conn, game, prepared, create).await;
    }
    conn.transaction::<_, DieselError, _>(async |conn| {
        let written = write_log(conn, game, prepared, create).await?;
        archive::record_end(conn, &prepared.next, prepared.now).await?;
        Ok(written)
    })
    .await
}

/// Writes a prepared append on `conn`: the games row for a new game, then in
/// one call (one round trip, a prepared statement) the command row, the
/// events, the seats, the projections and the outbox.
/// Alone it is a transaction of its own; the caller may hold one open.
/// Returns whether outbox rows were written.
async fn write_log(
    conn: &mut AsyncPgConnection,
    game: &LoadedGame,
    prepared: &Prepared,
    create: Option<NewGameRow>,
) -> Result<bool, DieselError> {
    let game_id = game.id;
    if let Some(row) = create {
        diesel::insert_into(games::table)
            .values((
                games::id.eq(game_id),
                games::ruleset.eq(game.ruleset.id()),
                games::seat_count.eq(i16::from(row.seat_count)),
                games::created_by.eq(row.creator),
                games::seed.eq(game.seed.to_vec()),
                games::rated.eq(row.rated),
            ))
            .execute(conn)
            .await?;
    }
    // The command as JSON text: the answer goes in as it was serialised for the caller.
    let json = |value: &dyn erased_json::Json| {
        value
            .text()
            .map_err(|e| DieselError::SerializationError(Box::new(e)))
    };
    let command = match &prepared.command_row {
        Some((command, response)) => Some(format!(
            r#"{{"id":"{}","actor":"{}","idempotency_key":{},"body":{},"first_seq":{},"last_seq":{},"response":{}}}"#,
            command.id,
            command.actor,
            json(&command.idempotency_key)?,
            json(&command.body)?,
            prepared.before_version + 1,
            prepared
                .stored
                .last()
                .map_or(prepared.before_version, |e| e.seq),
            // Only a retry with the same Idempotency-Key asks for the answer again.
            match command.idempotency_key {
                Some(_) => response.as_str(),
                None => "null",
            },
        )),
        None => None,
    };
    let events = &prepared.stored;
    let seats: Vec<i16> = prepared.seat_changes.iter().map(|c| c.0).collect();
    let holders: Vec<Option<Uuid>> = prepared.seat_changes.iter().map(|c| c.2).collect();
    let mut told = Vec::with_capacity(prepared.notifications.len());
    let mut notifications = Vec::with_capacity(prepared.notifications.len());
    for (user, notification) in &prepared.notifications {
        told.push(*user);
        notifications.push(
            serde_json::to_value(notification)
                .map_err(|e| DieselError::SerializationError(Box::new(e)))?,
        );
    }
    // The append takes the game's lock for its own transaction, without
    // waiting (a writer already holding it takes it again at once: advisory
    // locks are per session). When another writer holds it (one that lost a
    // race and decides again, see `Store::decide_and_append`), nothing is
    // written and the append is refused as if its seq were taken, so that
    // writer is never overtaken by appends that do not wait: a long batch
    // beside a busy game's single commands was refused for contention.
    // CASE evaluates the append only when the lock was taken.
    let written: Option<i32> = diesel::select(diesel::dsl::case_when(
        sql::pg_try_advisory_xact_lock(lock_key(game_id)),
        sql::owlpost_append(
            game_id,
            game.last_hash.to_vec(),
            command,
            prepared.now,
            events.iter().map(|e| e.seq).collect::<Vec<_>>(),
            events.iter().map(|e| e.kind.as_str()).collect::<Vec<_>>(),
            events.iter().map(|e| &e.payload).collect::<Vec<_>>(),
            events.iter().map(|e| e.hash.to_vec()).collect::<Vec<_>>(),
            seats,
            holders,
            prepared.next.status.as_str(),
            prepared.next.version,
            &prepared.awaiting,
            prepared.next.deadline,
            told,
            notifications,
        ),
    ))
    .get_result(conn)
    .await?;
    match written {
        Some(written) => Ok(written > 0),
        None => Err(DieselError::DatabaseError(
            DatabaseErrorKind::UniqueViolation,
            Box::new(format!("another writer holds the lock of game {game_id}")),
        )),
    }
}
