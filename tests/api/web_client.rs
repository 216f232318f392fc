//! The web client at `/`, driven in a real headless Chromium through
//! chromedriver: players sign up, meet in the lobby and play by clicking,
//! each page following the other's moves live, and the replay viewer steps
//! through a finished game. Screenshots of each page go to
//! `target/screenshots/` for a person to look at.

use std::process::Stdio;
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, BufReader};
use uuid::Uuid;

use crate::helpers::{Player, TestApp};

/// The longest any one page may take to show what a test waits for (a
/// bound for a loaded machine; a wait ends as soon as the page shows it).
const PATIENCE: Duration = Duration::from_secs(60);
/// How often a wait looks again.
const LOOK_EVERY: Duration = Duration::from_millis(50);
/// The most sealed turns a duel played by clicking may take.
const DUEL_TURN_LIMIT: usize = 120;
/// The most commands a Wiz-War game may take before somebody casts.
const WIZWAR_COMMAND_LIMIT: usize = 120;
const PASSWORD: &str = "a long enough password";

/// A chromedriver of this test's own, on a free loopback port, in a process
/// group of its own so that it and every browser it started end with the test.
struct Driver {
    child: tokio::process::Child,
    url: String,
    _turn: tokio::sync::MutexGuard<'static, ()>,
}

/// Browsers are heavy for a two-core machine: one test drives them at a time.
static BROWSER_TURN: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

impl Driver {
    async fn start() -> Driver {
        let turn = BROWSER_TURN.lock().await;
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .expect("a free loopback port")
            .port();
        let mut child = tokio::process::Command::new("chromedriver")
            .arg(format!("--port={port}"))
            .arg("--allowed-ips=127.0.0.1")
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver runs (Debian: apt-get install chromium chromium-driver)");
        // chromedriver says when it listens; wait for that line, not for a while.
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        tokio::time::timeout(PATIENCE, async {
            while let Some(line) = lines.next_line().await.expect("chromedriver's output") {
                if line.contains("started successfully") {
                    return;
                }
            }
            panic!("chromedriver stopped before it listened");
        })
        .await
        .expect("chromedriver listens in time");
        // Keep reading its output, so that it never blocks on a full pipe.
        tokio::spawn(async move { while let Ok(Some(_)) = lines.next_line().await {} });
        Driver {
            child,
            url: format!("http://127.0.0.1:{port}"),
            _turn: turn,
        }
    }

    /// A fresh headless browser with a profile of its own.
    async fn browser(&self) -> Client {
        self.browser_with(&[]).await
    }

    /// A headless browser keeping its profile (its local storage, its
    /// cookies) in `profile`, where a browser opened later finds it again.
    async fn browser_with_profile(&self, profile: &std::path::Path) -> Client {
        self.browser_with(&[format!("--user-data-dir={}", profile.display())])
            .await
    }

    async fn browser_with(&self, more_args: &[String]) -> Client {
        let mut args: Vec<String> = [
            "--headless=new",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--no-first-run",
            "--window-size=1280,1000",
        ]
        .map(str::to_owned)
        .to_vec();
        args.extend_from_slice(more_args);
        let mut capabilities = serde_json::Map::new();
        capabilities.insert(
            "goog:chromeOptions".into(),
            json!({ "binary": "/usr/bin/chromium", "args": args }),
        );
        ClientBuilder::new(HttpConnector::new())
            .capabilities(capabilities)
            .connect(&self.url)
            .await
            .expect("a browser session")
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        // The browsers are chromedriver's children, in its process group: end them all.
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .status();
        }
    }
}

/// Waits for an element matching `css` to be on the page.
async fn until(browser: &Client, css: &str) -> fantoccini::elements::Element {
    browser
        .wait()
        .at_most(PATIENCE)
        .every(LOOK_EVERY)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("the page never showed {css}: {e}"))
}

/// How often an element is looked up again when the page re-rendered it
/// between finding and using it (the game page redraws on every change).
const STALE_RETRIES: usize = 20;

/// Does `act` on the element matching `css`, finding it again whenever the
/// page has replaced it in the meantime (a stale element).
async fn on_element<T, Act, Done>(browser: &Client, css: &str, act: Act) -> T
where
    Act: Fn(fantoccini::elements::Element) -> Done,
    Done: std::future::Future<Output = Result<T, fantoccini::error::CmdError>>,
{
    for _ in 0..STALE_RETRIES {
        match act(until(browser, css).await).await {
            Ok(done) => return done,
            Err(e) if e.to_string().contains("stale element") => continue,
            Err(e) => panic!("{css}: {e}"),
        }
    }
    panic!("{css} was replaced {STALE_RETRIES} times in a row")
}

async fn click(browser: &Client, css: &str) {
    on_element(browser, css, |e| async move { e.click().await.map(|_| ()) }).await
}

async fn fill(browser: &Client, css: &str, text: &str) {
    on_element(browser, css, |input| async move {
        input.clear().await?;
        input.send_keys(text).await
    })
    .await
}

async fn text_of(browser: &Client, css: &str) -> String {
    on_element(browser, css, |e| async move { e.text().await }).await
}

async fn attribute(browser: &Client, css: &str, name: &str) -> String {
    on_element(browser, css, |e| async move { e.attr(name).await })
        .await
        .unwrap_or_else(|| panic!("{css} has no {name}"))
}

/// Saves what the browser shows as `target/screenshots/{name}.png`.
async fn screenshot(browser: &Client, name: &str) {
    let png = browser.screenshot().await.expect("a screenshot");
    let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .parent()
        .expect("the target directory")
        .join("screenshots");
    std::fs::create_dir_all(&folder).unwrap();
    std::fs::write(folder.join(format!("{name}.png")), png).unwrap();
}

/// Opens the client and signs up (`sign_up`) or logs in; ends in the lobby.
async fn enter(browser: &Client, app: &TestApp, name: &str, sign_up: bool) {
    browser.goto(&app.url("/")).await.unwrap();
    fill(browser, "#username", name).await;
    fill(browser, "#password", PASSWORD).await;
    click(browser, if sign_up { "#sign-up" } else { "#log-in" }).await;
    until(browser, "main#lobby").await;
}

/// Marks the page, so that a test can tell it was never loaded again.
async fn mark_page(browser: &Client) {
    browser
        .execute("window.notReloaded = true;", vec![])
        .await
        .unwrap();
}

async fn still_marked(browser: &Client) -> bool {
    browser
        .execute("return window.notReloaded === true;", vec![])
        .await
        .unwrap()
        == json!(true)
}

async fn version_shown(browser: &Client) -> i64 {
    attribute(browser, "main#game", "data-version")
        .await
        .parse()
        .unwrap()
}

async fn close(browsers: Vec<Client>) {
    for browser in browsers {
        browser.close().await.expect("the browser closes");
    }
}

