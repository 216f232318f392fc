//! Revision 1 of Wiz-War: the rules as the build of commit de3d825 played
//! them, from the frozen copy in `domain/revisions/wizwar-1`.
//!
//! Every Wiz-War game begun before games recorded their revision is a game
//! of revision 1, and it is decided by that copy for as long as it lasts: a
//! punch at a wizard lands at once, a Lightning Bolt is cast at a wizard, and
//! every roll and shuffle is drawn from the same stream as then, so its old
//! record verifies exactly.
//!
//! The copy has no words and no pictures (they came later). Those come from
//! today's rules folding the same events, brought to today's shapes by the
//! upcasters: the *presentation fold*. It decides nothing. When its players
//! agree to move the game to the newest revision, that fold becomes the game
//! — unless an old event did not read as today's, in which case the move is
//! refused rather than played on a state that misses something.

use owlpost_wizwar_revision_1 as frozen;
use serde_json::Value;

use crate::kit::revisions::Revision;
use crate::kit::understood;
use crate::registry::{
    self, DynGame, DynRuleset, EventDecodeError, Refusal, StateDecodeError, presentation_fold,
};
use crate::rng::GameRng;
use crate::ruleset::{
    AwaitReason, Awaiting, Outcome, Ruleset, RulesetInfo, Seat, SeatNames, SetupError, Viewer,
};

use super::WizWar;

/// The engine of revision 1.
pub struct Revision1;

/// Revision 1, for [`WizWar::REVISIONS`].
pub static REVISION_1: Revision1 = Revision1;

fn copy() -> &'static dyn frozen::registry::DynRuleset {
    frozen::registry::find(WizWar::ID).expect("the frozen copy holds Wiz-War")
}

fn todays() -> &'static dyn DynRuleset {
    registry::find(WizWar::ID).expect("Wiz-War is registered")
}

/// Runs `decide` of the copy on the very stream `rng` would have given.
fn with_rng<T>(rng: &mut GameRng, decide: impl FnOnce(&mut frozen::GameRng) -> T) -> T {
    rng.lend_stream(|stream| {
        let mut lent = frozen::GameRng::from_stream(stream.clone());
        let decided = decide(&mut lent);
        *stream = lent.into_stream();
        decided
    })
}

fn seat_then(seat: Seat) -> frozen::Seat {
    frozen::Seat(seat.0)
}

fn seat_now(seat: frozen::Seat) -> Seat {
    Seat(seat.0)
}

fn viewer_then(viewer: Viewer) -> frozen::Viewer {
    match viewer {
        Viewer::Player(seat) => frozen::Viewer::Player(seat_then(seat)),
        Viewer::Spectator => frozen::Viewer::Spectator,
        Viewer::Referee => frozen::Viewer::Referee,
    }
}

fn setup_error_now(error: frozen::ruleset::SetupError) -> SetupError {
    match error {
        frozen::ruleset::SetupError::SeatCount { min, max, got } => {
            SetupError::SeatCount { min, max, got }
        }
        frozen::ruleset::SetupError::InvalidOptions(reason) => SetupError::InvalidOptions(reason),
    }
}

impl DynRuleset for Revision1 {
    fn id(&self) -> &'static str {
        WizWar::ID
    }
    fn revision(&self) -> u32 {
        1
    }
    fn revisions(&self) -> &'static [Revision] {
        WizWar::REVISIONS
    }
    fn info(&self) -> RulesetInfo {
        todays().info()
    }
    fn normalize_options(&self, options: &Value) -> Result<Value, SetupError> {
        copy().normalize_options(options).map_err(setup_error_now)
    }
    fn setup(
        &self,
        options: &Value,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<Value>, SetupError> {
        with_rng(rng, |rng| copy().setup(options, seats, rng)).map_err(setup_error_now)
    }
    fn new_game(&self) -> Box<dyn DynGame> {
        Box::new(GameOfRevision1 {
            rules: copy().new_game(),
            presentation: presentation_fold::<WizWar>(1),
            presentation_whole: true,
        })
    }
    fn state_version(&self) -> String {
        // Never written: a game of frozen rules keeps no snapshot.
        format!("{}/frozen@1", WizWar::ID)
    }
    fn restore(&self, _state: &[u8]) -> Result<Box<dyn DynGame>, StateDecodeError> {
        Err(StateDecodeError {
            ruleset: WizWar::ID,
            reason: "a game of revision 1 is never kept; it folds from its first event".into(),
        })
    }
    #[cfg(feature = "openapi")]
    fn schemas(&self) -> registry::RulesetSchemas {
        todays().schemas()
    }
}

