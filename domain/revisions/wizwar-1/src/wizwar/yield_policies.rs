//! Yield policies (DESIGN.md, "Asynchronous play"): which response windows
//! the server answers `pass` for a player at once, so that a game by mail
//! does not wait a day for every spell.
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
//! - **Never** passes every window; **Always** stops at every window.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::casting::{CastKind, Casting, SpellTarget};
use super::counter_spells;
use super::events::Event;
use super::spells;
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// Which response windows stop at a player.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarYieldPolicy)]
pub enum YieldPolicy {
    /// Ask at every window.
    Always,
    /// Ask only when the cast is aimed at me or my things (reveals nothing).
    #[default]
    WhenTargeted,
    /// Ask only when I hold a counter that could answer it. Revealing: an
    /// automatic pass tells the others I hold none.
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

    /// Whether the server's passes under it tell the others something about
    /// the hand (DESIGN.md: such a policy is labelled revealing).
    pub fn reveals_hand(self) -> bool {
        self == YieldPolicy::WhenICanCounter
    }
}

/// The policy `seat` plays under now.
pub fn policy_of(state: &State, seat: Seat) -> YieldPolicy {
    // Nothing recorded: a game from before policies, where all were asked.
    state
        .yield_policies
        .get(&seat)
        .copied()
        .unwrap_or(YieldPolicy::Always)
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
    tx.emit(Event::YieldPolicySet { seat, policy });
    // Only the head of the window can be held up by his own policy; for
    // him, settling now is what his `pass` would have done.
    let waits_for_him = tx
        .state
        .stack
        .last()
        .is_some_and(|top| top.responders.first() == Some(&seat));
    if waits_for_him {
        counter_spells::settle(tx, rng);
    }
    Ok(())
}

/// Whether the theft of one of `seat`'s treasures stops at him (Ward). It
/// always concerns him, so only `never`, and `when_i_can_counter` without
/// a Ward in hand, pass it.
pub fn asks_about_theft(state: &State, seat: Seat) -> bool {
    match policy_of(state, seat) {
        YieldPolicy::Always | YieldPolicy::WhenTargeted => true,
        YieldPolicy::Never => false,
        YieldPolicy::WhenICanCounter => state
            .wizard(seat)
            .hand
            .iter()
            .any(|c| state.cards[c.index()] == super::cards::CardName::Ward),
    }
}

/// Whether the window of the top cast passes `seat` by without asking him.
pub fn yields(state: &State, seat: Seat, top: &Casting) -> bool {
    match policy_of(state, seat) {
        YieldPolicy::Always => false,
        YieldPolicy::Never => true,
        YieldPolicy::WhenTargeted => !concerns(state, seat, top),
        YieldPolicy::WhenICanCounter => !could_counter(state, seat, top),
    }
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
        SpellTarget::Square { square } => his_squares.iter().any(|at| {
            let apart = square.row.abs_diff(at.row) + square.col.abs_diff(at.col);
            apart == 0 || (top.name == super::cards::CardName::PsychicStorm && apart == 1)
        }),
        SpellTarget::Direction { direction }
            if top.name == super::cards::CardName::LightningBolt =>
        {
            spells::elemental::bolt_path(state, top, direction)
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
        SpellTarget::Caster | SpellTarget::Direction { .. } | SpellTarget::Board => false,
    };
    aimed || against_his_cast || spells::threatens(state, top, seat)
}

/// Whether `seat` holds a counter that could answer the top cast. Where a
/// counter needs a choice, it errs towards asking: Wall of Earth is
/// assumed to find a line whenever the cast is an attack.
fn could_counter(state: &State, seat: Seat, top: &Casting) -> bool {
    use super::cards::{CardName as N, Trait};
    let wizard = state.wizard(seat);
    let powder = wizard
        .carried
        .iter()
        .filter(|c| state.cards[c.index()] == N::NullPowder);
    let flooded = state.spell_in_play(N::Flood);
    wizard.hand.iter().chain(powder).any(|card| {
        let name = state.cards[card.index()];
        let playable = counter_spells::is_counter(name)
            && super::cards::is_implemented(name)
            && !(flooded && super::cards::definition(name).traits.contains(&Trait::Fire));
        let applies = |square| spells::check_counter(state, seat, name, top, None, square).is_ok();
        playable
            && match name {
                N::WallOfEarth => top.attack && top.kind != CastKind::Counter,
                // Any square he may blink to will do: the rest of the rule
                // is about the attack.
                N::Teleport => spells::mentalism::teleport_squares(state, wizard.square)
                    .first()
                    .is_some_and(|square| applies(Some(*square))),
                _ => applies(None),
            }
    })
}
