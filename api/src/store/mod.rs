//! The event store: users, games, seats, commands and the hash-chained event log.
//!
//! A game is loaded by folding its events (the cache keeps the last fold, so a
//! load reads only the events appended since). Appending is one transaction:
//! the command row, the events and the projections. A primary-key conflict on
//! `(game_id, seq)` means another writer appended first.

pub mod chain;
pub mod schema;
pub mod webhooks;

use std::collections::HashMap;
use std::sync::Mutex;

use chrono::{DateTime, SubsecRound, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::{AsyncConnection, RunQueryDsl};
use serde_json::Value;
use uuid::Uuid;

use owlpost_domain::registry::{self, DynGame, DynRuleset};
use owlpost_domain::rng::Seed;
use owlpost_domain::ruleset::{Outcome, Seat, Viewer};

use crate::db::DbPool;
use crate::error::ApiError;
use crate::model::{EventBody, FeedEvent, GameStatus, PlatformEvent, TimeControl};
use crate::notify::{CHANNEL, Changes, GameChanged};
use schema::{commands, events, games, seats, users};

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

impl StoredEvent {
    /// The event as `viewer` may see it.
    pub fn redacted_for(&self, rules: &dyn DynGame, viewer: Viewer) -> FeedEvent {
        let body = match self.kind {
            EventKind::Platform => serde_json::from_value(self.payload.clone())
                .map(EventBody::Platform)
                .unwrap_or(EventBody::Hidden),
            EventKind::Rules => rules
                .redact(&self.payload, viewer)
                .map_or(EventBody::Hidden, |event| {
                    EventBody::Rules(crate::openapi::RulesEvent(event))
                }),
        };
        FeedEvent {
            seq: self.seq,
            recorded_at: self.recorded_at,
            hash: hex::encode(self.hash),
            body,
        }
    }
}

/// A game folded from its events up to `version`.
pub struct LoadedGame {
    pub id: Uuid,
    pub ruleset: &'static dyn DynRuleset,
    pub seed: Seed,
    pub seed_sha256: String,
    pub options: Value,
    pub created_by: Uuid,
    pub version: i64,
    pub last_hash: [u8; 32],
    /// Who sits in each seat, with their names.
    pub seats: Vec<Option<(Uuid, String)>>,
    pub status: GameStatus,
    pub outcome: Option<Outcome>,
    pub rules: Box<dyn DynGame>,
    pub time_control: Option<TimeControl>,
    /// When the awaited seats time out: a full period after the game last
    /// started waiting for a seat it was not waiting for before.
    pub deadline: Option<DateTime<Utc>>,
}

impl Clone for LoadedGame {
    fn clone(&self) -> Self {
        LoadedGame {
            id: self.id,
            ruleset: self.ruleset,
            seed: self.seed,
            seed_sha256: self.seed_sha256.clone(),
            options: self.options.clone(),
            created_by: self.created_by,
            version: self.version,
            last_hash: self.last_hash,
            seats: self.seats.clone(),
            status: self.status,
            outcome: self.outcome.clone(),
            rules: self.rules.clone_game(),
            time_control: self.time_control,
            deadline: self.deadline,
        }
    }
}

impl std::fmt::Debug for LoadedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedGame")
            .field("id", &self.id)
            .field("ruleset", &self.ruleset.id())
            .field("version", &self.version)
            .field("status", &self.status)
            .finish_non_exhaustive()
    }
}

impl LoadedGame {
    fn empty(id: Uuid, ruleset: &'static dyn DynRuleset, seed: Seed, seat_count: usize) -> Self {
        LoadedGame {
            id,
            ruleset,
            seed,
            seed_sha256: String::new(),
            options: Value::Null,
            created_by: Uuid::nil(),
            version: 0,
            last_hash: chain::GENESIS,
            seats: vec![None; seat_count],
            status: GameStatus::Open,
            outcome: None,
            rules: ruleset.new_game(),
            time_control: None,
            deadline: None,
        }
    }

