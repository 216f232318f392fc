//! The table: setup ("Mise en place"), the board ("Le plateau"), doors,
//! movement ("Mouvement") and the cards that change the board.

use crate::kit::Keeper;
use crate::rng::GameRng;
use crate::ruleset::{AwaitReason, Ruleset, Seat, Viewer};

use super::super::super::events::{Event, SectorPick};
use super::super::super::labyrinth::SectorIndex;
use super::super::super::sector_boards::Colour;
use super::super::super::state::State;
use super::super::super::{Command, RuleViolation};
use super::super::{ClassicCommand, ClassicEvent, Options, WizWarClassic};

/// A classic game as set up, folded.
fn table(seats: u8, seed: u64) -> (State, Vec<Event>) {
    let events: Vec<Event> =
        WizWarClassic::setup(&Options::default(), seats, &mut GameRng::from_u64(seed))
            .unwrap()
            .into_iter()
            .map(|e| e.0)
            .collect();
    let mut state = State::default();
    for e in &events {
        WizWarClassic::evolve(&mut state, &ClassicEvent(e.clone()));
    }
    (state, events)
}

/// `seat` chooses `sector`; the state folds what it decided.
fn choose(state: &mut State, seat: Seat, sector: Colour, seed: u64) -> Vec<Event> {
    let events = WizWarClassic::decide(
        state,
        seat,
        &ClassicCommand(Command::ChooseSector { sector }),
        &mut GameRng::from_u64(seed),
    )
    .unwrap();
    for e in &events {
        WizWarClassic::evolve(state, e);
    }
    events.into_iter().map(|e| e.0).collect()
}

/// Every seat chooses the sector listed for it, in seat order; the events
/// of the last choice.
fn choose_all(state: &mut State, sectors: &[Colour], seed: u64) -> Vec<Event> {
    let mut last = vec![];
    for (i, sector) in sectors.iter().enumerate() {
        last = choose(state, Seat(i as u8), *sector, seed);
    }
    last
}

fn board_built(events: &[Event]) -> Vec<super::super::super::labyrinth::PlacedSector> {
    events
        .iter()
        .find_map(|e| match e {
            Event::BoardBuilt { sectors, .. } => Some(sectors.clone()),
            _ => None,
        })
        .expect("the board is laid")
}

#[test]
fn each_player_chooses_his_sector_face_down_all_at_once() {
    let (state, events) = table(3, 1);
    assert!(matches!(
        events[..],
        [Event::SectorChoiceOpened { seats: 3, .. }]
    ));
    let awaiting = WizWarClassic::awaiting(&state);
    assert_eq!(awaiting.len(), 3);
    assert!(awaiting.iter().all(|a| a.reason == AwaitReason::SealedMove));
    for seat in 0..3 {
        let legal = WizWarClassic::legal_commands(&state, Seat(seat));
        assert_eq!(legal.len(), 4, "every sector is offered");
        assert!(
            legal
                .iter()
                .all(|c| matches!(c.0, Command::ChooseSector { .. }))
        );
    }
}

#[test]
fn a_sector_chosen_stays_hidden_from_the_others_until_all_have_chosen() {
    let (mut state, _) = table(2, 1);
    let events = choose(&mut state, Seat(0), Colour::Green, 1);
    let [Event::SectorChosen { seat, sector }] = &events[..] else {
        panic!("{events:?}");
    };
    assert_eq!(*seat, Seat(0));
    assert_eq!(sector.keeper(), Keeper::Seat(Seat(0)));
    let event = ClassicEvent(events[0].clone());
    for (viewer, sees) in [
        (Viewer::Player(Seat(0)), true),
        (Viewer::Player(Seat(1)), false),
        (Viewer::Spectator, false),
        (Viewer::Referee, true),
    ] {
        let Some(ClassicEvent(Event::SectorChosen { sector, .. })) =
            WizWarClassic::redact(&event, viewer)
        else {
            panic!("the choice itself is public");
        };
        assert_eq!(sector.revealed().is_some(), sees, "{viewer:?}");
        let view = WizWarClassic::view(&state, viewer).0;
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
        &ClassicCommand(Command::ChooseSector {
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
        &ClassicCommand(Command::EndTurn),
        &mut GameRng::from_u64(1),
    );
    assert_eq!(refused.unwrap_err(), RuleViolation::SectorsBeingChosen);
    let refused = WizWarClassic::decide(
        &state,
        Seat(5),
        &ClassicCommand(Command::ChooseSector {
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
        Event::SectorsRevealed {
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
        }
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
        &ClassicCommand(Command::ChooseSector {
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
                Event::SectorRollOff {
                    sector,
                    rolls,
                    keeper,
                } => Some((*sector, rolls.clone(), *keeper)),
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
            Event::SectorDealt { seat, sector } => Some((*seat, *sector)),
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
            Event::BoardBuilt {
                side: super::super::super::sector_boards::Side::B,
                ..
            }
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
                Event::FirstPlayerRolled { rolls } => Some(rolls.clone()),
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
        assert!(events.contains(&Event::FirstPlayerChosen { seat: winner[0] }));
        assert_eq!(state.turn.as_ref().unwrap().seat, winner[0]);
    }
    assert!(ties_seen, "some seed ties");
}

#[test]
fn a_player_who_does_not_choose_in_time_gets_his_own_sector_in_printed_order() {
    let (state, _) = table(4, 1);
    for seat in 0..4 {
        assert_eq!(
            WizWarClassic::timeout_command(&state, Seat(seat)).map(|c| c.0),
            Some(Command::ChooseSector {
                sector: Colour::ALL[usize::from(seat)]
            })
        );
    }
}
