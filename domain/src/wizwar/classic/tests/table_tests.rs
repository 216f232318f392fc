//! The table: setup ("Mise en place"), the board ("Le plateau"), doors,
//! movement ("Mouvement") and the cards that change the board.

use crate::kit::Keeper;
use crate::rng::GameRng;
use crate::ruleset::{AwaitReason, Ruleset, Seat, Viewer};
use crate::wizwar::cards::ClassicCardName;

use super::super::super::events::Event;
use super::super::super::labyrinth::SectorIndex;
use super::super::super::sector_boards::Colour;
use super::super::super::state::State;
use super::super::super::{Command, RuleViolation};
use super::super::events::{EditionEvent, SectorPick};
use super::super::state::ClassicState;
use super::super::{ClassicCommand, ClassicEvent, EditionCommand, Options, WizWarClassic};

/// A classic game as set up, folded.
fn table(seats: u8, seed: u64) -> (ClassicState, Vec<ClassicEvent>) {
    let events =
        WizWarClassic::setup(&Options::default(), seats, &mut GameRng::from_u64(seed)).unwrap();
    let mut state = ClassicState::default();
    for e in &events {
        WizWarClassic::evolve(&mut state, e);
    }
    (state, events)
}

/// `seat` chooses `sector`; the state folds what it decided.
fn choose(state: &mut ClassicState, seat: Seat, sector: Colour, seed: u64) -> Vec<ClassicEvent> {
    let events = WizWarClassic::decide(
        state,
        seat,
        &ClassicCommand::Edition(EditionCommand::ChooseSector { sector }),
        &mut GameRng::from_u64(seed),
    )
    .unwrap();
    for e in &events {
        WizWarClassic::evolve(state, e);
    }
    events
}

/// Every seat chooses the sector listed for it, in seat order; the events
/// of the last choice.
fn choose_all(state: &mut ClassicState, sectors: &[Colour], seed: u64) -> Vec<ClassicEvent> {
    let mut last = vec![];
    for (i, sector) in sectors.iter().enumerate() {
        last = choose(state, Seat(i as u8), *sector, seed);
    }
    last
}

fn board_built(events: &[ClassicEvent]) -> Vec<super::super::super::labyrinth::PlacedSector> {
    events
        .iter()
        .find_map(|e| match e {
            ClassicEvent::Engine(Event::BoardBuilt { sectors, .. }) => Some(sectors.clone()),
            _ => None,
        })
        .expect("the board is laid")
}

#[test]
fn each_player_chooses_his_sector_face_down_all_at_once() {
    let (state, events) = table(3, 1);
    assert!(matches!(
        events[..],
        [ClassicEvent::Edition(EditionEvent::SectorChoiceOpened {
            seats: 3,
            ..
        })]
    ));
    let awaiting = WizWarClassic::awaiting(&state);
    assert_eq!(awaiting.len(), 3);
    assert!(awaiting.iter().all(|a| a.reason == AwaitReason::SealedMove));
    for seat in 0..3 {
        let legal = WizWarClassic::legal_commands(&state, Seat(seat));
        assert_eq!(legal.len(), 4, "every sector is offered");
        assert!(legal.iter().all(|c| matches!(
            c,
            ClassicCommand::Edition(EditionCommand::ChooseSector { .. })
        )));
    }
}

#[test]
fn a_sector_chosen_stays_hidden_from_the_others_until_all_have_chosen() {
    let (mut state, _) = table(2, 1);
    let events = choose(&mut state, Seat(0), Colour::Green, 1);
    let [ClassicEvent::Edition(EditionEvent::SectorChosen { seat, sector })] = &events[..] else {
        panic!("{events:?}");
    };
    assert_eq!(*seat, Seat(0));
    assert_eq!(sector.keeper(), Keeper::Seat(Seat(0)));
    let event = events[0].clone();
    for (viewer, sees) in [
        (Viewer::Player(Seat(0)), true),
        (Viewer::Player(Seat(1)), false),
        (Viewer::Spectator, false),
        (Viewer::Referee, true),
    ] {
        let Some(ClassicEvent::Edition(EditionEvent::SectorChosen { sector, .. })) =
            WizWarClassic::redact(&event, viewer)
        else {
            panic!("the choice itself is public");
        };
        assert_eq!(sector.revealed().is_some(), sees, "{viewer:?}");
        let view = WizWarClassic::view(&state, viewer);
        let choice = view.sector_choice.expect("the choice is shown");
        assert!(choice.seats[0].chosen);
        assert!(!choice.seats[1].chosen);
        assert_eq!(choice.seats[0].sector.revealed().is_some(), sees);
    }
    // Only the one who has not chosen is still awaited.
    let awaiting = WizWarClassic::awaiting(&state);
    assert_eq!(awaiting.len(), 1);
    assert_eq!(awaiting[0].seat, Seat(1));
    assert!(WizWarClassic::legal_commands(&state, Seat(0)).is_empty());
    assert!(WizWarClassic::timeout_command(&state, Seat(0)).is_none());
}

