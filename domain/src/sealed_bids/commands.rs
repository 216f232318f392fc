//! What a player may ask of the duel.

use serde::{Deserialize, Serialize};

/// A command of the sealed-bid duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = SealedBidCommand))]
pub enum Command {
    /// Seal a bid for the lot on sale: from 0 to the coins you have.
    SealBid { bid: u8 },
}
