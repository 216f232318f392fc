//! The labyrinth: squares, border lines, stone walls, doors and columns,
//! sector assembly, wrap-around and portals (rulebook pp.4–5, 8, 13–14).
//!
//! Coordinates are global: `Square { row, col }` with row 0 at the north edge
//! of the assembled board. A border line is named by the square it bounds on
//! its north (horizontal line) or west (vertical line) side, so the line south
//! of the last row is `Horizontal { row: rows, .. }`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::sector_boards::{self, Colour, EXITS, HOME_BASE, LocalSquare, SECTOR_SIZE, Side};

/// One square of the assembled labyrinth: `row` counts from 0 at the north
/// (top) edge, `col` from 0 at the west (left) edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarSquare))]
pub struct Square {
    pub row: u8,
    pub col: u8,
}

impl Square {
    pub const fn new(row: u8, col: u8) -> Self {
        Square { row, col }
    }
}

/// A square as players name it, by the letters and numbers on the board's
/// edges in the picture: its column from A in the west, its row from 1 in
/// the north ("C1" is row 0, column 2). Sectors turn and move, so a square
/// is never named by the sector that lies on it now: a sentence of the feed
/// must stay true for as long as the game is kept.
impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", column_letter(self.col), u16::from(self.row) + 1)
    }
}

/// The letter of column `col` on the board's edge: A, B, C…
pub fn column_letter(col: u8) -> char {
    char::from(b'A'.saturating_add(col))
}

/// A compass direction on the board (wizards never move diagonally, p.7).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarDirection))]
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
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarOrientation))]
pub enum Orientation {
    /// Along the north side of square (row, col).
    Horizontal,
    /// Along the west side of square (row, col).
    Vertical,
}

/// A border line between two squares (or at the edge of the board): where
/// walls and doors stand (rulebook p.10, target type "Border Line").
///
/// A line is named by the square it bounds on the south or east: a
/// `horizontal` line at (row, col) runs along the north side of square
/// (row, col), between (row - 1, col) and (row, col); a `vertical` line at
/// (row, col) runs along the west side of square (row, col), between
/// (row, col - 1) and (row, col). The line south of the last row is
/// horizontal at (rows, col); the line east of the last column is vertical
/// at (row, cols). In grid points (the corners of squares), a horizontal
/// line goes from (row, col) to (row, col + 1), a vertical one from
/// (row, col) to (row + 1, col).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarBorderLine))]
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
        let square = Square::new(self.row, self.col);
        write!(f, "the {side} side of {square}")
    }
}

/// What stands on a border line. An open line has no barrier.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarBarrier))]
pub enum Barrier {
    /// A stone wall: five cracks destroy it (p.13).
    StoneWall { cracks: u8 },
    /// A door: locked to all but the owners of its sector; three cracks destroy it (p.8, p.13).
    Door { cracks: u8 },
    /// A wall on the outer edge of the labyrinth: indestructible and impassable (p.14).
    OuterWall,
}

/// Where a sector board lies: its slot in the layout (0 north-west,
/// 1 north-east, 2 south-west, 3 south-east). Slot 0 covers squares
/// (0..5, 0..5), slot 1 (0..5, 5..10), slot 2 (5..10, 0..5) and slot 3
/// (5..10, 5..10).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(transparent)]
#[cfg_attr(feature = "openapi", schema(as = WizwarSectorIndex))]
pub struct SectorIndex(pub u8);

/// One sector board as laid on the table (turned since by Rotate Sector,
/// if at all): 5 × 5 squares, its home base at its centre.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarPlacedSector))]
pub struct PlacedSector {
    pub colour: Colour,
    pub owner: Seat,
    pub slot: SectorIndex,
    /// Clockwise quarter turns from the printed orientation (0–3).
    pub quarter_turns: u8,
}

/// The colour of a portal pair (the box holds two purple and two cyan markers).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarPortalColour))]
pub enum PortalColour {
    Purple,
    Cyan,
}

/// A portal marker: stands at the `side` of an edge square; walking through
/// it re-enters the board at the other marker of the same colour (p.8),
/// on that marker's square, heading away from its side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarPortal))]
pub struct Portal {
    pub colour: PortalColour,
    pub square: Square,
    pub side: Direction,
}

/// How a step reaches the next square.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarStepKind))]
pub enum StepKind {
    /// To a neighbouring square across one border line.
    Adjacent,
    /// Off an open edge, back in on the opposite side (p.8).
    WrapAround,
    /// Through a portal to its twin (p.8).
    Portal,
    /// 3 players, with the AUTO WARP: from one edge facing the
    /// empty quarter to the other (one step; the two edges are adjacent).
    AutoWarp,
}

