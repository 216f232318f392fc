//! Moving (rulebook p.7–8): movement points, speed boost, changing base
//! speed, wrap-around and portals, doors, random movement.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::events::Event;
use super::labyrinth::{Barrier, BorderLine, Direction, Square, Step};
use super::objects::CardId;
use super::state::{State, Turn, Tx};
use super::violations::RuleViolation;

/// Whether a door lets `seat` through without a card: a created door (Create
/// Door) its creator alone, any other door whom the edition lets through
/// (in the 8th edition the owners of the sector it stands in, p.8).
pub fn door_unlocked_for(state: &State, seat: Seat, line: BorderLine) -> bool {
    if let Some(creator) = super::effects::door_creator(state, line) {
        return creator == seat;
    }
    (state.edition_rules().hooks.door_lets_through)(state, seat, line)
}

/// The owners of the sectors a door stands in pass it (p.8, data §8).
pub fn sector_owners_pass(state: &State, seat: Seat, line: BorderLine) -> bool {
    state.labyrinth.line_owners(line).contains(&seat)
}

/// The squares next to a border line: the squares on both sides, and for a
/// line on the edge of the board, the square its wrap-around or portal leads to.
pub fn squares_next_to_line(state: &State, line: BorderLine) -> Vec<Square> {
    let lab = &state.labyrinth;
    let mut squares = lab.squares_beside_line(line);
    if lab.is_edge_line(line) {
        for (r, c, side) in line.sides() {
            if lab.contains(r, c)
                && let Some(step) = lab.step(Square::new(r as u8, c as u8), side)
            {
                squares.push(step.to);
            }
        }
    }
    squares
}

/// Whether something moving with `seat`'s door rights may pass this line
/// now; `drifting` (a wizard in mist, Mist Body) passes every door;
/// `keyed` (a wizard carrying a Master Key) finds every door unlocked.
///
/// # Errors
/// `wall_in_the_way`, `door_sealed`, `door_locked`.
fn may_pass(
    state: &State,
    seat: Seat,
    line: BorderLine,
    drifting: bool,
    keyed: bool,
) -> Result<(), RuleViolation> {
    match state.labyrinth.barrier(line) {
        None => Ok(()),
        Some(Barrier::StoneWall { .. } | Barrier::OuterWall) => Err(RuleViolation::WallInTheWay),
        Some(Barrier::Door { .. }) => {
            if super::effects::is_sealed(state, line) && !drifting {
                return Err(RuleViolation::DoorSealed);
            }
            if door_unlocked_for(state, seat, line) || keyed || state.door_is_open(line) || drifting
            {
                Ok(())
            } else {
                Err(RuleViolation::DoorLocked)
            }
        }
    }
}

/// Whether the wizard whose turn it is may still leave his square by his own
/// doing (a step, Swap, Pass Through Wall, Teleport, Windrider …): not once
/// a stunned wizard has made every attack his turn allows (p.15), nor after
/// a teleport or a swap this turn. Every move asks this one rule.
///
/// # Errors
/// `stunned_and_attacked`, `no_more_moving`.
pub fn may_leave_square(state: &State, turn: &Turn) -> Result<(), RuleViolation> {
    if super::fighting::held_by_stun(state, turn) {
        return Err(RuleViolation::StunnedAndAttacked);
    }
    if turn.teleported {
        return Err(RuleViolation::NoMoreMoving);
    }
    Ok(())
}

/// Spend 1 movement point to step one square, also off an open edge or
/// through a portal (p.8). A stunned wizard who attacked stays put (p.15).
/// Out of a Dust Cloud the way is rolled, not chosen (see
/// [`super::effects::leaving_dust`]).
///
/// # Errors
/// `not_enough_movement`, `stunned_and_attacked`, `wall_in_the_way`, `door_locked`.
pub fn move_wizard(
    tx: &mut Tx,
    seat: Seat,
    direction: Direction,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    let turn = tx.state.move_and_cast(seat)?;
    may_leave_square(&tx.state, turn)?;
    if turn.movement_left < 1 {
        return Err(RuleViolation::NotEnoughMovement);
    }
    if tx.state.dust_cloud_in(tx.state.wizard(seat).square) {
        super::effects::leaving_dust(tx, seat, rng);
        return Ok(());
    }
    step(tx, seat, direction, 1)
}

