//! Resolving a turn: the reveal, identical spells cancelling, then every
//! spell in number order ("the whole spells played by both sides must be
//! applied by following their numbering"), the push of the fire wall, the
//! payment of the bets.
//!
//! The push comes after spell 11 (Resistance) because spells 7–11 shape it,
//! and before spell 12 (Bad Loser) because that one asks whether the wall
//! "actually moved". Bets are paid after Bad Loser and before Reserve Boost
//! (13) and Suction (14), so a refill is never wasted against the cap by a
//! bet still to be paid.
//!
//! Every step is an event; `decide` emits them through the kit's
//! [`Emitter`], which folds each one as it goes, so it reasons on exactly
//! the state a replay will rebuild. A choice (Recycle, Larceny) stops the loop; the answer
//! resumes it with [`advance`].

use super::FirewallDuel;
use super::events::{
    Event, FirewallDiscardReason, FirewallQueuedSpell, FirewallRevealedMove,
    FirewallRoundEndReason, FirewallWallMoveCause,
};
use super::mana::{ATTACK_BOOST, RESERVE_BOOST, capped_gain, recycle_range};
use super::round;
use super::spells::Spell;
use crate::kit::Emitter;
use crate::ruleset::Seat;

/// Whether resolution goes on after a step.
#[derive(PartialEq, Eq)]
enum Flow {
    Continue,
    RoundOver,
}

pub fn other(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
}

/// Turns both sealed moves face up and resolves as far as possible.
pub fn reveal(em: &mut Emitter<FirewallDuel>) {
    let turn = em.state.turn;
    let moves: Vec<FirewallRevealedMove> = (0..2u8)
        .map(|s| {
            let sealed = em.state.players[usize::from(s)].sealed.clone().unwrap_or(
                super::events::FirewallSealedMove {
                    bet: 1,
                    cards: vec![],
                    clone: None,
                },
            );
            FirewallRevealedMove {
                seat: Seat(s),
                bet: sealed.bet,
                cards: sealed.cards,
                clone: sealed.clone,
            }
        })
        .collect();
    em.emit(Event::MovesRevealed {
        turn,
        moves: moves.clone(),
    });

    let spells = |m: &FirewallRevealedMove| -> Vec<u8> {
        m.cards
            .iter()
            .copied()
            .filter(|&c| c != Spell::FalseCard.number())
            .collect()
    };
    let played = [spells(&moves[0]), spells(&moves[1])];

    if em.state.muted {
        // Muteness: "Would any foolish Wizard cast a Spell later on this round,
        // the Spell would be lost and discarded."
        let lost: Vec<FirewallQueuedSpell> = (0..2u8)
            .flat_map(|s| {
                played[usize::from(s)]
                    .iter()
                    .map(move |&spell| FirewallQueuedSpell {
                        spell,
                        caster: Seat(s),
                        owner: Seat(s),
                        copy: false,
                    })
            })
            .collect();
        if !lost.is_empty() {
            em.emit(Event::SpellsDiscarded {
                spells: lost,
                reason: FirewallDiscardReason::Muted,
            });
        }
    } else {
        // "Whenever both players have played the same spell(s), the identical
        // spells cancel each other out."
        let cancelled: Vec<u8> = played[0]
            .iter()
            .copied()
            .filter(|s| played[1].contains(s))
            .collect();
        if !cancelled.is_empty() {
            em.emit(Event::SpellsCancelled {
                spells: cancelled.clone(),
            });
        }
        let mut queue = Vec::new();
        for s in 0..2u8 {
            let seat = Seat(s);
            for &spell in &played[usize::from(s)] {
                if cancelled.contains(&spell) {
                    continue;
                }
                queue.push(FirewallQueuedSpell {
                    spell,
                    caster: seat,
                    owner: seat,
                    copy: false,
                });
                // Clone: the picked spell "will be applied on this turn, as if
                // played normally by the caster, and according to its priority number".
                if spell == Spell::Clone.number()
                    && let Some(target) = moves[usize::from(s)].clone
                {
                    queue.push(FirewallQueuedSpell {
                        spell: target,
                        caster: seat,
                        owner: seat,
                        copy: true,
                    });
                }
            }
        }
        // By number; at equal numbers (only through Clone) the real card
        // first, then seat order.
        queue.sort_by_key(|q| (q.spell, q.copy, q.caster));
        if !queue.is_empty() {
            em.emit(Event::SpellsQueued { queue });
        }
    }
    advance(em);
}

