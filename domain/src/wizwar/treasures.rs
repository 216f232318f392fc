//! Treasures and the victory points they bring (rulebook p.6 "Scoring
//! Victory Points", p.12 "Picking Up and Dropping Treasures", p.16 "Home
//! Base Squares"). Treasures are not objects and cannot be damaged.
//!
//! With the optional rule Deadly Treasures (p.17), a player both of whose
//! treasures are in other players' home base squares at the same time is
//! killed and eliminated at once, and nobody scores for his death
//! ([`deadly_treasures`]). Decisions where the rulebook is silent:
//!
//! - **"In" a home base** means lying there, as for scoring: a treasure
//!   carried by a wizard who stands on a home base is not in it.
//! - **Other players' home bases** are those of players still in the game,
//!   as for scoring: a dead player's base no longer holds anything for
//!   anyone. The two treasures may lie in the same base or in two.
//! - **When it strikes**: whenever a treasure comes to lie in a home base
//!   (dropped, knocked out of a wizard's hands, or falling where a wizard
//!   dies), its owner's two treasures are looked at. Its owner may be the
//!   one who dropped it. A death so caused may drop a treasure that kills
//!   another player in turn.
//! - **Dying so** is dying without a killer: the hand is discarded, the
//!   items and treasure fall, the maintained spells end; the `treasures_captured`
//!   event comes first and says why.

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::events::Event;
use super::labyrinth::Square;
use super::state::{State, Tx};
use super::violations::RuleViolation;
use super::winning::{self, VictoryReason};

/// One of the eight treasure markers (two per player colour).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", schema(as = WizwarTreasureId))]
pub struct TreasureId(pub u8);

/// Where a treasure is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarTreasureLocation))]
pub enum TreasureLocation {
    Lying { square: Square },
    Carried { seat: Seat },
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarTreasure))]
pub struct Treasure {
    pub id: TreasureId,
    pub owner: Seat,
    pub location: TreasureLocation,
}

impl State {
    /// How many enemy treasures lie in `seat`'s home base square.
    pub fn enemy_treasures_in_home_base(&self, seat: Seat) -> usize {
        let Some(home) = self.labyrinth.home_base(seat) else {
            return 0;
        };
        self.treasures
            .iter()
            .filter(|t| t.owner != seat && t.location == TreasureLocation::Lying { square: home })
            .count()
    }
}

/// The living player who scores for `treasure` lying on `square`: the owner
/// of that home base, if the treasure is an enemy treasure to him.
fn scorer(tx: &Tx, treasure: TreasureId, square: Square) -> Option<Seat> {
    let owner = tx.state.treasure(treasure).owner;
    tx.state
        .labyrinth
        .home_base_owner(square)
        .filter(|base| *base != owner && tx.state.wizard(*base).alive)
}

/// Pick up a treasure in your square: free (data §8), one at a time, and it
/// ends your Move and Cast phase at once (p.12). Lifting an enemy treasure
/// off a home base costs that base's owner his point (p.6).
///
/// # Errors
/// `not_here`, `already_carrying_treasure`.
pub fn pick_up(tx: &mut Tx, seat: Seat, treasure: TreasureId) -> Result<(), RuleViolation> {
    let here = tx.state.wizard(seat).square;
    pick_up_from(tx, seat, treasure, here)
}

