//! Every rule a bid can break, with a stable code.

use crate::ruleset::{Seat, Violation};

/// A command the sealed-bid duel refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleViolation {
    #[error("{0} is not a bidder in this duel")]
    NotAPlayer(Seat),
    #[error("the duel is over")]
    DuelOver,
    #[error("you have already sealed your bid for this lot")]
    AlreadyBid,
    #[error("you bid {bid} coins but have only {coins}")]
    BidAboveCoins { bid: u8, coins: u8 },
}

impl Violation for RuleViolation {
    fn code(&self) -> &'static str {
        match self {
            RuleViolation::NotAPlayer(_) => "not_a_player",
            RuleViolation::DuelOver => "game_over",
            RuleViolation::AlreadyBid => "already_bid",
            RuleViolation::BidAboveCoins { .. } => "bid_above_coins",
        }
    }
}
