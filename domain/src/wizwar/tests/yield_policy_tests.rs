//! Yield policies (DESIGN.md, "Asynchronous play"): which response windows
//! stop at a player and which the server passes for him at once.

use super::given::*;
use super::magic::*;
use crate::rng::GameRng;
use crate::ruleset::{AwaitReason, Awaiting, Ruleset, Seat, Viewer, fold};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::labyrinth::Direction;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::yield_policies::YieldPolicy::{self, *};
use crate::wizwar::{Command, Event, Options, RuleViolation, WizWar};

fn set(policy: YieldPolicy) -> Command {
    Command::SetYieldPolicy { policy }
}

fn window_for(seat: Seat) -> Vec<Awaiting> {
    vec![Awaiting {
        seat,
        reason: AwaitReason::Response,
    }]
}

fn blues_turn() -> Vec<Awaiting> {
    vec![Awaiting {
        seat: BLUE,
        reason: AwaitReason::Turn,
    }]
}

/// Blue (4,0) holds `blue`, red (4,3) holds `red`, yellow stands in (4,1)
/// with nothing but energy; every seat plays under `policy`.
fn three(blue: &[N], red: &[N], policy: YieldPolicy) -> Given {
    table_of(&[blue, red, &[]])
        .with_wizard_at(YELLOW, sq(4, 1))
        .with_yield_policy(BLUE, policy)
        .with_yield_policy(RED, policy)
        .with_yield_policy(YELLOW, policy)
}

fn yielded(w: &When) -> Vec<Seat> {
    w.events()
        .iter()
        .filter_map(|e| match e {
            Event::ResponseYielded { seat } => Some(*seat),
            _ => None,
        })
        .collect()
}

#[test]
fn when_targeted_a_fireball_stops_at_its_target_and_the_others_are_passed_at_once() {
    let g = three(&[N::Fireball], &[], WhenTargeted);
    let w = g.when(BLUE, cast(b(0), at(YELLOW)));
    assert_eq!(yielded(&w), vec![RED], "red is not aimed at");
    let g = g.with(w.events());
    assert_eq!(awaiting(&g), window_for(YELLOW));
    let g = g.after(YELLOW, &[Command::Pass]);
    assert_eq!(life(&g, YELLOW), 10);

    let g = three(&[N::Fireball], &[], WhenTargeted);
    let w = g.when(BLUE, cast(b(0), at(RED)));
    assert_eq!(yielded(&w), vec![], "red, the target, is asked first");
    let g = g.with(w.events());
    assert_eq!(awaiting(&g), window_for(RED));
    let w = g.when(RED, Command::Pass);
    assert_eq!(yielded(&w), vec![YELLOW]);
    w.then_contains(&Event::WizardDamaged {
        seat: RED,
        amount: 5,
        life: 10,
        kind: None,
    });
}

#[test]
fn when_targeted_a_spell_aimed_at_nobody_resolves_in_the_command_that_cast_it() {
    let g = table(&[N::Fog], &[]).with_yield_policy(RED, WhenTargeted);
    let w = g.when(BLUE, cast(b(0), SpellTarget::Board));
    assert_eq!(yielded(&w), vec![RED]);
    assert!(
        w.events()
            .iter()
            .any(|e| matches!(e, Event::CastResolved { .. }))
    );
    let g = g.with(w.events());
    assert!(g.state.stack.is_empty());
    assert_eq!(awaiting(&g), blues_turn());
}

#[test]
fn when_targeted_asks_about_a_bolt_whose_path_crosses_him() {
    // An Energy 5 bolt east from (4,0) runs along row 4 through red in (4,3).
    let g = three(&[N::LightningBolt], &[], WhenTargeted).with_wizard_at(YELLOW, sq(0, 0));
    let bolt = cast_with(
        b(0),
        Some(b(1)),
        SpellTarget::Direction {
            direction: Direction::East,
        },
        None,
    );
    let g = g.after(BLUE, &[bolt]);
    assert_eq!(awaiting(&g), window_for(RED));
    let w = g.when(RED, Command::Pass);
    assert_eq!(yielded(&w), vec![YELLOW], "yellow is out of its path");
}

#[test]
fn when_targeted_asks_the_caster_about_a_counter_to_his_own_cast() {
    let g =
        three(&[N::Fireball], &[N::FullShield], WhenTargeted).after(BLUE, &[cast(b(0), at(RED))]);
    let w = g.when(RED, counter(r(0)));
    assert_eq!(yielded(&w), vec![YELLOW]);
    assert_eq!(awaiting(&g.with(w.events())), window_for(BLUE));
}

#[test]
fn always_stops_at_every_window_as_does_a_seat_with_no_policy_recorded() {
    let asked = table(&[N::Fog], &[])
        .with_yield_policy(RED, Always)
        .after(BLUE, &[cast(b(0), SpellTarget::Board)]);
    assert_eq!(awaiting(&asked), window_for(RED));
    let unrecorded = table(&[N::Fog], &[]).after(BLUE, &[cast(b(0), SpellTarget::Board)]);
    assert_eq!(awaiting(&unrecorded), window_for(RED));
}

