//! Scenes of a duel for the rule tests, on the kit's given/when/then
//! harness.

use super::super::*;
use crate::kit::given::{Given, When};

/// A duel reached by folding `events`.
pub fn given(events: impl IntoIterator<Item = Event>) -> Given<FirewallDuel> {
    crate::kit::given::given::<FirewallDuel>(events)
}

/// The opening events of a duel set up with `options` and dice seeded by `seed`.
pub fn setup_events(options: Options, seed: u64) -> Vec<Event> {
    FirewallDuel::setup(&options, 2, &mut GameRng::from_u64(seed)).expect("setup works")
}

/// A duel just set up with `options` and dice seeded by `seed`.
pub fn given_setup(options: Options, seed: u64) -> Given<FirewallDuel> {
    given(setup_events(options, seed))
}

/// What the rule tests read of a duel, whether given or after a command.
pub trait Duel {
    /// The duel as it stands.
    fn duel(&self) -> &State;

    fn wall(&self) -> i8 {
        self.duel().bridge.wall
    }

    fn mana(&self) -> [u8; 2] {
        [self.duel().players[0].mana, self.duel().players[1].mana]
    }

    /// The attack powers compared in the last turn revealed.
    fn powers(&self) -> Vec<u32> {
        self.duel()
            .report
            .as_ref()
            .and_then(|r| r.powers.clone())
            .expect("the attacks were compared")
    }
}

impl Duel for Given<FirewallDuel> {
    fn duel(&self) -> &State {
        &self.state
    }
}

impl Duel for When<FirewallDuel> {
    fn duel(&self) -> &State {
        &self.after
    }
}

impl Given<FirewallDuel> {
    /// Both wizards hand in their moves, seat 0 first.
    #[track_caller]
    pub fn turn(&self, move0: Cmd, move1: Cmd) -> When<FirewallDuel> {
        self.when(Seat(0), move0).when(Seat(1), move1)
    }
}

impl When<FirewallDuel> {
    /// The last command was accepted; then both wizards hand in their moves.
    #[track_caller]
    pub fn turn(&self, move0: Cmd, move1: Cmd) -> When<FirewallDuel> {
        self.given().turn(move0, move1)
    }

    /// Whether the last command's events include one like `wanted`.
    #[track_caller]
    pub fn has(&self, wanted: impl Fn(&Event) -> bool) -> bool {
        self.events().iter().any(wanted)
    }
}

pub type Cmd = Command;

pub fn submit(bet: u32, cards: &[u32]) -> Cmd {
    Cmd::submit(bet, cards)
}

pub fn cloning(bet: u32, cards: &[u32], target: u32) -> Cmd {
    Cmd::SubmitMove {
        bet,
        cards: cards.to_vec(),
        clone: Some(target),
    }
}

/// A match in its first round where each wizard holds exactly these spells
/// (plus the False Card); the rest of each stock in number order.
pub fn opening(hand0: &[u8], hand1: &[u8]) -> Vec<Event> {
    let mut events = vec![Event::MatchStarted {
        options: Options::default(),
        flagstones: 19,
        fire_wall: 9,
        wizards: vec![6, 12],
        mana: 50,
    }];
    for (seat, hand) in [hand0, hand1].into_iter().enumerate() {
        let mut order: Vec<u8> = hand.to_vec();
        order.extend((1..=14).filter(|c| !hand.contains(c)));
        events.push(Event::DeckShuffled {
            seat: Seat(seat as u8),
            order: Secret::new(Keeper::Referee, order),
        });
    }
    events.push(Event::RoundStarted { round: 1, mana: 50 });
    for (seat, hand) in [hand0, hand1].into_iter().enumerate() {
        events.push(Event::CardsDrawn {
            seat: Seat(seat as u8),
            count: hand.len() as u8,
            cards: Secret::new(Keeper::Seat(Seat(seat as u8)), hand.to_vec()),
        });
    }
    events
}

/// The same, with the wall moved (as if by earlier turns of the round) and
/// `collapsed` flagstones already broken at each end.
pub fn opening_with(
    hand0: &[u8],
    hand1: &[u8],
    wall: i8,
    collapsed: u8,
    mana: [u8; 2],
) -> Vec<Event> {
    let mut events = opening(hand0, hand1);
    for k in 0..collapsed {
        events.push(Event::FlagstonesCollapsed {
            low: Some(k as i8),
            high: Some(18 - k as i8),
        });
    }
    if wall != 9 {
        events.push(Event::FireWallMoved {
            from: 9,
            to: wall,
            cause: FirewallWallMoveCause::Middle,
        });
    }
    for (seat, m) in mana.into_iter().enumerate() {
        if m != 50 {
            events.push(Event::ManaGained {
                seat: Seat(seat as u8),
                spell: 13,
                amount: 0,
                mana: m,
            });
        }
    }
    events
}
