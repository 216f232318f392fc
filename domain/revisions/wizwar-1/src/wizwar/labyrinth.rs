//! The labyrinth: squares, border lines, stone walls, doors and columns,
//! sector assembly, wrap-around and portals (rulebook pp.4–5, 8, 13–14).
//!
//! Coordinates are global: `Square { row, col }` with row 0 at the north edge
//! of the assembled board. A border line is named by the square it bounds on
//! its north (horizontal line) or west (vertical line) side, so the line south
//! of the last row is `Horizontal { row: rows, .. }`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ruleset::Seat;

use super::sector_boards::{self, Colour, EXITS, HOME_BASE, LocalSquare, SECTOR_SIZE, Side};

/// One square of the assembled labyrinth.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = WizwarSquare)]
pub struct Square {
    pub row: u8,
    pub col: u8,
}

impl Square {
    pub const fn new(row: u8, col: u8) -> Self {
        Square { row, col }
    }
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "({}, {})", self.row, self.col)
    }
}

/// A compass direction on the board (wizards never move diagonally, p.7).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarDirection)]
pub enum Direction {
    North,
    East,
    South,
    West,
}

impl Direction {
    pub const ALL: [Direction; 4] = [
        Direction::North,
        Direction::East,
        Direction::South,
        Direction::West,
    ];

    pub fn index(self) -> u8 {
        self as u8
    }

    pub fn from_index(i: u8) -> Self {
        Self::ALL[usize::from(i % 4)]
    }

    pub fn opposite(self) -> Self {
        self.turned_clockwise(2)
    }

    pub fn turned_clockwise(self, quarter_turns: u8) -> Self {
        Self::from_index(self.index() + quarter_turns % 4)
    }

    /// (row delta, column delta).
    pub fn delta(self) -> (i32, i32) {
        match self {
            Direction::North => (-1, 0),
            Direction::East => (0, 1),
            Direction::South => (1, 0),
            Direction::West => (0, -1),
        }
    }
}

/// Which way a border line runs.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarOrientation)]
pub enum Orientation {
    /// Along the north side of square (row, col).
    Horizontal,
    /// Along the west side of square (row, col).
    Vertical,
}

/// A border line between two squares (or at the edge of the board): where
/// walls and doors stand (rulebook p.10, target type "Border Line").
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[schema(as = WizwarBorderLine)]
pub struct BorderLine {
    pub orientation: Orientation,
    pub row: u8,
    pub col: u8,
}

impl BorderLine {
    /// The line on `side` of `square`.
    pub fn of(square: Square, side: Direction) -> Self {
        let (orientation, row, col) = match side {
            Direction::North => (Orientation::Horizontal, square.row, square.col),
            Direction::South => (Orientation::Horizontal, square.row + 1, square.col),
            Direction::West => (Orientation::Vertical, square.row, square.col),
            Direction::East => (Orientation::Vertical, square.row, square.col + 1),
        };
        BorderLine {
            orientation,
            row,
            col,
        }
    }

    /// The two grid positions on either side: (square, side of that square facing the line).
    /// Either may lie off the board.
    pub fn sides(self) -> [(i32, i32, Direction); 2] {
        let (r, c) = (i32::from(self.row), i32::from(self.col));
        match self.orientation {
            Orientation::Horizontal => [(r - 1, c, Direction::South), (r, c, Direction::North)],
            Orientation::Vertical => [(r, c - 1, Direction::East), (r, c, Direction::West)],
        }
    }

    /// The two column positions (vertices) at its ends, as (row, col) grid points.
    pub fn ends(self) -> [(i32, i32); 2] {
        let (r, c) = (i32::from(self.row), i32::from(self.col));
        match self.orientation {
            Orientation::Horizontal => [(r, c), (r, c + 1)],
            Orientation::Vertical => [(r, c), (r + 1, c)],
        }
    }
}

impl std::fmt::Display for BorderLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let side = match self.orientation {
            Orientation::Horizontal => "north",
            Orientation::Vertical => "west",
        };
        write!(f, "the {side} side of ({}, {})", self.row, self.col)
    }
}

