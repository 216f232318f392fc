//! The rulebook as examples: given some events, when a wizard acts, then
//! this happens (or this rule refuses it).

use proptest::prelude::*;

use super::*;
use crate::ruleset::fold;

mod given;

use given::*;

fn discard(state: &State, seat: usize) -> Vec<u8> {
    let mut d = state.players[seat].discard.clone();
    d.sort_unstable();
    d
}

// ---------------------------------------------------------------- setup

#[test]
fn the_wall_starts_on_the_middle_flagstone_with_the_wizards_three_steps_away() {
    let s = given_setup(Options::default(), 7);
    assert_eq!(s.duel().bridge.wall, 9);
    assert_eq!(s.duel().bridge.wizards, [6, 12]);
    assert_eq!(s.mana(), [50, 50]);
    assert_eq!(s.duel().round, 1);
}

#[test]
fn each_wizard_draws_five_spells_and_keeps_the_false_card_apart() {
    let log = setup_events(Options::default(), 7);
    let s = given(log.clone());
    for p in &s.duel().players {
        assert_eq!(p.hand.len(), 6);
        assert!(p.hand.contains(&0));
        assert_eq!(p.deck.len(), 9);
        assert!(!p.deck.contains(&0));
    }
    assert!(
        log.iter()
            .any(|e| matches!(e, Event::DeckShuffled { order, .. } if order.revealed().is_some_and(|o| o.len() == 14)))
    );
}

