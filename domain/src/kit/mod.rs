//! The kit every ruleset is built from.
//!
//! - [`Emitter`]: how `decide` emits events, each one folded into a working
//!   state at once so later rules see earlier effects.
//! - [`Secret`]: a fact only its [`Keeper`] may see (a hand, a deck order, a
//!   sealed move); `redact` and `view` hide it from everyone else.
//! - [`about`] and [`check_seats`]: the ruleset as clients are told it
//!   (id, seat bounds, options, reference material) and the seat-count
//!   check of `setup`, both from the ruleset's type.
//! - [`options`]: `Options` declared in [`game_options!`], each field
//!   described by its doc comment (or its type's description) for clients.
//! - [`response_window`]: response windows with the players' yield
//!   policies ([`YieldPolicy`]), for rules whose casts others may answer.
//! - [`views`] and [`narration`]: the small helpers per-seat views and
//!   sentences are written with (by seat, private to a seat, "A, B and C").
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
//! A ruleset is a type implementing [`crate::ruleset::Ruleset`] (the
//! decider) and [`crate::ruleset::Presentation`] (sentences and picture).
//! The server, the spec and the web page reach it through the registry
//! only, so most of the work is one folder `domain/src/<ruleset>/`, named
//! like this (Wiz-War, the Fire Wall duel and Wizards of War follow it; the
//! toy sealed-bid duel in `domain/src/sealed_bids/` shows it at its
//! smallest):
//!
//! | file | holds |
//! |---|---|
//! | `mod.rs` | the module doc (rules source, decisions where the rules are silent, wire format), `decide`, and the `impl Ruleset` |
//! | `options.rs` or in `mod.rs` | `Options` inside [`game_options!`]: a doc comment per field (or a described type such as [`YieldPolicy`]), `Default` the rules' defaults |
//! | `commands.rs` | `Command`, imperative (`submit_move`, `cast`) |
//! | `events.rs` | `Event`, past tense (`move_submitted`, `die_rolled`) |
//! | `violations.rs` | `RuleViolation`, a `thiserror` enum with a stable code per variant ([`crate::ruleset::Violation`]) |
//! | `state.rs` | `State` and `evolve` (no rules, never fails) |
//! | `views.rs` | `View`, `view` and `redact`, both exhaustive: no `_ =>` arm; doc comments on the view types say what coordinates mean (they are the spec's schema descriptions) |
//! | `narration.rs` | the `impl Presentation`: each event told in one sentence for its reader (exhaustive), and the card names of a secret |
//! | `picture.rs` | the board drawn as SVG (the `svg` crate) from a `View` alone, with `data-ruleset` on the root and stable classes and `data-` attributes |
//! | one file per rulebook chapter | `bridge.rs`, `labyrinth.rs`, `counter_spells.rs`, … |
//! | `tests/given.rs` | the ruleset's `given` (a one-line wrap of `kit::given::given`) and scene builders |
//! | `tests/*_tests.rs` or `tests/mod.rs` | rule tests named in the rulebook's terms |
//!
//! In the `impl Ruleset`: `ID` (the id in URLs and records), `STATE_VERSION`
//! (1; bump it when the serialised `State` changes meaning),
//! `MIN_SEATS`/`MAX_SEATS`, `REVISIONS` (to begin with one
//! [`revisions::Revision`] numbered 1, played by `RevisionRules::Current`;
//! [`revisions`] says how a later rules fix adds one), the seven types, `info` as
//! `kit::about::<Self>(name, one sentence)`, and `setup`
//! starting with `kit::check_seats::<Self>(seats)?`. `legal_choices` and
//! `timeout_command` have defaults: override `timeout_command` (what the
//! server plays when a deadline passes; the suite requires one for every
//! awaited seat) and, when commands multiply, `legal_choices` with a
//! `CommandChoice` type.
//!
//! The reference material clients show beside the table (a card catalogue,
//! the board's facts) is a type of the ruleset's own, named
//! `<Prefix>Reference` in the spec, given by an `impl`
//! [`about::ReferenceMaterial`] beside the tables it is built from (e.g. in
//! `catalogue.rs`): an object whose every key is sent, with
//! `#[serde(deny_unknown_fields)]` so the spec admits no other key and tells
//! the rulesets' material apart. Its wire is recorded in
//! `domain/tests/wire/<ruleset>.json`.
//!
//! The five wire types are named `Options`, `Command`, `Event`, `View` and
//! `RuleViolation` inside their module, and every schema the ruleset adds
//! carries a name prefixed by the ruleset (`#[schema(as = WizwarEvent)]`):
//! the server finds a ruleset's prefix from its command's schema name
//! (`<Prefix>Command`), and names never clash in the OpenAPI document
//! (shared kit types, such as `YieldPolicy`, keep their one name). Derive
//! the schemas under `#[cfg_attr(feature = "openapi", …)]`: the rules build
//! without them. A decision runs through `Emitter<Self>` (Wiz-War calls it
//! `Tx`). Whatever some viewer may not see is a [`Secret`] field, given
//! `#[schema(value_type = Option<T>)]` since it is written as an `Option`;
//! `redact` names its keeper from the event's own fields. Rules with
//! response windows implement [`response_window::ResponseWindows`] and let
//! the kit pass for players and change policies.
//!
//! Then, outside the folder:
//!
//! | file | what to add |
//! |---|---|
//! | `domain/src/lib.rs` | `pub mod <ruleset>;` |
//! | `domain/src/registry.rs` | one line in `registry!` with the random play the conformance suite runs (options that hide things their own way, games, commands, whether games must end): the server offers every registered ruleset and the suite checks it, leaks included |
//! | `openapi/openapi.json` | regenerate: `cargo run -- openapi > openapi/openapi.json` (a test fails while it differs); the `api` crate itself needs nothing, its routes and unions are generic over the registry |
//! | `api/web/app.js` | an entry in `RULES` (a `RulesPage`: `seats`, `hand`, `actions`; optionally `boardClicked`, `markTargets`): without one the page shows the view as JSON and the listed commands as buttons; the board is always the server's picture. Annotate what it reads with the spec's types (JSDoc), naming the ruleset's game type in `tests/clients/web.d.ts`: the page is type-checked against the spec |
//! | `tests/api/<ruleset>.rs` | end-to-end: a game created, joined and played over HTTP to a rule the ruleset is about; declared in `tests/api/main.rs` (one test binary) |
//! | `tests/api/web_client.rs` | its game page in headless Chromium: the board picture, the hand, a move made from the page |
//! | `tests/api/openapi.rs` | its prefix in the list of rulesets whose values are discriminated by `ruleset` |
//! | `tests/clients/play.ts`, `play.py` | optionally, the generated clients play it too |
//! | `README.md` | one paragraph in its list of rulesets |

pub mod about;
#[cfg(test)]
pub mod conformance;
pub mod emitter;
#[cfg(test)]
pub mod given;
pub mod map_as_pairs;
pub mod narration;
pub mod options;
pub mod response_window;
pub mod revisions;
pub mod secret;
pub mod understood;
pub mod views;

pub use about::{about, check_seats};
pub use emitter::Emitter;
pub(crate) use options::game_options;
pub use response_window::YieldPolicy;
pub use secret::{Keeper, Secret};
