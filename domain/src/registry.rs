//! Every ruleset behind one object-safe interface, keyed by ruleset id.
//!
//! The server stores commands and events as JSON; this adapter decodes them
//! into each ruleset's typed values, so the typed rules never see JSON and
//! the server never sees a ruleset's types.

use std::fmt::Debug;
use std::marker::PhantomData;

use serde::Deserialize;
use serde_json::Value;
#[cfg(feature = "openapi")]
use utoipa::openapi::{RefOr, schema::Schema};

use crate::bots::{self, Sight, Strength, Tactics};
use crate::kit::revisions::{self, Revision, RevisionRules};
use crate::kit::understood;
use crate::rng::GameRng;
use crate::ruleset::{
    Awaiting, Outcome, Presentation, Ruleset, RulesetInfo, Seat, SeatNames, SetupError,
    TakebackRefusal, Viewer, Violation,
};

/// A command the game refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The command is not a command of this ruleset at all.
    #[error("the command is not understood: {0}")]
    Malformed(String),
    /// The command is understood but the rules forbid it now.
    #[error("{message}")]
    Rule { code: &'static str, message: String },
}

/// A stored event that does not decode as an event of its ruleset.
#[derive(Debug, Clone, thiserror::Error)]
#[error("stored event does not decode for ruleset {ruleset}: {reason}")]
pub struct EventDecodeError {
    pub ruleset: &'static str,
    pub reason: String,
}

/// A kept state that does not read as a state of its ruleset's current
/// [`DynRuleset::state_version`] (written by another version, or damaged).
#[derive(Debug, Clone, thiserror::Error)]
#[error("a kept state does not read as a state of ruleset {ruleset}: {reason}")]
pub struct StateDecodeError {
    pub ruleset: &'static str,
    pub reason: String,
}

