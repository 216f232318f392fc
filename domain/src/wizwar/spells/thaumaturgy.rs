//! Thaumaturgy, the old balanced school: every card of its deck but Fire
//! Darts, which Conjuring holds too and plays. Anti-Anti, Backlash and
//! Invisible answer casts; Globe of Pain, Slow Death and Yoink! attack;
//! Gravity, Seal Door and Pass Through Wall bend the labyrinth's rules;
//! Dagger, Wizardblade and Master Key are items.
//!
//! # Decisions where the sources are silent
//!
//! - **Backlash** answers only an attack *spell* (cast from the hand) aimed
//!   at its wizard: an item thrown or a maintained spell used is not "an
//!   attack spell as it is cast". A Lightning Bolt, cast in a direction, is
//!   not aimed at anyone. The returned damage is the attack's energy as cast
//!   (boosts included) and is not an attack (card text): no victory point,
//!   nothing evades or reduces it as an attack, though a Bloodshard or armour
//!   still take their share as they do from any damage.
//! - **Yoink!** names the item in its option (as Drop Object does). The
//!   item may put the thief over his hand limit; as with Thought Steal he
//!   must then discard before anything else. Stones change hands with their
//!   effects (a Speedstone's movement, a Brainstone's draw and discards).
//! - **Slow Death** hurts its victim for every card he draws, whatever
//!   draws it (his Discard and Draw, Meditate, a Spellstone or Brainstone):
//!   the card says "each card", not "each draw". The cards of one draw
//!   hurt as one hit (a Bloodshard takes 1 off it once). The damage comes
//!   after the cards are in his hand, and it is not an attack: no victory
//!   point for the caster (data §8). Its victim chooses how many to draw,
//!   zero included, as always.
//! - **Globe of Pain** travels as its caster would walk, with his door
//!   rights: open lines, doors unlocked for him or held open, wrap-around
//!   and portals; walls, locked doors and Stone Blocks stop it; wizards,
//!   items and Walls of Fire do not. Its path is traced from where the
//!   spell is cast (Astral Projection) when it is cast and again when it
//!   resolves: a target no longer within 6 squares escapes it.
//! - **Invisible** works as Gnome Form's dodge: each attack aimed at its
//!   wizard (or a bolt whose path crosses his square), and each punch,
//!   makes him roll the die (recorded) as the attack resolves; 2–4 evades.
//!   Area attacks that strike a square (Psychic Storm) are not rolled for.
//!   Played as a counter it comes into play before the attack resolves, so
//!   that very attack is rolled for. A wizard already invisible may not
//!   cast it again.
//! - **Gravity** makes every living wizard, its caster too, drop every
//!   item and his treasure in his square as it resolves (a treasure so
//!   dropped in an enemy's home base scores as any dropped treasure).
//!   While it lasts nothing is picked up (`gravity`); an item played from
//!   the hand, Yoink! and a killer taking a hand are not picking up and go
//!   on. One Gravity at a time.
//! - **Seal Door** is a permanent spell its caster maintains. A sealed
//!   door refuses everyone, its owners too (`door_sealed`): no passing, no
//!   holding it open, no Pick Lock. Sealing a door held open shuts it. A
//!   wizard in mist still drifts through it, as through any door (Mist
//!   Body passes all but stone). When the door is broken down (or its line
//!   no longer holds a door) the spell ends, its card discarded.
//! - **Pass Through Wall** is cast on a wall on a side of its wizard's own
//!   square (stone, printed or created; not a door, not an outer wall, which
//!   leads nowhere). The step it gives is a step of his movement: it costs
//!   1 movement point and is refused when he could not move now (no points
//!   left, stunned after attacking, after a teleport) or when a Stone Block
//!   fills the square beyond. The spell is the passing: it resolves at once
//!   into the step, not into a right to pass later.
//! - **Master Key** is an item: while its wizard carries it, every door is
//!   unlocked for him as his own sector's are — he walks through, and may
//!   hold one open beside him for everyone (p.8). It opens no door for a
//!   creature or a Globe of Pain he sends (they do not carry it), nor a
//!   sealed door (Seal Door: nobody may unlock it).
//! - **Dagger** (no source has its text; data §8 decides it): an item
//!   used as its carrier's attack for 2 physical damage. Aimed at a target
//!   in his square or next to it, he stabs and keeps it; aimed farther (in
//!   line of sight) he throws it, and it lands as a thrown Large Rock does
//!   (p.14), in his own square if the throw is cancelled. Like a rock it
//!   may strike a wall, a door or a Stone Block.
//! - **Wizardblade** strikes within reach (its wizard's square or next to
//!   it) as his attack, with the `use_discarding` command naming the Magic
//!   card he discards; the damage is that card's energy value (a Powerstone
//!   adds its 1, as to any card spent as energy). A card without an energy
//!   value is refused (`no_energy_value`) rather than wasted. Against a wall,
//!   door or Stone Block every point of damage is a crack.