#[test]
fn a_player_chooses_his_sector_only_once() {
    let (mut state, _) = table(2, 1);
    choose(&mut state, Seat(0), Colour::Green, 1);
    let refused = WizWarClassic::decide(
        &state,
        Seat(0),
        &ClassicCommand::Edition(EditionCommand::ChooseSector {
            sector: Colour::Red,
        }),
        &mut GameRng::from_u64(1),
    );
    assert_eq!(refused.unwrap_err(), RuleViolation::SectorAlreadyChosen);
}

#[test]
fn nothing_else_is_played_while_the_sectors_are_chosen() {
    let (state, _) = table(2, 1);
    let refused = WizWarClassic::decide(
        &state,
        Seat(0),
        &ClassicCommand::Engine(Command::EndTurn),
        &mut GameRng::from_u64(1),
    );
    assert_eq!(refused.unwrap_err(), RuleViolation::SectorsBeingChosen);
    let refused = WizWarClassic::decide(
        &state,
        Seat(5),
        &ClassicCommand::Edition(EditionCommand::ChooseSector {
            sector: Colour::Red,
        }),
        &mut GameRng::from_u64(1),
    );
    assert_eq!(refused.unwrap_err(), RuleViolation::NotAPlayer);
}

#[test]
fn the_sectors_are_revealed_together_and_the_board_is_laid_from_them() {
    let (mut state, _) = table(2, 1);
    let events = choose_all(&mut state, &[Colour::Yellow, Colour::Blue], 1);
    assert_eq!(
        events[1],
        ClassicEvent::Edition(EditionEvent::SectorsRevealed {
            choices: vec![
                SectorPick {
                    seat: Seat(0),
                    sector: Colour::Yellow
                },
                SectorPick {
                    seat: Seat(1),
                    sector: Colour::Blue
                },
            ]
        })
    );
    let sectors = board_built(&events);
    assert_eq!(sectors[0].colour, Colour::Yellow);
    assert_eq!(sectors[1].colour, Colour::Blue);
    assert!(state.sector_choice.is_none());
    assert!(state.turn.is_some(), "the game is under way");
    // Once laid, choosing again is refused.
    let refused = WizWarClassic::decide(
        &state,
        Seat(0),
        &ClassicCommand::Edition(EditionCommand::ChooseSector {
            sector: Colour::Red,
        }),
        &mut GameRng::from_u64(1),
    );
    assert_eq!(refused.unwrap_err(), RuleViolation::SectorsAlreadyChosen);
}

#[test]
fn two_players_on_one_sector_roll_the_die_and_the_loser_is_dealt_a_free_sector() {
    for seed in 0..20 {
        let (mut state, _) = table(3, seed);
        let events = choose_all(&mut state, &[Colour::Red, Colour::Red, Colour::Blue], seed);
        let roll_offs: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                ClassicEvent::Edition(EditionEvent::SectorRollOff {
                    sector,
                    rolls,
                    keeper,
                }) => Some((*sector, rolls.clone(), *keeper)),
                _ => None,
            })
            .collect();
        let (sector, rolls, keeper) = roll_offs.last().unwrap().clone();
        assert_eq!(sector, Colour::Red);
        let keeper = keeper.expect("the last round has a keeper");
        let best = rolls.iter().map(|r| r.value).max().unwrap();
        assert!(rolls.iter().all(|r| r.seat == keeper || r.value < best));
        for (_, rolls, keeper) in &roll_offs[..roll_offs.len() - 1] {
            assert!(keeper.is_none());
            assert!(rolls.iter().all(|r| (1..=6).contains(&r.value)));
        }
        let loser = if keeper == Seat(0) { Seat(1) } else { Seat(0) };
        let dealt = events.iter().find_map(|e| match e {
            ClassicEvent::Edition(EditionEvent::SectorDealt { seat, sector }) => {
                Some((*seat, *sector))
            }
            _ => None,
        });
        let (seat, free) = dealt.expect("the loser is dealt a sector");
        assert_eq!(seat, loser);
        assert!(matches!(free, Colour::Yellow | Colour::Green), "{free:?}");
        let sectors = board_built(&events);
        let colour_of = |s: Seat| sectors.iter().find(|p| p.owner == s).unwrap().colour;
        assert_eq!(colour_of(keeper), Colour::Red);
        assert_eq!(colour_of(loser), free);
        assert_eq!(colour_of(Seat(2)), Colour::Blue);
    }
}