/// Resolves until the turn ends or a choice is awaited.
pub fn advance(em: &mut Emitter<FirewallDuel>) {
    loop {
        let Some(res) = em.state.resolution.as_ref() else {
            return;
        };
        if res.choice.is_some() {
            return;
        }
        let next = res.queue.first().copied();
        let priority = next.map_or(u8::MAX, |q| q.spell);
        if !res.compared && priority >= Spell::BadLoser.number() {
            if push(em) == Flow::RoundOver {
                return;
            }
            continue;
        }
        if !res.paid && priority >= Spell::ReserveBoost.number() {
            pay(em);
            continue;
        }
        match next {
            None => {
                em.emit(Event::TurnResolved {
                    turn: em.state.turn,
                });
                round::check_mana(em);
                return;
            }
            Some(spell) => {
                if apply(em, spell) == Flow::RoundOver {
                    return;
                }
            }
        }
    }
}

fn discard_rest(em: &mut Emitter<FirewallDuel>, reason: FirewallDiscardReason) {
    let rest = em
        .state
        .resolution
        .as_ref()
        .map(|r| r.queue.clone())
        .unwrap_or_default();
    if !rest.is_empty() {
        em.emit(Event::SpellsDiscarded {
            spells: rest,
            reason,
        });
    }
}

fn apply(em: &mut Emitter<FirewallDuel>, q: FirewallQueuedSpell) -> Flow {
    em.emit(Event::SpellApplied { spell: q });
    let caster = q.caster;
    let Some(res) = em.state.resolution.clone() else {
        return Flow::Continue;
    };
    let i = caster.index() % 2;
    match Spell::from_number(u32::from(q.spell)) {
        None | Some(Spell::FalseCard) | Some(Spell::Clone) => {}
        Some(Spell::Muteness) => {
            em.emit(Event::RoundMuted { seat: caster });
            discard_rest(em, FirewallDiscardReason::Muted);
        }
        Some(Spell::Larceny) => {
            // "Any Spell the opponent may have cast on this turn goes to the
            // larcener's side": everything of his not yet applied.
            let stolen: Vec<FirewallQueuedSpell> = res
                .queue
                .iter()
                .copied()
                .filter(|s| s.caster != caster)
                .collect();
            if !stolen.is_empty() {
                em.emit(Event::SpellsStolen {
                    seat: caster,
                    spells: stolen,
                });
            }
        }
        Some(Spell::EndSingle) => {
            // "Any other Spell played on this turn, and yet unapplied, is discarded."
            discard_rest(em, FirewallDiscardReason::EndSingle);
            em.emit(Event::TurnResolved {
                turn: em.state.turn,
            });
            round::end_round(em, FirewallRoundEndReason::EndSingle { seat: caster });
            return Flow::RoundOver;
        }
        Some(Spell::Middle) => {
            let b = &em.state.bridge;
            if b.wall != b.round_start_wall {
                em.emit(Event::FireWallMoved {
                    from: b.wall,
                    to: b.round_start_wall,
                    cause: FirewallWallMoveCause::Middle,
                });
            }
        }
        Some(Spell::Recycle) => {
            let (min, max) = recycle_range(res.bets[i], em.state.players[i].mana);
            // With one possible bet there is nothing to choose.
            if min < max {
                em.emit(Event::RecycleOffered {
                    seat: caster,
                    bet: res.bets[i],
                    min,
                    max,
                });
            }
        }
        Some(Spell::AttackBoost) => em.emit(Event::AttackChanged {
            seat: caster,
            power: res.powers[i].saturating_add(ATTACK_BOOST),
        }),
        Some(Spell::DoubleDose) => em.emit(Event::AttackChanged {
            seat: caster,
            power: res.powers[i].saturating_mul(2),
        }),
        Some(Spell::WinnerLoses) => em.emit(Event::PushReversed { seat: caster }),
        Some(Spell::Inferno) => em.emit(Event::PushDoubled { seat: caster }),
        Some(Spell::Resistance) => em.emit(Event::PushResisted { seat: caster }),
        Some(Spell::BadLoser) => {
            if res.pushed_toward == Some(caster) {
                em.emit(Event::PaymentWaived { seat: caster });
            }
        }
        Some(Spell::ReserveBoost) => {
            let mana = em.state.players[i].mana;
            let amount = capped_gain(mana, RESERVE_BOOST);
            em.emit(Event::ManaGained {
                seat: caster,
                spell: q.spell,
                amount,
                mana: mana + amount,
            });
        }
        Some(Spell::Suction) => {
            // "increases by the opponent's bet (not the power of his attack)".
            let mana = em.state.players[i].mana;
            let amount = capped_gain(mana, res.bets[other(caster).index()]);
            em.emit(Event::ManaGained {
                seat: caster,
                spell: q.spell,
                amount,
                mana: mana + amount,
            });
        }
    }
    Flow::Continue
}

