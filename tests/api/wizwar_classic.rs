//! Wiz War, classic edition, over HTTP: whole games of two, three and four
//! players played to a winner by the listed commands alone (one won by
//! treasures, one by elimination), and a trade of cards between two players
//! that the third never sees.
//!
//! The players here are simple bots reading their own game (`GET`) and
//! choosing among its `legal_commands`: a **hunter** fetches enemy
//! treasures and brings them home, a **fighter** walks to the nearest enemy
//! wizard and attacks him with whatever is listed, a **sitter** stays home
//! and ends his turns. Any other command listed (a setup step, a choice, a
//! discard) is played as listed first, so the loop does not depend on how a
//! game begins. The dice are the server's; the bots find their way with a
//! learning real-time search (each square's estimate of its distance to the
//! goal is raised whenever every listed step from it looks worse), so walls
//! and closed doors the bots know nothing about only slow them down.

use std::collections::HashMap;

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp};

/// Commands one game may take before the bots are judged stuck.
const COMMAND_LIMIT: usize = 4000;

#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Bot {
    Hunter,
    Fighter,
    Sitter,
}

/// A `{row, col}` square.
type Square = (i64, i64);

fn square(v: &Value) -> Option<Square> {
    Some((v["row"].as_i64()?, v["col"].as_i64()?))
}

/// One bot's memory: the learnt distance estimates, per goal, and where
/// each step taken led (wrap-around, portals and warps lead elsewhere than
/// next door).
#[derive(Default)]
struct Memory {
    estimates: HashMap<(Square, Square), i64>,
    steps: HashMap<(Square, String), Square>,
    /// The last step asked for, learnt from where the wizard then stands.
    last_step: Option<(Square, String)>,
    /// The goal chosen, kept while it is one (switching goals would undo
    /// the learning).
    goal: Option<Square>,
}

impl Memory {
    fn estimate(&self, from: Square, goal: Square, rows: i64, cols: i64) -> i64 {
        if let Some(e) = self.estimates.get(&(from, goal)) {
            return *e;
        }
        // Open edges wrap: the shorter way round, either way.
        let d = |a: i64, b: i64, n: i64| {
            let d = (a - b).abs();
            d.min(n - d)
        };
        d(from.0, goal.0, rows) + d(from.1, goal.1, cols)
    }
}

fn step(memory: &Memory, from: Square, direction: &str, rows: i64, cols: i64) -> Square {
    if let Some(to) = memory.steps.get(&(from, direction.to_owned())) {
        return *to;
    }
    let (r, c) = from;
    match direction {
        "north" => ((r - 1).rem_euclid(rows), c),
        "south" => ((r + 1).rem_euclid(rows), c),
        "east" => (r, (c + 1).rem_euclid(cols)),
        _ => (r, (c - 1).rem_euclid(cols)),
    }
}

/// The listed move that leads toward the nearest of `goals` (learning as it
/// goes), if any move is listed.
fn toward(game: &Value, memory: &mut Memory, here: Square, goals: &[Square]) -> Option<Value> {
    let legal = game["legal_commands"].as_array()?;
    let board = &game["view"]["board"];
    let rows = board["rows"].as_i64()?;
    let cols = board["cols"].as_i64()?;
    let goal = match memory.goal.filter(|g| goals.contains(g)) {
        Some(goal) => goal,
        None => *goals
            .iter()
            .min_by_key(|g| memory.estimate(here, **g, rows, cols))?,
    };
    memory.goal = Some(goal);
    let moves: Vec<&Value> = legal.iter().filter(|c| c["type"] == "move").collect();
    let best = moves.iter().min_by_key(|c| {
        let to = step(
            memory,
            here,
            c["direction"].as_str().unwrap_or(""),
            rows,
            cols,
        );
        memory.estimate(to, goal, rows, cols)
    })?;
    let direction = best["direction"].as_str().unwrap_or("").to_owned();
    let to = step(memory, here, &direction, rows, cols);
    memory.last_step = Some((here, direction));
    let through = 1 + memory.estimate(to, goal, rows, cols);
    let now = memory.estimate(here, goal, rows, cols);
    memory.estimates.insert((here, goal), now.max(through));
    Some((*best).clone())
}

