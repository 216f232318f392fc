//! The heuristic bidder: a lot is worth about half a purse, so it bids
//! nearest to half of what it has (the bids it is offered run from nothing
//! to all it has).

use crate::bots::{Sight, Tactics};

use super::{Command, SealedBidDuel};

impl Tactics for SealedBidDuel {
    fn worths(sight: &Sight<Self>) -> Vec<i64> {
        let purse = sight
            .legal
            .iter()
            .map(|Command::SealBid { bid }| i64::from(*bid))
            .max()
            .unwrap_or_default();
        sight
            .legal
            .iter()
            .map(|Command::SealBid { bid }| -(2 * i64::from(*bid) - purse).abs())
            .collect()
    }
}
