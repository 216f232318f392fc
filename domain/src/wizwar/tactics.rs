//! The heuristic computer player of Wiz-War (both editions): greedy on life
//! and treasures.
//!
//! Hurting an enemy wizard comes first (a punch, or a spell or item aimed at
//! him), then taking an enemy treasure and carrying it home, and otherwise
//! walking towards the nearest enemy treasure or wizard. Distances are
//! counted square by square as the crow flies: a wall in the way is met by
//! the listed moves, which never go through it. (Counting steps through the
//! labyrinth as the player sees it did worse against the random player: an
//! enemy behind a door of his own sector is out of reach, and the wizard
//! stopped heading anywhere; punching the walls in the way did no better.)
//! An edition's own commands are weighed by the edition (the classic's:
//! `classic::tactics`).

use super::WizWar;
use super::casting::SpellTarget;
use super::commands::{Command, Target, Thing};
use super::labyrinth::{Direction, Square};
use super::treasures::TreasureLocation;
use super::views::View;
use crate::bots::{Sight, Tactics};
use crate::ruleset::Seat;

impl Tactics for WizWar {
    fn worths(sight: &Sight<Self>) -> Vec<i64> {
        let plan = Plan::of(&sight.view, sight.seat);
        sight.legal.iter().map(|c| plan.worth(c)).collect()
    }
}

/// What the player makes of his sight, once for all his commands.
pub(super) struct Plan<'a> {
    view: &'a View,
    me: Seat,
    /// Where his wizard is, and where he heads.
    heading: Option<(Square, Square)>,
}

impl<'a> Plan<'a> {
    pub(super) fn of(view: &'a View, me: Seat) -> Self {
        let mut plan = Plan {
            view,
            me,
            heading: None,
        };
        plan.heading = view
            .wizards
            .iter()
            .find(|w| w.seat == me)
            .and_then(|w| Some((w.square, plan.goal(w.square)?)));
        plan
    }

    /// Where the wizard on `here` heads: home when he carries an enemy
    /// treasure, else the nearest enemy treasure lying about or enemy
    /// wizard alive.
    fn goal(&self, here: Square) -> Option<Square> {
        let (view, me) = (self.view, self.me);
        let carrying = view
            .treasures
            .iter()
            .any(|t| t.owner != me && t.location == TreasureLocation::Carried { seat: me });
        if carrying && let Some(home) = self.home() {
            return Some(home);
        }
        let treasures = view.treasures.iter().filter_map(|t| match t.location {
            TreasureLocation::Lying { square } if t.owner != me => Some(square),
            _ => None,
        });
        let wizards = view
            .wizards
            .iter()
            .filter(|w| w.seat != me && w.alive)
            .map(|w| w.square);
        treasures.chain(wizards).min_by_key(|s| distance(here, *s))
    }

    fn home(&self) -> Option<Square> {
        self.view
            .board
            .home_bases
            .iter()
            .find(|h| h.owner == self.me)
            .map(|h| h.square)
    }

    pub(super) fn worth(&self, command: &Command) -> i64 {
        let (view, me) = (self.view, self.me);
        let at_enemy = |seat: &Seat| *seat != me;
        let enemy_treasure = |id| view.treasures.iter().any(|t| t.id == id && t.owner != me);
        let home = self.home();
        let mine = view.wizards.iter().find(|w| w.seat == me);
        match command {
            Command::Punch {
                target: Target::Wizard { seat },
            } if at_enemy(seat) => 1000,
            // Punching a wall seldom opens it (in the 8th edition a crack takes
            // 3 damage of one attack, p.13, more than a fist deals): ranked
            // below ending the move, the heuristic won more often in both
            // editions (benches/README.md).
            Command::Punch {
                target: Target::Line { .. },
            } => 90,
            Command::Punch { .. } => -50,
            Command::Cast { target, .. }
            | Command::Use { target, .. }
            | Command::UseDiscarding { target, .. } => match target {
                SpellTarget::Wizard { seat } if at_enemy(seat) => 900,
                SpellTarget::Caster => 40,
                _ => 20,
            },
            Command::PickUp {
                thing: Thing::Treasure { treasure },
            } if enemy_treasure(*treasure) => 1200,
            Command::PickUp { .. } => 150,
            Command::Drop {
                thing: Thing::Treasure { treasure },
            } if enemy_treasure(*treasure) && home.is_some() && home == mine.map(|w| w.square) => {
                1500
            }
            Command::Drop { .. } => -200,
            Command::PlayCounter { .. } => match view.stack.last() {
                Some(cast) if cast.seat != me => 600,
                _ => -100,
            },
            Command::Pass => 100,
            // A step that comes no nearer is worth less than ending the move:
            // a wizard who steps aside whenever a wall is in his way wanders
            // for ever.
            Command::Move { direction } => match self.heading {
                Some((here, goal)) => {
                    match distance(here, goal) - distance(stepped(here, *direction), goal) {
                        gain if gain > 0 => 260,
                        0 => 100,
                        _ => 60,
                    }
                }
                None => 100,
            },
            Command::Draw { count } => 110 + i64::from(*count),
            Command::EndMoveAndCast => 120,
            Command::Take { cards } => 50 + cards.len() as i64,
            Command::EndTurn => 50,
            Command::MoveCreature { .. } | Command::BoostSpeed { .. } => 10,
            Command::Discard { .. }
            | Command::HoldDoor { .. }
            | Command::ReleaseDoor { .. }
            | Command::LookThrough { .. } => 0,
            Command::EndSpell { .. } => -50,
            Command::SetYieldPolicy { .. } => -1000,
        }
    }
}

/// The square one step from `square` towards `direction` (the labyrinth
/// may lead elsewhere through its edges and portals: a guess is enough).
fn stepped(square: Square, direction: Direction) -> Square {
    let (rows, cols) = direction.delta();
    let shift = |at: u8, by: i32| u8::try_from(i32::from(at) + by).unwrap_or(at);
    Square::new(shift(square.row, rows), shift(square.col, cols))
}

/// Squares apart, row and column counted alike.
fn distance(a: Square, b: Square) -> i64 {
    (i64::from(a.row) - i64::from(b.row)).abs() + (i64::from(a.col) - i64::from(b.col)).abs()
}
