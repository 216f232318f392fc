//! Winning the game (rulebook p.6): 2 victory points, or the last wizard alive.
//! Deaths are settled before wins, so a wizard who dies while doing what would
//! win has died first (p.15).
//!
//! With the optional rule Extended Play (p.17) the game is played to 3 or 4
//! victory points instead; the sole survivor still wins at once.
//!
//! With the optional rule Treasure Hunters (p.17) a player wins as the sole
//! survivor or with two enemy treasures lying in his home base square, and
//! killing a wizard earns no victory point (see [`super::fighting::die`]).
//! Decisions where the rulebook is silent:
//!
//! - **With Extended Play**, Treasure Hunters asks for as many enemy
//!   treasures as the game's victory points (3 or 4): Extended Play makes
//!   the game longer, and "two" is the standard game's two points. A table
//!   that could never gather that many (two players have only two enemy
//!   treasures each) is refused at setup.
//! - **What wins** is the treasures themselves, counted as they lie; victory
//!   points are still scored and lost for treasures as in the standard game
//!   (so they always equal the count), for clients that show them.
//! - **The killer still takes the hand** of a wizard his attack killed: the
//!   rule takes away only the victory point.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::state::{State, Tx};

impl State {
    /// Victory points needed to win this game: 2, or 3 or 4 with Extended Play.
    pub fn victory_points_to_win(&self) -> u8 {
        self.optional_rules.victory_points
    }

    /// Whether enemy treasures in one's base win rather than victory
    /// points: Treasure Hunters, or the edition's rule.
    pub fn wins_by_enemy_treasures(&self) -> bool {
        self.optional_rules.treasure_hunters || self.edition_rules().victory.by_enemy_treasures
    }

    /// Whether a kill scores a victory point: not with Treasure Hunters,
    /// nor in an edition where only treasures and survival win.
    pub fn kills_score(&self) -> bool {
        !self.optional_rules.treasure_hunters && self.edition_rules().victory.kills_score
    }

    /// Whether both one's treasures in other players' bases eliminate:
    /// Deadly Treasures, or the edition's rule.
    pub fn captured_treasures_eliminate(&self) -> bool {
        self.optional_rules.deadly_treasures
            || self.edition_rules().victory.captured_treasures_eliminate
    }
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarVictoryReason))]
pub enum VictoryReason {
    /// An attack killed an enemy wizard (never lost).
    Kill,
    /// An enemy treasure lies in the scorer's home base (lost when it leaves).
    Treasure,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarWinReason))]
pub enum WinReason {
    VictoryPoints,
    LastWizardStanding,
    /// Treasure Hunters: enough enemy treasures lie in his home base.
    EnemyTreasures,
}

/// Declares the winner, if there is one now. Only living wizards win.
pub fn check(tx: &mut Tx) {
    if tx.state.winner.is_some() {
        return;
    }
    let alive: Vec<_> = tx.state.wizards.iter().filter(|w| w.alive).collect();
    let target = tx.state.victory_points_to_win();
    let won = if alive.len() == 1 {
        Some((alive[0].seat, WinReason::LastWizardStanding))
    } else if tx.state.wins_by_enemy_treasures() {
        alive
            .iter()
            .find(|w| tx.state.enemy_treasures_in_home_base(w.seat) >= usize::from(target))
            .map(|w| (w.seat, WinReason::EnemyTreasures))
    } else {
        alive
            .iter()
            .find(|w| w.victory_points >= target)
            .map(|w| (w.seat, WinReason::VictoryPoints))
    };
    if let Some((seat, reason)) = won {
        tx.emit(Event::GameWon { seat, reason });
    }
}
