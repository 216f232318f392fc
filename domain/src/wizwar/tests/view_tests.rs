//! Views and redaction: hidden hands, hidden deck order.

use super::given::*;
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Viewer};
use crate::wizwar::{Event, Options, WizWar};

#[test]
fn each_player_sees_his_own_hand_and_only_the_size_of_the_others() {
    let g = given(two_players());
    let view = WizWar::view(&g.state, Viewer::Player(BLUE));
    assert_eq!(view.wizards[0].hand.revealed().unwrap().len(), 2);
    assert!(view.wizards[1].hand.is_hidden());
    assert_eq!(view.wizards[1].hand_size, 2);
    assert!(view.deck.is_hidden());
    let spectator = WizWar::view(&g.state, Viewer::Spectator);
    assert!(spectator.wizards.iter().all(|w| w.hand.is_hidden()));
    let referee = WizWar::view(&g.state, Viewer::Referee);
    assert_eq!(referee.deck.revealed().unwrap().len(), g.state.deck.len());
}

#[test]
fn drawn_cards_are_shown_to_their_owner_and_the_deck_order_to_nobody_but_the_referee() {
    let events = WizWar::setup(&Options::default(), 2, &mut GameRng::from_u64(4)).unwrap();
    for e in &events {
        match e {
            Event::DeckBuilt { .. } => {
                assert!(matches!(
                    WizWar::redact(e, Viewer::Player(BLUE)),
                    Some(Event::DeckBuilt { cards, .. }) if cards.is_hidden()
                ));
                assert!(matches!(
                    WizWar::redact(e, Viewer::Referee),
                    Some(Event::DeckBuilt { cards, .. }) if !cards.is_hidden()
                ));
            }
            Event::CardsDrawn { seat, .. } => {
                let other = if *seat == BLUE { RED } else { BLUE };
                assert!(matches!(
                    WizWar::redact(e, Viewer::Player(*seat)),
                    Some(Event::CardsDrawn { cards, .. }) if !cards.is_hidden()
                ));
                assert!(matches!(
                    WizWar::redact(e, Viewer::Player(other)),
                    Some(Event::CardsDrawn { cards, .. }) if cards.is_hidden()
                ));
                assert!(matches!(
                    WizWar::redact(e, Viewer::Spectator),
                    Some(Event::CardsDrawn { cards, .. }) if cards.is_hidden()
                ));
            }
            other => assert_eq!(
                WizWar::redact(other, Viewer::Spectator).as_ref(),
                Some(other)
            ),
        }
    }
}

#[test]
fn the_view_and_commands_serialize_with_snake_case_tags() {
    let g = given(two_players());
    let json = serde_json::to_value(WizWar::view(&g.state, Viewer::Player(BLUE))).unwrap();
    assert_eq!(json["board"]["rows"], 5);
    let command: crate::wizwar::Command =
        serde_json::from_str(r#"{"type":"move","direction":"north"}"#).unwrap();
    assert_eq!(
        command,
        crate::wizwar::Command::Move {
            direction: crate::wizwar::labyrinth::Direction::North
        }
    );
    let c: crate::wizwar::Command =
        serde_json::from_str(r#"{"type":"pick_up","thing":{"kind":"treasure","treasure":1}}"#)
            .unwrap();
    assert!(matches!(c, crate::wizwar::Command::PickUp { .. }));
    let e = serde_json::to_value(Event::DieRolled { value: 3 }).unwrap();
    assert_eq!(e, serde_json::json!({"type": "die_rolled", "value": 3}));
}

#[test]
fn the_ruleset_is_reachable_through_the_registry() {
    let r = crate::registry::find("wizwar").unwrap();
    assert_eq!(r.info().max_seats, 4);
    let options = r
        .normalize_options(&serde_json::json!({"side": "b"}))
        .unwrap();
    assert_eq!(options["side"], "b");
    let events = r.setup(&options, 3, &mut GameRng::from_u64(2)).unwrap();
    let mut game = r.new_game();
    for e in &events {
        game.apply(e).unwrap();
    }
    let seat = game.awaiting()[0].seat;
    assert!(!game.legal_commands(seat).is_empty());
    let refusal = game.decide(
        crate::ruleset::Seat(9),
        &serde_json::json!({"type": "end_turn"}),
        &mut GameRng::from_u64(1),
    );
    assert!(matches!(
        refusal,
        Err(crate::registry::Refusal::Rule {
            code: "not_a_player",
            ..
        })
    ));
}
