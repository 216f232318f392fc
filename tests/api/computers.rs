//! Computer players: seated by a game's creator, playing from their seat's
//! view through the same path as anyone, recorded as themselves.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use owlpost_api::record::{GameRecord, verify};

use crate::helpers::{Player, TestApp, assert_problem};

/// Commands the person sends before, if the game is still on, he resigns
/// (random play in a four-player Wiz-War can wander for thousands).
const PERSON_COMMAND_LIMIT: usize = 250;

/// A server whose computer players play (the tests' servers run no
/// background worker unless asked).
async fn with_computer_players() -> TestApp {
    let app = TestApp::spawn().await;
    owlpost_api::computers::spawn(
        app.state.store.clone(),
        app.state.background.clone(),
        Duration::from_secs(1),
    );
    app
}

/// A seeded stream of choices (xorshift), so a failure replays.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 11) as usize % n
    }
}

async fn game_with_every_command(app: &TestApp, id: Uuid, player: &Player) -> Value {
    app.get(&format!("/v1/games/{id}?legal=full"), Some(&player.token))
        .await
        .json()
        .await
        .unwrap()
}

/// Plays `player`'s part with random listed commands, waiting for the
/// computers through the event feed's long-poll, until the game ends (by
/// its rules, by his wizard's death leaving only computers in it, or by his
/// resigning after [`PERSON_COMMAND_LIMIT`] commands).
async fn play_randomly_to_the_end(app: &TestApp, id: Uuid, player: &Player) -> Value {
    let mut dice = Dice(0x0dd_ba11);
    let mut sent = 0;
    loop {
        let game = game_with_every_command(app, id, player).await;
        if game["status"] == "finished" {
            return game;
        }
        if game["awaiting_you"] == true {
            let legal = game["legal_commands"].as_array().unwrap();
            assert!(!legal.is_empty(), "an awaited player has something to do");
            let command = legal[dice.below(legal.len())].clone();
            let response = app.act(id, player, json!({ "command": command })).await;
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "{}",
                response.text().await.unwrap()
            );
            sent += 1;
            if sent == PERSON_COMMAND_LIMIT {
                let resigned = app.table_command(id, player, "resign").await;
                assert_eq!(resigned.status(), StatusCode::OK);
            }
            continue;
        }
        let version = game["version"].as_i64().unwrap();
        let waited = app
            .get(
                &format!("/v1/games/{id}/events?after={version}&wait=30"),
                Some(&player.token),
            )
            .await;
        assert_eq!(waited.status(), StatusCode::OK);
        let events: Value = waited.json().await.unwrap();
        assert!(
            !events["events"].as_array().unwrap().is_empty(),
            "the computer players did not move within 30 s: {game}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wizwar_game_of_one_person_and_three_computer_players_is_played_until_it_ends() {
    let app = with_computer_players().await;
    let ann = app.register("ann").await;
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({
                "ruleset": "wizwar",
                "seats": 4,
                "computer_players": ["heuristic", "heuristic", "random"],
            }),
        )
        .await;
    assert_eq!(created.status(), StatusCode::CREATED);
    let created: Value = created.json().await.unwrap();
    // The computers fill the table, so it starts at once.
    assert_eq!(created["status"], "active");
    assert_eq!(created["rated"], Value::Null, "{created}");
    let seats = created["seats"].as_array().unwrap();
    assert_eq!(seats[0]["username"], "ann");
    assert_eq!(seats[0]["computer"], Value::Null);
    let strengths: Vec<&Value> = seats[1..].iter().map(|s| &s["computer"]).collect();
    assert_eq!(
        strengths,
        [&json!("heuristic"), &json!("heuristic"), &json!("random")]
    );
    let id: Uuid = created["id"].as_str().unwrap().parse().unwrap();

    let ended = play_randomly_to_the_end(&app, id, &ann).await;
    assert!(!ended["outcome"]["summary"].as_str().unwrap().is_empty());

    // Every computer played, each credited as itself.
    let record = app.export(id, &ann).await;
    assert_eq!(record.status(), StatusCode::OK);
    let record: GameRecord = record.json().await.unwrap();
    let computers: Vec<Uuid> = seats[1..]
        .iter()
        .map(|s| s["user_id"].as_str().unwrap().parse().unwrap())
        .collect();
    for computer in &computers {
        assert!(
            record.commands.iter().any(|c| c.actor == *computer),
            "computer {computer} played no command"
        );
    }
    verify(&record).expect("a game with computer players verifies");
}

#[tokio::test]
async fn a_computer_seated_in_an_open_game_plays_once_it_starts_and_the_game_is_unrated() {
    let app = with_computer_players().await;
    let ann = app.register("ann").await;
    let id = app.open_game(&ann, "firewall-duel", 2).await;
    let seated = app
        .post(
            &format!("/v1/games/{id}/computers"),
            Some(&ann.token),
            &json!({ "strength": "random" }),
        )
        .await;
    assert_eq!(seated.status(), StatusCode::OK);
    let seated: Value = seated.json().await.unwrap();
    assert_eq!(seated["seats"][1]["computer"], "random");
    assert!(
        seated["seats"][1]["username"]
            .as_str()
            .unwrap()
            .starts_with("Computer ")
    );
    let started = app.table_command(id, &ann, "start").await;
    assert_eq!(started.status(), StatusCode::OK);
    let ended = play_randomly_to_the_end(&app, id, &ann).await;
    assert_eq!(ended["status"], "finished");
    // Nobody's rating moved: a game with a computer player is never rated.
    let page: Value = app
        .get("/v1/users/ann", Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(page["ratings"], json!([]), "{page}");
}

#[tokio::test]
async fn only_the_creator_seats_a_computer_and_a_refused_seating_leaves_no_user() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let bob = app.register("bob").await;
    let id = app.open_game(&ann, "firewall-duel", 2).await;
    let users_before = count_users(&app).await;
    let by_bob = app
        .post(
            &format!("/v1/games/{id}/computers"),
            Some(&bob.token),
            &json!({ "strength": "heuristic" }),
        )
        .await;
    assert_problem(by_bob, StatusCode::FORBIDDEN, "not_the_creator").await;
    let taken = app
        .post(
            &format!("/v1/games/{id}/computers"),
            Some(&ann.token),
            &json!({ "strength": "heuristic", "seat": 0 }),
        )
        .await;
    assert_problem(taken, StatusCode::CONFLICT, "seat_taken").await;
    let too_many = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2,
                     "computer_players": ["random", "random"] }),
        )
        .await;
    assert_problem(too_many, StatusCode::BAD_REQUEST, "invalid_request").await;
    let unknown = app
        .post(
            &format!("/v1/games/{id}/computers"),
            Some(&ann.token),
            &json!({ "strength": "grandmaster" }),
        )
        .await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    assert_eq!(count_users(&app).await, users_before);
    // The seat is still free.
    let game = app.game(id, &ann).await;
    assert_eq!(game["seats"][1]["user_id"], Value::Null);
}

async fn count_users(app: &TestApp) -> i64 {
    owlpost_api::db::testing::count_users(&app.database_url)
        .await
        .unwrap()
}
