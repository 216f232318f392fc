//! The board drawn as an SVG picture from one viewer's view: the 11 × 20
//! squares with their terrain, the X squares, lasting spells, every unit
//! with its owner's colour and life, the tile of a spell being cast, and
//! each player's life and hand size. Only the view is drawn, so the picture
//! shows nothing its viewer may not see (no card in a hand is named).
//!
//! Elements a client or a test can find: `.square[data-col][data-row]`
//! with a terrain class (`river`, `tree`, `bush`, `stone`, `open`),
//! `.start[data-seat]`, `.unit[data-unit][data-kind][data-owner=seat-S]
//! [data-col][data-row][data-life]`, `.lasting[data-spell]`,
//! `.casting[data-col][data-row]`, `.player[data-seat][data-life]
//! [data-hand]`, on the edges the board's letters and numbers
//! (`.col-label[data-col]`, `.row-label[data-row]`: "F12" in the feed is
//! column F, row 12), and under the board a key: `.legend-terrain[data-terrain]`
//! (a swatch and what the ground does), `.legend-mark[data-mark]` (the X
//! squares, mud, the wall of thorns) and `.legend-unit[data-kind]` (the
//! letters on a token).

use svg::Document;
use svg::node::element::{Circle, Group, Rectangle, Text, Title};

use super::board::{Square, Terrain, column_name, row_name};
use super::units::UnitKind;
use super::views::View;
use crate::ruleset::SeatNames;

/// Side of one square, in picture units.
const CELL: u32 = 32;
/// Room above the board for the players' panel and the column letters.
const TOP: u32 = 52;
/// Room left of the board for the row numbers.
const LEFT: u32 = 22;
/// Room under the board for the key: three lines of ground, marks and
/// spells laid on it, three of units, three entries to a line.
const KEY_LINE: u32 = 18;
const KEY_LINES: u32 = 6;
const KEY_COLUMNS: u32 = 3;
/// Mud and thorns: fill and edge dashes, on the board and in the key.
const MUD: (&str, &str) = ("#7a5a3a", "none");
const THORNS: (&str, &str) = ("#4a1f0c", "3,2");
const SEAT_COLOURS: [&str; 2] = ["#2f5fb3", "#a32d6a"];

fn x(square: Square) -> u32 {
    LEFT + u32::from(square.col) * CELL
}

fn y(square: Square) -> u32 {
    TOP + u32::from(square.row) * CELL
}

fn terrain_style(terrain: Terrain) -> (&'static str, &'static str) {
    match terrain {
        Terrain::Open => ("open", "#d9e8b0"),
        Terrain::River => ("river", "#6fa8dc"),
        Terrain::Tree => ("tree", "#3d7a36"),
        Terrain::Bush => ("bush", "#8bbf5a"),
        Terrain::Stone => ("stone", "#9b9b9b"),
    }
}

/// A letter or two for a unit kind, shown on its token.
fn badge(kind: UnitKind) -> &'static str {
    match kind {
        UnitKind::EvilWizard => "W",
        UnitKind::Goblin => "G",
        UnitKind::Orc => "O",
        UnitKind::Skeleton => "S",
        UnitKind::Lizardman => "L",
        UnitKind::Zombie => "Z",
        UnitKind::Mummy => "Mu",
        UnitKind::Minotaur => "Mi",
        UnitKind::Troll => "T",
    }
}

