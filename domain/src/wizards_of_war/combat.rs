//! Combat (rulebook "Combat"): the attacker's swords against the
//! defender's shields, the difference lost as life; a defender who
//! survives a melee attack strikes back once, except a defending wizard.
//!
//! The combat die is **designed**: 3 swords, 2 shields and 1 blank face.
//! Swords outnumber shields so that fights end (a lone orc against an orc
//! kills it more often than not over a turn and its counterattack); the
//! blank keeps a big handful of dice from being a sure thing.

use serde::{Deserialize, Serialize};

use crate::rng::GameRng;

use super::board::Square;
use super::events::Event;
use super::ranged_combat;
use super::state::Tx;
use super::units::UnitKind;
use super::violations::RuleViolation;
use crate::ruleset::Seat;

/// A face of a combat die.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCombatFace))]
pub enum CombatFace {
    /// Deals one damage when attacking.
    Sword,
    /// Blocks one damage when defending.
    Shield,
    /// Does nothing.
    Blank,
}

/// The six faces of the combat die, in order (designed).
pub const FACES: [CombatFace; 6] = [
    CombatFace::Sword,
    CombatFace::Sword,
    CombatFace::Sword,
    CombatFace::Shield,
    CombatFace::Shield,
    CombatFace::Blank,
];

impl CombatFace {
    pub const ALL: [CombatFace; 3] = [CombatFace::Sword, CombatFace::Shield, CombatFace::Blank];

    pub fn count(self) -> usize {
        FACES.iter().filter(|f| **f == self).count()
    }

    pub fn reasoning(self) -> &'static str {
        match self {
            CombatFace::Sword => "Three faces: an attack die deals half a damage on average.",
            CombatFace::Shield => "Two faces: a defence die blocks a third, so attacks tell.",
            CombatFace::Blank => "One face: neither, so no handful of dice is certain.",
        }
    }
}

/// What kind of attack a roll was.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCombatKind))]
pub enum CombatKind {
    /// An attack on an adjacent enemy.
    Melee,
    /// A shot from a distance: cover counts, no counterattack.
    Ranged,
    /// The defender of a melee attack striking back.
    Counterattack,
    /// A spell's dice: no cover, no counterattack.
    Spell,
}

/// Rolls `count` combat dice.
pub fn roll(rng: &mut GameRng, count: u8) -> Vec<CombatFace> {
    (0..count)
        .map(|_| FACES[usize::from(rng.roll(6) - 1)])
        .collect()
}

fn count(faces: &[CombatFace], face: CombatFace) -> u8 {
    faces.iter().filter(|f| **f == face).count() as u8
}

/// One exchange of dice: `dice` attack dice against the defender's
/// defence dice plus `cover` automatic shields. Records the roll and the
/// damage, and returns the life the defender lost.
pub fn strike(
    tx: &mut Tx,
    kind: CombatKind,
    attacker: Option<u8>,
    dice: u8,
    defender: u8,
    cover: u8,
    rng: &mut GameRng,
) -> u8 {
    let Some(target) = tx.state.unit(defender) else {
        return 0;
    };
    let defence_dice = target.kind.stats().defence;
    let attack = roll(rng, dice);
    let defence = roll(rng, defence_dice);
    let damage = count(&attack, CombatFace::Sword)
        .saturating_sub(count(&defence, CombatFace::Shield) + cover);
    tx.emit(Event::CombatRolled {
        kind,
        attacker,
        defender,
        attack,
        defence,
        cover,
        damage,
    });
    take_damage(tx, defender, damage)
}

/// `unit` loses `damage` life: a monster (1 life) dies, a wizard whose life
/// drops below 1 is killed. Returns the life actually lost.
pub fn take_damage(tx: &mut Tx, unit: u8, damage: u8) -> u8 {
    let Some(target) = tx.state.unit(unit).cloned() else {
        return 0;
    };
    if damage == 0 {
        return 0;
    }
    let lost = damage.min(target.life);
    let life = target.life - lost;
    tx.emit(Event::LifeLost {
        unit,
        amount: lost,
        life,
    });
    if life < 1 {
        match target.card {
            Some(card) => tx.emit(Event::MonsterSlain {
                unit,
                card: super::spell_cards::MonsterCard::of(card),
            }),
            None => tx.emit(Event::WizardKilled { seat: target.owner }),
        }
    }
    lost
}

