//! The table around every game: who sits where, when the game starts, how it
//! ends when nobody wins by the rules (a resignation), and how an open game is
//! left or called off.
//!
//! The table is a decider like a ruleset: [`decide_batch`] turns commands into
//! events and refuses what the table forbids with a [`TableRefusal`];
//! [`Table::evolve`] folds events and never fails. The server and the record
//! verifier both decide through [`decide_batch`], which is also the one place
//! that seeds each command's random stream.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use uuid::Uuid;

use crate::bots::Strength;
use crate::registry::{self, DynGame, DynRuleset, EventDecodeError, Refusal};
use crate::rng::{GameRng, Seed};
use crate::ruleset::{Outcome, Seat, SeatNames, SetupError};

mod takeback;
mod talk;

pub use takeback::{
    LoggedEvent, PendingTakeback, RulesUndo, TAKEBACK_DEPTH, Takebacks, last_action,
};
pub use talk::LONGEST_MESSAGE;

/// How long a player awaited by the game has before the server acts for him.
///
/// When a deadline passes, the server plays the ruleset's timeout move for
/// each overdue seat (pass a response, a minimal sealed bet, end the turn),
/// recorded in the log like any command.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Seconds to act, from the moment the game starts waiting for the player (60 to 2,592,000).
    #[cfg_attr(
        feature = "openapi",
        schema(minimum = 60, maximum = 2592000, example = 86400)
    )]
    pub move_seconds: u32,
    /// What becomes of a player who lets his deadlines pass again and again;
    /// absent: his timeout moves are played for him to the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when_gone: Option<WhenGone>,
}

impl TimeControl {
    pub const SHORTEST: u32 = 60;
    pub const LONGEST: u32 = 30 * 24 * 3600;
}

/// When a player counts as gone, and what then becomes of his seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(deny_unknown_fields)]
pub struct WhenGone {
    /// Deadlines missed in a row (his timeout moves, with no move of his own
    /// between them) after which he is gone: 1 to 10.
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 10, example = 3))]
    pub after_missed_deadlines: u8,
    pub then: GoneThen,
}

impl WhenGone {
    pub const MOST_MISSED_DEADLINES: u8 = 10;
}

/// What becomes of a gone player's seat.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum GoneThen {
    /// He resigns: the game ends, as when a player gives it up.
    Resign,
    /// A computer player (the heuristic one) takes his seat, hand and all,
    /// and plays it on; the record shows who played which moves.
    Computer,
    /// His seat is offered to a substitute in the lobby: anyone not at the
    /// table may take it, hand and all. Until someone does, the seat's
    /// timeout moves are played when its deadlines pass, so the game goes on.
    Substitute,
}

/// Where a game stands.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum GameStatus {
    /// Waiting for players to join.
    #[default]
    Open,
    /// Being played.
    Active,
    /// Over: see `outcome`.
    Finished,
    /// Called off by its creator before it started.
    Cancelled,
}

impl GameStatus {
    /// The name used in JSON and in the database.
    pub fn as_str(self) -> &'static str {
        match self {
            GameStatus::Open => "open",
            GameStatus::Active => "active",
            GameStatus::Finished => "finished",
            GameStatus::Cancelled => "cancelled",
        }
    }

    /// The status named `text`; `None` for a name no status has.
    pub fn parse(text: &str) -> Option<Self> {
        [
            GameStatus::Open,
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Cancelled,
        ]
        .into_iter()
        .find(|status| status.as_str() == text)
    }
}

/// The `RulesOptions` schema, which the API declares as `oneOf` every
/// ruleset's options: the table carries options as JSON it never reads.
#[cfg(feature = "openapi")]
fn rules_options() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
    utoipa::openapi::schema::Ref::from_schema_name(std::borrow::Cow::Borrowed("RulesOptions"))
        .into()
}

/// A platform event: what happened to the game around its rules.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PlatformEvent {
    GameCreated {
        ruleset: String,
        #[cfg_attr(feature = "openapi", schema(schema_with = rules_options))]
        options: Value,
        seats: u8,
        created_by: Uuid,
        /// SHA-256 (hex) of the secret seed, revealed in `game_ended`.
        seed_sha256: String,
        /// How long each awaited player has to act; absent: no deadline.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        time_control: Option<TimeControl>,
        /// The revision of the ruleset's rules the game is played under
        /// (see its changelog); absent in games created before revisions were
        /// recorded, which are revision 1.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        revision: Option<u32>,
        /// Whether the game counts for its players' ratings once it ends
        /// (won, lost or drawn; never when abandoned); absent in games created
        /// before ratings existed, which are not rated.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rated: Option<bool>,
        /// `false` when the creator refused spectators: while the game is
        /// played only its players may watch it (its record is public once
        /// it ends all the same). Absent otherwise, and in games created
        /// before the choice existed: anyone may watch.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        spectators: Option<bool>,
        /// `without_asking` when the creator let every player take back his
        /// last move without the others' agreement (against computer players,
        /// say); absent otherwise: the others are asked.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        takebacks: Option<Takebacks>,
    },
    PlayerJoined {
        seat: Seat,
        user_id: Uuid,
        username: String,
        /// Set when the seat was given to a computer player (by the game's
        /// creator), which plays it at this strength; absent for a person.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        computer: Option<Strength>,
    },
    GameStarted,
    GameEnded {
        outcome: Outcome,
        /// The secret seed (hex): with it anyone can re-run every roll and shuffle.
        seed: String,
    },
    /// A player gave up his seat before the game started; the seat is free again.
    PlayerLeft {
        seat: Seat,
        user_id: Uuid,
    },
    /// The creator called the game off before it started.
    GameCancelled {
        by: Uuid,
    },
    /// A player gave the game up; `game_ended` follows.
    PlayerResigned {
        seat: Seat,
    },
    /// A player agreed to abandon the game; once every player has, `game_ended` follows.
    AbandonAgreed {
        seat: Seat,
    },
    /// A player asked to play the rest of the game under revision `to`, the
    /// newest of the ruleset; once every player has, `rules_revised` follows.
    RevisionAgreed {
        seat: Seat,
        to: u32,
    },
    /// Every player agreed: from here on the game is played under revision
    /// `to` of its rules instead of `from`.
    RulesRevised {
        from: u32,
        to: u32,
    },
    /// The player `from` was gone (he missed the deadlines the game's
    /// `when_gone` allows): a computer player, the user `user_id`, plays his
    /// seat from here on.
    SeatHandedOver {
        seat: Seat,
        from: Uuid,
        user_id: Uuid,
        username: String,
        computer: Strength,
    },
    /// A player agreed to pause the game; once every person at the table
    /// has, `game_paused` follows. `remaining_seconds` is what was left of
    /// the awaited players' time when he agreed (absent without a deadline).
    /// The player of `seat` went on vacation until `until`: while the game
    /// awaits him, its deadline stands still. `remaining_seconds` is what
    /// was left of the awaited players' time when it began (absent when no
    /// deadline ran).
    VacationBegan {
        seat: Seat,
        until: DateTime<Utc>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remaining_seconds: Option<u32>,
    },
    /// The player of `seat` is back from vacation, early or at its end: the
    /// deadline runs again from where it stood, `remaining_seconds` (absent
    /// when no deadline was held for him).
    VacationEnded {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remaining_seconds: Option<u32>,
    },
    /// The player `gone_user` is gone (he missed the deadlines the game's
    /// `when_gone` allows, or left the game under way): his seat is offered
    /// to a substitute, and he no longer plays it. Until someone takes it,
    /// its timeout moves are played when its deadlines pass.
    SeatOffered {
        seat: Seat,
        gone_user: Uuid,
    },
    /// The user `user_id` took the offered seat, hand and all, from the gone
    /// player `from`, and plays it from here on.
    SubstituteSeated {
        seat: Seat,
        from: Uuid,
        user_id: Uuid,
        username: String,
    },
    PauseAgreed {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remaining_seconds: Option<u32>,
    },
    /// Every person at the table agreed: the game stands still, nobody is
    /// awaited and no deadline runs, until a player resumes it. The awaited
    /// players had `remaining_seconds` left (absent without a deadline).
    GamePaused {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remaining_seconds: Option<u32>,
    },
    /// The player of `seat` resumed the paused game: the awaited players
    /// have again the `remaining_seconds` they had left when it was paused.
    GameResumed {
        seat: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        remaining_seconds: Option<u32>,
    },
    /// The player of `from` wrote `text` (plain text) to everyone at the
    /// table, or to the one player of `to`. A message to one player is shown
    /// to its writer and its reader only, ever; a message to all to the
    /// players, and to everyone once the game is over.
    MessageWritten {
        from: Seat,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<Seat>,
        text: String,
    },
    /// The player of `by` muted (or, `muted: false`, heard again) the
    /// player of `seat`: the muted player's messages are not shown to him.
    /// Shown to `by` alone.
    PlayerMuted {
        by: Seat,
        seat: Seat,
        muted: bool,
    },
    /// Never in a game's log: what an exported record shows in place of a
    /// `message_written` to one player, whose text is its writer's and its
    /// reader's alone. The record keeps the hash of the event as written, so
    /// the chain still links through it.
    MessageWithheld {
        from: Seat,
        to: Seat,
    },
    /// The player of `seat` asked to take back his last action, the events
    /// `from_seq` to `to_seq`; once every other player has agreed,
    /// `taken_back` follows. A new action by anyone cancels the request.
    TakebackAsked {
        seat: Seat,
        from_seq: u64,
        to_seq: u64,
    },
    /// The player of `seat` agreed to the take-back asked.
    TakebackAgreed {
        seat: Seat,
    },
    /// Every player agreed: the events `from_seq` to `to_seq`, the last
    /// action of the player of `seat`, are taken back. They stay in the log;
    /// the game goes on as if they had not happened.
    TakenBack {
        seat: Seat,
        from_seq: u64,
        to_seq: u64,
    },
}

