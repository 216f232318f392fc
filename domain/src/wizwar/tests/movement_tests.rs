//! Moving (rulebook pp.7–8), on the two-player side-A board:
//!
//! ```text
//! +---+---+   +---+---+---+---+   +---+---+
//! |                   |   |               |
//! +   +---+---+   +   +   +   +---+   +   +
//! |   |           |   |       |       |   |
//! +   +   +   +---+   +---+   +   +---+   +
//!         | B     |   D       D R
//! +   +---+---+   +   +   +---+   +   +---+
//! |   |           D   |   |       |       |
//! +   +   +---+---+   +   +   +---+   +   +
//! |                   |               |   |
//! +---+---+===+---+---+---+---+===+---+---+
//! ```

use super::given::*;
use crate::rng::GameRng;
use crate::wizwar::cards::CardName;
use crate::wizwar::labyrinth::{Direction, StepKind};
use crate::wizwar::movement::{movement_after_speed_change, random_direction, random_move};
use crate::wizwar::sector_boards::Side;
use crate::wizwar::state::Tx;
use crate::wizwar::{Command, Event, RuleViolation};

fn go(direction: Direction) -> Command {
    Command::Move { direction }
}

#[test]
fn a_wizard_has_three_movement_points_and_each_step_costs_one() {
    let g = given(two_players());
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, 3);
    let w = g.when(BLUE, go(Direction::North));
    assert_eq!(
        w.events(),
        vec![Event::WizardMoved {
            seat: BLUE,
            from: sq(2, 2),
            to: sq(1, 2),
            direction: Direction::North,
            step: StepKind::Adjacent,
            cost: 1
        }]
    );
    let g = g.after(
        BLUE,
        &[
            go(Direction::North),
            go(Direction::East),
            go(Direction::West),
        ],
    );
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, 0);
    g.when(BLUE, go(Direction::East))
        .then_error(RuleViolation::NotEnoughMovement);
}

#[test]
fn wizards_cannot_pass_through_walls_or_off_the_outer_edge() {
    let g = given(two_players());
    g.when(BLUE, go(Direction::West))
        .then_code("wall_in_the_way");
    g.when(BLUE, go(Direction::South))
        .then_code("wall_in_the_way");
    let g = g.with_wizard_at(BLUE, sq(0, 0));
    g.when(BLUE, go(Direction::North))
        .then_code("wall_in_the_way");
}

#[test]
fn wizards_may_share_a_square() {
    let g = given(two_players()).with_wizard_at(RED, sq(1, 2));
    assert_eq!(
        g.when(BLUE, go(Direction::North))
            .state()
            .wizard(BLUE)
            .square,
        sq(1, 2)
    );
}

#[test]
fn walking_off_an_open_side_wraps_around_for_one_movement_point() {
    // p.8 diagram 1.
    let g = given(two_players()).with_wizard_at(BLUE, sq(2, 0));
    let w = g.when(BLUE, go(Direction::West));
    assert_eq!(
        w.events(),
        vec![Event::WizardMoved {
            seat: BLUE,
            from: sq(2, 0),
            to: sq(2, 9),
            direction: Direction::West,
            step: StepKind::WrapAround,
            cost: 1
        }]
    );
    assert_eq!(w.state().turn.unwrap().movement_left, 2);
}

#[test]
fn walking_through_a_portal_exits_from_its_twin_for_one_movement_point() {
    // p.8 diagram 2, on the three-player L (side B: the purple exits are open).
    let g = given(game_with(3, Side::B, &[], 0, RED)).with_wizard_at(RED, sq(4, 7));
    let w = g.when(RED, go(Direction::South));
    assert_eq!(
        w.events(),
        vec![Event::WizardMoved {
            seat: RED,
            from: sq(4, 7),
            to: sq(7, 4),
            direction: Direction::South,
            step: StepKind::Portal,
            cost: 1
        }]
    );
    // Coming out heading west; stepping back east returns through the portal.
    let g = g.after(RED, &[go(Direction::South)]);
    assert_eq!(
        g.when(RED, go(Direction::East)).state().wizard(RED).square,
        sq(4, 7)
    );
}

#[test]
fn doors_are_locked_except_in_the_movers_home_sector() {
    let g = given(two_players()).with_wizard_at(BLUE, sq(3, 3));
    assert_eq!(
        g.when(BLUE, go(Direction::East))
            .state()
            .wizard(BLUE)
            .square,
        sq(3, 4)
    );
    let g = given(two_players()).with_wizard_at(BLUE, sq(2, 6));
    g.when(BLUE, go(Direction::East))
        .then_error(RuleViolation::DoorLocked);
    let g = given(game_with(2, Side::A, &[], 0, RED)).with_wizard_at(RED, sq(3, 3));
    g.when(RED, go(Direction::East))
        .then_error(RuleViolation::DoorLocked);
}

#[test]
fn a_door_where_two_sectors_meet_opens_for_both_owners() {
    let g = given(two_players()).with_wizard_at(BLUE, sq(2, 4));
    assert_eq!(
        g.when(BLUE, go(Direction::East))
            .state()
            .wizard(BLUE)
            .square,
        sq(2, 5)
    );
    let g = given(game_with(2, Side::A, &[], 0, RED)).with_wizard_at(RED, sq(2, 5));
    assert_eq!(
        g.when(RED, go(Direction::West)).state().wizard(RED).square,
        sq(2, 4)
    );
}

