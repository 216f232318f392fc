//! A whole Fire Wall duel over HTTP, and what a third party may see of it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use owlpost_api::store::chain;

use crate::games::sha256_hex_of_hex;
use crate::helpers::{TestApp, assert_problem, bet, first_revealed_bets, own_hand};

#[tokio::test]
async fn two_players_play_a_whole_duel_to_its_end_over_http() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;

    let game = app.game(id, &bob).await;
    assert_eq!(
        game["outcome"]["winners"],
        json!([0]),
        "Ann pushed Bob into the lava: {game}"
    );
    assert_eq!(game["view"]["over"], true);
    assert!(game["awaiting"].as_array().unwrap().is_empty());
    assert!(game["legal_commands"].as_array().unwrap().is_empty());

    // The seed is revealed and matches the commitment published at creation.
    let seed = game["seed"]
        .as_str()
        .expect("the seed is revealed at the end");
    assert_eq!(
        sha256_hex_of_hex(seed),
        game["seed_sha256"].as_str().unwrap()
    );

    // A finished game's record is public to its players, deck orders included,
    // and its hash chain links every event to the one before.
    let feed = app.feed(id, &bob).await;
    assert_eq!(feed.len() as i64, game["version"].as_i64().unwrap());
    let shuffles: Vec<&Value> = feed
        .iter()
        .filter(|e| e["body"]["event"]["type"] == "deck_shuffled")
        .collect();
    assert!(
        shuffles
            .iter()
            .all(|e| e["body"]["event"]["order"].is_array())
    );
    let mut previous = chain::GENESIS;
    for event in &feed {
        let (kind, payload) = match event["body"]["origin"].as_str().unwrap() {
            "platform" => ("platform", event["body"]["event"].clone()),
            _ => ("rules", event["body"]["event"].clone()),
        };
        let hash = chain::link(&previous, event["seq"].as_i64().unwrap(), kind, &payload);
        assert_eq!(
            hex::encode(hash),
            event["hash"],
            "event {} breaks the chain",
            event["seq"]
        );
        previous = hash;
    }
    assert_eq!(feed.last().unwrap()["body"]["event"]["type"], "game_ended");

    // Nothing more can be played.
    let late = app.act(id, &ann, bet(1, &[])).await;
    assert_eq!(late.status(), StatusCode::CONFLICT);
}

#[tokio::test]
async fn nobody_else_sees_a_hand_or_a_sealed_bet_before_the_reveal() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;

    let ann_view = app.game(id, &ann).await;
    let hand = own_hand(&ann_view, 0);
    assert_eq!(hand.len(), 6, "five cards and the False Card");
    let card = *hand.iter().find(|c| **c != 0).unwrap();
    let response = app.act(id, &ann, bet(37, &[card as u32, 0])).await;
    assert_eq!(response.status(), StatusCode::OK);

    for outsider in [&bob, &eve] {
        let game = app.game(id, outsider).await;
        let ann_seat = &game["view"]["players"][0];
        assert!(
            ann_seat["hand"].is_null(),
            "{} sees Ann's hand",
            outsider.name
        );
        assert_eq!(ann_seat["hand_count"], 6);
        assert_eq!(ann_seat["submitted"], true, "that Ann submitted is public");
        assert!(ann_seat["sealed_bet"].is_null() && ann_seat["sealed_cards"].is_null());
        assert!(
            !game["view"].to_string().contains("37"),
            "the bet leaks into {}'s view",
            outsider.name
        );

        for event in app.feed(id, outsider).await {
            let body = &event["body"]["event"];
            match body["type"].as_str() {
                Some("cards_drawn") if body["seat"] == 0 || outsider.name == "eve" => {
                    assert!(
                        body["cards"].is_null(),
                        "{} sees drawn cards: {body}",
                        outsider.name
                    )
                }
                Some("move_submitted") => assert!(
                    body["sealed"].is_null(),
                    "{} sees a sealed move",
                    outsider.name
                ),
                Some("deck_shuffled") => assert!(
                    body["order"].is_null(),
                    "{} sees a deck order",
                    outsider.name
                ),
                _ => {}
            }
        }
    }
    // Ann herself sees her sealed move.
    let own = app.game(id, &ann).await;
    assert_eq!(own["view"]["players"][0]["sealed_bet"], 37);

    // Once both have submitted, the reveal shows both moves to everyone.
    assert_eq!(
        app.act(id, &bob, bet(5, &[])).await.status(),
        StatusCode::OK
    );
    let feed = app.feed(id, &eve).await;
    let bets = first_revealed_bets(&feed);
    assert_eq!(bets, [37, 5]);
}