/// How an attack from `unit` may reach `target`.
pub fn reach(tx_state: &super::state::State, unit: u8, target: Square) -> Option<CombatKind> {
    let attacker = tx_state.unit(unit)?;
    let distance = attacker.square.distance(target);
    if distance == 1 {
        return Some(CombatKind::Melee);
    }
    let range = attacker.kind.stats().range;
    (distance >= 2
        && distance <= range
        && ranged_combat::line_of_fire(tx_state, attacker.square, target, attacker.owner))
    .then_some(CombatKind::Ranged)
}

/// A unit of `seat` attacks what stands on `target`: an enemy unit, or a
/// wall of thorns next to it.
///
/// # Errors
/// `not_your_unit`, `already_attacked`, `no_target`, `out_of_reach`.
pub fn attack(
    tx: &mut Tx,
    seat: Seat,
    unit: u8,
    target: Square,
    plus: bool,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    let attacker = tx
        .state
        .unit(unit)
        .cloned()
        .ok_or(RuleViolation::NoSuchUnit(unit))?;
    if attacker.owner != seat {
        return Err(RuleViolation::NotYourUnit(unit));
    }
    if attacker.attacked {
        return Err(RuleViolation::AlreadyAttacked(unit));
    }
    let stats = attacker.kind.stats();
    // Feet with the plus: every unit rolls one die extra on its attack.
    let dice = stats.attack + u8::from(plus);
    if tx.state.thorns_at(target).is_some() {
        if attacker.square.distance(target) != 1 {
            return Err(RuleViolation::OutOfReach);
        }
        let attack = roll(rng, dice);
        let destroyed = count(&attack, CombatFace::Sword) > 0;
        tx.emit(Event::ThornsAttacked {
            unit,
            square: target,
            attack,
            destroyed,
        });
        if destroyed && let Some(wall) = tx.state.thorns_at(target).cloned() {
            tx.emit(Event::LastingSpellEnded {
                card: wall.card,
                reason: super::events::SpellEnd::Destroyed,
            });
        }
        return Ok(());
    }
    let defender = tx
        .state
        .unit_at(target)
        .cloned()
        .filter(|d| d.owner != seat)
        .ok_or(RuleViolation::NoTarget(target))?;
    let kind = reach(&tx.state, unit, target).ok_or(RuleViolation::OutOfReach)?;
    let cover = if kind == CombatKind::Ranged {
        ranged_combat::cover(&tx.state, defender.id)
    } else {
        0
    };
    strike(tx, kind, Some(unit), dice, defender.id, cover, rng);
    // "If the defender throws enough shields (and thus survives) he gets
    // one counterattack", never against a shot, never by a wizard.
    let survived = tx.state.unit(defender.id).is_some();
    if kind == CombatKind::Melee && survived && defender.kind != UnitKind::EvilWizard {
        strike(
            tx,
            CombatKind::Counterattack,
            Some(defender.id),
            defender.kind.stats().attack,
            unit,
            0,
            rng,
        );
    }
    Ok(())
}

/// The squares `unit` could attack now, each once.
pub fn targets(state: &super::state::State, unit: u8) -> Vec<Square> {
    let Some(attacker) = state.unit(unit) else {
        return vec![];
    };
    let mut out: Vec<Square> = state
        .units
        .iter()
        .filter(|d| d.owner != attacker.owner && reach(state, unit, d.square).is_some())
        .map(|d| d.square)
        .collect();
    out.extend(
        attacker
            .square
            .orthogonal_neighbours()
            .filter(|s| state.thorns_at(*s).is_some()),
    );
    out
}
