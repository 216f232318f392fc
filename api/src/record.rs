//! A finished game's record, and the offline check that it is honest.
//!
//! The record is the whole event log with its hash chain, every command as it
//! was asked, and the revealed seed. [`verify`] needs nothing else: it checks
//! the chain, checks the seed against the commitment published in event 1, and
//! re-runs the set-up and every command through the rules, so a forged roll,
//! shuffle or outcome shows up even when the forger re-hashed the chain.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;
use uuid::Uuid;

use owlpost_domain::kit::understood::without_nulls;
use owlpost_domain::registry::{self, DynGame};
use owlpost_domain::rng::{Seed, seed_commitment};
use owlpost_domain::ruleset::{Outcome, Seat};
use owlpost_domain::table::{
    self, BatchRefusal, GameCommand, GameEvent, LoggedEvent, Position, RulesUndo, Table,
    TableCommand,
};

use crate::error::ApiError;
use crate::model::{GameStatus, PlatformEvent};
use crate::model::{RulesCommand, RulesOptions};
use crate::store::chain;
use crate::store::{EventKind, LoadedGame, StoredCommand, StoredEvent};

/// The layout of a record. A new layout gets a new tag, so an old verifier
/// refuses a record it cannot read instead of misjudging it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub enum RecordFormat {
    #[serde(rename = "owlpost-record/1")]
    V1,
}

/// Everything needed to check a finished game offline.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct GameRecord {
    pub format: RecordFormat,
    pub game_id: Uuid,
    /// The ruleset id, e.g. `firewall-duel`.
    pub ruleset: String,
    #[schema(value_type = RulesOptions)]
    pub options: Value,
    /// How many seats the game had.
    pub seats: u8,
    /// The game's secret seed (hex), revealed because the game is over.
    pub seed: String,
    pub outcome: Outcome,
    /// Every event from seq 1, unredacted but for the messages written to
    /// one player, each shown as `message_withheld` with the hash of the
    /// event as written.
    pub events: Vec<RecordedEvent>,
    /// Every command, in the order of the events it produced.
    pub commands: Vec<RecordedCommand>,
    /// The revision of the rules the game was played under when its first
    /// event names none (it was created before revisions were recorded) and
    /// its server knew which build created it; absent otherwise. A wrong value
    /// cannot make a record verify: the verifier re-runs every command under it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub assumed_revision: Option<u32>,
}

/// One event of the log, as stored.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RecordedEvent {
    pub seq: i64,
    pub kind: EventKind,
    /// A `PlatformEvent` when `kind` is `platform`, else a `RulesEvent`
    /// (the document says so with one variant per kind).
    pub payload: Value,
    /// sha256(previous hash || canonical JSON of `{seq, kind, payload}`), hex.
    pub hash: String,
    pub recorded_at: DateTime<Utc>,
}

impl utoipa::PartialSchema for RecordedEvent {
    /// `oneOf` a platform and a rules variant, told apart by `kind`, so the
    /// payload is typed: the union pass names the variants and discriminates.
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Ref, Type};
        let variant = |kind: EventKind, payload: &str| {
            ObjectBuilder::new()
                .property("seq", ObjectBuilder::new().schema_type(Type::Integer).format(Some(
                    utoipa::openapi::SchemaFormat::KnownFormat(utoipa::openapi::KnownFormat::Int64),
                )))
                .property(
                    "kind",
                    ObjectBuilder::new()
                        .schema_type(Type::String)
                        .enum_values(Some([kind.as_str()])),
                )
                .property("payload", Ref::from_schema_name(payload))
                .property(
                    "hash",
                    ObjectBuilder::new().schema_type(Type::String).description(Some(
                        "sha256(previous hash || canonical JSON of `{seq, kind, payload}`), hex.",
                    )),
                )
                .property(
                    "recorded_at",
                    ObjectBuilder::new().schema_type(Type::String).format(Some(
                        utoipa::openapi::SchemaFormat::KnownFormat(
                            utoipa::openapi::KnownFormat::DateTime,
                        ),
                    )),
                )
                .required("seq")
                .required("kind")
                .required("payload")
                .required("hash")
                .required("recorded_at")
        };
        OneOfBuilder::new()
            .description(Some("One event of the log, as stored."))
            .item(variant(EventKind::Platform, "PlatformEvent"))
            .item(variant(EventKind::Rules, "RulesEvent"))
            .into()
    }
}

impl ToSchema for RecordedEvent {
    fn schemas(
        out: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        use utoipa::PartialSchema;
        out.push(("PlatformEvent".to_owned(), PlatformEvent::schema()));
        PlatformEvent::schemas(out);
        out.push(("RulesEvent".to_owned(), crate::model::RulesEvent::schema()));
        crate::model::RulesEvent::schemas(out);
    }
}

/// One action of a player: a command, or a batch applied all or nothing.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct RecordedCommand {
    /// The first event it produced; the RNG of its first command is derived from it.
    pub first_seq: i64,
    /// The last event it produced (`first_seq - 1` if none).
    pub last_seq: i64,
    /// The user who sent it.
    pub actor: Uuid,
    /// The seat he played it from.
    pub seat: Seat,
    /// The commands, in the order they were decided.
    #[schema(value_type = Vec<RulesCommand>)]
    pub commands: Vec<Value>,
}

