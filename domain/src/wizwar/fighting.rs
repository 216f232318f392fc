//! Attacking, punching, life, damage and dying (rulebook p.8, p.15).

use crate::ruleset::Seat;

use super::casting::{Casting, Destination, SpellTarget, responders_after};
use super::commands::Target;
use super::counter_spells;
use super::damage;
use super::effects;
use super::events::Event;
use super::labyrinth::Barrier;
use super::movement::close_doors_left_behind;
use super::state::Tx;
use super::treasures;
use super::violations::RuleViolation;
use super::winning;

/// Life after healing: never above the edition's cap (20, p.15), the
/// excess is wasted.
pub fn healed(state: &super::state::State, life: i8, amount: u8) -> i8 {
    let cap = state.edition_rules().max_life;
    (i16::from(life) + i16::from(amount)).min(i16::from(cap)) as i8
}

/// Checks that `seat` may make his one attack now (p.7, p.9, p.15).
///
/// # Errors
/// `no_attack_on_first_turn`, `already_attacked`, `stunned_and_moved`.
pub fn may_attack(tx: &Tx, seat: Seat) -> Result<(), RuleViolation> {
    let turn = tx.state.move_and_cast(seat)?;
    if tx.state.wizard(seat).turns_started <= 1 {
        return Err(RuleViolation::NoAttackOnFirstTurn);
    }
    let allowed = effects::attacks_allowed(&tx.state, seat);
    if turn.attacks >= allowed {
        return Err(RuleViolation::AlreadyAttacked);
    }
    // Stunned, moving costs one of the turn's attacks (p.15; Adrenaline:
    // one attack and a move, or two attacks and no move).
    if turn.stunned && turn.moved && turn.attacks + 1 >= allowed {
        return Err(RuleViolation::StunnedAndMoved);
    }
    if !tx.state.stack.is_empty() {
        return Err(RuleViolation::ResponseWindowOpen);
    }
    if !effects::may_attack(&tx.state, seat) {
        return Err(RuleViolation::FormCannotAttack);
    }
    Ok(())
}

/// An attack from `origin` at `target` is refused when something the
/// edition names stops its line of sight (the labyrinth's barriers aside,
/// which the line of sight itself reads).
///
/// # Errors
/// `not_in_sight`.
pub fn check_attack_not_stopped(
    state: &super::state::State,
    origin: super::labyrinth::Square,
    target: SpellTarget,
    bent: bool,
) -> Result<(), RuleViolation> {
    (state.edition_rules().hooks.attack_stopped)(state, origin, target, bent)
}

/// Nothing stops an attack but the labyrinth's barriers (8th edition).
///
/// # Errors
/// None.
pub fn nothing_but_barriers_stops_an_attack(
    _state: &super::state::State,
    _origin: super::labyrinth::Square,
    _target: SpellTarget,
    _bent: bool,
) -> Result<(), RuleViolation> {
    Ok(())
}

/// Punch a wizard in your square or an adjacent one, or a wall or door beside
/// you. No card, but it is the attack of the turn (p.8).
///
/// # Errors
/// As [`may_attack`]; `cannot_attack_yourself`, `no_such_wizard`,
/// `out_of_reach`, `no_barrier`, `indestructible`.
pub fn punch(
    tx: &mut Tx,
    seat: Seat,
    target: Target,
    rng: &mut crate::rng::GameRng,
) -> Result<(), RuleViolation> {
    may_attack(tx, seat)?;
    let here = tx.state.wizard(seat).square;
    match target {
        Target::Wizard { seat: victim } => {
            if victim == seat {
                return Err(RuleViolation::CannotAttackYourself);
            }
            let there = tx
                .state
                .find_wizard(victim)
                .filter(|w| w.alive)
                .ok_or(RuleViolation::NoSuchWizard(victim))?
                .square;
            if !within_reach(&tx.state, here, there) {
                return Err(RuleViolation::OutOfReach);
            }
            check_attack_not_stopped(&tx.state, here, SpellTarget::Wizard { seat: victim }, false)?;
            if tx.state.is_misted(seat) || tx.state.is_misted(victim) {
                return Err(RuleViolation::Misted);
            }
            // An attack on a wizard: he (and everyone, as for any cast) may
            // answer before it lands (p.8).
            let responders = responders_after(&tx.state, seat);
            tx.emit(Event::PunchThrown {
                seat,
                victim,
                responders,
            });
            counter_spells::settle(tx, rng);
            return Ok(());
        }
        Target::Line { line } => {
            match tx.state.labyrinth.barrier(line) {
                None => return Err(RuleViolation::NoBarrier(line)),
                Some(Barrier::OuterWall) => return Err(RuleViolation::Indestructible),
                Some(_) => {}
            }
            if !tx.state.with_sight(|s| s.adjacent_to_line(here, line)) {
                return Err(RuleViolation::OutOfReach);
            }
            if tx.state.is_misted(seat) {
                return Err(RuleViolation::Misted);
            }
            tx.emit(Event::Punched { seat, target });
            let fist = effects::fist(tx, seat, rng);
            let fist = effects::blow(&tx.state, seat, fist);
            damage::damage_barrier(tx, line, fist, Some(seat));
        }
        Target::Object { card } => {
            // An object is punched only where the edition lets a fist hit one.
            let punch_object = tx
                .state
                .edition_rules()
                .hooks
                .punch_object
                .ok_or(RuleViolation::Indestructible)?;
            punch_object(tx, seat, card, rng)?;
        }
        Target::Treasure { .. } => {
            return Err(RuleViolation::Indestructible);
        }
    }
    winning::check(tx);
    Ok(())
}

