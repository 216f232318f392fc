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
//! turn, at any step of it once the turn die is rolled.
//!
//! # Moments (revision 2)
//! "At any moment" cannot be waited for by mail: between two commands
//! nobody is asked. So the rules define the moments a lasting spell ("one
//! that already has been cast") may be answered besides one's own turn,
//! each a window for one player, while a lasting spell of his opponent's is
//! in play:
//! - **the start of each turn, before the turn die is rolled**, for the
//!   player about to roll (the server rolls once the moment is over);
//! - **after each action** of a feet turn (a move, an attack, a cast once
//!   settled), for the player not on turn.
//!
//! Nothing in a moment is aimed at anyone, so the yield policies skip it at
//! once for a player who cannot or will not answer: `when_targeted` (the
//! default) and `never` never stop there, `when_i_can_counter` stops when
//! he holds a counterspell, `always` always. A skipped moment is not
//! recorded: unlike a cast, nothing waits on it. In a moment he answers
//! with a counterspell against a lasting spell in play, or passes (one
//! answer a moment; the counterspell is no action and opens no moment).
//! A timeout passes; a change of policy that would not stop there lets the
//! moment go. Under revision 1 there are no moments.
//!
//! # Decisions
//! - A counterspell cannot itself be counterspelled. The rulebook lets a
//!   counterspell answer "when your opponent is casting a spell", and says
//!   "you have to roll a sword with one die to see if the counterspell is
//!   successful": the die is part of casting it, so by the time anyone
//!   could answer it has already worked or failed, and no counterspell is
//!   ever left being cast. (By mail, a duel of counterspells would also
//!   leave a game waiting days for one spell.)
//! - A failed counterspell is spent; the spell takes effect. A player may
//!   answer one cast with one counterspell.

use crate::kit::response_window::{self, Head, ResponseWindows};
use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::WizardsOfWar;
use super::combat::{self, CombatFace};
use super::commands::CounterTarget;
use super::events::{Event, SpellEnd};
use super::revisions::CounterMoments;
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

/// Whether a moment to counterspell is due for `seat` (revision 2): a
/// lasting spell of his opponent's is in play, no window is open, and his
/// yield policy asks him. Nothing in a moment is aimed at anyone, so
/// `when_targeted` and `never` let it go, `when_i_can_counter` asks him
/// when he holds a counterspell, `always` always. A moment his policy lets
/// go is not opened at all: unlike a cast, nothing waits on it, so nothing
/// is recorded (what `when_i_can_counter` reveals is the same either way).
fn moment_due(state: &State, seat: Seat) -> bool {
    state.rules().counter_moments == CounterMoments::EveryMoment
        && !state.is_over()
        && state.casting.is_none()
        && state.moment.is_none()
        && state.lasting.iter().any(|l| l.owner != seat)
        && response_window::policy_of::<WizardsOfWar>(state, seat)
            .stops(|| false, || holds_counterspell(state, seat))
}

/// Opens a moment to counterspell for `seat` when one is due; says whether
/// it did.
pub fn open_moment(tx: &mut Tx, seat: Seat) -> bool {
    let due = moment_due(&tx.state, seat);
    if due {
        tx.emit(Event::CounterMomentOpened { seat });
    }
    due
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
    // A moment waiting for him closes when the new policy would not ask.
    if tx.state.moment == Some(seat)
        && !policy.stops(|| false, || holds_counterspell(&tx.state, seat))
    {
        tx.emit(Event::CounterMomentPassed { seat });
    }
}

/// `seat` answers the window with a pass.
pub fn pass(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> Result<(), RuleViolation> {
    if tx.state.moment == Some(seat) {
        tx.emit(Event::CounterMomentPassed { seat });
        return Ok(());
    }
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
            // His own turn once the die is rolled, or a moment that waits
            // for him (revision 2).
            let own_turn = tx.state.active_seat() == Some(seat)
                && tx.state.moment.is_none()
                && tx.state.turn.as_ref().is_some_and(|t| t.face.is_some());
            if !own_turn && tx.state.moment != Some(seat) {
                return Err(if tx.state.moment.is_some() {
                    RuleViolation::ResponseWindowOpen
                } else {
                    RuleViolation::NotYourTurn
                });
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
