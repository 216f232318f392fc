//! Every rule a command can break, with a stable code.

use crate::ruleset::{Seat, Violation};

/// A command the Fire Wall duel refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleViolation {
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

impl Violation for RuleViolation {
    fn code(&self) -> &'static str {
        match self {
            RuleViolation::NotAPlayer(_) => "not_a_player",
            RuleViolation::NotStarted => "not_started",
            RuleViolation::GameOver => "game_over",
            RuleViolation::AlreadySubmitted => "already_submitted",
            RuleViolation::NotYourTurn => "not_your_turn",
            RuleViolation::UnexpectedCommand { .. } => "unexpected_command",
            RuleViolation::BetTooSmall => "bet_too_small",
            RuleViolation::BetAboveMana { .. } => "bet_above_mana",
            RuleViolation::UnknownCard(_) => "unknown_card",
            RuleViolation::CardNotInHand(_) => "card_not_in_hand",
            RuleViolation::DuplicateCard(_) => "duplicate_card",
            RuleViolation::CloneTargetWithoutClone => "clone_target_without_clone",
            RuleViolation::CloneTargetRequired => "clone_target_required",
            RuleViolation::CloneTargetUnavailable(_) => "clone_target_unavailable",
            RuleViolation::RecycleOutOfRange { .. } => "recycle_out_of_range",
            RuleViolation::NotStolen(_) => "not_stolen",
            RuleViolation::InvalidDeckOrder => "invalid_deck_order",
        }
    }
}
