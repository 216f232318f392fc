//! Conjuring cards the engine plays so far: Shield (also in Mentalism),
//! Ka-Bong!, Swap, Fire Darts (also in Thaumaturgy) and Glue.
//!
//! # Decisions where the sources are silent
//!
//! - **Ka-Bong!** stuns only when its damage gets through: reduced to 0 it is
//!   no damage and has no secondary effect (p.15), like Lightning Bolt's stun.
//! - **Swap** is movement of the caster's wizard: refused once he may move no
//!   more (after a Teleport or another Swap) or when, stunned, he has
//!   attacked. The swapped wizard is not attacked and is not stopped from
//!   moving on his own turn. Both wizards carry what they hold; held doors
//!   they leave behind close.
//! - **Fire Darts** fly at one target per cast: the engine names a single
//!   target for a spell, so sharing the darts is not offered (a player who
//!   wants two targets casts two spells on two turns). Each dart is its own
//!   source of damage: a Shield stops one dart, a Bloodshard takes 1 off
//!   every dart, and each dart that burns a wizard shatters his stones.
//! - **Glue** sticks what could be lifted: a dropped item or a treasure
//!   lying on the board (created objects never move anyway; carried things
//!   are refused, as the data says). While it lasts nobody picks the thing
//!   up (`glued`). It is a temporary spell like any other: its energy in
//!   tokens, Dispel ends it. What turns the whole sector (Rotate Sector)
//!   turns the glued thing with the floor it is stuck to.

use crate::ruleset::Seat;

use super::super::cards::CardName;
use super::super::casting::{CastKind, Casting, SpellTarget};
use super::super::events::Event;
use super::super::movement;
use super::super::state::{State, Tx};
use super::super::treasures::TreasureLocation;
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
/// Fire Darts: each dart deals 1 magical fire damage (data §2.3).
pub const FIRE_DART_DAMAGE: u8 = 1;

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

/// Swap moves the caster's wizard, so the moving rules of his turn apply.
///
/// # Errors
/// `stunned_and_attacked`, `no_more_moving`, `invalid_target`.
pub fn check_swap(state: &State, seat: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    let turn = state.move_and_cast(seat)?;
    if turn.stunned && turn.attacked {
        return Err(RuleViolation::StunnedAndAttacked);
    }
    if turn.teleported {
        return Err(RuleViolation::NoMoreMoving);
    }
    match target {
        SpellTarget::Wizard { .. } => Ok(()),
        _ => Err(RuleViolation::InvalidTarget(
            "Swap trades places with a wizard",
        )),
    }
}

/// Swap: the two wizards trade squares; the caster moves no more this turn.
pub fn swap(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat: with } = cast.target else {
        return;
    };
    let (caster, other) = (tx.state.wizard(cast.seat), tx.state.wizard(with));
    if !caster.alive || !other.alive {
        return;
    }
    tx.emit(Event::WizardsSwapped {
        seat: cast.seat,
        square: caster.square,
        with,
        with_square: other.square,
    });
    movement::close_doors_left_behind(tx, cast.seat);
    movement::close_doors_left_behind(tx, with);
}

/// Fire Darts: one dart per point of energy, each its own source of 1 fire
/// damage; a reducing counter (Shield) stops the first dart only.
pub fn fire_darts(tx: &mut Tx, cast: &Casting) {
    let later = Casting {
        reduction: 0,
        ..cast.clone()
    };
    for dart in 0..cast.energy {
        let this = if dart == 0 { cast } else { &later };
        if let SpellTarget::Wizard { seat } = cast.target
            && !tx.state.wizard(seat).alive
        {
            return;
        }
        if let SpellTarget::Object { card } = cast.target
            && tx.state.object_square(card).is_none()
        {
            return;
        }
        hit_target(
            tx,
            this,
            FIRE_DART_DAMAGE,
            Some(super::super::cards::Trait::Fire),
        );
    }
}

/// Glue holds only what lies loose on the board.
///
/// # Errors
/// `invalid_target`.
pub fn check_glue(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    let loose = match target {
        SpellTarget::Object { card } => state.object_of_card(card).is_some(),
        SpellTarget::Treasure { treasure } => state
            .treasures
            .iter()
            .any(|t| t.id == treasure && matches!(t.location, TreasureLocation::Lying { .. })),
        _ => false,
    };
    if loose {
        Ok(())
    } else {
        Err(RuleViolation::InvalidTarget(
            "Glue sticks a dropped item or a treasure lying on the board",
        ))
    }
}

/// Whether a Glue spell in play holds this item or treasure.
pub fn glued(state: &State, thing: SpellTarget) -> bool {
    state
        .spells
        .iter()
        .any(|s| s.name == CardName::Glue && s.target == thing)
}
