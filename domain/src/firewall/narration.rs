//! The duel told in words: one sentence per event, for the reader the event
//! was redacted for ("Merlin draws 3 cards" for his opponent, the spells
//! themselves for Merlin). Positions are flagstone numbers, 0 at seat 0's
//! end of the bridge, as in the view.

use serde_json::Value;

use super::FirewallDuel;
use super::events::{
    Event, FirewallDiscardReason, FirewallQueuedSpell, FirewallRevealedMove,
    FirewallRoundEndReason, FirewallSealedMove, FirewallWallMoveCause,
};
use super::spells::Spell;
use super::state::State;
use crate::kit::narration::{capitalised, counted, listed, seats};
use crate::ruleset::{Presentation, Seat, SeatNames};

impl Presentation for FirewallDuel {
    fn narrate(event: &Event, _game: &State, names: &SeatNames) -> String {
        narrate(event, names)
    }

    fn picture(view: &super::View, names: &SeatNames) -> String {
        super::picture::draw(view, names)
    }

    fn card_names(secret: &Value) -> Vec<String> {
        let mut found = Vec::new();
        spell_names_in(secret, &mut found);
        found
    }
}

/// Spell names in a secret: a list of card numbers (a hand, a stock) or a
/// sealed move's cards and Clone target. A bare number is a bet, not a card.
fn spell_names_in(secret: &Value, found: &mut Vec<String>) {
    match secret {
        Value::Array(items) => {
            for item in items {
                if let Some(spell) = item.as_u64().and_then(|n| Spell::from_number(n as u32)) {
                    found.push(spell.name().to_owned());
                } else {
                    spell_names_in(item, found);
                }
            }
        }
        Value::Object(fields) => {
            for key in ["cards", "clone"] {
                match fields.get(key) {
                    Some(Value::Number(n)) => {
                        if let Some(spell) = n.as_u64().and_then(|n| Spell::from_number(n as u32)) {
                            found.push(spell.name().to_owned());
                        }
                    }
                    Some(other) => spell_names_in(other, found),
                    None => {}
                }
            }
        }
        _ => {}
    }
}

fn spell(number: u8) -> &'static str {
    Spell::from_number(u32::from(number)).map_or("an unknown spell", Spell::name)
}

fn spells(numbers: &[u8]) -> String {
    listed(
        &numbers
            .iter()
            .map(|n| spell(*n).to_owned())
            .collect::<Vec<_>>(),
    )
}

fn cards(count: u8) -> String {
    counted(count, "card", "cards")
}

/// "Merlin's Inferno", "Merlin's Inferno (a Clone copy)", and for a stolen
/// spell "Morgana's Inferno for Merlin".
fn queued(spell_: &FirewallQueuedSpell, names: &SeatNames) -> String {
    let mut told = format!("{}'s {}", names.of(spell_.owner), spell(spell_.spell));
    if spell_.copy {
        told.push_str(" (a Clone copy)");
    }
    if spell_.caster != spell_.owner {
        told.push_str(&format!(" for {}", names.of(spell_.caster)));
    }
    told
}

fn queued_list(spells_: &[FirewallQueuedSpell], names: &SeatNames) -> String {
    listed(&spells_.iter().map(|s| queued(s, names)).collect::<Vec<_>>())
}

/// The spells of a move, "Attack Boost and Clone (copying Inferno)", or
/// "no spell".
fn played(cards: &[u8], clone: Option<u8>) -> String {
    let played: Vec<String> = cards
        .iter()
        .map(|c| match (Spell::from_number(u32::from(*c)), clone) {
            (Some(Spell::Clone), Some(target)) => format!("Clone (copying {})", spell(target)),
            _ => spell(*c).to_owned(),
        })
        .collect();
    if played.is_empty() {
        "no spell".to_owned()
    } else {
        listed(&played)
    }
}

fn revealed(m: &FirewallRevealedMove, names: &SeatNames) -> String {
    format!(
        "{} bets {} mana with {}",
        names.of(m.seat),
        m.bet,
        played(&m.cards, m.clone)
    )
}