/// Where one step of `seat`'s wizard leads, if the way is open for him.
///
/// # Errors
/// `wall_in_the_way`, `door_locked`, `blocked`.
pub fn way(state: &State, seat: Seat, direction: Direction) -> Result<Step, RuleViolation> {
    let from = state.wizard(seat).square;
    let keyed = super::effects::opens_every_door(state, seat);
    let drifting = super::effects::drifts(state, seat);
    let step = way_with(state, seat, from, direction, drifting, keyed)?;
    super::effects::may_shove(state, seat, from, direction, step.to)?;
    Ok(step)
}

/// Where one step from `from` leads for something with `seat`'s door
/// rights (his wizard, or a creature he moves).
///
/// # Errors
/// `wall_in_the_way`, `door_locked`, `blocked`.
pub fn way_from(
    state: &State,
    seat: Seat,
    from: Square,
    direction: Direction,
    drifting: bool,
) -> Result<Step, RuleViolation> {
    way_with(state, seat, from, direction, drifting, false)
}

/// One step with the mover's door rights, and the key his wizard may carry.
fn way_with(
    state: &State,
    seat: Seat,
    from: Square,
    direction: Direction,
    drifting: bool,
    keyed: bool,
) -> Result<Step, RuleViolation> {
    let step = state
        .labyrinth
        .step(from, direction)
        .ok_or(RuleViolation::WallInTheWay)?;
    for line in step.lines.into_iter().flatten() {
        may_pass(state, seat, line, drifting, keyed)?;
    }
    if state.block_in(step.to)
        || super::effects::filling_wizard(state, step.to).is_some_and(|big| big != seat)
    {
        return Err(RuleViolation::Blocked);
    }
    Ok(step)
}

/// Moves the wizard one step if the way is open, at `cost` movement points.
pub fn step(tx: &mut Tx, seat: Seat, direction: Direction, cost: i16) -> Result<(), RuleViolation> {
    let from = tx.state.wizard(seat).square;
    let step = way(&tx.state, seat, direction)?;
    super::effects::stepped(tx, seat, from, direction, step.to, &step.lines);
    tx.emit(Event::WizardMoved {
        seat,
        from,
        to: step.to,
        direction,
        step: step.kind,
        cost,
    });
    close_doors_left_behind(tx, seat);
    burn_crossing(tx, seat, &step.lines);
    entered(tx, seat);
    Ok(())
}

/// What entering a square sets off, however a wizard got there: the
/// disease he carries, and the bushes, tacks and traps lying there.
pub fn entered(tx: &mut Tx, seat: Seat) {
    super::effects::entered(tx, seat);
}

/// Crossing a Wall of Fire burns for 4 magical fire damage; it is not an
/// attack, so a death there scores for nobody (p.15).
pub fn burn_crossing(tx: &mut Tx, seat: Seat, lines: &[Option<BorderLine>]) {
    for line in lines.iter().flatten() {
        if tx.state.wall_of_fire_on(*line).is_some() && tx.state.wizard(seat).alive {
            super::spells::damage_wizard(
                tx,
                None,
                seat,
                super::effects::fire_wall_burn(),
                Some(super::cards::Trait::Fire),
                None,
            );
        }
    }
}

/// A held door closes as soon as its holder is no longer next to it (p.8).
pub fn close_doors_left_behind(tx: &mut Tx, seat: Seat) {
    let here = tx.state.wizard(seat);
    let (here, alive) = (here.square, here.alive);
    let left: Vec<BorderLine> = tx
        .state
        .held_doors
        .iter()
        .filter(|(line, holder)| {
            **holder == seat && (!alive || !squares_next_to_line(&tx.state, **line).contains(&here))
        })
        .map(|(line, _)| *line)
        .collect();
    for line in left {
        tx.emit(Event::DoorClosed { line });
    }
}

