//! Attacking, punching, life, damage and dying (rulebook p.8, p.15).

use crate::ruleset::Seat;

use super::commands::Target;
use super::damage;
use super::events::Event;
use super::labyrinth::Barrier;
use super::movement::close_doors_left_behind;
use super::state::{MAX_LIFE, Tx};
use super::treasures;
use super::violations::RuleViolation;
use super::winning;

/// A punch deals 1 physical damage (p.8).
pub const PUNCH_DAMAGE: u8 = 1;

/// Life after healing: never above 20, the excess is wasted (p.15).
pub fn healed(life: i8, amount: u8) -> i8 {
    (i16::from(life) + i16::from(amount)).min(i16::from(MAX_LIFE)) as i8
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
    let allowed = super::spells::mutation::attacks_allowed(&tx.state, seat);
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
    if super::spells::mutation::cannot_attack(&tx.state, seat) {
        return Err(RuleViolation::FormCannotAttack);
    }
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
            if !tx.state.with_sight(|s| s.adjacent(here, there)) {
                return Err(RuleViolation::OutOfReach);
            }
            if tx.state.is_misted(seat) || tx.state.is_misted(victim) {
                return Err(RuleViolation::Misted);
            }
            tx.emit(Event::Punched { seat, target });
            strike(tx, seat, victim, true, rng);
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
            let fist = super::spells::mutation::punch_damage(tx, seat, rng);
            let fist = super::spells::mutation::strong(&tx.state, seat, fist);
            damage::damage_barrier(tx, line, fist, Some(seat));
        }
        Target::Treasure { .. } | Target::Object { .. } => {
            return Err(RuleViolation::Indestructible);
        }
    }
    winning::check(tx);
    Ok(())
}

/// Whether a stunned wizard has made all the attacks his turn allows, so
/// that he may no longer leave his square (p.15).
pub fn held_by_stun(state: &super::state::State, turn: &super::state::Turn) -> bool {
    turn.stunned && turn.attacks >= super::spells::mutation::attacks_allowed(state, turn.seat)
}

/// A fist reaches `victim` (a punch, or Stretch's): his form, a Fire Cloak
/// and Mightstones make its damage; with Extra Arms it hits everyone within
/// reach. `dodge`: whether gnomes roll now (not when the cast that carried
/// the fist rolled already).
pub fn strike(
    tx: &mut super::state::Tx,
    seat: Seat,
    victim: Seat,
    dodge: bool,
    rng: &mut crate::rng::GameRng,
) {
    let here = tx.state.wizard(seat).square;
    // A Fire Cloak makes the punch burn for 2 more (data §2.4).
    let cloaked = tx
        .state
        .wizard(seat)
        .carried
        .iter()
        .any(|c| tx.state.cards[c.index()] == super::cards::CardName::FireCloak);
    // A Mightstone adds a die roll of damage per stone (data §2.2).
    let might = super::spells::alchemy::mightstone_damage(tx, seat, rng);
    // Golem and Werewolf Form punch harder; a gnome may dodge (data §2.6).
    let fist = super::spells::mutation::punch_damage(tx, seat, rng);
    // Strength doubles the physical blow, not a cloak's magical burn.
    let blow = super::spells::mutation::strong(&tx.state, seat, fist + might);
    // Extra Arms: the punch hits everyone within reach.
    for hit in super::spells::mutation::punch_victims(&tx.state, seat, victim) {
        if !tx.state.wizard(seat).alive {
            break;
        }
        if (dodge || hit != victim)
            && (super::spells::mutation::gnome_dodges(tx, hit, rng)
                || super::spells::thaumaturgy::unseen_evades(tx, hit, rng))
        {
            continue;
        }
        let (amount, element) = if cloaked {
            (
                blow + super::spells::elemental::FIRE_CLOAK_BURN,
                Some(super::cards::Trait::Fire),
            )
        } else {
            (blow, None)
        };
        super::spells::damage_wizard(tx, Some(seat), hit, amount, element, Some(here));
    }
}

/// Deals damage to a wizard; `attacker` is set only when an attack deals it,
/// which decides who scores if he dies (p.15).
pub fn damage_wizard(tx: &mut Tx, victim: Seat, amount: u8, attacker: Option<Seat>) {
    let life = (i16::from(tx.state.wizard(victim).life) - i16::from(amount)).max(0) as i8;
    tx.emit(Event::WizardDamaged {
        seat: victim,
        amount,
        life,
    });
    if life <= 0 {
        die(tx, victim, attacker);
    }
}

/// A wizard at 0 life dies (p.15): he is eliminated, drops his carried items
/// and treasure where he fell, his maintained spells end. Killed by an
/// attack, the attacker scores 1 victory point (none with the optional rule
/// Treasure Hunters, p.17) and takes his hand; killed indirectly, his hand
/// is discarded and nobody scores.
pub fn die(tx: &mut Tx, seat: Seat, killer: Option<Seat>) {
    let killer = killer.filter(|k| *k != seat && tx.state.wizard(*k).alive);
    let wizard = tx.state.wizard(seat).clone();
    tx.emit(Event::WizardDied {
        seat,
        square: wizard.square,
        killer,
    });
    close_doors_left_behind(tx, seat);
    if let Some(treasure) = wizard.treasure {
        treasures::put_down(tx, seat, treasure, wizard.square);
    }
    for card in &wizard.carried {
        let card = tx.state.card_view(*card);
        tx.emit(Event::ItemDropped {
            seat,
            card,
            square: wizard.square,
        });
    }
    for card in &wizard.maintained {
        let card = tx.state.card_view(*card);
        tx.emit(Event::SpellEnded { seat, card });
    }
    let hand: Vec<_> = wizard.hand.iter().map(|c| tx.state.card_view(*c)).collect();
    match killer {
        Some(killer) => {
            if !tx.state.optional_rules.treasure_hunters {
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
                    cards: Some(hand),
                });
            }
        }
        None if !hand.is_empty() => tx.emit(Event::CardsDiscarded { seat, cards: hand }),
        None => {}
    }
}