/// What stands on a border line. An open line has no barrier.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schema(as = WizwarBarrier)]
pub enum Barrier {
    /// A stone wall: five cracks destroy it (p.13).
    StoneWall { cracks: u8 },
    /// A door: locked to all but the owners of its sector; three cracks destroy it (p.8, p.13).
    Door { cracks: u8 },
    /// A wall on the outer edge of the labyrinth: indestructible and impassable (p.14).
    OuterWall,
}

/// Where a sector board lies: its slot in the layout (see [`slot_origin`]).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(transparent)]
#[schema(as = WizwarSectorIndex)]
pub struct SectorIndex(pub u8);

/// One sector board as laid on the table at setup.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = WizwarPlacedSector)]
pub struct PlacedSector {
    pub colour: Colour,
    pub owner: Seat,
    pub slot: SectorIndex,
    /// Clockwise quarter turns from the printed orientation (0–3).
    pub quarter_turns: u8,
}

/// The colour of a portal pair (the box holds two purple and two cyan markers).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarPortalColour)]
pub enum PortalColour {
    Purple,
    Cyan,
}

/// A portal marker: stands at the `side` of an edge square; walking through
/// it re-enters the board at the other marker of the same colour (p.8).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[schema(as = WizwarPortal)]
pub struct Portal {
    pub colour: PortalColour,
    pub square: Square,
    pub side: Direction,
}

/// How a step reaches the next square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarStepKind)]
pub enum StepKind {
    /// To a neighbouring square across one border line.
    Adjacent,
    /// Off an open edge, back in on the opposite side (p.8).
    WrapAround,
    /// Through a portal to its twin (p.8).
    Portal,
}

/// Where one step from a square leads.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Step {
    pub to: Square,
    /// The direction of travel on arrival (differs from the departure only through portals).
    pub heading: Direction,
    pub kind: StepKind,
    /// The border lines crossed: the one left through and, off the edge, the one entered by.
    pub lines: [Option<BorderLine>; 2],
}

/// The top-left square of a layout slot. Slots: 0 north-west, 1 north-east,
/// 2 south-west, 3 south-east (`mod.rs`: board assembly decision).
pub fn slot_origin(slot: SectorIndex) -> (u8, u8) {
    let s = SECTOR_SIZE;
    match slot.0 {
        0 => (0, 0),
        1 => (0, s),
        2 => (s, 0),
        _ => (s, s),
    }
}

/// The assembled game board.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Labyrinth {
    pub side: Side,
    pub rows: u8,
    pub cols: u8,
    pub sectors: Vec<PlacedSector>,
    /// Every border line that is not open.
    pub barriers: BTreeMap<BorderLine, Barrier>,
    pub portals: Vec<Portal>,
    /// Every way off the board that leads somewhere, computed once at assembly.
    links: Vec<(Square, Direction, Step)>,
}

/// Turns a sector-local square by clockwise quarter turns about the centre.
pub fn rotate_local(square: LocalSquare, quarter_turns: u8) -> LocalSquare {
    let mut s = square;
    for _ in 0..quarter_turns % 4 {
        s = LocalSquare {
            row: s.col,
            col: SECTOR_SIZE - 1 - s.row,
        };
    }
    s
}

impl Labyrinth {
    /// Lays the sector boards: one per player (data §8: 2 side by side, 3 in an
    /// L with portals at the empty corner, 4 in a square).
    pub fn assemble(side: Side, sectors: &[PlacedSector]) -> Labyrinth {
        let (rows, cols) = match sectors.len() {
            0..=2 => (SECTOR_SIZE, 2 * SECTOR_SIZE),
            _ => (2 * SECTOR_SIZE, 2 * SECTOR_SIZE),
        };
        let mut lab = Labyrinth {
            side,
            rows,
            cols,
            sectors: sectors.to_vec(),
            barriers: BTreeMap::new(),
            portals: Vec::new(),
            links: Vec::new(),
        };
        lab.build_barriers();
        if sectors.len() == 3 {
            // The empty south-east quadrant: the exits whose straight way out
            // lands in it are joined in pairs (data §8, our decision in mod.rs).
            let s = SECTOR_SIZE;
            lab.portals = vec![
                Portal {
                    colour: PortalColour::Purple,
                    square: Square::new(s - 1, s + 2),
                    side: Direction::South,
                },
                Portal {
                    colour: PortalColour::Purple,
                    square: Square::new(s + 2, s - 1),
                    side: Direction::East,
                },
                Portal {
                    colour: PortalColour::Cyan,
                    square: Square::new(0, s + 2),
                    side: Direction::North,
                },
                Portal {
                    colour: PortalColour::Cyan,
                    square: Square::new(s + 2, 0),
                    side: Direction::West,
                },
            ];
        }
        lab.links = lab.find_connections();
        lab
    }