/// Where one step from a square leads.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Labyrinth {
    pub side: Side,
    pub rows: u8,
    pub cols: u8,
    pub sectors: Vec<PlacedSector>,
    /// Every border line that is not open.
    #[serde(with = "crate::kit::map_as_pairs")]
    pub barriers: BTreeMap<BorderLine, Barrier>,
    pub portals: Vec<Portal>,
    /// Whether every edge square leads off its open side to the opposite
    /// side (not only the printed exits); walls on the edge are ordinary
    /// walls, and the two edge lines so joined are one wall.
    pub open_edges: bool,
    /// 3 players, in an edition that has it: the AUTO WARP lies in the empty south-east
    /// quarter until RELOCATE SECTOR removes it for good.
    pub auto_warp: bool,
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
        Self::assemble_with(&super::edition::EIGHTH.board, side, sectors)
    }

    /// Lays the sector boards with an edition's board pieces: the 3-player
    /// L joined by portals or by the AUTO WARP; the edges open at the
    /// printed exits only, or everywhere a wall does not stand.
    pub fn assemble_with(
        pieces: &super::edition::BoardPieces,
        side: Side,
        sectors: &[PlacedSector],
    ) -> Labyrinth {
        use super::edition::{OuterEdges, ThreePlayerJoin};
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
            open_edges: pieces.outer_edges == OuterEdges::OpenWhereNoWall,
            auto_warp: sectors.len() == 3 && pieces.three_player_join == ThreePlayerJoin::AutoWarp,
            links: Vec::new(),
        };
        lab.build_barriers();
        if sectors.len() == 3 && pieces.three_player_join == ThreePlayerJoin::Portals {
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
        if self.open_edges {
            // Open edges: the two edge lines a way off the board joins are one
            // wall, as a junction's double wall is (see `joined_line`).
            self.barriers = barriers;
            let edge_walls: Vec<(BorderLine, Barrier)> = self
                .barriers
                .iter()
                .filter(|(line, _)| self.is_edge_line(**line))
                .map(|(l, b)| (*l, *b))
                .collect();
            for (line, barrier) in edge_walls {
                if let Some(twin) = self.joined_line(line) {
                    let stands = self.barriers.get(&twin).copied();
                    if !matches!(stands, Some(Barrier::StoneWall { .. })) {
                        self.barriers.insert(twin, barrier);
                    }
                }
            }
            return;
        }
        for (line, barrier) in barriers.iter_mut() {
            if matches!(barrier, Barrier::StoneWall { .. }) && self.is_edge_line(*line) {
                *barrier = Barrier::OuterWall;
            }
        }
        self.barriers = barriers;
    }

    /// With open edges: the other edge line that a way off the board through this
    /// edge line crosses (they are one line: one wall stands on both, and
    /// falls from both).
    pub fn joined_line(&self, line: BorderLine) -> Option<BorderLine> {
        if !self.open_edges || !self.is_edge_line(line) {
            return None;
        }
        let (r, c, side) = line
            .sides()
            .into_iter()
            .find(|(r, c, _)| self.contains(*r, *c))?;
        let step = self.step(Square::new(r as u8, c as u8), side)?;
        step.lines[1].filter(|l| *l != line)
    }

    /// A wall or door falls (destroyed, dissolved): with open edges its
    /// joined line across the edge of the board falls with it.
    pub fn remove_barrier(&mut self, line: BorderLine) {
        self.barriers.remove(&line);
        if let Some(twin) = self.joined_line(line) {
            self.barriers.remove(&twin);
        }
    }

    /// The layout slots a sector may lie in on this board: the two halves
    /// of the 2-player board, the four quarters of the others.
    pub fn slots(&self) -> Vec<SectorIndex> {
        let count = if self.rows > SECTOR_SIZE { 4 } else { 2 };
        (0..count).map(SectorIndex).collect()
    }

    /// Whether grid position (row, col) lies in the quarter of `slot`
    /// (whether or not a sector lies there).
    fn in_slot_region(slot: SectorIndex, row: i32, col: i32) -> bool {
        let (r0, c0) = slot_origin(slot);
        let (r0, c0, n) = (i32::from(r0), i32::from(c0), i32::from(SECTOR_SIZE));
        (r0..r0 + n).contains(&row) && (c0..c0 + n).contains(&col)
    }

    /// Where a square goes when the sector in `from` moves to `to` (and the
    /// one in `to`, if any, to `from`); other squares stay.
    pub fn relocated_square(from: SectorIndex, to: SectorIndex, square: Square) -> Square {
        let (r, c) = (i32::from(square.row), i32::from(square.col));
        let (a, b) = (slot_origin(from), slot_origin(to));
        let shift =
            |s: Square, x: (u8, u8), y: (u8, u8)| Square::new(s.row - x.0 + y.0, s.col - x.1 + y.1);
        if Self::in_slot_region(from, r, c) {
            shift(square, a, b)
        } else if Self::in_slot_region(to, r, c) {
            shift(square, b, a)
        } else {
            square
        }
    }

    /// Where a line strictly inside one of the two quarters goes; other
    /// lines stay.
    pub fn relocated_line(from: SectorIndex, to: SectorIndex, line: BorderLine) -> BorderLine {
        let [a, b] = line.sides();
        for slot in [from, to] {
            if Self::in_slot_region(slot, a.0, a.1) && Self::in_slot_region(slot, b.0, b.1) {
                let square = Self::relocated_square(from, to, Square::new(b.0 as u8, b.1 as u8));
                return BorderLine::of(square, b.2);
            }
        }
        line
    }

    /// RELOCATE SECTOR: the sector in `from` moves to `to` with its walls
    /// and doors as they are (the sector there, if any, takes its place);
    /// lines where a moved sector meets the board are printed afresh; the
    /// AUTO WARP is discarded for good.
    pub fn relocate_sector(&mut self, from: SectorIndex, to: SectorIndex) {
        let before = self.barriers.clone();
        for sector in &mut self.sectors {
            if sector.slot == from {
                sector.slot = to;
            } else if sector.slot == to {
                sector.slot = from;
            }
        }
        self.auto_warp = false;
        self.build_barriers();
        let printed = std::mem::take(&mut self.barriers);
        let moved =
            |r: i32, c: i32| Self::in_slot_region(from, r, c) || Self::in_slot_region(to, r, c);
        let mut lines: BTreeMap<BorderLine, Barrier> = BTreeMap::new();
        let mut all: Vec<BorderLine> = before.keys().chain(printed.keys()).copied().collect();
        all.sort();
        all.dedup();
        for line in all {
            let [a, b] = line.sides();
            let inside_one = [from, to].iter().any(|slot| {
                Self::in_slot_region(*slot, a.0, a.1) && Self::in_slot_region(*slot, b.0, b.1)
            });
            if inside_one {
                continue;
            }
            if !moved(a.0, a.1) && !moved(b.0, b.1) {
                if let Some(barrier) = before.get(&line) {
                    lines.insert(line, *barrier);
                }
            } else if let Some(barrier) = printed.get(&line) {
                lines.insert(line, *barrier);
            }
        }
        for (line, barrier) in &before {
            let [a, b] = line.sides();
            let inside_one = [from, to].iter().any(|slot| {
                Self::in_slot_region(*slot, a.0, a.1) && Self::in_slot_region(*slot, b.0, b.1)
            });
            if inside_one {
                lines.insert(Self::relocated_line(from, to, *line), *barrier);
            }
        }
        self.barriers = lines;
        self.links = self.find_connections();
    }

    /// RELOCATE SECTOR: the AUTO WARP is discarded for good; only the
    /// opposite sides of the board are joined from now on.
    pub fn discard_auto_warp(&mut self) {
        self.auto_warp = false;
        self.links = self.find_connections();
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
        if let Some((to, heading)) = self.across_auto_warp(from, direction) {
            return Some(Step {
                to,
                heading,
                kind: StepKind::AutoWarp,
                lines: [Some(exit), Some(BorderLine::of(to, heading.opposite()))],
            });
        }
        if self.open_edges {
            return self.wrap_back(from, direction);
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

    /// The AUTO WARP (3 players, where the edition has it): the south edge of the
    /// north-east sector and the east edge of the south-west sector face
    /// the empty quarter and are adjacent, corner to corner: leaving
    /// (4, 5 + k) southwards enters (5 + k, 4) heading west, and back.
    fn across_auto_warp(&self, from: Square, direction: Direction) -> Option<(Square, Direction)> {
        if !self.auto_warp {
            return None;
        }
        let s = SECTOR_SIZE;
        match direction {
            Direction::South if from.row == s - 1 && from.col >= s => {
                Some((Square::new(from.col, s - 1), Direction::West))
            }
            Direction::East if from.col == s - 1 && from.row >= s => {
                Some((Square::new(s - 1, from.row), Direction::North))
            }
            _ => None,
        }
    }

    /// Open edges' wrap-around: off any edge square, back in at the same point
    /// on the opposite side — the last square reached going straight back
    /// (across the AUTO WARP too, turning with it).
    fn wrap_back(&self, from: Square, direction: Direction) -> Option<Step> {
        let mut back = direction.opposite();
        let mut at = from;
        for _ in 0..usize::from(self.rows) * usize::from(self.cols) {
            let (dr, dc) = back.delta();
            let (r, c) = (i32::from(at.row) + dr, i32::from(at.col) + dc);
            if self.contains(r, c) {
                at = Square::new(r as u8, c as u8);
            } else if let Some((to, heading)) = self.across_auto_warp(at, back) {
                at = to;
                back = heading;
            } else {
                break;
            }
        }
        Some(Step {
            to: at,
            heading: back.opposite(),
            kind: StepKind::WrapAround,
            lines: [
                Some(BorderLine::of(from, direction)),
                Some(BorderLine::of(at, back)),
            ],
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
