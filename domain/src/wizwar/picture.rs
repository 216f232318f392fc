//! The labyrinth drawn as an SVG picture from one viewer's view: sectors and
//! squares, walls, doors, cracks and destroyed walls, wrap-around exits and
//! portals, wizards with their life and stun tokens, treasures, dropped
//! items, created walls and objects, creatures and held doors. Only the view
//! is drawn, and no hand, so the picture shows nothing its viewer may not see.
//!
//! Square (row, col) is drawn with row 0 at the top (north) and column 0 at
//! the left (west), as the view counts them; the edges carry the letters and
//! numbers the feed names squares by (`.col-label[data-col]` A, B, C… and
//! `.row-label[data-row]` 1, 2, 3…: "C1" is row 0, column 2). Elements a
//! client or a test can find, with their stable attributes:
//!
//! | element | class | attributes |
//! |---|---|---|
//! | a square | `square` (`home-base` too) | `data-square="r3c4"`, `data-owner` of a home base |
//! | a sector board | `sector` | `data-slot`, `data-owner`, `data-colour` |
//! | a wall, door or outer wall | `wall`, `door`, `outer-wall` | `data-line="h-r3c4"` (`h`: the north side of square r3c4, `v`: its west side), `data-cracks` |
//! | the cracks in a barrier | `crack` | `data-line`, `data-cracks` |
//! | a printed wall or door that was destroyed | `destroyed` | `data-line` |
//! | a wrap-around exit | `wrap` | `data-square`, `data-side` |
//! | a portal | `portal` | `data-square`, `data-side`, `data-colour` |
//! | a door held open | `held-door` | `data-line`, `data-holder` (a seat) |
//! | a wizard | `wizard` (`dead` too) | `data-wizard="seat-1"`, `data-square`, `data-life`, `data-stun` |
//! | a treasure on the board | `treasure` | `data-treasure`, `data-owner`, `data-square` |
//! | a dropped item | `object` | `data-card`, `data-square` |
//! | a created wall or object | `creation` and its kind (`stone-wall`, `wall-of-fire`, `created-door`, `stone-block`, `dust-cloud`, `trap-token`, `bush`) | `data-card`, `data-line` or `data-square` |
//! | a creature | `creature` | `data-card`, `data-owner`, `data-square`, `data-life` |
//! | a wizard's line in the legend | `legend` | `data-seat`, `data-life`, `data-stun`, `data-victory-points`, `data-hand-size`, `data-hand-limit`; classic: `data-lost-turns` |
//! | the edition's numbers (classic) | `legend-rules` | `data-max-life` (`none`: no upper limit), `data-hand-limit`, `data-stun` (`lost_turn` or `move_or_attack`) |
//! | the AUTO WARP (classic, 3 players) | `auto-warp` | `data-joins="south-r4c5-r4c9 east-r5c4-r9c4"` (the two edges it joins) |
//! | an open edge exit (classic: no wall on it) | `wrap open-edge` | `data-square`, `data-side` |
//! | a door REMOVE LOCK jammed open | `jammed-door` | `data-line` |
//! | the sealed sector choice (classic, before the board is laid) | `sector-choice` | `data-seat`, `data-chosen` (`true`/`false`; never which sector) |
//! | a deal offered and not yet answered (classic) | `deal` | `data-from`, `data-to` (seats; never its cards) |
//!
//! The classic edition (`draw_with` and [`CLASSIC`](super::edition::CLASSIC))
//! lays its board with the classic pieces: edges open wherever no wall
//! stands (edge walls are ordinary walls, drawn as `wall`), and the AUTO
//! WARP with three players until RELOCATE SECTOR discards it. Its legend
//! tells life with no upper limit, the hand limit and lost turns.

use svg::Document;
use svg::node::element::{Circle, Group, Line, Path, Rectangle, Text, Title};

