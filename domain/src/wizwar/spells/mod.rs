//! What each card does, one module per school: [`cantrip`] (White
//! Cantrip), [`alchemy`], [`conjuring`], [`elemental`], [`mentalism`],
//! [`mutation`] and [`thaumaturgy`]; every card of every school is played.
//! A card's rules (cast, counter, use) are found through [`rules`]; this
//! module holds the damage rules every school shares and the generic steps
//! around a card's own rules.

pub mod alchemy;
pub mod cantrip;
pub mod classic;
pub mod classic_board;
pub mod conjuring;
pub mod elemental;
pub mod legal;
pub mod mentalism;
pub mod mutation;
pub mod rules;
pub mod thaumaturgy;

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::cards::{self, CardDef, CardName, Trait};
use super::casting::{CastKind, Casting, Destination, SpellOption, SpellTarget};
use super::damage;
use super::durations;
use super::edition::CounteredAttack;
use super::effects;
use super::events::Event;
use super::fighting;
use super::labyrinth::{Barrier, BorderLine, Square};

use super::objects::{CardView, Creation};
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// What a carried item or maintained spell does when used, as card facts,
/// and whether that is an attack.
pub fn usable_as(name: CardName) -> Option<(CardDef, bool)> {
    rules::rules(name)
        .used
        .map(|used| ((used.facts)(*cards::definition(name)), used.attack))
}

/// Items that strike only by discarding a Magic card (Wizardblade).
pub fn feeds_on_a_card(name: CardName) -> bool {
    rules::rules(name).used.is_some_and(|u| u.feeds_on_a_card)
}

/// The card-specific checks of a cast from the hand.
///
/// # Errors
/// The card's own refusals (`invalid_target`, `bad_option`, `indestructible`, …).
pub fn check_cast(
    state: &State,
    seat: Seat,
    def: &CardDef,
    energy: u8,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    if effects::counters_only(state, seat) {
        return Err(RuleViolation::CountersOnly);
    }
    (rules::rules(def.name).check)(&rules::CastCheck {
        state,
        seat,
        def,
        energy,
        target,
        option,
    })
}

/// The card-specific checks of an attack with a carried item or maintained spell.
///
/// # Errors
/// `indestructible`, `no_barrier`.
pub fn check_use(
    state: &State,
    seat: Seat,
    name: CardName,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    match rules::rules(name).used {
        Some(used) => (used.check)(state, seat, target),
        None => Err(RuleViolation::NotUsable),
    }
}

/// A thing that damage can hurt: a living wizard, a wall or door that can
/// crack, or a created object with cracks. `element` lets water reach Fire.
///
/// # Errors
/// `no_barrier`, `indestructible`.
pub fn check_damage_target(
    state: &State,
    target: SpellTarget,
    element: Option<Trait>,
) -> Result<(), RuleViolation> {
    match target {
        SpellTarget::Line { line } => {
            if element == Some(Trait::Water) && state.wall_of_fire_on(line).is_some() {
                return Ok(());
            }
            match state.labyrinth.barrier(line) {
                None => Err(RuleViolation::NoBarrier(line)),
                Some(Barrier::OuterWall) => Err(RuleViolation::Indestructible),
                Some(_) => Ok(()),
            }
        }
        SpellTarget::Object { card }
            if state
                .edition_rules()
                .only_bushes_walls_and_doors_are_attacked
                && !conjuring::is_bush(state, card) =>
        {
            Err(RuleViolation::Indestructible)
        }
        SpellTarget::Object { card } => {
            // A Dust Cloud has nothing to strike; a trap token is a marker.
            let block = state.creations.iter().any(|c| {
                c.card() == card
                    && c.square().is_some()
                    && !matches!(c, Creation::DustCloud { .. } | Creation::TrapToken { .. })
            });
            let fire_item = state.object_of_card(card).is_some()
                && cards::definition(state.cards[card.index()])
                    .traits
                    .contains(&Trait::Fire);
            if block || (element == Some(Trait::Water) && fire_item) {
                Ok(())
            } else {
                Err(RuleViolation::Indestructible)
            }
        }
        _ => Ok(()),
    }
}

/// Whether a cast threatens `seat`'s wizard: aimed at him, or cast in a
/// direction through his square (a bolt's path, from the card's rules).
pub fn threatens(state: &State, cast: &Casting, seat: Seat) -> bool {
    match cast.target {
        SpellTarget::Wizard { seat: s } => s == seat,
        SpellTarget::Direction { .. } => {
            let here = state.wizard(seat).square;
            (rules::rules(state.cast_name(cast)).struck_squares)(state, cast).contains(&here)
        }
        _ => false,
    }
}

