//! Casting (rulebook p.9–11, "Playing Magic Cards"): card types and when
//! they may be played, boosting with energy, targets and ranges, the attack
//! of the turn, and the stack of casts waiting for their response windows.
//!
//! A cast never takes effect at once: the card goes on the stack
//! ([`Casting`]) and a response window opens (see [`super::counter_spells`]);
//! the effect happens when the window closes, in [`super::spells::resolve`].

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::cards::{self, CardDef, CardName, CardType, Range, Trait};
use super::commands::Thing;
use super::events::Event;
use super::fighting;
use super::labyrinth::{BorderLine, Direction, SectorIndex, Square};
use super::line_of_sight::SightTarget;
use super::movement::energy_value;
use super::objects::CardId;
use super::spells;
use super::spells::rules::{Aim, NextSpellAid};
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// The energy of a spell cast without an energy card (p.11).
pub const DEFAULT_ENERGY: u8 = 1;

/// What a card is played on.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarSpellTarget))]
pub enum SpellTarget {
    /// The caster himself.
    Caster,
    /// Another player's wizard.
    Wizard {
        seat: Seat,
    },
    /// A border line: a wall, a door, or an open line.
    Line {
        line: BorderLine,
    },
    Square {
        square: Square,
    },
    /// A created object or a dropped item, named by its card.
    Object {
        card: CardId,
    },
    /// A treasure, lying on the board or carried (Glue).
    Treasure {
        treasure: super::treasures::TreasureId,
    },
    /// A spell in play, named by its card.
    Spell {
        card: CardId,
    },
    /// Straight out of the caster's square (Lightning Bolt, Windrider).
    Direction {
        direction: Direction,
    },
    /// The whole labyrinth (global spells).
    Board,
    /// One sector board, by its slot (Rotate Sector).
    Sector {
        slot: SectorIndex,
    },
}

/// A choice the card's text leaves to the caster.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarSpellOption))]
pub enum SpellOption {
    /// Zot!: stun for two turns instead of dealing damage.
    Stun,
    /// Classic RELOCATE SECTOR: the layout slot the sector moves to.
    Slot { slot: SectorIndex },
    /// Waterbolt: this much of the energy as damage, the rest as squares of
    /// knock-back in `direction`.
    Split { damage: u8, direction: Direction },
    /// Windrider: ride this many squares (at most the energy).
    Squares { count: u8 },
    /// Drop Object: the treasure or carried item the target lets go of.
    Thing { thing: Thing },
    /// Classic DROP OBJECT: the object, named by its card, the target lets
    /// go of, whether he holds it in his hand or face up before him (the
    /// caster does not see the hand; a wizard holding none drops nothing).
    Object { name: CardName },
    /// Rotate Sector: clockwise quarter turns (1, 2 or 3 — a quarter turn
    /// either way or a half turn).
    Turn { quarter_turns: u8 },
    /// Add: the second card spent as energy (the first is the cast's energy card).
    Energy { card: CardId },
    /// Booby Trap: the squares of the three other tokens, and which of the
    /// four is the live trap (0: the cast's target square, 1–3: these
    /// squares). `live` is secret: others see it as `null`.
    Tokens {
        #[cfg_attr(feature = "openapi", schema(min_items = 3, max_items = 3))]
        squares: [Square; 3],
        #[cfg_attr(feature = "openapi", schema(required = true))]
        live: Option<u8>,
    },
}

/// What is on the stack.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarCastKind))]
pub enum CastKind {
    /// A neutral or attack spell from the hand.
    Spell,
    /// An item card from the hand, going to the play area.
    Item,
    /// A counter spell answering the cast below it.
    Counter,
    /// An attack with a carried item or a maintained spell (Large Rock,
    /// Stone Spikes): the card stays where it is.
    Use,
    /// A punch at a wizard (p.8: an attack, which its victim may answer):
    /// no card, its entry is the fist ([`CardId::FIST`](super::objects::CardId::FIST)).
    Punch,
}

impl CastKind {
    /// Whether the cast's card moves with it: it left a hand to go on the
    /// stack, and leaves the stack for a pile or a play area. A used item
    /// or spell stays in its play area; a punch has no card.
    pub fn moves_its_card(self) -> bool {
        !matches!(self, CastKind::Use | CastKind::Punch)
    }
}

