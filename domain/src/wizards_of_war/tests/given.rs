//! Scenes of a war for the rule tests, on the kit's given/when/then
//! harness: built from events, as a replay would build them.

use crate::kit::given::Given;
use crate::kit::{Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat};

use super::super::board::{START_SQUARES, Square};
use super::super::counterspell::YieldPolicy;
use super::super::events::Event;
use super::super::spell_cards::{MonsterCard, Spell, SpellCard, spell_cards};
use super::super::turn_die::TurnFace;
use super::super::units::{UnitKind, monster_cards};
use super::super::{Command, State, WizardsOfWar};

pub const ANN: Seat = Seat(0);
pub const BOB: Seat = Seat(1);

/// A game reached by folding `events`.
pub fn given(events: impl IntoIterator<Item = Event>) -> Given<WizardsOfWar> {
    crate::kit::given::given::<WizardsOfWar>(events)
}

pub const fn sq(col: u8, row: u8) -> Square {
    Square::new(col, row)
}

/// A board being laid out: wizards on their X squares, both decks in card
/// order, every window asking (policy `always`) unless told otherwise.
pub struct Scene {
    pub events: Vec<Event>,
    next_unit: u8,
    monsters_used: Vec<u8>,
    spells_used: Vec<u8>,
}

impl Scene {
    pub fn new() -> Scene {
        let mut events = vec![Event::GameStarted {
            wizards: START_SQUARES.to_vec(),
            life: 4,
        }];
        for seat in [ANN, BOB] {
            events.push(Event::YieldPolicySet {
                seat,
                policy: YieldPolicy::Always,
            });
        }
        events.push(Event::MonsterDeckShuffled {
            order: Secret::new(Keeper::Referee, (0..34).collect()),
        });
        events.push(Event::SpellDeckShuffled {
            order: Secret::new(Keeper::Referee, (0..30).collect()),
        });
        Scene {
            events,
            next_unit: 2,
            monsters_used: vec![],
            spells_used: vec![],
        }
    }

    pub fn policy(mut self, seat: Seat, policy: YieldPolicy) -> Scene {
        self.events.push(Event::YieldPolicySet { seat, policy });
        self
    }

    /// Puts `seat`'s wizard on `square`.
    pub fn wizard(mut self, seat: Seat, square: Square) -> Scene {
        self.events.push(Event::WizardTeleported {
            unit: seat.0,
            from: START_SQUARES[seat.index()],
            to: square,
        });
        self
    }

    /// Leaves `seat`'s wizard with `life`.
    pub fn life(mut self, seat: Seat, life: u8) -> Scene {
        self.events.push(Event::LifeLost {
            unit: seat.0,
            amount: 4 - life,
            life,
        });
        self
    }

    /// A `kind` of `seat`'s on `square`: units 2, 3, … in the order added.
    pub fn monster(mut self, seat: Seat, kind: UnitKind, square: Square) -> Scene {
        let card = (0..34u8)
            .find(|c| monster_cards()[usize::from(*c)] == kind && !self.monsters_used.contains(c))
            .expect("a card of that monster is left");
        self.monsters_used.push(card);
        self.events.push(Event::MonsterSummoned {
            seat,
            unit: self.next_unit,
            card: MonsterCard::of(card),
            square,
        });
        self.next_unit += 1;
        self
    }

    fn spell_card(&mut self, spell: Spell) -> u8 {
        let card = (0..30u8)
            .find(|c| spell_cards()[usize::from(*c)] == spell && !self.spells_used.contains(c))
            .expect("a card of that spell is left");
        self.spells_used.push(card);
        card
    }

    /// `seat` holds these spells (drawn in this order).
    pub fn spells(mut self, seat: Seat, spells: &[Spell]) -> Scene {
        for &spell in spells {
            let card = self.spell_card(spell);
            self.events.push(Event::SpellDrawn {
                seat,
                card: Secret::new(Keeper::Seat(seat), SpellCard::of(card)),
            });
        }
        self
    }

    /// A lasting spell of `seat`'s already in play on `squares`.
    pub fn lasting(mut self, seat: Seat, spell: Spell, squares: &[Square]) -> Scene {
        let card = self.spell_card(spell);
        self.events.push(Event::LastingSpellPlaced {
            seat,
            card: SpellCard::of(card),
            squares: squares.to_vec(),
        });
        self
    }

    /// The card id the next `spell` would get, and those given so far.
    pub fn card_of(&self, spell: Spell) -> u8 {
        (0..30u8)
            .find(|c| spell_cards()[usize::from(*c)] == spell && self.spells_used.contains(c))
            .expect("that spell was given")
    }

    /// `seat`'s turn begins and the turn die shows `face`.
    pub fn turn(mut self, seat: Seat, face: TurnFace) -> Given<WizardsOfWar> {
        self.events.push(Event::TurnStarted { seat, turn: 1 });
        self.events.push(Event::TurnDieRolled { seat, face });
        given(self.events)
    }
}

/// `seat` sends `command` with the dice of `seed`.
pub fn decide_seeded(state: &State, seat: Seat, command: &Command, seed: u64) -> Vec<Event> {
    WizardsOfWar::decide(state, seat, command, &mut GameRng::from_u64(seed))
        .unwrap_or_else(|e| panic!("{command:?} refused: {e}"))
}

/// The events of `command` under the first dice (seeds 0, 1, …) that make
/// `wanted` true: for rules about one kind of roll.
#[track_caller]
pub fn rolled(
    given: &Given<WizardsOfWar>,
    seat: Seat,
    command: Command,
    wanted: impl Fn(&[Event]) -> bool,
) -> (Vec<Event>, State) {
    for seed in 0..2000 {
        let events = decide_seeded(&given.state, seat, &command, seed);
        if wanted(&events) {
            let mut state = given.state.clone();
            for event in &events {
                WizardsOfWar::evolve(&mut state, event);
            }
            return (events, state);
        }
    }
    panic!("no dice in 2000 seeds give the wanted roll for {command:?}");
}
