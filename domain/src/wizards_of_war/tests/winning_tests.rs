//! "The goal": kill the evil wizard of the other player.

use crate::ruleset::{Ruleset, Seat};

use super::super::events::Event;
use super::super::spell_cards::Spell;
use super::super::turn_die::TurnFace;
use super::super::units::UnitKind;
use super::super::violations::RuleViolation;
use super::super::{Command, SpellTarget, WizardsOfWar, YieldPolicy};
use super::given::*;

#[test]
fn a_wizard_whose_life_drops_below_1_is_killed_and_the_game_ends() {
    let game = Scene::new()
        .life(BOB, 1)
        .monster(ANN, UnitKind::Minotaur, sq(5, 17))
        .turn(ANN, TurnFace::Feet);
    let (events, state) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(5, 18),
        },
        |e| {
            e.iter()
                .any(|e| matches!(e, Event::LifeLost { unit: 1, .. }))
        },
    );
    let tail = &events[events.len() - 3..];
    assert_eq!(
        tail[0],
        Event::LifeLost {
            unit: 1,
            amount: 1,
            life: 0
        }
    );
    assert_eq!(tail[1], Event::WizardKilled { seat: BOB });
    assert!(matches!(
        tail[2],
        Event::GameEnded {
            winner: Some(Seat(0)),
            ..
        }
    ));
    let outcome = WizardsOfWar::outcome(&state).unwrap();
    assert_eq!(outcome.winners, [ANN]);
    assert!(WizardsOfWar::awaiting(&state).is_empty());
    given([])
        .with_state(state)
        .when(ANN, Command::EndTurn)
        .then_refused(RuleViolation::GameOver);
}

#[test]
fn both_wizards_killed_by_one_spell_is_a_draw() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 12))
        .wizard(BOB, sq(5, 13))
        .life(ANN, 1)
        .life(BOB, 1)
        .spells(ANN, &[Spell::MeteorShower])
        .policy(BOB, YieldPolicy::Never);
    let meteor = scene.card_of(Spell::MeteorShower);
    let game = scene.turn(ANN, TurnFace::Feet);
    let over_both = Command::Cast {
        card: meteor,
        target: SpellTarget::Area {
            anchor: sq(5, 12),
            orientation: Default::default(),
        },
    };
    let (_, state) = rolled(&game, ANN, over_both, |e| {
        e.iter()
            .filter(|e| matches!(e, Event::WizardKilled { .. }))
            .count()
            == 2
    });
    assert_eq!(WizardsOfWar::outcome(&state).unwrap().winners, []);
}
