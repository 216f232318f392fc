//! Cards as physical things, carried items and dropped objects
//! (rulebook p.12, "Objects", "Picking Up and Dropping Objects").
//!
//! Every card of a game is one `CardId`, an index into the deck fixed at
//! setup, so a card can be followed from the deck to a hand, a play area,
//! the board (as a dropped object) and the discard pile.

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::cards::CardName;
use super::casting::SpellTarget;
use super::events::Event;
use super::labyrinth::Square;
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// One physical Magic card of this game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", schema(as = WizwarCardId))]
pub struct CardId(pub u16);

impl CardId {
    /// What stands on the stack for a punch, which has no card (see
    /// [`CardName::Fist`](super::cards::CardName::Fist)); no physical card
    /// has this number.
    pub const FIST: CardId = CardId(u16::MAX);

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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarCard))]
pub struct CardView {
    pub id: CardId,
    pub name: CardName,
}

/// Mobile objects may be picked up and moved; immobile ones stay put, and
/// everything printed on the board is immobile (p.12).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarMobility))]
pub enum Mobility {
    Mobile,
    Immobile,
}

/// A dropped item lying in a square. Objects made by spells are
/// [`Creation`]s.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarObject))]
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
        let name = if card == CardId::FIST {
            super::cards::CardName::Fist
        } else {
            self.cards[card.index()]
        };
        CardView { id: card, name }
    }

    pub fn object_of_card(&self, card: CardId) -> Option<&BoardObject> {
        self.objects.iter().find(|o| o.card == card)
    }
}

/// Pick up a mobile object in your square for 1 movement point (p.12). The
/// hand limit counts carried items, so there must be room first.
///
/// With the optional rule Heavy Items (p.17) the wizard's Move and Cast
/// phase then ends at once, "just like treasures". Decisions where the
/// rulebook is silent:
///
/// - **The cost stands**: picking up still costs 1 movement point (p.12),
///   so it is refused with none left; only the ending is like a treasure's.
/// - **Golem Form and Extra Arms**, whose cards let their wizard lift a
///   treasure for movement points instead of his phase, lift items the same
///   way: the rule makes items as heavy as treasures, and those forms carry
///   treasures on. (Their cost is the card's, as without the rule.)
///
/// # Errors
/// `not_here`, `glued`, `not_enough_movement`, `hand_full`, `gravity`.
pub fn pick_up_item(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    let here = tx.state.wizard(seat).square;
    pick_up_item_from(tx, seat, card, here)
}

/// Pick up a mobile object lying in `square` (his own, or within reach
/// with Stretch), as [`pick_up_item`] does.
///
/// # Errors
/// `not_here`, `not_enough_movement`, `hand_full`.
pub fn pick_up_item_from(
    tx: &mut Tx,
    seat: Seat,
    card: CardId,
    square: Square,
) -> Result<(), RuleViolation> {
    let state = &tx.state;
    let turn = state.move_and_cast(seat)?;
    super::effects::pick_ups_forbidden(state)?;
    // A card lying here may say that picking it up is something else
    // (Handful of Tacks are gathered).
    if state.object_of_card(card).is_some()
        && let Some(replaced) = super::effects::picked_up(state, card)
    {
        return replaced(tx, seat, card);
    }
    let object = state
        .object_of_card(card)
        .filter(|o| o.square == square && o.mobility() == Mobility::Mobile)
        .ok_or(RuleViolation::NotHere)?;
    if super::effects::held_in_place(state, SpellTarget::Object { card }) {
        return Err(RuleViolation::Glued);
    }
    let form_cost = super::effects::pick_up_cost(state, seat);
    let cost = form_cost.unwrap_or(state.edition_rules().turn.item_pick_up_cost);
    if turn.movement_left < cost {
        return Err(RuleViolation::NotEnoughMovement);
    }
    let limit = super::effects::hand_limit(state, seat);
    if super::effects::carried_items_count(state, seat) && state.hand_total(seat) >= limit {
        return Err(RuleViolation::HandFull { limit });
    }
    let card = state.card_view(object.card);
    let speed = super::effects::speed(state, seat);
    tx.emit(Event::ItemPickedUp { seat, card, cost });
    super::effects::after_pick_up(tx, seat);
    super::effects::adjust_movement(tx, seat, speed);
    let heavy = tx.state.optional_rules.heavy_items
        || tx
            .state
            .edition_rules()
            .turn
            .item_pick_up_ends_move_and_cast;
    if heavy && form_cost.is_none() {
        tx.emit(Event::MoveAndCastEnded { seat });
    }
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
    let speed = super::effects::speed(&tx.state, seat);
    tx.emit(event);
    super::effects::adjust_movement(tx, seat, speed);
    Ok(())
}

