//! Candidate casts, uses and answers for `legal_commands`: a bounded sample
//! of targets near the wizards (the caller keeps those `decide` accepts).

use crate::ruleset::Seat;

use super::super::cards::{self, CardName, CardType};
use super::super::casting::{SpellTarget, check_target_exists};
use super::super::commands::Command;
use super::super::counter_spells::is_counter;
use super::super::labyrinth::{BorderLine, Direction, Square};
use super::super::movement::energy_value;
use super::super::objects::CardId;
use super::super::state::State;

fn lines_around(square: Square) -> impl Iterator<Item = BorderLine> {
    Direction::ALL
        .into_iter()
        .map(move |d| BorderLine::of(square, d))
}

fn neighbours(state: &State, square: Square) -> Vec<Square> {
    Direction::ALL
        .iter()
        .filter_map(|d| state.labyrinth.step(square, *d).map(|s| s.to))
        .collect()
}

/// An energy card in `seat`'s hand other than `card`, to boost it.
fn booster(state: &State, seat: Seat, card: CardId) -> Option<CardId> {
    state
        .wizard(seat)
        .hand
        .iter()
        .copied()
        .filter(|c| *c != card)
        .max_by_key(|c| energy_value(state.cards[c.index()]))
        .filter(|c| energy_value(state.cards[c.index()]).is_some())
}

/// Targets worth trying for a card: the wizards, lines and squares near them,
/// objects and spells in play, the four directions, the board.
fn targets(state: &State, seat: Seat) -> Vec<SpellTarget> {
    let here = state.wizard(seat).square;
    let mut targets = vec![SpellTarget::Caster, SpellTarget::Board];
    let mut squares = vec![here];
    for w in state.wizards.iter().filter(|w| w.alive) {
        if w.seat != seat {
            targets.push(SpellTarget::Wizard { seat: w.seat });
            squares.push(w.square);
        }
    }
    let near: Vec<Square> = neighbours(state, here);
    for sq in &squares {
        targets.extend(lines_around(*sq).map(|line| SpellTarget::Line { line }));
    }
    for sq in near.iter().chain(&squares) {
        targets.push(SpellTarget::Square { square: *sq });
    }
    for n in &near {
        for sq in neighbours(state, *n) {
            targets.push(SpellTarget::Square { square: sq });
        }
    }
    targets.extend(
        state
            .objects
            .iter()
            .map(|o| SpellTarget::Object { card: o.card }),
    );
    targets.extend(
        state
            .creations
            .iter()
            .filter(|c| c.square().is_some())
            .map(|c| SpellTarget::Object { card: c.card() }),
    );
    targets.extend(
        state
            .spells
            .iter()
            .map(|s| SpellTarget::Spell { card: s.card }),
    );
    targets.extend(
        state
            .treasures
            .iter()
            .map(|t| SpellTarget::Treasure { treasure: t.id }),
    );
    targets.extend(
        Direction::ALL
            .into_iter()
            .map(|direction| SpellTarget::Direction { direction }),
    );
    targets.extend(
        state
            .labyrinth
            .sectors
            .iter()
            .map(|s| SpellTarget::Sector { slot: s.slot }),
    );
    targets.dedup();
    targets
}

/// Casts from the hand and uses of carried items and maintained spells.
pub fn casts(state: &State, seat: Seat) -> Vec<Command> {
    let wizard = state.wizard(seat);
    let targets = targets(state, seat);
    let mut seen: Vec<CardName> = vec![];
    let mut commands = vec![];
    for card in &wizard.hand {
        let name = state.cards[card.index()];
        let def = cards::definition(name);
        if seen.contains(&name) || matches!(def.card_type, CardType::Energy | CardType::Counter) {
            continue;
        }
        seen.push(name);
        let boost = booster(state, seat, *card);
        // An item goes to its caster's play area whatever it is aimed at;
        // anything else is tried on the targets its own targeting accepts
        // (its printed targets and aim).
        let attack = def.card_type == CardType::Attack;
        let aimed: Vec<SpellTarget> = if def.card_type == CardType::Item {
            vec![SpellTarget::Caster]
        } else {
            targets
                .iter()
                .copied()
                .filter(|t| check_target_exists(state, seat, def, *t, attack).is_ok())
                .collect()
        };
        for target in &aimed {
            for option in (super::rules::rules(name).listed_options)(state, *target) {
                for energy in [None, boost] {
                    commands.push(Command::Cast {
                        card: *card,
                        energy,
                        target: *target,
                        option,
                    });
                    if boost.is_none() {
                        break;
                    }
                }
            }
        }
    }
    for card in wizard.carried.iter().chain(&wizard.maintained) {
        let name = state.cards[card.index()];
        if super::feeds_on_a_card(name) {
            if let Some(discard) = booster(state, seat, *card) {
                for target in &targets {
                    commands.push(Command::UseDiscarding {
                        card: *card,
                        discard,
                        target: *target,
                    });
                }
            }
        } else if super::usable_as(name).is_some() {
            // Null Powder is also used on spells in play; the targets cover them.
            for target in &targets {
                commands.push(Command::Use {
                    card: *card,
                    target: *target,
                });
            }
            let used = super::rules::rules(name).used;
            for target in used.map_or(vec![], |u| (u.listed_targets)(state, seat)) {
                commands.push(Command::Use {
                    card: *card,
                    target,
                });
            }
        }
    }
    commands
}

/// Pass, and each counter in the hand (with and without energy; Wall of
/// Earth on lines near the attacker and the target).
pub fn responses(state: &State, seat: Seat) -> Vec<Command> {
    let mut commands = vec![Command::Pass];
    let Some(top) = state.stack.last() else {
        return commands;
    };
    let Some(wizard) = state.find_wizard(seat) else {
        return commands;
    };
    // Counters answer from the hand, some from the play area (Null Powder).
    let carried = wizard
        .carried
        .iter()
        .filter(|c| super::rules::rules(state.cards[c.index()]).answers_from_play_area);
    for card in wizard.hand.iter().chain(carried) {
        let name = state.cards[card.index()];
        if !is_counter(state, name) {
            continue;
        }
        let boost = booster(state, seat, *card);
        let choices = (super::rules::rules(name).listed_answers)(state, seat, top);
        for (line, square) in choices {
            commands.push(Command::PlayCounter {
                card: *card,
                energy: None,
                line,
                square,
            });
            if boost.is_some() {
                commands.push(Command::PlayCounter {
                    card: *card,
                    energy: boost,
                    line,
                    square,
                });
            }
        }
    }
    commands
}
