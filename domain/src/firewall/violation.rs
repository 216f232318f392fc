//! Every rule a command can break, with a stable code.

use crate::ruleset::{Seat, Violation};

/// A command the Fire Wall duel refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FirewallViolation {
    #[error("{0} is not a wizard in this duel")]
    NotAPlayer(Seat),
    #[error("the duel has not started yet")]
    NotStarted,
    #[error("the duel is over")]
    GameOver,
    #[error("you have already handed in your move for this turn; wait for your opponent")]
    AlreadySubmitted,
    #[error("the duel is not waiting for you now")]
    NotYourTurn,
    #[error("the duel is waiting for something else from you: {expected}")]
    UnexpectedCommand { expected: &'static str },
    #[error("you must bet at least 1 mana")]
    BetTooSmall,
    #[error("you bet {bet} mana but have only {mana} left")]
    BetAboveMana { bet: u32, mana: u8 },
    #[error("there is no card number {0}: cards are numbered 0 to 14")]
    UnknownCard(u32),
    #[error("card {0} is not in your hand")]
    CardNotInHand(u32),
    #[error("card {0} is listed twice")]
    DuplicateCard(u32),
    #[error("you named a spell to clone but did not play Clone (2)")]
    CloneTargetWithoutClone,
    #[error("Clone (2) must name one of the spells your opponent played on the previous turn")]
    CloneTargetRequired,
    #[error("your opponent did not play spell {0} on the previous turn (Clone cannot copy Clone)")]
    CloneTargetUnavailable(u32),
    #[error("Recycle lets you bet between {min} and {max}, not {bet}")]
    RecycleOutOfRange { bet: u32, min: u8, max: u8 },
    #[error("you did not steal spell {0} (or not that many times)")]
    NotStolen(u32),
    #[error("a deck order must list each spell from 1 to 14 exactly once")]
    InvalidDeckOrder,
}

impl Violation for FirewallViolation {
    fn code(&self) -> &'static str {
        match self {
            FirewallViolation::NotAPlayer(_) => "not_a_player",
            FirewallViolation::NotStarted => "not_started",
            FirewallViolation::GameOver => "game_over",
            FirewallViolation::AlreadySubmitted => "already_submitted",
            FirewallViolation::NotYourTurn => "not_your_turn",
            FirewallViolation::UnexpectedCommand { .. } => "unexpected_command",
            FirewallViolation::BetTooSmall => "bet_too_small",
            FirewallViolation::BetAboveMana { .. } => "bet_above_mana",
            FirewallViolation::UnknownCard(_) => "unknown_card",
            FirewallViolation::CardNotInHand(_) => "card_not_in_hand",
            FirewallViolation::DuplicateCard(_) => "duplicate_card",
            FirewallViolation::CloneTargetWithoutClone => "clone_target_without_clone",
            FirewallViolation::CloneTargetRequired => "clone_target_required",
            FirewallViolation::CloneTargetUnavailable(_) => "clone_target_unavailable",
            FirewallViolation::RecycleOutOfRange { .. } => "recycle_out_of_range",
            FirewallViolation::NotStolen(_) => "not_stolen",
            FirewallViolation::InvalidDeckOrder => "invalid_deck_order",
        }
    }
}
