//! Line of sight and adjacency (rulebook p.10), checked exhaustively on the
//! real boards.

use super::given::*;
use crate::wizwar::labyrinth::{Barrier, BorderLine, Direction, Labyrinth, PlacedSector, Square};
use crate::wizwar::line_of_sight::{Sight, SightTarget};
use crate::wizwar::sector_boards::Side;

fn sight_of<T>(lab: &Labyrinth, f: impl FnOnce(&Sight<'_>) -> T) -> T {
    f(&Sight {
        labyrinth: lab,
        door_is_open: &|_| false,
        fills_square: &|_| false,
    })
}

/// Every real layout: 2, 3 and 4 players, both sides, each sector turned
/// differently.
fn layouts() -> Vec<Labyrinth> {
    let mut out = vec![];
    for players in 2..=4u8 {
        for side in [Side::A, Side::B] {
            for turn in 0..4u8 {
                let sectors: Vec<PlacedSector> = sectors(players)
                    .into_iter()
                    .enumerate()
                    .map(|(i, mut s)| {
                        s.quarter_turns = (turn + i as u8) % 4;
                        s
                    })
                    .collect();
                out.push(Labyrinth::assemble(side, &sectors));
            }
        }
    }
    out
}

fn see(lab: &Labyrinth, a: Square, b: Square) -> bool {
    sight_of(lab, |s| s.sees(a, SightTarget::Square(b)))
}

#[test]
fn line_of_sight_is_symmetric_on_every_real_board() {
    for lab in layouts().iter().step_by(3) {
        let squares: Vec<Square> = lab.squares().collect();
        for a in &squares {
            for b in &squares {
                if a < b {
                    assert_eq!(see(lab, *a, *b), see(lab, *b, *a), "{a} {b}");
                }
            }
        }
    }
}

#[test]
fn neighbours_are_adjacent_exactly_when_no_wall_or_door_stands_between() {
    for lab in layouts() {
        for a in lab.squares() {
            for d in Direction::ALL {
                let Some(step) = lab.step(a, d) else { continue };
                let open = step
                    .lines
                    .iter()
                    .flatten()
                    .all(|l| lab.barrier(*l).is_none());
                assert_eq!(
                    sight_of(&lab, |s| s.adjacent(a, step.to)),
                    open,
                    "{a} {d:?}"
                );
                if open {
                    assert!(see(&lab, a, step.to), "{a} {d:?}");
                }
            }
        }
    }
}

#[test]
fn along_a_row_sight_is_blocked_by_exactly_the_walls_on_the_way() {
    // A centre-to-centre line along a row never touches a corner, so only the
    // border lines crossed matter: an independent check of the geometry.
    for lab in layouts() {
        for a in lab.squares() {
            for b in lab.squares() {
                if a.row != b.row || a.col >= b.col {
                    continue;
                }
                let clear = (a.col + 1..=b.col).all(|c| {
                    lab.contains(i32::from(a.row), i32::from(c))
                        && lab.barrier(v(a.row, c)).is_none()
                });
                if clear {
                    assert!(see(&lab, a, b), "{a} {b}");
                }
                let direct_blocked = !clear;
                let wraps = lab.connections().iter().any(|(s, _, _)| s.row == a.row);
                if direct_blocked && !wraps {
                    assert!(!see(&lab, a, b), "{a} {b}");
                }
            }
        }
    }
}

/// An open 5×10 hall: outer walls all round (exits closed, so no sight
/// comes round the board), plus `walls`.
fn open_board(walls: &[BorderLine]) -> Labyrinth {
    let mut lab = Labyrinth::assemble(Side::A, &sectors(2));
    lab.barriers.retain(|_, b| matches!(b, Barrier::OuterWall));
    for (square, d, _) in lab.connections().to_vec() {
        lab.barriers
            .insert(BorderLine::of(square, d), Barrier::OuterWall);
    }
    for w in walls {
        lab.barriers.insert(*w, Barrier::StoneWall { cracks: 0 });
    }
    lab
}

#[test]
fn a_line_through_a_bare_corner_is_clear_but_a_column_blocks_it() {
    // (1,1) to (3,3) passes exactly through the grid corner (2,2) and (3,3).
    let lab = open_board(&[]);
    assert!(see(&lab, sq(1, 1), sq(3, 3)));
    // A wall ending at corner (2,2) puts a column there: blocked, though the
    // line touches no wall.
    let lab = open_board(&[h(2, 0)]);
    assert!(lab.has_column(2, 1) && !lab.has_column(2, 2));
    let lab = open_board(&[h(2, 2)]);
    assert!(lab.has_column(2, 2));
    assert!(!see(&lab, sq(1, 1), sq(3, 3)));
    assert!(!see(&lab, sq(3, 3), sq(1, 1)));
}

#[test]
fn any_part_of_a_wall_between_the_dots_blocks_the_line() {
    let lab = open_board(&[v(1, 5)]);
    assert!(!see(&lab, sq(1, 2), sq(1, 7)));
    assert!(
        !see(&lab, sq(0, 4), sq(2, 6)),
        "a diagonal through the wall's middle"
    );
    assert!(see(&lab, sq(0, 2), sq(0, 7)), "the row above is clear");
}

#[test]
fn a_wall_or_door_target_needs_line_of_sight_to_the_line_itself() {
    let lab = open_board(&[v(1, 5), v(1, 3)]);
    let target = SightTarget::Line(v(1, 5));
    assert!(sight_of(&lab, |s| s.sees(sq(1, 4), target)));
    assert!(
        sight_of(&lab, |s| s.sees(sq(1, 6), target)),
        "from either side"
    );
    assert!(
        !sight_of(&lab, |s| s.sees(sq(1, 2), target)),
        "another wall is in the way"
    );
    assert!(sight_of(&lab, |s| s.adjacent_to_line(sq(1, 4), v(1, 5))));
    assert!(!sight_of(&lab, |s| s.adjacent_to_line(sq(0, 4), v(1, 5))));
}

#[test]
fn a_closed_door_blocks_sight_and_a_door_held_open_does_not() {
    let mut lab = open_board(&[]);
    lab.barriers.insert(v(1, 5), Barrier::Door { cracks: 0 });
    assert!(!see(&lab, sq(1, 4), sq(1, 6)));
    let held = Sight {
        labyrinth: &lab,
        door_is_open: &|l| l == v(1, 5),
        fills_square: &|_| false,
    };
    assert!(held.sees(sq(1, 4), SightTarget::Square(sq(1, 6))));
}

#[test]
fn objects_block_sight_only_when_they_fill_their_square() {
    let lab = open_board(&[]);
    let filled = Sight {
        labyrinth: &lab,
        door_is_open: &|_| false,
        fills_square: &|s| s == sq(1, 4),
    };
    assert!(!filled.sees(sq(1, 2), SightTarget::Square(sq(1, 6))));
    assert!(
        filled.sees(sq(1, 2), SightTarget::Square(sq(1, 4))),
        "the filling object itself is seen"
    );
    assert!(
        see(&lab, sq(1, 2), sq(1, 6)),
        "a dropped item does not fill its square"
    );
}

#[test]
fn squares_joined_by_wrap_around_are_adjacent_and_see_each_other() {
    let lab = Labyrinth::assemble(Side::A, &sectors(2));
    assert!(sight_of(&lab, |s| s.adjacent(sq(2, 0), sq(2, 9))));
    assert!(
        !sight_of(&lab, |s| s.adjacent(sq(0, 2), sq(4, 2))),
        "a closed door at the south exit"
    );
    assert!(
        !sight_of(&lab, |s| s.adjacent(sq(0, 7), sq(4, 7))),
        "red's south exit has a door"
    );
    // Straight on through the edge, several squares: (2,1) sees (2,8).
    assert!(see(&lab, sq(2, 1), sq(2, 8)));
    assert!(see(&lab, sq(2, 8), sq(2, 1)));
}

#[test]
fn squares_joined_by_a_portal_are_adjacent_and_see_each_other() {
    // Side B: the purple exits (4,7) south and (7,4) east are open.
    let lab = Labyrinth::assemble(Side::B, &sectors(3));
    assert!(sight_of(&lab, |s| s.adjacent(sq(4, 7), sq(7, 4))));
    assert!(sight_of(&lab, |s| s.adjacent(sq(0, 7), sq(7, 0))));
    assert!(!sight_of(&lab, |s| s.adjacent(sq(4, 7), sq(7, 0))));
}
