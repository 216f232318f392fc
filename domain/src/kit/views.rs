//! Helpers every ruleset's `views.rs` builds its per-seat views with.

use super::{Keeper, Secret};
use crate::ruleset::{Seat, Viewer};

/// Each seat with its record, seat 0 first, for rules that keep their
/// players in a list by seat.
pub fn by_seat<T>(players: &[T]) -> impl Iterator<Item = (Seat, &T)> {
    players.iter().enumerate().map(|(i, p)| {
        let seat = u8::try_from(i).expect("a table has fewer than 256 seats");
        (Seat(seat), p)
    })
}

/// What only `seat` may see (his hand, his sealed move), as `viewer` may
/// see it: shown to that seat and the referee, hidden from everyone else.
pub fn private_to<T>(seat: Seat, value: T, viewer: Viewer) -> Secret<T> {
    Secret::new(Keeper::Seat(seat), value).shown_to(viewer)
}

/// A hand's size as views tell it to everyone (the cards are private).
pub fn count<T>(cards: &[T]) -> u8 {
    u8::try_from(cards.len()).unwrap_or(u8::MAX)
}
