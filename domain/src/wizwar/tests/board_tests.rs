//! The sector boards and the assembled labyrinth (rulebook pp.4–5, 8, 13–14).

use super::given::*;
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, SetupError};
use crate::wizwar::cards::School;
use crate::wizwar::edition::{EIGHTH, Edition};
use crate::wizwar::labyrinth::{
    Barrier, Direction, Labyrinth, PortalColour, SectorIndex, StepKind,
};
use crate::wizwar::sector_boards::{EXITS, HOME_BASE, LocalSquare, Side, all_faces};
use crate::wizwar::treasures::TreasureLocation;
use crate::wizwar::{Event, Options, WizWar};

fn local(row: u8, col: u8) -> LocalSquare {
    LocalSquare { row, col }
}

#[test]
fn every_shared_edge_of_the_eight_sector_faces_agrees_from_both_sides() {
    assert_eq!(all_faces().len(), 8);
    for face in all_faces() {
        for row in 0..5u8 {
            for col in 0..5u8 {
                for d in Direction::ALL {
                    let (dr, dc) = d.delta();
                    let (r, c) = (i32::from(row) + dr, i32::from(col) + dc);
                    let here = face.has_wall(local(row, col), d);
                    if (0..5).contains(&r) && (0..5).contains(&c) {
                        let there = face.has_wall(local(r as u8, c as u8), d.opposite());
                        assert_eq!(
                            here, there,
                            "{:?} {:?} ({row},{col}) {d:?}",
                            face.colour, face.side
                        );
                    } else {
                        let exit = EXITS.contains(&(local(row, col), d));
                        assert_eq!(
                            here, !exit,
                            "{:?} {:?}: the rim is walled except at the exits",
                            face.colour, face.side
                        );
                    }
                }
            }
        }
    }
}

#[test]
fn doors_stand_where_no_wall_is_printed_and_treasures_lie_off_the_home_base() {
    for face in all_faces() {
        for (square, side) in &face.doors {
            assert!(
                !face.has_wall(*square, *side),
                "{:?} {:?} door on a wall",
                face.colour,
                face.side
            );
        }
        for t in face.treasure_squares {
            assert_ne!(t, HOME_BASE);
        }
    }
}

#[test]
fn double_walls_where_sectors_meet_count_as_one_stone_wall() {
    let g = given(game_with(4, Side::A, &[], 0, BLUE));
    // Between blue (0,4) and red (0,5): both boards print a wall.
    assert_eq!(
        g.state.labyrinth.barrier(v(0, 5)),
        Some(Barrier::StoneWall { cracks: 0 })
    );
    // Blue's south exit door meets yellow's open north exit: one door.
    assert_eq!(
        g.state.labyrinth.barrier(h(5, 2)),
        Some(Barrier::Door { cracks: 0 })
    );
}

#[test]
fn the_walls_around_the_outer_edge_are_outer_walls_and_the_exits_are_open() {
    for players in 2..=4 {
        for side in [Side::A, Side::B] {
            let g = given(game_with(players, side, &[], 0, BLUE));
            let lab = &g.state.labyrinth;
            for (line, barrier) in &lab.barriers {
                if matches!(barrier, Barrier::Door { .. }) {
                    continue; // doors stand at some edge exits; they wrap like the exit
                }
                assert_eq!(
                    matches!(barrier, Barrier::OuterWall),
                    lab.is_edge_line(*line),
                    "{line}: outer walls are exactly the walls on the edge"
                );
            }
            for square in lab.squares() {
                for d in Direction::ALL {
                    let line = crate::wizwar::labyrinth::BorderLine::of(square, d);
                    if lab.is_edge_line(line) {
                        let open = !matches!(lab.barrier(line), Some(Barrier::OuterWall));
                        assert_eq!(open, lab.step(square, d).is_some(), "{square} {d:?}");
                    }
                }
            }
        }
    }
}

#[test]
fn walking_off_an_open_side_re_enters_on_the_opposite_side() {
    // Rulebook p.8, diagram 1: the red wizard leaves one side and re-enters on the other.
    let g = given(game_with(2, Side::A, &[], 0, BLUE));
    let step = g.state.labyrinth.step(sq(2, 0), Direction::West).unwrap();
    assert_eq!((step.to, step.kind), (sq(2, 9), StepKind::WrapAround));
    let step = g.state.labyrinth.step(sq(0, 7), Direction::North).unwrap();
    assert_eq!((step.to, step.kind), (sq(4, 7), StepKind::WrapAround));
    let g = given(game_with(4, Side::A, &[], 0, BLUE));
    let step = g.state.labyrinth.step(sq(9, 7), Direction::South).unwrap();
    assert_eq!(step.to, sq(0, 7));
}

