//! Conjuring: Shield (also in Mentalism), Ka-Bong!, Swap, Fire Darts (also
//! in Thaumaturgy), Glue, the bushes (Rosebush, Thornbush), Handful of
//! Tacks, Create Door, Dust Cloud, Booby Trap and Ward; with the cards it
//! shares with other schools, the whole school is played.
//!
//! # Decisions where the sources are silent
//!
//! - **Ward** answers a treasure being picked up, which is no cast, so it
//!   has no response window of its own: the treasure's owner is asked by a
//!   `ward` choice (`play_counter` with the Ward, or `pass`) right after
//!   the pick-up, in every game whose deck holds a Ward — whether or not he
//!   holds one, so being asked reveals nothing — unless his yield policy
//!   passes it (`never`, or `when_i_can_counter` without a Ward in hand).
//!   Ward is bound to the treasure, so it needs no sight of the thief. Its
//!   3 damage is a counter's, not an attack: a thief it kills scores nobody
//!   a point. A Ward cannot itself be countered (no window opens for it).
//!   The thief rolls the d4 (recorded) and lets the treasure fall in his
//!   square on 1–2.
//! - **Ka-Bong!** stuns only when its damage gets through: reduced to 0 it is
//!   no damage and has no secondary effect (p.15), like Lightning Bolt's stun.
//! - **Swap** is movement of the caster's wizard: refused once he may move no
//!   more (after a Teleport or another Swap) or when, stunned, he has
//!   attacked. The swapped wizard is not attacked and is not stopped from
//!   moving on his own turn. Both wizards carry what they hold; held doors
//!   they leave behind close.
//! - **Fire Darts** fly at one target per cast: the engine names a single
//!   target for a spell, so sharing the darts is not offered (a player who
//!   wants two targets casts two spells on two turns). Each dart is its own
//!   source of damage: a Shield stops one dart, a Bloodshard takes 1 off
//!   every dart, and each dart that burns a wizard shatters his stones.
//! - **Glue** sticks what could be lifted: a dropped item or a treasure
//!   lying on the board (created objects never move anyway; carried things
//!   are refused, as the data says). While it lasts nobody picks the thing
//!   up (`glued`). It is a temporary spell like any other: its energy in
//!   tokens, Dispel ends it. What turns the whole sector (Rotate Sector)
//!   turns the glued thing with the floor it is stuck to.
//! - **Bushes** (Rosebush, Thornbush) are created objects in an empty
//!   square (never a home base, p.14), maintained like a Stone Block. They
//!   fill their square against sight (the data: "blocks LOS"), so they hide
//!   what lies beyond, but not who stands in them (sight ends there, as it
//!   does at a Stone Block's own square). They stop no one: whoever enters
//!   the square, on foot, pushed, knocked back, carried by wind, teleported
//!   or swapped, is pricked, and that is not an attack (no victory point).
//!   A wizard already standing in the square when it grows is not pricked
//!   (the square must be empty, so this cannot happen). One crack (3 damage,
//!   or any damage under Shatter) or any fire damage that gets through kills
//!   a bush, and its spell ends. Two bushes of one kind are told apart by
//!   their cards, each spell naming its caster: the hat token of p.17.
//! - **Rosebush** pricks for 3 physical damage.
//! - **Thornbush** pricks for 1 physical damage and stuns a turn (only if
//!   the damage gets through, p.15); a wizard who enters it on his own turn
//!   ends his Move and Cast there (the data's "ends his turn": he still
//!   discards and draws). A creature entering is pricked, never stunned.
//! - **Handful of Tacks** is an item: played from the hand it is carried
//!   (it counts toward the hand limit). Strewn, it lies on the board as a
//!   dropped item: dropping it strews his own square, and using it (`use`,
//!   not an attack, answerable like any use) strews an empty square next to
//!   him in sight. Whoever enters a square with tacks takes 3 physical
//!   damage, not an attack; the wizard who strewed his own square is
//!   already there and is not hurt until he comes back. Tacks do not block
//!   sight or movement, but the square is no longer empty (p.10).
//!   Gathering them (`pick_up`) is allowed from their square or next to it,
//!   in sight, to a wizard who has not moved or attacked this turn (he
//!   "starts his turn" beside them); it costs no movement point but ends his
//!   Move and Cast. The data's "a water spell washes them away" is read as
//!   the Flood, which covers the whole labyrinth: all tacks lying on the
//!   board are discarded when it comes into play.
//! - **Create Door** is made on an open border line inside the board (not
//!   on its edge, like Create Wall) or in a printed stone wall, undamaged
//!   or cracked (not an outer wall, a created wall, a door or a Wall of
//!   Fire: "stone walls only"). The door is a creation of a permanent,
//!   maintained spell; it is unlocked for its creator alone, wherever it
//!   stands (even in another's home sector), and he may hold it open like
//!   any door unlocked for him, at once if he stands beside it (`hold_door`
//!   after the spell resolves). A door takes 3 cracks like any door; broken,
//!   its spell ends and the line stays open. When the spell ends with the
//!   door standing, the line is given back as it was: open, or the stone
//!   wall with the cracks it had.
//! - **Dust Cloud** fills an empty square (no home base) as a creation of
//!   a permanent, maintained spell. Sight through it is blocked; from inside
//!   it one sees only one's own square (so only spells on oneself or one's
//!   square), and a wizard inside is hidden from everyone outside; the
//!   cloud itself is seen (to be dispelled). It cannot be damaged. Entering
//!   costs as usual. Every `move` out of it ignores the direction named:
//!   the die is rolled (1 north, 2 east, 3 south, 4 west); an open way
//!   takes him there for 1 movement point, a wall, a locked door or a Stone
//!   Block costs him 1 movement point and he stays, to try again while
//!   points remain. Only his own moves are rolled: a push, knock-back or
//!   Teleport takes him out where it says.
//! - **Booby Trap** is cast on one square (`target`) with the three others
//!   and the live one named in its option (`tokens`); all four must be
//!   different empty squares, no home base (p.14), anywhere on the board.
//!   It is a permanent, maintained spell. The four tokens are public, laid
//!   in board order; which is live is told to the caster alone
//!   (`trap_armed`, and the option's `live` is hidden from the others).
//!   An enemy wizard or creature (not the caster's own) entering a token's
//!   square by any way turns it up: the live one deals 4 magical damage,
//!   not an attack, and the spell ends with all its tokens; a dud is just
//!   discarded. Limits of the engine: Dispel names a spell, not a token, so
//!   dispelling a Booby Trap clears all its tokens at once (the data has
//!   each token dispelled on its own); damage cannot strike a token.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::CardName;
use super::super::casting::{CastKind, Casting, SpellOption, SpellTarget};
use super::super::choices::Choice;
use super::super::commands::Command;
use super::super::creatures;
use super::super::damage;
use super::super::durations;
use super::super::effects::{InPlay, Triggers};
use super::super::events::Event;
use super::super::labyrinth::Square;
use super::super::movement;
use super::super::objects::{BushKind, CardId, Creation};
use super::super::state::{State, Tx};
use super::super::treasures::{TreasureId, TreasureLocation};
use super::super::violations::RuleViolation;
use super::rules::{CardRules, UseRules};
use super::{damage_wizard, elemental, hit_target};

