//! What the classic edition's board cards do (their facts:
//! `cards::classic_board`); the board rules they apply live in
//! [`crate::wizwar::classic`].

use super::super::casting::{Casting, SpellOption, SpellTarget};
use super::super::classic::doors;
use super::super::durations;
use super::super::events::Event;
use super::super::labyrinth::BorderLine;
use super::super::objects::Creation;
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;
use super::cantrip;
use super::rules::CardRules;

/// REMOVE LOCK: a door beside the caster is jammed open for good.
pub const REMOVE_LOCK: CardRules = CardRules {
    check: |c| doors::check_remove_lock(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| doors::remove_lock(tx, cast.seat, cast.target),
    ..CardRules::BASE
};

/// RELOCATE SECTOR: the targeted sector moves to the slot named in its
/// option (every other slot of the board is listed).
pub const RELOCATE_SECTOR: CardRules = CardRules {
    listed_options: |state, _| {
        state
            .labyrinth
            .slots()
            .into_iter()
            .map(|slot| Some(SpellOption::Slot { slot }))
            .collect()
    },
    check: |c| check_relocate_sector(c.state, c.target, c.option),
    resolve: |tx, cast, _, _| relocate_sector(tx, cast),
    ..CardRules::BASE
};

/// A sector to move, and another slot of the board to move it to.
///
/// # Errors
/// `invalid_target`, `bad_option`.
pub fn check_relocate_sector(
    state: &State,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    let SpellTarget::Sector { slot } = target else {
        return Err(RuleViolation::InvalidTarget(
            "Relocate Sector moves a sector board",
        ));
    };
    if !state.labyrinth.sectors.iter().any(|s| s.slot == slot) {
        return Err(RuleViolation::InvalidTarget("no sector lies there"));
    }
    match option {
        Some(SpellOption::Slot { slot: to })
            if to != slot && state.labyrinth.slots().contains(&to) =>
        {
            Ok(())
        }
        _ => Err(RuleViolation::BadOption(
            "name another place of the layout for the sector (slot)",
        )),
    }
}

/// Relocate Sector: created walls and Walls of Fire where either moved
/// sector meets the board end (as Rotate Sector's do), held doors touching
/// them close, then everything in them moves.
pub fn relocate_sector(tx: &mut Tx, cast: &Casting) {
    let (SpellTarget::Sector { slot }, Some(SpellOption::Slot { slot: to })) =
        (cast.target, cast.option)
    else {
        return;
    };
    let lab = &tx.state.labyrinth;
    let on_edge = |l: BorderLine| lab.on_sector_edge(slot, l) || lab.on_sector_edge(to, l);
    // A created wall the junction roll gave to a sector that stays where it
    // is stays too, unless the sector arriving brings a printed wall onto
    // its line (as under Rotate Sector).
    let mut relocated = lab.clone();
    relocated.relocate_sector(slot, to);
    let honoured = tx.state.edition_rules().junction_walls_stay_whole;
    let stays = |c: &Creation| match c {
        Creation::StoneWall { line, .. } if honoured => {
            tx.state.junction_walls.get(line).is_some_and(|owner| {
                *owner != slot && *owner != to && relocated.barrier(*line).is_none()
            })
        }
        _ => false,
    };
    let ending: Vec<_> = tx
        .state
        .creations
        .iter()
        .filter(|c| c.line().is_some_and(on_edge) && !stays(c))
        .map(|c| c.card())
        .collect();
    for card in ending {
        durations::end_spell_in_play(tx, card);
    }
    cantrip::close_held_doors_touching(tx, &[slot, to]);
    tx.emit(Event::SectorRelocated { slot, to });
}
