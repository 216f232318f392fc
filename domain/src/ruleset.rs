//! The shape every game takes: a decider.
//!
//! `decide` holds every rule and may refuse; `evolve` holds none and never
//! fails. State is only ever the fold of events, so a game can be replayed
//! from its log and checked by anyone.

use std::fmt::Debug;

use serde::{Deserialize, Serialize, de::DeserializeOwned};

use crate::kit::revisions::Revision;
use crate::rng::GameRng;

/// A seat at the table, numbered from 0 in the order the game was created.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Awaiting {
    pub seat: Seat,
    pub reason: AwaitReason,
}

/// How a finished game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Outcome {
    /// The winning seats (empty for a draw).
    pub winners: Vec<Seat>,
    /// One sentence a person understands, e.g. "Seat 1 fell into the lava".
    pub summary: String,
}

/// One option a ruleset accepts when a game is created. The document
/// describes it one schema per option, its default typed as the option's
/// value (see [`crate::kit::about`]).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RulesetOption {
    pub name: String,
    pub description: String,
    /// The value used when the option is left out, as the ruleset's
    /// `Options::default()` gives it.
    pub default: serde_json::Value,
}

/// What a client needs to know to offer a ruleset.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RulesetInfo {
    /// Stable id used in URLs and game records, e.g. `firewall-duel`.
    pub id: String,
    pub name: String,
    pub description: String,
    pub min_seats: u8,
    pub max_seats: u8,
    pub options: Vec<RulesetOption>,
    /// Reference material a client shows (e.g. a card catalogue), in the
    /// ruleset's own schema.
    #[cfg_attr(
        feature = "openapi",
        schema(value_type = crate::kit::about::RulesetReference)
    )]
    pub reference: serde_json::Value,
    /// The revision of the rules new games start under (the newest).
    pub revision: u32,
    /// Every revision of the rules, oldest first: a game keeps the revision
    /// it started under unless its players agree to move to the newest.
    pub revisions: Vec<RulesRevision>,
}

/// One revision of a ruleset's rules, as its changelog tells it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct RulesRevision {
    /// 1, 2, 3…: the number a game records when it starts.
    pub number: u32,
    /// The day the revision was made (`YYYY-MM-DD`).
    pub date: String,
    /// What changed from the revision before, one sentence per change.
    pub changes: Vec<String>,
}

impl From<&Revision> for RulesRevision {
    fn from(revision: &Revision) -> Self {
        RulesRevision {
            number: revision.number,
            date: revision.date.to_owned(),
            changes: revision.changes.iter().map(|c| (*c).to_owned()).collect(),
        }
    }
}

/// Why a player's last action may not be taken back (see [`Ruleset::takeback`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum TakebackRefusal {
    #[error("your last action revealed something hidden; it cannot be taken back")]
    HiddenInformation,
    #[error("your last action rolled a die or drew at random; it cannot be taken back")]
    DieRoll,
    #[error("these rules offer no take-back of such an action")]
    NotOffered,
}

impl TakebackRefusal {
    /// A stable snake_case code.
    pub fn code(self) -> &'static str {
        match self {
            TakebackRefusal::HiddenInformation => "takeback_after_hidden_information",
            TakebackRefusal::DieRoll => "takeback_after_die_roll",
            TakebackRefusal::NotOffered => "takeback_not_offered",
        }
    }

    /// Whether an action of `events` may be taken back, each event judged
    /// by `classify`: the gravest refusal of any event (something hidden
    /// revealed, then a die rolled, then an event the rules do not offer to
    /// take back), or none.
    ///
    /// # Errors
    /// That refusal.
    pub fn of_events<E>(
        events: &[E],
        classify: impl Fn(&E) -> Result<(), TakebackRefusal>,
    ) -> Result<(), TakebackRefusal> {
        let refusals: Vec<TakebackRefusal> =
            events.iter().filter_map(|e| classify(e).err()).collect();
        [
            TakebackRefusal::HiddenInformation,
            TakebackRefusal::DieRoll,
            TakebackRefusal::NotOffered,
        ]
        .into_iter()
        .find(|gravest| refusals.contains(gravest))
        .map_or(Ok(()), Err)
    }
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

/// A type the OpenAPI document can describe: `utoipa::ToSchema` when the
/// `openapi` feature is on (the server turns it on), nothing otherwise, so the
/// pure rules build without the documentation machinery.
#[cfg(feature = "openapi")]
pub trait Documented: utoipa::ToSchema {}
#[cfg(feature = "openapi")]
impl<T: utoipa::ToSchema> Documented for T {}
/// A type the OpenAPI document can describe (the `openapi` feature is off).
#[cfg(not(feature = "openapi"))]
pub trait Documented {}
#[cfg(not(feature = "openapi"))]
impl<T> Documented for T {}

