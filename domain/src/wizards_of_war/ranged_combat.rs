//! Ranged combat (rulebook "Ranged combat"): range is counted orthogonally
//! from the attacker; projectiles fly only along a row or a column; only
//! friendly units may be shot through (enemies block the sight, and so does
//! a wall of thorns); a defender on a tree, bush or stone gets +1 defence
//! (an automatic shield), except against spells and for large creatures
//! ("they can not hide").

use super::board::{Square, terrain};
use super::state::State;
use crate::ruleset::Seat;

/// The squares strictly between `from` and `to` on their row or column,
/// or `None` when they share neither.
pub fn between(from: Square, to: Square) -> Option<Vec<Square>> {
    if from.row == to.row {
        let (a, b) = (from.col.min(to.col), from.col.max(to.col));
        Some((a + 1..b).map(|c| Square::new(c, from.row)).collect())
    } else if from.col == to.col {
        let (a, b) = (from.row.min(to.row), from.row.max(to.row));
        Some((a + 1..b).map(|r| Square::new(from.col, r)).collect())
    } else {
        None
    }
}

/// Whether a shot by `shooter` from `from` reaches `to`: a straight line
/// with nothing in between but `shooter`'s own units.
pub fn line_of_fire(state: &State, from: Square, to: Square, shooter: Seat) -> bool {
    between(from, to).is_some_and(|squares| {
        squares.iter().all(|s| {
            state.thorns_at(*s).is_none() && state.unit_at(*s).is_none_or(|u| u.owner == shooter)
        })
    })
}

/// The defence cover gives `unit` against a ranged attack (not a spell).
pub fn cover(state: &State, unit: u8) -> u8 {
    state.unit(unit).map_or(0, |u| {
        u8::from(!u.kind.stats().large && terrain(u.square).gives_cover())
    })
}
