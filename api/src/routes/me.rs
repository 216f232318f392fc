//! The caller's own games.

use actix_web::{get, web};

use owlpost_domain::Seat;

use crate::app::AppState;
use crate::auth::AuthUser;
use crate::error::{ApiError, Problem};
use crate::model::{GameList, GameStatus, GameSummary};

async fn my_games(
    state: &AppState,
    user: AuthUser,
    only_awaiting: bool,
) -> Result<GameList, ApiError> {
    let mut games: Vec<GameSummary> = state
        .store
        .my_games(user.id)
        .await?
        .into_iter()
        .map(|row| {
            let seat = Seat(row.seat as u8);
            let awaiting: Vec<Seat> = serde_json::from_value(row.awaiting).unwrap_or_default();
            GameSummary {
                id: row.id,
                ruleset: row.ruleset,
                status: GameStatus::parse(&row.status),
                version: row.version,
                your_seat: seat,
                awaiting_you: awaiting.contains(&seat),
                updated_at: row.updated_at,
                deadline: row.deadline,
            }
        })
        .filter(|g| g.awaiting_you || !only_awaiting)
        .collect();
    games.sort_by(|a, b| {
        b.awaiting_you
            .cmp(&a.awaiting_you)
            .then(b.updated_at.cmp(&a.updated_at))
    });
    Ok(GameList { games })
}

/// Every game the caller plays in: those awaiting the caller first.
#[utoipa::path(
    tag = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's games", body = GameList),
        (status = 401, description = "Not authenticated", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/games")]
pub async fn list_my_games(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<GameList>, ApiError> {
    my_games(&state, user, false).await.map(web::Json)
}

/// Only the games waiting for the caller: "which of my games wait for me?".
#[utoipa::path(
    tag = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Games awaiting the caller", body = GameList),
        (status = 401, description = "Not authenticated", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/me/inbox")]
pub async fn inbox(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<GameList>, ApiError> {
    my_games(&state, user, true).await.map(web::Json)
}
