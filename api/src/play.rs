//! Playing a game, whoever asks: a player through the API or the deadline
//! sweeper acting for him. The one decide–append–retry loop, and what a user
//! may see of a game and of its events.

use chrono::{DateTime, Utc};
use uuid::Uuid;

use owlpost_domain::ruleset::{Seat, Viewer};
use owlpost_domain::table::{self, BatchRefusal, GameCommand, GameEvent, PlatformEvent, Position};
use serde::Deserialize;

use crate::error::ApiError;
use crate::model::RulesEvent;
use crate::model::{
    ActionResult, EventBody, FeedEvent, Game, GamePause, GameRevision, GameStatus, LegalListing,
    NextUp, SeatInfo,
};
use crate::store::mail::ReplyPlayed;
use crate::store::{
    Answer, AppendError, Appended, EventKind, LoadedGame, NewCommand, NewEvent, Store, StoredEvent,
};

/// How often a command is decided again after losing a race to a writer that
/// did not take the game's lock.
pub const APPEND_ATTEMPTS: usize = 8;

/// What to decide on the latest fold of a game.
pub struct Plan {
    /// The user the commands come from (the seat's player, for a timeout move).
    pub actor: Uuid,
    pub commands: Vec<GameCommand>,
    /// The command row stored with the events, whose answer a retry with the
    /// same `Idempotency-Key` gets again. Table commands store none.
    pub record: Option<NewCommand>,
}

/// How a decide–append round ended.
pub enum Played {
    Appended(Box<Appended>),
    /// The command row's idempotency key was used before: its first answer stands.
    AlreadyAnswered,
    /// The plan found nothing to do.
    Nothing,
}

/// Asks `plan` what to decide on the latest fold of the game, decides it and
/// appends the events (see [`Store::decide_and_append`]: on the fold held in
/// one call, else holding the game's lock from the load to the commit so
/// writers of one game take turns). With `expected_version`, a game at any
/// other version is refused with 409. A command row's answer is
/// [`action_result`].
///
/// # Errors
/// The refusal of the table or of the rules, a version conflict, or
/// `too_much_contention` when every attempt lost its race.
pub async fn decide_and_append(
    store: &Store,
    game_id: Uuid,
    expected_version: Option<i64>,
    plan: impl FnMut(&LoadedGame) -> Result<Option<Plan>, ApiError> + Send,
) -> Result<Played, ApiError> {
    decide_and_append_answering(store, game_id, expected_version, action_result, plan).await
}

/// [`decide_and_append`], the command row answered by `answer`.
///
/// # Errors
/// As [`decide_and_append`].
pub async fn decide_and_append_answering(
    store: &Store,
    game_id: Uuid,
    expected_version: Option<i64>,
    answer: Answer,
    plan: impl FnMut(&LoadedGame) -> Result<Option<Plan>, ApiError> + Send,
) -> Result<Played, ApiError> {
    decide_and_append_replying(store, game_id, expected_version, answer, None, plan).await
}

/// [`decide_and_append_answering`] for a move played by a reply to a turn
/// mail: the reply is marked used and answered in the move's transaction
/// (see [`Store::decide_and_append_also`]).
///
/// # Errors
/// As [`decide_and_append`], and `reply_already_used`.
pub async fn decide_and_append_replying(
    store: &Store,
    game_id: Uuid,
    expected_version: Option<i64>,
    answer: Answer,
    reply: Option<&ReplyPlayed>,
    mut plan: impl FnMut(&LoadedGame) -> Result<Option<Plan>, ApiError> + Send,
) -> Result<Played, ApiError> {
    // Writers that hold the lock never conflict; a process that appends
    // without it (an older server during a rolling deploy) still may.
    for _ in 0..APPEND_ATTEMPTS {
        let decided = store
            .decide_and_append_also(game_id, answer, reply, |game| {
                if let Some(expected) = expected_version
                    && expected != game.version
                {
                    return Err(ApiError::VersionConflict {
                        current: game.version,
                    });
                }
                let Some(plan) = plan(game)? else {
                    return Ok(None);
                };
                let events = decide(game, plan.actor, &plan.commands)?;
                Ok(Some((events, plan.record)))
            })
            .await;
        match decided {
            Ok(Some(appended)) => return Ok(Played::Appended(Box::new(appended))),
            Ok(None) => return Ok(Played::Nothing),
            Err(AppendError::Conflict) if expected_version.is_some() => {
                let current = store.load(game_id).await?.version;
                return Err(ApiError::VersionConflict { current });
            }
            Err(AppendError::Conflict) => {
                crate::metrics::METRICS.contention_retries.inc();
                continue;
            }
            Err(AppendError::AlreadyDone) => return Ok(Played::AlreadyAnswered),
            Err(AppendError::Other(e)) => return Err(e),
        }
    }
    Err(ApiError::Conflict {
        code: "too_much_contention",
        message: "the game changed too often while we tried; try again".into(),
    })
}

