//! A whole Fire Wall duel over HTTP, and what a third party may see of it.

use reqwest::StatusCode;
use serde_json::{Value, json};

use owlpost_api::store::chain;

use crate::games::sha256_hex_of_hex;
use crate::helpers::{TestApp, bet, first_revealed_bets, own_hand};

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