/// One cast waiting for (or getting) its answers. The bottom of the stack is
/// the active player's cast; each counter sits on what it answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casting {
    pub seat: Seat,
    /// Its card (what it is is `State::cast_name`: the name is not stored
    /// twice); a punch's is the fist.
    pub card: CardId,
    pub kind: CastKind,
    pub energy: u8,
    pub target: SpellTarget,
    pub option: Option<SpellOption>,
    /// Wall of Earth: the line it is raised on.
    pub line: Option<BorderLine>,
    /// Teleport as a counter: where its wizard blinks to.
    pub square: Option<Square>,
    /// Where it is cast from: the caster's square, or where he projected
    /// himself (Astral Projection).
    pub origin: Square,
    pub attack: bool,
    /// Cast around a corner (Around the Corner).
    pub bent: bool,
    /// Who must still answer, the first one now.
    pub responders: Vec<Seat>,
    pub cancelled: bool,
    /// Damage taken off by reducing counters (Shield).
    pub reduction: u8,
    /// Wizards a counter protected from this cast (Full Shield against a bolt).
    pub shielded: Vec<Seat>,
    /// Walls of Earth raised against it (they turn a Lightning Bolt back).
    pub earth_walls: Vec<BorderLine>,
    /// Classic counteractions that answered it, one entry per counter,
    /// naming the wizard each protects: each stops half of the damage
    /// left to him, rounded up (see [`halved`]).
    pub halved_for: Vec<Seat>,
}

/// A temporary or permanent spell in a play area.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarActiveSpell))]
pub struct ActiveSpell {
    pub card: CardId,
    pub name: CardName,
    pub caster: Seat,
    pub target: SpellTarget,
    pub energy: u8,
    /// Energy tokens left on a temporary spell; `None` for a permanent one.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub tokens: Option<u8>,
}

/// Where a resolved card goes.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "kind", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarCardDestination))]
pub enum Destination {
    /// Instant: its effect happened, the card is discarded.
    Discarded,
    /// Temporary (with energy tokens) or permanent: the caster maintains it.
    Maintained {
        #[cfg_attr(feature = "openapi", schema(required = true))]
        tokens: Option<u8>,
    },
    /// An item: carried by the caster.
    Carried,
    /// A used item or maintained spell: it stays where it was (a punch,
    /// having no card, has nothing to move either).
    Kept,
    /// Permanent Creations (p.17): the card of a created object lies near
    /// the board, not maintained, until the object is destroyed.
    NearTheBoard,
    /// Classic ("Les cartes utilisées sont défaussées"): the card of a
    /// temporary or permanent spell is discarded at once and its effect
    /// lasts, maintained by nobody; `tokens` count its caster's turns as a
    /// maintained spell's do.
    DiscardedLasting {
        #[cfg_attr(feature = "openapi", schema(required = true))]
        tokens: Option<u8>,
    },
}

impl Casting {
    /// A cast just put on the stack, waiting for `responders`: no energy,
    /// option or choice, not an attack, nothing done to it yet.
    pub fn waiting(
        seat: Seat,
        card: CardId,
        kind: CastKind,
        target: SpellTarget,
        origin: Square,
        responders: Vec<Seat>,
    ) -> Casting {
        Casting {
            seat,
            card,
            kind,
            energy: 0,
            target,
            option: None,
            line: None,
            square: None,
            origin,
            attack: false,
            bent: false,
            responders,
            cancelled: false,
            reduction: 0,
            shielded: vec![],
            earth_walls: vec![],
            halved_for: vec![],
        }
    }

    /// Counteractions that halved this cast's damage to `victim`.
    pub fn halvings(&self, victim: Seat) -> u8 {
        self.halved_for.iter().filter(|s| **s == victim).count() as u8
    }

    /// What is left of `amount` (damage, or a duration) for `victim` once
    /// the counters answering this cast took their part: reducing counters
    /// (Shield) first, then each halving counteraction.
    pub fn after_counters(&self, victim: Seat, amount: u8) -> u8 {
        halved(amount.saturating_sub(self.reduction), self.halvings(victim))
    }
}

