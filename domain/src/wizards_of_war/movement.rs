//! Movement (rulebook "Movement" and "Terrain"): up to the unit's
//! movement, horizontally and vertically; through friendly units but never
//! ending on one; never through enemies; a river square costs 2 points, a
//! mud square 3; large creatures ignore both. Nobody enters a wall of
//! thorns.

use std::collections::BTreeMap;

use super::board::{Square, terrain};
use super::events::Event;
use super::spell_cards::{Effect, Spell};
use super::state::{State, Tx, Unit};
use super::violations::RuleViolation;
use crate::ruleset::Seat;

/// Points `unit` spends to enter `square`, or `None` when it may not
/// enter (an enemy, thorns).
fn entry_cost(state: &State, unit: &Unit, square: Square) -> Option<u8> {
    if state.thorns_at(square).is_some() {
        return None;
    }
    if state.unit_at(square).is_some_and(|u| u.owner != unit.owner) {
        return None;
    }
    if unit.kind.stats().large {
        return Some(1);
    }
    let mud = match Spell::Mud.def().effect {
        Effect::Mud { cost, .. } if state.mud_at(square) => cost,
        _ => 1,
    };
    Some(terrain(square).entry_cost().max(mud))
}

/// Every square `unit` may end its move on, with the fewest points it
/// costs to get there.
pub fn reachable(state: &State, unit: &Unit) -> BTreeMap<Square, u8> {
    let budget = unit.kind.stats().movement;
    let mut best: BTreeMap<Square, u8> = BTreeMap::from([(unit.square, 0)]);
    let mut frontier = vec![unit.square];
    // Costs are small integers: relax until nothing improves.
    while let Some(from) = frontier.pop() {
        let spent = best[&from];
        for next in from.orthogonal_neighbours() {
            let Some(cost) = entry_cost(state, unit, next) else {
                continue;
            };
            let total = spent + cost;
            if total <= budget && best.get(&next).is_none_or(|b| total < *b) {
                best.insert(next, total);
                frontier.push(next);
            }
        }
    }
    best.remove(&unit.square);
    best.retain(|square, _| state.unit_at(*square).is_none());
    best
}

/// A unit of `seat` moves to `to`.
///
/// # Errors
/// `no_such_unit`, `not_your_unit`, `already_moved`, `unreachable`.
pub fn move_unit(tx: &mut Tx, seat: Seat, unit: u8, to: Square) -> Result<(), RuleViolation> {
    let mover = tx
        .state
        .unit(unit)
        .cloned()
        .ok_or(RuleViolation::NoSuchUnit(unit))?;
    if mover.owner != seat {
        return Err(RuleViolation::NotYourUnit(unit));
    }
    if mover.moved {
        return Err(RuleViolation::AlreadyMoved(unit));
    }
    let cost = *reachable(&tx.state, &mover)
        .get(&to)
        .ok_or(RuleViolation::Unreachable(to))?;
    tx.emit(Event::UnitMoved {
        unit,
        from: mover.square,
        to,
        cost,
    });
    Ok(())
}
