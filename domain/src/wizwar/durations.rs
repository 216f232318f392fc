//! Magic card duration (rulebook p.11): instant, temporary (energy tokens,
//! one removed in each of the caster's Time Passes) and permanent; ending
//! a maintained spell on your turn.

use crate::ruleset::Seat;

use super::cards::{self, CardType, Duration};
use super::casting::Destination;
use super::events::Event;
use super::objects::CardId;
use super::state::Tx;
use super::violations::RuleViolation;

/// Where a resolved card of this kind goes, with its energy.
pub fn destination(name: cards::CardName, energy: u8) -> Destination {
    let def = cards::definition(name);
    if def.card_type == CardType::Item {
        return Destination::Carried;
    }
    match def.duration {
        Some(Duration::Temporary) => Destination::Maintained {
            tokens: Some(energy),
        },
        Some(Duration::Permanent) => Destination::Maintained { tokens: None },
        _ => Destination::Discarded,
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

/// End one of your maintained spells, any time on your turn (p.11); the
/// objects it made vanish with it.
///
/// # Errors
/// `not_maintained`.
pub fn end_spell(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    tx.state.active_turn(seat)?;
    if !tx.state.wizard(seat).maintained.contains(&card) {
        return Err(RuleViolation::NotMaintained);
    }
    let before = super::spells::alchemy::speed(&tx.state, seat);
    let card = tx.state.card_view(card);
    tx.emit(Event::SpellEnded { seat, card });
    super::spells::alchemy::adjust_movement(tx, seat, before);
    Ok(())
}

/// Ends a spell in play, whoever maintains it (Dispel, Flood, a destroyed creation).
pub fn end_spell_in_play(tx: &mut Tx, card: CardId) {
    if let Some(spell) = tx.state.find_spell(card) {
        let seat = spell.caster;
        let before = super::spells::alchemy::speed(&tx.state, seat);
        let card = tx.state.card_view(card);
        tx.emit(Event::SpellEnded { seat, card });
        super::spells::alchemy::adjust_movement(tx, seat, before);
    }
}