#[test]
fn never_passes_even_a_fireball_aimed_at_him_though_he_holds_a_full_shield() {
    let g = table(&[N::Fireball], &[N::FullShield]).with_yield_policy(RED, Never);
    let w = g.when(BLUE, cast(b(0), at(RED)));
    assert_eq!(yielded(&w), vec![RED]);
    w.then_contains(&Event::WizardDamaged {
        seat: RED,
        amount: 5,
        life: 10,
        kind: None,
    });
    assert!(w.state().stack.is_empty());
}

#[test]
fn when_i_can_counter_stops_only_when_he_holds_a_counter_that_applies() {
    let shielded = table(&[N::Fireball], &[N::FullShield])
        .with_yield_policy(RED, WhenICanCounter)
        .after(BLUE, &[cast(b(0), at(RED))]);
    assert_eq!(awaiting(&shielded), window_for(RED));

    let bare = table(&[N::Fireball], &[]).with_yield_policy(RED, WhenICanCounter);
    let w = bare.when(BLUE, cast(b(0), at(RED)));
    assert_eq!(yielded(&w), vec![RED]);
    assert_eq!(w.state().wizard(RED).life, 10);

    // Full Shield cannot answer a wall, Negate Neutral can.
    let wall = cast(b(0), SpellTarget::Line { line: v(4, 2) });
    let w = table(&[N::CreateWall], &[N::FullShield])
        .with_yield_policy(RED, WhenICanCounter)
        .when(BLUE, wall.clone());
    assert_eq!(yielded(&w), vec![RED]);
    let negating = table(&[N::CreateWall], &[N::NegateNeutral])
        .with_yield_policy(RED, WhenICanCounter)
        .after(BLUE, &[wall]);
    assert_eq!(awaiting(&negating), window_for(RED));
}

#[test]
fn a_policy_that_passes_the_window_waiting_for_him_closes_it_and_the_spell_resolves() {
    let g = table(&[N::Fireball], &[])
        .with_yield_policy(RED, Always)
        .after(BLUE, &[cast(b(0), at(RED))]);
    assert_eq!(awaiting(&g), window_for(RED));
    let w = g.when(RED, set(Never));
    let events = w.events();
    assert_eq!(
        events[..2],
        [
            Event::YieldPolicySet {
                seat: RED,
                policy: Never
            },
            Event::ResponseYielded { seat: RED },
        ]
    );
    w.then_contains(&Event::WizardDamaged {
        seat: RED,
        amount: 5,
        life: 10,
        kind: None,
    });
    let after = g.clone().with(events);
    assert!(after.state.stack.is_empty());
    assert_eq!(awaiting(&after), blues_turn());

    // A policy that still stops here leaves the window waiting.
    let w = g.when(RED, set(WhenTargeted));
    assert_eq!(
        w.events(),
        vec![Event::YieldPolicySet {
            seat: RED,
            policy: WhenTargeted
        }]
    );
    assert_eq!(awaiting(&g.with(w.events())), window_for(RED));
}

#[test]
fn a_player_not_yet_asked_may_set_his_policy_during_a_window_and_it_applies_when_his_turn_to_answer_comes()
 {
    let g = three(&[N::Fireball], &[], Always).after(BLUE, &[cast(b(0), at(YELLOW))]);
    assert_eq!(awaiting(&g), window_for(RED));
    let w = g.when(YELLOW, set(Never));
    assert_eq!(
        w.events(),
        vec![Event::YieldPolicySet {
            seat: YELLOW,
            policy: Never
        }],
        "the window still waits for red"
    );
    let g = g.with(w.events());
    assert_eq!(awaiting(&g), window_for(RED));
    let w = g.when(RED, Command::Pass);
    assert_eq!(yielded(&w), vec![YELLOW]);
    assert_eq!(w.state().wizard(YELLOW).life, 10);
}

#[test]
fn a_policy_may_be_set_off_turn_and_while_a_choice_is_open_and_is_not_a_move() {
    let g = table(&[], &[]);
    for (seat, policy) in [(RED, Never), (BLUE, WhenICanCounter)] {
        let w = g.when(seat, set(policy));
        assert_eq!(w.events(), vec![Event::YieldPolicySet { seat, policy }]);
        let after = w.state();
        assert_eq!(after.turn, g.state.turn, "no movement, no phase spent");
        assert_eq!(awaiting(&g.clone().with(w.events())), blues_turn());
    }
    let burning = all_pass(table(&[N::BrainBurn], &[]).after(BLUE, &[cast(b(0), at(RED))]));
    let choice = burning.state.choice;
    assert!(choice.is_some());
    for seat in [RED, BLUE] {
        let w = burning.when(seat, set(Never));
        assert_eq!(
            w.events(),
            vec![Event::YieldPolicySet {
                seat,
                policy: Never
            }]
        );
        assert_eq!(w.state().choice, choice, "the choice still waits");
    }
}

