//! The duel drawn as SVG from one view: a row per bidder with his purse,
//! his lots and whether he has sealed his bid (`.bidder[data-seat=S]`).

use svg::Document;
use svg::node::element::{Text, Title};

use super::views::View;
use crate::ruleset::SeatNames;

pub fn draw(view: &View, names: &SeatNames) -> String {
    let mut picture = Document::new()
        .set("viewBox", (0, 0, 360, 90))
        .set("data-ruleset", "sealed-bid-duel")
        .add(Title::new(format!("Lot {} of {}", view.lot, view.lots)));
    for (row, player) in view.players.iter().enumerate() {
        let told = format!(
            "{}: {} coins, {} lots{}",
            names.of(player.seat),
            player.coins,
            player.bought,
            if player.sealed { ", bid sealed" } else { "" }
        );
        picture = picture.add(
            Text::new(told)
                .set("class", "bidder")
                .set("data-seat", player.seat.0)
                .set("x", 10)
                .set("y", 30 + 30 * row),
        );
    }
    picture.to_string()
}