use std::collections::BTreeSet;

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::CardName;

use super::super::casting::{CastKind, Casting, SpellOption, SpellTarget};
use super::super::commands::Thing;
use super::super::damage;
use super::super::durations;
use super::super::effects::{InPlay, Triggers};
use super::super::events::Event;
use super::super::labyrinth::{Barrier, BorderLine, Direction, Square};
use super::super::line_of_sight::SightTarget;
use super::super::movement::{self, way_from};
use super::super::objects::CardId;
use super::super::state::{State, Tx};
use super::super::treasures;
use super::super::violations::RuleViolation;
use super::cantrip;
use super::rules::{CardRules, UseRules, once_on_the_labyrinth};

/// Anti-Anti answers a counter spell played against one of your casts;
/// nothing can answer it (so no window opens for it).
pub fn check_anti_anti(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    let below = state.stack.len().checked_sub(2).map(|i| &state.stack[i]);
    if top.kind != CastKind::Counter || below.is_none_or(|b| b.seat != seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Anti-Anti cancels a counter spell played against your spell",
        ));
    }
    Ok(())
}

/// Backlash answers an attack spell aimed at its wizard.
pub fn check_backlash(seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    let aimed_at_me = matches!(top.target, SpellTarget::Wizard { seat: s } if s == seat);
    if top.kind != CastKind::Spell || !top.attack || !aimed_at_me {
        return Err(RuleViolation::CounterDoesNotApply(
            "Backlash stops only an attack spell aimed at you",
        ));
    }
    Ok(())
}

/// Backlash: the attack is cancelled and its caster suffers its energy as
/// magical damage, which is not an attack (no victory point).
pub fn backlash(tx: &mut Tx, counter: &Casting, below: &Casting) {
    let against = tx.state.card_view(below.card);
    let by = tx.state.card_view(counter.card);
    tx.emit(Event::CastCancelled { card: against, by });
    super::damage_wizard(tx, None, below.seat, below.energy, None, None);
}

/// Yoink! is cast on a wizard and names one item he carries (never a treasure).
pub fn check_yoink(
    state: &State,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    let SpellTarget::Wizard { seat } = target else {
        return Err(RuleViolation::InvalidTarget("Yoink! is cast on a wizard"));
    };
    match option {
        Some(SpellOption::Thing {
            thing: Thing::Item { card },
        }) if state.wizard(seat).carried.contains(&card) => Ok(()),
        _ => Err(RuleViolation::BadOption(
            "name an item the wizard carries (a treasure cannot be snatched)",
        )),
    }
}

/// Yoink!: the named item moves to the caster's play area, carried by him.
pub fn yoink(tx: &mut Tx, cast: &Casting) {
    let (
        SpellTarget::Wizard { seat: victim },
        Some(SpellOption::Thing {
            thing: Thing::Item { card },
        }),
    ) = (cast.target, cast.option)
    else {
        return;
    };
    let victim_wizard = tx.state.wizard(victim);
    if !victim_wizard.alive || !victim_wizard.carried.contains(&card) {
        return;
    }
    let speed = super::super::effects::speed(&tx.state, cast.seat);
    let card = tx.state.card_view(card);
    tx.emit(Event::ItemSnatched {
        from: victim,
        to: cast.seat,
        card,
    });
    super::super::effects::adjust_movement(tx, cast.seat, speed);
}

/// Globe of Pain: how many squares its path may run (data §2.7).
pub const GLOBE_OF_PAIN_PATH: u8 = 6;