#[tokio::test]
async fn the_client_is_served_at_the_root_and_the_docs_address_leads_to_the_docs() {
    let app = TestApp::spawn().await;
    let page = app.get("/", None).await;
    assert_eq!(page.status(), StatusCode::OK);
    assert!(
        page.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let html = page.text().await.unwrap();
    assert!(html.contains("/web/app.js") && html.contains("/web/style.css"));
    for (asset, media) in [
        ("/web/app.js", "text/javascript"),
        ("/web/style.css", "text/css"),
        ("/web/owl.svg", "image/svg+xml"),
    ] {
        let response = app.get(asset, None).await;
        assert_eq!(response.status(), StatusCode::OK, "{asset}");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with(media),
            "{asset}"
        );
    }
    crate::helpers::assert_problem(
        app.get("/web/nothing.js", None).await,
        StatusCode::NOT_FOUND,
        "not_found",
    )
    .await;

    let no_redirects = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let docs = no_redirects.get(app.url("/docs")).send().await.unwrap();
    assert!(docs.status().is_redirection(), "{}", docs.status());
    assert_eq!(docs.headers()["location"], "/docs/");
    let followed = app.get("/docs", None).await;
    assert_eq!(followed.status(), StatusCode::OK);
}

/// The bet of the sealed-move form.
const BET: &str = "#sealed-bet input[name=bet]";

/// The box of card `card` in the sealed-move form.
fn card_box(card: u64) -> String {
    format!("#sealed-bet input[name=cards][value=\"{card}\"]")
}

/// Seals one Fire Wall move in the form: `bet` (at most the mana left) and
/// the first of `cards` the hand holds.
async fn seal_a_move(browser: &Client, seat: u8, bet: u64, cards: &[u64]) {
    let mana: u64 = attribute(
        browser,
        &format!("#seats [data-seat=\"{seat}\"]"),
        "data-mana",
    )
    .await
    .parse()
    .unwrap();
    fill(browser, BET, &bet.min(mana).max(1).to_string()).await;
    for &card in cards {
        let checkbox = card_box(card);
        let boxes = browser.find_all(Locator::Css(&checkbox)).await.unwrap();
        if !boxes.is_empty() {
            click(browser, &checkbox).await;
            break;
        }
    }
    let before = version_shown(browser).await;
    click(browser, "#seal-move").await;
    until(
        browser,
        &format!("main#game:not([data-version=\"{before}\"])"),
    )
    .await;
}

#[tokio::test]
async fn two_wizards_meet_in_the_lobby_and_play_a_fire_wall_duel_to_its_end_by_clicking() {
    let app = TestApp::spawn().await;
    let driver = Driver::start().await;
    let (ann, bob) = (driver.browser().await, driver.browser().await);
    enter(&ann, &app, "ann", true).await;
    enter(&bob, &app, "bob", true).await;

    // Ann creates a duel from the lobby; she waits at its table.
    click(&ann, "#create-ruleset option[value=\"firewall-duel\"]").await;
    screenshot(&ann, "lobby").await;
    click(&ann, "#create").await;
    until(&ann, "main#game[data-status=\"open\"]").await;
    let id = attribute(&ann, "main#game", "data-game").await;
    mark_page(&ann).await;
    screenshot(&ann, "fire-wall-table-waiting").await;

    // Bob finds it among the open games and joins; Ann sees him arrive and starts.
    click(&bob, "#refresh-lobby").await;
    click(&bob, &format!("button.join[data-game=\"{id}\"]")).await;
    until(&bob, "main#game[data-status=\"open\"]").await;
    mark_page(&bob).await;
    click(&ann, "#start:not([disabled])").await;
    until(&bob, "main#game[data-status=\"active\"]").await;
    until(&ann, "main#game[data-status=\"active\"]").await;
    screenshot(&ann, "fire-wall-first-turn").await;

    // Ann pushes hard with her Attack Boosts, Bob holds back; each sees the
    // other's sealed move and the reveal arrive on his page.
    let mut finished = false;
    for turn in 0..DUEL_TURN_LIMIT {
        until(
            &ann,
            "main#game[data-awaiting-you=\"true\"], main#game[data-status=\"finished\"]",
        )
        .await;
        if attribute(&ann, "main#game", "data-status").await == "finished" {
            finished = true;
            break;
        }
        seal_a_move(&ann, 0, 6, &[7, 8]).await;
        until(&bob, "#seats [data-seat=\"0\"][data-submitted=\"true\"]").await;
        if turn == 0 {
            screenshot(&bob, "fire-wall-opponent-sealed").await;
        }
        seal_a_move(&bob, 1, 1, &[]).await;
        let revealed = version_shown(&bob).await;
        until(&ann, &format!("main#game[data-version=\"{revealed}\"]")).await;
    }
    assert!(finished, "the duel ends within {DUEL_TURN_LIMIT} turns");
    until(&bob, "main#game[data-status=\"finished\"]").await;
    let verdict = text_of(&bob, "#status").await;
    assert!(verdict.contains("Winner: ann"), "{verdict}");
    assert!(text_of(&ann, "#status").await.contains("Winner: ann"));
    assert!(
        still_marked(&ann).await && still_marked(&bob).await,
        "no page was reloaded: every move arrived live"
    );
    let log = text_of(&bob, "#log").await;
    assert!(log.lines().count() > 20, "the log tells the duel: {log}");
    screenshot(&ann, "fire-wall-won").await;
    screenshot(&bob, "fire-wall-lost").await;
    close(vec![ann, bob]).await;
}

/// Opens the game `id` as `player` in a browser of its own; ends once the
/// page shows the game under way.
async fn open_game(driver: &Driver, app: &TestApp, player: &Player, id: Uuid) -> Client {
    let browser = driver.browser().await;
    enter(&browser, app, &player.name, false).await;
    browser
        .goto(&app.url(&format!("/#/games/{id}")))
        .await
        .unwrap();
    until(&browser, "main#game[data-status=\"active\"]").await;
    mark_page(&browser).await;
    browser
}

/// The log as `browser` shows it once its page shows `version`.
async fn log_at(browser: &Client, version: i64) -> String {
    until(browser, &format!("main#game[data-version=\"{version}\"]")).await;
    text_of(browser, "#log").await
}

