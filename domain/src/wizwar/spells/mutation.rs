//! Mutation: shape-changing. Forms are transformations (see
//! [`crate::wizwar::transformations`]): temporary spells on their caster,
//! one at a time, whose base speed changes the movement left this turn.
//!
//! Every card of the school is played: **Adrenaline**, **Big Man Form**,
//! **Disease**, **Extra Arms**, **Featherweight**, **Gnome Form**, **Golem
//! Form**, **Heave-Ho**, **Mad Dash**, **Slime Form**, **Strength**,
//! **Stretch**, **Wallivore** and **Werewolf Form** (Dispel and Mist Body,
//! which the deck also holds, are played with White Cantrip and Elemental).
//!
//! # Decisions where the rules are silent
//!
//! - **On the caster only**: the cards read "you or a creature you
//!   control" (the forms, Mad Dash, Strength); the engine's one creature,
//!   the Homunculus, moves by its own card, so they are cast on their
//!   caster.
//! - **A form lasts** as a temporary spell: energy tokens equal to its
//!   energy (1 unboosted), one off in its caster's Time Passes; it ends
//!   early by Dispel, by its caster ending it, or by a new transformation
//!   on the same wizard. Its card counts toward the hand limit meanwhile.
//! - **Gnome Form's dodge** is rolled with the d4 (recorded as `die_rolled`)
//!   once for every attack aimed at the gnome (a Lightning Bolt whose path
//!   crosses his square too) as that attack resolves, and for every punch at
//!   him; 1–2 evades (`attack_evaded`). Cast as a counter when attacked, the
//!   gnome comes into play before the attack resolves, so the attack gets
//!   exactly one roll — the rulebook's example (p.15).
//! - **Golem Form**: its punch deals 2 physical damage (instead of 1; a
//!   Fire Cloak still adds its burn); every damage to the golem, attack or
//!   not, is 2 less (after Bloodshards). "May cast only counter spells":
//!   the golem may neither cast neutral or attack spells nor play items from
//!   his hand (refused as `counters_only`); he may still punch, use carried
//!   items and end spells. Picking up a treasure costs him 1 movement point
//!   (refused as `not_enough_movement` below 1) and does not end his Move
//!   and Cast; one treasure at a time still holds.
//! - **Extra Arms** is a form (its card has the Transformation trait), so it
//!   replaces another form and keeps base speed 3. Its card counts toward
//!   the hand limit while it lasts and leaves it when it ends (the rulebook
//!   example); carried items do not count meanwhile, so picking up
//!   needs no room in hand. When it ends the items count again: a wizard
//!   then over the limit must discard, drop items or end spells before
//!   anything else, as with any excess.
//! - **Extra Arms' armful**: the first pick-up (item or treasure) in a
//!   square costs 1 movement point (refused as `not_enough_movement` below
//!   1); every further pick-up in that square is free until the wizard
//!   moves (the turn's `armful`). A treasure does not end his Move and
//!   Cast; one treasure at a time still holds.
//! - **Extra Arms' punch** is one attack aimed at one wizard; it hits him
//!   and every other living, unmisted wizard within reach (his square or
//!   an adjacent one), each with the same damage (one Mightstone roll),
//!   each gnome dodging on his own roll.
//! - **Featherweight** is a counter played when an attack threatens its
//!   wizard (as Gnome Form is); it then stays in play as a temporary spell
//!   (energy tokens, one off in his Time Passes) and turns the damage of
//!   every attack on him meanwhile into pushes. Damage that is not an
//!   attack's (Wall of Fire, Acid Bath's ticks, Pain Link, a Fire Cloak's
//!   burn) still hurts. The points pushed are those left after his other
//!   protections (Shield, Golem armour, Bloodshards).
//! - **Pushed back** means every step takes him one square farther from the
//!   square the attack came from (its caster's, or his Astral Projection's),
//!   distance counted as the crow flies in rows plus columns of the board
//!   (a step off an open edge or through a portal is judged by the square
//!   it lands on: counted in steps of a walk, a wrap-around exit would make
//!   the corridor ahead "nearer" than the attacker). He moves by normal
//!   movement (walls, locked doors and Stone Blocks stop him; a Wall of
//!   Fire still burns), at no cost. Where only one open square is farther
//!   he goes there at once; where several are (a junction, a corner, or
//!   every side when the attack came from his own square — the rulebook's
//!   card note) he chooses (`AwaitReason::Choice`; a timeout takes the first
//!   listed). Where none is, the points left hurt him as the attack's
//!   damage (its element too, the attacker scoring a kill).
//! - **The push waits** until the attack has finished resolving (a
//!   Lightning Bolt may hit several wizards, and the same one twice); the
//!   pushes are then made in the order the damage fell. An attack whose
//!   damage became only movement dealt no damage: its secondary effects
//!   (Lightning Bolt's stun, fire shattering stones) do not happen.
//! - **Werewolf Form**: base speed 4; its punch deals one d4 roll of
//!   physical damage (recorded as `die_rolled`; a Mightstone still adds its
//!   roll, a Fire Cloak its burn), also against a wall or door. "Counter
//!   spells only" reads as for the golem: no neutral or attack spell, no
//!   item played from the hand (`counters_only`); punching, using carried
//!   items and ending spells remain.
//! - **Adrenaline** is a temporary spell on its caster or on a wizard he
//!   sees; its tokens come off in its caster's Time Passes, while the
//!   wizard it is on gets two attacks in each of his turns (any mix of
//!   spells, items and punches: the card lifts the "one attack" rule
//!   itself). Stunned, he may attack once and move, or attack twice and
//!   not move: moving after one attack leaves him no second one
//!   (`stunned_and_moved`), and two attacks keep him in his square
//!   (`stunned_and_attacked`). Cast on a rival it helps the rival, which
//!   is the caster's own business.
//! - **Disease** is an attack spell on its caster: casting it is his
//!   attack of that turn, and only of that turn. While it lasts (a
//!   temporary spell), every time he enters a square — walking, pushed,
//!   knocked back, teleported — each other wizard and each creature there
//!   takes 3 physical damage, at most once per victim in each turn (any
//!   player's turn). That damage lingers from a spell: it is not an attack,
//!   so a death from it scores for nobody (data §8). A wizard in mist is
//!   not touched by it. Wizards who walk into the carrier's square catch
//!   nothing: the card speaks of the carrier entering.
//! - **Heave-Ho** throws the treasure its caster carries (refused as
//!   `not_carried` without one) at a wizard, a Stone Block or an empty
//!   square in sight. It is mundane: no window opens, nobody may counter
//!   it, but a gnome still dodges. The squares flown are the fewest
//!   orthogonal steps from thrower to target, walls notwithstanding (a
//!   diagonal counts as a wizard walks it; wrap-around and portals count as
//!   steps), so a target in the thrower's own square takes nothing. The
//!   treasure comes to rest in the target's square (before a block, in the
//!   thrower's, as a Large Rock does) and scores there like any dropped
//!   treasure: thrown onto a home base it counts for that base's owner.
//! - **Big Man Form**: base speed 3, punches for 3. The big man fills his
//!   square: no line of sight passes through it (he himself is seen and
//!   sees out), and nobody else may come into it: walking, pushed or
//!   knocked back he stops before it (`blocked`), and no Teleport or Astral
//!   Projection lands there. A Lightning Bolt still enters it and hits him. Where he steps, every wizard standing there is
//!   shoved one square on, free and by normal movement (his doors, Walls of
//!   Fire burning): straight ahead if he can go, else where the corridor
//!   turns, right before left, never back. The card lets the shoved choose
//!   at a junction; the engine does not stop a big man's stride for another
//!   player's answer and sends them by that order instead. If anyone there
//!   cannot be shoved, or a creature stands there, the big man cannot step
//!   in (`blocked`). Being already in a square with others when he grows
//!   harms nobody: they stay and leave as they please.
//! - **Slime Form**: base speed 3. The slime flows under every door as a
//!   wizard in mist does (locked or not, held open or not); dropped items
//!   never stopped anyone, and walls and Stone Blocks still stop it. Through
//!   a closed door (not held open, not one of his own sector's, which he
//!   opens as usual) its treasure cannot follow: it drops in
//!   the square the slime leaves (scoring there as any dropped treasure).
//!   Every square it enters, by any way of moving, it flows over each other
//!   wizard (not one in mist) and each creature there for 1 physical damage,
//!   each time (no "once a turn" on this card); that is not an attack: a
//!   death from it scores for nobody. It cannot attack at all (punches,
//!   attack spells, items: `form_cannot_attack`) and casts only counter
//!   spells (`counters_only`).
//! - **Strength** is a temporary spell on its caster. While it lasts the
//!   physical damage he deals doubles: his punches (the fist with its
//!   form and Mightstone rolls; a Fire Cloak's magical burn is added after,
//!   undoubled), Stretch's punch, a thrown Large Rock, Heave-Ho, his
//!   Disease. Its second mode is an attack made with the maintained card
//!   (`use`): at a wizard in his square for the treasure he carries (not
//!   while the strong wizard holds one), or at an item carried by someone
//!   in his square (the item named as an object). It opens a window like
//!   any attack; the victim may answer. On resolving the d4 is rolled
//!   (recorded): 2-4 and the thing changes hands. A wrested treasure does
//!   not end the wrestler's Move and Cast (nothing was lifted from the
//!   floor) and scores or costs nothing on the way; a wrested item may put
//!   him over the hand limit, which he must then mend before anything else.
//! - **Stretch** reaches the caster's square or an adjacent one he could
//!   step to (walls and closed doors stop an arm as they stop a punch). It
//!   is cast on a wizard there — a punch, and then it is the turn's attack
//!   (forms, Fire Cloak, Mightstones and Extra Arms as for any punch; a
//!   gnome rolls once, as the cast resolves) — or on a square there with
//!   the thing named as its option: a carried item or his treasure is set
//!   down there (no cost, as dropping is free), a loose item or treasure
//!   there is picked up at its usual cost (1 movement point for an item;
//!   a treasure ends his Move and Cast, or costs what his form says), with
//!   every refusal picking up would have. Being neutral in its other
//!   modes, only the punch is refused to a stunned wizard who moved.
//! - **Mad Dash** is cast on its caster (the engine moves creatures by
//!   their own rules). It doubles his movement left when it resolves; at 0
//!   or below there is nothing to double and it stays as it was. A speed
//!   boost afterwards is added, not doubled. The treasure he drops falls in
//!   his square (scoring there as any dropped treasure would); "no treasure
//!   pick-up" holds for every way of lifting one (Extra Arms, Golem Form),
//!   refused as `dashing`.
//! - **Wallivore** eats a stone wall beside its caster (printed or
//!   created; a created one's spell ends), not a door (not stone) nor an
//!   outer wall (indestructible). Eating is quiet: unlike Destroy Wall,
//!   nobody next to the wall is hurt. The 2 life never lift him above 20.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::CardDef;
use super::super::cards::{CardName, Trait};
use super::super::casting::{CastKind, Casting, SpellOption, SpellTarget};
use super::super::choices::{Choice, Push};
use super::super::commands::{Command, Thing};
use super::super::effects::{InPlay, Triggers};
use super::super::events::Event;
use super::super::labyrinth::{Barrier, Direction, Square};
use super::super::movement;
use super::super::state::{State, Tx};
use super::super::transformations;
use super::super::violations::RuleViolation;
use super::super::winning;
use super::rules::{CardRules, UseRules};

