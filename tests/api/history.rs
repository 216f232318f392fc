//! History is forever: the golden corpus in `tests/records/` — records and
//! games in progress written by earlier builds, never made again — read by
//! this build. Every record verifies under the revision it was played under,
//! every game shows at every seq what its build showed, and every game in
//! progress goes on under its own rules.

use std::path::{Path, PathBuf};

use owlpost_api::model::LegalListing;
use owlpost_api::play::{game_listing, has_started};
use owlpost_api::record::{GameRecord, verify_assuming};
use owlpost_api::store::LoadedGame;
use owlpost_domain::kit::understood::without_nulls;
use owlpost_domain::registry;
use owlpost_domain::rng::GameRng;
use owlpost_domain::ruleset::Seat;
use reqwest::StatusCode;
use serde_json::{Value, json};
use uuid::Uuid;

use crate::helpers::{Player, TestApp};

fn corpus() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records")
}

fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The build that wrote a corpus file, from its name (`de3d825-…`).
fn made_by(path: &Path) -> &str {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or_default();
    name.split('-').next().unwrap_or_default()
}

/// The revision a record was played under when its first event names none
/// (it was exported before revisions were recorded): the build of ab17c66
/// already played Wiz-War as revision 2 does; every other ruleset it played
/// and every rule of de3d825 are revision 1.
fn revision_of_unnamed(ruleset: &str, build: &str) -> u32 {
    match (ruleset, build) {
        ("wizwar", "ab17c66") => 2,
        _ => 1,
    }
}

/// Every finished record of the corpus, with its expected views beside it.
fn finished_records() -> Vec<PathBuf> {
    let mut records = Vec::new();
    for ruleset in std::fs::read_dir(corpus()).expect("the corpus is there") {
        let dir = ruleset.unwrap().path();
        let name = dir.file_name().unwrap().to_string_lossy().into_owned();
        if !dir.is_dir() || ["in-progress", "make"].contains(&name.as_str()) {
            continue;
        }
        for file in std::fs::read_dir(&dir).unwrap() {
            let path = file.unwrap().path();
            let file_name = path.file_name().unwrap().to_string_lossy();
            if file_name.ends_with(".json") && !file_name.ends_with(".expected-views.json") {
                records.push(path);
            }
        }
    }
    records.sort();
    records
}