/// The revision `game` is played under, the newest, and who agreed to move to it.
fn revision_of(game: &LoadedGame) -> GameRevision {
    let newest = owlpost_domain::kit::revisions::newest(game.ruleset.revisions());
    GameRevision {
        number: game.table.revision,
        newest,
        agreed_to_newest: game.table.agreed_to_revision(newest).collect(),
    }
}

/// Decides `commands` by `actor` on `game` through the table's batch decider.
///
/// # Errors
/// The first refusal; nothing is decided then.
pub fn decide(
    game: &LoadedGame,
    actor: Uuid,
    commands: &[GameCommand],
) -> Result<Vec<NewEvent>, ApiError> {
    let position = Position {
        table: &game.table,
        rules: game.rules.as_ref(),
        seed: &game.seed,
        version: game.version as u64,
    };
    let events = table::decide_batch(position, actor, commands)?;
    events.into_iter().map(new_event).collect()
}

fn new_event(event: GameEvent) -> Result<NewEvent, ApiError> {
    Ok(match event {
        GameEvent::Platform(event) => NewEvent {
            kind: EventKind::Platform,
            payload: serde_json::to_value(event).map_err(ApiError::internal)?,
        },
        GameEvent::Rules(payload) => NewEvent {
            kind: EventKind::Rules,
            payload,
        },
    })
}

impl From<BatchRefusal> for ApiError {
    fn from(refusal: BatchRefusal) -> Self {
        match refusal {
            BatchRefusal::Table(refusal) => ApiError::Table(refusal),
            BatchRefusal::Rules(refusal) => refusal.into(),
            BatchRefusal::Setup(error) => error.into(),
            BatchRefusal::Undecodable(error) => ApiError::internal(error),
        }
    }
}

/// The game as `user` may see it, his legal commands told compactly.
pub fn game_for(game: &LoadedGame, user: Option<Uuid>) -> Game {
    game_listing(game, user, LegalListing::Compact)
}

