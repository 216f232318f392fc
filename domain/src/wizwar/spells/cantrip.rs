//! White Cantrip: Full Shield, Negate Neutral, Drop Object, Zot!, Around the
//! Corner, Create Wall, Destroy Wall, Dispel, Pick Lock, Rotate Sector,
//! Large Rock (and Energy 6).

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::{self, CardName, CardType, Trait};
use super::super::casting::{CastKind, Casting, SpellOption, SpellTarget};
use super::super::commands::Thing;
use super::super::damage;
use super::super::durations;
use super::super::events::Event;
use super::super::labyrinth::{Barrier, BorderLine, Direction, SectorIndex, Square};
use super::super::objects::{CardId, Creation};
use super::super::state::{State, Tx};
use super::super::treasures;
use super::super::violations::RuleViolation;
use super::rules::{CardRules, UseRules, no_choices};
use super::{check_damage_target, hit_target, threatens};

/// Zot!'s stun lasts two turns (data §2.1).
pub const ZOT_STUN: u8 = 2;
/// Destroy Wall: 2 physical damage to everyone next to the wall (data §2.1).
pub const DESTROY_WALL_DAMAGE: u8 = 2;
/// Large Rock: 2 physical damage (data §2.1).
pub const ROCK_DAMAGE: u8 = 2;

pub fn check_zot(
    state: &State,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    match option {
        None => check_damage_target(state, target, None),
        Some(SpellOption::Stun) if matches!(target, SpellTarget::Wizard { .. }) => Ok(()),
        Some(SpellOption::Stun) => Err(RuleViolation::BadOption("only a wizard can be stunned")),
        Some(_) => Err(RuleViolation::BadOption("Zot! deals damage or stuns")),
    }
}

/// Zot!: damage equal to the energy, or a stun of two turns.
pub fn zot(tx: &mut Tx, cast: &Casting) {
    if cast.option == Some(SpellOption::Stun) {
        if let SpellTarget::Wizard { seat } = cast.target
            && tx.state.wizard(seat).alive
            && !cast.shielded.contains(&seat)
        {
            tx.emit(Event::WizardStunned {
                seat,
                tokens: ZOT_STUN,
            });
        }
        return;
    }
    hit_target(tx, cast, cast.energy, None);
}

pub fn check_drop_object(
    state: &State,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    let SpellTarget::Wizard { seat } = target else {
        return Err(RuleViolation::InvalidTarget(
            "Drop Object is cast on a wizard",
        ));
    };
    let wizard = state.wizard(seat);
    match option {
        Some(SpellOption::Thing {
            thing: Thing::Item { card },
        }) if wizard.carried.contains(&card) => Ok(()),
        Some(SpellOption::Object { name })
            if state.edition_rules().objects_dropped_from_the_hand
                && cards::definition(name).card_type == CardType::Item =>
        {
            Ok(())
        }
        Some(SpellOption::Thing {
            thing: Thing::Treasure { treasure },
        }) if state.carried_treasure(seat) == Some(treasure) => Ok(()),
        _ => Err(RuleViolation::BadOption(
            "name a treasure or item the wizard carries",
        )),
    }
}

/// Drop Object: the wizard lets go of the thing the caster named.
pub fn drop_object(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat } = cast.target else {
        return;
    };
    let wizard = tx.state.wizard(seat).clone();
    if !wizard.alive {
        return;
    }
    let thing = match cast.option {
        Some(SpellOption::Thing { thing }) => thing,
        // Classic: the object named, one played face up first, else one
        // held in the hand ("des objets dans vos cartes").
        Some(SpellOption::Object { name }) => {
            let named = |c: &&CardId| tx.state.cards[c.index()] == name;
            let Some(card) =
                (wizard.carried.iter().find(named)).or_else(|| wizard.hand.iter().find(named))
            else {
                return;
            };
            let card = tx.state.card_view(*card);
            tx.emit(Event::ItemDropped {
                seat,
                card,
                square: wizard.square,
            });
            return;
        }
        _ => return,
    };
    match thing {
        Thing::Item { card } if wizard.carried.contains(&card) => {
            let card = tx.state.card_view(card);
            tx.emit(Event::ItemDropped {
                seat,
                card,
                square: wizard.square,
            });
        }
        Thing::Treasure { treasure } if tx.state.carried_treasure(seat) == Some(treasure) => {
            treasures::put_down(tx, seat, treasure, wizard.square);
        }
        _ => {}
    }
}

