//! Which Wizards of War actions a player may take back by agreement: a
//! unit's move and a yield policy set, as long as no die was rolled (the
//! turn die, a combat, a banishing) and no card was drawn or deck shuffled.

use super::events::Event;
use crate::ruleset::TakebackRefusal;

/// Whether one event of an action lets the action be taken back.
pub(crate) fn takeback_of(event: &Event) -> Result<(), TakebackRefusal> {
    match event {
        Event::UnitMoved { .. } | Event::YieldPolicySet { .. } => Ok(()),
        Event::MonsterDrawn { .. } | Event::SpellDrawn { .. } => {
            Err(TakebackRefusal::HiddenInformation)
        }
        Event::TurnDieRolled { .. }
        | Event::CombatRolled { .. }
        | Event::BanishRolled { .. }
        | Event::MonsterDeckShuffled { .. }
        | Event::SpellDeckShuffled { .. } => Err(TakebackRefusal::DieRoll),
        _ => Err(TakebackRefusal::NotOffered),
    }
}
