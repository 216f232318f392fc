//! What a wizard may ask of the game.

use serde::{Deserialize, Serialize};

/// A command of the Fire Wall duel. Card numbers are plain integers 0..=14.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = FirewallCommand))]
pub enum Command {
    /// The sealed move of a turn: a bet (1..=your mana) and any cards from your hand.
    /// `clone` names the opponent's spell to copy when the cards include Clone (2).
    SubmitMove {
        bet: u32,
        #[serde(default)]
        cards: Vec<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clone: Option<u32>,
    },
    /// Answer to your Recycle: your new bet, within 5 of the old one.
    ChooseRecycle { bet: u32 },
    /// Answer to your Larceny: the stolen spells to apply for yourself; the rest are discarded.
    ChooseLarceny {
        #[serde(default)]
        apply: Vec<u32>,
    },
    /// Variant 2: the order of your 14 spells (1..=14), top card first.
    ArrangeDeck { order: Vec<u32> },
}

impl Command {
    /// A sealed move without a Clone target.
    pub fn submit(bet: u32, cards: &[u32]) -> Self {
        Command::SubmitMove {
            bet,
            cards: cards.to_vec(),
            clone: None,
        }
    }
}

/// Every sealed move a wizard may submit now, told at once rather than one
/// command per bet and set of cards (hundreds). Any `submit_move` fits it
/// whose `bet` is from `min_bet` to `max_bet` and whose `cards` are
/// distinct cards of `cards` (none at all included); when those cards
/// include Clone (2) and `clone_targets` is not empty, its `clone` names one
/// of `clone_targets` (the opponent's spells of the last turn), and it has
/// none otherwise.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = FirewallCommandChoice))]
pub enum CommandChoice {
    /// The sealed move of a turn (`submit_move`).
    SubmitMove {
        min_bet: u32,
        max_bet: u32,
        /// The cards in hand, sorted (the False Card, 0, among them).
        cards: Vec<u32>,
        clone_targets: Vec<u32>,
    },
}
