//! The printed sector boards: walls, doors and treasure start squares of all
//! eight faces (four colours × side A "new" / side B "classic").
//!
//! Source: `wizwar-data.md` §3, transcribed verbatim below so the data can be
//! compared with the document line by line. Row 0 is north, column 0 west;
//! each cell lists the sides that carry a stone wall. The home base is always
//! the centre square (2,2); the four exits are the middle squares of each rim
//! side and every other rim edge is an outer wall (rulebook p.4, "Sector
//! Board Breakdown").

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::labyrinth::Direction;

/// Which face of the sector boards the game uses (rulebook p.4, Setup step 2).
#[derive(
    Copy,
    Clone,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarSide)]
pub enum Side {
    /// The new layouts of the 8th edition.
    #[default]
    A,
    /// The classic layouts of the original game.
    B,
}

/// A player colour; each colour owns one sector board.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
#[schema(as = WizwarColour)]
pub enum Colour {
    Blue,
    Red,
    Yellow,
    Green,
}

impl Colour {
    pub const ALL: [Colour; 4] = [Colour::Blue, Colour::Red, Colour::Yellow, Colour::Green];
}

/// A square of one sector board, in the board's own printed orientation.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct LocalSquare {
    pub row: u8,
    pub col: u8,
}

/// The side of a sector board is 5 squares (rulebook glossary: 25 squares).
pub const SECTOR_SIZE: u8 = 5;

/// The home base square: the centre of every sector board.
pub const HOME_BASE: LocalSquare = LocalSquare { row: 2, col: 2 };

/// The four exits: the middle square of each rim side, with the side that is open.
pub const EXITS: [(LocalSquare, Direction); 4] = [
    (LocalSquare { row: 0, col: 2 }, Direction::North),
    (LocalSquare { row: 2, col: 4 }, Direction::East),
    (LocalSquare { row: 4, col: 2 }, Direction::South),
    (LocalSquare { row: 2, col: 0 }, Direction::West),
];

/// One printed face of a sector board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SectorFace {
    pub colour: Colour,
    pub side: Side,
    /// `walls[row][col]` lists the sides of that square that carry a wall.
    pub walls: [[Vec<Direction>; 5]; 5],
    pub doors: Vec<(LocalSquare, Direction)>,
    pub treasure_squares: [LocalSquare; 2],
}

impl SectorFace {
    pub fn has_wall(&self, square: LocalSquare, side: Direction) -> bool {
        self.walls[usize::from(square.row)][usize::from(square.col)].contains(&side)
    }

    pub fn has_door(&self, square: LocalSquare, side: Direction) -> bool {
        self.doors.contains(&(square, side))
    }
}

struct RawFace {
    colour: Colour,
    side: Side,
    walls: &'static str,
    treasures: [(u8, u8); 2],
    doors: &'static [(u8, u8, char)],
}

