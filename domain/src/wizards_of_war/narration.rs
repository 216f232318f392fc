//! The game told in words: one sentence per event, for the reader the
//! event was redacted for ("Bob draws a spell" for Ann, "Bob draws
//! Fireball" for Bob). Squares are named like a chess board: columns A to
//! K from the left, rows 1 to 20 from seat 0's edge.

use serde_json::Value;

use super::WizardsOfWar;
use super::combat::{CombatFace, CombatKind};
use super::commands::SpellTarget;
use super::events::{Event, SpellEnd};
use super::spell_cards::{SpellCard, spell_of};
use super::state::State;
use super::tiles::Orientation;
use super::turn_die::TurnFace;
use crate::kit::narration::counted;
use crate::ruleset::{Presentation, Seat, SeatNames};

impl Presentation for WizardsOfWar {
    fn narrate(event: &Event, game: &State, names: &SeatNames) -> String {
        narrate(event, game, names)
    }

    fn picture(view: &super::View, names: &SeatNames) -> String {
        super::picture::draw(view, names)
    }

    fn card_names(secret: &Value) -> Vec<String> {
        let mut found = Vec::new();
        spell_names_in(secret, &mut found);
        found
    }
}

/// Spell names in a secret: a card (`{id, spell}`), a hand of them, or a
/// deck order (a list of card ids).
fn spell_names_in(secret: &Value, found: &mut Vec<String>) {
    match secret {
        Value::Array(items) => {
            for item in items {
                if let Some(spell) = item.as_u64().and_then(|n| spell_of(n as u8)) {
                    found.push(spell.title().to_owned());
                } else {
                    spell_names_in(item, found);
                }
            }
        }
        Value::Object(fields) => {
            if let Some(id) = fields.get("id").and_then(Value::as_u64)
                && fields.contains_key("spell")
                && let Some(spell) = spell_of(id as u8)
            {
                found.push(spell.title().to_owned());
            }
            for field in fields.values() {
                if field.is_array() || field.is_object() {
                    spell_names_in(field, found);
                }
            }
        }
        _ => {}
    }
}

/// "Ann's orc", "Ann's evil wizard".
fn unit(game: &State, id: u8, names: &SeatNames) -> String {
    match game.roster.iter().find(|(u, _, _)| *u == id) {
        Some((_, owner, kind)) => format!("{}'s {}", names.of(*owner), kind.name()),
        None => format!("unit {id}"),
    }
}

fn faces(faces: &[CombatFace]) -> String {
    let count = |f| faces.iter().filter(|x| **x == f).count() as u64;
    format!(
        "{}, {}",
        counted(count(CombatFace::Sword), "sword", "swords"),
        counted(count(CombatFace::Shield), "shield", "shields"),
    )
}

fn card(card: &SpellCard) -> &'static str {
    card.spell.title()
}

fn target(target: &SpellTarget) -> String {
    match target {
        SpellTarget::Area {
            anchor,
            orientation,
        } => match orientation {
            Orientation::Horizontal => format!("on {anchor}"),
            Orientation::Vertical => format!("on {anchor}, lying vertically"),
        },
        SpellTarget::Unit { square } => format!("at {square}"),
        SpellTarget::Square { square } => format!("onto {square}"),
        SpellTarget::OwnWizard => "on himself".to_owned(),
    }
}

