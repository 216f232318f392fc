//! Error answers that many operations give in the same words, declared once
//! for their `#[utoipa::path]` lists (`responses(..., NotAuthenticated)`).
//!
//! Like every error answer in the document, they carry no body here: the
//! document gives every 4xx and 5xx answer the problem document body
//! (`openapi::finish`), as the server answers every error with one.

use std::collections::BTreeMap;

use utoipa::IntoResponses;
use utoipa::openapi::{RefOr, Response};

/// One error answer, described.
fn answer(status: u16, description: &str) -> BTreeMap<String, RefOr<Response>> {
    BTreeMap::from([(status.to_string(), RefOr::T(Response::new(description)))])
}

macro_rules! common_answer {
    ($name:ident, $status:literal, $description:literal) => {
        #[doc = concat!("`", stringify!($status), "`: ", $description, ".")]
        pub struct $name;

        impl IntoResponses for $name {
            fn responses() -> BTreeMap<String, RefOr<Response>> {
                answer($status, $description)
            }
        }
    };
}

common_answer!(NotAuthenticated, 401, "Not authenticated");
common_answer!(NotAPlayer, 403, "Not a player of this game");
common_answer!(NoSuchGame, 404, "No such game");
common_answer!(
    SpectatorsNotAllowed,
    403,
    "Not a player of this game, whose creator lets only its players watch it while it is played (`spectators_not_allowed`)"
);

/// 201 with an action's answer (its events as the caller sees them).
pub fn created(action_result: String) -> actix_web::HttpResponse {
    actix_web::HttpResponse::Created()
        .content_type(actix_web::http::header::ContentType::json())
        .body(action_result)
}
