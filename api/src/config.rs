//! Settings from the environment, with defaults that need no set-up.

use std::path::PathBuf;

/// The most a request body may carry: a batch of commands is far smaller.
/// Read by the app's extractors and by the document that states the limit.
pub const BODY_LIMIT: usize = 256 * 1024;

/// How long an access token lives unless configured: short, since one
/// that leaks works until it expires; a client renews it unnoticed.
pub const DEFAULT_ACCESS_TOKEN_SECONDS: i64 = 15 * 60;

/// How many days a refresh token lives unused unless configured.
pub const DEFAULT_REFRESH_TOKEN_DAYS: i64 = 60;
/// Vacation days a user may spend a calendar year unless configured otherwise.
pub const DEFAULT_VACATION_DAYS: u32 = 14;

/// HS256 needs a key at least as long as its 32-byte hash (RFC 7518, section 3.2).
pub const MIN_JWT_SECRET_BYTES: usize = 32;

/// Secrets printed in our own files and in common examples: a server using
/// one signs tokens anyone can forge.
const PLACEHOLDER_SECRETS: &[&str] = &[
    "change-me-to-a-long-random-secret-of-32-bytes-or-more",
    "change-me",
    "changeme",
    "secret",
    "your-256-bit-secret",
    "test secret: 32 bytes or more, for HS256",
];

/// Refuses a configured JWT secret that is short or published.
pub fn check_jwt_secret(secret: &str) -> anyhow::Result<()> {
    if PLACEHOLDER_SECRETS
        .iter()
        .any(|placeholder| placeholder.eq_ignore_ascii_case(secret.trim()))
    {
        anyhow::bail!(
            "OWLPOST_JWT_SECRET is a published placeholder: set a random secret of {MIN_JWT_SECRET_BYTES} bytes or more (e.g. `openssl rand -hex 32`), or unset it to have one generated"
        );
    }
    if secret.len() < MIN_JWT_SECRET_BYTES {
        anyhow::bail!(
            "OWLPOST_JWT_SECRET has {} bytes; it needs {MIN_JWT_SECRET_BYTES} or more (e.g. `openssl rand -hex 32`)",
            secret.len()
        );
    }
    Ok(())
}

/// How the server is configured.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DATABASE_URL`; when unset the local server or a private cluster is used.
    pub database_url: Option<String>,
    /// `OWLPOST_BIND`, default `127.0.0.1:8080`.
    pub bind: String,
    /// `OWLPOST_JWT_SECRET`; when unset a secret is generated once and kept in the data directory.
    pub jwt_secret: Option<String>,
    /// `OWLPOST_DATA_DIR`, default `.owlpost`: the private cluster and the generated secret.
    pub data_dir: PathBuf,
    /// `OWLPOST_ACCESS_TOKEN_SECONDS`, default 15 minutes: how long an
    /// access token lives (a client renews it with its refresh token).
    pub access_token_seconds: i64,
    /// `OWLPOST_REFRESH_TOKEN_DAYS`, default 60: how long a refresh token
    /// lives unused (each renewal gives a new one), so a player who comes
    /// back within that time is still signed in.
    pub refresh_token_days: i64,
    /// `OWLPOST_AUTH_PER_MINUTE`: sign-up and log-in attempts per client address and minute, default 20.
    pub auth_attempts_per_minute: u32,
    /// `OWLPOST_WEBHOOKS_TO_PRIVATE_ADDRESSES=allow`: let webhooks point at
    /// loopback and private addresses (off: players could make the server
    /// call its own network).
    pub webhooks_to_private_addresses: bool,
    /// `OWLPOST_TRUSTED_PROXIES`: addresses or networks (comma-separated) of
    /// the reverse proxies in front of the server, whose `Forwarded` and
    /// `X-Forwarded-For` headers name the client. Empty (the default): those
    /// headers are ignored, since any client could write them.
    pub trusted_proxies: crate::proxies::TrustedProxies,
    /// `OWLPOST_SMTP_RELAY`: the SMTP relay on this machine (`127.0.0.1:25`,
    /// `localhost:2525`); when unset no mail is sent.
    pub smtp_relay: Option<String>,
    /// `OWLPOST_MAIL_FROM`, default `owlpost@localhost`: the sender of every mail.
    pub mail_from: String,
    /// `OWLPOST_PUBLIC_URL`: the server's address as players reach it, for
    /// the links in mails; default `http://` and `OWLPOST_BIND`.
    pub public_url: Option<String>,
    /// `OWLPOST_REPLY_DOMAIN`: the domain of the addresses players reply to
    /// with a move; default the domain of `OWLPOST_MAIL_FROM`.
    pub reply_domain: Option<String>,
    /// `OWLPOST_SMTP_LISTEN`: where the server takes replies over SMTP, on a
    /// loopback address (a local mail server hands them on); when unset, no listener.
    pub smtp_listen: Option<String>,
    /// `OWLPOST_INBOUND_SECRET`: the bearer secret of `POST /v1/mail/inbound`,
    /// for inbound-mail services; when unset, that endpoint takes nothing.
    pub inbound_secret: Option<String>,
    /// `OWLPOST_VACATION_DAYS`: the vacation days each user may spend a
    /// calendar year, default 14.
    pub vacation_days_per_year: u32,
}

