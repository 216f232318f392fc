//! Summoning (rulebook "Play the game", the orc): draw a monster card and
//! put the monster on one of the 8 squares around your wizard; none free,
//! the turn is lost; an empty monster deck is reshuffled from its discards.
//! Summoning instead (the wand, the feet) is possible only when a monster
//! can come (since revision 2).

use crate::kit::{Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::board::Square;
use super::events::Event;
use super::revisions::SummonInstead;
use super::spell_cards::MonsterCard;
use super::state::{State, Step, Tx};
use super::violations::RuleViolation;

/// The empty squares around `seat`'s wizard.
pub fn free_squares(state: &State, seat: Seat) -> Vec<Square> {
    state.wizard(seat).map_or(vec![], |w| {
        w.square
            .surrounding()
            .filter(|s| state.is_empty(*s))
            .collect()
    })
}

/// Whether a monster of `seat`'s could come onto the board now: a square
/// around his wizard is empty and a monster card is left somewhere.
pub fn can_summon(state: &State, seat: Seat) -> bool {
    let card_left = !state.monster_deck.is_empty() || !state.monster_discards.is_empty();
    card_left && !free_squares(state, seat).is_empty()
}

/// Whether the game's rules refuse `seat`'s "summon instead" now because
/// he cannot summon ("if all spaces are full you can't summon another
/// monster"), so that his wand draws the spell; revision 1 accepted it and
/// lost the turn.
pub fn refuses_summon_instead(state: &State, seat: Seat) -> bool {
    match state.rules().summon_instead {
        SummonInstead::LosesTheTurn => false,
        SummonInstead::RefusedWhenImpossible => !can_summon(state, seat),
    }
}

/// Takes the top monster card, shuffling the discards into a new deck
/// first when the deck is empty. `None` when no card is left anywhere
/// (every monster is on the board).
pub fn take_card(tx: &mut Tx, rng: &mut GameRng) -> Option<MonsterCard> {
    if tx.state.monster_deck.is_empty() {
        if tx.state.monster_discards.is_empty() {
            return None;
        }
        let mut order = tx.state.monster_discards.clone();
        rng.shuffle(&mut order);
        tx.emit(Event::MonsterDeckShuffled {
            order: Secret::new(Keeper::Referee, order),
        });
    }
    tx.state.monster_deck.first().map(|id| MonsterCard::of(*id))
}

/// The orc (or a summon chosen instead): draw the monster to place, or
/// lose the turn when it cannot be placed.
pub fn draw_to_summon(tx: &mut Tx, seat: Seat, rng: &mut GameRng) {
    if free_squares(&tx.state, seat).is_empty() {
        tx.emit(Event::SummonBlocked { seat });
        return;
    }
    match take_card(tx, rng) {
        Some(card) => tx.emit(Event::MonsterDrawn { seat, card }),
        None => tx.emit(Event::SummonBlocked { seat }),
    }
}

/// Puts `card`'s monster on `square` as a new unit of `seat`.
pub fn summon(tx: &mut Tx, seat: Seat, card: MonsterCard, square: Square) {
    let unit = tx.state.next_unit;
    tx.emit(Event::MonsterSummoned {
        seat,
        unit,
        card,
        square,
    });
}

/// `seat` places the monster he drew.
///
/// # Errors
/// `not_placing`, `not_a_summoning_square`.
pub fn place(tx: &mut Tx, seat: Seat, square: Square) -> Result<(), RuleViolation> {
    let Some(Step::Placing { card }) = tx.state.step().cloned() else {
        return Err(RuleViolation::NothingToPlace);
    };
    if !free_squares(&tx.state, seat).contains(&square) {
        return Err(RuleViolation::NotASummoningSquare(square));
    }
    summon(tx, seat, MonsterCard::of(card), square);
    Ok(())
}