/// Life a Wallivore gains from the wall it eats (data §2.6).
pub const WALLIVORE_LIFE: u8 = 2;

/// Gnome Form evades on a d4 roll of this or less.
pub const GNOME_DODGE: u8 = 2;
/// Golem Form's punch.
pub const GOLEM_PUNCH: u8 = 2;
/// Werewolf Form's punch: one roll of the game's die, a d4.
pub const WEREWOLF_DIE: u8 = 4;
/// Golem Form takes this much less from every damage.
pub const GOLEM_ARMOUR: u8 = 2;

/// A transformation has resolved for `seat`: it replaces his previous one,
/// and his movement left changes with his base speed (`before` = speed
/// before the cast).
pub fn transform(tx: &mut Tx, cast: &Casting, before: i16) {
    transformations::replace_previous(tx, cast.seat, cast.card);
    super::super::effects::adjust_movement(tx, cast.seat, before);
}

/// Gnome Form: an attack reaches a gnome; he rolls the die (recorded) and
/// evades on 1–2.
pub fn gnome_dodges(tx: &mut Tx, rng: &mut GameRng) -> bool {
    let value = rng.roll(4);
    tx.emit(Event::DieRolled { value });
    value <= GNOME_DODGE
}

/// Gnome Form and Featherweight as counters: only against an attack on
/// their wizard.
///
/// # Errors
/// `counter_does_not_apply`.
pub fn check_attack_on(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    if top.attack && top.kind != CastKind::Counter && super::threatens(state, top, seat) {
        Ok(())
    } else {
        Err(RuleViolation::CounterDoesNotApply(
            "this counter answers an attack on your wizard",
        ))
    }
}

