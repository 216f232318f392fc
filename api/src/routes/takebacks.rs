//! Take-backs: a player asks to take back his last action, and the other
//! players agree (computer players at once). See
//! `owlpost_domain::table::takeback` for when one may be asked.

use actix_web::{HttpResponse, post, web};
use uuid::Uuid;

use owlpost_domain::table::TableCommand;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::play::{appended_answer, ask_takeback, play_table_command};
use crate::routes::answers::{NoSuchGame, NotAPlayer, NotAuthenticated, created};
use crate::state::AppState;

/// Asks to take back one's last action (the events of one's last move).
/// Only when nobody acted since (table talk aside), and only what the
/// game's rules let be taken back: never once something hidden was
/// revealed or a die rolled. Once every other player agrees (computer
/// players at once), `taken_back` says which events the game skips from
/// then on; they stay in the log. A new action by anyone cancels the request.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Asked (and, when nobody else must agree, taken back): the events in `events`", body = crate::model::ActionResult),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Nothing to take back (`nothing_to_take_back`), another player acted since (`takeback_after_other_player`), it revealed something hidden (`takeback_after_hidden_information`), rolled a die (`takeback_after_die_roll`), the rules offer none (`takeback_not_offered`), one is already asked, or the game is not being played"),
    )
)]
#[post("/games/{id}/takeback")]
pub async fn ask_for_takeback(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let played = ask_takeback(&state.store, *id, user.id).await?;
    Ok(created(appended_answer(played, user.id)?))
}

/// Agrees to the take-back another player asked. When the last player
/// agrees, `taken_back` follows.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Agreed (and, when everyone has, taken back): the events in `events`", body = crate::model::ActionResult),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "No take-back is asked (`nothing_to_take_back`: none, or a new action cancelled it), already agreed, or the game is not being played"),
        (status = 422, description = "One's own request (`takeback_own_request`)"),
    )
)]
#[post("/games/{id}/takeback/agree")]
pub async fn agree_to_takeback(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let answer =
        play_table_command(&state.store, *id, user.id, TableCommand::AgreeTakeback).await?;
    Ok(created(answer))
}
