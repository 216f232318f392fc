//! The board as a picture: an SVG document drawn by the game's ruleset from
//! the caller's own view, now or right after any past event.

use std::sync::Arc;

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, web};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::pictures::{PictureCache, viewer_key};
use crate::play::has_started;
use crate::routes::answers::{NotAuthenticated, SpectatorsNotAllowed};
use crate::state::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct BoardQuery {
    /// Draw the board as it stood right after this event (1 to the game's
    /// version); the board now when absent.
    #[param(minimum = 1)]
    pub at: Option<i64>,
}

/// The board as the caller may see it, as an SVG picture, now or right
/// after event `at`: drawn from his view, so it shows nothing hidden from
/// him (no hand, no deck). Elements carry stable `id`s, classes and `data-`
/// attributes (`data-wizard="seat-1"`, `data-square="r3c4"`,
/// `class="crack"`) that the rulesets' documentation lists. Who may see
/// what is decided by the game as it is now, as for `/at/{seq}`.
#[utoipa::path(
    tag = "games",
    params(
        ("id" = Uuid, Path, description = "Game id"),
        BoardQuery,
        ("If-None-Match" = Option<String>, Header, description = "The `ETag` of a picture the caller holds: 304 while it is still the one he would get"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The board", content_type = "image/svg+xml", body = String, headers(("ETag" = String, description = "The event drawn after and who it is drawn for"))),
        (status = 304, description = "Unchanged since the `If-None-Match` picture"),
        (status = 400, description = "`at` is not a number"),
        NotAuthenticated,
        SpectatorsNotAllowed,
        (status = 404, description = "No such game or sequence number"),
        (status = 409, description = "The game had not started at that point: there is no board yet"),
    )
)]
#[get("/games/{id}/board.svg")]
pub async fn board_picture(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    query: web::Query<BoardQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let game_id = *id;
    let current = state.store.load(game_id).await?;
    current.may_be_watched_by(Some(user.id))?;
    let seq = query.at.unwrap_or(current.version);
    if !(1..=current.version).contains(&seq) {
        return Err(ApiError::NotFound(format!(
            "this game has events 1 to {}, not {seq}",
            current.version
        )));
    }
    let viewer = current.viewer_for(Some(user.id));
    let etag = format!("\"{seq}-{}\"", viewer_key(viewer));
    let unchanged = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == etag));
    if unchanged {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, etag))
            .finish());
    }
    let cache = request.app_data::<web::Data<PictureCache>>();
    let kept = cache.and_then(|c| c.get(game_id, seq, viewer));
    let picture = match kept {
        Some(picture) => picture,
        None => {
            let past = if seq == current.version {
                current
            } else {
                state.store.load_at(game_id, seq).await?
            };
            if !has_started(past.status) {
                return Err(ApiError::Conflict {
                    code: "no_board_yet",
                    message: format!(
                        "the game had not started at event {seq}: there is no board to draw"
                    ),
                });
            }
            let picture = Arc::new(past.rules.picture(viewer, &past.table.seat_names()));
            if let Some(cache) = cache {
                cache.keep(game_id, seq, viewer, picture.clone());
            }
            picture
        }
    };
    Ok(HttpResponse::Ok()
        .insert_header((header::ETAG, etag))
        .content_type("image/svg+xml")
        .body(picture.as_str().to_owned()))
}
