//! Line of sight and adjacency (rulebook p.10, "Line of Sight and Adjacency").
//!
//! A line is traced from the dot in the middle of the looker's square to the
//! dot of the target's square — or, for a wall, door or other border-line
//! target, to the middle of that line ("line of sight to the target itself").
//! Any part of a wall blocks it, including the columns at its ends; a line
//! that passes exactly through a grid corner is blocked only when a column
//! stands there. Objects block only when their card says they fill the
//! square. Through a portal or off an open edge, the two connected squares are
//! treated as directly adjacent: we lay the far side of the connection next to
//! the near side (turned, for a portal) and trace one straight line through it.
//!
//! Geometry is exact: coordinates are doubled (square centres are odd, grid
//! lines even) and multiplied by a common scale, so no float ever decides.

use super::labyrinth::{Barrier, BorderLine, Direction, Labyrinth, Orientation, Square, Step};

/// A point in doubled grid units, multiplied by `scale`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Point {
    y: i64,
    x: i64,
}

fn centre(square: Square, scale: i64) -> Point {
    Point {
        y: (2 * i64::from(square.row) + 1) * scale,
        x: (2 * i64::from(square.col) + 1) * scale,
    }
}

fn midpoint(line: BorderLine, scale: i64) -> Point {
    let (r, c) = (i64::from(line.row), i64::from(line.col));
    match line.orientation {
        Orientation::Horizontal => Point {
            y: 2 * r * scale,
            x: (2 * c + 1) * scale,
        },
        Orientation::Vertical => Point {
            y: (2 * r + 1) * scale,
            x: 2 * c * scale,
        },
    }
}

/// What a line of sight is traced to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SightTarget {
    Square(Square),
    /// A wall, door or empty border line.
    Line(BorderLine),
}

/// The facts line of sight depends on beyond the printed board.
pub struct Sight<'a> {
    pub labyrinth: &'a Labyrinth,
    /// Doors held open do not block (p.8: a spell may be cast through an open door).
    pub door_is_open: &'a dyn Fn(BorderLine) -> bool,
    /// Objects whose card says they fill the entire square.
    pub fills_square: &'a dyn Fn(Square) -> bool,
}

fn rotate(p: Point, quarter_turns: u8) -> Point {
    let mut p = p;
    for _ in 0..quarter_turns % 4 {
        // Clockwise on screen (y down): north becomes east.
        p = Point { y: p.x, x: -p.y };
    }
    p
}

/// Lays the far side of a connection next to its near side.
struct Unfold {
    turns: u8,
    far: Square,
    near_beyond: (i64, i64),
}

impl Unfold {
    fn new(exit: Square, direction: Direction, step: &Step) -> Self {
        let (dr, dc) = direction.delta();
        Unfold {
            turns: (4 + direction.index() - step.heading.index()) % 4,
            far: step.to,
            near_beyond: (
                2 * i64::from(exit.row) + 1 + 2 * i64::from(dr),
                2 * i64::from(exit.col) + 1 + 2 * i64::from(dc),
            ),
        }
    }

    /// A far-side point in the near side's frame.
    fn forward(&self, p: Point, scale: i64) -> Point {
        let f = centre(self.far, scale);
        let r = rotate(
            Point {
                y: p.y - f.y,
                x: p.x - f.x,
            },
            self.turns,
        );
        Point {
            y: r.y + self.near_beyond.0 * scale,
            x: r.x + self.near_beyond.1 * scale,
        }
    }

    fn back(&self, p: Point, scale: i64) -> Point {
        let f = centre(self.far, scale);
        let r = rotate(
            Point {
                y: p.y - self.near_beyond.0 * scale,
                x: p.x - self.near_beyond.1 * scale,
            },
            4 - self.turns,
        );
        Point {
            y: r.y + f.y,
            x: r.x + f.x,
        }
    }
}

