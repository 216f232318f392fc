//! What a player may ask of the game (imperative).

use serde::{Deserialize, Serialize};

use super::board::Square;
use super::counterspell::YieldPolicy;
use super::tiles::Orientation;

/// A command of Wizards of War. Units are named by their id (the wizards
/// are 0 and 1, by seat; monsters get 2, 3, … as they are summoned), spell
/// cards by their card id (0..30).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCommand))]
pub enum Command {
    /// Put the monster you drew on one of the 8 squares around your wizard.
    PlaceMonster { square: Square },
    /// On the wand: take the spell card (when you could summon instead).
    DrawSpell,
    /// On the wand or the feet, with no monster of yours on the board:
    /// summon one instead.
    SummonInstead,
    /// On the feet: move one of your units (once per turn) to `to`.
    Move { unit: u8, to: Square },
    /// On the feet: attack with one of your units (once per turn) the enemy
    /// unit or the wall of thorns on `target`.
    Attack { unit: u8, target: Square },
    /// On the feet: your wizard casts a spell from your hand instead of his
    /// basic attack.
    Cast { card: u8, target: SpellTarget },
    /// Play a counterspell from your hand: against the spell being cast
    /// (when you are asked to answer it) or against a lasting spell in play
    /// (on your turn). It does not count as an action.
    Counterspell { card: u8, against: CounterTarget },
    /// Let the spell being cast take effect.
    Pass,
    /// End your turn.
    EndTurn,
    /// Which response windows the server answers `pass` for you at once. A
    /// setting, not a move: allowed at any time.
    SetYieldPolicy { policy: YieldPolicy },
}

/// Where a spell is aimed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSpellTarget))]
pub enum SpellTarget {
    /// An effect tile placed with its anchor on `anchor`.
    Area {
        anchor: Square,
        #[serde(default)]
        orientation: Orientation,
    },
    /// The unit on `square`.
    Unit { square: Square },
    /// The empty square `square`.
    Square { square: Square },
    /// The caster's own wizard.
    OwnWizard,
}

/// What a counterspell is played against.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCounterTarget))]
pub enum CounterTarget {
    /// The spell being cast now.
    Cast,
    /// The lasting spell in play from card `card`.
    InPlay { card: u8 },
}
