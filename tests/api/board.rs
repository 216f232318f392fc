//! The board as a picture and the log in words: each player's picture and
//! sentences show the game as he may see it, now and at any past event.

use reqwest::StatusCode;
use reqwest::header;
use serde_json::{Value, json};
use uuid::Uuid;

use owlpost_domain::firewall::spells::Spell;
use owlpost_domain::wizwar::cards::CardName;

use crate::helpers::{Player, TestApp, bet, own_hand};

/// The picture `player` gets, with its `ETag`; `at` picks a past event.
async fn picture(app: &TestApp, id: Uuid, player: &Player, at: Option<i64>) -> (String, String) {
    let path = match at {
        Some(seq) => format!("/v1/games/{id}/board.svg?at={seq}"),
        None => format!("/v1/games/{id}/board.svg"),
    };
    let response = app.get(&path, Some(&player.token)).await;
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(
        response.headers()[header::CONTENT_TYPE],
        "image/svg+xml",
        "{path}"
    );
    let etag = response.headers()[header::ETAG]
        .to_str()
        .unwrap()
        .to_owned();
    let svg = response.text().await.unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    (svg, etag)
}

/// The opening tags of the picture's elements whose class list holds `class`.
fn elements<'a>(svg: &'a str, class: &str) -> Vec<&'a str> {
    svg.split('<')
        .filter(|tag| {
            tag.split_once("class=\"")
                .and_then(|(_, rest)| rest.split_once('"'))
                .is_some_and(|(classes, _)| classes.split(' ').any(|c| c == class))
        })
        .collect()
}

/// The value of `attribute` in an element's opening tag.
fn attribute<'a>(element: &'a str, attribute: &str) -> Option<&'a str> {
    let marker = format!(" {attribute}=\"");
    let (_, rest) = element.split_once(&marker)?;
    rest.split_once('"').map(|(value, _)| value)
}

/// The one element of `class` whose `key` attribute is `value`.
fn the<'a>(svg: &'a str, class: &str, key: &str, value: &str) -> &'a str {
    let found: Vec<&str> = elements(svg, class)
        .into_iter()
        .filter(|e| attribute(e, key) == Some(value))
        .collect();
    assert_eq!(found.len(), 1, "one .{class}[{key}={value}] in {svg}");
    found[0]
}

fn spell_names(numbers: &[u64]) -> Vec<&'static str> {
    numbers
        .iter()
        .map(|n| Spell::from_number(*n as u32).unwrap().name())
        .collect()
}

#[tokio::test]
async fn a_fire_wall_picture_shows_the_wall_wizards_and_mana_and_no_spell_of_the_other_hand() {
    let app = TestApp::spawn().await;
    let (ann, bob, carl) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("carl").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.game(id, &ann).await["version"].as_i64().unwrap();

    // Ann outbids Bob: the wall goes one flagstone toward Bob.
    assert_eq!(
        app.act(id, &ann, bet(5, &[])).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.act(id, &bob, bet(3, &[])).await.status(),
        StatusCode::OK
    );

    let (now, _) = picture(&app, id, &ann, None).await;
    assert_eq!(elements(&now, "flagstone").len(), 19);
    let wall = the(&now, "fire-wall", "id", "fire-wall");
    assert_eq!(attribute(wall, "data-flagstone"), Some("10"));
    let ann_wizard = the(&now, "wizard", "data-wizard", "seat-0");
    assert_eq!(attribute(ann_wizard, "data-flagstone"), Some("6"));
    assert_eq!(attribute(ann_wizard, "data-mana"), Some("45"));
    let bob_wizard = the(&now, "wizard", "data-wizard", "seat-1");
    assert_eq!(attribute(bob_wizard, "data-flagstone"), Some("12"));
    assert_eq!(attribute(bob_wizard, "data-mana"), Some("47"));
    assert!(now.contains("bob: 47 mana"), "{now}");

    // The past: before the turn the wall stood in the middle, mana full.
    let (past, _) = picture(&app, id, &ann, Some(before)).await;
    assert_eq!(
        attribute(the(&past, "fire-wall", "id", "fire-wall"), "data-flagstone"),
        Some("9")
    );
    assert_eq!(
        attribute(the(&past, "wizard", "data-wizard", "seat-1"), "data-mana"),
        Some("50")
    );

    // Neither Ann nor a stranger is shown a spell of Bob's hand, in the
    // picture or in any sentence about Bob's cards (each wizard holds his
    // own copy of every spell, so Ann's own draws may name the same ones).
    let bob_hand = spell_names(&own_hand(&app.game(id, &bob).await, 1));
    assert!(!bob_hand.is_empty());
    let (strangers, _) = picture(&app, id, &carl, None).await;
    for reader in [&ann, &carl] {
        let svg = if reader.name == ann.name {
            &now
        } else {
            &strangers
        };
        let feed: Vec<Value> = app
            .feed(id, reader)
            .await
            .into_iter()
            .filter(|e| e["body"]["event"]["seat"] == 1)
            .collect();
        assert!(!feed.is_empty());
        for name in &bob_hand {
            assert!(!svg.contains(name), "{} sees {name} in {svg}", reader.name);
            for event in &feed {
                let text = event["text"].as_str().unwrap();
                assert!(
                    !text.contains(name),
                    "{} reads {name} in {text}",
                    reader.name
                );
            }
        }
    }
}

