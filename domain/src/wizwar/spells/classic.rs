//! What the cards of the classic edition do (the French rules text, cited
//! by its sections; `classic-wizwar-facts.md` for what other sources say).
//! One `CardRules` value a card; the values designed where no source says
//! are listed in [`crate::wizwar::classic`]'s "Designed values".

use crate::rng::GameRng;
use crate::ruleset::Seat;
use crate::wizwar::cards::ClassicCardName;

use super::super::cards::CardName;
use super::super::casting::{CastKind, Casting, SpellTarget};
use super::super::effects::{InPlay, Triggers};
use super::super::events::Event;
use super::super::labyrinth::{Direction, Square, StepKind};
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;
use super::rules::{CardRules, no_choices};
use super::{check_damage_target, hit_target, threatens};

/// Shrink: a shrunk wizard moves one square less (designed).
pub const SHRINK_SPEED: i16 = -1;
/// Shrink: the lowest d4 roll on which an attack misses a shrunk wizard
/// (designed, after the later edition's 1–2 to hit).
pub const SHRINK_EVADES_FROM: u8 = 3;
/// Trap: damage to whoever draws it after the deal (designed).
pub const TRAP_DAMAGE: u8 = 2;
/// Speed: squares it adds besides its number card (designed).
pub const SPEED_BONUS: i16 = 1;

/// "Les cartes nombre": a card's power or duration is its number card, or
/// 1 without one; counteractions may have stopped part of it since.
fn power(cast: &Casting, victim: Seat) -> u8 {
    cast.after_counters(victim, cast.energy)
}

/// Lightning Blast ("Les cartes nombre": "un sort LIGHTNING BLAST avec une
/// carte 5 causerait 5 points de dommages … plus un tour d'étourdissement"):
/// magical damage equal to its number; a wizard it hurts loses a turn.
pub fn lightning_blast(tx: &mut Tx, cast: &Casting) {
    let dealt = hit_target(tx, cast, cast.energy, None);
    if let SpellTarget::Wizard { seat } = cast.target
        && dealt > 0
        && tx.state.wizard(seat).alive
    {
        tx.emit(Event::WizardStunned { seat, tokens: 1 });
    }
}

/// Medusa: the wizard it reaches loses as many turns as its number
/// ("Objets": it paralyses; that lets nobody take his belongings).
pub fn medusa(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat } = cast.target else {
        return;
    };
    if cast.shielded.contains(&seat) || !tx.state.wizard(seat).alive {
        return;
    }
    let turns = power(cast, seat);
    if turns > 0 {
        tx.emit(Event::WizardStunned {
            seat,
            tokens: turns,
        });
    }
}

/// A shrunk wizard evades an attack on a d4 roll of 3 or 4 (recorded).
pub fn shrunk_evades(tx: &mut Tx, rng: &mut GameRng) -> bool {
    let value = rng.roll(4);
    tx.emit(Event::DieRolled { value });
    value >= SHRINK_EVADES_FROM
}

/// Drag pulls in a straight line: the target stands in the caster's row or
/// column.
///
/// # Errors
/// `invalid_target`, `bad_option`.
pub fn check_drag(
    state: &State,
    seat: Seat,
    target: SpellTarget,
    option: Option<super::super::casting::SpellOption>,
) -> Result<(), RuleViolation> {
    if option.is_some() {
        return Err(RuleViolation::BadOption("Drag has no choices"));
    }
    let SpellTarget::Wizard { seat: other } = target else {
        return Err(RuleViolation::InvalidTarget("Drag pulls a wizard"));
    };
    let (from, to) = (state.wizard(other).square, state.wizard(seat).square);
    if toward(from, to).is_none() {
        return Err(RuleViolation::InvalidTarget(
            "Drag pulls a wizard in your row or column",
        ));
    }
    Ok(())
}