#[test]
fn the_shuffle_comes_from_the_seeded_generator() {
    let a = FirewallDuel::setup(&Options::default(), 2, &mut GameRng::from_u64(3)).unwrap();
    let b = FirewallDuel::setup(&Options::default(), 2, &mut GameRng::from_u64(3)).unwrap();
    let c = FirewallDuel::setup(&Options::default(), 2, &mut GameRng::from_u64(4)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
}

#[test]
fn a_duel_needs_exactly_two_wizards() {
    let err = FirewallDuel::setup(&Options::default(), 3, &mut GameRng::from_u64(0)).unwrap_err();
    assert_eq!(err.code(), "invalid_seat_count");
}

// ---------------------------------------------------------------- bets and the push

#[test]
fn the_stronger_attack_pushes_the_wall_one_flagstone_toward_the_weaker() {
    let s = given(opening(&[], &[])).turn(submit(10, &[]), submit(5, &[]));
    assert_eq!(
        s.wall(),
        10,
        "no matter how large the difference, only one flagstone"
    );
    assert_eq!(s.mana(), [40, 45], "each pays his bet");
    let s = s.turn(submit(1, &[]), submit(2, &[]));
    assert_eq!(s.wall(), 9);
}

#[test]
fn a_sealed_move_alone_is_recorded_and_nothing_else_happens() {
    given(opening(&[7], &[8]))
        .when(Seat(0), submit(12, &[7]))
        .then([Event::MoveSubmitted {
            seat: Seat(0),
            turn: 1,
            sealed: Secret::new(
                Keeper::Seat(Seat(0)),
                FirewallSealedMove {
                    bet: 12,
                    cards: vec![7],
                    clone: None,
                },
            ),
        }]);
}

#[test]
fn the_second_move_reveals_both_compares_them_and_takes_the_bets() {
    given(opening(&[], &[]))
        .when(Seat(0), submit(7, &[]))
        .when(Seat(1), submit(7, &[]))
        .then([
            Event::MoveSubmitted {
                seat: Seat(1),
                turn: 1,
                sealed: Secret::new(
                    Keeper::Seat(Seat(1)),
                    FirewallSealedMove {
                        bet: 7,
                        cards: vec![],
                        clone: None,
                    },
                ),
            },
            Event::MovesRevealed {
                turn: 1,
                moves: vec![
                    FirewallRevealedMove {
                        seat: Seat(0),
                        bet: 7,
                        cards: vec![],
                        clone: None,
                    },
                    FirewallRevealedMove {
                        seat: Seat(1),
                        bet: 7,
                        cards: vec![],
                        clone: None,
                    },
                ],
            },
            Event::AttacksCompared {
                powers: vec![7, 7],
                stronger: None,
                toward: None,
            },
            Event::BetsPaid {
                amounts: vec![7, 7],
                mana: vec![43, 43],
            },
            Event::TurnResolved { turn: 1 },
        ]);
}

#[test]
fn equal_attacks_leave_the_wall_where_it_is() {
    let s = given(opening(&[], &[])).turn(submit(7, &[]), submit(7, &[]));
    assert_eq!(s.wall(), 9);
    assert_eq!(s.mana(), [43, 43]);
}

#[test]
fn the_false_card_is_taken_back_at_once_and_never_discarded() {
    let s = given(opening(&[7], &[])).turn(submit(3, &[0, 7]), submit(3, &[0]));
    assert!(s.duel().players[0].hand.contains(&0));
    assert!(s.duel().players[1].hand.contains(&0));
    assert_eq!(discard(s.duel(), 0), vec![7]);
    assert!(s.duel().players[1].discard.is_empty());
}

#[test]
fn the_main_command_has_the_documented_json_shape() {
    let cmd: Cmd = serde_json::from_str(r#"{"type":"submit_move","bet":5,"cards":[7,0]}"#).unwrap();
    assert_eq!(cmd, submit(5, &[7, 0]));
    assert_eq!(
        serde_json::to_string(&cmd).unwrap(),
        r#"{"type":"submit_move","bet":5,"cards":[7,0]}"#
    );
    let with_clone: Cmd =
        serde_json::from_str(r#"{"type":"submit_move","bet":5,"cards":[2],"clone":7}"#).unwrap();
    assert_eq!(with_clone, cloning(5, &[2], 7));
    let event = serde_json::to_value(Event::TurnResolved { turn: 3 }).unwrap();
    assert_eq!(
        event,
        serde_json::json!({"type": "turn_resolved", "turn": 3})
    );
}

// ---------------------------------------------------------------- refusals

#[test]
fn a_bet_must_be_at_least_one() {
    given(opening(&[], &[]))
        .when(Seat(0), submit(0, &[]))
        .then_refused(RuleViolation::BetTooSmall);
}

#[test]
fn a_bet_cannot_exceed_the_mana_left() {
    given(opening(&[], &[]))
        .when(Seat(0), submit(51, &[]))
        .then_refused(RuleViolation::BetAboveMana { bet: 51, mana: 50 });
}

#[test]
fn cards_are_numbered_zero_to_fourteen() {
    given(opening(&[], &[]))
        .when(Seat(0), submit(1, &[15]))
        .then_code("unknown_card");
}

#[test]
fn only_cards_in_hand_can_be_played() {
    given(opening(&[7], &[]))
        .when(Seat(0), submit(1, &[8]))
        .then_code("card_not_in_hand");
}

#[test]
fn a_card_cannot_be_played_twice_in_one_move() {
    given(opening(&[7], &[]))
        .when(Seat(0), submit(1, &[7, 7]))
        .then_code("duplicate_card");
}

#[test]
fn a_seat_outside_the_duel_is_not_a_player() {
    given(opening(&[], &[]))
        .when(Seat(2), submit(1, &[]))
        .then_code("not_a_player");
}

#[test]
fn a_wizard_submits_only_once_per_turn() {
    given(opening(&[], &[]))
        .when(Seat(0), submit(1, &[]))
        .when(Seat(0), submit(2, &[]))
        .then_code("already_submitted");
}

#[test]
fn choices_out_of_turn_are_refused() {
    given(opening(&[], &[]))
        .when(Seat(0), Cmd::ChooseRecycle { bet: 3 })
        .then_code("unexpected_command")
        .when(
            Seat(0),
            Cmd::ArrangeDeck {
                order: (1..=14).collect(),
            },
        )
        .then_code("unexpected_command");
}

// ---------------------------------------------------------------- sealed moves and secrecy

#[test]
fn the_opponent_sees_only_that_a_move_was_submitted() {
    let s = given(opening(&[7], &[8])).when(Seat(0), submit(12, &[7]));
    let submitted = s.events()[0].clone();
    let seen_by_opponent = FirewallDuel::redact(&submitted, Viewer::Player(Seat(1))).unwrap();
    assert_eq!(
        seen_by_opponent,
        Event::MoveSubmitted {
            seat: Seat(0),
            turn: 1,
            sealed: Secret::hidden()
        }
    );
    assert_eq!(
        FirewallDuel::redact(&submitted, Viewer::Spectator),
        Some(seen_by_opponent)
    );
    assert_eq!(
        FirewallDuel::redact(&submitted, Viewer::Player(Seat(0))),
        Some(submitted.clone())
    );

    let view = FirewallDuel::view(s.duel(), Viewer::Player(Seat(1)));
    assert!(view.players[0].submitted);
    assert_eq!(view.players[0].sealed_bet, Secret::hidden());
    assert_eq!(view.players[0].sealed_cards, Secret::hidden());
    assert_eq!(
        view.players[0].mana, 50,
        "nothing is paid before the reveal"
    );
    let own = FirewallDuel::view(s.duel(), Viewer::Player(Seat(0)));
    assert_eq!(own.players[0].sealed_bet.revealed(), Some(&12));
}

#[test]
fn the_opponent_never_sees_a_hand_only_its_size() {
    let log = setup_events(Options::default(), 11);
    let s = given(log.clone());
    let view = FirewallDuel::view(s.duel(), Viewer::Player(Seat(1)));
    assert_eq!(view.players[0].hand, Secret::hidden());
    assert_eq!(view.players[0].hand_count, 6);
    assert!(view.players[1].hand.revealed().is_some());
    assert_eq!(
        FirewallDuel::view(s.duel(), Viewer::Spectator).players[1].hand,
        Secret::hidden()
    );
    for e in &log {
        if let Event::CardsDrawn { seat, .. } = e {
            let other = Seat(1 - seat.0);
            match FirewallDuel::redact(e, Viewer::Player(other)).unwrap() {
                Event::CardsDrawn { cards, count, .. } => {
                    assert_eq!(cards, Secret::hidden());
                    assert_eq!(count, 5);
                }
                _ => unreachable!(),
            }
            assert_eq!(
                FirewallDuel::redact(e, Viewer::Player(*seat)).as_ref(),
                Some(e)
            );
        }
    }
}

#[test]
fn nobody_but_the_referee_sees_a_shuffled_stock_not_even_its_owner() {
    let log = setup_events(Options::default(), 11);
    let s = given(log.clone());
    for e in &log {
        if let Event::DeckShuffled { seat, .. } = e {
            for viewer in [Viewer::Player(*seat), Viewer::Spectator] {
                assert!(matches!(
                    FirewallDuel::redact(e, viewer),
                    Some(Event::DeckShuffled { order, .. }) if order.revealed().is_none()
                ));
            }
            assert_eq!(FirewallDuel::redact(e, Viewer::Referee).as_ref(), Some(e));
        }
    }
    let view = FirewallDuel::view(s.duel(), Viewer::Player(Seat(0)));
    assert_eq!(view.players[0].deck, Secret::hidden());
    assert_eq!(view.players[0].deck_count, 9);
    assert!(
        FirewallDuel::view(s.duel(), Viewer::Referee).players[0]
            .deck
            .revealed()
            .is_some()
    );
}

#[test]
fn both_moves_are_revealed_in_one_event() {
    let s = given(opening(&[7], &[])).turn(submit(3, &[7, 0]), submit(4, &[]));
    let reveals = s
        .events()
        .iter()
        .filter(|e| matches!(e, Event::MovesRevealed { .. }))
        .count();
    assert_eq!(reveals, 1);
    let view = FirewallDuel::view(s.duel(), Viewer::Spectator);
    let report = view.last_turn.unwrap();
    assert_eq!(report.moves[0].cards, vec![0, 7]);
    assert_eq!(report.moves[1].bet, 4);
    assert_eq!(report.powers, Some(vec![10, 4]));
    assert!(report.finished);
    assert!(!view.players[0].submitted, "a new turn begins");
}

#[test]
fn both_seats_are_awaited_until_each_has_submitted() {
    let s = given(opening(&[], &[]));
    assert_eq!(FirewallDuel::awaiting(s.duel()).len(), 2);
    let s = s.when(Seat(1), submit(1, &[]));
    assert_eq!(
        FirewallDuel::awaiting(s.duel()),
        vec![Awaiting {
            seat: Seat(0),
            reason: AwaitReason::SealedMove
        }]
    );
}

// ---------------------------------------------------------------- identical spells

#[test]
fn identical_spells_cancel_each_other_out() {
    let s = given(opening(&[7, 8], &[7])).turn(submit(5, &[7, 8]), submit(6, &[7]));
    assert!(s.has(|e| matches!(e, Event::SpellsCancelled { spells } if spells == &vec![7])));
    assert_eq!(s.powers(), vec![10, 6], "only Double Dose works");
    assert_eq!(discard(s.duel(), 0), vec![7, 8]);
    assert_eq!(discard(s.duel(), 1), vec![7]);
}

// ---------------------------------------------------------------- the spells one by one

#[test]
fn muteness_discards_every_other_spell_of_the_turn() {
    let s = given(opening(&[1], &[7, 14])).turn(submit(5, &[1]), submit(5, &[7, 14]));
    assert!(s.duel().muted);
    assert_eq!(s.powers(), vec![5, 5]);
    assert_eq!(s.mana(), [45, 45], "Suction was lost too");
    assert_eq!(discard(s.duel(), 1), vec![7, 14]);
}

#[test]
fn muteness_lasts_the_round_and_spells_cast_later_are_lost() {
    let s = given(opening(&[1, 8], &[7]))
        .turn(submit(5, &[1]), submit(5, &[]))
        .turn(submit(5, &[8]), submit(5, &[7]));
    assert!(s.has(|e| matches!(
        e,
        Event::SpellsDiscarded { reason: FirewallDiscardReason::Muted, spells } if spells.len() == 2
    )));
    assert_eq!(s.powers(), vec![5, 5]);
}

#[test]
fn muteness_ends_with_the_round() {
    let s = given(opening(&[1, 4, 7], &[]))
        .turn(submit(5, &[1]), submit(5, &[]))
        .turn(submit(5, &[4]), submit(5, &[]));
    assert!(s.duel().muted, "End Single was muted too");
    // Bleed the round dry: both bet everything.
    let s = s.turn(submit(40, &[]), submit(40, &[]));
    assert_eq!(s.duel().round, 2);
    assert!(!s.duel().muted);
    let s = s.turn(submit(5, &[7]), submit(5, &[]));
    assert_eq!(s.powers(), vec![12, 5]);
}

#[test]
fn clone_copies_a_spell_the_opponent_played_on_the_previous_turn() {
    let s = given(opening(&[2], &[7]))
        .turn(submit(3, &[]), submit(3, &[7]))
        .turn(cloning(4, &[2], 7), submit(5, &[]));
    assert_eq!(s.powers(), vec![11, 5]);
    assert_eq!(discard(s.duel(), 0), vec![2]);
    assert_eq!(
        discard(s.duel(), 1),
        vec![7],
        "the copied card stays where it was"
    );
}

#[test]
fn clone_must_name_a_spell_the_opponent_just_played() {
    let s = given(opening(&[2], &[7, 8])).turn(submit(3, &[]), submit(3, &[7]));
    s.when(Seat(0), submit(4, &[2]))
        .then_code("clone_target_required")
        .when(Seat(0), cloning(4, &[2], 8))
        .then_code("clone_target_unavailable")
        .when(Seat(0), cloning(4, &[], 7))
        .then_code("clone_target_without_clone");
}

#[test]
fn clone_cannot_copy_clone() {
    given(opening(&[2], &[2]))
        .turn(submit(3, &[]), submit(3, &[2]))
        .when(Seat(0), cloning(4, &[2], 2))
        .then_code("clone_target_unavailable");
}

#[test]
fn clone_with_nothing_to_copy_has_no_effect() {
    let s = given(opening(&[2], &[])).turn(submit(4, &[2]), submit(5, &[]));
    assert_eq!(s.powers(), vec![4, 5]);
    assert_eq!(discard(s.duel(), 0), vec![2]);
}

#[test]
fn larceny_takes_the_opponents_spells_and_the_larcener_chooses() {
    let s = given(opening(&[3], &[7, 13])).turn(submit(5, &[3]), submit(5, &[7, 13]));
    assert_eq!(
        FirewallDuel::awaiting(s.duel()),
        vec![Awaiting {
            seat: Seat(0),
            reason: AwaitReason::Choice
        }]
    );
    let s = s.when(Seat(0), Cmd::ChooseLarceny { apply: vec![7] });
    assert_eq!(s.powers(), vec![12, 5]);
    assert_eq!(s.mana(), [45, 45], "Reserve Boost was discarded");
    assert_eq!(
        discard(s.duel(), 1),
        vec![7, 13],
        "stolen cards go back to their owner's pile"
    );
}

#[test]
fn larceny_can_only_apply_what_was_stolen() {
    given(opening(&[3], &[7]))
        .turn(submit(5, &[3]), submit(5, &[7]))
        .when(Seat(0), Cmd::ChooseLarceny { apply: vec![8] })
        .then_code("not_stolen")
        .when(Seat(0), Cmd::ChooseLarceny { apply: vec![7, 7] })
        .then_code("not_stolen");
}

#[test]
fn larceny_taking_a_clone_takes_the_copied_spell() {
    let s = given(opening(&[7, 3], &[2]))
        .turn(submit(3, &[7]), submit(3, &[]))
        .turn(submit(5, &[3]), cloning(5, &[2], 7));
    assert!(s.has(|e| matches!(e, Event::SpellsStolen { spells, .. }
        if spells.len() == 1 && spells[0].spell == 7 && spells[0].copy)));
    let s = s.when(Seat(0), Cmd::ChooseLarceny { apply: vec![7] });
    assert_eq!(s.powers(), vec![12, 5]);
}

#[test]
fn during_a_choice_the_other_wizard_must_wait() {
    given(opening(&[3], &[7]))
        .turn(submit(5, &[3]), submit(5, &[7]))
        .when(Seat(1), Cmd::ChooseLarceny { apply: vec![] })
        .then_code("not_your_turn")
        .when(Seat(1), submit(1, &[]))
        .then_code("not_your_turn")
        .when(Seat(0), submit(1, &[]))
        .then_code("unexpected_command");
}

#[test]
fn larceny_with_nothing_to_steal_does_not_pause() {
    let s = given(opening(&[3], &[])).turn(submit(5, &[3]), submit(4, &[]));
    assert!(
        FirewallDuel::awaiting(s.duel())
            .iter()
            .all(|a| a.reason == AwaitReason::SealedMove)
    );
    assert_eq!(s.wall(), 10);
}

#[test]
fn end_single_ends_the_round_at_once_and_discards_the_rest() {
    let s = given(opening(&[4], &[7, 11])).turn(submit(5, &[4]), submit(9, &[7, 11]));
    assert!(s.has(|e| matches!(e, Event::SpellsDiscarded {
        reason: FirewallDiscardReason::EndSingle, spells } if spells.len() == 2)));
    assert!(s.has(|e| matches!(
        e,
        Event::RoundEnded {
            reason: FirewallRoundEndReason::EndSingle { seat: Seat(0) },
            ..
        }
    )));
    assert_eq!(s.wall(), 9, "the fire wall stays where it is");
    assert_eq!(s.duel().bridge.wizards, [6, 12]);
    assert_eq!(s.duel().round, 2);
    assert_eq!(s.mana(), [50, 50]);
    assert_eq!(
        (s.duel().bridge.broken_low, s.duel().bridge.broken_high),
        (1, 1)
    );
}

#[test]
fn middle_sends_the_wall_back_where_the_round_began() {
    let s = given(opening(&[5], &[]))
        .turn(submit(1, &[]), submit(2, &[]))
        .turn(submit(1, &[]), submit(2, &[]));
    assert_eq!(s.wall(), 7);
    let s = s.turn(submit(3, &[5]), submit(2, &[]));
    assert_eq!(
        s.wall(),
        10,
        "back to 9, then pushed by the stronger attack"
    );
}

#[test]
fn recycle_lets_the_caster_change_his_bet_after_the_reveal() {
    let s = given(opening(&[6], &[])).turn(submit(10, &[6]), submit(12, &[]));
    assert!(s.has(|e| matches!(
        e,
        Event::RecycleOffered {
            min: 5,
            max: 15,
            ..
        }
    )));
    assert_eq!(
        FirewallDuel::timeout_command(s.duel(), Seat(0)),
        Some(Cmd::ChooseRecycle { bet: 10 })
    );
    let s = s
        .when(Seat(0), Cmd::ChooseRecycle { bet: 16 })
        .then_code("recycle_out_of_range");
    let s = s.when(Seat(0), Cmd::ChooseRecycle { bet: 15 });
    assert_eq!(s.wall(), 10);
    assert_eq!(
        s.mana(),
        [35, 38],
        "he fights and pays according to the change"
    );
}

#[test]
fn recycle_never_bets_below_one_nor_above_the_reserve() {
    let s = given(opening_with(&[6], &[], 9, 0, [7, 50])).turn(submit(3, &[6]), submit(2, &[]));
    assert!(s.has(|e| matches!(e, Event::RecycleOffered { min: 1, max: 7, .. })));
}

#[test]
fn attack_boost_adds_seven_and_the_caster_pays_only_his_bet() {
    let s = given(opening(&[7], &[])).turn(submit(2, &[7]), submit(8, &[]));
    assert_eq!(s.powers(), vec![9, 8]);
    assert_eq!(s.wall(), 10);
    assert_eq!(s.mana(), [48, 42]);
}

#[test]
fn double_dose_doubles_the_attack() {
    let s = given(opening(&[8], &[])).turn(submit(5, &[8]), submit(9, &[]));
    assert_eq!(s.powers(), vec![10, 9]);
    assert_eq!(s.mana(), [45, 41]);
}

#[test]
fn attack_boost_then_double_dose_gives_bet_plus_seven_times_two() {
    let s = given(opening(&[7, 8], &[])).turn(submit(5, &[8, 7]), submit(20, &[]));
    assert_eq!(s.powers(), vec![24, 20]);
}

#[test]
fn winner_loses_moves_the_wall_toward_the_stronger_attack() {
    let s = given(opening(&[], &[9])).turn(submit(10, &[]), submit(5, &[9]));
    assert_eq!(s.wall(), 8);
}

#[test]
fn winner_loses_does_nothing_when_the_wall_is_not_due_to_move() {
    let s = given(opening(&[], &[9])).turn(submit(5, &[]), submit(5, &[9]));
    assert_eq!(s.wall(), 9);
}

#[test]
fn winner_loses_with_resistance_keeps_the_wall_still() {
    let s = given(opening(&[11], &[9])).turn(submit(10, &[11]), submit(5, &[9]));
    assert_eq!(s.wall(), 9, "reversed toward seat 0, who resists");
}

#[test]
fn resistance_stops_the_wall_moving_toward_its_caster() {
    let s = given(opening(&[11], &[])).turn(submit(2, &[11]), submit(5, &[]));
    assert_eq!(s.wall(), 9);
    assert_eq!(s.mana(), [48, 45]);
    let s = given(opening(&[11], &[])).turn(submit(8, &[11]), submit(5, &[]));
    assert_eq!(s.wall(), 10, "it does not stop a push the other way");
}

#[test]
fn inferno_moves_the_wall_two_flagstones_whatever_the_direction() {
    let s = given(opening(&[], &[10])).turn(submit(9, &[]), submit(5, &[10]));
    assert_eq!(s.wall(), 11);
}

#[test]
fn inferno_stops_at_a_wizard_and_the_round_is_over() {
    let s = given(opening_with(&[10], &[], 11, 0, [50, 50])).turn(submit(9, &[10]), submit(5, &[]));
    assert!(s.has(|e| matches!(
        e,
        Event::FireWallMoved {
            from: 11,
            to: 12,
            ..
        }
    )));
    assert!(s.has(|e| matches!(
        e,
        Event::RoundEnded {
            reason: FirewallRoundEndReason::WallReachedWizard { seat: Seat(1) },
            ..
        }
    )));
    assert_eq!(s.duel().bridge.wizards, [9, 15]);
    assert_eq!(s.wall(), 12);
}

#[test]
fn bad_loser_does_not_pay_when_the_wall_moved_toward_him() {
    let s = given(opening(&[12], &[])).turn(submit(5, &[12]), submit(9, &[]));
    assert_eq!(s.wall(), 8);
    assert_eq!(s.mana(), [50, 41]);
}

#[test]
fn bad_loser_pays_when_he_wins_the_turn_or_it_is_a_tie() {
    let s = given(opening(&[12], &[])).turn(submit(9, &[12]), submit(5, &[]));
    assert_eq!(s.mana(), [41, 45]);
    let s = given(opening(&[12], &[])).turn(submit(5, &[12]), submit(5, &[]));
    assert_eq!(s.mana(), [45, 45]);
}

#[test]
fn reserve_boost_adds_thirteen_after_the_bet_is_paid() {
    let s = given(opening(&[13], &[])).turn(submit(20, &[13]), submit(5, &[]));
    assert_eq!(s.mana(), [43, 45]);
}

#[test]
fn reserve_boost_never_goes_above_fifty() {
    let s = given(opening(&[13], &[])).turn(submit(5, &[13]), submit(5, &[]));
    assert_eq!(s.mana(), [50, 45]);
    assert!(s.has(|e| matches!(
        e,
        Event::ManaGained {
            amount: 5,
            mana: 50,
            ..
        }
    )));
}

#[test]
fn suction_adds_the_opponents_bet_not_his_power() {
    let s = given(opening(&[14], &[7, 8])).turn(submit(20, &[14]), submit(9, &[7, 8]));
    assert_eq!(s.powers(), vec![20, 32]);
    assert_eq!(s.mana(), [39, 41]);
}

#[test]
fn suction_never_goes_above_fifty() {
    let s = given(opening(&[14], &[])).turn(submit(3, &[14]), submit(30, &[]));
    assert_eq!(s.mana(), [50, 20]);
}

#[test]
fn suction_counts_the_opponents_recycled_bet() {
    let s = given(opening(&[14], &[6]))
        .turn(submit(30, &[14]), submit(10, &[6]))
        .when(Seat(1), Cmd::ChooseRecycle { bet: 15 });
    assert_eq!(s.mana(), [35, 35]);
}

// ---------------------------------------------------------------- running out of mana

#[test]
fn when_one_wizard_runs_out_the_other_moves_the_wall_one_step_per_mana_point() {
    let s = given(opening(&[], &[])).turn(submit(50, &[]), submit(48, &[]));
    assert!(s.has(|e| matches!(e, Event::ManaExhausted { seats } if seats == &vec![Seat(0)])));
    assert!(s.has(|e| matches!(
        e,
        Event::FireWallMoved {
            from: 10,
            to: 8,
            cause: FirewallWallMoveCause::OutOfMana
        }
    )));
    assert!(s.has(|e| matches!(
        e,
        Event::RoundEnded {
            reason: FirewallRoundEndReason::OutOfMana,
            ..
        }
    )));
    assert_eq!(
        s.duel().bridge.wizards,
        [5, 11],
        "three steps from the new position"
    );
    assert_eq!(s.duel().round, 2);
}

#[test]
fn the_wall_stops_on_the_wizard_who_ran_out() {
    let s = given(opening(&[], &[])).turn(submit(50, &[]), submit(1, &[]));
    assert!(s.has(|e| matches!(
        e,
        Event::FireWallMoved {
            from: 10,
            to: 6,
            ..
        }
    )));
    assert!(s.has(|e| matches!(
        e,
        Event::RoundEnded {
            reason: FirewallRoundEndReason::WallReachedWizard { seat: Seat(0) },
            ..
        }
    )));
    assert_eq!(s.duel().bridge.wizards, [3, 9]);
}

#[test]
fn when_both_run_out_the_round_is_over() {
    let s = given(opening(&[], &[])).turn(submit(50, &[]), submit(50, &[]));
    assert!(s.has(|e| matches!(e, Event::ManaExhausted { seats } if seats.len() == 2)));
    assert_eq!(s.wall(), 9);
    assert_eq!(s.duel().round, 2);
}

// ---------------------------------------------------------------- round end and match end

#[test]
fn at_round_end_a_flagstone_collapses_at_each_end_and_three_spells_are_drawn() {
    let s = given_setup(Options::default(), 5);
    let s = s.turn(submit(50, &[]), submit(50, &[]));
    assert!(s.has(|e| matches!(
        e,
        Event::FlagstonesCollapsed {
            low: Some(0),
            high: Some(18)
        }
    )));
    assert_eq!(
        (s.duel().bridge.broken_low, s.duel().bridge.broken_high),
        (1, 1)
    );
    for p in &s.duel().players {
        assert_eq!(p.hand.len(), 9, "5 + 3 spells and the False Card");
        assert_eq!(p.deck.len(), 6);
        assert_eq!(p.mana, 50);
    }
    assert_eq!(s.duel().round, 2);
}

#[test]
fn no_spell_is_drawn_once_the_stock_has_run_out() {
    let mut s = given_setup(Options::default(), 5);
    for _ in 0..3 {
        s = s.turn(submit(50, &[]), submit(50, &[])).given();
    }
    assert_eq!(s.duel().players[0].deck.len(), 0);
    let hand = s.duel().players[0].hand.len();
    let s = s.turn(submit(50, &[]), submit(50, &[]));
    assert_eq!(s.duel().players[0].hand.len(), hand);
    assert_eq!(s.duel().round, 5);
}

#[test]
fn a_wizard_set_on_a_broken_flagstone_loses_the_match() {
    let s = given(opening_with(&[], &[], 7, 3, [50, 50])).turn(submit(1, &[]), submit(5, &[]));
    assert_eq!(s.duel().bridge.wizards, [3, 9]);
    let outcome = FirewallDuel::outcome(s.duel()).expect("the match is over");
    assert_eq!(outcome.winners, vec![Seat(1)]);
    assert!(outcome.summary.contains("Seat 0 fell into the lava"));
    assert!(FirewallDuel::awaiting(s.duel()).is_empty());
    assert!(FirewallDuel::legal_commands(s.duel(), Seat(0)).is_empty());
    s.when(Seat(0), submit(1, &[])).then_code("game_over");
}

#[test]
fn both_wizards_falling_at_once_is_a_draw() {
    let s = given(opening_with(&[4], &[], 9, 6, [50, 50])).turn(submit(1, &[4]), submit(5, &[]));
    let outcome = FirewallDuel::outcome(s.duel()).expect("the match is over");
    assert!(outcome.winners.is_empty());
    assert!(outcome.summary.contains("draw"));
    let view = FirewallDuel::view(s.duel(), Viewer::Spectator);
    assert!(view.over);
    assert_eq!(view.winner, None);
}

#[test]
fn the_view_names_the_winner_when_over() {
    let s = given(opening_with(&[], &[], 7, 3, [50, 50])).turn(submit(1, &[]), submit(5, &[]));
    let view = FirewallDuel::view(s.duel(), Viewer::Player(Seat(0)));
    assert_eq!(view.winner, Some(Seat(1)));
    assert_eq!(view.phase, FirewallPhase::Over);
}

// ---------------------------------------------------------------- variants

#[test]
fn variant_one_puts_the_whole_deck_in_hand() {
    let options: Options = serde_json::from_str(r#"{"full_deck_in_hand":true}"#).unwrap();
    let s = given_setup(options, 2);
    for p in &s.duel().players {
        assert_eq!(p.hand, (0..=14).collect::<Vec<u8>>());
        assert!(p.deck.is_empty());
    }
    let s = s.turn(submit(50, &[]), submit(50, &[]));
    assert_eq!(s.duel().players[0].hand.len(), 15, "nothing left to draw");
}

#[test]
fn variant_two_waits_for_both_wizards_to_arrange_their_decks() {
    let options = Options {
        arranged_decks: true,
        ..Options::default()
    };
    let s = given_setup(options, 2);
    assert_eq!(FirewallDuel::awaiting(s.duel()).len(), 2);
    let mine: Vec<u32> = (1..=14).rev().collect();
    let s = s
        .when(Seat(0), submit(1, &[]))
        .then_code("unexpected_command")
        .when(
            Seat(0),
            Cmd::ArrangeDeck {
                order: vec![1, 2, 3],
            },
        )
        .then_code("invalid_deck_order")
        .when(
            Seat(0),
            Cmd::ArrangeDeck {
                order: mine.clone(),
            },
        );
    let arranged = s.events()[0].clone();
    assert!(matches!(
        FirewallDuel::redact(&arranged, Viewer::Player(Seat(1))),
        Some(Event::DeckArranged { order, .. }) if order.revealed().is_none()
    ));
    assert_eq!(
        FirewallDuel::redact(&arranged, Viewer::Player(Seat(0))),
        Some(arranged)
    );
    let s = s
        .when(Seat(0), Cmd::ArrangeDeck { order: mine })
        .then_code("already_submitted")
        .when(
            Seat(1),
            Cmd::ArrangeDeck {
                order: (1..=14).collect(),
            },
        );
    assert_eq!(s.duel().players[0].hand, vec![0, 10, 11, 12, 13, 14]);
    assert_eq!(s.duel().players[1].hand, vec![0, 1, 2, 3, 4, 5]);
    assert_eq!(s.duel().round, 1);
    assert_eq!(FirewallDuel::awaiting(s.duel()).len(), 2);
}

#[test]
fn the_two_variants_cannot_be_combined_and_unknown_options_are_refused() {
    let both = Options {
        full_deck_in_hand: true,
        arranged_decks: true,
    };
    let err = FirewallDuel::setup(&both, 2, &mut GameRng::from_u64(0)).unwrap_err();
    assert_eq!(err.code(), "invalid_options");
    assert!(serde_json::from_str::<Options>(r#"{"variant":3}"#).is_err());
    assert_eq!(
        serde_json::from_str::<Options>("{}").unwrap(),
        Options::default()
    );
}

// ---------------------------------------------------------------- timeouts and the registry

#[test]
fn a_timeout_bets_one_without_cards_and_declines_choices() {
    let s = given(opening(&[3], &[7]));
    assert_eq!(
        FirewallDuel::timeout_command(s.duel(), Seat(0)),
        Some(submit(1, &[]))
    );
    let s = s.turn(submit(5, &[3]), submit(5, &[7]));
    assert_eq!(
        FirewallDuel::timeout_command(s.duel(), Seat(0)),
        Some(Cmd::ChooseLarceny { apply: vec![] })
    );
    assert_eq!(FirewallDuel::timeout_command(s.duel(), Seat(1)), None);
}

#[test]
fn the_registry_reaches_the_duel_through_json() {
    let ruleset = crate::registry::find("firewall-duel").expect("registered");
    let mut rng = GameRng::from_u64(9);
    let events = ruleset
        .setup(&serde_json::Value::Null, 2, &mut rng)
        .unwrap();
    let mut game = ruleset.new_game();
    for e in &events {
        game.apply(e).unwrap();
    }
    let out = game
        .decide(
            Seat(0),
            &serde_json::json!({"type":"submit_move","bet":5,"cards":[0]}),
            &mut rng,
        )
        .unwrap();
    assert_eq!(out[0]["type"], "move_submitted");
    let refused = game
        .decide(
            Seat(0),
            &serde_json::json!({"type":"submit_move","bet":99,"cards":[]}),
            &mut rng,
        )
        .unwrap_err();
    assert!(matches!(
        refused,
        crate::registry::Refusal::Rule {
            code: "bet_above_mana",
            ..
        }
    ));
    assert_eq!(
        ruleset.info().reference["spells"].as_array().unwrap().len(),
        15
    );
}

// ---------------------------------------------------------------- random play

/// Every card of a wizard is somewhere: stock, hand, discard pile or in play.
fn assert_cards_conserved(state: &State) {
    for (seat, p) in state.players.iter().enumerate() {
        let mut all: Vec<u8> = p
            .deck
            .iter()
            .chain(&p.hand)
            .chain(&p.discard)
            .chain(&p.in_play)
            .copied()
            .collect();
        all.sort_unstable();
        assert_eq!(
            all,
            (0..=14).collect::<Vec<u8>>(),
            "seat {seat} lost or doubled a card"
        );
        assert!(p.hand.contains(&0), "the False Card never leaves the hand");
        assert!(p.mana <= 50, "mana above 50");
    }
}

/// Plays one random game; returns how many commands it took.
fn random_game(seed: u64, options: Options) -> usize {
    let mut rng = GameRng::from_u64(seed);
    let mut log = FirewallDuel::setup(&options, 2, &mut rng).unwrap();
    let mut state = fold::<FirewallDuel>(&log);
    let mut commands = 0;
    while FirewallDuel::outcome(&state).is_none() {
        assert!(commands < 2_000, "the game did not end");
        let awaiting = FirewallDuel::awaiting(&state);
        assert!(!awaiting.is_empty(), "a live game waits for someone");
        let seat = awaiting[rng.below(awaiting.len() as u32) as usize].seat;
        let legal = FirewallDuel::legal_commands(&state, seat);
        assert!(!legal.is_empty(), "an awaited seat has something to do");
        // Every listed command is legal (a sample of them, to stay quick).
        for _ in 0..8 {
            let probe = &legal[rng.below(legal.len() as u32) as usize];
            if let Err(e) = FirewallDuel::decide(&state, seat, probe, &mut rng) {
                panic!("listed command {probe:?} refused: {e}");
            }
        }
        if commands % 25 == 0 {
            assert_eq!(
                fold::<FirewallDuel>(&log),
                state,
                "fold of the log is the state decide sees"
            );
        }
        let command = legal[rng.below(legal.len() as u32) as usize].clone();
        let events = FirewallDuel::decide(&state, seat, &command, &mut rng)
            .unwrap_or_else(|e| panic!("listed command {command:?} refused: {e}"));
        if let Some(timeout) = FirewallDuel::timeout_command(&state, seat) {
            FirewallDuel::decide(&state, seat, &timeout, &mut rng)
                .unwrap_or_else(|e| panic!("timeout command {timeout:?} refused: {e}"));
        }
        for e in &events {
            FirewallDuel::evolve(&mut state, e);
            // Events survive the JSON round trip the server puts them through.
            let json = serde_json::to_value(e).unwrap();
            assert_eq!(&serde_json::from_value::<Event>(json).unwrap(), e);
            for viewer in [
                Viewer::Spectator,
                Viewer::Player(Seat(0)),
                Viewer::Player(Seat(1)),
            ] {
                let _ = FirewallDuel::redact(e, viewer);
            }
        }
        log.extend(events);
        assert_cards_conserved(&state);
        let _ = FirewallDuel::view(&state, Viewer::Spectator);
        commands += 1;
    }
    assert_eq!(
        fold::<FirewallDuel>(&log),
        state,
        "replaying the log gives the same state"
    );
    commands
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]

    #[test]
    fn random_legal_play_always_ends_with_cards_and_mana_intact(seed in any::<u64>(), variant in 0u8..3) {
        let options = Options {
            full_deck_in_hand: variant == 1,
            arranged_decks: variant == 2,
        };
        let commands = random_game(seed, options);
        prop_assert!(commands > 0);
    }
}

#[test]
fn a_misspelt_field_is_refused_rather_than_ignored() {
    assert!(serde_json::from_str::<Cmd>(r#"{"type":"submit_move","bet":5,"card":[7]}"#).is_err());
    assert_eq!(
        serde_json::from_str::<Cmd>(r#"{"type":"submit_move","bet":5}"#).unwrap(),
        submit(5, &[])
    );
}

#[test]
fn nothing_is_asked_of_a_seat_outside_the_duel() {
    let s = given(opening(&[], &[]));
    assert_eq!(FirewallDuel::timeout_command(s.duel(), Seat(2)), None);
    assert!(FirewallDuel::legal_commands(s.duel(), Seat(2)).is_empty());
}

#[test]
fn every_listed_command_is_accepted_at_the_start_of_a_turn() {
    let s = given(opening(&[2, 3, 7], &[9])).turn(submit(3, &[]), submit(3, &[9]));
    let legal = FirewallDuel::legal_commands(s.duel(), Seat(0));
    assert!(legal.len() > 47 * 4, "every bet, alone and with each card");
    assert!(legal.contains(&cloning(47, &[2], 9)));
    for command in &legal {
        FirewallDuel::decide(s.duel(), Seat(0), command, &mut GameRng::from_u64(0))
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    }
}

#[test]
fn no_move_is_listed_to_a_wizard_whose_mana_is_spent() {
    // Between a reveal and the end of the round the wizard out of mana is
    // still to move in the state a past seq shows: nothing he could send is legal.
    let s = given(opening_with(&[3, 8], &[9], 9, 0, [0, 50]));
    assert!(FirewallDuel::legal_commands(s.duel(), Seat(0)).is_empty());
    let listing = FirewallDuel::full_legal_listing(s.duel(), Seat(0));
    assert!(listing.complete && listing.commands.is_empty());
}

/// Whether `command` is one of the sealed moves `choice` tells.
fn fits(choice: &CommandChoice, command: &Command) -> bool {
    let CommandChoice::SubmitMove {
        min_bet,
        max_bet,
        cards: hand,
        clone_targets,
    } = choice;
    let Command::SubmitMove { bet, cards, clone } = command else {
        return false;
    };
    let distinct = cards
        .iter()
        .enumerate()
        .all(|(i, c)| !cards[..i].contains(c));
    let cloning = cards.contains(&u32::from(Spell::Clone.number())) && !clone_targets.is_empty();
    (min_bet..=max_bet).contains(&bet)
        && distinct
        && cards.iter().all(|c| hand.contains(c))
        && match clone {
            Some(target) => cloning && clone_targets.contains(target),
            None => !cloning,
        }
}

#[test]
fn a_sealed_move_is_told_as_one_choice_covering_every_listed_move_and_only_legal_ones() {
    let s = given(opening(&[2, 3, 7], &[9])).turn(submit(3, &[]), submit(3, &[9]));
    let legal = FirewallDuel::legal_choices(s.duel(), Seat(0));
    assert!(legal.commands.is_empty(), "nothing else is listed");
    let [choice] = legal.choices.as_slice() else {
        panic!("one choice: {:?}", legal.choices);
    };
    assert_eq!(
        choice,
        &CommandChoice::SubmitMove {
            min_bet: 1,
            max_bet: 47,
            cards: vec![0, 2, 3, 7],
            clone_targets: vec![9],
        }
    );
    let listed = FirewallDuel::legal_commands(s.duel(), Seat(0));
    assert!(listed.iter().all(|command| fits(choice, command)));
    // Every set of cards the choice allows, at its lowest and highest bet.
    let hand = [0, 2, 3, 7];
    for bet in [1, 47] {
        for subset in 0..1u32 << hand.len() {
            let cards: Vec<u32> = (0..hand.len())
                .filter(|i| subset & (1 << i) != 0)
                .map(|i| hand[i])
                .collect();
            let clone = cards.contains(&2).then_some(9);
            let command = Command::SubmitMove { bet, cards, clone };
            assert!(fits(choice, &command));
            FirewallDuel::decide(s.duel(), Seat(0), &command, &mut GameRng::from_u64(0))
                .unwrap_or_else(|e| panic!("{command:?}: {e}"));
        }
    }
    assert!(!fits(choice, &submit(48, &[])), "above the mana");
    assert!(!fits(choice, &submit(5, &[2])), "Clone without its target");
}

#[test]
fn a_full_listing_of_a_sealed_move_holds_every_bet_with_every_set_of_cards_in_hand() {
    let s = given(opening(&[2, 3, 7], &[9])).turn(submit(3, &[]), submit(3, &[9]));
    let [choice] = FirewallDuel::legal_choices(s.duel(), Seat(0))
        .choices
        .try_into()
        .unwrap();
    let listing = FirewallDuel::full_legal_listing(s.duel(), Seat(0));
    assert!(listing.complete);
    // 47 bets; 8 sets of cards without Clone, and 8 with it, each at the one target.
    assert_eq!(listing.commands.len(), 47 * (8 + 8));
    assert!(listing.commands.contains(&submit(1, &[0, 3])));
    assert!(listing.commands.contains(&cloning(47, &[0, 2, 3, 7], 9)));
    for (i, command) in listing.commands.iter().enumerate() {
        assert!(
            !listing.commands[..i].contains(command),
            "{command:?} twice"
        );
        assert!(fits(&choice, command), "{command:?} outside the choice");
        FirewallDuel::decide(s.duel(), Seat(0), command, &mut GameRng::from_u64(0))
            .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    }
}

#[test]
fn a_sealed_move_with_more_choices_than_a_listing_holds_is_listed_as_a_sample() {
    // Seven distinct cards with the False Card: 128 sets at each of 50 bets.
    let s = given(opening(&[1, 3, 4, 5, 6, 7], &[9]));
    let listing = FirewallDuel::full_legal_listing(s.duel(), Seat(0));
    assert!(!listing.complete);
    assert_eq!(
        listing.commands,
        FirewallDuel::legal_commands(s.duel(), Seat(0))
    );
}

#[test]
fn a_recycle_choice_is_listed_in_full_and_a_waiting_wizard_has_nothing_left_out() {
    let s = given(opening(&[6], &[])).turn(submit(10, &[6]), submit(12, &[]));
    assert!(FirewallDuel::full_legal_listing(s.duel(), Seat(0)).complete);
    let waiting = FirewallDuel::full_legal_listing(s.duel(), Seat(1));
    assert!(waiting.complete && waiting.commands.is_empty());
}

#[test]
fn other_answers_are_listed_one_by_one() {
    let s = given(opening(&[6], &[])).turn(submit(10, &[6]), submit(12, &[]));
    let legal = FirewallDuel::legal_choices(s.duel(), Seat(0));
    assert!(legal.choices.is_empty());
    assert_eq!(
        legal.commands,
        FirewallDuel::legal_commands(s.duel(), Seat(0))
    );
}

#[test]
fn the_other_wizard_sees_the_pending_choice_but_waits() {
    let s = given(opening(&[6], &[])).turn(submit(10, &[6]), submit(12, &[]));
    let view = FirewallDuel::view(s.duel(), Viewer::Player(Seat(1)));
    assert_eq!(
        view.pending_choice,
        Some(FirewallPendingChoice::Recycle {
            seat: Seat(0),
            bet: 10,
            min: 5,
            max: 15
        })
    );
    assert!(FirewallDuel::legal_commands(s.duel(), Seat(1)).is_empty());
    assert_eq!(FirewallDuel::legal_commands(s.duel(), Seat(0)).len(), 11);
}

#[test]
#[cfg(feature = "openapi")]
fn every_wire_type_has_a_typed_schema() {
    use utoipa::PartialSchema;
    let schemas = [
        serde_json::to_value(Command::schema()).unwrap(),
        serde_json::to_value(Event::schema()).unwrap(),
        serde_json::to_value(View::schema()).unwrap(),
        serde_json::to_value(Options::schema()).unwrap(),
    ];
    let text = serde_json::to_string(&schemas).unwrap();
    for needle in [
        "submit_move",
        "choose_larceny",
        "moves_revealed",
        "pending_choice",
        "arranged_decks",
    ] {
        assert!(text.contains(needle), "{needle} missing from the schemas");
    }
}

#[test]
fn two_mutenesses_cancel_and_the_round_is_not_muted() {
    let s = given(opening(&[1, 7], &[1])).turn(submit(5, &[1, 7]), submit(5, &[1]));
    assert!(!s.duel().muted);
    assert_eq!(s.powers(), vec![12, 5]);
}

#[test]
fn a_stolen_end_single_ends_the_round_for_the_larcener() {
    let s = given(opening(&[3], &[4]))
        .turn(submit(5, &[3]), submit(5, &[4]))
        .when(Seat(0), Cmd::ChooseLarceny { apply: vec![4] });
    assert!(s.has(|e| matches!(
        e,
        Event::RoundEnded {
            reason: FirewallRoundEndReason::EndSingle { seat: Seat(0) },
            ..
        }
    )));
    assert_eq!(s.duel().round, 2);
}