/// Featherweight: if `victim` is featherweight, the attack's damage
/// becomes a push, queued until the attack has resolved. Returns whether
/// it did.
pub fn pushed_back(
    tx: &mut Tx,
    attacker: Seat,
    victim: Seat,
    amount: u8,
    element: Option<Trait>,
    origin: Square,
) -> bool {
    let featherweight = tx
        .state
        .spells
        .iter()
        .any(|s| s.name == CardName::Featherweight && s.caster == victim);
    if featherweight {
        tx.emit(Event::PushedBack {
            push: Push {
                seat: victim,
                attacker,
                origin,
                steps: amount,
                element,
            },
        });
    }
    featherweight
}

/// Makes the waiting pushes, once no cast is resolving and nobody is
/// choosing; stops at a push that needs its wizard's choice.
pub fn push_on(tx: &mut Tx) {
    while tx.state.stack.is_empty()
        && tx.state.choice.is_none()
        && !tx.state.is_over()
        && let Some(push) = tx.state.pushes.first().copied()
    {
        tx.emit(Event::PushBegan { seat: push.seat });
        keep_pushing(tx, push);
    }
}

/// One push from where its wizard stands: a single way farther from the
/// attack is taken at once, several wait for his choice, and with none the
/// points left hurt him.
pub fn keep_pushing(tx: &mut Tx, mut push: Push) {
    while push.steps > 0 && tx.state.wizard(push.seat).alive && !tx.state.is_over() {
        match ways_back(&tx.state, &push).as_slice() {
            [] => {
                super::hurt_wizard(
                    tx,
                    None,
                    Some(push.attacker),
                    push.seat,
                    push.steps,
                    push.element,
                    Some(push.origin),
                );
                winning::check(tx);
                return;
            }
            [direction] => {
                movement::step(tx, push.seat, *direction, 0).expect("the way was open");
                winning::check(tx);
                push.steps -= 1;
            }
            _ => {
                tx.emit(Event::ChoiceAwaited {
                    choice: Choice::Featherweight { push },
                });
                return;
            }
        }
    }
}

/// The directions in which the pushed wizard can step by an open way to a
/// square farther from the attack's origin.
pub fn ways_back(state: &State, push: &Push) -> Vec<Direction> {
    let here = rows_and_columns_apart(push.origin, state.wizard(push.seat).square);
    Direction::ALL
        .into_iter()
        .filter(|d| {
            movement::way(state, push.seat, *d)
                .is_ok_and(|step| rows_and_columns_apart(push.origin, step.to) > here)
        })
        .collect()
}

/// Distance on the board as the crow flies, in rows plus columns. Not
/// the steps of a walk: wrap-around exits and portals would make a square
/// just round the corner "nearer" than the one the attack came from.
fn rows_and_columns_apart(a: Square, b: Square) -> u16 {
    u16::from(a.row.abs_diff(b.row)) + u16::from(a.col.abs_diff(b.col))
}