    /// Folds one event into the game.
    pub fn apply(&mut self, kind: EventKind, payload: &Value) -> Result<(), ApiError> {
        match kind {
            EventKind::Rules => self.rules.apply(payload).map_err(ApiError::internal)?,
            EventKind::Platform => {
                let event: PlatformEvent =
                    serde_json::from_value(payload.clone()).map_err(ApiError::internal)?;
                match event {
                    PlatformEvent::GameCreated {
                        options,
                        created_by,
                        seed_sha256,
                        seats,
                        time_control,
                        ..
                    } => {
                        self.time_control = time_control;
                        self.options = options;
                        self.created_by = created_by;
                        self.seed_sha256 = seed_sha256;
                        self.seats = vec![None; usize::from(seats)];
                    }
                    PlatformEvent::PlayerJoined {
                        seat,
                        user_id,
                        username,
                    } => {
                        if let Some(slot) = self.seats.get_mut(seat.index()) {
                            *slot = Some((user_id, username));
                        }
                    }
                    PlatformEvent::GameStarted => self.status = GameStatus::Active,
                    PlatformEvent::GameEnded { outcome, .. } => {
                        self.status = GameStatus::Finished;
                        self.outcome = Some(outcome);
                    }
                }
            }
        }
        Ok(())
    }

    fn fold_stored(&mut self, event: &StoredEvent) -> Result<(), ApiError> {
        let awaited_before = match self.time_control {
            Some(_) => self.awaiting_seats(),
            None => Vec::new(),
        };
        self.apply(event.kind, &event.payload)?;
        if let Some(time_control) = self.time_control {
            let awaited = self.awaiting_seats();
            let someone_new = awaited.iter().any(|s| !awaited_before.contains(s));
            self.deadline = if awaited.is_empty() {
                None
            } else if someone_new || self.deadline.is_none() {
                Some(
                    event.recorded_at
                        + chrono::Duration::seconds(i64::from(time_control.move_seconds)),
                )
            } else {
                self.deadline
            };
        }
        self.version = event.seq;
        self.last_hash = event.hash;
        Ok(())
    }

    /// The seat `user` plays in this game.
    pub fn seat_of(&self, user: Uuid) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.as_ref().is_some_and(|(id, _)| *id == user))
            .map(|i| Seat(i as u8))
    }

    /// What `user` may see: his own seat's secrets while the game runs,
    /// everything once it is over (the record is then public to its players).
    pub fn viewer_for(&self, user: Option<Uuid>) -> Viewer {
        match user.and_then(|u| self.seat_of(u)) {
            Some(_) if self.status == GameStatus::Finished => Viewer::Referee,
            Some(seat) => Viewer::Player(seat),
            None => Viewer::Spectator,
        }
    }

    /// The seats the game waits for.
    pub fn awaiting_seats(&self) -> Vec<Seat> {
        if self.status != GameStatus::Active {
            return vec![];
        }
        let mut seats: Vec<Seat> = self.rules.awaiting().iter().map(|a| a.seat).collect();
        seats.dedup();
        seats
    }
}

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

/// A row of `GET /v1/me/games`.
pub struct MyGameRow {
    pub id: Uuid,
    pub ruleset: String,
    pub status: String,
    pub version: i64,
    pub awaiting: Value,
    pub updated_at: DateTime<Utc>,
    pub seat: i16,
    pub deadline: Option<DateTime<Utc>>,
}

/// How many folded games the cache keeps before it starts over.
const CACHE_LIMIT: usize = 4096;

pub struct Store {
    pool: DbPool,
    cache: Mutex<HashMap<Uuid, LoadedGame>>,
    changes: Changes,
}

impl Store {
    /// A store whose waiters hear of this process's appends only.
    pub fn new(pool: DbPool) -> Self {
        Store::with_changes(pool, Changes::local())
    }

    /// A store whose waiters hear of every append `changes` hears of.
    pub fn with_changes(pool: DbPool, changes: Changes) -> Self {
        Store {
            pool,
            cache: Mutex::new(HashMap::new()),
            changes,
        }
    }

    /// News of appends, for long-polls.
    pub fn changes(&self) -> &Changes {
        &self.changes
    }

    async fn connection(
        &self,
    ) -> Result<
        diesel_async::pooled_connection::deadpool::Object<diesel_async::AsyncPgConnection>,
        ApiError,
    > {
        Ok(self.pool.get().await?)
    }

