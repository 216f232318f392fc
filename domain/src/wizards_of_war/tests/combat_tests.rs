//! "Combat" and "Ranged combat".

use crate::ruleset::{Ruleset, Viewer};

use super::super::board::terrain;
use super::super::combat::{CombatFace, CombatKind};
use super::super::events::Event;
use super::super::spell_cards::{MonsterCard, Spell};
use super::super::turn_die::TurnFace;
use super::super::units::UnitKind;
use super::super::violations::RuleViolation;
use super::super::{Command, SpellTarget, WizardsOfWar};
use super::given::*;

fn rolls(events: &[Event]) -> Vec<(CombatKind, Option<u8>, u8, u8)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CombatRolled {
                kind,
                attacker,
                defender,
                damage,
                ..
            } => Some((*kind, *attacker, *defender, *damage)),
            _ => None,
        })
        .collect()
}

fn swords_less_shields(event: &Event) -> u8 {
    let Event::CombatRolled {
        attack,
        defence,
        cover,
        ..
    } = event
    else {
        panic!("not a roll: {event:?}")
    };
    let count = |faces: &[CombatFace], f| faces.iter().filter(|x| **x == f).count() as u8;
    count(attack, CombatFace::Sword).saturating_sub(count(defence, CombatFace::Shield) + cover)
}

#[test]
fn the_difference_of_swords_and_shields_is_subtracted_from_the_defenders_life() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Minotaur, sq(5, 17))
        .turn(ANN, TurnFace::Feet);
    let (events, state) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(5, 18),
        },
        |e| rolls(e)[0].3 >= 2,
    );
    let damage = swords_less_shields(&events[0]);
    assert_eq!(rolls(&events)[0].3, damage);
    assert_eq!(
        events[1],
        Event::LifeLost {
            unit: 1,
            amount: damage,
            life: 4 - damage
        }
    );
    // A skull token for every life lost.
    let view = WizardsOfWar::view(&state, Viewer::Spectator);
    assert_eq!(view.players[1].skulls, damage);
    assert_eq!(view.players[1].life, 4 - damage);
}

#[test]
fn a_monster_has_1_life_and_when_it_dies_its_card_goes_to_the_monster_discards() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(4, 12))
        .monster(BOB, UnitKind::Goblin, sq(4, 13))
        .turn(ANN, TurnFace::Feet);
    let (events, state) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 13),
        },
        |e| e.iter().any(|e| matches!(e, Event::MonsterSlain { .. })),
    );
    let goblin = MonsterCard::of(0);
    assert_eq!(
        events[1..],
        [
            Event::LifeLost {
                unit: 3,
                amount: 1,
                life: 0
            },
            Event::MonsterSlain {
                unit: 3,
                card: goblin
            }
        ]
    );
    assert!(state.unit(3).is_none());
    assert_eq!(state.monster_discards, [goblin.id]);
}

#[test]
fn a_defender_who_survives_a_melee_attack_counterattacks_once() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(4, 12))
        .monster(BOB, UnitKind::Mummy, sq(4, 13))
        .turn(ANN, TurnFace::FeetPlus);
    let (events, _) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 13),
        },
        |e| rolls(e)[0].3 == 0,
    );
    let rolled = rolls(&events);
    assert_eq!(
        rolled.len(),
        2,
        "attack and one counterattack, then combat ends"
    );
    assert_eq!(rolled[1].0, CombatKind::Counterattack);
    assert_eq!((rolled[1].1, rolled[1].2), (Some(3), 2));
    let Event::CombatRolled { attack, .. } = events
        .iter()
        .filter(|e| matches!(e, Event::CombatRolled { .. }))
        .nth(1)
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!(attack.len(), 2, "the plus is for the attacker's units only");
}

#[test]
fn a_defending_wizard_never_counterattacks_but_an_attacking_one_may_be_struck_back() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Goblin, sq(5, 17))
        .turn(ANN, TurnFace::Feet);
    let (events, _) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(5, 18),
        },
        |e| rolls(e)[0].3 == 0,
    );
    assert_eq!(rolls(&events).len(), 1);

    let game = Scene::new()
        .wizard(ANN, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 13))
        .turn(ANN, TurnFace::Feet);
    let (events, _) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 0,
            target: sq(5, 13),
        },
        |e| rolls(e)[0].3 == 0,
    );
    assert_eq!(rolls(&events)[1].0, CombatKind::Counterattack);
}

