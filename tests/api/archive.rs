//! The archive: finished games for anyone signed in (as a spectator sees
//! them), its filters and cursor, players' pages, and ratings.

use reqwest::StatusCode;
use serde_json::{Value, json};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem};

/// A started duel of `first` and `second` that `loser` resigns at once.
async fn duel_resigned_by(app: &TestApp, first: &Player, second: &Player, loser: &Player) -> Uuid {
    let id = app.started_duel(first, second, json!({})).await;
    let resigned = app.table_command(id, loser, "resign").await;
    assert_eq!(resigned.status(), StatusCode::OK);
    id
}

async fn json_of(app: &TestApp, path: &str, player: &Player) -> Value {
    let response = app.get(path, Some(&player.token)).await;
    assert_eq!(response.status(), StatusCode::OK, "GET {path}");
    response.json().await.unwrap()
}

fn ids(page: &Value) -> Vec<Uuid> {
    page["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().parse().unwrap())
        .collect()
}

fn rating_in(profile: &Value, ruleset: &str) -> Glicko2Rating {
    let rating = profile["ratings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|r| r["ruleset"] == ruleset)
        .unwrap_or_else(|| panic!("a {ruleset} rating in {profile}"));
    Glicko2Rating {
        rating: rating["rating"].as_f64().unwrap(),
        deviation: rating["deviation"].as_f64().unwrap(),
        volatility: rating["volatility"].as_f64().unwrap(),
    }
}

#[tokio::test]
async fn a_finished_game_is_in_the_archive_for_anyone_and_shows_him_only_what_a_spectator_may_see()
{
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;

    let page = json_of(&app, "/v1/games?status=finished", &eve).await;
    assert_eq!(page["status"], "finished");
    assert_eq!(ids(&page), vec![id]);
    let listed = &page["games"][0];
    assert_eq!(listed["ruleset"], "firewall-duel");
    assert_eq!(listed["ending"], "won");
    assert_eq!(listed["players"][0]["username"], "ann");
    assert_eq!(listed["players"][0]["won"], true);
    assert_eq!(listed["players"][1]["won"], false);

    // Eve opens it and replays it: no hand, sealed bet or drawn card of
    // either player, now or at any step; Ann, who played it, sees her hand.
    let game = json_of(&app, &format!("/v1/games/{id}"), &eve).await;
    let version = game["version"].as_i64().unwrap();
    for seq in [version / 2, version] {
        let past = json_of(&app, &format!("/v1/games/{id}/at/{seq}"), &eve).await;
        for seat in 0..2 {
            let player = &past["view"]["players"][seat];
            assert!(
                player["hand"].is_null(),
                "eve sees a hand at {seq}: {player}"
            );
            assert!(player["sealed_cards"].is_null() && player["sealed_bet"].is_null());
        }
    }
    for event in app.feed(id, &eve).await {
        let body = &event["body"]["event"];
        if body["type"] == "cards_drawn" {
            assert!(body["cards"].is_null(), "eve sees drawn cards: {body}");
        }
    }
    let ann_sees = json_of(&app, &format!("/v1/games/{id}/at/{}", version / 2), &ann).await;
    assert!(ann_sees["view"]["players"][0]["hand"].is_array());
}

#[tokio::test]
async fn the_archive_filters_and_its_cursor_pages_stay_put_while_games_finish() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
        app.register("eve").await,
    );
    let first = duel_resigned_by(&app, &ann, &bob, &bob).await;
    let second = duel_resigned_by(&app, &ann, &cid, &ann).await;
    let third = duel_resigned_by(&app, &bob, &cid, &cid).await;
    // Abandoned by both.
    let abandoned = app.started_duel(&bob, &cid, json!({})).await;
    for player in [&bob, &cid] {
        let agreed = app.table_command(abandoned, player, "abandon").await;
        assert_eq!(agreed.status(), StatusCode::OK);
    }
    // Not finished: neither listed.
    app.started_duel(&ann, &bob, json!({})).await;
    app.open_game(&ann, "firewall-duel", 2).await;

    let page = json_of(&app, "/v1/games?status=finished&limit=2", &eve).await;
    assert_eq!(ids(&page), vec![abandoned, third], "newest first");
    let cursor = page["next_cursor"].as_str().unwrap().to_owned();

    // A game finishing between two pages does not move the next one.
    let later = duel_resigned_by(&app, &cid, &eve, &eve).await;
    let next = json_of(
        &app,
        &format!("/v1/games?status=finished&limit=2&cursor={cursor}"),
        &eve,
    )
    .await;
    assert_eq!(ids(&next), vec![second, first]);
    assert!(next["next_cursor"].is_null(), "the last page");
    let again = json_of(&app, "/v1/games?status=finished&limit=2", &eve).await;
    assert_eq!(ids(&again), vec![later, abandoned]);

    let of_ann = json_of(&app, "/v1/games?status=finished&player=ANN", &eve).await;
    assert_eq!(ids(&of_ann), vec![second, first]);
    let abandoned_ones = json_of(&app, "/v1/games?status=finished&ending=abandoned", &eve).await;
    assert_eq!(ids(&abandoned_ones), vec![abandoned]);
    assert_eq!(abandoned_ones["games"][0]["players"][0]["won"], false);
    let wizwar = json_of(&app, "/v1/games?status=finished&ruleset=wizwar", &eve).await;
    assert_eq!(ids(&wizwar), Vec::<Uuid>::new());
    let abandoned_at = again["games"][1]["finished_at"]
        .as_str()
        .unwrap()
        .to_owned();
    let since = json_of(
        &app,
        &format!(
            "/v1/games?status=finished&from={}",
            abandoned_at.replace('+', "%2B")
        ),
        &eve,
    )
    .await;
    assert_eq!(ids(&since), vec![later, abandoned]);
    let before = json_of(
        &app,
        &format!(
            "/v1/games?status=finished&to={}",
            abandoned_at.replace('+', "%2B")
        ),
        &eve,
    )
    .await;
    assert_eq!(ids(&before), vec![third, second, first]);

    for (query, status, code) in [
        (
            "status=finished&cursor=yesterday",
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            "status=finished&offset=2",
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        ("status=active", StatusCode::BAD_REQUEST, "invalid_request"),
        (
            "status=open&player=ann",
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            "status=finished&player=nobody",
            StatusCode::NOT_FOUND,
            "not_found",
        ),
    ] {
        let response = app.open_games(&eve, query).await;
        assert_problem(response, status, code).await;
    }
}

#[tokio::test]
async fn a_rated_duel_moves_both_ratings_exactly_as_glicko_2_computes_and_others_do_not() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    duel_resigned_by(&app, &ann, &bob, &bob).await;
    // Neither an unrated game nor an abandoned one counts.
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "firewall-duel", "seats": 2, "rated": false }),
        )
        .await;
    let unrated = app.start_created(created, &ann, &cid).await;
    assert_eq!(
        app.table_command(unrated, &cid, "resign").await.status(),
        StatusCode::OK
    );
    let abandoned = app.started_duel(&bob, &cid, json!({})).await;
    for player in [&bob, &cid] {
        assert_eq!(
            app.table_command(abandoned, player, "abandon")
                .await
                .status(),
            StatusCode::OK
        );
    }

    let (expected_ann, expected_bob) = glicko2(
        &Glicko2Rating::new(),
        &Glicko2Rating::new(),
        &Outcomes::WIN,
        &Glicko2Config::new(),
    );
    let ann_page = json_of(&app, "/v1/users/ann", &cid).await;
    let bob_page = json_of(&app, "/v1/users/bob", &cid).await;
    assert_eq!(rating_in(&ann_page, "firewall-duel"), expected_ann);
    assert_eq!(rating_in(&bob_page, "firewall-duel"), expected_bob);
    assert!(expected_ann.rating > 1500.0 && expected_bob.rating < 1500.0);
    assert_eq!(
        ann_page["ratings"][0]["games"], 1,
        "the unrated game is not counted"
    );
    let cid_page = json_of(&app, "/v1/users/cid", &ann).await;
    assert_eq!(
        cid_page["ratings"],
        json!([]),
        "cid played no rated game to its end"
    );
    assert_eq!(ann_page["rating_history"].as_array().unwrap().len(), 1);
    assert_eq!(
        ann_page["rating_history"][0]["rating"].as_f64(),
        Some(expected_ann.rating)
    );
}

