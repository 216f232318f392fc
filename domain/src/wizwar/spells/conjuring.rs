//! Conjuring cards the engine plays so far: Shield (also in Mentalism)
//! and Ka-Bong!.
//!
//! # Decisions where the sources are silent
//!
//! - **Ka-Bong!** stuns only when its damage gets through: reduced to 0 it is
//!   no damage and has no secondary effect (p.15), like Lightning Bolt's stun.

use crate::ruleset::Seat;

use super::super::casting::{CastKind, Casting, SpellTarget};
use super::super::events::Event;
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;
use super::hit_target;

/// Shield reduces the damage of one attack by its energy + 2, as the card
/// reads. The rulebook's example (p.15) reduces an unboosted Fireball by only
/// 2; the Golden Rule makes the card win (data §8), so it reduces by 3.
pub const SHIELD_BONUS: u8 = 2;

/// Ka-Bong!: 4 physical damage (data §2.3).
pub const KA_BONG_DAMAGE: u8 = 4;
/// Ka-Bong!: a wizard it hurts is stunned one turn (data §2.3).
pub const KA_BONG_STUN: u8 = 1;

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

/// Ka-Bong!: 4 physical damage; a wizard who takes any of it is stunned a turn.
pub fn ka_bong(tx: &mut Tx, cast: &Casting) {
    let dealt = hit_target(tx, cast, KA_BONG_DAMAGE, None);
    if let SpellTarget::Wizard { seat } = cast.target
        && dealt > 0
        && tx.state.wizard(seat).alive
    {
        tx.emit(Event::WizardStunned {
            seat,
            tokens: KA_BONG_STUN,
        });
    }
}
