//! `TestApp`: one server and one database per test, with a typed helper per endpoint.

use std::net::TcpListener;
use std::num::NonZeroU32;

use owlpost_api::AppState;
use owlpost_api::app::Prepared;
use owlpost_api::auth::TokenKeys;
use owlpost_api::db;
use owlpost_api::store::Store;
use reqwest::{Client, Method, Response, StatusCode};

use crate::spec_check::{check_request, checked};
use serde_json::{Value, json};
use uuid::Uuid;

/// Sign-ups and log-ins one address may make per minute in tests.
pub const AUTH_ATTEMPTS_PER_MINUTE: u32 = 30;

pub const JWT_SECRET: &[u8] = b"test secret: 32 bytes or more, for HS256";
/// The secret of `POST /v1/mail/inbound` on every test server.
pub const INBOUND_SECRET: &str = "test inbound secret";

/// How many sealed turns a duel may take before a test calls it stuck.
const DUEL_TURN_LIMIT: usize = 400;

pub struct TestApp {
    pub address: String,
    pub client: Client,
    pub database_url: String,
    /// The server's own state, for driving what no endpoint does (the deadline sweep).
    pub state: actix_web::web::Data<AppState>,
    server: String,
    pub database: String,
    /// Whether this app made its database (and drops it at the end).
    owns_database: bool,
}

/// A registered user with a valid token.
#[derive(Clone, Debug)]
pub struct Player {
    pub id: Uuid,
    pub name: String,
    pub token: String,
}

impl TestApp {
    /// A server on a fresh database of its own, as `owlpost serve` runs it:
    /// it tells other servers on its database of its appends, and hears theirs.
    pub async fn spawn() -> TestApp {
        let (server, database) = db::testing::fresh_database()
            .await
            .expect("a fresh test database");
        let url = format!("{server}/{database}");
        let changes = owlpost_api::notify::Changes::listening(&url).await;
        let store = Store::with_changes(db::pool(&url, 4).expect("a pool"), changes);
        TestApp::serve(server, database, store, true)
    }

    /// A second server process on `other`'s database, hearing of the other's
    /// appends only through PostgreSQL, as a server of its own would.
    pub async fn spawn_beside(other: &TestApp) -> TestApp {
        let url = &other.database_url;
        let changes = owlpost_api::notify::Changes::listening(url).await;
        let store = Store::with_changes(db::pool(url, 4).expect("a pool"), changes);
        TestApp::serve(other.server.clone(), other.database.clone(), store, false)
    }

    /// A server on a fresh database writing a snapshot every `every`
    /// events (the tests' games are shorter than the server's interval).
    pub async fn spawn_with_snapshots_every(every: u32) -> TestApp {
        let (server, database) = db::testing::fresh_database()
            .await
            .expect("a fresh test database");
        let store = Store::new(db::pool(&format!("{server}/{database}"), 4).expect("a pool"))
            .with_snapshots_every(NonZeroU32::new(every));
        TestApp::serve(server, database, store, true)
    }

    /// A second server on `other`'s database, as if `other` had restarted
    /// (nothing in memory), writing and reading a snapshot every `every`
    /// events, or none at all (`None`: every game folds from its first event).
    pub async fn restarted(other: &TestApp, every: Option<NonZeroU32>) -> TestApp {
        let store = Store::new(db::pool(&other.database_url, 4).expect("a pool"))
            .with_snapshots_every(every);
        TestApp::serve(other.server.clone(), other.database.clone(), store, false)
    }

    /// A server on database `owlpost` of `server` (made and migrated here),
    /// hearing of appends through PostgreSQL: for a test's own cluster.
    pub async fn spawn_on(server: &str) -> TestApp {
        db::ensure_database(server, "owlpost")
            .await
            .expect("the database is made");
        let url = format!("{server}/owlpost");
        let to_migrate = url.clone();
        tokio::task::spawn_blocking(move || db::migrate(&to_migrate))
            .await
            .unwrap()
            .expect("the database is migrated");
        let changes = owlpost_api::notify::Changes::listening(&url).await;
        let store = Store::with_changes(db::pool(&url, 4).expect("a pool"), changes);
        TestApp::serve(server.to_owned(), "owlpost".to_owned(), store, false)
    }

