//! A finished game's record, for anyone who played it to check offline.

use actix_web::{get, web};
use uuid::Uuid;

use crate::app::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, Problem};
use crate::model::GameStatus;
use crate::record::GameRecord;

/// The whole record of a finished game: every event unredacted with its hash,
/// every command, and the revealed seed. `owlpost verify FILE` checks it offline.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The game's record", body = GameRecord),
        (status = 401, description = "Not authenticated", body = Problem, content_type = "application/problem+json"),
        (status = 403, description = "Not a player of this game", body = Problem, content_type = "application/problem+json"),
        (status = 404, description = "No such game", body = Problem, content_type = "application/problem+json"),
        (status = 409, description = "The game is not finished", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/games/{id}/export")]
pub async fn export_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<web::Json<GameRecord>, ApiError> {
    let game = state.store.load(*id).await?;
    if game.seat_of(user.id).is_none() {
        return Err(ApiError::NotAPlayer);
    }
    // Until the end the log holds hands, deck orders and the seed itself.
    if game.status != GameStatus::Finished {
        return Err(ApiError::Conflict {
            code: "game_not_finished",
            message: "only a finished game's record can be exported".into(),
        });
    }
    // A finished game takes no more events, so the log read now ends at `game.version`.
    let events = state
        .store
        .events(game.id, 0, game.version, i64::MAX)
        .await?;
    let commands = state.store.commands(game.id).await?;
    Ok(web::Json(GameRecord::of_finished_game(
        &game, &events, &commands,
    )?))
}
