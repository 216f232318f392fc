//! The table around every game: leaving an open seat, cancelling an open
//! game, resigning, and finding open games to join.

use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp, assert_problem};

/// The usernames in the game's seats, `None` for a free one.
async fn seated(app: &TestApp, id: Uuid, player: &Player) -> Vec<Option<String>> {
    app.game(id, player).await["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["username"].as_str().map(str::to_owned))
        .collect()
}

/// The types of the platform events at the end of the feed.
async fn last_platform_events(
    app: &TestApp,
    id: Uuid,
    player: &Player,
    count: usize,
) -> Vec<Value> {
    let feed = app.feed(id, player).await;
    feed[feed.len() - count..]
        .iter()
        .map(|e| {
            assert_eq!(e["body"]["origin"], "platform", "{e}");
            e["body"]["event"]["type"].clone()
        })
        .collect()
}

#[tokio::test]
async fn a_player_who_resigns_a_duel_loses_it_and_the_other_player_wins() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.event_count(id).await;

    let response = app.table_command(id, &ann, "resign").await;
    assert_eq!(response.status(), StatusCode::OK);
    let game: Value = response.json().await.unwrap();
    assert_eq!(game["status"], "finished");
    assert_eq!(game["outcome"]["winners"], json!([1]));
    assert!(
        game["outcome"]["summary"].as_str().unwrap().contains("ann"),
        "{game}"
    );
    assert!(game["seed"].is_string(), "the seed is revealed at the end");
    assert_eq!(game["awaiting"], json!([]));
    assert_eq!(app.event_count(id).await, before + 2);
    assert_eq!(
        last_platform_events(&app, id, &bob, 2).await,
        ["player_resigned", "game_ended"]
    );
    let my_games: Value = app
        .get("/v1/me/games", Some(&bob.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(my_games["games"][0]["status"], "finished");
}

#[tokio::test]
async fn resigning_is_refused_to_strangers_before_the_start_and_after_the_end_and_appends_nothing()
{
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let open = app.open_game(&ann, "firewall-duel", 2).await;
    let refused = app.table_command(open, &ann, "resign").await;
    assert_problem(refused, StatusCode::CONFLICT, "game_not_started").await;
    assert_eq!(app.event_count(open).await, 2);

    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.event_count(id).await;
    let refused = app.table_command(id, &eve, "resign").await;
    assert_problem(refused, StatusCode::FORBIDDEN, "not_a_player").await;
    assert_eq!(app.event_count(id).await, before);

    assert_eq!(
        app.table_command(id, &bob, "resign").await.status(),
        StatusCode::OK
    );
    let over = app.event_count(id).await;
    for player in [&ann, &bob] {
        let refused = app.table_command(id, player, "resign").await;
        assert_problem(refused, StatusCode::CONFLICT, "game_over").await;
    }
    let refused = app
        .act(
            id,
            &ann,
            json!({ "command": { "type": "submit_move", "bet": 1, "cards": [] } }),
        )
        .await;
    assert_problem(refused, StatusCode::CONFLICT, "game_over").await;
    assert_eq!(app.event_count(id).await, over);
    assert_eq!(app.game(id, &ann).await["outcome"]["winners"], json!([0]));
}

#[tokio::test]
async fn with_three_players_a_resignation_ends_the_game_and_the_other_two_share_the_win() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    let id = app.open_game(&ann, "wizwar", 3).await;
    for player in [&bob, &cid] {
        assert_eq!(
            app.join(&id, player, json!({})).await.status(),
            StatusCode::OK
        );
    }
    assert_eq!(
        app.table_command(id, &ann, "start").await.status(),
        StatusCode::OK
    );

    let response = app.table_command(id, &bob, "resign").await;
    assert_eq!(response.status(), StatusCode::OK);
    let game: Value = response.json().await.unwrap();
    assert_eq!(game["status"], "finished");
    assert_eq!(game["outcome"]["winners"], json!([0, 2]));
}

#[tokio::test]
async fn a_player_who_leaves_an_open_game_frees_his_seat_for_someone_else() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    let id = app.open_game(&ann, "firewall-duel", 2).await;
    assert_eq!(
        app.join(&id, &bob, json!({})).await.status(),
        StatusCode::OK
    );

    let response = app.table_command(id, &bob, "leave").await;
    assert_eq!(response.status(), StatusCode::OK);
    let game: Value = response.json().await.unwrap();
    assert_eq!(game["your_seat"], Value::Null);
    assert_eq!(seated(&app, id, &ann).await, [Some("ann".into()), None]);
    let bobs_games: Value = app
        .get("/v1/me/games", Some(&bob.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bobs_games["games"], json!([]), "bob no longer plays in it");
    let refused = app.table_command(id, &ann, "start").await;
    assert_problem(refused, StatusCode::CONFLICT, "game_not_full").await;

    assert_eq!(
        app.join(&id, &cid, json!({ "seat": 1 })).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        seated(&app, id, &ann).await,
        [Some("ann".into()), Some("cid".into())]
    );
    assert_eq!(
        app.table_command(id, &cid, "start").await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn leaving_is_refused_to_strangers_and_once_the_game_has_started_and_appends_nothing() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let open = app.open_game(&ann, "firewall-duel", 2).await;
    let refused = app.table_command(open, &eve, "leave").await;
    assert_problem(refused, StatusCode::FORBIDDEN, "not_a_player").await;
    assert_eq!(app.event_count(open).await, 2);

    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.event_count(id).await;
    let refused = app.table_command(id, &bob, "leave").await;
    assert_problem(refused, StatusCode::CONFLICT, "game_already_started").await;
    assert_eq!(app.event_count(id).await, before);
}

#[tokio::test]
async fn the_creator_cancels_an_open_game_and_it_takes_nothing_more() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.open_game(&ann, "firewall-duel", 2).await;
    assert_eq!(
        app.join(&id, &bob, json!({})).await.status(),
        StatusCode::OK
    );

    let response = app.table_command(id, &ann, "cancel").await;
    assert_eq!(response.status(), StatusCode::OK);
    let game: Value = response.json().await.unwrap();
    assert_eq!(game["status"], "cancelled");
    assert_eq!(game["view"], Value::Null);
    let count = app.event_count(id).await;
    assert_eq!(
        last_platform_events(&app, id, &bob, 1).await,
        ["game_cancelled"]
    );

    let stranger = app.register("cid").await;
    let refusals = [
        app.join(&id, &stranger, json!({})).await,
        app.table_command(id, &ann, "start").await,
        app.table_command(id, &bob, "leave").await,
        app.table_command(id, &ann, "cancel").await,
    ];
    for refused in refusals {
        assert_problem(refused, StatusCode::CONFLICT, "game_cancelled").await;
    }
    assert_eq!(app.event_count(id).await, count);
    let listed: Value = app
        .open_games(&stranger, "status=open")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(listed["games"], json!([]));
    let bobs_games: Value = app
        .get("/v1/me/games", Some(&bob.token))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(bobs_games["games"][0]["status"], "cancelled");
}

#[tokio::test]
async fn only_the_creator_may_cancel_and_only_before_the_start_and_a_refusal_appends_nothing() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let open = app.open_game(&ann, "firewall-duel", 2).await;
    assert_eq!(
        app.join(&open, &bob, json!({})).await.status(),
        StatusCode::OK
    );
    let refused = app.table_command(open, &bob, "cancel").await;
    assert_problem(refused, StatusCode::FORBIDDEN, "not_the_creator").await;
    assert_eq!(app.event_count(open).await, 3);
    assert_eq!(app.game(open, &ann).await["status"], "open");

    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.event_count(id).await;
    let refused = app.table_command(id, &ann, "cancel").await;
    assert_problem(refused, StatusCode::CONFLICT, "game_already_started").await;
    assert_eq!(app.event_count(id).await, before);
}

