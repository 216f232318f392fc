//! The computer players' strength: the heuristic player of each ruleset
//! against the random one, two-seat games with the seats alternated (game
//! `n` dealt by seed `n`), and the heuristic's win rate with its 95% Wilson
//! score interval. Figures are printed, never asserted.
//!
//! `cargo bench --bench bots` (`OWLPOST_BENCH_GAMES=200` games per ruleset,
//! `OWLPOST_BENCH_COMMANDS=3000` commands per game at most).

use owlpost_domain::bots::Tactics;
use owlpost_domain::bots::duel::{Tally, heuristic_against_random};
use owlpost_domain::firewall::FirewallDuel;
use owlpost_domain::wizards_of_war::WizardsOfWar;
use owlpost_domain::wizwar::WizWar;
use owlpost_domain::wizwar::classic::WizWarClassic;

fn setting(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The 95% Wilson score interval of `wins` in `games`.
fn wilson(wins: u32, games: u32) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let (n, z) = (f64::from(games), 1.96_f64);
    let p = f64::from(wins) / n;
    let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
    (centre - half, centre + half)
}

fn report(tally: &Tally) {
    let (low, high) = wilson(tally.heuristic, tally.games());
    println!(
        "{tally}; heuristic win rate {:.1}% (95% CI {:.1}%–{:.1}%)",
        100.0 * f64::from(tally.heuristic) / f64::from(tally.games().max(1)),
        100.0 * low,
        100.0 * high
    );
}

fn play<R: Tactics>(games: u64, commands: usize) {
    report(&heuristic_against_random::<R>(
        &R::Options::default(),
        games,
        commands,
    ));
}

fn main() {
    let games = setting("OWLPOST_BENCH_GAMES", 200);
    let commands = setting("OWLPOST_BENCH_COMMANDS", 3000) as usize;
    play::<FirewallDuel>(games, commands);
    play::<WizardsOfWar>(games, commands);
    play::<WizWar>(games, commands);
    play::<WizWarClassic>(games, commands);
}