/// The pushed wizard's choice: one step farther from the attack.
///
/// # Errors
/// `wall_in_the_way`, `door_locked`, `blocked`, `not_pushed_back`.
pub fn choose_push(tx: &mut Tx, push: Push, direction: Direction) -> Result<(), RuleViolation> {
    if !ways_back(&tx.state, &push).contains(&direction) {
        movement::way(&tx.state, push.seat, direction)?;
        return Err(RuleViolation::NotPushedBack);
    }
    movement::step(tx, push.seat, direction, 0)?;
    tx.emit(Event::ChoiceMade { seat: push.seat });
    winning::check(tx);
    keep_pushing(
        tx,
        Push {
            steps: push.steps - 1,
            ..push
        },
    );
    Ok(())
}

/// Big Man Form's punch (data §2.6).
pub const BIG_MAN_PUNCH: u8 = 3;

/// Where a wizard standing in a big man's way is shoved: straight on if
/// he can go, else the way the corridor turns (right before left), never
/// back into the big man.
fn shove_way(
    state: &State,
    seat: Seat,
    big_man_from: Square,
    ahead: Direction,
) -> Option<Direction> {
    let at = state.wizard(seat).square;
    let drifting = super::super::effects::drifts(state, seat);
    [0, 1, 3]
        .into_iter()
        .map(|q| ahead.turned_clockwise(q))
        .find(|d| {
            movement::way_from(state, seat, at, *d, drifting).is_ok_and(|s| {
                s.to != big_man_from && super::super::effects::filling_wizard(state, s.to).is_none()
            })
        })
}

/// Big Man Form: a big man may step into a square only if everyone there
/// can be shoved on, and no creature stands there.
///
/// # Errors
/// `blocked`.
pub fn check_shove(
    state: &State,
    seat: Seat,
    from: Square,
    direction: Direction,
    to: Square,
) -> Result<(), RuleViolation> {
    if !transformations::is_in_form(state, seat, CardName::BigManForm) {
        return Ok(());
    }
    if state.creature_in(to) {
        return Err(RuleViolation::Blocked);
    }
    let stuck = state
        .wizards
        .iter()
        .filter(|w| w.alive && w.seat != seat && w.square == to)
        .any(|w| shove_way(state, w.seat, from, direction).is_none());
    if stuck {
        Err(RuleViolation::Blocked)
    } else {
        Ok(())
    }
}

/// Big Man Form: the big man steps into `to`; everyone there is shoved a
/// square on (free movement for them, doors and Walls of Fire as usual).
pub fn shove(tx: &mut Tx, seat: Seat, from: Square, direction: Direction, to: Square) {
    if !transformations::is_in_form(&tx.state, seat, CardName::BigManForm) {
        return;
    }
    let in_the_way: Vec<Seat> = tx
        .state
        .wizards
        .iter()
        .filter(|w| w.alive && w.seat != seat && w.square == to)
        .map(|w| w.seat)
        .collect();
    for other in in_the_way {
        if let Some(way) = shove_way(&tx.state, other, from, direction) {
            // The way was checked: only a death on the way could stop it.
            let _ = movement::step(tx, other, way, 0);
        }
    }
}

/// Whether `seat`'s wizard is a slime (he flows under doors, and hurts
/// whoever he flows over).
fn is_slime(state: &State, seat: Seat) -> bool {
    transformations::is_in_form(state, seat, CardName::SlimeForm)
}

/// Slime damage to each wizard and creature in a square it flows into.
pub const SLIME_DAMAGE: u8 = 1;

/// Slime Form: a treasure cannot ooze under a door the slime could not
/// open; it stays in the square the slime leaves.
pub fn ooze_under_doors(
    tx: &mut Tx,
    seat: Seat,
    lines: &[Option<super::super::labyrinth::BorderLine>],
) {
    if !is_slime(&tx.state, seat) {
        return;
    }
    let shut = lines.iter().flatten().any(|line| {
        matches!(
            tx.state.labyrinth.barrier(*line),
            Some(Barrier::Door { .. })
        ) && !tx.state.door_is_open(*line)
            && !movement::door_unlocked_for(&tx.state, seat, *line)
    });
    let wizard = tx.state.wizard(seat);
    if let (true, Some(treasure)) = (shut, tx.state.carried_treasure(seat)) {
        let square = wizard.square;
        super::super::treasures::put_down(tx, seat, treasure, square);
        winning::check(tx);
    }
}

/// Heave-Ho: the caster must carry a treasure to throw; an empty square
/// must be empty; an object must be one damage can crack (a dropped item
/// is indestructible, p.13).
///
/// # Errors
/// `not_carried`, `invalid_target`, `indestructible`.
pub fn check_heave_ho(state: &State, seat: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    if state.carried_treasure(seat).is_none() {
        return Err(RuleViolation::NotCarried);
    }
    match target {
        SpellTarget::Square { square } if !state.is_empty_square(square) => {
            Err(RuleViolation::InvalidTarget("the square is not empty"))
        }
        SpellTarget::Object { .. } => super::check_damage_target(state, target, None),
        _ => Ok(()),
    }
}

/// The fewest orthogonal steps from one square to another, walls and
/// doors notwithstanding (wrap-around and portals count as steps): how far
/// a thrown thing flies, a diagonal counted as a wizard walks it.
pub fn squares_flown(state: &State, from: Square, to: Square) -> u8 {
    let distances = state.labyrinth.steps_from(from, u8::MAX);
    // A square nothing leads to is as far as the search went.
    distances
        .get(&to)
        .copied()
        .unwrap_or_else(|| distances.values().copied().max().unwrap_or(0))
}

