//! What every benchmark shares: the real server on a fresh database of its
//! own (as the tests make them), players made without argon2, and the
//! statistics printed.

#![allow(dead_code)]

use std::net::TcpListener;
use std::num::NonZeroU32;
use std::time::Duration;

use owlpost_api::AppState;
use owlpost_api::app::Prepared;
use owlpost_api::auth::TokenKeys;
use owlpost_api::db;
use owlpost_api::store::Store;
use uuid::Uuid;

/// The pool size the server itself uses (`app::prepare`).
const POOL_SIZE: usize = 16;

/// One server process on loopback with its own database, as `owlpost serve`
/// runs it: listening for changes, delivering webhooks, sweeping deadlines.
pub struct Bench {
    pub base: String,
    pub state: actix_web::web::Data<AppState>,
    pub keys: std::sync::Arc<TokenKeys>,
    pub server: String,
    pub database: String,
    handle: actix_web::dev::ServerHandle,
}

impl Bench {
    pub async fn start() -> anyhow::Result<Bench> {
        let (server, database) = db::testing::fresh_database().await?;
        Bench::on(server, database).await
    }

    /// A server on an existing database (a "restart": an empty cache).
    pub async fn on(server: String, database: String) -> anyhow::Result<Bench> {
        Bench::with_snapshots(server, database, snapshots_every()).await
    }

    /// A server on an existing database with a snapshot due every `every`
    /// events (`None`: no snapshot written or read, every game folded from
    /// its first event, as before snapshots existed).
    pub async fn with_snapshots(
        server: String,
        database: String,
        every: Option<NonZeroU32>,
    ) -> anyhow::Result<Bench> {
        let url = format!("{server}/{database}");
        let pool = db::pool(&url, POOL_SIZE)?;
        let changes = owlpost_api::notify::Changes::listening(&url).await;
        let state = actix_web::web::Data::new(AppState {
            store: Store::with_changes(pool, changes)
                .with_snapshots_every(every)
                .into(),
            webhooks_to_private_addresses: false,
            trusted_proxies: Default::default(),
            background: Default::default(),
            replies: None,
            vacation_days_per_year: owlpost_api::config::DEFAULT_VACATION_DAYS,
            message_limit: Default::default(),
        });
        let secret = b"benchmark secret, long enough for HS256";
        let prepared = Prepared {
            state: state.clone(),
            keys: actix_web::web::Data::new(TokenKeys::new(secret, 3600)),
            auth_limit: actix_web::web::Data::new(
                owlpost_api::rate_limit::AuthRateLimit::per_minute(100_000),
            ),
        };
        let listener = TcpListener::bind("127.0.0.1:0")?;
        let base = format!("http://{}", listener.local_addr()?);
        let server_future = owlpost_api::serve(prepared, listener)?;
        let handle = server_future.handle();
        tokio::spawn(server_future);
        owlpost_api::deadlines::spawn_sweeper(
            state.store.clone(),
            state.background.clone(),
            Duration::from_secs(15),
        );
        state
            .deliverer()
            .spawn(state.background.clone(), Duration::from_secs(5));
        Ok(Bench {
            base,
            state,
            keys: std::sync::Arc::new(TokenKeys::new(secret, 3600)),
            server,
            database,
            handle,
        })
    }

    pub fn url(&self) -> String {
        format!("{}/{}", self.server, self.database)
    }

    /// A player and his token. Made straight in the store: argon2 would
    /// measure sign-up, not play.
    pub async fn player(&self, name: &str) -> anyhow::Result<(Uuid, String)> {
        let id = self
            .state
            .store
            .create_user(name, "not a password hash: benchmark players never log in")
            .await
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        let token = self
            .keys
            .issue(id, chrono::Utc::now())
            .map_err(|e| anyhow::anyhow!("{e}"))?;
        Ok((id, token))
    }

    /// Stops the server (its background tasks die with the runtime) and keeps the database.
    pub async fn stop(self) {
        self.handle.stop(false).await;
    }

    pub async fn stop_and_drop(self) -> anyhow::Result<()> {
        let (server, database) = (self.server.clone(), self.database.clone());
        self.stop().await;
        db::testing::drop_database(&server, &database).await
    }
}

/// How often the server writes snapshots: `OWLPOST_BENCH_SNAPSHOT_EVERY`
/// events (0: never), or the server's own default.
pub fn snapshots_every() -> Option<NonZeroU32> {
    match std::env::var("OWLPOST_BENCH_SNAPSHOT_EVERY") {
        Ok(every) => every.trim().parse().ok().and_then(NonZeroU32::new),
        Err(_) => NonZeroU32::new(owlpost_api::store::snapshots::SNAPSHOT_EVERY as u32),
    }
}

/// The value at fraction `p` of `sorted`.
pub fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

pub fn median(values: &mut [f64]) -> f64 {
    if values.is_empty() {
        return f64::NAN;
    }
    values.sort_by(f64::total_cmp);
    values[values.len() / 2]
}

pub fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// A list of numbers from an environment variable (`1,4,16`), or `default`.
pub fn env_list(name: &str, default: &[usize]) -> Vec<usize> {
    std::env::var(name)
        .ok()
        .map(|v| v.split(',').filter_map(|n| n.trim().parse().ok()).collect())
        .filter(|v: &Vec<usize>| !v.is_empty())
        .unwrap_or_else(|| default.to_vec())
}

pub fn env_number(name: &str, default: f64) -> f64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}
