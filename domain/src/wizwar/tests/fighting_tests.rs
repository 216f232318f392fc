//! Attacking, damage and dying (rulebook pp.8, 15).

use super::given::*;
use crate::ruleset::Ruleset;
use crate::wizwar::cards::CardName;
use crate::wizwar::fighting::{die, healed};
use crate::wizwar::objects::CardView;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::state::Tx;
use crate::wizwar::treasures::TreasureId;
use crate::wizwar::winning::{self, VictoryReason, WinReason};
use crate::wizwar::{Command, Event, RuleViolation, Target, WizWar};

fn punch(seat: crate::ruleset::Seat) -> Command {
    Command::Punch {
        target: Target::Wizard { seat },
    }
}

fn ready() -> Given {
    given(after_first_turns(two_players(), &[RED], BLUE))
}

#[test]
fn no_wizard_may_attack_on_his_first_turn() {
    given(two_players())
        .with_wizard_at(RED, sq(2, 2))
        .when(BLUE, punch(RED))
        .then_error(RuleViolation::NoAttackOnFirstTurn);
}

#[test]
fn a_punch_deals_one_damage_to_a_wizard_in_the_same_or_an_adjacent_square() {
    let g = ready().with_wizard_at(RED, sq(2, 3));
    let w = g.when(BLUE, punch(RED));
    assert_eq!(
        w.events(),
        vec![
            Event::Punched {
                seat: BLUE,
                target: Target::Wizard { seat: RED }
            },
            Event::WizardDamaged {
                seat: RED,
                amount: 1,
                life: 14
            },
        ]
    );
    assert!(
        ready()
            .with_wizard_at(RED, sq(2, 2))
            .when(BLUE, punch(RED))
            .result
            .is_ok()
    );
    ready()
        .with_wizard_at(RED, sq(1, 3))
        .when(BLUE, punch(RED))
        .then_error(RuleViolation::OutOfReach);
    ready()
        .with_wizard_at(RED, sq(2, 1))
        .when(BLUE, punch(RED))
        .then_error(RuleViolation::OutOfReach);
    ready()
        .when(BLUE, punch(BLUE))
        .then_error(RuleViolation::CannotAttackYourself);
}

#[test]
fn a_punch_is_the_one_attack_of_the_turn() {
    let g = ready()
        .with_wizard_at(RED, sq(2, 3))
        .after(BLUE, &[punch(RED)]);
    g.when(BLUE, punch(RED))
        .then_error(RuleViolation::AlreadyAttacked);
    // Moving after attacking is fine for an unstunned wizard.
    assert!(
        g.when(
            BLUE,
            Command::Move {
                direction: crate::wizwar::labyrinth::Direction::North
            }
        )
        .result
        .is_ok()
    );
}

#[test]
fn life_never_rises_above_twenty() {
    let eighth = crate::wizwar::state::State::default();
    assert_eq!(healed(&eighth, 19, 3), 20);
    assert_eq!(healed(&eighth, 10, 3), 13);
}

#[test]
fn a_wizard_killed_by_an_attack_gives_the_killer_a_point_and_his_hand() {
    let red_card = CardView {
        id: card(2),
        name: CardName::Energy4,
    };
    let g = given(after_first_turns(
        game_with(3, Side::A, &[CardName::Energy4; 12], 2, BLUE),
        &[RED, YELLOW],
        BLUE,
    ))
    .with([
        Event::WizardDamaged {
            seat: RED,
            amount: 14,
            life: 1,
        },
        Event::ItemPlayed {
            seat: RED,
            card: red_card,
        },
        Event::TreasurePickedUp {
            seat: RED,
            treasure: TreasureId(0),
        },
    ])
    .with_wizard_at(RED, sq(2, 3));
    let w = g.when(BLUE, punch(RED));
    let events = w.events();
    assert!(events.contains(&Event::WizardDied {
        seat: RED,
        square: sq(2, 3),
        killer: Some(BLUE)
    }));
    assert!(events.contains(&Event::ItemDropped {
        seat: RED,
        card: red_card,
        square: sq(2, 3)
    }));
    assert!(events.contains(&Event::TreasureDropped {
        seat: RED,
        treasure: TreasureId(0),
        square: sq(2, 3)
    }));
    assert!(events.contains(&Event::VictoryPointScored {
        seat: BLUE,
        reason: VictoryReason::Kill
    }));
    let s = w.state();
    assert_eq!(
        s.wizard(BLUE).hand.len(),
        3,
        "his hand, not his carried items"
    );
    assert_eq!(s.wizard(BLUE).victory_points, 1);
    assert!(
        s.winner.is_none(),
        "one point is not yet a win with yellow alive"
    );
    assert_eq!(s.wizard(RED).life, 0);
}

#[test]
fn a_wizard_killed_indirectly_gives_nobody_anything() {
    let g = given(two_players());
    let mut tx = Tx::new(&g.state);
    die(&mut tx, RED, None);
    assert!(
        tx.events
            .iter()
            .any(|e| matches!(e, Event::CardsDiscarded { seat, .. } if *seat == RED))
    );
    assert!(!tx.events.iter().any(|e| matches!(
        e,
        Event::VictoryPointScored { .. } | Event::HandTaken { .. }
    )));
    assert_eq!(tx.state.discard_pile.len(), 2);
}

#[test]
fn the_last_wizard_alive_wins() {
    let g = ready()
        .with([Event::WizardDamaged {
            seat: RED,
            amount: 14,
            life: 1,
        }])
        .with_wizard_at(RED, sq(2, 3));
    let w = g.when(BLUE, punch(RED));
    w.then_contains(&Event::GameWon {
        seat: BLUE,
        reason: WinReason::LastWizardStanding,
    });
    let s = w.state();
    let outcome = WizWar::outcome(&s).unwrap();
    assert_eq!(outcome.winners, vec![BLUE]);
    assert!(WizWar::awaiting(&s).is_empty());
}

#[test]
fn a_wizard_who_dies_while_scoring_his_winning_point_has_died_first() {
    let g = given(game_with(3, Side::A, &[], 0, BLUE)).with([
        Event::VictoryPointScored {
            seat: BLUE,
            reason: VictoryReason::Kill,
        },
        Event::VictoryPointScored {
            seat: BLUE,
            reason: VictoryReason::Treasure,
        },
        Event::WizardDied {
            seat: BLUE,
            square: sq(2, 2),
            killer: None,
        },
    ]);
    let mut tx = Tx::new(&g.state);
    winning::check(&mut tx);
    assert!(tx.events.is_empty(), "a dead wizard cannot win");
}
