//! The state of a game: only ever the fold of its events ([`evolve`]).

use serde::{Deserialize, Serialize};

use super::board::Square;
use super::commands::SpellTarget;
use super::counterspell::YieldPolicy;
use super::events::Event;
use super::revisions::{Differences, PlayedUnder, differences};
use super::spell_cards::{Spell, SpellCard};
use super::turn_die::TurnFace;
use super::units::UnitKind;
use crate::kit::Emitter;
use crate::ruleset::Seat;

/// A decision in progress.
pub type Tx = Emitter<super::WizardsOfWar>;

/// A unit on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Unit {
    pub id: u8,
    pub owner: Seat,
    pub kind: UnitKind,
    /// The monster card it came from (none for a wizard).
    pub card: Option<u8>,
    pub square: Square,
    pub life: u8,
    /// Moved this turn.
    pub moved: bool,
    /// Attacked (or, for a wizard, cast) this turn.
    pub attacked: bool,
}

/// Where the active player's turn stands after the roll.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Step {
    /// A monster card was drawn: place it around the wizard.
    Placing { card: u8 },
    /// The wand, with no monster on the board: draw a spell or summon.
    Wand,
    /// The feet: move, attack and cast; `acted` once anything was done
    /// (then summoning instead is no longer possible).
    Acting { plus: bool, acted: bool },
}

/// The active player's turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub seat: Seat,
    pub number: u32,
    pub face: Option<TurnFace>,
    pub step: Option<Step>,
}

/// A spell cast and waiting for its answer (the response window).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Casting {
    pub seat: Seat,
    pub card: SpellCard,
    pub target: SpellTarget,
    /// Who must answer, while someone must.
    pub responder: Option<Seat>,
}

/// A lasting spell in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Lasting {
    pub owner: Seat,
    pub card: SpellCard,
    pub squares: Vec<Square>,
}

/// One player.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Player {
    /// Spell card ids, in the order drawn.
    pub hand: Vec<u8>,
    pub yield_policy: Option<YieldPolicy>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    /// The revision of the rules the game is played under.
    pub revision: PlayedUnder,
    pub started: bool,
    pub units: Vec<Unit>,
    pub next_unit: u8,
    pub players: Vec<Player>,
    pub monster_deck: Vec<u8>,
    pub monster_discards: Vec<u8>,
    pub spell_deck: Vec<u8>,
    pub spell_discards: Vec<u8>,
    pub lasting: Vec<Lasting>,
    pub turn: Option<Turn>,
    pub casting: Option<Casting>,
    /// The player a moment to counterspell a lasting spell waits for.
    pub moment: Option<Seat>,
    pub killed: Vec<Seat>,
    /// Every unit that ever came onto the board, dead ones included (for
    /// telling events about them later): id, owner, kind.
    pub roster: Vec<(u8, Seat, UnitKind)>,
    /// Set once the game is over: the winner (none: both died) and why.
    pub result: Option<(Option<Seat>, String)>,
}

impl State {
    /// The rules of the game's revision, where revisions differ.
    pub fn rules(&self) -> Differences {
        differences(self.revision.0)
    }

    pub fn is_over(&self) -> bool {
        self.result.is_some()
    }

    pub fn unit(&self, id: u8) -> Option<&Unit> {
        self.units.iter().find(|u| u.id == id)
    }

    fn unit_mut(&mut self, id: u8) -> Option<&mut Unit> {
        self.units.iter_mut().find(|u| u.id == id)
    }

    pub fn unit_at(&self, square: Square) -> Option<&Unit> {
        self.units.iter().find(|u| u.square == square)
    }

    /// The evil wizard of `seat` (unit id = seat), while he lives.
    pub fn wizard(&self, seat: Seat) -> Option<&Unit> {
        self.unit(seat.0)
    }

    pub fn player(&self, seat: Seat) -> &Player {
        &self.players[seat.index()]
    }

    /// Whether `seat` has a monster on the board.
    pub fn has_monsters(&self, seat: Seat) -> bool {
        self.units
            .iter()
            .any(|u| u.owner == seat && u.kind != UnitKind::EvilWizard)
    }

    /// The wall of thorns covering `square`, if any.
    pub fn thorns_at(&self, square: Square) -> Option<&Lasting> {
        self.lasting
            .iter()
            .find(|l| l.card.spell == Spell::WallOfThorns && l.squares.contains(&square))
    }

