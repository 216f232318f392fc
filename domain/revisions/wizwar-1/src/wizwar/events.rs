//! What happened (past tense; JSON `{"type": "wizard_moved", ...}`).
//! Hidden facts are `Option`s that [`super::views::redact`] blanks.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ruleset::Seat;

use super::cards::CardName;
use super::casting::{CastKind, Destination, SpellOption, SpellTarget};
use super::choices::{Choice, Push};
use super::commands::Target;
use super::creatures::Creature;
use super::labyrinth::{BorderLine, Direction, PlacedSector, SectorIndex, Square, StepKind};
use super::objects::Creation;
use super::objects::{CardId, CardView};
use super::optional_rules::OptionalRules;
use super::sector_boards::Side;
use super::treasures::TreasureId;
use super::winning::{VictoryReason, WinReason};
use super::yield_policies::YieldPolicy;

/// An event of the Wiz-War ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "snake_case")]
#[schema(as = WizwarEvent)]
pub enum Event {
    /// Setup, first of all: the optional rules the game is played with
    /// (p.17). Recorded only when some rule is chosen: without it the game
    /// is the standard one.
    OptionalRulesChosen {
        rules: OptionalRules,
    },
    /// Setup: the sector boards laid out, coloured and turned (all seeded).
    BoardBuilt {
        side: Side,
        sectors: Vec<PlacedSector>,
    },
    WizardPlaced {
        seat: Seat,
        square: Square,
    },
    TreasurePlaced {
        treasure: TreasureId,
        owner: Seat,
        square: Square,
    },
    /// The shuffled Magic deck; card `i` is `CardId(i)`, top of the deck first.
    /// The order is seen by the referee only.
    DeckBuilt {
        size: u16,
        cards: Option<Vec<CardName>>,
    },
    /// Cards from the top of the deck; their faces are seen by their owner only.
    CardsDrawn {
        seat: Seat,
        count: u8,
        cards: Option<Vec<CardView>>,
    },
    /// Custom Spellbook: the Black Cantrip group's shuffled Magic deck, for
    /// `seats` alone (the White Cantrip group's is `deck_built`). Its cards
    /// are numbered on from `first`; the order is seen by the referee only.
    BlackCantripDeckBuilt {
        seats: Vec<Seat>,
        first: CardId,
        size: u16,
        cards: Option<Vec<CardName>>,
    },
    /// The discard pile shuffled into a new deck (order seen by the referee
    /// only); with Custom Spellbook, `black_cantrip` says it is that group's.
    DiscardPileShuffled {
        size: u16,
        order: Option<Vec<CardId>>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        black_cantrip: bool,
    },
    FirstPlayerChosen {
        seat: Seat,
    },
    /// Time Passes is over; Move and Cast begins with these movement points.
    TurnStarted {
        seat: Seat,
        movement_points: i16,
        /// A stun token was discarded: stunned for this turn (p.6).
        stunned: bool,
    },
    WizardMoved {
        seat: Seat,
        from: Square,
        to: Square,
        direction: Direction,
        step: StepKind,
        cost: i16,
    },
    SpeedBoosted {
        seat: Seat,
        card: CardView,
        movement_points: i16,
    },
    DoorHeldOpen {
        seat: Seat,
        line: BorderLine,
    },
    DoorClosed {
        line: BorderLine,
    },
    /// A punch (no card): the attacker's one attack this turn.
    Punched {
        seat: Seat,
        target: Target,
    },
    WizardDamaged {
        seat: Seat,
        amount: u8,
        life: i8,
    },
    BarrierDamaged {
        line: BorderLine,
        damage: u8,
        cracks_added: u8,
        cracks: u8,
    },
    BarrierDestroyed {
        line: BorderLine,
    },
    ItemPickedUp {
        seat: Seat,
        card: CardView,
        cost: i16,
    },
    ItemDropped {
        seat: Seat,
        card: CardView,
        square: Square,
    },
    /// A card from the hand put straight into play as a carried item. The
    /// engine now plays items through the stack (`spell_cast`, then
    /// `cast_resolved` to `carried`); this event is kept so records fold.
    ItemPlayed {
        seat: Seat,
        card: CardView,
    },
    TreasurePickedUp {
        seat: Seat,
        treasure: TreasureId,
    },
    TreasureDropped {
        seat: Seat,
        treasure: TreasureId,
        square: Square,
    },
    /// Deadly Treasures: both of this player's treasures lie in other
    /// players' home bases, so his wizard is killed (`wizard_died` follows,
    /// with no killer).
    TreasuresCaptured {
        seat: Seat,
    },
    VictoryPointScored {
        seat: Seat,
        reason: VictoryReason,
    },
    VictoryPointLost {
        seat: Seat,
        reason: VictoryReason,
    },
    MoveAndCastEnded {
        seat: Seat,
    },
    CardsDiscarded {
        seat: Seat,
        cards: Vec<CardView>,
    },
    TurnEnded {
        seat: Seat,
    },
    DieRolled {
        value: u8,
    },
    WizardStunned {
        seat: Seat,
        tokens: u8,
    },
    /// A maintained spell leaves play (to the discard pile).
    SpellEnded {
        seat: Seat,
        card: CardView,
    },
    WizardDied {
        seat: Seat,
        square: Square,
        /// Set only when an attack by this seat killed him (p.15).
        killer: Option<Seat>,
    },
    /// The killer takes the dead wizard's hand; its faces are seen by those two only.
    HandTaken {
        from: Seat,
        to: Seat,
        count: u8,
        cards: Option<Vec<CardView>>,
    },
    GameWon {
        seat: Seat,
        reason: WinReason,
    },
    /// A card goes on the stack: a spell or item from the hand, or an attack
    /// with a carried item or maintained spell (`use`). A response window
    /// opens for `responders`, in this order; the energy card is discarded.
    SpellCast {
        seat: Seat,
        card: CardView,
        kind: CastKind,
        energy_card: Option<CardView>,
        energy: u8,
        target: SpellTarget,
        option: Option<SpellOption>,
        /// It is the caster's attack for the turn, even if it is cancelled (p.15).
        attack: bool,
        /// Cast around a corner.
        bent: bool,
        /// Where it is cast from (the caster's square, or his projection).
        origin: Square,
        responders: Vec<Seat>,
    },
    /// A counter spell answers the cast on top of the stack and opens its own window.
    CounterPlayed {
        seat: Seat,
        card: CardView,
        energy_card: Option<CardView>,
        energy: u8,
        /// Wall of Earth: where it rises.
        line: Option<BorderLine>,
        /// Teleport: where the wizard blinks to.
        square: Option<Square>,
        responders: Vec<Seat>,
    },
    /// A player lets the cast on top of the stack go unanswered (whatever he holds).
    ResponsePassed {
        seat: Seat,
    },
    /// A counter cancels a cast: it will be discarded without effect (p.15).
    CastCancelled {
        card: CardView,
        by: CardView,
    },
    /// A counter reduces the damage of a cast (Shield).
    DamageReduced {
        card: CardView,
        by: CardView,
        amount: u8,
    },
    /// A counter keeps one wizard out of a cast that is not aimed at him.
    WizardShielded {
        seat: Seat,
        against: CardView,
        by: CardView,
    },
    /// A Wall of Earth rises against a cast: it stops the first attack through it.
    WallOfEarthRaised {
        seat: Seat,
        line: BorderLine,
        against: CardView,
    },
    /// The cast on top of the stack takes effect; its card goes `to`.
    CastResolved {
        seat: Seat,
        card: CardView,
        to: Destination,
    },
    /// A cancelled cast leaves the stack without effect.
    CastDiscarded {
        seat: Seat,
        card: CardView,
    },
    /// Around the Corner: the next spell this turn may bend once.
    SpellMayBend {
        seat: Seat,
    },
    /// Time Passes: one energy token off a temporary spell (p.11).
    EnergyTokenRemoved {
        seat: Seat,
        card: CardView,
        tokens: u8,
    },
    /// Booby Trap: the caster's live token lies in `square`. Seen by him
    /// alone (and the referee); the others never receive it.
    TrapArmed {
        seat: Seat,
        card: CardId,
        square: Square,
    },
    /// Someone entered a Booby Trap token's square: it is turned up, live
    /// (the trap springs) or a dud (it is discarded).
    TrapTokenTurned {
        card: CardId,
        square: Square,
        live: bool,
    },
    /// A spell made a wall or an object.
    ObjectCreated {
        seat: Seat,
        creation: Creation,
    },
    /// A created object took cracks.
    ObjectDamaged {
        card: CardView,
        damage: u8,
        cracks_added: u8,
        cracks: u8,
    },
    /// Rotate Sector: the sector in `slot` turns clockwise with everything in
    /// it; where it meets the board the printed walls are restored.
    SectorRotated {
        slot: SectorIndex,
        quarter_turns: u8,
    },
    /// A counter took its wizard out of the way: the cast misses him.
    AttackEvaded {
        seat: Seat,
        against: CardView,
    },
    /// Absorb Spell: the cast leaves the stack for the absorber's hand.
    SpellAbsorbed {
        seat: Seat,
        card: CardView,
    },
    /// Add: the wizard's next spell this turn has this energy.
    EnergyAdded {
        seat: Seat,
        energy: u8,
    },
    /// Astral Projection: the wizard's next spell is cast from `square`.
    AstralProjected {
        seat: Seat,
        square: Square,
    },
    /// Teleport: the wizard blinks to `to` and may move no more this turn.
    Teleported {
        seat: Seat,
        from: Square,
        to: Square,
    },
    /// Swap: the caster's wizard (in `square`) and `with`'s (in
    /// `with_square`) traded places; the caster may move no more this turn.
    WizardsSwapped {
        seat: Seat,
        square: Square,
        with: Seat,
        with_square: Square,
    },
    /// Share Life: the two wizards' life pooled and split.
    LifeShared {
        seat: Seat,
        life: i8,
        with: Seat,
        with_life: i8,
    },
    /// The active wizard's speed changed mid-turn (a Speedstone came or
    /// went): his movement left changes by the difference (p.7).
    MovementChanged {
        seat: Seat,
        by: i16,
    },
    /// Disease: `carrier` entered the square of `victim` (a wizard, or a
    /// creature named by its card as an object), who takes 3 physical
    /// damage next (`wizard_damaged` / `creature_damaged`) and cannot catch
    /// it again this turn.
    DiseaseCaught {
        carrier: Seat,
        victim: super::commands::Target,
    },
    /// Mad Dash: the wizard doubled his movement left (`movement_changed`
    /// before it) and may pick up no treasure for the rest of his turn.
    WizardDashed {
        seat: Seat,
    },
    /// Life regained (Lifestone, Wallivore), never above 20.
    WizardHealed {
        seat: Seat,
        amount: u8,
        life: i8,
    },
    /// A wizard gained this Brainstone for the first time: he draws 2
    /// (recorded so that regaining it draws nothing, data §2.2).
    BrainstoneWoken {
        seat: Seat,
        card: CardId,
    },
    /// A card asks a player to choose before it finishes (Brain Burn, Thought Steal).
    ChoiceAwaited {
        choice: Choice,
    },
    /// The choice is made; the card finishes.
    ChoiceMade {
        seat: Seat,
    },
    /// Thought Steal: the victim's hand is shown to the thief (faces seen by those two only).
    HandRevealed {
        seat: Seat,
        to: Seat,
        count: u8,
        cards: Option<Vec<CardView>>,
    },
    /// Thought Steal: cards move from one hand to another (faces seen by those two only).
    CardsTaken {
        from: Seat,
        to: Seat,
        count: u8,
        cards: Option<Vec<CardView>>,
    },
    /// A player chose which response windows stop at him.
    YieldPolicySet {
        seat: Seat,
        policy: YieldPolicy,
    },
    /// The server passed for `seat` by his yield policy.
    ResponseYielded {
        seat: Seat,
    },
    /// Featherweight: an attack pushes its wizard back instead of hurting
    /// him; the push waits until the attack has finished resolving.
    PushedBack {
        push: Push,
    },
    /// The first waiting push begins: its wizard is moved now.
    PushBegan {
        seat: Seat,
    },
    /// A carried (`seat`) or dropped item is destroyed and discarded.
    ItemDestroyed {
        seat: Option<Seat>,
        card: CardView,
    },
    /// Yoink!: a carried item passed from one wizard's play area to another's.
    ItemSnatched {
        from: Seat,
        to: Seat,
        card: CardView,
    },
    /// Ward: the owner of a treasure just picked up answers its thief.
    WardPlayed {
        seat: Seat,
        card: CardView,
        thief: Seat,
    },
    /// A spell brought a creature to life (Homunculus).
    CreatureCreated {
        seat: Seat,
        creature: Creature,
    },
    /// Its master moved a creature one square.
    CreatureMoved {
        card: CardId,
        from: Square,
        to: Square,
        direction: Direction,
    },
    /// A creature was hurt; at 0 life it dies and its spell ends.
    CreatureDamaged {
        card: CardView,
        damage: u8,
        life: u8,
    },
    /// A wizard looks through his creature's eyes: his next spell this turn
    /// is cast from `square`.
    LookedThrough {
        seat: Seat,
        card: CardId,
        square: Square,
    },
}