#[tokio::test]
async fn the_feed_tells_each_event_in_words_naming_the_cards_only_to_their_owner() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    // The False Card is in every hand from the start, never drawn.
    let ann_hand: Vec<&str> = spell_names(&own_hand(&app.game(id, &ann).await, 0))
        .into_iter()
        .filter(|name| *name != Spell::FalseCard.name())
        .collect();
    let draw_of = |feed: &[Value], seat: u64| -> String {
        feed.iter()
            .find(|e| {
                e["body"]["event"]["type"] == "cards_drawn" && e["body"]["event"]["seat"] == seat
            })
            .expect("a draw")["text"]
            .as_str()
            .unwrap()
            .to_owned()
    };

    let anns = app.feed(id, &ann).await;
    assert!(anns.iter().all(|e| !e["text"].as_str().unwrap().is_empty()));
    assert_eq!(anns[1]["text"], "ann takes seat 0.");
    let own_draw = draw_of(&anns, 0);
    assert!(own_draw.starts_with("ann draws "), "{own_draw}");
    for name in &ann_hand {
        assert!(own_draw.contains(name), "{own_draw} names {name}");
    }
    let bobs = app.feed(id, &bob).await;
    assert_eq!(
        draw_of(&bobs, 0),
        format!("ann draws {} cards.", ann_hand.len())
    );

    // The events an action appends come back told too.
    let answer: Value = app.act(id, &ann, bet(5, &[])).await.json().await.unwrap();
    let told: Vec<&str> = answer["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["text"].as_str().unwrap())
        .collect();
    assert_eq!(
        told,
        ["ann seals a bet of 5 mana with no spell for turn 1."]
    );
    let bobs = app.feed(id, &bob).await;
    assert_eq!(
        bobs.last().unwrap()["text"],
        "ann hands in a sealed move for turn 1."
    );
}

#[tokio::test]
async fn a_picture_is_cached_per_viewer_answers_304_when_unchanged_and_refuses_a_bad_seq() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let (first, etag) = picture(&app, id, &ann, None).await;
    let (again, same) = picture(&app, id, &ann, None).await;
    assert_eq!(first, again, "the same picture every time");
    assert_eq!(etag, same);
    let (_, bobs) = picture(&app, id, &bob, None).await;
    assert_ne!(etag, bobs, "each viewer's picture has its own tag");

    let unchanged = app
        .client
        .get(app.url(&format!("/v1/games/{id}/board.svg")))
        .bearer_auth(&ann.token)
        .header(header::IF_NONE_MATCH, &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);

    let version = app.game(id, &ann).await["version"].as_i64().unwrap();
    for seq in [0, version + 1] {
        let response = app
            .get(
                &format!("/v1/games/{id}/board.svg?at={seq}"),
                Some(&ann.token),
            )
            .await;
        crate::helpers::assert_problem(response, StatusCode::NOT_FOUND, "not_found").await;
    }
    // Before the start there is no board to draw.
    let response = app
        .get(&format!("/v1/games/{id}/board.svg?at=1"), Some(&ann.token))
        .await;
    crate::helpers::assert_problem(response, StatusCode::CONFLICT, "no_board_yet").await;
    let response = app.get(&format!("/v1/games/{id}/board.svg"), None).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
}

/// The awaited player of a two-player game and his view of it.
fn square_id(square: &Value) -> String {
    format!("r{}c{}", square["row"], square["col"])
}

fn line_id(line: &Value) -> String {
    let kind = if line["orientation"] == "horizontal" {
        "h"
    } else {
        "v"
    };
    format!("{kind}-r{}c{}", line["row"], line["col"])
}

