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
    let w = g.when_unanswered(BLUE, punch(RED));
    assert_eq!(
        w.events(),
        vec![
            Event::ResponsePassed { seat: RED },
            Event::CastResolved {
                seat: BLUE,
                card: CardView {
                    id: crate::wizwar::objects::CardId::FIST,
                    name: CardName::Fist
                },
                to: crate::wizwar::casting::Destination::Kept
            },
            Event::WizardDamaged {
                seat: RED,
                amount: 1,
                life: 14,
                kind: None,
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
        .after_windows(BLUE, &[punch(RED)]);
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
            kind: None,
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
    let w = g.when_unanswered(BLUE, punch(RED));
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
            kind: None,
        }])
        .with_wizard_at(RED, sq(2, 3));
    let w = g.when_unanswered(BLUE, punch(RED));
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

// --- A punch is an attack (p.8): the punched player may answer it ----------------

mod punch_answered {
    use super::super::magic::*;
    use super::punch;
    use crate::ruleset::{AwaitReason, Awaiting, Ruleset};
    use crate::wizwar::cards::CardName as N;
    use crate::wizwar::labyrinth::Square;
    use crate::wizwar::tests::given::*;
    use crate::wizwar::{Command, Event, RuleViolation, Target, WizWar};

    /// Blue to play, red next to him holding `red`.
    fn next_to(red: &[N]) -> Given {
        table(&[], red).with_wizard_at(RED, sq(4, 1))
    }

    #[test]
    fn when_a_players_wizard_is_punched_that_player_may_play_a_counter_spell() {
        let g = next_to(&[N::Shield]);
        g.when(BLUE, punch(RED)).then(vec![Event::PunchThrown {
            seat: BLUE,
            victim: RED,
            responders: vec![RED],
        }]);
        let thrown = g.after(BLUE, &[punch(RED)]);
        assert_eq!(
            WizWar::awaiting(&thrown.state),
            vec![Awaiting {
                seat: RED,
                reason: AwaitReason::Response
            }]
        );
        assert_eq!(
            life(&thrown, RED),
            15,
            "nothing lands before the window closes"
        );
        assert!(
            WizWar::legal_commands(&thrown.state, RED).contains(&counter(r(0))),
            "his Shield is listed as an answer"
        );
        // The punch is the attack of the turn as soon as it is thrown.
        assert_eq!(thrown.state.turn.as_ref().unwrap().attacks, 1);
    }

    #[test]
    fn a_shield_reduces_a_punch_by_its_energy_plus_two() {
        let g = next_to(&[N::Shield]).after(BLUE, &[punch(RED)]);
        let g = all_pass(g.after(RED, &[counter(r(0))]));
        assert_eq!(life(&g, RED), 15, "1 damage less 3 is none");
        assert!(g.state.stack.is_empty());
        g.when(BLUE, punch(RED))
            .then_error(RuleViolation::AlreadyAttacked);
    }

    #[test]
    fn a_full_shield_cancels_a_punch_which_still_counts_as_the_attack_of_the_turn() {
        let g = next_to(&[N::FullShield]).after(BLUE, &[punch(RED)]);
        let w = g
            .clone()
            .after(RED, &[counter(r(0))])
            .when(BLUE, Command::Pass);
        w.then_contains(&Event::CastCancelled {
            card: fist(),
            by: crate::wizwar::objects::CardView {
                id: r(0),
                name: N::FullShield,
            },
        });
        let s = w.state();
        assert_eq!(s.wizard(RED).life, 15);
        assert!(s.stack.is_empty());
        assert!(
            !s.discard_pile
                .contains(&crate::wizwar::objects::CardId::FIST),
            "a fist is no card: nothing is discarded for it"
        );
        assert!(s.discard_pile.contains(&r(0)));
        let g = all_pass(g.after(RED, &[counter(r(0))]));
        g.when(BLUE, punch(RED))
            .then_error(RuleViolation::AlreadyAttacked);
    }

