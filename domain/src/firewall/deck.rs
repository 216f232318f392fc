//! Personal decks: the False Card kept apart, the 14 spells shuffled with the
//! game's seeded generator (or, in variant 2, arranged by their owner).

use super::event::FirewallEvent;
use super::options::FirewallOptions;
use super::resolution::Emitter;
use super::round::{OPENING_DRAW, start_round};
use super::spells::Spell;
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
pub fn open(em: &mut Emitter, options: &FirewallOptions, rng: &mut GameRng) {
    if options.arranged_decks {
        return;
    }
    if options.full_deck_in_hand {
        // Variant N°1: "each player starts with the full deck of spell cards".
        em.emit(FirewallEvent::RoundStarted {
            round: 1,
            mana: super::mana::MANA_PER_ROUND,
        });
        for seat in (0..2u8).map(Seat) {
            let cards = spells_of_stock();
            em.emit(FirewallEvent::CardsDrawn {
                seat,
                count: cards.len() as u8,
                cards: Some(cards),
            });
        }
        return;
    }
    for seat in (0..2u8).map(Seat) {
        let mut order = spells_of_stock();
        rng.shuffle(&mut order);
        em.emit(FirewallEvent::DeckShuffled {
            seat,
            order: Some(order),
        });
    }
    start_round(em, 1, OPENING_DRAW);
}
