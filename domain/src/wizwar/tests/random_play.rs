//! Random play: hundreds of games of random legal commands never panic and
//! keep the invariants.

use proptest::prelude::*;

use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, fold};
use crate::wizwar::cards::School;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::state::{MAX_LIFE, State};
use crate::wizwar::{Event, Options, WizWar};

fn check_invariants(state: &State) {
    // Every card is in exactly one place.
    let mut seen: Vec<u16> = state
        .deck
        .iter()
        .chain(&state.discard_pile)
        .map(|c| c.0)
        .collect();
    for w in &state.wizards {
        seen.extend(
            w.hand
                .iter()
                .chain(&w.carried)
                .chain(&w.maintained)
                .map(|c| c.0),
        );
        assert!((0..=MAX_LIFE).contains(&w.life), "life {}", w.life);
        let carried = state
            .treasures
            .iter()
            .filter(|t| {
                t.location == crate::wizwar::treasures::TreasureLocation::Carried { seat: w.seat }
            })
            .count();
        assert!(carried <= 1, "one treasure per wizard at most");
        assert_eq!(carried, usize::from(w.treasure.is_some()));
    }
    seen.extend(state.objects.iter().map(|o| o.card.0));
    // Cards being cast are on the stack (a used item or spell stays in its play area).
    seen.extend(
        state
            .stack
            .iter()
            .filter(|c| c.kind != crate::wizwar::casting::CastKind::Use)
            .map(|c| c.card.0),
    );
    seen.sort();
    let all: Vec<u16> = (0..state.cards.len() as u16).collect();
    assert_eq!(seen, all, "cards are conserved");
}

fn play(seed: u64, seats: u8, side: Side, schools: Vec<School>, steps: usize) -> Vec<Event> {
    let options = Options {
        side,
        schools,
        ..Options::default()
    };
    let mut events = WizWar::setup(&options, seats, &mut GameRng::from_u64(seed)).unwrap();
    let mut state = fold::<WizWar>(&events);
    let mut chooser = GameRng::from_u64(seed ^ 0x5eed);
    for n in 0..steps {
        check_invariants(&state);
        let Some(awaiting) = WizWar::awaiting(&state).first().copied() else {
            assert!(
                WizWar::outcome(&state).is_some(),
                "nobody to wait for only when the game is over"
            );
            break;
        };
        let seat: Seat = awaiting.seat;
        let legal = WizWar::legal_commands(&state, seat);
        assert!(
            !legal.is_empty(),
            "the active seat always has something to do"
        );
        for other in &state.wizards {
            if other.seat != seat {
                assert!(WizWar::legal_commands(&state, other.seat).is_empty());
            }
        }
        let command = &legal[chooser.below(legal.len() as u32) as usize];
        let mut rng = GameRng::for_command(&[seed as u8; 32], n as u64);
        let new = WizWar::decide(&state, seat, command, &mut rng)
            .unwrap_or_else(|e| panic!("listed command {command:?} refused: {e}"));
        for e in &new {
            WizWar::evolve(&mut state, e);
            let json = serde_json::to_value(e).unwrap();
            let back: Event = serde_json::from_value(json).unwrap();
            assert_eq!(&back, e);
            let _ = WizWar::redact(e, crate::ruleset::Viewer::Spectator);
        }
        events.extend(new);
        let _ = WizWar::view(&state, crate::ruleset::Viewer::Player(seat));
    }
    check_invariants(&state);
    assert_eq!(
        fold::<WizWar>(&events),
        state,
        "folding the events from scratch gives the same state"
    );
    events
}

fn schools() -> impl Strategy<Value = Vec<School>> {
    proptest::sample::subsequence(
        vec![
            School::Alchemy,
            School::Conjuring,
            School::Elemental,
            School::Mentalism,
            School::Mutation,
            School::Thaumaturgy,
        ],
        3,
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    #[test]
    fn random_legal_play_never_panics_and_keeps_the_invariants(
        seed in any::<u64>(),
        seats in 2u8..=4,
        side_b in any::<bool>(),
        schools in schools(),
    ) {
        let side = if side_b { Side::B } else { Side::A };
        play(seed, seats, side, schools, 120);
    }
}

#[test]
fn random_play_casts_spells_and_answers_them_with_counters() {
    let mut casts = 0;
    let mut counters = 0;
    let mut resolved = 0;
    for seed in 0..12 {
        let events = play(
            seed,
            2 + (seed % 3) as u8,
            Side::A,
            vec![School::Elemental, School::Conjuring, School::Thaumaturgy],
            300,
        );
        for e in &events {
            match e {
                Event::SpellCast { .. } => casts += 1,
                Event::CounterPlayed { .. } => counters += 1,
                Event::CastResolved { .. } => resolved += 1,
                _ => {}
            }
        }
    }
    assert!(casts > 20, "{casts} casts");
    assert!(counters > 0, "{counters} counters");
    assert!(resolved > 10, "{resolved} resolutions");
}

#[test]
fn long_random_games_reach_their_end_or_run_on_safely() {
    for seed in 0..3 {
        play(
            seed,
            2 + (seed % 3) as u8,
            Side::A,
            vec![School::Conjuring, School::Mutation, School::Thaumaturgy],
            1500,
        );
    }
}

#[test]
fn random_play_with_mutation_transforms_wizards() {
    let mut forms = 0;
    for seed in 0..8 {
        let events = play(
            seed,
            2 + (seed % 3) as u8,
            Side::A,
            vec![School::Mutation, School::Elemental, School::Mentalism],
            300,
        );
        forms += events
            .iter()
            .filter(|e| {
                matches!(e, Event::CastResolved { card, .. }
                    if matches!(card.name, crate::wizwar::cards::CardName::GnomeForm
                        | crate::wizwar::cards::CardName::GolemForm))
            })
            .count();
    }
    assert!(forms > 0, "{forms} transformations");
}