/// A Wiz-War game of revision 1.
#[derive(Debug)]
struct GameOfRevision1 {
    /// The game as the copy folds it: what decides.
    rules: Box<dyn frozen::registry::DynGame>,
    /// The same events folded by today's rules, for words and pictures.
    presentation: Box<dyn DynGame>,
    /// Whether every event so far read as one of today's.
    presentation_whole: bool,
}

impl DynGame for GameOfRevision1 {
    fn ruleset_id(&self) -> &'static str {
        WizWar::ID
    }
    fn clone_game(&self) -> Box<dyn DynGame> {
        Box::new(GameOfRevision1 {
            rules: self.rules.clone_game(),
            presentation: self.presentation.clone_game(),
            presentation_whole: self.presentation_whole,
        })
    }
    fn state_json(&self) -> Option<Vec<u8>> {
        None
    }
    fn revisable(&self) -> bool {
        self.presentation_whole
    }
    fn revised(&self, to: &'static dyn DynRuleset) -> Box<dyn DynGame> {
        self.presentation.revised(to)
    }
    fn apply(&mut self, event: &Value) -> Result<(), EventDecodeError> {
        self.rules.apply(event).map_err(|error| EventDecodeError {
            ruleset: WizWar::ID,
            reason: error.reason,
        })?;
        if self.presentation_whole && self.presentation.apply(event).is_err() {
            self.presentation_whole = false;
        }
        Ok(())
    }
    /// Read by the copy's own command type: what revision 1 understood.
    fn understand(&self, command: &Value) -> Result<Value, Refusal> {
        understood::understand::<frozen::wizwar::commands::Command>(command)
            .map(|(_, understood)| understood)
    }
    fn decide(
        &self,
        actor: Seat,
        command: &Value,
        rng: &mut GameRng,
    ) -> Result<Vec<Value>, Refusal> {
        self.understand(command)?;
        with_rng(rng, |rng| self.rules.decide(seat_then(actor), command, rng)).map_err(|refusal| {
            match refusal {
                frozen::registry::Refusal::Malformed(reason) => Refusal::Malformed(reason),
                frozen::registry::Refusal::Rule { code, message } => {
                    Refusal::Rule { code, message }
                }
            }
        })
    }
    fn view(&self, viewer: Viewer) -> Value {
        self.rules.view(viewer_then(viewer))
    }
    fn redact(&self, event: &Value, viewer: Viewer) -> Option<Value> {
        self.rules.redact(event, viewer_then(viewer))
    }
    fn awaiting(&self) -> Vec<Awaiting> {
        self.rules
            .awaiting()
            .into_iter()
            .map(|awaiting| Awaiting {
                seat: seat_now(awaiting.seat),
                reason: match awaiting.reason {
                    frozen::AwaitReason::Turn => AwaitReason::Turn,
                    frozen::AwaitReason::Response => AwaitReason::Response,
                    frozen::AwaitReason::SealedMove => AwaitReason::SealedMove,
                    frozen::AwaitReason::Choice => AwaitReason::Choice,
                },
            })
            .collect()
    }
    fn outcome(&self) -> Option<Outcome> {
        self.rules.outcome().map(|outcome| Outcome {
            winners: outcome.winners.into_iter().map(seat_now).collect(),
            summary: outcome.summary,
        })
    }
    /// Listed as today's commands are written: revision 1's own type sends
    /// a value left out as `null`.
    fn legal_commands(&self, seat: Seat) -> Vec<Value> {
        self.rules
            .legal_commands(seat_then(seat))
            .into_iter()
            .map(understood::without_nulls)
            .collect()
    }
    fn legal_choices(&self, seat: Seat) -> (Vec<Value>, Vec<Value>) {
        (vec![], self.legal_commands(seat))
    }
    fn timeout_command(&self, seat: Seat) -> Option<Value> {
        self.rules.timeout_command(seat_then(seat))
    }
    fn narrate(&self, event: &Value, names: &SeatNames) -> String {
        self.presentation.narrate(event, names)
    }
    fn picture(&self, viewer: Viewer, names: &SeatNames) -> String {
        self.presentation.picture(viewer, names)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_revision_1_game_refuses_a_command_with_a_field_it_does_not_know() {
        let game = REVISION_1.new_game();
        let mut rng = GameRng::for_command(&[7; 32], 1);
        for sent in [
            json!({"type": "end_turn", "zzz": 1}),
            json!({"type": "move", "direction": "north", "zzz": 1}),
        ] {
            let refused = game.decide(Seat(0), &sent, &mut rng).unwrap_err();
            assert!(
                matches!(&refused, Refusal::Malformed(reason) if reason.contains("zzz")),
                "{sent}: {refused:?}"
            );
        }
        assert_eq!(
            game.understand(&json!({"type": "end_turn"})).unwrap(),
            json!({"type": "end_turn"})
        );
    }
}
