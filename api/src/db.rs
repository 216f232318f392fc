//! Finding a PostgreSQL server, migrating it, and pooling connections.
//!
//! With no `DATABASE_URL` the server (and the test harness) first tries the
//! machine's own PostgreSQL on 127.0.0.1:5432, and otherwise starts a private
//! cluster with the system's `initdb`/`pg_ctl` under a data directory: the
//! embedded default that makes `cargo run` work on a fresh machine.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use anyhow::{Context, anyhow, bail};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Text};
use diesel_async::pooled_connection::deadpool::Pool;
use diesel_async::pooled_connection::{
    AsyncDieselConnectionManager, ManagerConfig, RecyclingMethod,
};
use diesel_async::{AsyncConnection, AsyncMigrationHarness, AsyncPgConnection, RunQueryDsl};
use diesel_migrations::{EmbeddedMigrations, MigrationHarness, embed_migrations};
use sha2::{Digest, Sha256};

pub type DbPool = Pool<AsyncPgConnection>;

pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations");

/// The local server the machine runs, trust auth.
const LOCAL_SERVER: &str = "postgres://postgres@127.0.0.1:5432";
/// The port of the private cluster started when no server answers.
const PRIVATE_PORT: u16 = 54329;

/// How long a request waits for a connection, for a new one to be made, or
/// for an idle one to be checked, before it is answered 503: a database
/// that stops answering (a cut network drops packets, it refuses nothing)
/// would otherwise hang every request for minutes.
const POOL_TIMEOUT: Duration = Duration::from_secs(5);

/// A pool of `size` connections to `database_url`.
///
/// A connection taken from the pool is not checked with a query first (that
/// was a round trip per checkout, 3–4 per action): a closed connection is
/// dropped by the pool, and a query on a connection that fails surfaces as
/// an error (503 while the database cannot be reached) and breaks nothing.
pub fn pool(database_url: &str, size: usize) -> anyhow::Result<DbPool> {
    let mut config = ManagerConfig::default();
    config.recycling_method = RecyclingMethod::Fast;
    let manager =
        AsyncDieselConnectionManager::<AsyncPgConnection>::new_with_config(database_url, config);
    Pool::builder(manager)
        .max_size(size)
        .runtime(deadpool::Runtime::Tokio1)
        .wait_timeout(Some(POOL_TIMEOUT))
        .create_timeout(Some(POOL_TIMEOUT))
        .recycle_timeout(Some(POOL_TIMEOUT))
        .build()
        .context("building the connection pool")
}

/// The session lock held while migrating: the key of `pg_advisory_lock`.
const MIGRATION_LOCK: i64 = 774_412;