#[tokio::test]
async fn a_wizard_seals_a_bet_and_spells_in_the_move_form_and_his_opponent_sees_them_revealed() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    // Every spell in hand from the start: the test knows what each may cast.
    let options = json!({ "full_deck_in_hand": true });
    let id = app.started_game("firewall-duel", &ann, &bob, options).await;
    let offered = app.game(id, &ann).await["legal_command_choices"][0].clone();
    assert_eq!(offered["type"], "submit_move", "{offered}");

    let driver = Driver::start().await;
    let ann_page = open_game(&driver, &app, &ann, id).await;
    let bob_page = open_game(&driver, &app, &bob, id).await;

    // The form is the server's choice: the bet bounded by it, a box for
    // each card it offers, and no Clone target before there is any.
    assert_eq!(
        attribute(&ann_page, BET, "min").await,
        offered["min_bet"].to_string()
    );
    assert_eq!(
        attribute(&ann_page, BET, "max").await,
        offered["max_bet"].to_string()
    );
    let boxes = ann_page
        .find_all(Locator::Css("#sealed-bet input[name=cards]"))
        .await
        .unwrap();
    assert_eq!(boxes.len(), offered["cards"].as_array().unwrap().len());
    let choice = text_of(&ann_page, "#sealed-bet").await;
    assert!(
        choice.contains("Attack Boost") && choice.contains("Clone"),
        "{choice}"
    );
    screenshot(&ann_page, "fire-wall-move-form").await;

    // A bet beyond her mana: the server's refusal is shown and nothing is sealed.
    let before = version_shown(&ann_page).await;
    fill(&ann_page, BET, "999").await;
    click(&ann_page, "#seal-move").await;
    let refusal = text_of(&ann_page, "#flash:not([hidden])").await;
    assert!(refusal.contains("999"), "the refusal says why: {refusal}");
    assert_eq!(version_shown(&ann_page).await, before);
    assert_eq!(app.game(id, &ann).await["version"], json!(before));

    // Ann bets 7 with Attack Boost; Bob sees that she has sealed, not what.
    fill(&ann_page, BET, "7").await;
    click(&ann_page, &card_box(7)).await;
    click(&ann_page, "#seal-move").await;
    let sealed = text_of(&ann_page, "#sealed").await;
    assert!(sealed.contains("a bet of 7 with Attack Boost"), "{sealed}");
    until(
        &bob_page,
        "#seats [data-seat=\"0\"][data-submitted=\"true\"]",
    )
    .await;
    assert!(!text_of(&bob_page, "#seats").await.contains("Attack Boost"));

    // Bob bets 1 with nothing: the turn is revealed on both pages.
    seal_a_move(&bob_page, 1, 1, &[]).await;
    let revealed = version_shown(&bob_page).await;
    for page in [&bob_page, &ann_page] {
        let log = log_at(page, revealed).await;
        assert!(
            log.contains("ann bets 7 mana with Attack Boost; bob bets 1 mana with no spell"),
            "{log}"
        );
    }

    // Now Bob may Clone the Attack Boost: the form asks what to copy only
    // once he picks Clone, and offers what Ann cast.
    let clone_target = "#sealed-bet label[data-target=\"clone\"]";
    until(&bob_page, &format!("{clone_target}[hidden]")).await;
    fill(&bob_page, BET, "2").await;
    click(&bob_page, &card_box(2)).await;
    until(&bob_page, &format!("{clone_target}:not([hidden])")).await;
    assert_eq!(
        text_of(&bob_page, "#sealed-bet-clone").await,
        "Attack Boost"
    );
    click(&bob_page, "#sealed-bet-clone option[value=\"7\"]").await;
    screenshot(&bob_page, "fire-wall-move-form-clone").await;
    click(&bob_page, "#seal-move").await;
    until(
        &ann_page,
        "#seats [data-seat=\"1\"][data-submitted=\"true\"]",
    )
    .await;
    seal_a_move(&ann_page, 0, 1, &[]).await;
    let revealed = version_shown(&ann_page).await;
    let log = log_at(&ann_page, revealed).await;
    assert!(
        log.contains("bob bets 2 mana with Clone (copying Attack Boost)"),
        "Ann's page tells Bob's Clone: {log}"
    );
    assert!(still_marked(&ann_page).await && still_marked(&bob_page).await);
    close(vec![ann_page, bob_page]).await;
}

/// The player the game awaits, his seat and his view.
async fn awaited(app: &TestApp, id: Uuid, players: [&Player; 2]) -> (usize, Value) {
    let (player, game) = app.awaited(id, players).await;
    let index = players
        .iter()
        .position(|p| std::ptr::eq(*p, player))
        .expect("one of the players");
    (index, game)
}

#[tokio::test]
async fn a_wizard_moves_and_casts_and_his_opponent_answers_the_window_on_his_page() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let created = app
        .post(
            "/v1/games",
            Some(&ann.token),
            &json!({ "ruleset": "wizwar", "seats": 2, "options": { "yield_policy": "always" } }),
        )
        .await;
    let id = app.start_created(created, &ann, &bob).await;

    let driver = Driver::start().await;
    let browsers = [driver.browser().await, driver.browser().await];
    let players = [&ann, &bob];
    for (browser, player) in browsers.iter().zip(players) {
        enter(browser, &app, &player.name, false).await;
        browser
            .goto(&app.url(&format!("/#/games/{id}")))
            .await
            .unwrap();
        until(browser, "main#game[data-status=\"active\"]").await;
        mark_page(browser).await;
    }

    // The wizard on turn steps once, by clicking the square next to him.
    let (mover, game) = awaited(&app, id, players).await;
    let seat = game["your_seat"].as_u64().unwrap() as usize;
    let square_before = game["view"]["wizards"][seat]["square"].clone();
    let (row, col) = (
        square_before["row"].as_i64().unwrap(),
        square_before["col"].as_i64().unwrap(),
    );
    let board = &game["view"]["board"];
    let (rows, cols) = (
        board["rows"].as_i64().unwrap(),
        board["cols"].as_i64().unwrap(),
    );
    // A step over the board's wrapping edge has no square beside him to click.
    let step = game["legal_commands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["type"] == "move")
        .find_map(|c| match c["direction"].as_str().unwrap() {
            "north" if row > 0 => Some((row - 1, col)),
            "south" if row + 1 < rows => Some((row + 1, col)),
            "east" if col + 1 < cols => Some((row, col + 1)),
            "west" if col > 0 => Some((row, col - 1)),
            _ => None,
        })
        .expect("the wizard on turn may step somewhere on the board");
    screenshot(&browsers[mover], "wizwar-turn").await;
    click(
        &browsers[mover],
        &format!("#board [data-square=\"r{}c{}\"]", step.0, step.1),
    )
    .await;
    until(
        &browsers[mover],
        &format!("main#game:not([data-version=\"{}\"])", game["version"]),
    )
    .await;
    let moved = app.game(id, players[mover]).await;
    assert_ne!(
        moved["view"]["wizards"][seat]["square"], square_before,
        "the wizard moved"
    );
    for browser in &browsers {
        until(
            browser,
            &format!("main#game[data-version=\"{}\"]", moved["version"]),
        )
        .await;
    }

    // Whoever is on turn casts, at the other wizard when he can, by choosing a
    // card and then its target; without a spell he ends his turn.
    for _ in 0..WIZWAR_COMMAND_LIMIT {
        let (who, game) = awaited(&app, id, players).await;
        if game["awaiting"][0]["reason"] == "response" {
            break;
        }
        let browser = &browsers[who];
        let other = 1 - game["your_seat"].as_u64().unwrap();
        let legal = game["legal_commands"].as_array().unwrap();
        let at_the_other = legal.iter().find(|c| {
            c["type"] == "cast" && c["target"] == json!({ "kind": "wizard", "seat": other })
        });
        let version = game["version"].as_i64().unwrap();
        if let Some(cast) = at_the_other {
            click(
                browser,
                &format!("#hand button.card[data-card=\"{}\"]", cast["card"]),
            )
            .await;
            screenshot(browser, "wizwar-card-chosen").await;
            click(browser, &format!("#board [data-wizard=\"seat-{other}\"]")).await;
        } else if let Some(cast) = legal.iter().find(|c| c["type"] == "cast") {
            click(
                browser,
                &format!("#hand button.card[data-card=\"{}\"]", cast["card"]),
            )
            .await;
            screenshot(browser, "wizwar-card-chosen").await;
            click(browser, "#card-commands button.command").await;
        } else {
            // Over his hand limit, a wizard discards before his turn can end.
            let next = ["end_move_and_cast", "draw", "end_turn", "discard"]
                .into_iter()
                .find(|kind| legal.iter().any(|c| c["type"] == *kind))
                .expect("a turn can always be ended");
            click(
                browser,
                &format!("#actions button[data-command-type=\"{next}\"]"),
            )
            .await;
        }
        until(
            browser,
            &format!("main#game:not([data-version=\"{version}\"])"),
        )
        .await;
    }

    // The window opens on the other wizard's page, live; he lets the spell happen.
    let (responder, window) = awaited(&app, id, players).await;
    assert_eq!(window["awaiting"][0]["reason"], "response", "somebody cast");
    let caster = 1 - responder;
    let answering = &browsers[responder];
    until(answering, "#window button[data-command-type=\"pass\"]").await;
    let words = text_of(answering, "#window").await;
    assert!(words.contains("casts"), "{words}");
    screenshot(answering, "wizwar-counter-spell-window").await;
    until(&browsers[caster], "#window").await;
    click(answering, "#window button[data-command-type=\"pass\"]").await;
    until(
        answering,
        &format!("main#game:not([data-version=\"{}\"])", window["version"]),
    )
    .await;
    let after = app.game(id, players[caster]).await;
    assert!(
        after["view"]["stack"].as_array().unwrap().is_empty(),
        "the cast resolved"
    );
    let version = after["version"].as_i64().unwrap();
    for browser in &browsers {
        until(browser, &format!("main#game[data-version=\"{version}\"]")).await;
        assert!(
            still_marked(browser).await,
            "the page followed the game without a reload"
        );
    }
    let log = text_of(&browsers[caster], "#log").await;
    assert!(
        log.to_lowercase().contains("pass"),
        "the log tells of the pass: {log}"
    );
    screenshot(&browsers[caster], "wizwar-after-the-window").await;
    let [first, second] = browsers;
    close(vec![first, second]).await;
}