#[tokio::test]
async fn ratings_rebuilt_from_the_log_are_the_ratings_kept_as_games_ended() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    duel_resigned_by(&app, &ann, &bob, &bob).await;
    duel_resigned_by(&app, &bob, &cid, &bob).await;
    duel_resigned_by(&app, &cid, &ann, &ann).await;
    let played = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(played, &ann, &bob).await;
    // Three wizards: two share the win when one resigns (pairwise ratings).
    let three = app.open_game(&ann, "wizwar", 3).await;
    for player in [&bob, &cid] {
        assert_eq!(
            app.join(&three, player, json!({})).await.status(),
            StatusCode::OK
        );
    }
    assert_eq!(
        app.table_command(three, &ann, "start").await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.table_command(three, &cid, "resign").await.status(),
        StatusCode::OK
    );

    let stored = app.state.store.stored_ratings().await.unwrap();
    let rebuilt = app.state.store.rebuilt_ratings().await.unwrap();
    assert_eq!(stored.len(), 6, "three players in two rulesets: {stored:?}");
    assert_eq!(rebuilt, stored);
    let wizwar_of = |player: &Player| stored[&(player.id, "wizwar".to_owned())].0.rating;
    assert!(wizwar_of(&ann) > 1500.0 && wizwar_of(&bob) > 1500.0 && wizwar_of(&cid) < 1500.0);
}