/// Whether a globe sent by `seat` from `from` can reach `to` within
/// [`GLOBE_OF_PAIN_PATH`] squares of movement.
pub fn globe_reaches(state: &State, seat: Seat, from: Square, to: Square) -> bool {
    let mut reached = BTreeSet::from([from]);
    let mut frontier = vec![from];
    for _ in 0..GLOBE_OF_PAIN_PATH {
        let mut next = vec![];
        for square in frontier {
            for direction in Direction::ALL {
                if let Ok(step) = way_from(state, seat, square, direction, false)
                    && reached.insert(step.to)
                {
                    next.push(step.to);
                }
            }
        }
        frontier = next;
    }
    reached.contains(&to)
}

/// Globe of Pain needs a path of movement to its target.
pub fn check_globe_of_pain(
    state: &State,
    seat: Seat,
    origin: Square,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    let SpellTarget::Wizard { seat: victim } = target else {
        return Err(RuleViolation::InvalidTarget(
            "Globe of Pain is sent at a wizard",
        ));
    };
    if globe_reaches(state, seat, origin, state.wizard(victim).square) {
        Ok(())
    } else {
        Err(RuleViolation::OutOfReach)
    }
}

/// Globe of Pain: magical damage equal to its energy, to its target alone.
pub fn globe_of_pain(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat: victim } = cast.target else {
        return;
    };
    let there = tx.state.wizard(victim).square;
    if globe_reaches(&tx.state, cast.seat, cast.origin, there) {
        super::hit_target(tx, cast, cast.energy, None);
    }
}

/// Invisible: the lowest die roll that evades an attack (data §2.7: 2–4).
pub const INVISIBLE_EVADES_FROM: u8 = 2;

/// Whether `seat`'s wizard is invisible.
pub fn is_invisible(state: &State, seat: Seat) -> bool {
    state
        .spells
        .iter()
        .any(|s| s.name == CardName::Invisible && s.caster == seat)
}

/// Invisible as cast or played: not on a wizard already invisible.
pub fn check_invisible(state: &State, seat: Seat) -> Result<(), RuleViolation> {
    if is_invisible(state, seat) {
        return Err(RuleViolation::InvalidTarget(
            "your wizard is already invisible",
        ));
    }
    Ok(())
}

/// Invisible: an attack reaches an invisible wizard; he rolls the die
/// (recorded) and evades on 2–4.
pub fn unseen_evades(tx: &mut Tx, rng: &mut GameRng) -> bool {
    let value = rng.roll(4);
    tx.emit(Event::DieRolled { value });
    value >= INVISIBLE_EVADES_FROM
}

/// Gravity: every wizard drops all he carries, treasure included.
pub fn gravity(tx: &mut Tx) {
    let seats: Vec<Seat> = tx
        .state
        .wizards
        .iter()
        .filter(|w| w.alive)
        .map(|w| w.seat)
        .collect();
    for seat in seats {
        let speed = super::super::effects::speed(&tx.state, seat);
        let wizard = tx.state.wizard(seat).clone();
        for card in wizard.carried {
            let card = tx.state.card_view(card);
            tx.emit(Event::ItemDropped {
                seat,
                card,
                square: wizard.square,
            });
        }
        if let Some(treasure) = tx.state.carried_treasure(seat) {
            treasures::put_down(tx, seat, treasure, wizard.square);
        }
        super::super::effects::adjust_movement(tx, seat, speed);
    }
}

/// Seal Door is cast on a door not sealed yet.
pub fn check_seal_door(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget("Seal Door is cast on a door"));
    };
    if !matches!(state.labyrinth.barrier(line), Some(Barrier::Door { .. })) {
        return Err(RuleViolation::NotADoor(line));
    }
    if super::super::effects::is_sealed(state, line) {
        return Err(RuleViolation::InvalidTarget("that door is already sealed"));
    }
    Ok(())
}

/// Seal Door: a door held open shuts as it is sealed.
pub fn seal_door(tx: &mut Tx, cast: &Casting) {
    if let SpellTarget::Line { line } = cast.target
        && tx.state.door_is_open(line)
    {
        tx.emit(Event::DoorClosed { line });
    }
}