pub fn check_create_wall(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget(
            "a wall is created on a border line",
        ));
    };
    if state.labyrinth.is_edge_line(line) {
        return Err(RuleViolation::InvalidTarget(
            "no wall can be created on the edge of the board",
        ));
    }
    if state.labyrinth.barrier(line).is_some() || state.wall_of_fire_on(line).is_some() {
        return Err(RuleViolation::InvalidTarget("a wall already stands there"));
    }
    Ok(())
}

/// Classic: a CREATE WALL or DESTROY WALL on the junction of two sectors
/// rolls the die (recorded): 1-3 touches the wall of the sector on the
/// line's north or west side, 4-6 the other's (`junction_wall_rolled`).
pub fn roll_for_junction_wall(tx: &mut Tx, line: BorderLine, rng: &mut GameRng) {
    if !tx.state.edition_rules().junction_die_roll {
        return;
    }
    let lab = &tx.state.labyrinth;
    let sector_of = |(r, c, _): (i32, i32, super::super::labyrinth::Direction)| {
        lab.contains(r, c)
            .then(|| lab.sector_at(Square::new(r as u8, c as u8)).map(|s| s.slot))
            .flatten()
    };
    let [a, b] = line.sides();
    let (Some(first), Some(second)) = (sector_of(a), sector_of(b)) else {
        return;
    };
    if first == second {
        return;
    }
    let value = rng.roll(6);
    tx.emit(Event::DieRolled { value });
    let slot = if value <= 3 { first } else { second };
    tx.emit(Event::JunctionWallRolled { line, slot });
}

/// Create Wall: a stone wall, maintained as a permanent spell.
pub fn create_wall(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) {
    if let SpellTarget::Line { line } = cast.target {
        roll_for_junction_wall(tx, line, rng);
        tx.emit(Event::ObjectCreated {
            seat: cast.seat,
            creation: Creation::StoneWall {
                card: cast.card,
                line,
            },
        });
    }
}

pub fn check_destroy_wall(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget(
            "Destroy Wall is cast on a wall or door",
        ));
    };
    match state.labyrinth.barrier(line) {
        None => Err(RuleViolation::NoBarrier(line)),
        Some(Barrier::OuterWall) => Err(RuleViolation::Indestructible),
        Some(_) => Ok(()),
    }
}

/// Destroy Wall: the wall or door goes; everyone next to it takes 2
/// physical damage, which is not an attack (no victory point).
pub fn destroy_wall(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) {
    let SpellTarget::Line { line } = cast.target else {
        return;
    };
    if tx.state.labyrinth.barrier(line).is_none() {
        return;
    }
    roll_for_junction_wall(tx, line, rng);
    let near = super::super::movement::squares_next_to_line(&tx.state, line);
    tx.emit(Event::BarrierDestroyed { line });
    damage::end_created_wall(tx, line);
    let victims: Vec<Seat> = tx
        .state
        .wizards
        .iter()
        .filter(|w| w.alive && near.contains(&w.square))
        .map(|w| w.seat)
        .collect();
    for seat in victims {
        // Classic: Absorb and Blunt answer a falling wall (indirect damage).
        let amount = super::super::casting::halved(DESTROY_WALL_DAMAGE, cast.halvings(seat));
        // A falling wall is physical damage (classic, "Le combat").
        let source = tx.state.cast_name(cast);
        super::damage_wizard_by(tx, source, None, seat, amount, None, None);
    }
}

