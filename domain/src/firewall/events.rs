//! What happened, in the past tense. Hidden facts are [`Secret`] fields that
//! `redact` blanks for viewers not entitled to them.

use serde::{Deserialize, Serialize};

use super::options::Options;
use crate::kit::Secret;
use crate::ruleset::Seat;

/// A sealed move as its owner submitted it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallSealedMove {
    pub bet: u8,
    pub cards: Vec<u8>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clone: Option<u8>,
}

/// A move shown to everyone at the reveal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallRevealedMove {
    pub seat: Seat,
    pub bet: u8,
    pub cards: Vec<u8>,
    /// The opponent's spell copied by Clone, if any.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub clone: Option<u8>,
}

/// One spell waiting its turn in the resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct FirewallQueuedSpell {
    /// The spell's number, also its priority.
    pub spell: u8,
    /// Who the effect works for (changes when Larceny steals it).
    pub caster: Seat,
    /// Whose card it is (a Clone copy: whoever played the Clone).
    pub owner: Seat,
    /// A copy made by Clone: no card of its own moves when it is applied.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub copy: bool,
}

/// Why spells were thrown away without effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum FirewallDiscardReason {
    /// Muteness holds for the round.
    Muted,
    /// End Single ended the round before they took effect.
    EndSingle,
    /// The larcener chose to discard them.
    LarcenyDeclined,
    /// The fire wall reached a wizard before they took effect.
    RoundOver,
}

/// Why the fire wall moved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum FirewallWallMoveCause {
    /// The turn's push toward the weaker attack.
    Push,
    /// The spell Middle.
    Middle,
    /// A wizard ran out of mana: one step per mana point the other still holds.
    OutOfMana,
}

/// Why a round ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FirewallRoundEndReason {
    /// The fire wall reached this seat's wizard.
    WallReachedWizard { seat: Seat },
    /// This seat's End Single took effect.
    EndSingle { seat: Seat },
    /// A wizard ran out of mana and the wall did not reach him, or both ran out.
    OutOfMana,
}

/// A choice the game waits for after the reveal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum FirewallPendingChoice {
    /// `seat` may set its bet anywhere in `min..=max`.
    Recycle {
        seat: Seat,
        bet: u8,
        min: u8,
        max: u8,
    },
    /// `seat` stole these spells and chooses which to apply.
    Larceny {
        seat: Seat,
        stolen: Vec<FirewallQueuedSpell>,
    },
}

impl FirewallPendingChoice {
    pub fn seat(&self) -> Seat {
        match self {
            FirewallPendingChoice::Recycle { seat, .. }
            | FirewallPendingChoice::Larceny { seat, .. } => *seat,
        }
    }
}

/// An event of the Fire Wall duel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = FirewallEvent))]
pub enum Event {
    /// The bridge was set: wall on the middle flagstone, wizards three steps away.
    MatchStarted {
        options: Options,
        flagstones: u8,
        fire_wall: i8,
        wizards: Vec<i8>,
        mana: u8,
    },
    /// A personal stock was shuffled. The order is seen by nobody until the game is over.
    DeckShuffled {
        seat: Seat,
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
        order: Secret<Vec<u8>>,
    },
    /// Variant 2: a wizard put his stock in the order he likes. Only he sees it.
    DeckArranged {
        seat: Seat,
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
        order: Secret<Vec<u8>>,
    },
    /// A round began with full mana reserves.
    RoundStarted { round: u32, mana: u8 },
    /// Cards went from a stock to a hand. Only their owner sees which.
    CardsDrawn {
        seat: Seat,
        count: u8,
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<u8>>, required = true))]
        cards: Secret<Vec<u8>>,
    },
    /// A sealed move was handed in. Only its owner sees it before the reveal.
    MoveSubmitted {
        seat: Seat,
        turn: u32,
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(value_type = Option<FirewallSealedMove>, required = true))]
        sealed: Secret<FirewallSealedMove>,
    },
    /// Both sealed moves were turned face up.
    MovesRevealed {
        turn: u32,
        moves: Vec<FirewallRevealedMove>,
    },
    /// Both wizards played these spells: they cancel out and are discarded.
    SpellsCancelled { spells: Vec<u8> },
    /// The spells that will be applied, in order.
    SpellsQueued { queue: Vec<FirewallQueuedSpell> },
    /// A spell took effect (its card, if any, goes to its owner's discard pile).
    SpellApplied { spell: FirewallQueuedSpell },
    /// Spells were discarded without effect.
    SpellsDiscarded {
        spells: Vec<FirewallQueuedSpell>,
        reason: FirewallDiscardReason,
    },
    /// Muteness: no spell has any effect for the rest of the round.
    RoundMuted { seat: Seat },
    /// Larceny took the opponent's pending spells; `seat` now chooses.
    SpellsStolen {
        seat: Seat,
        spells: Vec<FirewallQueuedSpell>,
    },
    /// The larcener applied some stolen spells for himself and discarded the others.
    LarcenyChosen {
        seat: Seat,
        applied: Vec<FirewallQueuedSpell>,
        discarded: Vec<FirewallQueuedSpell>,
    },
    /// Recycle: `seat` may now change its bet within `min..=max`.
    RecycleOffered {
        seat: Seat,
        bet: u8,
        min: u8,
        max: u8,
    },
    /// Recycle: the new bet.
    BetRecycled { seat: Seat, bet: u8 },
    /// A spell changed an attack's power.
    AttackChanged { seat: Seat, power: u32 },
    /// Winner Loses: the push goes toward the stronger attack.
    PushReversed { seat: Seat },
    /// Inferno: the push goes two flagstones.
    PushDoubled { seat: Seat },
    /// Resistance: the wall may not move toward this seat this turn.
    PushResisted { seat: Seat },
    /// The attacks were compared; `toward` is where the wall goes, if anywhere.
    AttacksCompared {
        powers: Vec<u32>,
        #[cfg_attr(feature = "openapi", schema(required = true))]
        stronger: Option<Seat>,
        #[cfg_attr(feature = "openapi", schema(required = true))]
        toward: Option<Seat>,
    },
    /// The fire wall moved.
    FireWallMoved {
        from: i8,
        to: i8,
        cause: FirewallWallMoveCause,
    },
    /// Bad Loser: this seat does not pay its bet this turn.
    PaymentWaived { seat: Seat },
    /// Bets were taken from the reserves (`amounts` and new `mana` by seat).
    BetsPaid { amounts: Vec<u8>, mana: Vec<u8> },
    /// Reserve Boost or Suction refilled a reserve.
    ManaGained {
        seat: Seat,
        spell: u8,
        amount: u8,
        mana: u8,
    },
    /// The turn is over.
    TurnResolved { turn: u32 },
    /// These seats have no mana left.
    ManaExhausted { seats: Vec<Seat> },
    /// The round is over.
    RoundEnded {
        round: u32,
        reason: FirewallRoundEndReason,
    },
    /// The wizards stood three steps from the wall again.
    WizardsPlaced { wizards: Vec<i8> },
    /// One flagstone collapsed at each end, while tiles last.
    FlagstonesCollapsed {
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(required = true))]
        low: Option<i8>,
        #[serde(default)]
        #[cfg_attr(feature = "openapi", schema(required = true))]
        high: Option<i8>,
    },
    /// A wizard stood on a broken flagstone: the match is over (no winner: a draw).
    MatchEnded {
        #[cfg_attr(feature = "openapi", schema(required = true))]
        winner: Option<Seat>,
        summary: String,
    },
}
