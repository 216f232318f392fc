//! The picture of a classic game: the engine's labyrinth with the edition's
//! own legend line (a deal standing: who offers it to whom, never its
//! cards), or, before the board is laid, who has chosen his sector (never
//! which).

use svg::node::element::{Group, Text};

use super::super::edition::{CLASSIC, Stun};
use super::super::picture::{CELL, LEGEND_LINE, LegendLine, MARGIN, document, draw_with};
use super::ClassicView;
use super::setup::SectorChoiceView;
use crate::ruleset::SeatNames;

/// The ruleset a classic picture tells scripts.
const RULESET: &str = "wizwar-classic";

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
    let lines = std::iter::once(rules_line(view)).chain(deal).collect();
    draw_with(&view.game, names, &CLASSIC, RULESET, lines)
}

/// The edition's numbers, which differ from the 8th edition's: life without
/// an upper limit, the hand's limit, a stun that costs a turn.
fn rules_line(view: &ClassicView) -> LegendLine {
    let rules = &CLASSIC;
    let stun = match rules.stun {
        Stun::LostTurn => ("a stun costs a turn", "lost_turn"),
        Stun::MoveOrAttack => ("a stunned wizard moves or attacks", "move_or_attack"),
    };
    let (life, max_life) = if rules.max_life == i8::MAX {
        ("no upper limit to life".to_owned(), "none".to_owned())
    } else {
        (
            format!("life up to {}", rules.max_life),
            rules.max_life.to_string(),
        )
    };
    LegendLine {
        class: "legend-rules",
        text: format!(
            "Classic: {life}, a hand of {} cards, {}",
            view.game.hand_limit, stun.0
        ),
        data: vec![
            ("max-life", max_life),
            ("hand-limit", view.game.hand_limit.to_string()),
            ("stun", stun.1.to_owned()),
        ],
        fill: "#e5e7eb",
    }
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
    document(width, height, RULESET, (0, 0), "Wiz-War: choosing sectors")
        .add(lines)
        .to_string()
}