#[test]
fn a_door_held_open_lets_others_through_until_its_holder_leaves_it() {
    let g = given(two_players()).with_wizard_at(BLUE, sq(3, 3));
    g.when(BLUE, Command::HoldDoor { line: v(0, 0) })
        .then_code("not_a_door");
    let w = g.when(BLUE, Command::HoldDoor { line: v(3, 4) });
    assert_eq!(
        w.events(),
        vec![Event::DoorHeldOpen {
            seat: BLUE,
            line: v(3, 4)
        }]
    );
    let g = g
        .after(BLUE, &[Command::HoldDoor { line: v(3, 4) }])
        .with(pass(BLUE, RED))
        .with_wizard_at(RED, sq(3, 3));
    assert_eq!(
        g.when(RED, go(Direction::East)).state().wizard(RED).square,
        sq(3, 4)
    );
    // Back on blue's turn he walks away: the door closes behind him.
    let g = g.with(pass(RED, BLUE));
    let w = g.when(BLUE, go(Direction::West));
    w.then_contains(&Event::DoorClosed { line: v(3, 4) });
    assert!(w.state().held_doors.is_empty());
}

#[test]
fn only_an_owner_may_hold_a_door_open_and_only_next_to_it() {
    let g = given(two_players()).with_wizard_at(BLUE, sq(2, 6));
    g.when(BLUE, Command::HoldDoor { line: v(2, 7) })
        .then_error(RuleViolation::CannotOpenDoor);
    let g = given(two_players());
    g.when(BLUE, Command::HoldDoor { line: v(3, 4) })
        .then_error(RuleViolation::NotNextToDoor);
}

#[test]
fn a_speed_boost_discards_an_energy_card_for_its_value_once_per_turn() {
    let g = given(two_players());
    let w = g.when(BLUE, Command::BoostSpeed { card: card(0) });
    let s = w.state();
    assert_eq!(s.turn.as_ref().unwrap().movement_left, 7);
    assert_eq!(s.discard_pile, vec![card(0)]);
    let g = g.after(BLUE, &[Command::BoostSpeed { card: card(0) }]);
    g.when(BLUE, Command::BoostSpeed { card: card(1) })
        .then_error(RuleViolation::AlreadyBoosted);
    let g = given(two_players());
    g.when(BLUE, Command::BoostSpeed { card: card(2) })
        .then_error(RuleViolation::CardNotInHand);
}

#[test]
fn a_speed_boost_may_come_at_any_time_of_the_turn_even_after_moving() {
    let g = given(two_players()).after(
        BLUE,
        &[
            go(Direction::North),
            go(Direction::East),
            go(Direction::West),
        ],
    );
    let g = g.after(BLUE, &[Command::BoostSpeed { card: card(1) }]);
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, 4);
}

#[test]
fn a_change_of_base_speed_adjusts_remaining_movement_even_below_zero() {
    // p.7: one point left, Golem Form (speed 2): none left.
    assert_eq!(movement_after_speed_change(1, 3, 2), 0);
    assert_eq!(movement_after_speed_change(0, 3, 2), -1);
    let g = given(game_with(2, Side::A, &[CardName::Energy4; 4], 2, BLUE)).with([
        Event::TurnEnded { seat: BLUE },
        Event::TurnStarted {
            seat: BLUE,
            movement_points: -1,
            stunned: false,
        },
    ]);
    g.when(BLUE, go(Direction::North))
        .then_error(RuleViolation::NotEnoughMovement);
    // Only raising the points above 0 again lets him move.
    let g = g.after(BLUE, &[Command::BoostSpeed { card: card(0) }]);
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, 3);
}

#[test]
fn a_random_direction_is_rolled_on_the_die_and_recorded() {
    assert_eq!(
        [1, 2, 3, 4].map(random_direction),
        [
            Direction::North,
            Direction::East,
            Direction::South,
            Direction::West
        ]
    );
    let g = given(two_players()).with_wizard_at(BLUE, sq(1, 2));
    let mut tx = Tx::new(&g.state);
    let mut rng = GameRng::from_u64(3);
    let moved = random_move(&mut tx, BLUE, &mut rng, 1);
    let Event::DieRolled { value } = tx.events[0] else {
        panic!("the roll comes first")
    };
    assert!((1..=4).contains(&value));
    assert_eq!(moved, tx.events.len() == 2);
}

#[test]
fn a_stunned_wizard_who_moved_cannot_attack() {
    let g = given(after_first_turns(two_players(), &[RED], BLUE))
        .with([Event::WizardStunned {
            seat: BLUE,
            tokens: 1,
        }])
        .with(pass(BLUE, RED));
    // Time Passes on blue's turn discards the stun token: stunned this turn.
    let w = g.when(RED, Command::EndTurn);
    w.then_contains(&Event::TurnStarted {
        seat: BLUE,
        movement_points: 3,
        stunned: true,
    });
    let g = given([])
        .with_state(w.state())
        .with_wizard_at(RED, sq(1, 2));
    assert_eq!(g.state.wizard(BLUE).stun_tokens, 0);
    let moved = g.clone().after(BLUE, &[go(Direction::North)]);
    moved
        .when(
            BLUE,
            Command::Punch {
                target: crate::wizwar::Target::Wizard { seat: RED },
            },
        )
        .then_error(RuleViolation::StunnedAndMoved);
    // Or he attacks, and then may not leave his square.
    let g = g.with_wizard_at(RED, sq(2, 2));
    let attacked = g.after_windows(
        BLUE,
        &[Command::Punch {
            target: crate::wizwar::Target::Wizard { seat: RED },
        }],
    );
    attacked
        .when(BLUE, go(Direction::North))
        .then_error(RuleViolation::StunnedAndAttacked);
    // He may still pick things up and do other things.
    assert!(attacked.when(BLUE, Command::EndMoveAndCast).result.is_ok());
}
