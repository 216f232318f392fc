//! Wiz-War scenes on the kit's given/when/then harness, so rule tests read
//! like the rulebook: `given(events).when(seat, command).then(events)`.

use crate::kit::{Keeper, Secret};
use crate::ruleset::Seat;

use super::super::cards::CardName;
use super::super::classic::state::ClassicState;
use super::super::classic::{ClassicCommand, WizWarClassic};
use super::super::labyrinth::{
    Barrier, BorderLine, Orientation, PlacedSector, SectorIndex, Square,
};
use super::super::objects::CardId;
use super::super::sector_boards::{Colour, Side};
use super::super::state::State;
use super::super::treasures::TreasureId;
use super::super::yield_policies::YieldPolicy;
use super::super::{Command, Event, RuleViolation, WizWar, evolve};

pub const BLUE: Seat = Seat(0);
pub const RED: Seat = Seat(1);
pub const YELLOW: Seat = Seat(2);
pub const GREEN: Seat = Seat(3);

pub fn sq(row: u8, col: u8) -> Square {
    Square::new(row, col)
}

pub fn h(row: u8, col: u8) -> BorderLine {
    BorderLine {
        orientation: Orientation::Horizontal,
        row,
        col,
    }
}

pub fn v(row: u8, col: u8) -> BorderLine {
    BorderLine {
        orientation: Orientation::Vertical,
        row,
        col,
    }
}

/// Sectors in printed orientation: blue north-west (seat 0), red north-east
/// (seat 1), yellow south-west (seat 2), green south-east (seat 3).
pub fn sectors(players: u8) -> Vec<PlacedSector> {
    (0..players)
        .map(|i| PlacedSector {
            colour: Colour::ALL[usize::from(i)],
            owner: Seat(i),
            slot: SectorIndex(i),
            quarter_turns: 0,
        })
        .collect()
}

/// A game on side A with `players` players, set up as the rulebook says, a
/// deck of `deck` cards (`CardId(i)` is `deck[i]`), each seat dealt `hand`
/// cards, and `first` to play.
pub fn game_with(players: u8, side: Side, deck: &[CardName], hand: u8, first: Seat) -> Vec<Event> {
    let sectors = sectors(players);
    let mut state = State::default();
    let mut events = vec![];
    let mut push = |e: Event, state: &mut State| {
        evolve(state, &e);
        events.push(e);
    };
    push(
        Event::BoardBuilt {
            side,
            sectors: sectors.clone(),
            edition: Default::default(),
        },
        &mut state,
    );
    let mut t = 0;
    for s in &sectors {
        let home = state.labyrinth.home_base(s.owner).unwrap();
        push(
            Event::WizardPlaced {
                seat: s.owner,
                square: home,
            },
            &mut state,
        );
    }
    for s in &sectors {
        for square in state.labyrinth.treasure_squares(s) {
            push(
                Event::TreasurePlaced {
                    treasure: TreasureId(t),
                    owner: s.owner,
                    square,
                },
                &mut state,
            );
            t += 1;
        }
    }
    push(
        Event::DeckBuilt {
            size: deck.len() as u16,
            cards: Secret::new(Keeper::Referee, deck.to_vec()),
        },
        &mut state,
    );
    for seat in 0..players {
        if hand > 0 {
            push(
                Event::CardsDrawn {
                    seat: Seat(seat),
                    count: hand,
                    cards: Secret::hidden(),
                },
                &mut state,
            );
        }
    }
    push(
        Event::TurnStarted {
            seat: first,
            movement_points: 3,
            stunned: false,
        },
        &mut state,
    );
    events
}

/// The usual two-player table: blue (seat 0) to play, twelve Energy 4 cards,
/// two in each hand.
pub fn two_players() -> Vec<Event> {
    game_with(2, Side::A, &[CardName::Energy4; 12], 2, BLUE)
}

/// Events that end the current turn of `seat` and start `next`'s.
pub fn pass(seat: Seat, next: Seat) -> Vec<Event> {
    vec![
        Event::TurnEnded { seat },
        Event::TurnStarted {
            seat: next,
            movement_points: 3,
            stunned: false,
        },
    ]
}

/// Each listed seat has had a turn, so attacks are allowed; `first` plays.
pub fn after_first_turns(mut events: Vec<Event>, seats: &[Seat], first: Seat) -> Vec<Event> {
    let Some(Event::TurnStarted { seat, .. }) = events.last().cloned() else {
        panic!("the game must be at a turn start");
    };
    let mut current = seat;
    for s in seats.iter().chain([&first]) {
        events.extend(pass(current, *s));
        current = *s;
    }
    events
}

pub fn wizard_at(seat: Seat, from: Square, to: Square) -> Event {
    Event::WizardMoved {
        seat,
        from,
        to,
        direction: super::super::labyrinth::Direction::North,
        step: super::super::labyrinth::StepKind::Adjacent,
        cost: 0,
    }
}

/// A Wiz-War game for a rule test (the kit's harness).
pub type Given = crate::kit::given::Given<WizWar>;
/// What became of one command.
pub type When = crate::kit::given::When<WizWar>;

pub fn given(events: impl IntoIterator<Item = Event>) -> Given {
    crate::kit::given::given::<WizWar>(events)
}