/// Heave-Ho: the carried treasure flies at the target, dealing 1 physical
/// damage per square flown (an attack: a kill scores), and comes to rest
/// in the target's square, or in the thrower's before a Stone Block
/// (as a Large Rock does, p.13). Where it lands it may score.
pub fn heave_ho(tx: &mut Tx, cast: &Casting) {
    let Some(treasure) = tx.state.carried_treasure(cast.seat) else {
        return;
    };
    let thrower = tx.state.wizard(cast.seat).square;
    let target_square = match cast.target {
        SpellTarget::Wizard { seat } => Some(tx.state.wizard(seat).square),
        SpellTarget::Square { square } => Some(square),
        SpellTarget::Object { card } => tx.state.object_square(card),
        _ => None,
    };
    let Some(target_square) = target_square else {
        return;
    };
    let flown = squares_flown(&tx.state, cast.origin, target_square);
    if matches!(
        cast.target,
        SpellTarget::Wizard { .. } | SpellTarget::Object { .. }
    ) {
        let damage = super::super::effects::blow(&tx.state, cast.seat, flown);
        super::hit_target(tx, cast, damage, None);
    }
    // The throw may have cost the thrower his life (Pain Link): his
    // treasure then fell with him.
    if tx.state.carried_treasure(cast.seat) != Some(treasure) {
        return;
    }
    let landing = if tx.state.block_in(target_square) {
        thrower
    } else {
        target_square
    };
    super::super::treasures::put_down(tx, cast.seat, treasure, landing);
    winning::check(tx);
}

/// The things Stretch might name in `square`: what lies there, and what
/// the active wizard carries (to set down there).
pub fn things_within_reach(state: &State, square: Square) -> Vec<Thing> {
    let mut things: Vec<Thing> = state
        .objects
        .iter()
        .filter(|o| o.square == square)
        .map(|o| Thing::Item { card: o.card })
        .collect();
    things.extend(
        state
            .treasures
            .iter()
            .filter(|t| t.location == super::super::treasures::TreasureLocation::Lying { square })
            .map(|t| Thing::Treasure { treasure: t.id }),
    );
    if let Some(turn) = &state.turn {
        let wizard = state.wizard(turn.seat);
        things.extend(wizard.carried.iter().map(|c| Thing::Item { card: *c }));
        things.extend(
            state
                .carried_treasure(turn.seat)
                .map(|treasure| Thing::Treasure { treasure }),
        );
    }
    things
}

/// Stretch: a punch at a wizard within reach, or a square within reach and
/// the thing to pick up there (at its usual cost) or to set down there.
///
/// # Errors
/// `invalid_target`, `bad_option`, and the refusals of picking up
/// (`not_here`, `not_enough_movement`, `hand_full`,
/// `already_carrying_treasure`, `dashing`).
pub fn check_stretch(
    state: &State,
    seat: Seat,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    match (target, option) {
        (SpellTarget::Wizard { .. }, None) => Ok(()),
        (SpellTarget::Square { square }, Some(SpellOption::Thing { thing })) => {
            let wizard = state.wizard(seat);
            let carried = match thing {
                Thing::Item { card } => wizard.carried.contains(&card),
                Thing::Treasure { treasure } => state.carried_treasure(seat) == Some(treasure),
            };
            if carried {
                return Ok(());
            }
            // Tried on the table as it will be when Stretch resolves: its
            // card has left the hand.
            let mut tx = super::super::state::Tx::new(state);
            if let Some(w) = tx.state.wizards.iter_mut().find(|w| w.seat == seat)
                && let Some(at) = w
                    .hand
                    .iter()
                    .position(|c| state.cards[c.index()] == CardName::Stretch)
            {
                w.hand.remove(at);
            }
            reach_for(&mut tx, seat, square, thing)
        }
        (SpellTarget::Square { .. }, _) => Err(RuleViolation::BadOption(
            "name the item or treasure to pick up or set down there",
        )),
        _ => Err(RuleViolation::InvalidTarget(
            "Stretch reaches a wizard to punch, or a square to pick up or set down a thing",
        )),
    }
}

/// Picks up `thing` lying in `square` as if the wizard stood there.
fn reach_for(tx: &mut Tx, seat: Seat, square: Square, thing: Thing) -> Result<(), RuleViolation> {
    match thing {
        Thing::Item { card } => super::super::objects::pick_up_item_from(tx, seat, card, square),
        Thing::Treasure { treasure } => {
            super::super::treasures::pick_up_from(tx, seat, treasure, square)
        }
    }
}

/// Stretch resolves: the punch lands (a gnome rolled as the cast resolved),
/// or the thing is picked up or set down; if it has gone meanwhile,
/// nothing happens.
pub fn stretch(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) {
    let seat = cast.seat;
    match (cast.target, cast.option) {
        (SpellTarget::Wizard { seat: victim }, _) => {
            if cast.shielded.contains(&victim) || !tx.state.wizard(victim).alive {
                return;
            }
            super::super::fighting::strike(
                tx,
                seat,
                victim,
                false,
                (cast.reduction, cast.halvings(victim)),
                rng,
            );
            winning::check(tx);
        }
        (SpellTarget::Square { square }, Some(SpellOption::Thing { thing })) => {
            let wizard = tx.state.wizard(seat);
            match thing {
                Thing::Item { card } if wizard.carried.contains(&card) => {
                    let speed = super::super::effects::speed(&tx.state, seat);
                    let card = tx.state.card_view(card);
                    tx.emit(Event::ItemDropped { seat, card, square });
                    super::super::effects::adjust_movement(tx, seat, speed);
                }
                Thing::Treasure { treasure }
                    if tx.state.carried_treasure(seat) == Some(treasure) =>
                {
                    super::super::treasures::put_down(tx, seat, treasure, square);
                    winning::check(tx);
                }
                _ => {
                    let _ = reach_for(tx, seat, square, thing);
                }
            }
        }
        _ => {}
    }
}