impl GameRecord {
    /// The record of a finished game from its fold, its whole log and its commands.
    ///
    /// # Errors
    /// `ApiError::Internal` when the stored game is not finished or a stored
    /// command cannot be attributed to a seat: both mean the database is wrong.
    pub fn of_finished_game(
        game: &LoadedGame,
        events: &[StoredEvent],
        commands: &[StoredCommand],
    ) -> Result<Self, ApiError> {
        let outcome = game.outcome.clone().ok_or_else(|| {
            ApiError::internal(anyhow::anyhow!("game {} has no outcome to export", game.id))
        })?;
        // The seat each user played from: the one he last took, which a
        // player gone from the game no longer holds at its end.
        let mut held: std::collections::HashMap<Uuid, Seat> = std::collections::HashMap::new();
        for event in events.iter().filter(|e| e.kind == EventKind::Platform) {
            if let Ok(
                PlatformEvent::PlayerJoined { seat, user_id, .. }
                | PlatformEvent::SeatHandedOver { seat, user_id, .. }
                | PlatformEvent::SubstituteSeated { seat, user_id, .. },
            ) = PlatformEvent::deserialize(&event.payload)
            {
                held.insert(user_id, seat);
            }
        }
        let commands: Vec<RecordedCommand> = commands
            .iter()
            .map(|command| {
                let seat = held.get(&command.actor).copied().ok_or_else(|| {
                    ApiError::internal(anyhow::anyhow!(
                        "the command at seq {} was sent by someone without a seat",
                        command.first_seq
                    ))
                })?;
                // A command stored by an older build, or understood by a
                // frozen revision, may hold a value left out as `null`.
                let bodies = command.body["commands"]
                    .as_array()
                    .map(|bodies| bodies.iter().cloned().map(without_nulls).collect())
                    .ok_or_else(|| {
                        ApiError::internal(anyhow::anyhow!(
                            "the command at seq {} has no `commands` list",
                            command.first_seq
                        ))
                    })?;
                Ok(RecordedCommand {
                    first_seq: command.first_seq,
                    last_seq: command.last_seq,
                    actor: command.actor,
                    seat,
                    commands: bodies,
                })
            })
            .collect::<Result<_, ApiError>>()?;
        Ok(GameRecord {
            format: RecordFormat::V1,
            game_id: game.id,
            ruleset: game.ruleset.id().to_owned(),
            options: game.options.clone(),
            seats: game.seats.len() as u8,
            seed: hex::encode(game.seed),
            outcome,
            events: events
                .iter()
                .map(|event| RecordedEvent {
                    seq: event.seq,
                    kind: event.kind,
                    payload: withheld(event).unwrap_or_else(|| event.payload.clone()),
                    hash: hex::encode(event.hash),
                    recorded_at: event.recorded_at,
                })
                .collect(),
            commands,
            assumed_revision: game.table.assumed_revision,
        })
    }
}

/// What the record shows of `event` when it is a message to one player,
/// whose text only its writer and its reader may read: who wrote to whom.
fn withheld(event: &StoredEvent) -> Option<Value> {
    if event.kind != EventKind::Platform {
        return None;
    }
    match PlatformEvent::deserialize(&event.payload).ok()? {
        PlatformEvent::MessageWritten {
            from, to: Some(to), ..
        } => serde_json::to_value(PlatformEvent::MessageWithheld { from, to }).ok(),
        _ => None,
    }
}

/// Whether the record shows `event` in place of a message to one player.
fn is_withheld(event: &RecordedEvent) -> bool {
    event.kind == EventKind::Platform && event.payload["type"] == "message_withheld"
}

/// What a successful verification established.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifyReport {
    pub game_id: Uuid,
    pub ruleset: String,
    /// The revision of the rules the game started under.
    pub revision: u32,
    /// The revision it ended under, when its players moved it to a newer one.
    pub revised_to: Option<u32>,
    /// Events chained and explained.
    pub events: usize,
    /// Command rows (single commands or batches) re-run.
    pub commands: usize,
    /// Single commands re-decided, counting each command of a batch.
    pub decisions: usize,
    pub outcome: Outcome,
    /// Who played each seat (by index), in the order they held it: more
    /// than one when a player was gone and replaced.
    pub players: Vec<Vec<String>>,
}

/// Who played each seat, in the order they held it, as the log tells.
fn players_of(events: &[RecordedEvent], seats: u8) -> Vec<Vec<String>> {
    let mut players = vec![Vec::new(); usize::from(seats)];
    for event in events.iter().filter(|e| e.kind == EventKind::Platform) {
        let Ok(event) = PlatformEvent::deserialize(&event.payload) else {
            continue;
        };
        match event {
            // Before the start a seat may change hands freely: the last
            // player to join it is its first player.
            PlatformEvent::PlayerJoined { seat, username, .. } => {
                if let Some(held) = players.get_mut(seat.index()) {
                    *held = vec![username];
                }
            }
            PlatformEvent::SeatHandedOver { seat, username, .. }
            | PlatformEvent::SubstituteSeated { seat, username, .. } => {
                if let Some(held) = players.get_mut(seat.index()) {
                    held.push(username);
                }
            }
            _ => {}
        }
    }
    players
}

