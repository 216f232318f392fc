//! Wiz War, classic edition (the French rules text
//! `shared/rules/wizwar-classic-rules-fr.txt`), offered as the
//! `wizwar-classic` ruleset: the Wiz-War engine played with the classic
//! [`Edition`](super::edition::Edition) — its numbers and rule hooks in
//! [`CLASSIC`](super::edition::CLASSIC), its deck in [`deck`].
//!
//! The state, commands and events are the engine's; on the wire they carry
//! names of their own (`WizwarClassicCommand`, …), so a client generated
//! from the spec tells a classic game from an 8th-edition one.
//!
//! # Designed values
//!
//! The classic card list is not public in full
//! (`shared/classic-wizwar-facts.md`); every value designed here is marked
//! `designed` in the catalogue served to clients, and listed below.
//!
//! ## Play and deals
//!
//! - **Winning**: two enemy treasures lying in one's base (from any
//!   opponents; one carried at a time) win at once; a kill scores nothing;
//!   the last living player wins. Only the living win, and deaths are
//!   settled before wins: a wizard killed as he brings the second treasure
//!   home (it falls in his base) is dead first and does not win. (As the
//!   8th edition's Treasure Hunters, with points to win fixed at 2.)
//! - **Losing by treasures**: both one's treasures lying (not carried) in
//!   the bases of other living players eliminate at once, as a death without
//!   killer: his hand is discarded, the items he carries and a treasure he
//!   carries fall in his square, his maintained spells end; his own two
//!   treasures stay where they lie. (As the 8th edition's Deadly Treasures.)
//! - **The killer takes the cards**: the "last attacker" is the wizard
//!   whose attack (a spell, a used item, a punch) killed him; he takes the
//!   hand and, over seven, may do nothing but discard until within the
//!   limit. "All his cards" are his hand and the objects he carries (they
//!   go back into his hand first, `carried_items_back_in_hand`, as cards on
//!   the table do before cards are taken from a hand). A death that no
//!   attack caused (lingering damage, treasures) has no taker: the hand is
//!   discarded and the objects fall in his square, as in the engine.
//! - **Picking up an object** (an item or a treasure) is free in movement
//!   (the rules name no cost) and ends Move and Cast: drawing is still
//!   allowed. Nothing is picked up outside one's turn: landing on an object
//!   (a teleport, a push) never lifts it.
//! - **Drawing past seven**: the two cards of the end of the turn are drawn
//!   whatever the hand holds; over seven, the player then discards the
//!   excess (choosing which) before anything else, and his turn ends as soon
//!   as he is within the limit. Any cards may be discarded before drawing.
//! - **Deals**: see [`deals`] (the player on turn offers, in Move and Cast,
//!   to one player his wizard sees; the cards given by id, those asked for
//!   by name; accepting swaps them at once, refused if either hand would
//!   pass seven; the offer lapses when the turn ends; its cards are seen by
//!   the two players only).

pub mod deals;
pub mod deck;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use super::edition::Edition;
use super::yield_policies::YieldPolicy;
use super::{Command, Event, Options as EighthOptions, RuleViolation, State, WizWar, views};
use crate::rng::GameRng;
use crate::ruleset::{
    Awaiting, Outcome, Presentation, Ruleset, RulesetInfo, RulesetOption, Seat, SeatNames,
    SetupError, Viewer,
};
use crate::wizwar::sector_boards::Side;

/// Wiz War, classic edition.
pub struct WizWarClassic;

/// Options chosen when a classic game is created.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(default, deny_unknown_fields)]
#[cfg_attr(feature = "openapi", schema(as = WizwarClassicOptions))]
pub struct Options {
    /// The yield policy every seat starts with; each player may change his
    /// own at any time (`set_yield_policy`).
    pub yield_policy: YieldPolicy,
}

impl Default for Options {
    /// Players asked only when a spell targets them or their things
    /// (DESIGN.md, "Yield policies").
    fn default() -> Self {
        Options {
            yield_policy: YieldPolicy::WhenTargeted,
        }
    }
}

impl Options {
    /// The engine's options for a classic game: the classic sector faces,
    /// the classic deck (chosen by the edition, not by schools).
    fn for_the_engine(&self) -> EighthOptions {
        EighthOptions {
            side: Side::B,
            yield_policy: self.yield_policy,
            ..EighthOptions::default()
        }
    }
}

