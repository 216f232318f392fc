//! Computer players see only their seat's view, and the heuristic player
//! of every ruleset beats the random one.

use serde::Serialize;

use super::duel::{Tally, heuristic_against_random};
use super::{Sight, Strength, Tactics, choose};
use crate::firewall::FirewallDuel;
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, Viewer, fold};
use crate::wizards_of_war::WizardsOfWar;
use crate::wizwar::WizWar;
use crate::wizwar::classic::WizWarClassic;

/// The state after `commands` listed commands chosen at random, stopping
/// early at the first point where `seat` is awaited after `commands / 2`.
fn game_awaiting<R: Ruleset>(options: &str, seed: u64, commands: usize, seat: Seat) -> R::State {
    let options: R::Options = serde_json::from_str(options).expect("options parse");
    let mut rng = GameRng::from_u64(seed);
    let mut state = fold::<R>(&R::setup(&options, 2, &mut rng).expect("setup"));
    for step in 0..commands {
        let awaiting = R::awaiting(&state);
        if step >= commands / 2 && awaiting.iter().any(|a| a.seat == seat) {
            break;
        }
        let Some(first) = awaiting.first() else { break };
        let sight = Sight::<R>::of(&state, first.seat);
        let command = &sight.legal[rng.below(sight.legal.len() as u32) as usize];
        for event in R::decide(&state, first.seat, command, &mut rng).expect("listed command") {
            R::evolve(&mut state, &event);
        }
    }
    state
}

fn json<T: Serialize>(value: &T) -> serde_json::Value {
    serde_json::to_value(value).expect("serialises")
}

/// `altered` hides other facts than `state` from `seat` (the referee sees
/// the difference, the seat does not); both computer players choose the
/// same command in both, whatever their random stream.
fn choices_ignore_what_is_hidden<R: Tactics>(state: &R::State, altered: &R::State, seat: Seat) {
    assert_ne!(
        json(&R::view(state, Viewer::Referee)),
        json(&R::view(altered, Viewer::Referee)),
        "{}: the alteration changes nothing hidden",
        R::ID
    );
    assert_eq!(
        json(&R::view(state, Viewer::Player(seat))),
        json(&R::view(altered, Viewer::Player(seat))),
        "{}: the alteration shows in {seat}'s view",
        R::ID
    );
    let (sight, altered_sight) = (Sight::<R>::of(state, seat), Sight::<R>::of(altered, seat));
    assert!(!sight.legal.is_empty(), "{}: {seat} is not awaited", R::ID);
    for strength in [Strength::Random, Strength::Heuristic] {
        for stream in 0..20 {
            let mine = choose(strength, &sight, &mut GameRng::from_u64(stream));
            let other = choose(strength, &altered_sight, &mut GameRng::from_u64(stream));
            assert_eq!(
                mine.as_ref().map(json),
                other.as_ref().map(json),
                "{}: the {strength:?} player's choice depends on a hidden fact",
                R::ID
            );
        }
    }
}

#[test]
fn a_fire_wall_bot_ignores_the_opponents_hand_and_both_deck_orders() {
    let seat = Seat(0);
    let state = game_awaiting::<FirewallDuel>("{}", 3, 12, seat);
    let mut altered = state.clone();
    let opponent = &mut altered.players[1];
    let swapped = opponent.hand.len().min(opponent.deck.len());
    let (hand, deck) = (&mut opponent.hand, &mut opponent.deck);
    hand[..swapped].swap_with_slice(&mut deck[..swapped]);
    for player in &mut altered.players {
        player.deck.reverse();
    }
    choices_ignore_what_is_hidden::<FirewallDuel>(&state, &altered, seat);
}

#[test]
fn a_wizards_of_war_bot_ignores_the_opponents_hand_and_the_deck_orders() {
    let seat = Seat(0);
    let state = game_awaiting::<WizardsOfWar>("{}", 5, 40, seat);
    let mut altered = state.clone();
    let opponent = &mut altered.players[1];
    let swapped = opponent.hand.len().min(altered.spell_deck.len());
    opponent.hand[..swapped].swap_with_slice(&mut altered.spell_deck[..swapped]);
    altered.spell_deck.reverse();
    altered.monster_deck.reverse();
    choices_ignore_what_is_hidden::<WizardsOfWar>(&state, &altered, seat);
}