/// Classic counteractions ("Une carte contre-attaque arrête la moitié des
/// dommages infligés, en arrondissant au nombre supérieur"): each of
/// `times` stops half of what is left, rounded up; 5 → 2 → 1 → 0.
pub fn halved(amount: u8, times: u8) -> u8 {
    (0..times).fold(amount, |left, _| left - left.div_ceil(2))
}

impl State {
    /// What a cast on the stack is: its card's name (the fist for a punch).
    pub fn cast_name(&self, cast: &Casting) -> CardName {
        self.card_view(cast.card).name
    }

    pub fn find_spell(&self, card: CardId) -> Option<&ActiveSpell> {
        self.spells.iter().find(|s| s.card == card)
    }

    /// Whether a spell of this name is in play.
    pub fn spell_in_play(&self, name: CardName) -> bool {
        self.spells.iter().any(|s| s.name == name)
    }

    /// Whether `seat`'s wizard is in mist (Mist Body).
    pub fn is_misted(&self, seat: Seat) -> bool {
        super::effects::misted(self, seat)
    }

    /// Where a target is, for line of sight; `None` when it has no place
    /// (the board, a spell without one).
    pub fn target_place(&self, target: SpellTarget) -> Option<SightTarget> {
        match target {
            SpellTarget::Wizard { seat } => self
                .find_wizard(seat)
                .map(|w| SightTarget::Square(w.square)),
            SpellTarget::Line { line } => Some(SightTarget::Line(line)),
            SpellTarget::Square { square } => Some(SightTarget::Square(square)),
            SpellTarget::Object { card } => self.object_square(card).map(SightTarget::Square),
            SpellTarget::Treasure { treasure } => {
                let treasure = self.treasures.iter().find(|t| t.id == treasure)?;
                match treasure.location {
                    super::treasures::TreasureLocation::Lying { square } => {
                        Some(SightTarget::Square(square))
                    }
                    super::treasures::TreasureLocation::Carried { seat } => self
                        .find_wizard(seat)
                        .map(|w| SightTarget::Square(w.square)),
                }
            }
            SpellTarget::Caster
            | SpellTarget::Direction { .. }
            | SpellTarget::Board
            | SpellTarget::Sector { .. } => None,
            // A spell in play is where its object is, or where what it acts
            // on is; a spell on its caster is with him. Global ones are seen
            // by everyone (p.11), so they have no place to hide.
            SpellTarget::Spell { card } => {
                let spell = self.find_spell(card)?;
                if let Some(c) = self.creations.iter().find(|c| c.card() == card) {
                    return Some(c.place());
                }
                match spell.target {
                    SpellTarget::Board => None,
                    SpellTarget::Caster
                    | SpellTarget::Direction { .. }
                    | SpellTarget::Sector { .. }
                    | SpellTarget::Spell { .. } => self
                        .find_wizard(spell.caster)
                        .map(|w| SightTarget::Square(w.square)),
                    other => self.target_place(other),
                }
            }
        }
    }

    /// Line of sight as the spells in play allow it: Fog stops it past one
    /// square; a bend (Around the Corner) may turn once at a square's centre.
    pub fn reaches(&self, from: Square, target: SightTarget, bent: bool) -> bool {
        // From inside a Dust Cloud one sees only one's own square.
        if self.dust_cloud_in(from) && target != SightTarget::Square(from) {
            return false;
        }
        if super::effects::fogged(self) {
            return self.with_sight(|s| match target {
                SightTarget::Square(to) => s.adjacent(from, to),
                SightTarget::Line(line) => s.adjacent_to_line(from, line),
            });
        }
        self.with_sight(|s| {
            s.sees(from, target)
                || (bent
                    && self.labyrinth.squares().any(|m| {
                        m != from && s.sees(from, SightTarget::Square(m)) && s.sees(m, target)
                    }))
        })
    }

    /// Line of sight through one wall or door (Visionstone): some wall or
    /// door near the straight way, taken away, lets it through.
    pub fn reaches_through_one(&self, from: Square, target: SightTarget, bent: bool) -> bool {
        let to = match target {
            SightTarget::Square(s) => s,
            SightTarget::Line(l) => {
                let [_, (r, c, _)] = l.sides();
                Square::new(r.max(0) as u8, c.max(0) as u8)
            }
        };
        let (r0, r1) = (from.row.min(to.row), from.row.max(to.row) + 1);
        let (c0, c1) = (from.col.min(to.col), from.col.max(to.col) + 1);
        self.labyrinth
            .barriers
            .iter()
            .filter(|(line, barrier)| {
                !matches!(barrier, super::labyrinth::Barrier::OuterWall)
                    && (r0..=r1).contains(&line.row)
                    && (c0..=c1).contains(&line.col)
            })
            .any(|(line, _)| {
                let mut without = self.clone();
                without.labyrinth.barriers.remove(line);
                without.reaches(from, target, bent)
            })
    }

