//! Why a command is refused, in words a player understands, with stable codes.

use crate::ruleset::{Seat, Violation};

use super::labyrinth::BorderLine;
use super::state::Phase;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleViolation {
    #[error("you are not playing in this game")]
    NotAPlayer,
    #[error("the game has not been set up")]
    NotStarted,
    #[error("the game is over")]
    GameOver,
    #[error("your wizard is dead; you are out of the game")]
    Eliminated,
    #[error("it is not your turn")]
    NotYourTurn,
    #[error("that can only be done in the {expected} phase")]
    WrongPhase { expected: Phase },
    #[error("you hold more cards than your hand limit of {limit}: discard first")]
    OverHandLimit { limit: usize },
    #[error("you have no movement points left")]
    NotEnoughMovement,
    #[error("a wall is in the way")]
    WallInTheWay,
    #[error("the door is locked")]
    DoorLocked,
    #[error("you have already boosted your speed this turn")]
    AlreadyBoosted,
    #[error("that card is not in your hand")]
    CardNotInHand,
    #[error("that card has no energy value")]
    NoEnergyValue,
    #[error("you have already attacked this turn")]
    AlreadyAttacked,
    #[error("no one may attack on his first turn")]
    NoAttackOnFirstTurn,
    #[error("your wizard is stunned and has moved: he cannot attack this turn")]
    StunnedAndMoved,
    #[error("your wizard is stunned and has attacked: he cannot leave his square this turn")]
    StunnedAndAttacked,
    #[error("a wizard cannot attack himself")]
    CannotAttackYourself,
    #[error("{0} has no living wizard in this game")]
    NoSuchWizard(Seat),
    #[error("the target is not in your square or next to it in line of sight")]
    OutOfReach,
    #[error("there is no wall or door on {0}")]
    NoBarrier(BorderLine),
    #[error("that cannot be damaged")]
    Indestructible,
    #[error("that is not in your square")]
    NotHere,
    #[error(
        "your hand is full (limit {limit}; carried items and maintained spells count unless a rule says otherwise)"
    )]
    HandFull { limit: usize },
    #[error("you can carry only one treasure at a time")]
    AlreadyCarryingTreasure,
    #[error("you are not carrying that")]
    NotCarried,
    #[error("there is no door on {0}")]
    NotADoor(BorderLine),
    #[error("only doors of your home sector open for you")]
    CannotOpenDoor,
    #[error("you must stand next to the door")]
    NotNextToDoor,
    #[error("you are not holding that door open")]
    NotHoldingDoor,
    #[error("name at least one card to discard, each once")]
    BadDiscard,
    #[error("you may draw at most 2 cards")]
    TooManyCards,
    #[error("there are only {available} cards left to draw")]
    NotEnoughCards { available: usize },
    #[error("a spell is being cast: it must be answered before anything else happens")]
    ResponseWindowOpen,
    #[error("it is not your turn to answer the spell being cast")]
    NotYourResponse,
    #[error("no spell is being cast, so there is nothing to answer")]
    NoResponseWindow,
    #[error("that card cannot be cast: {0}")]
    NotCastable(&'static str),
    #[error("counter spells are played only in answer to a spell being cast")]
    CounterOnlyInResponse,
    #[error("that card is not a counter spell")]
    NotACounter,
    #[error("that counter spell cannot answer this: {0}")]
    CounterDoesNotApply(&'static str),
    #[error("that is not a legal target for this card: {0}")]
    InvalidTarget(&'static str),
    #[error("your wizard cannot see the target")]
    NotInSight,
    #[error("choose how to play this card: {0}")]
    BadOption(&'static str),
    #[error("you are not maintaining that spell")]
    NotMaintained,
    #[error("that card cannot be used now")]
    NotUsable,
    #[error("no Fire may be played while the Flood lasts")]
    Flooded,
    #[error("Gravity holds everything down: nothing can be picked up while it lasts")]
    Gravity,
    #[error("that door is sealed: nobody may unlock or open it, though it can be broken down")]
    DoorSealed,
    #[error("a wizard in mist can neither attack nor be attacked")]
    Misted,
    #[error("something blocks the way")]
    Blocked,
    #[error("a push must take your wizard one square farther from the attack")]
    NotPushedBack,
    #[error("Featherweight turns the damage into movement: choose where your wizard is pushed")]
    PushPending,
    #[error("your wizard has teleported or swapped places: he may not move again this turn")]
    NoMoreMoving,
    #[error("a player must first finish a choice his card asks of him")]
    ChoicePending,
    #[error("it is not you who must choose now")]
    NotYourChoice,
    #[error("nothing is waiting for your choice")]
    NoChoicePending,
    #[error("your wizard's form may cast only counter spells")]
    CountersOnly,
    #[error("after a Mad Dash your wizard may pick up no treasure this turn")]
    Dashing,
    #[error("your wizard's form cannot attack")]
    FormCannotAttack,
    #[error("you have no such creature on the board")]
    NoSuchCreature,
    #[error("that creature has already moved as far as it may this turn")]
    CreatureHasMoved,
    #[error("your creation is permanent: it lasts until it is destroyed, and you cannot dispel it")]
    PermanentCreation,
    #[error("that is glued in place until the Glue spell ends")]
    Glued,
    #[error("gathering tacks takes your whole Move and Cast: you have already moved or attacked")]
    GatheringTakesTheWholePhase,
}

impl Violation for RuleViolation {
    fn code(&self) -> &'static str {
        use RuleViolation::*;
        match self {
            NotAPlayer => "not_a_player",
            NotStarted => "not_started",
            GameOver => "game_over",
            Eliminated => "eliminated",
            NotYourTurn => "not_your_turn",
            WrongPhase { .. } => "wrong_phase",
            OverHandLimit { .. } => "over_hand_limit",
            NotEnoughMovement => "not_enough_movement",
            WallInTheWay => "wall_in_the_way",
            DoorLocked => "door_locked",
            AlreadyBoosted => "already_boosted",
            CardNotInHand => "card_not_in_hand",
            NoEnergyValue => "no_energy_value",
            AlreadyAttacked => "already_attacked",
            NoAttackOnFirstTurn => "no_attack_on_first_turn",
            StunnedAndMoved => "stunned_and_moved",
            StunnedAndAttacked => "stunned_and_attacked",
            CannotAttackYourself => "cannot_attack_yourself",
            NoSuchWizard(_) => "no_such_wizard",
            OutOfReach => "out_of_reach",
            NoBarrier(_) => "no_barrier",
            Indestructible => "indestructible",
            NotHere => "not_here",
            HandFull { .. } => "hand_full",
            AlreadyCarryingTreasure => "already_carrying_treasure",
            NotCarried => "not_carried",
            NotADoor(_) => "not_a_door",
            CannotOpenDoor => "cannot_open_door",
            NotNextToDoor => "not_next_to_door",
            NotHoldingDoor => "not_holding_door",
            BadDiscard => "bad_discard",
            TooManyCards => "too_many_cards",
            NotEnoughCards { .. } => "not_enough_cards",
            ResponseWindowOpen => "response_window_open",
            NotYourResponse => "not_your_response",
            NoResponseWindow => "no_response_window",
            NotCastable(_) => "not_castable",
            CounterOnlyInResponse => "counter_only_in_response",
            NotACounter => "not_a_counter",
            CounterDoesNotApply(_) => "counter_does_not_apply",
            InvalidTarget(_) => "invalid_target",
            NotInSight => "not_in_sight",
            BadOption(_) => "bad_option",
            NotMaintained => "not_maintained",
            NotUsable => "not_usable",
            Flooded => "flooded",
            Gravity => "gravity",
            DoorSealed => "door_sealed",
            Misted => "misted",
            Blocked => "blocked",
            NotPushedBack => "not_pushed_back",
            PushPending => "push_pending",
            NoMoreMoving => "no_more_moving",
            ChoicePending => "choice_pending",
            NotYourChoice => "not_your_choice",
            NoChoicePending => "no_choice_pending",
            CountersOnly => "counters_only",
            Dashing => "dashing",
            FormCannotAttack => "form_cannot_attack",
            NoSuchCreature => "no_such_creature",
            CreatureHasMoved => "creature_has_moved",
            PermanentCreation => "permanent_creation",
            Glued => "glued",
            GatheringTakesTheWholePhase => "gathering_takes_the_whole_phase",
        }
    }
}
