//! Counter spells and response windows (rulebook p.9 "Counter Spell", p.15
//! "Canceling, Reducing, and Evading Spells").
//!
//! Every cast opens a window in which the other living players, in seat
//! order from the caster, each play a counter or pass — whether or not they
//! hold one, so a pass reveals nothing. The server passes at once for those
//! whose yield policy lets the window go ([`super::yield_policies`]). A
//! counter is itself cast: it goes on the stack and opens its own window
//! (counters to counters, Anti-Anti).
//! When the window of the top cast closes, it resolves; a player who
//! countered is asked again once his counter has resolved (he "may wait for
//! his first counter spell to resolve before playing another one").

use crate::kit::response_window::{self, Head};
use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::cards::CardName;
use super::casting::{CastKind, energy_of, responders_after};
use super::commands::Command;
use super::events::Event;
use super::labyrinth::{BorderLine, Square};
use super::objects::CardId;
use super::spells;
use super::state::Tx;
use super::violations::RuleViolation;

/// Decides a command while the stack is not empty: only the first
/// responder of the top cast may act, and only by countering or passing.
///
/// # Errors
/// `response_window_open`, `not_your_response`, and those of [`play_counter`].
pub fn respond(
    tx: &mut Tx,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    let state = &tx.state;
    if state.is_over() {
        return Err(RuleViolation::GameOver);
    }
    state.find_wizard(actor).ok_or(RuleViolation::NotAPlayer)?;
    let Some(top) = state.stack.last() else {
        return Err(RuleViolation::NoResponseWindow);
    };
    let answering = top.responders.first() == Some(&actor);
    match command {
        Command::PlayCounter {
            card,
            energy,
            line,
            square,
        } if answering => play_counter(
            tx,
            actor,
            Answer {
                card: *card,
                energy: *energy,
                line: *line,
                square: *square,
            },
            rng,
        )?,
        Command::Pass if answering => {
            tx.emit(Event::ResponsePassed { seat: actor });
            settle(tx, rng);
        }
        Command::PlayCounter { .. } | Command::Pass => {
            return Err(RuleViolation::NotYourResponse);
        }
        _ => return Err(RuleViolation::ResponseWindowOpen),
    }
    Ok(())
}

/// Whether a card may be played as a counter spell: its rules say what it
/// answers, and in an edition where only counter cards answer, it is one.
pub fn is_counter(state: &super::state::State, name: CardName) -> bool {
    spells::rules::rules(name).answer.is_some()
        && (!state.edition_rules().only_counter_cards_answer
            || super::cards::definition(name).card_type == super::cards::CardType::Counter)
}

/// A counter spell as played: the card, its energy, and the choices some
/// counters need.
#[derive(Copy, Clone, Debug)]
pub struct Answer {
    pub card: CardId,
    pub energy: Option<CardId>,
    pub line: Option<BorderLine>,
    pub square: Option<Square>,
}

/// Play a counter spell from the hand against the top cast.
///
/// # Errors
/// `card_not_in_hand`, `not_a_counter`, `not_castable`, `flooded`,
/// `counter_does_not_apply`, and the energy errors.
pub fn play_counter(
    tx: &mut Tx,
    seat: Seat,
    answer: Answer,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    let Answer {
        card,
        energy,
        line,
        square,
    } = answer;
    let state = &tx.state;
    let name = state.cards[card.index()];
    let wizard = state.wizard(seat);
    // Some counters answer from the play area (Null Powder).
    let carried_counter =
        spells::rules::rules(name).answers_from_play_area && wizard.carried.contains(&card);
    if !wizard.hand.contains(&card) && !carried_counter {
        return Err(RuleViolation::CardNotInHand);
    }
    if !is_counter(state, name) {
        return Err(RuleViolation::NotACounter);
    }
    super::effects::may_cast(state, name)?;
    let value = energy_of(state, seat, card, energy)?;
    let top = state.stack.last().ok_or(RuleViolation::NoResponseWindow)?;
    spells::check_counter(state, seat, name, top, line, square)?;
    let responders = if spells::rules::rules(name).uncounterable {
        vec![]
    } else {
        responders_after(state, seat)
    };
    tx.emit(Event::CounterPlayed {
        seat,
        card: state.card_view(card),
        energy_card: energy.map(|e| state.card_view(e)),
        energy: value,
        line,
        square,
        responders,
    });
    settle(tx, rng);
    Ok(())
}

/// Resolves what can be resolved: cancelled casts leave the stack, a cast
/// whose window has closed takes effect, until someone must answer or the
/// stack is empty. Dead wizards answer nothing; the server passes for those
/// whose yield policy lets the window go.
pub fn settle(tx: &mut Tx, rng: &mut GameRng) {
    while let Some(top) = tx.state.stack.last().cloned() {
        if tx.state.is_over() {
            // Nothing more happens in a finished game; clear the stack so
            // every card has a place.
            let card = tx.state.card_view(top.card);
            tx.emit(Event::CastDiscarded {
                seat: top.seat,
                card,
            });
            continue;
        }
        if top.cancelled {
            let card = tx.state.card_view(top.card);
            tx.emit(Event::CastDiscarded {
                seat: top.seat,
                card,
            });
            if top.kind == CastKind::Use {
                spells::after_cancelled_use(tx, &top);
            }
            continue;
        }
        if let Some(&head) = top.responders.first() {
            if !tx.state.wizard(head).alive {
                tx.emit(Event::ResponsePassed { seat: head });
            } else if let Head::Asks(_) = response_window::answer_for_head(tx) {
                return;
            }
            continue;
        }
        match top.kind {
            CastKind::Counter => {
                let below = tx.state.stack[tx.state.stack.len() - 2].clone();
                spells::resolve_counter(tx, &top, &below, rng);
            }
            CastKind::Punch => super::fighting::land(tx, &top, rng),
            CastKind::Spell | CastKind::Item | CastKind::Use => spells::resolve(tx, &top, rng),
        }
        super::winning::check(tx);
    }
}
