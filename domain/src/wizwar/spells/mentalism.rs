//! Mentalism: Absorb Spell, Meditate, Pain Link, Powerthrust, Psychic Storm,
//! Share Life, Shatter, Teleport (Shield is in [`super::conjuring`], Pick
//! Lock in [`super::cantrip`]), Brain Burn and Thought Steal (whose choices
//! are in [`super::super::choices`]), Mental Force (likewise) and Astral
//! Projection.

use std::collections::BTreeSet;

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::casting::{CastKind, Casting, SpellTarget};
use super::super::choices::Choice;
use super::super::commands::Command;
use super::super::effects::{InPlay, Triggers};
use super::super::events::Event;
use super::super::labyrinth::{Direction, Square};
use super::super::line_of_sight::SightTarget;
use super::super::movement;
use super::super::objects::CardId;
use super::super::state::{State, Tx};
use super::super::turn;
use super::super::violations::RuleViolation;
use super::super::winning;
use super::rules::{Aim, CardRules, once_on_the_caster};
use super::{damage_wizard, threatens};

/// Powerthrust: magical damage = energy + 2 (data §2.5).
pub const POWERTHRUST_BONUS: u8 = 2;
/// Mental Force: up to energy + 3 squares (data §2.5).
pub const MENTAL_FORCE_BONUS: u8 = 3;
/// Meditate draws three cards (data §2.5).
pub const MEDITATE_DRAW: usize = 3;
/// Astral Projection: up to 3 orthogonal steps (data §2.5).
pub const ASTRAL_STEPS: u8 = 3;
/// Teleport: up to 4 orthogonal steps (data §2.5).
pub const TELEPORT_STEPS: u8 = 4;

/// Absorb Spell answers any spell being cast that its wizard can see
/// (a counter too); the card goes to his hand.
pub fn check_absorb_spell(state: &State, seat: Seat, top: &Casting) -> Result<(), RuleViolation> {
    if !matches!(top.kind, CastKind::Spell | CastKind::Counter) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Absorb Spell takes only a spell being cast",
        ));
    }
    if !state.sees_cast(seat, top.origin, state.cast_name(top), top.target) {
        return Err(RuleViolation::NotInSight);
    }
    Ok(())
}

/// Meditate: draw three; over the hand limit the caster must then discard
/// before doing anything else, and his turn goes on.
pub fn meditate(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) {
    turn::draw_cards(tx, cast.seat, MEDITATE_DRAW, rng);
}

/// Pain Link answers an attack on its caster, and lasts from then on.
pub fn check_pain_link_counter(
    state: &State,
    seat: Seat,
    top: &Casting,
) -> Result<(), RuleViolation> {
    if !top.attack || top.kind == CastKind::Counter || !threatens(state, top, seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Pain Link answers only an attack on you",
        ));
    }
    if state
        .spells
        .iter()
        .any(|s| s.name == super::super::cards::CardName::PainLink && s.caster == seat)
    {
        return Err(RuleViolation::InvalidTarget("that spell is already on you"));
    }
    Ok(())
}

/// Psychic Storm: the square and its four neighbours on the board (through
/// walls, not across wrap-around or portals); everyone there, the caster
/// too, takes the energy in magical damage. No one evades it.
pub fn psychic_storm(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Square { square } = cast.target else {
        return;
    };
    let mut squares = vec![square];
    for d in Direction::ALL {
        let (dr, dc) = d.delta();
        let (r, c) = (i32::from(square.row) + dr, i32::from(square.col) + dc);
        if tx.state.labyrinth.contains(r, c) {
            squares.push(Square::new(r as u8, c as u8));
        }
    }
    let amount = cast.energy.saturating_sub(cast.reduction);
    let victims: Vec<Seat> = tx
        .state
        .wizards
        .iter()
        .filter(|w| w.alive && squares.contains(&w.square))
        .map(|w| w.seat)
        .collect();
    let from = cast.origin;
    for seat in victims {
        damage_wizard(tx, Some(cast.seat), seat, amount, None, Some(from));
    }
    super::super::creatures::hurt_in(tx, &squares, amount);
}