/// Strength's wrest succeeds on a d4 roll of this or more (data §2.6).
pub const WREST_AT_LEAST: u8 = 2;

/// Items carried by other living wizards in `seat`'s square: what his
/// Strength may wrest.
pub fn items_within_grasp(state: &State, seat: Seat) -> Vec<super::super::objects::CardId> {
    let here = state.wizard(seat).square;
    state
        .wizards
        .iter()
        .filter(|w| w.alive && w.seat != seat && w.square == here)
        .flat_map(|w| w.carried.iter().copied())
        .collect()
}

/// Strength's wrest: at a wizard in the caster's square for his treasure
/// (not while the caster holds one), or at an item someone there carries.
///
/// # Errors
/// `invalid_target`, `out_of_reach`, `misted`, `already_carrying_treasure`,
/// `cannot_attack_yourself`.
pub fn check_wrest(state: &State, seat: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    let here = state.wizard(seat).square;
    let victim = match target {
        SpellTarget::Wizard { seat: victim } => {
            if victim == seat {
                return Err(RuleViolation::CannotAttackYourself);
            }
            let w = state
                .find_wizard(victim)
                .filter(|w| w.alive)
                .ok_or(RuleViolation::NoSuchWizard(victim))?;
            if state.carried_treasure(victim).is_none() {
                return Err(RuleViolation::InvalidTarget(
                    "that wizard carries no treasure",
                ));
            }
            if state.carried_treasure(seat).is_some() {
                return Err(RuleViolation::AlreadyCarryingTreasure);
            }
            w
        }
        SpellTarget::Object { card } => state
            .wizards
            .iter()
            .find(|w| w.alive && w.seat != seat && w.carried.contains(&card))
            .ok_or(RuleViolation::InvalidTarget(
                "nobody else carries that item",
            ))?,
        _ => {
            return Err(RuleViolation::InvalidTarget(
                "Strength wrests a treasure from a wizard or an item he carries",
            ));
        }
    };
    if victim.square != here {
        return Err(RuleViolation::OutOfReach);
    }
    if state.is_misted(victim.seat) {
        return Err(RuleViolation::Misted);
    }
    Ok(())
}

/// Strength's wrest resolves: the die decides (recorded); on 2-4 the
/// treasure or item changes hands, if it is still there to take.
pub fn wrest(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) {
    let seat = cast.seat;
    let here = tx.state.wizard(seat).square;
    let victim = match cast.target {
        SpellTarget::Wizard { seat: victim } => Some(victim),
        SpellTarget::Object { card } => tx
            .state
            .wizards
            .iter()
            .find(|w| w.alive && w.carried.contains(&card))
            .map(|w| w.seat),
        _ => None,
    };
    let Some(victim) = victim.filter(|v| {
        let w = tx.state.wizard(*v);
        w.alive && w.square == here && !cast.shielded.contains(v)
    }) else {
        return;
    };
    let value = rng.roll(4);
    tx.emit(Event::DieRolled { value });
    if value < WREST_AT_LEAST {
        return;
    }
    match cast.target {
        SpellTarget::Wizard { .. } => {
            let Some(treasure) = tx.state.carried_treasure(victim) else {
                return;
            };
            if tx.state.carried_treasure(seat).is_some() {
                return;
            }
            tx.emit(Event::TreasureDropped {
                seat: victim,
                treasure,
                square: here,
            });
            tx.emit(Event::TreasurePickedUp { seat, treasure });
            super::super::effects::after_pick_up(tx, seat);
        }
        SpellTarget::Object { card } => {
            let speed = super::super::effects::speed(&tx.state, seat);
            let view = tx.state.card_view(card);
            tx.emit(Event::ItemDropped {
                seat: victim,
                card: view,
                square: here,
            });
            tx.emit(Event::ItemPickedUp {
                seat,
                card: view,
                cost: 0,
            });
            super::super::effects::after_pick_up(tx, seat);
            super::super::effects::adjust_movement(tx, seat, speed);
        }
        _ => {}
    }
}

/// Slime Form flows over everyone in the square it enters: 1 physical
/// damage each, every time, not an attack.
fn slime_over(tx: &mut Tx, seat: Seat, victims: &[super::super::commands::Target]) {
    use super::super::commands::Target;
    let dose = super::super::effects::blow(&tx.state, seat, SLIME_DAMAGE);
    for victim in victims {
        match *victim {
            Target::Wizard { seat: victim } => {
                super::damage_wizard(tx, None, victim, dose, None, None);
            }
            Target::Object { card } => super::super::creatures::hurt(tx, card, dose),
            _ => {}
        }
    }
    winning::check(tx);
}

/// Disease's damage to each victim (data §2.6).
pub const DISEASE_DAMAGE: u8 = 3;

