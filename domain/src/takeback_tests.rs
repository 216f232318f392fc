//! Take-backs by agreement, per ruleset ([`crate::ruleset::Ruleset::takeback`]):
//! games played at random, every action judged as the rules judge it.

use serde_json::Value;

use crate::registry::{self, DynGame};
use crate::rng::GameRng;
use crate::ruleset::{Seat, TakebackRefusal};

const SEED: [u8; 32] = [29; 32];

/// Each action of a game of `ruleset` for `seats` played at random for at
/// most `actions` actions: its events' types and what a take-back of it gets.
fn actions_of(
    ruleset: &str,
    seats: u8,
    actions: usize,
) -> Vec<(Vec<String>, Result<(), TakebackRefusal>)> {
    let engine = registry::find(ruleset).unwrap();
    let options = engine.normalize_options(&Value::Null).unwrap();
    let mut game: Box<dyn DynGame> = engine.new_game();
    let mut seq = 1;
    let setup = engine
        .setup(&options, seats, &mut GameRng::for_command(&SEED, seq))
        .unwrap();
    let mut played = vec![(types(&setup), game.takeback(&setup))];
    for event in &setup {
        game.apply(event).unwrap();
    }
    let mut pick = GameRng::for_command(&SEED, 0);
    while played.len() < actions && game.outcome().is_none() {
        let Some(awaited) = game.awaiting().first().map(|a| a.seat) else {
            break;
        };
        let legal = game.legal_commands(awaited);
        let command = &legal[pick.below(legal.len() as u32) as usize];
        seq += 1;
        let events = game
            .decide(
                Seat(awaited.0),
                command,
                &mut GameRng::for_command(&SEED, seq),
            )
            .unwrap();
        played.push((types(&events), game.takeback(&events)));
        for event in &events {
            game.apply(event).unwrap();
        }
    }
    played
}

fn types(events: &[Value]) -> Vec<String> {
    events
        .iter()
        .map(|e| e["type"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// Checks every action: one that did any of `hidden` is refused as
/// revealing, one that did any of `rolled` (and nothing hidden) as rolling,
/// and one that did only `undoable` things may be taken back; at least one
/// revealing and one allowed action were played (and a rolling one when
/// `rolls_seen`).
fn judge(
    played: &[(Vec<String>, Result<(), TakebackRefusal>)],
    hidden: &[&str],
    rolled: &[&str],
    undoable: &[&str],
    rolls_seen: bool,
) {
    let (mut revealing, mut rolling, mut allowed) = (0, 0, 0);
    for (types, takeback) in played {
        let did = |kinds: &[&str]| types.iter().any(|t| kinds.contains(&t.as_str()));
        if did(hidden) {
            assert_eq!(
                *takeback,
                Err(TakebackRefusal::HiddenInformation),
                "{types:?}"
            );
            revealing += 1;
        } else if did(rolled) {
            assert_eq!(*takeback, Err(TakebackRefusal::DieRoll), "{types:?}");
            rolling += 1;
        } else if types.iter().all(|t| undoable.contains(&t.as_str())) {
            assert_eq!(*takeback, Ok(()), "{types:?}");
            allowed += 1;
        }
    }
    assert!(
        revealing > 0 && allowed > 0,
        "{revealing} {rolling} {allowed}"
    );
    if rolls_seen {
        assert!(rolling > 0, "no roll among {} actions", played.len());
    }
}

#[test]
fn a_fire_wall_wizard_takes_back_his_sealed_move_until_the_moves_are_revealed_never_after() {
    let played = actions_of("firewall-duel", 2, 60);
    judge(
        &played,
        &["moves_revealed", "cards_drawn"],
        &[],
        &["move_submitted"],
        false,
    );
}

#[test]
fn a_wiz_war_wizard_takes_back_a_step_but_never_a_card_drawn_nor_a_die_rolled() {
    for ruleset in ["wizwar", "wizwar-classic"] {
        let played = actions_of(ruleset, 2, 400);
        judge(
            &played,
            &[
                "cards_drawn",
                "trap_turned_up",
                "sectors_revealed",
                "hand_taken",
            ],
            &[
                "die_rolled",
                "junction_wall_rolled",
                "deck_reshuffled",
                "discard_pile_shuffled",
            ],
            &[
                "wizard_moved",
                "speed_boosted",
                "door_held_open",
                "door_closed",
            ],
            // Dice are rare in Wiz-War: a random game may roll none.
            false,
        );
    }
}

#[test]
fn a_war_of_wizards_takes_back_a_units_move_but_never_the_turn_die_a_combat_or_a_draw() {
    let played = actions_of("wizards-of-war", 2, 300);
    judge(
        &played,
        &["spell_drawn", "monster_drawn"],
        &["turn_die_rolled", "combat_rolled", "banish_rolled"],
        &["unit_moved"],
        true,
    );
}

#[test]
fn rules_offer_no_take_back_unless_they_say_so() {
    use crate::ruleset::Ruleset;
    assert_eq!(
        crate::sealed_bids::SealedBidDuel::takeback(&[]),
        Err(TakebackRefusal::NotOffered)
    );
    assert_eq!(TakebackRefusal::DieRoll.code(), "takeback_after_die_roll");
    assert_eq!(
        TakebackRefusal::HiddenInformation.code(),
        "takeback_after_hidden_information"
    );
}