/// A command to the table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableCommand {
    /// Take `seat`, or the first free one; in a game under way, the offered
    /// seat `seat` (or the first offered one), as a substitute.
    Join {
        seat: Option<Seat>,
        username: String,
    },
    /// Give a free seat (`seat`, or the first free one) to a computer
    /// player of `strength`, known as the user `user_id` (the game's creator
    /// only, before the start).
    SeatComputer {
        seat: Option<Seat>,
        user_id: Uuid,
        username: String,
        strength: Strength,
    },
    /// Give up one's seat before the start; in a game under way whose
    /// `when_gone` offers a gone player's seat to a substitute (or makes him
    /// resign), leave it the same way.
    Leave,
    /// Start a full game: the ruleset sets it up.
    Start,
    /// Call off an open game (its creator only).
    Cancel,
    /// Give the game up. With two players the other wins; with more, the
    /// others share the win: the game ends either way, since a seat emptied
    /// mid-game would leave most rulesets waiting for a player who is gone.
    Resign,
    /// Agree to abandon the game. An agreement stands until the game ends;
    /// when every player has agreed, the game ends with nobody winning.
    Abandon,
    /// Hand one's seat in a game under way to a computer player of
    /// `strength`, known as the user `user_id`: what the server does for a
    /// player who is gone.
    HandOverToComputer {
        user_id: Uuid,
        username: String,
        strength: Strength,
    },
    /// Agree to play the rest of the game under the newest revision of its
    /// rules. An agreement stands until the rules are revised; when every
    /// player has agreed, they are.
    MoveToNewestRules,
    /// Agree to pause the game under way. An agreement stands until the
    /// game is paused; when every person at the table has agreed (computer
    /// players agree to whatever the persons agree), it is. The server
    /// tells `remaining_seconds`, what is left of the awaited players' time
    /// now, so that a resumed game gives it back exactly.
    Pause { remaining_seconds: Option<u32> },
    /// Resume a paused game: any one of its players may.
    Resume,
    /// Go on vacation until `until`. The server tells `remaining_seconds`,
    /// what is left of the awaited players' time now, as for a pause.
    BeginVacation {
        until: DateTime<Utc>,
        remaining_seconds: Option<u32>,
    },
    /// Come back from vacation; the server tells `remaining_seconds`, the
    /// time held for the awaited players, which runs again from now.
    EndVacation { remaining_seconds: Option<u32> },
    /// Offer one's seat in a game under way to a substitute: what the
    /// server does for a player who is gone when the game says so.
    OfferSeat,
    /// Write `text` to everyone at the table, or to the player of `to`
    /// (see [`talk`]).
    WriteMessage { text: String, to: Option<Seat> },
    /// Mute the player of `seat` (`muted: false`: hear him again).
    Mute { seat: Seat, muted: bool },
    /// Ask to take back one's last action: the events `from_seq` to
    /// `to_seq`, which the server reads from the log (the last command of
    /// the asker, nothing but table talk after it, and his rules allowing
    /// it).
    AskTakeback { from_seq: u64, to_seq: u64 },
    /// Agree to the take-back another player asked.
    AgreeTakeback,
}

/// Why the table refuses a command. Each refusal has a stable code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableRefusal {
    #[error("only a player seated in this game may do that")]
    NotAPlayer,
    #[error("only the player who created this game may cancel it")]
    NotTheCreator,
    #[error("only the player who created this game may seat a computer player in it")]
    NotTheCreatorToSeatComputers,
    #[error("the game has already started")]
    AlreadyStarted,
    #[error("the game has not started yet")]
    NotStarted,
    #[error("the game is over")]
    Over,
    #[error("the game was cancelled by its creator")]
    Cancelled,
    #[error("you already have a seat in this game")]
    AlreadySeated,
    #[error("this game has seats 0 to {last}")]
    NoSuchSeat { last: u8 },
    #[error("{0} is taken")]
    SeatTaken(Seat),
    #[error("every seat of this game is taken")]
    Full,
    #[error("a game starts only when every seat is taken")]
    NotFull,
    #[error("you have already agreed to abandon this game; the others have not all agreed yet")]
    AlreadyAgreed,
    #[error("this game is already played under revision {0}, the newest of its rules")]
    AlreadyNewestRules(u32),
    #[error(
        "you have already agreed to move this game to revision {0} of its rules; the others have \
         not all agreed yet"
    )]
    AlreadyAgreedToRevise(u32),
    #[error(
        "this game cannot be moved to the newest rules: an event of its log does not read as one \
         of them; it is played on under revision {0}"
    )]
    CannotRevise(u32),
    #[error("the game is paused: one of its players must resume it before anyone plays on")]
    Paused,
    #[error("the game is not paused")]
    NotPaused,
    #[error("you have already agreed to pause this game; the others have not all agreed yet")]
    AlreadyAgreedToPause,
    #[error("you are already on vacation in this game")]
    AlreadyOnVacation,
    #[error("you are not on vacation in this game")]
    NotOnVacation,
    #[error("no seat of this game is open to a substitute")]
    NoSeatOffered,
    #[error("a message needs some text")]
    EmptyMessage,
    #[error("a message holds at most {most} characters; this one has {got}")]
    MessageTooLong { most: usize, got: usize },
    #[error("a message is plain text: no control characters other than line breaks and tabs")]
    MessageNotPlainText,
    #[error("you cannot write a message to yourself")]
    MessageToSelf,
    #[error("you cannot mute yourself")]
    MuteSelf,
    #[error("nobody sits in {0}")]
    NobodyThere(Seat),
    #[error("there is nothing to take back")]
    NothingToTakeBack,
    #[error("a take-back is already asked; the players must agree to it or play on")]
    TakebackAlreadyAsked,
    #[error("you asked for this take-back; the other players agree to it")]
    AgreeOwnTakeback,
    #[error("you have already agreed to this take-back; the others have not all agreed yet")]
    AlreadyAgreedToTakeback,
    #[error("another player acted since your last action; it can no longer be taken back")]
    TakebackAfterOtherPlayer,
    #[error("the game moved on since the take-back was asked; it no longer stands")]
    TakebackStale,
    #[error("{0}")]
    Takeback(crate::ruleset::TakebackRefusal),
}

impl TableRefusal {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            TableRefusal::NotAPlayer => "not_a_player",
            TableRefusal::NotTheCreator | TableRefusal::NotTheCreatorToSeatComputers => {
                "not_the_creator"
            }
            TableRefusal::AlreadyStarted => "game_already_started",
            TableRefusal::NotStarted => "game_not_started",
            TableRefusal::Over => "game_over",
            TableRefusal::Cancelled => "game_cancelled",
            TableRefusal::AlreadySeated => "already_seated",
            // The code clients have always received for a seat out of range.
            TableRefusal::NoSuchSeat { .. } => "invalid_request",
            TableRefusal::SeatTaken(_) => "seat_taken",
            TableRefusal::Full => "game_full",
            TableRefusal::NotFull => "game_not_full",
            TableRefusal::AlreadyAgreed => "already_agreed_to_abandon",
            TableRefusal::AlreadyNewestRules(_) => "already_newest_rules",
            TableRefusal::AlreadyAgreedToRevise(_) => "already_agreed_to_revise",
            TableRefusal::CannotRevise(_) => "cannot_revise_rules",
            TableRefusal::Paused => "game_paused",
            TableRefusal::NotPaused => "game_not_paused",
            TableRefusal::AlreadyAgreedToPause => "already_agreed_to_pause",
            TableRefusal::AlreadyOnVacation => "already_on_vacation",
            TableRefusal::NotOnVacation => "not_on_vacation",
            TableRefusal::NoSeatOffered => "no_seat_offered",
            TableRefusal::EmptyMessage => "empty_message",
            TableRefusal::MessageTooLong { .. } => "message_too_long",
            TableRefusal::MessageNotPlainText => "message_not_plain_text",
            TableRefusal::MessageToSelf => "message_to_self",
            TableRefusal::MuteSelf => "mute_self",
            TableRefusal::NobodyThere(_) => "no_such_player",
            TableRefusal::NothingToTakeBack => "nothing_to_take_back",
            TableRefusal::TakebackAlreadyAsked => "takeback_already_asked",
            TableRefusal::AgreeOwnTakeback => "takeback_own_request",
            TableRefusal::AlreadyAgreedToTakeback => "already_agreed_to_takeback",
            TableRefusal::TakebackAfterOtherPlayer => "takeback_after_other_player",
            TableRefusal::TakebackStale => "takeback_stale",
            TableRefusal::Takeback(refusal) => refusal.code(),
        }
    }
}

/// The table's state: the fold of the platform events.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Table {
    pub ruleset_id: String,
    pub options: Value,
    pub created_by: Uuid,
    pub seed_sha256: String,
    pub time_control: Option<TimeControl>,
    /// Who sits in each seat: (user id, username).
    pub seats: Vec<Option<(Uuid, String)>>,
    pub status: GameStatus,
    pub outcome: Option<Outcome>,
    /// The seats that agreed to abandon the game.
    pub abandon_agreed: Vec<Seat>,
    /// The revision of the rules the game is played under (1 when its first
    /// event names none).
    pub revision: u32,
    /// The seats that agreed to move the game to a newer revision, and to which.
    pub revision_agreed: Vec<(Seat, u32)>,
    /// The revision of a game whose first event names none, when whoever
    /// folds it knows better than revision 1 (its server knows which build
    /// created it); set before the first event is folded.
    pub assumed_revision: Option<u32>,
    /// The seats played by a computer player, and how strong each is.
    pub computers: Vec<(Seat, Strength)>,
    /// Whether the creator refused spectators: while the game is played,
    /// only its players may watch it.
    pub spectators_refused: bool,
    /// The seats that agreed to pause the game (until it is paused).
    pub pause_agreed: Vec<Seat>,
    /// Set while the game is paused by its players' agreement.
    pub paused: Option<Paused>,
    /// The seats whose players are on vacation, and until when.
    pub on_vacation: Vec<(Seat, DateTime<Utc>)>,
    /// What is left of the awaited players' time while a vacation holds
    /// their deadline. Kept by whoever runs the game's clock (the server's
    /// fold, which knows when each event was recorded), not by `evolve`.
    pub clock_held: Option<u32>,
    /// The seats offered to a substitute: their gone players no longer play them.
    pub offered: Vec<Seat>,
    /// The players each seat had before the one who holds it now (gone, and
    /// replaced by a substitute or a computer player), in order.
    pub replaced: Vec<(Seat, String)>,
    /// Who muted whom: (the seat that muted, the seat muted).
    #[serde(default)]
    pub muted: Vec<(Seat, Seat)>,
    /// A take-back asked and not yet granted; any rules event cancels it.
    #[serde(default)]
    pub takeback: Option<PendingTakeback>,
    /// The ranges of events (first and last seq) taken back: the fold of
    /// the rules skips their events.
    #[serde(default)]
    pub taken_back: Vec<(u64, u64)>,
    /// Whether a player takes back his last move without asking the others.
    #[serde(default)]
    pub takebacks_without_asking: bool,
}