    /// (Re)builds every barrier from the printed faces. Double walls where
    /// sectors meet count once (p.14); a wall beats a door facing an open exit.
    fn build_barriers(&mut self) {
        let mut barriers = BTreeMap::new();
        for sector in &self.sectors {
            let face = sector_boards::face(sector.colour, self.side);
            for row in 0..SECTOR_SIZE {
                for col in 0..SECTOR_SIZE {
                    let local = LocalSquare { row, col };
                    for side in Direction::ALL {
                        let line = BorderLine::of(
                            self.to_global(sector, local),
                            side.turned_clockwise(sector.quarter_turns),
                        );
                        if face.has_wall(local, side) {
                            barriers.insert(line, Barrier::StoneWall { cracks: 0 });
                        } else if face.has_door(local, side) {
                            barriers.entry(line).or_insert(Barrier::Door { cracks: 0 });
                        }
                    }
                }
            }
        }
        for (line, barrier) in barriers.iter_mut() {
            if matches!(barrier, Barrier::StoneWall { .. }) && self.is_edge_line(*line) {
                *barrier = Barrier::OuterWall;
            }
        }
        self.barriers = barriers;
    }

    /// Turns one sector in place by clockwise quarter turns (Rotate Sector,
    /// p.14): its walls and doors turn with it, with their cracks, created
    /// walls and destroyed markers; lines where it meets the rest of the
    /// board are rebuilt from the printed faces (damage there is repaired,
    /// created walls there must be ended first); portals stay where they are.
    pub fn turn_sector(&mut self, slot: SectorIndex, quarter_turns: u8) {
        let before = self.barriers.clone();
        let Some(origin) = self
            .sectors
            .iter()
            .find(|s| s.slot == slot)
            .map(|s| slot_origin(s.slot))
        else {
            return;
        };
        for sector in &mut self.sectors {
            if sector.slot == slot {
                sector.quarter_turns = (sector.quarter_turns + quarter_turns) % 4;
            }
        }
        self.build_barriers();
        let printed = std::mem::take(&mut self.barriers);
        let inside = |r: i32, c: i32| {
            let (r0, c0) = (i32::from(origin.0), i32::from(origin.1));
            let n = i32::from(SECTOR_SIZE);
            (r0..r0 + n).contains(&r) && (c0..c0 + n).contains(&c)
        };
        let mut lines: BTreeMap<BorderLine, Barrier> = BTreeMap::new();
        // Lines away from the sector keep their state; lines on its edge are
        // printed afresh.
        let mut all: Vec<BorderLine> = before.keys().chain(printed.keys()).copied().collect();
        all.sort();
        all.dedup();
        for line in all {
            let [a, b] = line.sides();
            match (inside(a.0, a.1), inside(b.0, b.1)) {
                (false, false) => {
                    if let Some(barrier) = before.get(&line) {
                        lines.insert(line, *barrier);
                    }
                }
                (true, true) => {}
                _ => {
                    if let Some(barrier) = printed.get(&line) {
                        lines.insert(line, *barrier);
                    }
                }
            }
        }
        // Lines inside the sector carry their state to where they turn.
        for (line, barrier) in &before {
            let [a, b] = line.sides();
            if inside(a.0, a.1) && inside(b.0, b.1) {
                let square = Square::new(b.0 as u8, b.1 as u8);
                let turned = BorderLine::of(
                    self.turn_square(slot, square, quarter_turns),
                    b.2.turned_clockwise(quarter_turns),
                );
                lines.insert(turned, *barrier);
            }
        }
        self.barriers = lines;
        self.links = self.find_connections();
    }

    /// Where a square of the sector in `slot` goes when it turns.
    pub fn turn_square(&self, slot: SectorIndex, square: Square, quarter_turns: u8) -> Square {
        let (r0, c0) = slot_origin(slot);
        let in_slot = self.sector_at(square).is_some_and(|s| s.slot == slot);
        if !in_slot {
            return square;
        }
        let turned = rotate_local(
            LocalSquare {
                row: square.row - r0,
                col: square.col - c0,
            },
            quarter_turns,
        );
        Square::new(r0 + turned.row, c0 + turned.col)
    }