#[tokio::test]
async fn the_replay_viewer_steps_back_and_forth_through_a_finished_duel() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let last = app.game(id, &ann).await["version"].as_i64().unwrap();
    let feed = app.feed(id, &ann).await;
    let started = feed
        .iter()
        .position(|e| e["body"]["event"]["type"] == "match_started")
        .expect("the match started") as i64
        + 1;

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, "eve", true).await;
    browser
        .goto(&app.url(&format!("/#/replay/{id}")))
        .await
        .unwrap();
    until(
        &browser,
        &format!("main#replay[data-loaded-step=\"{last}\"]"),
    )
    .await;
    assert_eq!(
        attribute(&browser, "#replay-slider", "max").await,
        last.to_string()
    );
    screenshot(&browser, "replay-end").await;

    click(&browser, "#replay-first").await;
    until(&browser, "main#replay[data-loaded-step=\"1\"]").await;
    assert!(text_of(&browser, "#board").await.contains("not started"));
    until(&browser, "#log li.current[data-seq=\"1\"]").await;

    for step in 2..=started {
        click(&browser, "#replay-next").await;
        until(
            &browser,
            &format!("main#replay[data-loaded-step=\"{step}\"]"),
        )
        .await;
    }
    assert_eq!(
        attribute(&browser, "#seats [data-seat=\"0\"]", "data-mana").await,
        "50"
    );
    assert_eq!(
        attribute(&browser, "#seats [data-seat=\"1\"]", "data-mana").await,
        "50"
    );
    screenshot(&browser, "replay-match-started").await;

    click(&browser, "#replay-prev").await;
    until(
        &browser,
        &format!("main#replay[data-loaded-step=\"{}\"]", started - 1),
    )
    .await;
    until(
        &browser,
        &format!("#log li.current[data-seq=\"{}\"]", started - 1),
    )
    .await;
    until(&browser, &format!("#log li.future[data-seq=\"{started}\"]")).await;

    click(&browser, "#replay-last").await;
    until(
        &browser,
        &format!("main#replay[data-loaded-step=\"{last}\"]"),
    )
    .await;
    let said = text_of(&browser, "#replay-event").await;
    assert!(!said.is_empty());
    close(vec![browser]).await;
}

/// A Wizards of War game between two new players, started, where no
/// response window stops at anyone.
async fn a_war_of_wizards(app: &TestApp) -> (Uuid, Player, Player) {
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let options = json!({ "yield_policy": "never" });
    let id = app
        .started_game("wizards-of-war", &ann, &bob, options)
        .await;
    (id, ann, bob)
}

#[tokio::test]
async fn a_war_of_wizards_is_played_from_its_page_with_commands_in_words() {
    let app = TestApp::spawn().await;
    let (id, ann, bob) = a_war_of_wizards(&app).await;
    let players = [&ann, &bob];
    let (seat, game) = awaited(&app, id, players).await;

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, &players[seat].name, false).await;
    browser
        .goto(&app.url(&format!("/#/games/{id}")))
        .await
        .unwrap();
    until(&browser, "main#game[data-status=\"active\"]").await;
    until(&browser, "#board svg[data-ruleset=\"wizards-of-war\"]").await;
    until(
        &browser,
        &format!("#seats [data-seat=\"{seat}\"][data-life=\"4\"]"),
    )
    .await;
    until(&browser, "#hand").await;
    let words = text_of(&browser, "#actions button.command").await;
    assert!(
        !words.contains('{') && words.len() > 3,
        "a command told in words: {words}"
    );
    screenshot(&browser, "wizards-of-war-turn").await;
    click(&browser, "#actions button.command").await;
    until(
        &browser,
        &format!("main#game:not([data-version=\"{}\"])", game["version"]),
    )
    .await;
    assert!(app.game(id, players[seat]).await["version"].as_i64() > game["version"].as_i64());
    close(vec![browser]).await;
}

#[tokio::test]
async fn a_unit_of_the_war_of_wizards_is_chosen_and_moved_by_clicks_on_the_board() {
    let app = TestApp::spawn().await;
    let (id, ann, bob) = a_war_of_wizards(&app).await;
    let players = [&ann, &bob];
    // Played through the API until the player awaited may move a unit.
    let (seat, game, step) = loop {
        let (seat, game) = awaited(&app, id, players).await;
        let legal = game["legal_commands"].as_array().unwrap().clone();
        if let Some(step) = legal.iter().find(|c| c["type"] == "move") {
            break (seat, game, step.clone());
        }
        let response = app
            .act(
                id,
                players[seat],
                json!({ "command": legal[0], "expected_version": game["version"] }),
            )
            .await;
        assert_eq!(response.status(), StatusCode::OK);
    };

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, &players[seat].name, false).await;
    browser
        .goto(&app.url(&format!("/#/games/{id}")))
        .await
        .unwrap();
    until(&browser, "#board svg[data-ruleset=\"wizards-of-war\"]").await;
    let unit = &step["unit"];
    let to = &step["to"];
    click(
        &browser,
        &format!("#board .unit.targetable[data-unit=\"{unit}\"]"),
    )
    .await;
    until(
        &browser,
        &format!("#board .unit.chosen[data-unit=\"{unit}\"]"),
    )
    .await;
    click(
        &browser,
        &format!(
            "#board .square.targetable[data-col=\"{}\"][data-row=\"{}\"]",
            to["col"], to["row"]
        ),
    )
    .await;
    until(
        &browser,
        &format!("main#game:not([data-version=\"{}\"])", game["version"]),
    )
    .await;
    let after = app.game(id, players[seat]).await;
    let moved = after["view"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| &u["id"] == unit)
        .expect("the unit is still on the board");
    assert_eq!(&moved["square"], to, "the unit stands where it was sent");
    close(vec![browser]).await;
}

