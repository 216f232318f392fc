//! Winning the game (rulebook p.6): 2 victory points, or the last wizard alive.
//! Deaths are settled before wins, so a wizard who dies while doing what would
//! win has died first (p.15).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::events::Event;
use super::state::Tx;

/// Victory points needed to win (p.6; Extended Play raises it, later).
pub const VICTORY_POINTS_TO_WIN: u8 = 2;

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarVictoryReason)]
pub enum VictoryReason {
    /// An attack killed an enemy wizard (never lost).
    Kill,
    /// An enemy treasure lies in the scorer's home base (lost when it leaves).
    Treasure,
}

#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarWinReason)]
pub enum WinReason {
    VictoryPoints,
    LastWizardStanding,
}

/// Declares the winner, if there is one now. Only living wizards win.
pub fn check(tx: &mut Tx) {
    if tx.state.winner.is_some() {
        return;
    }
    let alive: Vec<_> = tx.state.wizards.iter().filter(|w| w.alive).collect();
    let won = if alive.len() == 1 {
        Some((alive[0].seat, WinReason::LastWizardStanding))
    } else {
        alive
            .iter()
            .find(|w| w.victory_points >= VICTORY_POINTS_TO_WIN)
            .map(|w| (w.seat, WinReason::VictoryPoints))
    };
    if let Some((seat, reason)) = won {
        tx.emit(Event::GameWon { seat, reason });
    }
}