#[test]
fn melee_is_only_against_an_adjacent_enemy() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(4, 12))
        .monster(BOB, UnitKind::Goblin, sq(4, 14))
        .monster(BOB, UnitKind::Goblin, sq(5, 13))
        .monster(ANN, UnitKind::Orc, sq(3, 12))
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 14),
        },
    )
    .then_refused(RuleViolation::OutOfReach);
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(5, 13),
        },
    )
    .then_refused(RuleViolation::OutOfReach);
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(3, 12),
        },
    )
    .then_refused(RuleViolation::NoTarget(sq(3, 12)));
}

#[test]
fn the_lizardman_shoots_along_a_row_or_column_within_range_and_gets_no_counterattack() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Lizardman, sq(4, 11))
        .monster(BOB, UnitKind::Mummy, sq(4, 14))
        .monster(BOB, UnitKind::Mummy, sq(4, 16))
        .monster(BOB, UnitKind::Goblin, sq(6, 13))
        .turn(ANN, TurnFace::Feet);
    let (events, _) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 14),
        },
        |e| rolls(e)[0].3 == 0,
    );
    assert_eq!(rolls(&events), [(CombatKind::Ranged, Some(2), 3, 0)]);
    // Five squares away is out of range; a diagonal is not a straight line.
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 16),
        },
    )
    .then_refused(RuleViolation::OutOfReach);
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(6, 13),
        },
    )
    .then_refused(RuleViolation::OutOfReach);
}

#[test]
fn only_friendly_units_may_be_shot_through() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Lizardman, sq(4, 11))
        .monster(ANN, UnitKind::Orc, sq(4, 12))
        .monster(BOB, UnitKind::Mummy, sq(4, 14))
        .monster(BOB, UnitKind::Goblin, sq(1, 11))
        .monster(BOB, UnitKind::Goblin, sq(0, 11))
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 14),
        },
    )
    .events();
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(0, 11),
        },
    )
    .then_refused(RuleViolation::OutOfReach);
}

#[test]
fn a_tree_bush_or_stone_gives_plus_1_defence_against_ranged_attacks_only() {
    assert!(terrain(sq(5, 13)).gives_cover());
    let shoot = |kind| {
        Scene::new()
            .monster(ANN, UnitKind::Lizardman, sq(5, 10))
            .monster(BOB, kind, sq(5, 13))
            .turn(ANN, TurnFace::Feet)
            .when(
                ANN,
                Command::Attack {
                    unit: 2,
                    target: sq(5, 13),
                },
            )
            .events()
    };
    let Event::CombatRolled { cover, .. } = shoot(UnitKind::Mummy)[0] else {
        panic!()
    };
    assert_eq!(cover, 1);
    // Large creatures can not hide.
    let Event::CombatRolled { cover, .. } = shoot(UnitKind::Troll)[0] else {
        panic!()
    };
    assert_eq!(cover, 0);
    // Not in melee.
    let events = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 13))
        .turn(ANN, TurnFace::Feet)
        .when(
            ANN,
            Command::Attack {
                unit: 2,
                target: sq(5, 13),
            },
        )
        .events();
    let Event::CombatRolled { cover, .. } = events[0] else {
        panic!()
    };
    assert_eq!(cover, 0);
    // Not against spell effects.
    let game = Scene::new()
        .wizard(ANN, sq(5, 10))
        .monster(BOB, UnitKind::Mummy, sq(5, 13))
        .spells(ANN, &[Spell::MagicMissile])
        .policy(BOB, super::super::YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    let events = game
        .when(
            ANN,
            Command::Cast {
                card: 4,
                target: SpellTarget::Unit { square: sq(5, 13) },
            },
        )
        .events();
    let roll = events
        .iter()
        .find(|e| matches!(e, Event::CombatRolled { .. }))
        .unwrap();
    let Event::CombatRolled { cover, kind, .. } = roll else {
        unreachable!()
    };
    assert_eq!((*kind, *cover), (CombatKind::Spell, 0));
}

#[test]
fn a_wall_of_thorns_blocks_shots_and_falls_to_one_sword() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Lizardman, sq(4, 11))
        .monster(BOB, UnitKind::Mummy, sq(4, 14))
        .lasting(BOB, Spell::WallOfThorns, &[sq(3, 12), sq(4, 12), sq(5, 12)])
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 14),
        },
    )
    .then_refused(RuleViolation::OutOfReach);
    let (events, state) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 12),
        },
        |e| {
            matches!(
                e[0],
                Event::ThornsAttacked {
                    destroyed: true,
                    ..
                }
            )
        },
    );
    assert!(matches!(events[1], Event::LastingSpellEnded { .. }));
    assert!(state.lasting.is_empty());
    assert_eq!(state.spell_discards.len(), 1);
}
