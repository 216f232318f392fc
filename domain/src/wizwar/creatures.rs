//! Creatures (rulebook p.10, "Creature": an animate being on the board that
//! is not a wizard). The rulebook says the base game has none; the 8th
//! edition's Alchemy deck has one, the Homunculus, whose card text survives
//! only in part (data §2.2: 5 life, speed 1, not a valid target for spells
//! or attacks). Completed as an experienced player would (data §8):
//!
//! - **Made** by its neutral spell in an empty square in sight, never in a
//!   home base square (p.14, like every creation). The spell is permanent
//!   and maintained: it counts toward its caster's hand limit, and the
//!   homunculus vanishes when the spell ends (ended by its caster, dispelled,
//!   its caster dead). With the optional rule Permanent Creations it is a
//!   creation like any other: not maintained, its card near the board, and
//!   neither its caster nor his death ends it (see [`super::durations`]).
//! - **Moves** on its caster's Move and Cast, up to its speed (1 square) per
//!   turn, apart from his wizard's movement points. It passes the doors his
//!   wizard could open (his home sector's, and doors held open), never walls
//!   or Stone Blocks, and wraps and takes portals like a wizard. Crossing a
//!   Wall of Fire burns it for 4, as it burns wizards.
//! - **Sees for its master**: the homunculus is an alchemist's familiar, so
//!   its caster may look through its eyes; his next spell this turn is then
//!   cast from its square, exactly as after an Astral Projection there. Without
//!   this the card would do nothing at all, which no printed card does.
//! - **Cannot be singled out**: no spell, attack or punch may name it (the
//!   card's own words); there is no target that names a creature, so a
//!   command cannot even try. What strikes squares rather than aims still
//!   hurts it: a Psychic Storm on or next to its square, a Lightning Bolt
//!   through its square, a Wall of Fire it crosses. It is never stunned (the
//!   bolt stuns wizards). At 0 life it dies and its spell ends.
//! - It fills nothing: sight and wizards pass through its square, but the
//!   square is no longer empty (p.10), so nothing is created or projected
//!   there.

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::events::Event;
use super::labyrinth::{Direction, Square};
use super::objects::CardId;
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// The Homunculus's life when it is made (data §2.2).
pub const HOMUNCULUS_LIFE: u8 = 5;
/// Squares a Homunculus may move each turn of its caster (data §2.2).
pub const HOMUNCULUS_SPEED: u8 = 1;

/// A creature on the board, named by the card that made it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarCreature))]
pub struct Creature {
    pub card: CardId,
    /// The wizard who made it and moves it.
    pub owner: Seat,
    pub square: Square,
    pub life: u8,
}

impl State {
    pub fn creature(&self, card: CardId) -> Option<&Creature> {
        self.creatures.iter().find(|c| c.card == card)
    }

    pub fn creature_in(&self, square: Square) -> bool {
        self.creatures.iter().any(|c| c.square == square)
    }
}

/// `seat`'s own creature, by its card.
///
/// # Errors
/// `no_such_creature`.
fn own_creature(state: &State, seat: Seat, card: CardId) -> Result<Creature, RuleViolation> {
    state
        .creature(card)
        .filter(|c| c.owner == seat)
        .copied()
        .ok_or(RuleViolation::NoSuchCreature)
}

/// Move your creature one square on your Move and Cast, once per turn.
///
/// # Errors
/// `no_such_creature`, `creature_has_moved`, `wall_in_the_way`,
/// `door_locked`, `blocked`, and the turn's own refusals.
pub fn move_creature(
    tx: &mut Tx,
    seat: Seat,
    card: CardId,
    direction: Direction,
) -> Result<(), RuleViolation> {
    let turn = tx.state.move_and_cast(seat)?;
    let creature = own_creature(&tx.state, seat, card)?;
    let steps = turn.creature_steps.iter().filter(|c| **c == card).count();
    if steps >= usize::from(HOMUNCULUS_SPEED) {
        return Err(RuleViolation::CreatureHasMoved);
    }
    let step = super::movement::way_from(&tx.state, seat, creature.square, direction, false)?;
    tx.emit(Event::CreatureMoved {
        card,
        from: creature.square,
        to: step.to,
        direction,
    });
    for line in step.lines.into_iter().flatten() {
        if tx.state.wall_of_fire_on(line).is_some() {
            hurt(tx, card, super::effects::fire_wall_burn());
        }
    }
    if tx.state.creature(card).is_some() {
        super::effects::creature_entered(tx, card, step.to);
    }
    Ok(())
}

/// Look through your creature's eyes: your next spell this turn is cast
/// from its square.
///
/// # Errors
/// `no_such_creature`, and the turn's own refusals.
pub fn look_through(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    tx.state.move_and_cast(seat)?;
    let creature = own_creature(&tx.state, seat, card)?;
    tx.emit(Event::LookedThrough {
        seat,
        card,
        square: creature.square,
    });
    Ok(())
}

/// Damage to a creature; at 0 life it dies and the spell that made it ends.
pub fn hurt(tx: &mut Tx, card: CardId, amount: u8) {
    let Some(creature) = tx.state.creature(card).copied() else {
        return;
    };
    if amount == 0 {
        return;
    }
    let life = creature.life.saturating_sub(amount);
    let view = tx.state.card_view(card);
    tx.emit(Event::CreatureDamaged {
        card: view,
        damage: amount,
        life,
    });
    if life == 0 {
        super::durations::end_spell_in_play(tx, card);
    }
}

/// Damage to every creature standing in one of `squares` (area effects).
pub fn hurt_in(tx: &mut Tx, squares: &[Square], amount: u8) {
    let struck: Vec<CardId> = tx
        .state
        .creatures
        .iter()
        .filter(|c| squares.contains(&c.square))
        .map(|c| c.card)
        .collect();
    for card in struck {
        hurt(tx, card, amount);
    }
}