fn of_type(game: &Value, t: &str) -> Option<Value> {
    game["legal_commands"]
        .as_array()?
        .iter()
        .find(|c| c["type"] == t)
        .cloned()
}

/// Ends the turn: the most cards drawn, else the end of the phase, else the
/// end of the turn, else whatever is listed first (a discard over the
/// limit, a setup step).
fn winding_down(game: &Value) -> Value {
    let legal = game["legal_commands"].as_array().unwrap();
    legal
        .iter()
        .filter(|c| c["type"] == "draw")
        .max_by_key(|c| c["count"].as_u64())
        .cloned()
        .or_else(|| of_type(game, "end_move_and_cast"))
        .or_else(|| of_type(game, "end_turn"))
        .or_else(|| legal.first().cloned())
        .expect("an awaited player has something to do")
}

/// Whether `game`'s viewer is asked to answer or to choose, or has a
/// command listed that is not part of a turn (setup), or must discard.
fn out_of_the_turn(game: &Value) -> Option<Value> {
    let legal = game["legal_commands"].as_array().unwrap();
    let reason = &game["awaiting"][0]["reason"];
    if reason == "response" || reason == "choice" {
        return of_type(game, "pass").or_else(|| legal.first().cloned());
    }
    let turn_types = [
        "move",
        "boost_speed",
        "punch",
        "pick_up",
        "drop",
        "hold_door",
        "release_door",
        "end_move_and_cast",
        "discard",
        "draw",
        "end_turn",
        "cast",
        "use",
        "use_discarding",
        "end_spell",
        "move_creature",
        "look_through",
        "offer_deal",
        "accept_deal",
        "decline_deal",
    ];
    let in_turn = legal
        .iter()
        .any(|c| turn_types.contains(&c["type"].as_str().unwrap_or("")));
    if !in_turn {
        return legal.first().cloned();
    }
    let discard_only = legal.iter().all(|c| c["type"] == "discard");
    if discard_only {
        return legal.first().cloned();
    }
    None
}

fn me(game: &Value) -> &Value {
    let seat = &game["your_seat"];
    game["view"]["wizards"]
        .as_array()
        .unwrap()
        .iter()
        .find(|w| &w["seat"] == seat)
        .unwrap()
}

fn home_base(game: &Value, seat: &Value) -> Option<Square> {
    game["view"]["board"]["home_bases"]
        .as_array()?
        .iter()
        .find(|h| &h["owner"] == seat)
        .and_then(|h| square(&h["square"]))
}

/// A speed boost, when one is listed and there is walking to do.
fn faster(game: &Value) -> Option<Value> {
    of_type(game, "move")?;
    of_type(game, "boost_speed")
}

