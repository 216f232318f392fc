//! Damaging and destroying objects (rulebook p.13): 1 crack per full 3
//! damage of a single attack, the rest wasted; stone walls fall at 5 cracks,
//! doors at 3; outer walls, treasures and objects without a crack limit are
//! indestructible. A column left touching no wall or door falls with the wall
//! (columns are derived from the walls, see [`super::labyrinth::Labyrinth::has_column`]).

use super::events::Event;
use super::labyrinth::{Barrier, BorderLine};
use super::state::Tx;
use crate::ruleset::Seat;

/// Damage per crack (p.13).
pub const DAMAGE_PER_CRACK: u8 = 3;

/// Cracks one attack of `damage` inflicts: 7 → 2, 9 → 3, 2 → 0 (p.13).
pub fn cracks_from(damage: u8) -> u8 {
    damage / DAMAGE_PER_CRACK
}

/// Cracks dealt by `attacker`: one per point of damage while his Shatter
/// lasts (data §2.5), else one per full 3.
pub fn cracks_by(tx: &Tx, damage: u8, attacker: Option<Seat>) -> u8 {
    let shatter = attacker.is_some_and(|a| {
        tx.state
            .spells
            .iter()
            .any(|s| s.name == super::cards::CardName::Shatter && s.caster == a)
    });
    if shatter { damage } else { cracks_from(damage) }
}

/// Cracks that destroy this barrier, or `None` when it is indestructible.
pub fn crack_limit(barrier: Barrier) -> Option<u8> {
    match barrier {
        Barrier::StoneWall { .. } => Some(5),
        Barrier::Door { .. } => Some(3),
        Barrier::OuterWall => None,
    }
}

/// Deals one attack's damage to a wall or door. Callers refuse
/// indestructible targets before this point.
pub fn damage_barrier(tx: &mut Tx, line: BorderLine, damage: u8, attacker: Option<Seat>) {
    let added = cracks_by(tx, damage, attacker);
    crack_barrier(tx, line, damage, added);
}

/// Adds `added` cracks to a wall or door hurt by `damage` (most attacks
/// crack by [`cracks_by`]; Wizardblade cracks once per point).
pub fn crack_barrier(tx: &mut Tx, line: BorderLine, damage: u8, added: u8) {
    let Some(barrier) = tx.state.labyrinth.barrier(line) else {
        return;
    };
    let (Some(limit), Barrier::StoneWall { cracks } | Barrier::Door { cracks }) =
        (crack_limit(barrier), barrier)
    else {
        return;
    };
    let total = cracks.saturating_add(added).min(limit);
    tx.emit(Event::BarrierDamaged {
        line,
        damage,
        cracks_added: added,
        cracks: total,
    });
    if total >= limit {
        tx.emit(Event::BarrierDestroyed { line });
        end_created_wall(tx, line);
    }
}

/// A created wall or door that is destroyed ends its spell (the card is discarded).
pub fn end_created_wall(tx: &mut Tx, line: BorderLine) {
    use super::objects::Creation;
    let card = tx.state.creations.iter().find_map(|c| match c {
        Creation::StoneWall { card, line: l } | Creation::Door { card, line: l, .. }
            if *l == line =>
        {
            Some(*card)
        }
        _ => None,
    });
    if let Some(card) = card {
        super::durations::end_spell_in_play(tx, card);
    }
}
