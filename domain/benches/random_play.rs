//! How fast the rules decide and fold: plays random legal games of every
//! ruleset through the registry and prints commands decided and events
//! folded per second. Run with `cargo bench -p owlpost-domain`.

use std::time::{Duration, Instant};

use owlpost_domain::GameRng;
use owlpost_domain::registry::{self, DynGame};

/// Commands per game at most, so a game that runs long still ends the bench.
const COMMAND_LIMIT: usize = 3000;

struct Figures {
    games: usize,
    commands: usize,
    events: usize,
    deciding: Duration,
    folding: Duration,
}

fn play(ruleset: &dyn registry::DynRuleset, seats: u8, seed: u64, figures: &mut Figures) {
    let mut rng = GameRng::from_u64(seed);
    let options = ruleset
        .normalize_options(&serde_json::Value::Null)
        .expect("default options");
    let mut log = ruleset.setup(&options, seats, &mut rng).expect("setup");
    let mut game: Box<dyn DynGame> = ruleset.new_game();
    for event in &log {
        game.apply(event).expect("setup events fold");
    }
    for _ in 0..COMMAND_LIMIT {
        if game.outcome().is_some() {
            break;
        }
        let Some(awaited) = game.awaiting().first().map(|a| a.seat) else {
            break;
        };
        let legal = game.legal_commands(awaited);
        if legal.is_empty() {
            break;
        }
        let command = &legal[rng.below(legal.len() as u32) as usize];
        let started = Instant::now();
        let events = game
            .decide(awaited, command, &mut rng)
            .expect("a listed command is legal");
        figures.deciding += started.elapsed();
        for event in &events {
            game.apply(event).expect("decided events fold");
        }
        figures.commands += 1;
        log.extend(events);
    }
    let started = Instant::now();
    let mut replay = ruleset.new_game();
    for event in &log {
        replay.apply(event).expect("the log folds");
    }
    figures.folding += started.elapsed();
    figures.events += log.len();
    figures.games += 1;
}

fn main() {
    let games: u64 = std::env::var("OWLPOST_BENCH_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(40);
    for ruleset in registry::all() {
        let info = ruleset.info();
        for seats in info.min_seats..=info.max_seats {
            let mut figures = Figures {
                games: 0,
                commands: 0,
                events: 0,
                deciding: Duration::ZERO,
                folding: Duration::ZERO,
            };
            for seed in 0..games {
                play(ruleset, seats, seed, &mut figures);
            }
            println!(
                "{:<14} {} seats: {:>4} games, {:>7} commands, {:>8} events | decide {:>9.0} commands/s | fold {:>10.0} events/s",
                info.id,
                seats,
                figures.games,
                figures.commands,
                figures.events,
                figures.commands as f64 / figures.deciding.as_secs_f64().max(1e-9),
                figures.events as f64 / figures.folding.as_secs_f64().max(1e-9),
            );
        }
    }
}