fn hunter(game: &Value, memory: &mut Memory) -> Value {
    let seat = &game["your_seat"];
    let wizard = me(game);
    let here = square(&wizard["square"]).unwrap();
    let home = home_base(game, seat).unwrap();
    if let Some(carried) = wizard["treasure"].as_u64() {
        if here == home
            && let Some(drop) = game["legal_commands"]
                .as_array()
                .unwrap()
                .iter()
                .find(|c| c["type"] == "drop" && c["thing"]["treasure"] == carried)
        {
            return drop.clone();
        }
        return faster(game).unwrap_or_else(|| {
            toward(game, memory, here, &[home]).unwrap_or_else(|| winding_down(game))
        });
    }
    // Enemy treasures lying anywhere but in my base.
    let wanted: Vec<(u64, Square)> = game["view"]["treasures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| &t["owner"] != seat && t["location"]["kind"] == "lying")
        .filter_map(|t| Some((t["id"].as_u64()?, square(&t["location"]["square"])?)))
        .filter(|(_, s)| *s != home)
        .collect();
    if let Some((id, _)) = wanted.iter().find(|(_, s)| *s == here)
        && let Some(pick) = game["legal_commands"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["type"] == "pick_up" && c["thing"]["treasure"] == *id)
    {
        return pick.clone();
    }
    let goals: Vec<Square> = wanted.iter().map(|(_, s)| *s).collect();
    faster(game)
        .unwrap_or_else(|| toward(game, memory, here, &goals).unwrap_or_else(|| winding_down(game)))
}

fn fighter(game: &Value, memory: &mut Memory) -> Value {
    let seat = &game["your_seat"];
    let legal = game["legal_commands"].as_array().unwrap();
    let enemies: Vec<&Value> = game["view"]["wizards"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|w| &w["seat"] != seat && w["alive"] == true)
        .collect();
    let at_enemy = |c: &&Value| {
        ["cast", "use", "use_discarding", "punch"].contains(&c["type"].as_str().unwrap_or(""))
            && c["target"]["kind"] == "wizard"
            && enemies.iter().any(|e| e["seat"] == c["target"]["seat"])
    };
    // Spells and thrown things before fists.
    if let Some(attack) = legal
        .iter()
        .filter(at_enemy)
        .find(|c| c["type"] != "punch")
        .or_else(|| legal.iter().find(at_enemy))
    {
        return attack.clone();
    }
    let here = square(&me(game)["square"]).unwrap();
    let goals: Vec<Square> = enemies
        .iter()
        .filter_map(|e| square(&e["square"]))
        .collect();
    if goals.contains(&here) {
        // Beside him already: wait here for the next turn's attack.
        return winding_down(game);
    }
    toward(game, memory, here, &goals).unwrap_or_else(|| winding_down(game))
}

fn choose(bot: Bot, game: &Value, memory: &mut Memory) -> Value {
    if let Some((from, direction)) = memory.last_step.take()
        && let Some(here) = square(&me(game)["square"])
    {
        memory.steps.insert((from, direction), here);
    }
    if let Some(command) = out_of_the_turn(game) {
        return command;
    }
    match bot {
        Bot::Hunter => hunter(game, memory),
        Bot::Fighter => fighter(game, memory),
        // Sitting at home: the turn ends at once.
        Bot::Sitter => of_type(game, "end_turn").unwrap_or_else(|| winding_down(game)),
    }
}

/// A classic game for `players` (the first creates it), started.
async fn started(app: &TestApp, players: &[&Player]) -> Uuid {
    let created = app
        .post(
            "/v1/games",
            Some(&players[0].token),
            &json!({ "ruleset": "wizwar-classic", "seats": players.len() }),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let game: Value = created.json().await.unwrap();
    let id: Uuid = game["id"].as_str().unwrap().parse().unwrap();
    for player in &players[1..] {
        assert_eq!(
            app.join(&id, player, json!({})).await.status(),
            StatusCode::OK
        );
    }
    let started = app
        .post(
            &format!("/v1/games/{id}/start"),
            Some(&players[0].token),
            &json!({}),
        )
        .await;
    assert_eq!(started.status(), StatusCode::OK);
    id
}

/// Plays game `id` with each player's bot until it is finished; returns the
/// finished game as the first player sees it.
async fn play_to_a_winner(app: &TestApp, id: Uuid, players: &[(&Player, Bot)]) -> Value {
    let mut memories: Vec<Memory> = players.iter().map(|_| Memory::default()).collect();
    let mut seats = vec![];
    for (player, _) in players {
        seats.push(seat_of(app, id, player).await);
    }
    // Who is awaited, from the first player's game, then from each action's
    // answer, which also holds the actor's game as it now is.
    let first = app.game(id, players[0].0).await;
    let mut awaiting = first["awaiting"].clone();
    let mut actor_game: Option<(u64, Value)> = None;
    for _ in 0..COMMAND_LIMIT {
        let awaited: Vec<u64> = awaiting
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|a| a["seat"].as_u64())
            .collect();
        assert!(!awaited.is_empty(), "a running game awaits someone");
        let seat = awaited[0];
        let i = seats.iter().position(|s| *s == seat).unwrap();
        let (player, bot) = players[i];
        let game = match actor_game.take() {
            Some((s, game)) if s == seat => game,
            _ => app.game(id, player).await,
        };
        assert_eq!(game["awaiting_you"], true);
        let command = choose(bot, &game, &mut memories[i]);
        let response = app
            .post(
                &format!("/v1/games/{id}/actions?include=game"),
                Some(&player.token),
                &json!({ "command": command }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK, "{command}");
        let result: Value = response.json().await.unwrap();
        if result["next"]["status"] == "finished" {
            return app.game(id, players[0].0).await;
        }
        awaiting = result["next"]["awaiting"].clone();
        actor_game = Some((seat, result["game"].clone()));
    }
    panic!("no winner in {COMMAND_LIMIT} commands");
}

fn winner_seat(game: &Value) -> u64 {
    game["view"]["winner"].as_u64().expect("a winner")
}

pub async fn seat_of(app: &TestApp, id: Uuid, player: &Player) -> u64 {
    app.game(id, player).await["your_seat"].as_u64().unwrap()
}

#[tokio::test]
async fn a_two_player_game_is_won_by_elimination_by_listed_commands_alone() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = started(&app, &[&ann, &bob]).await;
    let game = play_to_a_winner(&app, id, &[(&ann, Bot::Fighter), (&bob, Bot::Sitter)]).await;
    assert_eq!(winner_seat(&game), seat_of(&app, id, &ann).await);
    assert_eq!(game["view"]["win_reason"], "last_wizard_standing");
    let bob_seat = seat_of(&app, id, &bob).await;
    assert_eq!(game["view"]["wizards"][bob_seat as usize]["alive"], false);
    assert!(!game["outcome"]["summary"].as_str().unwrap().is_empty());
}

#[tokio::test]
async fn a_three_player_game_is_won_by_two_enemy_treasures_brought_home() {
    let app = TestApp::spawn().await;
    let (ann, bob, cyd) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cyd").await,
    );
    let id = started(&app, &[&ann, &bob, &cyd]).await;
    let game = play_to_a_winner(
        &app,
        id,
        &[
            (&ann, Bot::Hunter),
            (&bob, Bot::Sitter),
            (&cyd, Bot::Sitter),
        ],
    )
    .await;
    let ann_seat = seat_of(&app, id, &ann).await;
    assert_eq!(winner_seat(&game), ann_seat);
    assert_eq!(game["view"]["win_reason"], "enemy_treasures");
    let home = home_base(&game, &json!(ann_seat)).unwrap();
    let home_treasures = game["view"]["treasures"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["owner"] != ann_seat && square(&t["location"]["square"]) == Some(home))
        .count();
    assert_eq!(home_treasures, 2);
}

