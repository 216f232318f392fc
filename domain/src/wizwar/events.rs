//! What happened (past tense; JSON `{"type": "wizard_moved", ...}`).
//! Hidden facts are [`Secret`]s that [`super::views::redact`] blanks.

use serde::{Deserialize, Serialize};

use crate::kit::Secret;
use crate::ruleset::Seat;

use super::cards::CardName;
use super::casting::{CastKind, Destination, SpellOption, SpellTarget};
use super::choices::{Choice, Push};
use super::commands::Target;
use super::creatures::Creature;
use super::edition::Edition;
use super::labyrinth::{BorderLine, Direction, PlacedSector, SectorIndex, Square, StepKind};
use super::objects::Creation;
use super::objects::{CardId, CardView};
use super::optional_rules::OptionalRules;
use super::sector_boards::Side;
use super::treasures::TreasureId;
use super::winning::{VictoryReason, WinReason};
use super::yield_policies::YieldPolicy;

/// An event of the Wiz-War ruleset.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "type", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarEvent))]
pub enum Event {
    /// Setup, first of all: the optional rules the game is played with
    /// (p.17). Recorded only when some rule is chosen: without it the game
    /// is the standard one.
    OptionalRulesChosen {
        rules: OptionalRules,
    },
    /// Classic: REMOVE LOCK jammed a door open for good: it no longer
    /// closes, for anyone's steps or sight.
    DoorJammedOpen {
        seat: Seat,
        line: BorderLine,
    },
    /// Classic RELOCATE SECTOR: the sector in `slot` moved to `to` with all
    /// on it (the sector there, if any, moved to `slot`); the AUTO WARP is
    /// discarded for good.
    SectorRelocated {
        slot: SectorIndex,
        to: SectorIndex,
    },
    /// Setup: the sector boards laid out, coloured and turned (all seeded).
    BoardBuilt {
        side: Side,
        sectors: Vec<PlacedSector>,
        /// The edition the game is played with; absent in games recorded
        /// before editions, which are all 8th edition, and left out for the
        /// 8th edition so that they replay to the same log.
        #[serde(default, skip_serializing_if = "Edition::is_eighth")]
        edition: Edition,
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
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardName>>, required = true))]
        cards: Secret<Vec<CardName>>,
    },
    /// Cards from the top of the deck; their faces are seen by their owner only.
    CardsDrawn {
        seat: Seat,
        count: u8,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
        cards: Secret<Vec<CardView>>,
    },
    /// Custom Spellbook: the Black Cantrip group's shuffled Magic deck, for
    /// `seats` alone (the White Cantrip group's is `deck_built`). Its cards
    /// are numbered on from `first`; the order is seen by the referee only.
    BlackCantripDeckBuilt {
        seats: Vec<Seat>,
        first: CardId,
        size: u16,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardName>>, required = true))]
        cards: Secret<Vec<CardName>>,
    },
    /// The discard pile shuffled into a new deck (order seen by the referee
    /// only); with Custom Spellbook, `black_cantrip` says it is that group's.
    DiscardPileShuffled {
        size: u16,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardId>>, required = true))]
        order: Secret<Vec<CardId>>,
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
    /// A punch at a wall or door (no card, no window): the attacker's one
    /// attack this turn. Games recorded before punches had windows have it
    /// for punches at wizards too.
    Punched {
        seat: Seat,
        target: Target,
    },
    /// A punch at a wizard (p.8): the attacker's one attack this turn, on
    /// the stack as the fist until its response window closes for
    /// `responders`, in this order ("when a player's wizard is attacked,
    /// that player may play a counter spell").
    PunchThrown {
        seat: Seat,
        victim: Seat,
        responders: Vec<Seat>,
    },
    WizardDamaged {
        seat: Seat,
        amount: u8,
        life: i8,
        /// Physical or magical, where the rules record it (classic from
        /// revision 3); absent in the records of the other games, which
        /// read as they were written.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kind: Option<super::damage::DamageKind>,
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
        /// Set when an attack by this seat killed him (p.15); in the
        /// classic edition also, when no attack dealt the blow, the last
        /// wizard who attacked him (he takes the cards).
        #[cfg_attr(feature = "openapi", schema(required = true))]
        killer: Option<Seat>,
    },
    /// The killer takes the dead wizard's hand; its faces are seen by those two only.
    HandTaken {
        from: Seat,
        to: Seat,
        count: u8,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
        cards: Secret<Vec<CardView>>,
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
        #[cfg_attr(feature = "openapi", schema(required = true))]
        energy_card: Option<CardView>,
        energy: u8,
        target: SpellTarget,
        #[cfg_attr(feature = "openapi", schema(required = true))]
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
        #[cfg_attr(feature = "openapi", schema(required = true))]
        energy_card: Option<CardView>,
        energy: u8,
        /// Wall of Earth: where it rises.
        #[cfg_attr(feature = "openapi", schema(required = true))]
        line: Option<BorderLine>,
        /// Teleport: where the wizard blinks to.
        #[cfg_attr(feature = "openapi", schema(required = true))]
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
    /// Classic edition: a counteraction of `seat` stopped half of the
    /// damage `card` has left to deal him, rounded up ("Une carte
    /// contre-attaque arrête la moitié des dommages").
    DamageHalved {
        seat: Seat,
        card: CardView,
        by: CardView,
    },
    /// Drag: `by` pulled `seat`'s wizard from `from` to `to`.
    WizardDragged {
        seat: Seat,
        by: Seat,
        from: Square,
        to: Square,
    },
    /// A Trap came off the top of the deck as `seat` drew (shown to all,
    /// and discarded): at the deal (`dealt`) the deck is then reshuffled
    /// and he draws on; later it springs on him, taking the place of a
    /// card drawn.
    TrapTurnedUp {
        seat: Seat,
        card: CardView,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dealt: bool,
    },
    /// The deck (not the discard pile) was shuffled again: a Trap dealt at
    /// the start was discarded ("défaussez-la et remélangez le paquet").
    /// The order is seen by the referee only.
    DeckReshuffled {
        size: u16,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardId>>, required = true))]
        order: Secret<Vec<CardId>>,
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
    /// Classic: a CREATE WALL or DESTROY WALL on the junction of two
    /// sectors touches the wall of the sector in `slot`, as the die roll
    /// before this event said.
    JunctionWallRolled {
        line: BorderLine,
        slot: SectorIndex,
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
    /// `with_square`) traded places.
    WizardsSwapped {
        seat: Seat,
        square: Square,
        with: Seat,
        with_square: Square,
    },
    /// The wizard may move no more this turn (Swap, as Teleport).
    MovingEnded {
        seat: Seat,
    },
    /// Astral Projection: the spell just cast was cast from the projected
    /// square, which is now spent.
    ProjectionSpent {
        seat: Seat,
    },
    /// Add: the spell just cast took the added energy, which is now spent.
    AddedEnergySpent {
        seat: Seat,
    },
    /// Extra Arms: its wizard has paid for the armful in `square`; more
    /// pick-ups there are free until he moves.
    ArmfulTaken {
        seat: Seat,
        square: Square,
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
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
        cards: Secret<Vec<CardView>>,
    },
    /// Thought Steal: cards move from one hand to another (faces seen by those two only).
    CardsTaken {
        from: Seat,
        to: Seat,
        count: u8,
        #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
        cards: Secret<Vec<CardView>>,
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
        #[cfg_attr(feature = "openapi", schema(required = true))]
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
    /// Classic: a killed wizard's carried items go back into his hand, for
    /// his killer to take with it.
    CarriedItemsBackInHand {
        seat: Seat,
        cards: Vec<CardView>,
    },
}
