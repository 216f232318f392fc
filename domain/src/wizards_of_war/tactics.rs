//! The heuristic computer player of Wizards of War: greedy on life and units.
//!
//! Hurting comes first (an attack, then a spell at an enemy unit, most of
//! all at the evil wizard, whose death ends the game), then bringing units
//! closer to the enemy wizard; a spell of the enemy is countered when a
//! counterspell is in hand. Settings are never changed.

use super::WizardsOfWar;
use super::board::Square;
use super::commands::{Command, CounterTarget, SpellTarget};
use super::units::UnitKind;
use super::views::{UnitView, View};
use crate::bots::{Sight, Tactics};
use crate::ruleset::Seat;

impl Tactics for WizardsOfWar {
    fn worths(sight: &Sight<Self>) -> Vec<i64> {
        sight.legal.iter().map(|c| worth(sight, c)).collect()
    }
}

fn worth(sight: &Sight<WizardsOfWar>, command: &Command) -> i64 {
    let view = &sight.view;
    let me = sight.seat;
    let enemy_on = |square: Square| {
        view.units
            .iter()
            .find(|u| u.square == square && u.owner != me)
    };
    let blow = |unit: Option<&UnitView>| match unit {
        Some(u) if u.kind == UnitKind::EvilWizard => 600 + 20 * (10 - i64::from(u.life)),
        Some(u) => 300 + 20 * (10 - i64::from(u.life)),
        None => 0,
    };
    match command {
        Command::Attack { target, .. } => 500 + blow(enemy_on(*target)),
        Command::Cast { target, .. } => match target {
            SpellTarget::Unit { square } => match enemy_on(*square) {
                Some(enemy) => 450 + blow(Some(enemy)),
                None => 20,
            },
            SpellTarget::Area { .. } | SpellTarget::Square { .. } => 150,
            SpellTarget::OwnWizard => 120,
        },
        Command::Counterspell { against, .. } => match against {
            CounterTarget::Cast if view.casting.as_ref().is_some_and(|c| c.seat != me) => 700,
            CounterTarget::Cast => -100,
            CounterTarget::InPlay { .. } => 80,
        },
        Command::Pass => 50,
        Command::Move { unit, to } => {
            let Some(from) = view.units.iter().find(|u| u.id == *unit) else {
                return 0;
            };
            let closer = distance_to_enemy_wizard(view, me, from.square)
                - distance_to_enemy_wizard(view, me, *to);
            100 + 60 * closer
        }
        Command::PlaceMonster { square } => 400 - 10 * distance_to_enemy_wizard(view, me, *square),
        Command::SummonInstead => 450,
        Command::DrawSpell => 400,
        Command::EndTurn => 0,
        Command::SetYieldPolicy { .. } => -1000,
    }
}

/// Kings' moves from `square` to the nearest enemy evil wizard.
fn distance_to_enemy_wizard(view: &View, me: Seat, square: Square) -> i64 {
    view.units
        .iter()
        .filter(|u| u.owner != me && u.kind == UnitKind::EvilWizard)
        .map(|u| {
            let cols = (i64::from(u.square.col) - i64::from(square.col)).abs();
            let rows = (i64::from(u.square.row) - i64::from(square.row)).abs();
            cols.max(rows)
        })
        .min()
        .unwrap_or(0)
}