/// Runs the pending migrations on `database_url`, one server at a time:
/// several servers started together (behind a load balancer) would each run
/// the same migration, and all but one fail; under the lock, the others
/// find nothing left to do.
///
/// The migration harness blocks, so it runs on a thread with a runtime of its own.
pub fn migrate(database_url: &str) -> anyhow::Result<()> {
    let url = database_url.to_owned();
    std::thread::spawn(move || -> anyhow::Result<()> {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()?;
        runtime.block_on(async {
            let handle = tokio::spawn(async move {
                // Held until this connection closes, after the migrations.
                let mut lock = AsyncPgConnection::establish(&url).await?;
                diesel::sql_query(format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
                    .execute(&mut lock)
                    .await?;
                let connection = AsyncPgConnection::establish(&url).await?;
                let mut harness = AsyncMigrationHarness::new(connection);
                harness
                    .run_pending_migrations(MIGRATIONS)
                    .map_err(|e| anyhow!("migration failed: {e}"))?;
                drop(lock);
                anyhow::Ok(())
            });
            handle.await?
        })
    })
    .join()
    .map_err(|_| anyhow!("the migration thread panicked"))?
}

async fn answers(server: &str) -> bool {
    let url = format!("{server}/postgres");
    matches!(
        tokio::time::timeout(Duration::from_secs(3), AsyncPgConnection::establish(&url)).await,
        Ok(Ok(_))
    )
}

/// The base URL (no database name) of a PostgreSQL server to use when
/// `DATABASE_URL` is not set: the local one if it answers, else a private
/// cluster under `data_dir`, started if needed.
pub async fn find_or_start_server(
    data_dir: &Path,
    durability: Durability,
) -> anyhow::Result<String> {
    if answers(LOCAL_SERVER).await {
        return Ok(LOCAL_SERVER.to_owned());
    }
    adopt_or_start_cluster(data_dir, PRIVATE_PORT, durability).await
}

/// The private cluster under `data_dir` on 127.0.0.1:`port`: the one
/// already answering there if it is that very cluster, else started.
///
/// # Errors
/// Another cluster answers on the port (another data directory: a test
/// cluster without fsync, another checkout's): adopting it would keep games
/// somewhere nobody expects.
pub async fn adopt_or_start_cluster(
    data_dir: &Path,
    port: u16,
    durability: Durability,
) -> anyhow::Result<String> {
    let private = format!("postgres://postgres@127.0.0.1:{port}");
    let data_dir = std::path::absolute(data_dir)?;
    let ours = data_dir.join("pgdata");
    if answers(&private).await {
        let theirs = cluster_directory(&private).await?;
        let same = std::fs::canonicalize(&ours).is_ok_and(|ours| ours == theirs);
        if !same {
            bail!(
                "the PostgreSQL server answering on 127.0.0.1:{port} keeps its data in {}, not in {}: \
                 it is not this server's private cluster. Stop it, set OWLPOST_DATA_DIR to its \
                 directory's parent, or set DATABASE_URL",
                theirs.display(),
                ours.display()
            );
        }
        tracing::info!(cluster = %ours.display(), port, "using the private PostgreSQL cluster already running");
        return Ok(private);
    }
    tracing::info!(
        cluster = %ours.display(),
        port,
        "starting the private PostgreSQL cluster; it keeps running after the server stops \
         (stop it with: pg_ctl -D {} stop)",
        ours.display()
    );
    let directory = data_dir.clone();
    tokio::task::spawn_blocking(move || start_cluster(&directory, port, durability)).await??;
    for _ in 0..50 {
        if answers(&private).await {
            return Ok(private);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    bail!("the private PostgreSQL cluster did not answer on port {port}")
}

/// Where the server at `server` keeps its data.
async fn cluster_directory(server: &str) -> anyhow::Result<PathBuf> {
    #[derive(QueryableByName)]
    struct Setting {
        #[diesel(sql_type = Text)]
        data_directory: String,
    }
    let mut admin = AsyncPgConnection::establish(&format!("{server}/postgres")).await?;
    let setting: Setting =
        diesel::sql_query("SELECT current_setting('data_directory') AS data_directory")
            .get_result(&mut admin)
            .await?;
    let directory = PathBuf::from(setting.data_directory);
    Ok(std::fs::canonicalize(&directory).unwrap_or(directory))
}

fn postgres_bin_dir() -> anyhow::Result<PathBuf> {
    let mut versions: Vec<PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .context("no PostgreSQL installation under /usr/lib/postgresql")?
        .filter_map(|e| e.ok().map(|e| e.path().join("bin")))
        .filter(|p| p.join("initdb").exists())
        .collect();
    versions.sort_by_key(|p| {
        p.parent()
            .and_then(|v| v.file_name())
            .and_then(|v| v.to_str())
            .and_then(|v| v.parse::<u32>().ok())
            .unwrap_or(0)
    });
    versions
        .pop()
        .context("no initdb found under /usr/lib/postgresql/*/bin")
}

fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .map(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
        .unwrap_or(false)
}

/// PostgreSQL refuses to run as root, so as root it runs as `postgres`.
fn as_postgres_user(program: &Path, root: bool) -> Command {
    if root {
        let mut command = Command::new("runuser");
        command.args(["-u", "postgres", "--"]).arg(program);
        command
    } else {
        Command::new(program)
    }
}

/// Whether a cluster must survive a power failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// `fsync` on: the server's own cluster holds games that last weeks.
    Durable,
    /// `fsync` off: a test cluster is thrown away, and syncing only slows it.
    Disposable,
}

/// Initialises (once) and starts a cluster under `data_dir/pgdata`, listening
/// on 127.0.0.1:`port` only, with its Unix socket in `data_dir`.
fn start_cluster(data_dir: &Path, port: u16, durability: Durability) -> anyhow::Result<()> {
    let bin = postgres_bin_dir()?;
    let cluster = data_dir.join("pgdata");
    let root = running_as_root();
    std::fs::create_dir_all(data_dir)?;
    if root {
        let status = Command::new("chown")
            .args(["postgres:postgres"])
            .arg(data_dir)
            .status()?;
        anyhow::ensure!(
            status.success(),
            "could not hand {} to postgres",
            data_dir.display()
        );
    }
    if !cluster.join("PG_VERSION").exists() {
        let mut initdb = as_postgres_user(&bin.join("initdb"), root);
        if durability == Durability::Disposable {
            initdb.arg("--no-sync");
        }
        let status = initdb
            .args([
                "--auth=trust",
                "--username=postgres",
                "--encoding=UTF8",
                "-D",
            ])
            .arg(&cluster)
            .status()
            .context("running initdb")?;
        anyhow::ensure!(status.success(), "initdb failed");
    }
    let fsync = match durability {
        Durability::Durable => "on",
        Durability::Disposable => "off",
    };
    let options = format!(
        "-p {port} -c listen_addresses=127.0.0.1 -c unix_socket_directories='{}' -c fsync={fsync}",
        data_dir.display()
    );
    let status = as_postgres_user(&bin.join("pg_ctl"), root)
        .arg("-D")
        .arg(&cluster)
        .args(["-o", &options, "-l"])
        .arg(data_dir.join("postgres.log"))
        .args(["-w", "start"])
        .status()
        .context("running pg_ctl")?;
    anyhow::ensure!(
        status.success(),
        "pg_ctl start failed; see {}",
        data_dir.join("postgres.log").display()
    );
    Ok(())
}

/// Stops the cluster under `data_dir/pgdata` (fast: open connections are cut).
pub fn stop_cluster(data_dir: &Path) -> anyhow::Result<()> {
    let bin = postgres_bin_dir()?;
    let status = as_postgres_user(&bin.join("pg_ctl"), running_as_root())
        .arg("-D")
        .arg(data_dir.join("pgdata"))
        .args(["-m", "fast", "-w", "stop"])
        .status()
        .context("running pg_ctl")?;
    anyhow::ensure!(status.success(), "pg_ctl stop failed");
    Ok(())
}

/// A database URL as it may be logged: the password left out.
pub fn without_password(url: &str) -> String {
    if let Ok(mut parsed) = reqwest::Url::parse(url) {
        if parsed.password().is_some() {
            let _ = parsed.set_password(None);
        }
        return parsed.to_string();
    }
    // A URL naming several hosts (`postgres://owlpost:…@node1:5432,node2:5432/owlpost`,
    // the nodes of a replicated database) is no URL to the parser: the
    // password is cut out of its user part by hand.
    let Some((scheme, rest)) = url.split_once("://") else {
        return "a DATABASE_URL that is no URL".to_owned();
    };
    let (authority, tail) = rest.split_at(rest.find(['/', '?']).unwrap_or(rest.len()));
    match authority.rsplit_once('@') {
        Some((user_info, hosts)) => {
            let user = user_info
                .split_once(':')
                .map_or(user_info, |(user, _)| user);
            format!("{scheme}://{user}@{hosts}{tail}")
        }
        None => url.to_owned(),
    }
}

/// Whether `error` is a failure to connect, worth waiting out at start-up
/// (the database still starting, restarting, or not reachable yet).
fn is_connection_failure(error: &anyhow::Error) -> bool {
    error
        .chain()
        .any(|cause| cause.downcast_ref::<diesel::ConnectionError>().is_some())
}

#[derive(QueryableByName)]
struct Found {
    #[diesel(sql_type = BigInt)]
    found: i64,
}

/// Creates database `name` on `server` unless it exists.
pub async fn ensure_database(server: &str, name: &str) -> anyhow::Result<()> {
    let mut admin = AsyncPgConnection::establish(&format!("{server}/postgres")).await?;
    if !database_exists(&mut admin, name).await? {
        let created = diesel::sql_query(format!("CREATE DATABASE \"{name}\""))
            .execute(&mut admin)
            .await;
        // Another process may have created it between the check and here.
        if let Err(e) = created
            && !database_exists(&mut admin, name).await?
        {
            return Err(e.into());
        }
    }
    Ok(())
}

async fn database_exists(admin: &mut AsyncPgConnection, name: &str) -> anyhow::Result<bool> {
    let found: Found =
        diesel::sql_query("SELECT count(*) AS found FROM pg_database WHERE datname = $1")
            .bind::<Text, _>(name)
            .get_result(admin)
            .await?;
    Ok(found.found > 0)
}

/// The database URL the server uses: `DATABASE_URL`, or database `owlpost`
/// on the local or private server. Migrated.
///
/// While the database cannot be reached (it may still be starting, as in a
/// `docker compose up`), waits and tries again, saying so in the log.
pub async fn resolve_database(config: &crate::Config) -> anyhow::Result<String> {
    const LONGEST_PAUSE: Duration = Duration::from_secs(10);
    let mut pause = Duration::from_millis(500);
    loop {
        match resolve_database_once(config).await {
            Ok(url) => {
                tracing::info!(database = %without_password(&url), "using this database");
                return Ok(url);
            }
            Err(error) if is_connection_failure(&error) => {
                let database = config.database_url.as_deref().map_or_else(
                    || "the local or private server".to_owned(),
                    without_password,
                );
                tracing::warn!(
                    %database,
                    error = %format!("{error:#}"),
                    "the database cannot be reached; trying again in {} ms",
                    pause.as_millis()
                );
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(LONGEST_PAUSE);
            }
            Err(error) => return Err(error),
        }
    }
}

async fn resolve_database_once(config: &crate::Config) -> anyhow::Result<String> {
    let url = match &config.database_url {
        Some(url) => url.clone(),
        None => {
            let server = find_or_start_server(&config.data_dir, Durability::Durable).await?;
            ensure_database(&server, "owlpost").await?;
            format!("{server}/owlpost")
        }
    };
    let to_migrate = url.clone();
    tokio::task::spawn_blocking(move || migrate(&to_migrate)).await??;
    Ok(url)
}

/// Databases for tests: one migrated template per set of migrations, and one
/// fresh copy of it per test, so tests run in parallel and see no one else's rows.
pub mod testing {
    use super::*;

    /// A cluster of a test's own on a loopback port, for outages: stopped and
    /// started at will, removed when dropped.
    pub struct Cluster {
        pub data_dir: PathBuf,
        pub port: u16,
    }

    impl Cluster {
        /// Initialises and starts a disposable cluster on a free loopback port.
        pub fn start() -> anyhow::Result<Cluster> {
            let port = std::net::TcpListener::bind("127.0.0.1:0")?
                .local_addr()?
                .port();
            let data_dir = std::env::temp_dir()
                .join(format!("owlpost-cluster-{}", uuid::Uuid::new_v4().simple()));
            let cluster = Cluster { data_dir, port };
            cluster.resume()?;
            Ok(cluster)
        }

        /// The server's base URL (no database name).
        pub fn server(&self) -> String {
            format!("postgres://postgres@127.0.0.1:{}", self.port)
        }

        /// Stops it, cutting every connection: an outage.
        pub fn stop(&self) -> anyhow::Result<()> {
            stop_cluster(&self.data_dir)
        }

        /// Starts it again after [`Cluster::stop`].
        pub fn resume(&self) -> anyhow::Result<()> {
            start_cluster(&self.data_dir, self.port, Durability::Disposable)
        }
    }

    impl Drop for Cluster {
        fn drop(&mut self) {
            let _ = self.stop();
            let _ = std::fs::remove_dir_all(&self.data_dir);
        }
    }

    /// The server tests use: `OWLPOST_TEST_SERVER`, the local server, or a private cluster.
    async fn test_server() -> anyhow::Result<String> {
        if let Ok(server) = std::env::var("OWLPOST_TEST_SERVER") {
            return Ok(server);
        }
        find_or_start_server(
            &std::env::temp_dir().join("owlpost-test-postgres"),
            Durability::Disposable,
        )
        .await
    }

    fn template_name() -> String {
        let mut hasher = Sha256::new();
        for migration in std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/../migrations"))
            .into_iter()
            .flatten()
            .flatten()
        {
            hasher.update(migration.file_name().as_encoded_bytes());
            if let Ok(sql) = std::fs::read(migration.path().join("up.sql")) {
                hasher.update(sql);
            }
        }
        format!("owlpost_template_{}", &hex::encode(hasher.finalize())[..16])
    }

    /// Makes the migrated template once per server; safe across processes.
    async fn ensure_template(server: &str) -> anyhow::Result<String> {
        let name = template_name();
        let mut admin = AsyncPgConnection::establish(&format!("{server}/postgres")).await?;
        // A session lock keeps parallel test processes from building it twice.
        diesel::sql_query("SELECT pg_advisory_lock(774411)")
            .execute(&mut admin)
            .await?;
        let result = async {
            if !database_exists(&mut admin, &name).await? {
                let building = format!("{name}_building");
                diesel::sql_query(format!("DROP DATABASE IF EXISTS \"{building}\""))
                    .execute(&mut admin)
                    .await?;
                diesel::sql_query(format!("CREATE DATABASE \"{building}\""))
                    .execute(&mut admin)
                    .await?;
                let url = format!("{server}/{building}");
                tokio::task::spawn_blocking(move || migrate(&url)).await??;
                diesel::sql_query(format!(
                    "ALTER DATABASE \"{building}\" RENAME TO \"{name}\""
                ))
                .execute(&mut admin)
                .await?;
            }
            anyhow::Ok(())
        }
        .await;
        diesel::sql_query("SELECT pg_advisory_unlock(774411)")
            .execute(&mut admin)
            .await?;
        result.map(|()| name)
    }

    /// A fresh, migrated database for one test: (server, database name).
    pub async fn fresh_database() -> anyhow::Result<(String, String)> {
        let server = test_server().await?;
        let template = ensure_template(&server).await?;
        let name = format!("owlpost_test_{}", uuid::Uuid::new_v4().simple());
        let mut admin = AsyncPgConnection::establish(&format!("{server}/postgres")).await?;
        diesel::sql_query(format!(
            "CREATE DATABASE \"{name}\" TEMPLATE \"{template}\""
        ))
        .execute(&mut admin)
        .await?;
        Ok((server, name))
    }

    /// An empty database for one test, neither migrated nor made from the
    /// template (to restore an older build's dump into): (server, database name).
    pub async fn empty_database() -> anyhow::Result<(String, String)> {
        let server = test_server().await?;
        let name = format!("owlpost_test_{}", uuid::Uuid::new_v4().simple());
        ensure_database(&server, &name).await?;
        Ok((server, name))
    }

    /// How many events game `game_id` has in the log, read straight from the table.
    pub async fn count_events(database_url: &str, game_id: uuid::Uuid) -> anyhow::Result<i64> {
        let mut conn = AsyncPgConnection::establish(database_url).await?;
        let found: Found =
            diesel::sql_query("SELECT count(*) AS found FROM events WHERE game_id = $1")
                .bind::<diesel::sql_types::Uuid, _>(game_id)
                .get_result(&mut conn)
                .await?;
        Ok(found.found)
    }

    /// Users of every kind, people and computer players, in the database.
    pub async fn count_users(database_url: &str) -> anyhow::Result<i64> {
        let mut conn = AsyncPgConnection::establish(database_url).await?;
        let found: Found = diesel::sql_query("SELECT count(*) AS found FROM users")
            .get_result(&mut conn)
            .await?;
        Ok(found.found)
    }

    /// Drops a test database, closing whatever still uses it.
    pub async fn drop_database(server: &str, name: &str) -> anyhow::Result<()> {
        let mut admin = AsyncPgConnection::establish(&format!("{server}/postgres")).await?;
        diesel::sql_query(format!("DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"))
            .execute(&mut admin)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::without_password;

    #[test]
    fn a_database_url_is_logged_without_its_password() {
        assert_eq!(
            without_password("postgres://owlpost:s3cret@db:5432/owlpost"),
            "postgres://owlpost@db:5432/owlpost"
        );
        assert_eq!(
            without_password(
                "postgres://owlpost:s3cret@10.0.0.1:5432,10.0.0.2:5432/owlpost?target_session_attrs=read-write"
            ),
            "postgres://owlpost@10.0.0.1:5432,10.0.0.2:5432/owlpost?target_session_attrs=read-write"
        );
        assert_eq!(
            without_password("postgres://owlpost@a:1,b:2/owlpost"),
            "postgres://owlpost@a:1,b:2/owlpost"
        );
        assert_eq!(
            without_password("host=a password=s3cret"),
            "a DATABASE_URL that is no URL"
        );
    }
}
