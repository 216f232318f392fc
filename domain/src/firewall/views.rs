//! What one viewer may see of a duel: its view, and each event.

use serde::{Deserialize, Serialize};

use super::events::{
    Event, FirewallDiscardReason, FirewallPendingChoice, FirewallQueuedSpell, FirewallRevealedMove,
    FirewallWallMoveCause,
};
use super::state::{Phase, State};
use crate::kit::views::{by_seat, count, private_to};
use crate::kit::{Keeper, Secret};
use crate::ruleset::{Seat, Viewer};

/// Where the duel stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum FirewallPhase {
    /// Not set up yet.
    #[default]
    NotStarted,
    /// Variant 2: wizards are ordering their stocks.
    Arranging,
    /// Turns are being played.
    Playing,
    /// The match is over.
    Over,
}

/// The bridge as everyone sees it: a row of `flagstones` numbered from 0
/// at seat 0's end to `flagstones - 1` (18) at seat 1's end. Seat 0's
/// wizard stands on the low side of the fire wall, seat 1's on the high
/// side; the wall moves toward the wizard it is pushed at.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallBridgeView {
    /// Flagstones on the bridge (19).
    pub flagstones: u8,
    /// Broken flagstones at seat 0's end (flagstones 0..broken_low).
    pub broken_low: u8,
    /// Broken flagstones at seat 1's end (flagstones
    /// `flagstones - broken_high..flagstones`).
    pub broken_high: u8,
    /// The flagstone the fire wall stands on.
    pub fire_wall: i8,
    /// Where the wall stood when the round began (where Middle sends it).
    pub round_start_fire_wall: i8,
    /// The flagstone each wizard stands on, by seat. A wizard on a broken
    /// flagstone, or off the bridge (below 0 or above 18), is in the lava.
    pub wizards: Vec<i8>,
}

/// One wizard as the viewer may see him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallPlayerView {
    pub seat: Seat,
    pub mana: u8,
    /// The cards in hand, for their owner (and referees) only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
    pub hand: Secret<Vec<u8>>,
    pub hand_count: u8,
    /// Cards left in the stock.
    pub deck_count: u8,
    /// The stock's order: referees only (and, in variant 2, its owner).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
    pub deck: Secret<Vec<u8>>,
    /// The discard pile, public, in the order cards arrived.
    pub discard: Vec<u8>,
    /// Whether this seat has handed in its move this turn (never what).
    pub submitted: bool,
    /// Variant 2: whether this seat has ordered its stock.
    pub arranged: bool,
    /// The viewer's own sealed move (or a referee's view of anyone's).
    #[cfg_attr(feature = "openapi", schema(value_type = Option<u8>, required = true))]
    pub sealed_bet: Secret<u8>,
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
    pub sealed_cards: Secret<Vec<u8>>,
}

/// A spell thrown away without effect, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallDiscardedSpell {
    pub spell: FirewallQueuedSpell,
    pub reason: FirewallDiscardReason,
}

/// A move of the fire wall during a turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallWallMove {
    pub from: i8,
    pub to: i8,
    pub cause: FirewallWallMoveCause,
}

/// The most recent revealed turn and what resolved (still filling while a choice is pending).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallTurnReport {
    pub turn: u32,
    pub moves: Vec<FirewallRevealedMove>,
    /// Spells both wizards played: cancelled.
    pub cancelled: Vec<u8>,
    /// Spells that took effect, in order.
    pub applied: Vec<FirewallQueuedSpell>,
    pub discarded: Vec<FirewallDiscardedSpell>,
    /// Attack powers by seat when compared.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub powers: Option<Vec<u32>>,
    pub wall_moves: Vec<FirewallWallMove>,
    /// Mana paid by seat.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub paid: Option<Vec<u8>>,
    /// Whether the turn has finished resolving.
    pub finished: bool,
}

/// The duel as one viewer sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = FirewallView))]
pub struct View {
    pub phase: FirewallPhase,
    pub round: u32,
    pub turn: u32,
    pub bridge: FirewallBridgeView,
    pub players: Vec<FirewallPlayerView>,
    /// Muteness holds for the rest of this round.
    pub muted: bool,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub last_turn: Option<FirewallTurnReport>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub pending_choice: Option<FirewallPendingChoice>,
    /// Set when the match is over; `None` with `over` true is a draw.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub winner: Option<Seat>,
    pub over: bool,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub summary: Option<String>,
}

