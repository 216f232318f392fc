//! The heuristic computer player of the Fire Wall duel: greedy on mana.
//!
//! Mana left over when the opponent runs dry pushes the wall a flagstone a
//! point, so the player spends as little as it can and pays for a sure push
//! only when the wall is about to reach a wizard (its own, or the
//! opponent's when it can afford to finish him). Spells are kept: played
//! blind, one is easily wasted.

use super::commands::Command;
use super::{FirewallDuel, View};
use crate::bots::{Sight, Tactics};
use crate::ruleset::Seat;

impl Tactics for FirewallDuel {
    fn worths(sight: &Sight<Self>) -> Vec<i64> {
        sight.legal.iter().map(|c| worth(sight, c)).collect()
    }
}

fn worth(sight: &Sight<FirewallDuel>, command: &Command) -> i64 {
    match command {
        Command::SubmitMove { bet, cards, .. } => {
            let target = i64::from(bet_to_aim_at(&sight.view, sight.seat));
            -10 * (i64::from(*bet) - target).abs() - cards.len() as i64
        }
        // After the reveal: a higher bet pushes harder.
        Command::ChooseRecycle { bet } => i64::from(*bet),
        // The stolen spells were the opponent's: apply them for yourself.
        Command::ChooseLarceny { apply } => apply.len() as i64,
        Command::ArrangeDeck { .. } => 0,
    }
}

/// The bet the heuristic wants. Every mana point left when the opponent
/// runs dry pushes the wall one more flagstone ("Running out of Mana"), so
/// it bets the least it can while the wall is far from its wizard, and pays
/// for a sure push (one more than the opponent holds) when one more lost
/// push would bring the wall onto it, or when one won push brings the wall
/// onto the opponent.
fn bet_to_aim_at(view: &View, seat: Seat) -> u8 {
    let opponent = Seat(1 - seat.0.min(1));
    let mana = |s: Seat| {
        view.players
            .iter()
            .find(|p| p.seat == s)
            .map_or(0, |p| p.mana)
    };
    let gap = |s: Seat| {
        view.bridge.wizards.get(s.index()).map_or(i16::MAX, |w| {
            (i16::from(*w) - i16::from(view.bridge.fire_wall)).abs()
        })
    };
    let (mine, theirs) = (mana(seat), mana(opponent));
    let sure_push = theirs.saturating_add(1);
    let aim = if gap(seat) <= 1 || (gap(opponent) <= 1 && sure_push <= mine) {
        sure_push
    } else {
        1
    };
    aim.clamp(1, mine.max(1))
}