/// An object or wall a spell made (rulebook p.14, "Creating Objects"); it
/// vanishes when its spell ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarCreation))]
pub enum Creation {
    /// Create Wall: a stone wall on a border line, five cracks strong.
    StoneWall {
        card: CardId,
        line: super::labyrinth::BorderLine,
    },
    /// Wall of Fire: crossing the line burns for 4 magical fire damage.
    WallOfFire {
        card: CardId,
        line: super::labyrinth::BorderLine,
    },
    /// Stone Block: fills its square, stops sight and movement, 8 cracks strong.
    StoneBlock {
        card: CardId,
        square: Square,
        cracks: u8,
    },
    /// Create Door: a door locked to all but its creator, on an open line
    /// or in a stone wall (`wall`: that wall's cracks, given back to it when
    /// the spell ends).
    Door {
        card: CardId,
        line: super::labyrinth::BorderLine,
        #[cfg_attr(feature = "openapi", schema(required = true))]
        wall: Option<u8>,
    },
    /// Dust Cloud: fills its square against sight; whoever is in it sees
    /// only his own square, and leaves it in a random direction.
    DustCloud { card: CardId, square: Square },
    /// Booby Trap: one face-down token; which token is live is secret (see
    /// `State::armed_traps`).
    TrapToken { card: CardId, square: Square },
    /// Rosebush or Thornbush: fills its square against sight, not against
    /// movement; whoever enters is pricked; one crack or any fire kills it.
    Bush {
        card: CardId,
        square: Square,
        bush: BushKind,
    },
}

/// Which bush grows in a square (Rosebush, Thornbush).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarBushKind))]
pub enum BushKind {
    Rose,
    Thorn,
}

/// Cracks that destroy a Stone Block (data §2.4).
pub const STONE_BLOCK_CRACKS: u8 = 8;

impl Creation {
    pub fn card(&self) -> CardId {
        match self {
            Creation::StoneWall { card, .. }
            | Creation::WallOfFire { card, .. }
            | Creation::StoneBlock { card, .. }
            | Creation::Door { card, .. }
            | Creation::DustCloud { card, .. }
            | Creation::TrapToken { card, .. }
            | Creation::Bush { card, .. } => *card,
        }
    }

    /// Where it is, for line of sight.
    pub fn place(&self) -> super::line_of_sight::SightTarget {
        use super::line_of_sight::SightTarget;
        match self {
            Creation::StoneWall { line, .. }
            | Creation::WallOfFire { line, .. }
            | Creation::Door { line, .. } => SightTarget::Line(*line),
            Creation::StoneBlock { square, .. }
            | Creation::Bush { square, .. }
            | Creation::DustCloud { square, .. }
            | Creation::TrapToken { square, .. } => SightTarget::Square(*square),
        }
    }

    pub fn line(&self) -> Option<super::labyrinth::BorderLine> {
        match self {
            Creation::StoneWall { line, .. }
            | Creation::WallOfFire { line, .. }
            | Creation::Door { line, .. } => Some(*line),
            Creation::StoneBlock { .. }
            | Creation::Bush { .. }
            | Creation::DustCloud { .. }
            | Creation::TrapToken { .. } => None,
        }
    }

    pub fn square(&self) -> Option<Square> {
        match self {
            Creation::StoneBlock { square, .. }
            | Creation::Bush { square, .. }
            | Creation::DustCloud { square, .. }
            | Creation::TrapToken { square, .. } => Some(*square),
            _ => None,
        }
    }
}

impl State {
    /// The square of a dropped item or created object, by its card.
    pub fn object_square(&self, card: CardId) -> Option<Square> {
        self.object_of_card(card).map(|o| o.square).or_else(|| {
            self.creations
                .iter()
                .find(|c| c.card() == card)
                .and_then(Creation::square)
        })
    }

    /// Whether a Stone Block stands in `square`: the created object that
    /// stops movement (a bush does not).
    pub fn block_in(&self, square: Square) -> bool {
        self.creations
            .iter()
            .any(|c| matches!(c, Creation::StoneBlock { square: s, .. } if *s == square))
    }

    /// Whether a Dust Cloud fills `square`.
    pub fn dust_cloud_in(&self, square: Square) -> bool {
        self.creations
            .iter()
            .any(|c| matches!(c, Creation::DustCloud { square: s, .. } if *s == square))
    }

    /// The bush growing in `square`, if any.
    pub fn bush_in(&self, square: Square) -> Option<(CardId, BushKind)> {
        self.creations.iter().find_map(|c| match c {
            Creation::Bush {
                card,
                square: s,
                bush,
            } if *s == square => Some((*card, *bush)),
            _ => None,
        })
    }

    /// A Wall of Fire on `line`, by its card.
    pub fn wall_of_fire_on(&self, line: super::labyrinth::BorderLine) -> Option<CardId> {
        self.creations.iter().find_map(|c| match c {
            Creation::WallOfFire { card, line: l } if *l == line => Some(*card),
            _ => None,
        })
    }

    /// Whether `square` is empty: no object, treasure, creature, wizard or
    /// creation (p.10).
    /// The square a creation spell was aimed at, if it is still empty when
    /// the spell resolves (a square filled meanwhile makes nothing).
    pub fn empty_target_square(&self, target: super::casting::SpellTarget) -> Option<Square> {
        match target {
            super::casting::SpellTarget::Square { square } if self.is_empty_square(square) => {
                Some(square)
            }
            _ => None,
        }
    }

    pub fn is_empty_square(&self, square: Square) -> bool {
        !self.objects.iter().any(|o| o.square == square)
            && !self.creations.iter().any(|c| c.square() == Some(square))
            && !self.creature_in(square)
            && !self
                .treasures
                .iter()
                .any(|t| t.location == super::treasures::TreasureLocation::Lying { square })
            && !self.wizards.iter().any(|w| w.alive && w.square == square)
    }
}
