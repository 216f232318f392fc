//! Choices a card asks of a player before it finishes (AwaitReason::Choice):
//! the victim of Brain Burn may throw cards away before it burns; the caster
//! of Thought Steal picks up to two cards from the hand shown to him; a
//! featherweight wizard picks where he is pushed at a junction.
//! While a choice is pending nobody else acts; `pass` finishes choosing.

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::cards::Trait;
use super::commands::Command;
use super::events::Event;
use super::labyrinth::Square;
use super::objects::CardId;
use super::spells;
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// Thought Steal takes at most two cards (data §2.5).
pub const THOUGHT_STEAL_CARDS: usize = 2;

/// What a player is asked to choose.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarChoice))]
pub enum Choice {
    /// Brain Burn: `seat` may discard cards from his hand and end his
    /// maintained spells; then he takes 1 damage per card still held.
    BrainBurn {
        seat: Seat,
        attacker: Seat,
        /// Damage taken off by counters (Shield).
        reduction: u8,
    },
    /// Thought Steal: `seat` takes up to two cards from `victim`'s hand.
    ThoughtSteal { seat: Seat, victim: Seat },
    /// Mental Force: `seat` walks `victim` square by square, by normal
    /// movement (the victim's doors, walls in the way), `steps` more at most.
    MentalForce { seat: Seat, victim: Seat, steps: u8 },
    /// Brainstone left `seat`: he discards two cards of his choice.
    Brainstone { seat: Seat },
    /// Featherweight: the pushed wizard picks his next square among those
    /// farther from the attack.
    Featherweight { push: Push },
    /// Ward: `seat`, whose treasure `thief` has just picked up, may answer
    /// with a Ward (`play_counter`) or let it go (`pass`).
    Ward {
        seat: Seat,
        thief: Seat,
        treasure: super::treasures::TreasureId,
    },
}

/// Featherweight: an attack's damage to its wizard, turned into squares he
/// is pushed back from where the attack came.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarPush))]
pub struct Push {
    /// The pushed wizard.
    pub seat: Seat,
    pub attacker: Seat,
    /// Where the attack came from: every step must take him farther from it.
    pub origin: Square,
    /// Squares still to go; what cannot become movement hurts.
    pub steps: u8,
    /// The attack's element, for the damage he may still take.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub element: Option<Trait>,
}

impl Choice {
    /// Who must choose.
    pub fn seat(&self) -> Seat {
        match self {
            Choice::BrainBurn { seat, .. }
            | Choice::ThoughtSteal { seat, .. }
            | Choice::MentalForce { seat, .. }
            | Choice::Brainstone { seat }
            | Choice::Ward { seat, .. } => *seat,
            Choice::Featherweight { push } => push.seat,
        }
    }
}

