//! Random play: hundreds of games of random legal commands never panic and
//! keep the invariants.

use proptest::prelude::*;

use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, fold};
use crate::wizwar::cards::School;
use crate::wizwar::casting::Destination;
use crate::wizwar::edition::EIGHTH;
use crate::wizwar::optional_rules::{CustomSpellbook, OptionalRules, SpellbookGroup};
use crate::wizwar::sector_boards::Side;
use crate::wizwar::state::State;
use crate::wizwar::treasures::TreasureLocation;
use crate::wizwar::yield_policies::YieldPolicy;
use crate::wizwar::{Command, Event, Options, RuleViolation, WizWar};

fn check_invariants(state: &State) {
    // Every card is in exactly one place.
    let mut seen: Vec<u16> = state
        .deck
        .iter()
        .chain(&state.discard_pile)
        .map(|c| c.0)
        .collect();
    // Custom Spellbook: the other group's deck and pile.
    if let Some(group) = &state.black_cantrip_deck {
        seen.extend(group.deck.iter().chain(&group.discard_pile).map(|c| c.0));
    }
    for w in &state.wizards {
        seen.extend(
            w.hand
                .iter()
                .chain(&w.carried)
                .chain(&w.maintained)
                .map(|c| c.0),
        );
        assert!((0..=EIGHTH.max_life).contains(&w.life), "life {}", w.life);
        let carried = state
            .treasures
            .iter()
            .filter(|t| {
                t.location == crate::wizwar::treasures::TreasureLocation::Carried { seat: w.seat }
            })
            .count();
        assert!(carried <= 1, "one treasure per wizard at most");
    }
    seen.extend(state.objects.iter().map(|o| o.card.0));
    // Permanent Creations: created objects' cards lie near the board.
    seen.extend(state.near_the_board().iter().map(|c| c.0));
    // Cards being cast are on the stack (a used item or spell stays in its play area;
    // a punch has no card).
    seen.extend(
        state
            .stack
            .iter()
            .filter(|c| c.kind.moves_its_card())
            .map(|c| c.card.0),
    );
    seen.sort();
    let all: Vec<u16> = (0..state.cards.len() as u16).collect();
    assert_eq!(seen, all, "cards are conserved");
    check_optional_rules(state);
    // A window never waits for someone his policy passes.
    if let Some(top) = state.stack.last()
        && let Some(&head) = top.responders.first()
        && !state.is_over()
    {
        assert!(
            crate::kit::response_window::stops_at::<crate::wizwar::WizWar>(state, head),
            "{head} is asked though his policy passes"
        );
    }
}

/// The invariants of the optional rules, each also checked with its rule
/// off where it says something about the standard game.
fn check_optional_rules(state: &State) {
    let rules = &state.optional_rules;
    let target = state.victory_points_to_win();
    for w in state.wizards.iter().filter(|w| w.alive) {
        let treasures = state.enemy_treasures_in_home_base(w.seat);
        // Points for treasures are the treasures in the base; kills add more.
        assert!(usize::from(w.victory_points) >= treasures);
        if rules.treasure_hunters {
            assert_eq!(
                usize::from(w.victory_points),
                treasures,
                "no points for kills"
            );
            assert!(state.is_over() || treasures < usize::from(target));
        } else {
            assert!(
                state.is_over() || w.victory_points < target,
                "{} has {} points and has not won",
                w.seat,
                w.victory_points
            );
        }
        if rules.deadly_treasures {
            let captured = state
                .treasures
                .iter()
                .filter(|t| t.owner == w.seat)
                .all(|t| match t.location {
                    TreasureLocation::Lying { square } => state
                        .labyrinth
                        .home_base_owner(square)
                        .is_some_and(|b| b != w.seat && state.wizard(b).alive),
                    TreasureLocation::Carried { .. } => false,
                });
            assert!(!captured, "{} lives with both treasures captured", w.seat);
        }
    }
    if let Some((seat, crate::wizwar::winning::WinReason::VictoryPoints)) = state.winner {
        assert!(state.wizard(seat).victory_points >= target);
    }
    let near = state.near_the_board();
    if rules.permanent_creations {
        for card in &near {
            let name = state.cards[card.index()];
            assert!(crate::wizwar::durations::is_creation(name), "{name:?}");
            assert_eq!(state.find_spell(*card).unwrap().tokens, None);
        }
        for w in &state.wizards {
            assert!(
                w.maintained
                    .iter()
                    .all(|c| !crate::wizwar::durations::is_creation(state.cards[c.index()])),
                "creations are not maintained"
            );
        }
    } else {
        assert!(near.is_empty(), "every spell in play is maintained");
    }
}

/// Records new events as they happen, checking each survives JSON and redaction.
fn apply(state: &mut State, events: &mut Vec<Event>, new: Vec<Event>) {
    for e in &new {
        // Drawn cards come off the top of the drawer's own deck (his
        // group's, with Custom Spellbook).
        if let Event::CardsDrawn { seat, cards, .. } = e
            && let Some(cards) = cards.revealed()
        {
            let top = &state.deck_of(*seat)[..cards.len()];
            assert!(cards.iter().map(|c| c.id).eq(top.iter().copied()));
        }
        WizWar::evolve(state, e);
        let json = serde_json::to_value(e).unwrap();
        let back: Event = serde_json::from_value(json).unwrap();
        assert_eq!(&back, e);
        let _ = WizWar::redact(e, crate::ruleset::Viewer::Spectator);
    }
    events.extend(new);
}