/// Gives an engine type a wire name of the classic edition's own: the same
/// JSON, the same schema, under another name.
macro_rules! classic_wire_type {
    ($(#[$doc:meta])* $name:ident($inner:ty) as $schema:literal) => {
        $(#[$doc])*
        #[derive(Clone, Debug, Serialize, Deserialize)]
        #[serde(transparent)]
        pub struct $name(pub $inner);

        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $name {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                <$inner as utoipa::PartialSchema>::schema()
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $name {
            fn name() -> std::borrow::Cow<'static, str> {
                $schema.into()
            }
            fn schemas(
                schemas: &mut Vec<(
                    String,
                    utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
                )>,
            ) {
                <$inner as utoipa::ToSchema>::schemas(schemas);
            }
        }
    };
}

classic_wire_type!(
    /// A command of a classic game.
    ClassicCommand(Command) as "WizwarClassicCommand"
);
classic_wire_type!(
    /// An event of a classic game.
    ClassicEvent(Event) as "WizwarClassicEvent"
);
classic_wire_type!(
    /// What one player sees of a classic game.
    ClassicView(views::View) as "WizwarClassicView"
);

impl PartialEq for ClassicEvent {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

fn classic_events(events: Vec<Event>) -> Vec<ClassicEvent> {
    events.into_iter().map(ClassicEvent).collect()
}

impl Ruleset for WizWarClassic {
    const ID: &'static str = "wizwar-classic";
    type Options = Options;
    type State = State;
    type Command = ClassicCommand;
    type Event = ClassicEvent;
    type View = ClassicView;
    type Violation = RuleViolation;

    fn info() -> RulesetInfo {
        let defaults = Options::default();
        RulesetInfo {
            id: Self::ID.into(),
            name: "Wiz War (classic edition)".into(),
            description: "The classic labyrinth duel for 2–4 wizards: number cards, \
                          counter spells that halve damage, closed doors, deals; bring \
                          two enemy treasures home or be the last wizard standing."
                .into(),
            min_seats: 2,
            max_seats: Edition::Classic.rules().board.most_players,
            options: vec![RulesetOption {
                name: "yield_policy".into(),
                description: "Which response windows stop at a player until he \
                              changes it: always, when_targeted, \
                              when_i_can_counter (revealing) or never."
                    .into(),
                default: serde_json::to_value(defaults.yield_policy).unwrap_or_default(),
            }],
            reference: serde_json::json!({
                "cards": deck::catalogue(),
                "yield_policies": YieldPolicy::ALL
                    .iter()
                    .map(|p| serde_json::json!({ "policy": p, "reveals_hand": p.reveals_hand() }))
                    .collect::<Vec<_>>(),
            }),
        }
    }

    fn setup(
        options: &Options,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<ClassicEvent>, SetupError> {
        super::set_up(&options.for_the_engine(), seats, Edition::Classic, rng).map(classic_events)
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &ClassicCommand,
        rng: &mut GameRng,
    ) -> Result<Vec<ClassicEvent>, RuleViolation> {
        super::decide(state, actor, &command.0, rng).map(classic_events)
    }

    fn evolve(state: &mut State, event: &ClassicEvent) {
        super::evolve(state, &event.0);
    }

    fn view(state: &State, viewer: Viewer) -> ClassicView {
        ClassicView(views::view(state, viewer))
    }

    fn redact(event: &ClassicEvent, viewer: Viewer) -> Option<ClassicEvent> {
        views::redact(&event.0, viewer).map(ClassicEvent)
    }

    fn awaiting(state: &State) -> Vec<Awaiting> {
        WizWar::awaiting(state)
    }

    fn outcome(state: &State) -> Option<Outcome> {
        WizWar::outcome(state)
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<ClassicCommand> {
        super::legal_commands(state, seat)
            .into_iter()
            .map(ClassicCommand)
            .collect()
    }

    fn timeout_command(state: &State, seat: Seat) -> Option<ClassicCommand> {
        WizWar::timeout_command(state, seat).map(ClassicCommand)
    }
}

impl Presentation for WizWarClassic {
    fn narrate(event: &ClassicEvent, game: &State, names: &SeatNames) -> String {
        WizWar::narrate(&event.0, game, names)
    }

    fn picture(view: &ClassicView, names: &SeatNames) -> String {
        WizWar::picture(&view.0, names)
    }

    fn card_names(secret: &serde_json::Value) -> Vec<String> {
        WizWar::card_names(secret)
    }
}