/// The direction from `from` straight to `to`, if they share a row or column.
fn toward(from: Square, to: Square) -> Option<Direction> {
    match (from.row.cmp(&to.row), from.col.cmp(&to.col)) {
        (std::cmp::Ordering::Equal, std::cmp::Ordering::Less) => Some(Direction::East),
        (std::cmp::Ordering::Equal, std::cmp::Ordering::Greater) => Some(Direction::West),
        (std::cmp::Ordering::Less, std::cmp::Ordering::Equal) => Some(Direction::South),
        (std::cmp::Ordering::Greater, std::cmp::Ordering::Equal) => Some(Direction::North),
        _ => None,
    }
}

/// Drag ("Objets": players are not objects, but DRAG may drag them): the
/// wizard is pulled toward the caster, one square a point of power, never
/// across a wall or door nor into a filled square, and no farther than
/// the caster's square.
pub fn drag(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat } = cast.target else {
        return;
    };
    if cast.shielded.contains(&seat) || !tx.state.wizard(seat).alive {
        return;
    }
    let start = tx.state.wizard(seat).square;
    let caster = tx.state.wizard(cast.seat).square;
    let Some(direction) = toward(start, caster) else {
        return;
    };
    let mut at = start;
    for _ in 0..power(cast, seat) {
        if at == caster {
            break;
        }
        let Some(step) = tx.state.labyrinth.step(at, direction) else {
            break;
        };
        let blocked = step.kind != StepKind::Adjacent
            || step
                .lines
                .iter()
                .flatten()
                .any(|l| tx.state.labyrinth.barrier(*l).is_some())
            || tx.state.fills_square(step.to);
        if blocked {
            break;
        }
        at = step.to;
    }
    if at != start {
        tx.emit(Event::WizardDragged {
            seat,
            by: cast.seat,
            from: start,
            to: at,
        });
    }
}

/// Speed: more squares this turn, its number and one besides.
pub fn speed(tx: &mut Tx, cast: &Casting) {
    tx.emit(Event::MovementChanged {
        seat: cast.seat,
        by: i16::from(cast.energy) + SPEED_BONUS,
    });
}

/// Whether a cast's damage is physical ("Les dommages physiques … un coup,
/// une dague, un gros rocher, un mur qui s'écroule"); all other damage is
/// magical.
pub fn deals_physical_damage(name: CardName) -> bool {
    super::super::edition::PHYSICAL_DAMAGE.contains(&name)
}

/// A classic counteraction answers an attack on its player ("par le joueur
/// qui a été attaqué"), indirect damage to him, or a counter to his own
/// cast ("contrer une carte contre attaque");
/// `physical_only`: Blunt answers physical damage alone.
///
/// # Errors
/// `counter_does_not_apply`.
pub fn check_counteraction(
    state: &State,
    seat: Seat,
    top: &Casting,
    physical_only: bool,
) -> Result<(), RuleViolation> {
    if top.kind == CastKind::Counter {
        // "Vous pouvez contrer cette contre-attaque": whose cast it answers.
        let below = state.stack.len().checked_sub(2).map(|i| &state.stack[i]);
        return if below.is_some_and(|b| b.seat == seat) && top.seat != seat {
            Ok(())
        } else {
            Err(RuleViolation::CounterDoesNotApply(
                "only the one whose cast it answers may counter a counter",
            ))
        };
    }
    let aimed = top.attack && threatens(state, top, seat);
    let hurts_indirectly = super::rules::rules(state.cast_name(top)).hurts_indirectly;
    if !aimed && !hurts_indirectly(state, seat, top) {
        return Err(RuleViolation::CounterDoesNotApply(
            "a counteraction answers an attack on you or damage falling on you",
        ));
    }
    if physical_only && !deals_physical_damage(state.cast_name(top)) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Blunt answers physical damage only",
        ));
    }
    Ok(())
}

/// Trap is never cast: it acts when it is drawn.
///
/// # Errors
/// `not_castable`.
pub fn check_trap() -> Result<(), RuleViolation> {
    Err(RuleViolation::NotCastable(
        "a Trap is never played: it springs when it is drawn",
    ))
}

