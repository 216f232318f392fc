//! What a player may ask for (imperative; JSON `{"type": "move", ...}`).

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::casting::{SpellOption, SpellTarget};
use super::labyrinth::{BorderLine, Direction, Square};
use super::objects::CardId;
use super::treasures::TreasureId;
use super::yield_policies::YieldPolicy;

/// A command of the Wiz-War ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = WizwarCommand))]
pub enum Command {
    /// Spend 1 movement point to step to the next square (p.7).
    Move { direction: Direction },
    /// Discard an energy card, or any card with an energy value, for extra
    /// movement points; once per turn (p.7, "Speed Boost").
    BoostSpeed { card: CardId },
    /// Punch a wizard in your square or next to it, or a wall or door beside
    /// you: 1 physical damage, your attack for the turn (p.8).
    Punch { target: Target },
    /// Pick up a dropped item (1 movement point) or a treasure (ends Move and Cast).
    PickUp { thing: Thing },
    /// Drop a carried item or treasure in your square.
    Drop { thing: Thing },
    /// Hold a door of your home sector open for others while you stay next to it (p.8).
    HoldDoor { line: BorderLine },
    /// Let a door you hold open close.
    ReleaseDoor { line: BorderLine },
    /// Finish moving and casting; go to Discard and Draw.
    #[serde(deserialize_with = "<() as serde::Deserialize>::deserialize")]
    EndMoveAndCast,
    /// Discard one or more cards from your hand at once (in Discard and
    /// Draw, or to make room). `legal_commands` lists one card at a time;
    /// any set of cards in your hand may be named together.
    Discard {
        /// The cards to discard, one or several, each in your hand.
        cards: Vec<CardId>,
    },
    /// Draw up to two cards without passing the hand limit; ends the turn (p.6).
    Draw { count: u8 },
    /// End the turn without drawing.
    #[serde(deserialize_with = "<() as serde::Deserialize>::deserialize")]
    EndTurn,
    /// Cast a neutral or attack spell, or play an item, from your hand in
    /// Move and Cast, optionally boosted by one energy card whose value
    /// replaces the default energy of 1 (p.11). A response window opens.
    Cast {
        card: CardId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        energy: Option<CardId>,
        target: SpellTarget,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        option: Option<SpellOption>,
    },
    /// Attack with a carried item or a maintained spell that allows it
    /// (throw a Large Rock, fling a Stone Spike).
    Use { card: CardId, target: SpellTarget },
    /// Attack with a carried weapon that feeds on a Magic card (Wizardblade):
    /// `discard` leaves your hand for the discard pile and its energy value
    /// is the damage. A response window opens.
    UseDiscarding {
        card: CardId,
        discard: CardId,
        target: SpellTarget,
    },
    /// End one of your maintained spells (any time on your turn, p.11).
    EndSpell { card: CardId },
    /// Answer the cast on top of the stack with a counter spell, optionally
    /// boosted by an energy card.
    PlayCounter {
        card: CardId,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        energy: Option<CardId>,
        /// Wall of Earth: the border line it rises on.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        line: Option<BorderLine>,
        /// Teleport: the square the wizard blinks to.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        square: Option<Square>,
    },
    /// Let the cast on top of the stack go unanswered; or, when a card asks
    /// you to choose, finish choosing.
    #[serde(deserialize_with = "<() as serde::Deserialize>::deserialize")]
    Pass,
    /// Thought Steal: take up to two cards of the revealed hand.
    Take { cards: Vec<CardId> },
    /// Move your creature (a Homunculus, named by its card) one square, once
    /// per turn, in your Move and Cast.
    MoveCreature { card: CardId, direction: Direction },
    /// Look through your creature's eyes: your next spell this turn is cast
    /// from its square.
    LookThrough { card: CardId },
    /// Choose which response windows stop at you; the others the server
    /// passes for you at once. Any time, in or out of turn; not listed
    /// among the legal commands (it is a setting, not a move).
    SetYieldPolicy { policy: YieldPolicy },
}

/// What an attack is aimed at.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = WizwarTarget))]
pub enum Target {
    Wizard {
        seat: Seat,
    },
    /// A wall or door on a border line.
    Line {
        line: BorderLine,
    },
    /// A treasure: never damaged (p.13); named so the refusal can say so.
    Treasure {
        treasure: TreasureId,
    },
    /// A dropped item: indestructible unless its card says otherwise (p.13).
    Object {
        card: CardId,
    },
}

/// Something that can be picked up or dropped.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = WizwarThing))]
pub enum Thing {
    Treasure { treasure: TreasureId },
    Item { card: CardId },
}