    /// A server on a database restored from `dump` (plain SQL written by
    /// `pg_dump` from an older build's database), which the server migrates
    /// forward as it would after an upgrade.
    pub async fn spawn_on_dump(dump: &std::path::Path) -> TestApp {
        let (server, database) = db::testing::empty_database()
            .await
            .expect("an empty test database");
        let url = format!("{server}/{database}");
        let restored = tokio::process::Command::new("psql")
            .args(["-q", "-v", "ON_ERROR_STOP=1", "-d", &url, "-f"])
            .arg(dump)
            .output()
            .await
            .expect("psql runs");
        assert!(
            restored.status.success(),
            "restoring {}: {}",
            dump.display(),
            String::from_utf8_lossy(&restored.stderr)
        );
        let to_migrate = url.clone();
        tokio::task::spawn_blocking(move || db::migrate(&to_migrate))
            .await
            .unwrap()
            .expect("the old database is migrated");
        let changes = owlpost_api::notify::Changes::listening(&url).await;
        let store = Store::with_changes(db::pool(&url, 4).expect("a pool"), changes);
        TestApp::serve(server, database, store, true)
    }

    /// Logs `username` in with `password`.
    pub async fn log_in(&self, username: &str, password: &str) -> Player {
        let credentials = json!({ "username": username, "password": password });
        let response = self.post("/v1/auth/login", None, &credentials).await;
        assert_eq!(response.status(), StatusCode::OK, "logging in {username}");
        let body: Value = response.json().await.unwrap();
        Player {
            id: body["user"]["id"].as_str().unwrap().parse().unwrap(),
            name: username.to_owned(),
            token: body["access_token"].as_str().unwrap().to_owned(),
        }
    }

    /// A server behind reverse proxies at `proxies` (`OWLPOST_TRUSTED_PROXIES`).
    pub async fn spawn_trusting_proxies(proxies: &str) -> TestApp {
        let (server, database) = db::testing::fresh_database()
            .await
            .expect("a fresh test database");
        let store = Store::new(db::pool(&format!("{server}/{database}"), 4).expect("a pool"));
        let trusted = owlpost_api::proxies::TrustedProxies::parse(proxies).expect("proxies");
        TestApp::serve_trusting(server, database, store, true, trusted)
    }

    /// A server on a fresh database that, as in production, refuses webhooks
    /// on loopback and private addresses.
    pub async fn spawn_refusing_private_webhooks() -> TestApp {
        let (server, database) = db::testing::fresh_database()
            .await
            .expect("a fresh test database");
        let store = Store::new(db::pool(&format!("{server}/{database}"), 4).expect("a pool"));
        let nobody = owlpost_api::proxies::TrustedProxies::default();
        TestApp::serve_with(server, database, store, true, nobody, false, 3600)
    }

    /// A server on a fresh database whose access tokens live `seconds`.
    pub async fn spawn_with_access_token_seconds(seconds: i64) -> TestApp {
        let (server, database) = db::testing::fresh_database()
            .await
            .expect("a fresh test database");
        let store = Store::new(db::pool(&format!("{server}/{database}"), 4).expect("a pool"));
        let nobody = owlpost_api::proxies::TrustedProxies::default();
        TestApp::serve_with(server, database, store, true, nobody, true, seconds)
    }

    fn serve(server: String, database: String, store: Store, owns_database: bool) -> TestApp {
        let nobody = owlpost_api::proxies::TrustedProxies::default();
        TestApp::serve_trusting(server, database, store, owns_database, nobody)
    }

    fn serve_trusting(
        server: String,
        database: String,
        store: Store,
        owns_database: bool,
        trusted_proxies: owlpost_api::proxies::TrustedProxies,
    ) -> TestApp {
        // Test receivers listen on loopback.
        TestApp::serve_with(
            server,
            database,
            store,
            owns_database,
            trusted_proxies,
            true,
            3600,
        )
    }