/// A seal whose door was broken down has nothing left to hold shut.
pub fn break_seals_on_open_lines(tx: &mut Tx) {
    let broken: Vec<CardId> = tx
        .state
        .spells
        .iter()
        .filter(|s| s.name == CardName::SealDoor)
        .filter(|s| match s.target {
            SpellTarget::Line { line } => {
                !matches!(tx.state.labyrinth.barrier(line), Some(Barrier::Door { .. }))
            }
            _ => true,
        })
        .map(|s| s.card)
        .collect();
    for card in broken {
        durations::end_spell_in_play(tx, card);
    }
}

/// Pass Through Wall: the side of `seat`'s square that `line` is, if it is one.
fn side_towards(state: &State, seat: Seat, line: BorderLine) -> Option<Direction> {
    let here = state.wizard(seat).square;
    Direction::ALL
        .into_iter()
        .find(|d| BorderLine::of(here, *d) == line)
}

/// Pass Through Wall needs a wall on a side of the caster's square, a
/// square beyond it, and a step of movement.
pub fn check_pass_through_wall(
    state: &State,
    seat: Seat,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget(
            "Pass Through Wall is cast on a wall",
        ));
    };
    let Some(Barrier::StoneWall { .. }) = state.labyrinth.barrier(line) else {
        return Err(RuleViolation::InvalidTarget(
            "Pass Through Wall is cast on a wall that has a square beyond it",
        ));
    };
    let direction = side_towards(state, seat, line).ok_or(RuleViolation::OutOfReach)?;
    let turn = state.move_and_cast(seat)?;
    super::super::movement::may_leave_square(state, turn)?;
    if turn.movement_left < 1 {
        return Err(RuleViolation::NotEnoughMovement);
    }
    let here = state.wizard(seat).square;
    let beyond = state
        .labyrinth
        .step(here, direction)
        .ok_or(RuleViolation::WallInTheWay)?;
    if state.block_in(beyond.to) {
        return Err(RuleViolation::Blocked);
    }
    Ok(())
}

/// Pass Through Wall: the caster steps through the wall (1 movement point).
pub fn pass_through_wall(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Line { line } = cast.target else {
        return;
    };
    if check_pass_through_wall(&tx.state, cast.seat, cast.target).is_err() {
        return;
    }
    let Some(direction) = side_towards(&tx.state, cast.seat, line) else {
        return;
    };
    let from = tx.state.wizard(cast.seat).square;
    let Some(step) = tx.state.labyrinth.step(from, direction) else {
        return;
    };
    tx.emit(Event::WizardMoved {
        seat: cast.seat,
        from,
        to: step.to,
        direction,
        step: step.kind,
        cost: 1,
    });
    movement::close_doors_left_behind(tx, cast.seat);
    movement::burn_crossing(tx, cast.seat, &step.lines);
}

/// Dagger: physical damage stabbed or thrown (data §8).
pub const DAGGER_DAMAGE: u8 = 2;

/// Whether a Dagger used on this cast's target is stabbed (the target in
/// or next to its carrier's square) rather than thrown.
pub fn stabs(state: &State, cast: &Casting) -> bool {
    // Classic: aimed at a square, it is thrown.
    if matches!(cast.target, SpellTarget::Square { .. }) {
        return false;
    }
    let Some(place) = state.target_place(cast.target) else {
        return false;
    };
    let here = state.wizard(cast.seat).square;
    state.with_sight(|s| match place {
        SightTarget::Square(to) => s.adjacent(here, to),
        SightTarget::Line(line) => s.adjacent_to_line(here, line),
    })
}

/// Dagger: stabbed, it stays in hand; thrown, it lands where p.14 says.
pub fn dagger(tx: &mut Tx, cast: &Casting) {
    let stabbed = stabs(&tx.state, cast);
    // A dagger's blow is physical: Strength doubles it as it doubles a rock.
    let damage = super::super::effects::blow(&tx.state, cast.seat, DAGGER_DAMAGE);
    super::hit_target(tx, cast, damage, None);
    if !stabbed {
        cantrip::thrown_object_lands(tx, cast);
    }
}

/// Wizardblade: magical damage equal to the discarded card's energy value,
/// each point a crack in a wall, door or block.
pub fn wizardblade(tx: &mut Tx, cast: &Casting) {
    let amount = cast.energy.saturating_sub(cast.reduction);
    match cast.target {
        SpellTarget::Line { line } if amount > 0 => {
            damage::crack_barrier(tx, line, amount, amount);
        }
        SpellTarget::Object { card } if amount > 0 => {
            super::crack_block(tx, card, amount, amount);
        }
        _ => {
            super::hit_target(tx, cast, cast.energy, None);
        }
    }
}

