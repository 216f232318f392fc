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
