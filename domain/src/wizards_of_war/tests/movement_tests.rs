//! "Movement" and "Terrain".

use super::super::Command;
use super::super::board::{Terrain, terrain};
use super::super::events::Event;
use super::super::movement::reachable;
use super::super::spell_cards::Spell;
use super::super::turn_die::TurnFace;
use super::super::units::UnitKind;
use super::super::violations::RuleViolation;
use super::given::*;

#[test]
fn units_move_up_to_their_movement_horizontally_and_vertically() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Goblin, sq(5, 12))
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(7, 14),
        },
    )
    .then([Event::UnitMoved {
        unit: 2,
        from: sq(5, 12),
        to: sq(7, 14),
        cost: 4,
    }]);
    // A diagonal square counts two steps; five steps is one too many.
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(8, 14),
        },
    )
    .then_refused(RuleViolation::Unreachable(sq(8, 14)));
    // They don't have to move the full amount.
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(5, 13),
        },
    )
    .events();
}

#[test]
fn every_square_containing_a_river_costs_2_movement_points() {
    assert_eq!(terrain(sq(2, 9)), Terrain::River);
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(2, 7))
        .monster(ANN, UnitKind::Troll, sq(3, 7))
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(2, 9),
        },
    )
    .then([Event::UnitMoved {
        unit: 2,
        from: sq(2, 7),
        to: sq(2, 9),
        cost: 3,
    }]);
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(2, 10),
        },
    )
    .then_refused(RuleViolation::Unreachable(sq(2, 10)));
    // Large creatures walk through water like normal.
    game.when(
        ANN,
        Command::Move {
            unit: 3,
            to: sq(3, 10),
        },
    )
    .then([Event::UnitMoved {
        unit: 3,
        from: sq(3, 7),
        to: sq(3, 10),
        cost: 3,
    }]);
}

#[test]
fn units_move_through_friendly_units_but_never_end_on_them() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(5, 12))
        .monster(ANN, UnitKind::Orc, sq(5, 13))
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(5, 14),
        },
    )
    .events();
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(5, 13),
        },
    )
    .then_refused(RuleViolation::Unreachable(sq(5, 13)));
}

#[test]
fn units_never_move_through_enemy_units() {
    // A goblin in a corner, shut in by two enemies.
    let game = Scene::new()
        .monster(ANN, UnitKind::Goblin, sq(0, 19))
        .monster(BOB, UnitKind::Mummy, sq(0, 18))
        .monster(BOB, UnitKind::Mummy, sq(1, 19))
        .turn(ANN, TurnFace::Feet);
    assert!(reachable(&game.state, game.state.unit(2).unwrap()).is_empty());
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(0, 17),
        },
    )
    .then_refused(RuleViolation::Unreachable(sq(0, 17)));
}

#[test]
fn mud_slows_everyone_but_large_creatures() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(5, 12))
        .monster(ANN, UnitKind::Troll, sq(6, 12))
        .lasting(BOB, Spell::Mud, &[sq(5, 13), sq(6, 13)])
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(5, 13),
        },
    )
    .then([Event::UnitMoved {
        unit: 2,
        from: sq(5, 12),
        to: sq(5, 13),
        cost: 3,
    }]);
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(5, 14),
        },
    )
    .then_refused(RuleViolation::Unreachable(sq(5, 14)));
    game.when(
        ANN,
        Command::Move {
            unit: 3,
            to: sq(6, 15),
        },
    )
    .then_contains(&Event::UnitMoved {
        unit: 3,
        from: sq(6, 12),
        to: sq(6, 15),
        cost: 3,
    });
}

#[test]
fn nobody_enters_a_wall_of_thorns() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Troll, sq(5, 12))
        .lasting(BOB, Spell::WallOfThorns, &[sq(4, 13), sq(5, 13), sq(6, 13)])
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(5, 13),
        },
    )
    .then_refused(RuleViolation::Unreachable(sq(5, 13)));
    game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(5, 14),
        },
    )
    .then_refused(RuleViolation::Unreachable(sq(5, 14)));
}

#[test]
fn only_ones_own_units_move() {
    Scene::new()
        .monster(BOB, UnitKind::Orc, sq(5, 12))
        .turn(ANN, TurnFace::Feet)
        .when(
            ANN,
            Command::Move {
                unit: 2,
                to: sq(5, 11),
            },
        )
        .then_refused(RuleViolation::NotYourUnit(2));
}
