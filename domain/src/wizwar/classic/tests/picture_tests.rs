//! The board picture of a classic game, as a player looking at it would
//! read it: the sealed sector choice before the board, the AUTO WARP, open
//! edges, doors jammed open, a standing deal, and the classic numbers.

use crate::rng::GameRng;
use crate::ruleset::{Presentation, Ruleset, Seat, SeatNames, Viewer};

use super::super::super::cards::CardName;
use super::super::super::labyrinth::{Barrier, BorderLine, Orientation};
use super::super::super::sector_boards::Colour;
use super::super::deals::Deal;
use super::super::state::ClassicState;
use super::super::{ClassicCommand, EditionCommand, Options, WizWarClassic};

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
    SeatNames::new(vec![
        Some("Morgana".into()),
        Some("Merlin".into()),
        Some("Vivien".into()),
        Some("Nimue".into()),
    ])
}

/// A classic game of `seats` players as set up (the sectors not chosen).
fn table(seats: u8) -> ClassicState {
    let mut state = ClassicState::default();
    for e in WizWarClassic::setup(&Options::default(), seats, &mut GameRng::from_u64(7)).unwrap() {
        WizWarClassic::evolve(&mut state, &e);
    }
    state
}

fn choose(state: &mut ClassicState, seat: u8, sector: Colour) {
    let events = WizWarClassic::decide(
        state,
        Seat(seat),
        &ClassicCommand::Edition(EditionCommand::ChooseSector { sector }),
        &mut GameRng::from_u64(7),
    )
    .unwrap();
    for e in &events {
        WizWarClassic::evolve(state, e);
    }
}

/// A classic board of `seats` players, laid (each chose his own colour).
fn laid(seats: u8) -> ClassicState {
    let mut state = table(seats);
    let colours = [Colour::Blue, Colour::Red, Colour::Yellow, Colour::Green];
    for seat in 0..seats {
        choose(&mut state, seat, colours[usize::from(seat)]);
    }
    assert!(!state.labyrinth.sectors.is_empty(), "the board is laid");
    state
}

fn picture(state: &ClassicState, viewer: Viewer) -> String {
    WizWarClassic::picture(&WizWarClassic::view(state, viewer), &names())
}

#[test]
fn before_the_board_is_laid_the_picture_tells_who_has_chosen_a_sector_and_never_which() {
    let mut state = table(3);
    let svg = picture(&state, Viewer::Spectator);
    assert_eq!(elements(&svg, "sector-choice").len(), 3, "{svg}");
    assert!(elements(&svg, "square").is_empty(), "no board yet");
    choose(&mut state, 0, Colour::Green);
    for viewer in [
        Viewer::Player(Seat(0)),
        Viewer::Player(Seat(1)),
        Viewer::Spectator,
    ] {
        let svg = picture(&state, viewer);
        let choices = elements(&svg, "sector-choice");
        let chosen: Vec<Option<&str>> = choices
            .iter()
            .map(|e| attribute(e, "data-chosen"))
            .collect();
        assert_eq!(chosen, [Some("true"), Some("false"), Some("false")]);
        assert!(svg.contains("Morgana has chosen a sector"));
        assert!(svg.contains("Merlin is still choosing a sector"));
        assert!(!svg.to_lowercase().contains("green"), "{viewer:?}: {svg}");
        assert_eq!(attribute(&svg, "data-ruleset"), Some("wizwar-classic"));
    }
}

#[test]
fn the_three_player_board_shows_the_auto_warp_joining_the_edges_facing_the_empty_quarter() {
    let state = laid(3);
    let svg = picture(&state, Viewer::Spectator);
    let warp = elements(&svg, "auto-warp");
    assert_eq!(warp.len(), 1, "{svg}");
    assert_eq!(
        attribute(warp[0], "data-joins"),
        Some("south-r4c5-r4c9 east-r5c4-r9c4")
    );
    assert!(
        elements(&svg, "portal").is_empty(),
        "no portals in the classic game"
    );
    // No open-edge mark leads into the AUTO WARP: it is no edge.
    assert!(elements(&svg, "open-edge").iter().all(|e| {
        let square = attribute(e, "data-square").unwrap();
        let side = attribute(e, "data-side").unwrap();
        let row_col: Vec<u8> = square[1..].split('c').map(|n| n.parse().unwrap()).collect();
        !((side == "south" && row_col[0] == 4 && row_col[1] >= 5)
            || (side == "east" && row_col[1] == 4 && row_col[0] >= 5))
    }));
}

#[test]
fn the_auto_warp_is_gone_from_the_picture_once_discarded() {
    let mut state = laid(3);
    state.labyrinth.discard_auto_warp();
    let svg = picture(&state, Viewer::Spectator);
    assert!(elements(&svg, "auto-warp").is_empty());
    let two = picture(&laid(2), Viewer::Spectator);
    assert!(
        elements(&two, "auto-warp").is_empty(),
        "only with three players"
    );
    let four = picture(&laid(4), Viewer::Spectator);
    assert!(
        elements(&four, "auto-warp").is_empty(),
        "only with three players"
    );
}

