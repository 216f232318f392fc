//! Facts some viewers may not see: hands, deck orders, sealed moves.
//!
//! A [`Secret`] says who keeps it (a seat, two seats, or the referee
//! alone). On the wire it is exactly an `Option`: the value, or `null` once
//! hidden, so clients see the same JSON as before secrets had a type.
//! `redact` and `view` hide it from whoever is not entitled; the
//! conformance suite checks, for every viewer, that nothing they are not
//! entitled to is left showing.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::ruleset::{Seat, Viewer};

/// Who may see a secret (besides the referee, who sees everything).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Keeper {
    /// Nobody at the table, e.g. a shuffled deck's order.
    Referee,
    /// One seat, e.g. his hand or his sealed move.
    Seat(Seat),
    /// Two seats, e.g. the cards one took from the other's hand.
    Seats(Seat, Seat),
}

impl Viewer {
    /// Whether this viewer may see what `keeper` keeps.
    pub fn may_see(self, keeper: Keeper) -> bool {
        match keeper {
            Keeper::Referee => self == Viewer::Referee,
            Keeper::Seat(seat) => self.may_see_private_of(seat),
            Keeper::Seats(a, b) => self.may_see_private_of(a) || self.may_see_private_of(b),
        }
    }
}

/// A value only its keeper may see; `None` inside once hidden.
///
/// The keeper lives in memory only (the wire form is the bare `Option`): a
/// secret read back from JSON is kept by the referee until `redact` names
/// its keeper again. Equality compares the values alone, for the same
/// reason.
#[derive(Clone, Debug)]
pub struct Secret<T> {
    value: Option<T>,
    keeper: Keeper,
}

impl<T> Secret<T> {
    /// `value`, seen only by `keeper` (and the referee).
    pub fn new(keeper: Keeper, value: T) -> Self {
        Secret {
            value: Some(value),
            keeper,
        }
    }

    /// `value` if there is one, seen only by `keeper` (and the referee).
    pub fn maybe(keeper: Keeper, value: Option<T>) -> Self {
        Secret { value, keeper }
    }

    /// A secret whose value this viewer does not get.
    pub fn hidden() -> Self {
        Secret {
            value: None,
            keeper: Keeper::Referee,
        }
    }

    /// The value, unless it was hidden.
    pub fn revealed(&self) -> Option<&T> {
        self.value.as_ref()
    }

    /// Whether the value was hidden from this viewer.
    pub fn is_hidden(&self) -> bool {
        self.value.is_none()
    }

    /// Who keeps it.
    pub fn keeper(&self) -> Keeper {
        self.keeper
    }

    /// Hides the value unless `viewer` may see what `keeper` keeps.
    /// `redact` names the keeper from the event's own fields, since a
    /// secret read back from JSON no longer knows it.
    pub fn hide_unless(&mut self, viewer: Viewer, keeper: Keeper) {
        if !viewer.may_see(keeper) {
            self.value = None;
        }
    }

    /// The secret as `viewer` may see it: hidden unless its keeper lets him.
    pub fn shown_to(mut self, viewer: Viewer) -> Self {
        let keeper = self.keeper;
        self.hide_unless(viewer, keeper);
        self
    }
}

impl<T> Default for Secret<T> {
    fn default() -> Self {
        Secret::hidden()
    }
}

impl<T: PartialEq> PartialEq for Secret<T> {
    fn eq(&self, other: &Self) -> bool {
        self.value == other.value
    }
}

impl<T: Eq> Eq for Secret<T> {}

impl<T: Serialize> Serialize for Secret<T> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[cfg(test)]
        if let Some(value) = &self.value {
            audit::record(self.keeper, value);
        }
        self.value.serialize(serializer)
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Secret<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(Secret {
            value: Option::deserialize(deserializer)?,
            keeper: Keeper::Referee,
        })
    }
}

/// Which secrets a value shows, found by serialising it (tests only).
#[cfg(test)]
pub mod audit {
    use std::cell::RefCell;

    use serde::Serialize;
    use serde_json::Value;

    use super::Keeper;

    thread_local! {
        static SHOWN: RefCell<Option<Vec<(Keeper, Value)>>> = const { RefCell::new(None) };
    }

    pub(super) fn record<T: Serialize>(keeper: Keeper, value: &T) {
        if SHOWN.with(|shown| shown.borrow().is_none()) {
            return;
        }
        let value = serde_json::to_value(value).unwrap_or(Value::Null);
        SHOWN.with(|shown| {
            if let Some(list) = shown.borrow_mut().as_mut() {
                list.push((keeper, value));
            }
        });
    }

    /// Every secret `value` shows (not hidden), with its keeper, and its JSON.
    pub fn shown_secrets<T: Serialize>(value: &T) -> (Vec<(Keeper, Value)>, Value) {
        let outer = SHOWN.with(|shown| shown.borrow_mut().replace(Vec::new()));
        let json = serde_json::to_value(value).expect("rule types serialise");
        let found = SHOWN.with(|shown| std::mem::replace(&mut *shown.borrow_mut(), outer));
        (found.unwrap_or_default(), json)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    #[test]
    fn a_secret_is_written_as_its_value_or_as_null_once_hidden_as_clients_always_had_it() {
        let hand = Secret::new(Keeper::Seat(Seat(0)), vec![3, 7]);
        let written = |s: Secret<Vec<u8>>| serde_json::to_value(s).unwrap();
        assert_eq!(written(hand.clone()), json!([3, 7]));
        assert_eq!(
            written(hand.clone().shown_to(Viewer::Player(Seat(0)))),
            json!([3, 7])
        );
        assert_eq!(
            written(hand.clone().shown_to(Viewer::Player(Seat(1)))),
            Value::Null
        );
        assert_eq!(
            written(hand.clone().shown_to(Viewer::Spectator)),
            Value::Null
        );
        let read: Secret<Vec<u8>> = serde_json::from_value(json!([3, 7])).unwrap();
        assert_eq!(read, hand);
        let read: Secret<Vec<u8>> = serde_json::from_value(Value::Null).unwrap();
        assert!(read.is_hidden());
    }

    #[test]
    fn the_referee_alone_sees_a_deck_order_and_either_of_two_seats_a_hand_they_share() {
        let players = [Viewer::Player(Seat(0)), Viewer::Player(Seat(1))];
        for viewer in players.into_iter().chain([Viewer::Spectator]) {
            assert!(!viewer.may_see(Keeper::Referee));
        }
        assert!(Viewer::Referee.may_see(Keeper::Referee));
        let shared = Keeper::Seats(Seat(0), Seat(2));
        assert!(Viewer::Player(Seat(0)).may_see(shared));
        assert!(Viewer::Player(Seat(2)).may_see(shared));
        assert!(!Viewer::Player(Seat(1)).may_see(shared));
        assert!(!Viewer::Spectator.may_see(shared));
    }
}