/// Brain Burn: its victim is asked which cards to throw away first.
pub fn brain_burn(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat } = cast.target else {
        return;
    };
    if cast.shielded.contains(&seat) || !tx.state.wizard(seat).alive {
        return;
    }
    tx.emit(Event::ChoiceAwaited {
        choice: Choice::BrainBurn {
            seat,
            attacker: cast.seat,
            reduction: cast.reduction,
        },
    });
}

/// Thought Steal: the victim's hand is shown to the caster, who is asked
/// which cards (up to two) to take. Maintained spells and carried items are
/// not in the hand, so they are safe.
pub fn thought_steal(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat: victim } = cast.target else {
        return;
    };
    let wizard = tx.state.wizard(victim);
    if !wizard.alive {
        return;
    }
    let cards: Vec<_> = wizard.hand.iter().map(|c| tx.state.card_view(*c)).collect();
    let empty = cards.is_empty();
    tx.emit(Event::HandRevealed {
        seat: victim,
        to: cast.seat,
        count: cards.len() as u8,
        cards: crate::kit::Secret::new(crate::kit::Keeper::Seats(victim, cast.seat), cards),
    });
    if !empty {
        tx.emit(Event::ChoiceAwaited {
            choice: Choice::ThoughtSteal {
                seat: cast.seat,
                victim,
            },
        });
    }
}

/// Brain Burn's victim answers: he throws cards from his hand away or ends
/// his maintained spells, one command each, then passes and burns, 1 damage
/// per card he still holds (counters' reduction taken off).
///
/// # Errors
/// `bad_discard`, `card_not_in_hand`, `not_maintained`, `choice_pending`.
fn brain_burn_answered(
    tx: &mut Tx,
    seat: Seat,
    attacker: Seat,
    reduction: u8,
    command: &Command,
) -> Result<(), RuleViolation> {
    match command {
        Command::Discard { cards } => turn::throw_away(tx, seat, cards, false)?,
        Command::EndSpell { card } => {
            if !tx.state.wizard(seat).maintained.contains(card) {
                return Err(RuleViolation::NotMaintained);
            }
            let card = tx.state.card_view(*card);
            tx.emit(Event::SpellEnded { seat, card });
        }
        Command::Pass => {
            tx.emit(Event::ChoiceMade { seat });
            let wizard = tx.state.wizard(seat);
            let held = (wizard.hand.len() + wizard.maintained.len()) as u8;
            let amount = held.saturating_sub(reduction);
            let from = tx.state.wizard(attacker).square;
            damage_wizard(tx, Some(attacker), seat, amount, None, Some(from));
            winning::check(tx);
        }
        _ => return Err(RuleViolation::ChoicePending),
    }
    Ok(())
}

/// Thought Steal takes at most two cards (data §2.5).
pub const THOUGHT_STEAL_CARDS: usize = 2;

/// Thought Steal's caster takes `cards` from the hand shown to him.
///
/// # Errors
/// `bad_discard`, `too_many_cards`, `invalid_target`.
fn take(tx: &mut Tx, seat: Seat, victim: Seat, cards: &[CardId]) -> Result<(), RuleViolation> {
    let mut unique = cards.to_vec();
    unique.sort();
    unique.dedup();
    if unique.len() != cards.len() {
        return Err(RuleViolation::BadDiscard);
    }
    if cards.len() > THOUGHT_STEAL_CARDS {
        return Err(RuleViolation::TooManyCards);
    }
    let hand = &tx.state.wizard(victim).hand;
    if cards.iter().any(|c| !hand.contains(c)) {
        return Err(RuleViolation::InvalidTarget(
            "take only cards from the revealed hand",
        ));
    }
    tx.emit(Event::ChoiceMade { seat });
    if !cards.is_empty() {
        let views = cards.iter().map(|c| tx.state.card_view(*c)).collect();
        tx.emit(Event::CardsTaken {
            from: victim,
            to: seat,
            count: cards.len() as u8,
            cards: crate::kit::Secret::new(crate::kit::Keeper::Seats(victim, seat), views),
        });
    }
    Ok(())
}

