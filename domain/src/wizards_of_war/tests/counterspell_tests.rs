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
    // Not in the opponent's turn.
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