/// Indirect damage ("Les cartes contre attaque": "un mur détruit qui
/// s'abat sur vous"): where the edition's counters answer it, the wall a
/// Destroy Wall brings down falls on `seat` if he stands next to it,
/// though it does not aim at him.
pub fn wall_falls_on(state: &State, seat: Seat, cast: &Casting) -> bool {
    if !state.edition_rules().counters_answer_indirect_damage {
        return false;
    }
    let SpellTarget::Line { line } = cast.target else {
        return false;
    };
    super::super::movement::squares_next_to_line(state, line).contains(&state.wizard(seat).square)
}

/// Dispel: the spell in play ends, with the objects it made.
pub fn dispel(tx: &mut Tx, cast: &Casting) {
    if let SpellTarget::Spell { card } = cast.target {
        durations::end_spell_in_play(tx, card);
    }
}

pub fn check_pick_lock(
    state: &State,
    seat: Seat,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget("Pick Lock is cast on a door"));
    };
    if !matches!(state.labyrinth.barrier(line), Some(Barrier::Door { .. })) {
        return Err(RuleViolation::NotADoor(line));
    }
    let here = state.wizard(seat).square;
    if !state.with_sight(|s| s.adjacent_to_line(here, line)) {
        return Err(RuleViolation::NotNextToDoor);
    }
    if state.door_is_open(line) {
        return Err(RuleViolation::InvalidTarget("that door is already open"));
    }
    if super::super::effects::is_sealed(state, line) {
        return Err(RuleViolation::DoorSealed);
    }
    Ok(())
}

/// Pick Lock: the caster holds the door open; it locks again once he is no
/// longer next to it (so he may go through, or keep it open for others).
pub fn pick_lock(tx: &mut Tx, cast: &Casting) {
    if let SpellTarget::Line { line } = cast.target {
        tx.emit(Event::DoorHeldOpen {
            seat: cast.seat,
            line,
        });
    }
}

/// Large Rock thrown: 2 physical damage; the rock comes to rest in the
/// target's square, or before a wall in the square beside it nearest the
/// thrower, or before a block in the thrower's square (p.13).
pub fn throw_rock(tx: &mut Tx, cast: &Casting) {
    let damage = super::super::effects::blow(&tx.state, cast.seat, ROCK_DAMAGE);
    hit_target(tx, cast, damage, None);
    thrown_object_lands(tx, cast);
}

/// A thrown object comes to rest (p.14, "Throwing Objects"): in the
/// target's square, before a wall in the square beside it nearest the
/// thrower, or in the thrower's square when it has nowhere else to be.
/// Whether `name` may be thrown at a square under the game's rules
/// (classic: a Thrown Weapon, the DAGGER and the LARGE ROCK).
pub fn thrown_at_squares(state: &State, name: CardName) -> bool {
    state.edition_rules().throws_aimed_at_squares
        && cards::definition(name)
            .traits
            .contains(&Trait::ThrownWeapon)
}

/// `name` thrown by `seat` at `square`: `None` when the game's rules do not
/// let it be aimed at a square, else its check ([`check_throw_at_square`]).
pub fn throw_at_square(
    state: &State,
    seat: Seat,
    name: CardName,
    square: Square,
) -> Option<Result<(), RuleViolation>> {
    thrown_at_squares(state, name).then(|| check_throw_at_square(state, seat, square))
}

/// The direction from `from` to `to` when they share a row or a column.
fn straight_towards(from: Square, to: Square) -> Option<Direction> {
    use std::cmp::Ordering::*;
    match (to.row.cmp(&from.row), to.col.cmp(&from.col)) {
        (Less, Equal) => Some(Direction::North),
        (Greater, Equal) => Some(Direction::South),
        (Equal, Less) => Some(Direction::West),
        (Equal, Greater) => Some(Direction::East),
        _ => None,
    }
}

/// A throw at a square flies in a straight line: the square lies in the
/// thrower's row or column, not his own (designed: the text gives throws
/// no range; a straight flight has a path a barrier can stand on).
///
/// # Errors
/// `invalid_target`.
pub fn check_throw_at_square(
    state: &State,
    seat: Seat,
    square: Square,
) -> Result<(), RuleViolation> {
    let here = state.wizard(seat).square;
    let on_board = state
        .labyrinth
        .contains(i32::from(square.row), i32::from(square.col));
    if !on_board || straight_towards(here, square).is_none() {
        return Err(RuleViolation::InvalidTarget(
            "a thrown object flies in a straight line: aim at a square in your row or column",
        ));
    }
    Ok(())
}