#[tokio::test]
async fn open_games_with_a_free_seat_are_listed_oldest_first_by_ruleset_and_page_by_page() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    let mut waiting = Vec::new();
    for _ in 0..3 {
        waiting.push(app.open_game(&ann, "firewall-duel", 2).await);
    }
    let full = app.open_game(&ann, "firewall-duel", 2).await;
    assert_eq!(
        app.join(&full, &bob, json!({})).await.status(),
        StatusCode::OK
    );
    app.started_duel(&ann, &bob, json!({})).await;
    let wizwar = app.open_game(&bob, "wizwar", 3).await;

    let first: Value = app
        .open_games(&cid, "status=open&ruleset=firewall-duel&limit=2")
        .await
        .json()
        .await
        .unwrap();
    let ids = |page: &Value| -> Vec<String> {
        page["games"]
            .as_array()
            .unwrap()
            .iter()
            .map(|g| g["id"].as_str().unwrap().to_owned())
            .collect()
    };
    assert_eq!(
        ids(&first),
        [waiting[0].to_string(), waiting[1].to_string()]
    );
    assert_eq!(first["games"][0]["free_seats"], 1);
    assert_eq!(first["games"][0]["seats"], 2);
    assert_eq!(first["games"][0]["created_by"], "ann");
    assert_eq!(first["next_offset"], 2);
    let second: Value = app
        .open_games(&cid, "status=open&ruleset=firewall-duel&limit=2&offset=2")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&second), [waiting[2].to_string()]);
    assert_eq!(second["next_offset"], Value::Null);

    let every: Value = app.open_games(&cid, "").await.json().await.unwrap();
    assert_eq!(ids(&every).len(), 4);
    assert!(ids(&every).contains(&wizwar.to_string()));
    assert!(!ids(&every).contains(&full.to_string()));
    let only_wizwar: Value = app
        .open_games(&cid, "ruleset=wizwar")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(ids(&only_wizwar), [wizwar.to_string()]);
    assert_eq!(only_wizwar["games"][0]["free_seats"], 2);
}

