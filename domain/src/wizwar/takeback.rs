//! Which Wiz-War actions a player may take back by agreement: steps,
//! speed, doors and objects put down or picked up, as long as nothing was
//! turned up or drawn (a card, a trap, a sector) and no die was rolled nor
//! a pile shuffled. Anything else the rules do is not offered.

use super::events::Event;
use crate::ruleset::TakebackRefusal;

/// Whether one event of an action lets the action be taken back.
pub(crate) fn takeback_of(event: &Event) -> Result<(), TakebackRefusal> {
    match event {
        Event::WizardMoved { .. }
        | Event::SpeedBoosted { .. }
        | Event::DoorHeldOpen { .. }
        | Event::DoorClosed { .. }
        | Event::ItemPickedUp { .. }
        | Event::ItemDropped { .. }
        | Event::TreasurePickedUp { .. }
        | Event::TreasureDropped { .. } => Ok(()),
        Event::CardsDrawn { .. } | Event::TrapTurnedUp { .. } | Event::HandTaken { .. } => {
            Err(TakebackRefusal::HiddenInformation)
        }
        Event::DieRolled { .. }
        | Event::JunctionWallRolled { .. }
        | Event::DeckReshuffled { .. }
        | Event::DiscardPileShuffled { .. } => Err(TakebackRefusal::DieRoll),
        _ => Err(TakebackRefusal::NotOffered),
    }
}
