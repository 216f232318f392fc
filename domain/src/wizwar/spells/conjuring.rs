//! Conjuring cards the engine plays so far: Shield (also in Mentalism).

use crate::ruleset::Seat;

use super::super::casting::{CastKind, Casting, SpellTarget};
use super::super::state::State;
use super::super::violations::RuleViolation;

/// Shield reduces the damage of one attack by its energy + 2, as the card
/// reads. The rulebook's example (p.15) reduces an unboosted Fireball by only
/// 2; the Golden Rule makes the card win (data §8), so it reduces by 3.
pub const SHIELD_BONUS: u8 = 2;

/// Shield answers an attack aimed at the answering wizard.
pub fn check_shield(_state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    let aimed = matches!(top.target, SpellTarget::Wizard { seat: s } if s == seat);
    if !top.attack || top.kind == CastKind::Counter || !aimed {
        return Err(RuleViolation::CounterDoesNotApply(
            "Shield answers only an attack aimed at you",
        ));
    }
    Ok(())
}