/// Shield reduces the damage of one attack by its energy + 2, as the card
/// reads. The rulebook's example (p.15) reduces an unboosted Fireball by only
/// 2; the Golden Rule makes the card win (data §8), so it reduces by 3.
pub const SHIELD_BONUS: u8 = 2;

/// Ka-Bong!: 4 physical damage (data §2.3).
pub const KA_BONG_DAMAGE: u8 = 4;
/// Ka-Bong!: a wizard it hurts is stunned one turn (data §2.3).
pub const KA_BONG_STUN: u8 = 1;
/// Fire Darts: each dart deals 1 magical fire damage (data §2.3).
pub const FIRE_DART_DAMAGE: u8 = 1;

/// Shield answers an attack aimed at the answering wizard.
pub fn check_shield(_state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    let aimed = matches!(top.target, SpellTarget::Wizard { seat: s } if s == seat);
    if !top.attack || top.kind == CastKind::Counter || !aimed {
        return Err(RuleViolation::CounterDoesNotApply(
            "Shield answers only an attack aimed at you",
        ));
    }
    Ok(())
}

/// Ka-Bong!: 4 physical damage; a wizard who takes any of it is stunned a turn.
pub fn ka_bong(tx: &mut Tx, cast: &Casting) {
    let dealt = hit_target(tx, cast, KA_BONG_DAMAGE, None);
    if let SpellTarget::Wizard { seat } = cast.target
        && dealt > 0
        && tx.state.wizard(seat).alive
    {
        tx.emit(Event::WizardStunned {
            seat,
            tokens: KA_BONG_STUN,
        });
    }
}

