//! Objects, treasures and victory points (rulebook pp.6, 12). On the
//! two-player side-A board blue's treasures (0, 1) start on (1,1) and (3,3),
//! red's (2, 3) on (0,5) and (4,9); blue's home base is (2,2), red's (2,7).

use super::given::*;
use crate::wizwar::cards::CardName;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::treasures::TreasureId;
use crate::wizwar::winning::{VictoryReason, WinReason};
use crate::wizwar::{Command, Event, RuleViolation, Thing};

fn treasure(i: u8) -> Thing {
    Thing::Treasure {
        treasure: TreasureId(i),
    }
}

fn carrying(seat: crate::ruleset::Seat, t: u8) -> Event {
    Event::TreasurePickedUp {
        seat,
        treasure: TreasureId(t),
    }
}

#[test]
fn picking_up_a_treasure_ends_the_move_and_cast_phase() {
    // p.12 "Picking up a Treasure".
    let g = given(two_players()).with_wizard_at(BLUE, sq(3, 3));
    let w = g.when(BLUE, Command::PickUp { thing: treasure(1) });
    assert_eq!(
        w.events(),
        vec![carrying(BLUE, 1), Event::MoveAndCastEnded { seat: BLUE }]
    );
    let s = w.state();
    assert_eq!(s.carried_treasure(BLUE), Some(TreasureId(1)));
    assert_eq!(
        s.turn.unwrap().movement_left,
        3,
        "picking up a treasure is free"
    );
}

#[test]
fn a_treasure_can_be_picked_up_with_no_movement_left() {
    let g = given(two_players()).with_wizard_at(BLUE, sq(3, 3)).with([
        Event::TurnEnded { seat: BLUE },
        Event::TurnStarted {
            seat: BLUE,
            movement_points: 0,
            stunned: false,
        },
    ]);
    assert!(
        g.when(BLUE, Command::PickUp { thing: treasure(1) })
            .result
            .is_ok()
    );
}

#[test]
fn a_wizard_carries_one_treasure_at_a_time() {
    let g = given(two_players())
        .with_wizard_at(BLUE, sq(3, 3))
        .with([carrying(BLUE, 2)]);
    g.when(BLUE, Command::PickUp { thing: treasure(1) })
        .then_error(RuleViolation::AlreadyCarryingTreasure);
    g.when(BLUE, Command::PickUp { thing: treasure(3) })
        .then_error(RuleViolation::NotHere);
}

#[test]
fn dropping_a_treasure_is_free() {
    let g = given(two_players())
        .with([carrying(BLUE, 2)])
        .with_wizard_at(BLUE, sq(1, 2));
    let w = g.when(BLUE, Command::Drop { thing: treasure(2) });
    assert_eq!(
        w.events(),
        vec![Event::TreasureDropped {
            seat: BLUE,
            treasure: TreasureId(2),
            square: sq(1, 2)
        }]
    );
    assert_eq!(w.state().turn.unwrap().movement_left, 3);
    g.when(BLUE, Command::Drop { thing: treasure(1) })
        .then_error(RuleViolation::NotCarried);
}

#[test]
fn an_enemy_treasure_dropped_in_your_home_base_scores_a_victory_point() {
    let g = given(two_players()).with([carrying(BLUE, 2)]);
    let w = g.when(BLUE, Command::Drop { thing: treasure(2) });
    w.then_contains(&Event::VictoryPointScored {
        seat: BLUE,
        reason: VictoryReason::Treasure,
    });
    assert_eq!(w.state().wizard(BLUE).victory_points, 1);
    // Your own treasure at home scores nothing.
    let g = given(two_players()).with([carrying(BLUE, 0)]);
    assert_eq!(
        g.when(BLUE, Command::Drop { thing: treasure(0) })
            .state()
            .wizard(BLUE)
            .victory_points,
        0
    );
}

#[test]
fn the_point_for_a_treasure_is_lost_when_it_leaves_the_home_base() {
    // p.6: the player only has the point while the treasure stays in his base.
    let g = given(two_players())
        .with([carrying(BLUE, 2)])
        .after(BLUE, &[Command::Drop { thing: treasure(2) }])
        .with(pass(BLUE, RED))
        .with_wizard_at(RED, sq(2, 2));
    let w = g.when(RED, Command::PickUp { thing: treasure(2) });
    w.then_contains(&Event::VictoryPointLost {
        seat: BLUE,
        reason: VictoryReason::Treasure,
    });
    assert_eq!(w.state().wizard(BLUE).victory_points, 0);
}

#[test]
fn a_wizard_may_carry_his_own_treasure_home_from_an_enemy_base() {
    let g = given(two_players())
        .with([Event::TreasureDropped {
            seat: RED,
            treasure: TreasureId(0),
            square: sq(2, 7),
        }])
        .with_wizard_at(BLUE, sq(2, 7));
    assert!(
        g.when(BLUE, Command::PickUp { thing: treasure(0) })
            .result
            .is_ok()
    );
}

#[test]
fn two_victory_points_win_the_game() {
    let g = given(two_players()).with([
        Event::VictoryPointScored {
            seat: BLUE,
            reason: VictoryReason::Kill,
        },
        carrying(BLUE, 2),
    ]);
    let w = g.when(BLUE, Command::Drop { thing: treasure(2) });
    w.then_contains(&Event::GameWon {
        seat: BLUE,
        reason: WinReason::VictoryPoints,
    });
    let s = w.state();
    assert!(s.is_over());
    given([])
        .with_state(s)
        .when(RED, Command::EndTurn)
        .then_code("game_over");
}

fn item_on_floor() -> Vec<Event> {
    let mut events = game_with(2, Side::A, &[CardName::Energy4; 20], 7, BLUE);
    events.push(Event::ItemPlayed {
        seat: RED,
        card: crate::wizwar::objects::CardView {
            id: card(7),
            name: CardName::Energy4,
        },
    });
    events.push(Event::ItemDropped {
        seat: RED,
        card: crate::wizwar::objects::CardView {
            id: card(7),
            name: CardName::Energy4,
        },
        square: sq(2, 2),
    });
    events
}

#[test]
fn picking_up_a_mobile_object_costs_one_movement_point_and_needs_room_in_hand() {
    let g = given(item_on_floor());
    let item = Thing::Item { card: card(7) };
    // Blue holds 7 cards: no room.
    g.when(BLUE, Command::PickUp { thing: item })
        .then_error(RuleViolation::HandFull { limit: 7 });
    let g = g.after(
        BLUE,
        &[Command::Discard {
            cards: vec![card(0)],
        }],
    );
    let s = g.when(BLUE, Command::PickUp { thing: item }).state();
    assert_eq!(s.wizard(BLUE).carried, vec![card(7)]);
    assert_eq!(s.turn.as_ref().unwrap().movement_left, 2);
    assert!(s.objects.is_empty());
    // Carried items count toward the hand limit.
    assert_eq!(s.hand_total(BLUE), 7);
}

#[test]
fn a_carried_item_can_be_dropped_at_any_time_of_the_turn() {
    let g = given(item_on_floor()).after(
        BLUE,
        &[
            Command::Discard {
                cards: vec![card(0)],
            },
            Command::PickUp {
                thing: Thing::Item { card: card(7) },
            },
            Command::EndMoveAndCast,
        ],
    );
    let s = g
        .when(
            BLUE,
            Command::Drop {
                thing: Thing::Item { card: card(7) },
            },
        )
        .state();
    assert_eq!(s.objects.len(), 1);
    assert_eq!(s.objects[0].square, sq(2, 2));
}
