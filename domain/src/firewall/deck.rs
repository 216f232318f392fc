//! Personal decks: the False Card kept apart, the 14 spells shuffled with the
//! game's seeded generator (or, in variant 2, arranged by their owner).

use super::FirewallDuel;
use super::events::Event;
use super::options::Options;
use super::round::{OPENING_DRAW, start_round};
use super::spells::Spell;
use crate::kit::{Emitter, Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::Seat;

/// The 14 spells of a stock (all but the False Card), in number order.
pub fn spells_of_stock() -> Vec<u8> {
    Spell::ALL[1..].iter().map(|s| s.number()).collect()
}

/// Whether `order` lists each of the 14 stock spells exactly once.
pub fn is_stock_order(order: &[u32]) -> bool {
    let mut sorted = order.to_vec();
    sorted.sort_unstable();
    sorted == (1..=14).collect::<Vec<u32>>()
}

/// The opening after `MatchStarted`: stocks made and the first deal, unless
/// variant 2 waits for both wizards to arrange their stocks.
pub fn open(em: &mut Emitter<FirewallDuel>, options: &Options, rng: &mut GameRng) {
    if options.arranged_decks {
        return;
    }
    if options.full_deck_in_hand {
        // Variant N°1: "each player starts with the full deck of spell cards".
        em.emit(Event::RoundStarted {
            round: 1,
            mana: super::mana::MANA_PER_ROUND,
        });
        for seat in (0..2u8).map(Seat) {
            let cards = spells_of_stock();
            em.emit(Event::CardsDrawn {
                seat,
                count: cards.len() as u8,
                cards: Secret::new(Keeper::Seat(seat), cards),
            });
        }
        return;
    }
    for seat in (0..2u8).map(Seat) {
        let mut order = spells_of_stock();
        rng.shuffle(&mut order);
        em.emit(Event::DeckShuffled {
            seat,
            order: Secret::new(Keeper::Referee, order),
        });
    }
    start_round(em, 1, OPENING_DRAW);
}