#[test]
fn the_sectors_are_assembled_by_player_count_clockwise_in_seat_order() {
    let cases: [(u8, (u8, u8), &[u8]); 3] = [
        (2, (5, 10), &[0, 1]),
        // An L: north-west, north-east, south-west; the south-east quarter empty.
        (3, (10, 10), &[0, 1, 2]),
        // A square, clockwise: north-west, north-east, south-east, south-west.
        (4, (10, 10), &[0, 1, 3, 2]),
    ];
    for (seats, (rows, cols), slots) in cases {
        let (mut state, _) = table(seats, 3);
        let events = choose_all(&mut state, &Colour::ALL[..usize::from(seats)], 3);
        let sectors = board_built(&events);
        assert_eq!((state.labyrinth.rows, state.labyrinth.cols), (rows, cols));
        for (i, sector) in sectors.iter().enumerate() {
            assert_eq!(sector.owner, Seat(i as u8));
            assert_eq!(sector.slot, SectorIndex(slots[i]));
            assert_eq!(sector.quarter_turns, 0, "printed orientation");
        }
        assert!(events.iter().any(|e| matches!(
            e,
            ClassicEvent::Engine(Event::BoardBuilt {
                side: super::super::super::sector_boards::Side::B,
                ..
            })
        )));
    }
}

#[test]
fn each_wizard_starts_on_his_sector_centre_with_his_two_treasures_on_their_circles() {
    let (mut state, _) = table(4, 5);
    choose_all(&mut state, &Colour::ALL, 5);
    for sector in state.labyrinth.sectors.clone() {
        let home = state.labyrinth.home_base(sector.owner).unwrap();
        assert_eq!(state.wizard(sector.owner).square, home);
        let (r0, c0) = super::super::super::labyrinth::slot_origin(sector.slot);
        assert_eq!((home.row - r0, home.col - c0), (2, 2), "the centre");
        let circles = state.labyrinth.treasure_squares(&sector);
        let mine: Vec<_> = state
            .treasures
            .iter()
            .filter(|t| t.owner == sector.owner)
            .collect();
        assert_eq!(mine.len(), 2);
        for t in mine {
            let super::super::super::treasures::TreasureLocation::Lying { square } = t.location
            else {
                panic!("lying");
            };
            assert!(circles.contains(&square));
        }
    }
}

#[test]
fn seven_cards_are_dealt_to_each_player_once_the_board_is_laid() {
    let (mut state, _) = table(3, 8);
    choose_all(&mut state, &Colour::ALL[..3], 8);
    for seat in 0..3 {
        assert_eq!(state.wizard(Seat(seat)).hand.len(), 7);
        assert_eq!(state.wizard(Seat(seat)).life, 15);
    }
}

#[test]
fn the_highest_roll_begins_and_the_tied_highest_roll_again() {
    let mut ties_seen = false;
    for seed in 0..30 {
        let (mut state, _) = table(4, seed);
        let events = choose_all(&mut state, &Colour::ALL, seed);
        let rounds: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                ClassicEvent::Edition(EditionEvent::FirstPlayerRolled { rolls }) => {
                    Some(rolls.clone())
                }
                _ => None,
            })
            .collect();
        assert_eq!(rounds[0].len(), 4, "every player rolls");
        for pair in rounds.windows(2) {
            ties_seen = true;
            let best = pair[0].iter().map(|r| r.value).max().unwrap();
            let tied: Vec<Seat> = pair[0]
                .iter()
                .filter(|r| r.value == best)
                .map(|r| r.seat)
                .collect();
            assert!(tied.len() > 1);
            assert_eq!(
                pair[1].iter().map(|r| r.seat).collect::<Vec<_>>(),
                tied,
                "only the tied highest roll again"
            );
        }
        let last = rounds.last().unwrap();
        let best = last.iter().map(|r| r.value).max().unwrap();
        let winner: Vec<Seat> = last
            .iter()
            .filter(|r| r.value == best)
            .map(|r| r.seat)
            .collect();
        assert_eq!(winner.len(), 1);
        assert!(
            events.contains(&ClassicEvent::Engine(Event::FirstPlayerChosen {
                seat: winner[0]
            }))
        );
        assert_eq!(state.turn.as_ref().unwrap().seat, winner[0]);
    }
    assert!(ties_seen, "some seed ties");
}

#[test]
fn a_player_who_does_not_choose_in_time_gets_his_own_sector_in_printed_order() {
    let (state, _) = table(4, 1);
    for seat in 0..4 {
        assert_eq!(
            WizWarClassic::timeout_command(&state, Seat(seat)),
            Some(ClassicCommand::Edition(EditionCommand::ChooseSector {
                sector: Colour::ALL[usize::from(seat)]
            }))
        );
    }
}

// ---------------------------------------------------------------------
// The board ("Le plateau")
// ---------------------------------------------------------------------

use super::super::super::labyrinth::{Barrier, Direction, Labyrinth, StepKind};
use super::super::super::line_of_sight::SightTarget;
use super::super::super::tests::given::{BLUE, game_with, given, h, sq, v};

/// A classic table laid as the engine's tests lay one (seat 0 north-west,
/// seat 1 north-east, seat 2 south-west, …), the "B" faces.
fn classic_game(players: u8) -> Vec<Event> {
    let mut events = game_with(
        players,
        super::super::super::sector_boards::Side::B,
        &[super::super::super::cards::CardName::Energy4; 12],
        2,
        BLUE,
    );
    if let Event::BoardBuilt { edition, .. } = &mut events[0] {
        *edition = super::super::super::edition::Edition::Classic;
    }
    events
}