use super::edition::{EIGHTH, EditionRules, Stun};
use super::labyrinth::{Barrier, BorderLine, Direction, Labyrinth, Orientation, Square, StepKind};
use super::objects::Creation;
use super::sector_boards::Colour;
use super::treasures::TreasureLocation;
use super::views::View;
use crate::ruleset::{Seat, SeatNames};

/// The side of one square, in picture units.
pub(super) const CELL: i32 = 48;
/// Room around the board for wrap and portal marks.
pub(super) const MARGIN: i32 = 24;
/// Height of one line of the legend under the board.
pub(super) const LEGEND_LINE: i32 = 20;

fn x_of(col: i32) -> i32 {
    MARGIN + col * CELL
}

fn y_of(row: i32) -> i32 {
    MARGIN + row * CELL
}

/// The board's letters along its north edge and numbers down its west edge,
/// by which the feed names squares ("C1", see `Square`'s `Display`).
fn edge_labels(rows: i32, cols: i32) -> Group {
    let label = |text: String| Text::new(text).set("font-size", 10).set("fill", "#cbd5e1");
    let mut edges = Group::new().set("class", "edges");
    for col in 0..cols {
        edges = edges.add(
            label(super::labyrinth::column_letter(col as u8).to_string())
                .set("class", "col-label")
                .set("data-col", col)
                .set("x", x_of(col) + CELL / 2)
                .set("y", MARGIN - 8)
                .set("text-anchor", "middle"),
        );
    }
    for row in 0..rows {
        edges = edges.add(
            label((row + 1).to_string())
                .set("class", "row-label")
                .set("data-row", row)
                .set("x", MARGIN - 8)
                .set("y", y_of(row) + CELL / 2 + 4)
                .set("text-anchor", "end"),
        );
    }
    edges
}

fn square_id(s: Square) -> String {
    format!("r{}c{}", s.row, s.col)
}

fn line_id(l: BorderLine) -> String {
    let kind = match l.orientation {
        Orientation::Horizontal => "h",
        Orientation::Vertical => "v",
    };
    format!("{kind}-r{}c{}", l.row, l.col)
}

/// The two ends of a border line, in picture units.
fn ends(l: BorderLine) -> (i32, i32, i32, i32) {
    let (r, c) = (i32::from(l.row), i32::from(l.col));
    match l.orientation {
        Orientation::Horizontal => (x_of(c), y_of(r), x_of(c + 1), y_of(r)),
        Orientation::Vertical => (x_of(c), y_of(r), x_of(c), y_of(r + 1)),
    }
}

fn centre(s: Square) -> (i32, i32) {
    (
        x_of(i32::from(s.col)) + CELL / 2,
        y_of(i32::from(s.row)) + CELL / 2,
    )
}

fn side_name(d: Direction) -> &'static str {
    match d {
        Direction::North => "north",
        Direction::East => "east",
        Direction::South => "south",
        Direction::West => "west",
    }
}

fn colour_name(c: Colour) -> &'static str {
    match c {
        Colour::Blue => "blue",
        Colour::Red => "red",
        Colour::Yellow => "yellow",
        Colour::Green => "green",
    }
}

/// (sector tint, wizard colour) of a player colour.
fn paint(c: Colour) -> (&'static str, &'static str) {
    match c {
        Colour::Blue => ("#dbeafe", "#1d4ed8"),
        Colour::Red => ("#fee2e2", "#b91c1c"),
        Colour::Yellow => ("#fef9c3", "#a16207"),
        Colour::Green => ("#dcfce7", "#15803d"),
    }
}

fn line_element(l: BorderLine, class: &str, stroke: &str, width: i32) -> Line {
    let (x1, y1, x2, y2) = ends(l);
    Line::new()
        .set("class", class)
        .set("data-line", line_id(l))
        .set("x1", x1)
        .set("y1", y1)
        .set("x2", x2)
        .set("y2", y2)
        .set("stroke", stroke)
        .set("stroke-width", width)
        .set("stroke-linecap", "round")
}

