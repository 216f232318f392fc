//! Cards as physical things, carried items and dropped objects
//! (rulebook p.12, "Objects", "Picking Up and Dropping Objects").
//!
//! Every card of a game is one `CardId`, an index into the deck fixed at
//! setup, so a card can be followed from the deck to a hand, a play area,
//! the board (as a dropped object) and the discard pile.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ruleset::Seat;

use super::cards::CardName;
use super::events::Event;
use super::labyrinth::Square;
use super::state::{HAND_LIMIT, State, Tx};
use super::violations::RuleViolation;

/// One physical Magic card of this game.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(transparent)]
#[schema(as = WizwarCardId)]
pub struct CardId(pub u16);

impl CardId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl std::fmt::Display for CardId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "card {}", self.0)
    }
}

/// A card shown face up: which physical card, and what it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = WizwarCard)]
pub struct CardView {
    pub id: CardId,
    pub name: CardName,
}

/// Mobile objects may be picked up and moved; immobile ones stay put, and
/// everything printed on the board is immobile (p.12).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarMobility)]
pub enum Mobility {
    Mobile,
    Immobile,
}

/// An object lying in a square. For now only dropped items exist; created
/// objects (walls, bushes, blocks) come with the spells that make them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = WizwarObject)]
pub struct BoardObject {
    pub card: CardId,
    pub square: Square,
}

impl BoardObject {
    /// Dropped items are round markers: mobile (p.12).
    pub fn mobility(&self) -> Mobility {
        Mobility::Mobile
    }

    /// Only objects whose card says they "fill the entire square" block line
    /// of sight (p.10); no dropped item does.
    pub fn fills_square(&self) -> bool {
        false
    }

    /// Only objects such as stone blocks stop movement (p.7); no dropped item does.
    pub fn blocks_movement(&self) -> bool {
        false
    }
}

impl State {
    pub fn card_view(&self, card: CardId) -> CardView {
        CardView {
            id: card,
            name: self.cards[card.index()],
        }
    }

    pub fn object_of_card(&self, card: CardId) -> Option<&BoardObject> {
        self.objects.iter().find(|o| o.card == card)
    }
}

/// Pick up a mobile object in your square for 1 movement point (p.12). The
/// hand limit counts carried items, so there must be room first.
///
/// # Errors
/// `not_here`, `not_enough_movement`, `hand_full`.
pub fn pick_up_item(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    let state = &tx.state;
    let wizard = state.wizard(seat);
    let turn = state.move_and_cast(seat)?;
    let object = state
        .object_of_card(card)
        .filter(|o| o.square == wizard.square && o.mobility() == Mobility::Mobile)
        .ok_or(RuleViolation::NotHere)?;
    if turn.movement_left < 1 {
        return Err(RuleViolation::NotEnoughMovement);
    }
    if state.hand_total(seat) >= HAND_LIMIT {
        return Err(RuleViolation::HandFull { limit: HAND_LIMIT });
    }
    let card = state.card_view(object.card);
    tx.emit(Event::ItemPickedUp {
        seat,
        card,
        cost: 1,
    });
    Ok(())
}

/// Drop a carried item into your square, any time on your turn (p.12).
///
/// # Errors
/// `not_carried`.
pub fn drop_item(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    let wizard = tx.state.wizard(seat);
    if !wizard.carried.contains(&card) {
        return Err(RuleViolation::NotCarried);
    }
    let event = Event::ItemDropped {
        seat,
        card: tx.state.card_view(card),
        square: wizard.square,
    };
    tx.emit(event);
    Ok(())
}