#[tokio::test]
async fn a_listing_of_games_with_bad_filters_or_paging_is_refused() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    for query in [
        "limit=0",
        "limit=101",
        "offset=-1",
        "status=active",
        "status=sleeping",
        "limit=ten",
    ] {
        let refused = app.open_games(&ann, query).await;
        assert_problem(refused, StatusCode::BAD_REQUEST, "invalid_request").await;
    }
    let refused = app.open_games(&ann, "ruleset=chess").await;
    assert_problem(refused, StatusCode::NOT_FOUND, "not_found").await;
    let anonymous = app.get("/v1/games?status=open", None).await;
    assert_eq!(anonymous.status(), StatusCode::UNAUTHORIZED);
}

#[tokio::test]
async fn a_malformed_join_body_is_refused_and_seats_nobody() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.open_game(&ann, "firewall-duel", 2).await;
    for body in [
        json!({ "seat": "1" }),
        json!({ "seat": -1 }),
        json!({ "chair": 1 }),
        json!([1]),
    ] {
        let refused = app.join(&id, &bob, body).await;
        assert_problem(refused, StatusCode::BAD_REQUEST, "malformed_json").await;
    }
    let refused = app
        .post_text(
            &format!("/v1/games/{id}/join"),
            &bob.token,
            "seat two please",
        )
        .await;
    assert_problem(refused, StatusCode::BAD_REQUEST, "malformed_json").await;
    // A well-formed seat sent as text is not JSON either: it is not read, so it seats nobody.
    let as_text = app
        .post_text(
            &format!("/v1/games/{id}/join"),
            &bob.token,
            r#"{"seat": 1}"#,
        )
        .await;
    assert_problem(as_text, StatusCode::BAD_REQUEST, "malformed_json").await;
    assert_eq!(app.event_count(id).await, 2);
    assert_eq!(seated(&app, id, &ann).await, [Some("ann".into()), None]);

    let without_body = app.table_command(id, &bob, "join").await;
    assert_eq!(without_body.status(), StatusCode::OK);
    assert_eq!(
        seated(&app, id, &ann).await,
        [Some("ann".into()), Some("bob".into())]
    );
}

#[tokio::test]
async fn a_game_every_player_agrees_to_abandon_ends_with_nobody_winning_and_its_record_verifies() {
    let app = TestApp::spawn().await;
    let (ann, bob, eve) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("eve").await,
    );
    let open = app.open_game(&ann, "firewall-duel", 2).await;
    let refused = app.table_command(open, &ann, "abandon").await;
    assert_problem(refused, StatusCode::CONFLICT, "game_not_started").await;

    let id = app.started_duel(&ann, &bob, json!({})).await;
    let before = app.event_count(id).await;
    let refused = app.table_command(id, &eve, "abandon").await;
    assert_problem(refused, StatusCode::FORBIDDEN, "not_a_player").await;
    assert_eq!(app.event_count(id).await, before);

    let response = app.table_command(id, &bob, "abandon").await;
    assert_eq!(response.status(), StatusCode::OK);
    let game: Value = response.json().await.unwrap();
    assert_eq!(game["status"], "active", "one agreement does not end it");
    assert_eq!(app.event_count(id).await, before + 1);
    let refused = app.table_command(id, &bob, "abandon").await;
    assert_problem(refused, StatusCode::CONFLICT, "already_agreed_to_abandon").await;
    assert_eq!(app.event_count(id).await, before + 1);

    let response = app.table_command(id, &ann, "abandon").await;
    assert_eq!(response.status(), StatusCode::OK);
    let game: Value = response.json().await.unwrap();
    assert_eq!(game["status"], "finished");
    assert_eq!(game["outcome"]["winners"], json!([]));
    assert_eq!(
        last_platform_events(&app, id, &ann, 3).await,
        ["abandon_agreed", "abandon_agreed", "game_ended"]
    );

    let record: owlpost_api::record::GameRecord = app.export(id, &bob).await.json().await.unwrap();
    let report = owlpost_api::record::verify(&record).expect("an abandoned game's record verifies");
    assert_eq!(report.outcome.winners, []);
}
