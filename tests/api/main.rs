//! End-to-end tests: the real server on a random port, a fresh real
//! PostgreSQL database per test, driven over HTTP like any client.

mod archive;
mod auth;
mod board;
mod clients;
mod computers;
mod deadlines;
mod errors;
mod failover;
mod firewall_duel;
mod games;
mod helpers;
mod history;
mod mail;
mod mail_replies;
mod metrics;
mod notifications;
mod openapi;
mod outages;
mod proxies;
mod records;
mod sessions;
mod snapshots;
mod spec_check;
mod spectators;
mod substitutes;
mod table;
mod table_talk;
mod tokens;
mod unknown_fields;
mod vacations;
mod web_client;
mod webhooks;
mod wizards_of_war;
mod wizwar;
mod wizwar_classic;