/// Swap moves the caster's wizard, so the moving rules of his turn apply.
///
/// # Errors
/// `stunned_and_attacked`, `no_more_moving`, `invalid_target`.
pub fn check_swap(state: &State, seat: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    let turn = state.move_and_cast(seat)?;
    super::super::movement::may_leave_square(state, turn)?;
    match target {
        SpellTarget::Wizard { .. } => Ok(()),
        _ => Err(RuleViolation::InvalidTarget(
            "Swap trades places with a wizard",
        )),
    }
}

/// Swap: the two wizards trade squares; the caster moves no more this turn.
pub fn swap(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat: with } = cast.target else {
        return;
    };
    let (caster, other) = (tx.state.wizard(cast.seat), tx.state.wizard(with));
    if !caster.alive || !other.alive {
        return;
    }
    tx.emit(Event::WizardsSwapped {
        seat: cast.seat,
        square: caster.square,
        with,
        with_square: other.square,
    });
    // Swap forbids the caster any further movement, as Teleport does.
    if tx.state.turn.as_ref().is_some_and(|t| t.seat == cast.seat) {
        tx.emit(Event::MovingEnded { seat: cast.seat });
    }
    movement::close_doors_left_behind(tx, cast.seat);
    movement::close_doors_left_behind(tx, with);
    movement::entered(tx, cast.seat);
    movement::entered(tx, with);
}

/// Fire Darts: one dart per point of energy, each its own source of 1 fire
/// damage; a reducing counter (Shield) stops the first dart only.
pub fn fire_darts(tx: &mut Tx, cast: &Casting) {
    let later = Casting {
        reduction: 0,
        ..cast.clone()
    };
    for dart in 0..cast.energy {
        let this = if dart == 0 { cast } else { &later };
        if let SpellTarget::Wizard { seat } = cast.target
            && !tx.state.wizard(seat).alive
        {
            return;
        }
        if let SpellTarget::Object { card } = cast.target
            && tx.state.object_square(card).is_none()
        {
            return;
        }
        hit_target(
            tx,
            this,
            FIRE_DART_DAMAGE,
            Some(super::super::cards::Trait::Fire),
        );
    }
}

/// Glue holds only what lies loose on the board.
///
/// # Errors
/// `invalid_target`.
pub fn check_glue(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    let loose = match target {
        SpellTarget::Object { card } => state.object_of_card(card).is_some(),
        SpellTarget::Treasure { treasure } => state
            .treasures
            .iter()
            .any(|t| t.id == treasure && matches!(t.location, TreasureLocation::Lying { .. })),
        _ => false,
    };
    if loose {
        Ok(())
    } else {
        Err(RuleViolation::InvalidTarget(
            "Glue sticks a dropped item or a treasure lying on the board",
        ))
    }
}

/// Rosebush: 3 physical damage to whoever enters it (data §2.3).
pub const ROSEBUSH_PRICK: u8 = 3;
/// Thornbush: 1 physical damage to whoever enters it (data §2.3).
pub const THORNBUSH_PRICK: u8 = 1;
/// Thornbush: a wizard it hurts is stunned one turn (data §2.3).
pub const THORNBUSH_STUN: u8 = 1;

/// A bush grows like any creation: in an empty square that is no home base.
///
/// # Errors
/// `invalid_target`.
pub fn check_bush(state: &State, caster: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    elemental::check_creation_square(state, caster, target, "a bush grows in a square")
}