#[tokio::test]
async fn a_classic_wiz_war_game_is_played_on_the_wiz_war_page_with_its_own_catalogue() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app
        .started_game("wizwar-classic", &ann, &bob, json!({}))
        .await;
    // Each chooses his sector face down on the page, with buttons told in
    // words; the board picture tells who has chosen, never what.
    let driver = Driver::start().await;
    let mut browsers = vec![];
    for (player, sector) in [(&ann, "blue"), (&bob, "red")] {
        let browser = driver.browser().await;
        enter(&browser, &app, &player.name, false).await;
        browser
            .goto(&app.url(&format!("/#/games/{id}")))
            .await
            .unwrap();
        let button = format!(
            "#sector-choice button[data-command-type=\"choose_sector\"][data-sector=\"{sector}\"]"
        );
        assert_eq!(
            text_of(&browser, &button).await,
            format!("Choose the {sector} sector face down")
        );
        let version = app.game(id, player).await["version"].clone();
        click(&browser, &button).await;
        until(
            &browser,
            &format!("main#game:not([data-version=\"{version}\"])"),
        )
        .await;
        if sector == "blue" {
            // Bob has not chosen yet: the picture says so, and not Ann's colour.
            until(
                &browser,
                "#board svg text.sector-choice[data-chosen=\"false\"]",
            )
            .await;
            until(
                &browser,
                "#board svg text.sector-choice[data-chosen=\"true\"]",
            )
            .await;
            screenshot(&browser, "wizwar-classic-sector-choice").await;
        }
        browsers.push(browser);
    }
    // Ann's page before the board was laid showed the sealed choice; once
    // Bob has chosen, the board is laid and its picture drawn.
    let bob_page = &browsers[1];
    until(
        bob_page,
        "#board svg[data-ruleset=\"wizwar-classic\"] rect.sector",
    )
    .await;
    screenshot(bob_page, "wizwar-classic-board").await;
    let (index, game) = awaited(&app, id, [&ann, &bob]).await;
    // The title of a card in his hand, as the classic catalogue gives it.
    let classic: Value = app
        .get("/v1/rulesets/wizwar-classic", None)
        .await
        .json()
        .await
        .unwrap();
    let catalogue = classic["reference"]["cards"].clone();
    let seat = game["your_seat"].as_u64().unwrap() as usize;
    let first = &game["view"]["wizards"][seat]["hand"][0]["name"];
    let title = catalogue
        .as_array()
        .unwrap()
        .iter()
        .find(|c| &c["name"] == first)
        .and_then(|c| c["title"].as_str())
        .expect("the card is in the classic catalogue")
        .to_owned();

    let browser = browsers.remove(index);
    browser
        .goto(&app.url(&format!("/#/games/{id}")))
        .await
        .unwrap();
    browser.refresh().await.unwrap();
    until(&browser, "main#game[data-status=\"active\"]").await;
    // The Wiz-War page: its yield policy form, the hand titled from the
    // classic catalogue.
    until(&browser, "#yield-form").await;
    let hand = text_of(&browser, "#hand").await;
    assert!(hand.contains(&title), "{title} not in {hand}");
    screenshot(&browser, "wizwar-classic-page").await;
    browsers.push(browser);
    close(browsers).await;
}

/// The most commands of a war played through the API before every kind of
/// board click has had its moment.
const WAR_COMMAND_LIMIT: usize = 3000;

/// Wars played at most until each kind of click has had its chance. The
/// dice are the server's, so a war may end before a spell in hand can be
/// cast at a unit: three wars were once not enough (CI, 2026-11-28); a war
/// takes about two seconds here.
const WARS_TO_CLICK_IN: usize = 8;

/// What a Wizards of War player does by clicking the board, and how the
/// test finds it among the legal commands.
#[derive(Clone, Copy, Debug, PartialEq)]
enum BoardClick {
    Summon,
    Move,
    Attack,
    CastAtUnit,
}

impl BoardClick {
    fn fits(self, command: &Value) -> bool {
        match self {
            BoardClick::Summon => command["type"] == "place_monster",
            BoardClick::Move => command["type"] == "move",
            BoardClick::Attack => command["type"] == "attack",
            BoardClick::CastAtUnit => {
                command["type"] == "cast" && command["target"]["kind"] == "unit"
            }
        }
    }

    /// The events the move may write (one of them): an attack at a unit
    /// rolls the combat dice, one at a wall of thorns attacks the wall.
    fn events(self) -> &'static [&'static str] {
        match self {
            BoardClick::Summon => &["monster_summoned"],
            BoardClick::Move => &["unit_moved"],
            BoardClick::Attack => &["combat_rolled", "thorns_attacked"],
            BoardClick::CastAtUnit => &["spell_cast"],
        }
    }
}

/// CSS for the board's element standing on `square` (`{col, row}`): the
/// unit there, else the square.
fn on_square(game: &Value, square: &Value) -> String {
    let unit = game["view"]["units"]
        .as_array()
        .unwrap()
        .iter()
        .find(|u| &u["square"] == square);
    match unit {
        Some(unit) => format!("#board .unit.targetable[data-unit=\"{}\"]", unit["id"]),
        None => format!(
            "#board .square.targetable[data-col=\"{}\"][data-row=\"{}\"]",
            square["col"], square["row"]
        ),
    }
}

/// Plays `command` on `browser`'s page by clicks on the hand and the board.
async fn click_on_the_board(
    browser: &Client,
    game: &Value,
    click_kind: BoardClick,
    command: &Value,
) {
    until(
        browser,
        &format!("main#game[data-version=\"{}\"]", game["version"]),
    )
    .await;
    match click_kind {
        BoardClick::Summon => click(browser, &on_square(game, &command["square"])).await,
        BoardClick::Move | BoardClick::Attack => {
            let unit = &command["unit"];
            click(
                browser,
                &format!("#board .unit.targetable[data-unit=\"{unit}\"]"),
            )
            .await;
            until(
                browser,
                &format!("#board .unit.chosen[data-unit=\"{unit}\"]"),
            )
            .await;
            let to = if click_kind == BoardClick::Move {
                &command["to"]
            } else {
                &command["target"]
            };
            click(browser, &on_square(game, to)).await;
        }
        BoardClick::CastAtUnit => {
            click(
                browser,
                &format!("#hand button.card[data-card=\"{}\"]", command["card"]),
            )
            .await;
            until(browser, "#chosen-spell").await;
            click(browser, &on_square(game, &command["target"]["square"])).await;
        }
    }
    until(
        browser,
        &format!("main#game:not([data-version=\"{}\"])", game["version"]),
    )
    .await;
}