/// Decides a command while a choice is pending.
///
/// # Errors
/// `choice_pending`, `not_your_choice`, `card_not_in_hand`, `not_maintained`,
/// `bad_discard`, `too_many_cards`.
pub fn respond(
    tx: &mut Tx,
    actor: Seat,
    command: &Command,
    rng: &mut crate::rng::GameRng,
) -> Result<(), RuleViolation> {
    if tx.state.is_over() {
        return Err(RuleViolation::GameOver);
    }
    tx.state
        .find_wizard(actor)
        .ok_or(RuleViolation::NotAPlayer)?;
    let choice = tx.state.choice.ok_or(RuleViolation::NoChoicePending)?;
    let fits = matches!(
        (choice, command),
        (
            Choice::BrainBurn { .. },
            Command::Discard { .. } | Command::EndSpell { .. } | Command::Pass
        ) | (
            Choice::ThoughtSteal { .. },
            Command::Take { .. } | Command::Pass
        ) | (
            Choice::MentalForce { .. },
            Command::Move { .. } | Command::Pass
        ) | (Choice::Brainstone { .. }, Command::Discard { .. })
            | (
                Choice::Featherweight { .. },
                Command::Move { .. } | Command::Pass
            )
            | (
                Choice::Ward { .. },
                Command::PlayCounter { .. } | Command::Pass
            )
    );
    if !fits {
        return Err(RuleViolation::ChoicePending);
    }
    if choice.seat() != actor {
        return Err(RuleViolation::NotYourChoice);
    }
    // A card's own choice (Brainstone, Featherweight, Ward) is resolved by
    // the card; the rest by the rules below.
    if let Some(answered) = super::effects::choice_answered(tx, actor, choice, command, rng) {
        return answered;
    }
    match (choice, command) {
        (_, Command::Discard { cards }) => {
            let mut unique = cards.clone();
            unique.sort();
            unique.dedup();
            if cards.is_empty() || unique.len() != cards.len() {
                return Err(RuleViolation::BadDiscard);
            }
            let hand = &tx.state.wizard(actor).hand;
            if cards.iter().any(|c| !hand.contains(c)) {
                return Err(RuleViolation::CardNotInHand);
            }
            let cards = cards.iter().map(|c| tx.state.card_view(*c)).collect();
            tx.emit(Event::CardsDiscarded { seat: actor, cards });
        }
        (_, Command::EndSpell { card }) => {
            if !tx.state.wizard(actor).maintained.contains(card) {
                return Err(RuleViolation::NotMaintained);
            }
            let card = tx.state.card_view(*card);
            tx.emit(Event::SpellEnded { seat: actor, card });
        }
        (
            Choice::BrainBurn {
                attacker,
                reduction,
                ..
            },
            Command::Pass,
        ) => {
            tx.emit(Event::ChoiceMade { seat: actor });
            let wizard = tx.state.wizard(actor);
            let held = (wizard.hand.len() + wizard.maintained.len()) as u8;
            let amount = held.saturating_sub(reduction);
            let from = tx.state.wizard(attacker).square;
            spells::damage_wizard(tx, Some(attacker), actor, amount, None, Some(from));
            super::winning::check(tx);
        }
        (Choice::ThoughtSteal { victim, .. }, Command::Take { cards }) => {
            take(tx, actor, victim, cards)?;
        }
        (
            Choice::ThoughtSteal { .. } | Choice::MentalForce { .. } | Choice::Ward { .. },
            Command::Pass,
        ) => {
            tx.emit(Event::ChoiceMade { seat: actor });
        }
        (
            Choice::MentalForce {
                seat,
                victim,
                steps,
            },
            Command::Move { direction },
        ) => {
            super::movement::step(tx, victim, *direction, 0)?;
            super::winning::check(tx);
            let steps = steps.saturating_sub(1);
            if steps == 0 || !tx.state.wizard(victim).alive || tx.state.is_over() {
                tx.emit(Event::ChoiceMade { seat });
            } else {
                tx.emit(Event::ChoiceAwaited {
                    choice: Choice::MentalForce {
                        seat,
                        victim,
                        steps,
                    },
                });
            }
        }
        _ => return Err(RuleViolation::ChoicePending),
    }
    Ok(())
}

fn take(tx: &mut Tx, seat: Seat, victim: Seat, cards: &[CardId]) -> Result<(), RuleViolation> {
    let mut unique = cards.to_vec();
    unique.sort();
    unique.dedup();
    if unique.len() != cards.len() {
        return Err(RuleViolation::BadDiscard);
    }
    if cards.len() > THOUGHT_STEAL_CARDS {
        return Err(RuleViolation::TooManyCards);
    }
    let hand = &tx.state.wizard(victim).hand;
    if cards.iter().any(|c| !hand.contains(c)) {
        return Err(RuleViolation::InvalidTarget(
            "take only cards from the revealed hand",
        ));
    }
    tx.emit(Event::ChoiceMade { seat });
    if !cards.is_empty() {
        let views = cards.iter().map(|c| tx.state.card_view(*c)).collect();
        tx.emit(Event::CardsTaken {
            from: victim,
            to: seat,
            count: cards.len() as u8,
            cards: crate::kit::Secret::new(crate::kit::Keeper::Seats(victim, seat), views),
        });
    }
    Ok(())
}

/// Candidate commands for the chooser (filtered by `decide`).
pub fn candidates(state: &State, seat: Seat) -> Vec<Command> {
    let mut commands = vec![Command::Pass];
    let Some(choice) = state.choice else {
        return commands;
    };
    match choice {
        Choice::Brainstone { .. } => {
            let hand = &state.wizard(seat).hand;
            for (i, a) in hand.iter().enumerate() {
                for b in &hand[i + 1..] {
                    commands.push(Command::Discard {
                        cards: vec![*a, *b],
                    });
                }
            }
        }
        Choice::BrainBurn { .. } => {
            let wizard = state.wizard(seat);
            for card in &wizard.hand {
                commands.push(Command::Discard { cards: vec![*card] });
            }
            for card in &wizard.maintained {
                commands.push(Command::EndSpell { card: *card });
            }
        }
        Choice::MentalForce { .. } | Choice::Featherweight { .. } => {
            for direction in super::labyrinth::Direction::ALL {
                commands.push(Command::Move { direction });
            }
        }
        Choice::Ward { .. } => {
            for card in &state.wizard(seat).hand {
                commands.push(Command::PlayCounter {
                    card: *card,
                    energy: None,
                    line: None,
                    square: None,
                });
            }
        }
        Choice::ThoughtSteal { victim, .. } => {
            let hand = &state.wizard(victim).hand;
            for (i, a) in hand.iter().enumerate() {
                commands.push(Command::Take { cards: vec![*a] });
                for b in &hand[i + 1..] {
                    commands.push(Command::Take {
                        cards: vec![*a, *b],
                    });
                }
            }
        }
    }
    commands
}