/// `seat`'s wizard has just entered a square, by any way of moving: a
/// slime flows over everyone there; a Disease he carries hurts every other
/// wizard and every creature there who has not caught it this turn for 3
/// physical damage. Neither is an attack (lingering, data §8).
pub fn entered(tx: &mut Tx, seat: Seat) {
    use super::super::commands::Target;
    let carrier = tx.state.wizard(seat);
    if !carrier.alive {
        return;
    }
    let here = carrier.square;
    let mut victims: Vec<Target> = tx
        .state
        .wizards
        .iter()
        .filter(|w| w.alive && w.seat != seat && w.square == here && !tx.state.is_misted(w.seat))
        .map(|w| Target::Wizard { seat: w.seat })
        .collect();
    victims.extend(
        tx.state
            .creatures
            .iter()
            .filter(|c| c.square == here)
            .map(|c| Target::Object { card: c.card }),
    );
    if is_slime(&tx.state, seat) {
        slime_over(tx, seat, &victims);
    }
    let diseased = tx
        .state
        .spells
        .iter()
        .any(|s| s.name == CardName::Disease && s.caster == seat);
    if !diseased || !tx.state.wizard(seat).alive {
        return;
    }
    if let Some(turn) = &tx.state.turn {
        victims.retain(|v| !turn.infected.contains(v));
    }
    let dose = super::super::effects::blow(&tx.state, seat, DISEASE_DAMAGE);
    for victim in victims {
        tx.emit(Event::DiseaseCaught {
            carrier: seat,
            victim,
        });
        match victim {
            Target::Wizard { seat: victim } => {
                super::damage_wizard(tx, None, victim, dose, None, None);
            }
            Target::Object { card } => super::super::creatures::hurt(tx, card, dose),
            _ => {}
        }
    }
    winning::check(tx);
}

/// Attacks one turn allows: one (p.9), two while an Adrenaline is on the wizard.
pub const ADRENALINE_ATTACKS: u8 = 2;

/// Mad Dash: the movement left this turn doubles (nothing to double at 0
/// or below), a carried treasure falls in the caster's square, and he may
/// pick up no treasure until his turn ends.
pub fn mad_dash(tx: &mut Tx, cast: &Casting) {
    let seat = cast.seat;
    let Some(turn) = tx.state.turn.as_ref().filter(|t| t.seat == seat) else {
        return;
    };
    if turn.movement_left > 0 {
        let by = turn.movement_left;
        tx.emit(Event::MovementChanged { seat, by });
    }
    let wizard = tx.state.wizard(seat);
    if let Some(treasure) = tx.state.carried_treasure(seat) {
        let square = wizard.square;
        super::super::treasures::put_down(tx, seat, treasure, square);
        winning::check(tx);
    }
    tx.emit(Event::WizardDashed { seat });
}

/// Wallivore eats stone: a stone wall beside the caster, printed or
/// created. Doors are wood and iron, and outer walls are indestructible.
///
/// # Errors
/// `invalid_target`, `no_barrier`, `indestructible`.
pub fn check_wallivore(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget("Wallivore eats a stone wall"));
    };
    match state.labyrinth.barrier(line) {
        None => Err(RuleViolation::NoBarrier(line)),
        Some(Barrier::OuterWall) => Err(RuleViolation::Indestructible),
        Some(Barrier::Door { .. }) => Err(RuleViolation::InvalidTarget(
            "Wallivore eats stone walls, not doors",
        )),
        Some(Barrier::StoneWall { .. }) => Ok(()),
    }
}

/// Wallivore: the wall is gone (a created one ends its spell) and the
/// caster gains 2 life, never above 20. Eating is not Destroy Wall's
/// collapse, so nobody nearby is hurt.
pub fn wallivore(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Line { line } = cast.target else {
        return;
    };
    if !matches!(
        tx.state.labyrinth.barrier(line),
        Some(Barrier::StoneWall { .. })
    ) {
        return;
    }
    tx.emit(Event::BarrierDestroyed { line });
    super::super::damage::end_created_wall(tx, line);
    let wizard = tx.state.wizard(cast.seat);
    if wizard.alive {
        let life = super::super::fighting::healed(&tx.state, wizard.life, WALLIVORE_LIFE);
        tx.emit(Event::WizardHealed {
            seat: cast.seat,
            amount: WALLIVORE_LIFE,
            life,
        });
    }
}

/// Every form: it replaces the wizard's previous one, and his movement left
/// changes with his base speed.
pub const TRANSFORMATION: CardRules = CardRules {
    resolve: |tx, cast, resolving, _| transform(tx, cast, resolving.speed_before),
    ..CardRules::BASE
};

