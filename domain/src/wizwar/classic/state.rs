//! The state of a classic game: the engine's, extended with what only the
//! classic edition has — the sealed sector choice before the board is laid
//! ([`setup`](super::setup)) and the deal standing between two players
//! ([`deals`](super::deals)). The engine never sees these fields; the
//! classic ruleset folds them from its own events.
//!
//! It dereferences to the engine's [`State`], so the edition's rules read
//! the board, the wizards and the turn as the engine's rules do.

use std::ops::{Deref, DerefMut};

use serde::{Deserialize, Serialize};

use super::super::state::State;
use super::deals::Deal;
use super::setup::SectorChoice;

/// A classic game's state: the engine's and the edition's own.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClassicState {
    /// The game as the engine folds it.
    pub game: State,
    /// The sectors being chosen face down (none once the board is laid).
    pub sector_choice: Option<SectorChoice>,
    /// The deal offered and not yet answered.
    pub deal: Option<Deal>,
}

impl Deref for ClassicState {
    type Target = State;

    fn deref(&self) -> &State {
        &self.game
    }
}

impl DerefMut for ClassicState {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.game
    }
}