fn folded(events: &[Event]) -> State {
    let mut state = State::default();
    for e in events {
        super::super::super::evolve(&mut state, e);
    }
    state
}

/// The rows whose west edge has a wall, and those where it is open, on the
/// 2-player classic board.
fn west_edge_rows(lab: &Labyrinth) -> (Vec<u8>, Vec<u8>) {
    (0..lab.rows).partition(|r| lab.barrier(v(*r, 0)).is_some())
}

#[test]
fn an_open_edge_leads_to_the_same_point_on_the_opposite_side() {
    let events = classic_game(2);
    let lab = folded(&events).labyrinth;
    let (_, open) = west_edge_rows(&lab);
    assert!(open.contains(&2), "the printed exit");
    for row in open {
        let step = lab.step(sq(row, 0), Direction::West).unwrap();
        assert_eq!(step.to, sq(row, 9));
        assert_eq!(step.kind, StepKind::WrapAround);
        assert_eq!(step.heading, Direction::West);
    }
    let state = given(events)
        .with_wizard_at(BLUE, sq(2, 0))
        .when(
            BLUE,
            Command::Move {
                direction: Direction::West,
            },
        )
        .state();
    assert_eq!(state.wizard(BLUE).square, sq(2, 9));
}

#[test]
fn walls_on_the_edge_are_ordinary_walls_and_block_the_way_off_the_board() {
    let events = classic_game(2);
    let lab = folded(&events).labyrinth;
    let (walled, _) = west_edge_rows(&lab);
    let row = walled[0];
    assert!(matches!(
        lab.barrier(v(row, 0)),
        Some(Barrier::StoneWall { .. })
    ));
    given(events)
        .with_wizard_at(BLUE, sq(row, 0))
        .when(
            BLUE,
            Command::Move {
                direction: Direction::West,
            },
        )
        .then_error(RuleViolation::WallInTheWay);
}

#[test]
fn a_wall_destroyed_near_an_exit_opens_the_way_to_the_same_point_on_the_opposite_side() {
    let mut events = classic_game(2);
    let lab = folded(&events).labyrinth;
    let (walled, _) = west_edge_rows(&lab);
    let row = *walled
        .iter()
        .find(|r| **r == 1 || **r == 3)
        .unwrap_or(&walled[0]);
    // The two edge lines the way joins are one wall: it stands on both.
    assert!(lab.barrier(v(row, 10)).is_some());
    assert_eq!(lab.joined_line(v(row, 0)), Some(v(row, 10)));
    events.push(Event::BarrierDestroyed { line: v(row, 0) });
    let lab = folded(&events).labyrinth;
    assert_eq!(lab.barrier(v(row, 0)), None);
    assert_eq!(lab.barrier(v(row, 10)), None, "it falls from both sides");
    let state = given(events)
        .with_wizard_at(BLUE, sq(row, 0))
        .when(
            BLUE,
            Command::Move {
                direction: Direction::West,
            },
        )
        .state();
    assert_eq!(state.wizard(BLUE).square, sq(row, 9));
}

#[test]
fn a_junctions_double_wall_is_one_wall() {
    let lab = folded(&classic_game(2)).labyrinth;
    // Where the two sectors meet (the line west of column 5), each printed
    // double wall is one line with one wall: one destruction opens it.
    let walled: Vec<u8> = (0..5).filter(|r| lab.barrier(v(*r, 5)).is_some()).collect();
    assert!(!walled.is_empty());
    let mut events = classic_game(2);
    events.push(Event::BarrierDestroyed {
        line: v(walled[0], 5),
    });
    let lab = folded(&events).labyrinth;
    assert_eq!(lab.barrier(v(walled[0], 5)), None);
    assert!(lab.step(sq(walled[0], 4), Direction::East).is_some());
}

#[test]
fn the_eighth_edition_keeps_its_outer_walls_exits_and_portals() {
    let lab = Labyrinth::assemble(
        super::super::super::sector_boards::Side::B,
        &super::super::super::tests::given::sectors(3),
    );
    assert!(!lab.auto_warp && !lab.open_edges);
    assert_eq!(lab.portals.len(), 4);
    assert!(matches!(
        lab.barrier(v(0, 0)),
        Some(Barrier::OuterWall) | None
    ));
    assert!(lab.step(sq(0, 0), Direction::West).is_none());
}

#[test]
fn the_auto_warp_joins_the_two_edges_facing_the_empty_quarter() {
    let lab = folded(&classic_game(3)).labyrinth;
    assert!(lab.auto_warp);
    assert!(lab.portals.is_empty(), "no portals in the classic edition");
    for k in 0..5 {
        let south = lab.step(sq(4, 5 + k), Direction::South).unwrap();
        assert_eq!(south.to, sq(5 + k, 4));
        assert_eq!(south.heading, Direction::West);
        assert_eq!(south.kind, StepKind::AutoWarp);
        let east = lab.step(sq(5 + k, 4), Direction::East).unwrap();
        assert_eq!(east.to, sq(4, 5 + k));
        assert_eq!(east.heading, Direction::North);
        assert_eq!(lab.joined_line(h(5, 5 + k)), Some(v(5 + k, 5)));
    }
}