impl std::fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let winners = match self.outcome.winners.as_slice() {
            [] => "nobody won (a draw)".to_owned(),
            seats => {
                let names: Vec<String> = seats.iter().map(ToString::to_string).collect();
                format!("won by {}", names.join(" and "))
            }
        };
        let revision = match self.revised_to {
            Some(to) => format!(
                "revision {} of its rules, moved to revision {to} by its players",
                self.revision
            ),
            None => format!("revision {} of its rules", self.revision),
        };
        let players: Vec<String> = self
            .players
            .iter()
            .enumerate()
            .map(|(seat, names)| format!("seat {seat} by {}", names.join(", then ")))
            .collect();
        write!(
            f,
            "Game {} ({}, {revision}; played {}) verifies: its {} events chain unbroken from genesis, the \
             revealed seed matches the commitment published in event 1, and re-running the set-up \
             and {} commands ({} decisions) with that seed reproduced every rules event, leaving \
             none unexplained. The game was {}: {}",
            self.game_id,
            self.ruleset,
            players.join("; "),
            self.events,
            self.commands,
            self.decisions,
            winners,
            self.outcome.summary
        )
    }
}

/// Why a record is not to be trusted. Every variant names the event (`seq`)
/// where the check failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VerifyError {
    #[error("event {seq} is missing: the record has event {found} in its place")]
    SequenceGap { seq: i64, found: i64 },
    #[error("the hash of event {seq} does not chain to the event before it: the log was altered")]
    BrokenChain { seq: i64 },
    #[error("event {seq} should be the game's creation, and is not")]
    NotAGameStart { seq: i64 },
    #[error("the record's {field} differs from what event {seq} says")]
    HeaderMismatch { seq: i64, field: &'static str },
    #[error("event {seq} names ruleset {ruleset:?}, which this verifier does not know")]
    UnknownRuleset { seq: i64, ruleset: String },
    #[error(
        "event {seq} says the game is played under revision {revision} of {ruleset}, which this \
         verifier does not know (it knows revisions 1 to {newest}): verify it with a newer build"
    )]
    UnknownRevision {
        seq: i64,
        ruleset: String,
        revision: u32,
        newest: u32,
    },
    #[error("the revealed seed does not hash to the commitment published in event {seq}")]
    SeedMismatch { seq: i64 },
    #[error("event {seq} does not decode: {reason}")]
    MalformedEvent { seq: i64, reason: String },
    #[error("setting the game up again fails at event {seq}: {reason}")]
    SetupFailed { seq: i64, reason: String },
    #[error("setting the game up again does not reproduce event {seq}")]
    SetupMismatch { seq: i64 },
    #[error("the command at event {seq} was sent from a seat its sender did not hold")]
    SeatMismatch { seq: i64 },
    #[error("re-running the command at event {seq}, the rules refuse it: {reason}")]
    CommandRefused { seq: i64, reason: String },
    #[error("re-running the commands does not reproduce event {seq}")]
    CommandMismatch { seq: i64 },
    #[error(
        "the command at event {seq} claims events up to {recorded}, but re-running it produces events up to {replayed}"
    )]
    CommandRange {
        seq: i64,
        recorded: i64,
        replayed: i64,
    },
    #[error("nothing in the record explains event {seq}")]
    UnexplainedEvent { seq: i64 },
    #[error("the command recorded at event {seq} does not fit the log")]
    UnexplainedCommand { seq: i64 },
    #[error("the log ends at event {seq} without the game's end")]
    NotFinished { seq: i64 },
}

impl VerifyError {
    /// The event where the check failed.
    pub fn seq(&self) -> i64 {
        match self {
            VerifyError::SequenceGap { seq, .. }
            | VerifyError::BrokenChain { seq }
            | VerifyError::NotAGameStart { seq }
            | VerifyError::HeaderMismatch { seq, .. }
            | VerifyError::UnknownRuleset { seq, .. }
            | VerifyError::UnknownRevision { seq, .. }
            | VerifyError::SeedMismatch { seq }
            | VerifyError::MalformedEvent { seq, .. }
            | VerifyError::SetupFailed { seq, .. }
            | VerifyError::SetupMismatch { seq }
            | VerifyError::SeatMismatch { seq }
            | VerifyError::CommandRefused { seq, .. }
            | VerifyError::CommandMismatch { seq }
            | VerifyError::CommandRange { seq, .. }
            | VerifyError::UnexplainedEvent { seq }
            | VerifyError::UnexplainedCommand { seq }
            | VerifyError::NotFinished { seq } => *seq,
        }
    }
}

/// Checks a finished game's record without trusting anything in it but the
/// rules: the hash chain from [`chain::GENESIS`], the revealed seed against the
/// commitment in event 1, and that re-running the set-up and every command with
/// that seed reproduces every event of the log, the game's end included.
///
/// # Errors
/// The first check that fails, with the seq of the event where it failed.
pub fn verify(record: &GameRecord) -> Result<VerifyReport, VerifyError> {
    verify_assuming(record, None)
}