/// The card-specific checks of a counter spell against the top cast.
///
/// # Errors
/// `counter_does_not_apply`, `invalid_target`, `not_in_sight`.
pub fn check_counter(
    state: &State,
    seat: Seat,
    name: CardName,
    top: &Casting,
    line: Option<BorderLine>,
    square: Option<Square>,
) -> Result<(), RuleViolation> {
    let names = rules::rules(name).answer_names;
    if line.is_some() && names != rules::AnswerNames::Line {
        return Err(RuleViolation::BadOption("only Wall of Earth names a line"));
    }
    if square.is_some() && names != rules::AnswerNames::Square {
        return Err(RuleViolation::BadOption("only Teleport names a square"));
    }
    match rules::rules(name).answer {
        Some(answer) => answer(&rules::AnswerCheck {
            state,
            seat,
            top,
            line,
            square,
        }),
        None => Err(RuleViolation::NotACounter),
    }
}

/// The top cast's window has closed: it takes effect.
pub fn resolve(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) {
    let cast = &evade(tx, cast, rng);
    let Some(cast) = &lasting_after_counters(&tx.state, cast) else {
        // Classic: a lasting attack whose duration counters stopped in full
        // loses its effects; its card is discarded.
        let card = tx.state.card_view(cast.card);
        tx.emit(Event::CastResolved {
            seat: cast.seat,
            card,
            to: Destination::Discarded,
        });
        return;
    };
    let used = rules::rules(tx.state.cast_name(cast)).used;
    let to = match (cast.kind, used) {
        (CastKind::Use, Some(used)) if used.spent => Destination::Discarded,
        (CastKind::Use, _) => Destination::Kept,
        _ => durations::destination(&tx.state, tx.state.cast_name(cast), cast.energy),
    };
    let speed = effects::speed(&tx.state, cast.seat);
    let card = tx.state.card_view(cast.card);
    tx.emit(Event::CastResolved {
        seat: cast.seat,
        card,
        to,
    });
    match (cast.kind, tx.state.cast_name(cast)) {
        (CastKind::Use, _) => {
            if let Some(used) = used {
                (used.resolve)(tx, cast, rng);
            }
        }
        (CastKind::Item, _) => effects::adjust_movement(tx, cast.seat, speed),
        // A counter resolves in `resolve_counter`, a punch lands in
        // `fighting::land`.
        (CastKind::Counter | CastKind::Punch, _) => {}
        (CastKind::Spell, name) => {
            let resolving = rules::Resolving {
                speed_before: speed,
            };
            (rules::rules(name).resolve)(tx, cast, &resolving, rng);
        }
    }
    // A creation that made nothing ends at once (a classic lasting spell
    // that creates nothing, Shrink, lasts by its tokens).
    let creation = durations::is_creation(tx.state.cast_name(cast));
    if to == Destination::NearTheBoard
        || (creation && matches!(to, Destination::DiscardedLasting { .. }))
    {
        durations::discard_if_nothing_made(tx, cast.seat, cast.card);
    }
}

/// Classic counteractions against a lasting spell cast on a wizard stop
/// half of its duration each, as they stop half of damage: the cast with
/// what is left, or `None` when nothing is.
fn lasting_after_counters(state: &State, cast: &Casting) -> Option<Casting> {
    let SpellTarget::Wizard { seat } = cast.target else {
        return Some(cast.clone());
    };
    let lasting =
        cards::definition(state.cast_name(cast)).duration == Some(cards::Duration::Temporary);
    if !lasting || cast.kind != CastKind::Spell || cast.halvings(seat) == 0 {
        return Some(cast.clone());
    }
    let energy = cast.after_counters(seat, cast.energy);
    (energy > 0).then(|| Casting {
        energy,
        ..cast.clone()
    })
}

/// An attack cast or used is about to resolve: every wizard it threatens
/// whom a card gives a roll to evade rolls, in seat order (Gnome Form,
/// Invisible; see [`effects::evades`]). Returns the cast with those who
/// evaded added to its misses.
pub fn evade(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) -> Casting {
    let mut cast = cast.clone();
    if !cast.attack || !matches!(cast.kind, CastKind::Spell | CastKind::Use) {
        return cast;
    }
    let threatened: Vec<Seat> = tx
        .state
        .wizards
        .iter()
        .filter(|w| w.alive && w.seat != cast.seat && !cast.shielded.contains(&w.seat))
        .map(|w| w.seat)
        .filter(|s| threatens(&tx.state, &cast, *s))
        .collect();
    for seat in threatened {
        if effects::evades(tx, seat, rng) {
            let against = tx.state.card_view(cast.card);
            tx.emit(Event::AttackEvaded { seat, against });
            cast.shielded.push(seat);
        }
    }
    cast
}