#[test]
fn crossing_the_auto_warp_is_one_step() {
    // The exits of the north-east sector's south side and the south-west
    // sector's east side face each other across the auto warp.
    let state = given(classic_game(3))
        .with_wizard_at(BLUE, sq(4, 7))
        .when(
            BLUE,
            Command::Move {
                direction: Direction::South,
            },
        )
        .state();
    assert_eq!(state.wizard(BLUE).square, sq(7, 4));
    assert_eq!(state.turn.as_ref().unwrap().movement_left, 2);
}

#[test]
fn the_opposite_side_is_reached_across_the_auto_warp() {
    let lab = folded(&classic_game(3)).labyrinth;
    // Off the north edge of the north-east sector, straight back down its
    // column, across the warp and along the row: the west edge.
    let north = lab.step(sq(0, 7), Direction::North).unwrap();
    assert_eq!(north.to, sq(7, 0));
    assert_eq!(north.heading, Direction::East);
    let west = lab.step(sq(7, 0), Direction::West).unwrap();
    assert_eq!(west.to, sq(0, 7));
    assert_eq!(west.heading, Direction::South);
}

#[test]
fn a_line_of_sight_through_the_auto_warp_runs_straight() {
    let mut state = folded(&classic_game(3));
    // An open board walled all round but at the warp's exit squares.
    let lab = &state.labyrinth;
    let edges: Vec<_> = lab
        .connections()
        .iter()
        .flat_map(|(_, _, step)| step.lines.into_iter().flatten())
        .filter(|line| *line != h(5, 7) && *line != v(7, 5))
        .collect();
    state.labyrinth.barriers.clear();
    for line in edges {
        state
            .labyrinth
            .barriers
            .insert(line, Barrier::StoneWall { cracks: 0 });
    }
    // (3, 7) looks south down its column, across the warp, and on along
    // the south-west sector's row 7: (7, 2) lies straight ahead, and
    // (5, 4) does not.
    assert!(state.with_sight(|s| s.sees(sq(3, 7), SightTarget::Square(sq(7, 2)))));
    assert!(!state.with_sight(|s| s.sees(sq(3, 7), SightTarget::Square(sq(5, 4)))));
    // A wall on the warp's line blocks it.
    state
        .labyrinth
        .barriers
        .insert(h(5, 7), Barrier::StoneWall { cracks: 0 });
    assert!(!state.with_sight(|s| s.sees(sq(3, 7), SightTarget::Square(sq(7, 2)))));
}

#[test]
fn rotate_sector_leaves_the_auto_warp() {
    let mut lab = folded(&classic_game(3)).labyrinth;
    lab.turn_sector(SectorIndex(1), 1);
    assert!(lab.auto_warp);
    let step = lab.step(sq(4, 7), Direction::South).unwrap();
    assert_eq!(step.kind, StepKind::AutoWarp);
}

#[test]
fn without_the_auto_warp_only_the_opposite_sides_are_joined() {
    let mut lab = folded(&classic_game(3)).labyrinth;
    lab.discard_auto_warp();
    assert!(!lab.auto_warp);
    let step = lab.step(sq(4, 7), Direction::South).unwrap();
    assert_eq!(step.kind, StepKind::WrapAround);
    assert_eq!(step.to, sq(0, 7));
}

// ---------------------------------------------------------------------
// Doors ("Les portes sont les sections étroites dans les murs")
// ---------------------------------------------------------------------

use super::super::super::labyrinth::{BorderLine, Square};
use super::super::super::tests::given::{RED, pass};
use super::super::super::tests::magic::{HAND, b, cast, resolved};

/// A hand of `cards` topped up with number cards (the engine's Energy 5).
fn hand(
    cards: &[super::super::super::cards::CardName],
) -> Vec<super::super::super::cards::CardName> {
    let mut cards = cards.to_vec();
    cards.resize(
        usize::from(HAND),
        super::super::super::cards::CardName::Energy5,
    );
    cards
}

/// A classic 2-player table after the first turns, BLUE to play, holding
/// `blue` (cards `b(0)`, …).
fn classic_table(
    blue: &[super::super::super::cards::CardName],
) -> super::super::super::tests::given::Given {
    classic_table_of(2, blue)
}

/// The same with `players` players.
fn classic_table_of(
    players: u8,
    blue: &[super::super::super::cards::CardName],
) -> super::super::super::tests::given::Given {
    let mut deck: Vec<_> = hand(blue);
    for _ in 1..players {
        deck.extend(hand(&[]));
    }
    deck.extend([super::super::super::cards::CardName::Energy4; 12]);
    let mut events = game_with(
        players,
        super::super::super::sector_boards::Side::B,
        &deck,
        HAND as u8,
        BLUE,
    );
    if let Event::BoardBuilt { edition, .. } = &mut events[0] {
        *edition = super::super::super::edition::Edition::Classic;
    }
    let others: Vec<Seat> = (1..players).map(Seat).collect();
    given(super::super::super::tests::given::after_first_turns(
        events, &others, BLUE,
    ))
}

