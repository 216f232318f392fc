//! Classic doors ("Le plateau"): the narrow gaps in the walls. A door is
//! always closed, to everyone (no sector owner passes it freely:
//! [`closed_to_everyone`] answers the engine's door hook), and only cards
//! open it:
//!
//! - **MASTER KEY**, once played face up, lets its holder through every
//!   door; the door closes behind him (it was never held open). He may
//!   also hold one open (`hold_door`) while he stays beside it: then, and
//!   only then, others may follow him through ("à moins que la porte reste
//!   ouverte pour vous").
//! - **PICK LOCK** (if the deck holds it) is the engine's card: its caster
//!   holds the door next to him open until he leaves its side, so he may
//!   pass or keep it open for others; the same hook serves the classic deck.
//! - A spell may be cast through a door held open without passing it: an
//!   open door does not block the line of sight.
//! - **REMOVE LOCK** alone jams a door open for good
//!   ([`Event::DoorJammedOpen`]): nobody closes it again; only its
//!   destruction ends it.

use crate::ruleset::Seat;

use super::super::casting::SpellTarget;
use super::super::events::Event;
use super::super::labyrinth::{Barrier, BorderLine};
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;

/// A door lets nobody through without a card.
pub fn closed_to_everyone(_state: &State, _seat: Seat, _line: BorderLine) -> bool {
    false
}

/// REMOVE LOCK is cast on a door beside the caster (designed: the card's
/// range is not known; a lock is removed by hand) that is not yet jammed.
///
/// # Errors
/// `invalid_target`, `not_a_door`, `not_next_to_door`.
pub fn check_remove_lock(
    state: &State,
    seat: Seat,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget(
            "Remove Lock is cast on a door",
        ));
    };
    if !matches!(state.labyrinth.barrier(line), Some(Barrier::Door { .. })) {
        return Err(RuleViolation::NotADoor(line));
    }
    let here = state.wizard(seat).square;
    if !state.with_sight(|s| s.adjacent_to_line(here, line)) {
        return Err(RuleViolation::NotNextToDoor);
    }
    if state.jammed_doors.contains(&line) {
        return Err(RuleViolation::InvalidTarget(
            "that door is already jammed open",
        ));
    }
    Ok(())
}

/// REMOVE LOCK: the door stays open for good.
pub fn remove_lock(tx: &mut Tx, seat: Seat, target: SpellTarget) {
    if let SpellTarget::Line { line } = target
        && matches!(tx.state.labyrinth.barrier(line), Some(Barrier::Door { .. }))
    {
        tx.emit(Event::DoorJammedOpen { seat, line });
    }
}
