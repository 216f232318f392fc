//! Every rule a command can break, with a stable code.

use super::board::Square;
use super::spell_cards::Spell;
use crate::ruleset::{Seat, Violation};

/// A command Wizards of War refuses.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleViolation {
    #[error("{0} is not a player of this duel")]
    NotAPlayer(Seat),
    #[error("the game has not started yet")]
    NotStarted,
    #[error("the game is over")]
    GameOver,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("a spell is being cast: it must be answered first")]
    ResponseWindowOpen,
    #[error("no spell is being cast")]
    NoSpellBeingCast,
    #[error("you are not the one asked to answer this spell")]
    NotYourResponse,
    #[error("this is not what your turn die allows now: {allowed}")]
    NotNow { allowed: &'static str },
    #[error("you have no monster to place")]
    NothingToPlace,
    #[error("{0} is not an empty square around your wizard")]
    NotASummoningSquare(Square),
    #[error("you may only summon instead when you have no monster and have done nothing yet")]
    MayNotSummon,
    #[error(
        "you cannot summon: every square around your wizard is full (or no monster card is \
         left); draw the spell instead"
    )]
    CannotSummon,
    #[error("there is no unit {0}")]
    NoSuchUnit(u8),
    #[error("unit {0} is not yours")]
    NotYourUnit(u8),
    #[error("unit {0} has already moved this turn")]
    AlreadyMoved(u8),
    #[error("unit {0} has already attacked this turn")]
    AlreadyAttacked(u8),
    #[error("the unit cannot reach {0} this turn")]
    Unreachable(Square),
    #[error("there is nothing to attack on {0}")]
    NoTarget(Square),
    #[error("the target is out of reach")]
    OutOfReach,
    #[error("spell card {0} is not in your hand")]
    CardNotInHand(u8),
    #[error("{0:?} is only played as a counterspell")]
    NotCastable(Spell),
    #[error("card {0} is not a counterspell")]
    NotACounterspell(u8),
    #[error("{0:?} cannot be aimed that way")]
    WrongTarget(Spell),
    #[error("the target is further than the spell's range of {range}")]
    OutOfRange { range: u8 },
    #[error("something other than your own units stands between your wizard and {0}")]
    NoLineOfFire(Square),
    #[error("the tile would hang off the board")]
    OffTheBoard,
    #[error("{0} is not empty")]
    SquareTaken(Square),
    #[error("no monster card is left to summon")]
    NoMonsterLeft,
    #[error("there is no lasting spell from card {0} in play")]
    NoSuchLastingSpell(u8),
}

impl Violation for RuleViolation {
    fn code(&self) -> &'static str {
        match self {
            RuleViolation::NotAPlayer(_) => "not_a_player",
            RuleViolation::NotStarted => "not_started",
            RuleViolation::GameOver => "game_over",
            RuleViolation::NotYourTurn => "not_your_turn",
            RuleViolation::ResponseWindowOpen => "response_window_open",
            RuleViolation::NoSpellBeingCast => "no_spell_being_cast",
            RuleViolation::NotYourResponse => "not_your_response",
            RuleViolation::NotNow { .. } => "not_now",
            RuleViolation::NothingToPlace => "nothing_to_place",
            RuleViolation::NotASummoningSquare(_) => "not_a_summoning_square",
            RuleViolation::MayNotSummon => "may_not_summon",
            RuleViolation::CannotSummon => "cannot_summon",
            RuleViolation::NoSuchUnit(_) => "no_such_unit",
            RuleViolation::NotYourUnit(_) => "not_your_unit",
            RuleViolation::AlreadyMoved(_) => "already_moved",
            RuleViolation::AlreadyAttacked(_) => "already_attacked",
            RuleViolation::Unreachable(_) => "unreachable",
            RuleViolation::NoTarget(_) => "no_target",
            RuleViolation::OutOfReach => "out_of_reach",
            RuleViolation::CardNotInHand(_) => "card_not_in_hand",
            RuleViolation::NotCastable(_) => "not_castable",
            RuleViolation::NotACounterspell(_) => "not_a_counterspell",
            RuleViolation::WrongTarget(_) => "wrong_target",
            RuleViolation::OutOfRange { .. } => "out_of_range",
            RuleViolation::NoLineOfFire(_) => "no_line_of_fire",
            RuleViolation::OffTheBoard => "off_the_board",
            RuleViolation::SquareTaken(_) => "square_taken",
            RuleViolation::NoMonsterLeft => "no_monster_left",
            RuleViolation::NoSuchLastingSpell(_) => "no_such_lasting_spell",
        }
    }
}