/// Where an object thrown from `from` at `to` lands: in `to`, or just
/// before the first barrier on its way (classic, "Objets": "une barrière
/// comme un buisson … l'objet atterrit immédiatement avant la barrière"):
/// a wall, a closed door or a wall of fire on a line it crosses, or a
/// square a thing fills (a bush, a block of stone).
pub fn thrown_to(state: &State, from: Square, to: Square) -> Square {
    let Some(direction) = straight_towards(from, to) else {
        return from;
    };
    let path = flight(state, from, direction);
    let reached = path
        .iter()
        .position(|s| *s == to)
        .map_or(path.len(), |i| i + 1);
    path[..reached].last().copied().unwrap_or(from)
}

/// The squares an object thrown from `from` towards `direction` crosses and
/// may land in, nearest first, up to the first barrier on its way.
fn flight(state: &State, from: Square, direction: Direction) -> Vec<Square> {
    let mut path = vec![];
    let mut here = from;
    while let Some(step) = state.labyrinth.step(here, direction) {
        let line = BorderLine::of(here, direction);
        let barred = state
            .labyrinth
            .barrier(line)
            .is_some_and(|_| !state.door_is_open(line))
            || state.wall_of_fire_on(line).is_some();
        if step.kind != super::super::labyrinth::StepKind::Adjacent
            || barred
            || state.fills_square(step.to)
        {
            break;
        }
        here = step.to;
        path.push(here);
    }
    path
}

/// The squares `legal_commands` lists for `name` thrown by `seat` at a
/// square: every square it may land in along his row and column. A square
/// past a barrier is legal too, but the object lands where it lands aimed
/// at the square before the barrier, so listing it would repeat a throw.
pub fn throw_targets(state: &State, seat: Seat, name: CardName) -> Vec<SpellTarget> {
    if !thrown_at_squares(state, name) {
        return vec![];
    }
    let here = state.wizard(seat).square;
    Direction::ALL
        .into_iter()
        .flat_map(|direction| flight(state, here, direction))
        .map(|square| SpellTarget::Square { square })
        .collect()
}

pub fn thrown_object_lands(tx: &mut Tx, cast: &Casting) {
    let thrower = tx.state.wizard(cast.seat).clone();
    if !thrower.carried.contains(&cast.card) {
        return;
    }
    let square = match cast.target {
        SpellTarget::Wizard { seat } => tx.state.wizard(seat).square,
        SpellTarget::Line { line } => {
            let beside = tx.state.labyrinth.squares_beside_line(line);
            let distance = |s: &super::super::labyrinth::Square| {
                (i32::from(s.row) - i32::from(thrower.square.row)).abs()
                    + (i32::from(s.col) - i32::from(thrower.square.col)).abs()
            };
            beside
                .iter()
                .copied()
                .min_by_key(distance)
                .unwrap_or(thrower.square)
        }
        SpellTarget::Object { card } => match tx.state.object_of_card(card) {
            Some(object) => object.square,
            None => thrower.square,
        },
        SpellTarget::Square { square } => thrown_to(&tx.state, thrower.square, square),
        _ => thrower.square,
    };
    let card = tx.state.card_view(cast.card);
    tx.emit(Event::ItemDropped {
        seat: cast.seat,
        card,
        square,
    });
}

/// Full Shield answers a spell aimed at the answering wizard, or a
/// Lightning Bolt that would cross his square.
pub fn check_full_shield(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    // A punch is an attack aimed at him too (p.8).
    if !matches!(top.kind, CastKind::Spell | CastKind::Punch) || !threatens(state, top, seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Full Shield stops only a spell or punch aimed at you",
        ));
    }
    Ok(())
}

