//! The counterspell ("at any time … when your opponent is casting a spell
//! or one that already has been cast … roll a sword with one die") and the
//! response window with its yield policies.

use crate::ruleset::{AwaitReason, Awaiting, Ruleset, Viewer};

use super::super::combat::CombatFace;
use super::super::events::{Event, SpellEnd};
use super::super::spell_cards::{Spell, SpellCard};
use super::super::turn_die::TurnFace;
use super::super::units::UnitKind;
use super::super::violations::RuleViolation;
use super::super::{Command, CounterTarget, SpellTarget, WizardsOfWar, YieldPolicy};
use super::given::*;

/// Ann's wizard on 5,12 about to cast Magic Missile at Bob's mummy on
/// 5,14; Bob holds `bob_spells` and plays under `policy`.
fn missile_at_bobs_mummy(bob_spells: &[Spell], policy: YieldPolicy) -> (Scene, Command) {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 14))
        .spells(ANN, &[Spell::MagicMissile, Spell::Heal])
        .spells(BOB, bob_spells)
        .policy(BOB, policy);
    let missile = scene.card_of(Spell::MagicMissile);
    (
        scene,
        Command::Cast {
            card: missile,
            target: SpellTarget::Unit { square: sq(5, 14) },
        },
    )
}

fn counter_cast(card: u8) -> Command {
    Command::Counterspell {
        card,
        against: CounterTarget::Cast,
    }
}

#[test]
fn a_counterspell_cancels_the_spell_being_cast_on_a_sword() {
    let (scene, missile) = missile_at_bobs_mummy(&[Spell::Counterspell], YieldPolicy::Always);
    let counter = scene.card_of(Spell::Counterspell);
    let window = scene.turn(ANN, TurnFace::Feet).when(ANN, missile).given();
    let (events, state) = rolled(&window, BOB, counter_cast(counter), |e| {
        matches!(e[0], Event::CounterspellCast { success: true, .. })
    });
    assert_eq!(
        events,
        [
            Event::CounterspellCast {
                seat: BOB,
                card: SpellCard::of(counter),
                against: SpellCard::of(4),
                roll: CombatFace::Sword,
                success: true
            },
            Event::SpellCountered {
                card: SpellCard::of(4)
            }
        ]
    );
    assert!(state.casting.is_none());
    assert_eq!(
        state.spell_discards,
        [counter, 4],
        "both cards to the discards"
    );
    assert!(
        state.wizard(ANN).unwrap().attacked,
        "the cast used the wizard's attack"
    );

    let (events, _) = rolled(&window, BOB, counter_cast(counter), |e| {
        matches!(e[0], Event::CounterspellCast { success: false, .. })
    });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::SpellResolved { .. })),
        "no sword: the spell takes effect"
    );
}

#[test]
fn a_lasting_spell_in_play_can_be_counterspelled_on_ones_own_turn() {
    let scene = Scene::new()
        .lasting(BOB, Spell::Mud, &[sq(5, 12)])
        .spells(ANN, &[Spell::Counterspell]);
    let mud = scene.card_of(Spell::Mud);
    let counter = scene.card_of(Spell::Counterspell);
    let against_mud = Command::Counterspell {
        card: counter,
        against: CounterTarget::InPlay { card: mud },
    };
    // Even on a wand turn: it does not count as an action.
    let game = scene.turn(ANN, TurnFace::Wand);
    assert!(WizardsOfWar::legal_commands(&game.state, ANN).contains(&against_mud));
    let (events, state) = rolled(&game, ANN, against_mud.clone(), |e| {
        matches!(e[0], Event::CounterspellCast { success: true, .. })
    });
    assert_eq!(
        events[1],
        Event::LastingSpellEnded {
            card: SpellCard::of(mud),
            reason: SpellEnd::Counterspelled
        }
    );
    assert!(!state.mud_at(sq(5, 12)));
    // Not in the opponent's turn, unless a moment waits for him (below).
    Scene::new()
        .lasting(BOB, Spell::Mud, &[sq(5, 12)])
        .spells(ANN, &[Spell::Counterspell])
        .turn(BOB, TurnFace::Feet)
        .when(ANN, against_mud)
        .then_refused(RuleViolation::NotYourTurn);
}

