//! Classic combat ("Le combat") where it differs from the engine's: what
//! the edition's hooks ([`super::super::edition::Hooks`]) answer for a
//! classic game, so the engine's fighting rules name none of it.
//!
//! - A fist reaches a wizard in the puncher's own square only: «vous devez
//!   être dans la même case que votre opposant».
//! - No attack passes a wall of fire: «On ne peut pas attaquer à travers
//!   n'importe quel type de mur, mur de feu ou buisson».
//! - A bush is punched from the next square: «Si l'objet visé remplit une
//!   case entièrement, vous devez être adjacent à cet objet pour le
//!   frapper»; «Les seuls objets que vous pouvez attaquer sont les
//!   buissons, les murs et les portes».
//! - The last attacker takes the cards of a wizard however he died («La
//!   Mort»: «le dernier attaquant récupère alors toutes les cartes de la
//!   victime»).

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::casting::SpellTarget;
use super::super::commands::Target;
use super::super::events::Event;
use super::super::labyrinth::{Barrier, Square};
use super::super::line_of_sight::SightTarget;
use super::super::objects::{CardId, Creation};
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;
use super::super::{effects, spells};

/// A fist reaches only the puncher's own square.
pub fn fist_in_the_same_square(_state: &State, here: Square, there: Square) -> bool {
    here == there
}

/// An attack from `origin` at `target` is refused when its line of sight
/// crosses a wall of fire, as it would cross a wall.
///
/// # Errors
/// `not_in_sight`.
pub fn fire_walls_stop_attacks(
    state: &State,
    origin: Square,
    target: SpellTarget,
    bent: bool,
) -> Result<(), RuleViolation> {
    let fire: Vec<_> = state
        .creations
        .iter()
        .filter_map(|c| match c {
            Creation::WallOfFire { line, .. } => Some(*line),
            _ => None,
        })
        .collect();
    let Some(place) = state.target_place(target) else {
        return Ok(());
    };
    if fire.is_empty() {
        return Ok(());
    }
    let mut walled = state.clone();
    for line in fire {
        walled
            .labyrinth
            .barriers
            .insert(line, Barrier::StoneWall { cracks: 0 });
    }
    let adjacent = |s: &State| {
        s.with_sight(|sight| match place {
            SightTarget::Square(to) => sight.adjacent(origin, to),
            SightTarget::Line(line) => sight.adjacent_to_line(origin, line),
        })
    };
    let seen = state.reaches(origin, place, bent) || adjacent(state);
    let still = walled.reaches(origin, place, bent) || adjacent(&walled);
    if seen && !still {
        return Err(RuleViolation::NotInSight);
    }
    Ok(())
}

/// A punch at a bush: it fills its square, so the fist reaches it from the
/// next square. Any other object is not attacked.
///
/// # Errors
/// `indestructible`, `out_of_reach`, `misted`.
pub fn punch_a_bush(
    tx: &mut Tx,
    seat: Seat,
    card: CardId,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    let here = tx.state.wizard(seat).square;
    let Some(there) = tx.state.creations.iter().find_map(|c| match c {
        Creation::Bush {
            card: id, square, ..
        } if *id == card => Some(*square),
        _ => None,
    }) else {
        return Err(RuleViolation::Indestructible);
    };
    if !tx.state.with_sight(|s| s.adjacent(here, there)) {
        return Err(RuleViolation::OutOfReach);
    }
    if tx.state.is_misted(seat) {
        return Err(RuleViolation::Misted);
    }
    tx.emit(Event::Punched {
        seat,
        target: Target::Object { card },
    });
    let fist = effects::fist(tx, seat, rng);
    let fist = effects::blow(&tx.state, seat, fist);
    spells::damage_bush(tx, card, fist, Some(seat));
    Ok(())
}

/// The wizard who takes the cards of `victim`, killed by damage no attack
/// dealt: the last one who attacked him.
pub fn last_attacker_takes_the_cards(state: &State, victim: Seat) -> Option<Seat> {
    state.last_attackers.get(&victim).copied()
}
