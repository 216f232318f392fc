//! A finished game's record, for anyone to check offline.

use actix_web::{get, web};
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::model::GameStatus;
use crate::record::GameRecord;
use crate::routes::answers::{NoSuchGame, NotAuthenticated};
use crate::state::AppState;

/// The whole record of a finished game: every event unredacted with its hash,
/// every command, and the revealed seed. `owlpost verify FILE` checks it offline.
///
/// A finished game is public: its view and its `game_ended` event already
/// reveal the seed to spectators, and the seed's commitment is published so
/// that anyone, not only the players, can check every roll and shuffle.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The game's record", body = GameRecord),
        NotAuthenticated,
        NoSuchGame,
        (status = 409, description = "The game is not finished"),
    )
)]
#[get("/games/{id}/export")]
pub async fn export_game(
    state: web::Data<AppState>,
    // Signed-in callers only, whether they played or not.
    _caller: AuthUser,
    id: web::Path<Uuid>,
) -> Result<web::Json<GameRecord>, ApiError> {
    let game = state.store.load(*id).await?;
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
