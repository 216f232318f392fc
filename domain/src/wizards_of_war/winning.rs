//! Winning (rulebook "The goal"): once an evil wizard's life is less than
//! 1 he is killed and the game ends. Both killed by the same spell: a draw,
//! since neither player killed the other's wizard and survived.

use super::events::Event;
use super::state::{Tx, opponent};

/// Ends the game once a wizard has been killed.
pub fn check(tx: &mut Tx) {
    if tx.state.is_over() || tx.state.killed.is_empty() {
        return;
    }
    let killed = tx.state.killed.clone();
    let (winner, summary) = match killed.as_slice() {
        [one] => (
            Some(opponent(*one)),
            format!("Seat {}'s evil wizard was killed", one.0),
        ),
        _ => (None, "Both evil wizards were killed at once".to_owned()),
    };
    tx.emit(Event::GameEnded { winner, summary });
}