/// Negate Neutral answers a neutral spell its caster can see (its caster,
/// its target, or a global spell). Mundane actions are never on the stack.
pub fn check_negate_neutral(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    let def = cards::definition(state.cast_name(top));
    if top.kind != CastKind::Spell || def.card_type != CardType::Neutral {
        return Err(RuleViolation::CounterDoesNotApply(
            "Negate Neutral stops only a neutral spell",
        ));
    }
    if def.traits.contains(&Trait::Mundane) {
        return Err(RuleViolation::CounterDoesNotApply(
            "a mundane action cannot be countered",
        ));
    }
    if !state.sees_cast(seat, top.origin, state.cast_name(top), top.target) {
        return Err(RuleViolation::NotInSight);
    }
    Ok(())
}

pub fn check_rotate_sector(
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    if !matches!(target, SpellTarget::Sector { .. }) {
        return Err(RuleViolation::InvalidTarget(
            "Rotate Sector turns a sector board",
        ));
    }
    match option {
        None => Ok(()),
        Some(SpellOption::Turn { quarter_turns }) if (1..=3).contains(&quarter_turns) => Ok(()),
        Some(_) => Err(RuleViolation::BadOption(
            "turn the sector 1, 2 or 3 quarter turns clockwise",
        )),
    }
}

/// Rotate Sector: a quarter turn clockwise unless the caster chose another.
/// Everything in the sector turns with it; created walls and Walls of Fire
/// where it meets the board end, and held doors touching it close (p.14).
pub fn rotate_sector(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Sector { slot } = cast.target else {
        return;
    };
    let quarter_turns = match cast.option {
        Some(SpellOption::Turn { quarter_turns }) => quarter_turns,
        _ => 1,
    };
    let lab = &tx.state.labyrinth;
    // Classic: a created wall the junction roll gave to the other sector
    // stays, unless the turned sector brings a printed wall onto its line.
    let mut turned = lab.clone();
    turned.turn_sector(slot, quarter_turns);
    let stays = |c: &Creation| match c {
        Creation::StoneWall { line, .. } => tx
            .state
            .junction_walls
            .get(line)
            .is_some_and(|owner| *owner != slot && turned.barrier(*line).is_none()),
        _ => false,
    };
    let on_edge: Vec<_> = tx
        .state
        .creations
        .iter()
        .filter(|c| c.line().is_some_and(|l| lab.on_sector_edge(slot, l)) && !stays(c))
        .map(|c| c.card())
        .collect();
    for card in on_edge {
        durations::end_spell_in_play(tx, card);
    }
    close_held_doors_touching(tx, &[slot]);
    tx.emit(Event::SectorRotated {
        slot,
        quarter_turns,
    });
}

/// Held doors with a side in any of `slots` close: the sector moving under
/// them takes their frame away (Rotate Sector p.14, and Relocate Sector).
pub(super) fn close_held_doors_touching(tx: &mut Tx, slots: &[SectorIndex]) {
    let lab = &tx.state.labyrinth;
    let touching: Vec<_> = tx
        .state
        .held_doors
        .keys()
        .filter(|l| {
            l.sides().iter().any(|(r, c, _)| {
                lab.contains(*r, *c)
                    && lab
                        .sector_at(Square::new(*r as u8, *c as u8))
                        .is_some_and(|s| slots.contains(&s.slot))
            })
        })
        .copied()
        .collect();
    for line in touching {
        tx.emit(Event::DoorClosed { line });
    }
}

pub const ZOT: CardRules = CardRules {
    listed_options: |_, target| match target {
        SpellTarget::Wizard { .. } => vec![None, Some(SpellOption::Stun)],
        _ => vec![None],
    },
    check: |c| check_zot(c.state, c.target, c.option),
    resolve: |tx, cast, _, _| zot(tx, cast),
    ..CardRules::BASE
};

