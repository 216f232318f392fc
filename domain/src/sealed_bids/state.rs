//! The duel as the fold of its events.

use serde::{Deserialize, Serialize};

use super::events::Event;
use crate::kit::views::by_seat;
use crate::ruleset::Seat;

/// The duel between events.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub lots: u8,
    /// The lot on sale, from 1.
    pub lot: u8,
    pub players: Vec<Player>,
    pub over: bool,
    pub winner: Option<Seat>,
}

/// One bidder.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub coins: u8,
    pub bought: u8,
    /// His bid for the lot on sale, once sealed.
    pub sealed: Option<u8>,
}

pub fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::DuelOpened { lots, coins } => {
            state.lots = *lots;
            state.lot = 1;
            let purse = Player {
                coins: *coins,
                ..Player::default()
            };
            state.players = vec![purse.clone(), purse];
        }
        Event::BidSealed { seat, bid } => {
            // Folded from the log as `decide` made it, the bid is there.
            state.players[seat.index()].sealed = Some(bid.revealed().copied().unwrap_or(0));
        }
        Event::BidsShown { bids, buyer, .. } => {
            if let Some(buyer) = buyer {
                let player = &mut state.players[buyer.index()];
                player.coins -= bids[buyer.index()];
                player.bought += 1;
            }
            state.players.iter_mut().for_each(|p| p.sealed = None);
            state.lot += 1;
        }
        Event::DuelEnded { winner } => {
            state.over = true;
            state.winner = *winner;
        }
    }
}

/// The seats yet to seal a bid for the lot on sale.
pub fn bidders(state: &State) -> impl Iterator<Item = Seat> + '_ {
    by_seat(&state.players)
        .filter(move |(_, p)| !state.over && p.sealed.is_none())
        .map(|(seat, _)| seat)
}

/// Who is ahead: more lots bought, then more coins left.
pub fn leader(state: &State) -> Option<Seat> {
    let [a, b] = [0, 1].map(|i| (state.players[i].bought, state.players[i].coins));
    match a.cmp(&b) {
        std::cmp::Ordering::Greater => Some(Seat(0)),
        std::cmp::Ordering::Less => Some(Seat(1)),
        std::cmp::Ordering::Equal => None,
    }
}