    /// Whether `seat` can see a spell on the stack or in play: its caster,
    /// its target, or anything global (p.11: everyone sees global spells).
    pub fn sees_cast(
        &self,
        seat: Seat,
        origin: Square,
        name: CardName,
        target: SpellTarget,
    ) -> bool {
        if cards::definition(name).traits.contains(&Trait::Global) {
            return true;
        }
        let here = self.wizard(seat).square;
        self.reaches(here, SightTarget::Square(origin), false)
            || self
                .target_place(target)
                .is_some_and(|t| self.reaches(here, t, false))
    }
}

/// Where `seat` casts his next spell from: where he projected himself
/// (Astral Projection) or his square.
pub fn cast_origin(state: &State, seat: Seat) -> Square {
    state
        .turn
        .as_ref()
        .filter(|t| t.seat == seat)
        .and_then(|t| t.astral)
        .unwrap_or(state.wizard(seat).square)
}

/// The living wizards other than `seat`, in seat order starting after him:
/// the players a response window waits for.
pub fn responders_after(state: &State, seat: Seat) -> Vec<Seat> {
    let seats: Vec<Seat> = state.wizards.iter().map(|w| w.seat).collect();
    let at = seats.iter().position(|s| *s == seat).unwrap_or(0);
    (1..seats.len())
        .map(|i| seats[(at + i) % seats.len()])
        .filter(|s| state.wizard(*s).alive)
        .collect()
}

/// The energy card boosting a cast: from the hand, with an energy value, not
/// the cast card itself. Returns the spell's energy (p.11: it replaces 1).
///
/// # Errors
/// `card_not_in_hand`, `no_energy_value`.
pub fn energy_of(
    state: &State,
    seat: Seat,
    card: CardId,
    energy: Option<CardId>,
) -> Result<u8, RuleViolation> {
    let Some(energy) = energy else {
        return Ok(state.edition_rules().number_cards.without_one);
    };
    if energy == card || !state.wizard(seat).hand.contains(&energy) {
        return Err(RuleViolation::CardNotInHand);
    }
    number_value(state, seat, state.cards[energy.index()])
}

/// What a card is worth as energy (the 8th edition: any printed energy
/// value) or as a number card (classic: number cards only), with the
/// bonuses of what `seat` carries, for a cast and for movement alike.
///
/// # Errors
/// `no_energy_value`.
pub fn number_value(state: &State, seat: Seat, name: cards::CardName) -> Result<u8, RuleViolation> {
    let numbers_only = state.edition_rules().number_cards.only_number_cards;
    if numbers_only && cards::definition(name).card_type != CardType::Energy {
        return Err(RuleViolation::NoEnergyValue);
    }
    let value = energy_value(name).ok_or(RuleViolation::NoEnergyValue)?;
    Ok(value + super::effects::energy_bonus(state, seat))
}

/// Checks the printed range of a card against its target.
///
/// # Errors
/// `not_in_sight`, `out_of_reach`.
pub fn check_range(
    state: &State,
    here: Square,
    def: &CardDef,
    target: SpellTarget,
    bent: bool,
    vision: bool,
) -> Result<(), RuleViolation> {
    let Some(place) = state.target_place(target) else {
        return Ok(());
    };
    // A wizard in a Dust Cloud is hidden from everyone outside it.
    if let SpellTarget::Wizard { .. } = target
        && let SightTarget::Square(square) = place
        && square != here
        && state.dust_cloud_in(square)
    {
        return Err(RuleViolation::NotInSight);
    }
    match def.range {
        Some(Range::LineOfSight)
            if !(state.reaches(here, place, bent)
                || (vision && state.reaches_through_one(here, place, bent))) =>
        {
            Err(RuleViolation::NotInSight)
        }
        Some(Range::Adjacent) => {
            let near = state.with_sight(|s| match place {
                SightTarget::Square(to) => s.adjacent(here, to),
                SightTarget::Line(line) => s.adjacent_to_line(here, line),
            });
            if near {
                Ok(())
            } else {
                Err(RuleViolation::OutOfReach)
            }
        }
        _ => Ok(()),
    }
}