/// A door inside BLUE's own sector, with the squares on its two sides and
/// the way across from the first.
fn a_door_of_blues_sector(state: &State) -> (BorderLine, Square, Square, Direction) {
    state
        .labyrinth
        .barriers
        .iter()
        .filter(|(_, b)| matches!(b, Barrier::Door { .. }))
        .find_map(|(line, _)| {
            let [a, z] = line.sides();
            let inside = |r: i32, c: i32| (0..5).contains(&r) && (0..5).contains(&c);
            (inside(a.0, a.1) && inside(z.0, z.1)).then(|| {
                (
                    *line,
                    Square::new(a.0 as u8, a.1 as u8),
                    Square::new(z.0 as u8, z.1 as u8),
                    z.2.opposite(),
                )
            })
        })
        .expect("the blue sector has a door")
}

#[test]
fn a_door_is_always_closed_even_to_the_owner_of_its_sector() {
    let g = classic_table(&[]);
    let (_, this_side, _, across) = a_door_of_blues_sector(&g.state);
    g.with_wizard_at(BLUE, this_side)
        .when(BLUE, Command::Move { direction: across })
        .then_error(RuleViolation::DoorLocked);
}

#[test]
fn the_master_key_lets_its_holder_through_and_the_door_closes_behind_him() {
    use super::super::super::cards::CardName as N;
    let g = classic_table(&[N::MasterKey]);
    let (line, this_side, other_side, across) = a_door_of_blues_sector(&g.state);
    let g = resolved(
        g.with_wizard_at(BLUE, this_side),
        BLUE,
        cast(b(0), super::super::super::casting::SpellTarget::Caster),
    );
    let g = g.after(BLUE, &[Command::Move { direction: across }]);
    assert_eq!(g.state.wizard(BLUE).square, other_side);
    assert!(!g.state.door_is_open(line), "it closes behind him");
    // Nobody follows through a door not kept open for him.
    let g = g.with(pass(BLUE, RED)).with_wizard_at(RED, this_side);
    g.when(RED, Command::Move { direction: across })
        .then_error(RuleViolation::DoorLocked);
}

#[test]
fn a_door_kept_open_lets_others_follow_and_spells_through_without_passing() {
    use super::super::super::cards::CardName as N;
    let g = classic_table(&[N::MasterKey]);
    let (line, this_side, other_side, across) = a_door_of_blues_sector(&g.state);
    assert!(
        !g.state
            .with_sight(|s| s.sees(this_side, SightTarget::Square(other_side)))
    );
    let g = resolved(
        g.with_wizard_at(BLUE, this_side),
        BLUE,
        cast(b(0), super::super::super::casting::SpellTarget::Caster),
    );
    let g = g.after(BLUE, &[Command::HoldDoor { line }]);
    assert!(g.state.door_is_open(line));
    // A spell may be cast through it without passing.
    assert!(
        g.state
            .with_sight(|s| s.sees(this_side, SightTarget::Square(other_side)))
    );
    // Kept open for him, another may follow through.
    let g = g.with(pass(BLUE, RED)).with_wizard_at(RED, this_side);
    let g = g.after(RED, &[Command::Move { direction: across }]);
    assert_eq!(g.state.wizard(RED).square, other_side);
}

#[test]
fn remove_lock_alone_jams_a_door_open_for_good() {
    let g = classic_table(&[]);
    let (line, this_side, other_side, across) = a_door_of_blues_sector(&g.state);
    let target = super::super::super::casting::SpellTarget::Line { line };
    let g = g.with_wizard_at(BLUE, this_side);
    assert_eq!(
        super::super::doors::check_remove_lock(&g.state, BLUE, target),
        Ok(())
    );
    let mut tx = super::super::super::state::Tx::new(&g.state);
    super::super::doors::remove_lock(&mut tx, BLUE, target);
    assert_eq!(tx.events, vec![Event::DoorJammedOpen { seat: BLUE, line }]);
    let g = g.with(tx.events.clone());
    assert!(g.state.door_is_open(line));
    assert!(
        g.state
            .with_sight(|s| s.sees(this_side, SightTarget::Square(other_side)))
    );
    // Anyone passes it, turn after turn: it never closes.
    let g = g.after(BLUE, &[Command::Move { direction: across }]);
    assert_eq!(g.state.wizard(BLUE).square, other_side);
    assert!(g.state.door_is_open(line));
    let g = g.with(pass(BLUE, RED)).with_wizard_at(RED, this_side);
    let g = g.after(RED, &[Command::Move { direction: across }]);
    assert_eq!(g.state.wizard(RED).square, other_side);
    assert_eq!(
        super::super::doors::check_remove_lock(&g.state, RED, target),
        Err(RuleViolation::InvalidTarget(
            "that door is already jammed open"
        ))
    );
}