    /// Whether the database answers (readiness).
    pub async fn ping(&self) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::sql_query("SELECT 1").execute(&mut conn).await?;
        Ok(())
    }

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
        // Names are unique whatever their case (migration 2026-11-24-000004).
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
        let game = LoadedGame::empty(id, ruleset, seed, usize::from(seat_count));
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
            .load(&mut conn)
            .await?;
        Ok(rows.into_iter().map(StoredEvent::from).collect())
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

    async fn game_row(&self, game_id: Uuid) -> Result<(String, Vec<u8>, i16), ApiError> {
        let mut conn = self.connection().await?;
        games::table
            .find(game_id)
            .select((games::ruleset, games::seed, games::seat_count))
            .first(&mut conn)
            .await
            .optional()?
            .ok_or_else(|| ApiError::NotFound(format!("there is no game {game_id}")))
    }

    /// The game folded to its latest event.
    #[tracing::instrument(skip(self))]
    pub async fn load(&self, game_id: Uuid) -> Result<LoadedGame, ApiError> {
        let cached = self
            .cache
            .lock()
            .expect("cache lock")
            .get(&game_id)
            .cloned();
        let mut game = match cached {
            Some(game) => game,
            None => self.blank(game_id).await?,
        };
        let newer = self
            .events(game_id, game.version, i64::MAX, i64::MAX)
            .await?;
        for event in &newer {
            game.fold_stored(event)?;
        }
        self.remember(&game);
        Ok(game)
    }

    /// The game folded up to and including event `seq`.
    #[tracing::instrument(skip(self))]
    pub async fn load_at(&self, game_id: Uuid, seq: i64) -> Result<LoadedGame, ApiError> {
        let mut game = self.blank(game_id).await?;
        for event in self.events(game_id, 0, seq, i64::MAX).await? {
            game.fold_stored(&event)?;
        }
        Ok(game)
    }

    async fn blank(&self, game_id: Uuid) -> Result<LoadedGame, ApiError> {
        let (ruleset_id, seed_bytes, seat_count) = self.game_row(game_id).await?;
        let ruleset = registry::find(&ruleset_id).ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!(
                "unknown ruleset {ruleset_id} in the database"
            ))
        })?;
        let seed: Seed = seed_bytes
            .try_into()
            .map_err(|_| ApiError::internal(anyhow::anyhow!("a stored seed is not 32 bytes")))?;
        Ok(LoadedGame::empty(
            game_id,
            ruleset,
            seed,
            seat_count.max(0) as usize,
        ))
    }

    fn remember(&self, game: &LoadedGame) {
        let mut cache = self.cache.lock().expect("cache lock");
        if cache.len() >= CACHE_LIMIT && !cache.contains_key(&game.id) {
            cache.clear();
        }
        let newer = cache
            .get(&game.id)
            .is_some_and(|c| c.version > game.version);
        if !newer {
            cache.insert(game.id, game.clone());
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
        let new_seats: Vec<(i16, Uuid)> = next
            .seats
            .iter()
            .enumerate()
            .filter_map(|(i, s)| s.as_ref().map(|(id, _)| (i as i16, *id)))
            .filter(|(i, _)| game.seats.get(*i as usize).is_some_and(Option::is_none))
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
            for (seat, user) in new_seats {
                diesel::insert_into(seats::table)
                    .values((
                        seats::game_id.eq(game_id),
                        seats::seat.eq(seat),
                        seats::user_id.eq(user),
                    ))
                    .execute(conn)
                    .await?;
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

    /// The caller's games with their projections.
    #[tracing::instrument(skip(self))]
    pub async fn my_games(&self, user: Uuid) -> Result<Vec<MyGameRow>, ApiError> {
        let mut conn = self.connection().await?;
        /// id, ruleset, status, version, awaiting, updated_at, seat, deadline_at.
        type Columns = (
            Uuid,
            String,
            String,
            i64,
            Value,
            DateTime<Utc>,
            i16,
            Option<DateTime<Utc>>,
        );
        let rows: Vec<Columns> = seats::table
            .inner_join(games::table)
            .filter(seats::user_id.eq(user))
            .select((
                games::id,
                games::ruleset,
                games::status,
                games::version,
                games::awaiting,
                games::updated_at,
                seats::seat,
                games::deadline_at,
            ))
            .load(&mut conn)
            .await?;
        Ok(rows
            .into_iter()
            .map(
                |(id, ruleset, status, version, awaiting, updated_at, seat, deadline)| MyGameRow {
                    id,
                    ruleset,
                    status,
                    version,
                    awaiting,
                    updated_at,
                    seat,
                    deadline,
                },
            )
            .collect())
    }

    /// Active games whose deadline is at or before `now`, oldest first.
    #[tracing::instrument(skip(self))]
    pub async fn overdue_games(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<Uuid>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(games::table
            .filter(games::status.eq("active"))
            .filter(games::deadline_at.le(now))
            .order(games::deadline_at.asc())
            .limit(limit)
            .select(games::id)
            .load(&mut conn)
            .await?)
    }
}
