//! The picture of a classic game: the engine's labyrinth with the edition's
//! own legend line (a deal standing: who offers it to whom, never its
//! cards), or, before the board is laid, who has chosen his sector (never
//! which).

use svg::Document;
use svg::node::element::{Group, Rectangle, Text, Title};

use super::super::edition::CLASSIC;
use super::super::picture::{CELL, LEGEND_LINE, LegendLine, MARGIN, draw_with};
use super::ClassicView;
use super::setup::SectorChoiceView;
use crate::ruleset::SeatNames;

/// The classic game as `view` shows it, as an SVG document.
pub fn draw(view: &ClassicView, names: &SeatNames) -> String {
    if let Some(choice) = &view.sector_choice
        && view.game.board.sectors.is_empty()
    {
        return draw_sector_choice(choice, names);
    }
    let deal = view.deal.iter().map(|deal| LegendLine {
        class: "deal",
        text: format!(
            "{} offers {} a deal, waiting for an answer",
            names.of(deal.from),
            names.of(deal.to)
        ),
        data: vec![
            ("from", deal.from.0.to_string()),
            ("to", deal.to.0.to_string()),
        ],
        fill: "#fde68a",
    });
    draw_with(&view.game, names, &CLASSIC, deal.collect())
}

/// The classic sealed sector choice, before the board is laid: who has
/// chosen, never what.
fn draw_sector_choice(choice: &SectorChoiceView, names: &SeatNames) -> String {
    let seats = &choice.seats;
    let width = 2 * MARGIN + 10 * CELL;
    let height = 2 * MARGIN + LEGEND_LINE * (seats.len() as i32 + 2);
    let mut lines = Group::new().set("class", "sector-choices").add(
        Text::new("Sectors are chosen face down; the board is laid once all have.")
            .set("class", "heading")
            .set("x", MARGIN)
            .set("y", MARGIN + LEGEND_LINE / 2)
            .set("font-size", 14)
            .set("fill", "#f8fafc"),
    );
    for (i, seat) in seats.iter().enumerate() {
        let text = if seat.chosen {
            format!("{} has chosen a sector", names.of(seat.seat))
        } else {
            format!("{} is still choosing a sector", names.of(seat.seat))
        };
        lines = lines.add(
            Text::new(text)
                .set("class", "sector-choice")
                .set("data-seat", seat.seat.0)
                .set("data-chosen", seat.chosen)
                .set("x", MARGIN)
                .set("y", MARGIN + LEGEND_LINE / 2 + LEGEND_LINE * (i as i32 + 1))
                .set("font-size", 13)
                .set("fill", if seat.chosen { "#bbf7d0" } else { "#e5e7eb" }),
        );
    }
    Document::new()
        .set("viewBox", (0, 0, width, height))
        .set("width", width)
        .set("height", height)
        .set("data-ruleset", "wizwar-classic")
        .set("data-rows", 0)
        .set("data-cols", 0)
        .add(Title::new("Wiz-War: choosing sectors"))
        .add(
            Rectangle::new()
                .set("class", "background")
                .set("width", width)
                .set("height", height)
                .set("fill", "#1f2937"),
        )
        .add(lines)
        .to_string()
}
