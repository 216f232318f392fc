//! The rules of the sealed-bid duel, as given/when/then.

use super::*;
use crate::kit::given::{Given, given as kit_given};

const ANN: Seat = Seat(0);
const BOB: Seat = Seat(1);

fn given(events: impl IntoIterator<Item = Event>) -> Given<SealedBidDuel> {
    kit_given::<SealedBidDuel>(events)
}

fn opened(lots: u8) -> Event {
    Event::DuelOpened { lots, coins: 10 }
}

fn sealed(seat: Seat, bid: u8) -> Event {
    Event::BidSealed {
        seat,
        bid: Secret::new(Keeper::Seat(seat), bid),
    }
}

#[test]
fn the_higher_bid_buys_the_lot_and_pays_for_it() {
    let after = given([opened(2), sealed(ANN, 4)])
        .when(BOB, Command::SealBid { bid: 3 })
        .then([
            sealed(BOB, 3),
            Event::BidsShown {
                lot: 1,
                bids: vec![4, 3],
                buyer: Some(ANN),
            },
        ]);
    assert_eq!(after.state.players[0].coins, 6);
    assert_eq!(after.state.players[1].coins, 10);
}

#[test]
fn equal_bids_sell_nothing_and_the_last_lot_ends_the_duel() {
    given([opened(1), sealed(ANN, 5)])
        .when(BOB, Command::SealBid { bid: 5 })
        .then([
            sealed(BOB, 5),
            Event::BidsShown {
                lot: 1,
                bids: vec![5, 5],
                buyer: None,
            },
            Event::DuelEnded { winner: None },
        ]);
}

#[test]
fn a_bid_above_the_purse_or_a_second_bid_is_refused() {
    given([opened(1)])
        .when(ANN, Command::SealBid { bid: 11 })
        .then_refused(RuleViolation::BidAboveCoins { bid: 11, coins: 10 });
    given([opened(1), sealed(ANN, 1)])
        .when(ANN, Command::SealBid { bid: 2 })
        .then_refused(RuleViolation::AlreadyBid);
}

#[test]
fn a_sealed_bid_is_seen_by_its_bidder_only() {
    let event = sealed(ANN, 7);
    let told = |viewer| {
        let seen = SealedBidDuel::redact(&event, viewer).unwrap();
        SealedBidDuel::narrate(&seen, &State::default(), &SeatNames::default())
    };
    assert_eq!(told(Viewer::Player(ANN)), "Seat 0 seals a bid of 7.");
    assert_eq!(told(Viewer::Player(BOB)), "Seat 0 seals a bid.");
}