pub const DROP_OBJECT: CardRules = CardRules {
    listed_options: |state, target| {
        let SpellTarget::Wizard { seat } = target else {
            return vec![None];
        };
        let mut options: Vec<_> = state
            .wizard(seat)
            .carried
            .iter()
            .map(|c| {
                Some(SpellOption::Thing {
                    thing: Thing::Item { card: *c },
                })
            })
            .collect();
        if let Some(treasure) = state.carried_treasure(seat) {
            options.push(Some(SpellOption::Thing {
                thing: Thing::Treasure { treasure },
            }));
        }
        // Classic: any object of the game's deck may be named, whatever the
        // hand holds (which the caster does not see).
        if state.edition_rules().objects_dropped_from_the_hand {
            let mut names: Vec<CardName> = state
                .cards
                .iter()
                .copied()
                .filter(|n| cards::definition(*n).card_type == CardType::Item)
                .collect();
            names.sort();
            names.dedup();
            options.extend(
                names
                    .into_iter()
                    .map(|name| Some(SpellOption::Object { name })),
            );
        }
        options
    },
    check: |c| check_drop_object(c.state, c.target, c.option),
    resolve: |tx, cast, _, _| drop_object(tx, cast),
    ..CardRules::BASE
};

/// Around the Corner: the caster's next spell (or item attack) may bend once.
pub const AROUND_THE_CORNER: CardRules = CardRules {
    resolve: |tx, cast, _, _| tx.emit(Event::SpellMayBend { seat: cast.seat }),
    ..CardRules::BASE
};

pub const CREATE_WALL: CardRules = CardRules {
    check: |c| check_create_wall(c.state, c.target),
    resolve: |tx, cast, _, rng| create_wall(tx, cast, rng),
    ..CardRules::BASE
};

pub const DESTROY_WALL: CardRules = CardRules {
    check: |c| check_destroy_wall(c.state, c.target),
    resolve: |tx, cast, _, rng| destroy_wall(tx, cast, rng),
    hurts_indirectly: wall_falls_on,
    ..CardRules::BASE
};

/// Dispel ends a spell in play (not its caster's own permanent creation).
pub const DISPEL: CardRules = CardRules {
    check: |c| {
        no_choices(c)?;
        durations::check_dispel(c.state, c.seat, c.target)
    },
    resolve: |tx, cast, _, _| dispel(tx, cast),
    ..CardRules::BASE
};

pub const PICK_LOCK: CardRules = CardRules {
    check: |c| check_pick_lock(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| pick_lock(tx, cast),
    ..CardRules::BASE
};

pub const ROTATE_SECTOR: CardRules = CardRules {
    listed_options: |_, _| vec![None, Some(SpellOption::Turn { quarter_turns: 2 })],
    check: |c| check_rotate_sector(c.target, c.option),
    resolve: |tx, cast, _, _| rotate_sector(tx, cast),
    ..CardRules::BASE
};

/// Full Shield cancels an attack on its wizard and shields him from a bolt
/// passing his square.
pub const FULL_SHIELD: CardRules = CardRules {
    answer: Some(|a| check_full_shield(a.state, a.seat, a.top)),
    answered: |tx, counter, below| {
        let against = tx.state.card_view(below.card);
        let by = tx.state.card_view(counter.card);
        if matches!(below.target, SpellTarget::Wizard { seat } if seat == counter.seat) {
            super::stop_cast(tx, against, by);
        } else {
            tx.emit(Event::WizardShielded {
                seat: counter.seat,
                against,
                by,
            });
        }
    },
    ..CardRules::BASE
};

pub const NEGATE_NEUTRAL: CardRules = CardRules {
    answer: Some(|a| check_negate_neutral(a.state, a.seat, a.top)),
    answered: super::stop_answered,
    ..CardRules::BASE
};

/// Large Rock: carried, then thrown (see [`throw_rock`]).
pub const LARGE_ROCK: CardRules = CardRules {
    used: Some(UseRules {
        resolve: |tx, cast, _| throw_rock(tx, cast),
        falls_when_cancelled: |_, _| true,
        listed_targets: |state, seat| throw_targets(state, seat, CardName::LargeRock),
        thrown_at_a_square: |state, seat, square| {
            throw_at_square(state, seat, CardName::LargeRock, square)
        },
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};
