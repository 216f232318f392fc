//! **Sealed-bid duel**, a toy ruleset that proves the kit's how-to
//! ([`crate::kit`]): written from it alone, registered only when the crate
//! is tested, and held to the conformance suite like every real ruleset.
//!
//! # Rules
//! Two players, each with a purse of coins, buy lots one at a time. For
//! each lot both seal a bid, from nothing to all they have; when both have,
//! the bids are shown and the higher bidder buys the lot and pays his bid.
//! Equal bids: nobody buys it and nobody pays. After the last lot, whoever
//! bought more lots wins; equal lots, more coins left wins; else a draw.
//!
//! # Decisions
//! - A sealed bid is seen by its bidder only until both are shown.
//! - A player whose deadline passes bids nothing.
//!
//! # Wire format
//! ```json
//! {"type":"seal_bid","bid":4}
//! ```

pub mod commands;
pub mod events;
pub mod narration;
pub mod picture;
pub mod state;
pub mod tactics;
pub mod views;
pub mod violations;

#[cfg(test)]
mod tests;

pub use commands::Command;
pub use events::Event;
pub use state::State;
pub use views::View;
pub use violations::RuleViolation;

use serde::{Deserialize, Serialize};

use crate::kit::revisions::{Revision, RevisionRules};
use crate::kit::{Emitter, Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::*;

/// The sealed-bid duel.
pub struct SealedBidDuel;

/// The sealed-bid duel has no components to show: its reference material is
/// an empty object.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = SealedBidReference))]
#[serde(deny_unknown_fields)]
pub struct Reference {}

impl crate::kit::about::ReferenceMaterial for SealedBidDuel {
    type Reference = Reference;

    fn reference() -> Reference {
        Reference {}
    }
}

crate::kit::game_options! {
    /// What a duel is played with.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
    #[serde(default, deny_unknown_fields)]
    #[cfg_attr(feature = "openapi", schema(as = SealedBidOptions))]
    pub struct Options {
        /// How many lots are sold (1 to 9).
        pub lots: u8,
        /// Each player's purse at the start (1 to 99 coins).
        pub coins: u8,
    }
}

impl Default for Options {
    fn default() -> Self {
        Options { lots: 3, coins: 10 }
    }
}

fn decide(state: &State, actor: Seat, command: &Command) -> Result<Vec<Event>, RuleViolation> {
    let Command::SealBid { bid } = *command;
    let player = state
        .players
        .get(actor.index())
        .ok_or(RuleViolation::NotAPlayer(actor))?;
    if state.over {
        return Err(RuleViolation::DuelOver);
    }
    if player.sealed.is_some() {
        return Err(RuleViolation::AlreadyBid);
    }
    if bid > player.coins {
        return Err(RuleViolation::BidAboveCoins {
            bid,
            coins: player.coins,
        });
    }
    let mut em = Emitter::<SealedBidDuel>::new(state);
    em.emit(Event::BidSealed {
        seat: actor,
        bid: Secret::new(Keeper::Seat(actor), bid),
    });
    let bids: Option<Vec<u8>> = em.state.players.iter().map(|p| p.sealed).collect();
    if let Some(bids) = bids {
        let buyer = match bids[0].cmp(&bids[1]) {
            std::cmp::Ordering::Greater => Some(Seat(0)),
            std::cmp::Ordering::Less => Some(Seat(1)),
            std::cmp::Ordering::Equal => None,
        };
        let lot = em.state.lot;
        em.emit(Event::BidsShown { lot, bids, buyer });
        if lot == em.state.lots {
            let winner = state::leader(&em.state);
            em.emit(Event::DuelEnded { winner });
        }
    }
    Ok(em.events)
}

impl Ruleset for SealedBidDuel {
    const ID: &'static str = "sealed-bid-duel";
    const STATE_VERSION: u32 = 1;
    const MIN_SEATS: u8 = 2;
    const MAX_SEATS: u8 = 2;
    const REVISIONS: &'static [Revision] = &[Revision {
        number: 1,
        date: "2026-11-27",
        changes: &["The sealed-bid duel as its module doc tells it."],
        rules: RevisionRules::Current,
        upcast: None,
    }];
    type Options = Options;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = View;
    type Violation = RuleViolation;
    type CommandChoice = NoCommandChoice;

    fn info() -> RulesetInfo {
        crate::kit::about::<Self>(
            "Sealed-bid duel",
            "Two players bid in secret for a few lots; the higher bid buys.",
        )
    }

    fn setup(options: &Options, seats: u8, _rng: &mut GameRng) -> Result<Vec<Event>, SetupError> {
        crate::kit::check_seats::<Self>(seats)?;
        if !(1..=9).contains(&options.lots) || !(1..=99).contains(&options.coins) {
            return Err(SetupError::InvalidOptions(
                "lots are 1 to 9 and coins 1 to 99".into(),
            ));
        }
        Ok(vec![Event::DuelOpened {
            lots: options.lots,
            coins: options.coins,
        }])
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &Command,
        _rng: &mut GameRng,
    ) -> Result<Vec<Event>, RuleViolation> {
        decide(state, actor, command)
    }

    fn evolve(state: &mut State, event: &Event) {
        state::evolve(state, event);
    }

    fn view(state: &State, viewer: Viewer) -> View {
        views::view(state, viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        views::redact(event, viewer)
    }

    fn awaiting(state: &State) -> Vec<Awaiting> {
        state::bidders(state)
            .map(|seat| Awaiting {
                seat,
                reason: AwaitReason::SealedMove,
            })
            .collect()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.over.then(|| Outcome {
            winners: state.winner.into_iter().collect(),
            summary: match state.winner {
                Some(seat) => format!("{seat} bought more"),
                None => "Both bought as much with as much left".into(),
            },
        })
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        if !state::bidders(state).any(|s| s == seat) {
            return vec![];
        }
        (0..=state.players[seat.index()].coins)
            .map(|bid| Command::SealBid { bid })
            .collect()
    }

    fn timeout_command(state: &State, seat: Seat) -> Option<Command> {
        state::bidders(state)
            .any(|s| s == seat)
            .then_some(Command::SealBid { bid: 0 })
    }
}
