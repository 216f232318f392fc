//! Damaging and destroying objects (rulebook p.13): 1 crack per full 3
//! damage of a single attack, the rest wasted; stone walls fall at 5 cracks,
//! doors at 3; outer walls, treasures and objects without a crack limit are
//! indestructible. A column left touching no wall or door falls with the wall
//! (columns are derived from the walls, see [`super::labyrinth::Labyrinth::has_column`]).

use serde::{Deserialize, Serialize};

use super::cards::CardName;
use super::edition::BarrierDamage;
use super::events::Event;
use super::labyrinth::{Barrier, BorderLine};
use super::state::{State, Tx};
use crate::ruleset::Seat;

/// Whether damage to a wizard was physical or magical, in an edition that
/// tells them apart (see `EditionRules::physical_damage_from`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarDamageKind))]
pub enum DamageKind {
    /// A blow, a dagger, a large rock, a falling wall.
    Physical,
    /// A spell's: a wall of fire, a lightning blast, a wizardblade…
    Magical,
}

/// The kind of damage `source` deals, when the game's rules record it:
/// physical from the edition's physical sources, magical from any other
/// (or from no card at all).
pub fn kind_of(state: &State, source: Option<CardName>) -> Option<DamageKind> {
    let physical = state.edition_rules().physical_damage_from?;
    Some(match source {
        Some(card) if physical.contains(&card) => DamageKind::Physical,
        _ => DamageKind::Magical,
    })
}

/// Cracks one attack of `damage` inflicts under the game's edition: in the
/// 8th, 7 → 2, 9 → 3, 2 → 0 (p.13).
pub fn cracks_from(state: &State, damage: u8) -> u8 {
    match state.edition_rules().barrier_damage {
        BarrierDamage::Cracks {
            damage_per_crack, ..
        } => damage / damage_per_crack,
        BarrierDamage::Points { .. } => damage,
    }
}

/// Cracks dealt by `attacker`: one per point of damage while his Shatter
/// lasts (data §2.5), else one per full 3.
pub fn cracks_by(tx: &Tx, damage: u8, attacker: Option<Seat>) -> u8 {
    let shatter = attacker.is_some_and(|a| super::effects::cracks_every_point(&tx.state, a));
    if shatter {
        damage
    } else {
        cracks_from(&tx.state, damage)
    }
}

/// Cracks that destroy this barrier under the game's edition, or `None`
/// when it is indestructible.
pub fn crack_limit(state: &State, barrier: Barrier) -> Option<u8> {
    let (wall_cracks, door_cracks) = match state.edition_rules().barrier_damage {
        BarrierDamage::Cracks {
            wall_cracks,
            door_cracks,
            ..
        } => (wall_cracks, door_cracks),
        BarrierDamage::Points { wall, door, .. } => (wall, door),
    };
    match barrier {
        Barrier::StoneWall { .. } => Some(wall_cracks),
        Barrier::Door { .. } => Some(door_cracks),
        Barrier::OuterWall => None,
    }
}

/// Cracks (or points, where damage is counted in points) that destroy a
/// created Stone Block.
pub fn block_limit(state: &State) -> u8 {
    match state.edition_rules().barrier_damage {
        BarrierDamage::Cracks { .. } => super::objects::STONE_BLOCK_CRACKS,
        BarrierDamage::Points { block, .. } => block,
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
        (crack_limit(&tx.state, barrier), barrier)
    else {
        return;
    };
    // A wall that falls at its first point (an Illusion Wall).
    let (limit, added) = if super::effects::falls_at_first_point(&tx.state, line) && damage > 0 {
        (1, added.max(1))
    } else {
        (limit, added)
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
