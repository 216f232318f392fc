//! A whole four-player game with the recommended first decks (White Cantrip,
//! Alchemy, Elemental, Mentalism), played from setup to a winner by commands
//! alone: every command is one `legal_commands` listed, chosen by a simple
//! aggressive bot, and `decide` accepts it.

use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, fold};
use crate::wizwar::cards::{self, CardType, School};
use crate::wizwar::commands::Command;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::state::State;
use crate::wizwar::{Event, Options, WizWar};

/// Commands one game may take before the bot is judged too timid.
const COMMAND_LIMIT: usize = 20_000;

/// Attacks first, then anything but ending the phase early; ends the turn last.
fn choose(state: &State, legal: &[Command], chooser: &mut GameRng) -> Command {
    let is_attack = |command: &Command| match command {
        Command::Punch { .. } | Command::Use { .. } => true,
        Command::Cast { card, .. } => {
            cards::definition(state.cards[usize::from(card.0)]).card_type == CardType::Attack
        }
        _ => false,
    };
    let attacks: Vec<&Command> = legal.iter().filter(|c| is_attack(c)).collect();
    if !attacks.is_empty() {
        return attacks[chooser.below(attacks.len() as u32) as usize].clone();
    }
    let patient: Vec<&Command> = legal
        .iter()
        .filter(|c| !matches!(c, Command::EndTurn | Command::EndMoveAndCast))
        .collect();
    if !patient.is_empty() && chooser.below(10) < 8 {
        return patient[chooser.below(patient.len() as u32) as usize].clone();
    }
    legal[chooser.below(legal.len() as u32) as usize].clone()
}

fn play_to_the_end(seed: u64) -> Option<(Vec<Event>, State)> {
    let options = Options {
        side: Side::A,
        schools: vec![School::Alchemy, School::Elemental, School::Mentalism],
        ..Options::default()
    };
    let mut events = WizWar::setup(&options, 4, &mut GameRng::from_u64(seed)).unwrap();
    let mut state = fold::<WizWar>(&events);
    let mut chooser = GameRng::from_u64(seed ^ 0xb07);
    for n in 0..COMMAND_LIMIT {
        if WizWar::outcome(&state).is_some() {
            return Some((events, state));
        }
        let seat: Seat = WizWar::awaiting(&state).first()?.seat;
        let legal = WizWar::legal_commands(&state, seat);
        let command = choose(&state, &legal, &mut chooser);
        let mut rng = GameRng::for_command(&[seed as u8; 32], n as u64);
        let new = WizWar::decide(&state, seat, &command, &mut rng)
            .unwrap_or_else(|e| panic!("listed command {command:?} refused: {e}"));
        for event in &new {
            WizWar::evolve(&mut state, event);
        }
        events.extend(new);
    }
    None
}

#[test]
fn a_four_player_game_with_the_first_four_decks_is_played_to_a_winner_by_commands_alone() {
    let (events, state) = (0..8)
        .find_map(play_to_the_end)
        .expect("one of eight games reaches its end");
    let outcome = WizWar::outcome(&state).expect("the game is over");
    assert_eq!(outcome.winners.len(), 1, "{outcome:?}");
    assert!(events.iter().any(|e| matches!(e, Event::GameWon { .. })));
    assert!(
        events.iter().any(|e| matches!(e, Event::SpellCast { .. })),
        "magic was cast on the way"
    );
    assert_eq!(
        fold::<WizWar>(&events),
        state,
        "the log replays to the same end"
    );
}
