//! Transformations (rulebook p.11 "Transformation", p.7 "Changing Base
//! Speed", p.16 "Transformed Wizards"): a wizard is affected by at most one
//! transformation at a time; a new one cancels the old one. A form is a
//! temporary spell in play whose card has the `Transformation` trait; it
//! ends like any temporary spell (energy tokens, Dispel, ended by its
//! caster). Creatures are not in the engine, so a form is always on its
//! caster.
//!
//! Base speed comes from the form; a change of base speed on the wizard's
//! own turn changes his remaining movement by the difference, which may go
//! below 0 (the Golem Form example, p.7).

use crate::ruleset::Seat;

use super::cards::{self, CardName, Trait};
use super::objects::CardId;
use super::state::{BASE_SPEED, State, Tx};

/// Whether a card transforms its target.
pub fn is_transformation(name: CardName) -> bool {
    cards::definition(name)
        .traits
        .contains(&Trait::Transformation)
}

/// The transformation affecting `seat`'s wizard, if any.
pub fn form(state: &State, seat: Seat) -> Option<(CardId, CardName)> {
    state
        .spells
        .iter()
        .find(|s| s.caster == seat && is_transformation(s.name))
        .map(|s| (s.card, s.name))
}

/// Whether `seat`'s wizard is in the form of `name`.
pub fn is_in_form(state: &State, seat: Seat, name: CardName) -> bool {
    form(state, seat).is_some_and(|(_, n)| n == name)
}

/// The base speed of a form (data §2.6); forms without one keep 3.
pub fn form_speed(name: CardName) -> i16 {
    match name {
        CardName::GnomeForm | CardName::GolemForm => 2,
        CardName::WerewolfForm => 4,
        _ => BASE_SPEED,
    }
}

/// The base speed of `seat`'s wizard, as his form makes it.
pub fn base_speed(state: &State, seat: Seat) -> i16 {
    match form(state, seat) {
        Some((_, name)) => form_speed(name),
        None => state.find_wizard(seat).map_or(BASE_SPEED, |w| w.base_speed),
    }
}

/// A transformation has just come into play as `card`: every other
/// transformation on the same wizard ends (p.11).
pub fn replace_previous(tx: &mut Tx, seat: Seat, card: CardId) {
    let old: Vec<CardId> = tx
        .state
        .spells
        .iter()
        .filter(|s| s.caster == seat && s.card != card && is_transformation(s.name))
        .map(|s| s.card)
        .collect();
    for old in old {
        super::durations::end_spell_in_play(tx, old);
    }
}