#[tokio::test]
async fn a_wizwar_picture_puts_each_wizard_on_his_square_and_a_crack_on_the_punched_wall() {
    let app = TestApp::spawn().await;
    let (ann, bob, carl) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("carl").await,
    );
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2, "options": { "yield_policy": "never" } }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let start = app.game(id, &ann).await;
    let start_version = start["version"].as_i64().unwrap();

    // Whoever plays walks until a wall or door is beside him, then punches it.
    let mut punched = None;
    for _ in 0..200 {
        let (player, game) = app.awaited(id, [&ann, &bob]).await;
        let legal = game["legal_commands"].as_array().unwrap();
        let command = legal
            .iter()
            .find(|c| c["type"] == "punch" && c["target"]["kind"] == "line")
            .or_else(|| legal.iter().find(|c| c["type"] == "move"))
            .or_else(|| legal.iter().find(|c| c["type"] == "end_turn"))
            .or_else(|| legal.first())
            .expect("something to do")
            .clone();
        let response = app.act(id, player, json!({ "command": command })).await;
        assert_eq!(response.status(), StatusCode::OK, "{command}");
        if command["type"] == "punch" {
            punched = Some(command["target"]["line"].clone());
            break;
        }
    }
    let line = punched.expect("someone found a wall to punch in 200 commands");

    let game = app.game(id, &ann).await;
    let (svg, _) = picture(&app, id, &ann, None).await;
    // A fist deals 1 damage, a third of a crack (p.13): the wall stands,
    // drawn where it is with the cracks the view gives it, and the picture
    // cracks exactly the walls the view says are cracked.
    let barriers = game["view"]["board"]["barriers"].as_array().unwrap();
    let punched_wall = barriers
        .iter()
        .find(|b| b["line"] == line)
        .expect("one punch does not bring a wall down");
    let kind = match punched_wall["barrier"]["kind"].as_str().unwrap() {
        "stone_wall" => "wall",
        other => other,
    };
    let drawn = the(&svg, kind, "data-line", &line_id(&line));
    assert_eq!(
        attribute(drawn, "data-cracks"),
        Some(punched_wall["barrier"]["cracks"].to_string().as_str())
    );
    let mut cracked: Vec<String> = barriers
        .iter()
        .filter(|b| b["barrier"]["cracks"].as_u64().unwrap_or(0) > 0)
        .map(|b| line_id(&b["line"]))
        .collect();
    let mut drawn_cracks: Vec<String> = elements(&svg, "crack")
        .iter()
        .map(|c| attribute(c, "data-line").unwrap().to_owned())
        .collect();
    cracked.sort();
    drawn_cracks.sort();
    assert_eq!(drawn_cracks, cracked);
    let feed = app.feed(id, &carl).await;
    let punch = feed
        .iter()
        .rfind(|e| e["body"]["event"]["type"] == "punched")
        .expect("the punch is in the log");
    assert!(
        punch["text"]
            .as_str()
            .unwrap()
            .contains(" punches the barrier on the "),
        "{punch}"
    );

    for wizard in game["view"]["wizards"].as_array().unwrap() {
        let seat = wizard["seat"].as_u64().unwrap();
        let figure = the(&svg, "wizard", "data-wizard", &format!("seat-{seat}"));
        assert_eq!(
            attribute(figure, "data-square"),
            Some(square_id(&wizard["square"]).as_str())
        );
        assert_eq!(
            attribute(figure, "data-life"),
            Some(wizard["life"].to_string().as_str())
        );
    }
    assert_eq!(
        elements(&svg, "square").len(),
        50,
        "two sectors of 25 squares"
    );

    // At the start the wizards stood where they were placed, nothing cracked.
    let (past, _) = picture(&app, id, &ann, Some(start_version)).await;
    assert!(elements(&past, "crack").is_empty());
    for wizard in start["view"]["wizards"].as_array().unwrap() {
        let seat = wizard["seat"].as_u64().unwrap();
        let figure = the(&past, "wizard", "data-wizard", &format!("seat-{seat}"));
        assert_eq!(
            attribute(figure, "data-square"),
            Some(square_id(&wizard["square"]).as_str())
        );
    }

    // No card of Bob's hand shows in Ann's or a stranger's picture.
    let bobs = app.game(id, &bob).await;
    let bob_seat = bobs["your_seat"].as_u64().unwrap() as usize;
    let hand = bobs["view"]["wizards"][bob_seat]["hand"]
        .as_array()
        .unwrap();
    assert!(!hand.is_empty());
    let (strangers, _) = picture(&app, id, &carl, None).await;
    for card in hand {
        let name: CardName = serde_json::from_value(card["name"].clone()).unwrap();
        for seen in [&svg, &strangers] {
            assert!(!seen.contains(name.title()), "{} shows", name.title());
            assert!(!seen.contains(card["name"].as_str().unwrap()));
        }
    }
}