    fn serve_with(
        server: String,
        database: String,
        store: Store,
        owns_database: bool,
        trusted_proxies: owlpost_api::proxies::TrustedProxies,
        webhooks_to_private_addresses: bool,
        access_token_seconds: i64,
    ) -> TestApp {
        let database_url = format!("{server}/{database}");
        let state = actix_web::web::Data::new(AppState {
            store: store.into(),
            webhooks_to_private_addresses,
            trusted_proxies,
            background: Default::default(),
            // Every test server takes replies to its turn mails, for the
            // reply domain `localhost` (the tests' sender's).
            replies: Some(std::sync::Arc::new(
                owlpost_api::mail::replies::ReplySettings::new(
                    "localhost",
                    JWT_SECRET,
                    Some(INBOUND_SECRET.to_owned()),
                ),
            )),
            vacation_days_per_year: owlpost_api::config::DEFAULT_VACATION_DAYS,
            message_limit: Default::default(),
        });
        let prepared = Prepared {
            state: state.clone(),
            keys: actix_web::web::Data::new(TokenKeys::new(JWT_SECRET, access_token_seconds)),
            auth_limit: actix_web::web::Data::new(
                owlpost_api::rate_limit::AuthRateLimit::per_minute(AUTH_ATTEMPTS_PER_MINUTE),
            ),
        };
        let listener = TcpListener::bind("127.0.0.1:0").expect("a free port");
        let port = listener.local_addr().unwrap().port();
        // A test's client shares its thread with the test's other work; on a
        // loaded machine it may connect and write its request seconds apart,
        // which the server's short production limit would answer with 408.
        let running = owlpost_api::app::serve_with_workers(
            prepared,
            listener,
            1,
            std::time::Duration::from_secs(60),
        )
        .expect("the server starts");
        tokio::spawn(running);
        owlpost_api::webhooks::install_tls_provider();
        TestApp {
            address: format!("http://127.0.0.1:{port}"),
            client: Client::new(),
            database_url,
            state,
            server,
            database,
            owns_database,
        }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        let mut request = self.client.post(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the request is sent");
        check_request(&Method::POST, path, body, response.status());
        checked(Method::POST, path, response).await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Response {
        let mut request = self.client.get(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the request is sent");
        checked(Method::GET, path, response).await
    }

    pub async fn put(&self, path: &str, token: Option<&str>, body: &Value) -> Response {
        let mut request = self.client.put(self.url(path)).json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the request is sent");
        check_request(&Method::PUT, path, body, response.status());
        checked(Method::PUT, path, response).await
    }

    pub async fn delete(&self, path: &str, token: Option<&str>) -> Response {
        let mut request = self.client.delete(self.url(path));
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = request.send().await.expect("the request is sent");
        checked(Method::DELETE, path, response).await
    }

    pub async fn register(&self, name: &str) -> Player {
        let credentials = json!({ "username": name, "password": "a long enough password" });
        let response = self.post("/v1/auth/register", None, &credentials).await;
        assert_eq!(response.status(), StatusCode::CREATED, "registering {name}");
        let response = self.post("/v1/auth/login", None, &credentials).await;
        assert_eq!(response.status(), StatusCode::OK, "logging in {name}");
        let body: Value = response.json().await.unwrap();
        Player {
            id: body["user"]["id"].as_str().unwrap().parse().unwrap(),
            name: name.to_owned(),
            token: body["access_token"].as_str().unwrap().to_owned(),
        }
    }

    /// A Fire Wall duel created by `first` and joined by `second`, started.
    pub async fn started_duel(&self, first: &Player, second: &Player, options: Value) -> Uuid {
        self.started_game("firewall-duel", first, second, options)
            .await
    }

    /// A two-seat game of `ruleset` created by `first` and joined by
    /// `second`, started.
    pub async fn started_game(
        &self,
        ruleset: &str,
        first: &Player,
        second: &Player,
        options: Value,
    ) -> Uuid {
        let created = self
            .post(
                "/v1/games",
                Some(&first.token),
                &json!({ "ruleset": ruleset, "seats": 2, "options": options }),
            )
            .await;
        self.start_created(created, first, second).await
    }

    /// Takes a two-seat game just `created` by `first`: `second` joins and
    /// `first` starts it. Returns its id.
    pub async fn start_created(&self, created: Response, first: &Player, second: &Player) -> Uuid {
        assert_eq!(created.status(), StatusCode::CREATED);
        let game: Value = created.json().await.unwrap();
        let id: Uuid = game["id"].as_str().unwrap().parse().unwrap();
        let joined = self.join(&id, second, json!({})).await;
        assert_eq!(joined.status(), StatusCode::OK);
        let started = self
            .post(
                &format!("/v1/games/{id}/start"),
                Some(&first.token),
                &json!({}),
            )
            .await;
        assert_eq!(started.status(), StatusCode::OK);
        id
    }

    /// `POST` with a body that is not JSON.
    pub async fn post_text(&self, path: &str, token: &str, body: &str) -> Response {
        let response = self
            .client
            .post(self.url(path))
            .bearer_auth(token)
            .header("content-type", "text/plain")
            .body(body.to_owned())
            .send()
            .await
            .expect("the request is sent");
        checked(Method::POST, path, response).await
    }

    /// A game of `ruleset` for `seats` players, just created by `creator` (seated in seat 0).
    pub async fn open_game(&self, creator: &Player, ruleset: &str, seats: u8) -> Uuid {
        let game = self
            .created_game(creator, json!({ "ruleset": ruleset, "seats": seats }))
            .await;
        game["id"].as_str().unwrap().parse().unwrap()
    }

    /// The game `creator` creates with `body` (a `CreateGame`), as answered.
    pub async fn created_game(&self, creator: &Player, body: Value) -> Value {
        let created = self.post("/v1/games", Some(&creator.token), &body).await;
        assert_eq!(created.status(), StatusCode::CREATED);
        created.json().await.unwrap()
    }

    /// `POST /v1/games/{id}/{what}` without a body: `leave`, `cancel`, `resign`, `start`.
    pub async fn table_command(&self, id: Uuid, player: &Player, what: &str) -> Response {
        let request = self
            .client
            .post(self.url(&format!("/v1/games/{id}/{what}")))
            .bearer_auth(&player.token);
        request.send().await.expect("the request is sent")
    }

    /// `GET /v1/games?{query}` as `player`.
    pub async fn open_games(&self, player: &Player, query: &str) -> Response {
        self.get(&format!("/v1/games?{query}"), Some(&player.token))
            .await
    }

    /// Asks for a seat in game `id` (`{}` for the first free one).
    pub async fn join(
        &self,
        id: &impl std::fmt::Display,
        player: &Player,
        body: Value,
    ) -> Response {
        self.post(&format!("/v1/games/{id}/join"), Some(&player.token), &body)
            .await
    }

    /// The player of `players` the game awaits, and his game.
    pub async fn awaited<'a>(&self, id: Uuid, players: [&'a Player; 2]) -> (&'a Player, Value) {
        for player in players {
            let game = self.game(id, player).await;
            if game["awaiting_you"] == true {
                return (player, game);
            }
        }
        panic!("a running game awaits someone");
    }

    /// The game as `player` sees it, every legal command listed
    /// (`?legal=full`): tests play by picking from the list.
    pub async fn game(&self, id: Uuid, player: &Player) -> Value {
        let response = self
            .get(&format!("/v1/games/{id}?legal=full"), Some(&player.token))
            .await;
        assert_eq!(response.status(), StatusCode::OK);
        response.json().await.unwrap()
    }

    pub async fn act(&self, id: Uuid, player: &Player, body: Value) -> Response {
        self.post(
            &format!("/v1/games/{id}/actions"),
            Some(&player.token),
            &body,
        )
        .await
    }

    /// The whole event feed as `player` sees it.
    pub async fn feed(&self, id: Uuid, player: &Player) -> Vec<Value> {
        let mut all = Vec::new();
        let mut after = 0;
        loop {
            let response = self
                .get(
                    &format!("/v1/games/{id}/events?after={after}&limit=50"),
                    Some(&player.token),
                )
                .await;
            assert_eq!(response.status(), StatusCode::OK);
            let page: Value = response.json().await.unwrap();
            all.extend(page["events"].as_array().unwrap().iter().cloned());
            after = page["next_after"].as_i64().unwrap();
            if !page["has_more"].as_bool().unwrap() {
                return all;
            }
        }
    }

    /// Plays a started Fire Wall duel to its end: `first` (seat 0) pushes hard
    /// and plays her Attack Boosts, `second` (seat 1) holds back, so seat 0 wins.
    pub async fn play_duel_to_the_end(&self, id: Uuid, first: &Player, second: &Player) {
        for _ in 0..DUEL_TURN_LIMIT {
            if self.game(id, first).await["status"] == "finished" {
                return;
            }
            for (seat, player) in [(0, first), (1, second)] {
                let game = self.game(id, player).await;
                if game["awaiting_you"] != true {
                    continue;
                }
                let legal = game["legal_commands"].as_array().unwrap();
                assert!(!legal.is_empty(), "a player awaited has something to do");
                let mana = game["view"]["players"][seat]["mana"].as_u64().unwrap();
                let (amount, cards) = if seat == 0 {
                    let boost = own_hand(&game, 0).into_iter().find(|c| [7, 8].contains(c));
                    (mana.min(6), boost.map_or(json!([]), |card| json!([card])))
                } else {
                    (1, json!([]))
                };
                let command = legal
                    .iter()
                    .find(|c| {
                        c["type"] == "submit_move"
                            && c["bet"].as_u64() == Some(amount)
                            && c["cards"] == cards
                    })
                    .or_else(|| legal.first())
                    .unwrap()
                    .clone();
                let response = self.act(id, player, json!({ "command": command })).await;
                assert_eq!(
                    response.status(),
                    StatusCode::OK,
                    "{}",
                    response.text().await.unwrap()
                );
            }
        }
        panic!("the duel should end within {DUEL_TURN_LIMIT} turns");
    }

    /// `GET /v1/games/{id}/export` as `player`.
    pub async fn export(&self, id: Uuid, player: &Player) -> Response {
        self.get(&format!("/v1/games/{id}/export"), Some(&player.token))
            .await
    }

    /// Events of the game, counted in the table itself.
    pub async fn event_count(&self, id: Uuid) -> i64 {
        db::testing::count_events(&self.database_url, id)
            .await
            .unwrap()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if !self.owns_database {
            return;
        }
        let (server, database) = (self.server.clone(), self.database.clone());
        // The test's runtime is going away; drop the database from a runtime of its own.
        let _ = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            runtime.block_on(db::testing::drop_database(&server, &database))
        })
        .join();
    }
}