pub fn grow_bush(tx: &mut Tx, cast: &Casting, kind: BushKind) {
    if let Some(square) = tx.state.empty_target_square(cast.target) {
        tx.emit(Event::ObjectCreated {
            seat: cast.seat,
            creation: Creation::Bush {
                card: cast.card,
                square,
                bush: kind,
            },
        });
    }
}

/// Whether `card` is a bush on the board.
pub fn is_bush(state: &State, card: CardId) -> bool {
    state
        .creations
        .iter()
        .any(|c| matches!(c, Creation::Bush { card: id, .. } if *id == card))
}

/// Damage to a bush: one crack or any fire that gets through kills it.
pub fn damage_bush(
    tx: &mut Tx,
    card: CardId,
    amount: u8,
    element: Option<super::super::cards::Trait>,
    attacker: Option<Seat>,
) {
    if amount == 0 {
        return;
    }
    let cracks = damage::cracks_by(tx, amount, attacker);
    let burnt = element == Some(super::super::cards::Trait::Fire);
    let view = tx.state.card_view(card);
    tx.emit(Event::ObjectDamaged {
        card: view,
        damage: amount,
        cracks_added: cracks,
        cracks,
    });
    if cracks > 0 || burnt {
        durations::end_spell_in_play(tx, card);
    }
}

/// A wizard has just come into his square: a bush there pricks him (not an
/// attack); a Thornbush stuns him and, on his own turn, ends his Move and Cast.
pub fn entered(tx: &mut Tx, seat: Seat) {
    let wizard = tx.state.wizard(seat);
    if !wizard.alive {
        return;
    }
    let square = wizard.square;
    if tacks_in(&tx.state, square) {
        damage_wizard(tx, None, seat, TACKS_DAMAGE, None, None);
        if !tx.state.wizard(seat).alive {
            return;
        }
    }
    spring_traps(tx, Some(seat), None, square);
    if !tx.state.wizard(seat).alive {
        return;
    }
    let Some((_, kind)) = tx.state.bush_in(square) else {
        return;
    };
    match kind {
        BushKind::Rose => {
            damage_wizard(tx, None, seat, ROSEBUSH_PRICK, None, None);
        }
        BushKind::Thorn => {
            let dealt = damage_wizard(tx, None, seat, THORNBUSH_PRICK, None, None);
            if dealt > 0 && tx.state.wizard(seat).alive {
                tx.emit(Event::WizardStunned {
                    seat,
                    tokens: THORNBUSH_STUN,
                });
            }
            let his_move = tx.state.turn.as_ref().is_some_and(|t| {
                t.seat == seat && t.phase == super::super::state::Phase::MoveAndCast
            });
            if his_move && tx.state.wizard(seat).alive {
                tx.emit(Event::MoveAndCastEnded { seat });
            }
        }
    }
}

/// A creature has just come into `square`: a bush or tacks there prick it.
pub fn creature_entered(tx: &mut Tx, card: CardId, square: Square) {
    if tacks_in(&tx.state, square) {
        creatures::hurt(tx, card, TACKS_DAMAGE);
    }
    if tx.state.creature(card).is_some() {
        spring_traps(tx, None, Some(card), square);
    }
    if tx.state.creature(card).is_none() {
        return;
    }
    match tx.state.bush_in(square) {
        Some((_, BushKind::Rose)) => creatures::hurt(tx, card, ROSEBUSH_PRICK),
        Some((_, BushKind::Thorn)) => creatures::hurt(tx, card, THORNBUSH_PRICK),
        None => {}
    }
}

/// Handful of Tacks: 3 physical damage to whoever enters them (data §2.3).
pub const TACKS_DAMAGE: u8 = 3;

/// Whether tacks lie in `square`.
pub fn tacks_in(state: &State, square: Square) -> bool {
    state
        .objects
        .iter()
        .any(|o| o.square == square && state.cards[o.card.index()] == CardName::HandfulOfTacks)
}