/// Anti-Anti: "nothing can cancel this one", so nobody is asked.
pub const ANTI_ANTI: CardRules = CardRules {
    uncounterable: true,
    answer: Some(|a| check_anti_anti(a.state, a.seat, a.top)),
    answered: super::stop_answered,
    ..CardRules::BASE
};

pub const GLOBE_OF_PAIN: CardRules = CardRules {
    check: |c| {
        let origin = super::super::casting::cast_origin(c.state, c.seat);
        check_globe_of_pain(c.state, c.seat, origin, c.target)
    },
    resolve: |tx, cast, _, _| globe_of_pain(tx, cast),
    ..CardRules::BASE
};

pub const GRAVITY: CardRules = CardRules {
    check: once_on_the_labyrinth,
    in_play: InPlay {
        forbids_pick_ups: true,
        ..InPlay::NONE
    },
    resolve: |tx, _, _, _| gravity(tx),
    ..CardRules::BASE
};

/// Invisible: its effect is being in play.
pub const INVISIBLE: CardRules = CardRules {
    check: |c| check_invisible(c.state, c.seat),
    in_play: InPlay {
        evasion: Some(unseen_evades),
        ..InPlay::NONE
    },
    answer: Some(|a| {
        check_invisible(a.state, a.seat)?;
        super::mutation::check_attack_on(a.state, a.seat, a.top)
    }),
    answers_in_play: true,
    ..CardRules::BASE
};

pub const PASS_THROUGH_WALL: CardRules = CardRules {
    check: |c| check_pass_through_wall(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| pass_through_wall(tx, cast),
    ..CardRules::BASE
};

pub const SEAL_DOOR: CardRules = CardRules {
    check: |c| check_seal_door(c.state, c.target),
    resolve: |tx, cast, _, _| seal_door(tx, cast),
    in_play: InPlay {
        seals_its_door: true,
        ..InPlay::NONE
    },
    triggers: Triggers {
        after_command: Some(|tx, _, _| break_seals_on_open_lines(tx)),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

pub const YOINK: CardRules = CardRules {
    listed_options: |state, target| {
        let SpellTarget::Wizard { seat } = target else {
            return vec![None];
        };
        state
            .wizard(seat)
            .carried
            .iter()
            .map(|c| {
                Some(SpellOption::Thing {
                    thing: Thing::Item { card: *c },
                })
            })
            .collect()
    },
    check: |c| check_yoink(c.state, c.target, c.option),
    resolve: |tx, cast, _, _| yoink(tx, cast),
    ..CardRules::BASE
};

/// Backlash turns an attack back on its caster.
pub const BACKLASH: CardRules = CardRules {
    answer: Some(|a| check_backlash(a.seat, a.top)),
    answered: backlash,
    ..CardRules::BASE
};

/// Dagger: a stab in reach or a throw; a thrown dagger still falls if the
/// throw is cancelled.
pub const DAGGER: CardRules = CardRules {
    used: Some(UseRules {
        resolve: |tx, cast, _| dagger(tx, cast),
        falls_when_cancelled: |state, cast| !stabs(state, cast),
        listed_targets: |state, seat| cantrip::throw_targets(state, seat, CardName::Dagger),
        thrown_at_a_square: |state, seat, square| {
            cantrip::throw_at_square(state, seat, CardName::Dagger, square)
        },
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};

/// Wizardblade: strikes for the energy of a Magic card discarded to it.
pub const WIZARDBLADE: CardRules = CardRules {
    used: Some(UseRules {
        feeds_on_a_card: true,
        resolve: |tx, cast, _| wizardblade(tx, cast),
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};

/// Slow Death: 1 magical damage to its victim for each card he draws.
pub const SLOW_DEATH: CardRules = CardRules {
    in_play: InPlay {
        hurts_per_card_drawn: true,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Master Key: its carrier opens every door.
pub const MASTER_KEY: CardRules = CardRules {
    in_play: InPlay {
        opens_every_door: true,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};