/// Asserts a problem+json answer with this status and code; returns the body.
pub async fn assert_problem(response: Response, status: StatusCode, code: &str) -> Value {
    assert_eq!(response.status(), status, "status for {code}");
    let content_type = response
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    assert!(
        content_type.starts_with("application/problem+json"),
        "content type {content_type}"
    );
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], code, "problem body {body}");
    assert!(
        body["detail"].as_str().is_some_and(|d| d.len() > 10),
        "a sentence in {body}"
    );
    assert_eq!(body["status"], status.as_u16());
    body
}

/// A submit_move command.
pub fn bet(amount: u32, cards: &[u32]) -> Value {
    json!({ "command": { "type": "submit_move", "bet": amount, "cards": cards } })
}

/// The hand a player sees in his own view.
pub fn own_hand(game: &Value, seat: usize) -> Vec<u64> {
    game["view"]["players"][seat]["hand"]
        .as_array()
        .expect("a player sees his own hand")
        .iter()
        .map(|c| c.as_u64().unwrap())
        .collect()
}

/// The bets of the first turn revealed in a Fire Wall feed, in seat order.
pub fn first_revealed_bets(feed: &[Value]) -> Vec<u64> {
    let reveal = feed
        .iter()
        .find(|e| e["body"]["event"]["type"] == "moves_revealed")
        .expect("a turn was revealed");
    reveal["body"]["event"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["bet"].as_u64().unwrap())
        .collect()
}