/// A game in progress, whatever its ruleset.
pub trait DynGame: Send + Sync + Debug {
    fn ruleset_id(&self) -> &'static str;
    fn clone_game(&self) -> Box<dyn DynGame>;
    /// The state as JSON text, to be read back by [`DynRuleset::restore`]
    /// (a snapshot): folding on from it gives what folding from the first
    /// event gives. `None` for a game of frozen rules, whose state is never
    /// kept (it folds from its first event).
    fn state_json(&self) -> Option<Vec<u8>>;
    /// The game moved to `to`, the newest revision of its ruleset, by the
    /// agreement of its players: what it holds so far, now played by `to`.
    fn revised(&self, to: &'static dyn DynRuleset) -> Box<dyn DynGame>;
    /// Whether [`Self::revised`] can move this game: a game of frozen rules
    /// whose events did not all read as today's cannot be.
    fn revisable(&self) -> bool {
        true
    }
    /// Folds one stored event into the game.
    fn apply(&mut self, event: &Value) -> Result<(), EventDecodeError>;
    /// `command` as this game's rules read it, written back: what the log
    /// keeps. [`Self::decide`] refuses what this refuses.
    ///
    /// # Errors
    /// [`Refusal::Malformed`] when it is not a command of these rules, or
    /// holds a field they do not know.
    fn understand(&self, command: &Value) -> Result<Value, Refusal>;
    /// Decides one command; the events are returned, not applied.
    fn decide(
        &self,
        actor: Seat,
        command: &Value,
        rng: &mut GameRng,
    ) -> Result<Vec<Value>, Refusal>;
    fn view(&self, viewer: Viewer) -> Value;
    fn redact(&self, event: &Value, viewer: Viewer) -> Option<Value>;
    fn awaiting(&self) -> Vec<Awaiting>;
    fn outcome(&self) -> Option<Outcome>;
    /// [`crate::ruleset::Ruleset::seats_out`]. None for a frozen revision's
    /// game (computer players are only ever seated in newer ones).
    fn seats_out(&self) -> Vec<Seat> {
        Vec::new()
    }
    /// [`crate::ruleset::Ruleset::takeback`] of the stored `events`; a frozen
    /// revision's game offers none, nor do events that do not decode.
    ///
    /// # Errors
    /// Why they may not be taken back.
    fn takeback(&self, _events: &[Value]) -> Result<(), TakebackRefusal> {
        Err(TakebackRefusal::NotOffered)
    }
    fn legal_commands(&self, seat: Seat) -> Vec<Value>;
    /// [`crate::ruleset::Ruleset::full_legal_listing`]: (the commands,
    /// whether they are all). A frozen revision's listing is not vouched for.
    fn full_legal_listing(&self, seat: Seat) -> (Vec<Value>, bool) {
        (self.legal_commands(seat), false)
    }
    /// [`crate::ruleset::Ruleset::legal_choices`]: (families of commands, the other commands).
    fn legal_choices(&self, seat: Seat) -> (Vec<Value>, Vec<Value>);
    fn timeout_command(&self, seat: Seat) -> Option<Value>;
    /// The command a computer player of `strength` in `seat` makes now,
    /// deciding from the seat's sight alone (see [`crate::bots`]); `None`
    /// when the seat has nothing to do. A game whose rules have no heuristic
    /// here (a frozen revision's) is played by the random player.
    fn computer_command(
        &self,
        seat: Seat,
        _strength: Strength,
        rng: &mut GameRng,
    ) -> Option<Value> {
        let legal = self.legal_commands(seat);
        if legal.is_empty() {
            return None;
        }
        Some(legal[rng.below(legal.len() as u32) as usize].clone())
    }
    /// One sentence telling `event` (as redacted for its reader) with this
    /// game at or after it; a fixed sentence for an event that does not decode.
    fn narrate(&self, event: &Value, names: &SeatNames) -> String;
    /// The board as `viewer` may see it now, as an SVG document.
    fn picture(&self, viewer: Viewer, names: &SeatNames) -> String;
}

/// What an event that does not decode is told as (it never happens to a
/// stored event, which decoded when it was folded).
pub const UNTOLD: &str = "Something happened that cannot be told.";

/// A ruleset, whatever its types.
pub trait DynRuleset: Send + Sync {
    fn id(&self) -> &'static str;
    /// The revision of the rules this engine plays.
    fn revision(&self) -> u32;
    /// Every revision of the ruleset, oldest first (the same for each engine
    /// of one ruleset).
    fn revisions(&self) -> &'static [Revision];
    fn info(&self) -> RulesetInfo;
    /// Parses options (absent fields take their defaults) and returns them in full.
    fn normalize_options(&self, options: &Value) -> Result<Value, SetupError>;
    fn setup(
        &self,
        options: &Value,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<Value>, SetupError>;
    /// The game before any event.
    fn new_game(&self) -> Box<dyn DynGame>;
    /// Names the serialised form of this ruleset's state at its revision,
    /// e.g. `firewall-duel/1@1`: a kept state is read back only by a ruleset
    /// of the same state version and revision.
    fn state_version(&self) -> String;
    /// The game whose state [`DynGame::state_json`] wrote.
    ///
    /// # Errors
    /// [`StateDecodeError`] when `state` is not a state of this ruleset.
    fn restore(&self, state: &[u8]) -> Result<Box<dyn DynGame>, StateDecodeError>;
    /// The OpenAPI schemas of this ruleset's options, commands, events and views.
    #[cfg(feature = "openapi")]
    fn schemas(&self) -> RulesetSchemas;
}

/// A schema and every schema it refers to, for the OpenAPI document.
#[cfg(feature = "openapi")]
pub type NamedSchemas = Vec<(String, RefOr<Schema>)>;

/// The names of a ruleset's typed schemas, plus the schemas themselves.
#[cfg(feature = "openapi")]
pub struct RulesetSchemas {
    pub options: String,
    pub command: String,
    pub event: String,
    pub view: String,
    /// The ruleset's families of commands told at once
    /// (`NoCommandChoice` when it has none).
    pub command_choice: String,
    /// Every schema above and everything they refer to.
    pub all: NamedSchemas,
}

#[cfg(feature = "openapi")]
fn collect<T: utoipa::ToSchema>(all: &mut NamedSchemas) -> String {
    let name = T::name().into_owned();
    all.push((name.clone(), T::schema()));
    T::schemas(all);
    name
}

/// Rules `R` at one of their revisions played by today's code.
struct Erased<R> {
    revision: u32,
    rules: PhantomData<fn() -> R>,
}

impl<R: Ruleset> Erased<R> {
    const fn at(revision: u32) -> Self {
        Erased {
            revision,
            rules: PhantomData,
        }
    }

    /// The rules at their newest revision, the one new games start under.
    const fn newest() -> Self {
        Self::at(R::REVISIONS[R::REVISIONS.len() - 1].number)
    }
}

/// A game of rules `R` played under `revision`.
struct ErasedGame<R: Presentation + Tactics> {
    state: R::State,
    revision: u32,
}

impl<R: Presentation + Tactics> Debug for ErasedGame<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple(R::ID)
            .field(&self.revision)
            .field(&self.state)
            .finish()
    }
}

