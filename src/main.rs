//! `owlpost`: the play-by-mail server for wizard-duel board games.
//!
//! Subcommands: `serve` (the default), `migrate`, `openapi`,
//! `verify [--revision N] FILE`.

use anyhow::Context;

const USAGE: &str = "usage: owlpost [serve | migrate | openapi | verify [--revision N] FILE]
  serve        run the server on OWLPOST_BIND (default 127.0.0.1:8080)
  migrate      migrate the database and exit
  openapi      print the OpenAPI document
  verify FILE  check an exported game record offline (exits 1 if it fails); it says which
               revision of the rules the game was played under. --revision N reads a
               record whose first event names no revision (exported before revisions were
               recorded) as one of revision N instead of revision 1";

/// How often overdue games are looked for: deadlines are kept to within this.
const DEADLINE_SWEEP_PERIOD: std::time::Duration = std::time::Duration::from_secs(15);
/// How often the computer players look for games awaiting them besides
/// being woken by every change (a change another process announced while
/// the listener was reconnecting is found at the latest then).
const COMPUTER_PLAYERS_PERIOD: std::time::Duration = std::time::Duration::from_secs(5);

/// How often webhook notifications due for a retry are looked for (new ones
/// go out as soon as their move is appended).
const WEBHOOK_RETRY_PERIOD: std::time::Duration = std::time::Duration::from_secs(5);

/// How often the mailer looks for confirmations and retries due (a turn
/// mail goes as soon as its move is appended).
const MAIL_PERIOD: std::time::Duration = std::time::Duration::from_secs(5);

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "serve".to_owned());
    match command.as_str() {
        "serve" => serve().await,
        "migrate" => {
            let config = owlpost_api::Config::from_env();
            owlpost_api::db::resolve_database(&config).await?;
            println!("the database is migrated");
            Ok(())
        }
        "openapi" => {
            print!("{}", owlpost_api::openapi::spec_json());
            Ok(())
        }
        "verify" => {
            let mut arguments = std::env::args().skip(2);
            let mut path = arguments.next();
            let mut unnamed_revision = None;
            if path.as_deref() == Some("--revision") {
                let number = arguments.next().unwrap_or_default();
                unnamed_revision = Some(number.parse::<u32>().with_context(|| {
                    format!("--revision takes a revision number, not {number:?}\n{USAGE}")
                })?);
                path = arguments.next();
            }
            let path = path.with_context(|| format!("verify needs the record's file\n{USAGE}"))?;
            if !verify(&path, unnamed_revision)? {
                std::process::exit(1);
            }
            Ok(())
        }
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => anyhow::bail!("unknown command {other:?}\n{USAGE}"),
    }
}

/// Prints one paragraph about the record at `path`; `false` when it does not verify.
fn verify(path: &str, unnamed_revision: Option<u32>) -> anyhow::Result<bool> {
    use owlpost_api::record::{GameRecord, verify_assuming};
    let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
    let record: GameRecord = serde_json::from_str(&text)
        .with_context(|| format!("{path} is not an owlpost-record/1 game record"))?;
    match verify_assuming(&record, unnamed_revision) {
        Ok(report) => {
            println!("{report}");
            Ok(true)
        }
        Err(error) => {
            println!(
                "Game {} ({}) does NOT verify: {error}. The check stopped at event {}; \
                 do not trust this record.",
                record.game_id,
                record.ruleset,
                error.seq()
            );
            Ok(false)
        }
    }
}

async fn serve() -> anyhow::Result<()> {
    owlpost_api::app::init_tracing();
    let config = owlpost_api::Config::from_env();
    let prepared = owlpost_api::app::prepare(&config).await?;
    let state = &prepared.state;
    owlpost_api::deadlines::spawn_sweeper(
        state.store.clone(),
        state.background.clone(),
        DEADLINE_SWEEP_PERIOD,
    );
    owlpost_api::computers::spawn(
        state.store.clone(),
        state.background.clone(),
        COMPUTER_PLAYERS_PERIOD,
    );
    state
        .deliverer()
        .spawn(state.background.clone(), WEBHOOK_RETRY_PERIOD);
    match owlpost_api::mail::MailSettings::from_config(&config)? {
        Some(settings) => {
            tracing::info!(relay = %settings.relay, public_url = %settings.public_url, "mail is sent through the relay");
            match (&settings.replies, &config.smtp_listen) {
                (Some(replies), Some(listen)) => {
                    let address = owlpost_api::mail::listener::check_listen(listen)
                        .map_err(anyhow::Error::msg)?;
                    let listener = tokio::net::TcpListener::bind(address)
                        .await
                        .with_context(|| format!("binding OWLPOST_SMTP_LISTEN {address}"))?;
                    tracing::info!(%address, domain = %replies.domain, "replies with moves are taken over SMTP");
                    owlpost_api::mail::listener::spawn(
                        listener,
                        state.store.clone(),
                        replies.clone(),
                        state.background.clone(),
                    );
                }
                (Some(replies), None) => {
                    tracing::info!(domain = %replies.domain, "replies with moves are taken at POST /v1/mail/inbound only");
                }
                (None, _) => tracing::info!(
                    "neither OWLPOST_SMTP_LISTEN nor OWLPOST_INBOUND_SECRET is set: mails carry no reply address"
                ),
            }
            owlpost_api::mail::Mailer {
                store: state.store.clone(),
                settings: settings.into(),
            }
            .spawn(state.background.clone(), MAIL_PERIOD);
        }
        None => {
            tracing::warn!("OWLPOST_SMTP_RELAY is not set: no mail is sent");
            if config.smtp_listen.is_some() || config.inbound_secret.is_some() {
                tracing::warn!("replies by mail are not taken either: their answers are mail");
            }
        }
    }
    // Serving does not wait for it: the stale snapshots are never read anyway.
    drop(owlpost_api::store::snapshots::prune_in_background(
        state.store.clone(),
    ));
    let listener = std::net::TcpListener::bind(&config.bind)
        .with_context(|| format!("binding {}", config.bind))?;
    tracing::info!(address = %config.bind, "Owlpost is serving; docs at /docs/");
    println!(
        "Owlpost serves on http://{}  (docs: http://{}/docs/)",
        config.bind, config.bind
    );
    owlpost_api::serve(prepared, listener)?.await?;
    Ok(())
}