/// A game standing still by its players' agreement.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Paused {
    /// What was left of the awaited players' time when it was paused.
    pub remaining_seconds: Option<u32>,
}

impl Table {
    /// The version of the table's serialised form (a snapshot keeps it):
    /// bump it whenever a change to `Table` changes what a serialised table
    /// means or how it reads, so that older snapshots are ignored.
    pub const STATE_VERSION: u32 = 8;

    /// Applies one platform event. Total: never fails.
    pub fn evolve(&mut self, event: &PlatformEvent) {
        match event {
            PlatformEvent::GameCreated {
                ruleset,
                options,
                seats,
                created_by,
                seed_sha256,
                time_control,
                revision,
                rated: _,
                spectators,
                takebacks,
            } => {
                self.ruleset_id.clone_from(ruleset);
                self.options = options.clone();
                self.seats = vec![None; usize::from(*seats)];
                self.created_by = *created_by;
                self.seed_sha256.clone_from(seed_sha256);
                self.time_control = *time_control;
                self.revision = revision.or(self.assumed_revision).unwrap_or(1);
                self.spectators_refused = *spectators == Some(false);
                self.takebacks_without_asking = *takebacks == Some(Takebacks::WithoutAsking);
            }
            PlatformEvent::PlayerJoined {
                seat,
                user_id,
                username,
                computer,
            } => {
                if let Some(slot) = self.seats.get_mut(seat.index()) {
                    *slot = Some((*user_id, username.clone()));
                }
                self.computers.retain(|(s, _)| s != seat);
                if let Some(strength) = computer {
                    self.computers.push((*seat, *strength));
                }
            }
            PlatformEvent::PlayerLeft { seat, .. } => {
                if let Some(slot) = self.seats.get_mut(seat.index()) {
                    *slot = None;
                }
                self.computers.retain(|(s, _)| s != seat);
            }
            PlatformEvent::GameStarted => self.status = GameStatus::Active,
            PlatformEvent::GameCancelled { .. } => self.status = GameStatus::Cancelled,
            PlatformEvent::PlayerResigned { .. } => {}
            PlatformEvent::AbandonAgreed { seat } => {
                if !self.abandon_agreed.contains(seat) {
                    self.abandon_agreed.push(*seat);
                }
            }
            PlatformEvent::GameEnded { outcome, .. } => {
                self.status = GameStatus::Finished;
                self.outcome = Some(outcome.clone());
            }
            PlatformEvent::RevisionAgreed { seat, to } => {
                self.revision_agreed.retain(|(s, _)| s != seat);
                self.revision_agreed.push((*seat, *to));
            }
            PlatformEvent::RulesRevised { to, .. } => {
                self.revision = *to;
                self.revision_agreed.clear();
            }
            PlatformEvent::SeatHandedOver {
                seat,
                user_id,
                username,
                computer,
                ..
            } => {
                self.replace_player(*seat, *user_id, username);
                self.computers.push((*seat, *computer));
            }
            PlatformEvent::VacationBegan { seat, until, .. } => {
                self.on_vacation.retain(|(s, _)| s != seat);
                self.on_vacation.push((*seat, *until));
            }
            PlatformEvent::VacationEnded { seat, .. } => {
                self.on_vacation.retain(|(s, _)| s != seat);
            }
            PlatformEvent::SeatOffered { seat, .. } => {
                if !self.offered.contains(seat) {
                    self.offered.push(*seat);
                }
                self.on_vacation.retain(|(s, _)| s != seat);
            }
            PlatformEvent::SubstituteSeated {
                seat,
                user_id,
                username,
                ..
            } => self.replace_player(*seat, *user_id, username),
            PlatformEvent::PauseAgreed { seat, .. } => {
                if !self.pause_agreed.contains(seat) {
                    self.pause_agreed.push(*seat);
                }
            }
            PlatformEvent::GamePaused { remaining_seconds } => {
                self.paused = Some(Paused {
                    remaining_seconds: *remaining_seconds,
                });
                self.pause_agreed.clear();
            }
            PlatformEvent::GameResumed { .. } => self.paused = None,
            PlatformEvent::MessageWritten { .. }
            | PlatformEvent::PlayerMuted { .. }
            | PlatformEvent::MessageWithheld { .. } => self.evolve_talk(event),
            PlatformEvent::TakebackAsked { .. }
            | PlatformEvent::TakebackAgreed { .. }
            | PlatformEvent::TakenBack { .. } => self.evolve_takeback(event),
        }
    }

    /// A new player at `seat` in a game under way, in the place of one who
    /// is gone: what the gone player agreed to or was (on vacation, offered)
    /// is not the newcomer's.
    fn replace_player(&mut self, seat: Seat, user_id: Uuid, username: &str) {
        if let Some(slot) = self.seats.get_mut(seat.index()) {
            if let Some((_, gone)) = slot.take() {
                self.replaced.push((seat, gone));
            }
            *slot = Some((user_id, username.to_owned()));
        }
        self.computers.retain(|(s, _)| *s != seat);
        self.offered.retain(|s| *s != seat);
        self.on_vacation.retain(|(s, _)| *s != seat);
        self.abandon_agreed.retain(|s| *s != seat);
        self.pause_agreed.retain(|s| *s != seat);
        self.revision_agreed.retain(|(s, _)| *s != seat);
    }

    /// The seat `user` plays: the one he holds, unless it is offered to a
    /// substitute because he is gone.
    pub fn seat_played_by(&self, user: Uuid) -> Option<Seat> {
        self.seat_of(user)
            .filter(|seat| !self.offered.contains(seat))
    }

    /// Who plays `seat`: its holder, unless he is gone and it is offered
    /// to a substitute.
    pub fn player_playing(&self, seat: Seat) -> Option<Uuid> {
        self.player_at(seat)
            .filter(|_| !self.offered.contains(&seat))
    }

    /// Until when the player of `seat` is on vacation, if he is.
    pub fn on_vacation_until(&self, seat: Seat) -> Option<DateTime<Utc>> {
        self.on_vacation
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, until)| *until)
    }

    /// Whether `seat` goes along with whatever the persons at the table
    /// agree: a computer player's, or one offered to a substitute.
    fn agrees_with_the_persons(&self, seat: Seat) -> bool {
        self.computer_at(seat).is_some() || self.offered.contains(&seat)
    }

    /// The seats that agreed to move the game to revision `to`.
    pub fn agreed_to_revision(&self, to: u32) -> impl Iterator<Item = Seat> + '_ {
        self.revision_agreed
            .iter()
            .filter(move |(_, agreed)| *agreed == to)
            .map(|(seat, _)| *seat)
    }

    /// The seat `user` holds.
    pub fn seat_of(&self, user: Uuid) -> Option<Seat> {
        self.seats
            .iter()
            .position(|s| s.as_ref().is_some_and(|(id, _)| *id == user))
            .map(|i| Seat(i as u8))
    }

    /// How strong the computer player at `seat` is; `None` for a person or a
    /// free seat.
    pub fn computer_at(&self, seat: Seat) -> Option<Strength> {
        self.computers
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|(_, strength)| *strength)
    }

    /// The free seat a newcomer takes: `seat` when it is free, else the first.
    fn free_seat(&self, seat: Option<Seat>) -> Result<Seat, TableRefusal> {
        match seat {
            Some(seat) => match self.seats.get(seat.index()) {
                None => {
                    let last = self.seats.len().saturating_sub(1) as u8;
                    Err(TableRefusal::NoSuchSeat { last })
                }
                Some(Some(_)) => Err(TableRefusal::SeatTaken(seat)),
                Some(None) => Ok(seat),
            },
            None => self
                .seats
                .iter()
                .position(Option::is_none)
                .map(|i| Seat(i as u8))
                .ok_or(TableRefusal::Full),
        }
    }

    /// The end of a game in which computer players are all that is left,
    /// every person's seat being out (a dead wizard) or handed over: the
    /// computers still in share the win. Without it such a game would go on
    /// for nobody, as long as the computers' play may wander.
    pub fn no_person_left(&self, seats_out: &[Seat]) -> Option<Outcome> {
        let is_computer = |seat: Seat| self.computers.iter().any(|(s, _)| *s == seat);
        let in_play: Vec<Seat> = (0..self.seats.len() as u8)
            .map(Seat)
            .filter(|seat| !seats_out.contains(seat))
            .collect();
        if self.computers.is_empty() || !in_play.iter().all(|seat| is_computer(*seat)) {
            return None;
        }
        let names: Vec<&str> = in_play
            .iter()
            .filter_map(|seat| self.seats.get(seat.index())?.as_ref())
            .map(|(_, name)| name.as_str())
            .collect();
        Some(Outcome {
            winners: in_play,
            summary: format!(
                "No person is left in the game; the computer players still in it share the win: {}",
                names.join(", ")
            ),
        })
    }

    /// Who holds `seat`.
    pub fn player_at(&self, seat: Seat) -> Option<Uuid> {
        self.seats
            .get(seat.index())
            .and_then(|s| s.as_ref().map(|(id, _)| *id))
    }

    /// Refuses unless the game still waits for players.
    fn require_open(&self) -> Result<(), TableRefusal> {
        match self.status {
            GameStatus::Open => Ok(()),
            GameStatus::Active => Err(TableRefusal::AlreadyStarted),
            GameStatus::Finished => Err(TableRefusal::Over),
            GameStatus::Cancelled => Err(TableRefusal::Cancelled),
        }
    }

    /// Refuses unless the game is being played.
    fn require_active(&self) -> Result<(), TableRefusal> {
        match self.status {
            GameStatus::Active => Ok(()),
            GameStatus::Open => Err(TableRefusal::NotStarted),
            GameStatus::Finished => Err(TableRefusal::Over),
            GameStatus::Cancelled => Err(TableRefusal::Cancelled),
        }
    }

    /// Refuses unless the game is being played and not paused.
    fn require_playing(&self) -> Result<(), TableRefusal> {
        self.require_active()?;
        match self.paused {
            Some(_) => Err(TableRefusal::Paused),
            None => Ok(()),
        }
    }
}

/// A command to a game: to its table, or to its rules (as the ruleset's JSON).
#[derive(Debug, Clone, PartialEq)]
pub enum GameCommand {
    Table(TableCommand),
    Rules(Value),
}

/// An event of a game's log: the table's, or the rules' (as the ruleset's JSON).
#[derive(Debug, Clone, PartialEq)]
pub enum GameEvent {
    Platform(PlatformEvent),
    Rules(Value),
}

