use reqwest::StatusCode;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};

use crate::helpers::{TestApp, assert_problem, bet, first_revealed_bets};

#[tokio::test]
async fn the_rulesets_are_listed_with_their_options() {
    let app = TestApp::spawn().await;
    let response = app.get("/v1/rulesets", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    let rulesets: Vec<Value> = response.json().await.unwrap();
    let ids: Vec<&str> = rulesets.iter().map(|r| r["id"].as_str().unwrap()).collect();
    assert!(
        ids.contains(&"firewall-duel") && ids.contains(&"wizwar"),
        "{ids:?}"
    );
    let duel = app.get("/v1/rulesets/firewall-duel", None).await;
    let duel: Value = duel.json().await.unwrap();
    assert_eq!(duel["min_seats"], 2);
    assert!(!duel["options"].as_array().unwrap().is_empty());
    let wizwar: Value = app
        .get("/v1/rulesets/wizwar", None)
        .await
        .json()
        .await
        .unwrap();
    let catalogue = wizwar["reference"]["cards"].as_array().unwrap();
    let copies: u64 = catalogue
        .iter()
        .map(|c| c["copies"].as_u64().unwrap())
        .sum();
    assert_eq!(copies, 168, "the whole 8th-edition catalogue");
    let playable = wizwar["reference"]["playable"].as_array().unwrap();
    let named: std::collections::BTreeSet<&str> = catalogue
        .iter()
        .map(|c| c["name"].as_str().unwrap())
        .collect();
    let playable: std::collections::BTreeSet<&str> =
        playable.iter().map(|name| name.as_str().unwrap()).collect();
    assert_eq!(playable, named, "every card of the catalogue is played");
    let missing = app.get("/v1/rulesets/chess", None).await;
    assert_problem(missing, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn a_new_game_publishes_the_hash_of_its_secret_seed_in_its_first_event() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let feed = app.feed(id, &bob).await;
    let first = &feed[0];
    assert_eq!(first["seq"], 1);
    assert_eq!(first["body"]["origin"], "platform");
    assert_eq!(first["body"]["event"]["type"], "game_created");
    let commitment = first["body"]["event"]["seed_sha256"].as_str().unwrap();
    assert_eq!(commitment.len(), 64);
    let game = app.game(id, &bob).await;
    assert_eq!(game["seed_sha256"], commitment);
    assert!(
        game["seed"].is_null(),
        "the seed stays secret while the game runs"
    );
}

#[tokio::test]
async fn a_game_starts_only_when_every_seat_is_taken() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2 }),
        )
        .await;
    let game: Value = created.json().await.unwrap();
    assert_eq!(game["status"], "open");
    let start = app
        .post(
            &format!("/v1/games/{}/start", game["id"].as_str().unwrap()),
            Some(&ann.token),
            &json!({}),
        )
        .await;
    assert_problem(start, StatusCode::CONFLICT, "game_not_full").await;
}

#[tokio::test]
async fn seats_cannot_be_taken_twice_nor_after_the_game_is_full() {
    let app = TestApp::spawn().await;
    let (ann, bob, cyd) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cyd").await,
    );
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2 }),
        )
        .await;
    let id = created.json::<Value>().await.unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let again = app.join(&id, &ann, json!({})).await;
    assert_problem(again, StatusCode::CONFLICT, "already_seated").await;
    let taken = app.join(&id, &bob, json!({ "seat": 0 })).await;
    assert_problem(taken, StatusCode::CONFLICT, "seat_taken").await;
    let no_such = app.join(&id, &bob, json!({ "seat": 5 })).await;
    assert_problem(no_such, StatusCode::BAD_REQUEST, "invalid_request").await;
    let joined = app.join(&id, &bob, json!({})).await;
    assert_eq!(joined.status(), StatusCode::OK);
    let full = app.join(&id, &cyd, json!({})).await;
    assert_problem(full, StatusCode::CONFLICT, "game_full").await;
}