/// Mental Force's caster walks its victim one square (normal movement: the
/// victim's doors, walls in the way), or passes to stop.
///
/// # Errors
/// As [`movement::step`]; `choice_pending`.
fn mental_force_step(
    tx: &mut Tx,
    seat: Seat,
    victim: Seat,
    steps: u8,
    command: &Command,
) -> Result<(), RuleViolation> {
    match command {
        Command::Move { direction } => {
            movement::step(tx, victim, *direction, 0)?;
            winning::check(tx);
            let steps = steps.saturating_sub(1);
            if steps == 0 || !tx.state.wizard(victim).alive || tx.state.is_over() {
                tx.emit(Event::ChoiceMade { seat });
            } else {
                tx.emit(Event::ChoiceAwaited {
                    choice: Choice::MentalForce {
                        seat,
                        victim,
                        steps,
                    },
                });
            }
        }
        Command::Pass => tx.emit(Event::ChoiceMade { seat }),
        _ => return Err(RuleViolation::ChoicePending),
    }
    Ok(())
}

/// Mental Force: the caster is asked to walk the victim, up to the energy
/// plus 3 squares.
pub fn mental_force(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat: victim } = cast.target else {
        return;
    };
    if cast.shielded.contains(&victim) || !tx.state.wizard(victim).alive {
        return;
    }
    tx.emit(Event::ChoiceAwaited {
        choice: Choice::MentalForce {
            seat: cast.seat,
            victim,
            steps: cast.energy + MENTAL_FORCE_BONUS,
        },
    });
}

/// Share Life: both lives pooled and split evenly; the odd point is the caster's.
pub fn share_life(tx: &mut Tx, cast: &Casting) {
    let SpellTarget::Wizard { seat: with } = cast.target else {
        return;
    };
    let (mine, theirs) = (tx.state.wizard(cast.seat), tx.state.wizard(with));
    if !mine.alive || !theirs.alive {
        return;
    }
    let pool = i16::from(mine.life) + i16::from(theirs.life);
    let with_life = (pool / 2) as i8;
    let life = (pool - pool / 2) as i8;
    tx.emit(Event::LifeShared {
        seat: cast.seat,
        life,
        with,
        with_life,
    });
}

/// The squares within 4 orthogonal steps, walls, doors and objects
/// notwithstanding (wrap-around and portals count as steps), except squares
/// a Stone Block fills.
pub fn teleport_squares(state: &State, from: Square) -> BTreeSet<Square> {
    squares_within(state, from, TELEPORT_STEPS)
}

/// The squares within `steps` orthogonal steps, walls, doors and objects
/// notwithstanding, except squares a Stone Block or a big man fills.
pub fn squares_within(state: &State, from: Square, steps: u8) -> BTreeSet<Square> {
    let mut reached: BTreeSet<Square> = state
        .labyrinth
        .steps_from(from, steps)
        .into_keys()
        .collect();
    reached.remove(&from);
    reached.retain(|s| {
        !state.block_in(*s) && super::super::effects::filling_wizard(state, *s).is_none()
    });
    reached
}

/// Astral Projection: an empty square within 3 orthogonal steps (data §2.5).
pub fn check_astral_projection(
    state: &State,
    seat: Seat,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    let SpellTarget::Square { square } = target else {
        return Err(RuleViolation::InvalidTarget(
            "name the square to project yourself to",
        ));
    };
    if !squares_within(state, state.wizard(seat).square, ASTRAL_STEPS).contains(&square) {
        return Err(RuleViolation::InvalidTarget(
            "that square is not within 3 orthogonal steps",
        ));
    }
    if !state.is_empty_square(square) {
        return Err(RuleViolation::InvalidTarget("the square is not empty"));
    }
    Ok(())
}

pub fn check_teleport(state: &State, seat: Seat, target: SpellTarget) -> Result<(), RuleViolation> {
    let turn = state.move_and_cast(seat)?;
    super::super::movement::may_leave_square(state, turn)?;
    let SpellTarget::Square { square } = target else {
        return Err(RuleViolation::InvalidTarget(
            "Teleport names the square to blink to",
        ));
    };
    if !teleport_squares(state, state.wizard(seat).square).contains(&square) {
        return Err(RuleViolation::InvalidTarget(
            "that square is not within 4 orthogonal steps",
        ));
    }
    Ok(())
}