/// Tacks are strewn on an empty square next to their carrier (his own
/// square is strewn by dropping them).
///
/// # Errors
/// `invalid_target`.
pub fn check_strew(state: &State, seat: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    let SpellTarget::Square { square } = target else {
        return Err(RuleViolation::InvalidTarget("tacks are strewn on a square"));
    };
    if square != state.wizard(seat).square && !state.is_empty_square(square) {
        return Err(RuleViolation::InvalidTarget("the square is not empty"));
    }
    Ok(())
}

/// The tacks leave their carrier's hands for the square.
pub fn strew(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Square { square } = cast.target else {
        return;
    };
    let wizard = tx.state.wizard(cast.seat);
    if !wizard.alive || !wizard.carried.contains(&cast.card) {
        return;
    }
    let card = tx.state.card_view(cast.card);
    tx.emit(Event::ItemDropped {
        seat: cast.seat,
        card,
        square,
    });
}

/// Gathering tacks takes a whole Move and Cast phase, from beside them.
///
/// # Errors
/// `not_here`, `gathering_takes_the_whole_phase`, `glued`, `hand_full`, and
/// the turn's own refusals.
pub fn gather_tacks(tx: &mut Tx, seat: Seat, card: CardId) -> Result<(), RuleViolation> {
    let state = &tx.state;
    let turn = state.move_and_cast(seat)?;
    let here = state.wizard(seat).square;
    let beside = state
        .object_of_card(card)
        .is_some_and(|o| state.with_sight(|s| s.adjacent(here, o.square)));
    if !beside {
        return Err(RuleViolation::NotHere);
    }
    if turn.moved || turn.attacked() {
        return Err(RuleViolation::GatheringTakesTheWholePhase);
    }
    if super::super::effects::held_in_place(state, SpellTarget::Object { card }) {
        return Err(RuleViolation::Glued);
    }
    let limit = super::super::effects::hand_limit(state, seat);
    if super::super::effects::carried_items_count(state, seat) && state.hand_total(seat) >= limit {
        return Err(RuleViolation::HandFull { limit });
    }
    let card = state.card_view(card);
    let speed = super::super::effects::speed(state, seat);
    tx.emit(Event::ItemPickedUp {
        seat,
        card,
        cost: 0,
    });
    super::super::effects::after_pick_up(tx, seat);
    super::super::effects::adjust_movement(tx, seat, speed);
    tx.emit(Event::MoveAndCastEnded { seat });
    Ok(())
}

/// A flood washes every strewn handful of tacks away.
pub fn wash_away_tacks(tx: &mut Tx) {
    let strewn: Vec<CardId> = tx
        .state
        .objects
        .iter()
        .filter(|o| tx.state.cards[o.card.index()] == CardName::HandfulOfTacks)
        .map(|o| o.card)
        .collect();
    for card in strewn {
        let card = tx.state.card_view(card);
        tx.emit(Event::ItemDestroyed { seat: None, card });
    }
}

/// A door is made on an open line inside the board or in a printed stone wall.
///
/// # Errors
/// `invalid_target`.
pub fn check_create_door(state: &State, target: SpellTarget) -> Result<(), RuleViolation> {
    use super::super::labyrinth::Barrier;
    let SpellTarget::Line { line } = target else {
        return Err(RuleViolation::InvalidTarget(
            "a door is made on a border line",
        ));
    };
    if state.labyrinth.is_edge_line(line) {
        return Err(RuleViolation::InvalidTarget(
            "no door can be made on the edge of the board",
        ));
    }
    let created = state.creations.iter().any(|c| c.line() == Some(line));
    match state.labyrinth.barrier(line) {
        _ if created => Err(RuleViolation::InvalidTarget(
            "a door is made only in a printed stone wall or an open line",
        )),
        None | Some(Barrier::StoneWall { .. }) => Ok(()),
        Some(_) => Err(RuleViolation::InvalidTarget(
            "a door is made only in a printed stone wall or an open line",
        )),
    }
}