pub const HEAVE_HO: CardRules = CardRules {
    check: |c| check_heave_ho(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| heave_ho(tx, cast),
    ..CardRules::BASE
};

pub const MAD_DASH: CardRules = CardRules {
    resolve: |tx, cast, _, _| mad_dash(tx, cast),
    ..CardRules::BASE
};

pub const STRETCH: CardRules = CardRules {
    // Reaching a wizard is an attack.
    attacks_when: |target, _| matches!(target, SpellTarget::Wizard { .. }),
    listed_options: |state, target| {
        let SpellTarget::Square { square } = target else {
            return vec![None];
        };
        things_within_reach(state, square)
            .into_iter()
            .map(|thing| Some(SpellOption::Thing { thing }))
            .collect()
    },
    check: |c| check_stretch(c.state, c.seat, c.target, c.option),
    resolve: |tx, cast, _, rng| stretch(tx, cast, rng),
    ..CardRules::BASE
};

pub const WALLIVORE: CardRules = CardRules {
    check: |c| check_wallivore(c.state, c.target),
    resolve: |tx, cast, _, _| wallivore(tx, cast),
    ..CardRules::BASE
};

/// Gnome Form, also played against an attack on its wizard: it comes into
/// play (and he rolls to dodge as the attack resolves).
pub const GNOME_FORM: CardRules = CardRules {
    answer: Some(|a| check_attack_on(a.state, a.seat, a.top)),
    in_play: InPlay {
        base_speed: Some(2),
        evasion: Some(gnome_dodges),
        ..InPlay::NONE
    },
    answers_in_play: true,
    after_answer: |tx, counter, resolving| transform(tx, counter, resolving.speed_before),
    ..TRANSFORMATION
};

/// Featherweight, played against an attack on its wizard, comes into play
/// and turns the attack's damage into a push.
pub const FEATHERWEIGHT: CardRules = CardRules {
    answer: Some(|a| check_attack_on(a.state, a.seat, a.top)),
    answers_in_play: true,
    triggers: Triggers {
        after_command: Some(|tx, _, _| push_on(tx)),
        // While he is pushed, the pushed wizard only picks his way back.
        choice_answered: Some(|tx, _, choice, command, _| match (choice, command) {
            (Choice::Featherweight { push }, Command::Move { direction }) => {
                Some(choose_push(tx, push, *direction))
            }
            (Choice::Featherweight { .. }, _) => Some(Err(RuleViolation::PushPending)),
            _ => None,
        }),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

/// Strength: its wrest, an attack on someone in the caster's square.
pub const STRENGTH: CardRules = CardRules {
    in_play: InPlay {
        blow_factor: 2,
        ..InPlay::NONE
    },
    used: Some(UseRules {
        facts: |def| CardDef {
            range: None,
            targets: &[
                super::super::cards::Target::Wizard,
                super::super::cards::Target::Object,
            ],
            ..def
        },
        own_target: true,
        check: check_wrest,
        resolve: wrest,
        listed_targets: |state, seat| {
            items_within_grasp(state, seat)
                .into_iter()
                .map(|card| SpellTarget::Object { card })
                .collect()
        },
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};

/// Adrenaline: the wizard it is on attacks twice a turn.
pub const ADRENALINE: CardRules = CardRules {
    in_play: InPlay {
        attacks_per_turn: Some(ADRENALINE_ATTACKS),
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Big Man Form: he fills his square and punches for 3.
pub const BIG_MAN_FORM: CardRules = CardRules {
    triggers: Triggers {
        may_step: Some(check_shove),
        stepped: Some(|tx, seat, from, direction, to, _| shove(tx, seat, from, direction, to)),
        ..Triggers::NONE
    },
    in_play: InPlay {
        fills_square: true,
        fist: Some(|_, _| BIG_MAN_PUNCH),
        ..InPlay::NONE
    },
    ..TRANSFORMATION
};

/// Extra Arms: carried items do not count toward his hand; one movement
/// point picks up everything in his square; his punch hits everyone
/// within reach.
pub const EXTRA_ARMS: CardRules = CardRules {
    in_play: InPlay {
        carried_items_free: true,
        takes_armfuls: true,
        pick_up_cost: Some(|state, held| {
            let Some(seat) = held.on else { return 1 };
            let here = state.wizard(seat).square;
            let paid = state
                .turn
                .as_ref()
                .is_some_and(|t| t.seat == seat && t.armful == Some(here));
            if paid { 0 } else { 1 }
        }),
        punch_reaches_all: true,
        ..InPlay::NONE
    },
    ..TRANSFORMATION
};

/// Golem Form: speed 2, punches for 2, takes 2 less damage, casts counter
/// spells only, lifts a treasure for 1 movement point.
pub const GOLEM_FORM: CardRules = CardRules {
    in_play: InPlay {
        base_speed: Some(2),
        fist: Some(|_, _| GOLEM_PUNCH),
        damage_taken_less: GOLEM_ARMOUR,
        counters_only: true,
        pick_up_cost: Some(|_, _| 1),
        ..InPlay::NONE
    },
    ..TRANSFORMATION
};

/// Slime Form: no attacks, counter spells only (it oozes: see
/// [`oozes`]).
pub const SLIME_FORM: CardRules = CardRules {
    // Entering a square, the slime oozes over those there (Disease's
    // infection catches the same victims, so it is asked here too); a
    // step under a shut door leaves a treasure behind.
    triggers: Triggers {
        carrier_entered: Some(entered),
        stepped: Some(|tx, seat, _, _, _, lines| ooze_under_doors(tx, seat, lines)),
        ..Triggers::NONE
    },
    in_play: InPlay {
        forbids_attacks: true,
        counters_only: true,
        flows_under_doors: true,
        ..InPlay::NONE
    },
    ..TRANSFORMATION
};

/// Werewolf Form: speed 4, a punch of one die roll, counter spells only.
pub const WEREWOLF_FORM: CardRules = CardRules {
    in_play: InPlay {
        base_speed: Some(4),
        fist: Some(|tx, rng| {
            let value = rng.roll(WEREWOLF_DIE);
            tx.emit(Event::DieRolled { value });
            value
        }),
        counters_only: true,
        ..InPlay::NONE
    },
    ..TRANSFORMATION
};
