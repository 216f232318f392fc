//! The board picture of scripted positions: wizards on their squares,
//! cracks on the wall that took them, destroyed walls, wrap marks, and no
//! card of a hand the viewer may not see.

use super::given::*;
use crate::Viewer;
use crate::ruleset::{Presentation, Ruleset, SeatNames};

use super::super::cards::CardName;
use super::super::labyrinth::{Barrier, BorderLine, Orientation};
use super::super::sector_boards::Side;
use super::super::{Event, WizWar};

/// The opening tags of the picture's elements whose class list holds `class`.
fn elements<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    svg.split('<')
        .filter(|tag| {
            tag.split_once("class=\"")
                .and_then(|(_, rest)| rest.split_once('"'))
                .is_some_and(|(classes, _)| classes.split(' ').any(|c| c == class))
        })
        .collect()
}

fn attribute<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let (_, rest) = element.split_once(&format!(" {name}=\""))?;
    rest.split_once('"').map(|(value, _)| value)
}

fn line_id(l: BorderLine) -> String {
    let kind = match l.orientation {
        Orientation::Horizontal => "h",
        Orientation::Vertical => "v",
    };
    format!("{kind}-r{}c{}", l.row, l.col)
}

fn names() -> SeatNames {
    SeatNames::new(vec![Some("Morgana".into()), Some("Merlin".into())])
}

const DECK: [CardName; 6] = [
    CardName::Fireball,
    CardName::Zot,
    CardName::Teleport,
    CardName::Shield,
    CardName::Energy4,
    CardName::Energy5,
];

/// Two inner stone walls of the printed board.
fn stone_walls(game: &Given) -> (BorderLine, BorderLine) {
    let walls: Vec<BorderLine> = game
        .state
        .labyrinth
        .barriers
        .iter()
        .filter(|(_, b)| matches!(b, Barrier::StoneWall { .. }))
        .map(|(l, _)| *l)
        .collect();
    (walls[0], walls[walls.len() - 1])
}

fn picture(game: &Given, viewer: Viewer) -> String {
    WizWar::picture(&WizWar::view(&game.state, viewer), &names())
}

#[test]
fn a_cracked_wall_shows_its_cracks_and_a_destroyed_one_its_ghost() {
    let start = given(game_with(2, Side::A, &DECK, 2, BLUE));
    let (cracked, destroyed) = stone_walls(&start);
    let game = start.with([
        Event::BarrierDamaged {
            line: cracked,
            damage: 6,
            cracks_added: 2,
            cracks: 2,
        },
        Event::BarrierDestroyed { line: destroyed },
    ]);
    let svg = picture(&game, Viewer::Spectator);
    let cracks = elements(&svg, "crack");
    assert_eq!(cracks.len(), 1, "{svg}");
    assert_eq!(
        attribute(cracks[0], "data-line"),
        Some(line_id(cracked).as_str())
    );
    assert_eq!(attribute(cracks[0], "data-cracks"), Some("2"));
    let wall = elements(&svg, "wall")
        .into_iter()
        .find(|w| attribute(w, "data-line") == Some(line_id(cracked).as_str()))
        .expect("the cracked wall still stands");
    assert_eq!(attribute(wall, "data-cracks"), Some("2"));
    let ghosts = elements(&svg, "destroyed");
    assert_eq!(ghosts.len(), 1);
    assert_eq!(
        attribute(ghosts[0], "data-line"),
        Some(line_id(destroyed).as_str())
    );
    assert!(
        elements(&svg, "wall")
            .iter()
            .all(|w| attribute(w, "data-line") != Some(line_id(destroyed).as_str()))
    );
}

#[test]
fn each_wizard_stands_on_his_square_with_his_life_and_stun_tokens() {
    let game = given(game_with(2, Side::A, &DECK, 2, BLUE)).with([
        wizard_at(BLUE, sq(2, 2), sq(1, 2)),
        Event::WizardDamaged {
            seat: RED,
            amount: 5,
            life: 10,
            kind: None,
        },
        Event::WizardStunned {
            seat: RED,
            tokens: 2,
        },
    ]);
    let svg = picture(&game, Viewer::Player(BLUE));
    let wizards = elements(&svg, "wizard");
    assert_eq!(wizards.len(), 2);
    let red_home = game.state.labyrinth.home_base(RED).unwrap();
    let [blue, red] = [wizards[0], wizards[1]];
    assert_eq!(attribute(blue, "data-wizard"), Some("seat-0"));
    assert_eq!(attribute(blue, "data-square"), Some("r1c2"));
    assert_eq!(attribute(red, "data-wizard"), Some("seat-1"));
    assert_eq!(
        attribute(red, "data-square"),
        Some(format!("r{}c{}", red_home.row, red_home.col).as_str())
    );
    assert_eq!(attribute(red, "data-life"), Some("10"));
    assert_eq!(attribute(red, "data-stun"), Some("2"));
    assert_eq!(elements(&svg, "square").len(), 50);
    assert_eq!(elements(&svg, "home-base").len(), 2);
    assert_eq!(elements(&svg, "treasure").len(), 4);
    assert!(svg.contains("Merlin: 10 life"), "{svg}");
}

