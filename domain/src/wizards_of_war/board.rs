//! The board (rulebook "Contents": 1 board of 11 × 20 squares) and its
//! terrain (rulebook "Terrain").
//!
//! The printed layout is not public: the terrain below is **designed**.
//! Seat 0 sits at the top edge (row 0), seat 1 at the bottom edge (row 19).
//! Every feature of seat 0's half is mirrored by a half turn of the board
//! onto seat 1's half, so neither wizard has better ground; the river
//! crosses the middle and must be waded (2 movement points) by everyone
//! but the troll.

use serde::{Deserialize, Serialize};

/// Squares across the board (columns).
pub const WIDTH: u8 = 11;
/// Squares from one wizard's edge to the other's (rows).
pub const HEIGHT: u8 = 20;

/// One square: `col` 0..=10 from the left edge, `row` 0..=19 from seat 0's
/// edge (the top of the picture) to seat 1's edge.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSquare))]
pub struct Square {
    pub col: u8,
    pub row: u8,
}

impl Square {
    pub const fn new(col: u8, row: u8) -> Self {
        Square { col, row }
    }

    /// The square `(col + dc, row + dr)`, if it is on the board.
    pub fn offset(self, dc: i8, dr: i8) -> Option<Square> {
        let col = i16::from(self.col) + i16::from(dc);
        let row = i16::from(self.row) + i16::from(dr);
        ((0..i16::from(WIDTH)).contains(&col) && (0..i16::from(HEIGHT)).contains(&row))
            .then(|| Square::new(col as u8, row as u8))
    }

    /// The up to four squares sharing a side with this one (units move and
    /// fight only horizontally and vertically).
    pub fn orthogonal_neighbours(self) -> impl Iterator<Item = Square> {
        [(0, -1), (1, 0), (0, 1), (-1, 0)]
            .into_iter()
            .filter_map(move |(dc, dr)| self.offset(dc, dr))
    }

    /// The up to eight squares around this one, diagonals included (where a
    /// monster is summoned: rulebook "Summon Range").
    pub fn surrounding(self) -> impl Iterator<Item = Square> {
        (-1..=1)
            .flat_map(|dr| (-1..=1).map(move |dc| (dc, dr)))
            .filter(|&(dc, dr)| (dc, dr) != (0, 0))
            .filter_map(move |(dc, dr)| self.offset(dc, dr))
    }

    /// Squares counted orthogonally from here to `other` (range is counted
    /// this way: "projectiles only travel horizontal and vertical").
    pub fn distance(self, other: Square) -> u8 {
        self.col.abs_diff(other.col) + self.row.abs_diff(other.row)
    }

    /// The same spot seen from the other side of the table (a half turn).
    pub const fn turned(self) -> Square {
        Square::new(WIDTH - 1 - self.col, HEIGHT - 1 - self.row)
    }

    /// Every square of the board, row by row.
    pub fn all() -> impl Iterator<Item = Square> {
        (0..HEIGHT).flat_map(|row| (0..WIDTH).map(move |col| Square::new(col, row)))
    }
}

/// A column's name on the board: A, B, … K.
pub fn column_name(col: u8) -> char {
    (b'A' + col) as char
}

/// A row's name on the board: 1, 2, … 20.
pub fn row_name(row: u8) -> u32 {
    u32::from(row) + 1
}

impl std::fmt::Display for Square {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Columns as letters, rows from 1, like a chess board: "F2" (the
        // feed's sentences and the picture's edges name squares alike).
        write!(f, "{}{}", column_name(self.col), row_name(self.row))
    }
}

/// What a square of the board holds (rulebook "Terrain").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTerrain))]
pub enum Terrain {
    /// Plain ground.
    Open,
    /// Costs 2 movement points to enter.
    River,
    /// Cover: +1 defence against ranged attacks.
    Tree,
    /// Cover: +1 defence against ranged attacks.
    Bush,
    /// Cover: +1 defence against ranged attacks.
    Stone,
}