pub fn create_door(tx: &mut Tx, cast: &Casting) {
    use super::super::labyrinth::Barrier;
    let SpellTarget::Line { line } = cast.target else {
        return;
    };
    let wall = match tx.state.labyrinth.barrier(line) {
        None => None,
        Some(Barrier::StoneWall { cracks }) => Some(cracks),
        // The line changed while the spell waited (a door or wall came).
        Some(_) => return,
    };
    if tx.state.creations.iter().any(|c| c.line() == Some(line)) {
        return;
    }
    tx.emit(Event::ObjectCreated {
        seat: cast.seat,
        creation: Creation::Door {
            card: cast.card,
            line,
            wall,
        },
    });
}

pub fn raise_dust(tx: &mut Tx, cast: &Casting) {
    if let Some(square) = tx.state.empty_target_square(cast.target) {
        tx.emit(Event::ObjectCreated {
            seat: cast.seat,
            creation: Creation::DustCloud {
                card: cast.card,
                square,
            },
        });
    }
}

/// A step out of a Dust Cloud goes where the die says; a wall bumped costs
/// the movement point all the same.
pub fn grope_out_of_dust(tx: &mut Tx, seat: Seat, rng: &mut GameRng) {
    if !movement::random_move(tx, seat, rng, 1) {
        tx.emit(Event::MovementChanged { seat, by: -1 });
    }
}

/// Booby Trap: 4 magical damage when the live token is turned (data §2.3).
pub const BOOBY_TRAP_DAMAGE: u8 = 4;

/// The four tokens' squares of a Booby Trap cast, the live one's index.
fn trap_squares(target: SpellTarget, option: Option<SpellOption>) -> Option<([Square; 4], u8)> {
    match (target, option) {
        (
            SpellTarget::Square { square },
            Some(SpellOption::Tokens {
                squares: [a, b, c],
                live: Some(live),
            }),
        ) if live < 4 => Some(([square, a, b, c], live)),
        _ => None,
    }
}

/// Four different empty squares, none a home base, and one of them live.
///
/// # Errors
/// `bad_option`, `invalid_target`.
pub fn check_booby_trap(
    state: &State,
    caster: Seat,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    let Some((squares, _)) = trap_squares(target, option) else {
        return Err(RuleViolation::BadOption(
            "lay the trap on a square, naming three more squares and the live token (0-3)",
        ));
    };
    for (i, square) in squares.iter().enumerate() {
        if squares[..i].contains(square) {
            return Err(RuleViolation::InvalidTarget(
                "the four tokens lie on four different squares",
            ));
        }
        elemental::check_creation_square(
            state,
            caster,
            SpellTarget::Square { square: *square },
            "a token lies on a square",
        )?;
    }
    Ok(())
}

/// The tokens are laid face down, in board order so that their order tells
/// nothing; the caster alone learns which is live.
pub fn set_booby_trap(tx: &mut Tx, cast: &Casting) {
    let Some((squares, live)) = trap_squares(cast.target, cast.option) else {
        return;
    };
    let live = squares[usize::from(live)];
    let mut laid = squares.to_vec();
    laid.sort();
    for square in laid {
        if tx.state.is_empty_square(square) {
            tx.emit(Event::ObjectCreated {
                seat: cast.seat,
                creation: Creation::TrapToken {
                    card: cast.card,
                    square,
                },
            });
            if square == live {
                tx.emit(Event::TrapArmed {
                    seat: cast.seat,
                    card: cast.card,
                    square,
                });
            }
        }
    }
}

/// An enemy (a wizard `seat`, or a creature `creature`) came into `square`:
/// the other casters' tokens there are turned up.
fn spring_traps(tx: &mut Tx, seat: Option<Seat>, creature: Option<CardId>, square: Square) {
    let owner = seat.or_else(|| creature.and_then(|c| tx.state.creature(c)).map(|c| c.owner));
    let tokens: Vec<CardId> = tx
        .state
        .creations
        .iter()
        .filter_map(|c| match c {
            Creation::TrapToken { card, square: s } if *s == square => Some(*card),
            _ => None,
        })
        .filter(|card| tx.state.find_spell(*card).map(|s| s.caster) != owner)
        .collect();
    for card in tokens {
        let live = tx.state.armed_traps.contains(&(card, square));
        tx.emit(Event::TrapTokenTurned { card, square, live });
        if !live {
            continue;
        }
        match (seat, creature) {
            (Some(seat), _) => {
                damage_wizard(tx, None, seat, BOOBY_TRAP_DAMAGE, None, None);
            }
            (None, Some(card)) => creatures::hurt(tx, card, BOOBY_TRAP_DAMAGE),
            _ => {}
        }
        durations::end_spell_in_play(tx, card);
        let gone = seat.is_some_and(|s| !tx.state.wizard(s).alive)
            || creature.is_some_and(|c| tx.state.creature(c).is_none());
        if gone {
            return;
        }
    }
}