impl<R: Presentation + Tactics> ErasedGame<R> {
    /// A stored event as this game reads it: an event of a game of revision
    /// `r` was written in the shape of `r` or of a later revision, so it
    /// passes through the upcasters of the revisions after `r`, each of which
    /// recognises the older shape it upgrades and leaves a newer one alone.
    fn decode(&self, event: &Value) -> Result<R::Event, serde_json::Error> {
        decode_written_under::<R>(event, self.revision)
    }
}

/// A game of rules `R` that today's code folds from events written under
/// `written_under` (a frozen revision's), to tell and draw them.
pub(crate) fn presentation_fold<R: Presentation + Tactics>(written_under: u32) -> Box<dyn DynGame> {
    Box::new(ErasedGame::<R> {
        state: R::new_state(written_under),
        revision: written_under,
    })
}

/// `event`, written by a game of rules `R` under `revision`, as today's
/// `R::Event` (through the upcasters after `revision`, when there are any).
fn decode_written_under<R: Ruleset>(
    event: &Value,
    revision: u32,
) -> Result<R::Event, serde_json::Error> {
    let later_shapes = R::REVISIONS
        .iter()
        .any(|r| r.number > revision && r.upcast.is_some());
    if later_shapes {
        let newest = revisions::newest(R::REVISIONS);
        R::Event::deserialize(revisions::upcast(
            R::REVISIONS,
            event.clone(),
            revision,
            newest,
        ))
    } else {
        R::Event::deserialize(event)
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("rule types always serialize to JSON")
}

fn parse_options<R: Ruleset>(options: &Value) -> Result<R::Options, SetupError> {
    let options = match options {
        Value::Null => Value::Object(Default::default()),
        Value::Object(_) => options.clone(),
        // serde reads a struct from a list of its fields in order too: `[]`
        // would be every default, said in a way nobody means.
        _ => {
            return Err(SetupError::InvalidOptions(
                "options are a JSON object of named options".into(),
            ));
        }
    };
    serde_json::from_value(options).map_err(|e| SetupError::InvalidOptions(e.to_string()))
}

impl<R: Presentation + Tactics> DynRuleset for Erased<R> {
    fn id(&self) -> &'static str {
        R::ID
    }
    fn revision(&self) -> u32 {
        self.revision
    }
    fn revisions(&self) -> &'static [Revision] {
        R::REVISIONS
    }
    fn info(&self) -> RulesetInfo {
        RulesetInfo {
            revision: revisions::newest(R::REVISIONS),
            revisions: R::REVISIONS.iter().map(Into::into).collect(),
            ..R::info()
        }
    }
    fn normalize_options(&self, options: &Value) -> Result<Value, SetupError> {
        parse_options::<R>(options).map(|o| to_json(&o))
    }
    fn setup(
        &self,
        options: &Value,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<Value>, SetupError> {
        let options = parse_options::<R>(options)?;
        Ok(R::setup_under(self.revision, &options, seats, rng)?
            .iter()
            .map(to_json)
            .collect())
    }
    fn new_game(&self) -> Box<dyn DynGame> {
        Box::new(ErasedGame::<R> {
            state: R::new_state(self.revision),
            revision: self.revision,
        })
    }
    fn state_version(&self) -> String {
        format!("{}/{}@{}", R::ID, R::STATE_VERSION, self.revision)
    }
    fn restore(&self, state: &[u8]) -> Result<Box<dyn DynGame>, StateDecodeError> {
        let state: R::State = serde_json::from_slice(state).map_err(|e| StateDecodeError {
            ruleset: R::ID,
            reason: e.to_string(),
        })?;
        Ok(Box::new(ErasedGame::<R> {
            state,
            revision: self.revision,
        }))
    }
    #[cfg(feature = "openapi")]
    fn schemas(&self) -> RulesetSchemas {
        let mut all = NamedSchemas::new();
        let mut schemas = RulesetSchemas {
            options: collect::<R::Options>(&mut all),
            command: collect::<R::Command>(&mut all),
            event: collect::<R::Event>(&mut all),
            view: collect::<R::View>(&mut all),
            command_choice: collect::<R::CommandChoice>(&mut all),
            all,
        };
        // utoipa names a schema again wherever it is referred from: one of each.
        let mut seen = std::collections::BTreeSet::new();
        schemas.all.retain(|(name, _)| seen.insert(name.clone()));
        schemas
    }
}