#[tokio::test]
async fn bad_seat_counts_and_options_are_refused_at_creation() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let seats = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 3 }),
        )
        .await;
    assert_problem(seats, StatusCode::BAD_REQUEST, "invalid_seat_count").await;
    let options = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2, "options": { "no_such_option": true } }),
        )
        .await;
    assert_problem(options, StatusCode::BAD_REQUEST, "invalid_options").await;
    // Options are named: a list is no way to say "every default", in any ruleset.
    for ruleset in [
        "firewall-duel",
        "wizwar",
        "wizwar-classic",
        "wizards-of-war",
    ] {
        let listed = app
            .post(
                "/v1/games",
                Some(&ann.token),
                &json!({ "ruleset": ruleset, "seats": 2, "options": [] }),
            )
            .await;
        assert_problem(listed, StatusCode::BAD_REQUEST, "invalid_options").await;
    }
    let ruleset = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "ludo", "seats": 2 }),
        )
        .await;
    assert_problem(ruleset, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn my_games_list_the_games_awaiting_me_first() {
    let app = TestApp::spawn().await;
    let (ann, bob, cyd) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cyd").await,
    );
    let with_bob = app.started_duel(&ann, &bob, json!({})).await;
    let with_cyd = app.started_duel(&ann, &cyd, json!({})).await;
    // Ann has moved in the game with Cyd: that one waits for Cyd only.
    assert_eq!(
        app.act(with_cyd, &ann, bet(3, &[])).await.status(),
        StatusCode::OK
    );
    let mine: Value = app
        .get("/v1/me/games", Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    let games = mine["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0]["id"], with_bob.to_string());
    assert_eq!(games[0]["awaiting_you"], true);
    assert_eq!(games[1]["id"], with_cyd.to_string());
    assert_eq!(games[1]["awaiting_you"], false);
    let inbox: Value = app
        .get("/v1/me/inbox", Some(&ann.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(inbox["games"].as_array().unwrap().len(), 1);
    let cyd_inbox: Value = app
        .get("/v1/me/inbox", Some(&cyd.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(cyd_inbox["games"][0]["id"], with_cyd.to_string());
}

#[tokio::test]
async fn the_version_is_the_etag_and_an_unchanged_game_answers_304() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let response = app.get(&format!("/v1/games/{id}"), Some(&ann.token)).await;
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    let game: Value = response.json().await.unwrap();
    assert_eq!(etag, format!("\"{}\"", game["version"]));
    let unchanged = app
        .client
        .get(app.url(&format!("/v1/games/{id}")))
        .bearer_auth(&ann.token)
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(unchanged.status(), StatusCode::NOT_MODIFIED);
    app.act(id, &ann, bet(2, &[])).await;
    let changed = app
        .client
        .get(app.url(&format!("/v1/games/{id}")))
        .bearer_auth(&ann.token)
        .header("If-None-Match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(changed.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_past_state_shows_the_game_as_it_was_after_that_event() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.game(id, &ann).await;
    let version_before = before["version"].as_i64().unwrap();
    app.act(id, &ann, bet(4, &[])).await;
    app.act(id, &bob, bet(1, &[])).await;
    let now = app.game(id, &ann).await;
    assert_ne!(now["view"], before["view"]);
    let past: Value = app
        .get(
            &format!("/v1/games/{id}/at/{version_before}"),
            Some(&ann.token),
        )
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(past["version"], version_before);
    assert_eq!(past["view"], before["view"]);
    let beyond = app
        .get(&format!("/v1/games/{id}/at/9999"), Some(&ann.token))
        .await;
    assert_problem(beyond, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn the_docs_page_and_the_spec_are_served() {
    let app = TestApp::spawn().await;
    let spec = app.get("/openapi.json", None).await;
    assert_eq!(spec.status(), StatusCode::OK);
    let spec: Value = spec.json().await.unwrap();
    assert!(spec["paths"]["/v1/games/{id}/actions"]["post"].is_object());
    let docs = app.get("/docs/", None).await;
    assert_eq!(docs.status(), StatusCode::OK);
    let page = docs.text().await.unwrap();
    assert!(page.contains("swagger"), "a docs page");
    assert!(!page.contains("cdn."), "no CDN: the page is self-contained");
    let unknown = app.get("/nowhere", None).await;
    assert_problem(unknown, StatusCode::NOT_FOUND, "not_found").await;
}

/// sha256 of the bytes a hex string stands for.
pub fn sha256_hex_of_hex(seed_hex: &str) -> String {
    let bytes: Vec<u8> = (0..seed_hex.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&seed_hex[i..i + 2], 16).unwrap())
        .collect();
    hex::encode(Sha256::digest(bytes))
}

#[tokio::test]
async fn both_players_moving_at_the_same_moment_lose_no_move() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let (first, second) = tokio::join!(
        app.act(id, &ann, bet(4, &[])),
        app.act(id, &bob, bet(2, &[]))
    );
    assert_eq!(first.status(), StatusCode::OK);
    assert_eq!(second.status(), StatusCode::OK);
    let feed = app.feed(id, &ann).await;
    let bets = first_revealed_bets(&feed);
    assert_eq!(bets, [4, 2]);
    let seqs: Vec<i64> = feed.iter().map(|e| e["seq"].as_i64().unwrap()).collect();
    assert_eq!(
        seqs,
        (1..=seqs.len() as i64).collect::<Vec<_>>(),
        "no gap, no duplicate"
    );
}

#[tokio::test]
async fn a_wizwar_game_is_created_started_and_played_through_the_same_api() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2 }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let (ann_game, bob_game) = (app.game(id, &ann).await, app.game(id, &bob).await);
    let (mover, waiting, game) = if ann_game["awaiting_you"] == true {
        (&ann, &bob, ann_game)
    } else {
        (&bob, &ann, bob_game)
    };
    let waiting_game = app.game(id, waiting).await;
    assert_eq!(waiting_game["awaiting_you"], false);
    // Each wizard sees his own hand and only the size of the other's; nobody sees the deck.
    for (player, viewed) in [
        (&ann, app.game(id, &ann).await),
        (&bob, app.game(id, &bob).await),
    ] {
        let me = viewed["your_seat"].as_u64().unwrap() as usize;
        for (seat, wizard) in viewed["view"]["wizards"]
            .as_array()
            .unwrap()
            .iter()
            .enumerate()
        {
            assert_eq!(
                wizard["hand"].is_array(),
                seat == me,
                "{} and seat {seat}: {wizard}",
                player.name
            );
        }
        assert!(viewed["view"]["deck"].is_null());
    }
    assert!(
        waiting_game["legal_commands"]
            .as_array()
            .unwrap()
            .is_empty()
    );
    let command = game["legal_commands"][0].clone();
    assert!(
        command.is_object(),
        "the player to move has legal commands: {game}"
    );
    let before = game["version"].as_i64().unwrap();
    let response = app.act(id, mover, json!({ "command": command })).await;
    assert_eq!(
        response.status(),
        StatusCode::OK,
        "{}",
        response.text().await.unwrap()
    );
    assert!(app.game(id, mover).await["version"].as_i64().unwrap() > before);
    let refused = app
        .act(id, waiting, json!({ "command": { "type": "end_turn" } }))
        .await;
    assert_problem(refused, StatusCode::UNPROCESSABLE_ENTITY, "not_your_turn").await;
}

/// Commands each player of the busy game sends at once.
const BUSY_WRITERS_PER_PLAYER: usize = 24;

#[tokio::test]
async fn many_players_writing_to_one_game_at_once_are_all_applied_without_contention() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2 }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let before = app.event_count(id).await;

    // A yield policy may be set at any moment, by either player, as often as he likes.
    let policies = ["always", "when_targeted", "when_i_can_counter", "never"];
    let mut writers = tokio::task::JoinSet::new();
    for n in 0..BUSY_WRITERS_PER_PLAYER {
        for player in [&ann, &bob] {
            let request = app
                .client
                .post(app.url(&format!("/v1/games/{id}/actions")))
                .bearer_auth(&player.token)
                .json(&json!({ "command": {
                    "type": "set_yield_policy",
                    "policy": policies[n % policies.len()],
                } }));
            writers.spawn(async move { request.send().await.expect("the request is sent") });
        }
    }
    let mut refused = Vec::new();
    while let Some(response) = writers.join_next().await {
        let response = response.unwrap();
        if response.status() != StatusCode::OK {
            refused.push(response.text().await.unwrap());
        }
    }
    assert_eq!(refused, Vec::<String>::new(), "every writer is applied");
    let written = (2 * BUSY_WRITERS_PER_PLAYER) as i64;
    assert_eq!(app.event_count(id).await, before + written);
    assert_eq!(app.game(id, &ann).await["version"], before + written);
}

#[tokio::test]
async fn of_writers_pinned_to_the_same_version_one_is_applied_and_the_others_get_409() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2 }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let version = app.game(id, &ann).await["version"].as_i64().unwrap();

    let mut writers = tokio::task::JoinSet::new();
    for n in 0..8 {
        let player = if n % 2 == 0 { &ann } else { &bob };
        let request = app
            .client
            .post(app.url(&format!("/v1/games/{id}/actions")))
            .bearer_auth(&player.token)
            .json(&json!({
                "expected_version": version,
                "command": { "type": "set_yield_policy", "policy": "never" },
            }));
        writers.spawn(async move { request.send().await.expect("the request is sent") });
    }
    let mut statuses = Vec::new();
    while let Some(response) = writers.join_next().await {
        let response = response.unwrap();
        let status = response.status();
        if status == StatusCode::CONFLICT {
            let problem: Value = response.json().await.unwrap();
            assert_eq!(problem["code"], "version_conflict");
            assert_eq!(problem["current_version"], version + 1);
        }
        statuses.push(status);
    }
    let applied = statuses.iter().filter(|s| **s == StatusCode::OK).count();
    assert_eq!(applied, 1, "{statuses:?}");
    assert_eq!(statuses.len(), 8);
    assert!(
        statuses
            .iter()
            .all(|s| *s == StatusCode::OK || *s == StatusCode::CONFLICT)
    );
    assert_eq!(app.event_count(id).await, version + 1);
}