    #[test]
    fn a_featherweight_wizard_punched_is_pushed_back_instead_of_hurt() {
        let g = next_to(&[N::Featherweight]).after(BLUE, &[punch(RED)]);
        let g = all_pass(g.after(RED, &[counter(r(0))]));
        assert_eq!(life(&g, RED), 15);
        assert!(
            g.state.wizard(RED).square != sq(4, 1) || g.state.choice.is_some(),
            "the point of damage became a push"
        );
    }

    #[test]
    fn gnome_form_cast_when_punched_gives_a_roll_to_evade_the_punch() {
        let g = next_to(&[N::GnomeForm])
            .after(BLUE, &[punch(RED)])
            .after(RED, &[counter(r(0))])
            .after(BLUE, &[Command::Pass]);
        // A gnome now, he is asked again and lets the punch come.
        let w = g.when(RED, Command::Pass);
        let rolls: Vec<u8> = w
            .events()
            .iter()
            .filter_map(|e| match e {
                Event::DieRolled { value } => Some(*value),
                _ => None,
            })
            .collect();
        assert_eq!(rolls.len(), 1, "one roll to dodge the punch");
        let expected = if rolls[0] <= 2 { 15 } else { 14 };
        assert_eq!(w.state().wizard(RED).life, expected);
    }

    #[test]
    fn a_wizard_who_teleports_out_of_reach_evades_the_punch() {
        let g = next_to(&[N::Teleport]).after(BLUE, &[punch(RED)]);
        let away = Square::new(4, 4);
        let g = all_pass(g.after(
            RED,
            &[Command::PlayCounter {
                card: r(0),
                energy: None,
                line: None,
                square: Some(away),
            }],
        ));
        assert_eq!(g.state.wizard(RED).square, away);
        assert_eq!(life(&g, RED), 15);
    }

    #[test]
    fn pain_link_cast_in_answer_to_a_punch_makes_the_puncher_suffer_the_same_damage() {
        let g = next_to(&[N::PainLink]).after(BLUE, &[punch(RED)]);
        let g = all_pass(g.after(RED, &[counter(r(0))]));
        assert!(g.state.spell_in_play(N::PainLink), "it lasts from then on");
        assert_eq!(life(&g, RED), 14, "the punch still lands");
        assert_eq!(life(&g, BLUE), 14, "and its pain is shared");
    }

    #[test]
    fn flood_cast_in_answer_to_a_punch_comes_into_play_and_the_punch_still_lands() {
        let g = next_to(&[N::Flood]).after(BLUE, &[punch(RED)]);
        let g = all_pass(g.after(RED, &[counter(r(0))]));
        assert!(g.state.spell_in_play(N::Flood));
        assert_eq!(life(&g, RED), 14, "a flood stops no fist");
    }

    #[test]
    fn counters_that_stop_only_spells_do_not_answer_a_punch() {
        for card in [N::Backlash, N::AbsorbSpell, N::NegateNeutral, N::NullPowder] {
            next_to(&[card])
                .after(BLUE, &[punch(RED)])
                .when(RED, counter(r(0)))
                .then_code("counter_does_not_apply");
        }
    }

    #[test]
    fn a_punch_at_a_wall_attacks_no_wizard_and_opens_no_window() {
        let g = given(after_first_turns(two_players(), &[RED], BLUE));
        let w = g.when(
            BLUE,
            Command::Punch {
                target: Target::Line { line: v(2, 2) },
            },
        );
        w.then_contains(&Event::Punched {
            seat: BLUE,
            target: Target::Line { line: v(2, 2) },
        });
        assert!(w.state().stack.is_empty());
    }

    fn fist() -> crate::wizwar::objects::CardView {
        crate::wizwar::objects::CardView {
            id: crate::wizwar::objects::CardId::FIST,
            name: N::Fist,
        }
    }
}
