//! What happened in a classic game: every event of the Wiz-War engine, and
//! the classic edition's own (the sealed sector choice and its roll-offs,
//! the roll for the first player, deals), which the engine's event type does
//! not name. On the wire both are one union tagged by `type` (see
//! [`super::wire`]).

use serde::{Deserialize, Serialize};

use crate::kit::Secret;
use crate::ruleset::Seat;
use crate::wizwar::Event as EngineEvent;
use crate::wizwar::cards::CardName;
use crate::wizwar::objects::CardView;
use crate::wizwar::sector_boards::Colour;
use crate::wizwar::yield_policies::YieldPolicy;

/// An event of a classic Wiz-War game: the engine's, or the edition's own.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClassicEvent {
    /// An event of the Wiz-War engine, as in the 8th edition.
    Engine(EngineEvent),
    /// An event only the classic edition has.
    Edition(EditionEvent),
}

super::wire::edition_union!(
    ClassicEvent {
        Engine(EngineEvent),
        Edition(EditionEvent)
    },
    types: [
        "sector_choice_opened",
        "sector_chosen",
        "sectors_revealed",
        "sector_roll_off",
        "sector_dealt",
        "first_player_rolled",
        "deal_offered",
        "deal_accepted",
        "deal_declined",
        "deal_lapsed",
    ],
    schema: "WizwarClassicEvent",
    description: "An event of a classic Wiz-War game (the classic edition's rules).",
);

/// A player's sector as he chose it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarSectorPick))]
pub struct SectorPick {
    pub seat: Seat,
    pub sector: Colour,
}

/// One player's roll of the die.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarSeatRoll))]
pub struct SeatRoll {
    pub seat: Seat,
    pub value: u8,
}

/// The events only the classic edition has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EditionEvent {
    /// Setup, first of all: the players are to choose their
    /// sectors face down (`choose_sector`); the yield policy every seat
    /// will start with is recorded for when the board is laid.
    SectorChoiceOpened {
        seats: u8,
        yield_policy: YieldPolicy,
    },
    /// A player chose his sector face down: only he sees which until all
    /// are revealed.
    SectorChosen {
        seat: Seat,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Colour>, required = true))]
        sector: Secret<Colour>,
    },
    /// Every player has chosen: the sectors are revealed together.
    SectorsRevealed { choices: Vec<SectorPick> },
    /// Two or more players chose the same sector: each rolled the die,
    /// the highest keeps it (ties roll again, each round recorded); the
    /// others are dealt free sectors (`sector_dealt`).
    SectorRollOff {
        sector: Colour,
        rolls: Vec<SeatRoll>,
        /// Who keeps the sector (none while the highest rolls tie).
        #[cfg_attr(feature = "openapi", schema(required = true))]
        keeper: Option<Seat>,
    },
    /// A player who lost a roll-off gets one of the sectors nobody kept,
    /// drawn at random.
    SectorDealt { seat: Seat, sector: Colour },
    /// Every player still in contention rolled for the first
    /// turn; the highest begins (ties roll again, each round recorded).
    FirstPlayerRolled { rolls: Vec<SeatRoll> },
    /// `from` offers `to` a deal; the cards given and asked for are
    /// seen by those two only.
    DealOffered {
        from: Seat,
        to: Seat,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
        give: Secret<Vec<CardView>>,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardName>>, required = true))]
        ask: Secret<Vec<CardName>>,
    },
    /// `to` accepted `from`'s deal: `given` went from `from` to
    /// `to`, `received` the other way (seen by those two only).
    DealAccepted {
        from: Seat,
        to: Seat,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
        given: Secret<Vec<CardView>>,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
        received: Secret<Vec<CardView>>,
    },
    /// The deal was declined by `to`, or withdrawn by `from` (`by`).
    DealDeclined { from: Seat, to: Seat, by: Seat },
    /// The deal lapsed with the turn.
    DealLapsed { from: Seat, to: Seat },
}
