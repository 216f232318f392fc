//! The bridge drawn as an SVG picture from one viewer's view: the 19
//! flagstones left to right from seat 0's end (broken ones shown as lava
//! cracks), the fire wall, both wizards and their mana. Only the view is
//! drawn, and no card at all, so the picture shows nothing its viewer may
//! not see.
//!
//! Elements a client or a test can find: `.flagstone[data-flagstone=N]`
//! (with class `broken` once collapsed), `.fire-wall[data-flagstone=N]`,
//! `.wizard[data-wizard=seat-S][data-flagstone=N][data-mana=M]` (class
//! `in-lava` off solid stone) and `.mana[data-seat=S]`.

use svg::Document;
use svg::node::element::{Circle, Group, Rectangle, Text, Title};

use super::views::View;
use crate::ruleset::{Seat, SeatNames};

/// Width of one flagstone, in picture units.
const STONE: i32 = 40;
/// Room left and right of the bridge (a wizard in the lava stands there).
const MARGIN: i32 = 60;
const BRIDGE_TOP: i32 = 70;
const BRIDGE_HEIGHT: i32 = 50;
const HEIGHT: i32 = 220;
const SEAT_COLOURS: [&str; 2] = ["#2f5fb3", "#a32d6a"];

fn x_of(flagstone: i32) -> i32 {
    MARGIN + flagstone * STONE
}

/// The bridge as `view` shows it, as an SVG document.
pub fn draw(view: &View, names: &SeatNames) -> String {
    let bridge = &view.bridge;
    let stones = i32::from(bridge.flagstones);
    let width = 2 * MARGIN + stones * STONE;
    let mut picture = Document::new()
        .set("viewBox", (0, 0, width, HEIGHT))
        .set("width", width)
        .set("height", HEIGHT)
        .set("data-ruleset", "firewall-duel")
        .set("data-round", view.round)
        .set("data-turn", view.turn)
        .add(Title::new(format!(
            "Fire Wall duel, round {}, turn {}",
            view.round, view.turn
        )))
        .add(
            Rectangle::new()
                .set("class", "lava")
                .set("x", 0)
                .set("y", 0)
                .set("width", width)
                .set("height", HEIGHT)
                .set("fill", "#5a1a0a"),
        );

    let broken_high_from = stones - i32::from(bridge.broken_high);
    let mut flagstones = Group::new().set("class", "bridge");
    for stone in 0..stones {
        let broken = stone < i32::from(bridge.broken_low) || stone >= broken_high_from;
        let class = if broken {
            "flagstone broken"
        } else {
            "flagstone"
        };
        flagstones = flagstones
            .add(
                Rectangle::new()
                    .set("class", class)
                    .set("id", format!("flagstone-{stone}"))
                    .set("data-flagstone", stone)
                    .set("x", x_of(stone) + 1)
                    .set("y", BRIDGE_TOP)
                    .set("width", STONE - 2)
                    .set("height", BRIDGE_HEIGHT)
                    .set("fill", if broken { "#c2410c" } else { "#9ca3af" })
                    .set("stroke", "#374151"),
            )
            .add(
                Text::new(stone.to_string())
                    .set("class", "flagstone-number")
                    .set("x", x_of(stone) + STONE / 2)
                    .set("y", BRIDGE_TOP + BRIDGE_HEIGHT + 16)
                    .set("text-anchor", "middle")
                    .set("font-size", 11)
                    .set("fill", "#f3f4f6"),
            );
    }
    picture = picture.add(flagstones);

    let wall = i32::from(bridge.fire_wall);
    picture = picture.add(
        Rectangle::new()
            .set("class", "fire-wall")
            .set("id", "fire-wall")
            .set("data-flagstone", wall)
            .set("x", x_of(wall) + STONE / 4)
            .set("y", BRIDGE_TOP - 30)
            .set("width", STONE / 2)
            .set("height", BRIDGE_HEIGHT + 30)
            .set("fill", "#f97316")
            .set("stroke", "#facc15")
            .set("stroke-width", 3),
    );

    for (index, at) in bridge.wizards.iter().enumerate() {
        let seat = Seat(index as u8);
        let at = i32::from(*at);
        let solid = at >= i32::from(bridge.broken_low) && at < broken_high_from;
        // A wizard who fell is drawn just off the end of the bridge he fell from.
        let shown_at = at.clamp(-1, stones);
        let mana = view
            .players
            .iter()
            .find(|p| p.seat == seat)
            .map_or(0, |p| p.mana);
        let colour = SEAT_COLOURS[index % SEAT_COLOURS.len()];
        let name = names.of(seat);
        let centre = x_of(shown_at) + STONE / 2;
        let class = if solid { "wizard" } else { "wizard in-lava" };
        picture = picture.add(
            Group::new()
                .set("class", class)
                .set("id", format!("wizard-seat-{index}"))
                .set("data-wizard", format!("seat-{index}"))
                .set("data-flagstone", at)
                .set("data-mana", mana)
                .add(Title::new(format!("{name}: flagstone {at}, {mana} mana")))
                .add(
                    Circle::new()
                        .set("cx", centre)
                        .set("cy", BRIDGE_TOP + BRIDGE_HEIGHT / 2)
                        .set("r", STONE / 2 - 4)
                        .set("fill", colour)
                        .set("stroke", "#f9fafb")
                        .set("stroke-width", 2),
                )
                .add(
                    Text::new(name.clone())
                        .set("class", "wizard-name")
                        .set("x", centre)
                        .set("y", BRIDGE_TOP - 38)
                        .set("text-anchor", "middle")
                        .set("font-size", 13)
                        .set("fill", "#f9fafb"),
                ),
        );
        let mana_x = if index == 0 { 10 } else { width - 10 };
        let anchor = if index == 0 { "start" } else { "end" };
        picture = picture.add(
            Text::new(format!("{name}: {mana} mana"))
                .set("class", "mana")
                .set("data-seat", index)
                .set("data-mana", mana)
                .set("x", mana_x)
                .set("y", HEIGHT - 20)
                .set("text-anchor", anchor)
                .set("font-size", 14)
                .set("fill", "#f9fafb"),
        );
    }
    picture.to_string()
}