#[tokio::test]
async fn a_war_of_wizards_is_played_by_clicks_on_the_board_summon_move_attack_and_cast_at_a_unit() {
    let app = TestApp::spawn().await;
    let driver = Driver::start().await;
    let mut to_click = vec![
        BoardClick::Summon,
        BoardClick::Move,
        BoardClick::Attack,
        BoardClick::CastAtUnit,
    ];
    // The dice are the server's: wars are played through the API, and each
    // kind of click is made on the page of the player who may make it first.
    // The same two players for every war (a name registers once).
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    'wars: for _ in 0..WARS_TO_CLICK_IN {
        let id = app
            .started_game(
                "wizards-of-war",
                &ann,
                &bob,
                json!({ "yield_policy": "never" }),
            )
            .await;
        let players = [&ann, &bob];
        let pages = [
            open_game(&driver, &app, &ann, id).await,
            open_game(&driver, &app, &bob, id).await,
        ];
        for _ in 0..WAR_COMMAND_LIMIT {
            if app.game(id, &ann).await["status"] != "active" {
                close(pages.into()).await;
                continue 'wars;
            }
            let (seat, game) = awaited(&app, id, players).await;
            let legal = game["legal_commands"].as_array().unwrap();
            let chance = to_click.iter().enumerate().find_map(|(i, kind)| {
                legal
                    .iter()
                    .find(|c| kind.fits(c))
                    .map(|c| (i, *kind, c.clone()))
            });
            let Some((i, kind, command)) = chance else {
                // A spell cast at a unit needs a spell in hand first: while
                // one is still to be clicked, draw whenever the die allows.
                let draw = legal
                    .iter()
                    .find(|c| c["type"] == "draw_spell")
                    .filter(|_| to_click.contains(&BoardClick::CastAtUnit))
                    .cloned();
                let command = draw.unwrap_or_else(|| crate::wizards_of_war::greedy(&game));
                let response = app
                    .act(
                        id,
                        players[seat],
                        json!({ "command": command, "expected_version": game["version"] }),
                    )
                    .await;
                assert_eq!(response.status(), StatusCode::OK);
                continue;
            };
            let before = game["version"].as_i64().unwrap();
            click_on_the_board(&pages[seat], &game, kind, &command).await;
            let feed = app.feed(id, players[seat]).await;
            let written: Vec<&Value> = feed
                .iter()
                .filter(|e| e["seq"].as_i64() > Some(before))
                .map(|e| &e["body"]["event"]["type"])
                .collect();
            assert!(
                kind.events().iter().any(|e| written.contains(&&json!(e))),
                "{kind:?} by clicks wrote {written:?}"
            );
            to_click.remove(i);
            if to_click.is_empty() {
                let page = &pages[seat];
                until(page, "#board .key .legend-terrain[data-terrain=\"river\"]").await;
                page.execute(
                    "document.querySelector('#board svg').scrollIntoView({ block: 'end' });",
                    vec![],
                )
                .await
                .unwrap();
                screenshot(page, "wizards-of-war-by-clicks").await;
                close(pages.into()).await;
                return;
            }
        }
        panic!("no war of {WAR_COMMAND_LIMIT} commands ended");
    }
    panic!("{WARS_TO_CLICK_IN} wars ended before these were clicked: {to_click:?}");
}

#[tokio::test]
async fn an_old_game_shows_its_rules_revision_and_its_players_agree_on_the_page_to_move_to_the_newest()
 {
    let records =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/records/in-progress");
    let described: Value = serde_json::from_str(
        &std::fs::read_to_string(records.join("de3d825-wizwar-punch-ready.json")).unwrap(),
    )
    .unwrap();
    let app = TestApp::spawn_on_dump(&records.join(described["dump"].as_str().unwrap())).await;
    let game = &described["games"][0];
    let id: Uuid = game["game_id"].as_str().unwrap().parse().unwrap();
    let account = |seat: usize| {
        let player = &game["players"][seat];
        (
            player["username"].as_str().unwrap().to_owned(),
            player["password"].as_str().unwrap().to_owned(),
        )
    };
    let (name, password) = account(0);
    let (other_name, other_password) = account(1);

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    browser.goto(&app.url("/")).await.unwrap();
    fill(&browser, "#username", &name).await;
    fill(&browser, "#password", &password).await;
    click(&browser, "#log-in").await;
    until(&browser, "main#lobby").await;
    browser
        .goto(&app.url(&format!("/#/games/{id}")))
        .await
        .unwrap();
    until(
        &browser,
        "#rules-revision[data-revision=\"1\"][data-newest=\"2\"]",
    )
    .await;
    let told = text_of(&browser, "#rules-revision").await;
    assert!(
        told.contains("revision 1") && told.contains("the newest is revision 2"),
        "{told}"
    );
    click(&browser, "#newer-rules summary").await;
    let changes = text_of(&browser, "#newer-rules").await;
    assert!(changes.contains("Revision 2"), "{changes}");
    assert!(
        changes.contains("punch"),
        "the changelog in words: {changes}"
    );
    screenshot(&browser, "rules-revision-behind").await;

    click(&browser, "#revise").await;
    until(&browser, "#rules-revision:not(:has(#revise))").await;
    let agreed = text_of(&browser, "#rules-revision").await;
    assert!(agreed.contains("Agreed to move to it: you"), "{agreed}");

    // The other player agrees through the API; the page follows the game live.
    let other = app.log_in(&other_name, &other_password).await;
    let moved = app.table_command(id, &other, "revise").await;
    assert_eq!(moved.status(), StatusCode::OK);
    until(&browser, "#rules-revision[data-revision=\"2\"]").await;
    let now = text_of(&browser, "#rules-revision").await;
    assert!(now.contains("revision 2 of the rules, the newest"), "{now}");
    assert!(
        text_of(&browser, "#log").await.contains("revision 2"),
        "the log tells the move"
    );
    screenshot(&browser, "rules-revision-moved").await;
    close(vec![browser]).await;
}

#[tokio::test]
async fn a_player_page_opens_from_the_lobby_and_replays_one_of_his_games() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    app.play_duel_to_the_end(id, &ann, &bob).await;
    let last = app.game(id, &ann).await["version"].as_i64().unwrap();
    // Ann waits for a new opponent: her name is in the lobby, with her rating.
    app.open_game(&ann, "firewall-duel", 2).await;

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, "eve", true).await;
    let listed = text_of(&browser, "#open-games tbody tr").await;
    assert!(
        listed.contains("ann 1"),
        "ann and her rating in the lobby: {listed}"
    );
    click(&browser, "#open-games a.player-link[data-player=\"ann\"]").await;
    until(&browser, "main#player[data-username=\"ann\"]").await;
    let row = "#player-records tr[data-ruleset=\"firewall-duel\"]";
    assert_eq!(attribute(&browser, row, "data-played").await, "1");
    assert_eq!(
        attribute(&browser, row, "data-won").await,
        "1",
        "ann won the duel"
    );
    screenshot(&browser, "player-page").await;

    click(
        &browser,
        &format!("#player-results tr[data-game=\"{id}\"] a.replay"),
    )
    .await;
    until(
        &browser,
        &format!("main#replay[data-loaded-step=\"{last}\"]"),
    )
    .await;

    click(&browser, "#nav-archive").await;
    until(&browser, &format!("#archive-games tr[data-game=\"{id}\"]")).await;
    screenshot(&browser, "archive").await;
    close(vec![browser]).await;
}