fn options(side: Side, schools: Vec<School>, yield_policy: YieldPolicy) -> Options {
    Options {
        side,
        schools,
        yield_policy,
        ..Options::default()
    }
}

/// A Custom Spellbook draft: the six schools shared out in `draft` order,
/// the seats in `black` (a bit mask) to the Black Cantrip group.
#[derive(Clone, Debug)]
struct Draft {
    schools: Vec<School>,
    black: u8,
}

fn draft() -> impl Strategy<Value = Option<Draft>> {
    proptest::option::of(
        (Just(School::CHOOSABLE.to_vec()).prop_shuffle(), any::<u8>())
            .prop_map(|(schools, black)| Draft { schools, black }),
    )
}

/// Any mix of the optional rules the engine plays (the Giant Book of Spells
/// is refused at setup for now).
fn optional_rules() -> impl Strategy<Value = (OptionalRules, Option<Draft>)> {
    (any::<[bool; 5]>(), 2u8..=4, draft()).prop_map(|(on, victory_points, draft)| {
        let rules = OptionalRules {
            uncluttered_minds: on[0],
            deadly_treasures: on[1],
            heavy_items: on[2],
            permanent_creations: on[3],
            treasure_hunters: on[4],
            victory_points,
            ..OptionalRules::default()
        };
        (rules, draft)
    })
}

/// The rules fitted to the table: Treasure Hunters at two seats plays to 2;
/// the draft's groups each get at least one seat.
fn fitted(mut rules: OptionalRules, draft: Option<Draft>, seats: u8) -> OptionalRules {
    if rules.treasure_hunters && seats == 2 {
        rules.victory_points = 2;
    }
    rules.custom_spellbook = draft.map(|d| {
        let all = (1u8 << seats) - 1;
        let black = match d.black & all {
            0 => 1,
            b if b == all => all - 1,
            b => b,
        };
        let group = |black_group: bool, schools: &[School]| SpellbookGroup {
            seats: (0..seats)
                .filter(|s| (black >> s & 1 == 1) == black_group)
                .map(Seat)
                .collect(),
            schools: schools.to_vec(),
        };
        CustomSpellbook {
            white_cantrip: group(false, &d.schools[..3]),
            black_cantrip: group(true, &d.schools[3..]),
        }
    });
    rules
}

fn play(seed: u64, seats: u8, options: Options, steps: usize) -> Vec<Event> {
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
        // Now and then someone, awaited or not, changes his policy; only
        // the dead are refused.
        if chooser.below(8) == 0 {
            let setter = Seat(chooser.below(u32::from(seats)) as u8);
            let policy = YieldPolicy::ALL[chooser.below(4) as usize];
            let command = Command::SetYieldPolicy { policy };
            let mut rng = GameRng::for_command(&[seed as u8; 32], n as u64);
            match WizWar::decide(&state, setter, &command, &mut rng) {
                Ok(new) => apply(&mut state, &mut events, new),
                Err(e) => assert!(
                    e == RuleViolation::Eliminated && !state.wizard(setter).alive,
                    "{setter} may not set {policy:?}: {e}"
                ),
            }
            continue;
        }
        let legal = WizWar::legal_commands(&state, seat);
        assert!(
            !legal.is_empty(),
            "the active seat always has something to do"
        );
        for (i, command) in legal.iter().enumerate() {
            assert!(!legal[..i].contains(command), "{command:?} is listed twice");
        }
        for other in &state.wizards {
            if other.seat != seat {
                assert!(WizWar::legal_commands(&state, other.seat).is_empty());
            }
        }
        let command = &legal[chooser.below(legal.len() as u32) as usize];
        let mut rng = GameRng::for_command(&[seed as u8; 32], n as u64);
        let new = WizWar::decide(&state, seat, command, &mut rng)
            .unwrap_or_else(|e| panic!("listed command {command:?} refused: {e}"));
        // Heavy Items: a pick-up ends Move and Cast, but for the forms
        // that lift treasures and go on.
        let lifts_and_goes_on = state.find_wizard(seat).is_some()
            && crate::wizwar::effects::pick_up_cost(&state, seat).is_some();
        let picked_up = new
            .iter()
            .any(|e| matches!(e, Event::ItemPickedUp { seat: s, .. } if *s == seat));
        apply(&mut state, &mut events, new);
        if state.optional_rules.heavy_items && picked_up && !lifts_and_goes_on {
            assert!(
                !state.turn.as_ref().is_some_and(
                    |t| t.seat == seat && t.phase == crate::wizwar::state::Phase::MoveAndCast
                ),
                "picking up an item ended Move and Cast"
            );
        }
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
        policy in proptest::sample::select(YieldPolicy::ALL.to_vec()),
    ) {
        let side = if side_b { Side::B } else { Side::A };
        play(seed, seats, options(side, schools, policy), 120);
    }

    #[test]
    fn random_legal_play_with_optional_rules_keeps_the_invariants(
        seed in any::<u64>(),
        seats in 2u8..=4,
        schools in schools(),
        (rules, draft) in optional_rules(),
    ) {
        let options = Options {
            optional_rules: fitted(rules, draft, seats),
            ..options(Side::A, schools, YieldPolicy::WhenICanCounter)
        };
        play(seed, seats, options, 150);
    }
}