#[test]
fn the_open_exits_of_the_board_are_marked_as_wrapping_around() {
    let game = given(two_players());
    let svg = picture(&game, Viewer::Spectator);
    let wraps = elements(&svg, "wrap");
    assert!(!wraps.is_empty());
    for mark in wraps {
        let square = attribute(mark, "data-square").unwrap();
        let connected = game
            .state
            .labyrinth
            .connections()
            .iter()
            .any(|(s, side, _)| {
                format!("r{}c{}", s.row, s.col) == square
                    && attribute(mark, "data-side")
                        == Some(format!("{side:?}").to_lowercase().as_str())
            });
        assert!(connected, "{mark} marks no way off the board");
    }
    assert!(
        elements(&svg, "portal").is_empty(),
        "two sectors have no portal"
    );
}

#[test]
fn no_viewer_sees_a_card_of_a_hand_not_his_and_nobody_sees_a_hand_on_the_board() {
    let game = given(game_with(2, Side::A, &DECK, 2, BLUE));
    let hand_of = |seat| -> Vec<&'static str> {
        game.state.wizards[usize::from(seat)]
            .hand
            .iter()
            .map(|c| game.state.cards[c.index()].title())
            .collect()
    };
    let (blue, red) = (hand_of(0u8), hand_of(1u8));
    assert!(!blue.is_empty() && !red.is_empty());
    for viewer in [Viewer::Player(BLUE), Viewer::Player(RED), Viewer::Spectator] {
        let svg = picture(&game, viewer);
        for card in blue.iter().chain(&red) {
            assert!(!svg.contains(card), "{viewer:?} sees {card}");
        }
    }
    assert_eq!(
        picture(&game, Viewer::Spectator),
        picture(&game, Viewer::Spectator)
    );
}

#[test]
fn three_players_see_the_portal_pairs_at_the_empty_corner() {
    let game = given(game_with(3, Side::A, &DECK, 0, BLUE));
    let svg = picture(&game, Viewer::Spectator);
    let portals = elements(&svg, "portal");
    assert_eq!(portals.len(), 4, "{svg}");
    for colour in ["purple", "cyan"] {
        assert_eq!(
            portals
                .iter()
                .filter(|p| attribute(p, "data-colour") == Some(colour))
                .count(),
            2,
            "a pair of {colour} markers"
        );
    }
    assert_eq!(elements(&svg, "square").len(), 75, "three sectors of 25");
    assert_eq!(elements(&svg, "sector").len(), 3);
}

#[test]
fn a_held_door_and_a_created_stone_block_are_drawn_where_they_are() {
    let start = given(two_players());
    let door = *start
        .state
        .labyrinth
        .barriers
        .iter()
        .find(|(_, b)| matches!(b, Barrier::Door { .. }))
        .expect("a sector has doors")
        .0;
    let game = start.with([
        Event::DoorHeldOpen {
            seat: BLUE,
            line: door,
        },
        Event::ObjectCreated {
            seat: BLUE,
            creation: super::super::objects::Creation::StoneBlock {
                card: super::super::objects::CardId(3),
                square: sq(0, 0),
                cracks: 0,
            },
        },
    ]);
    let svg = picture(&game, Viewer::Player(RED));
    let held = elements(&svg, "held-door");
    assert_eq!(held.len(), 1);
    assert_eq!(
        attribute(held[0], "data-line"),
        Some(line_id(door).as_str())
    );
    assert_eq!(attribute(held[0], "data-holder"), Some("0"));
    let block = elements(&svg, "stone-block");
    assert_eq!(block.len(), 1);
    assert_eq!(attribute(block[0], "data-square"), Some("r0c0"));
}

/// The text inside each element of `class`, in order.
fn texts<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    elements(svg, class)
        .into_iter()
        .filter_map(|tag| tag.split_once('>').map(|(_, text)| text.trim()))
        .collect()
}

#[test]
fn the_feed_names_a_square_by_the_letter_and_number_on_the_pictures_edges() {
    let step = wizard_at(BLUE, sq(2, 2), sq(1, 2));
    let game = given(game_with(2, Side::A, &DECK, 2, BLUE)).with([step.clone()]);
    let told = WizWar::narrate(&step, &game.state, &names());
    assert!(told.contains(" C2"), "{told}");
    assert!(!told.contains('('), "no (row, column) pair: {told}");

    let svg = picture(&game, Viewer::Player(BLUE));
    let letters = texts(&svg, "col-label");
    assert_eq!(letters, ["A", "B", "C", "D", "E", "F", "G", "H", "I", "J"]);
    assert_eq!(texts(&svg, "row-label"), ["1", "2", "3", "4", "5"]);
    let third = elements(&svg, "col-label")[2];
    assert_eq!(attribute(third, "data-col"), Some("2"));
}