/// wizwar-data.md §3, "Machine-readable form".
const RAW: [RawFace; 8] = [
    RawFace {
        colour: Colour::Blue,
        side: Side::A,
        walls: "[[NW,NS,S,N,NE],[EW,NW,N,SE,EW],[-,SE,SW,NE,W],[EW,NW,NS,S,E],[SW,S,N,NS,SE]]",
        treasures: [(1, 1), (3, 3)],
        doors: &[(2, 4, 'E'), (3, 3, 'E'), (4, 2, 'S')],
    },
    RawFace {
        colour: Colour::Blue,
        side: Side::B,
        walls: "[[NW,NS,-,N,NSE],[EW,NEW,EW,SW,NE],[SE,EW,SW,NE,W],[NW,S,NS,SE,EW],[SW,NS,N,NS,SE]]",
        treasures: [(1, 3), (3, 1)],
        doors: &[(0, 2, 'E')],
    },
    RawFace {
        colour: Colour::Red,
        side: Side::A,
        walls: "[[NEW,NW,S,N,NE],[SW,E,NW,SE,EW],[N,S,-,N,S],[EW,NW,SE,W,NE],[SW,S,N,SE,SEW]]",
        treasures: [(0, 0), (4, 4)],
        doors: &[(2, 1, 'E'), (4, 2, 'S')],
    },
    RawFace {
        colour: Colour::Red,
        side: Side::B,
        walls: "[[NW,NS,S,NS,NE],[EW,NEW,NW,NS,SE],[S,E,EW,NW,N],[NW,S,S,SE,EW],[SW,NS,N,NS,SE]]",
        treasures: [(1, 1), (3, 3)],
        doors: &[(2, 1, 'S'), (2, 4, 'S')],
    },
    RawFace {
        colour: Colour::Yellow,
        side: Side::A,
        walls: "[[NW,NS,-,NS,NE],[SW,NE,EW,NEW,EW],[N,E,SW,S,-],[EW,SW,NS,NS,E],[SW,NS,N,NS,SE]]",
        treasures: [(1, 3), (3, 1)],
        doors: &[(2, 3, 'E'), (2, 4, 'E')],
    },
    RawFace {
        colour: Colour::Yellow,
        side: Side::B,
        walls: "[[NW,NS,S,NS,NE],[SW,NE,NW,N,SE],[NS,SE,EW,W,NS],[NW,NS,SE,EW,NEW],[SW,NS,N,S,SE]]",
        treasures: [(1, 1), (3, 3)],
        doors: &[(4, 2, 'E')],
    },
    RawFace {
        colour: Colour::Green,
        side: Side::A,
        walls: "[[NW,NS,S,NS,NE],[SW,NE,NW,N,E],[N,SE,EW,EW,W],[EW,NW,E,SEW,EW],[SW,SE,W,NS,SE]]",
        treasures: [(1, 1), (3, 3)],
        doors: &[(1, 4, 'S')],
    },
    RawFace {
        colour: Colour::Green,
        side: Side::B,
        walls: "[[NW,NS,S,NS,NE],[SW,NS,NS,NE,EW],[NS,NS,NS,E,W],[NW,NS,NS,E,EW],[SW,NS,NE,SW,SE]]",
        treasures: [(1, 1), (3, 3)],
        doors: &[(2, 3, 'S')],
    },
];

fn direction_of(letter: char) -> Direction {
    match letter {
        'N' => Direction::North,
        'E' => Direction::East,
        'S' => Direction::South,
        'W' => Direction::West,
        other => panic!("sector data holds an unknown side {other:?}"),
    }
}

fn parse(raw: &RawFace) -> SectorFace {
    let cells: Vec<Vec<Direction>> = raw
        .walls
        .split(['[', ']', ','])
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(|cell| {
            cell.chars()
                .filter(|c| *c != '-')
                .map(direction_of)
                .collect()
        })
        .collect();
    assert_eq!(cells.len(), 25, "a sector face has 25 squares");
    let walls = std::array::from_fn(|r| std::array::from_fn(|c| cells[r * 5 + c].clone()));
    let at = |(row, col): (u8, u8)| LocalSquare { row, col };
    SectorFace {
        colour: raw.colour,
        side: raw.side,
        walls,
        doors: raw
            .doors
            .iter()
            .map(|&(r, c, d)| (at((r, c)), direction_of(d)))
            .collect(),
        treasure_squares: [at(raw.treasures[0]), at(raw.treasures[1])],
    }
}

/// All eight faces, parsed once.
pub fn all_faces() -> &'static [SectorFace] {
    static FACES: std::sync::OnceLock<Vec<SectorFace>> = std::sync::OnceLock::new();
    FACES.get_or_init(|| RAW.iter().map(parse).collect())
}

/// The face of this colour on this side.
pub fn face(colour: Colour, side: Side) -> &'static SectorFace {
    all_faces()
        .iter()
        .find(|f| f.colour == colour && f.side == side)
        .expect("every colour has both faces")
}