#[tokio::test]
async fn a_four_player_game_is_won_by_treasures_brought_home_one_at_a_time() {
    let app = TestApp::spawn().await;
    let players = [
        app.register("ann").await,
        app.register("bob").await,
        app.register("cyd").await,
        app.register("dee").await,
    ];
    let id = started(&app, &players.iter().collect::<Vec<_>>()).await;
    let game = play_to_a_winner(
        &app,
        id,
        &[
            (&players[0], Bot::Hunter),
            (&players[1], Bot::Sitter),
            (&players[2], Bot::Sitter),
            (&players[3], Bot::Sitter),
        ],
    )
    .await;
    assert_eq!(winner_seat(&game), seat_of(&app, id, &players[0]).await);
    assert_eq!(game["view"]["win_reason"], "enemy_treasures");
    // One at a time: the feed never shows him lifting a second treasure
    // while carrying one.
    let feed = app.feed(id, &players[1]).await;
    let mut carrying = false;
    let ann_seat = seat_of(&app, id, &players[0]).await;
    for e in &feed {
        let event = &e["body"]["event"];
        if event["seat"] != ann_seat {
            continue;
        }
        match event["type"].as_str() {
            Some("treasure_picked_up") => {
                assert!(!carrying, "a second treasure lifted while carrying one");
                carrying = true;
            }
            Some("treasure_dropped") => carrying = false,
            _ => {}
        }
    }
}