/// Compares the attacks and pushes the wall one flagstone toward the weaker
/// (two with Inferno); equal attacks leave it where it is (README).
fn push(em: &mut Emitter<FirewallDuel>) -> Flow {
    let Some(res) = em.state.resolution.clone() else {
        return Flow::Continue;
    };
    let [p0, p1] = res.powers;
    let stronger = match p0.cmp(&p1) {
        std::cmp::Ordering::Greater => Some(Seat(0)),
        std::cmp::Ordering::Less => Some(Seat(1)),
        std::cmp::Ordering::Equal => None,
    };
    let mut toward = stronger.map(other);
    // Winner Loses: "move toward the Wizard with the stronger attack".
    if res.reversals % 2 == 1 {
        toward = toward.map(other);
    }
    // Resistance: "In no way will the Firewall move toward the caster."
    if let Some(t) = toward
        && res.resisting[t.index()]
    {
        toward = None;
    }
    em.emit(Event::AttacksCompared {
        powers: vec![p0, p1],
        stronger,
        toward,
    });
    let Some(target) = toward else {
        return Flow::Continue;
    };
    let steps = if res.inferno { 2 } else { 1 };
    let from = em.state.bridge.wall;
    let to = em.state.bridge.pushed_toward(target, steps);
    if to != from {
        em.emit(Event::FireWallMoved {
            from,
            to,
            cause: FirewallWallMoveCause::Push,
        });
    }
    if em.state.bridge.wizard_hit() == Some(target) {
        // "At once the Fire Wall arrives on the flagstone where a Wizard
        // stands, the round is over": later spells no longer matter.
        discard_rest(em, FirewallDiscardReason::RoundOver);
        em.emit(Event::TurnResolved {
            turn: em.state.turn,
        });
        round::end_round(
            em,
            FirewallRoundEndReason::WallReachedWizard { seat: target },
        );
        return Flow::RoundOver;
    }
    Flow::Continue
}

/// "Each opponent must cut off his bet from his Mana reserve" (Bad Loser excepted).
fn pay(em: &mut Emitter<FirewallDuel>) {
    let Some(res) = em.state.resolution.clone() else {
        return;
    };
    let amounts: Vec<u8> = (0..2)
        .map(|i| if res.waived[i] { 0 } else { res.bets[i] })
        .collect();
    let mana = (0..2)
        .map(|i| em.state.players[i].mana.saturating_sub(amounts[i]))
        .collect();
    em.emit(Event::BetsPaid { amounts, mana });
}
