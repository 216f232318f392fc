//! Every ruleset behind one object-safe interface, keyed by ruleset id.
//!
//! The server stores commands and events as JSON; this adapter decodes them
//! into each ruleset's typed values, so the typed rules never see JSON and
//! the server never sees a ruleset's types.

use std::fmt::Debug;
use std::marker::PhantomData;

use serde_json::Value;
use utoipa::ToSchema;
use utoipa::openapi::{RefOr, schema::Schema};

use crate::rng::GameRng;
use crate::ruleset::{
    Awaiting, Outcome, Ruleset, RulesetInfo, Seat, SetupError, Viewer, Violation,
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

/// A game in progress, whatever its ruleset.
pub trait DynGame: Send + Sync + Debug {
    fn ruleset_id(&self) -> &'static str;
    fn clone_game(&self) -> Box<dyn DynGame>;
    /// Folds one stored event into the game.
    fn apply(&mut self, event: &Value) -> Result<(), EventDecodeError>;
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
    fn legal_commands(&self, seat: Seat) -> Vec<Value>;
    fn timeout_command(&self, seat: Seat) -> Option<Value>;
}

/// A ruleset, whatever its types.
pub trait DynRuleset: Send + Sync {
    fn id(&self) -> &'static str;
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
    /// The OpenAPI schemas of this ruleset's options, commands, events and views.
    fn schemas(&self) -> RulesetSchemas;
}

/// A schema and every schema it refers to, for the OpenAPI document.
pub type NamedSchemas = Vec<(String, RefOr<Schema>)>;

/// The names of a ruleset's typed schemas, plus the schemas themselves.
pub struct RulesetSchemas {
    pub options: String,
    pub command: String,
    pub event: String,
    pub view: String,
    /// Every schema above and everything they refer to.
    pub all: NamedSchemas,
}

fn collect<T: ToSchema>(all: &mut NamedSchemas) -> String {
    let name = T::name().into_owned();
    all.push((name.clone(), T::schema()));
    T::schemas(all);
    name
}

struct Erased<R>(PhantomData<fn() -> R>);

struct ErasedGame<R: Ruleset>(R::State);

impl<R: Ruleset> Debug for ErasedGame<R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple(R::ID).field(&self.0).finish()
    }
}

fn to_json<T: serde::Serialize>(value: &T) -> Value {
    serde_json::to_value(value).expect("rule types always serialize to JSON")
}

fn parse_options<R: Ruleset>(options: &Value) -> Result<R::Options, SetupError> {
    let options = if options.is_null() {
        Value::Object(Default::default())
    } else {
        options.clone()
    };
    serde_json::from_value(options).map_err(|e| SetupError::InvalidOptions(e.to_string()))
}

impl<R: Ruleset> DynRuleset for Erased<R> {
    fn id(&self) -> &'static str {
        R::ID
    }
    fn info(&self) -> RulesetInfo {
        R::info()
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
        Ok(R::setup(&options, seats, rng)?
            .iter()
            .map(to_json)
            .collect())
    }
    fn new_game(&self) -> Box<dyn DynGame> {
        Box::new(ErasedGame::<R>(R::State::default()))
    }
    fn schemas(&self) -> RulesetSchemas {
        let mut all = NamedSchemas::new();
        RulesetSchemas {
            options: collect::<R::Options>(&mut all),
            command: collect::<R::Command>(&mut all),
            event: collect::<R::Event>(&mut all),
            view: collect::<R::View>(&mut all),
            all,
        }
    }
}

impl<R: Ruleset> DynGame for ErasedGame<R> {
    fn ruleset_id(&self) -> &'static str {
        R::ID
    }
    fn clone_game(&self) -> Box<dyn DynGame> {
        Box::new(ErasedGame::<R>(self.0.clone()))
    }
    fn apply(&mut self, event: &Value) -> Result<(), EventDecodeError> {
        let event: R::Event =
            serde_json::from_value(event.clone()).map_err(|e| EventDecodeError {
                ruleset: R::ID,
                reason: e.to_string(),
            })?;
        R::evolve(&mut self.0, &event);
        Ok(())
    }
    fn decide(
        &self,
        actor: Seat,
        command: &Value,
        rng: &mut GameRng,
    ) -> Result<Vec<Value>, Refusal> {
        let command: R::Command = serde_json::from_value(command.clone())
            .map_err(|e| Refusal::Malformed(e.to_string()))?;
        R::decide(&self.0, actor, &command, rng)
            .map(|events| events.iter().map(to_json).collect())
            .map_err(|v| Refusal::Rule {
                code: v.code(),
                message: v.to_string(),
            })
    }
    fn view(&self, viewer: Viewer) -> Value {
        to_json(&R::view(&self.0, viewer))
    }
    fn redact(&self, event: &Value, viewer: Viewer) -> Option<Value> {
        let event: R::Event = serde_json::from_value(event.clone()).ok()?;
        R::redact(&event, viewer).map(|e| to_json(&e))
    }
    fn awaiting(&self) -> Vec<Awaiting> {
        R::awaiting(&self.0)
    }
    fn outcome(&self) -> Option<Outcome> {
        R::outcome(&self.0)
    }
    fn legal_commands(&self, seat: Seat) -> Vec<Value> {
        R::legal_commands(&self.0, seat)
            .iter()
            .map(to_json)
            .collect()
    }
    fn timeout_command(&self, seat: Seat) -> Option<Value> {
        R::timeout_command(&self.0, seat).map(|c| to_json(&c))
    }
}

static WIZWAR: Erased<crate::wizwar::WizWar> = Erased(PhantomData);

/// Every ruleset the server offers.
pub fn all() -> [&'static dyn DynRuleset; 1] {
    [&WIZWAR]
}

/// The ruleset with this id.
pub fn find(id: &str) -> Option<&'static dyn DynRuleset> {
    all().into_iter().find(|r| r.id() == id)
}