    /// Where a border line strictly inside the sector in `slot` goes when it
    /// turns; other lines stay.
    pub fn turn_line(&self, slot: SectorIndex, line: BorderLine, quarter_turns: u8) -> BorderLine {
        let [a, b] = line.sides();
        let in_slot = |r: i32, c: i32| {
            self.contains(r, c)
                && self
                    .sector_at(Square::new(r as u8, c as u8))
                    .is_some_and(|s| s.slot == slot)
        };
        if in_slot(a.0, a.1) && in_slot(b.0, b.1) {
            let square = Square::new(b.0 as u8, b.1 as u8);
            BorderLine::of(
                self.turn_square(slot, square, quarter_turns),
                b.2.turned_clockwise(quarter_turns),
            )
        } else {
            line
        }
    }

    /// Whether a line has the sector in `slot` on exactly one side.
    pub fn on_sector_edge(&self, slot: SectorIndex, line: BorderLine) -> bool {
        let sides: Vec<bool> = line
            .sides()
            .iter()
            .map(|(r, c, _)| {
                self.contains(*r, *c)
                    && self
                        .sector_at(Square::new(*r as u8, *c as u8))
                        .is_some_and(|s| s.slot == slot)
            })
            .collect();
        sides[0] != sides[1]
    }

    pub fn to_global(&self, sector: &PlacedSector, local: LocalSquare) -> Square {
        let turned = rotate_local(local, sector.quarter_turns);
        let (r, c) = slot_origin(sector.slot);
        Square::new(r + turned.row, c + turned.col)
    }

    pub fn contains(&self, row: i32, col: i32) -> bool {
        if row < 0 || col < 0 || row >= i32::from(self.rows) || col >= i32::from(self.cols) {
            return false;
        }
        self.sector_at(Square::new(row as u8, col as u8)).is_some()
    }

    pub fn sector_at(&self, square: Square) -> Option<&PlacedSector> {
        self.sectors.iter().find(|s| {
            let (r, c) = slot_origin(s.slot);
            (r..r + SECTOR_SIZE).contains(&square.row) && (c..c + SECTOR_SIZE).contains(&square.col)
        })
    }

    pub fn sector_of(&self, owner: Seat) -> Option<&PlacedSector> {
        self.sectors.iter().find(|s| s.owner == owner)
    }

    pub fn home_base(&self, owner: Seat) -> Option<Square> {
        self.sector_of(owner).map(|s| self.to_global(s, HOME_BASE))
    }

    /// Whose home base this square is.
    pub fn home_base_owner(&self, square: Square) -> Option<Seat> {
        self.sectors
            .iter()
            .find(|s| self.to_global(s, HOME_BASE) == square)
            .map(|s| s.owner)
    }