impl Terrain {
    pub const ALL: [Terrain; 5] = [
        Terrain::Open,
        Terrain::River,
        Terrain::Tree,
        Terrain::Bush,
        Terrain::Stone,
    ];

    /// What this ground does, in a player's words (told from the rules the
    /// game plays: [`Self::entry_cost`] and [`Self::gives_cover`]).
    pub fn effect(self) -> String {
        let cost = match self.entry_cost() {
            1 => "1 movement point to enter".to_owned(),
            n => format!("{n} movement points to enter"),
        };
        if self.gives_cover() {
            format!(
                "{}: {cost}; cover, +1 defence against ranged attacks",
                self.name()
            )
        } else {
            format!("{}: {cost}", self.name())
        }
    }
    /// Trees, bushes and stones give +1 defence against ranged attacks.
    pub fn gives_cover(self) -> bool {
        matches!(self, Terrain::Tree | Terrain::Bush | Terrain::Stone)
    }

    /// Movement points to enter a square of this terrain ("every square
    /// containing a river costs 2 movement points instead of 1").
    pub fn entry_cost(self) -> u8 {
        match self {
            Terrain::River => 2,
            Terrain::Open | Terrain::Tree | Terrain::Bush | Terrain::Stone => 1,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open ground",
            Terrain::River => "river",
            Terrain::Tree => "tree",
            Terrain::Bush => "bush",
            Terrain::Stone => "stone",
        }
    }
}

/// The X squares where the evil wizards start, by seat (designed: the
/// middle of the second row from each player's edge, so that all eight
/// summoning squares around him are on the board).
pub const START_SQUARES: [Square; 2] = [Square::new(5, 1), Square::new(5, 18)];

/// The river of seat 0's half (row 9, columns 0..=5); its half turn is row
/// 10, columns 5..=10, so the two halves meet at column 5 and the river
/// runs across the whole board with a bend in the middle.
const RIVER: [(u8, u8); 6] = [(0, 9), (1, 9), (2, 9), (3, 9), (4, 9), (5, 9)];
/// Cover in seat 0's half; each is mirrored into seat 1's half.
const COVER: [(u8, u8, Terrain); 10] = [
    // A small wood on the left flank: shelter for a lizardman.
    (1, 3, Terrain::Tree),
    (2, 3, Terrain::Tree),
    (1, 4, Terrain::Tree),
    // Trees on the right bank, where the river bends away.
    (8, 7, Terrain::Tree),
    (9, 7, Terrain::Tree),
    // Bushes on the approach to the wizard.
    (3, 6, Terrain::Bush),
    (7, 5, Terrain::Bush),
    // Stones: one in the middle of the approach, two at the edges.
    (5, 6, Terrain::Stone),
    (10, 4, Terrain::Stone),
    (0, 7, Terrain::Stone),
];

/// The terrain of every square that is not open ground, each half the half
/// turn of the other.
pub fn features() -> Vec<(Square, Terrain)> {
    let half = RIVER
        .iter()
        .map(|&(c, r)| (Square::new(c, r), Terrain::River))
        .chain(COVER.iter().map(|&(c, r, t)| (Square::new(c, r), t)));
    let half: Vec<(Square, Terrain)> = half.collect();
    let mut all = half.clone();
    all.extend(half.iter().map(|&(s, t)| (s.turned(), t)));
    all.sort_by_key(|(s, _)| (s.row, s.col));
    all
}

/// The terrain of `square`.
pub fn terrain(square: Square) -> Terrain {
    static MAP: std::sync::LazyLock<Vec<Terrain>> = std::sync::LazyLock::new(|| {
        let mut map = vec![Terrain::Open; usize::from(WIDTH) * usize::from(HEIGHT)];
        for (square, terrain) in features() {
            map[usize::from(square.row) * usize::from(WIDTH) + usize::from(square.col)] = terrain;
        }
        map
    });
    MAP[usize::from(square.row) * usize::from(WIDTH) + usize::from(square.col)]
}