/// A game's rules as a decider over plain data.
///
/// Implementations are zero-sized markers; all state lives in `State`, which
/// is `Default` (the state before any event) and built only by `evolve`.
pub trait Ruleset: 'static {
    /// The registry key, e.g. `firewall-duel`.
    const ID: &'static str;
    /// The version of `State`'s serialised form. Bump it whenever a change
    /// to `State` (or to any type in it) changes what a serialised state
    /// means or how it reads: snapshots of another version are then ignored
    /// and games fold from their events, never from a misread state.
    const STATE_VERSION: u32;
    /// The fewest players a game seats ([`crate::kit::about`] tells clients,
    /// [`crate::kit::about::check_seats`] refuses other tables).
    const MIN_SEATS: u8;
    /// The most players a game seats.
    const MAX_SEATS: u8;
    /// The revisions of these rules, oldest first; new games start under the
    /// last (see [`crate::kit::revisions`] for how a rules fix is written).
    const REVISIONS: &'static [Revision];
    type Options: Serialize + DeserializeOwned + Default + Clone + Debug + Documented;
    /// Serialisable so that a fold can be kept (a snapshot) and taken up
    /// again instead of folding the log from its first event; a state read
    /// back must equal the state written (the conformance suite checks it).
    type State: Clone
        + Debug
        + Default
        + PartialEq
        + Send
        + Sync
        + Serialize
        + DeserializeOwned
        + 'static;
    type Command: Serialize + DeserializeOwned + Clone + Debug + Documented;
    type Event: Serialize + DeserializeOwned + Clone + Debug + PartialEq + Documented;
    type View: Serialize + DeserializeOwned + Documented;
    type Violation: Violation;
    /// A family of commands told at once where listing them one by one
    /// would multiply (a Fire Wall bet: a range of mana and a set of
    /// cards); [`NoCommandChoice`] for rules whose commands do not multiply.
    type CommandChoice: Serialize + DeserializeOwned + Clone + Debug + Documented + 'static;

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

    /// The opening events of a game played under `revision` (one of
    /// [`Self::REVISIONS`] played by this code). Rules whose opening differs
    /// by revision say so here; by default every revision opens alike.
    ///
    /// # Errors
    /// As [`Self::setup`].
    fn setup_under(
        _revision: u32,
        options: &Self::Options,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<Self::Event>, SetupError> {
        Self::setup(options, seats, rng)
    }

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

    /// The state before any event of a game played under `revision` (one of
    /// [`Self::REVISIONS`] played by this code). Rules whose revisions differ
    /// as data keep the revision in their state; by default the state does
    /// not need it.
    fn new_state(_revision: u32) -> Self::State {
        Self::State::default()
    }

    /// The state of a game in progress moved to `revision` (newer than the
    /// one it was played under) by the agreement of its players.
    fn revised(state: Self::State, _revision: u32) -> Self::State {
        state
    }

    /// What `viewer` may see of the game now.
    fn view(state: &Self::State, viewer: Viewer) -> Self::View;

    /// The event as `viewer` may see it; `None` when he may not see it at all.
    fn redact(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;

    /// Who must act now, and why.
    fn awaiting(state: &Self::State) -> Vec<Awaiting>;

    /// `Some` once the game is over.
    fn outcome(state: &Self::State) -> Option<Outcome>;

    /// Whether `events`, all that one action of a player did (a command or a
    /// batch), may be taken back by agreement: never once they revealed
    /// something hidden (a card drawn, a sealed move shown), rolled a die or
    /// drew at random, since taking them back would let a player try again
    /// knowing what he should not. Rules say which of their events are safe;
    /// by default none is.
    ///
    /// # Errors
    /// Why the action may not be taken back.
    fn takeback(_events: &[Self::Event]) -> Result<(), TakebackRefusal> {
        Err(TakebackRefusal::NotOffered)
    }

    /// The seats whose player is out of a game that goes on without him (a
    /// wizard killed in a game of three or four). None by default.
    fn seats_out(_state: &Self::State) -> Vec<Seat> {
        Vec::new()
    }

    /// The commands `seat` may make now. Large choice spaces may be sampled
    /// (e.g. one bet per amount with no cards), but every listed command is legal.
    fn legal_commands(state: &Self::State, seat: Seat) -> Vec<Self::Command>;

    /// The legal commands of `seat` as a client asking for all of them is
    /// told: [`Self::legal_commands`], and whether they are every command
    /// the rules would accept now. Rules whose listing is a sample list
    /// every command here when they can (within [`FULL_LISTING_LIMIT`]), or
    /// say the listing is not complete. Not complete by default: a ruleset
    /// vouches for its own listing.
    fn full_legal_listing(state: &Self::State, seat: Seat) -> FullListing<Self> {
        FullListing {
            commands: Self::legal_commands(state, seat),
            complete: false,
        }
    }

    /// The commands `seat` may make now, told compactly: the families of
    /// commands that multiply, and the other commands listed one by one
    /// (none of which a family covers). By default every command is listed,
    /// as [`Self::legal_commands`] lists them.
    fn legal_choices(state: &Self::State, seat: Seat) -> LegalChoices<Self> {
        LegalChoices {
            choices: vec![],
            commands: Self::legal_commands(state, seat),
        }
    }

    /// What the server plays for `seat` when its deadline passes, if anything
    /// (pass a response window, end a turn). `None` means the seat forfeits.
    fn timeout_command(_state: &Self::State, _seat: Seat) -> Option<Self::Command> {
        None
    }
}

/// The most commands a full listing holds (see
/// [`Ruleset::full_legal_listing`]): past it a client is told the families
/// of commands instead, and the listing says it is a sample.
pub const FULL_LISTING_LIMIT: usize = 5_000;

/// What a seat may do now, listed one command at a time (see
/// [`Ruleset::full_legal_listing`]).
pub struct FullListing<R: Ruleset + ?Sized> {
    /// Legal commands, each listed once.
    pub commands: Vec<R::Command>,
    /// Whether these are every command the rules would accept now.
    pub complete: bool,
}

/// What a seat may do now, told compactly (see [`Ruleset::legal_choices`]).
pub struct LegalChoices<R: Ruleset + ?Sized> {
    /// Families of commands, each told at once.
    pub choices: Vec<R::CommandChoice>,
    /// The commands no family covers, listed one by one.
    pub commands: Vec<R::Command>,
}

/// The command choice of rules whose legal commands are all listed: there
/// is none (the type has no value).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum NoCommandChoice {}

#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for NoCommandChoice {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        // Never sent: the rules it stands for list every command.
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::Object)
            .description(Some(
                "None: the rules list every legal command, so no choice is ever sent.",
            ))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for NoCommandChoice {}