#[tokio::test]
async fn a_sealed_move_is_told_as_one_choice_and_every_move_is_listed_only_on_request() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let compact: Value = app
        .get(&format!("/v1/games/{id}"), Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    let hand = own_hand(&compact, 0);
    let mana = compact["view"]["players"][0]["mana"].clone();
    assert_eq!(
        compact["legal_command_choices"],
        json!([{
            "type": "submit_move",
            "min_bet": 1,
            "max_bet": mana,
            "cards": hand,
            "clone_targets": [],
        }])
    );
    assert_eq!(compact["legal_commands"], json!([]));
    assert!(compact.get("legal_commands_complete").is_none());

    let full = app.game(id, &ann).await;
    let listed = full["legal_commands"].as_array().unwrap();
    // Every bet with every set of the distinct cards in hand (no Clone target yet).
    assert_eq!(full["legal_commands_complete"], true);
    assert_eq!(listed.len() as u64, mana.as_u64().unwrap() << hand.len());
    assert_eq!(
        full["legal_command_choices"],
        compact["legal_command_choices"]
    );
    assert!(
        full.to_string().len() > 4 * compact.to_string().len(),
        "the compact game is a fraction of the full one"
    );

    // A listed move of two cards at a middle bet is played. Neither Clone (2) nor Larceny
    // (3) nor Recycle (6): those ask Ann to choose after the reveal, and Bob would not be
    // awaited for his next move.
    let mut two_cards: Vec<u64> = hand
        .iter()
        .copied()
        .filter(|c| ![2, 3, 6].contains(c))
        .take(2)
        .collect();
    two_cards.sort_unstable();
    let two_cards = json!({ "type": "submit_move", "bet": 3, "cards": two_cards });
    assert!(listed.contains(&two_cards), "{two_cards} is listed");
    let answer = app
        .post(
            &format!("/v1/games/{id}/actions?include=game"),
            Some(&ann.token),
            &json!({ "command": two_cards }),
        )
        .await;
    assert_eq!(answer.status(), StatusCode::OK);
    let answer: Value = answer.json().await.unwrap();
    assert_eq!(answer["game"]["legal_commands"], json!([]), "Ann has moved");

    // Bob's answer lists his moves only when asked to.
    let answer: Value = app
        .post(
            &format!("/v1/games/{id}/actions?include=game&legal=full"),
            Some(&bob.token),
            &json!({ "command": { "type": "submit_move", "bet": 1 } }),
        )
        .await
        .json()
        .await
        .unwrap();
    // How many depends on the mana the reveal left him (the seed is the
    // game's own): any listed command shows the full listing was given.
    assert!(
        !answer["game"]["legal_commands"]
            .as_array()
            .unwrap()
            .is_empty(),
        "Bob's next sealed moves are listed: {}",
        answer["game"]
    );
}

#[tokio::test]
async fn an_unknown_listing_of_legal_commands_is_refused() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let events = app.event_count(id).await;
    for path in [
        format!("/v1/games/{id}?legal=everything"),
        format!("/v1/games/{id}/at/1?legal=all"),
    ] {
        let refused = app.get(&path, Some(&ann.token)).await;
        assert_problem(refused, StatusCode::BAD_REQUEST, "invalid_request").await;
    }
    let refused = app
        .post(
            &format!("/v1/games/{id}/actions?include=game&legal=most"),
            Some(&ann.token),
            &json!({ "command": { "type": "submit_move", "bet": 1 } }),
        )
        .await;
    assert_problem(refused, StatusCode::BAD_REQUEST, "invalid_request").await;
    assert_eq!(app.event_count(id).await, events, "nothing was appended");
    assert!(
        app.game(id, &ann).await["legal_command_choices"]
            .as_array()
            .is_some_and(|choices| !choices.is_empty()),
        "Ann still has her move to make"
    );
}