/// Ward: 3 magical damage to the thief (data §2.3).
pub const WARD_DAMAGE: u8 = 3;
/// Ward: the thief lets the treasure fall on a die roll of this or less.
pub const WARD_DROPS_AT_MOST: u8 = 2;

/// After a wizard picks up an enemy's treasure, its owner is asked whether
/// he answers with a Ward — in every game whose deck holds a Ward, whether
/// or not he does, so that being asked reveals nothing; his yield policy
/// may pass it for him.
pub fn open_ward_window(tx: &mut Tx, thief: Seat, treasure: TreasureId) {
    let owner = tx.state.treasure(treasure).owner;
    let owner_alive = tx.state.find_wizard(owner).is_some_and(|w| w.alive);
    if owner == thief || !owner_alive || tx.state.is_over() || tx.state.choice.is_some() {
        return;
    }
    if !tx.state.cards.contains(&CardName::Ward)
        || !super::super::yield_policies::asks_about_theft(&tx.state, owner)
    {
        return;
    }
    tx.emit(Event::ChoiceAwaited {
        choice: Choice::Ward {
            seat: owner,
            thief,
            treasure,
        },
    });
}

/// Ward played from `owner`'s hand against the `thief` of his treasure: 3
/// magical damage (not an attack: a counter, so no victory point for a
/// kill), then the thief rolls and lets the treasure fall on 1–2. Ward is
/// bound to the treasure, not to its owner's sight, so it needs none.
///
/// # Errors
/// `card_not_in_hand`, `counter_does_not_apply`, `bad_option`.
pub fn ward(
    tx: &mut Tx,
    owner: Seat,
    card: CardId,
    energy: Option<CardId>,
    thief: Seat,
    treasure: TreasureId,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    if !tx.state.wizard(owner).hand.contains(&card) {
        return Err(RuleViolation::CardNotInHand);
    }
    if tx.state.cards[card.index()] != CardName::Ward {
        return Err(RuleViolation::CounterDoesNotApply(
            "only a Ward answers the theft of a treasure",
        ));
    }
    if energy.is_some() {
        return Err(RuleViolation::BadOption(
            "Ward's damage is fixed: it takes no energy",
        ));
    }
    tx.emit(Event::ChoiceMade { seat: owner });
    let card = tx.state.card_view(card);
    tx.emit(Event::WardPlayed {
        seat: owner,
        card,
        thief,
    });
    damage_wizard(tx, None, thief, WARD_DAMAGE, None, None);
    let wizard = tx.state.wizard(thief);
    if wizard.alive && tx.state.carried_treasure(thief) == Some(treasure) {
        let square = wizard.square;
        let value = rng.roll(4);
        tx.emit(Event::DieRolled { value });
        if value <= WARD_DROPS_AT_MOST {
            super::super::treasures::put_down(tx, thief, treasure, square);
        }
    }
    super::super::winning::check(tx);
    Ok(())
}

pub const KA_BONG: CardRules = CardRules {
    check: |c| super::check_damage_target(c.state, c.target, None),
    resolve: |tx, cast, _, _| ka_bong(tx, cast),
    ..CardRules::BASE
};