/// Whether a card acts when it is drawn.
pub fn is_trap(name: CardName) -> bool {
    name == CardName::Classic(ClassicCardName::Trap)
}

/// A Trap on top of `seat`'s deck is turned up for all to see and
/// discarded: at the deal the deck is reshuffled and the deal goes on
/// ("Mise en place": "défaussez la et remélangez le paquet"); drawn later
/// it springs on him (designed: 2 physical damage). It never reaches a
/// hand, so no hand's secret is shown. Returns whether there was one.
pub fn turn_up_trap(tx: &mut Tx, seat: Seat, rng: &mut GameRng) -> bool {
    let Some(&top) = tx.state.deck_of(seat).first() else {
        return false;
    };
    if !is_trap(tx.state.cards[top.index()]) {
        return false;
    }
    let card = tx.state.card_view(top);
    let dealt = tx.state.turn.is_none();
    tx.emit(Event::TrapTurnedUp { seat, card, dealt });
    if dealt {
        let mut order = tx.state.deck_of(seat).to_vec();
        rng.shuffle(&mut order);
        tx.emit(Event::DeckReshuffled {
            size: order.len() as u16,
            order: crate::kit::Secret::new(crate::kit::Keeper::Referee, order),
        });
    } else if tx.state.wizard(seat).alive {
        super::damage_wizard_by(
            tx,
            CardName::Classic(ClassicCardName::Trap),
            None,
            seat,
            TRAP_DAMAGE,
            None,
            None,
        );
    }
    true
}

pub const LIGHTNING_BLAST: CardRules = CardRules {
    check: |c| {
        no_choices(c)?;
        check_damage_target(c.state, c.target, None)
    },
    resolve: |tx, cast, _, _| lightning_blast(tx, cast),
    ..CardRules::BASE
};

pub const MEDUSA: CardRules = CardRules {
    resolve: |tx, cast, _, _| medusa(tx, cast),
    ..CardRules::BASE
};

pub const SHRINK: CardRules = CardRules {
    check: |c| {
        no_choices(c)?;
        let on_him = |s: Seat| {
            c.state.spells.iter().any(|sp| {
                sp.name == CardName::Classic(ClassicCardName::Shrink)
                    && match sp.target {
                        SpellTarget::Wizard { seat } => seat == s,
                        _ => sp.caster == s,
                    }
            })
        };
        let victim = match c.target {
            SpellTarget::Wizard { seat } => seat,
            _ => c.seat,
        };
        if on_him(victim) {
            return Err(RuleViolation::InvalidTarget(
                "that wizard is shrunk already",
            ));
        }
        Ok(())
    },
    in_play: InPlay {
        speed_bonus: SHRINK_SPEED,
        evasion: Some(shrunk_evades),
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

pub const DRAG: CardRules = CardRules {
    check: |c| check_drag(c.state, c.seat, c.target, c.option),
    resolve: |tx, cast, _, _| drag(tx, cast),
    ..CardRules::BASE
};

pub const SPEED: CardRules = CardRules {
    resolve: |tx, cast, _, _| speed(tx, cast),
    ..CardRules::BASE
};

pub const ABSORB: CardRules = CardRules {
    answer: Some(|a| check_counteraction(a.state, a.seat, a.top, false)),
    answered: super::stop_answered,
    ..CardRules::BASE
};

pub const BLUNT: CardRules = CardRules {
    answer: Some(|a| check_counteraction(a.state, a.seat, a.top, true)),
    answered: super::stop_answered,
    ..CardRules::BASE
};

pub const TRAP: CardRules = CardRules {
    check: |_| check_trap(),
    triggers: Triggers {
        turned_up: Some(turn_up_trap),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

/// Illusion Wall: cast as a Create Wall, its wall falls at its first point
/// of damage.
pub const ILLUSION_WALL: CardRules = CardRules {
    triggers: Triggers {
        falls_at_first_point: true,
        ..Triggers::NONE
    },
    ..super::cantrip::CREATE_WALL
};