/// Why a batch was refused.
#[derive(Debug, Clone, thiserror::Error)]
pub enum BatchRefusal {
    #[error(transparent)]
    Table(#[from] TableRefusal),
    #[error(transparent)]
    Rules(#[from] Refusal),
    /// The ruleset could not set the game up when it started.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// The ruleset decided an event it cannot read back: a bug in the ruleset.
    #[error(transparent)]
    Undecodable(#[from] EventDecodeError),
}

/// A game as the batch decider sees it.
#[derive(Clone, Copy)]
pub struct Position<'a> {
    pub table: &'a Table,
    pub rules: &'a dyn DynGame,
    pub seed: &'a Seed,
    /// The seq of the game's last event; the batch's events follow it.
    pub version: u64,
}

/// Folds one event into the table and the rules.
///
/// # Errors
/// `EventDecodeError` when a rules event is not an event of the game's ruleset,
/// or the log names a ruleset or revision this build does not know.
pub fn apply(
    table: &mut Table,
    rules: &mut Box<dyn DynGame>,
    event: &GameEvent,
) -> Result<(), EventDecodeError> {
    match event {
        GameEvent::Platform(event) => apply_platform(table, rules, event),
        GameEvent::Rules(event) => {
            // A new action cancels a take-back asked before it.
            table.takeback = None;
            rules.apply(event)
        }
    }
}

/// Folds one platform event into the table and, where it says which rules
/// play the game, into the rules.
///
/// This is the one place that says which code plays a game: the engine of
/// the revision its first event names, until its players agree on a newer one.
///
/// # Errors
/// `EventDecodeError` when the log names a ruleset or revision this build
/// does not know.
pub fn apply_platform(
    table: &mut Table,
    rules: &mut Box<dyn DynGame>,
    event: &PlatformEvent,
) -> Result<(), EventDecodeError> {
    table.evolve(event);
    match event {
        PlatformEvent::GameCreated { .. } => *rules = table.engine()?.new_game(),
        PlatformEvent::RulesRevised { .. } => *rules = rules.revised(table.engine()?),
        _ => {}
    }
    Ok(())
}

impl Table {
    /// The engine that plays the game now: its ruleset at its revision.
    ///
    /// # Errors
    /// `EventDecodeError` when this build does not know the ruleset or revision.
    pub fn engine(&self) -> Result<&'static dyn DynRuleset, EventDecodeError> {
        registry::find_revision(&self.ruleset_id, self.revision).map_err(|unknown| {
            EventDecodeError {
                ruleset: "table",
                reason: unknown.to_string(),
            }
        })
    }
}

/// Decides `commands` sent by `actor` (a user id), all or nothing: the events
/// they produce, with `game_ended` appended when they finish the game.
///
/// Each command draws from the random stream of the seq its own events start
/// at, so anyone holding the seed re-runs the batch to the same events.
///
/// # Errors
/// The first refusal, by the table or by the rules; nothing is decided then.
pub fn decide_batch(
    game: Position<'_>,
    actor: Uuid,
    commands: &[GameCommand],
) -> Result<Vec<GameEvent>, BatchRefusal> {
    let mut table = game.table.clone();
    let mut rules = game.rules.clone_game();
    let mut events: Vec<GameEvent> = Vec::new();
    for command in commands {
        let seq = game.version + 1 + events.len() as u64;
        let mut rng = GameRng::for_command(game.seed, seq);
        let decided = match command {
            GameCommand::Table(command) => decide_table(&table, game, actor, command, &mut rng)?,
            GameCommand::Rules(command) => {
                let seat = table.seat_of(actor).ok_or(TableRefusal::NotAPlayer)?;
                // A seat offered to a substitute plays only its timeout
                // moves, which the server plays when its deadlines pass.
                if table.offered.contains(&seat)
                    && rules.timeout_command(seat).as_ref() != Some(command)
                {
                    return Err(TableRefusal::NotAPlayer.into());
                }
                table.require_playing()?;
                rules
                    .decide(seat, command, &mut rng)?
                    .into_iter()
                    .map(GameEvent::Rules)
                    .collect()
            }
        };
        for event in &decided {
            apply(&mut table, &mut rules, event)?;
        }
        events.extend(decided);
    }
    // The rules' end is checked once the whole batch is decided, as it always was.
    if table.status == GameStatus::Active
        && let Some(outcome) = rules
            .outcome()
            .or_else(|| table.no_person_left(&rules.seats_out()))
    {
        events.push(GameEvent::Platform(PlatformEvent::GameEnded {
            outcome,
            seed: hex::encode(game.seed),
        }));
    }
    Ok(events)
}

fn decide_table(
    table: &Table,
    game: Position<'_>,
    actor: Uuid,
    command: &TableCommand,
    rng: &mut GameRng,
) -> Result<Vec<GameEvent>, BatchRefusal> {
    let platform = |event| vec![GameEvent::Platform(event)];
    match command {
        TableCommand::Join { seat, username } => {
            if table.status == GameStatus::Active && !table.offered.is_empty() {
                return Ok(platform(table.substitute(actor, *seat, username)?));
            }
            table.require_open()?;
            if table.seat_of(actor).is_some() {
                return Err(TableRefusal::AlreadySeated.into());
            }
            Ok(platform(PlatformEvent::PlayerJoined {
                seat: table.free_seat(*seat)?,
                user_id: actor,
                username: username.clone(),
                computer: None,
            }))
        }
        TableCommand::SeatComputer {
            seat,
            user_id,
            username,
            strength,
        } => {
            if actor != table.created_by {
                return Err(TableRefusal::NotTheCreatorToSeatComputers.into());
            }
            table.require_open()?;
            if table.seat_of(*user_id).is_some() {
                return Err(TableRefusal::AlreadySeated.into());
            }
            Ok(platform(PlatformEvent::PlayerJoined {
                seat: table.free_seat(*seat)?,
                user_id: *user_id,
                username: username.clone(),
                computer: Some(*strength),
            }))
        }
        TableCommand::HandOverToComputer {
            user_id,
            username,
            strength,
        } => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            if table.seat_of(*user_id).is_some() {
                return Err(TableRefusal::AlreadySeated.into());
            }
            Ok(platform(PlatformEvent::SeatHandedOver {
                seat,
                from: actor,
                user_id: *user_id,
                username: username.clone(),
                computer: *strength,
            }))
        }
        TableCommand::Leave => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            if table.status == GameStatus::Active {
                let then = table.time_control.and_then(|t| t.when_gone).map(|w| w.then);
                match then {
                    Some(GoneThen::Substitute) => {
                        return Ok(platform(PlatformEvent::SeatOffered {
                            seat,
                            gone_user: actor,
                        }));
                    }
                    Some(GoneThen::Resign) => {
                        return decide_table(table, game, actor, &TableCommand::Resign, rng);
                    }
                    Some(GoneThen::Computer) | None => {}
                }
            }
            table.require_open()?;
            Ok(platform(PlatformEvent::PlayerLeft {
                seat,
                user_id: actor,
            }))
        }
        TableCommand::Start => {
            if table.seat_of(actor).is_none() {
                return Err(TableRefusal::NotAPlayer.into());
            }
            table.require_open()?;
            if table.seats.iter().any(Option::is_none) {
                return Err(TableRefusal::NotFull.into());
            }
            let setup = table
                .engine()?
                .setup(&table.options, table.seats.len() as u8, rng)?;
            let mut events = platform(PlatformEvent::GameStarted);
            events.extend(setup.into_iter().map(GameEvent::Rules));
            Ok(events)
        }
        TableCommand::Cancel => {
            if actor != table.created_by {
                return Err(TableRefusal::NotTheCreator.into());
            }
            table.require_open()?;
            Ok(platform(PlatformEvent::GameCancelled { by: actor }))
        }
        TableCommand::Resign => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            let winners: Vec<Seat> = (0..table.seats.len() as u8)
                .map(Seat)
                .filter(|s| *s != seat)
                .collect();
            let name = table.seats[seat.index()]
                .as_ref()
                .map_or("", |(_, name)| name.as_str());
            let summary = match winners.as_slice() {
                [winner] => format!("{name} ({seat}) resigned; {winner} wins"),
                _ => format!("{name} ({seat}) resigned; the other players share the win"),
            };
            Ok(vec![
                GameEvent::Platform(PlatformEvent::PlayerResigned { seat }),
                GameEvent::Platform(PlatformEvent::GameEnded {
                    outcome: Outcome { winners, summary },
                    seed: hex::encode(game.seed),
                }),
            ])
        }
        TableCommand::Abandon => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            if table.abandon_agreed.contains(&seat) {
                return Err(TableRefusal::AlreadyAgreed.into());
            }
            let mut events = platform(PlatformEvent::AbandonAgreed { seat });
            let everyone = (0..table.seats.len() as u8).map(Seat).all(|s| {
                s == seat || table.abandon_agreed.contains(&s) || table.offered.contains(&s)
            });
            if everyone {
                events.push(GameEvent::Platform(PlatformEvent::GameEnded {
                    outcome: Outcome {
                        winners: vec![],
                        summary: "Every player agreed to abandon the game; nobody won".into(),
                    },
                    seed: hex::encode(game.seed),
                }));
            }
            Ok(events)
        }
        TableCommand::Pause { remaining_seconds } => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_playing()?;
            if table.pause_agreed.contains(&seat) {
                return Err(TableRefusal::AlreadyAgreedToPause.into());
            }
            let mut events = platform(PlatformEvent::PauseAgreed {
                seat,
                remaining_seconds: *remaining_seconds,
            });
            let everyone = (0..table.seats.len() as u8).map(Seat).all(|s| {
                s == seat || table.pause_agreed.contains(&s) || table.agrees_with_the_persons(s)
            });
            if everyone {
                events.push(GameEvent::Platform(PlatformEvent::GamePaused {
                    remaining_seconds: *remaining_seconds,
                }));
            }
            Ok(events)
        }
        TableCommand::Resume => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            let paused = table.paused.ok_or(TableRefusal::NotPaused)?;
            Ok(platform(PlatformEvent::GameResumed {
                seat,
                remaining_seconds: paused.remaining_seconds,
            }))
        }
        TableCommand::BeginVacation {
            until,
            remaining_seconds,
        } => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            if table.on_vacation_until(seat).is_some() {
                return Err(TableRefusal::AlreadyOnVacation.into());
            }
            Ok(platform(PlatformEvent::VacationBegan {
                seat,
                until: *until,
                remaining_seconds: *remaining_seconds,
            }))
        }
        TableCommand::EndVacation { remaining_seconds } => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            if table.on_vacation_until(seat).is_none() {
                return Err(TableRefusal::NotOnVacation.into());
            }
            Ok(platform(PlatformEvent::VacationEnded {
                seat,
                remaining_seconds: *remaining_seconds,
            }))
        }
        TableCommand::OfferSeat => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            Ok(platform(PlatformEvent::SeatOffered {
                seat,
                gone_user: actor,
            }))
        }
        TableCommand::MoveToNewestRules => {
            let seat = table
                .seat_played_by(actor)
                .ok_or(TableRefusal::NotAPlayer)?;
            table.require_active()?;
            let newest = table
                .engine()?
                .revisions()
                .last()
                .map_or(table.revision, |r| r.number);
            if table.revision >= newest {
                return Err(TableRefusal::AlreadyNewestRules(table.revision).into());
            }
            if table.agreed_to_revision(newest).any(|s| s == seat) {
                return Err(TableRefusal::AlreadyAgreedToRevise(newest).into());
            }
            if !game.rules.revisable() {
                return Err(TableRefusal::CannotRevise(table.revision).into());
            }
            let mut events = platform(PlatformEvent::RevisionAgreed { seat, to: newest });
            let everyone = (0..table.seats.len() as u8)
                .map(Seat)
                .all(|s| s == seat || table.agreed_to_revision(newest).any(|a| a == s));
            if everyone {
                events.push(GameEvent::Platform(PlatformEvent::RulesRevised {
                    from: table.revision,
                    to: newest,
                }));
            }
            Ok(events)
        }
        TableCommand::WriteMessage { .. } | TableCommand::Mute { .. } => {
            Ok(platform(talk::decide(table, actor, command)?))
        }
        TableCommand::AskTakeback { .. } | TableCommand::AgreeTakeback => {
            Ok(takeback::decide(table, game.version, actor, command)?)
        }
    }
}

