//! A player's turn (rulebook p.6): Time Passes, Move and Cast, Discard and
//! Draw, and the immediate discard when over the hand limit.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::events::Event;
use super::objects::CardId;
use super::state::{Phase, Tx};
use super::violations::RuleViolation;

/// Finish Move and Cast; the Discard and Draw phase begins.
///
/// # Errors
/// `wrong_phase`.
pub fn end_move_and_cast(tx: &mut Tx, seat: Seat) -> Result<(), RuleViolation> {
    tx.state.move_and_cast(seat)?;
    tx.emit(Event::MoveAndCastEnded { seat });
    Ok(())
}

/// Discard cards from the hand: in Discard and Draw, or earlier to make room
/// (p.12) or to get under the hand limit (p.6).
///
/// # Errors
/// `bad_discard`, `card_not_in_hand`.
pub fn discard(tx: &mut Tx, seat: Seat, cards: &[CardId]) -> Result<(), RuleViolation> {
    tx.state.active_turn(seat)?;
    let face_up_too = tx.state.edition_rules().face_up_cards_are_discarded;
    throw_away(tx, seat, cards, face_up_too)
}

/// `seat` throws `cards` away, each once: from his hand, and where
/// `face_up_too`, from the cards in front of him.
///
/// # Errors
/// `bad_discard`, `card_not_in_hand`.
pub fn throw_away(
    tx: &mut Tx,
    seat: Seat,
    cards: &[CardId],
    face_up_too: bool,
) -> Result<(), RuleViolation> {
    let mut unique = cards.to_vec();
    unique.sort();
    unique.dedup();
    if cards.is_empty() || unique.len() != cards.len() {
        return Err(RuleViolation::BadDiscard);
    }
    let wizard = tx.state.wizard(seat);
    let his = |c: &CardId| wizard.hand.contains(c) || (face_up_too && wizard.carried.contains(c));
    if !cards.iter().all(his) {
        return Err(RuleViolation::CardNotInHand);
    }
    let cards = cards.iter().map(|c| tx.state.card_view(*c)).collect();
    tx.emit(Event::CardsDiscarded { seat, cards });
    Ok(())
}

/// Cards `seat` could draw now: his deck, and its discard pile behind it
/// (with Custom Spellbook, his group's).
pub fn cards_available(tx: &Tx, seat: Seat) -> usize {
    tx.state.deck_of(seat).len() + tx.state.discard_pile_of(seat).len()
}

/// Draws up to `count` cards from the top of `seat`'s deck, shuffling its
/// discard pile into a new deck whenever the deck runs out (p.6).
pub fn draw_cards(tx: &mut Tx, seat: Seat, count: usize, rng: &mut GameRng) {
    let mut left = count;
    while left > 0 {
        reshuffle_if_empty(tx, seat, rng);
        // A card that acts when drawn, on top, acts instead of being drawn
        // (see its card's rules).
        if super::effects::trap_turned_up(tx, seat, rng) {
            if tx.state.turn.is_some() {
                left -= 1;
            }
            continue;
        }
        let deck = tx.state.deck_of(seat);
        let n = left.min(super::effects::cards_before_a_trap(&tx.state, deck));
        if n == 0 {
            break;
        }
        let cards = deck[..n].iter().map(|c| tx.state.card_view(*c)).collect();
        tx.emit(Event::CardsDrawn {
            seat,
            count: n as u8,
            cards: crate::kit::Secret::new(crate::kit::Keeper::Seat(seat), cards),
        });
        left -= n;
    }
    reshuffle_if_empty(tx, seat, rng);
    super::effects::cards_drawn(tx, seat, count - left);
}

fn reshuffle_if_empty(tx: &mut Tx, seat: Seat, rng: &mut GameRng) {
    // The discarded card of a spell whose effect still lasts stays on the
    // discard pile until the effect ends (designed: one card is never both
    // in play and drawn again).
    let lasting = |c: &CardId| tx.state.spells.iter().any(|s| s.card == *c);
    let mut order: Vec<CardId> = (tx.state.discard_pile_of(seat).iter())
        .filter(|c| !lasting(c))
        .copied()
        .collect();
    if tx.state.deck_of(seat).is_empty() && !order.is_empty() {
        rng.shuffle(&mut order);
        tx.emit(Event::DiscardPileShuffled {
            size: order.len() as u16,
            order: crate::kit::Secret::new(crate::kit::Keeper::Referee, order),
            black_cantrip: tx.state.in_black_cantrip_group(seat),
        });
    }
}