#[test]
fn the_eighth_edition_still_opens_a_door_to_the_owner_of_its_sector() {
    let events = game_with(
        2,
        super::super::super::sector_boards::Side::B,
        &[super::super::super::cards::CardName::Energy4; 12],
        2,
        BLUE,
    );
    let g = given(events);
    let (_, this_side, other_side, across) = a_door_of_blues_sector(&g.state);
    let g = g
        .with_wizard_at(BLUE, this_side)
        .after(BLUE, &[Command::Move { direction: across }]);
    assert_eq!(g.state.wizard(BLUE).square, other_side);
}

// ---------------------------------------------------------------------
// Movement ("Mouvement")
// ---------------------------------------------------------------------

#[test]
fn a_wizard_moves_three_squares_a_turn() {
    let g = classic_table(&[]);
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, 3);
}

#[test]
fn a_number_card_adds_its_value_to_the_turns_movement_once() {
    use super::super::super::cards::CardName as N;
    // "Si votre carte est un 4 alors vous pouvez vous déplacer jusqu'à 7
    // cases" (the engine's Energy cards stand for number cards).
    for (number, squares) in [(N::Energy4, 7), (N::Energy5, 8)] {
        let g = classic_table(&[number, number]);
        let g = g.after(BLUE, &[Command::BoostSpeed { card: b(0) }]);
        assert_eq!(g.state.turn.as_ref().unwrap().movement_left, squares);
        // One number card for the movement of a turn.
        g.when(BLUE, Command::BoostSpeed { card: b(1) })
            .then_error(RuleViolation::AlreadyBoosted);
    }
}

#[test]
fn the_remove_lock_card_is_cast_on_a_door_beside_its_caster_and_jams_it_open() {
    use super::super::super::cards::CardName as N;
    use super::super::super::casting::SpellTarget;
    let g = classic_table(&[N::Classic(ClassicCardName::RemoveLock)]);
    let (line, this_side, other_side, across) = a_door_of_blues_sector(&g.state);
    let remove_lock = cast(b(0), SpellTarget::Line { line });
    // Away from the door it cannot be cast.
    g.when(BLUE, remove_lock.clone())
        .then_error(RuleViolation::OutOfReach);
    let g = g.with_wizard_at(BLUE, this_side);
    assert!(
        super::super::super::legal_commands(&g.state, BLUE).contains(&remove_lock),
        "offered as a listed command"
    );
    let g = resolved(g, BLUE, remove_lock);
    assert!(g.state.jammed_doors.contains(&line));
    assert!(g.state.discard_pile.contains(&b(0)), "the card is spent");
    let g = g.after(BLUE, &[Command::Move { direction: across }]);
    assert_eq!(g.state.wizard(BLUE).square, other_side);
}

// ---------------------------------------------------------------------
// RELOCATE SECTOR
// ---------------------------------------------------------------------

fn relocate(slot: u8, to: Option<u8>) -> Command {
    Command::Cast {
        card: b(0),
        energy: None,
        target: super::super::super::casting::SpellTarget::Sector {
            slot: SectorIndex(slot),
        },
        option: to.map(|to| super::super::super::casting::SpellOption::Slot {
            slot: SectorIndex(to),
        }),
    }
}

#[test]
fn relocate_sector_moves_a_sector_with_all_on_it_and_discards_the_auto_warp_for_good() {
    use super::super::super::cards::CardName as N;
    let g = classic_table_of(3, &[N::Classic(ClassicCardName::RelocateSector)]);
    assert!(g.state.labyrinth.auto_warp);
    let before = g.state.clone();
    // Red's north-east sector goes to the empty south-east quarter.
    let g = resolved(g, BLUE, relocate(1, Some(3)));
    let lab = &g.state.labyrinth;
    assert!(!lab.auto_warp, "the auto warp is discarded");
    assert_eq!(lab.home_base(RED), Some(sq(7, 7)));
    assert_eq!(
        g.state.wizard(RED).square,
        Labyrinth::relocated_square(SectorIndex(1), SectorIndex(3), before.wizard(RED).square),
        "he moves with it"
    );
    assert_eq!(g.state.wizard(BLUE).square, before.wizard(BLUE).square);
    for (t, was) in g.state.treasures.iter().zip(&before.treasures) {
        if t.owner == RED {
            assert_ne!(t.location, was.location, "his treasures move with it");
        } else {
            assert_eq!(t.location, was.location);
        }
    }
    // Its walls and doors inside move with it.
    for (line, barrier) in &before.labyrinth.barriers {
        let [a, z] = line.sides();
        let inside = |r: i32, c: i32| (0..5).contains(&r) && (5..10).contains(&c);
        if inside(a.0, a.1) && inside(z.0, z.1) {
            let moved = Labyrinth::relocated_line(SectorIndex(1), SectorIndex(3), *line);
            assert_eq!(lab.barrier(moved), Some(*barrier));
            assert_ne!(moved, *line);
        }
    }
    // The north-east quarter is empty now; nothing leads across a warp.
    assert!(!lab.contains(2, 7));
    assert!(
        lab.connections()
            .iter()
            .all(|(_, _, step)| step.kind != StepKind::AutoWarp)
    );
}