/// Short strokes across a barrier, one per crack.
fn crack_marks(l: BorderLine, cracks: u8) -> Path {
    let (x1, y1, x2, y2) = ends(l);
    let n = i32::from(cracks);
    let mut d = String::new();
    for k in 1..=n {
        let (x, y) = (x1 + (x2 - x1) * k / (n + 1), y1 + (y2 - y1) * k / (n + 1));
        d.push_str(&format!("M{} {} L{} {} ", x - 4, y - 4, x + 4, y + 4));
    }
    Path::new()
        .set("class", "crack")
        .set("data-line", line_id(l))
        .set("data-cracks", cracks)
        .set("d", d.trim_end().to_owned())
        .set("stroke", "#f8fafc")
        .set("stroke-width", 2)
        .add(Title::new(format!("{cracks} cracks")))
}

/// A small triangle on `side` of `square`, pointing out of the board.
fn edge_mark(square: Square, side: Direction, class: &str, fill: &str) -> Path {
    let (cx, cy) = centre(square);
    let h = CELL / 2;
    let (bx, by, dx, dy) = match side {
        Direction::North => (cx, cy - h, 0, -1),
        Direction::South => (cx, cy + h, 0, 1),
        Direction::West => (cx - h, cy, -1, 0),
        Direction::East => (cx + h, cy, 1, 0),
    };
    // Base across the side, tip a little outside the board.
    let (px, py) = (-dy * 8, dx * 8);
    let d = format!(
        "M{} {} L{} {} L{} {} Z",
        bx + px,
        by + py,
        bx - px,
        by - py,
        bx + dx * 14,
        by + dy * 14
    );
    Path::new()
        .set("class", class)
        .set("data-square", square_id(square))
        .set("data-side", side_name(side))
        .set("d", d)
        .set("fill", fill)
}

/// The labyrinth as `view` shows it, as an SVG document (8th edition).
pub fn draw(view: &View, names: &SeatNames) -> String {
    draw_with(view, names, &EIGHTH, "wizwar", Vec::new())
}

/// The AUTO WARP: a quarter ring in the empty south-east quarter, its
/// lanes joining square (4, 5 + k)'s south side to (5 + k, 4)'s east side.
fn auto_warp_piece() -> Group {
    let s = i32::from(super::sector_boards::SECTOR_SIZE);
    let (cx, cy) = (x_of(s), y_of(s));
    let r = s * CELL;
    let mut piece = Group::new()
        .set("class", "auto-warp")
        .set(
            "data-joins",
            format!(
                "south-r{}c{}-r{}c{} east-r{}c{}-r{}c{}",
                s - 1,
                s,
                s - 1,
                2 * s - 1,
                s,
                s - 1,
                2 * s - 1,
                s - 1
            ),
        )
        .add(Title::new(
            "AUTO WARP: leaving south off the north-east sector comes in west on the south-west sector, one step",
        ))
        .add(
            Path::new()
                .set("d", format!("M{cx} {cy} L{} {cy} A{r} {r} 0 0 1 {cx} {} Z", cx + r, cy + r))
                .set("fill", "#312e81")
                .set("fill-opacity", 0.6)
                .set("stroke", "#a5b4fc")
                .set("stroke-width", 2),
        );
    for k in 0..s {
        let lane = k * CELL + CELL / 2;
        piece = piece.add(
            Path::new()
                .set("class", "auto-warp-lane")
                .set(
                    "d",
                    format!(
                        "M{} {cy} A{lane} {lane} 0 0 1 {cx} {}",
                        cx + lane,
                        cy + lane
                    ),
                )
                .set("fill", "none")
                .set("stroke", "#c7d2fe")
                .set("stroke-width", 1)
                .set("stroke-dasharray", "3 4"),
        );
    }
    piece.add(
        Text::new("AUTO WARP")
            .set("x", cx + r / 2)
            .set("y", cy + r / 2)
            .set("text-anchor", "middle")
            .set("font-size", 14)
            .set("fill", "#e0e7ff"),
    )
}