/// Teleport answers an attack on its caster, with the square to blink to.
pub fn check_teleport_counter(
    state: &State,
    seat: Seat,
    top: &Casting,
    square: Option<Square>,
) -> Result<(), RuleViolation> {
    if !top.attack || top.kind == CastKind::Counter || !threatens(state, top, seat) {
        return Err(RuleViolation::CounterDoesNotApply(
            "Teleport answers only an attack on you",
        ));
    }
    let Some(square) = square else {
        return Err(RuleViolation::BadOption("name the square to blink to"));
    };
    if !teleport_squares(state, state.wizard(seat).square).contains(&square) {
        return Err(RuleViolation::InvalidTarget(
            "that square is not within 4 orthogonal steps",
        ));
    }
    Ok(())
}

/// The wizard blinks to the square; held doors he leaves behind close.
pub fn teleport(tx: &mut Tx, seat: Seat, target: SpellTarget) {
    let SpellTarget::Square { square } = target else {
        return;
    };
    let from = tx.state.wizard(seat).square;
    if !tx.state.wizard(seat).alive
        || tx.state.block_in(square)
        || super::super::effects::filling_wizard(&tx.state, square).is_some_and(|big| big != seat)
    {
        return;
    }
    tx.emit(Event::Teleported {
        seat,
        from,
        to: square,
    });
    movement::close_doors_left_behind(tx, seat);
    super::super::movement::entered(tx, seat);
}

/// A wizard who teleported out of an attack's line of sight evades it (a
/// bolt's path is traced again as it resolves).
pub fn evade_if_unseen(tx: &mut Tx, seat: Seat, attack: &Casting) {
    if !matches!(attack.target, SpellTarget::Wizard { seat: s } if s == seat) {
        return;
    }
    let to = tx.state.wizard(seat).square;
    // A fist must still reach him; a spell must still see him.
    let still_hit = match attack.kind {
        CastKind::Punch => tx.state.with_sight(|s| s.adjacent(attack.origin, to)),
        _ => tx
            .state
            .reaches(attack.origin, SightTarget::Square(to), attack.bent),
    };
    if !still_hit {
        let against = tx.state.card_view(attack.card);
        tx.emit(Event::AttackEvaded { seat, against });
    }
}

