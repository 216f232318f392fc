//! Owlpost's game rules.
//!
//! This crate is pure: no IO, no clock, no global randomness. Each game is a
//! [`ruleset::Ruleset`] — a *decider* that turns commands into events and folds
//! events into state. The server reaches every ruleset through the object-safe
//! [`registry`].

pub mod bots;
pub mod kit;
pub mod registry;
pub mod rng;
pub mod ruleset;
pub mod table;
#[cfg(test)]
mod takeback_tests;
#[cfg(test)]
mod wire_tests;

pub mod firewall;
/// A toy ruleset, registered only in tests: it proves the kit's how-to.
#[cfg(test)]
pub mod sealed_bids;
pub mod wizards_of_war;
pub mod wizwar;

pub use rng::GameRng;
pub use ruleset::{AwaitReason, Awaiting, Outcome, Ruleset, Seat, Viewer, Violation};
