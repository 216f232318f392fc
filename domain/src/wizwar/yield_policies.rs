//! Yield policies (DESIGN.md, "Asynchronous play"): which response windows
//! the server answers `pass` for a player at once, so that a game by mail
//! does not wait a day for every spell. The policies and the mechanism are
//! the kit's ([`crate::kit::response_window`]); this module says what a
//! Wiz-War window is about: whom a cast concerns, who could counter it.
//!
//! Every cast still opens its window for every other living wizard in seat
//! order (the rulebook's table, p.13); a policy only decides whether the
//! window stops at him. Each player sets his own, as an event, at any
//! time (a setting, not a move: never among the legal commands, and not
//! bound to his turn or to the window). Setup records the game's default
//! (the `yield_policy` option, `when_targeted` unless the table chose
//! otherwise) for every seat, so the log says what each policy was from the
//! start. A wizard whose seat has no policy recorded (a game set up before
//! policies existed) is always asked, as he was then.
//!
//! A pass the server makes is recorded as `response_yielded`, distinct from
//! a player's own `response_passed`; both close the window for him alike.
//!
//! # Decisions
//! - **When targeted** (the default) asks a player when the cast is aimed
//!   at his wizard, would strike him or his creature (a Lightning Bolt's
//!   path, a Psychic Storm's squares), is aimed at one of his spells, items
//!   or creations
//!   (also on a border line), at the sector he stands in or his home
//!   sector, or is a counter to his own cast. It reads only what everyone
//!   sees, so it reveals nothing. It lets pass, for instance, a Teleport he
//!   could have Negated: that is the price of not being asked.
//! - **When I can counter** asks only when he holds a counter that could
//!   answer the cast (or carries Null Powder that could). Where a counter
//!   needs a choice it errs towards asking: Wall of Earth is assumed to
//!   find a line whenever the cast is an attack. An automatic pass
//!   under it tells the others he holds none: the policy is labelled
//!   revealing, and choosing it is his informed choice.
//! - **Indirect damage** (classic): a destroyed wall falling on his
//!   wizard concerns him too, since Absorb and Blunt answer it.
//! - **Never** passes every window; **Always** stops at every window.

use crate::kit::response_window::{self, ResponseWindows};
use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::WizWar;
use super::casting::{CastKind, Casting, SpellTarget};
use super::counter_spells;
use super::events::Event;
use super::spells;
use super::state::{State, Tx};
use super::violations::RuleViolation;

pub use crate::kit::YieldPolicy;

/// The window of the top cast waits for its first responder; the kit
/// applies his policy with the answers below.
impl ResponseWindows for WizWar {
    fn waiting_for(state: &State) -> Option<Seat> {
        state
            .stack
            .last()
            .and_then(|top| top.responders.first().copied())
    }

    fn recorded_policy(state: &State, seat: Seat) -> Option<YieldPolicy> {
        state.yield_policies.get(&seat).copied()
    }

    fn concerns(state: &State, seat: Seat) -> bool {
        state
            .stack
            .last()
            .is_some_and(|top| concerns(state, seat, top))
    }

    fn could_answer(state: &State, seat: Seat) -> bool {
        state
            .stack
            .last()
            .is_some_and(|top| could_counter(state, seat, top))
    }

    fn yielded(seat: Seat) -> Event {
        Event::ResponseYielded { seat }
    }

    fn policy_set(seat: Seat, policy: YieldPolicy) -> Event {
        Event::YieldPolicySet { seat, policy }
    }
}

/// The policy `seat` plays under now.
pub fn policy_of(state: &State, seat: Seat) -> YieldPolicy {
    response_window::policy_of::<WizWar>(state, seat)
}

/// `seat` changes his policy; a window waiting for him now closes at once
/// if the new policy passes it, and what it held up resolves.
///
/// # Errors
/// `not_started`, `game_over`, `not_a_player`, `eliminated`.
pub fn set(
    tx: &mut Tx,
    seat: Seat,
    policy: YieldPolicy,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    tx.state.living_player(seat)?;
    response_window::set_policy(tx, seat, policy, |tx| counter_spells::settle(tx, rng));
    Ok(())
}

/// Whether the theft of one of `seat`'s treasures stops at him (Ward). It
/// always concerns him, so only `never`, and `when_i_can_counter` without
/// a Ward in hand, pass it.
pub fn asks_about_theft(state: &State, seat: Seat) -> bool {
    policy_of(state, seat).stops(
        || true,
        || {
            state
                .wizard(seat)
                .hand
                .iter()
                .any(|c| spells::rules::rules(state.cards[c.index()]).answers_theft)
        },
    )
}

/// Whether the cast is aimed at `seat` or his things, by public facts only.
fn concerns(state: &State, seat: Seat, top: &Casting) -> bool {
    let wizard = state.wizard(seat);
    let his_card = |card| wizard.maintained.contains(&card) || wizard.carried.contains(&card);
    let against_his_cast = top.kind == CastKind::Counter
        && state
            .stack
            .len()
            .checked_sub(2)
            .is_some_and(|i| state.stack[i].seat == seat);
    // His wizard's square and his creatures': what strikes squares hurts both.
    let his_squares: Vec<_> = std::iter::once(wizard.square)
        .chain(
            state
                .creatures
                .iter()
                .filter(|c| c.owner == seat)
                .map(|c| c.square),
        )
        .collect();
    let aimed = match top.target {
        SpellTarget::Wizard { seat: target } => target == seat,
        SpellTarget::Spell { card } | SpellTarget::Object { card } => his_card(card),
        SpellTarget::Line { line } => state
            .creations
            .iter()
            .any(|c| c.line() == Some(line) && his_card(c.card())),
        SpellTarget::Square { .. } | SpellTarget::Direction { .. } => {
            (spells::rules::rules(state.cast_name(top)).struck_squares)(state, top)
                .iter()
                .any(|at| his_squares.contains(at))
        }
        // His treasure, wherever it is, or the one he carries.
        SpellTarget::Treasure { treasure } => state.treasures.iter().any(|t| {
            t.id == treasure
                && (t.owner == seat
                    || t.location == super::treasures::TreasureLocation::Carried { seat })
        }),
        SpellTarget::Sector { slot } => {
            let standing = state.labyrinth.sector_at(wizard.square).map(|s| s.slot);
            let home = state.labyrinth.sector_of(seat).map(|s| s.slot);
            standing == Some(slot) || home == Some(slot)
        }
        SpellTarget::Caster | SpellTarget::Board => false,
    };
    aimed
        || against_his_cast
        || spells::threatens(state, top, seat)
        || (spells::rules::rules(state.cast_name(top)).hurts_indirectly)(state, seat, top)
}

/// Whether `seat` holds a counter that could answer the top cast. Where a
/// counter needs a choice, it errs towards asking: Wall of Earth is
/// assumed to find a line whenever the cast is an attack.
fn could_counter(state: &State, seat: Seat, top: &Casting) -> bool {
    let wizard = state.wizard(seat);
    let carried = wizard
        .carried
        .iter()
        .filter(|c| spells::rules::rules(state.cards[c.index()]).answers_from_play_area);
    wizard.hand.iter().chain(carried).any(|card| {
        let name = state.cards[card.index()];
        let playable = counter_spells::is_counter(state, name)
            && super::effects::may_cast(state, name).is_ok();
        playable
            && match spells::rules::rules(name).could_answer {
                Some(could) => could(state, seat, top),
                None => spells::check_counter(state, seat, name, top, None, None).is_ok(),
            }
    })
}