/// The game as `user` may see it, his legal commands listed as `listing` says.
pub fn game_listing(game: &LoadedGame, user: Option<Uuid>, listing: LegalListing) -> Game {
    let viewer = game.viewer_for(user);
    let your_seat = user.and_then(|u| game.seat_played_by(u));
    let (awaiting, awaiting_you) = game.awaiting_for(user);
    let (legal_command_choices, legal_commands, legal_commands_complete) =
        match (your_seat, game.status) {
            (Some(seat), GameStatus::Active) if game.table.paused.is_none() => {
                let (choices, commands) = game.rules.legal_choices(seat);
                match listing {
                    LegalListing::Compact => (choices, commands, None),
                    LegalListing::Full => {
                        let (commands, complete) = game.rules.full_legal_listing(seat);
                        (choices, commands, Some(complete))
                    }
                }
            }
            _ => (
                vec![],
                vec![],
                (listing == LegalListing::Full).then_some(true),
            ),
        };
    Game {
        id: game.id,
        ruleset: game.ruleset.id().to_owned(),
        options: game.options.clone(),
        status: game.status,
        version: game.version,
        seats: game
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| SeatInfo {
                seat: owlpost_domain::Seat(i as u8),
                user_id: s.as_ref().map(|(id, _)| *id),
                username: s.as_ref().map(|(_, name)| name.clone()),
                computer: game.table.computer_at(owlpost_domain::Seat(i as u8)),
                on_vacation_until: game.table.on_vacation_until(owlpost_domain::Seat(i as u8)),
                open_for_substitute: game.table.offered.contains(&owlpost_domain::Seat(i as u8)),
                replaced: game
                    .table
                    .replaced
                    .iter()
                    .filter(|(seat, _)| seat.index() == i)
                    .map(|(_, name)| name.clone())
                    .collect(),
            })
            .collect(),
        your_seat,
        awaiting,
        awaiting_you,
        view: has_started(game.status).then(|| game.rules.view(viewer)),
        legal_commands,
        legal_commands_complete,
        legal_command_choices,
        outcome: game.outcome.clone(),
        seed_sha256: game.seed_sha256.clone(),
        seed: (game.status == GameStatus::Finished).then(|| hex::encode(game.seed)),
        time_control: game.time_control,
        deadline: game.deadline,
        rules_revision: revision_of(game),
        spectators: !game.spectators_refused,
        pause: GamePause {
            paused: game.table.paused.is_some(),
            agreed: game.table.pause_agreed.clone(),
        },
        takeback: game
            .table
            .takeback
            .as_ref()
            .map(|pending| crate::model::GameTakeback {
                asked_by: pending.seat,
                agreed: pending.agreed.clone(),
            }),
    }
}

/// The whole seconds left of the awaited players' time at `now`, when the
/// game has a deadline: what a pause keeps for them.
pub fn remaining_seconds(game: &LoadedGame, now: DateTime<Utc>) -> Option<u32> {
    if let Some(held) = game.table.clock_held {
        return Some(held);
    }
    let left = (game.deadline? - now).num_seconds().max(0);
    Some(u32::try_from(left).unwrap_or(u32::MAX))
}

/// Whether the ruleset has set the game up, so that it has a view to show.
pub fn has_started(status: GameStatus) -> bool {
    match status {
        GameStatus::Active | GameStatus::Finished => true,
        GameStatus::Open | GameStatus::Cancelled => false,
    }
}

/// What an event the caller may not see at all is told as.
pub const UNSEEN: &str = "Something happened out of your sight.";

/// The event as `viewer`, the player of `reader` (`None`: not a player),
/// may see it, told in words. `game` is the game at or after the event: its
/// table says who may read table talk (see [`table::Table::shows`]).
pub fn feed_event(
    game: &LoadedGame,
    event: &StoredEvent,
    viewer: Viewer,
    reader: Option<Seat>,
) -> FeedEvent {
    let body = match event.kind {
        EventKind::Platform => PlatformEvent::deserialize(&event.payload)
            .ok()
            .filter(|event| game.table.shows(event, reader))
            .map_or(EventBody::Hidden, EventBody::Platform),
        EventKind::Rules => game
            .rules
            .redact(&event.payload, viewer)
            .map_or(EventBody::Hidden, |event| {
                EventBody::Rules(RulesEvent(event))
            }),
    };
    let names = game.table.seat_names();
    let text = match &body {
        EventBody::Platform(event) => event.narrate(&names),
        EventBody::Rules(RulesEvent(event)) => game.rules.narrate(event, &names),
        EventBody::Hidden => UNSEEN.to_owned(),
    };
    FeedEvent {
        seq: event.seq,
        recorded_at: event.recorded_at,
        hash: hex::encode(event.hash),
        body,
        text,
    }
}

/// The events as `user` may see them.
pub fn feed(game: &LoadedGame, user: Uuid, events: &[StoredEvent]) -> Vec<FeedEvent> {
    let viewer = game.viewer_for(Some(user));
    let reader = game.seat_of(user);
    events
        .iter()
        .map(|e| feed_event(game, e, viewer, reader))
        .collect()
}

/// What `user` is answered after his command appended `stored`, as JSON
/// text (serialised once, from its typed form): the version, his events and
/// what happens next.
pub fn action_result(after: &LoadedGame, user: Uuid, stored: &[StoredEvent]) -> String {
    answer(after, user, stored, None)
}