fn wizwar_alteration(state: &crate::wizwar::State) -> crate::wizwar::State {
    let mut altered = state.clone();
    let opponent = &mut altered.wizards[1];
    let swapped = opponent.hand.len().min(altered.deck.len());
    opponent.hand[..swapped].swap_with_slice(&mut altered.deck[..swapped]);
    altered.deck.reverse();
    altered
}

#[test]
fn a_wiz_war_bot_ignores_the_opponents_hand_and_the_deck_order() {
    let seat = Seat(0);
    let state = game_awaiting::<WizWar>("{}", 7, 30, seat);
    choices_ignore_what_is_hidden::<WizWar>(&state, &wizwar_alteration(&state), seat);
    let state = game_awaiting::<WizWarClassic>("{}", 7, 30, seat);
    let altered = crate::wizwar::classic::state::ClassicState {
        game: wizwar_alteration(&state),
        ..state.clone()
    };
    choices_ignore_what_is_hidden::<WizWarClassic>(&state, &altered, seat);
}

/// The tally, printed (`--nocapture` shows it).
fn told(tally: Tally) -> Tally {
    eprintln!("{tally}");
    tally
}

/// The heuristic player wins most games, and three times as many as the
/// random player at least (a game may run past its length unfinished: a
/// Wiz-War wizard can stand stuck behind a wall the greedy player does not
/// walk around).
fn assert_heuristic_wins_most(tally: &Tally, id: &str) {
    assert!(
        tally.heuristic * 2 > tally.games() && tally.heuristic >= 3 * tally.random,
        "{id}: the heuristic player won only {tally:?}"
    );
}

#[test]
fn the_fire_wall_heuristic_beats_the_random_player() {
    let tally = told(heuristic_against_random::<FirewallDuel>(
        &Default::default(),
        40,
        3000,
    ));
    assert_heuristic_wins_most(&tally, FirewallDuel::ID);
}

#[test]
fn the_wizards_of_war_heuristic_beats_the_random_player() {
    let tally = told(heuristic_against_random::<WizardsOfWar>(
        &Default::default(),
        20,
        3000,
    ));
    assert_heuristic_wins_most(&tally, WizardsOfWar::ID);
}

#[test]
fn the_wiz_war_heuristic_beats_the_random_player() {
    let tally = told(heuristic_against_random::<WizWar>(
        &Default::default(),
        10,
        3000,
    ));
    assert_heuristic_wins_most(&tally, WizWar::ID);
}

#[test]
fn the_wiz_war_classic_heuristic_beats_the_random_player() {
    let tally = told(heuristic_against_random::<WizWarClassic>(
        &Default::default(),
        10,
        3000,
    ));
    assert_heuristic_wins_most(&tally, WizWarClassic::ID);
}

#[test]
fn every_registered_ruleset_is_played_by_its_computer_players_through_the_registry() {
    for ruleset in crate::registry::all() {
        let mut dice = GameRng::from_u64(11);
        let mut minds = GameRng::from_u64(12);
        let mut game = ruleset.new_game();
        let opening = ruleset
            .setup(&serde_json::json!({}), 2, &mut dice)
            .expect("setup");
        for event in &opening {
            game.apply(event).expect("opening events fold");
        }
        for step in 0..200 {
            let Some(awaited) = game.awaiting().first().copied() else {
                break;
            };
            let strength = [Strength::Heuristic, Strength::Random][step % 2];
            let command = game
                .computer_command(awaited.seat, strength, &mut minds)
                .unwrap_or_else(|| panic!("{}: awaited {awaited:?} has no command", ruleset.id()));
            let events = game
                .decide(awaited.seat, &command, &mut dice)
                .unwrap_or_else(|e| {
                    panic!("{}: the bot's {command} is refused: {e:?}", ruleset.id())
                });
            for event in &events {
                game.apply(event).expect("decided events fold");
            }
        }
    }
}