fn record(path: &Path) -> GameRecord {
    serde_json::from_value(read_json(path)).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn expected_views_beside(record: &Path) -> PathBuf {
    record.with_extension("expected-views.json")
}

/// `owlpost verify`, with `--revision N` for a record naming none.
fn owlpost_verify(path: &Path, unnamed_revision: Option<u32>) -> (bool, String) {
    let mut command = std::process::Command::new(env!("CARGO_BIN_EXE_owlpost"));
    command.arg("verify");
    if let Some(revision) = unnamed_revision {
        command.args(["--revision", &revision.to_string()]);
    }
    let output = command.arg(path).output().expect("owlpost runs");
    (
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
    )
}

#[test]
fn every_record_of_the_corpus_verifies_with_owlpost_verify_under_the_revision_it_was_played() {
    let records = finished_records();
    assert!(
        records.len() >= 6,
        "the corpus holds the finished games of every ruleset: {records:?}"
    );
    for path in &records {
        let record = record(path);
        let named_in_record = record.events[0].payload["revision"].as_u64();
        let assumed = revision_of_unnamed(&record.ruleset, made_by(path));
        let named = (named_in_record.is_none() && assumed != 1).then_some(assumed);
        let revision = named_in_record.map_or(assumed, |n| n as u32);
        let (verified, said) = owlpost_verify(path, named);
        assert!(verified, "{} does not verify: {said}", path.display());
        assert!(
            said.contains(&format!("revision {revision} of its rules")),
            "{}: {said}",
            path.display()
        );
    }
}

#[test]
fn a_wizwar_record_of_de3d825_verifies_under_revision_1_and_under_no_other() {
    let path = corpus().join("wizwar/de3d825-finished-punch-and-bolt.json");
    let old = record(&path);
    let report = verify_assuming(&old, None).expect("revision 1 plays it as it was played");
    assert_eq!(report.revision, 1);
    assert!(
        report.events > 200,
        "the whole game, punches and the bolt included"
    );
    let under_today = verify_assuming(&old, Some(2)).expect_err("today's rules play it otherwise");
    let (verified, said) = owlpost_verify(&path, Some(2));
    assert!(!verified, "{said}");
    assert!(said.contains("does NOT verify"), "{said}");
    assert!(
        under_today.seq() < report.events as i64,
        "revision 2 departs from the record at some event: {under_today}"
    );
}

/// Whether `now` shows everything `then` showed, as it showed it: new
/// fields may be added; none that was shown may change or go. Differences
/// are written to `differences` with their path.
fn shows_all_of(then: &Value, now: &Value, path: &str, differences: &mut Vec<String>) {
    match (then, now) {
        (Value::Object(then), Value::Object(now)) => {
            for (key, value) in then {
                let shown = now.get(key).unwrap_or(&Value::Null);
                shows_all_of(value, shown, &format!("{path}/{key}"), differences);
            }
        }
        (Value::Array(then), Value::Array(now)) if then.len() == now.len() => {
            for (i, (a, b)) in then.iter().zip(now).enumerate() {
                shows_all_of(a, b, &format!("{path}/{i}"), differences);
            }
        }
        _ if then == now => {}
        _ => differences.push(format!("{path}: then {then}, now {now}")),
    }
}

/// Compares an answer of today with the one the old build gave: the legal
/// commands of then are all legal now (today lists them with `?legal=full`;
/// the old build listed them as it did), everything else as [`shows_all_of`].
///
/// A command the old build listed must still be listed, unless today's
/// rules refuse it there (`refused`): an old listing that held an illegal
/// command was a fault of the listing, which no record depends on.
fn compare_answer(
    then: &Value,
    now: &Value,
    at: &str,
    refused: &dyn Fn(&Value) -> bool,
    differences: &mut Vec<String>,
) {
    let mut then = then.clone();
    let legal_then = then
        .as_object_mut()
        .and_then(|o| o.remove("legal_commands"))
        .unwrap_or_default();
    for command in legal_then.as_array().into_iter().flatten() {
        // Older builds sent a value left out of a command as `null`; today
        // leaves it out. The command is the same.
        let command = &without_nulls(command.clone());
        let listed = now["legal_commands"]
            .as_array()
            .is_some_and(|now| now.contains(command));
        if !listed && !refused(command) {
            differences.push(format!("{at}: {command} was legal and is no longer listed"));
        }
    }
    // The newest revision is the build's, not the game's: it grows with
    // every revision made since. The one the game is played under stays.
    let newest_then = then
        .pointer_mut("/rules_revision")
        .and_then(Value::as_object_mut)
        .and_then(|revision| revision.remove("newest"));
    if let Some(newest_then) = newest_then
        && now["rules_revision"]["newest"].as_u64() < newest_then.as_u64()
    {
        differences.push(format!(
            "{at}: the newest revision went back from {newest_then}"
        ));
    }
    shows_all_of(&then, now, at, differences);
}

/// The answers an old build gave one viewer at every seq, from the corpus's
/// first answer and patches.
fn answers(views: &Value, viewer: &str) -> Vec<Value> {
    let viewer = &views["viewers"][viewer];
    let mut answer = viewer["first"].clone();
    let mut all = vec![answer.clone()];
    for patch in viewer["patches"].as_array().expect("patches") {
        let patch: json_patch::Patch = serde_json::from_value(patch.clone()).expect("a patch");
        json_patch::patch(&mut answer, &patch).expect("the patch applies");
        all.push(answer.clone());
    }
    all
}

/// The viewers of an expected-views file: (name, user id; nil for the spectator).
fn viewers(views: &Value) -> Vec<(String, Uuid)> {
    let mut viewers: Vec<(String, Uuid)> = views["viewers"]
        .as_object()
        .expect("viewers")
        .keys()
        .map(|name| {
            let last = answers(views, name).pop().unwrap();
            let user = match name.strip_prefix("player_") {
                Some(seat) => last["seats"][seat.parse::<usize>().unwrap()]["user_id"]
                    .as_str()
                    .unwrap()
                    .parse()
                    .unwrap(),
                None => Uuid::nil(),
            };
            (name.clone(), user)
        })
        .collect();
    viewers.sort();
    viewers
}

#[test]
fn the_game_of_every_record_at_every_seq_is_the_game_its_build_showed() {
    for path in finished_records() {
        let old = record(&path);
        let views = read_json(&expected_views_beside(&path));
        let viewers = viewers(&views);
        let expected: Vec<(String, Uuid, Vec<Value>)> = viewers
            .into_iter()
            .map(|(name, user)| {
                let answers = answers(&views, &name);
                (name, user, answers)
            })
            .collect();
        let ruleset = registry::find(&old.ruleset).expect("a ruleset of ours");
        let seed = hex::decode(&old.seed).unwrap().try_into().unwrap();
        let new_game = || {
            let mut game = LoadedGame::new(old.game_id, ruleset, seed);
            game.table.assumed_revision = Some(revision_of_unnamed(&old.ruleset, made_by(&path)));
            game
        };
        // The game as it is now (over) decides who may see what: its players see all.
        let mut now = new_game();
        for event in &old.events {
            now.apply(event.seq, event.kind, &event.payload).unwrap();
        }
        let mut past = new_game();
        let mut differences = Vec::new();
        for event in &old.events {
            past.apply(event.seq, event.kind, &event.payload).unwrap();
            past.version = event.seq;
            for (name, user, answers) in &expected {
                let user = (!user.is_nil()).then_some(*user);
                let mut answer = game_listing(&past, user, LegalListing::Full);
                if has_started(past.status) {
                    answer.view = Some(past.rules.view(now.viewer_for(user)));
                }
                let answer = serde_json::to_value(answer).unwrap();
                let at = format!("{} at {} for {name}", path.display(), event.seq);
                let seat = name
                    .strip_prefix("player_")
                    .map(|n| Seat(n.parse().unwrap()));
                let refused = |command: &Value| {
                    seat.is_some_and(|seat| {
                        past.rules
                            .decide(seat, command, &mut GameRng::from_u64(0))
                            .is_err()
                    })
                };
                compare_answer(
                    &answers[event.seq as usize - 1],
                    &answer,
                    &at,
                    &refused,
                    &mut differences,
                );
            }
        }
        assert!(
            differences.is_empty(),
            "{} differences, the first: {:#?}",
            differences.len(),
            &differences[..differences.len().min(10)]
        );
    }
}

/// A game in progress of a corpus dump: its description and its players logged in.
struct GameInProgress {
    id: Uuid,
    ruleset: String,
    described: Value,
    players: Vec<Player>,
    spectator: Player,
}

async fn in_progress(app: &TestApp, description: &Value) -> Vec<GameInProgress> {
    let mut games = Vec::new();
    for described in description["games"].as_array().unwrap() {
        let mut players = Vec::new();
        let mut spectator = None;
        for player in described["players"].as_array().unwrap() {
            let logged_in = app
                .log_in(
                    player["username"].as_str().unwrap(),
                    player["password"].as_str().unwrap(),
                )
                .await;
            match player["seat"].as_u64() {
                Some(_) => players.push(logged_in),
                None => spectator = Some(logged_in),
            }
        }
        games.push(GameInProgress {
            id: described["game_id"].as_str().unwrap().parse().unwrap(),
            ruleset: described["ruleset"].as_str().unwrap().to_owned(),
            described: described.clone(),
            players,
            spectator: spectator.expect("a spectator"),
        });
    }
    games
}

/// Checks that the server shows every viewer the game at every seq as the
/// old build did.
async fn shows_what_its_build_showed(app: &TestApp, game: &GameInProgress) {
    let views = read_json(
        &corpus()
            .join("in-progress")
            .join(game.described["views"].as_str().unwrap()),
    );
    let mut differences = Vec::new();
    for (name, _) in viewers(&views) {
        let viewer = match name.strip_prefix("player_") {
            Some(seat) => &game.players[seat.parse::<usize>().unwrap()],
            None => &game.spectator,
        };
        for (i, then) in answers(&views, &name).iter().enumerate() {
            let seq = i + 1;
            let response = app
                .get(
                    &format!("/v1/games/{}/at/{seq}?legal=full", game.id),
                    Some(&viewer.token),
                )
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            let now: Value = response.json().await.unwrap();
            let at = format!("{} at {seq} for {name}", game.ruleset);
            compare_answer(then, &now, &at, &|_| false, &mut differences);
        }
    }
    assert!(
        differences.is_empty(),
        "{} differences, the first: {:#?}",
        differences.len(),
        &differences[..differences.len().min(10)]
    );
}

/// The awaited player sends the punch the corpus says is legal; returns the
/// types of the events it made.
async fn punch(app: &TestApp, game: &GameInProgress) -> Vec<String> {
    let seat = game.described["awaited_seat"].as_u64().unwrap() as usize;
    let response = app
        .act(
            game.id,
            &game.players[seat],
            json!({ "command": game.described["legal_punch"] }),
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK, "the punch is legal");
    let events: Value = app
        .get(
            &format!(
                "/v1/games/{}/events?after={}",
                game.id, game.described["version"]
            ),
            Some(&game.players[seat].token),
        )
        .await
        .json()
        .await
        .unwrap();
    events["events"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|e| e["body"]["event"]["type"].as_str().map(str::to_owned))
        .collect()
}

async fn revision(app: &TestApp, id: Uuid, player: &Player) -> Value {
    app.game(id, player).await["rules_revision"].clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wizwar_game_left_in_progress_by_de3d825_goes_on_under_revision_1_where_a_punch_lands_at_once()
 {
    let description = read_json(&corpus().join("in-progress/de3d825-wizwar-punch-ready.json"));
    let app = TestApp::spawn_on_dump(
        &corpus()
            .join("in-progress")
            .join(description["dump"].as_str().unwrap()),
    )
    .await;
    let games = in_progress(&app, &description).await;
    let game = &games[0];
    shows_what_its_build_showed(&app, game).await;
    assert_eq!(
        revision(&app, game.id, &game.players[0]).await,
        json!({ "number": 1, "newest": 2, "agreed_to_newest": [] })
    );

    let punched = punch(&app, game).await;
    assert!(
        !punched.contains(&"punch_thrown".to_owned()),
        "revision 1 opens no response window for a punch: {punched:?}"
    );
    assert!(
        punched
            .iter()
            .any(|t| t == "wizard_damaged" || t == "punched"),
        "the punch landed at once: {punched:?}"
    );

    // A new Wiz-War game on the same server starts under the newest rules.
    let ann = app.register("newcomer-ann").await;
    let bob = app.register("newcomer-bob").await;
    let new = app.started_game("wizwar", &ann, &bob, json!({})).await;
    assert_eq!(revision(&app, new, &ann).await["number"], 2);

    // Its players may agree to move the old game to the newest rules.
    let [first, second] = [&game.players[0], &game.players[1]];
    let agreed = app.table_command(game.id, first, "revise").await;
    assert_eq!(agreed.status(), StatusCode::OK);
    assert_eq!(
        revision(&app, game.id, second).await,
        json!({ "number": 1, "newest": 2, "agreed_to_newest": [0] })
    );
    let again = app.table_command(game.id, first, "revise").await;
    assert_eq!(again.status(), StatusCode::CONFLICT);
    let moved = app.table_command(game.id, second, "revise").await;
    assert_eq!(moved.status(), StatusCode::OK);
    let now = app.game(game.id, first).await;
    assert_eq!(now["rules_revision"]["number"], 2);
    let others = app.game(game.id, second).await;
    let legal = now["legal_commands"].as_array().unwrap().len()
        + others["legal_commands"].as_array().unwrap().len();
    assert!(legal > 0, "the game goes on under the newest rules");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_left_in_progress_by_ab17c66_go_on_under_their_own_revisions() {
    let description = read_json(&corpus().join("in-progress/ab17c66-four-rulesets.json"));
    let app = TestApp::spawn_on_dump(
        &corpus()
            .join("in-progress")
            .join(description["dump"].as_str().unwrap()),
    )
    .await;
    let games = in_progress(&app, &description).await;
    assert_eq!(games.len(), 4);
    for game in &games {
        shows_what_its_build_showed(&app, game).await;
        let expected = revision_of_unnamed(&game.ruleset, "ab17c66");
        assert_eq!(
            revision(&app, game.id, &game.players[0]).await["number"],
            expected,
            "{} goes on under the revision its build played",
            game.ruleset
        );
        if game.ruleset == "wizwar" {
            let punched = punch(&app, game).await;
            assert!(
                punched.contains(&"punch_thrown".to_owned()),
                "a punch at a wizard waits for its victim's answer under revision 2: {punched:?}"
            );
        } else if game.described["legal_punch"].is_object() {
            let punched = punch(&app, game).await;
            assert!(!punched.is_empty(), "{} goes on", game.ruleset);
        } else {
            let (player, seen) = app
                .awaited(game.id, [&game.players[0], &game.players[1]])
                .await;
            let command = seen["legal_commands"][0].clone();
            let response = app
                .act(game.id, player, json!({ "command": command }))
                .await;
            assert_eq!(
                response.status(),
                StatusCode::OK,
                "{} goes on",
                game.ruleset
            );
        }
    }
}