/// Once per turn, discard an energy card or any card with an energy value for
/// that many extra movement points (p.7).
///
/// # Errors
/// `already_boosted`, `card_not_in_hand`, `no_energy_value`.
pub fn boost_speed(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    let turn = tx.state.move_and_cast(seat)?;
    if turn.boosted {
        return Err(RuleViolation::AlreadyBoosted);
    }
    if !tx.state.wizard(seat).hand.contains(&card) {
        return Err(RuleViolation::CardNotInHand);
    }
    let view = tx.state.card_view(card);
    let value = super::casting::number_value(&tx.state, seat, view.name)?;
    tx.emit(Event::SpeedBoosted {
        seat,
        card: view,
        movement_points: i16::from(value),
    });
    Ok(())
}

/// The printed energy value of a card, if it has one.
pub fn energy_value(name: super::cards::CardName) -> Option<u8> {
    super::cards::definition(name).energy_value
}

/// Remaining movement after the base speed changes mid-turn (p.7): it moves
/// by the difference and may fall below 0.
pub fn movement_after_speed_change(movement_left: i16, old_base: i16, new_base: i16) -> i16 {
    movement_left + new_base - old_base
}

/// Hold a door of your sector open while you stay next to it (p.8).
///
/// # Errors
/// `not_a_door`, `not_next_to_door`, `door_sealed`, `cannot_open_door`.
pub fn hold_door(tx: &mut Tx, seat: Seat, line: BorderLine) -> Result<(), RuleViolation> {
    tx.state.move_and_cast(seat)?;
    if !matches!(tx.state.labyrinth.barrier(line), Some(Barrier::Door { .. })) {
        return Err(RuleViolation::NotADoor(line));
    }
    if !squares_next_to_line(&tx.state, line).contains(&tx.state.wizard(seat).square) {
        return Err(RuleViolation::NotNextToDoor);
    }
    if super::effects::is_sealed(&tx.state, line) {
        return Err(RuleViolation::DoorSealed);
    }
    if !door_unlocked_for(&tx.state, seat, line)
        && !super::effects::opens_every_door(&tx.state, seat)
    {
        return Err(RuleViolation::CannotOpenDoor);
    }
    tx.emit(Event::DoorHeldOpen { seat, line });
    Ok(())
}

/// Let a door you hold close.
///
/// # Errors
/// `not_holding_door`.
pub fn release_door(tx: &mut Tx, seat: Seat, line: BorderLine) -> Result<(), RuleViolation> {
    tx.state.active_turn(seat)?;
    if tx.state.held_doors.get(&line) != Some(&seat) {
        return Err(RuleViolation::NotHoldingDoor);
    }
    tx.emit(Event::DoorClosed { line });
    Ok(())
}

/// The direction a die roll gives on the Random Direction Overlay. The
/// printed mapping is unknown; we use 1 north, 2 east, 3 south, 4 west
/// relative to the board (data §5, §8).
pub fn random_direction(die: u8) -> Direction {
    Direction::from_index((die.clamp(1, 4)) - 1)
}

/// Rolls the die for a random direction; the roll is recorded (p.16).
pub fn roll_random_direction(tx: &mut Tx, rng: &mut GameRng) -> Direction {
    let value = rng.roll(4);
    tx.emit(Event::DieRolled { value });
    random_direction(value)
}

/// A forced move one square in a random direction (e.g. leaving a Dust
/// Cloud, a later issue), at `cost` movement points. A wall or locked door in
/// the rolled direction leaves the wizard where he is; the caller applies
/// whatever the card says about bumping. Returns whether he moved.
pub fn random_move(tx: &mut Tx, seat: Seat, rng: &mut GameRng, cost: i16) -> bool {
    let direction = roll_random_direction(tx, rng);
    step(tx, seat, direction, cost).is_ok()
}