impl Sight<'_> {
    fn line_blocks(&self, line: BorderLine) -> bool {
        if self.labyrinth.is_edge_line(line) {
            // Leaving the board outside a connection: nothing to see there.
            return true;
        }
        self.barrier_blocks(line)
    }

    fn barrier_blocks(&self, line: BorderLine) -> bool {
        match self.labyrinth.barrier(line) {
            None => false,
            Some(Barrier::Door { .. }) => !(self.door_is_open)(line),
            Some(Barrier::StoneWall { .. } | Barrier::OuterWall) => true,
        }
    }

    /// Whether the straight segment p→q (both scaled by `scale`) is clear.
    /// Lines the segment only touches at an end are not crossed.
    fn segment_clear(&self, p: Point, q: Point, scale: i64, exclude: [Option<Square>; 2]) -> bool {
        let mut params: Vec<f64> = vec![0.0, 1.0];
        for horizontal in [true, false] {
            let (pa, qa, pb, qb) = if horizontal {
                (p.y, q.y, p.x, q.x)
            } else {
                (p.x, q.x, p.y, q.y)
            };
            if pa == qa {
                continue;
            }
            let unit = 2 * scale;
            let (lo, hi) = (pa.min(qa), pa.max(qa));
            let mut k = lo.div_euclid(unit);
            while k * unit <= hi {
                let a = k * unit;
                k += 1;
                if a <= lo || a >= hi {
                    continue;
                }
                let mut den = qa - pa;
                let mut num = pb * den + (qb - pb) * (a - pa);
                if den < 0 {
                    den = -den;
                    num = -num;
                }
                params.push((a - pa) as f64 / (qa - pa) as f64);
                let grid = a / unit;
                if num.rem_euclid(unit * den) == 0 {
                    let other = num / (unit * den);
                    let (row, col) = if horizontal {
                        (grid, other)
                    } else {
                        (other, grid)
                    };
                    if self.labyrinth.has_column(row as i32, col as i32) {
                        return false;
                    }
                    continue;
                }
                let other = num.div_euclid(unit * den);
                let line = if horizontal {
                    BorderLine {
                        orientation: Orientation::Horizontal,
                        row: grid as u8,
                        col: other as u8,
                    }
                } else {
                    BorderLine {
                        orientation: Orientation::Vertical,
                        row: other as u8,
                        col: grid as u8,
                    }
                };
                if self.line_blocks(line) {
                    return false;
                }
            }
        }
        // Squares passed through (not the ends) that are filled by an object.
        params.sort_by(f64::total_cmp);
        for pair in params.windows(2) {
            if pair[1] - pair[0] < 1e-9 {
                continue;
            }
            let t = (pair[0] + pair[1]) / 2.0;
            let y = (p.y as f64 + (q.y - p.y) as f64 * t) / (2 * scale) as f64;
            let x = (p.x as f64 + (q.x - p.x) as f64 * t) / (2 * scale) as f64;
            let square = Square::new(y.floor() as u8, x.floor() as u8);
            if !exclude.contains(&Some(square)) && (self.fills_square)(square) {
                return false;
            }
        }
        true
    }

    fn target_point(target: SightTarget, scale: i64) -> Point {
        match target {
            SightTarget::Square(s) => centre(s, scale),
            SightTarget::Line(l) => midpoint(l, scale),
        }
    }

    fn target_square(target: SightTarget) -> Option<Square> {
        match target {
            SightTarget::Square(s) => Some(s),
            SightTarget::Line(_) => None,
        }
    }

    /// Whether a wizard in `from` has line of sight to `target`.
    pub fn sees(&self, from: Square, target: SightTarget) -> bool {
        if target == SightTarget::Square(from) {
            return true;
        }
        let exclude = [Some(from), Self::target_square(target)];
        if self.segment_clear(centre(from, 1), Self::target_point(target, 1), 1, exclude) {
            return true;
        }
        self.labyrinth
            .connections()
            .iter()
            .any(|(exit, direction, step)| self.sees_through(from, target, *exit, *direction, step))
    }

    /// Line of sight that crosses one connection (wrap-around or portal).
    fn sees_through(
        &self,
        from: Square,
        target: SightTarget,
        exit: Square,
        direction: Direction,
        step: &Step,
    ) -> bool {
        let [Some(out_line), Some(in_line)] = step.lines else {
            return false;
        };
        if self.barrier_blocks(out_line) || self.barrier_blocks(in_line) {
            return false;
        }
        let unfold = Unfold::new(exit, direction, step);
        let p = centre(from, 1);
        let v = unfold.forward(Self::target_point(target, 1), 1);
        let m = midpoint(out_line, 1);
        // The crossing of p→v with the exit line, which must fall strictly
        // inside the line (its ends are columns).
        let (pa, va, pb, vb, la, lb) = match out_line.orientation {
            Orientation::Horizontal => (p.y, v.y, p.x, v.x, m.y, m.x),
            Orientation::Vertical => (p.x, v.x, p.y, v.y, m.x, m.y),
        };
        if (pa - la).signum() * (va - la).signum() >= 0 {
            return false;
        }
        let mut den = va - pa;
        let mut num = pb * den + (vb - pb) * (la - pa);
        if den < 0 {
            den = -den;
            num = -num;
        }
        if num <= (lb - 1) * den || num >= (lb + 1) * den {
            return false;
        }
        let s = den;
        let crossing = match out_line.orientation {
            Orientation::Horizontal => Point { y: la * s, x: num },
            Orientation::Vertical => Point { y: num, x: la * s },
        };
        let near_clear = self.segment_clear(centre(from, s), crossing, s, [Some(from), None]);
        near_clear
            && self.segment_clear(
                unfold.back(crossing, s),
                Self::target_point(target, s),
                s,
                [None, Self::target_square(target)],
            )
    }

    /// Adjacent: the same square, or a neighbour (also through a portal or
    /// off an open edge) with clear line of sight across the shared border
    /// (p.10). Sight that only comes round the board another way does not
    /// make a walled-off neighbour adjacent.
    pub fn adjacent(&self, from: Square, to: Square) -> bool {
        from == to
            || Direction::ALL.iter().any(|d| {
                self.labyrinth.step(from, *d).is_some_and(|s| {
                    s.to == to && s.lines.iter().flatten().all(|l| !self.barrier_blocks(*l))
                })
            })
    }

    /// Adjacent to a border line: in a square beside it and seeing it.
    pub fn adjacent_to_line(&self, from: Square, line: BorderLine) -> bool {
        self.labyrinth.squares_beside_line(line).contains(&from)
            && self.sees(from, SightTarget::Line(line))
    }
}