/// The board as `view` shows it, as an SVG document.
pub fn draw(view: &View, names: &SeatNames) -> String {
    let width = LEFT + u32::from(view.width) * CELL;
    let board_bottom = TOP + u32::from(view.height) * CELL;
    let height = board_bottom + KEY_LINE * KEY_LINES + 6;
    let turn = view.turn.as_ref().map_or(0, |t| t.number);
    let mut picture = Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("data-ruleset", "wizards-of-war")
        .set("data-turn", turn)
        .add(Title::new(format!("Wizards of War, turn {turn}")));

    let mut players = Group::new().set("class", "players");
    for (i, p) in view.players.iter().enumerate() {
        let colour = SEAT_COLOURS[i % 2];
        players = players.add(
            Text::new(format!(
                "{}: {} life, {} spell{}",
                names.of(p.seat),
                p.life,
                p.hand_count,
                if p.hand_count == 1 { "" } else { "s" }
            ))
            .set("class", "player")
            .set("id", format!("player-{}", p.seat.0))
            .set("data-seat", p.seat.0)
            .set("data-life", p.life)
            .set("data-hand", p.hand_count)
            .set("x", 6 + (i as u32) * width / 2)
            .set("y", 24)
            .set("font-size", 13)
            .set("fill", colour),
        );
    }
    picture = picture.add(players);

    // The board's own letters and numbers on its edges, as the feed names
    // squares ("F12").
    let mut edges = Group::new().set("class", "edges");
    for col in 0..view.width {
        let square = Square::new(col, 0);
        edges = edges.add(
            Text::new(column_name(col).to_string())
                .set("class", "col-label")
                .set("data-col", col)
                .set("x", x(square) + CELL / 2)
                .set("y", TOP - 4)
                .set("text-anchor", "middle")
                .set("font-size", 10),
        );
    }
    for row in 0..view.height {
        let square = Square::new(0, row);
        edges = edges.add(
            Text::new(row_name(row).to_string())
                .set("class", "row-label")
                .set("data-row", row)
                .set("x", LEFT - 4)
                .set("y", y(square) + CELL / 2 + 4)
                .set("text-anchor", "end")
                .set("font-size", 10),
        );
    }
    picture = picture.add(edges);

    let mut squares = Group::new().set("class", "board");
    for square in Square::all() {
        let terrain = view
            .terrain
            .iter()
            .find(|t| t.square == square)
            .map_or(Terrain::Open, |t| t.terrain);
        let (class, fill) = terrain_style(terrain);
        squares = squares.add(
            Rectangle::new()
                .set("class", format!("square {class}"))
                .set("id", format!("square-{}-{}", square.col, square.row))
                .set("data-col", square.col)
                .set("data-row", square.row)
                .set("x", x(square))
                .set("y", y(square))
                .set("width", CELL)
                .set("height", CELL)
                .set("fill", fill)
                .set("stroke", "#55603f")
                .set("stroke-width", 0.5)
                .add(Title::new(format!("{square}: {}", terrain.name()))),
        );
    }
    for (seat, start) in view.start_squares.iter().enumerate() {
        squares = squares.add(
            Text::new("X")
                .set("class", "start")
                .set("data-seat", seat)
                .set("x", x(*start) + CELL / 2)
                .set("y", y(*start) + CELL - 4)
                .set("text-anchor", "middle")
                .set("font-size", 10)
                .set("fill", "#7a2020"),
        );
    }
    picture = picture.add(squares);

    let mut lasting = Group::new().set("class", "lasting-spells");
    for spell in &view.lasting_spells {
        // Thorns dark and bristling (a dashed edge), mud a flat brown.
        let (class, (fill, dashes)) = match spell.card.spell {
            super::spell_cards::Spell::WallOfThorns => ("thorns", THORNS),
            _ => ("mud", MUD),
        };
        for square in &spell.squares {
            lasting = lasting.add(
                Rectangle::new()
                    .set("class", format!("lasting {class}"))
                    .set("data-spell", spell.card.id)
                    .set("data-col", square.col)
                    .set("data-row", square.row)
                    .set("x", x(*square) + 2)
                    .set("y", y(*square) + 2)
                    .set("width", CELL - 4)
                    .set("height", CELL - 4)
                    .set("fill", fill)
                    .set("fill-opacity", 0.8)
                    .set("stroke", "#1e0f05")
                    .set("stroke-dasharray", dashes)
                    .add(Title::new(spell.card.spell.title())),
            );
        }
    }
    picture = picture.add(lasting);

    if let Some(casting) = &view.casting {
        let mut tile = Group::new().set("class", "casting-tile");
        for square in &casting.squares {
            tile = tile.add(
                Rectangle::new()
                    .set("class", "casting")
                    .set("data-col", square.col)
                    .set("data-row", square.row)
                    .set("x", x(*square))
                    .set("y", y(*square))
                    .set("width", CELL)
                    .set("height", CELL)
                    .set("fill", "#ffb000")
                    .set("fill-opacity", 0.45)
                    .add(Title::new(casting.card.spell.title())),
            );
        }
        picture = picture.add(tile);
    }

    let mut units = Group::new().set("class", "units");
    for unit in &view.units {
        let colour = SEAT_COLOURS[unit.owner.index() % 2];
        let radius = if unit.kind == UnitKind::EvilWizard {
            14
        } else {
            11
        };
        units = units.add(
            Group::new()
                .set("class", "unit")
                .set("id", format!("unit-{}", unit.id))
                .set("data-unit", unit.id)
                .set("data-kind", unit.kind.name())
                .set("data-owner", format!("seat-{}", unit.owner.0))
                .set("data-col", unit.square.col)
                .set("data-row", unit.square.row)
                .set("data-life", unit.life)
                .add(Title::new(format!(
                    "{}'s {} ({} life)",
                    names.of(unit.owner),
                    unit.kind.name(),
                    unit.life
                )))
                .add(
                    Circle::new()
                        .set("cx", x(unit.square) + CELL / 2)
                        .set("cy", y(unit.square) + CELL / 2)
                        .set("r", radius)
                        .set("fill", colour)
                        .set("stroke", "#111")
                        .set("stroke-width", 1),
                )
                .add(
                    Text::new(badge(unit.kind))
                        .set("x", x(unit.square) + CELL / 2)
                        .set("y", y(unit.square) + CELL / 2 + 4)
                        .set("text-anchor", "middle")
                        .set("font-size", 11)
                        .set("fill", "#fff"),
                ),
        );
    }
    picture.add(units).add(key(board_bottom, width)).to_string()
}

