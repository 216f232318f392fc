//! Transformations (rulebook p.11 "Transformation", p.7 "Changing Base
//! Speed", p.16 "Transformed Wizards"): a wizard is affected by at most one
//! transformation at a time; a new one cancels the old one. A form is a
//! temporary spell in play whose card has the `Transformation` trait; it
//! ends like any temporary spell (energy tokens, Dispel, ended by its
//! caster). A form acts on the wizard it is on, as the layer of effects in
//! play says ([`super::effects::Held::on`]); one cast on a creature is in
//! play but changes no wizard (creatures take no forms in the engine).
//!
//! Base speed comes from the form; a change of base speed on the wizard's
//! own turn changes his remaining movement by the difference, which may go
//! below 0 (the Golem Form example, p.7).

use crate::ruleset::Seat;

use super::cards::{self, CardName, Trait};
use super::objects::CardId;
use super::state::{State, Tx};

/// Whether a card transforms its target.
pub fn is_transformation(name: CardName) -> bool {
    cards::definition(name)
        .traits
        .contains(&Trait::Transformation)
}

/// The transformation affecting `seat`'s wizard, if any.
pub fn form(state: &State, seat: Seat) -> Option<(CardId, CardName)> {
    super::effects::on(state, seat)
        .find(|(held, _)| held.spell && is_transformation(held.name))
        .map(|(held, _)| (held.card, held.name))
}

/// Whether `seat`'s wizard is in the form of `name`.
pub fn is_in_form(state: &State, seat: Seat, name: CardName) -> bool {
    form(state, seat).is_some_and(|(_, n)| n == name)
}

/// A transformation has just come into play as `card`: every other
/// transformation on the same wizard ends (p.11). Movement is not adjusted
/// here: the caster's remaining movement changes once, by the difference
/// between the old and the new base speed ("Changing Base Speed", p.7),
/// which the caller does after the swap.
pub fn replace_previous(tx: &mut Tx, seat: Seat, card: CardId) {
    let old: Vec<CardId> = tx
        .state
        .spells
        .iter()
        .filter(|s| s.caster == seat && s.card != card && is_transformation(s.name))
        .map(|s| s.card)
        .collect();
    for old in old {
        let card = tx.state.card_view(old);
        tx.emit(super::events::Event::SpellEnded { seat, card });
    }
}
