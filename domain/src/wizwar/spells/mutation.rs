//! Mutation: shape-changing. Forms are transformations (see
//! [`crate::wizwar::transformations`]): temporary spells on their caster,
//! one at a time, whose base speed changes the movement left this turn.
//!
//! Implemented: **Gnome Form**, **Golem Form** and **Extra Arms**. Not yet
//! in `IMPLEMENTED` (so they cannot enter a deck): Featherweight (needs the
//! push-back walk, chosen by its wizard as Mental Force's walk is — and by
//! him too when the attack comes from his own square, per the rulebook's
//! card notes), and the other forms.
//!
//! # Decisions where the rules are silent
//!
//! - **A form lasts** as a temporary spell: energy tokens equal to its
//!   energy (1 unboosted), one off in its caster's Time Passes; it ends
//!   early by Dispel, by its caster ending it, or by a new transformation
//!   on the same wizard. Its card counts toward the hand limit meanwhile.
//! - **Gnome Form's dodge** is rolled with the d4 (recorded as `die_rolled`)
//!   once for every attack aimed at the gnome (a Lightning Bolt whose path
//!   crosses his square too) as that attack resolves, and for every punch at
//!   him; 1–2 evades (`attack_evaded`). Cast as a counter when attacked, the
//!   gnome comes into play before the attack resolves, so the attack gets
//!   exactly one roll — the rulebook's example (p.15).
//! - **Golem Form**: its punch deals 2 physical damage (instead of 1; a
//!   Fire Cloak still adds its burn); every damage to the golem, attack or
//!   not, is 2 less (after Bloodshards). "May cast only counter spells":
//!   the golem may neither cast neutral or attack spells nor play items from
//!   his hand (refused as `counters_only`); he may still punch, use carried
//!   items and end spells. Picking up a treasure costs him 1 movement point
//!   (refused as `not_enough_movement` below 1) and does not end his Move
//!   and Cast; one treasure at a time still holds.
//! - **Extra Arms** is a form (its card has the Transformation trait), so it
//!   replaces another form and keeps base speed 3. Its card counts toward
//!   the hand limit while it lasts and leaves it when it ends (the rulebook
//!   example); carried items do not count meanwhile, so picking up
//!   needs no room in hand. When it ends the items count again: a wizard
//!   then over the limit must discard, drop items or end spells before
//!   anything else, as with any excess.
//! - **Extra Arms' armful**: the first pick-up (item or treasure) in a
//!   square costs 1 movement point (refused as `not_enough_movement` below
//!   1); every further pick-up in that square is free until the wizard
//!   moves (the turn's `armful`). A treasure does not end his Move and
//!   Cast; one treasure at a time still holds.
//! - **Extra Arms' punch** is one attack aimed at one wizard; it hits him
//!   and every other living, unmisted wizard within reach (his square or
//!   an adjacent one), each with the same damage (one Mightstone roll),
//!   each gnome dodging on his own roll.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::CardName;
use super::super::casting::{CastKind, Casting};
use super::super::events::Event;
use super::super::fighting::PUNCH_DAMAGE;
use super::super::state::{State, Tx};
use super::super::transformations;
use super::super::violations::RuleViolation;

/// Gnome Form evades on a d4 roll of this or less.
pub const GNOME_DODGE: u8 = 2;
/// Golem Form's punch.
pub const GOLEM_PUNCH: u8 = 2;
/// Golem Form takes this much less from every damage.
pub const GOLEM_ARMOUR: u8 = 2;

/// A transformation has resolved for `seat`: it replaces his previous one,
/// and his movement left changes with his base speed (`before` = speed
/// before the cast).
pub fn transform(tx: &mut Tx, cast: &Casting, before: i16) {
    transformations::replace_previous(tx, cast.seat, cast.card);
    super::alchemy::adjust_movement(tx, cast.seat, before);
}