/// Commands in the long batch sent beside a busy writer: the most one action may hold.
const LONG_BATCH: usize = 2_000;

#[tokio::test]
async fn a_long_batch_beside_a_busy_writer_on_another_server_is_applied_and_so_is_every_write() {
    let app = TestApp::spawn().await;
    let beside = TestApp::spawn_beside(&app).await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2 }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let before = app.event_count(id).await;
    let policy = |n: usize| {
        let policies = ["always", "when_targeted", "when_i_can_counter", "never"];
        json!({ "type": "set_yield_policy", "policy": policies[n % policies.len()] })
    };

    // Bob writes one command after another through the other server (each
    // without a lock on a fold it holds) until Ann's batch is answered.
    let batch_answered = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let writer = {
        let (client, url, token) = (
            beside.client.clone(),
            beside.url(&format!("/v1/games/{id}/actions")),
            bob.token.clone(),
        );
        let batch_answered = batch_answered.clone();
        tokio::spawn(async move {
            let mut answers = Vec::new();
            while !batch_answered.load(std::sync::atomic::Ordering::SeqCst) {
                let response = client
                    .post(&url)
                    .bearer_auth(&token)
                    .json(&json!({ "command": policy(answers.len()) }))
                    .send()
                    .await
                    .expect("the request is sent");
                answers.push((response.status(), response.text().await.unwrap()));
            }
            answers
        })
    };
    let batch: Vec<Value> = (0..LONG_BATCH).map(policy).collect();
    let answer = app.act(id, &ann, json!({ "commands": batch })).await;
    batch_answered.store(true, std::sync::atomic::Ordering::SeqCst);
    let status = answer.status();
    assert_eq!(status, StatusCode::OK, "{}", answer.text().await.unwrap());
    let written = writer.await.unwrap();
    let refused: Vec<_> = written
        .iter()
        .filter(|(status, _)| *status != StatusCode::OK)
        .collect();
    assert_eq!(
        refused,
        Vec::<&(StatusCode, String)>::new(),
        "every write is applied"
    );
    assert_eq!(
        app.event_count(id).await,
        before + (LONG_BATCH + written.len()) as i64
    );
}

#[tokio::test]
async fn a_batch_longer_than_the_limit_is_refused_with_400_and_changes_nothing() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2 }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;
    let before = app.event_count(id).await;
    let batch = vec![json!({ "type": "set_yield_policy", "policy": "never" }); LONG_BATCH + 1];
    let answer = app.act(id, &ann, json!({ "commands": batch })).await;
    let problem = assert_problem(answer, StatusCode::BAD_REQUEST, "invalid_request").await;
    assert!(
        problem["detail"].as_str().unwrap().contains("2000"),
        "{problem}"
    );
    assert_eq!(app.event_count(id).await, before);
}
