//! The duel told in words: one sentence per event, for its reader.

use serde_json::Value;

use super::SealedBidDuel;
use super::events::Event;
use super::state::State;
use crate::kit::narration::{counted, listed};
use crate::ruleset::{Presentation, SeatNames};

impl Presentation for SealedBidDuel {
    fn narrate(event: &Event, _game: &State, names: &SeatNames) -> String {
        match event {
            Event::DuelOpened { lots, coins } => format!(
                "The duel opens: {} for sale, {} each.",
                counted(*lots, "lot", "lots"),
                counted(*coins, "coin", "coins")
            ),
            Event::BidSealed { seat, bid } => match bid.revealed() {
                Some(bid) => format!("{} seals a bid of {bid}.", names.of(*seat)),
                None => format!("{} seals a bid.", names.of(*seat)),
            },
            Event::BidsShown { lot, bids, buyer } => {
                let shown: Vec<String> = bids.iter().map(u8::to_string).collect();
                match buyer {
                    Some(seat) => format!(
                        "Lot {lot}: the bids are {}; {} buys it.",
                        listed(&shown),
                        names.of(*seat)
                    ),
                    None => format!("Lot {lot}: equal bids of {}; nobody buys it.", bids[0]),
                }
            }
            Event::DuelEnded { winner } => match winner {
                Some(seat) => format!("{} wins the duel.", names.of(*seat)),
                None => "The duel is drawn.".into(),
            },
        }
    }

    fn picture(view: &super::View, names: &SeatNames) -> String {
        super::picture::draw(view, names)
    }

    /// No cards: nothing a sentence could name.
    fn card_names(_secret: &Value) -> Vec<String> {
        vec![]
    }
}