/// The event in one sentence, as its reader may see it.
pub fn narrate(event: &Event, names: &SeatNames) -> String {
    let name = |seat: Seat| names.of(seat);
    match event {
        Event::MatchStarted {
            flagstones,
            fire_wall,
            wizards,
            mana,
            ..
        } => {
            let placed: Vec<String> = wizards
                .iter()
                .enumerate()
                .map(|(i, at)| format!("{} on {at}", name(Seat(i as u8))))
                .collect();
            format!(
                "The duel begins on a bridge of {flagstones} flagstones: the fire wall on flagstone {fire_wall}, {}, each with {mana} mana.",
                listed(&placed)
            )
        }
        Event::DeckShuffled { seat, order } => match order.revealed() {
            Some(order) => format!("{}'s stock is shuffled: {}.", name(*seat), spells(order)),
            None => format!("{}'s stock is shuffled.", name(*seat)),
        },
        Event::DeckArranged { seat, order } => match order.revealed() {
            Some(order) => format!("{} arranges the stock: {}.", name(*seat), spells(order)),
            None => format!("{} arranges the stock.", name(*seat)),
        },
        Event::RoundStarted { round, mana } => {
            format!("Round {round} begins; each wizard has {mana} mana.")
        }
        Event::CardsDrawn {
            seat,
            count,
            cards: drawn,
        } => match drawn.revealed() {
            Some(drawn) if !drawn.is_empty() => {
                format!("{} draws {}.", name(*seat), spells(drawn))
            }
            _ => format!("{} draws {}.", name(*seat), cards(*count)),
        },
        Event::MoveSubmitted { seat, turn, sealed } => match sealed.revealed() {
            Some(FirewallSealedMove { bet, cards, clone }) => format!(
                "{} seals a bet of {bet} mana with {} for turn {turn}.",
                name(*seat),
                played(cards, *clone)
            ),
            None => format!("{} hands in a sealed move for turn {turn}.", name(*seat)),
        },
        Event::MovesRevealed { turn, moves } => {
            let told: Vec<String> = moves.iter().map(|m| revealed(m, names)).collect();
            format!("Turn {turn} is revealed: {}.", told.join("; "))
        }
        Event::SpellsCancelled { spells: cancelled } => format!(
            "Both wizards played {}: they cancel out.",
            spells(cancelled)
        ),
        Event::SpellsQueued { queue } if queue.is_empty() => {
            "No spell takes effect this turn.".into()
        }
        Event::SpellsQueued { queue } => {
            format!("Spells to apply, in order: {}.", queued_list(queue, names))
        }
        Event::SpellApplied { spell } => format!("{} takes effect.", queued(spell, names)),
        Event::SpellsDiscarded { spells, reason } => {
            let why = match reason {
                FirewallDiscardReason::Muted => "Muteness holds",
                FirewallDiscardReason::EndSingle => "End Single ended the round",
                FirewallDiscardReason::LarcenyDeclined => "the larcener declined them",
                FirewallDiscardReason::RoundOver => "the round is over",
            };
            let verb = if spells.len() == 1 { "is" } else { "are" };
            format!(
                "{} {verb} discarded without effect: {why}.",
                queued_list(spells, names)
            )
        }
        Event::RoundMuted { seat } => format!(
            "{}'s Muteness silences every spell for the rest of the round.",
            name(*seat)
        ),
        Event::SpellsStolen { seat, spells } => format!(
            "{} steals {} with Larceny.",
            name(*seat),
            queued_list(spells, names)
        ),
        Event::LarcenyChosen {
            seat,
            applied,
            discarded,
        } => match (applied.is_empty(), discarded.is_empty()) {
            (true, true) => format!("{} had nothing to choose from the theft.", name(*seat)),
            (false, true) => format!(
                "{} applies every stolen spell: {}.",
                name(*seat),
                queued_list(applied, names)
            ),
            (true, false) => format!(
                "{} discards every stolen spell: {}.",
                name(*seat),
                queued_list(discarded, names)
            ),
            (false, false) => format!(
                "{} applies {} and discards {}.",
                name(*seat),
                queued_list(applied, names),
                queued_list(discarded, names)
            ),
        },
        Event::RecycleOffered {
            seat,
            bet,
            min,
            max,
        } => format!(
            "{} may change the bet of {bet} mana to anything from {min} to {max} (Recycle).",
            name(*seat)
        ),
        Event::BetRecycled { seat, bet } => {
            format!("{} recycles the bet to {bet} mana.", name(*seat))
        }
        Event::AttackChanged { seat, power } => {
            format!("{}'s attack power is now {power}.", name(*seat))
        }
        Event::PushReversed { seat } => format!(
            "{}'s Winner Loses turns the push toward the stronger attack.",
            name(*seat)
        ),
        Event::PushDoubled { seat } => {
            format!("{}'s Inferno makes the push two flagstones.", name(*seat))
        }
        Event::PushResisted { seat } => format!(
            "{}'s Resistance keeps the fire wall from moving toward {} this turn.",
            name(*seat),
            name(*seat)
        ),
        Event::AttacksCompared {
            powers,
            stronger,
            toward,
        } => {
            let told: Vec<String> = powers
                .iter()
                .enumerate()
                .map(|(i, p)| format!("{} {p}", name(Seat(i as u8))))
                .collect();
            let result = match (stronger, toward) {
                (None, _) => "equal: the fire wall stays".to_owned(),
                (Some(s), Some(t)) => format!(
                    "{} is stronger, the fire wall goes toward {}",
                    name(*s),
                    name(*t)
                ),
                (Some(s), None) => format!("{} is stronger, but the fire wall stays", name(*s)),
            };
            format!("Attacks compared, {}: {result}.", listed(&told))
        }
        Event::FireWallMoved { from, to, cause } => {
            let why = match cause {
                FirewallWallMoveCause::Push => "pushed",
                FirewallWallMoveCause::Middle => "sent back by Middle",
                FirewallWallMoveCause::OutOfMana => "driven by the mana left",
            };
            format!("The fire wall moves from flagstone {from} to {to}, {why}.")
        }
        Event::PaymentWaived { seat } => {
            format!("{} pays no bet this turn (Bad Loser).", name(*seat))
        }
        Event::BetsPaid { amounts, mana } => {
            let told: Vec<String> = amounts
                .iter()
                .zip(mana)
                .enumerate()
                .map(|(i, (paid, left))| {
                    format!("{} pays {paid} mana ({left} left)", name(Seat(i as u8)))
                })
                .collect();
            format!("{}.", capitalised(&told.join("; ")))
        }
        Event::ManaGained {
            seat,
            spell: number,
            amount,
            mana,
        } => format!(
            "{} gains {amount} mana from {}, {mana} in all.",
            name(*seat),
            spell(*number)
        ),
        Event::TurnResolved { turn } => format!("Turn {turn} is over."),
        Event::ManaExhausted { seats: out } => {
            let verb = if out.len() == 1 { "has" } else { "have" };
            format!("{} {verb} no mana left.", seats(out, names))
        }
        Event::RoundEnded { round, reason } => {
            let why = match reason {
                FirewallRoundEndReason::WallReachedWizard { seat } => {
                    format!("the fire wall reached {}", name(*seat))
                }
                FirewallRoundEndReason::EndSingle { seat } => {
                    format!("{}'s End Single ended it", name(*seat))
                }
                FirewallRoundEndReason::OutOfMana => "a wizard ran out of mana".to_owned(),
            };
            format!("Round {round} ends: {why}.")
        }
        Event::WizardsPlaced { wizards } => {
            let placed: Vec<String> = wizards
                .iter()
                .enumerate()
                .map(|(i, at)| format!("{} on {at}", name(Seat(i as u8))))
                .collect();
            format!(
                "The wizards stand three steps from the fire wall again: {}.",
                listed(&placed)
            )
        }
        Event::FlagstonesCollapsed { low, high } => {
            let fallen: Vec<String> = [low, high]
                .into_iter()
                .flatten()
                .map(|f| f.to_string())
                .collect();
            match fallen.len() {
                0 => "No flagstone is left to collapse.".to_owned(),
                1 => format!("Flagstone {} collapses into the lava.", fallen[0]),
                _ => format!("Flagstones {} collapse into the lava.", listed(&fallen)),
            }
        }
        Event::MatchEnded { winner, .. } => match winner {
            Some(seat) => format!("{} wins the duel.", name(*seat)),
            None => "The duel ends in a draw.".to_owned(),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::{Keeper, Secret};

    fn names() -> SeatNames {
        SeatNames::new(vec![Some("Merlin".into()), Some("Morgana".into())])
    }

    #[test]
    fn a_draw_names_the_spells_to_their_owner_and_only_counts_them_for_the_opponent() {
        let drawn = Event::CardsDrawn {
            seat: Seat(0),
            count: 2,
            cards: Secret::new(Keeper::Seat(Seat(0)), vec![7, 10]),
        };
        assert_eq!(
            narrate(&drawn, &names()),
            "Merlin draws Attack Boost and Inferno."
        );
        let seen = super::super::views::redact(&drawn, crate::Viewer::Player(Seat(1)))
            .expect("a draw is seen by everyone");
        assert_eq!(narrate(&seen, &names()), "Merlin draws 2 cards.");
    }

    #[test]
    fn a_sealed_move_is_told_to_its_owner_and_only_announced_to_the_opponent() {
        let sealed = Event::MoveSubmitted {
            seat: Seat(1),
            turn: 3,
            sealed: Secret::new(
                Keeper::Seat(Seat(1)),
                FirewallSealedMove {
                    bet: 5,
                    cards: vec![2],
                    clone: Some(10),
                },
            ),
        };
        assert_eq!(
            narrate(&sealed, &names()),
            "Morgana seals a bet of 5 mana with Clone (copying Inferno) for turn 3."
        );
        let seen = super::super::views::redact(&sealed, crate::Viewer::Spectator).unwrap();
        assert_eq!(
            narrate(&seen, &names()),
            "Morgana hands in a sealed move for turn 3."
        );
    }

    #[test]
    fn the_reveal_the_push_and_the_payment_are_told_with_names_and_flagstones() {
        let reveal = Event::MovesRevealed {
            turn: 1,
            moves: vec![
                FirewallRevealedMove {
                    seat: Seat(0),
                    bet: 5,
                    cards: vec![7],
                    clone: None,
                },
                FirewallRevealedMove {
                    seat: Seat(1),
                    bet: 3,
                    cards: vec![],
                    clone: None,
                },
            ],
        };
        assert_eq!(
            narrate(&reveal, &names()),
            "Turn 1 is revealed: Merlin bets 5 mana with Attack Boost; Morgana bets 3 mana with no spell."
        );
        let moved = Event::FireWallMoved {
            from: 9,
            to: 10,
            cause: FirewallWallMoveCause::Push,
        };
        assert_eq!(
            narrate(&moved, &names()),
            "The fire wall moves from flagstone 9 to 10, pushed."
        );
        let paid = Event::BetsPaid {
            amounts: vec![5, 3],
            mana: vec![45, 47],
        };
        assert_eq!(
            narrate(&paid, &names()),
            "Merlin pays 5 mana (45 left); Morgana pays 3 mana (47 left)."
        );
    }

    #[test]
    fn an_unnamed_seat_is_told_by_its_number() {
        let event = Event::PaymentWaived { seat: Seat(1) };
        assert_eq!(
            narrate(&event, &SeatNames::default()),
            "Seat 1 pays no bet this turn (Bad Loser)."
        );
    }

    #[test]
    fn hidden_card_names_are_read_from_hands_and_sealed_moves_but_not_from_bets() {
        let names = |v: Value| FirewallDuel::card_names(&v);
        assert_eq!(names(serde_json::json!([0, 14])), ["False Card", "Suction"]);
        assert_eq!(
            names(serde_json::json!({"bet": 5, "cards": [1], "clone": 3})),
            ["Muteness", "Larceny"]
        );
        assert!(names(serde_json::json!(5)).is_empty());
    }
}