#[test]
fn relocating_onto_another_sector_swaps_the_two() {
    use super::super::super::cards::CardName as N;
    let g = classic_table_of(2, &[N::Classic(ClassicCardName::RelocateSector)]);
    let g = resolved(g, BLUE, relocate(0, Some(1)));
    let lab = &g.state.labyrinth;
    assert_eq!(lab.sector_of(BLUE).unwrap().slot, SectorIndex(1));
    assert_eq!(lab.sector_of(RED).unwrap().slot, SectorIndex(0));
    assert_eq!(lab.home_base(BLUE), Some(sq(2, 7)));
    assert_eq!(lab.home_base(RED), Some(sq(2, 2)));
}

#[test]
fn relocate_sector_names_another_place_of_the_layout() {
    use super::super::super::cards::CardName as N;
    let g = classic_table_of(2, &[N::Classic(ClassicCardName::RelocateSector)]);
    for command in [
        relocate(0, None),
        relocate(0, Some(0)),
        relocate(0, Some(3)),
    ] {
        g.when(BLUE, command).then_code("bad_option");
    }
}

// ---------------------------------------------------------------------
// Created objects ("Les cartes et les actions qui changent le plateau")
// ---------------------------------------------------------------------

/// A square next to `square` with nothing standing between them.
fn open_neighbour(state: &State, square: Square) -> Square {
    Direction::ALL
        .iter()
        .filter(|d| {
            state
                .labyrinth
                .barrier(BorderLine::of(square, **d))
                .is_none()
        })
        .find_map(|d| state.labyrinth.step(square, *d).map(|s| s.to))
        .expect("an open side")
}

fn create_on(square: Square) -> Command {
    cast(
        b(0),
        super::super::super::casting::SpellTarget::Square { square },
    )
}

#[test]
fn a_created_object_never_lies_on_an_occupied_square() {
    use super::super::super::cards::CardName as N;
    let g = classic_table(&[N::Thornbush]).with_wizard_at(BLUE, sq(2, 2));
    let next = open_neighbour(&g.state, sq(2, 2));
    let g = g.with_wizard_at(RED, next);
    g.when(BLUE, create_on(next)).then_code("invalid_target");
}

#[test]
fn a_created_object_never_lies_on_an_opponents_base() {
    use super::super::super::cards::CardName as N;
    let g = classic_table(&[N::Thornbush]);
    let base = g.state.labyrinth.home_base(RED).unwrap();
    let next = open_neighbour(&g.state, base);
    let g = g.with_wizard_at(RED, sq(0, 0)).with_wizard_at(BLUE, next);
    g.when(BLUE, create_on(base)).then_code("invalid_target");
}

/// Blue creates a wall on an open line beside (2, 2), under `revision`.
pub(super) fn blue_created_a_wall(revision: u32) -> super::super::super::tests::given::Given {
    use super::super::super::cards::CardName as N;
    let mut g = classic_table(&[N::CreateWall]).with_wizard_at(BLUE, sq(2, 2));
    g.state.rules_revision = revision;
    let open = *Direction::ALL
        .iter()
        .find(|d| {
            g.state
                .labyrinth
                .barrier(BorderLine::of(sq(2, 2), **d))
                .is_none()
        })
        .expect("an open line");
    let line = BorderLine::of(sq(2, 2), open);
    resolved(
        g,
        BLUE,
        cast(
            b(0),
            super::super::super::casting::SpellTarget::Line { line },
        ),
    )
}

#[test]
fn a_used_create_wall_no_longer_counts_among_the_seven_cards() {
    // "Les cartes utilisées sont défaussées dans la pile de défausse": only
    // objects and stones stay among a wizard's cards.
    let g = blue_created_a_wall(2);
    assert_eq!(g.state.hand_total(BLUE), usize::from(HAND) - 1);
}

#[test]
fn under_revision_1_a_used_create_wall_counts_among_the_seven_cards() {
    let g = blue_created_a_wall(1);
    assert_eq!(g.state.hand_total(BLUE), usize::from(HAND));
}

#[test]
fn a_wall_is_never_created_on_a_wall_and_lies_between_squares() {
    use super::super::super::cards::CardName as N;
    let g = classic_table(&[N::CreateWall]).with_wizard_at(BLUE, sq(2, 2));
    let (walled, open): (Vec<Direction>, Vec<Direction>) = Direction::ALL.iter().partition(|d| {
        g.state
            .labyrinth
            .barrier(BorderLine::of(sq(2, 2), **d))
            .is_some()
    });
    let on = |d: Direction| {
        cast(
            b(0),
            super::super::super::casting::SpellTarget::Line {
                line: BorderLine::of(sq(2, 2), d),
            },
        )
    };
    if let Some(d) = walled.first() {
        g.when(BLUE, on(*d)).then_code("invalid_target");
    }
    // On an open line beside him it stands between the two squares.
    let line = BorderLine::of(sq(2, 2), open[0]);
    let g = resolved(g, BLUE, on(open[0]));
    assert!(g.state.labyrinth.barrier(line).is_some());
}
