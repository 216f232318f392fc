//! The shape every game takes: a decider.
//!
//! `decide` holds every rule and may refuse; `evolve` holds none and never
//! fails. State is only ever the fold of events, so a game can be replayed
//! from its log and checked by anyone.

use std::fmt::Debug;

use serde::{Deserialize, Serialize, de::DeserializeOwned};
use utoipa::ToSchema;

use crate::rng::GameRng;

/// A seat at the table, numbered from 0 in the order the game was created.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for Seat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// Who is looking at a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Viewer {
    /// A seated player: sees his own hidden facts, nobody else's.
    Player(Seat),
    /// Anyone else: sees only public facts.
    Spectator,
    /// Sees everything (a finished game's players, the verifier, tests).
    Referee,
}

impl Viewer {
    /// Whether this viewer may see facts private to `seat`.
    pub fn may_see_private_of(self, seat: Seat) -> bool {
        match self {
            Viewer::Player(me) => me == seat,
            Viewer::Spectator => false,
            Viewer::Referee => true,
        }
    }
}

/// Why the game waits for a seat.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum AwaitReason {
    /// It is this seat's turn.
    Turn,
    /// This seat must answer a response window (counter or pass).
    Response,
    /// This seat must submit a sealed simultaneous move.
    SealedMove,
    /// This seat must make a choice the rules ask of it mid-resolution.
    Choice,
}

/// One seat the game is waiting for.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Awaiting {
    pub seat: Seat,
    pub reason: AwaitReason,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct Outcome {
    /// The winning seats (empty for a draw).
    pub winners: Vec<Seat>,
    /// One sentence a person understands, e.g. "Seat 1 fell into the lava".
    pub summary: String,
}

/// One option a ruleset accepts when a game is created.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct RulesetOption {
    pub name: String,
    pub description: String,
    /// The value used when the option is left out.
    #[schema(value_type = Object)]
    pub default: serde_json::Value,
}

/// What a client needs to know to offer a ruleset.
#[derive(Clone, Debug, Serialize, Deserialize, ToSchema)]
pub struct RulesetInfo {
    /// Stable id used in URLs and game records, e.g. `firewall-duel`.
    pub id: String,
    pub name: String,
    pub description: String,
    pub min_seats: u8,
    pub max_seats: u8,
    pub options: Vec<RulesetOption>,
    /// Reference material a client shows (e.g. a card catalogue); free-form per ruleset.
    #[schema(value_type = Object)]
    pub reference: serde_json::Value,
}

/// A command refused by the rules. Each ruleset has its own `thiserror` enum;
/// this trait gives every variant a stable machine-readable code.
pub trait Violation: std::error::Error + Send + Sync + 'static {
    /// A stable snake_case code, e.g. `not_your_turn`.
    fn code(&self) -> &'static str;
}

/// Why a game could not be set up.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("this game needs between {min} and {max} players, not {got}")]
    SeatCount { min: u8, max: u8, got: u8 },
    #[error("invalid options: {0}")]
    InvalidOptions(String),
}

impl SetupError {
    pub fn code(&self) -> &'static str {
        match self {
            SetupError::SeatCount { .. } => "invalid_seat_count",
            SetupError::InvalidOptions(_) => "invalid_options",
        }
    }
}

/// A game's rules as a decider over plain data.
///
/// Implementations are zero-sized markers; all state lives in `State`, which
/// is `Default` (the state before any event) and built only by `evolve`.
pub trait Ruleset: 'static {
    /// The registry key, e.g. `firewall-duel`.
    const ID: &'static str;
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + ToSchema;
    type State: Clone + Debug + Default + Send + Sync + 'static;
    type Command: Serialize + DeserializeOwned + Clone + Debug + ToSchema;
    type Event: Serialize + DeserializeOwned + Clone + Debug + PartialEq + ToSchema;
    type View: Serialize + ToSchema;
    type Violation: Violation;

    fn info() -> RulesetInfo;

    /// The opening events: board built, decks shuffled, hands dealt.
    ///
    /// # Errors
    /// `SetupError` when the seat count or the options do not fit the rules.
    fn setup(
        options: &Self::Options,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, SetupError>;

    /// Validates `command` by `actor` and says what happened. Never mutates.
    ///
    /// # Errors
    /// The rule the command breaks.
    fn decide(
        state: &Self::State,
        actor: Seat,
        command: &Self::Command,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, Self::Violation>;

    /// Applies one event. Total: never fails, never rolls dice.
    fn evolve(state: &mut Self::State, event: &Self::Event);

    /// What `viewer` may see of the game now.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The event as `viewer` may see it; `None` when he may not see it at all.
    fn redact(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// Who must act now, and why.
    fn awaiting(state: &Self::State) -> Vec<Awaiting>;

    /// `Some` once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// The commands `seat` may make now. Large choice spaces may be sampled
    /// (e.g. one bet per amount with no cards), but every listed command is legal.
    fn legal_commands(state: &Self::State, seat: Seat) -> Vec<Self::Command>;

    /// What the server plays for `seat` when its deadline passes, if anything
    /// (pass a response window, end a turn). `None` means the seat forfeits.
    fn timeout_command(_state: &Self::State, _seat: Seat) -> Option<Self::Command> {
        None
    }
}

/// Folds events into a fresh state.
pub fn fold<R: Ruleset>(events: &[R::Event]) -> R::State {
    let mut state = R::State::default();
    for event in events {
        R::evolve(&mut state, event);
    }
    state
}