    /// Whether mud covers `square`.
    pub fn mud_at(&self, square: Square) -> bool {
        self.lasting
            .iter()
            .any(|l| l.card.spell == Spell::Mud && l.squares.contains(&square))
    }

    /// A square a unit could stand on: no unit, no thorns.
    pub fn is_empty(&self, square: Square) -> bool {
        self.unit_at(square).is_none() && self.thorns_at(square).is_none()
    }

    pub fn active_seat(&self) -> Option<Seat> {
        self.turn.as_ref().map(|t| t.seat)
    }

    pub fn step(&self) -> Option<&Step> {
        self.turn.as_ref().and_then(|t| t.step.as_ref())
    }
}

/// The other seat of a duel.
pub fn opponent(seat: Seat) -> Seat {
    Seat(1 - seat.0.min(1))
}

fn remove_card(pile: &mut Vec<u8>, card: u8) {
    if let Some(i) = pile.iter().position(|c| *c == card) {
        pile.remove(i);
    }
}

/// Applies one event. Total: never fails, never rolls dice.
pub fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::GameStarted { wizards, life } => {
            state.started = true;
            state.players = vec![Player::default(); wizards.len()];
            state.units = wizards
                .iter()
                .enumerate()
                .map(|(i, &square)| Unit {
                    id: i as u8,
                    owner: Seat(i as u8),
                    kind: UnitKind::EvilWizard,
                    card: None,
                    square,
                    life: *life,
                    moved: false,
                    attacked: false,
                })
                .collect();
            state.next_unit = wizards.len() as u8;
            state.roster = state
                .units
                .iter()
                .map(|u| (u.id, u.owner, u.kind))
                .collect();
        }
        Event::YieldPolicySet { seat, policy } => {
            if let Some(p) = state.players.get_mut(seat.index()) {
                p.yield_policy = Some(*policy);
            }
        }
        Event::MonsterDeckShuffled { order } => {
            // The fold always runs on the referee's events, where the order shows.
            state.monster_deck = order.revealed().cloned().unwrap_or_default();
            state.monster_discards.clear();
        }
        Event::SpellDeckShuffled { order } => {
            state.spell_deck = order.revealed().cloned().unwrap_or_default();
            state.spell_discards.clear();
        }
        Event::TurnStarted { seat, turn } => {
            for unit in &mut state.units {
                unit.moved = false;
                unit.attacked = false;
            }
            state.turn = Some(Turn {
                seat: *seat,
                number: *turn,
                face: None,
                step: None,
            });
        }
        Event::TurnDieRolled { face, .. } => {
            if let Some(turn) = &mut state.turn {
                turn.face = Some(*face);
                turn.step = match face {
                    TurnFace::Orc => None,
                    TurnFace::Wand => Some(Step::Wand),
                    TurnFace::Feet | TurnFace::FeetPlus => Some(Step::Acting {
                        plus: *face == TurnFace::FeetPlus,
                        acted: false,
                    }),
                };
            }
        }
        Event::MonsterDrawn { card, .. } => {
            remove_card(&mut state.monster_deck, card.id);
            if let Some(turn) = &mut state.turn {
                turn.step = Some(Step::Placing { card: card.id });
            }
        }
        Event::SummonBlocked { .. } | Event::NoSpellLeft { .. } => {
            if let Some(turn) = &mut state.turn {
                turn.step = None;
            }
        }
        Event::SummonChosen { .. } => {
            if let Some(turn) = &mut state.turn {
                turn.step = None;
            }
        }
        Event::MonsterSummoned {
            seat,
            unit,
            card,
            square,
        } => {
            remove_card(&mut state.monster_deck, card.id);
            state.units.push(Unit {
                id: *unit,
                owner: *seat,
                kind: card.monster,
                card: Some(card.id),
                square: *square,
                life: card.monster.stats().life,
                // Summoned this turn: it neither moves nor attacks until the next.
                moved: true,
                attacked: true,
            });
            state.next_unit = state.next_unit.max(unit + 1);
            state.roster.push((*unit, *seat, card.monster));
            if let Some(turn) = &mut state.turn
                && matches!(turn.step, Some(Step::Placing { .. }))
            {
                turn.step = None;
            }
        }
        Event::SpellDrawn { seat, card } => {
            if let Some(card) = card.revealed() {
                remove_card(&mut state.spell_deck, card.id);
                if let Some(p) = state.players.get_mut(seat.index()) {
                    p.hand.push(card.id);
                }
            }
            if let Some(turn) = &mut state.turn
                && turn.seat == *seat
                && matches!(turn.step, Some(Step::Wand) | None)
            {
                turn.step = None;
            }
        }
        Event::UnitMoved { unit, to, .. } => {
            if let Some(u) = state.unit_mut(*unit) {
                u.square = *to;
                u.moved = true;
            }
            mark_acted(state);
        }
        Event::CombatRolled { kind, attacker, .. } => {
            if *kind == super::combat::CombatKind::Melee
                || *kind == super::combat::CombatKind::Ranged
            {
                if let Some(u) = attacker.and_then(|a| state.unit_mut(a)) {
                    u.attacked = true;
                }
                mark_acted(state);
            }
        }
        Event::LifeLost { unit, life, .. } | Event::LifeRegained { unit, life, .. } => {
            if let Some(u) = state.unit_mut(*unit) {
                u.life = *life;
            }
        }
        Event::MonsterSlain { unit, card } | Event::MonsterBanished { unit, card } => {
            state.units.retain(|u| u.id != *unit);
            state.monster_discards.push(card.id);
        }
        Event::ThornsAttacked { unit, .. } => {
            if let Some(u) = state.unit_mut(*unit) {
                u.attacked = true;
            }
            mark_acted(state);
        }
        Event::SpellCast { seat, card, target } => {
            if let Some(p) = state.players.get_mut(seat.index()) {
                remove_card(&mut p.hand, card.id);
            }
            if let Some(w) = state.unit_mut(seat.0) {
                w.attacked = true;
            }
            mark_acted(state);
            state.casting = Some(Casting {
                seat: *seat,
                card: *card,
                target: *target,
                responder: Some(opponent(*seat)),
            });
        }
        Event::ResponsePassed { .. } | Event::ResponseYielded { .. } => {
            if let Some(c) = &mut state.casting {
                c.responder = None;
            }
        }
        Event::CounterMomentOpened { seat } => state.moment = Some(*seat),
        Event::CounterMomentPassed { .. } => state.moment = None,
        Event::CounterspellCast { seat, card, .. } => {
            if let Some(p) = state.players.get_mut(seat.index()) {
                remove_card(&mut p.hand, card.id);
            }
            if state.moment == Some(*seat) {
                state.moment = None;
            }
            state.spell_discards.push(card.id);
            if let Some(c) = &mut state.casting
                && c.responder == Some(*seat)
            {
                c.responder = None;
            }
        }
        Event::SpellCountered { card } | Event::SpellDiscarded { card } => {
            if state.casting.as_ref().is_some_and(|c| c.card == *card) {
                state.casting = None;
            }
            state.spell_discards.push(card.id);
        }
        Event::SpellResolved { card } | Event::SpellFizzled { card } => {
            if state.casting.as_ref().is_some_and(|c| c.card == *card) {
                state.casting = None;
            }
        }
        Event::LastingSpellPlaced {
            seat,
            card,
            squares,
        } => state.lasting.push(super::state::Lasting {
            owner: *seat,
            card: *card,
            squares: squares.clone(),
        }),
        Event::LastingSpellEnded { card, .. } => {
            state.lasting.retain(|l| l.card != *card);
            state.spell_discards.push(card.id);
        }
        Event::WizardTeleported { unit, to, .. } => {
            if let Some(u) = state.unit_mut(*unit) {
                u.square = *to;
            }
        }
        Event::BanishRolled { .. } => {}
        Event::TurnEnded { .. } => {
            state.turn = None;
        }
        Event::WizardKilled { seat } => {
            state.units.retain(|u| u.id != seat.0);
            state.killed.push(*seat);
        }
        Event::GameEnded { winner, summary } => {
            state.result = Some((*winner, summary.clone()));
            state.casting = None;
        }
    }
}

/// Something was done on a feet turn: summoning instead is no longer possible.
fn mark_acted(state: &mut State) {
    if let Some(Turn {
        step: Some(Step::Acting { acted, .. }),
        ..
    }) = &mut state.turn
    {
        *acted = true;
    }
}