pub const ASTRAL_PROJECTION: CardRules = CardRules {
    readies_next_spell: Some(super::rules::NextSpellAid::Projection),
    check: |c| check_astral_projection(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| {
        if let SpellTarget::Square { square } = cast.target {
            tx.emit(Event::AstralProjected {
                seat: cast.seat,
                square,
            });
        }
    },
    aim: Aim::Square,
    ..CardRules::BASE
};

pub const BRAIN_BURN: CardRules = CardRules {
    resolve: |tx, cast, _, _| brain_burn(tx, cast),
    triggers: Triggers {
        choice_answered: Some(|tx, seat, choice, command, _| match choice {
            Choice::BrainBurn {
                attacker,
                reduction,
                ..
            } => Some(brain_burn_answered(tx, seat, attacker, reduction, command)),
            _ => None,
        }),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

pub const MEDITATE: CardRules = CardRules {
    resolve: |tx, cast, _, rng| meditate(tx, cast, rng),
    ..CardRules::BASE
};

pub const MENTAL_FORCE: CardRules = CardRules {
    resolve: |tx, cast, _, _| mental_force(tx, cast),
    triggers: Triggers {
        choice_answered: Some(|tx, _, choice, command, _| match choice {
            Choice::MentalForce {
                seat,
                victim,
                steps,
            } => Some(mental_force_step(tx, seat, victim, steps, command)),
            _ => None,
        }),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

/// Pain Link: its effect is being in play.
pub const PAIN_LINK: CardRules = CardRules {
    check: once_on_the_caster,
    answer: Some(|a| check_pain_link_counter(a.state, a.seat, a.top)),
    answers_in_play: true,
    // The attacker suffers what his attack dealt (not an attack).
    in_play: InPlay {
        after_damage: Some(|tx, _, dealt| {
            if let Some(attacker) = dealt.attacker
                && attacker != dealt.victim
            {
                damage_wizard(tx, None, attacker, dealt.amount, None, None);
            }
        }),
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

/// Powerthrust: its energy plus 2 in damage.
pub const POWERTHRUST: CardRules = CardRules {
    check: |c| super::check_damage_target(c.state, c.target, None),
    resolve: |tx, cast, _, _| {
        super::hit_target(tx, cast, cast.energy + POWERTHRUST_BONUS, None);
    },
    ..CardRules::BASE
};

pub const PSYCHIC_STORM: CardRules = CardRules {
    // The square and its four neighbours by row and column.
    struck_squares: |_, cast| {
        let SpellTarget::Square { square } = cast.target else {
            return vec![];
        };
        let (row, col) = (square.row, square.col);
        let mut squares = vec![square, Square::new(row + 1, col), Square::new(row, col + 1)];
        if let Some(row) = row.checked_sub(1) {
            squares.push(Square::new(row, col));
        }
        if let Some(col) = col.checked_sub(1) {
            squares.push(Square::new(row, col));
        }
        squares
    },
    check: |c| match c.target {
        SpellTarget::Square { .. } => Ok(()),
        _ => Err(RuleViolation::InvalidTarget(
            "Psychic Storm strikes a square",
        )),
    },
    resolve: |tx, cast, _, _| psychic_storm(tx, cast),
    ..CardRules::BASE
};

pub const SHARE_LIFE: CardRules = CardRules {
    resolve: |tx, cast, _, _| share_life(tx, cast),
    ..CardRules::BASE
};

/// Shatter: its effect is being in play.
pub const SHATTER: CardRules = CardRules {
    check: once_on_the_caster,
    in_play: InPlay {
        cracks_every_point: true,
        ..InPlay::NONE
    },
    ..CardRules::BASE
};

pub const TELEPORT: CardRules = CardRules {
    // A sample of the squares he may blink to.
    listed_answers: |state, seat, _| {
        teleport_squares(state, state.wizard(seat).square)
            .into_iter()
            .step_by(3)
            .map(|square| (None, Some(square)))
            .collect()
    },
    check: |c| check_teleport(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| teleport(tx, cast.seat, cast.target),
    answer: Some(|a| check_teleport_counter(a.state, a.seat, a.top, a.square)),
    answer_names: super::rules::AnswerNames::Square,
    // Any square he may blink to will do: the rest of the rule is about
    // the attack.
    could_answer: Some(|state, seat, top| {
        teleport_squares(state, state.wizard(seat).square)
            .first()
            .is_some_and(|square| check_teleport_counter(state, seat, top, Some(*square)).is_ok())
    }),
    answered: |tx, counter, below| {
        if let Some(square) = counter.square {
            teleport(tx, counter.seat, SpellTarget::Square { square });
            evade_if_unseen(tx, counter.seat, below);
        }
    },
    aim: Aim::Square,
    ..CardRules::BASE
};

pub const THOUGHT_STEAL: CardRules = CardRules {
    resolve: |tx, cast, _, _| thought_steal(tx, cast),
    triggers: Triggers {
        choice_answered: Some(|tx, seat, choice, command, _| match (choice, command) {
            (Choice::ThoughtSteal { victim, .. }, Command::Take { cards }) => {
                Some(take(tx, seat, victim, cards.as_slice()))
            }
            (Choice::ThoughtSteal { .. }, Command::Pass) => {
                tx.emit(Event::ChoiceMade { seat });
                Some(Ok(()))
            }
            (Choice::ThoughtSteal { .. }, _) => Some(Err(RuleViolation::ChoicePending)),
            _ => None,
        }),
        ..Triggers::NONE
    },
    ..CardRules::BASE
};

/// Absorb Spell takes the spell it answers into its wizard's hand.
pub const ABSORB_SPELL: CardRules = CardRules {
    answer: Some(|a| check_absorb_spell(a.state, a.seat, a.top)),
    answered: |tx, counter, below| {
        let card = tx.state.card_view(below.card);
        tx.emit(Event::SpellAbsorbed {
            seat: counter.seat,
            card,
        });
    },
    ..CardRules::BASE
};