#[test]
fn the_window_opens_and_waits_alike_whether_or_not_the_opponent_holds_a_counterspell() {
    for policy in [YieldPolicy::Always, YieldPolicy::WhenTargeted] {
        let mut seen = Vec::new();
        for bob_spells in [&[Spell::Counterspell][..], &[Spell::Heal][..]] {
            let (scene, missile) = missile_at_bobs_mummy(bob_spells, policy);
            let after = scene.turn(ANN, TurnFace::Feet).when(ANN, missile);
            let events: Vec<Event> = after
                .events()
                .iter()
                .filter_map(|e| WizardsOfWar::redact(e, Viewer::Player(ANN)))
                .collect();
            let view = WizardsOfWar::view(&after.state(), Viewer::Player(ANN));
            seen.push((
                events,
                WizardsOfWar::awaiting(&after.state()),
                serde_json::to_value(&view.casting).unwrap(),
            ));
        }
        assert_eq!(
            seen[0], seen[1],
            "{policy:?}: Ann can tell nothing about Bob's hand"
        );
        assert_eq!(
            seen[0].1,
            [Awaiting {
                seat: BOB,
                reason: AwaitReason::Response
            }]
        );
    }
}

#[test]
fn under_when_targeted_the_server_passes_for_spells_that_do_not_concern_him() {
    let scene = Scene::new()
        .life(ANN, 3)
        .spells(ANN, &[Spell::Heal])
        .policy(BOB, YieldPolicy::WhenTargeted);
    let heal = scene.card_of(Spell::Heal);
    let events = scene
        .turn(ANN, TurnFace::Feet)
        .when(
            ANN,
            Command::Cast {
                card: heal,
                target: SpellTarget::OwnWizard,
            },
        )
        .events();
    assert_eq!(events[1], Event::ResponseYielded { seat: BOB });
}

#[test]
fn when_i_can_counter_asks_only_a_player_holding_a_counterspell() {
    for (spells, asked) in [
        (&[Spell::Counterspell][..], true),
        (&[Spell::Heal][..], false),
    ] {
        let (scene, missile) = missile_at_bobs_mummy(spells, YieldPolicy::WhenICanCounter);
        let state = scene.turn(ANN, TurnFace::Feet).when(ANN, missile).state();
        assert_eq!(state.casting.is_some(), asked, "{spells:?}");
    }
}

#[test]
fn a_player_asked_to_answer_may_change_his_policy_and_the_window_closes() {
    let (scene, missile) = missile_at_bobs_mummy(&[], YieldPolicy::Always);
    let window = scene.turn(ANN, TurnFace::Feet).when(ANN, missile).given();
    let events = window
        .when(
            BOB,
            Command::SetYieldPolicy {
                policy: YieldPolicy::Never,
            },
        )
        .events();
    assert_eq!(
        events[0],
        Event::YieldPolicySet {
            seat: BOB,
            policy: YieldPolicy::Never
        }
    );
    assert_eq!(events[1], Event::ResponseYielded { seat: BOB });
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::SpellResolved { .. }))
    );
}

#[test]
fn the_responder_answers_only_with_a_counterspell_or_a_pass() {
    let (scene, missile) = missile_at_bobs_mummy(&[Spell::Heal], YieldPolicy::Always);
    let window = scene.turn(ANN, TurnFace::Feet).when(ANN, missile).given();
    window
        .when(BOB, Command::EndTurn)
        .then_refused(RuleViolation::ResponseWindowOpen);
    let heal = 24;
    window
        .when(BOB, counter_cast(heal))
        .then_refused(RuleViolation::NotACounterspell(heal));
    assert_eq!(
        WizardsOfWar::legal_commands(&window.state, BOB),
        [Command::Pass]
    );
    assert_eq!(
        WizardsOfWar::timeout_command(&window.state, BOB),
        Some(Command::Pass)
    );
}

#[test]
fn a_counterspell_does_not_count_as_an_action() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 13))
        .lasting(BOB, Spell::Mud, &[sq(2, 12)])
        .spells(ANN, &[Spell::Counterspell]);
    let against_mud = Command::Counterspell {
        card: scene.card_of(Spell::Counterspell),
        against: CounterTarget::InPlay {
            card: scene.card_of(Spell::Mud),
        },
    };
    let after = scene
        .turn(ANN, TurnFace::Feet)
        .when(ANN, against_mud)
        .state();
    let wizard = after.wizard(ANN).unwrap();
    assert!(!wizard.moved && !wizard.attacked);
    given([])
        .with_state(after)
        .when(
            ANN,
            Command::Attack {
                unit: 0,
                target: sq(5, 13),
            },
        )
        .events();
}

