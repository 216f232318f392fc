//! The end of a round: mana running out, flagstones collapsing, wizards
//! stepping back three flagstones from the wall, the match ending when one
//! stands on broken stone, and the next round's deal.

use super::FirewallDuel;
use super::bridge::Bridge;
use super::events::{Event, FirewallRoundEndReason, FirewallWallMoveCause};
use super::mana::MANA_PER_ROUND;
use super::resolution::other;
use crate::kit::{Emitter, Keeper, Secret};
use crate::ruleset::Seat;

/// Cards drawn at the start of the match ("He draws five cards").
pub const OPENING_DRAW: usize = 5;
/// Cards drawn at each new round ("draws three more spells").
pub const ROUND_DRAW: usize = 3;

/// After a turn: a wizard with no mana left cannot bet again. The other moves
/// the wall toward him one step per mana point he still holds, then the round
/// is over ("Running out of Mana"); both out: the round is simply over.
pub fn check_mana(em: &mut Emitter<FirewallDuel>) {
    let out: Vec<Seat> = (0..2u8)
        .map(Seat)
        .filter(|s| em.state.player(*s).mana == 0)
        .collect();
    match out[..] {
        [] => {}
        [broke] => {
            em.emit(Event::ManaExhausted { seats: out.clone() });
            let rich = other(broke);
            let steps = i8::try_from(em.state.player(rich).mana).unwrap_or(i8::MAX);
            let from = em.state.bridge.wall;
            let to = em.state.bridge.pushed_toward(broke, steps);
            if to != from {
                em.emit(Event::FireWallMoved {
                    from,
                    to,
                    cause: FirewallWallMoveCause::OutOfMana,
                });
            }
            let reason = if em.state.bridge.wizard_hit() == Some(broke) {
                FirewallRoundEndReason::WallReachedWizard { seat: broke }
            } else {
                FirewallRoundEndReason::OutOfMana
            };
            end_round(em, reason);
        }
        _ => {
            em.emit(Event::ManaExhausted { seats: out.clone() });
            end_round(em, FirewallRoundEndReason::OutOfMana);
        }
    }
}

/// "End of the Round": the wizards stand three steps from the wall, a
/// flagstone collapses at each end, a wizard on broken stone loses.
pub fn end_round(em: &mut Emitter<FirewallDuel>, reason: FirewallRoundEndReason) {
    em.emit(Event::RoundEnded {
        round: em.state.round,
        reason,
    });
    let placed = Bridge::wizards_around(em.state.bridge.wall);
    em.emit(Event::WizardsPlaced {
        wizards: placed.to_vec(),
    });
    let (low, high) = em.state.bridge.next_collapses();
    if low.is_some() || high.is_some() {
        em.emit(Event::FlagstonesCollapsed { low, high });
    }
    let fallen: Vec<Seat> = (0..2u8)
        .map(Seat)
        .filter(|s| !em.state.bridge.is_solid(placed[s.index()]))
        .collect();
    match fallen[..] {
        [] => start_round(em, em.state.round + 1, ROUND_DRAW),
        [loser] => {
            let winner = other(loser);
            em.emit(Event::MatchEnded {
                winner: Some(winner),
                summary: format!(
                    "Seat {} fell into the lava: seat {} wins the duel.",
                    loser.0, winner.0
                ),
            });
        }
        _ => em.emit(Event::MatchEnded {
            winner: None,
            summary: "Both wizards fell into the lava at once: the duel is a draw.".into(),
        }),
    }
}

/// A new round: full mana, then each wizard draws from his stock while it lasts.
pub fn start_round(em: &mut Emitter<FirewallDuel>, round: u32, draw: usize) {
    em.emit(Event::RoundStarted {
        round,
        mana: MANA_PER_ROUND,
    });
    for seat in (0..2u8).map(Seat) {
        let deck = &em.state.player(seat).deck;
        let n = draw.min(deck.len());
        if n > 0 {
            let cards = deck[..n].to_vec();
            em.emit(Event::CardsDrawn {
                seat,
                count: n as u8,
                cards: Secret::new(Keeper::Seat(seat), cards),
            });
        }
    }
}
