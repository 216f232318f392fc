//! What one viewer may see of a duel: its view, and each event.

use serde::{Deserialize, Serialize};

use super::events::Event;
use super::state::State;
use crate::kit::Keeper;
use crate::kit::Secret;
use crate::kit::views::{by_seat, private_to};
use crate::ruleset::{Seat, Viewer};

/// The duel as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = SealedBidView))]
pub struct View {
    pub lots: u8,
    /// The lot on sale, from 1 (past `lots` once the duel is over).
    pub lot: u8,
    pub players: Vec<SealedBidPlayerView>,
    pub over: bool,
    pub winner: Option<Seat>,
}

/// One bidder as the viewer may see him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct SealedBidPlayerView {
    pub seat: Seat,
    pub coins: u8,
    pub bought: u8,
    /// Whether he has sealed his bid for the lot on sale (never how much).
    pub sealed: bool,
    /// His sealed bid, for himself only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub bid: Secret<u8>,
}

pub(crate) fn view(state: &State, viewer: Viewer) -> View {
    View {
        lots: state.lots,
        lot: state.lot,
        players: by_seat(&state.players)
            .map(|(seat, p)| SealedBidPlayerView {
                seat,
                coins: p.coins,
                bought: p.bought,
                sealed: p.sealed.is_some(),
                bid: p
                    .sealed
                    .map_or_else(Secret::hidden, |bid| private_to(seat, bid, viewer)),
            })
            .collect(),
        over: state.over,
        winner: state.winner,
    }
}

/// The event as `viewer` may see it. Every event is listed: a new one must
/// say what it hides.
pub(crate) fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let mut event = event.clone();
    match &mut event {
        Event::BidSealed { seat, bid } => bid.hide_unless(viewer, Keeper::Seat(*seat)),
        Event::DuelOpened { .. } | Event::BidsShown { .. } | Event::DuelEnded { .. } => {}
    }
    Some(event)
}
