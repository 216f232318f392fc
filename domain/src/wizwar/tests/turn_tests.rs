//! The turn (rulebook p.6): Time Passes, Move and Cast, Discard and Draw.

use super::given::*;
use crate::ruleset::{Ruleset, Seat};
use crate::wizwar::cards::CardName;
use crate::wizwar::objects::CardView;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::{Command, Event, RuleViolation, WizWar};

fn energy(id: u16) -> CardView {
    CardView {
        id: card(id),
        name: CardName::Energy4,
    }
}

#[test]
fn only_the_active_player_may_act() {
    let g = given(two_players());
    g.when(RED, Command::EndTurn)
        .then_error(RuleViolation::NotYourTurn);
    g.when(Seat(5), Command::EndTurn)
        .then_error(RuleViolation::NotAPlayer);
    assert_eq!(
        WizWar::awaiting(&g.state),
        vec![crate::ruleset::Awaiting {
            seat: BLUE,
            reason: crate::ruleset::AwaitReason::Turn
        }]
    );
    assert_eq!(
        WizWar::timeout_command(&g.state, BLUE),
        Some(Command::EndTurn)
    );
}

#[test]
fn ending_the_turn_passes_it_to_the_next_living_player() {
    let w = given(two_players()).when(BLUE, Command::EndTurn);
    assert_eq!(
        w.events(),
        vec![
            Event::TurnEnded { seat: BLUE },
            Event::TurnStarted {
                seat: RED,
                movement_points: 3,
                stunned: false
            }
        ]
    );
    let g = given(game_with(3, Side::A, &[], 0, BLUE)).with([Event::WizardDied {
        seat: RED,
        square: sq(2, 7),
        killer: None,
    }]);
    g.when(BLUE, Command::EndTurn)
        .then_contains(&Event::TurnStarted {
            seat: YELLOW,
            movement_points: 3,
            stunned: false,
        });
    g.when(RED, Command::EndTurn)
        .then_error(RuleViolation::Eliminated);
}

#[test]
fn the_player_may_draw_up_to_two_cards_and_the_turn_then_ends() {
    let g = given(two_players()).after(BLUE, &[Command::EndMoveAndCast]);
    g.when(BLUE, Command::Draw { count: 3 })
        .then_error(RuleViolation::TooManyCards);
    let w = g.when(BLUE, Command::Draw { count: 2 });
    assert_eq!(
        w.events(),
        vec![
            Event::CardsDrawn {
                seat: BLUE,
                count: 2,
                cards: crate::kit::Secret::new(
                    crate::kit::Keeper::Seat(BLUE),
                    vec![energy(4), energy(5)]
                )
            },
            Event::TurnEnded { seat: BLUE },
            Event::TurnStarted {
                seat: RED,
                movement_points: 3,
                stunned: false
            },
        ]
    );
    assert_eq!(w.state().wizard(BLUE).hand.len(), 4);
    given(two_players())
        .when(BLUE, Command::Draw { count: 1 })
        .then_code("wrong_phase");
}

#[test]
fn drawing_never_passes_the_hand_limit_of_seven() {
    let g = given(game_with(2, Side::A, &[CardName::Energy4; 20], 6, BLUE))
        .after(BLUE, &[Command::EndMoveAndCast]);
    g.when(BLUE, Command::Draw { count: 2 })
        .then_error(RuleViolation::HandFull { limit: 7 });
    assert!(g.when(BLUE, Command::Draw { count: 1 }).result.is_ok());
    // Discarding first makes room.
    let g = g.after(
        BLUE,
        &[Command::Discard {
            cards: vec![card(0)],
        }],
    );
    assert!(g.when(BLUE, Command::Draw { count: 2 }).result.is_ok());
}

#[test]
fn the_discard_pile_is_shuffled_into_a_new_deck_when_the_deck_runs_out() {
    let g = given(game_with(2, Side::A, &[CardName::Energy4; 4], 2, BLUE)).after(
        BLUE,
        &[
            Command::Discard {
                cards: vec![card(0)],
            },
            Command::EndMoveAndCast,
        ],
    );
    let w = g.when(BLUE, Command::Draw { count: 1 });
    assert!(matches!(
        w.events()[0],
        Event::DiscardPileShuffled { size: 1, .. }
    ));
    assert_eq!(
        w.events()[1],
        Event::CardsDrawn {
            seat: BLUE,
            count: 1,
            cards: crate::kit::Secret::new(crate::kit::Keeper::Seat(BLUE), vec![energy(0)])
        }
    );
    g.when(BLUE, Command::Draw { count: 2 })
        .then_error(RuleViolation::NotEnoughCards { available: 1 });
}

#[test]
fn a_player_over_the_hand_limit_must_discard_at_once() {
    let g =
        given(game_with(2, Side::A, &[CardName::Energy4; 14], 5, BLUE)).with([Event::HandTaken {
            from: RED,
            to: BLUE,
            count: 5,
            cards: crate::kit::Secret::hidden(),
        }]);
    assert_eq!(g.state.hand_total(BLUE), 10);
    g.when(
        BLUE,
        Command::Move {
            direction: crate::wizwar::labyrinth::Direction::North,
        },
    )
    .then_error(RuleViolation::OverHandLimit { limit: 7 });
    let Some(Command::Discard { cards }) = WizWar::timeout_command(&g.state, BLUE) else {
        panic!("the timeout discards the excess")
    };
    assert_eq!(cards.len(), 3);
    let g = g.after(BLUE, &[Command::Discard { cards }]);
    assert!(g.when(BLUE, Command::EndTurn).result.is_ok());
}

#[test]
fn discards_are_face_up_and_must_name_cards_in_hand() {
    let g = given(two_players());
    g.when(BLUE, Command::Discard { cards: vec![] })
        .then_error(RuleViolation::BadDiscard);
    g.when(
        BLUE,
        Command::Discard {
            cards: vec![card(0), card(0)],
        },
    )
    .then_error(RuleViolation::BadDiscard);
    g.when(
        BLUE,
        Command::Discard {
            cards: vec![card(2)],
        },
    )
    .then_error(RuleViolation::CardNotInHand);
    let w = g.when(
        BLUE,
        Command::Discard {
            cards: vec![card(1)],
        },
    );
    assert_eq!(
        w.events(),
        vec![Event::CardsDiscarded {
            seat: BLUE,
            cards: vec![energy(1)]
        }]
    );
}

#[test]
fn legal_commands_list_what_the_active_seat_may_do_and_nothing_for_others() {
    let g = given(two_players());
    let legal = WizWar::legal_commands(&g.state, BLUE);
    assert!(legal.contains(&Command::Move {
        direction: crate::wizwar::labyrinth::Direction::North
    }));
    assert!(!legal.contains(&Command::Move {
        direction: crate::wizwar::labyrinth::Direction::West
    }));
    assert!(legal.contains(&Command::BoostSpeed { card: card(0) }));
    assert!(legal.contains(&Command::EndTurn));
    assert!(
        !legal.iter().any(|c| matches!(c, Command::Punch { .. })),
        "no attack on the first turn"
    );
    assert!(WizWar::legal_commands(&g.state, RED).is_empty());
    let mut rng = crate::rng::GameRng::from_u64(1);
    for c in legal {
        assert!(
            WizWar::decide(&g.state, BLUE, &c, &mut rng).is_ok(),
            "{c:?}"
        );
    }
}
