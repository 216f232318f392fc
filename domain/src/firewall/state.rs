//! The duel as the fold of its events. `evolve` holds no rules and never
//! fails: every decision was taken by `decide` and written into the events.

use serde::{Deserialize, Serialize};

use super::bridge::Bridge;
use super::events::{
    Event, FirewallPendingChoice, FirewallQueuedSpell, FirewallSealedMove, FirewallWallMoveCause,
};
use super::options::Options;
use super::spells::Spell;
use super::views::{FirewallDiscardedSpell, FirewallTurnReport, FirewallWallMove};
use crate::ruleset::Seat;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    #[default]
    NotStarted,
    Arranging,
    Playing,
    Over,
}

/// One wizard's cards and mana.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    pub mana: u8,
    /// The stock, top card first.
    pub deck: Vec<u8>,
    /// The hand, sorted; always holds the False Card (0).
    pub hand: Vec<u8>,
    /// The discard pile, oldest first.
    pub discard: Vec<u8>,
    /// Cards revealed this turn and not yet applied or discarded.
    pub in_play: Vec<u8>,
    pub submitted: bool,
    /// The sealed move (absent from a fold of redacted events).
    pub sealed: Option<FirewallSealedMove>,
    pub arranged: bool,
    /// Spells (not the False Card) this wizard played on the last revealed turn:
    /// what the opponent's Clone may copy.
    pub previous_spells: Vec<u8>,
}

/// A turn between its reveal and its end.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Resolution {
    pub turn: u32,
    pub bets: [u8; 2],
    pub powers: [u32; 2],
    /// Spells still to apply, next first.
    pub queue: Vec<FirewallQueuedSpell>,
    /// Winner Loses applications (an odd count reverses the push).
    pub reversals: u8,
    pub inferno: bool,
    pub resisting: [bool; 2],
    /// The attacks have been compared (and the wall pushed if due).
    pub compared: bool,
    /// The seat the push moved the wall toward, if it moved.
    pub pushed_toward: Option<Seat>,
    pub waived: [bool; 2],
    pub paid: bool,
    pub choice: Option<FirewallPendingChoice>,
}

/// The whole duel.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub options: Options,
    pub phase: Phase,
    pub round: u32,
    /// Turns counted over the whole match, from 1.
    pub turn: u32,
    pub bridge: Bridge,
    pub players: [Player; 2],
    /// Muteness holds until the round ends.
    pub muted: bool,
    pub resolution: Option<Resolution>,
    pub report: Option<FirewallTurnReport>,
    /// The winner (none: a draw) and the summary, once over.
    pub result: Option<(Option<Seat>, String)>,
}

impl State {
    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index() % 2]
    }

    fn player_mut(&mut self, seat: Seat) -> &mut Player {
        &mut self.players[seat.index() % 2]
    }
}

fn remove_one(cards: &mut Vec<u8>, card: u8) -> bool {
    match cards.iter().position(|&c| c == card) {
        Some(i) => {
            cards.remove(i);
            true
        }
        None => false,
    }
}

/// Takes a spell out of the queue and, if it is a real card, puts that card
/// on its owner's discard pile ("Once applied, the cards are discarded").
fn retire(state: &mut State, spell: &FirewallQueuedSpell) {
    if let Some(res) = state.resolution.as_mut()
        && let Some(i) = res.queue.iter().position(|q| q == spell)
    {
        res.queue.remove(i);
    }
    if !spell.copy {
        let owner = state.player_mut(spell.owner);
        if remove_one(&mut owner.in_play, spell.spell) {
            owner.discard.push(spell.spell);
        }
    }
}

fn report(state: &mut State) -> Option<&mut FirewallTurnReport> {
    state.report.as_mut()
}

