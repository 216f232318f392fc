//! `owlpost`: the play-by-mail server for wizard-duel board games.
//!
//! Subcommands: `serve` (the default), `migrate`, `openapi`.

use anyhow::Context;

const USAGE: &str = "usage: owlpost [serve | migrate | openapi]
  serve    run the server on OWLPOST_BIND (default 127.0.0.1:8080)
  migrate  migrate the database and exit
  openapi  print the OpenAPI document";

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".to_owned());
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
        "-h" | "--help" | "help" => {
            println!("{USAGE}");
            Ok(())
        }
        other => anyhow::bail!("unknown command {other:?}\n{USAGE}"),
    }
}

async fn serve() -> anyhow::Result<()> {
    owlpost_api::app::init_tracing();
    let config = owlpost_api::Config::from_env();
    let prepared = owlpost_api::app::prepare(&config).await?;
    let listener = std::net::TcpListener::bind(&config.bind)
        .with_context(|| format!("binding {}", config.bind))?;
    tracing::info!(address = %config.bind, "Owlpost is serving; docs at /docs/");
    println!("Owlpost serves on http://{}  (docs: http://{}/docs/)", config.bind, config.bind);
    owlpost_api::serve(prepared, listener)?.await?;
    Ok(())
}