#[tokio::test]
async fn a_wizard_plays_a_fire_wall_duel_against_the_computer_from_the_lobby() {
    let app = TestApp::spawn().await;
    owlpost_api::computers::spawn(
        app.state.store.clone(),
        app.state.background.clone(),
        std::time::Duration::from_secs(1),
    );
    let driver = Driver::start().await;
    let ann = driver.browser().await;
    enter(&ann, &app, "ann", true).await;

    // Ann asks for the computer as her opponent: the duel starts at once.
    click(&ann, "#create-ruleset option[value=\"firewall-duel\"]").await;
    click(&ann, "#create-computers option[value=\"heuristic\"]").await;
    click(&ann, "#create").await;
    until(&ann, "main#game[data-status=\"active\"]").await;
    let title = text_of(&ann, "main#game h1").await;
    assert!(title.contains("ann vs Computer "), "{title}");
    assert!(title.contains("(computer)"), "{title}");

    // The computer plays on its own. Before each of Ann's moves the test
    // waits, through the API, until the computer has done what the turn asks
    // of it and the page shows that version: Ann then fills her form on a
    // page that no move of the computer's redraws under her hand.
    let id: Uuid = attribute(&ann, "main#game", "data-game")
        .await
        .parse()
        .unwrap();
    let ann_api = app.log_in("ann", PASSWORD).await;
    let mut turns = 0;
    while turns < 3 {
        let game = app.game(id, &ann_api).await;
        if game["status"] == "finished" {
            break;
        }
        let version = game["version"].as_i64().unwrap();
        let computer_awaited = game["awaiting"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["seat"] != 0);
        if computer_awaited {
            let waited = app
                .get(
                    &format!("/v1/games/{id}/events?after={version}&wait=30"),
                    Some(&ann_api.token),
                )
                .await;
            let page: Value = waited.json().await.unwrap();
            assert!(
                !page["events"].as_array().unwrap().is_empty(),
                "the computer did not play within 30 s"
            );
            continue;
        }
        until(
            &ann,
            &format!("main#game[data-version=\"{version}\"][data-awaiting-you=\"true\"]"),
        )
        .await;
        seal_a_move(&ann, 0, 2, &[]).await;
        turns += 1;
    }
    let log = text_of(&ann, "#log").await;
    assert!(log.contains("a computer player"), "{log}");
    let computer_moves = log
        .lines()
        .filter(|line| line.contains("Computer ") && line.contains("sealed move"))
        .count();
    assert!(turns == 0 || computer_moves >= 1, "{log}");
    screenshot(&ann, "fire-wall-against-the-computer").await;
    close(vec![ann]).await;
}

#[tokio::test]
async fn a_wizard_creates_a_game_from_the_lobby_that_only_its_players_may_watch_while_it_is_played()
{
    let app = TestApp::spawn().await;
    let driver = Driver::start().await;
    let ann = driver.browser().await;
    enter(&ann, &app, "ann", true).await;

    // "Let others watch" is ticked by default: Ann unticks it.
    click(&ann, "#create-ruleset option[value=\"firewall-duel\"]").await;
    let ticked = on_element(&ann, "#create-spectators", |e| async move {
        e.is_selected().await
    })
    .await;
    assert!(ticked, "others may watch unless the creator says otherwise");
    click(&ann, "#create-spectators").await;
    click(&ann, "#create").await;
    until(&ann, "main#game[data-status=\"open\"]").await;
    let id: Uuid = attribute(&ann, "main#game", "data-game")
        .await
        .parse()
        .unwrap();
    let ann_api = app.log_in("ann", PASSWORD).await;
    assert_eq!(app.game(id, &ann_api).await["spectators"], false);
    close(vec![ann]).await;
}

#[tokio::test]
async fn two_wizards_pause_a_duel_on_its_page_and_one_of_them_resumes_it() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, "ann", false).await;
    browser
        .goto(&app.url(&format!("/#/games/{id}")))
        .await
        .unwrap();
    until(&browser, "main#game[data-status=\"active\"]").await;

    // Ann asks on her page; Bob agrees through the API: her page says so.
    click(&browser, "#pause").await;
    until(&browser, "#pause-asked").await;
    assert_eq!(
        text_of(&browser, "#pause-asked").await,
        "Asked to pause: ann."
    );
    let agreed = app.table_command(id, &bob, "pause").await;
    assert_eq!(agreed.status(), StatusCode::OK);
    until(&browser, "#paused #resume").await;
    assert_eq!(
        attribute(&browser, "main#game", "data-awaiting-you").await,
        "false",
        "a paused game awaits nobody"
    );
    screenshot(&browser, "paused-duel").await;

    // She resumes it: the duel awaits her again.
    click(&browser, "#resume").await;
    until(&browser, "main#game[data-awaiting-you=\"true\"] #pause").await;
    assert_eq!(app.game(id, &ann).await["pause"]["paused"], false);
    close(vec![browser]).await;
}

/// A browser profile folder of one test, removed when it ends.
struct Profile(std::path::PathBuf);

impl Profile {
    fn new() -> Profile {
        let folder = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
            .join("browser-profiles")
            .join(Uuid::new_v4().to_string());
        std::fs::create_dir_all(&folder).unwrap();
        Profile(folder)
    }
}

impl Drop for Profile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The session the page keeps in the browser's local storage.
async fn stored_session(browser: &Client) -> Value {
    let stored = browser
        .execute(
            "return JSON.parse(localStorage.getItem('owlpost.session'));",
            vec![],
        )
        .await
        .unwrap();
    assert!(stored.is_object(), "the page keeps a session: {stored}");
    stored
}

#[tokio::test]
async fn a_wizard_stays_signed_in_after_closing_his_browser_until_he_signs_out_everywhere() {
    let app = TestApp::spawn().await;
    let driver = Driver::start().await;
    let profile = Profile::new();
    let browser = driver.browser_with_profile(&profile.0).await;
    enter(&browser, &app, "percival", true).await;
    // Let the access token look spent, so that the page opened again must
    // renew it with the refresh token it kept.
    let first_refresh_token = browser
        .execute(
            "const kept = JSON.parse(localStorage.getItem('owlpost.session')); \
             kept.renewAt = 0; \
             localStorage.setItem('owlpost.session', JSON.stringify(kept)); \
             return kept.refreshToken;",
            vec![],
        )
        .await
        .unwrap();
    // Ends the WebDriver session: the browser quits, its profile stays.
    browser.close().await.expect("the browser closes");

    let reopened = driver.browser_with_profile(&profile.0).await;
    reopened.goto(&app.url("/")).await.unwrap();
    until(&reopened, "main#lobby").await;
    assert_eq!(
        text_of(&reopened, "#signed-in-as").await,
        "Signed in as percival"
    );
    screenshot(&reopened, "still-signed-in").await;
    let renewed = stored_session(&reopened).await;
    assert_ne!(
        renewed["refreshToken"], first_refresh_token,
        "the page renewed its tokens"
    );
    let stolen = renewed["refreshToken"].as_str().unwrap().to_owned();

    click(&reopened, "#sign-out-everywhere").await;
    until(&reopened, "#sign-in").await;
    let refused = app
        .post(
            "/v1/auth/refresh",
            None,
            &json!({ "refresh_token": stolen }),
        )
        .await;
    crate::helpers::assert_problem(refused, StatusCode::UNAUTHORIZED, "refresh_token_invalid")
        .await;
    close(vec![reopened]).await;
}

