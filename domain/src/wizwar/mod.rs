//! Placeholder while the ruleset is being written.

pub mod cards;

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;
use crate::ruleset::*;

pub struct WizWar;

#[derive(Debug, Clone, Default)]
pub struct State;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = WizwarCommand)]
pub enum Command {
    Nothing,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = WizwarEvent)]
pub enum Event {
    Nothing,
}

#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("nothing")]
    Nothing,
}

impl Violation for Error {
    fn code(&self) -> &'static str {
        "nothing"
    }
}

impl Ruleset for WizWar {
    const ID: &'static str = "wizwar";
    type Options = Options;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = View;
    type Violation = Error;
    fn info() -> RulesetInfo {
        RulesetInfo {
            id: Self::ID.into(),
            name: "WizWar".into(),
            description: String::new(),
            min_seats: 2,
            max_seats: 2,
            options: vec![],
            reference: serde_json::Value::Null,
        }
    }
    fn setup(_: &Options, _: u8, _: &mut GameRng) -> Result<Vec<Event>, SetupError> {
        Ok(vec![])
    }
    fn decide(_: &State, _: Seat, _: &Command, _: &mut GameRng) -> Result<Vec<Event>, Error> {
        Err(Error::Nothing)
    }
    fn evolve(_: &mut State, _: &Event) {}
    fn view(_: &State, _: Viewer) -> View { View {} }
    fn redact(e: &Event, _: Viewer) -> Option<Event> {
        Some(e.clone())
    }
    fn awaiting(_: &State) -> Vec<Awaiting> {
        vec![]
    }
    fn outcome(_: &State) -> Option<Outcome> {
        None
    }
    fn legal_commands(_: &State, _: Seat) -> Vec<Command> {
        vec![]
    }
}

#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[schema(as = WizwarOptions)]
pub struct Options {}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(as = WizwarView)]
pub struct View {}