    pub fn treasure_squares(&self, sector: &PlacedSector) -> [Square; 2] {
        let face = sector_boards::face(sector.colour, self.side);
        face.treasure_squares.map(|t| self.to_global(sector, t))
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.rows)
            .flat_map(move |r| (0..self.cols).map(move |c| Square::new(r, c)))
            .filter(|s| self.contains(i32::from(s.row), i32::from(s.col)))
    }

    pub fn barrier(&self, line: BorderLine) -> Option<Barrier> {
        self.barriers.get(&line).copied()
    }

    /// A line with the board on one side only.
    pub fn is_edge_line(&self, line: BorderLine) -> bool {
        let [a, b] = line.sides();
        self.contains(a.0, a.1) != self.contains(b.0, b.1)
    }

    /// The on-board squares a line borders (one for an edge line).
    pub fn squares_beside_line(&self, line: BorderLine) -> Vec<Square> {
        line.sides()
            .iter()
            .filter(|(r, c, _)| self.contains(*r, *c))
            .map(|(r, c, _)| Square::new(*r as u8, *c as u8))
            .collect()
    }

    /// The seats whose sector holds this line (two where sectors meet).
    pub fn line_owners(&self, line: BorderLine) -> Vec<Seat> {
        let mut owners: Vec<Seat> = self
            .squares_beside_line(line)
            .iter()
            .filter_map(|s| self.sector_at(*s).map(|p| p.owner))
            .collect();
        owners.dedup();
        owners
    }

    /// A column stands at a grid point when any wall or door ends there
    /// (data §3: columns are implicit; p.13: a lone column falls with its walls).
    pub fn has_column(&self, row: i32, col: i32) -> bool {
        if row < 0 || col < 0 {
            return false;
        }
        let (r, c) = (row as u8, col as u8);
        let mut lines = vec![];
        if c > 0 {
            lines.push(BorderLine {
                orientation: Orientation::Horizontal,
                row: r,
                col: c - 1,
            });
        }
        lines.push(BorderLine {
            orientation: Orientation::Horizontal,
            row: r,
            col: c,
        });
        if r > 0 {
            lines.push(BorderLine {
                orientation: Orientation::Vertical,
                row: r - 1,
                col: c,
            });
        }
        lines.push(BorderLine {
            orientation: Orientation::Vertical,
            row: r,
            col: c,
        });
        lines.iter().any(|l| self.barriers.contains_key(l))
    }

    /// How many orthogonal steps each square within `limit` is from `from`,
    /// barriers notwithstanding (wrap-around and portals are steps too):
    /// how far a teleport reaches or a thrown thing flies.
    pub fn steps_from(&self, from: Square, limit: u8) -> BTreeMap<Square, u8> {
        let mut reached = BTreeMap::from([(from, 0)]);
        let mut frontier = vec![from];
        for steps in 1..=limit {
            let mut next = vec![];
            for square in frontier {
                for d in Direction::ALL {
                    if let Some(step) = self.step(square, d)
                        && !reached.contains_key(&step.to)
                    {
                        reached.insert(step.to, steps);
                        next.push(step.to);
                    }
                }
            }
            if next.is_empty() {
                break;
            }
            frontier = next;
        }
        reached
    }

    /// Where one step from `from` towards `direction` leads, ignoring barriers;
    /// `None` when the way leaves the board where nothing connects.
    pub fn step(&self, from: Square, direction: Direction) -> Option<Step> {
        let (dr, dc) = direction.delta();
        let (r, c) = (i32::from(from.row) + dr, i32::from(from.col) + dc);
        let exit = BorderLine::of(from, direction);
        if self.contains(r, c) {
            return Some(Step {
                to: Square::new(r as u8, c as u8),
                heading: direction,
                kind: StepKind::Adjacent,
                lines: [Some(exit), None],
            });
        }
        if let Some(portal) = self
            .portals
            .iter()
            .find(|p| p.square == from && p.side == direction)
        {
            let twin = self
                .portals
                .iter()
                .find(|p| p.colour == portal.colour && p != &portal)?;
            return Some(Step {
                to: twin.square,
                heading: twin.side.opposite(),
                kind: StepKind::Portal,
                lines: [Some(exit), Some(BorderLine::of(twin.square, twin.side))],
            });
        }
        if !EXITS.iter().any(|(local, side)| {
            self.sector_at(from).is_some_and(|s| {
                self.to_global(s, *local) == from
                    && side.turned_clockwise(s.quarter_turns) == direction
            })
        }) {
            return None;
        }
        // Wrap-around: back along the row or column to the last square on the board.
        let back = direction.opposite();
        let (br, bc) = back.delta();
        let (mut r, mut c) = (i32::from(from.row), i32::from(from.col));
        while self.contains(r + br, c + bc) {
            r += br;
            c += bc;
        }
        let to = Square::new(r as u8, c as u8);
        Some(Step {
            to,
            heading: direction,
            kind: StepKind::WrapAround,
            lines: [Some(exit), Some(BorderLine::of(to, back))],
        })
    }

    /// Every way off the board that leads somewhere: (edge square, side, step).
    pub fn connections(&self) -> &[(Square, Direction, Step)] {
        &self.links
    }

    fn find_connections(&self) -> Vec<(Square, Direction, Step)> {
        let mut out = vec![];
        for square in self.squares() {
            for direction in Direction::ALL {
                if let Some(step) = self.step(square, direction)
                    && step.kind != StepKind::Adjacent
                {
                    out.push((square, direction, step));
                }
            }
        }
        out
    }
}
