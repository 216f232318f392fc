//! The heuristic computer player of the classic edition: the engine's plan
//! (`wizwar::tactics`) weighs the engine's commands; the edition's own are
//! weighed here. Deals and the sector choice are left alone.

use super::super::tactics::Plan;
use super::{ClassicCommand, EditionCommand, WizWarClassic};
use crate::bots::{Sight, Tactics};

impl Tactics for WizWarClassic {
    fn worths(sight: &Sight<Self>) -> Vec<i64> {
        let plan = Plan::of(&sight.view.game, sight.seat);
        sight
            .legal
            .iter()
            .map(|command| match command {
                ClassicCommand::Engine(command) => plan.worth(command),
                ClassicCommand::Edition(command) => edition_worth(command),
            })
            .collect()
    }
}

/// A sector is any sector, a deal offered is declined, and none is offered.
fn edition_worth(command: &EditionCommand) -> i64 {
    match command {
        EditionCommand::DeclineDeal => 10,
        EditionCommand::ChooseSector { .. } | EditionCommand::AcceptDeal => 0,
        EditionCommand::OfferDeal { .. } => -100,
    }
}
