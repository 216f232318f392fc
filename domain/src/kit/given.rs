//! Rule tests that read like the rulebook's examples:
//! `given(events).when(seat, command).then(expected_events)`, or
//! `.then_refused(violation)`.
//!
//! A ruleset's `tests/given.rs` wraps [`given`] for its own event type and
//! adds the scene builders of its board (inherent methods on
//! `Given<ItsRuleset>` and `When<ItsRuleset>` are allowed: same crate).

use std::fmt::Debug;

use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, Violation};

/// The seed of the dice a `when` rolls: fixed, so a test sees the same rolls
/// every run.
const DICE_SEED: u64 = 7;

/// A game reached by folding some events (or set up by hand).
pub struct Given<R: Ruleset> {
    pub state: R::State,
}

impl<R: Ruleset> Clone for Given<R> {
    fn clone(&self) -> Self {
        Given {
            state: self.state.clone(),
        }
    }
}

/// The game after folding `events` into a fresh state.
pub fn given<R: Ruleset>(events: impl IntoIterator<Item = R::Event>) -> Given<R> {
    Given {
        state: R::State::default(),
    }
    .with(events)
}

/// What became of one command.
pub struct When<R: Ruleset> {
    /// The game the command was decided on.
    pub before: R::State,
    /// The game after the command's events (`before` when it was refused).
    pub after: R::State,
    pub result: Result<Vec<R::Event>, R::Violation>,
}

impl<R: Ruleset> Given<R> {
    /// Starts from a state reached some other way (e.g. a `When`'s result).
    pub fn with_state(mut self, state: R::State) -> Self {
        self.state = state;
        self
    }

    /// Folds more events into the game.
    pub fn with(mut self, events: impl IntoIterator<Item = R::Event>) -> Self {
        for event in events {
            R::evolve(&mut self.state, &event);
        }
        self
    }

    /// `seat` sends `command`; the game itself is left as it was.
    pub fn when(&self, seat: Seat, command: R::Command) -> When<R> {
        let result = R::decide(
            &self.state,
            seat,
            &command,
            &mut GameRng::from_u64(DICE_SEED),
        );
        let mut after = self.state.clone();
        if let Ok(events) = &result {
            for event in events {
                R::evolve(&mut after, event);
            }
        }
        When {
            before: self.state.clone(),
            after,
            result,
        }
    }

    /// Plays several commands of `seat` in a row, each of which must succeed.
    #[track_caller]
    pub fn after(self, seat: Seat, commands: &[R::Command]) -> Self {
        commands
            .iter()
            .fold(self, |g, command| g.when(seat, command.clone()).given())
    }
}

impl<R: Ruleset> When<R>
where
    R::Violation: PartialEq,
{
    /// The command was accepted with exactly these events, in this order;
    /// the game after them goes on.
    #[track_caller]
    pub fn then(&self, expected: impl IntoIterator<Item = R::Event>) -> Given<R> {
        let expected: Vec<R::Event> = expected.into_iter().collect();
        assert_events(&self.events(), &expected);
        self.given()
    }

    /// The command was refused for exactly this reason; the game goes on
    /// unchanged.
    #[track_caller]
    pub fn then_refused(&self, expected: R::Violation) -> Given<R> {
        match &self.result {
            Ok(events) => panic!("expected the refusal {expected:?}, got {events:#?}"),
            Err(refusal) => assert_eq!(refusal, &expected, "refused for another reason"),
        }
        Given {
            state: self.before.clone(),
        }
    }
}

impl<R: Ruleset> When<R> {
    /// The events of an accepted command.
    #[track_caller]
    pub fn events(&self) -> Vec<R::Event> {
        match &self.result {
            Ok(events) => events.clone(),
            Err(e) => panic!(
                "expected the command to succeed, it was refused: {e} ({})",
                e.code()
            ),
        }
    }

    /// The game after an accepted command.
    #[track_caller]
    pub fn state(&self) -> R::State {
        self.events();
        self.after.clone()
    }

    /// The game after an accepted command, to go on from.
    #[track_caller]
    pub fn given(&self) -> Given<R> {
        Given {
            state: self.state(),
        }
    }

    /// The command was accepted; then `seat` sends `command`.
    #[track_caller]
    pub fn when(&self, seat: Seat, command: R::Command) -> When<R> {
        self.given().when(seat, command)
    }

    /// The command was refused with the stable code `code`; the game goes on
    /// unchanged.
    #[track_caller]
    pub fn then_code(&self, code: &str) -> Given<R> {
        match &self.result {
            Ok(events) => panic!("expected the refusal {code}, got {events:#?}"),
            Err(refusal) => assert_eq!(refusal.code(), code, "{refusal}"),
        }
        Given {
            state: self.before.clone(),
        }
    }

    /// The command was accepted and `expected` is among its events.
    #[track_caller]
    pub fn then_contains(&self, expected: &R::Event) -> Given<R> {
        let events = self.events();
        assert!(
            events.contains(expected),
            "expected {expected:?} among {events:#?}"
        );
        self.given()
    }
}

/// Compares event lists one by one, so a failure names the first difference.
#[track_caller]
fn assert_events<E: PartialEq + Debug>(actual: &[E], expected: &[E]) {
    for (i, (a, e)) in actual.iter().zip(expected).enumerate() {
        assert_eq!(a, e, "event {i} differs");
    }
    assert_eq!(
        actual.len(),
        expected.len(),
        "expected {} events, got {}: {actual:#?}",
        expected.len(),
        actual.len()
    );
}
