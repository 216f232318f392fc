//! White Cantrip: Full Shield, Negate Neutral, Drop Object, Zot!, Around the
//! Corner, Create Wall, Destroy Wall, Dispel, Pick Lock, Rotate Sector,
//! Large Rock (and Energy 6).

use crate::ruleset::Seat;

use super::super::cards::{self, CardType, Trait};
use super::super::casting::{CastKind, Casting, SpellOption, SpellTarget};
use super::super::commands::Thing;
use super::super::damage;
use super::super::durations;
use super::super::events::Event;
use super::super::labyrinth::Barrier;
use super::super::objects::Creation;
use super::super::state::{State, Tx};
use super::super::treasures;
use super::super::violations::RuleViolation;
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
        Some(SpellOption::Thing {
            thing: Thing::Treasure { treasure },
        }) if wizard.treasure == Some(treasure) => Ok(()),
        _ => Err(RuleViolation::BadOption(
            "name a treasure or item the wizard carries",
        )),
    }
}

/// Drop Object: the wizard lets go of the thing the caster named.
pub fn drop_object(tx: &mut Tx, cast: &Casting) {
    let (SpellTarget::Wizard { seat }, Some(SpellOption::Thing { thing })) =
        (cast.target, cast.option)
    else {
        return;
    };
    let wizard = tx.state.wizard(seat).clone();
    if !wizard.alive {
        return;
    }
    match thing {
        Thing::Item { card } if wizard.carried.contains(&card) => {
            let card = tx.state.card_view(card);
            tx.emit(Event::ItemDropped {
                seat,
                card,
                square: wizard.square,
            });
        }
        Thing::Treasure { treasure } if wizard.treasure == Some(treasure) => {
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

/// Create Wall: a stone wall, maintained as a permanent spell.
pub fn create_wall(tx: &mut Tx, cast: &Casting) {
    if let SpellTarget::Line { line } = cast.target {
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
pub fn destroy_wall(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Line { line } = cast.target else {
        return;
    };
    if tx.state.labyrinth.barrier(line).is_none() {
        return;
    }
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
        super::damage_wizard(tx, None, seat, DESTROY_WALL_DAMAGE, None, None);
    }
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
    if super::thaumaturgy::is_sealed(state, line) {
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
    let damage = super::mutation::strong(&tx.state, cast.seat, ROCK_DAMAGE);
    hit_target(tx, cast, damage, None);
    thrown_object_lands(tx, cast);
}

/// A thrown object comes to rest (p.14, "Throwing Objects"): in the
/// target's square, before a wall in the square beside it nearest the
/// thrower, or in the thrower's square when it has nowhere else to be.
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
    if top.kind != CastKind::Spell || !threatens(state, top, seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Full Shield stops only a spell aimed at you",
        ));
    }
    Ok(())
}

/// Negate Neutral answers a neutral spell its caster can see (its caster,
/// its target, or a global spell). Mundane actions are never on the stack.
pub fn check_negate_neutral(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    let def = cards::definition(top.name);
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
    if !state.sees_cast(seat, top.origin, top.name, top.target) {
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
    let on_edge: Vec<_> = tx
        .state
        .creations
        .iter()
        .filter(|c| c.line().is_some_and(|l| lab.on_sector_edge(slot, l)))
        .map(|c| c.card())
        .collect();
    for card in on_edge {
        durations::end_spell_in_play(tx, card);
    }
    let lab = &tx.state.labyrinth;
    let touching: Vec<_> = tx
        .state
        .held_doors
        .keys()
        .filter(|l| {
            l.sides().iter().any(|(r, c, _)| {
                lab.contains(*r, *c)
                    && lab
                        .sector_at(super::super::labyrinth::Square::new(*r as u8, *c as u8))
                        .is_some_and(|s| s.slot == slot)
            })
        })
        .copied()
        .collect();
    for line in touching {
        tx.emit(Event::DoorClosed { line });
    }
    tx.emit(Event::SectorRotated {
        slot,
        quarter_turns,
    });
}
