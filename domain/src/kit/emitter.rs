//! Emitting events while deciding.

use crate::ruleset::Ruleset;

/// A decision in progress: each emitted event is folded into a working copy
/// of the state at once, so later rules of the same command reason on
/// exactly the state a replay will rebuild. Nothing reaches the real state
/// unless the whole command succeeds: `decide` returns `events` and the
/// caller folds them.
pub struct Emitter<R: Ruleset> {
    /// The state with every event emitted so far applied.
    pub state: R::State,
    /// The events emitted so far, oldest first.
    pub events: Vec<R::Event>,
}

impl<R: Ruleset> Emitter<R> {
    /// Starts from a copy of `state`, with nothing emitted.
    pub fn new(state: &R::State) -> Self {
        Emitter {
            state: state.clone(),
            events: Vec::new(),
        }
    }

    /// Records `event` and applies it to the working state.
    pub fn emit(&mut self, event: R::Event) {
        R::evolve(&mut self.state, &event);
        self.events.push(event);
    }
}
