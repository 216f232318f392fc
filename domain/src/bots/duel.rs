//! The heuristic player against the random player: seeded two-seat games,
//! seats alternated, for the tests and the `bots` bench.

use super::{Sight, Strength, Tactics, choose};
use crate::rng::GameRng;
use crate::ruleset::{Seat, fold};

/// How a set of games between the two players went.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Tally {
    /// The ruleset played.
    pub ruleset: &'static str,
    /// Games the heuristic player won.
    pub heuristic: u32,
    /// Games the random player won.
    pub random: u32,
    /// Games that ended without a winner.
    pub drawn: u32,
    /// Games still going when their length ran out.
    pub unfinished: u32,
}

impl Tally {
    /// Games played.
    pub fn games(&self) -> u32 {
        self.heuristic + self.random + self.drawn + self.unfinished
    }
}

/// Plays `games` two-seat games of the heuristic against the random player,
/// the heuristic taking seat 0 in even games and seat 1 in odd ones, each
/// game at most `commands` commands long. Game `n` is dealt by seed `n`.
///
/// # Panics
/// When the rules refuse to set up a two-seat game with `options`, or
/// refuse a command they listed (either is a bug of the rules).
pub fn heuristic_against_random<R: Tactics>(
    options: &R::Options,
    games: u64,
    commands: usize,
) -> Tally {
    let mut tally = Tally {
        ruleset: R::ID,
        ..Tally::default()
    };
    for game in 0..games {
        let heuristic = Seat((game % 2) as u8);
        let mut dice = GameRng::from_u64(game);
        let mut minds = GameRng::from_u64(game ^ 0xb075);
        let mut state = fold::<R>(&R::setup(options, 2, &mut dice).expect("setup"));
        for _ in 0..commands {
            if R::outcome(&state).is_some() {
                break;
            }
            let seat = R::awaiting(&state)[0].seat;
            let strength = if seat == heuristic {
                Strength::Heuristic
            } else {
                Strength::Random
            };
            let command = choose(strength, &Sight::<R>::of(&state, seat), &mut minds)
                .expect("an awaited seat has a command");
            let events = R::decide(&state, seat, &command, &mut dice)
                .unwrap_or_else(|e| panic!("{}: {seat}'s chosen {command:?} refused: {e}", R::ID));
            for event in &events {
                R::evolve(&mut state, event);
            }
        }
        match R::outcome(&state) {
            None => tally.unfinished += 1,
            Some(outcome) => match outcome.winners.as_slice() {
                [] => tally.drawn += 1,
                [winner] if *winner == heuristic => tally.heuristic += 1,
                _ => tally.random += 1,
            },
        }
    }
    tally
}

impl std::fmt::Display for Tally {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: heuristic won {} of {} games, random {} ({} drawn, {} unfinished)",
            self.ruleset,
            self.heuristic,
            self.games(),
            self.random,
            self.drawn,
            self.unfinished
        )
    }
}