impl Given {
    /// Moves `seat`'s wizard to `square` (a teleport, for arranging a scene).
    pub fn with_wizard_at(self, seat: Seat, square: Square) -> Self {
        let from = self.state.wizard(seat).square;
        self.with([wizard_at(seat, from, square)])
    }

    /// `seat` has chosen `policy` (tables built here record none: everyone
    /// is asked at every window, as in a game from before policies).
    pub fn with_yield_policy(self, seat: Seat, policy: YieldPolicy) -> Self {
        self.with([Event::YieldPolicySet { seat, policy }])
    }

    /// `seat` plays each command in turn, and after each everyone asked
    /// passes: a punch at a wizard, like a cast, waits for its window.
    pub fn after_windows(mut self, seat: Seat, commands: &[Command]) -> Self {
        for command in commands {
            self = self.after(seat, std::slice::from_ref(command));
            while let Some(head) = self.asked() {
                self = self.after(head, &[Command::Pass]);
            }
        }
        self
    }

    /// `seat` plays `command` and everyone asked lets it go: what became of
    /// the last pass, which closes the last window.
    pub fn when_unanswered(self, seat: Seat, command: Command) -> When {
        let mut g = self.after(seat, &[command]);
        loop {
            let head = g.asked().expect("the command opened a window");
            let last = g.state.stack.len() == 1 && g.state.stack[0].responders.len() == 1;
            if last {
                return g.when(head, Command::Pass);
            }
            g = g.after(head, &[Command::Pass]);
        }
    }

    /// Who the window on top of the stack waits for.
    fn asked(&self) -> Option<Seat> {
        self.state
            .stack
            .last()
            .and_then(|c| c.responders.first().copied())
    }
}

/// A game played through the classic ruleset, whose own commands and events
/// (the sector choice, deals) the engine's do not name.
pub type ClassicGiven = crate::kit::given::Given<WizWarClassic>;
pub type ClassicWhen = crate::kit::given::When<WizWarClassic>;

impl Given {
    /// The same game, played on through the classic ruleset (no sector
    /// being chosen, no deal standing).
    pub fn classic(&self) -> ClassicGiven {
        ClassicGiven {
            state: ClassicState {
                game: self.state.clone(),
                ..ClassicState::default()
            },
        }
    }

    /// `seat` sends `command` as a player of a classic game: the classic
    /// ruleset decides it, so the edition's own commands are taken as well
    /// as the engine's.
    pub fn when_classic(&self, seat: Seat, command: impl Into<ClassicCommand>) -> ClassicWhen {
        self.classic().when(seat, command.into())
    }

    /// Plays several commands of `seat` in a classic game, each of which
    /// must succeed.
    #[track_caller]
    pub fn after_classic(self, seat: Seat, commands: &[ClassicCommand]) -> ClassicGiven {
        self.classic().after(seat, commands)
    }
}

impl ClassicGiven {
    /// `seat` sends `command` as a player of this classic game.
    pub fn when_classic(&self, seat: Seat, command: impl Into<ClassicCommand>) -> ClassicWhen {
        self.when(seat, command.into())
    }

    /// The engine's part of the game, to go on with engine commands (what
    /// only the edition folds, a deal standing, is left behind).
    pub fn engine(&self) -> Given {
        given([]).with_state(self.state.game.clone())
    }
}

impl ClassicWhen {
    /// The command was refused for exactly this reason.
    #[track_caller]
    pub fn then_error(&self, expected: RuleViolation) {
        self.then_refused(expected);
    }

    /// The game after the command, to go on with engine commands.
    pub fn engine(&self) -> Given {
        given([]).with_state(self.after.game.clone())
    }

    /// The game after the command, to go on as a classic game.
    pub fn classic(&self) -> ClassicGiven {
        ClassicGiven {
            state: self.after.clone(),
        }
    }
}

impl When {
    /// The command was refused for exactly this reason.
    #[track_caller]
    pub fn then_error(&self, expected: RuleViolation) {
        self.then_refused(expected);
    }
}

/// ASCII picture of a board, for test failure messages and for writing tests.
pub fn render(state: &State) -> String {
    let lab = &state.labyrinth;
    let mut out = String::new();
    for r in 0..=lab.rows {
        for c in 0..lab.cols {
            out.push('+');
            out.push_str(match lab.barrier(h(r, c)) {
                Some(Barrier::Door { .. }) => "===",
                Some(_) => "---",
                None => "   ",
            });
        }
        out.push_str("+\n");
        if r == lab.rows {
            break;
        }
        for c in 0..=lab.cols {
            out.push(match lab.barrier(v(r, c)) {
                Some(Barrier::Door { .. }) => 'D',
                Some(_) => '|',
                None => ' ',
            });
            if c < lab.cols {
                let s = sq(r, c);
                let mark = if state.wizards.iter().any(|w| w.square == s && w.alive) {
                    " W "
                } else if lab.home_base_owner(s).is_some() {
                    " H "
                } else if !lab.contains(i32::from(r), i32::from(c)) {
                    "###"
                } else {
                    "   "
                };
                out.push_str(mark);
            }
        }
        out.push('\n');
    }
    out
}

pub fn card(i: u16) -> CardId {
    CardId(i)
}