pub fn evolve(state: &mut State, event: &Event) {
    use Event as E;
    match event {
        E::MatchStarted {
            options,
            fire_wall,
            wizards,
            mana,
            ..
        } => {
            let mut bridge = Bridge::new();
            bridge.wall = *fire_wall;
            bridge.round_start_wall = *fire_wall;
            if let [a, b] = wizards[..] {
                bridge.wizards = [a, b];
            }
            let player = Player {
                mana: *mana,
                hand: vec![Spell::FalseCard.number()],
                // The 14 spells, in number order until shuffled or arranged.
                deck: super::deck::spells_of_stock(),
                ..Player::default()
            };
            *state = State {
                options: options.clone(),
                phase: if options.arranged_decks {
                    Phase::Arranging
                } else {
                    Phase::NotStarted
                },
                round: 0,
                turn: 1,
                bridge,
                players: [player.clone(), player],
                ..State::default()
            };
        }
        E::DeckShuffled { seat, order } => {
            if let Some(order) = order.revealed() {
                state.player_mut(*seat).deck = order.clone();
            }
        }
        E::DeckArranged { seat, order } => {
            let p = state.player_mut(*seat);
            p.arranged = true;
            if let Some(order) = order.revealed() {
                p.deck = order.clone();
            }
        }
        E::RoundStarted { round, mana } => {
            state.phase = Phase::Playing;
            state.round = *round;
            state.muted = false;
            state.bridge.round_start_wall = state.bridge.wall;
            for p in &mut state.players {
                p.mana = *mana;
            }
        }
        E::CardsDrawn { seat, count, cards } => {
            let p = state.player_mut(*seat);
            match cards.revealed() {
                Some(cards) => {
                    for &c in cards {
                        remove_one(&mut p.deck, c);
                        p.hand.push(c);
                    }
                }
                None => {
                    let n = usize::from(*count).min(p.deck.len());
                    let drawn: Vec<u8> = p.deck.drain(..n).collect();
                    p.hand.extend(drawn);
                }
            }
            p.hand.sort_unstable();
        }
        E::MoveSubmitted { seat, sealed, .. } => {
            let p = state.player_mut(*seat);
            p.submitted = true;
            p.sealed = sealed.revealed().cloned();
        }
        E::MovesRevealed { turn, moves } => {
            let mut bets = [0u8; 2];
            for m in moves {
                bets[m.seat.index() % 2] = m.bet;
                let p = state.player_mut(m.seat);
                p.previous_spells.clear();
                for &c in &m.cards {
                    // The False Card is taken back at once: it never leaves the hand.
                    if c == Spell::FalseCard.number() {
                        continue;
                    }
                    if remove_one(&mut p.hand, c) {
                        p.in_play.push(c);
                    }
                    p.previous_spells.push(c);
                }
            }
            state.resolution = Some(Resolution {
                turn: *turn,
                bets,
                powers: bets.map(u32::from),
                ..Resolution::default()
            });
            state.report = Some(FirewallTurnReport {
                turn: *turn,
                moves: moves.clone(),
                ..FirewallTurnReport::default()
            });
        }
        E::SpellsCancelled { spells } => {
            for &s in spells {
                for p in &mut state.players {
                    if remove_one(&mut p.in_play, s) {
                        p.discard.push(s);
                    }
                }
            }
            if let Some(r) = report(state) {
                r.cancelled.extend(spells);
            }
        }
        E::SpellsQueued { queue } => {
            if let Some(res) = state.resolution.as_mut() {
                res.queue = queue.clone();
            }
        }
        E::SpellApplied { spell } => {
            retire(state, spell);
            if let Some(r) = report(state) {
                r.applied.push(*spell);
            }
        }
        E::SpellsDiscarded { spells, reason } => {
            for s in spells {
                retire(state, s);
                if let Some(r) = report(state) {
                    r.discarded.push(FirewallDiscardedSpell {
                        spell: *s,
                        reason: *reason,
                    });
                }
            }
        }
        E::RoundMuted { .. } => state.muted = true,
        E::SpellsStolen { seat, spells } => {
            if let Some(res) = state.resolution.as_mut() {
                res.choice = Some(FirewallPendingChoice::Larceny {
                    seat: *seat,
                    stolen: spells.clone(),
                });
            }
        }
        E::LarcenyChosen {
            seat,
            applied,
            discarded,
        } => {
            for s in discarded {
                retire(state, s);
                if let Some(r) = report(state) {
                    r.discarded.push(FirewallDiscardedSpell {
                        spell: *s,
                        reason: super::events::FirewallDiscardReason::LarcenyDeclined,
                    });
                }
            }
            if let Some(res) = state.resolution.as_mut() {
                for s in applied {
                    if let Some(q) = res.queue.iter_mut().find(|q| *q == s) {
                        q.caster = *seat;
                    }
                }
                res.choice = None;
            }
        }
        E::RecycleOffered {
            seat,
            bet,
            min,
            max,
        } => {
            if let Some(res) = state.resolution.as_mut() {
                res.choice = Some(FirewallPendingChoice::Recycle {
                    seat: *seat,
                    bet: *bet,
                    min: *min,
                    max: *max,
                });
            }
        }
        E::BetRecycled { seat, bet } => {
            if let Some(res) = state.resolution.as_mut() {
                let i = seat.index() % 2;
                res.powers[i] =
                    (res.powers[i] + u32::from(*bet)).saturating_sub(u32::from(res.bets[i]));
                res.bets[i] = *bet;
                res.choice = None;
            }
        }
        E::AttackChanged { seat, power } => {
            if let Some(res) = state.resolution.as_mut() {
                res.powers[seat.index() % 2] = *power;
            }
        }
        E::PushReversed { .. } => {
            if let Some(res) = state.resolution.as_mut() {
                res.reversals = res.reversals.saturating_add(1);
            }
        }
        E::PushDoubled { .. } => {
            if let Some(res) = state.resolution.as_mut() {
                res.inferno = true;
            }
        }
        E::PushResisted { seat } => {
            if let Some(res) = state.resolution.as_mut() {
                res.resisting[seat.index() % 2] = true;
            }
        }
        E::AttacksCompared { powers, .. } => {
            if let Some(res) = state.resolution.as_mut() {
                res.compared = true;
            }
            if let Some(r) = report(state) {
                r.powers = Some(powers.clone());
            }
        }
        E::FireWallMoved { from, to, cause } => {
            state.bridge.wall = *to;
            if *cause == FirewallWallMoveCause::Push
                && let Some(res) = state.resolution.as_mut()
            {
                // Seat 0 stands at the low end of the bridge.
                res.pushed_toward = Some(if to < from { Seat(0) } else { Seat(1) });
            }
            if let Some(r) = report(state) {
                r.wall_moves.push(FirewallWallMove {
                    from: *from,
                    to: *to,
                    cause: *cause,
                });
            }
        }
        E::PaymentWaived { seat } => {
            if let Some(res) = state.resolution.as_mut() {
                res.waived[seat.index() % 2] = true;
            }
        }
        E::BetsPaid { amounts, mana } => {
            for (p, m) in state.players.iter_mut().zip(mana) {
                p.mana = *m;
            }
            if let Some(res) = state.resolution.as_mut() {
                res.paid = true;
            }
            if let Some(r) = report(state) {
                r.paid = Some(amounts.clone());
            }
        }
        E::ManaGained { seat, mana, .. } => state.player_mut(*seat).mana = *mana,
        E::TurnResolved { .. } => {
            state.resolution = None;
            state.turn += 1;
            for p in &mut state.players {
                p.submitted = false;
                p.sealed = None;
            }
            if let Some(r) = report(state) {
                r.finished = true;
            }
        }
        E::ManaExhausted { .. } => {}
        E::RoundEnded { .. } => {
            state.resolution = None;
            state.muted = false;
        }
        E::WizardsPlaced { wizards } => {
            if let [a, b] = wizards[..] {
                state.bridge.wizards = [a, b];
            }
        }
        E::FlagstonesCollapsed { low, high } => {
            if low.is_some() {
                state.bridge.broken_low += 1;
            }
            if high.is_some() {
                state.bridge.broken_high += 1;
            }
        }
        E::MatchEnded { winner, summary } => {
            state.phase = Phase::Over;
            state.result = Some((*winner, summary.clone()));
        }
    }
}
