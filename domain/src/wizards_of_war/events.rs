//! What happened, in the past tense. Hidden facts (a drawn spell, the
//! decks' order) are [`Secret`] fields that `redact` blanks for viewers not
//! entitled to them.

use serde::{Deserialize, Serialize};

use super::board::Square;
use super::combat::{CombatFace, CombatKind};
use super::commands::SpellTarget;
use super::counterspell::YieldPolicy;
use super::spell_cards::{MonsterCard, SpellCard};
use super::turn_die::TurnFace;
use crate::kit::Secret;
use crate::ruleset::Seat;

/// Why a lasting spell left play.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSpellEnd))]
pub enum SpellEnd {
    Counterspelled,
    Destroyed,
}

/// An event of Wizards of War.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarEvent))]
pub enum Event {
    /// The board was laid out and the evil wizards put on the X squares
    /// (by seat; they are units 0 and 1).
    GameStarted { wizards: Vec<Square>, life: u8 },
    /// A player's yield policy (the game's default at setup, or his choice).
    YieldPolicySet { seat: Seat, policy: YieldPolicy },
    /// The monster cards were shuffled (again from the discards when the
    /// deck ran out). The order (card ids, top first) is seen by nobody.
    MonsterDeckShuffled {
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
        order: Secret<Vec<u8>>,
    },
    /// The spell cards were shuffled (again from the discards when the deck
    /// ran out). The order (card ids, top first) is seen by nobody.
    SpellDeckShuffled {
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
        order: Secret<Vec<u8>>,
    },
    /// A turn began.
    TurnStarted { seat: Seat, turn: u32 },
    /// The turn die was rolled.
    TurnDieRolled { seat: Seat, face: TurnFace },
    /// A monster card was drawn, face up.
    MonsterDrawn { seat: Seat, card: MonsterCard },
    /// No monster could be summoned: the 8 squares around the wizard are
    /// full (or no monster card is left anywhere). The turn is lost.
    SummonBlocked { seat: Seat },
    /// A player chose to summon instead of drawing a spell or fighting.
    SummonChosen { seat: Seat },
    /// A monster came onto the board as unit `unit`.
    MonsterSummoned {
        seat: Seat,
        unit: u8,
        card: MonsterCard,
        square: Square,
    },
    /// A spell card went to a hand. Only its owner sees which.
    SpellDrawn {
        seat: Seat,
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<SpellCard>, required = true))]
        card: Secret<SpellCard>,
    },
    /// Both spell piles are empty: nothing was drawn.
    NoSpellLeft { seat: Seat },
    /// A unit moved, spending `cost` movement points.
    UnitMoved {
        unit: u8,
        from: Square,
        to: Square,
        cost: u8,
    },
    /// Combat dice were rolled: the attacker's swords against the
    /// defender's shields (plus `cover` for cover terrain).
    CombatRolled {
        kind: CombatKind,
        #[cfg_attr(feature = "openapi", schema(required = true))]
        attacker: Option<u8>,
        defender: u8,
        attack: Vec<CombatFace>,
        defence: Vec<CombatFace>,
        cover: u8,
        damage: u8,
    },
    /// A unit lost life (a wizard takes a skull token for each).
    LifeLost { unit: u8, amount: u8, life: u8 },
    /// A monster died: it left the board and its card went to the discards.
    MonsterSlain { unit: u8, card: MonsterCard },
    /// A wall of thorns was attacked.
    ThornsAttacked {
        unit: u8,
        square: Square,
        attack: Vec<CombatFace>,
        destroyed: bool,
    },
    /// A wizard cast a spell; the card is face up now.
    SpellCast {
        seat: Seat,
        card: SpellCard,
        target: SpellTarget,
    },
    /// A player asked to answer a cast let it be.
    ResponsePassed { seat: Seat },
    /// The server let a cast be for a player, by his yield policy.
    ResponseYielded { seat: Seat },
    /// A moment to counterspell a lasting spell of his opponent's opened
    /// for a player (revision 2: the start of a turn, after an action).
    CounterMomentOpened { seat: Seat },
    /// The player let the moment go (or the server did, by a policy he
    /// chose while it waited for him).
    CounterMomentPassed { seat: Seat },
    /// A counterspell was cast and its die rolled: it works on a sword.
    CounterspellCast {
        seat: Seat,
        card: SpellCard,
        /// The card of the spell it is aimed at.
        against: SpellCard,
        roll: CombatFace,
        success: bool,
    },
    /// The spell being cast was cancelled: no effect, to the discards.
    SpellCountered { card: SpellCard },
    /// The spell took effect.
    SpellResolved { card: SpellCard },
    /// A card went to the spell discards.
    SpellDiscarded { card: SpellCard },
    /// A lasting spell was put in play on these squares.
    LastingSpellPlaced {
        seat: Seat,
        card: SpellCard,
        squares: Vec<Square>,
    },
    /// A lasting spell left play; its card went to the discards.
    LastingSpellEnded { card: SpellCard, reason: SpellEnd },
    /// A wizard regained life.
    LifeRegained { unit: u8, amount: u8, life: u8 },
    /// A wizard teleported.
    WizardTeleported { unit: u8, from: Square, to: Square },
    /// Banish rolled one die against a monster: it works on a sword.
    BanishRolled {
        unit: u8,
        roll: CombatFace,
        success: bool,
    },
    /// A monster was sent away: it left the board, its card to the discards.
    MonsterBanished { unit: u8, card: MonsterCard },
    /// The spell had nothing left to act on.
    SpellFizzled { card: SpellCard },
    /// The turn is over.
    TurnEnded { seat: Seat },
    /// An evil wizard's life dropped below 1.
    WizardKilled { seat: Seat },
    /// The game is over; no winner when both wizards died at once.
    GameEnded {
        #[cfg_attr(feature = "openapi", schema(required = true))]
        winner: Option<Seat>,
        summary: String,
    },
}