/// Checks that a target exists and is the right kind of thing for the card.
///
/// # Errors
/// `invalid_target`, `no_such_wizard`, `cannot_attack_yourself`, `misted`.
pub fn check_target_exists(
    state: &State,
    seat: Seat,
    def: &CardDef,
    target: SpellTarget,
    attack: bool,
) -> Result<(), RuleViolation> {
    use cards::Target as T;
    let allowed = |t: T| def.targets.contains(&t);
    match target {
        // A spell of range "caster" is played on the caster, whatever it
        // then affects (Around the Corner's next spell, an item carried).
        SpellTarget::Caster
            if allowed(T::Caster)
                || def.range == Some(Range::Caster)
                || spells::rules::rules(def.name).aim == Aim::Caster =>
        {
            Ok(())
        }
        SpellTarget::Wizard { seat: other } if allowed(T::Wizard) => {
            if other == seat {
                return Err(RuleViolation::CannotAttackYourself);
            }
            state
                .find_wizard(other)
                .filter(|w| w.alive)
                .ok_or(RuleViolation::NoSuchWizard(other))?;
            if attack && state.is_misted(other) {
                return Err(RuleViolation::Misted);
            }
            Ok(())
        }
        SpellTarget::Line { line }
            if allowed(T::BorderLine)
                || allowed(T::Object)
                || allowed(T::Wall)
                || allowed(T::Door) =>
        {
            if state.labyrinth.squares_beside_line(line).is_empty() {
                return Err(RuleViolation::InvalidTarget(
                    "that line is not on the board",
                ));
            }
            Ok(())
        }
        SpellTarget::Square { square }
            if allowed(T::Square)
                || allowed(T::EmptySquare)
                || spells::rules::rules(def.name).aim == Aim::Square =>
        {
            if !state
                .labyrinth
                .contains(i32::from(square.row), i32::from(square.col))
            {
                return Err(RuleViolation::InvalidTarget(
                    "that square is not on the board",
                ));
            }
            Ok(())
        }
        SpellTarget::Object { card } if allowed(T::Object) => state
            .object_square(card)
            .map(|_| ())
            .ok_or(RuleViolation::InvalidTarget(
                "there is no such object on the board",
            )),
        SpellTarget::Treasure { treasure } if allowed(T::Treasure) => state
            .treasures
            .iter()
            .find(|t| t.id == treasure)
            .map(|_| ())
            .ok_or(RuleViolation::InvalidTarget("there is no such treasure")),
        SpellTarget::Spell { card } if allowed(T::Spell) => state
            .find_spell(card)
            .map(|_| ())
            .ok_or(RuleViolation::InvalidTarget(
                "there is no such spell in play",
            )),
        SpellTarget::Board if allowed(T::GameBoard) => Ok(()),
        SpellTarget::Sector { slot } if allowed(T::Sector) => {
            if state.labyrinth.sectors.iter().any(|s| s.slot == slot) {
                Ok(())
            } else {
                Err(RuleViolation::InvalidTarget("there is no such sector"))
            }
        }
        SpellTarget::Direction { .. } if spells::rules::rules(def.name).aim == Aim::Direction => {
            Ok(())
        }
        _ => Err(RuleViolation::InvalidTarget(
            "this card cannot be played on that",
        )),
    }
}

/// A request to cast a card from the hand.
#[derive(Copy, Clone, Debug)]
pub struct CastRequest {
    pub card: CardId,
    pub energy: Option<CardId>,
    pub target: SpellTarget,
    pub option: Option<SpellOption>,
}