/// [`verify`], reading a record whose first event names no revision as one
/// of `unnamed_revision` instead of revision 1: for records exported before
/// revisions were recorded by a build whose rules a later revision keeps
/// (`owlpost verify --revision N`).
///
/// # Errors
/// The first check that fails, with the seq of the event where it failed.
pub fn verify_assuming(
    record: &GameRecord,
    unnamed_revision: Option<u32>,
) -> Result<VerifyReport, VerifyError> {
    check_chain(&record.events)?;
    let first = record
        .events
        .first()
        .ok_or(VerifyError::NotAGameStart { seq: 1 })?;
    let created = platform_event(first)?;
    let PlatformEvent::GameCreated {
        ruleset,
        options,
        seats,
        seed_sha256,
        revision,
        ..
    } = &created
    else {
        return Err(VerifyError::NotAGameStart { seq: first.seq });
    };
    let header_mismatch = |field| VerifyError::HeaderMismatch {
        seq: first.seq,
        field,
    };
    if *ruleset != record.ruleset {
        return Err(header_mismatch("ruleset"));
    }
    if *options != record.options {
        return Err(header_mismatch("options"));
    }
    if *seats != record.seats {
        return Err(header_mismatch("seat count"));
    }
    let unnamed_revision = unnamed_revision.or(record.assumed_revision);
    let revision = revision.or(unnamed_revision).unwrap_or(1);
    registry::find_revision(ruleset, revision).map_err(|unknown| match unknown {
        registry::UnknownRevision::Ruleset(ruleset) => VerifyError::UnknownRuleset {
            seq: first.seq,
            ruleset,
        },
        registry::UnknownRevision::Revision {
            ruleset,
            revision,
            newest,
        } => VerifyError::UnknownRevision {
            seq: first.seq,
            ruleset,
            revision,
            newest,
        },
    })?;
    let seed = parse_seed(&record.seed)
        .filter(|seed| seed_commitment(seed) == *seed_sha256)
        .ok_or(VerifyError::SeedMismatch { seq: first.seq })?;

    let mut table = Table {
        assumed_revision: unnamed_revision,
        ..Table::default()
    };
    table.evolve(&created);
    let game = table.engine().map_err(|e| VerifyError::MalformedEvent {
        seq: first.seq,
        reason: e.to_string(),
    })?;
    let mut replay = Replay {
        record,
        seed,
        table,
        game: game.new_game(),
        decisions: 0,
        undo: RulesUndo::default(),
    };
    let outcome = replay.run()?;
    if outcome != record.outcome {
        return Err(header_mismatch("outcome"));
    }
    let revised_to = Some(replay.table.revision).filter(|now| *now != revision);
    Ok(VerifyReport {
        game_id: record.game_id,
        ruleset: ruleset.clone(),
        revision,
        revised_to,
        events: record.events.len(),
        commands: record.commands.len(),
        decisions: replay.decisions,
        outcome,
        players: players_of(&record.events, record.seats),
    })
}

/// Events numbered 1, 2, 3… and each hash linking to the one before.
fn check_chain(events: &[RecordedEvent]) -> Result<(), VerifyError> {
    let mut previous = chain::GENESIS;
    for (expected_seq, event) in (1..).zip(events) {
        if event.seq != expected_seq {
            return Err(VerifyError::SequenceGap {
                seq: expected_seq,
                found: event.seq,
            });
        }
        let hash = if is_withheld(event) {
            // Its text withheld, the event as written cannot be hashed
            // again: its hash links the chain on, as the next event's says.
            hex::decode(&event.hash)
                .ok()
                .and_then(|hash| <[u8; 32]>::try_from(hash).ok())
                .ok_or(VerifyError::BrokenChain { seq: event.seq })?
        } else {
            chain::link(&previous, event.seq, event.kind.as_str(), &event.payload)
        };
        if hex::encode(hash) != event.hash.to_ascii_lowercase() {
            return Err(VerifyError::BrokenChain { seq: event.seq });
        }
        previous = hash;
    }
    Ok(())
}

fn platform_event(event: &RecordedEvent) -> Result<PlatformEvent, VerifyError> {
    if event.kind != EventKind::Platform {
        return Err(VerifyError::MalformedEvent {
            seq: event.seq,
            reason: "a rules event where a platform event was expected".into(),
        });
    }
    PlatformEvent::deserialize(&event.payload).map_err(|e| VerifyError::MalformedEvent {
        seq: event.seq,
        reason: e.to_string(),
    })
}

fn parse_seed(text: &str) -> Option<Seed> {
    hex::decode(text).ok()?.try_into().ok()
}

/// The game re-run from its creation, one recorded event at a time.
struct Replay<'a> {
    record: &'a GameRecord,
    seed: Seed,
    table: Table,
    game: Box<dyn DynGame>,
    decisions: usize,
    /// The rules' state before the latest rules events, for a take-back.
    undo: RulesUndo,
}