impl Table {
    /// `actor` takes the offered seat `seat` (or the first offered one) of a
    /// game under way, as a substitute.
    fn substitute(
        &self,
        actor: Uuid,
        seat: Option<Seat>,
        username: &str,
    ) -> Result<PlatformEvent, TableRefusal> {
        if self.seat_of(actor).is_some() {
            return Err(TableRefusal::AlreadySeated);
        }
        let seat = match seat {
            None => *self.offered.first().ok_or(TableRefusal::NoSeatOffered)?,
            Some(seat) if self.offered.contains(&seat) => seat,
            Some(seat) if seat.index() >= self.seats.len() => {
                let last = self.seats.len().saturating_sub(1) as u8;
                return Err(TableRefusal::NoSuchSeat { last });
            }
            Some(seat) => return Err(TableRefusal::SeatTaken(seat)),
        };
        Ok(PlatformEvent::SubstituteSeated {
            seat,
            from: self.player_at(seat).unwrap_or_default(),
            user_id: actor,
            username: username.to_owned(),
        })
    }

    /// The players' names by seat, as they sit now.
    pub fn seat_names(&self) -> SeatNames {
        SeatNames::new(
            self.seats
                .iter()
                .map(|s| s.as_ref().map(|(_, name)| name.clone()))
                .collect(),
        )
    }
}