/// Folds events into a fresh state.
pub fn fold<R: Ruleset>(events: &[R::Event]) -> R::State {
    let mut state = R::State::default();
    for event in events {
        R::evolve(&mut state, event);
    }
    state
}

/// The players' names by seat, for sentences and pictures. The rules know
/// seats only; the server knows who sits in them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatNames(Vec<Option<String>>);

impl SeatNames {
    /// Names by seat, from seat 0; `None` for a seat nobody has taken.
    pub fn new(names: Vec<Option<String>>) -> Self {
        SeatNames(names)
    }

    /// Who sits in `seat`, or "Seat N" when nobody is named for it.
    pub fn of(&self, seat: Seat) -> String {
        match self.0.get(seat.index()) {
            Some(Some(name)) => name.clone(),
            _ => format!("Seat {}", seat.0),
        }
    }
}

/// How a ruleset shows itself to people: each event told in one sentence,
/// and the board drawn as a picture. Every registered ruleset has one (in
/// its folder's `narration.rs` and `picture.rs`), so adding a ruleset means
/// adding its words and its drawing.
pub trait Presentation: Ruleset {
    /// One sentence telling what `event` did, e.g. "Morgana casts Fireball
    /// at Merlin". `event` is already redacted for its reader, who learns
    /// from the sentence exactly what the event shows him (a hidden draw is
    /// told as a count). `game` is the game right after the event or at any
    /// later point, so only facts that never change once made may be read
    /// from it (which card a card id is, whose treasure a treasure is); the
    /// conformance suite checks that a later game tells the same sentence.
    fn narrate(event: &Self::Event, game: &Self::State, names: &SeatNames) -> String;

    /// The board as `view` shows it, as an SVG document. Drawn from a view
    /// alone, so it can hold nothing the view's reader may not see. Elements
    /// carry stable ids, classes and `data-` attributes for clients and tests.
    fn picture(view: &Self::View, names: &SeatNames) -> String;

    /// The names a reader would see for the cards in `secret`, a secret
    /// value of this ruleset's events or views as JSON: the conformance
    /// suite checks that no sentence names a card hidden from its reader.
    fn card_names(secret: &serde_json::Value) -> Vec<String>;
}