/// The answer to a command that appends whenever it is not refused (table
/// talk, take-backs): its events as `actor` sees them.
pub fn appended_answer(played: Played, actor: Uuid) -> Result<String, ApiError> {
    let Played::Appended(appended) = played else {
        return Err(ApiError::internal(anyhow::anyhow!(
            "a command that always appends appended nothing"
        )));
    };
    Ok(action_result(&appended.game, actor, &appended.events))
}

/// Plays one table command of `actor` that appends whenever it is not
/// refused, and answers its events as he sees them.
pub async fn play_table_command(
    store: &Store,
    game_id: Uuid,
    actor: Uuid,
    command: table::TableCommand,
) -> Result<String, ApiError> {
    let played = decide_and_append(store, game_id, None, |_| {
        Ok(Some(Plan {
            actor,
            commands: vec![GameCommand::Table(command.clone())],
            record: None,
        }))
    })
    .await?;
    appended_answer(played, actor)
}

/// [`action_result`] with the whole game as `user` now sees it (`?include=game`).
pub fn action_result_with_game(after: &LoadedGame, user: Uuid, stored: &[StoredEvent]) -> String {
    answer(after, user, stored, Some(LegalListing::Compact))
}

/// [`action_result_with_game`], every legal command listed
/// (`?include=game&legal=full`).
pub fn action_result_with_full_game(
    after: &LoadedGame,
    user: Uuid,
    stored: &[StoredEvent],
) -> String {
    answer(after, user, stored, Some(LegalListing::Full))
}

fn answer(
    after: &LoadedGame,
    user: Uuid,
    stored: &[StoredEvent],
    with_game: Option<LegalListing>,
) -> String {
    let (awaiting, awaiting_you) = after.awaiting_for(Some(user));
    serde_json::to_string(&ActionResult {
        ruleset: after.ruleset.id().to_owned(),
        version: after.version,
        events: feed(after, user, stored),
        next: NextUp {
            status: after.status,
            awaiting_you,
            awaiting,
            deadline: after.deadline,
            outcome: after.outcome.clone(),
        },
        game: with_game.map(|listing| game_listing(after, Some(user), listing)),
    })
    .expect("action results serialize")
}

/// Asks, for `actor`, to take back his last action: the range the log says
/// it is (its command's events, nothing but table talk since, his rules
/// allowing it), decided by the table on the latest fold.
///
/// # Errors
/// `nothing_to_take_back`, `takeback_after_other_player`, the rules'
/// refusal (`takeback_after_hidden_information`, `takeback_after_die_roll`,
/// `takeback_not_offered`), `takeback_stale` when the log moved while it was
/// read, and the table's refusals.
pub async fn ask_takeback(store: &Store, game_id: Uuid, actor: Uuid) -> Result<Played, ApiError> {
    let last_command = store
        .commands(game_id)
        .await?
        .into_iter()
        .filter(|c| c.last_seq >= c.first_seq)
        .max_by_key(|c| c.last_seq)
        .map(|c| (c.actor, c.first_seq as u64, c.last_seq as u64));
    let events = match last_command {
        Some((_, first, _)) => {
            store
                .events(game_id, first as i64 - 1, i64::MAX, i64::MAX)
                .await?
        }
        None => Vec::new(),
    };
    let read_to = events.last().map(|e| e.seq);
    decide_and_append(store, game_id, None, |game| {
        let logged: Vec<table::LoggedEvent<'_>> = events
            .iter()
            .map(|e| table::LoggedEvent {
                seq: e.seq as u64,
                rules: e.kind == EventKind::Rules,
                payload: &e.payload,
            })
            .collect();
        let (from_seq, to_seq) = table::last_action(
            &game.table,
            game.rules.as_ref(),
            actor,
            last_command,
            &logged,
        )?;
        if read_to != Some(game.version) {
            return Err(owlpost_domain::table::TableRefusal::TakebackStale.into());
        }
        Ok(Some(Plan {
            actor,
            commands: vec![GameCommand::Table(table::TableCommand::AskTakeback {
                from_seq,
                to_seq,
            })],
            record: None,
        }))
    })
    .await
}