#[tokio::test]
async fn a_players_page_tells_his_record_current_games_and_latest_results() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let won = duel_resigned_by(&app, &ann, &bob, &bob).await;
    let lost = duel_resigned_by(&app, &ann, &bob, &ann).await;
    let current = app.started_duel(&bob, &ann, json!({})).await;

    let page = json_of(&app, "/v1/users/Ann", &eve).await;
    assert_eq!(page["username"], "ann");
    assert_eq!(
        page["records"],
        json!([{ "ruleset": "firewall-duel", "played": 2, "won": 1 }])
    );
    assert_eq!(page["current_games"][0]["id"], current.to_string());
    let recent: Vec<Uuid> = page["recent_results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().parse().unwrap())
        .collect();
    assert_eq!(recent, vec![lost, won]);

    let games = json_of(&app, "/v1/users/ann/games?limit=1", &eve).await;
    assert_eq!(ids(&games), vec![lost]);
    let cursor = games["next_cursor"].as_str().unwrap();
    let rest = json_of(&app, &format!("/v1/users/ann/games?cursor={cursor}"), &eve).await;
    assert_eq!(ids(&rest), vec![won]);

    let missing = app.get("/v1/users/nobody", Some(&eve.token)).await;
    assert_problem(missing, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn a_players_finished_games_export_as_ndjson_records_that_each_verify() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let mut finished = Vec::new();
    for loser in [&bob, &ann, &bob] {
        finished.push(duel_resigned_by(&app, &ann, &bob, loser).await);
    }
    let played = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(played, &ann, &bob).await;
    finished.push(played);
    // Not his, and not finished: neither exported.
    duel_resigned_by(&app, &bob, &eve, &eve).await;
    app.started_duel(&ann, &eve, json!({})).await;

    // Read raw: the answer is many JSON documents, one per line.
    let response = app
        .client
        .get(app.url("/v1/users/ann/games/export"))
        .bearer_auth(&eve.token)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/x-ndjson");
    let text = response.text().await.unwrap();
    assert!(text.ends_with('\n'));
    let mut exported = Vec::new();
    for line in text.lines() {
        let record: owlpost_api::record::GameRecord = serde_json::from_str(line).unwrap();
        owlpost_api::record::verify(&record)
            .unwrap_or_else(|e| panic!("the record of {} verifies: {e}", record.game_id));
        exported.push(record.game_id);
    }
    finished.reverse();
    assert_eq!(exported, finished, "his finished games, newest first");

    let missing = app
        .get("/v1/users/nobody/games/export", Some(&eve.token))
        .await;
    assert_problem(missing, StatusCode::NOT_FOUND, "not_found").await;
}

/// The secrets of `referee` (a player's answer about his finished game,
/// which shows everything) that `spectator` (the same answer to someone
/// who did not play) hides: every value the spectator is shown as null or
/// not at all where the referee is shown one.
fn hidden_from_spectator(referee: &Value, spectator: &Value, secrets: &mut Vec<Value>) {
    match (referee, spectator) {
        (Value::Object(all), Value::Object(shown)) => {
            for (key, value) in all {
                match shown.get(key) {
                    None | Some(Value::Null) if !value.is_null() => secrets.push(value.clone()),
                    Some(seen) => hidden_from_spectator(value, seen, secrets),
                    None => {}
                }
            }
        }
        (Value::Array(all), Value::Array(shown)) => {
            for (value, seen) in all.iter().zip(shown) {
                hidden_from_spectator(value, seen, secrets);
            }
        }
        _ => {}
    }
}

/// The parts of a secret that cannot turn up elsewhere by chance: whole
/// objects, and lists of three values or more (a hand, a deck order).
fn distinctive(secret: &Value, parts: &mut Vec<String>) {
    match secret {
        Value::Object(fields) => {
            parts.push(secret.to_string());
            fields.values().for_each(|v| distinctive(v, parts));
        }
        Value::Array(items) => {
            if items.len() >= 3 {
                parts.push(secret.to_string());
            }
            items.iter().for_each(|v| distinctive(v, parts));
        }
        _ => {}
    }
}

/// The secrets `all` (a player's answer about his finished game, which shows
/// everything) holds that `shown` (the same answer to someone who did not
/// play) hides, as the parts that cannot turn up elsewhere by chance.
fn secret_parts(all: &Value, shown: &Value) -> Vec<String> {
    let mut secrets = Vec::new();
    hidden_from_spectator(all, shown, &mut secrets);
    let mut parts = Vec::new();
    secrets.iter().for_each(|s| distinctive(s, &mut parts));
    parts.sort();
    parts.dedup();
    parts
}

fn assert_none_in(parts: &[String], answers: &[String], who: &str, when: &str) {
    for part in parts {
        for answer in answers {
            assert!(
                !answer.contains(part.as_str()),
                "{who} sees {part} ({when}) in {answer}"
            );
        }
    }
}

/// The leak suite over the archive: what someone who did not play a
/// finished game can ask about it holds none of the secrets its players'
/// own answers show and his hide. At every seq: the game then, its board
/// then and the feed up to then, against what was secret then; and the
/// archive's list, the players' pages and the game now, against what is
/// secret at its end.
async fn archive_answers_hold_no_secret(app: &TestApp, id: Uuid, player: &Player, eve: &Player) {
    let version = app.game(id, eve).await["version"].as_i64().unwrap();
    let feed = app.feed(id, eve).await;
    let mut kept = 0;
    for seq in 1..=version {
        let path = format!("/v1/games/{id}/at/{seq}");
        let (all, shown) = (
            json_of(app, &path, player).await,
            json_of(app, &path, eve).await,
        );
        let parts = secret_parts(&all, &shown);
        kept += parts.len();
        let mut answers = vec![shown.to_string()];
        let board = app
            .get(
                &format!("/v1/games/{id}/board.svg?at={seq}"),
                Some(&eve.token),
            )
            .await;
        if board.status() == StatusCode::OK {
            answers.push(board.text().await.unwrap());
        }
        answers.extend(
            feed.iter()
                .filter(|e| e["seq"].as_i64() <= Some(seq))
                .map(Value::to_string),
        );
        assert_none_in(&parts, &answers, &eve.name, &format!("at {seq}"));
    }
    assert!(kept > 0, "the game kept something from spectators");
    let (all, shown) = (
        json_of(app, &format!("/v1/games/{id}"), player).await,
        json_of(app, &format!("/v1/games/{id}"), eve).await,
    );
    let parts = secret_parts(&all, &shown);
    let answers = [
        shown.to_string(),
        json_of(app, "/v1/games?status=finished", eve)
            .await
            .to_string(),
        json_of(app, &format!("/v1/users/{}", player.name), eve)
            .await
            .to_string(),
        json_of(app, &format!("/v1/users/{}/games", player.name), eve)
            .await
            .to_string(),
    ];
    assert_none_in(&parts, &answers, &eve.name, "at the end");
}

#[tokio::test]
async fn nothing_a_spectator_may_not_see_of_a_finished_duel_is_in_any_archive_answer() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;
    archive_answers_hold_no_secret(&app, id, &ann, &eve).await;
}

#[tokio::test]
async fn nothing_a_spectator_may_not_see_of_a_finished_war_of_wizards_is_in_any_archive_answer() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let war = crate::wizards_of_war::play_war(&app, &ann, &bob).await;
    archive_answers_hold_no_secret(&app, war.id, &bob, &eve).await;
}