#[test]
fn the_dead_unknown_seats_and_games_not_set_up_may_not_set_a_policy() {
    let g = given(game_with(3, Side::A, &[], 0, BLUE)).with([Event::WizardDied {
        seat: RED,
        square: sq(2, 7),
        killer: None,
    }]);
    g.when(RED, set(Never))
        .then_error(RuleViolation::Eliminated);
    g.when(Seat(3), set(Never))
        .then_error(RuleViolation::NotAPlayer);
    given([])
        .when(BLUE, set(Never))
        .then_error(RuleViolation::NotStarted);
}

#[test]
fn setting_a_policy_is_never_listed_among_the_legal_commands() {
    let is_setting = |c: &Command| matches!(c, Command::SetYieldPolicy { .. });
    let turn = table(&[N::Fireball], &[N::FullShield]);
    let window = turn.clone().after(BLUE, &[cast(b(0), at(RED))]);
    let choice = all_pass(table(&[N::BrainBurn], &[]).after(BLUE, &[cast(b(0), at(RED))]));
    for (g, seat) in [(&turn, BLUE), (&window, RED), (&choice, RED)] {
        let legal = WizWar::legal_commands(&g.state, seat);
        assert!(!legal.is_empty());
        assert!(!legal.iter().any(is_setting), "{legal:?}");
    }
    assert!(WizWar::legal_commands(&turn.state, RED).is_empty());
}

#[test]
fn the_command_reads_as_json_and_policies_and_passes_are_public() {
    let command: Command =
        serde_json::from_str(r#"{"type":"set_yield_policy","policy":"never"}"#).unwrap();
    assert_eq!(command, set(Never));
    assert_eq!(
        serde_json::to_value(set(WhenICanCounter)).unwrap(),
        serde_json::json!({"type": "set_yield_policy", "policy": "when_i_can_counter"})
    );
    for event in [
        Event::YieldPolicySet {
            seat: RED,
            policy: WhenICanCounter,
        },
        Event::ResponseYielded { seat: RED },
    ] {
        assert_eq!(WizWar::redact(&event, Viewer::Spectator), Some(event));
    }
    let g = table(&[], &[]).with_yield_policy(RED, WhenICanCounter);
    let view = WizWar::view(&g.state, Viewer::Player(BLUE));
    assert_eq!(view.wizards[1].yield_policy, WhenICanCounter);
    assert_eq!(view.wizards[0].yield_policy, Always, "none recorded");
}

#[test]
fn setup_records_the_tables_policy_for_every_seat_when_targeted_unless_chosen_otherwise() {
    let options: Options = serde_json::from_str("{}").unwrap();
    assert_eq!(options.yield_policy, WhenTargeted);
    let events = WizWar::setup(&options, 3, &mut GameRng::from_u64(5)).unwrap();
    for seat in [BLUE, RED, YELLOW] {
        assert!(events.contains(&Event::YieldPolicySet {
            seat,
            policy: WhenTargeted
        }));
    }
    let view = WizWar::view(&fold::<WizWar>(&events), Viewer::Spectator);
    assert!(view.wizards.iter().all(|w| w.yield_policy == WhenTargeted));

    let options: Options = serde_json::from_str(r#"{"yield_policy":"always"}"#).unwrap();
    let events = WizWar::setup(&options, 2, &mut GameRng::from_u64(5)).unwrap();
    let state = fold::<WizWar>(&events);
    assert!(
        [BLUE, RED]
            .iter()
            .all(|s| state.yield_policies.get(s) == Some(&Always))
    );
}

#[test]
fn the_log_with_policies_changed_and_windows_yielded_replays_to_the_same_state() {
    let g = three(&[N::Fireball], &[N::FullShield], Always);
    let mut log = vec![];
    let mut state = g.state.clone();
    let mut play = |seat, command: Command| {
        let events = WizWar::decide(&state, seat, &command, &mut GameRng::from_u64(3))
            .unwrap_or_else(|e| panic!("{command:?} refused: {e}"));
        for e in &events {
            WizWar::evolve(&mut state, e);
        }
        log.extend(events);
    };
    play(YELLOW, set(Never));
    play(BLUE, cast(b(0), at(RED)));
    play(RED, counter(r(0)));
    play(BLUE, set(Never));
    assert!(log.contains(&Event::ResponseYielded { seat: YELLOW }));
    assert!(log.contains(&Event::ResponseYielded { seat: BLUE }));
    assert!(state.stack.is_empty(), "the cancelled fireball is gone");
    assert_eq!(state.wizard(RED).life, 15);
    let mut replayed = g.state.clone();
    for e in &log {
        WizWar::evolve(&mut replayed, e);
    }
    assert_eq!(replayed, state);
}
