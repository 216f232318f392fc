//! Computer players: a random one and a heuristic one for every ruleset.
//!
//! A computer player sits at a seat like a person and sees what that
//! person would see: the seat's [`Sight`] is its view (`Ruleset::view` for
//! the seat) and the commands the rules let it make now (what a client is
//! offered). It is never handed the state, so it cannot peek at a hand or a
//! deck order its seat may not see. It is pure and seeded: the same sight
//! and the same random stream give the same command, so a bot's move can be
//! replayed like any other.
//!
//! The random player picks any listed command. The heuristic player is
//! greedy on its ruleset's own measures (life, treasures, mana, units): each
//! ruleset scores a command from the sight alone ([`Tactics`]), and the
//! player takes a best-scored command, drawing among equals.

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, Viewer};

pub mod duel;
#[cfg(test)]
mod tests;

/// How a computer player plays.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Strength {
    /// Any legal command, drawn at random.
    Random,
    /// The command its ruleset's heuristic scores best.
    Heuristic,
}

/// What one seat sees of a game: all a computer player decides from.
pub struct Sight<R: Ruleset + ?Sized> {
    pub seat: Seat,
    /// The game as the seat's player sees it.
    pub view: R::View,
    /// The commands the seat may make now, as its player is offered them.
    pub legal: Vec<R::Command>,
}

impl<R: Ruleset> Sight<R> {
    /// The sight of `seat` in `state`: its view and its listed commands.
    pub fn of(state: &R::State, seat: Seat) -> Self {
        Sight {
            seat,
            view: R::view(state, Viewer::Player(seat)),
            legal: R::legal_commands(state, seat),
        }
    }
}

/// How a ruleset's heuristic player weighs its commands.
pub trait Tactics: Ruleset + Sized {
    /// How good each of `sight.legal` looks to the player of `sight`
    /// (higher is better), in the order listed. Only the sight is given: a
    /// heuristic cannot read hidden facts.
    fn worths(sight: &Sight<Self>) -> Vec<i64>;
}

/// The command a computer player of `strength` makes from `sight`, or
/// `None` when the seat has nothing to do.
pub fn choose<R: Tactics>(
    strength: Strength,
    sight: &Sight<R>,
    rng: &mut GameRng,
) -> Option<R::Command> {
    if sight.legal.is_empty() {
        return None;
    }
    let pick = match strength {
        Strength::Random => rng.below(sight.legal.len() as u32) as usize,
        Strength::Heuristic => {
            let worths = R::worths(sight);
            let best = worths.iter().copied().max().unwrap_or_default();
            let equals: Vec<usize> = (0..worths.len()).filter(|&i| worths[i] == best).collect();
            equals[rng.below(equals.len() as u32) as usize]
        }
    };
    Some(sight.legal[pick].clone())
}