/// A counter stops the cast it answers as the game's edition says: in the
/// 8th edition the cast is cancelled (p.15); in the classic edition a
/// counter answering a counter cancels it, and one answering an attack (or
/// indirect damage) stops half of the damage left to its player, rounded up.
pub fn stop_cast(tx: &mut Tx, against: CardView, by: CardView) {
    match tx.state.edition_rules().countered_attack {
        CounteredAttack::Cancelled => tx.emit(Event::CastCancelled { card: against, by }),
        CounteredAttack::HalfTheDamageEach => {
            let find = |id| tx.state.stack.iter().find(|c| c.card == id).cloned();
            let (Some(target), Some(counter)) = (find(against.id), find(by.id)) else {
                return tx.emit(Event::CastCancelled { card: against, by });
            };
            if target.kind == CastKind::Counter {
                tx.emit(Event::CastCancelled { card: against, by });
            } else {
                tx.emit(Event::DamageHalved {
                    seat: counter.seat,
                    card: against,
                    by,
                });
            }
        }
    }
}

/// A counter's window has closed: it takes effect on the cast below it.
pub fn resolve_counter(tx: &mut Tx, counter: &Casting, below: &Casting, _rng: &mut GameRng) {
    let rules = rules::rules(tx.state.cast_name(counter));
    let resolving = rules::Resolving {
        speed_before: effects::speed(&tx.state, counter.seat),
    };
    (rules.answered)(tx, counter, below);
    let to = if rules.answers_in_play {
        durations::destination(&tx.state, tx.state.cast_name(counter), counter.energy)
    } else {
        Destination::Discarded
    };
    let by = tx.state.card_view(counter.card);
    tx.emit(Event::CastResolved {
        seat: counter.seat,
        card: by,
        to,
    });
    (rules.after_answer)(tx, counter, &resolving);
}

/// A counter that stops the cast it answers (Negate Neutral, Anti-Anti,
/// Null Powder, Wall of Fire, …).
pub fn stop_answered(tx: &mut Tx, counter: &Casting, below: &Casting) {
    let against = tx.state.card_view(below.card);
    let by = tx.state.card_view(counter.card);
    stop_cast(tx, against, by);
}

/// A cancelled attack with an item: a thrown rock, stone or dagger still
/// falls, in the thrower's square (it was stopped before it flew).
pub fn after_cancelled_use(tx: &mut Tx, cast: &Casting) {
    let thrown = rules::rules(tx.state.cast_name(cast))
        .used
        .is_some_and(|used| (used.falls_when_cancelled)(&tx.state, cast));
    if thrown && tx.state.wizard(cast.seat).carried.contains(&cast.card) {
        let square = tx.state.wizard(cast.seat).square;
        let card = tx.state.card_view(cast.card);
        tx.emit(Event::ItemDropped {
            seat: cast.seat,
            card,
            square,
        });
    }
}

/// Damage dealt by a cast to its target, after reductions. Water puts out
/// Fire; damage reduced to 0 is no damage and has no secondary effects (p.15).
/// Returns the damage dealt to a wizard.
pub fn hit_target(tx: &mut Tx, cast: &Casting, amount: u8, element: Option<Trait>) -> u8 {
    match cast.target {
        SpellTarget::Wizard { seat } => {
            if cast.shielded.contains(&seat) || !tx.state.wizard(seat).alive {
                return 0;
            }
            let amount = cast.after_counters(seat, amount);
            let source = tx.state.cast_name(cast);
            damage_wizard_by(
                tx,
                source,
                Some(cast.seat),
                seat,
                amount,
                element,
                Some(cast.origin),
            )
        }
        SpellTarget::Line { line } => {
            let amount = amount.saturating_sub(cast.reduction);
            if element == Some(Trait::Water)
                && let Some(card) = tx.state.wall_of_fire_on(line)
            {
                durations::end_spell_in_play(tx, card);
            }
            if amount > 0 {
                damage::damage_barrier(tx, line, amount, Some(cast.seat));
            }
            0
        }
        SpellTarget::Object { card } => {
            let amount = amount.saturating_sub(cast.reduction);
            if tx.state.object_of_card(card).is_some() {
                let fire = cards::definition(tx.state.cards[card.index()])
                    .traits
                    .contains(&Trait::Fire);
                if fire && element == Some(Trait::Water) {
                    let card = tx.state.card_view(card);
                    tx.emit(Event::ItemDestroyed { seat: None, card });
                }
            } else if conjuring::is_bush(&tx.state, card) {
                conjuring::damage_bush(tx, card, amount, element, Some(cast.seat));
            } else if amount > 0 {
                damage_block(tx, card, amount, Some(cast.seat));
            }
            0
        }
        _ => 0,
    }
}