/// Cards of `seat`'s hand in `game` (the viewer's own view shows them).
fn hand(game: &Value) -> Vec<Value> {
    me(game)["hand"].as_array().cloned().unwrap_or_default()
}

#[tokio::test]
async fn a_trade_between_two_players_stays_hidden_from_the_third() {
    let app = TestApp::spawn().await;
    let (ann, bob, cyd) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cyd").await,
    );
    let players = [&ann, &bob, &cyd];
    let id = started(&app, &players).await;
    // Play on (everyone sitting) until the player on turn may offer a deal
    // to another (wizards in sight of each other): the sitters' turns pass
    // until the bot on turn walks to the nearest wizard.
    let mut memories: Vec<Memory> = players.iter().map(|_| Memory::default()).collect();
    let (offerer, offer) = 'found: {
        for _ in 0..COMMAND_LIMIT {
            for (i, player) in players.iter().enumerate() {
                let game = app.game(id, player).await;
                if game["awaiting_you"] != true {
                    continue;
                }
                if let Some(offer) = of_type(&game, "offer_deal") {
                    break 'found (i, offer);
                }
                let command = choose(Bot::Fighter, &game, &mut memories[i]);
                let command = if ["cast", "use", "use_discarding", "punch"]
                    .contains(&command["type"].as_str().unwrap())
                {
                    winding_down(&game)
                } else {
                    command
                };
                let response = app.act(id, player, json!({ "command": command })).await;
                assert_eq!(response.status(), StatusCode::OK, "{command}");
            }
        }
        panic!("no two wizards came in sight of each other");
    };
    let from = players[offerer];
    let to_seat = offer["to"].as_u64().unwrap();
    let mut to = None;
    let mut third = None;
    for p in players {
        let seat = seat_of(&app, id, p).await;
        if seat == to_seat {
            to = Some(p);
        } else if p.id != from.id {
            third = Some(p);
        }
    }
    let (to, third) = (to.unwrap(), third.unwrap());
    // The offerer gives his first card and asks for the receiver's first.
    let from_hand = hand(&app.game(id, from).await);
    let to_hand = hand(&app.game(id, to).await);
    let given = from_hand[0].clone();
    let asked = to_hand[0].clone();
    let offer = json!({
        "type": "offer_deal",
        "to": to_seat,
        "give": [given["id"]],
        "ask": [asked["name"]],
    });
    let response = app.act(id, from, json!({ "command": offer })).await;
    assert_eq!(response.status(), StatusCode::OK);
    // The receiver sees the offer, its cards and may accept it.
    let game = app.game(id, to).await;
    assert_eq!(game["view"]["deal"]["give"][0], given);
    assert!(
        game["legal_commands"]
            .as_array()
            .unwrap()
            .contains(&json!({ "type": "accept_deal" }))
    );
    let response = app
        .act(id, to, json!({ "command": { "type": "accept_deal" } }))
        .await;
    assert_eq!(response.status(), StatusCode::OK);

    // The traders see what they got.
    let from_hand_after = hand(&app.game(id, from).await);
    let to_hand_after = hand(&app.game(id, to).await);
    assert!(from_hand_after.iter().any(|c| c["id"] == asked["id"]));
    assert!(!from_hand_after.iter().any(|c| c["id"] == given["id"]));
    assert!(to_hand_after.contains(&given));
    let accepted = app
        .feed(id, to)
        .await
        .into_iter()
        .find(|e| e["body"]["event"]["type"] == "deal_accepted")
        .expect("the deal is in the feed");
    assert_eq!(accepted["body"]["event"]["given"][0], given);

    // The third player's view and feed show neither hand nor the cards.
    let seen = app.game(id, third).await;
    for seat in [seat_of(&app, id, from).await, to_seat] {
        assert!(seen["view"]["wizards"][seat as usize]["hand"].is_null());
    }
    let text = seen.to_string();
    for card in [&given, &asked] {
        assert!(!text.contains(&card.to_string()), "{card} in {text}");
    }
    let feed = app.feed(id, third).await;
    let deals: Vec<&Value> = feed
        .iter()
        .filter(|e| {
            e["body"]["event"]["type"]
                .as_str()
                .is_some_and(|t| t.starts_with("deal_"))
        })
        .collect();
    assert_eq!(deals.len(), 2, "offered and accepted");
    for e in &deals {
        let event = &e["body"]["event"];
        for field in ["give", "ask", "given", "received"] {
            assert!(event[field].is_null(), "{e}");
        }
    }
    // (A card may have been seen before, discarded and drawn again from a
    // reshuffled deck: from the offer on, the feed names neither card.)
    let offered_at = deals[0]["seq"].as_i64().unwrap();
    for card in [&given, &asked] {
        let shown = feed
            .iter()
            .filter(|e| e["seq"].as_i64().unwrap() >= offered_at)
            .find(|e| e.to_string().contains(&card.to_string()));
        assert!(shown.is_none(), "{card} in the feed: {shown:?}");
    }
    let asked_name = asked["name"].as_str().unwrap();
    for e in &deals {
        assert!(!e.to_string().contains(asked_name), "{e}");
    }
}

