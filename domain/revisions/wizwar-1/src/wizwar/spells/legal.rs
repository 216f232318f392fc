//! Candidate casts, uses and answers for `legal_commands`: a bounded sample
//! of targets near the wizards (the caller keeps those `decide` accepts).

use crate::ruleset::Seat;

use super::super::cards::{self, CardName, CardType};
use super::super::casting::{SpellOption, SpellTarget};
use super::super::commands::{Command, Thing};
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

/// The options worth trying for a card on a target.
fn options(state: &State, name: CardName, target: SpellTarget) -> Vec<Option<SpellOption>> {
    match (name, target) {
        (CardName::Zot, SpellTarget::Wizard { .. }) => vec![None, Some(SpellOption::Stun)],
        (CardName::Waterbolt, SpellTarget::Wizard { .. }) => {
            let mut options = vec![None];
            options.extend(Direction::ALL.into_iter().map(|direction| {
                Some(SpellOption::Split {
                    damage: 0,
                    direction,
                })
            }));
            options
        }
        (CardName::Windrider, _) => vec![None, Some(SpellOption::Squares { count: 1 })],
        (CardName::BoobyTrap, SpellTarget::Square { square }) => {
            // Three other empty squares, the first the board offers.
            let others: Vec<Square> = state
                .labyrinth
                .squares()
                .filter(|s| {
                    *s != square
                        && state.is_empty_square(*s)
                        && state.labyrinth.home_base_owner(*s).is_none()
                })
                .take(3)
                .collect();
            match others.as_slice() {
                [a, b, c] => vec![Some(SpellOption::Tokens {
                    squares: [*a, *b, *c],
                    live: Some(0),
                })],
                _ => vec![None],
            }
        }
        (CardName::RotateSector, _) => vec![None, Some(SpellOption::Turn { quarter_turns: 2 })],
        (CardName::Add, _) => state
            .turn
            .as_ref()
            .map(|t| state.wizard(t.seat).hand.clone())
            .unwrap_or_default()
            .into_iter()
            .filter(|c| energy_value(state.cards[c.index()]).is_some())
            .map(|card| Some(SpellOption::Energy { card }))
            .collect(),
        (CardName::Yoink, SpellTarget::Wizard { seat }) => state
            .wizard(seat)
            .carried
            .iter()
            .map(|c| {
                Some(SpellOption::Thing {
                    thing: Thing::Item { card: *c },
                })
            })
            .collect(),
        (CardName::Stretch, SpellTarget::Square { square }) => {
            super::mutation::things_within_reach(state, square)
                .into_iter()
                .map(|thing| Some(SpellOption::Thing { thing }))
                .collect()
        }
        (CardName::DropObject, SpellTarget::Wizard { seat }) => {
            let w = state.wizard(seat);
            let mut options: Vec<_> = w
                .carried
                .iter()
                .map(|c| {
                    Some(SpellOption::Thing {
                        thing: Thing::Item { card: *c },
                    })
                })
                .collect();
            if let Some(treasure) = w.treasure {
                options.push(Some(SpellOption::Thing {
                    thing: Thing::Treasure { treasure },
                }));
            }
            options
        }
        _ => vec![None],
    }
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
        if seen.contains(&name)
            || !cards::is_implemented(name)
            || matches!(def.card_type, CardType::Energy | CardType::Counter)
        {
            continue;
        }
        seen.push(name);
        let boost = booster(state, seat, *card);
        for target in &targets {
            for option in options(state, name, *target) {
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
            // Strength wrests an item carried by someone in the same square.
            if state.cards[card.index()] == CardName::Strength {
                for item in super::mutation::items_within_grasp(state, seat) {
                    commands.push(Command::Use {
                        card: *card,
                        target: SpellTarget::Object { card: item },
                    });
                }
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
    let powder = wizard
        .carried
        .iter()
        .filter(|c| state.cards[c.index()] == CardName::NullPowder);
    for card in wizard.hand.iter().chain(powder) {
        let name = state.cards[card.index()];
        if !is_counter(name) {
            continue;
        }
        let boost = booster(state, seat, *card);
        let choices: Vec<(Option<BorderLine>, Option<Square>)> = match name {
            CardName::WallOfEarth => {
                let mut squares = vec![top.origin];
                if let Some(super::super::line_of_sight::SightTarget::Square(sq)) =
                    state.target_place(top.target)
                {
                    squares.push(sq);
                }
                if let SpellTarget::Direction { direction } = top.target
                    && top.name == CardName::LightningBolt
                {
                    squares.extend(super::elemental::bolt_path(state, top, direction));
                }
                squares
                    .into_iter()
                    .flat_map(lines_around)
                    .map(|l| (Some(l), None))
                    .collect()
            }
            CardName::Teleport => super::mentalism::teleport_squares(state, wizard.square)
                .into_iter()
                .step_by(3)
                .map(|s| (None, Some(s)))
                .collect(),
            _ => vec![(None, None)],
        };
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