/// A line an edition adds to the legend under the board, for what only it
/// has (a classic deal standing): its class, its words, its data
/// attributes and its colour.
pub struct LegendLine {
    pub class: &'static str,
    pub text: String,
    pub data: Vec<(&'static str, String)>,
    pub fill: &'static str,
}

/// The labyrinth as `view` shows it, drawn with an edition's board pieces
/// and numbers, as an SVG document, with the edition's own legend lines.
pub fn draw_with(
    view: &View,
    names: &SeatNames,
    rules: &EditionRules,
    ruleset: &str,
    edition_lines: Vec<LegendLine>,
) -> String {
    let board = &view.board;
    let (rows, cols) = (i32::from(board.rows), i32::from(board.cols));
    let width = 2 * MARGIN + cols * CELL;
    let legend_top = 2 * MARGIN + rows * CELL;
    let extra_lines = edition_lines.len() as i32;
    let height = legend_top + LEGEND_LINE * (view.wizards.len() as i32 + 1 + extra_lines);
    // The printed board as it lies now (sectors turned as they are), for
    // the exits that wrap and the printed barriers since destroyed.
    let mut printed = Labyrinth::assemble_with(&rules.board, board.side, &board.sectors);
    if printed.auto_warp && !board.auto_warp {
        printed.discard_auto_warp();
    }
    let colour_of = |seat: Seat| {
        board
            .sectors
            .iter()
            .find(|s| s.owner == seat)
            .map_or(Colour::Blue, |s| s.colour)
    };

    let mut picture = document(width, height, ruleset, (rows, cols), "Wiz-War labyrinth");

    let mut sectors = Group::new().set("class", "sectors");
    for sector in &board.sectors {
        let (r0, c0) = super::labyrinth::slot_origin(sector.slot);
        let size = i32::from(super::sector_boards::SECTOR_SIZE);
        sectors = sectors.add(
            Rectangle::new()
                .set("class", "sector")
                .set("data-slot", sector.slot.0)
                .set("data-owner", sector.owner.0)
                .set("data-colour", colour_name(sector.colour))
                .set("x", x_of(i32::from(c0)))
                .set("y", y_of(i32::from(r0)))
                .set("width", size * CELL)
                .set("height", size * CELL)
                .set("fill", paint(sector.colour).0),
        );
    }
    picture = picture.add(sectors);
    if board.auto_warp {
        picture = picture.add(auto_warp_piece());
    }

    let mut squares = Group::new().set("class", "squares");
    for square in printed.squares() {
        let home = board.home_bases.iter().find(|h| h.square == square);
        let mut cell = Rectangle::new()
            .set(
                "class",
                if home.is_some() {
                    "square home-base"
                } else {
                    "square"
                },
            )
            .set("data-square", square_id(square))
            .set("x", x_of(i32::from(square.col)))
            .set("y", y_of(i32::from(square.row)))
            .set("width", CELL)
            .set("height", CELL)
            .set("fill", "none")
            .set("stroke", "#cbd5e1")
            .set("stroke-width", 1);
        if let Some(home) = home {
            cell = cell
                .set("data-owner", home.owner.0)
                .set("fill", paint(colour_of(home.owner)).1)
                .set("fill-opacity", 0.25);
        }
        squares = squares.add(cell);
    }
    picture = picture.add(squares).add(edge_labels(rows, cols));

    let mut barriers = Group::new().set("class", "barriers");
    for (line, barrier) in &printed.barriers {
        let standing = board.barriers.iter().any(|b| b.line == *line);
        if !standing && !matches!(barrier, Barrier::OuterWall) {
            barriers = barriers
                .add(line_element(*line, "destroyed", "#94a3b8", 3).set("stroke-dasharray", "4 4"));
        }
    }
    for b in &board.barriers {
        let (class, stroke, width, cracks) = match b.barrier {
            Barrier::StoneWall { cracks } => ("wall", "#111827", 6, cracks),
            Barrier::Door { cracks } => ("door", "#92400e", 6, cracks),
            Barrier::OuterWall => ("outer-wall", "#030712", 6, 0),
        };
        barriers =
            barriers.add(line_element(b.line, class, stroke, width).set("data-cracks", cracks));
        if cracks > 0 {
            barriers = barriers.add(crack_marks(b.line, cracks));
        }
    }
    for line in &view.jammed_doors {
        barriers = barriers.add(
            line_element(*line, "jammed-door", "#fde68a", 3)
                .set("stroke-dasharray", "1 4")
                .add(Title::new("door jammed open by Remove Lock")),
        );
    }
    for held in &view.held_doors {
        barriers = barriers.add(
            line_element(held.line, "held-door", paint(colour_of(held.holder)).1, 3)
                .set("data-holder", held.holder.0)
                .set("stroke-dasharray", "2 3"),
        );
    }
    picture = picture.add(barriers);

    let mut exits = Group::new().set("class", "exits");
    for (square, side, step) in printed.connections() {
        if step.kind != StepKind::WrapAround {
            continue;
        }
        if board.open_edges {
            // Classic: an edge leads across wherever no wall stands on it.
            let line = BorderLine::of(*square, *side);
            if board.barriers.iter().any(|b| b.line == line) {
                continue;
            }
            exits = exits.add(
                edge_mark(*square, *side, "wrap open-edge", "#e5e7eb")
                    .add(Title::new("open edge: leads to the opposite side")),
            );
        } else {
            exits = exits.add(edge_mark(*square, *side, "wrap", "#e5e7eb"));
        }
    }
    for portal in &board.portals {
        let fill = match portal.colour {
            super::labyrinth::PortalColour::Purple => "#9333ea",
            super::labyrinth::PortalColour::Cyan => "#06b6d4",
        };
        let colour = match portal.colour {
            super::labyrinth::PortalColour::Purple => "purple",
            super::labyrinth::PortalColour::Cyan => "cyan",
        };
        exits = exits
            .add(edge_mark(portal.square, portal.side, "portal", fill).set("data-colour", colour));
    }
    picture = picture.add(exits);

    let mut creations = Group::new().set("class", "creations");
    for creation in &view.creations {
        let card = creation.card().0;
        let element: Box<dyn svg::Node> = match creation {
            Creation::StoneWall { line, .. } => Box::new(
                line_element(*line, "creation stone-wall", "#4b5563", 6).set("data-card", card),
            ),
            Creation::WallOfFire { line, .. } => Box::new(
                line_element(*line, "creation wall-of-fire", "#f97316", 6).set("data-card", card),
            ),
            Creation::Door { line, .. } => Box::new(
                line_element(*line, "creation created-door", "#b45309", 6).set("data-card", card),
            ),
            Creation::StoneBlock { square, cracks, .. } => Box::new(
                square_mark(*square, "creation stone-block", "#6b7280")
                    .set("data-card", card)
                    .set("data-cracks", *cracks),
            ),
            Creation::DustCloud { square, .. } => Box::new(
                square_mark(*square, "creation dust-cloud", "#d6d3d1").set("data-card", card),
            ),
            Creation::TrapToken { square, .. } => Box::new(
                square_mark(*square, "creation trap-token", "#7c2d12").set("data-card", card),
            ),
            Creation::Bush { square, .. } => {
                Box::new(square_mark(*square, "creation bush", "#166534").set("data-card", card))
            }
        };
        creations = creations.add(element);
    }
    picture = picture.add(creations);

    let mut things = Group::new().set("class", "things");
    for treasure in &view.treasures {
        if let TreasureLocation::Lying { square } = treasure.location {
            let (cx, cy) = centre(square);
            things = things.add(
                Group::new()
                    .set("class", "treasure")
                    .set("data-treasure", treasure.id.0)
                    .set("data-owner", treasure.owner.0)
                    .set("data-square", square_id(square))
                    .add(Title::new(format!(
                        "{}'s treasure",
                        names.of(treasure.owner)
                    )))
                    .add(
                        Rectangle::new()
                            .set("x", cx - CELL / 2 + 3)
                            .set("y", cy - CELL / 2 + 3)
                            .set("width", 12)
                            .set("height", 12)
                            .set("fill", "#facc15")
                            .set("stroke", paint(colour_of(treasure.owner)).1)
                            .set("stroke-width", 2),
                    ),
            );
        }
    }
    for object in &view.objects {
        let (cx, cy) = centre(object.square);
        things = things.add(
            Group::new()
                .set("class", "object")
                .set("data-card", object.card.id.0)
                .set("data-square", square_id(object.square))
                .add(Title::new(object.card.name.title()))
                .add(
                    Circle::new()
                        .set("cx", cx + CELL / 2 - 9)
                        .set("cy", cy + CELL / 2 - 9)
                        .set("r", 6)
                        .set("fill", "#a78bfa"),
                ),
        );
    }
    for creature in &view.creatures {
        let (cx, cy) = centre(creature.square);
        things = things.add(
            Group::new()
                .set("class", "creature")
                .set("data-card", creature.card.0)
                .set("data-owner", creature.owner.0)
                .set("data-square", square_id(creature.square))
                .set("data-life", creature.life)
                .add(Title::new(format!(
                    "{}'s creature, {} life",
                    names.of(creature.owner),
                    creature.life
                )))
                .add(
                    Circle::new()
                        .set("cx", cx + CELL / 2 - 9)
                        .set("cy", cy - CELL / 2 + 9)
                        .set("r", 7)
                        .set("fill", paint(colour_of(creature.owner)).1)
                        .set("stroke", "#f8fafc"),
                ),
        );
    }
    picture = picture.add(things);

    let mut wizards = Group::new().set("class", "wizards");
    for wizard in &view.wizards {
        let (cx, cy) = centre(wizard.square);
        // Wizards sharing a square stand side by side.
        let sharing: Vec<Seat> = view
            .wizards
            .iter()
            .filter(|w| w.square == wizard.square)
            .map(|w| w.seat)
            .collect();
        let place = sharing.iter().position(|s| *s == wizard.seat).unwrap_or(0) as i32;
        let offset = (place * 2 - (sharing.len() as i32 - 1)) * 7;
        let name = names.of(wizard.seat);
        let class = if wizard.alive {
            "wizard"
        } else {
            "wizard dead"
        };
        let mut title = format!("{name}: {} life", wizard.life);
        if wizard.stun_tokens > 0 {
            title.push_str(&stun_words(rules, wizard.stun_tokens));
        }
        let mut figure = Group::new()
            .set("class", class)
            .set("id", format!("wizard-seat-{}", wizard.seat.0))
            .set("data-wizard", format!("seat-{}", wizard.seat.0))
            .set("data-square", square_id(wizard.square))
            .set("data-life", wizard.life)
            .set("data-stun", wizard.stun_tokens)
            .add(Title::new(title))
            .add(
                Circle::new()
                    .set("cx", cx + offset)
                    .set("cy", cy)
                    .set("r", 11)
                    .set("fill", paint(colour_of(wizard.seat)).1)
                    .set("fill-opacity", if wizard.alive { 1.0 } else { 0.3 })
                    .set(
                        "stroke",
                        if wizard.stun_tokens > 0 {
                            "#facc15"
                        } else {
                            "#f8fafc"
                        },
                    )
                    .set("stroke-width", if wizard.stun_tokens > 0 { 4 } else { 2 }),
            )
            .add(
                Text::new(wizard.life.to_string())
                    .set("class", "life")
                    .set("x", cx + offset)
                    .set("y", cy + 4)
                    .set("text-anchor", "middle")
                    .set("font-size", 11)
                    .set("fill", "#f8fafc"),
            );
        if wizard.treasure.is_some() {
            figure = figure.add(
                Rectangle::new()
                    .set("class", "carried-treasure")
                    .set("x", cx + offset + 6)
                    .set("y", cy - 14)
                    .set("width", 8)
                    .set("height", 8)
                    .set("fill", "#facc15"),
            );
        }
        wizards = wizards.add(figure);
    }
    picture = picture.add(wizards);

    let mut legend = Group::new().set("class", "legend-lines");
    let mut top = legend_top;
    for line in edition_lines {
        let mut text = Text::new(line.text).set("class", line.class);
        for (name, value) in line.data {
            text = text.set(format!("data-{name}"), value);
        }
        legend = legend.add(
            text.set("x", MARGIN)
                .set("y", top)
                .set("font-size", 13)
                .set("fill", line.fill),
        );
        top += LEGEND_LINE;
    }
    for (i, wizard) in view.wizards.iter().enumerate() {
        // Where kills score no victory points, the hand's limit is shown
        // instead.
        let mut text = if !rules.victory.kills_score {
            format!(
                "{}: {} life, {} of {} cards in hand",
                names.of(wizard.seat),
                wizard.life,
                wizard.hand_size,
                wizard.hand_limit
            )
        } else {
            format!(
                "{}: {} life, {} victory points, {} cards in hand",
                names.of(wizard.seat),
                wizard.life,
                wizard.victory_points,
                wizard.hand_size
            )
        };
        if wizard.stun_tokens > 0 {
            text.push_str(&stun_words(rules, wizard.stun_tokens));
        }
        if !wizard.alive {
            text.push_str(", dead");
        }
        if !wizard.carried_items.is_empty() {
            let items: Vec<&str> = wizard
                .carried_items
                .iter()
                .map(|c| c.name.title())
                .collect();
            text.push_str(&format!(", carries {}", items.join(", ")));
        }
        let mut line = Text::new(text)
            .set("class", "legend")
            .set("data-seat", wizard.seat.0)
            .set("data-life", wizard.life)
            .set("data-stun", wizard.stun_tokens)
            .set("data-victory-points", wizard.victory_points)
            .set("data-hand-size", wizard.hand_size)
            .set("data-hand-limit", wizard.hand_limit);
        if rules.stun == Stun::LostTurn {
            line = line.set("data-lost-turns", wizard.stun_tokens);
        }
        legend = legend.add(
            line.set("x", MARGIN)
                .set("y", top + LEGEND_LINE * i as i32)
                .set("font-size", 13)
                .set("fill", paint(colour_of(wizard.seat)).0),
        );
    }
    picture = picture.add(legend);
    picture.to_string()
}

/// ", stunned (2)" or, where a stun costs the turn, ", loses his next turn".
fn stun_words(rules: &EditionRules, tokens: u8) -> String {
    match (rules.stun, tokens) {
        (Stun::LostTurn, 1) => ", loses the next turn".to_owned(),
        (Stun::LostTurn, n) => format!(", loses the next {n} turns"),
        (Stun::MoveOrAttack, n) => format!(", stunned ({n})"),
    }
}

/// An empty picture of `width` × `height` with its background, telling its
/// ruleset and the board's `(rows, cols)` to scripts.
pub fn document(
    width: i32,
    height: i32,
    ruleset: &str,
    (rows, cols): (i32, i32),
    title: &str,
) -> Document {
    Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("data-ruleset", ruleset)
        .set("data-rows", rows)
        .set("data-cols", cols)
        .add(Title::new(title))
        .add(
            Rectangle::new()
                .set("class", "background")
                .set("width", width)
                .set("height", height)
                .set("fill", "#1f2937"),
        )
}

/// A square-filling mark for a created object.
fn square_mark(square: Square, class: &str, fill: &str) -> Group {
    Group::new()
        .set("class", class)
        .set("data-square", square_id(square))
        .add(
            Rectangle::new()
                .set("x", x_of(i32::from(square.col)) + 4)
                .set("y", y_of(i32::from(square.row)) + 4)
                .set("width", CELL - 8)
                .set("height", CELL - 8)
                .set("fill", fill)
                .set("fill-opacity", 0.7),
        )
}
