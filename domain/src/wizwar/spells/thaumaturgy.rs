//! Thaumaturgy cards the engine plays so far: Anti-Anti.

use crate::ruleset::Seat;

use super::super::casting::{CastKind, Casting};
use super::super::state::State;
use super::super::violations::RuleViolation;

/// Anti-Anti answers a counter spell played against one of your casts;
/// nothing can answer it (so no window opens for it).
pub fn check_anti_anti(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    let below = state.stack.len().checked_sub(2).map(|i| &state.stack[i]);
    if top.kind != CastKind::Counter || below.is_none_or(|b| b.seat != seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Anti-Anti cancels a counter spell played against your spell",
        ));
    }
    Ok(())
}