#[test]
fn edge_walls_are_drawn_as_ordinary_walls_and_every_open_edge_square_shows_its_exit() {
    let state = laid(2);
    let svg = picture(&state, Viewer::Spectator);
    assert!(
        elements(&svg, "outer-wall").is_empty(),
        "no outer walls in the classic game"
    );
    let lab = &state.labyrinth;
    let edge_wall = lab
        .barriers
        .iter()
        .find(|(l, b)| {
            matches!(b, Barrier::StoneWall { .. })
                && ((l.orientation == Orientation::Horizontal && l.row == 0)
                    || (l.orientation == Orientation::Vertical && l.col == 0))
        })
        .map(|(l, _)| *l)
        .expect("a wall stands on the north or west edge");
    let walls = elements(&svg, "wall");
    assert!(
        walls
            .iter()
            .any(|w| attribute(w, "data-line") == Some(&line_id(edge_wall))),
        "the edge wall is an ordinary wall"
    );
    // Every edge side with no barrier on it is marked as an open exit, and
    // no walled one is.
    let marks = elements(&svg, "open-edge");
    let mut open = 0;
    for square in lab.squares() {
        for (side, name, on_edge) in [
            (
                super::super::super::labyrinth::Direction::North,
                "north",
                square.row == 0,
            ),
            (
                super::super::super::labyrinth::Direction::South,
                "south",
                square.row == lab.rows - 1,
            ),
            (
                super::super::super::labyrinth::Direction::West,
                "west",
                square.col == 0,
            ),
            (
                super::super::super::labyrinth::Direction::East,
                "east",
                square.col == lab.cols - 1,
            ),
        ] {
            if !on_edge {
                continue;
            }
            let walled = lab.barriers.contains_key(&BorderLine::of(square, side));
            let marked = marks.iter().any(|m| {
                attribute(m, "data-square") == Some(&format!("r{}c{}", square.row, square.col))
                    && attribute(m, "data-side") == Some(name)
            });
            assert_eq!(marked, !walled, "{square:?} {name}");
            open += usize::from(!walled);
        }
    }
    assert!(open > 4, "more than the printed exits are open");
}

#[test]
fn a_door_jammed_open_by_remove_lock_is_drawn_open() {
    let mut state = laid(2);
    let door = state
        .labyrinth
        .barriers
        .iter()
        .find(|(_, b)| matches!(b, Barrier::Door { .. }))
        .map(|(l, _)| *l)
        .expect("a door");
    let before = picture(&state, Viewer::Spectator);
    assert!(elements(&before, "jammed-door").is_empty());
    state.jammed_doors.insert(door);
    let svg = picture(&state, Viewer::Spectator);
    let jammed = elements(&svg, "jammed-door");
    assert_eq!(jammed.len(), 1);
    assert_eq!(
        attribute(jammed[0], "data-line"),
        Some(line_id(door).as_str())
    );
}

#[test]
fn a_standing_deal_shows_who_offers_whom_and_never_its_cards() {
    let mut state = laid(3);
    let give = state.wizards[0].hand[0];
    let given = state.card_view(give).name;
    state.deal = Some(Deal {
        from: Seat(0),
        to: Seat(1),
        give: vec![give],
        ask: vec![CardName::Shield],
    });
    for viewer in [
        Viewer::Player(Seat(0)),
        Viewer::Player(Seat(1)),
        Viewer::Player(Seat(2)),
        Viewer::Spectator,
    ] {
        let svg = picture(&state, viewer);
        let deals = elements(&svg, "deal");
        assert_eq!(deals.len(), 1, "{viewer:?}");
        assert_eq!(attribute(deals[0], "data-from"), Some("0"));
        assert_eq!(attribute(deals[0], "data-to"), Some("1"));
        assert!(svg.contains("Morgana offers Merlin a deal"));
        assert!(!svg.contains(given.title()), "{viewer:?}");
        assert!(!svg.contains(CardName::Shield.title()), "{viewer:?}");
    }
}

#[test]
fn the_legend_tells_life_without_upper_limit_the_seven_card_hand_and_lost_turns() {
    let mut state = laid(2);
    state.wizards[0].life = 24;
    state.wizards[1].stun_tokens = 1;
    let svg = picture(&state, Viewer::Spectator);
    let rules = elements(&svg, "legend-rules");
    assert_eq!(rules.len(), 1, "{svg}");
    assert_eq!(attribute(rules[0], "data-max-life"), Some("none"));
    assert_eq!(attribute(rules[0], "data-hand-limit"), Some("7"));
    assert_eq!(attribute(rules[0], "data-stun"), Some("lost_turn"));
    assert!(svg.contains("no upper limit to life"));
    let legend = elements(&svg, "legend");
    assert_eq!(attribute(legend[0], "data-life"), Some("24"));
    assert_eq!(attribute(legend[0], "data-hand-limit"), Some("7"));
    assert_eq!(attribute(legend[1], "data-lost-turns"), Some("1"));
    assert!(
        svg.contains("Morgana: 24 life, 7 of 7 cards in hand"),
        "{svg}"
    );
    assert!(svg.contains("Merlin: 15 life, 7 of 7 cards in hand, loses the next turn"));
    assert!(!svg.contains("victory points"));
    assert!(!svg.contains("stunned"), "a lost turn, not a stun");
}
