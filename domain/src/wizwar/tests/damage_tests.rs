//! Damaging and destroying walls and doors (rulebook p.13).

use super::given::*;
use crate::wizwar::damage::{crack_limit, cracks_from, damage_barrier};
use crate::wizwar::labyrinth::Barrier;
use crate::wizwar::line_of_sight::SightTarget;
use crate::wizwar::state::State;
use crate::wizwar::state::Tx;
use crate::wizwar::{Command, Event, RuleViolation, Target};

#[test]
fn seven_damage_makes_two_cracks_and_nine_makes_three() {
    let eighth = State::default();
    assert_eq!(cracks_from(&eighth, 7), 2);
    assert_eq!(cracks_from(&eighth, 9), 3);
    assert_eq!(
        cracks_from(&eighth, 2),
        0,
        "less than 3 damage has no effect"
    );
}

#[test]
fn a_stone_wall_falls_at_five_cracks_and_a_door_at_three() {
    let eighth = State::default();
    assert_eq!(
        crack_limit(&eighth, Barrier::StoneWall { cracks: 0 }),
        Some(5)
    );
    assert_eq!(crack_limit(&eighth, Barrier::Door { cracks: 0 }), Some(3));
    assert_eq!(crack_limit(&eighth, Barrier::OuterWall), None);
    let g = given(two_players());
    let mut tx = Tx::new(&g.state);
    damage_barrier(&mut tx, v(2, 2), 9, None);
    assert_eq!(
        tx.state.labyrinth.barrier(v(2, 2)),
        Some(Barrier::StoneWall { cracks: 3 })
    );
    damage_barrier(&mut tx, v(2, 2), 5, None);
    assert_eq!(
        tx.state.labyrinth.barrier(v(2, 2)),
        Some(Barrier::StoneWall { cracks: 4 })
    );
    damage_barrier(&mut tx, v(2, 2), 3, None);
    assert_eq!(tx.state.labyrinth.barrier(v(2, 2)), None);
    assert!(
        tx.events
            .contains(&Event::BarrierDestroyed { line: v(2, 2) })
    );
    damage_barrier(&mut tx, v(3, 4), 9, None);
    assert_eq!(
        tx.state.labyrinth.barrier(v(3, 4)),
        None,
        "a door falls at three cracks"
    );
}

#[test]
fn a_column_left_touching_no_wall_falls_with_the_wall() {
    // The wall west of blue's home base ends at corner (2,2) alone.
    let g = given(two_players());
    assert!(g.state.labyrinth.has_column(2, 2));
    let mut tx = Tx::new(&g.state);
    damage_barrier(&mut tx, v(2, 2), 15, None);
    assert!(!tx.state.labyrinth.has_column(2, 2));
    assert!(
        tx.state.labyrinth.has_column(3, 2),
        "a column still joined to walls stands"
    );
    assert!(
        tx.state
            .with_sight(|s| s.sees(sq(1, 1), SightTarget::Square(sq(2, 2))))
    );
}

#[test]
fn a_punch_at_a_wall_is_an_attack_too_weak_to_crack_it() {
    let g = given(after_first_turns(two_players(), &[RED], BLUE));
    let w = g.when(
        BLUE,
        Command::Punch {
            target: Target::Line { line: v(2, 2) },
        },
    );
    w.then_contains(&Event::BarrierDamaged {
        line: v(2, 2),
        damage: 1,
        cracks_added: 0,
        cracks: 0,
    });
    assert!(w.state().turn.unwrap().attacked());
}

#[test]
fn outer_walls_treasures_and_dropped_items_are_indestructible() {
    let g = given(after_first_turns(two_players(), &[RED], BLUE)).with_wizard_at(BLUE, sq(0, 0));
    g.when(
        BLUE,
        Command::Punch {
            target: Target::Line { line: h(0, 0) },
        },
    )
    .then_error(RuleViolation::Indestructible);
    g.when(
        BLUE,
        Command::Punch {
            target: Target::Treasure {
                treasure: crate::wizwar::treasures::TreasureId(0),
            },
        },
    )
    .then_error(RuleViolation::Indestructible);
    g.when(
        BLUE,
        Command::Punch {
            target: Target::Line { line: v(0, 1) },
        },
    )
    .then_error(RuleViolation::NoBarrier(v(0, 1)));
}