// "It can be cast at any time and at any moment": by mail, at defined
// moments (revision 2): the start of each turn before the turn die is
// rolled, and after each action, while a lasting spell of the other side
// is in play.

/// Ann's mud on 2,12 in play, her wizard on 5,12; Bob holds a
/// counterspell. Every window asks (the scene's policy `always`).
fn anns_mud_in_play() -> Scene {
    Scene::new()
        .wizard(ANN, sq(5, 12))
        .lasting(ANN, Spell::Mud, &[sq(2, 12)])
        .spells(BOB, &[Spell::Counterspell])
}

fn against(card: u8, lasting: u8) -> Command {
    Command::Counterspell {
        card,
        against: CounterTarget::InPlay { card: lasting },
    }
}

#[test]
fn at_any_moment_after_each_action_the_other_player_may_counterspell_a_lasting_spell_in_play() {
    let scene = anns_mud_in_play();
    let (mud, counter) = (
        scene.card_of(Spell::Mud),
        scene.card_of(Spell::Counterspell),
    );
    let feet = scene.turn(ANN, TurnFace::Feet);
    let step = WizardsOfWar::legal_commands(&feet.state, ANN)
        .into_iter()
        .find(|c| matches!(c, Command::Move { unit: 0, .. }))
        .expect("the wizard may move");
    let moved = feet.when(ANN, step);
    assert_eq!(
        moved.events().last(),
        Some(&Event::CounterMomentOpened { seat: BOB }),
        "after the move, a moment for Bob"
    );
    let moment = moved.given();
    assert_eq!(
        WizardsOfWar::awaiting(&moment.state),
        [Awaiting {
            seat: BOB,
            reason: AwaitReason::Response
        }]
    );
    assert_eq!(
        WizardsOfWar::legal_commands(&moment.state, BOB),
        [Command::Pass, against(counter, mud)]
    );
    moment
        .when(ANN, Command::EndTurn)
        .then_refused(RuleViolation::ResponseWindowOpen);
    let (events, state) = rolled(&moment, BOB, against(counter, mud), |e| {
        matches!(e[0], Event::CounterspellCast { success: true, .. })
    });
    assert_eq!(
        events[1..],
        [Event::LastingSpellEnded {
            card: SpellCard::of(mud),
            reason: SpellEnd::Counterspelled
        }],
        "the counterspell is no action: no moment follows it"
    );
    assert!(state.lasting.is_empty() && state.moment.is_none());
    assert!(
        !WizardsOfWar::legal_commands(&state, ANN).is_empty(),
        "Ann plays on"
    );

    // A pass lets the moment go; Ann plays on.
    moment
        .when(BOB, Command::Pass)
        .then([Event::CounterMomentPassed { seat: BOB }]);
}

#[test]
fn at_any_moment_even_before_the_turn_die_is_rolled() {
    let scene = Scene::new()
        .lasting(BOB, Spell::Mud, &[sq(2, 12)])
        .spells(ANN, &[Spell::Counterspell]);
    let (mud, counter) = (
        scene.card_of(Spell::Mud),
        scene.card_of(Spell::Counterspell),
    );
    let ended = scene.turn(BOB, TurnFace::Feet).when(BOB, Command::EndTurn);
    assert_eq!(
        ended.events(),
        [
            Event::TurnEnded { seat: BOB },
            Event::TurnStarted { seat: ANN, turn: 2 },
            Event::CounterMomentOpened { seat: ANN },
        ],
        "Ann is asked before she rolls"
    );
    let moment = ended.given();
    assert_eq!(
        WizardsOfWar::legal_commands(&moment.state, ANN),
        [Command::Pass, against(counter, mud)]
    );
    let (events, _) = rolled(&moment, ANN, against(counter, mud), |e| {
        matches!(e[0], Event::CounterspellCast { success: true, .. })
    });
    assert!(
        matches!(events[2], Event::TurnDieRolled { seat: ANN, .. }),
        "the die is rolled once the moment is over: {events:?}"
    );
    let passed = moment.when(ANN, Command::Pass).events();
    assert_eq!(passed[0], Event::CounterMomentPassed { seat: ANN });
    assert!(matches!(passed[1], Event::TurnDieRolled { seat: ANN, .. }));
}

