//! What happened in a duel.

use serde::{Deserialize, Serialize};

use crate::kit::Secret;
use crate::ruleset::Seat;

/// An event of the sealed-bid duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = SealedBidEvent))]
pub enum Event {
    /// The duel opened: this many lots for sale, this many coins each.
    DuelOpened { lots: u8, coins: u8 },
    /// A player sealed his bid; its amount only for him.
    BidSealed {
        seat: Seat,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
        bid: Secret<u8>,
    },
    /// Both bids shown, by seat; the buyer, if the bids differed, paid his.
    BidsShown {
        lot: u8,
        bids: Vec<u8>,
        buyer: Option<Seat>,
    },
    /// The last lot is sold; no winner is a draw.
    DuelEnded { winner: Option<Seat> },
}