#[tokio::test]
async fn the_board_picture_shows_the_sealed_choice_then_the_auto_warp_of_a_three_player_game() {
    let app = TestApp::spawn().await;
    let players = [
        app.register("ann").await,
        app.register("bob").await,
        app.register("cat").await,
    ];
    let id = started(&app, &[&players[0], &players[1], &players[2]]).await;
    let svg = |player: &Player| {
        let (app, token) = (&app, player.token.clone());
        async move {
            let response = app
                .get(&format!("/v1/games/{id}/board.svg"), Some(&token))
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            response.text().await.unwrap()
        }
    };
    let choose = async |player: &Player, sector: &str| {
        let version = app.game(id, player).await["version"].clone();
        let chosen = app
            .post(
                &format!("/v1/games/{id}/actions"),
                Some(&player.token),
                &json!({ "command": { "type": "choose_sector", "sector": sector }, "expected_version": version }),
            )
            .await;
        assert_eq!(chosen.status(), StatusCode::OK);
    };
    choose(&players[0], "green").await;
    // Before the board: who has chosen, never which sector.
    let before = svg(&players[1]).await;
    assert!(
        before.contains("data-ruleset=\"wizwar-classic\""),
        "{before}"
    );
    assert_eq!(
        before.matches("data-chosen=\"true\"").count(),
        1,
        "{before}"
    );
    assert_eq!(
        before.matches("data-chosen=\"false\"").count(),
        2,
        "{before}"
    );
    assert!(!before.to_lowercase().contains("green"), "{before}");
    choose(&players[1], "red").await;
    choose(&players[2], "blue").await;
    let laid = svg(&players[2]).await;
    assert!(laid.contains("class=\"auto-warp\""), "{laid}");
    assert!(laid.contains("class=\"wrap open-edge\""));
    assert!(!laid.contains("class=\"outer-wall\""));
    assert!(laid.contains("class=\"legend-rules\""));
}
