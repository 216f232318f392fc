//! Table talk: a player writes to the table or to one player, and mutes
//! another (see `owlpost_domain::table::talk` for who reads what). Messages
//! are events of the game's log: the feed (`GET /v1/games/{id}/events`)
//! tells them to whoever may read them, and its long-poll wakes for them.

use actix_web::{HttpResponse, delete, post, web};
use serde::Deserialize;
use utoipa::ToSchema;
use uuid::Uuid;

use owlpost_domain::ruleset::Seat;
use owlpost_domain::table::TableCommand;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::play::play_table_command;
use crate::routes::answers::{NoSuchGame, NotAPlayer, NotAuthenticated, created};
use crate::state::AppState;

/// A message to the table, or to one player.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct WriteMessage {
    /// Plain text (shown as written, never as markup): 1 to 1,000
    /// characters, line breaks and tabs the only control characters.
    #[schema(
        min_length = 1,
        max_length = 1000,
        example = "Good luck, and mind the lava."
    )]
    pub text: String,
    /// The seat of the one player it is for; absent: everyone at the table.
    #[serde(default)]
    #[schema(value_type = Option<u8>, minimum = 0, maximum = 3)]
    pub to: Option<Seat>,
}

/// Decides a talk command by `actor` and answers with its event as he sees it.
async fn talk(
    state: &AppState,
    game_id: Uuid,
    actor: Uuid,
    command: TableCommand,
) -> Result<HttpResponse, ApiError> {
    let answer = play_table_command(&state.store, game_id, actor, command).await?;
    Ok(created(answer))
}

/// Writes a message to everyone at the table, or to one player. Any seated
/// player may, from the moment he sits down until the game ends (while it
/// is paused too); it changes nothing in the game. A message to one player
/// is shown to him and its writer only, ever; a message to all is shown to
/// the players, and to spectators once the game is over. A player writes at
/// most 10 messages a minute.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    request_body = WriteMessage,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Written: the message as the log tells it, in `events`", body = crate::model::ActionResult),
        (status = 400, description = "A malformed body, or no such seat"),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "The game is over or cancelled"),
        (status = 422, description = "Empty, too long, not plain text, to oneself or to an empty seat"),
        (status = 429, description = "Too many messages this minute (`too_many_messages`)"),
    )
)]
#[post("/games/{id}/messages")]
pub async fn write_message(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    body: web::Json<WriteMessage>,
) -> Result<HttpResponse, ApiError> {
    state.message_limit.check(user.id)?;
    let WriteMessage { text, to } = body.into_inner();
    talk(
        &state,
        *id,
        user.id,
        TableCommand::WriteMessage { text, to },
    )
    .await
}

/// Mutes the player of `seat`: his messages are no longer shown to the
/// caller (nor counted for him). Nobody else learns of it.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id"), ("seat" = u8, Path, description = "The seat of the player to mute")),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Muted", body = crate::model::ActionResult),
        (status = 400, description = "No such seat"),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "The game is over or cancelled"),
        (status = 422, description = "Oneself, or an empty seat"),
    )
)]
#[post("/games/{id}/mute/{seat}")]
pub async fn mute_player(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<(Uuid, u8)>,
) -> Result<HttpResponse, ApiError> {
    let (id, seat) = path.into_inner();
    let muted = TableCommand::Mute {
        seat: Seat(seat),
        muted: true,
    };
    talk(&state, id, user.id, muted).await
}

/// Hears the player of `seat` again: his messages are shown to the caller
/// once more, those written while he was muted too.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id"), ("seat" = u8, Path, description = "The seat of the player to hear again")),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Heard again", body = crate::model::ActionResult),
        (status = 400, description = "No such seat"),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "The game is over or cancelled"),
        (status = 422, description = "Oneself, or an empty seat"),
    )
)]
#[delete("/games/{id}/mute/{seat}")]
pub async fn unmute_player(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<(Uuid, u8)>,
) -> Result<HttpResponse, ApiError> {
    let (id, seat) = path.into_inner();
    let heard = TableCommand::Mute {
        seat: Seat(seat),
        muted: false,
    };
    talk(&state, id, user.id, heard).await
}