/// A punch's window has closed and nothing cancelled it: it lands, unless
/// its victim is no longer within reach (a Teleport answered it) or its
/// puncher fell meanwhile (a Pain Link). A Shield's reduction is taken off
/// the blow at its victim.
pub fn land(tx: &mut Tx, punch: &Casting, rng: &mut crate::rng::GameRng) {
    let card = tx.state.card_view(punch.card);
    tx.emit(Event::CastResolved {
        seat: punch.seat,
        card,
        to: Destination::Kept,
    });
    let SpellTarget::Wizard { seat: victim } = punch.target else {
        return;
    };
    let here = tx.state.wizard(punch.seat).square;
    let there = tx.state.wizard(victim).square;
    let reached = within_reach(&tx.state, here, there);
    if !tx.state.wizard(punch.seat).alive
        || !tx.state.wizard(victim).alive
        || punch.shielded.contains(&victim)
        || !reached
    {
        return;
    }
    strike(
        tx,
        punch.seat,
        victim,
        true,
        (punch.reduction, punch.halvings(victim)),
        rng,
    );
}

/// Whether a fist in `here` reaches a wizard in `there`, as the edition
/// says.
fn within_reach(
    state: &super::state::State,
    here: super::labyrinth::Square,
    there: super::labyrinth::Square,
) -> bool {
    (state.edition_rules().hooks.fist_reaches)(state, here, there)
}

/// A fist reaches a wizard in the same square or the next one (p.8).
pub fn fist_reaches_the_next_square(
    state: &super::state::State,
    here: super::labyrinth::Square,
    there: super::labyrinth::Square,
) -> bool {
    state.with_sight(|s| s.adjacent(here, there))
}

/// Whether a stunned wizard has made all the attacks his turn allows, so
/// that he may no longer leave his square (p.15).
pub fn held_by_stun(state: &super::state::State, turn: &super::state::Turn) -> bool {
    turn.stunned && turn.attacks >= effects::attacks_allowed(state, turn.seat)
}

/// A fist reaches `victim` (a punch, or Stretch's): his form, a Fire Cloak
/// and Mightstones make its damage; with Extra Arms it hits everyone within
/// reach. `dodge`: whether gnomes roll now (not when the cast that carried
/// the fist rolled already). `reduction`: what counters (Shield) took off
/// the blow at `victim`, and how many counteractions halved it.
pub fn strike(
    tx: &mut super::state::Tx,
    seat: Seat,
    victim: Seat,
    dodge: bool,
    (reduction, halvings): (u8, u8),
    rng: &mut crate::rng::GameRng,
) {
    let here = tx.state.wizard(seat).square;
    // The order of effects on a fist (see `effects`): bonus rolls
    // (Mightstone), the fist itself (a form's, or the edition's), the blow
    // (Strength doubles it), then a magical burn (Fire Cloak, not doubled).
    let bonus = effects::punch_bonus(tx, seat, rng);
    let fist = effects::fist(tx, seat, rng);
    let blow = effects::blow(&tx.state, seat, fist + bonus);
    let burn = effects::punch_burn(&tx.state, seat);
    for hit in punch_victims(&tx.state, seat, victim) {
        if !tx.state.wizard(seat).alive {
            break;
        }
        // Whoever it reaches may evade it (Gnome Form, Invisible).
        if (dodge || hit != victim) && effects::evades(tx, hit, rng) {
            continue;
        }
        let (amount, element) = if burn > 0 {
            (blow + burn, Some(super::cards::Trait::Fire))
        } else {
            (blow, None)
        };
        let amount = if hit == victim {
            super::casting::halved(amount.saturating_sub(reduction), halvings)
        } else {
            amount
        };
        super::spells::damage_wizard_by(
            tx,
            super::cards::CardName::Fist,
            Some(seat),
            hit,
            amount,
            element,
            Some(here),
        );
    }
}