/// The key under the board: what each ground and mark is and what the
/// letters on the tokens stand for, so the picture reads without the rules
/// at hand. Entries stand three to a line (the board is narrow): the
/// grounds, the X squares and the lasting spells, then the units.
fn key(board_bottom: u32, width: u32) -> Group {
    let column = width / KEY_COLUMNS;
    let place = |slot: u32| {
        (
            4 + (slot % KEY_COLUMNS) * column,
            board_bottom + KEY_LINE * (slot / KEY_COLUMNS + 1),
        )
    };
    let swatch = |(left, baseline): (u32, u32), fill: &str, dashes: &str, words: &str| {
        Group::new()
            .add(
                Rectangle::new()
                    .set("x", left)
                    .set("y", baseline - 11)
                    .set("width", 12)
                    .set("height", 12)
                    .set("fill", fill)
                    .set("stroke", "#55603f")
                    .set("stroke-dasharray", dashes),
            )
            .add(
                Text::new(words)
                    .set("x", left + 16)
                    .set("y", baseline)
                    .set("font-size", 11),
            )
    };
    let mut key = Group::new().set("class", "key");
    let mut slot = 0;
    for terrain in Terrain::ALL {
        let (class, fill) = terrain_style(terrain);
        key = key.add(
            swatch(place(slot), fill, "none", terrain.name())
                .set("class", "legend-terrain")
                .set("data-terrain", class)
                .add(Title::new(terrain.effect())),
        );
        slot += 1;
    }
    let (left, baseline) = place(slot);
    key = key.add(
        Group::new()
            .set("class", "legend-mark")
            .set("data-mark", "start")
            .add(Title::new(
                "X: where an evil wizard starts (rulebook: Preparations)",
            ))
            .add(
                Text::new("X")
                    .set("x", left + 6)
                    .set("y", baseline)
                    .set("text-anchor", "middle")
                    .set("font-size", 11)
                    .set("fill", "#7a2020"),
            )
            .add(
                Text::new("wizard's start")
                    .set("x", left + 16)
                    .set("y", baseline)
                    .set("font-size", 11),
            ),
    );
    slot += 1;
    let spells = [
        // The key is the same for every viewer and names no card (a card's
        // title in it would read as a hand shown): the marks in lower case.
        (
            "mud",
            MUD,
            "mud (spell)",
            "mud, a lasting spell: 3 movement points to enter",
        ),
        (
            "thorns",
            THORNS,
            "thorns (spell)",
            "thorns, a lasting spell: no unit may enter, be summoned onto or shoot through it",
        ),
    ];
    for (mark, (fill, dashes), words, effect) in spells {
        key = key.add(
            swatch(place(slot), fill, dashes, words)
                .set("class", "legend-mark")
                .set("data-mark", mark)
                .add(Title::new(effect)),
        );
        slot += 1;
    }
    // The units start on a line of their own.
    slot = slot.next_multiple_of(KEY_COLUMNS);
    for kind in UnitKind::ALL {
        let (left, baseline) = place(slot);
        key = key.add(
            Text::new(format!("{} {}", badge(kind), kind.name()))
                .set("class", "legend-unit")
                .set("data-kind", kind.name())
                .set("x", left)
                .set("y", baseline)
                .set("font-size", 11),
        );
        slot += 1;
    }
    key
}
