//! Choices a card asks of a player before it finishes (AwaitReason::Choice):
//! the victim of Brain Burn may throw cards away before it burns; the caster
//! of Thought Steal picks up to two cards from the hand shown to him; a
//! featherweight wizard picks where he is pushed at a junction.
//! While a choice is pending nobody else acts; `pass` finishes choosing.
//! Here: which commands answer which choice, and who answers; what an
//! answer does is the rules of the card that asked (`choice_answered`).

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::cards::Trait;
use super::commands::Command;
use super::labyrinth::Square;
use super::state::{State, Tx};
use super::violations::RuleViolation;

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
    // A choice is the card's that asked it (Brain Burn, Thought Steal,
    // Mental Force, Brainstone, Featherweight, Ward), resolved by its rules.
    super::effects::choice_answered(tx, actor, choice, command, rng)
        .unwrap_or(Err(RuleViolation::ChoicePending))
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