/// Pick up a treasure lying in `here` (his own square, or one within reach
/// with Stretch), as [`pick_up`] does.
///
/// # Errors
/// `not_here`, `already_carrying_treasure`, `dashing`, `not_enough_movement`.
pub fn pick_up_from(
    tx: &mut Tx,
    seat: Seat,
    treasure: TreasureId,
    here: Square,
) -> Result<(), RuleViolation> {
    tx.state.move_and_cast(seat)?;
    super::effects::pick_ups_forbidden(&tx.state)?;
    let lying_here = tx
        .state
        .treasures
        .iter()
        .any(|t| t.id == treasure && t.location == TreasureLocation::Lying { square: here });
    if !lying_here {
        return Err(RuleViolation::NotHere);
    }
    if tx.state.carried_treasure(seat).is_some() {
        return Err(RuleViolation::AlreadyCarryingTreasure);
    }
    if tx
        .state
        .turn
        .as_ref()
        .is_some_and(|t| t.seat == seat && t.dashing)
    {
        return Err(RuleViolation::Dashing);
    }
    if super::effects::held_in_place(
        &tx.state,
        super::casting::SpellTarget::Treasure { treasure },
    ) {
        return Err(RuleViolation::Glued);
    }
    let cost = super::effects::pick_up_cost(&tx.state, seat);
    if let Some(cost) = cost
        && tx
            .state
            .turn
            .as_ref()
            .is_some_and(|t| t.movement_left < cost)
    {
        return Err(RuleViolation::NotEnoughMovement);
    }
    let loser = scorer(tx, treasure, here);
    tx.emit(Event::TreasurePickedUp { seat, treasure });
    super::effects::treasure_lifted(tx, seat, here);
    if let Some(loser) = loser {
        tx.emit(Event::VictoryPointLost {
            seat: loser,
            reason: VictoryReason::Treasure,
        });
    }
    if let Some(cost) = cost {
        // Golem Form, Extra Arms: movement instead of the rest of the phase.
        if cost > 0 {
            tx.emit(Event::MovementChanged { seat, by: -cost });
        }
    } else {
        tx.emit(Event::MoveAndCastEnded { seat });
    }
    super::effects::treasure_taken(tx, seat, treasure);
    Ok(())
}

/// Drop your treasure in your square, free, during your movement (p.12).
///
/// # Errors
/// `not_carried`.
pub fn drop(tx: &mut Tx, seat: Seat, treasure: TreasureId) -> Result<(), RuleViolation> {
    tx.state.move_and_cast(seat)?;
    if tx.state.carried_treasure(seat) != Some(treasure) {
        return Err(RuleViolation::NotCarried);
    }
    let square = tx.state.wizard(seat).square;
    put_down(tx, seat, treasure, square);
    winning::check(tx);
    Ok(())
}

/// The treasure leaves `seat`'s base and lies in `square`, scoring for the
/// home base it lands on.
pub fn put_down(tx: &mut Tx, seat: Seat, treasure: TreasureId, square: Square) {
    tx.emit(Event::TreasureDropped {
        seat,
        treasure,
        square,
    });
    if let Some(scorer) = scorer(tx, treasure, square) {
        tx.emit(Event::VictoryPointScored {
            seat: scorer,
            reason: VictoryReason::Treasure,
        });
    }
    let owner = tx.state.treasure(treasure).owner;
    deadly_treasures(tx, owner);
}

/// Deadly Treasures (p.17): if both of `owner`'s treasures now lie in other
/// players' home base squares, his wizard is killed at once; nobody scores.
pub fn deadly_treasures(tx: &mut Tx, owner: Seat) {
    let state = &tx.state;
    if !state.captured_treasures_eliminate() || !state.wizard(owner).alive {
        return;
    }
    let captured = |t: &Treasure| match t.location {
        TreasureLocation::Lying { square } => state
            .labyrinth
            .home_base_owner(square)
            .is_some_and(|base| base != owner && state.wizard(base).alive),
        TreasureLocation::Carried { .. } => false,
    };
    let mut his = state
        .treasures
        .iter()
        .filter(|t| t.owner == owner)
        .peekable();
    if his.peek().is_some() && his.all(captured) {
        tx.emit(Event::TreasuresCaptured { seat: owner });
        // Where the cards in front of him are still his cards, they go too.
        if tx.state.edition_rules().face_up_cards_are_discarded {
            let wizard = tx.state.wizard(owner);
            let face_up: Vec<_> = wizard
                .carried
                .iter()
                .map(|c| tx.state.card_view(*c))
                .collect();
            if !face_up.is_empty() {
                tx.emit(Event::CardsDiscarded {
                    seat: owner,
                    cards: face_up,
                });
            }
        }
        super::fighting::die(tx, owner, None);
    }
}