/// How a platform event recorded without a command row came about: the table
/// command that produces it, and who sent it.
fn table_command_behind(table: &Table, event: &PlatformEvent) -> Option<(Uuid, TableCommand)> {
    match event {
        PlatformEvent::PlayerJoined {
            seat,
            user_id,
            username,
            computer: Some(strength),
        } => Some((
            table.created_by,
            TableCommand::SeatComputer {
                seat: Some(*seat),
                user_id: *user_id,
                username: username.clone(),
                strength: *strength,
            },
        )),
        PlatformEvent::PlayerJoined {
            seat,
            user_id,
            username,
            computer: None,
        } => Some((
            *user_id,
            TableCommand::Join {
                seat: Some(*seat),
                username: username.clone(),
            },
        )),
        PlatformEvent::PlayerLeft { user_id, .. } => Some((*user_id, TableCommand::Leave)),
        PlatformEvent::GameCancelled { by } => Some((*by, TableCommand::Cancel)),
        PlatformEvent::PlayerResigned { seat } => {
            Some((table.player_at(*seat)?, TableCommand::Resign))
        }
        PlatformEvent::AbandonAgreed { seat } => {
            Some((table.player_at(*seat)?, TableCommand::Abandon))
        }
        PlatformEvent::RevisionAgreed { seat, .. } => {
            Some((table.player_at(*seat)?, TableCommand::MoveToNewestRules))
        }
        // Any player may start a full game; the log does not say which one did.
        PlatformEvent::GameStarted => Some((table.player_at(Seat(0))?, TableCommand::Start)),
        PlatformEvent::SeatHandedOver {
            from,
            user_id,
            username,
            computer,
            ..
        } => Some((
            *from,
            TableCommand::HandOverToComputer {
                user_id: *user_id,
                username: username.clone(),
                strength: *computer,
            },
        )),
        PlatformEvent::PauseAgreed {
            seat,
            remaining_seconds,
        } => Some((
            table.player_at(*seat)?,
            TableCommand::Pause {
                remaining_seconds: *remaining_seconds,
            },
        )),
        PlatformEvent::GameResumed { seat, .. } => {
            Some((table.player_at(*seat)?, TableCommand::Resume))
        }
        PlatformEvent::VacationBegan {
            seat,
            until,
            remaining_seconds,
        } => Some((
            table.player_at(*seat)?,
            TableCommand::BeginVacation {
                until: *until,
                remaining_seconds: *remaining_seconds,
            },
        )),
        PlatformEvent::VacationEnded {
            seat,
            remaining_seconds,
        } => Some((
            table.player_at(*seat)?,
            TableCommand::EndVacation {
                remaining_seconds: *remaining_seconds,
            },
        )),
        PlatformEvent::SeatOffered { gone_user, .. } => Some((*gone_user, TableCommand::OfferSeat)),
        PlatformEvent::SubstituteSeated {
            seat,
            user_id,
            username,
            ..
        } => Some((
            *user_id,
            TableCommand::Join {
                seat: Some(*seat),
                username: username.clone(),
            },
        )),
        PlatformEvent::MessageWritten { from, to, text } => Some((
            table.player_at(*from)?,
            TableCommand::WriteMessage {
                text: text.clone(),
                to: *to,
            },
        )),
        PlatformEvent::PlayerMuted { by, seat, muted } => Some((
            table.player_at(*by)?,
            TableCommand::Mute {
                seat: *seat,
                muted: *muted,
            },
        )),
        PlatformEvent::TakebackAsked {
            seat,
            from_seq,
            to_seq,
        } => Some((
            table.player_at(*seat)?,
            TableCommand::AskTakeback {
                from_seq: *from_seq,
                to_seq: *to_seq,
            },
        )),
        PlatformEvent::TakebackAgreed { seat } => {
            Some((table.player_at(*seat)?, TableCommand::AgreeTakeback))
        }
        // Follows, in the same decision, the last agreement (or the request).
        PlatformEvent::TakenBack { .. } => None,
        // Never in a log: a record's stand-in, which the replay steps over.
        PlatformEvent::MessageWithheld { .. } => None,
        // Each follows, in the same decision, the event that explains it.
        PlatformEvent::GameCreated { .. }
        | PlatformEvent::GameEnded { .. }
        | PlatformEvent::RulesRevised { .. }
        | PlatformEvent::GamePaused { .. } => None,
    }
}