impl Config {
    pub fn from_env() -> Self {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.is_empty());
        Config {
            database_url: var("DATABASE_URL"),
            bind: var("OWLPOST_BIND").unwrap_or_else(|| "127.0.0.1:8080".to_owned()),
            jwt_secret: var("OWLPOST_JWT_SECRET"),
            data_dir: var("OWLPOST_DATA_DIR")
                .map_or_else(|| PathBuf::from(".owlpost"), PathBuf::from),
            access_token_seconds: var("OWLPOST_ACCESS_TOKEN_SECONDS")
                .and_then(|v| v.parse().ok())
                .filter(|seconds| *seconds > 0)
                .unwrap_or(DEFAULT_ACCESS_TOKEN_SECONDS),
            refresh_token_days: var("OWLPOST_REFRESH_TOKEN_DAYS")
                .and_then(|v| v.parse().ok())
                .filter(|days| *days > 0)
                .unwrap_or(DEFAULT_REFRESH_TOKEN_DAYS),
            auth_attempts_per_minute: var("OWLPOST_AUTH_PER_MINUTE")
                .and_then(|v| v.parse().ok())
                .unwrap_or(20),
            webhooks_to_private_addresses: var("OWLPOST_WEBHOOKS_TO_PRIVATE_ADDRESSES")
                .is_some_and(|v| v == "allow"),
            trusted_proxies: var("OWLPOST_TRUSTED_PROXIES")
                .map(|v| crate::proxies::TrustedProxies::parse(&v))
                .transpose()
                .unwrap_or_else(|error| {
                    // Ignoring a list that does not parse would trust nobody
                    // silently, and rate-limit every client as one: say so.
                    tracing::error!(%error, "OWLPOST_TRUSTED_PROXIES is ignored");
                    None
                })
                .unwrap_or_default(),
            smtp_relay: var("OWLPOST_SMTP_RELAY"),
            mail_from: var("OWLPOST_MAIL_FROM").unwrap_or_else(|| "owlpost@localhost".to_owned()),
            public_url: var("OWLPOST_PUBLIC_URL"),
            reply_domain: var("OWLPOST_REPLY_DOMAIN"),
            smtp_listen: var("OWLPOST_SMTP_LISTEN"),
            inbound_secret: var("OWLPOST_INBOUND_SECRET"),
            vacation_days_per_year: var("OWLPOST_VACATION_DAYS")
                .and_then(|v| v.parse().ok())
                .unwrap_or(DEFAULT_VACATION_DAYS),
        }
    }

    /// The JWT secret: configured, or generated once and kept in the data directory.
    ///
    /// # Errors
    /// A configured secret shorter than [`MIN_JWT_SECRET_BYTES`] or equal to
    /// a published placeholder: anyone could forge tokens with it.
    pub fn resolve_jwt_secret(&self) -> anyhow::Result<Vec<u8>> {
        if let Some(secret) = &self.jwt_secret {
            check_jwt_secret(secret)?;
            return Ok(secret.as_bytes().to_vec());
        }
        std::fs::create_dir_all(&self.data_dir)?;
        let path = std::path::absolute(self.data_dir.join("jwt-secret"))?;
        // Relative to the working directory by default: started elsewhere,
        // the server would sign with another secret and every token would fail.
        tracing::info!(
            path = %path.display(),
            "the JWT secret is kept here; set OWLPOST_DATA_DIR or OWLPOST_JWT_SECRET to keep it wherever the server starts"
        );
        if let Ok(existing) = std::fs::read_to_string(&path)
            && existing.trim().len() >= 32
        {
            return Ok(existing.trim().as_bytes().to_vec());
        }
        let secret = hex::encode(rand::random::<[u8; 32]>());
        std::fs::write(&path, &secret)?;
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600))?;
        }
        Ok(secret.into_bytes())
    }
}