impl<R: Presentation + Tactics> DynGame for ErasedGame<R> {
    fn ruleset_id(&self) -> &'static str {
        R::ID
    }
    fn clone_game(&self) -> Box<dyn DynGame> {
        Box::new(ErasedGame::<R> {
            state: self.state.clone(),
            revision: self.revision,
        })
    }
    fn state_json(&self) -> Option<Vec<u8>> {
        Some(serde_json::to_vec(&self.state).expect("rule states always serialize to JSON"))
    }
    fn revised(&self, to: &'static dyn DynRuleset) -> Box<dyn DynGame> {
        Box::new(ErasedGame::<R> {
            state: R::revised(self.state.clone(), to.revision()),
            revision: to.revision(),
        })
    }
    fn apply(&mut self, event: &Value) -> Result<(), EventDecodeError> {
        let event: R::Event = self.decode(event).map_err(|e| EventDecodeError {
            ruleset: R::ID,
            reason: e.to_string(),
        })?;
        R::evolve(&mut self.state, &event);
        Ok(())
    }
    fn understand(&self, command: &Value) -> Result<Value, Refusal> {
        understood::understand::<R::Command>(command).map(|(_, understood)| understood)
    }
    fn decide(
        &self,
        actor: Seat,
        command: &Value,
        rng: &mut GameRng,
    ) -> Result<Vec<Value>, Refusal> {
        let (command, _) = understood::understand::<R::Command>(command)?;
        R::decide(&self.state, actor, &command, rng)
            .map(|events| events.iter().map(to_json).collect())
            .map_err(|v| Refusal::Rule {
                code: v.code(),
                message: v.to_string(),
            })
    }
    fn view(&self, viewer: Viewer) -> Value {
        to_json(&R::view(&self.state, viewer))
    }
    fn redact(&self, event: &Value, viewer: Viewer) -> Option<Value> {
        let event = self.decode(event).ok()?;
        R::redact(&event, viewer).map(|e| to_json(&e))
    }

    fn takeback(&self, events: &[Value]) -> Result<(), TakebackRefusal> {
        let events: Vec<R::Event> = events
            .iter()
            .map(|event| self.decode(event))
            .collect::<Result<_, _>>()
            .map_err(|_| TakebackRefusal::NotOffered)?;
        R::takeback(&events)
    }
    fn awaiting(&self) -> Vec<Awaiting> {
        R::awaiting(&self.state)
    }
    fn outcome(&self) -> Option<Outcome> {
        R::outcome(&self.state)
    }
    fn seats_out(&self) -> Vec<Seat> {
        R::seats_out(&self.state)
    }
    fn legal_commands(&self, seat: Seat) -> Vec<Value> {
        R::legal_commands(&self.state, seat)
            .iter()
            .map(to_json)
            .collect()
    }
    fn full_legal_listing(&self, seat: Seat) -> (Vec<Value>, bool) {
        let listing = R::full_legal_listing(&self.state, seat);
        (
            listing.commands.iter().map(to_json).collect(),
            listing.complete,
        )
    }
    fn legal_choices(&self, seat: Seat) -> (Vec<Value>, Vec<Value>) {
        let legal = R::legal_choices(&self.state, seat);
        (
            legal.choices.iter().map(to_json).collect(),
            legal.commands.iter().map(to_json).collect(),
        )
    }
    fn timeout_command(&self, seat: Seat) -> Option<Value> {
        R::timeout_command(&self.state, seat).map(|c| to_json(&c))
    }
    fn computer_command(&self, seat: Seat, strength: Strength, rng: &mut GameRng) -> Option<Value> {
        bots::choose(strength, &Sight::<R>::of(&self.state, seat), rng).map(|c| to_json(&c))
    }
    fn narrate(&self, event: &Value, names: &SeatNames) -> String {
        match self.decode(event) {
            Ok(event) => R::narrate(&event, &self.state, names),
            Err(_) => UNTOLD.to_owned(),
        }
    }
    fn picture(&self, viewer: Viewer, names: &SeatNames) -> String {
        R::picture(&R::view(&self.state, viewer), names)
    }
}

