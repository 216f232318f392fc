//! Which Fire Wall actions a player may take back by agreement: a sealed
//! move while it stays sealed (the other wizard has not moved, so nothing
//! was revealed). A move that revealed both, a draw or a shuffle cannot be.

use super::events::Event;
use crate::ruleset::TakebackRefusal;

/// Whether one event of an action lets the action be taken back.
pub(crate) fn takeback_of(event: &Event) -> Result<(), TakebackRefusal> {
    match event {
        Event::MoveSubmitted { .. } => Ok(()),
        Event::MovesRevealed { .. } | Event::CardsDrawn { .. } | Event::DeckArranged { .. } => {
            Err(TakebackRefusal::HiddenInformation)
        }
        Event::DeckShuffled { .. } => Err(TakebackRefusal::DieRoll),
        _ => Err(TakebackRefusal::NotOffered),
    }
}