#[tokio::test]
async fn the_page_renews_an_access_token_the_server_finds_expired_and_asks_again() {
    // Access tokens of five seconds, so that one expires while the test waits.
    let app = TestApp::spawn_with_access_token_seconds(5).await;
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, "gawain", true).await;
    // The page is made to believe its token fresh for a long while yet
    // (a sleeping laptop, a clock gone wrong) and only the server knows better.
    let kept = browser
        .execute(
            "const kept = JSON.parse(localStorage.getItem('owlpost.session')); \
             kept.renewAt = Date.now() + 1e9; \
             localStorage.setItem('owlpost.session', JSON.stringify(kept)); \
             return kept;",
            vec![],
        )
        .await
        .unwrap();
    let access_token = kept["token"].as_str().unwrap().to_owned();
    let deadline = tokio::time::Instant::now() + PATIENCE;
    loop {
        let read = app.get("/v1/me/games", Some(&access_token)).await;
        if read.status() == StatusCode::UNAUTHORIZED {
            crate::helpers::assert_problem(read, StatusCode::UNAUTHORIZED, "token_expired").await;
            break;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "the token never expired"
        );
        tokio::time::sleep(LOOK_EVERY * 4).await;
    }

    browser.refresh().await.unwrap();
    until(&browser, "main#lobby").await;
    until(&browser, "#my-games").await;
    assert_eq!(
        text_of(&browser, "#signed-in-as").await,
        "Signed in as gawain"
    );
    let renewed = stored_session(&browser).await;
    assert_ne!(renewed["refreshToken"], kept["refreshToken"]);
    assert_ne!(renewed["token"], kept["token"]);
    close(vec![browser]).await;
}

#[tokio::test]
async fn a_second_tab_is_signed_in_too_and_follows_a_sign_out_made_in_the_first() {
    let app = TestApp::spawn().await;
    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, "lancelot", true).await;
    let first_tab = browser.window().await.unwrap();
    let second_tab = browser.new_window(true).await.unwrap().handle;
    browser.switch_to_window(second_tab).await.unwrap();
    browser.goto(&app.url("/")).await.unwrap();
    until(&browser, "main#lobby").await;
    assert_eq!(
        text_of(&browser, "#signed-in-as").await,
        "Signed in as lancelot"
    );

    click(&browser, "#log-out").await;
    until(&browser, "#sign-in").await;
    browser.switch_to_window(first_tab).await.unwrap();
    until(&browser, "#sign-in").await;
    close(vec![browser]).await;
}

#[tokio::test]
async fn a_wizard_takes_a_gone_players_seat_from_the_lobby_and_goes_on_vacation_from_it() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    app.register("carol").await;
    let game = app
        .created_game(
            &ann,
            json!({ "ruleset": "firewall-duel", "seats": 2, "time_control": {
                "move_seconds": 3600,
                "when_gone": { "after_missed_deadlines": 3, "then": "substitute" },
            } }),
        )
        .await;
    let id: Uuid = game["id"].as_str().unwrap().parse().unwrap();
    app.join(&id, &bob, json!({})).await;
    assert_eq!(
        app.table_command(id, &ann, "start").await.status(),
        StatusCode::OK
    );
    // Bob leaves the duel under way: his seat is offered.
    assert_eq!(
        app.table_command(id, &bob, "leave").await.status(),
        StatusCode::OK
    );

    let driver = Driver::start().await;
    let browser = driver.browser().await;
    enter(&browser, &app, "carol", false).await;
    let offer = format!("tr[data-game=\"{id}\"][data-substitute-for=\"1\"]");
    assert!(
        text_of(&browser, &offer)
            .await
            .contains("seat 1 open for a substitute")
    );
    screenshot(&browser, "lobby-substitute").await;
    click(&browser, &format!("{offer} button.take-seat")).await;
    until(&browser, "main#game[data-awaiting-you=\"true\"]").await;
    assert!(
        text_of(&browser, "main#game h1")
            .await
            .contains("carol (replaced bob)")
    );

    // From the lobby she goes on vacation for two days; the duel shows it.
    browser.goto(&app.url("/#/")).await.unwrap();
    fill(&browser, "#vacation-days", "2").await;
    click(&browser, "#start-vacation").await;
    until(&browser, "#vacation-current").await;
    assert_eq!(
        text_of(&browser, "#vacation-days-left").await,
        "12 of 14 vacation days left this year."
    );
    browser
        .goto(&app.url(&format!("/#/games/{id}")))
        .await
        .unwrap();
    until(&browser, "main#game[data-status=\"active\"]").await;
    assert!(
        text_of(&browser, "main#game h1")
            .await
            .contains("(on vacation until")
    );
    screenshot(&browser, "duel-on-vacation").await;
    browser.goto(&app.url("/#/")).await.unwrap();
    click(&browser, "#end-vacation").await;
    until(&browser, "#vacation-form").await;
    assert_eq!(
        text_of(&browser, "#vacation-days-left").await,
        "13 of 14 vacation days left this year."
    );
    close(vec![browser]).await;
}

#[tokio::test]
async fn two_wizards_talk_on_their_pages_one_writes_and_the_others_page_shows_it_as_plain_text() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let driver = Driver::start().await;
    let ann_page = open_game(&driver, &app, &ann, id).await;
    let bob_page = open_game(&driver, &app, &bob, id).await;
    assert_eq!(text_of(&bob_page, "#no-messages").await, "No messages yet.");

    // Ann writes to the table; Bob's page shows it, markup and all, as text.
    fill(&ann_page, "#message-text", "<i>Well met</i>, Bob & co").await;
    click(&ann_page, "#send-message").await;
    until(&bob_page, "#messages li.message").await;
    assert_eq!(
        text_of(&bob_page, "#messages li.message .message-text").await,
        "<i>Well met</i>, Bob & co"
    );
    assert_eq!(
        text_of(&bob_page, "#messages li.message .from").await,
        "ann"
    );

    // Bob answers Ann alone, chosen in the box.
    on_element(&bob_page, "#message-to", |select| async move {
        select.select_by_value("0").await
    })
    .await;
    fill(&bob_page, "#message-text", "Only you may read this").await;
    click(&bob_page, "#send-message").await;
    until(&ann_page, "#messages li.message.private").await;
    assert_eq!(
        text_of(&ann_page, "#messages li.private .from").await,
        "bob to ann alone"
    );
    assert_eq!(
        text_of(&ann_page, "#messages li.private .message-text").await,
        "Only you may read this"
    );
    assert!(still_marked(&ann_page).await && still_marked(&bob_page).await);
    screenshot(&ann_page, "table-talk").await;
    close(vec![ann_page, bob_page]).await;
}

#[tokio::test]
async fn a_wizard_takes_back_his_sealed_move_on_his_page_once_his_opponent_agrees_on_hers() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    assert_eq!(
        app.act(id, &ann, crate::helpers::bet(1, &[]))
            .await
            .status(),
        StatusCode::OK
    );
    let driver = Driver::start().await;
    let ann_page = open_game(&driver, &app, &ann, id).await;
    let bob_page = open_game(&driver, &app, &bob, id).await;

    click(&ann_page, "#takeback").await;
    until(&ann_page, "p#takeback-asked").await;
    until(&bob_page, "#takeback-agree").await;
    assert_eq!(
        text_of(&bob_page, "#takeback-asked p").await,
        "ann asks to take back the last move."
    );
    click(&bob_page, "#takeback-agree").await;

    // Ann's sealed move is gone: the duel awaits her again.
    until(&ann_page, "main#game[data-awaiting-you=\"true\"] #takeback").await;
    assert!(app.game(id, &ann).await["takeback"].is_null());
    close(vec![ann_page, bob_page]).await;
}