/// Whom `seat`'s punch at `victim` hits: him, and with a card that says so
/// (Extra Arms) everyone else within reach.
fn punch_victims(state: &super::state::State, seat: Seat, victim: Seat) -> Vec<Seat> {
    let mut victims = vec![victim];
    if !effects::punch_reaches_all(state, seat) {
        return victims;
    }
    let here = state.wizard(seat).square;
    for w in &state.wizards {
        if w.alive
            && w.seat != seat
            && w.seat != victim
            && !state.is_misted(w.seat)
            && state.with_sight(|s| s.adjacent(here, w.square))
        {
            victims.push(w.seat);
        }
    }
    victims
}

/// Deals damage to a wizard; `attacker` is set only when an attack deals it,
/// which decides who scores if he dies (p.15).
/// `kind`: physical or magical, where the rules record it.
pub fn damage_wizard(
    tx: &mut Tx,
    victim: Seat,
    amount: u8,
    attacker: Option<Seat>,
    kind: Option<super::damage::DamageKind>,
) {
    let life = (i16::from(tx.state.wizard(victim).life) - i16::from(amount)).max(0) as i8;
    tx.emit(Event::WizardDamaged {
        seat: victim,
        amount,
        life,
        kind,
    });
    if life <= 0 {
        // Killed by damage no attack dealt: the edition may still name
        // someone who takes his cards.
        let attacker = attacker
            .or_else(|| (tx.state.edition_rules().hooks.heir_without_an_attack)(&tx.state, victim));
        die(tx, victim, attacker);
    }
}

/// Nobody takes the cards of a wizard no attack killed: they are
/// discarded (p.15).
pub fn nobody_inherits(_state: &super::state::State, _victim: Seat) -> Option<Seat> {
    None
}

/// A wizard at 0 life dies (p.15): he is eliminated, drops his carried items
/// and treasure where he fell, his maintained spells end. Killed by an
/// attack, the attacker scores 1 victory point (none with the optional rule
/// Treasure Hunters, p.17) and takes his hand; killed indirectly, his hand
/// is discarded and nobody scores.
pub fn die(tx: &mut Tx, seat: Seat, killer: Option<Seat>) {
    let killer = killer.filter(|k| *k != seat && tx.state.wizard(*k).alive);
    let wizard = tx.state.wizard(seat).clone();
    let treasure = tx.state.carried_treasure(seat);
    tx.emit(Event::WizardDied {
        seat,
        square: wizard.square,
        killer,
    });
    close_doors_left_behind(tx, seat);
    if let Some(treasure) = treasure {
        treasures::put_down(tx, seat, treasure, wizard.square);
    }
    // Where the edition says so, the killer takes the carried items with the hand.
    let items_taken = killer.is_some()
        && tx.state.edition_rules().victory.killer_takes_carried_items
        && !wizard.carried.is_empty();
    let carried: Vec<_> = wizard
        .carried
        .iter()
        .map(|c| tx.state.card_view(*c))
        .collect();
    if items_taken {
        tx.emit(Event::CarriedItemsBackInHand {
            seat,
            cards: carried.clone(),
        });
    } else {
        for card in &carried {
            tx.emit(Event::ItemDropped {
                seat,
                card: *card,
                square: wizard.square,
            });
        }
    }
    for card in &wizard.maintained {
        let card = tx.state.card_view(*card);
        tx.emit(Event::SpellEnded { seat, card });
    }
    // A spell of his that lasts its turns, its card discarded,
    // would count turns he no longer plays: it ends with him (designed);
    // what he made (a wall) stays.
    let timed: Vec<super::objects::CardId> = (tx.state.spells.iter())
        .filter(|s| s.caster == seat && s.tokens.is_some())
        .filter(|s| tx.state.discard_pile_of(seat).contains(&s.card))
        .map(|s| s.card)
        .collect();
    for card in timed {
        let card = tx.state.card_view(card);
        tx.emit(Event::SpellEnded { seat, card });
    }
    let mut hand: Vec<_> = wizard.hand.iter().map(|c| tx.state.card_view(*c)).collect();
    if items_taken {
        hand.extend(carried);
    }
    match killer {
        Some(killer) => {
            if tx.state.kills_score() {
                tx.emit(Event::VictoryPointScored {
                    seat: killer,
                    reason: winning::VictoryReason::Kill,
                });
            }
            if !hand.is_empty() {
                tx.emit(Event::HandTaken {
                    from: seat,
                    to: killer,
                    count: hand.len() as u8,
                    cards: crate::kit::Secret::new(crate::kit::Keeper::Seats(seat, killer), hand),
                });
            }
        }
        None if !hand.is_empty() => tx.emit(Event::CardsDiscarded { seat, cards: hand }),
        None => {}
    }
}