#[test]
fn random_play_with_every_optional_rule_on_plays_them() {
    let mut near_the_board = 0;
    let mut heavy_pick_ups = 0;
    let mut black_draws = 0;
    let mut over = 0;
    for seed in 0..12 {
        let seats = 2 + (seed % 3) as u8;
        let rules = OptionalRules {
            uncluttered_minds: true,
            deadly_treasures: true,
            heavy_items: true,
            permanent_creations: true,
            treasure_hunters: seed % 2 == 0,
            victory_points: if seats == 2 { 2 } else { 3 },
            ..OptionalRules::default()
        };
        let draft = (seed % 3 != 0).then(|| Draft {
            schools: School::CHOOSABLE.to_vec(),
            black: seed as u8,
        });
        let rules = fitted(rules, draft, seats);
        let options = Options {
            optional_rules: rules.clone(),
            ..options(
                Side::A,
                vec![School::Elemental, School::Alchemy, School::Mentalism],
                YieldPolicy::WhenTargeted,
            )
        };
        let events = play(seed, seats, options, 400);
        near_the_board += events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::CastResolved {
                        to: Destination::NearTheBoard,
                        ..
                    }
                )
            })
            .count();
        heavy_pick_ups += events
            .windows(2)
            .filter(|w| {
                matches!(
                    w,
                    [Event::ItemPickedUp { .. }, Event::MoveAndCastEnded { .. }]
                )
            })
            .count();
        let black: Vec<Seat> = rules
            .custom_spellbook
            .as_ref()
            .map(|b| b.black_cantrip.seats.clone())
            .unwrap_or_default();
        let dealt = events
            .iter()
            .position(|e| matches!(e, Event::FirstPlayerChosen { .. }))
            .unwrap();
        black_draws += events[dealt..]
            .iter()
            .filter(|e| matches!(e, Event::CardsDrawn { seat, .. } if black.contains(seat)))
            .count();
        over += usize::from(events.iter().any(|e| matches!(e, Event::GameWon { .. })));
    }
    assert!(
        near_the_board > 0,
        "{near_the_board} creations near the board"
    );
    assert!(heavy_pick_ups > 0, "{heavy_pick_ups} heavy pick-ups");
    assert!(over > 0, "{over} games won");
    assert!(
        black_draws > 0,
        "{black_draws} draws from the Black Cantrip deck"
    );
}

#[test]
fn random_play_casts_spells_and_answers_them_with_counters() {
    let mut casts = 0;
    let mut counters = 0;
    let mut resolved = 0;
    let mut passed = 0;
    let mut yielded = 0;
    // Forty games: with the Conjuring cards played, its deck holds more
    // neutral casts and a random player meets a counter more rarely.
    for seed in 0..40 {
        let events = play(
            seed,
            2 + (seed % 3) as u8,
            // Stopped only when he holds a counter that applies (until the
            // random policy changes), a random player often plays it.
            options(
                Side::A,
                vec![School::Elemental, School::Conjuring, School::Thaumaturgy],
                YieldPolicy::WhenICanCounter,
            ),
            300,
        );
        for e in &events {
            match e {
                Event::SpellCast { .. } => casts += 1,
                Event::CounterPlayed { .. } => counters += 1,
                Event::CastResolved { .. } => resolved += 1,
                Event::ResponsePassed { .. } => passed += 1,
                Event::ResponseYielded { .. } => yielded += 1,
                _ => {}
            }
        }
    }
    assert!(casts > 20, "{casts} casts");
    assert!(counters > 0, "{counters} counters");
    assert!(resolved > 10, "{resolved} resolutions");
    assert!(passed > 0, "{passed} windows answered by a pass");
    assert!(yielded > 0, "{yielded} windows passed by policy");
}

#[test]
fn long_random_games_reach_their_end_or_run_on_safely() {
    for seed in 0..3 {
        play(
            seed,
            2 + (seed % 3) as u8,
            options(
                Side::A,
                vec![School::Conjuring, School::Mutation, School::Thaumaturgy],
                YieldPolicy::WhenTargeted,
            ),
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
            options(
                Side::A,
                vec![School::Mutation, School::Elemental, School::Mentalism],
                YieldPolicy::WhenTargeted,
            ),
            300,
        );
        forms += events
            .iter()
            .filter(|e| {
                matches!(e, Event::CastResolved { card, .. }
                    if crate::wizwar::transformations::is_transformation(card.name))
            })
            .count();
    }
    assert!(forms > 0, "{forms} transformations");
}
