//! The revisions of the Wizards of War rules, oldest first, and what each
//! plays differently, as data chosen by revision in one place
//! ([`differences`]) and read by the rules through
//! [`super::State::rules`]. See [`crate::kit::revisions`] for how the next
//! fix is written.

use serde::{Deserialize, Serialize};

use crate::kit::revisions::{Revision, RevisionRules};

pub const REVISIONS: &[Revision] = &[
    Revision {
        number: 1,
        date: "2026-11-26",
        changes: &[
            "Wizards of War as its rulebook describes it, with the designed values listed in the catalogue.",
        ],
        rules: RevisionRules::Current,
        upcast: None,
    },
    Revision {
        number: 2,
        date: "2026-11-27",
        changes: &[
            "Preparations deal no spell: the second player's spell before the first turn is a \
             house rule, a game option off by default.",
            "Summon instead is refused when every square around the wizard is full (he cannot \
             summon), and is no longer offered then: the spell is drawn.",
            "The counterspell at any moment: while a lasting spell of his opponent's is in play, \
             a player may counterspell it at the start of each turn before the turn die is rolled \
             (the player about to roll) and after each action (the other player), in a window his \
             yield policy skips at once unless it asks him.",
        ],
        rules: RevisionRules::Current,
        // No event changed its shape.
        upcast: None,
    },
];

/// The revision a game is played under, as its state keeps it (the newest
/// unless [`super::WizardsOfWar`]'s `new_state` was told otherwise).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedUnder(pub u32);

impl Default for PlayedUnder {
    fn default() -> Self {
        PlayedUnder(newest())
    }
}

/// The revision new games start under.
pub fn newest() -> u32 {
    crate::kit::revisions::newest(REVISIONS)
}

/// What the rules that a revision changed do under it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Differences {
    /// Who draws a spell before the first turn.
    pub opening: Opening,
    /// What "summon instead" does when the wizard cannot summon.
    pub summon_instead: SummonInstead,
    /// When a lasting spell in play may be counterspelled.
    pub counter_moments: CounterMoments,
}

/// When a lasting spell in play may be counterspelled ("at any time and at
/// any moment … one that already has been cast").
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CounterMoments {
    /// On one's own turn only, after the turn die (revision 1).
    OwnTurn,
    /// On one's own turn, and in a window at the start of each turn and
    /// after each action (see [`super::counterspell`]).
    EveryMoment,
}

/// Spells dealt before the first turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Opening {
    /// The second player always draws one (revision 1's balance choice).
    SecondPlayerDraws,
    /// None, as Preparations say, unless the game's house rule deals one.
    AsTheGameOptions,
}

/// "Summon instead" (the wand, the feet) when no monster can come: every
/// square around the wizard is full, or no monster card is left anywhere.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SummonInstead {
    /// Accepted and blocked: the turn is lost (revision 1).
    LosesTheTurn,
    /// Refused and not offered: he cannot summon, so there is no choice.
    RefusedWhenImpossible,
}

/// The rules of `revision` where revisions differ.
pub fn differences(revision: u32) -> Differences {
    match revision {
        1 => Differences {
            opening: Opening::SecondPlayerDraws,
            summon_instead: SummonInstead::LosesTheTurn,
            counter_moments: CounterMoments::OwnTurn,
        },
        _ => Differences {
            opening: Opening::AsTheGameOptions,
            summon_instead: SummonInstead::RefusedWhenImpossible,
            counter_moments: CounterMoments::EveryMoment,
        },
    }
}
