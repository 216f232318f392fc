//! The 7 spell effect tiles (rulebook "Casting spells": "take the spell
//! effect tile from the box and place it on the board to see what units
//! are affected").
//!
//! The shapes are **designed**: from one square of precision (the line of
//! 3) to a wide blast (the 3 × 3 block), so that stronger dice go with
//! smaller areas. A tile is placed by its anchor square (its middle; the
//! top-left square of the 2 × 2 block) and, for the lines, an orientation.
//! Every square of a placed tile must be on the board.

use serde::{Deserialize, Serialize};

use super::board::Square;

/// A spell effect tile.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTile))]
pub enum Tile {
    /// A plus: the anchor and its four orthogonal neighbours (5 squares).
    Cross,
    /// An X: the anchor and its four diagonal neighbours (5 squares).
    Saltire,
    /// Three squares in a line, the anchor in the middle.
    Line3,
    /// Five squares in a line, the anchor in the middle.
    Line5,
    /// A 2 × 2 block, the anchor at its top left.
    Block2,
    /// A 3 × 3 block around the anchor (9 squares).
    Block3,
    /// The 8 squares around the anchor, not the anchor itself.
    Ring,
}

/// Which way a line tile lies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, Default)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarOrientation))]
pub enum Orientation {
    /// Along a row, left to right.
    #[default]
    Horizontal,
    /// Along a column, top to bottom.
    Vertical,
}

impl Tile {
    pub const ALL: [Tile; 7] = [
        Tile::Cross,
        Tile::Saltire,
        Tile::Line3,
        Tile::Line5,
        Tile::Block2,
        Tile::Block3,
        Tile::Ring,
    ];

    /// The squares covered, as offsets (column, row) from the anchor,
    /// lying horizontally.
    fn offsets(self) -> Vec<(i8, i8)> {
        match self {
            Tile::Cross => vec![(0, 0), (0, -1), (1, 0), (0, 1), (-1, 0)],
            Tile::Saltire => vec![(0, 0), (-1, -1), (1, -1), (1, 1), (-1, 1)],
            Tile::Line3 => (-1..=1).map(|d| (d, 0)).collect(),
            Tile::Line5 => (-2..=2).map(|d| (d, 0)).collect(),
            Tile::Block2 => vec![(0, 0), (1, 0), (0, 1), (1, 1)],
            Tile::Block3 => (-1..=1)
                .flat_map(|dr| (-1..=1).map(move |dc| (dc, dr)))
                .collect(),
            Tile::Ring => (-1..=1)
                .flat_map(|dr| (-1..=1).map(move |dc| (dc, dr)))
                .filter(|&d| d != (0, 0))
                .collect(),
        }
    }

    /// Whether turning the tile changes what it covers.
    pub fn has_orientation(self) -> bool {
        matches!(self, Tile::Line3 | Tile::Line5)
    }

    /// The squares the tile covers placed at `anchor`, or `None` when part
    /// of it would hang off the board.
    pub fn squares(self, anchor: Square, orientation: Orientation) -> Option<Vec<Square>> {
        self.offsets()
            .into_iter()
            .map(|(dc, dr)| match orientation {
                Orientation::Vertical if self.has_orientation() => anchor.offset(dr, dc),
                _ => anchor.offset(dc, dr),
            })
            .collect()
    }

    /// The orientations worth distinguishing for this tile.
    pub fn orientations(self) -> &'static [Orientation] {
        if self.has_orientation() {
            &[Orientation::Horizontal, Orientation::Vertical]
        } else {
            &[Orientation::Horizontal]
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Tile::Cross => "cross",
            Tile::Saltire => "saltire",
            Tile::Line3 => "line of 3",
            Tile::Line5 => "line of 5",
            Tile::Block2 => "2 × 2 block",
            Tile::Block3 => "3 × 3 block",
            Tile::Ring => "ring",
        }
    }

    pub fn reasoning(self) -> &'static str {
        match self {
            Tile::Cross => "Five squares that catch a unit and whatever stands beside it.",
            Tile::Saltire => "Five squares that reach round a guard to the diagonals.",
            Tile::Line3 => "Three squares: a short, strong strike or a wall.",
            Tile::Line5 => "Five squares in a row: sweeps a line of advancing monsters.",
            Tile::Block2 => "Four squares: a small cloud, hard to miss a pair with.",
            Tile::Block3 => "Nine squares: the widest tile, for the weakest dice and for mud.",
            Tile::Ring => "Eight squares around a point: hits a wizard's guard, not him.",
        }
    }
}
