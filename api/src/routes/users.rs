//! Players: a player's page (record, ratings and their history, current
//! games, latest results) and his finished games.

use actix_web::{get, web};
use serde::Deserialize;
use utoipa::IntoParams;

use owlpost_domain::registry;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::model::{FinishedGameList, GameEnding, GameStatus, PlayerProfile};
use crate::routes::answers::NotAuthenticated;
use crate::routes::games::{GamesQuery, archive_filter, archive_page};
use crate::state::AppState;
use crate::store::archive::{ArchiveFilter, UserRow};

/// How many finished games a player's page lists.
const RECENT_RESULTS: i64 = 10;

async fn player_named(state: &AppState, username: &str) -> Result<UserRow, ApiError> {
    state
        .store
        .user_named(username)
        .await?
        .ok_or_else(|| ApiError::NotFound(format!("there is no player {username:?}")))
}

/// A player's page: finished games played and won per ruleset, his ratings
/// and their history, the games he is playing and his latest results.
#[utoipa::path(
    tag = "users",
    params(("username" = String, Path, description = "The player's username (any case)")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The player's page", body = PlayerProfile),
        NotAuthenticated,
        (status = 404, description = "No such player"),
    )
)]
#[get("/users/{username}")]
pub async fn get_player(
    state: web::Data<AppState>,
    _user: AuthUser,
    username: web::Path<String>,
) -> Result<web::Json<PlayerProfile>, ApiError> {
    let player = player_named(&state, &username).await?;
    let filter = ArchiveFilter {
        player: Some(player.id),
        ..ArchiveFilter::default()
    };
    Ok(web::Json(PlayerProfile {
        records: state.store.records_of(player.id).await?,
        ratings: state.store.ratings_of(player.id).await?,
        rating_history: state.store.rating_history_of(player.id).await?,
        current_games: state.store.current_games_of(player.id).await?,
        recent_results: state.store.finished_games(&filter, RECENT_RESULTS).await?,
        username: player.username,
        joined_at: player.created_at,
    }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PlayerGamesQuery {
    /// Only games of this ruleset.
    pub ruleset: Option<String>,
    /// Only those that ended so.
    #[param(inline)]
    pub ending: Option<GameEnding>,
    /// Only those finished at or after this time.
    pub from: Option<chrono::DateTime<chrono::Utc>>,
    /// Only those finished before this time.
    pub to: Option<chrono::DateTime<chrono::Utc>>,
    /// At most this many games (1–100, default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// The `next_cursor` of the page before.
    pub cursor: Option<String>,
}

/// A player's finished games, newest first, a page at a time.
#[utoipa::path(
    tag = "users",
    params(("username" = String, Path, description = "The player's username (any case)"), PlayerGamesQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of the player's finished games", body = FinishedGameList),
        (status = 400, description = "A bad cursor, date range or limit"),
        NotAuthenticated,
        (status = 404, description = "No such player or ruleset"),
    )
)]
#[get("/users/{username}/games")]
pub async fn list_player_games(
    state: web::Data<AppState>,
    _user: AuthUser,
    username: web::Path<String>,
    query: web::Query<PlayerGamesQuery>,
) -> Result<web::Json<FinishedGameList>, ApiError> {
    let limit = query.limit.unwrap_or(20);
    if !(1..=100).contains(&limit) {
        return Err(ApiError::InvalidRequest(
            "`limit` is between 1 and 100".into(),
        ));
    }
    if let Some(ruleset) = &query.ruleset
        && registry::find(ruleset).is_none()
    {
        return Err(ApiError::NotFound(format!(
            "there is no ruleset {ruleset:?}"
        )));
    }
    let player = player_named(&state, &username).await?;
    let query = query.into_inner();
    let games_query = GamesQuery {
        status: Some(GameStatus::Finished),
        ruleset: query.ruleset,
        player: None,
        ending: query.ending,
        from: query.from,
        to: query.to,
        limit: Some(limit),
        offset: None,
        cursor: query.cursor,
    };
    let filter = archive_filter(&games_query, Some(player.id))?;
    let (games, next_cursor) = archive_page(&state, filter, limit).await?;
    Ok(web::Json(FinishedGameList { games, next_cursor }))
}
