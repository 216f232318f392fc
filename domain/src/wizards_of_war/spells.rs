//! Casting spells (rulebook "Casting spells"): on a feet turn the evil
//! wizard may cast a spell from the hand instead of his basic attack; an
//! area spell places its effect tile; a lasting spell stays in play, the
//! others go to the discards. Each [`Effect`] is implemented here, once.
//! Drawing spells (the wand) is here too: hidden from the opponent, no hand
//! limit, the discards reshuffled when the deck runs out.

use crate::kit::{Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::board::Square;
use super::combat::{self, CombatFace, CombatKind};
use super::commands::SpellTarget;
use super::events::{Event, SpellEnd};
use super::ranged_combat;
use super::spell_cards::{Effect, Spell, SpellCard, spell_of};
use super::state::{Casting, State, Tx};
use super::summoning;
use super::units::UnitKind;
use super::violations::RuleViolation;

/// Life an evil wizard starts with and never heals above (rulebook: 4).
pub const WIZARD_LIFE: u8 = 4;

/// Draws the top spell card for `seat`, shuffling the discards into a new
/// deck first when the deck is empty.
pub fn draw(tx: &mut Tx, seat: Seat, rng: &mut GameRng) {
    if tx.state.spell_deck.is_empty() && !tx.state.spell_discards.is_empty() {
        let mut order = tx.state.spell_discards.clone();
        rng.shuffle(&mut order);
        tx.emit(Event::SpellDeckShuffled {
            order: Secret::new(Keeper::Referee, order),
        });
    }
    match tx.state.spell_deck.first() {
        Some(&id) => tx.emit(Event::SpellDrawn {
            seat,
            card: Secret::new(Keeper::Seat(seat), SpellCard::of(id)),
        }),
        None => tx.emit(Event::NoSpellLeft { seat }),
    }
}

/// The squares a spell aimed at `target` covers (its tile, its unit's
/// square, or nothing).
pub fn struck_squares(spell: Spell, target: SpellTarget) -> Vec<Square> {
    match (spell.def().effect, target) {
        (
            Effect::Blast { tile, .. } | Effect::Thorns { tile } | Effect::Mud { tile, .. },
            SpellTarget::Area {
                anchor,
                orientation,
            },
        ) => tile.squares(anchor, orientation).unwrap_or_default(),
        (
            Effect::Bolt { .. } | Effect::Drain { .. } | Effect::Banish,
            SpellTarget::Unit { square },
        ) => {
            vec![square]
        }
        _ => vec![],
    }
}

/// Whether a cast concerns `seat` (for the `when_targeted` yield policy),
/// by public facts only: it would strike one of his units, or it changes
/// the board for everyone (a lasting spell).
pub fn concerns(state: &State, casting: &Casting, seat: Seat) -> bool {
    let def = casting.card.spell.def();
    def.lasting
        || struck_squares(casting.card.spell, casting.target)
            .iter()
            .any(|s| state.unit_at(*s).is_some_and(|u| u.owner == seat))
}

/// Checks that `seat`'s wizard may aim `spell` at `target` now.
///
/// # Errors
/// `wrong_target`, `out_of_range`, `no_line_of_fire`, `off_the_board`,
/// `square_taken`, `no_target`, `not_castable`, `no_monster_left`.
pub fn check_target(
    state: &State,
    seat: Seat,
    spell: Spell,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    let def = spell.def();
    let wizard = state.wizard(seat).ok_or(RuleViolation::GameOver)?;
    let within = |square: Square| {
        if wizard.square.distance(square) <= def.range {
            Ok(())
        } else {
            Err(RuleViolation::OutOfRange { range: def.range })
        }
    };
    let enemy_at = |square: Square| {
        state
            .unit_at(square)
            .filter(|u| u.owner != seat)
            .ok_or(RuleViolation::NoTarget(square))
    };
    match (def.effect, target) {
        (Effect::Counter, _) => Err(RuleViolation::NotCastable(spell)),
        (Effect::Bolt { .. } | Effect::Drain { .. }, SpellTarget::Unit { square }) => {
            enemy_at(square)?;
            within(square)?;
            if ranged_combat::line_of_fire(state, wizard.square, square, seat) {
                Ok(())
            } else {
                Err(RuleViolation::NoLineOfFire(square))
            }
        }
        (Effect::Banish, SpellTarget::Unit { square }) => {
            let unit = enemy_at(square)?;
            if unit.kind == UnitKind::EvilWizard {
                return Err(RuleViolation::NoTarget(square));
            }
            within(square)
        }
        (
            Effect::Blast { tile, .. } | Effect::Mud { tile, .. } | Effect::Thorns { tile },
            SpellTarget::Area {
                anchor,
                orientation,
            },
        ) => {
            within(anchor)?;
            let squares = tile
                .squares(anchor, orientation)
                .ok_or(RuleViolation::OffTheBoard)?;
            if matches!(def.effect, Effect::Thorns { .. })
                && let Some(taken) = squares.iter().find(|s| !state.is_empty(**s))
            {
                return Err(RuleViolation::SquareTaken(*taken));
            }
            Ok(())
        }
        (Effect::Heal { .. }, SpellTarget::OwnWizard) => Ok(()),
        (Effect::Teleport, SpellTarget::Square { square }) => {
            within(square)?;
            if state.is_empty(square) {
                Ok(())
            } else {
                Err(RuleViolation::SquareTaken(square))
            }
        }
        (Effect::Summon, SpellTarget::Square { square }) => {
            if !summoning::free_squares(state, seat).contains(&square) {
                return Err(RuleViolation::NotASummoningSquare(square));
            }
            if state.monster_deck.is_empty() && state.monster_discards.is_empty() {
                return Err(RuleViolation::NoMonsterLeft);
            }
            Ok(())
        }
        _ => Err(RuleViolation::WrongTarget(spell)),
    }
}

/// `seat`'s wizard casts spell card `card` at `target`: the card is shown
/// and the opponent's response window opens.
///
/// # Errors
/// `card_not_in_hand`, `already_attacked`, and those of [`check_target`].
pub fn cast(
    tx: &mut Tx,
    seat: Seat,
    card: u8,
    target: SpellTarget,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    if !tx.state.player(seat).hand.contains(&card) {
        return Err(RuleViolation::CardNotInHand(card));
    }
    let wizard = tx.state.wizard(seat).ok_or(RuleViolation::GameOver)?;
    if wizard.attacked {
        // The spell is cast instead of the wizard's basic attack.
        return Err(RuleViolation::AlreadyAttacked(wizard.id));
    }
    let spell = spell_of(card).ok_or(RuleViolation::CardNotInHand(card))?;
    check_target(&tx.state, seat, spell, target)?;
    tx.emit(Event::SpellCast {
        seat,
        card: SpellCard::of(card),
        target,
    });
    super::counterspell::settle(tx, rng);
    Ok(())
}

/// The spell of `casting` takes effect (its window has closed and no
/// counterspell stopped it).
pub fn resolve(tx: &mut Tx, casting: &Casting, rng: &mut GameRng) {
    let card = casting.card;
    let def = card.spell.def();
    let caster = casting.seat;
    let wizard = casting.seat.0;
    if check_target(&tx.state, caster, card.spell, casting.target).is_err() {
        tx.emit(Event::SpellFizzled { card });
        tx.emit(Event::SpellDiscarded { card });
        return;
    }
    let squares = struck_squares(card.spell, casting.target);
    match def.effect {
        Effect::Counter => {}
        Effect::Bolt { dice } | Effect::Drain { dice } => {
            if let Some(target) = squares
                .first()
                .and_then(|s| tx.state.unit_at(*s))
                .map(|u| u.id)
            {
                let lost =
                    combat::strike(tx, CombatKind::Spell, Some(wizard), dice, target, 0, rng);
                if matches!(def.effect, Effect::Drain { .. }) {
                    heal(tx, wizard, lost);
                }
            }
        }
        Effect::Blast { dice, .. } => {
            let struck: Vec<u8> = squares
                .iter()
                .filter_map(|s| tx.state.unit_at(*s))
                .map(|u| u.id)
                .collect();
            for unit in struck {
                combat::strike(tx, CombatKind::Spell, Some(wizard), dice, unit, 0, rng);
            }
            // A blast burns any wall of thorns it covers.
            let burnt: Vec<SpellCard> = tx
                .state
                .lasting
                .iter()
                .filter(|l| {
                    l.card.spell == Spell::WallOfThorns
                        && l.squares.iter().any(|s| squares.contains(s))
                })
                .map(|l| l.card)
                .collect();
            for card in burnt {
                tx.emit(Event::LastingSpellEnded {
                    card,
                    reason: SpellEnd::Destroyed,
                });
            }
        }
        Effect::Thorns { .. } | Effect::Mud { .. } => {}
        Effect::Heal { life } => heal(tx, wizard, life),
        Effect::Teleport => {
            if let (Some(from), SpellTarget::Square { square }) =
                (tx.state.unit(wizard).map(|w| w.square), casting.target)
            {
                tx.emit(Event::WizardTeleported {
                    unit: wizard,
                    from,
                    to: square,
                });
            }
        }
        Effect::Summon => {
            if let SpellTarget::Square { square } = casting.target
                && let Some(monster) = summoning::take_card(tx, rng)
            {
                summoning::summon(tx, caster, monster, square);
            }
        }
        Effect::Banish => {
            if let Some(target) = squares.first().and_then(|s| tx.state.unit_at(*s)).cloned() {
                let roll = combat::roll(rng, 1)[0];
                let success = roll == CombatFace::Sword;
                tx.emit(Event::BanishRolled {
                    unit: target.id,
                    roll,
                    success,
                });
                if success && let Some(card) = target.card {
                    tx.emit(Event::MonsterBanished {
                        unit: target.id,
                        card: super::spell_cards::MonsterCard::of(card),
                    });
                }
            }
        }
    }
    tx.emit(Event::SpellResolved { card });
    if def.lasting {
        tx.emit(Event::LastingSpellPlaced {
            seat: caster,
            card,
            squares,
        });
    } else {
        tx.emit(Event::SpellDiscarded { card });
    }
}

/// The wizard `unit` regains up to `amount` life, never above 4.
fn heal(tx: &mut Tx, unit: u8, amount: u8) {
    let Some(wizard) = tx.state.unit(unit) else {
        return;
    };
    let life = (wizard.life + amount).min(WIZARD_LIFE);
    if life > wizard.life {
        tx.emit(Event::LifeRegained {
            unit,
            amount: life - wizard.life,
            life,
        });
    }
}

/// Targets worth listing for `spell` cast by `seat` now: every legal one,
/// except for blasts: the placements that strike an enemy unit (or a few
/// legal ones when none does), since a blast that strikes nobody of his
/// is never worth a wizard's attack and listing all of them would drown a
/// client in choices. Every listed target is legal.
pub fn listed_targets(state: &State, seat: Seat, spell: Spell) -> Vec<SpellTarget> {
    let def = spell.def();
    let Some(wizard) = state.wizard(seat) else {
        return vec![];
    };
    let ok = |t: &SpellTarget| check_target(state, seat, spell, *t).is_ok();
    match def.effect {
        Effect::Counter => vec![],
        Effect::Bolt { .. } | Effect::Drain { .. } | Effect::Banish => state
            .units
            .iter()
            .map(|u| SpellTarget::Unit { square: u.square })
            .filter(ok)
            .collect(),
        Effect::Heal { .. } => vec![SpellTarget::OwnWizard],
        Effect::Teleport => Square::all()
            .filter(|s| *s != wizard.square)
            .map(|square| SpellTarget::Square { square })
            .filter(ok)
            .collect(),
        Effect::Summon => summoning::free_squares(state, seat)
            .into_iter()
            .map(|square| SpellTarget::Square { square })
            .filter(ok)
            .collect(),
        Effect::Blast { tile, .. } | Effect::Mud { tile, .. } | Effect::Thorns { tile } => {
            let mut all = Vec::new();
            for anchor in Square::all().filter(|s| wizard.square.distance(*s) <= def.range) {
                for &orientation in tile.orientations() {
                    let target = SpellTarget::Area {
                        anchor,
                        orientation,
                    };
                    if ok(&target) {
                        all.push(target);
                    }
                }
            }
            let hits_enemy = |t: &SpellTarget| {
                struck_squares(spell, *t)
                    .iter()
                    .any(|s| state.unit_at(*s).is_some_and(|u| u.owner != seat))
            };
            // Walls and mud shape the board wherever they lie: all of them.
            if !matches!(def.effect, Effect::Blast { .. }) {
                return all;
            }
            let listed: Vec<SpellTarget> = all.iter().copied().filter(hits_enemy).collect();
            if listed.is_empty() {
                all.into_iter().take(3).collect()
            } else {
                listed
            }
        }
    }
}
