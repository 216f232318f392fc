//! Magic card duration (rulebook p.11): instant, temporary (energy tokens,
//! one removed in each of the caster's Time Passes) and permanent; ending
//! a maintained spell on your turn.
//!
//! With the optional rule Permanent Creations (p.17), "created objects such
//! as walls and thornbushes are permanent once created": they are not
//! maintained, their cards lie near the board ([`Destination::NearTheBoard`])
//! and are discarded only when the objects are destroyed, and "a caster
//! cannot voluntarily dispel an object of his own creation". Decisions
//! where the rulebook is silent:
//!
//! - **What is a creation**: a card with the Creation trait ("a spell that
//!   creates a long-lasting object", Card Traits): Create Wall, Stone Block,
//!   the Homunculus and Conjuring's bushes and doors; and Wall of Fire,
//!   which makes a wall (data §2.4 gives it the Fire trait only, but it is a
//!   created wall, and the rule names walls first). Wall of Fire played as
//!   a counter makes nothing and is discarded as usual. The **Homunculus**
//!   counts: its card bears the trait, and a creature is "an animate object"
//!   (p.10). Its caster still moves it and looks through its eyes.
//! - **Not maintained**: the card counts toward no hand limit and takes no
//!   energy tokens, so Time Passes never wears it away (a temporary creation
//!   becomes lasting too: "permanent once created"). Brain Burn does not
//!   count it either: it is not in its caster's play area.
//! - **Its caster cannot end it**: `end_spell` is refused
//!   (`permanent_creation`), and so are his own Dispel and Null Powder aimed
//!   at it — dispelling is what the rule forbids him. Everyone else's Dispel
//!   and Null Powder still end it (the rule restricts only the caster), and
//!   anything that destroys the object destroys it, his own attacks,
//!   Destroy Wall, Universal Solvent and Flood included: the rule keeps the
//!   card "until the objects they represent are destroyed".
//! - **Its caster's death** leaves it standing: it is no longer his
//!   maintained spell, so it does not end with the others. A homunculus
//!   whose master is dead stays where it is, moved by nobody.
//! - **A creation that made nothing** (its square filled before it
//!   resolved) has no object to lie near: its card is discarded at once.

use crate::ruleset::Seat;

use super::cards::{self, CardName, CardType, Duration, Trait};
use super::casting::{Destination, SpellTarget};
use super::events::Event;
use super::objects::CardId;
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// Whether the card makes a created object (a wall, a block, a bush, a
/// creature) that Permanent Creations makes permanent.
pub fn is_creation(name: CardName) -> bool {
    super::spells::rules::rules(name).counts_as_a_creation
        || cards::definition(name).traits.contains(&Trait::Creation)
}

/// Where a resolved card of this kind goes, with its energy.
pub fn destination(state: &State, name: CardName, energy: u8) -> Destination {
    let def = cards::definition(name);
    if def.card_type == CardType::Item {
        return Destination::Carried;
    }
    if state.optional_rules.permanent_creations
        && is_creation(name)
        && def.card_type != CardType::Counter
    {
        return Destination::NearTheBoard;
    }
    let tokens = match def.duration {
        Some(Duration::Temporary) => Some(energy),
        Some(Duration::Permanent) => None,
        _ => return Destination::Discarded,
    };
    if state.edition_rules().lasting_spells_discarded {
        Destination::DiscardedLasting { tokens }
    } else {
        Destination::Maintained { tokens }
    }
}

/// Time Passes for `seat` (p.6, p.11): one energy token off each of his
/// temporary spells; a spell whose last token goes is discarded at once.
pub fn time_passes(tx: &mut Tx, seat: Seat) {
    let temporary: Vec<(CardId, u8)> = tx
        .state
        .spells
        .iter()
        .filter(|s| s.caster == seat)
        .filter_map(|s| s.tokens.map(|t| (s.card, t)))
        .collect();
    for (card, tokens) in temporary {
        let view = tx.state.card_view(card);
        let left = tokens.saturating_sub(1);
        tx.emit(Event::EnergyTokenRemoved {
            seat,
            card: view,
            tokens: left,
        });
        if left == 0 {
            tx.emit(Event::SpellEnded { seat, card: view });
        }
    }
}

/// A creation whose card lies near the board once resolved must have made
/// its object; if it made nothing, the card is discarded.
pub fn discard_if_nothing_made(tx: &mut Tx, seat: Seat, card: CardId) {
    let made = tx.state.creations.iter().any(|c| c.card() == card)
        || tx.state.creatures.iter().any(|c| c.card == card);
    if !made && tx.state.find_spell(card).is_some() {
        let card = tx.state.card_view(card);
        tx.emit(Event::SpellEnded { seat, card });
    }
}

/// Whether `card` is a permanent creation of `seat`'s lying near the board.
pub fn is_own_permanent_creation(state: &State, seat: Seat, card: CardId) -> bool {
    state
        .find_spell(card)
        .is_some_and(|s| s.caster == seat && state.near_the_board().contains(&card))
}

/// Permanent Creations: a caster may not dispel his own creation (Dispel,
/// Null Powder).
///
/// # Errors
/// `permanent_creation`.
pub fn check_dispel(state: &State, seat: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    match target {
        SpellTarget::Spell { card } if is_own_permanent_creation(state, seat, card) => {
            Err(RuleViolation::PermanentCreation)
        }
        _ => Ok(()),
    }
}

/// End one of your maintained spells, any time on your turn (p.11); the
/// objects it made vanish with it.
///
/// # Errors
/// `not_maintained`, `permanent_creation` (your own creation lying near the
/// board under Permanent Creations).
pub fn end_spell(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    tx.state.active_turn(seat)?;
    if is_own_permanent_creation(&tx.state, seat, card) {
        return Err(RuleViolation::PermanentCreation);
    }
    if !tx.state.wizard(seat).maintained.contains(&card) {
        return Err(RuleViolation::NotMaintained);
    }
    let before = super::effects::speed(&tx.state, seat);
    let card = tx.state.card_view(card);
    tx.emit(Event::SpellEnded { seat, card });
    super::effects::adjust_movement(tx, seat, before);
    Ok(())
}

/// Ends a spell in play, whoever maintains it (Dispel, Flood, a destroyed creation).
pub fn end_spell_in_play(tx: &mut Tx, card: CardId) {
    if let Some(spell) = tx.state.find_spell(card) {
        let seat = spell.caster;
        let before = super::effects::speed(&tx.state, seat);
        let card = tx.state.card_view(card);
        tx.emit(Event::SpellEnded { seat, card });
        super::effects::adjust_movement(tx, seat, before);
    }
}