/// Draw up to two cards without passing the hand limit; the turn then ends (p.6).
///
/// In an edition that draws past the hand limit, the cards are drawn whatever the hand holds, and a
/// player then over the limit discards the excess at once: the turn ends
/// once the excess is gone ([`excess_discarded`]), nothing but discarding
/// (or dropping items, ending spells) being allowed meanwhile.
///
/// # Errors
/// `wrong_phase`, `too_many_cards`, `hand_full`, `not_enough_cards`.
pub fn draw(tx: &mut Tx, seat: Seat, count: u8, rng: &mut GameRng) -> Result<(), RuleViolation> {
    let turn = tx.state.active_turn(seat)?;
    if turn.phase != Phase::DiscardAndDraw {
        return Err(RuleViolation::WrongPhase {
            expected: Phase::DiscardAndDraw,
        });
    }
    let most = super::effects::cards_to_draw(&tx.state, seat);
    if count > most || turn.drawn {
        return Err(RuleViolation::TooManyCards);
    }
    let limit = super::effects::hand_limit(&tx.state, seat);
    let past_the_limit = tx.state.edition_rules().turn.draws_past_the_hand_limit;
    if !past_the_limit && tx.state.hand_total(seat) + usize::from(count) > limit {
        return Err(RuleViolation::HandFull { limit });
    }
    let available = cards_available(tx, seat);
    if usize::from(count) > available {
        return Err(RuleViolation::NotEnoughCards { available });
    }
    draw_cards(tx, seat, usize::from(count), rng);
    if tx.state.hand_total(seat) <= limit {
        end_turn(tx, seat);
    }
    Ok(())
}

/// A player who drew past the hand limit is back within it: his
/// turn ends, as a draw ends it.
pub fn excess_discarded(tx: &mut Tx) {
    if let Some(turn) = tx.state.turn.clone()
        && turn.drawn
        && tx.state.wizard(turn.seat).alive
        && tx.state.hand_total(turn.seat) <= super::effects::hand_limit(&tx.state, turn.seat)
    {
        end_turn(tx, turn.seat);
    }
}

/// Ends the turn (drawing nothing) and starts the next living player's.
///
/// # Errors
/// As [`super::state::State::active_turn`].
pub fn end_turn_command(tx: &mut Tx, seat: Seat) -> Result<(), RuleViolation> {
    tx.state.active_turn(seat)?;
    end_turn(tx, seat);
    Ok(())
}

/// The turn passes to the left (next seat number) among the living (p.6).
pub fn end_turn(tx: &mut Tx, seat: Seat) {
    tx.emit(Event::TurnEnded { seat });
    if tx.state.is_over() {
        return;
    }
    let seats: Vec<Seat> = tx.state.wizards.iter().map(|w| w.seat).collect();
    let at = seats.iter().position(|s| *s == seat).unwrap_or(0);
    let next = (1..=seats.len())
        .map(|i| seats[(at + i) % seats.len()])
        .find(|s| tx.state.wizard(*s).alive);
    if let Some(next) = next {
        start_turn(tx, next);
    }
}

/// Time Passes (p.6): one energy token off each temporary spell (see
/// [`super::durations::time_passes`]), then one stun token is removed and the wizard
/// is stunned for this turn. Move and Cast begins with base-speed movement.
pub fn start_turn(tx: &mut Tx, seat: Seat) {
    super::effects::time_passes(tx, seat);
    super::durations::time_passes(tx, seat);
    super::winning::check(tx);
    if tx.state.is_over() {
        return;
    }
    if !tx.state.wizard(seat).alive {
        // Killed by lingering damage in his own Time Passes: the turn passes on.
        end_turn(tx, seat);
        return;
    }
    let wizard = tx.state.wizard(seat);
    let stunned = wizard.stun_tokens > 0;
    tx.emit(Event::TurnStarted {
        seat,
        movement_points: super::effects::speed(&tx.state, seat),
        stunned,
    });
    // Where a stun costs the turn, a stunned wizard loses it; he may still counter, and
    // draws at its end.
    if stunned && tx.state.edition_rules().stun == super::edition::Stun::LostTurn {
        tx.emit(Event::MoveAndCastEnded { seat });
    }
}