/// The event in one sentence, as its reader may see it.
pub fn narrate(event: &Event, game: &State, names: &SeatNames) -> String {
    let name = |seat: &Seat| names.of(*seat);
    let unit = |id: &u8| unit(game, *id, names);
    match event {
        Event::GameStarted { wizards, life } => format!(
            "The evil wizards take their places on {} with {life} life each.",
            wizards
                .iter()
                .map(|s| s.to_string())
                .collect::<Vec<_>>()
                .join(" and ")
        ),
        Event::YieldPolicySet { seat, policy } => {
            let when = match policy {
                super::YieldPolicy::Always => "about every spell cast",
                super::YieldPolicy::WhenTargeted => "about the spells that concern him",
                super::YieldPolicy::WhenICanCounter => {
                    "about spells only while he holds a counterspell"
                }
                super::YieldPolicy::Never => "about no spell",
            };
            format!("{} will be asked {when}.", name(seat))
        }
        Event::MonsterDeckShuffled { .. } => "The monster cards are shuffled.".to_owned(),
        Event::SpellDeckShuffled { .. } => "The spell cards are shuffled.".to_owned(),
        Event::TurnStarted { seat, turn } => format!("Turn {turn}: {} plays.", name(seat)),
        Event::TurnDieRolled { seat, face } => {
            let what = match face {
                TurnFace::Orc => "a monster comes",
                TurnFace::Wand => "a spell",
                TurnFace::Feet => "move and fight",
                TurnFace::FeetPlus => "move and fight with an extra attack die",
            };
            format!("{} rolls {}: {what}.", name(seat), face.name())
        }
        Event::MonsterDrawn { seat, card } => {
            format!("{} draws {} card.", name(seat), card.monster.a())
        }
        Event::SummonBlocked { seat } => {
            format!("{} cannot summon a monster and loses the turn.", name(seat))
        }
        Event::SummonChosen { seat } => format!("{} summons instead.", name(seat)),
        Event::MonsterSummoned {
            seat, card, square, ..
        } => format!("{} summons {} on {square}.", name(seat), card.monster.a()),
        Event::SpellDrawn { seat, card } => match card.revealed() {
            Some(card) => format!("{} draws {}.", name(seat), card.spell.title()),
            None => format!("{} draws a spell.", name(seat)),
        },
        Event::NoSpellLeft { seat } => {
            format!("No spell card is left for {} to draw.", name(seat))
        }
        Event::UnitMoved {
            unit: id, from, to, ..
        } => {
            format!("{} moves from {from} to {to}.", unit(id))
        }
        Event::CombatRolled {
            kind,
            attacker,
            defender,
            attack,
            defence,
            cover,
            damage,
        } => {
            let how = match kind {
                CombatKind::Melee => "attacks",
                CombatKind::Ranged => "shoots at",
                CombatKind::Counterattack => "strikes back at",
                CombatKind::Spell => "blasts",
            };
            let who = attacker.map_or("A spell".to_owned(), |a| unit(&a));
            let cover = if *cover > 0 { " and cover" } else { "" };
            format!(
                "{who} {how} {}: {} against {}{cover}, {damage} damage.",
                unit(defender),
                faces(attack),
                faces(defence)
            )
        }
        Event::LifeLost {
            unit: id,
            amount,
            life,
        } => format!("{} loses {amount} life ({life} left).", unit(id)),
        Event::MonsterSlain { unit: id, .. } => format!("{} dies.", unit(id)),
        Event::ThornsAttacked {
            unit: id,
            square,
            destroyed,
            ..
        } => format!(
            "{} hacks at the wall of thorns on {square}{}.",
            unit(id),
            if *destroyed {
                " and destroys it"
            } else {
                " in vain"
            }
        ),
        Event::SpellCast {
            seat,
            card: spell,
            target: aim,
        } => format!("{} casts {} {}.", name(seat), card(spell), target(aim)),
        Event::ResponsePassed { seat } => format!("{} lets the spell be.", name(seat)),
        Event::CounterMomentOpened { seat } => format!(
            "{} may counterspell a lasting spell in play now.",
            name(seat)
        ),
        Event::CounterMomentPassed { seat } => {
            format!("{} lets the lasting spells be.", name(seat))
        }
        Event::ResponseYielded { seat } => {
            format!("{} is not asked about the spell.", name(seat))
        }
        Event::CounterspellCast {
            seat,
            against,
            success,
            ..
        } => format!(
            "{} casts a counterspell against {}{}.",
            name(seat),
            card(against),
            if *success {
                " and rolls a sword"
            } else {
                " but rolls no sword"
            }
        ),
        Event::SpellCountered { card: spell } => format!("{} is countered.", card(spell)),
        Event::SpellResolved { card: spell } => format!("{} takes effect.", card(spell)),
        Event::SpellDiscarded { card: spell } => {
            format!("{} goes to the discards.", card(spell))
        }
        Event::LastingSpellPlaced {
            card: spell,
            squares,
            ..
        } => match squares.len() {
            1 => format!("{} stays in play on 1 square.", card(spell)),
            n => format!("{} stays in play on {n} squares.", card(spell)),
        },
        Event::LastingSpellEnded {
            card: spell,
            reason,
        } => match reason {
            SpellEnd::Counterspelled => format!("{} is counterspelled away.", card(spell)),
            SpellEnd::Destroyed => format!("{} is destroyed.", card(spell)),
        },
        Event::LifeRegained {
            unit: id,
            amount,
            life,
        } => format!("{} regains {amount} life ({life} now).", unit(id)),
        Event::WizardTeleported { unit: id, from, to } => {
            format!("{} teleports from {from} to {to}.", unit(id))
        }
        Event::BanishRolled {
            unit: id, success, ..
        } => format!(
            "Banish is aimed at {}{}.",
            unit(id),
            if *success {
                " and rolls a sword"
            } else {
                " but rolls no sword"
            }
        ),
        Event::MonsterBanished { unit: id, .. } => format!("{} is banished.", unit(id)),
        Event::SpellFizzled { card: spell } => {
            format!("{} finds nothing to act on.", card(spell))
        }
        Event::TurnEnded { seat } => format!("{} ends the turn.", name(seat)),
        Event::WizardKilled { seat } => format!("{}'s evil wizard is killed.", name(seat)),
        Event::GameEnded { winner, .. } => match winner {
            Some(seat) => format!("{} wins the war.", name(seat)),
            None => "Both evil wizards fell: the war is drawn.".to_owned(),
        },
    }
}