/// Gnome Form: an attack cast is about to resolve; every gnome it threatens
/// rolls to dodge. Returns the cast with the dodgers added to its misses.
pub fn dodge_cast(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) -> Casting {
    let mut cast = cast.clone();
    if !cast.attack || !matches!(cast.kind, CastKind::Spell | CastKind::Use) {
        return cast;
    }
    let gnomes: Vec<Seat> = tx
        .state
        .wizards
        .iter()
        .filter(|w| w.alive && w.seat != cast.seat && !cast.shielded.contains(&w.seat))
        .filter(|w| transformations::is_in_form(&tx.state, w.seat, CardName::GnomeForm))
        .map(|w| w.seat)
        .filter(|s| super::threatens(&tx.state, &cast, *s))
        .collect();
    for seat in gnomes {
        if gnome_dodges(tx, seat, rng) {
            let against = tx.state.card_view(cast.card);
            tx.emit(Event::AttackEvaded { seat, against });
            cast.shielded.push(seat);
        }
    }
    cast
}

/// Gnome Form: `seat` is attacked; if he is a gnome he rolls the die
/// (recorded) and evades on 1–2.
pub fn gnome_dodges(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> bool {
    if !transformations::is_in_form(&tx.state, seat, CardName::GnomeForm) {
        return false;
    }
    let value = rng.roll(4);
    tx.emit(Event::DieRolled { value });
    value <= GNOME_DODGE
}

/// Gnome Form as a counter: only against an attack on its wizard.
///
/// # Errors
/// `counter_does_not_apply`.
pub fn check_gnome_counter(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    if top.attack && top.kind != CastKind::Counter && super::threatens(state, top, seat) {
        Ok(())
    } else {
        Err(RuleViolation::CounterDoesNotApply(
            "Gnome Form answers an attack on your wizard",
        ))
    }
}

/// Forms that may cast only counter spells.
pub fn counters_only(state: &State, seat: Seat) -> bool {
    transformations::is_in_form(state, seat, CardName::GolemForm)
}

/// A punch's damage by `seat`'s form.
pub fn punch_damage(state: &State, seat: Seat) -> u8 {
    if transformations::is_in_form(state, seat, CardName::GolemForm) {
        GOLEM_PUNCH
    } else {
        PUNCH_DAMAGE
    }
}

/// Damage to `seat` after his form's armour.
pub fn after_armour(state: &State, seat: Seat, amount: u8) -> u8 {
    if transformations::is_in_form(state, seat, CardName::GolemForm) {
        amount.saturating_sub(GOLEM_ARMOUR)
    } else {
        amount
    }
}

/// What picking up costs `seat` in movement points when his form changes
/// it: Golem Form lifts a treasure for 1; Extra Arms picks up everything in
/// his square, treasure included, for 1 in all. `None`: the ordinary cost
/// (1 for an item; a treasure ends his Move and Cast).
pub fn pick_up_cost(state: &State, seat: Seat) -> Option<i16> {
    match transformations::form(state, seat) {
        Some((_, CardName::GolemForm)) => Some(1),
        Some((_, CardName::ExtraArms)) => {
            let here = state.wizard(seat).square;
            let paid = state
                .turn
                .as_ref()
                .is_some_and(|t| t.seat == seat && t.armful == Some(here));
            Some(if paid { 0 } else { 1 })
        }
        _ => None,
    }
}

/// Extra Arms: carried items do not count toward its wizard's hand.
pub fn carries_freely(state: &State, seat: Seat) -> bool {
    transformations::is_in_form(state, seat, CardName::ExtraArms)
}

/// Who a punch by `seat` aimed at `victim` hits: with Extra Arms, also
/// every other living wizard within his reach (not misted); `victim` first.
pub fn punch_victims(state: &State, seat: Seat, victim: Seat) -> Vec<Seat> {
    let mut victims = vec![victim];
    if !carries_freely(state, seat) {
        return victims;
    }
    let here = state.wizard(seat).square;
    for w in &state.wizards {
        if w.alive
            && w.seat != seat
            && w.seat != victim
            && !state.is_misted(w.seat)
            && state.with_sight(|s| s.adjacent(here, w.square))
        {
            victims.push(w.seat);
        }
    }
    victims
}