/// Cast a neutral or attack spell, or play an item, in Move and Cast.
///
/// # Errors
/// `card_not_in_hand`, `not_castable`, `counter_only_in_response`, the attack
/// rules of [`fighting::may_attack`], `flooded`, `misted`, and the target and
/// range errors of the card.
pub fn cast(
    tx: &mut Tx,
    seat: Seat,
    request: CastRequest,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    let state = &tx.state;
    let turn = state.move_and_cast(seat)?;
    if !state.wizard(seat).hand.contains(&request.card) {
        return Err(RuleViolation::CardNotInHand);
    }
    let name = state.cards[request.card.index()];
    let def = cards::definition(name);
    let kind = match def.card_type {
        CardType::Energy => {
            return Err(RuleViolation::NotCastable(
                "an energy card boosts a spell or your speed; it is not cast alone",
            ));
        }
        // Classic: a counter card cast on one's own turn is a neutral
        // spell on oneself.
        CardType::Counter if state.edition_rules().counters_cast_as_neutral => {
            if !matches!(request.target, SpellTarget::Caster) {
                return Err(RuleViolation::InvalidTarget(
                    "a counter card cast on your own turn is cast on yourself",
                ));
            }
            CastKind::Spell
        }
        CardType::Counter => return Err(RuleViolation::CounterOnlyInResponse),
        CardType::Item => CastKind::Item,
        CardType::Attack | CardType::Neutral => CastKind::Spell,
    };
    // Classic: a neutral spell that may be cast on oneself, aimed at one's
    // own wizard, is cast on oneself (not refused as an attack on oneself).
    let request = match request.target {
        SpellTarget::Wizard { seat: own }
            if own == seat
                && def.card_type == CardType::Neutral
                && def.targets.contains(&cards::Target::Caster)
                && state.edition_rules().own_wizard_named_is_oneself =>
        {
            CastRequest {
                target: SpellTarget::Caster,
                ..request
            }
        }
        _ => request,
    };
    // Classic: a neutral spell cast on another wizard is the turn's attack.
    let on_an_opponent = def.card_type == CardType::Neutral
        && state.edition_rules().neutral_on_an_opponent_attacks
        && matches!(request.target, SpellTarget::Wizard { seat: other } if other != seat);
    let attack = def.card_type == CardType::Attack
        || on_an_opponent
        || (spells::rules::rules(name).attacks_when)(request.target, request.option);
    if attack {
        fighting::may_attack(tx, seat)?;
    }
    let state = &tx.state;
    if attack && state.is_misted(seat) {
        return Err(RuleViolation::Misted);
    }
    super::effects::may_cast(state, name)?;
    let energy = match turn.added_energy {
        // Add fuelled this spell already; no other energy card may join.
        Some(_) if request.energy.is_some() && kind == CastKind::Spell => {
            return Err(RuleViolation::BadOption(
                "this spell is already fuelled by Add",
            ));
        }
        Some(added) if kind == CastKind::Spell => added,
        _ => energy_of(state, seat, request.card, request.energy)?,
    };
    let target = if kind == CastKind::Item {
        SpellTarget::Caster
    } else {
        request.target
    };
    let counter_as_neutral = def.card_type == CardType::Counter;
    if kind == CastKind::Spell && !counter_as_neutral {
        check_target_exists(state, seat, def, target, attack)?;
    }
    let bent = turn.bend_ready;
    let origin = cast_origin(state, seat);
    // Visionstone: spells (not items) may see through one wall or door.
    let vision = kind == CastKind::Spell && super::effects::sees_through_a_wall(state, seat);
    check_range(state, origin, def, target, bent, vision)?;
    if attack {
        fighting::check_attack_not_stopped(state, origin, target, bent)?;
    }
    spells::check_cast(state, seat, def, energy, target, request.option)?;
    // Mundane actions cannot be countered (p.11), so nobody is asked; nor
    // is anyone for a counter card cast as a neutral spell (classic: "On ne
    // peut contrer une action neutre").
    let responders = if def.traits.contains(&Trait::Mundane) || counter_as_neutral {
        vec![]
    } else {
        responders_after(state, seat)
    };
    if let Some(SpellOption::Energy { card: second }) = request.option
        && (second == request.card || Some(second) == request.energy)
    {
        return Err(RuleViolation::BadOption(
            "spend two different cards as energy",
        ));
    }
    let energy_card = request.energy.map(|c| state.card_view(c));
    if let Some(SpellOption::Energy { card: second }) = request.option {
        // Add: the second energy card is spent as the spell is cast.
        let card = state.card_view(second);
        tx.emit(Event::CardsDiscarded {
            seat,
            cards: vec![card],
        });
    }
    let state = &tx.state;
    tx.emit(Event::SpellCast {
        seat,
        card: state.card_view(request.card),
        kind,
        energy_card,
        energy,
        target,
        option: request.option,
        attack,
        bent,
        origin,
        responders,
    });
    spend_next_spell_aids(tx, seat, kind, name);
    super::counter_spells::settle(tx, rng);
    Ok(())
}