/// Declares the registered rulesets once, for the server ([`all`]) and for
/// the conformance suite, which runs on each of them with the random play
/// given here: registering a ruleset is what submits it to the suite.
macro_rules! registry {
    (
        $($test:ident: $ruleset:ty => $play:expr),+ $(,)?;
        tests only: $($toy_test:ident: $toy:ty => $toy_play:expr),* $(,)?
    ) => {
        /// Every ruleset the server offers, at its newest revision.
        pub fn all() -> [&'static dyn DynRuleset; [$(stringify!($ruleset)),+].len()] {
            [$(&const { Erased::<$ruleset>::newest() }),+]
        }

        /// What the OpenAPI document says of every ruleset the server offers
        /// beside its commands, events and views: its reference material
        /// and its options, for the description of a ruleset's info (see
        /// [`crate::kit::about`]).
        #[cfg(feature = "openapi")]
        pub fn about_schemas() -> Vec<crate::kit::about::AboutSchemas> {
            vec![$(crate::kit::about::AboutSchemas::of::<$ruleset>()),+]
        }

        /// The engine that plays `revision` of ruleset `id`: today's code for
        /// the revisions it plays, a frozen copy for the others.
        ///
        /// # Errors
        /// [`UnknownRevision`] when there is no such ruleset or revision.
        pub fn find_revision(
            id: &str,
            revision: u32,
        ) -> Result<&'static dyn DynRuleset, UnknownRevision> {
            $(
                if id == <$ruleset as Ruleset>::ID {
                    // One engine per revision played by today's code, made once.
                    static PLAYED_BY_TODAYS_CODE: std::sync::LazyLock<Vec<Erased<$ruleset>>> =
                        std::sync::LazyLock::new(|| {
                            <$ruleset as Ruleset>::REVISIONS
                                .iter()
                                .filter(|r| matches!(r.rules, RevisionRules::Current))
                                .map(|r| Erased::at(r.number))
                                .collect()
                        });
                    return engine_at(
                        <$ruleset as Ruleset>::REVISIONS,
                        &PLAYED_BY_TODAYS_CODE,
                        id,
                        revision,
                    );
                }
            )+
            Err(UnknownRevision::Ruleset(id.to_owned()))
        }

        /// Every ruleset the server offers, and those registered only to
        /// test the kit (the toy of its how-to).
        #[cfg(test)]
        pub fn all_in_tests() -> Vec<&'static dyn DynRuleset> {
            let mut all = all().to_vec();
            $(all.push(&const { Erased::<$toy>::newest() });)*
            all
        }

        /// One run of the suite per registered ruleset.
        #[cfg(test)]
        mod every_ruleset_passes_the_conformance_suite {
            use crate::kit::conformance::{RandomPlay, check};

            $(
                #[test]
                fn $test() {
                    check::<$ruleset>($play);
                }
            )+
            $(
                #[test]
                fn $toy_test() {
                    check::<$toy>($toy_play);
                }
            )*
        }
    };
}

registry! {
    // The standard duel, variant 1 (every spell in hand) and variant 2
    // (stocks arranged by their owners, who then know their order).
    firewall_duel: crate::firewall::FirewallDuel => RandomPlay {
        options: &["{}", r#"{"full_deck_in_hand":true}"#, r#"{"arranged_decks":true}"#],
        games: 4,
        commands: 2000,
        must_end: true,
    },
    // Random play seldom kills a wizard or carries treasures home: the
    // games only have to run on safely. The defaults, and every optional rule
    // that changes what is dealt, drawn or kept at once (one Giant Book deck).
    wizwar: crate::wizwar::WizWar => RandomPlay {
        options: &[
            "{}",
            r#"{"optional_rules":{"giant_book_of_spells":true,"uncluttered_minds":true,"deadly_treasures":true,"heavy_items":true,"permanent_creations":true,"treasure_hunters":true,"victory_points":2}}"#,
        ],
        games: 1,
        commands: 60,
        must_end: false,
    },
    // The classic edition on the same engine: random play only has to run on
    // safely (whole games to a winner are in its tests).
    wizwar_classic: crate::wizwar::classic::WizWarClassic => RandomPlay {
        options: &["{}", r#"{"yield_policy":"always"}"#],
        games: 1,
        commands: 60,
        must_end: false,
    },
    // Random play wanders and seldom kills a wizard: the games only have to
    // run on safely (a whole game by listed commands is in the ruleset's tests).
    wizards_of_war: crate::wizards_of_war::WizardsOfWar => RandomPlay {
        options: &["{}", r#"{"yield_policy":"always"}"#, r#"{"yield_policy":"when_i_can_counter"}"#],
        games: 2,
        commands: 250,
        must_end: false,
    };
    tests only:
    // The kit's toy, written from its how-to: every game ends with its last lot.
    sealed_bid_duel: crate::sealed_bids::SealedBidDuel => RandomPlay {
        options: &["{}", r#"{"lots":1,"coins":1}"#],
        games: 4,
        commands: 40,
        must_end: true,
    },
}

/// The ruleset with this id, at its newest revision.
pub fn find(id: &str) -> Option<&'static dyn DynRuleset> {
    all().into_iter().find(|r| r.id() == id)
}

/// Every engine of every ruleset: each revision of each, oldest first.
pub fn every_revision() -> Vec<&'static dyn DynRuleset> {
    all()
        .into_iter()
        .flat_map(|newest| {
            newest
                .revisions()
                .iter()
                .filter_map(move |r| find_revision(newest.id(), r.number).ok())
        })
        .collect()
}

/// A ruleset or revision this build does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UnknownRevision {
    #[error("there is no ruleset {0}")]
    Ruleset(String),
    #[error(
        "{ruleset} has no revision {revision} in this build (its newest is {newest}): \
         a newer build of the server plays it"
    )]
    Revision {
        ruleset: String,
        revision: u32,
        newest: u32,
    },
}