#[test]
fn a_three_player_board_joins_the_exits_facing_the_empty_corner_with_two_portal_pairs() {
    let g = given(game_with(3, Side::B, &[], 0, BLUE));
    let lab = &g.state.labyrinth;
    assert_eq!(lab.portals.len(), 4);
    for colour in [PortalColour::Purple, PortalColour::Cyan] {
        assert_eq!(lab.portals.iter().filter(|p| p.colour == colour).count(), 2);
    }
    let purple = lab.step(sq(4, 7), Direction::South).unwrap();
    assert_eq!(
        (purple.to, purple.heading, purple.kind),
        (sq(7, 4), Direction::West, StepKind::Portal)
    );
    let back = lab.step(sq(7, 4), Direction::East).unwrap();
    assert_eq!((back.to, back.heading), (sq(4, 7), Direction::North));
    let cyan = lab.step(sq(0, 7), Direction::North).unwrap();
    assert_eq!((cyan.to, cyan.heading), (sq(7, 0), Direction::East));
    // The other open edges wrap straight.
    assert_eq!(lab.step(sq(0, 2), Direction::North).unwrap().to, sq(9, 2));
    assert_eq!(lab.step(sq(2, 9), Direction::East).unwrap().to, sq(2, 0));
}

#[test]
fn every_connection_leads_back_the_way_it_came() {
    for players in 2..=4 {
        let g = given(game_with(players, Side::A, &[], 0, BLUE));
        let lab = &g.state.labyrinth;
        for (square, d, step) in lab.connections() {
            let back = lab.step(step.to, step.heading.opposite()).unwrap();
            assert_eq!((back.to, back.heading), (*square, d.opposite()));
        }
    }
}

#[test]
fn turning_a_sector_moves_its_walls_but_not_the_portals() {
    let g = given(game_with(3, Side::B, &[], 0, BLUE));
    let mut lab: Labyrinth = g.state.labyrinth.clone();
    let portals = lab.portals.clone();
    let before = lab.barriers.clone();
    lab.turn_sector(SectorIndex(1), 1);
    assert_eq!(lab.portals, portals);
    assert_ne!(lab.barriers, before);
    lab.turn_sector(SectorIndex(1), 3);
    assert_eq!(
        lab.barriers, before,
        "four quarter turns bring the sector back"
    );
}

#[test]
fn setup_places_wizards_on_home_bases_and_two_treasures_per_sector() {
    for seats in 2..=4 {
        let events = WizWar::setup(
            &Options::default(),
            seats,
            &mut GameRng::from_u64(u64::from(seats)),
        )
        .unwrap();
        assert!(
            matches!(events[0], Event::BoardBuilt { .. }),
            "the seeded layout is recorded first"
        );
        let state = crate::ruleset::fold::<WizWar>(&events);
        assert_eq!(state.wizards.len(), usize::from(seats));
        for w in &state.wizards {
            assert_eq!(Some(w.square), state.labyrinth.home_base(w.seat));
            assert_eq!(w.life, EIGHTH.starting_life);
            let sector = state.labyrinth.sector_of(w.seat).unwrap();
            let mut squares: Vec<_> = state
                .treasures
                .iter()
                .filter(|t| t.owner == w.seat)
                .map(|t| t.location)
                .collect();
            squares.sort_by_key(|l| format!("{l:?}"));
            let mut expected: Vec<_> = state
                .labyrinth
                .treasure_squares(sector)
                .map(|square| TreasureLocation::Lying { square })
                .to_vec();
            expected.sort_by_key(|l| format!("{l:?}"));
            assert_eq!(squares, expected);
        }
        assert_eq!(state.turn.as_ref().unwrap().movement_left, 3);
    }
}

#[test]
fn setup_is_seeded_the_same_seed_gives_the_same_board_and_first_player() {
    let a = WizWar::setup(&Options::default(), 4, &mut GameRng::from_u64(9)).unwrap();
    let b = WizWar::setup(&Options::default(), 4, &mut GameRng::from_u64(9)).unwrap();
    assert_eq!(a, b);
    let firsts: std::collections::BTreeSet<Seat> = (0..40)
        .map(|seed| {
            let events =
                WizWar::setup(&Options::default(), 4, &mut GameRng::from_u64(seed)).unwrap();
            crate::ruleset::fold::<WizWar>(&events).turn.unwrap().seat
        })
        .collect();
    assert_eq!(firsts.len(), 4, "every seat can be chosen to start");
    let turns: std::collections::BTreeSet<u8> = (0..40)
        .flat_map(|seed| {
            let events =
                WizWar::setup(&Options::default(), 4, &mut GameRng::from_u64(seed)).unwrap();
            crate::ruleset::fold::<WizWar>(&events)
                .labyrinth
                .sectors
                .iter()
                .map(|s| s.quarter_turns)
                .collect::<Vec<_>>()
        })
        .collect();
    assert_eq!(turns.len(), 4, "sectors are turned at random");
}