impl PlatformEvent {
    /// The event in one sentence. Only what the event itself says is told:
    /// the table's seats may have changed since (a player who left).
    pub fn narrate(&self, names: &SeatNames) -> String {
        match self {
            PlatformEvent::GameCreated { ruleset, seats, .. } => {
                format!("A game of {ruleset} for {seats} players is created.")
            }
            PlatformEvent::PlayerJoined {
                seat,
                username,
                computer: None,
                ..
            } => format!("{username} takes seat {}.", seat.0),
            PlatformEvent::PlayerJoined {
                seat,
                username,
                computer: Some(strength),
                ..
            } => {
                let kind = match strength {
                    Strength::Random => "a computer player making random moves",
                    Strength::Heuristic => "a computer player",
                };
                format!("{username}, {kind}, takes seat {}.", seat.0)
            }
            PlatformEvent::GameStarted => "The game begins.".to_owned(),
            PlatformEvent::GameEnded { outcome, .. } => {
                let winners: Vec<String> = outcome.winners.iter().map(|s| names.of(*s)).collect();
                match winners.as_slice() {
                    [] => "The game is over: nobody wins.".to_owned(),
                    [one] => format!("The game is over: {one} wins."),
                    [init @ .., last] => {
                        format!("The game is over: {} and {last} win.", init.join(", "))
                    }
                }
            }
            PlatformEvent::PlayerLeft { seat, .. } => {
                format!(
                    "The player in seat {} leaves; the seat is free again.",
                    seat.0
                )
            }
            PlatformEvent::GameCancelled { .. } => "The game is called off.".to_owned(),
            PlatformEvent::PlayerResigned { seat } => {
                format!("{} resigns.", names.of(*seat))
            }
            PlatformEvent::AbandonAgreed { seat } => {
                format!("{} agrees to abandon the game.", names.of(*seat))
            }
            PlatformEvent::RevisionAgreed { seat, to } => {
                format!(
                    "{} agrees to play on under revision {to} of the rules.",
                    names.of(*seat)
                )
            }
            PlatformEvent::RulesRevised { from, to } => {
                format!(
                    "Every player agreed: the game moves from revision {from} to revision {to} of the rules."
                )
            }
            PlatformEvent::PauseAgreed { seat, .. } => {
                format!("{} agrees to pause the game.", names.of(*seat))
            }
            PlatformEvent::GamePaused { .. } => {
                "Every player agreed: the game is paused, its deadlines stopped, until a player \
                 resumes it."
                    .to_owned()
            }
            PlatformEvent::GameResumed { seat, .. } => format!(
                "{} resumes the game; the awaited players have the time they had left.",
                names.of(*seat)
            ),
            PlatformEvent::VacationBegan { seat, until, .. } => format!(
                "{} is on vacation until {}: while the game awaits him, his time stands still.",
                names.of(*seat),
                until.format("%Y-%m-%d %H:%M UTC")
            ),
            PlatformEvent::VacationEnded { seat, .. } => format!(
                "{} is back from vacation: his time runs again from where it stood.",
                names.of(*seat)
            ),
            PlatformEvent::SeatOffered { seat, .. } => format!(
                "The player of seat {} is gone: the seat is open to a substitute; until one takes \
                 it, its timeout moves are played when its deadlines pass.",
                seat.0
            ),
            PlatformEvent::SubstituteSeated { seat, username, .. } => format!(
                "{username} takes seat {} as a substitute, hand and all, and plays it from here on.",
                seat.0
            ),
            PlatformEvent::SeatHandedOver { seat, username, .. } => format!(
                "The player of seat {} missed too many deadlines in a row: {username}, a computer \
                 player, plays the seat from here on.",
                seat.0
            ),
            PlatformEvent::MessageWritten { .. }
            | PlatformEvent::PlayerMuted { .. }
            | PlatformEvent::MessageWithheld { .. } => talk::narrate(self, names),
            PlatformEvent::TakebackAsked { .. }
            | PlatformEvent::TakebackAgreed { .. }
            | PlatformEvent::TakenBack { .. } => takeback::narrate(self, names),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::registry;

    const SEED: Seed = [9; 32];

    fn user(n: u128) -> Uuid {
        Uuid::from_u128(n)
    }

    /// A table and its rules, driven by events like a game's log.
    struct Given {
        table: Table,
        rules: Box<dyn DynGame>,
        version: u64,
    }

    fn firewall() -> &'static dyn DynRuleset {
        registry::find("firewall-duel").unwrap()
    }

    /// A two-seat Fire Wall duel created by user 1, with `seated` users seated in order.
    fn given(seated: &[u128]) -> Given {
        given_game("firewall-duel", Some(1), seated)
    }

    /// A two-seat game of `ruleset` under `revision` created by user 1, with
    /// `seated` users seated in order.
    fn given_game(ruleset: &str, revision: Option<u32>, seated: &[u128]) -> Given {
        let engine = registry::find_revision(ruleset, revision.unwrap_or(1)).unwrap();
        let mut given = Given {
            table: Table::default(),
            rules: firewall().new_game(),
            version: 0,
        };
        given.then_apply(vec![GameEvent::Platform(PlatformEvent::GameCreated {
            ruleset: ruleset.into(),
            options: engine.normalize_options(&Value::Null).unwrap(),
            seats: 2,
            created_by: user(1),
            seed_sha256: crate::rng::seed_commitment(&SEED),
            time_control: None,
            revision,
            rated: None,
            spectators: None,
            takebacks: None,
        })]);
        for (seat, id) in seated.iter().enumerate() {
            given.then_apply(vec![GameEvent::Platform(PlatformEvent::PlayerJoined {
                seat: Seat(seat as u8),
                user_id: user(*id),
                username: format!("user{id}"),
                computer: None,
            })]);
        }
        given
    }

    impl Given {
        fn when(&self, actor: u128, command: TableCommand) -> Result<Vec<GameEvent>, BatchRefusal> {
            self.when_any(actor, GameCommand::Table(command))
        }

        fn when_rules(&self, actor: u128, command: Value) -> Result<Vec<GameEvent>, BatchRefusal> {
            self.when_any(actor, GameCommand::Rules(command))
        }

        fn when_any(
            &self,
            actor: u128,
            command: GameCommand,
        ) -> Result<Vec<GameEvent>, BatchRefusal> {
            decide_batch(
                Position {
                    table: &self.table,
                    rules: self.rules.as_ref(),
                    seed: &SEED,
                    version: self.version,
                },
                user(actor),
                &[command],
            )
        }

        fn then_apply(&mut self, events: Vec<GameEvent>) -> &mut Self {
            for event in &events {
                apply(&mut self.table, &mut self.rules, event).unwrap();
            }
            self.version += events.len() as u64;
            self
        }

        fn started(mut self) -> Self {
            let events = self.when(1, TableCommand::Start).unwrap();
            self.then_apply(events);
            self
        }
    }

    fn refusal(result: Result<Vec<GameEvent>, BatchRefusal>) -> TableRefusal {
        match result {
            Err(BatchRefusal::Table(refusal)) => refusal,
            other => panic!("expected a table refusal, got {other:?}"),
        }
    }

    fn join(seat: Option<u8>) -> TableCommand {
        TableCommand::Join {
            seat: seat.map(Seat),
            username: "newcomer".into(),
        }
    }

    #[test]
    fn a_newcomer_takes_the_first_free_seat() {
        let events = given(&[1]).when(2, join(None)).unwrap();
        assert_eq!(
            events,
            [GameEvent::Platform(PlatformEvent::PlayerJoined {
                seat: Seat(1),
                user_id: user(2),
                username: "newcomer".into(),
                computer: None,
            })]
        );
    }

    fn computer(user_id: u128) -> TableCommand {
        TableCommand::SeatComputer {
            seat: None,
            user_id: user(user_id),
            username: format!("computer{user_id}"),
            strength: Strength::Heuristic,
        }
    }

    #[test]
    fn the_creator_seats_a_computer_player_which_the_table_then_knows_as_one() {
        let mut game = given(&[1]);
        let events = game.when(1, computer(9)).unwrap();
        game.then_apply(events);
        assert_eq!(game.table.seat_of(user(9)), Some(Seat(1)));
        assert_eq!(game.table.computer_at(Seat(1)), Some(Strength::Heuristic));
        assert_eq!(game.table.computer_at(Seat(0)), None);
        let started = game.started();
        assert_eq!(started.table.status, GameStatus::Active);
    }

    #[test]
    fn only_the_creator_seats_a_computer_and_only_in_a_free_seat_before_the_start() {
        assert_eq!(
            refusal(given(&[1]).when(2, computer(9))),
            TableRefusal::NotTheCreatorToSeatComputers
        );
        assert_eq!(
            refusal(given(&[1, 2]).when(1, computer(9))),
            TableRefusal::Full
        );
        assert_eq!(
            refusal(given(&[1, 2]).started().when(1, computer(9))),
            TableRefusal::AlreadyStarted
        );
        assert_eq!(
            refusal(given(&[1]).when(1, computer(1))),
            TableRefusal::AlreadySeated
        );
    }

    #[test]
    fn a_gone_player_hands_his_seat_in_a_game_under_way_to_a_computer_player() {
        let hand_over = TableCommand::HandOverToComputer {
            user_id: user(9),
            username: "computer9".into(),
            strength: Strength::Heuristic,
        };
        assert_eq!(
            refusal(given(&[1, 2]).when(2, hand_over.clone())),
            TableRefusal::NotStarted
        );
        let mut game = given(&[1, 2]).started();
        let events = game.when(2, hand_over.clone()).unwrap();
        game.then_apply(events);
        assert_eq!(game.table.seat_of(user(2)), None, "he is gone");
        assert_eq!(game.table.seat_of(user(9)), Some(Seat(1)));
        assert_eq!(game.table.computer_at(Seat(1)), Some(Strength::Heuristic));
        assert_eq!(game.table.status, GameStatus::Active);
        assert_eq!(refusal(game.when(3, hand_over)), TableRefusal::NotAPlayer);
    }

    #[test]
    fn a_game_whose_last_person_hands_over_to_a_computer_ends_with_the_computers_sharing_the_win() {
        let mut game = given(&[1]);
        let seated = game.when(1, computer(9)).unwrap();
        game.then_apply(seated);
        let mut game = game.started();
        let events = game
            .when(
                1,
                TableCommand::HandOverToComputer {
                    user_id: user(10),
                    username: "computer10".into(),
                    strength: Strength::Random,
                },
            )
            .unwrap();
        let Some(GameEvent::Platform(PlatformEvent::GameEnded { outcome, .. })) = events.last()
        else {
            panic!("the game goes on for nobody: {events:?}");
        };
        assert_eq!(outcome.winners, [Seat(0), Seat(1)]);
        assert!(
            outcome.summary.starts_with("No person is left"),
            "{outcome:?}"
        );
        game.then_apply(events);
        assert_eq!(game.table.status, GameStatus::Finished);
    }

    #[test]
    fn a_person_still_in_keeps_a_game_with_computers_going_and_one_out_does_not() {
        let mut game = given(&[1]);
        let seated = game.when(1, computer(9)).unwrap();
        game.then_apply(seated);
        let table = &game.started().table;
        assert_eq!(table.no_person_left(&[]), None);
        assert_eq!(
            table.no_person_left(&[Seat(1)]),
            None,
            "the person plays on"
        );
        let ended = table
            .no_person_left(&[Seat(0)])
            .expect("only a computer is left");
        assert_eq!(ended.winners, [Seat(1)]);
        assert_eq!(
            given(&[1, 2])
                .started()
                .table
                .no_person_left(&[Seat(0), Seat(1)]),
            None
        );
    }

    fn pause(remaining_seconds: Option<u32>) -> TableCommand {
        TableCommand::Pause { remaining_seconds }
    }

    #[test]
    fn a_game_is_paused_once_every_player_agrees_and_any_player_resumes_it_with_the_time_left() {
        let mut game = given(&[1, 2]).started();
        let first = game.when(1, pause(Some(600))).unwrap();
        assert_eq!(
            first,
            [GameEvent::Platform(PlatformEvent::PauseAgreed {
                seat: Seat(0),
                remaining_seconds: Some(600)
            })]
        );
        game.then_apply(first);
        assert_eq!(game.table.paused, None, "one agreement does not pause it");
        assert_eq!(
            refusal(game.when(1, pause(Some(500)))),
            TableRefusal::AlreadyAgreedToPause
        );
        let second = game.when(2, pause(Some(540))).unwrap();
        assert_eq!(
            second.last(),
            Some(&GameEvent::Platform(PlatformEvent::GamePaused {
                remaining_seconds: Some(540)
            }))
        );
        game.then_apply(second);
        assert_eq!(
            game.table.paused,
            Some(Paused {
                remaining_seconds: Some(540)
            })
        );
        assert!(game.table.pause_agreed.is_empty());
        assert_eq!(refusal(game.when(1, pause(None))), TableRefusal::Paused);
        let resumed = game.when(1, TableCommand::Resume).unwrap();
        assert_eq!(
            resumed,
            [GameEvent::Platform(PlatformEvent::GameResumed {
                seat: Seat(0),
                remaining_seconds: Some(540)
            })]
        );
        game.then_apply(resumed);
        assert_eq!(game.table.paused, None);
        assert_eq!(
            refusal(game.when(2, TableCommand::Resume)),
            TableRefusal::NotPaused
        );
    }

    fn vacation_until() -> DateTime<Utc> {
        DateTime::from_timestamp(1_800_000_000, 0).unwrap()
    }

    #[test]
    fn a_player_goes_on_vacation_once_and_comes_back_once() {
        let mut game = given(&[1, 2]).started();
        let begin = TableCommand::BeginVacation {
            until: vacation_until(),
            remaining_seconds: Some(300),
        };
        let began = game.when(2, begin.clone()).unwrap();
        assert_eq!(
            began,
            [GameEvent::Platform(PlatformEvent::VacationBegan {
                seat: Seat(1),
                until: vacation_until(),
                remaining_seconds: Some(300)
            })]
        );
        game.then_apply(began);
        assert_eq!(
            game.table.on_vacation_until(Seat(1)),
            Some(vacation_until())
        );
        assert_eq!(
            refusal(game.when(2, begin)),
            TableRefusal::AlreadyOnVacation
        );
        let end = TableCommand::EndVacation {
            remaining_seconds: Some(300),
        };
        assert_eq!(
            refusal(game.when(1, end.clone())),
            TableRefusal::NotOnVacation
        );
        let ended = game.when(2, end.clone()).unwrap();
        game.then_apply(ended);
        assert_eq!(game.table.on_vacation_until(Seat(1)), None);
        assert_eq!(refusal(game.when(2, end)), TableRefusal::NotOnVacation);
    }

    #[test]
    fn a_gone_players_seat_is_offered_and_a_substitute_takes_it_hand_and_all() {
        let mut game = given(&[1, 2]).started();
        let offered = game.when(2, TableCommand::OfferSeat).unwrap();
        assert_eq!(
            offered,
            [GameEvent::Platform(PlatformEvent::SeatOffered {
                seat: Seat(1),
                gone_user: user(2)
            })]
        );
        game.then_apply(offered);
        assert_eq!(game.table.seat_played_by(user(2)), None, "he is gone");
        assert_eq!(
            refusal(game.when(2, TableCommand::Resign)),
            TableRefusal::NotAPlayer
        );
        // The seat plays only its timeout move until someone takes it.
        let timeout = game.rules.timeout_command(Seat(1)).expect("a timeout move");
        let other = game
            .rules
            .legal_commands(Seat(1))
            .into_iter()
            .find(|c| *c != timeout)
            .expect("another move");
        assert_eq!(refusal(game.when_rules(2, other)), TableRefusal::NotAPlayer);
        assert!(game.when_rules(2, timeout).is_ok());
        assert_eq!(
            refusal(game.when(1, join(None))),
            TableRefusal::AlreadySeated
        );
        assert_eq!(
            refusal(game.when(3, join(Some(0)))),
            TableRefusal::SeatTaken(Seat(0))
        );
        let taken = game.when(3, join(None)).unwrap();
        assert_eq!(
            taken,
            [GameEvent::Platform(PlatformEvent::SubstituteSeated {
                seat: Seat(1),
                from: user(2),
                user_id: user(3),
                username: "newcomer".into()
            })]
        );
        game.then_apply(taken);
        assert_eq!(game.table.seat_played_by(user(3)), Some(Seat(1)));
        assert_eq!(game.table.seat_of(user(2)), None);
        assert_eq!(game.table.replaced, [(Seat(1), "user2".to_owned())]);
        assert_eq!(
            refusal(game.when(4, join(None))),
            TableRefusal::AlreadyStarted
        );
    }

    #[test]
    fn a_paused_game_refuses_every_move_until_it_is_resumed() {
        let mut game = given(&[1, 2]).started();
        for user in [1, 2] {
            let agreed = game.when(user, pause(None)).unwrap();
            game.then_apply(agreed);
        }
        let command = game
            .rules
            .legal_commands(Seat(0))
            .into_iter()
            .next()
            .expect("seat 0 has a move");
        let refused = game.when_rules(1, command);
        assert!(
            matches!(refused, Err(BatchRefusal::Table(TableRefusal::Paused))),
            "{refused:?}"
        );
    }

    #[test]
    fn computer_players_agree_to_pause_whatever_the_persons_agree() {
        let mut game = given(&[1]);
        let seated = game.when(1, computer(9)).unwrap();
        game.then_apply(seated);
        let game = game.started();
        let events = game.when(1, pause(None)).unwrap();
        assert_eq!(
            events.last(),
            Some(&GameEvent::Platform(PlatformEvent::GamePaused {
                remaining_seconds: None
            }))
        );
    }

    #[test]
    fn the_table_refuses_what_its_rules_forbid_with_a_code_each() {
        let open = given(&[1]);
        let full = given(&[1, 2]);
        let started = given(&[1, 2]).started();
        let cases: Vec<(&Given, u128, TableCommand, TableRefusal)> = vec![
            (&open, 1, join(None), TableRefusal::AlreadySeated),
            (
                &open,
                2,
                join(Some(5)),
                TableRefusal::NoSuchSeat { last: 1 },
            ),
            (&open, 2, join(Some(0)), TableRefusal::SeatTaken(Seat(0))),
            (&full, 3, join(None), TableRefusal::Full),
            (&started, 3, join(None), TableRefusal::AlreadyStarted),
            (&open, 1, TableCommand::Start, TableRefusal::NotFull),
            (&open, 2, TableCommand::Start, TableRefusal::NotAPlayer),
            (
                &started,
                1,
                TableCommand::Start,
                TableRefusal::AlreadyStarted,
            ),
            (&open, 2, TableCommand::Leave, TableRefusal::NotAPlayer),
            (
                &started,
                2,
                TableCommand::Leave,
                TableRefusal::AlreadyStarted,
            ),
            (&full, 2, TableCommand::Cancel, TableRefusal::NotTheCreator),
            (
                &started,
                1,
                TableCommand::Cancel,
                TableRefusal::AlreadyStarted,
            ),
            (&full, 1, TableCommand::Resign, TableRefusal::NotStarted),
            (&started, 3, TableCommand::Resign, TableRefusal::NotAPlayer),
        ];
        for (given, actor, command, expected) in cases {
            let refused = refusal(given.when(actor, command.clone()));
            assert_eq!(refused, expected, "{command:?} by user {actor}");
            assert!(!refused.code().is_empty() && refused.code() == refused.code().to_lowercase());
        }
    }

    #[test]
    fn a_player_who_leaves_frees_his_seat_for_someone_else() {
        let mut game = given(&[1, 2]);
        let left = game.when(2, TableCommand::Leave).unwrap();
        assert_eq!(
            left,
            [GameEvent::Platform(PlatformEvent::PlayerLeft {
                seat: Seat(1),
                user_id: user(2),
            })]
        );
        game.then_apply(left);
        assert_eq!(game.table.seats[1], None);
        let joined = game.when(3, join(None)).unwrap();
        game.then_apply(joined);
        assert_eq!(game.table.seat_of(user(3)), Some(Seat(1)));
    }

    #[test]
    fn a_cancelled_game_takes_nothing_more() {
        let mut game = given(&[1]);
        let cancelled = game.when(1, TableCommand::Cancel).unwrap();
        game.then_apply(cancelled);
        assert_eq!(game.table.status, GameStatus::Cancelled);
        for (actor, command) in [
            (2, join(None)),
            (1, TableCommand::Start),
            (1, TableCommand::Cancel),
        ] {
            assert_eq!(refusal(game.when(actor, command)), TableRefusal::Cancelled);
        }
    }

    #[test]
    fn starting_sets_the_game_up_with_the_stream_of_the_start_event() {
        let game = given(&[1, 2]);
        let events = game.when(1, TableCommand::Start).unwrap();
        assert_eq!(events[0], GameEvent::Platform(PlatformEvent::GameStarted));
        let mut rng = GameRng::for_command(&SEED, game.version + 1);
        let setup = firewall().setup(&game.table.options, 2, &mut rng).unwrap();
        let rules: Vec<Value> = events[1..]
            .iter()
            .map(|e| match e {
                GameEvent::Rules(e) => e.clone(),
                GameEvent::Platform(e) => panic!("only rules events follow the start: {e:?}"),
            })
            .collect();
        assert_eq!(rules, setup);
    }

    #[test]
    fn resigning_ends_the_game_and_the_other_player_wins() {
        let mut game = given(&[1, 2]).started();
        let events = game.when(1, TableCommand::Resign).unwrap();
        assert_eq!(
            events[0],
            GameEvent::Platform(PlatformEvent::PlayerResigned { seat: Seat(0) })
        );
        let GameEvent::Platform(PlatformEvent::GameEnded { outcome, seed }) = &events[1] else {
            panic!("the game ends: {events:?}");
        };
        assert_eq!(outcome.winners, [Seat(1)]);
        assert!(outcome.summary.contains("resigned"), "{}", outcome.summary);
        assert_eq!(*seed, hex::encode(SEED));
        game.then_apply(events);
        assert_eq!(game.table.status, GameStatus::Finished);
        assert_eq!(
            refusal(game.when(2, TableCommand::Resign)),
            TableRefusal::Over
        );
    }

    #[test]
    fn a_game_is_abandoned_once_every_player_agrees_and_nobody_wins() {
        let mut game = given(&[1, 2]).started();
        let first = game.when(2, TableCommand::Abandon).unwrap();
        assert_eq!(
            first,
            [GameEvent::Platform(PlatformEvent::AbandonAgreed {
                seat: Seat(1)
            })]
        );
        game.then_apply(first);
        assert_eq!(game.table.status, GameStatus::Active);
        assert_eq!(
            refusal(game.when(2, TableCommand::Abandon)),
            TableRefusal::AlreadyAgreed
        );
        let last = game.when(1, TableCommand::Abandon).unwrap();
        game.then_apply(last);
        assert_eq!(game.table.status, GameStatus::Finished);
        assert_eq!(game.table.outcome.as_ref().unwrap().winners, []);
        assert_eq!(
            refusal(given(&[1, 2]).when(1, TableCommand::Abandon)),
            TableRefusal::NotStarted
        );
    }

    #[test]
    fn a_rules_command_needs_a_seat_and_a_game_being_played() {
        let command =
            GameCommand::Rules(serde_json::json!({ "type": "submit_move", "bet": 1, "cards": [] }));
        let decide = |game: &Given, actor| {
            decide_batch(
                Position {
                    table: &game.table,
                    rules: game.rules.as_ref(),
                    seed: &SEED,
                    version: game.version,
                },
                user(actor),
                std::slice::from_ref(&command),
            )
        };
        assert_eq!(
            refusal(decide(&given(&[1, 2]), 1)),
            TableRefusal::NotStarted
        );
        let started = given(&[1, 2]).started();
        assert_eq!(refusal(decide(&started, 3)), TableRefusal::NotAPlayer);
        assert!(decide(&started, 1).is_ok());
    }

    #[test]
    fn a_game_is_played_under_the_revision_its_first_event_names_and_one_naming_none_is_revision_1()
    {
        let unnamed = given_game("wizwar", None, &[1, 2]).started();
        assert_eq!(unnamed.table.revision, 1);
        assert_eq!(
            unnamed.rules.state_json(),
            None,
            "revision 1 of Wiz-War is the frozen copy"
        );
        let newest = given_game("wizwar", Some(2), &[1, 2]).started();
        assert_eq!(newest.table.revision, 2);
        assert!(
            newest.rules.state_json().is_some(),
            "today's code plays revision 2"
        );
    }

    #[test]
    fn the_rules_move_to_the_newest_revision_once_every_player_agrees() {
        let mut game = given_game("wizwar", None, &[1, 2]).started();
        let first = game.when(1, TableCommand::MoveToNewestRules).unwrap();
        assert_eq!(
            first,
            [GameEvent::Platform(PlatformEvent::RevisionAgreed {
                seat: Seat(0),
                to: 2
            })]
        );
        game.then_apply(first);
        assert_eq!(game.table.revision, 1, "one agreement moves nothing");
        assert_eq!(
            refusal(game.when(1, TableCommand::MoveToNewestRules)),
            TableRefusal::AlreadyAgreedToRevise(2)
        );
        let second = game.when(2, TableCommand::MoveToNewestRules).unwrap();
        assert_eq!(
            second.last(),
            Some(&GameEvent::Platform(PlatformEvent::RulesRevised {
                from: 1,
                to: 2
            }))
        );
        let view_before = game.rules.view(crate::ruleset::Viewer::Referee);
        game.then_apply(second);
        assert_eq!(game.table.revision, 2);
        assert!(
            game.rules.state_json().is_some(),
            "today's code now plays the game"
        );
        assert_eq!(
            game.rules.view(crate::ruleset::Viewer::Referee)["turn"],
            view_before["turn"],
            "the game goes on where it stood"
        );
        assert_eq!(
            refusal(game.when(1, TableCommand::MoveToNewestRules)),
            TableRefusal::AlreadyNewestRules(2)
        );
        assert_eq!(
            refusal(given_game("wizwar", None, &[1, 2]).when(1, TableCommand::MoveToNewestRules)),
            TableRefusal::NotStarted
        );
        assert_eq!(
            refusal(
                given(&[1, 2])
                    .started()
                    .when(1, TableCommand::MoveToNewestRules)
            ),
            TableRefusal::AlreadyNewestRules(1)
        );
    }

    #[test]
    fn a_revision_this_build_does_not_know_is_refused_with_a_clear_reason() {
        let mut table = Table::default();
        let mut rules = firewall().new_game();
        let created = GameEvent::Platform(PlatformEvent::GameCreated {
            ruleset: "firewall-duel".into(),
            options: Value::Null,
            seats: 2,
            created_by: user(1),
            seed_sha256: String::new(),
            time_control: None,
            revision: Some(99),
            rated: None,
            spectators: None,
            takebacks: None,
        });
        let error = apply(&mut table, &mut rules, &created).unwrap_err();
        assert!(error.reason.contains("no revision 99"), "{}", error.reason);
    }

    #[test]
    fn statuses_round_trip_through_their_names() {
        for status in [
            GameStatus::Open,
            GameStatus::Active,
            GameStatus::Finished,
            GameStatus::Cancelled,
        ] {
            assert_eq!(GameStatus::parse(status.as_str()), Some(status));
            assert_eq!(serde_json::to_value(status).unwrap(), status.as_str());
        }
        assert_eq!(GameStatus::parse("paused"), None);
    }

    fn created(spectators: Option<bool>) -> PlatformEvent {
        PlatformEvent::GameCreated {
            ruleset: "firewall-duel".into(),
            options: serde_json::json!({}),
            seats: 2,
            created_by: user(1),
            seed_sha256: "ab".into(),
            time_control: None,
            revision: Some(1),
            rated: Some(true),
            spectators,
            takebacks: None,
        }
    }

    #[test]
    fn a_game_refusing_spectators_says_so_in_its_first_event_and_the_table_remembers() {
        let refused = created(Some(false));
        let json = serde_json::to_value(&refused).unwrap();
        assert_eq!(json["spectators"], false);
        assert_eq!(
            serde_json::from_value::<PlatformEvent>(json).unwrap(),
            refused
        );
        let mut table = Table::default();
        table.evolve(&refused);
        assert!(table.spectators_refused);
        let mut table = Table::default();
        table.evolve(&created(None));
        assert!(!table.spectators_refused, "anyone may watch by default");
    }

    #[test]
    fn a_game_open_to_spectators_keeps_the_json_its_first_event_always_had() {
        let json = serde_json::json!({
            "type": "game_created",
            "ruleset": "firewall-duel",
            "options": {},
            "seats": 2,
            "created_by": user(1),
            "seed_sha256": "ab",
            "revision": 1,
            "rated": true,
        });
        assert_eq!(serde_json::to_value(created(None)).unwrap(), json);
        assert_eq!(
            serde_json::from_value::<PlatformEvent>(json).unwrap(),
            created(None)
        );
    }

    #[test]
    fn the_json_of_the_first_platform_events_is_unchanged() {
        let joined = PlatformEvent::PlayerJoined {
            seat: Seat(1),
            user_id: user(2),
            username: "bob".into(),
            computer: None,
        };
        assert_eq!(
            serde_json::to_value(&joined).unwrap(),
            serde_json::json!({ "type": "player_joined", "seat": 1, "user_id": user(2), "username": "bob" })
        );
        assert_eq!(
            serde_json::to_value(PlatformEvent::GameStarted).unwrap(),
            serde_json::json!({ "type": "game_started" })
        );
    }

    /// Table talk ([`talk`]): messages and mutes.
    mod talk {
        use super::*;

        fn say(text: &str, to: Option<u8>) -> TableCommand {
            TableCommand::WriteMessage {
                text: text.into(),
                to: to.map(Seat),
            }
        }

        fn written(events: Vec<GameEvent>) -> PlatformEvent {
            match events.as_slice() {
                [GameEvent::Platform(event)] => event.clone(),
                other => panic!("one platform event: {other:?}"),
            }
        }

        #[test]
        fn a_player_writes_to_the_table_and_his_message_changes_neither_the_turn_nor_the_rules() {
            let mut game = given(&[1, 2]).started();
            let awaited = game.rules.awaiting();
            let state = game.rules.state_json();
            let events = game.when(2, say("Good luck!", None)).unwrap();
            assert_eq!(
                written(events.clone()),
                PlatformEvent::MessageWritten {
                    from: Seat(1),
                    to: None,
                    text: "Good luck!".into()
                }
            );
            game.then_apply(events);
            assert_eq!(game.rules.awaiting(), awaited);
            assert_eq!(game.rules.state_json(), state);
        }

        #[test]
        fn players_may_talk_before_the_start_and_while_paused_but_not_once_it_is_over() {
            assert!(given(&[1]).when(1, say("anyone?", None)).is_ok());
            let mut game = given(&[1, 2]).started();
            for user in [1, 2] {
                let agreed = game.when(user, pause(None)).unwrap();
                game.then_apply(agreed);
            }
            assert!(game.when(1, say("back tomorrow", None)).is_ok());
            let resigned = game.when(1, TableCommand::Resign).unwrap();
            game.then_apply(resigned);
            assert_eq!(refusal(game.when(2, say("gg", None))), TableRefusal::Over);
        }

        #[test]
        fn a_message_is_refused_when_empty_too_long_not_plain_or_to_nobody() {
            let game = given(&[1]);
            let long = "x".repeat(LONGEST_MESSAGE + 1);
            let cases = [
                (say("  \n ", None), TableRefusal::EmptyMessage),
                (
                    say(&long, None),
                    TableRefusal::MessageTooLong {
                        most: LONGEST_MESSAGE,
                        got: LONGEST_MESSAGE + 1,
                    },
                ),
                (say("bell\u{7}", None), TableRefusal::MessageNotPlainText),
                (say("me", Some(0)), TableRefusal::MessageToSelf),
                (say("you", Some(1)), TableRefusal::NobodyThere(Seat(1))),
                (say("you", Some(7)), TableRefusal::NoSuchSeat { last: 1 }),
            ];
            for (command, expected) in cases {
                assert_eq!(
                    refusal(game.when(1, command.clone())),
                    expected,
                    "{command:?}"
                );
            }
            assert_eq!(
                refusal(game.when(3, say("hello", None))),
                TableRefusal::NotAPlayer
            );
            assert!(
                game.when(1, say(&"é".repeat(LONGEST_MESSAGE), None))
                    .is_ok()
            );
        }

        #[test]
        fn a_message_to_one_player_is_shown_to_its_writer_and_its_reader_only_even_once_the_game_is_over()
         {
            let mut game = given(&[1, 2]).started();
            let private = PlatformEvent::MessageWritten {
                from: Seat(0),
                to: Some(Seat(1)),
                text: "psst".into(),
            };
            let public = PlatformEvent::MessageWritten {
                from: Seat(0),
                to: None,
                text: "hello".into(),
            };
            let table = &game.table;
            assert!(table.shows(&private, Some(Seat(0))));
            assert!(table.shows(&private, Some(Seat(1))));
            assert!(!table.shows(&private, Some(Seat(2))));
            assert!(!table.shows(&private, None));
            assert!(table.shows(&public, Some(Seat(1))));
            assert!(!table.shows(&public, None), "spectators wait for the end");
            let resigned = game.when(1, TableCommand::Resign).unwrap();
            game.then_apply(resigned);
            assert!(game.table.shows(&public, None));
            assert!(!game.table.shows(&private, None));
            assert!(!game.table.shows(&private, Some(Seat(2))));
        }

        #[test]
        fn a_muted_players_messages_are_not_shown_to_the_player_who_muted_him() {
            let mut game = given(&[1, 2]).started();
            let muted = game
                .when(
                    2,
                    TableCommand::Mute {
                        seat: Seat(0),
                        muted: true,
                    },
                )
                .unwrap();
            let mute = written(muted.clone());
            game.then_apply(muted);
            assert!(game.table.shows(&mute, Some(Seat(1))));
            assert!(
                !game.table.shows(&mute, Some(Seat(0))),
                "nobody else learns of a mute"
            );
            let message = written(game.when(1, say("listen", None)).unwrap());
            assert!(!game.table.shows(&message, Some(Seat(1))));
            assert!(
                game.table.shows(&message, Some(Seat(0))),
                "the writer sees his own"
            );
            let unmuted = game
                .when(
                    2,
                    TableCommand::Mute {
                        seat: Seat(0),
                        muted: false,
                    },
                )
                .unwrap();
            game.then_apply(unmuted);
            assert!(game.table.shows(&message, Some(Seat(1))));
            assert_eq!(
                refusal(game.when(
                    2,
                    TableCommand::Mute {
                        seat: Seat(1),
                        muted: true
                    }
                )),
                TableRefusal::MuteSelf
            );
        }

        #[test]
        fn a_message_reads_back_from_its_json_and_is_told_in_words() {
            let event = PlatformEvent::MessageWritten {
                from: Seat(1),
                to: Some(Seat(0)),
                text: "<b>hi</b>".into(),
            };
            let json = serde_json::to_value(&event).unwrap();
            assert_eq!(
                json,
                serde_json::json!({ "type": "message_written", "from": 1, "to": 0, "text": "<b>hi</b>" })
            );
            assert_eq!(
                serde_json::from_value::<PlatformEvent>(json).unwrap(),
                event
            );
            let names = SeatNames::new(vec![Some("ann".into()), Some("bob".into())]);
            assert_eq!(event.narrate(&names), "bob to ann alone: <b>hi</b>");
        }
    }

    mod takebacks {
        use super::*;

        /// A started duel of users 1 and `second`, after user 1's sealed move.
        fn after_a_sealed_move(against_a_computer: bool) -> (Given, u64) {
            let game = if against_a_computer {
                let mut game = given(&[1]);
                let seated = game.when(1, computer(9)).unwrap();
                game.then_apply(seated);
                game
            } else {
                given(&[1, 2])
            };
            let mut game = game.started();
            let moved = game
                .when_any(
                    1,
                    GameCommand::Rules(serde_json::json!({"type": "submit_move", "bet": 1})),
                )
                .unwrap();
            let seq = game.version + 1;
            game.then_apply(moved);
            (game, seq)
        }

        fn ask(seq: u64) -> TableCommand {
            TableCommand::AskTakeback {
                from_seq: seq,
                to_seq: seq,
            }
        }

        #[test]
        fn a_computer_player_agrees_to_a_take_back_at_once() {
            let (game, seq) = after_a_sealed_move(true);
            let events = game.when(1, ask(seq)).unwrap();
            assert_eq!(
                events.last(),
                Some(&GameEvent::Platform(PlatformEvent::TakenBack {
                    seat: Seat(0),
                    from_seq: seq,
                    to_seq: seq,
                }))
            );
        }

        #[test]
        fn the_other_player_agrees_once_and_a_new_move_cancels_the_request() {
            let (mut game, seq) = after_a_sealed_move(false);
            let asked = game.when(1, ask(seq)).unwrap();
            assert_eq!(asked.len(), 1, "Bob must agree first");
            game.then_apply(asked);
            assert_eq!(
                refusal(game.when(1, ask(seq))),
                TableRefusal::TakebackAlreadyAsked
            );
            assert_eq!(
                refusal(game.when(1, TableCommand::AgreeTakeback)),
                TableRefusal::AgreeOwnTakeback
            );
            let agreed = game.when(2, TableCommand::AgreeTakeback).unwrap();
            assert_eq!(agreed.len(), 2, "agreed, and taken back");

            let moved = game
                .when_any(
                    2,
                    GameCommand::Rules(serde_json::json!({"type": "submit_move", "bet": 1})),
                )
                .unwrap();
            game.then_apply(moved);
            assert_eq!(
                refusal(game.when(2, TableCommand::AgreeTakeback)),
                TableRefusal::NothingToTakeBack
            );
        }

        #[test]
        fn the_rules_state_before_a_taken_back_move_is_restored() {
            let (game, seq) = after_a_sealed_move(false);
            let mut replay = given(&[1, 2]).started();
            let before = replay.rules.state_json();
            let mut undo = RulesUndo::default();
            undo.before_rules_event(seq, replay.rules.as_ref());
            replay.rules = game.rules.clone_game();
            assert_ne!(replay.rules.state_json(), before);
            assert!(undo.reaches(seq));
            let restored = undo.take_back_to(seq).unwrap();
            assert_eq!(restored.state_json(), before);
            assert!(!undo.reaches(seq), "taken back once");
        }
    }
}
