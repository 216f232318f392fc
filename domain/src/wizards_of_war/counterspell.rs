//! The counterspell (rulebook "Casting spells": "it can be cast at any
//! time and at any moment and doesn't count as an action … when your
//! opponent is casting a spell or one that already has been cast … you
//! have to roll a sword with one die"), and the response window that
//! carries it over the post.
//!
//! Every spell cast opens a window for the opponent, whether or not he
//! holds a counterspell, so nothing about his hand shows. The server passes
//! for him at once when his yield policy says so (the kit's policies,
//! [`crate::kit::response_window`], shared with Wiz-War). He answers with a counterspell against the cast, or passes.
//! A lasting spell in play may be counterspelled by a player on his own
//! turn, at any step of it.
//!
//! # Decisions
//! - A counterspell cannot itself be counterspelled: its own die is its
//!   risk, and a duel of counterspells would leave a game by mail waiting
//!   days for one spell.
//! - A failed counterspell is spent; the spell takes effect. A player may
//!   answer one cast with one counterspell.

use crate::kit::response_window::{self, Head, ResponseWindows};
use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::WizardsOfWar;
use super::combat::{self, CombatFace};
use super::commands::CounterTarget;
use super::events::{Event, SpellEnd};
use super::spell_cards::{Spell, SpellCard, spell_of};
use super::spells;
use super::state::{State, Tx};
use super::violations::RuleViolation;

pub use crate::kit::YieldPolicy;

/// The window after a cast waits for the opponent; the kit applies his
/// policy (`when_targeted`: the spell would strike one of his units or
/// changes the board; `when_i_can_counter`: he holds a counterspell).
impl ResponseWindows for WizardsOfWar {
    fn waiting_for(state: &State) -> Option<Seat> {
        state.casting.as_ref().and_then(|c| c.responder)
    }

    fn recorded_policy(state: &State, seat: Seat) -> Option<YieldPolicy> {
        state.player(seat).yield_policy
    }

    fn concerns(state: &State, seat: Seat) -> bool {
        state
            .casting
            .as_ref()
            .is_some_and(|casting| spells::concerns(state, casting, seat))
    }

    fn could_answer(state: &State, seat: Seat) -> bool {
        holds_counterspell(state, seat)
    }

    fn yielded(seat: Seat) -> Event {
        Event::ResponseYielded { seat }
    }

    fn policy_set(seat: Seat, policy: YieldPolicy) -> Event {
        Event::YieldPolicySet { seat, policy }
    }
}

/// Whether `seat` holds a counterspell.
pub fn holds_counterspell(state: &State, seat: Seat) -> bool {
    counterspells_in_hand(state, seat).next().is_some()
}

/// The counterspell cards in `seat`'s hand.
pub fn counterspells_in_hand(state: &State, seat: Seat) -> impl Iterator<Item = u8> + '_ {
    state
        .player(seat)
        .hand
        .iter()
        .copied()
        .filter(|c| spell_of(*c) == Some(Spell::Counterspell))
}

/// Resolves the cast once nobody has to answer it: the server passes for
/// a responder whose policy lets the window go.
pub fn settle(tx: &mut Tx, rng: &mut GameRng) {
    let Some(casting) = tx.state.casting.clone() else {
        return;
    };
    if let Head::Asks(_) = response_window::answer_for_head(tx) {
        return;
    }
    spells::resolve(tx, &casting, rng);
}

/// `seat` changes his yield policy; a window waiting for him closes at once
/// if the new policy passes it.
pub fn set_policy(tx: &mut Tx, seat: Seat, policy: YieldPolicy, rng: &mut GameRng) {
    response_window::set_policy(tx, seat, policy, |tx| settle(tx, rng));
}

/// `seat` answers the window with a pass.
pub fn pass(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> Result<(), RuleViolation> {
    let casting = tx
        .state
        .casting
        .clone()
        .ok_or(RuleViolation::NoSpellBeingCast)?;
    if casting.responder != Some(seat) {
        return Err(RuleViolation::NotYourResponse);
    }
    tx.emit(Event::ResponsePassed { seat });
    spells::resolve(tx, &casting, rng);
    Ok(())
}

/// `seat` plays counterspell `card` against `against`.
///
/// # Errors
/// `card_not_in_hand`, `not_a_counterspell`, `no_spell_being_cast`,
/// `not_your_response`, `no_such_lasting_spell`, `not_your_turn`.
pub fn counter(
    tx: &mut Tx,
    seat: Seat,
    card: u8,
    against: CounterTarget,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    if !tx.state.player(seat).hand.contains(&card) {
        return Err(RuleViolation::CardNotInHand(card));
    }
    if spell_of(card) != Some(Spell::Counterspell) {
        return Err(RuleViolation::NotACounterspell(card));
    }
    let card = SpellCard::of(card);
    match against {
        CounterTarget::Cast => {
            let casting = tx
                .state
                .casting
                .clone()
                .ok_or(RuleViolation::NoSpellBeingCast)?;
            if casting.responder != Some(seat) {
                return Err(RuleViolation::NotYourResponse);
            }
            let roll = combat::roll(rng, 1)[0];
            let success = roll == CombatFace::Sword;
            tx.emit(Event::CounterspellCast {
                seat,
                card,
                against: casting.card,
                roll,
                success,
            });
            if success {
                tx.emit(Event::SpellCountered { card: casting.card });
            } else {
                spells::resolve(tx, &casting, rng);
            }
        }
        CounterTarget::InPlay { card: target } => {
            if tx.state.casting.is_some() {
                return Err(RuleViolation::ResponseWindowOpen);
            }
            if tx.state.active_seat() != Some(seat) {
                return Err(RuleViolation::NotYourTurn);
            }
            let lasting = tx
                .state
                .lasting
                .iter()
                .find(|l| l.card.id == target)
                .cloned()
                .ok_or(RuleViolation::NoSuchLastingSpell(target))?;
            let roll = combat::roll(rng, 1)[0];
            let success = roll == CombatFace::Sword;
            tx.emit(Event::CounterspellCast {
                seat,
                card,
                against: lasting.card,
                roll,
                success,
            });
            if success {
                tx.emit(Event::LastingSpellEnded {
                    card: lasting.card,
                    reason: SpellEnd::Counterspelled,
                });
            }
        }
    }
    Ok(())
}
