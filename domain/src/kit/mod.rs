//! The kit every ruleset is built from.
//!
//! - [`Emitter`]: how `decide` emits events, each one folded into a working
//!   state at once so later rules see earlier effects.
//! - [`Secret`]: a fact only its [`Keeper`] may see (a hand, a deck order, a
//!   sealed move); `redact` and `view` hide it from everyone else.
//! - `given` (tests only): `given(events).when(seat, command)` then
//!   `.then(exact events)` or `.then_refused(exact violation)`.
//! - `conformance` (tests only): what every registered ruleset must do,
//!   checked on seeded random games (see [`crate::registry`]).
//! - [`revisions`]: a ruleset's revisions and their changelog, and how a rules
//!   fix is written so that every game finishes under the rules it began with.
//! - [`understood`]: a command read into its ruleset's type and written back,
//!   a field the type does not hold refused.
//!
//! # How to add a ruleset
//!
//! One folder `domain/src/<ruleset>/`, named like this (Wiz-War and the Fire
//! Wall duel both follow it):
//!
//! | file | holds |
//! |---|---|
//! | `mod.rs` | the module doc (rules source, decisions where the rules are silent, wire format), `decide`, and the `impl Ruleset` |
//! | `options.rs` or in `mod.rs` | `Options`, what a game is created with |
//! | `commands.rs` | `Command`, imperative (`submit_move`, `cast`) |
//! | `events.rs` | `Event`, past tense (`move_submitted`, `die_rolled`) |
//! | `violations.rs` | `RuleViolation`, a `thiserror` enum with a stable code per variant |
//! | `state.rs` | `State` and `evolve` (no rules, never fails) |
//! | `views.rs` | `View`, `view` and `redact`, both exhaustive: no `_ =>` arm; doc comments on the view types say what coordinates mean (they are the spec's schema descriptions) |
//! | `narration.rs` | the `impl Presentation`: each event told in one sentence for its reader (exhaustive), and the card names of a secret |
//! | `picture.rs` | the board drawn as SVG from a `View` alone, with stable classes and `data-` attributes |
//! | one file per rulebook chapter | `bridge.rs`, `labyrinth.rs`, `counter_spells.rs`, … |
//! | `tests/given.rs` | the ruleset's `given` (a one-line wrap of `kit::given::given`) and scene builders |
//! | `tests/*_tests.rs` or `tests/mod.rs` | rule tests named in the rulebook's terms |
//!
//! The five wire types are named `Options`, `Command`, `Event`, `View` and
//! `RuleViolation` inside their module, and carry a schema name prefixed by
//! the ruleset (`#[schema(as = WizwarEvent)]`) so names never clash in the
//! OpenAPI document. A decision runs through `Emitter<Self>` (Wiz-War calls
//! it `Tx`). Whatever some viewer may not see is a [`Secret`] field, given
//! `#[schema(value_type = Option<T>)]` since it is written as an `Option`;
//! `redact` names its keeper from the event's own fields. Register the
//! ruleset in [`crate::registry`]: the server offers it and the conformance
//! suite checks it, leaks included.
#[cfg(test)]
pub mod conformance;
pub mod emitter;
#[cfg(test)]
pub mod given;
pub mod map_as_pairs;
pub mod revisions;
pub mod secret;
pub mod understood;

pub use emitter::Emitter;
pub use secret::{Keeper, Secret};
