//! One file per resource.

pub mod auth;
pub mod board;
pub mod games;
pub mod me;
pub mod records;
pub mod rulesets;
pub mod system;
pub mod webhooks;