/// A spell cast from the hand spends what was readied for "the next
/// spell": Astral Projection's square and Add's energy (each but the card
/// that readies it).
fn spend_next_spell_aids(tx: &mut Tx, seat: Seat, kind: CastKind, name: CardName) {
    let Some(turn) = tx.state.turn.as_ref().filter(|t| t.seat == seat) else {
        return;
    };
    if kind != CastKind::Spell {
        return;
    }
    let (astral, added) = (turn.astral.is_some(), turn.added_energy.is_some());
    let readies = spells::rules::rules(name).readies_next_spell;
    if astral && readies != Some(NextSpellAid::Projection) {
        tx.emit(Event::ProjectionSpent { seat });
    }
    if added && readies != Some(NextSpellAid::Energy) {
        tx.emit(Event::AddedEnergySpent { seat });
    }
}

/// Attack with a carried item or a maintained spell that allows it (throw a
/// Large Rock, fling a Stone Spike), discarding a card from the hand to
/// feed it if it asks for one (Wizardblade).
///
/// # Errors
/// `not_usable`, the attack rules, the target and range errors, and for
/// the card discarded `card_not_in_hand`, `no_energy_value`, `bad_option`.
pub fn use_card(
    tx: &mut Tx,
    seat: Seat,
    card: CardId,
    target: SpellTarget,
    discard: Option<CardId>,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    tx.state.move_and_cast(seat)?;
    let wizard = tx.state.wizard(seat);
    if !wizard.carried.contains(&card) && !wizard.maintained.contains(&card) {
        return Err(RuleViolation::NotCarried);
    }
    let name = tx.state.cards[card.index()];
    let Some((def, attack)) = spells::usable_as(name) else {
        return Err(RuleViolation::NotUsable);
    };
    // Classic: an object thrown at a square hurts nobody, so it is no
    // attack (designed); its own check replaces those of a target in sight.
    let thrown = match target {
        SpellTarget::Square { square } => spells::rules::rules(name)
            .used
            .and_then(|u| (u.thrown_at_a_square)(&tx.state, seat, square)),
        _ => None,
    };
    let at_a_square = thrown.transpose()?.is_some();
    let attack = attack && !at_a_square;
    if attack {
        fighting::may_attack(tx, seat)?;
    }
    let state = &tx.state;
    if attack && state.is_misted(seat) {
        return Err(RuleViolation::Misted);
    }
    // Strength names an item in someone's hands, no object on the board:
    // its own check finds it.
    if !at_a_square
        && !spells::rules::rules(name)
            .used
            .is_some_and(|u| u.own_target)
    {
        check_target_exists(state, seat, &def, target, attack)?;
    }
    let bent = state.turn.as_ref().is_some_and(|t| t.bend_ready);
    let origin = state.wizard(seat).square;
    if !at_a_square {
        check_range(state, origin, &def, target, bent, false)?;
        if attack {
            fighting::check_attack_not_stopped(state, origin, target, bent)?;
        }
        spells::check_use(state, seat, name, target)?;
    }
    let energy = match discard {
        Some(_) if !spells::feeds_on_a_card(name) => {
            return Err(RuleViolation::BadOption("this item takes no card"));
        }
        None if spells::feeds_on_a_card(name)
            && !state.edition_rules().number_cards.optional_everywhere =>
        {
            return Err(RuleViolation::BadOption(
                "discard a Magic card from your hand to strike with it",
            ));
        }
        Some(fuel) => energy_of(state, seat, card, Some(fuel))?,
        None => state.edition_rules().number_cards.without_one,
    };
    tx.emit(Event::SpellCast {
        seat,
        card: state.card_view(card),
        kind: CastKind::Use,
        energy_card: discard.map(|c| state.card_view(c)),
        energy,
        target,
        option: None,
        attack,
        bent,
        origin,
        responders: responders_after(state, seat),
    });
    super::counter_spells::settle(tx, rng);
    Ok(())
}