pub(crate) fn view(state: &State, viewer: Viewer) -> View {
    let players = by_seat(&state.players)
        .map(|(seat, p)| {
            let own = Keeper::Seat(seat);
            // Variant 2: the owner chose the order, so he knows it.
            let stock_keeper = if state.options.arranged_decks {
                own
            } else {
                Keeper::Referee
            };
            let sealed = p.sealed.as_ref();
            FirewallPlayerView {
                seat,
                mana: p.mana,
                hand: private_to(seat, p.hand.clone(), viewer),
                hand_count: count(&p.hand),
                deck_count: p.deck.len() as u8,
                deck: Secret::new(stock_keeper, p.deck.clone()).shown_to(viewer),
                discard: p.discard.clone(),
                submitted: p.submitted,
                arranged: p.arranged,
                sealed_bet: Secret::maybe(own, sealed.map(|s| s.bet)).shown_to(viewer),
                sealed_cards: Secret::maybe(own, sealed.map(|s| s.cards.clone())).shown_to(viewer),
            }
        })
        .collect();
    let b = &state.bridge;
    View {
        phase: match state.phase {
            Phase::NotStarted => FirewallPhase::NotStarted,
            Phase::Arranging => FirewallPhase::Arranging,
            Phase::Playing => FirewallPhase::Playing,
            Phase::Over => FirewallPhase::Over,
        },
        round: state.round,
        turn: state.turn,
        bridge: FirewallBridgeView {
            flagstones: super::bridge::FLAGSTONES as u8,
            broken_low: b.broken_low,
            broken_high: b.broken_high,
            fire_wall: b.wall,
            round_start_fire_wall: b.round_start_wall,
            wizards: b.wizards.to_vec(),
        },
        players,
        muted: state.muted,
        last_turn: state.report.clone(),
        pending_choice: state.resolution.as_ref().and_then(|r| r.choice.clone()),
        winner: state.result.as_ref().and_then(|r| r.0),
        over: state.phase == Phase::Over,
        summary: state.result.as_ref().map(|r| r.1.clone()),
    }
}

/// The event as `viewer` may see it (DESIGN.md "Hidden information", and
/// decision 16 of the module doc). Every event is listed: a new one must say
/// what it hides.
pub(crate) fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let mut event = event.clone();
    match &mut event {
        Event::DeckShuffled { order, .. } => order.hide_unless(viewer, Keeper::Referee),
        Event::DeckArranged { seat, order } => order.hide_unless(viewer, Keeper::Seat(*seat)),
        Event::CardsDrawn { seat, cards, .. } => cards.hide_unless(viewer, Keeper::Seat(*seat)),
        Event::MoveSubmitted { seat, sealed, .. } => {
            sealed.hide_unless(viewer, Keeper::Seat(*seat))
        }
        // Public: the reveal and everything after it happen in the open.
        Event::MatchStarted { .. }
        | Event::RoundStarted { .. }
        | Event::MovesRevealed { .. }
        | Event::SpellsCancelled { .. }
        | Event::SpellsQueued { .. }
        | Event::SpellApplied { .. }
        | Event::SpellsDiscarded { .. }
        | Event::RoundMuted { .. }
        | Event::SpellsStolen { .. }
        | Event::LarcenyChosen { .. }
        | Event::RecycleOffered { .. }
        | Event::BetRecycled { .. }
        | Event::AttackChanged { .. }
        | Event::PushReversed { .. }
        | Event::PushDoubled { .. }
        | Event::PushResisted { .. }
        | Event::AttacksCompared { .. }
        | Event::FireWallMoved { .. }
        | Event::PaymentWaived { .. }
        | Event::BetsPaid { .. }
        | Event::ManaGained { .. }
        | Event::TurnResolved { .. }
        | Event::ManaExhausted { .. }
        | Event::RoundEnded { .. }
        | Event::WizardsPlaced { .. }
        | Event::FlagstonesCollapsed { .. }
        | Event::MatchEnded { .. } => {}
    }
    Some(event)
}
