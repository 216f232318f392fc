//! The counterspell (rulebook "Casting spells": "it can be cast at any
//! time and at any moment and doesn't count as an action … when your
//! opponent is casting a spell or one that already has been cast … you
//! have to roll a sword with one die"), and the response window that
//! carries it over the post.
//!
//! Every spell cast opens a window for the opponent, whether or not he
//! holds a counterspell, so nothing about his hand shows. The server passes
//! for him at once when his yield policy says so (the same policies as
//! Wiz-War's). He answers with a counterspell against the cast, or passes.
//! A lasting spell in play may be counterspelled by a player on his own
//! turn, at any step of it.
//!
//! # Decisions
//! - A counterspell cannot itself be counterspelled: its own die is its
//!   risk, and a duel of counterspells would leave a game by mail waiting
//!   days for one spell.
//! - A failed counterspell is spent; the spell takes effect. A player may
//!   answer one cast with one counterspell.

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::combat::{self, CombatFace};
use super::commands::CounterTarget;
use super::events::{Event, SpellEnd};
use super::spell_cards::{Spell, SpellCard, spell_of};
use super::spells;
use super::state::{Casting, State, Tx};
use super::violations::RuleViolation;

/// Which response windows stop at a player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarYieldPolicy))]
pub enum YieldPolicy {
    /// Ask at every window.
    Always,
    /// Ask only when the spell would strike one of my units, or changes the
    /// board (a lasting spell). Reads only public facts: reveals nothing.
    #[default]
    WhenTargeted,
    /// Ask only when I hold a counterspell. Revealing: an automatic pass
    /// tells the others I hold none.
    WhenICanCounter,
    /// Pass every window.
    Never,
}

impl YieldPolicy {
    pub const ALL: [YieldPolicy; 4] = [
        YieldPolicy::Always,
        YieldPolicy::WhenTargeted,
        YieldPolicy::WhenICanCounter,
        YieldPolicy::Never,
    ];

    /// Whether the server's passes under it tell the others something
    /// about the hand.
    pub fn reveals_hand(self) -> bool {
        self == YieldPolicy::WhenICanCounter
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

/// Whether the window of `casting` passes `seat` by without asking him.
fn yields(state: &State, seat: Seat, casting: &Casting) -> bool {
    match state
        .player(seat)
        .yield_policy
        .unwrap_or(YieldPolicy::Always)
    {
        YieldPolicy::Always => false,
        YieldPolicy::Never => true,
        YieldPolicy::WhenTargeted => !spells::concerns(state, casting, seat),
        YieldPolicy::WhenICanCounter => !holds_counterspell(state, seat),
    }
}

/// Resolves the cast once nobody has to answer it: the server passes for
/// a responder whose policy lets the window go.
pub fn settle(tx: &mut Tx, rng: &mut GameRng) {
    let Some(casting) = tx.state.casting.clone() else {
        return;
    };
    if let Some(responder) = casting.responder {
        if !yields(&tx.state, responder, &casting) {
            return;
        }
        tx.emit(Event::ResponseYielded { seat: responder });
    }
    spells::resolve(tx, &casting, rng);
}

/// `seat` changes his yield policy; a window waiting for him closes at once
/// if the new policy passes it.
pub fn set_policy(tx: &mut Tx, seat: Seat, policy: YieldPolicy, rng: &mut GameRng) {
    tx.emit(Event::YieldPolicySet { seat, policy });
    if tx
        .state
        .casting
        .as_ref()
        .is_some_and(|c| c.responder == Some(seat))
    {
        settle(tx, rng);
    }
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