/// Damage with no element to a bush (a fist, classic): the bush's own
/// rules say what it takes to kill it.
pub fn damage_bush(tx: &mut Tx, card: super::objects::CardId, amount: u8, attacker: Option<Seat>) {
    conjuring::damage_bush(tx, card, amount, None, attacker);
}

/// Cracks for a created Stone Block; at 8 it falls and its spell ends.
pub fn damage_block(tx: &mut Tx, card: super::objects::CardId, amount: u8, attacker: Option<Seat>) {
    let added = damage::cracks_by(tx, amount, attacker);
    crack_block(tx, card, amount, added);
}

/// Adds `added` cracks to a Stone Block hurt by `amount`.
pub fn crack_block(tx: &mut Tx, card: super::objects::CardId, amount: u8, added: u8) {
    let Some(cracks) = tx.state.creations.iter().find_map(|c| match c {
        Creation::StoneBlock {
            card: id, cracks, ..
        } if *id == card => Some(*cracks),
        _ => None,
    }) else {
        return;
    };
    let limit = damage::block_limit(&tx.state);
    let total = cracks.saturating_add(added).min(limit);
    let view = tx.state.card_view(card);
    tx.emit(Event::ObjectDamaged {
        card: view,
        damage: amount,
        cracks_added: added,
        cracks: total,
    });
    if total >= limit {
        durations::end_spell_in_play(tx, card);
    }
}

/// Damage to a wizard with its elemental side effects: water puts out a
/// carried Fire Cloak; a Fire Cloak burns whoever hurt its wearer from his
/// square or next to it. Returns the damage dealt. No card deals it (where
/// the rules record its kind, it is magical; see [`damage_wizard_by`]).
pub fn damage_wizard(
    tx: &mut Tx,
    attacker: Option<Seat>,
    victim: Seat,
    amount: u8,
    element: Option<Trait>,
    from: Option<Square>,
) -> u8 {
    damage_wizard_from(tx, None, attacker, victim, amount, element, from)
}

/// [`damage_wizard`] dealt by `source` (a fist, a thrown dagger, a falling
/// wall…), which decides whether it is physical or magical where the rules
/// record it ([`damage::kind_of`]).
pub fn damage_wizard_by(
    tx: &mut Tx,
    source: CardName,
    attacker: Option<Seat>,
    victim: Seat,
    amount: u8,
    element: Option<Trait>,
    from: Option<Square>,
) -> u8 {
    damage_wizard_from(tx, Some(source), attacker, victim, amount, element, from)
}

fn damage_wizard_from(
    tx: &mut Tx,
    source: Option<CardName>,
    attacker: Option<Seat>,
    victim: Seat,
    amount: u8,
    element: Option<Trait>,
    from: Option<Square>,
) -> u8 {
    let amount = effects::damage_taken(&tx.state, victim, amount);
    if amount == 0 || !tx.state.wizard(victim).alive {
        return 0;
    }
    if let (Some(attacker), Some(origin)) = (attacker, from)
        && attacker != victim
        && mutation::pushed_back(tx, attacker, victim, amount, element, origin)
    {
        return 0;
    }
    hurt_wizard(tx, source, attacker, victim, amount, element, from)
}

/// Damage that reaches a wizard, after his reductions and Featherweight,
/// with what follows it: fire shatters his stones, then the cards on him
/// act ([`effects::damage_dealt`]: a Fire Cloak burns back or is put out,
/// Pain Link hurts the attacker back). Returns the damage dealt.
pub fn hurt_wizard(
    tx: &mut Tx,
    source: Option<CardName>,
    attacker: Option<Seat>,
    victim: Seat,
    amount: u8,
    element: Option<Trait>,
    from: Option<Square>,
) -> u8 {
    let kind = damage::kind_of(&tx.state, source);
    fighting::damage_wizard(tx, victim, amount, attacker, kind);
    if element == Some(Trait::Fire) && tx.state.wizard(victim).alive {
        alchemy::shatter_stones(tx, victim);
    }
    effects::damage_dealt(
        tx,
        &effects::Dealt {
            attacker,
            victim,
            amount,
            element,
            from,
        },
    );
    amount
}