#[test]
fn a_player_who_cannot_or_will_not_answer_is_not_asked_at_those_moments() {
    // Nothing in a moment is aimed at anyone: `when_targeted` (the default)
    // and `never` let it go, `when_i_can_counter` without a counterspell too.
    for (policy, spells) in [
        (YieldPolicy::WhenTargeted, Spell::Counterspell),
        (YieldPolicy::Never, Spell::Counterspell),
        (YieldPolicy::WhenICanCounter, Spell::Heal),
    ] {
        let events = Scene::new()
            .lasting(BOB, Spell::Mud, &[sq(2, 12)])
            .spells(ANN, &[spells])
            .policy(ANN, policy)
            .turn(BOB, TurnFace::Feet)
            .when(BOB, Command::EndTurn)
            .events();
        assert!(
            matches!(events[2], Event::TurnDieRolled { seat: ANN, .. }),
            "{policy:?}: the die is rolled at once, nothing recorded: {events:?}"
        );
    }
    // `when_i_can_counter` with a counterspell asks.
    let events = Scene::new()
        .lasting(BOB, Spell::Mud, &[sq(2, 12)])
        .spells(ANN, &[Spell::Counterspell])
        .policy(ANN, YieldPolicy::WhenICanCounter)
        .turn(BOB, TurnFace::Feet)
        .when(BOB, Command::EndTurn)
        .events();
    assert_eq!(events[2], Event::CounterMomentOpened { seat: ANN });
    // No lasting spell of the other side in play: no moment.
    let events = Scene::new()
        .lasting(ANN, Spell::Mud, &[sq(2, 12)])
        .spells(ANN, &[Spell::Counterspell])
        .turn(BOB, TurnFace::Feet)
        .when(BOB, Command::EndTurn)
        .events();
    assert!(matches!(events[2], Event::TurnDieRolled { seat: ANN, .. }));
}

#[test]
fn a_player_asked_at_a_moment_may_change_his_policy_and_the_moment_goes() {
    let scene = Scene::new()
        .lasting(BOB, Spell::Mud, &[sq(2, 12)])
        .spells(ANN, &[Spell::Counterspell]);
    let moment = scene
        .turn(BOB, TurnFace::Feet)
        .when(BOB, Command::EndTurn)
        .given();
    let events = moment
        .when(
            ANN,
            Command::SetYieldPolicy {
                policy: YieldPolicy::WhenTargeted,
            },
        )
        .events();
    assert_eq!(events[1], Event::CounterMomentPassed { seat: ANN });
    assert!(matches!(events[2], Event::TurnDieRolled { seat: ANN, .. }));
}

#[test]
fn a_counterspell_cannot_be_counterspelled_its_die_decides_it_as_it_is_cast() {
    // "you have to roll a sword with one die to see if the counterspell is
    // successful": cast and rolled at once, it leaves nothing being cast to
    // answer, and opens no window.
    let (scene, missile) = missile_at_bobs_mummy(&[Spell::Counterspell], YieldPolicy::Always);
    let bob_counter = scene.card_of(Spell::Counterspell);
    let scene = scene.spells(ANN, &[Spell::Counterspell]);
    let window = scene.turn(ANN, TurnFace::Feet).when(ANN, missile).given();
    let (events, state) = rolled(&window, BOB, counter_cast(bob_counter), |e| {
        matches!(e[0], Event::CounterspellCast { success: true, .. })
    });
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, Event::CounterMomentOpened { .. }))
    );
    assert!(state.casting.is_none());
    assert!(
        !WizardsOfWar::legal_commands(&state, ANN)
            .iter()
            .any(|c| matches!(c, Command::Counterspell { .. })),
        "Ann has nothing to counter"
    );
}

#[test]
fn under_revision_1_a_lasting_spell_is_counterspelled_on_ones_own_turn_only() {
    let mut game = anns_mud_in_play().turn(ANN, TurnFace::Feet);
    game.state.revision = super::super::revisions::PlayedUnder(1);
    let step = WizardsOfWar::legal_commands(&game.state, ANN)
        .into_iter()
        .find(|c| matches!(c, Command::Move { unit: 0, .. }))
        .expect("the wizard may move");
    let events = game.when(ANN, step).events();
    assert!(
        events
            .iter()
            .all(|e| !matches!(e, Event::CounterMomentOpened { .. })),
        "no moment under revision 1: {events:?}"
    );
}