#[cfg(test)]
mod tests {
    use super::super::{Event, FirewallDuel, FirewallWallMoveCause, Options};
    use super::*;
    use crate::Viewer;
    use crate::kit::given::given;
    use crate::ruleset::Ruleset;

    fn names() -> SeatNames {
        SeatNames::new(vec![Some("Merlin".into()), Some("Morgana".into())])
    }

    fn started() -> Vec<Event> {
        vec![Event::MatchStarted {
            options: Options::default(),
            flagstones: 19,
            fire_wall: 9,
            wizards: vec![6, 12],
            mana: 50,
        }]
    }

    fn drawn(events: Vec<Event>, viewer: Viewer) -> String {
        let game = given::<FirewallDuel>(events);
        draw(&FirewallDuel::view(&game.state, viewer), &names())
    }

    #[test]
    fn the_opening_bridge_shows_the_wall_in_the_middle_and_the_wizards_three_steps_away() {
        let picture = drawn(started(), Viewer::Player(Seat(0)));
        assert!(picture.starts_with("<svg"), "{picture}");
        assert_eq!(picture.matches(r#"class="flagstone""#).count(), 19);
        assert!(!picture.contains("broken"));
        assert!(
            picture.contains(r#"class="fire-wall" data-flagstone="9""#),
            "{picture}"
        );
        assert!(picture.contains(r#"data-flagstone="6" data-mana="50" data-wizard="seat-0""#));
        assert!(picture.contains(r#"data-flagstone="12" data-mana="50" data-wizard="seat-1""#));
        assert!(picture.contains("Morgana: 50 mana"), "{picture}");
    }

    #[test]
    fn collapsed_ends_are_broken_and_a_moved_wall_stands_where_it_went() {
        let mut events = started();
        events.push(Event::FlagstonesCollapsed {
            low: Some(0),
            high: Some(18),
        });
        events.push(Event::FireWallMoved {
            from: 9,
            to: 7,
            cause: FirewallWallMoveCause::Push,
        });
        let picture = drawn(events, Viewer::Spectator);
        assert!(picture.contains(r#"class="flagstone broken" data-flagstone="0""#));
        assert!(picture.contains(r#"class="flagstone broken" data-flagstone="18""#));
        assert_eq!(picture.matches(r#"class="flagstone""#).count(), 17);
        assert!(picture.contains(r#"class="fire-wall" data-flagstone="7""#));
    }

    #[test]
    fn the_same_view_is_always_drawn_the_same() {
        assert_eq!(
            drawn(started(), Viewer::Spectator),
            drawn(started(), Viewer::Spectator)
        );
    }
}