impl Replay<'_> {
    /// Explains every event after the first, and returns the game's outcome.
    fn run(&mut self) -> Result<Outcome, VerifyError> {
        let record = self.record;
        let events = &record.events;
        let mut commands = record.commands.iter().peekable();
        let mut at = 1;
        while at < events.len() {
            let event = &events[at];
            if self.table.outcome.is_some() {
                // Nothing may follow the game's end.
                return Err(VerifyError::UnexplainedEvent { seq: event.seq });
            }
            if let Some(command) = commands.next_if(|c| c.first_seq == event.seq) {
                at += self.rerun(command, at)?;
                continue;
            }
            let unexplained = VerifyError::UnexplainedEvent { seq: event.seq };
            if event.kind == EventKind::Rules {
                return Err(unexplained);
            }
            if is_withheld(event) {
                // A message changes nothing in the game; its text is not ours to re-run.
                at += 1;
                continue;
            }
            let platform = platform_event(event)?;
            if let PlatformEvent::TakebackAsked {
                from_seq, to_seq, ..
            } = platform
                && self.last_action_before(at) != Some((from_seq, to_seq))
            {
                // Only the asker's last action, and one his rules let him take back.
                return Err(unexplained);
            }
            let (actor, command) =
                table_command_behind(&self.table, &platform).ok_or(unexplained)?;
            at += self.rerun_table(actor, command, at)?;
        }
        if let Some(command) = commands.next() {
            return Err(VerifyError::UnexplainedCommand {
                seq: command.first_seq,
            });
        }
        let last_seq = events.last().map_or(0, |e| e.seq);
        self.table
            .outcome
            .clone()
            .ok_or(VerifyError::NotFinished { seq: last_seq })
    }

    /// The range of the last action before the event at index `at`, when
    /// its actor (the one asking at `at`) may ask to take it back.
    fn last_action_before(&self, at: usize) -> Option<(u64, u64)> {
        let seq = self.record.events[at].seq;
        let PlatformEvent::TakebackAsked { seat, .. } =
            platform_event(&self.record.events[at]).ok()?
        else {
            return None;
        };
        let last_command = self
            .record
            .commands
            .iter()
            .rfind(|c| c.last_seq >= c.first_seq && c.last_seq < seq)
            .map(|c| (c.actor, c.first_seq as u64, c.last_seq as u64));
        let from = last_command.map_or(seq, |(_, first, _)| first as i64);
        let events: Vec<LoggedEvent<'_>> = self.record.events[..at]
            .iter()
            .filter(|e| e.seq >= from)
            .map(|e| LoggedEvent {
                seq: e.seq as u64,
                rules: e.kind == EventKind::Rules,
                payload: &e.payload,
            })
            .collect();
        table::last_action(
            &self.table,
            self.game.as_ref(),
            self.table.player_at(seat)?,
            last_command,
            &events,
        )
        .ok()
    }

    /// Decides `commands` by `actor` on the game as replayed so far.
    fn decide(
        &self,
        actor: Uuid,
        commands: &[GameCommand],
        first_seq: i64,
    ) -> Result<Vec<GameEvent>, BatchRefusal> {
        let position = Position {
            table: &self.table,
            rules: self.game.as_ref(),
            seed: &self.seed,
            version: (first_seq - 1) as u64,
        };
        table::decide_batch(position, actor, commands)
    }

    /// Checks that `produced` is what the log holds from index `at`, and folds it.
    fn check_and_fold(
        &mut self,
        produced: &[GameEvent],
        at: usize,
        mismatch: fn(i64) -> VerifyError,
    ) -> Result<(), VerifyError> {
        for (offset, event) in produced.iter().enumerate() {
            let recorded = self.record.events.get(at + offset);
            let seq = self.record.events[at].seq + offset as i64;
            let (kind, payload) = match event {
                GameEvent::Platform(event) => (
                    EventKind::Platform,
                    serde_json::to_value(event).expect("platform events serialize"),
                ),
                GameEvent::Rules(payload) => (EventKind::Rules, payload.clone()),
            };
            if !recorded.is_some_and(|r| r.kind == kind && r.payload == payload) {
                return Err(mismatch(seq));
            }
            if let GameEvent::Rules(_) = event {
                self.undo.before_rules_event(seq as u64, self.game.as_ref());
            }
            table::apply(&mut self.table, &mut self.game, event).map_err(|e| {
                VerifyError::MalformedEvent {
                    seq,
                    reason: e.to_string(),
                }
            })?;
            if let GameEvent::Platform(PlatformEvent::TakenBack { from_seq, .. }) = event {
                // The game goes on from where it stood before the range.
                self.game = self.undo.take_back_to(*from_seq).ok_or_else(|| {
                    VerifyError::MalformedEvent {
                        seq,
                        reason: format!("nothing to take back to before event {from_seq}"),
                    }
                })?;
            }
        }
        Ok(())
    }

    /// Re-decides the table command behind the platform event at index `at`
    /// (a seat taken or given up, the start with its set-up, a resignation).
    /// Returns how many events it explained.
    fn rerun_table(
        &mut self,
        actor: Uuid,
        command: TableCommand,
        at: usize,
    ) -> Result<usize, VerifyError> {
        let seq = self.record.events[at].seq;
        let starts = command == TableCommand::Start;
        let produced = self
            .decide(actor, &[GameCommand::Table(command)], seq)
            .map_err(|refusal| match refusal {
                BatchRefusal::Setup(error) => VerifyError::SetupFailed {
                    seq,
                    reason: error.to_string(),
                },
                _ => VerifyError::UnexplainedEvent { seq },
            })?;
        let mismatch = if starts {
            |seq| VerifyError::SetupMismatch { seq }
        } else {
            |seq| VerifyError::CommandMismatch { seq }
        };
        self.check_and_fold(&produced, at, mismatch)?;
        Ok(produced.len())
    }

    /// Re-decides `command`, whose events start at index `at`, and checks them.
    /// Returns how many events it explained.
    fn rerun(&mut self, command: &RecordedCommand, at: usize) -> Result<usize, VerifyError> {
        let first_seq = command.first_seq;
        if self.table.status == GameStatus::Open {
            return Err(VerifyError::UnexplainedCommand { seq: first_seq });
        }
        if self.table.player_at(command.seat) != Some(command.actor) {
            return Err(VerifyError::SeatMismatch { seq: first_seq });
        }
        let commands: Vec<GameCommand> = command
            .commands
            .iter()
            .cloned()
            .map(GameCommand::Rules)
            .collect();
        let produced = self
            .decide(command.actor, &commands, first_seq)
            .map_err(|refusal| VerifyError::CommandRefused {
                seq: first_seq,
                reason: refusal.to_string(),
            })?;
        self.check_and_fold(&produced, at, |seq| VerifyError::CommandMismatch { seq })?;
        self.decisions += commands.len();
        let replayed_last = first_seq + produced.len() as i64 - 1;
        if command.last_seq != replayed_last {
            return Err(VerifyError::CommandRange {
                seq: first_seq,
                recorded: command.last_seq,
                replayed: replayed_last,
            });
        }
        Ok(produced.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use owlpost_domain::rng::GameRng;
    use owlpost_domain::ruleset::Viewer;
    use serde_json::json;

    const SEED: Seed = [42; 32];
    /// How many commands the simulated duel may take before it counts as stuck.
    const COMMAND_LIMIT: usize = 1000;

    fn player(seat: Seat) -> Uuid {
        Uuid::from_u128(u128::from(seat.0) + 1)
    }

    fn push(events: &mut Vec<RecordedEvent>, kind: EventKind, payload: Value) {
        events.push(RecordedEvent {
            seq: events.len() as i64 + 1,
            kind,
            payload,
            hash: String::new(),
            recorded_at: DateTime::<Utc>::UNIX_EPOCH,
        });
    }

    fn push_platform(events: &mut Vec<RecordedEvent>, event: PlatformEvent) {
        push(
            events,
            EventKind::Platform,
            serde_json::to_value(event).unwrap(),
        );
    }

    /// Recomputes every hash, as a forger who edits the log would.
    fn rehash(record: &mut GameRecord) {
        let mut previous = chain::GENESIS;
        for event in &mut record.events {
            previous = chain::link(&previous, event.seq, event.kind.as_str(), &event.payload);
            event.hash = hex::encode(previous);
        }
    }

    /// Seat 0 bets high, seat 1 bets 1, neither plays a card: the duel ends.
    fn pick(game: &dyn DynGame, seat: Seat) -> Value {
        let legal = game.legal_commands(seat);
        let mana = game.view(Viewer::Player(seat))["players"][seat.index()]["mana"]
            .as_u64()
            .unwrap_or(1);
        let wanted = if seat.0 == 0 { mana.min(6) } else { 1 };
        legal
            .iter()
            .find(|c| c["type"] == "submit_move" && c["bet"] == wanted && c["cards"] == json!([]))
            .or_else(|| legal.first())
            .expect("an awaited seat has a legal command")
            .clone()
    }

    /// A whole Fire Wall duel, produced the way the server produces one.
    fn finished_duel() -> GameRecord {
        let ruleset = registry::find("firewall-duel").unwrap();
        let options = ruleset.normalize_options(&Value::Null).unwrap();
        let mut events = Vec::new();
        push_platform(
            &mut events,
            PlatformEvent::GameCreated {
                ruleset: ruleset.id().to_owned(),
                options: options.clone(),
                seats: 2,
                created_by: player(Seat(0)),
                seed_sha256: seed_commitment(&SEED),
                time_control: None,
                revision: Some(ruleset.revision()),
                rated: Some(true),
                spectators: None,
                takebacks: None,
            },
        );
        for (seat, username) in [(Seat(0), "ann"), (Seat(1), "bob")] {
            let user_id = player(seat);
            let username = username.to_owned();
            push_platform(
                &mut events,
                PlatformEvent::PlayerJoined {
                    seat,
                    user_id,
                    username,
                    computer: None,
                },
            );
        }
        push_platform(&mut events, PlatformEvent::GameStarted);
        let mut game = ruleset.new_game();
        let mut rng = GameRng::for_command(&SEED, events.len() as u64);
        for payload in ruleset.setup(&options, 2, &mut rng).unwrap() {
            game.apply(&payload).unwrap();
            push(&mut events, EventKind::Rules, payload);
        }
        let mut commands = Vec::new();
        while game.outcome().is_none() {
            assert!(
                commands.len() < COMMAND_LIMIT,
                "the simulated duel should end"
            );
            let seat = game.awaiting()[0].seat;
            let command = pick(game.as_ref(), seat);
            let first_seq = events.len() as i64 + 1;
            let mut rng = GameRng::for_command(&SEED, first_seq as u64);
            for payload in game.decide(seat, &command, &mut rng).unwrap() {
                game.apply(&payload).unwrap();
                push(&mut events, EventKind::Rules, payload);
            }
            if let Some(outcome) = game.outcome() {
                let seed = hex::encode(SEED);
                push_platform(&mut events, PlatformEvent::GameEnded { outcome, seed });
            }
            commands.push(RecordedCommand {
                first_seq,
                last_seq: events.len() as i64,
                actor: player(seat),
                seat,
                commands: vec![command],
            });
        }
        let mut record = GameRecord {
            format: RecordFormat::V1,
            game_id: Uuid::from_u128(7),
            ruleset: ruleset.id().to_owned(),
            options,
            seats: 2,
            seed: hex::encode(SEED),
            outcome: game.outcome().unwrap(),
            events,
            commands,
            assumed_revision: None,
        };
        rehash(&mut record);
        record
    }

    /// The seq of the last rules event of this type, and the event.
    fn last_rules_event<'r>(record: &'r mut GameRecord, event_type: &str) -> &'r mut RecordedEvent {
        record
            .events
            .iter_mut()
            .rev()
            .find(|e| e.kind == EventKind::Rules && e.payload["type"] == event_type)
            .unwrap_or_else(|| panic!("the duel has a {event_type} event"))
    }

    #[test]
    fn an_honest_record_verifies_with_its_counts() {
        let record = finished_duel();
        let report = verify(&record).expect("an honest record verifies");
        assert_eq!(report.events, record.events.len());
        assert_eq!(report.commands, record.commands.len());
        assert_eq!(report.decisions, record.commands.len());
        assert_eq!(report.outcome, record.outcome);
        assert!(report.to_string().contains("verifies"), "{report}");
    }

    #[test]
    fn a_record_verifies_after_a_trip_through_json() {
        let record = finished_duel();
        let text = serde_json::to_string_pretty(&record).unwrap();
        assert!(text.contains("\"format\": \"owlpost-record/1\""));
        let read: GameRecord = serde_json::from_str(&text).unwrap();
        assert_eq!(read, record);
        assert!(verify(&read).is_ok());
    }

    #[test]
    fn a_record_of_another_format_is_not_read() {
        let mut text = serde_json::to_value(finished_duel()).unwrap();
        text["format"] = json!("owlpost-record/2");
        assert!(serde_json::from_value::<GameRecord>(text).is_err());
    }

    #[test]
    fn a_record_of_a_revision_this_build_does_not_know_is_refused_with_the_revisions_it_knows() {
        let mut record = finished_duel();
        record.events[0].payload["revision"] = json!(7);
        rehash(&mut record);
        let error = verify(&record).unwrap_err();
        assert_eq!(
            error,
            VerifyError::UnknownRevision {
                seq: 1,
                ruleset: "firewall-duel".into(),
                revision: 7,
                newest: 1,
            }
        );
        assert!(error.to_string().contains("verify it with a newer build"));
    }

    #[test]
    fn a_verified_record_names_the_revision_it_was_played_under() {
        let report = verify(&finished_duel()).unwrap();
        assert_eq!((report.revision, report.revised_to), (1, None));
        assert!(report.to_string().contains("revision 1 of its rules"));
    }

    #[test]
    fn a_tampered_payload_breaks_the_chain_at_that_event() {
        let mut record = finished_duel();
        record.events[1].payload["username"] = json!("mallory");
        assert_eq!(verify(&record), Err(VerifyError::BrokenChain { seq: 2 }));
    }

    #[test]
    fn a_broken_hash_is_detected() {
        let mut record = finished_duel();
        let last = record.events.len() - 1;
        record.events[last].hash = "00".repeat(32);
        let seq = record.events[last].seq;
        assert_eq!(verify(&record), Err(VerifyError::BrokenChain { seq }));
    }

    #[test]
    fn a_missing_event_is_a_gap_in_the_sequence() {
        let mut record = finished_duel();
        record.events.remove(4);
        assert_eq!(
            verify(&record),
            Err(VerifyError::SequenceGap { seq: 5, found: 6 })
        );
    }

    #[test]
    fn a_seed_that_does_not_match_the_commitment_is_refused() {
        let mut record = finished_duel();
        record.seed = hex::encode([43u8; 32]);
        assert_eq!(verify(&record), Err(VerifyError::SeedMismatch { seq: 1 }));
        record.seed = "not hex".into();
        assert_eq!(verify(&record), Err(VerifyError::SeedMismatch { seq: 1 }));
    }

    #[test]
    fn a_forged_shuffle_is_caught_by_the_re_run_even_when_re_hashed() {
        let mut record = finished_duel();
        let shuffle = record
            .events
            .iter_mut()
            .find(|e| e.payload["type"] == "deck_shuffled")
            .expect("the set-up shuffles");
        let seq = shuffle.seq;
        let order = shuffle.payload["order"].as_array_mut().unwrap();
        let other = order.iter().position(|card| *card != order[0]).unwrap();
        order.swap(0, other);
        rehash(&mut record);
        assert_eq!(verify(&record), Err(VerifyError::SetupMismatch { seq }));
    }

    #[test]
    fn a_forged_draw_is_caught_by_the_re_run_even_when_re_hashed() {
        let mut record = finished_duel();
        let setup_end = record.commands[0].first_seq;
        let draw = last_rules_event(&mut record, "cards_drawn");
        let seq = draw.seq;
        assert!(
            seq > setup_end,
            "a draw decided by a command, not by the set-up"
        );
        let card = &mut draw.payload["cards"][0];
        *card = json!(if *card == 7 { 8 } else { 7 });
        rehash(&mut record);
        assert_eq!(verify(&record), Err(VerifyError::CommandMismatch { seq }));
    }

    #[test]
    fn a_forged_outcome_is_caught_even_when_re_hashed() {
        let mut record = finished_duel();
        let end = record.events.last_mut().unwrap();
        let seq = end.seq;
        end.payload["outcome"]["winners"] = json!([1]);
        rehash(&mut record);
        assert_eq!(verify(&record), Err(VerifyError::CommandMismatch { seq }));
    }

    #[test]
    fn a_header_outcome_that_differs_from_the_log_is_refused() {
        let mut record = finished_duel();
        record.outcome.winners = vec![Seat(1)];
        assert!(matches!(
            verify(&record),
            Err(VerifyError::HeaderMismatch {
                field: "outcome",
                ..
            })
        ));
    }

    #[test]
    fn a_dropped_command_leaves_its_events_unexplained() {
        let mut record = finished_duel();
        let dropped = record.commands.remove(3);
        assert_eq!(
            verify(&record),
            Err(VerifyError::UnexplainedEvent {
                seq: dropped.first_seq
            })
        );
    }

    #[test]
    fn a_command_credited_to_the_wrong_seat_is_caught() {
        let mut record = finished_duel();
        let command = &mut record.commands[0];
        command.seat = Seat(1 - command.seat.0);
        let seq = command.first_seq;
        assert_eq!(verify(&record), Err(VerifyError::SeatMismatch { seq }));
    }

    #[test]
    fn a_record_cut_before_the_end_is_not_finished() {
        let mut record = finished_duel();
        let last = record.commands.pop().unwrap();
        record.events.truncate(last.first_seq as usize - 1);
        rehash(&mut record);
        assert_eq!(
            verify(&record),
            Err(VerifyError::NotFinished {
                seq: last.first_seq - 1
            })
        );
    }
}
