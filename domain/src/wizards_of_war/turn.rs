//! A turn (rulebook "Play the game"): roll the turn die, then do what it
//! shows. Turns with nothing left to choose end by themselves: an orc
//! once its monster is placed (or cannot be), a wand once its spell is
//! drawn. A feet turn ends when its player says so.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::counterspell;
use super::events::Event;
use super::spells;
use super::state::{Tx, opponent};
use super::summoning;
use super::turn_die::{self, TurnFace};
use super::winning;

/// Starts turn `number` for `seat`: the die is rolled and recorded, unless
/// a moment to counterspell opens for him first (revision 2): then it is
/// rolled once the moment is over ([`carry_on`]).
pub fn start(tx: &mut Tx, seat: Seat, number: u32, rng: &mut GameRng) {
    tx.emit(Event::TurnStarted { seat, turn: number });
    if counterspell::open_moment(tx, seat) {
        return;
    }
    roll(tx, seat, rng);
}

/// `seat` rolls the turn die and does what it shows.
fn roll(tx: &mut Tx, seat: Seat, rng: &mut GameRng) {
    let face = turn_die::roll(rng);
    tx.emit(Event::TurnDieRolled { seat, face });
    match face {
        TurnFace::Orc => summoning::draw_to_summon(tx, seat, rng),
        // "If you don't have any monsters at the moment you can also choose
        // to summon one instead": only then is there a choice to wait for,
        // and only when a monster can come.
        TurnFace::Wand
            if tx.state.has_monsters(seat)
                || summoning::refuses_summon_instead(&tx.state, seat) =>
        {
            spells::draw(tx, seat, rng)
        }
        TurnFace::Wand | TurnFace::Feet | TurnFace::FeetPlus => {}
    }
}

/// After a command: the game ends if a wizard was killed; a turn with
/// nothing left to do ends and the next begins, until someone must choose.
pub fn carry_on(tx: &mut Tx, rng: &mut GameRng) {
    loop {
        winning::check(tx);
        if tx.state.is_over() || tx.state.casting.is_some() || tx.state.moment.is_some() {
            return;
        }
        match &tx.state.turn {
            // The moment before the roll is over.
            Some(turn) if turn.face.is_none() => {
                let seat = turn.seat;
                roll(tx, seat, rng);
            }
            Some(turn) if turn.face.is_some() && turn.step.is_none() => {
                let (seat, number) = (turn.seat, turn.number);
                end(tx, seat, number, rng);
            }
            _ => return,
        }
    }
}

/// Ends `seat`'s turn `number` and starts the opponent's.
pub fn end(tx: &mut Tx, seat: Seat, number: u32, rng: &mut GameRng) {
    tx.emit(Event::TurnEnded { seat });
    start(tx, opponent(seat), number + 1, rng);
}