pub const SWAP: CardRules = CardRules {
    check: |c| check_swap(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| swap(tx, cast),
    ..CardRules::BASE
};

pub const FIRE_DARTS: CardRules = CardRules {
    check: |c| {
        super::check_damage_target(c.state, c.target, Some(super::super::cards::Trait::Fire))
    },
    resolve: |tx, cast, _, _| fire_darts(tx, cast),
    ..CardRules::BASE
};

/// Glue: its effect is being in play.
pub const GLUE: CardRules = CardRules {
    check: |c| check_glue(c.state, c.target),
    in_play: InPlay {
        holds_its_target: true,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

pub const CREATE_DOOR: CardRules = CardRules {
    check: |c| check_create_door(c.state, c.target),
    resolve: |tx, cast, _, _| create_door(tx, cast),
    ..CardRules::BASE
};

pub const DUST_CLOUD: CardRules = CardRules {
    triggers: Triggers {
        left: Some(grope_out_of_dust),
        ..Triggers::NONE
    },
    check: |c| elemental::check_creation_square(c.state, c.seat, c.target, "dust fills a square"),
    resolve: |tx, cast, _, _| raise_dust(tx, cast),
    ..CardRules::BASE
};

pub const BOOBY_TRAP: CardRules = CardRules {
    listed_options: |state, target| {
        let SpellTarget::Square { square } = target else {
            return vec![None];
        };
        // Three other empty squares, the first the board offers.
        let others: Vec<Square> = state
            .labyrinth
            .squares()
            .filter(|s| {
                *s != square
                    && state.is_empty_square(*s)
                    && state.labyrinth.home_base_owner(*s).is_none()
            })
            .take(3)
            .collect();
        match others.as_slice() {
            [a, b, c] => vec![Some(SpellOption::Tokens {
                squares: [*a, *b, *c],
                live: Some(0),
            })],
            _ => vec![None],
        }
    },
    check: |c| check_booby_trap(c.state, c.seat, c.target, c.option),
    resolve: |tx, cast, _, _| set_booby_trap(tx, cast),
    ..CardRules::BASE
};

pub const ROSEBUSH: CardRules = CardRules {
    check: |c| check_bush(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| grow_bush(tx, cast, BushKind::Rose),
    ..CardRules::BASE
};

pub const THORNBUSH: CardRules = CardRules {
    check: |c| check_bush(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| grow_bush(tx, cast, BushKind::Thorn),
    ..CardRules::BASE
};

/// Shield takes its energy plus 2 off the attack's damage.
pub const SHIELD: CardRules = CardRules {
    answer: Some(|a| check_shield(a.state, a.seat, a.top)),
    answered: |tx, counter, below| {
        let card = tx.state.card_view(below.card);
        let by = tx.state.card_view(counter.card);
        tx.emit(Event::DamageReduced {
            card,
            by,
            amount: counter.energy + SHIELD_BONUS,
        });
    },
    ..CardRules::BASE
};

/// Ward answers a theft (its own choice), never a cast.
pub const WARD: CardRules = CardRules {
    answer: Some(|_| {
        Err(RuleViolation::CounterDoesNotApply(
            "a Ward answers only the theft of one of your treasures",
        ))
    }),
    answers_theft: true,
    triggers: Triggers {
        treasure_taken: Some(open_ward_window),
        choice_answered: Some(|tx, owner, choice, command, rng| match (choice, command) {
            (
                Choice::Ward {
                    thief, treasure, ..
                },
                Command::PlayCounter { card, energy, .. },
            ) => Some(ward(tx, owner, *card, *energy, thief, treasure, rng)),
            // Letting the treasure go: no Ward is played.
            (Choice::Ward { .. }, Command::Pass) => {
                tx.emit(Event::ChoiceMade { seat: owner });
                Some(Ok(()))
            }
            _ => None,
        }),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

/// Handful of Tacks: strewn from the play area.
pub const HANDFUL_OF_TACKS: CardRules = CardRules {
    // What lies in a square bites whoever enters it: the tacks, and with
    // them (one function, so the order of the bites stays one) Booby Trap
    // tokens and bushes.
    triggers: Triggers {
        lies_in_wait: Some(entered),
        creature_entered: Some(creature_entered),
        ..Triggers::NONE
    },
    // Lying on the board, they are gathered, not picked up.
    in_play: InPlay {
        picked_up: Some(gather_tacks),
        ..InPlay::NONE
    },
    used: Some(UseRules {
        attack: false,
        check: check_strew,
        resolve: |tx, cast, _| strew(tx, cast),
        ..UseRules::ATTACK
    }),
    ..CardRules::BASE
};