#[test]
fn setup_deals_five_cards_from_white_cantrip_and_three_schools_as_far_as_they_go() {
    let options = Options {
        side: Side::B,
        schools: vec![School::Elemental, School::Conjuring, School::Thaumaturgy],
        ..Options::default()
    };
    let events = WizWar::setup(&options, 2, &mut GameRng::from_u64(1)).unwrap();
    let state = crate::ruleset::fold::<WizWar>(&events);
    let mut schools = vec![School::WhiteCantrip];
    schools.extend(&options.schools);
    let deck = crate::wizwar::cards::deck(&schools);
    assert_eq!(state.cards.len(), deck.len());
    let dealt: usize = state.wizards.iter().map(|w| w.hand.len()).sum();
    assert_eq!(dealt, deck.len().min(10));
    assert!(state.wizards.iter().all(|w| w.hand.len() <= 5));
    assert_eq!(state.labyrinth.side, Side::B);
}

#[test]
fn setup_refuses_a_wrong_seat_count_or_bad_schools() {
    let mut rng = GameRng::from_u64(1);
    assert!(matches!(
        WizWar::setup(&Options::default(), 1, &mut rng),
        Err(SetupError::SeatCount { .. })
    ));
    assert!(matches!(
        WizWar::setup(&Options::default(), 5, &mut rng),
        Err(SetupError::SeatCount { .. })
    ));
    let two = Options {
        schools: vec![School::Alchemy, School::Alchemy, School::Mutation],
        ..Options::default()
    };
    assert!(matches!(
        WizWar::setup(&two, 2, &mut rng),
        Err(SetupError::InvalidOptions(_))
    ));
    let cantrip = Options {
        schools: vec![School::BlackCantrip, School::Alchemy, School::Mutation],
        ..Options::default()
    };
    assert!(matches!(
        WizWar::setup(&cantrip, 2, &mut rng),
        Err(SetupError::InvalidOptions(_))
    ));
}

#[test]
fn options_read_side_and_schools_and_refuse_unknown_fields() {
    let o: Options = serde_json::from_str(r#"{"side":"b"}"#).unwrap();
    assert_eq!(o.side, Side::B);
    assert_eq!(o.schools.len(), 3);
    assert!(serde_json::from_str::<Options>(r#"{"sides":"b"}"#).is_err());
}

#[test]
fn a_four_player_board_is_a_ten_by_ten_square_with_green_in_the_south_east() {
    let g = given(game_with(4, Side::A, &[], 0, BLUE));
    let lab = &g.state.labyrinth;
    assert_eq!((lab.rows, lab.cols), (10, 10));
    assert_eq!(lab.home_base(GREEN), Some(sq(7, 7)), "{}", render(&g.state));
    assert_eq!(lab.squares().count(), 100);
}

#[test]
fn a_game_is_set_up_in_the_eighth_edition_and_its_numbers_come_from_it() {
    let events = WizWar::setup(&Options::default(), 2, &mut GameRng::from_u64(3)).unwrap();
    let state = crate::ruleset::fold::<WizWar>(&events);
    assert_eq!(state.edition, Edition::Eighth);
    assert_eq!(state.edition_rules(), &EIGHTH);
    for w in &state.wizards {
        assert_eq!(w.hand.len(), EIGHTH.starting_hand);
        assert_eq!(w.life, EIGHTH.starting_life);
    }
}

#[test]
fn a_board_recorded_before_editions_loads_as_the_eighth_edition_and_replays_to_the_same_json() {
    let old = serde_json::json!({
        "type": "board_built",
        "side": "a",
        "sectors": [
            {"colour": "blue", "owner": 0, "slot": 0, "quarter_turns": 0},
            {"colour": "red", "owner": 1, "slot": 1, "quarter_turns": 0}
        ]
    });
    let event: Event = serde_json::from_value(old.clone()).unwrap();
    let Event::BoardBuilt { edition, .. } = &event else {
        panic!("{event:?}");
    };
    assert_eq!(*edition, Edition::Eighth);
    assert_eq!(serde_json::to_value(&event).unwrap(), old);
}
