//! Owlpost's HTTP API: actix-web handlers, JWT auth, the PostgreSQL event
//! store and the OpenAPI document, all built by one [`app::build_app`].

pub mod app;
pub mod auth;
pub mod background;
pub mod computers;
pub mod config;
pub mod db;
pub mod deadlines;
pub mod error;
pub mod mail;
pub mod metrics;
pub mod model;
pub mod notify;
pub mod openapi;
pub mod pictures;
pub mod play;
pub mod proxies;
pub mod rate_limit;
pub mod ratings;
pub mod record;
pub mod routes;
pub mod state;
pub mod store;
pub mod vacations;
pub mod web;
pub mod webhooks;

#[cfg(test)]
mod layering;

pub use app::{build_app, serve};
pub use config::Config;
pub use state::AppState;
