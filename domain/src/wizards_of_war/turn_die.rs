//! The turn die (rulebook "Play the game"): a d8 with orc, wand, feet and
//! feet-with-plus faces, rolled at the start of every turn and recorded.
//!
//! The face counts are **designed**: feet is the only face that moves and
//! fights, so it is the most common (3 of 8, and the plus once more: half
//! the turns are fighting turns); orc and wand share the rest equally, so
//! armies and spell hands grow at the same pace.

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

/// A face of the turn die.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTurnFace))]
pub enum TurnFace {
    /// Draw a monster card and summon it next to your wizard.
    Orc,
    /// Draw a spell (the die shows a staff).
    Wand,
    /// Every unit may move once and attack once.
    Feet,
    /// As feet, every unit rolling one extra attack die.
    FeetPlus,
}

/// The eight faces of the die, in order (designed).
pub const FACES: [TurnFace; 8] = [
    TurnFace::Orc,
    TurnFace::Orc,
    TurnFace::Wand,
    TurnFace::Wand,
    TurnFace::Feet,
    TurnFace::Feet,
    TurnFace::Feet,
    TurnFace::FeetPlus,
];

impl TurnFace {
    pub const ALL: [TurnFace; 4] = [
        TurnFace::Orc,
        TurnFace::Wand,
        TurnFace::Feet,
        TurnFace::FeetPlus,
    ];

    /// Faces of the d8 showing this.
    pub fn count(self) -> usize {
        FACES.iter().filter(|f| **f == self).count()
    }

    pub fn name(self) -> &'static str {
        match self {
            TurnFace::Orc => "the orc",
            TurnFace::Wand => "the wand",
            TurnFace::Feet => "the feet",
            TurnFace::FeetPlus => "the feet with the plus",
        }
    }

    pub fn reasoning(self) -> &'static str {
        match self {
            TurnFace::Orc => "Two faces: an army grows about one monster every four turns.",
            TurnFace::Wand => "Two faces, as many as the orc: spells come as often as monsters.",
            TurnFace::Feet => "Three faces: with the plus, half the turns move and fight.",
            TurnFace::FeetPlus => "One face: a rare surge, the best roll on the die.",
        }
    }

    /// Whether units move and fight on this face.
    pub fn is_feet(self) -> bool {
        matches!(self, TurnFace::Feet | TurnFace::FeetPlus)
    }
}

/// Rolls the turn die.
pub fn roll(rng: &mut GameRng) -> TurnFace {
    FACES[usize::from(rng.roll(8) - 1)]
}