fn engine_at<R: Presentation + Tactics>(
    revisions: &'static [Revision],
    played_by_todays_code: &'static [Erased<R>],
    id: &str,
    revision: u32,
) -> Result<&'static dyn DynRuleset, UnknownRevision> {
    let unknown = || UnknownRevision::Revision {
        ruleset: id.to_owned(),
        revision,
        newest: revisions::newest(revisions),
    };
    match revisions.iter().find(|r| r.number == revision) {
        Some(Revision {
            rules: RevisionRules::Frozen(engine),
            ..
        }) => Ok(*engine),
        Some(_) => played_by_todays_code
            .iter()
            .find(|e| e.revision == revision)
            .map(|e| e as &'static dyn DynRuleset)
            .ok_or_else(unknown),
        None => Err(unknown()),
    }
}

#[cfg(all(test, feature = "openapi"))]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn no_two_rulesets_give_one_schema_name_two_meanings() {
        let all = all_in_tests;
        let mut seen: BTreeMap<String, (&str, Value)> = BTreeMap::new();
        for ruleset in all() {
            let schemas = ruleset.schemas();
            for (name, schema) in schemas.all {
                let schema = serde_json::to_value(schema).expect("schemas serialise");
                if let Some((other, earlier)) = seen.get(&name) {
                    assert_eq!(
                        earlier,
                        &schema,
                        "{name} means one thing in {other} and another in {}",
                        ruleset.id()
                    );
                } else {
                    seen.insert(name, (ruleset.id(), schema));
                }
            }
            for wire in [
                schemas.options,
                schemas.command,
                schemas.event,
                schemas.view,
            ] {
                assert!(
                    all().iter().filter(|r| r.id() != ruleset.id()).all(|r| {
                        let other = r.schemas();
                        ![other.options, other.command, other.event, other.view].contains(&wire)
                    }),
                    "{wire} of {} is also another ruleset's wire type",
                    ruleset.id()
                );
            }
        }
    }
}

#[cfg(test)]
mod revision_tests {
    use super::*;

    #[test]
    fn every_ruleset_numbers_dates_and_explains_its_revisions_and_each_has_its_engine() {
        for ruleset in all() {
            let id = ruleset.id();
            revisions::check(id, ruleset.revisions()).unwrap();
            assert_eq!(
                ruleset.revision(),
                revisions::newest(ruleset.revisions()),
                "{id} is offered at its newest revision"
            );
            for revision in ruleset.revisions() {
                let engine = find_revision(id, revision.number).unwrap();
                assert_eq!((engine.id(), engine.revision()), (id, revision.number));
                assert_eq!(engine.info().revisions, ruleset.info().revisions);
            }
            let unknown = ruleset.revision() + 1;
            assert_eq!(
                find_revision(id, unknown).err(),
                Some(UnknownRevision::Revision {
                    ruleset: id.to_owned(),
                    revision: unknown,
                    newest: ruleset.revision(),
                })
            );
        }
        assert!(matches!(
            find_revision("chess", 1),
            Err(UnknownRevision::Ruleset(_))
        ));
    }

    #[test]
    fn snapshots_of_two_revisions_of_one_ruleset_are_never_read_for_each_other() {
        let versions: Vec<String> = every_revision().iter().map(|e| e.state_version()).collect();
        let mut distinct = versions.clone();
        distinct.sort();
        distinct.dedup();
        assert_eq!(distinct.len(), versions.len(), "{versions:?}");
    }
}
