//! The caller's own account and games: his vacation days, his games, his inbox.

use actix_web::{delete, get, post, web};
use serde::Deserialize;
use utoipa::IntoParams;
use uuid::Uuid;

use owlpost_domain::Seat;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::model::{GameList, GameStatus, GameSummary, Me, StartVacation};
use crate::routes::answers::NotAuthenticated;
use crate::routes::games::wait_until;
use crate::state::AppState;

async fn my_games(
    state: &AppState,
    user: AuthUser,
    only_awaiting: bool,
) -> Result<GameList, ApiError> {
    let unread: std::collections::HashMap<Uuid, i64> = state
        .store
        .unread_messages(user.id)
        .await?
        .into_iter()
        .collect();
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
                status: GameStatus::parse(&row.status).unwrap_or_default(),
                version: row.version,
                your_seat: seat,
                awaiting_you: awaiting.contains(&seat),
                unread_messages: unread
                    .get(&row.id)
                    .map_or(0, |&n| u32::try_from(n).unwrap_or(u32::MAX)),
                updated_at: row.updated_at,
                deadline: row.deadline,
            }
        })
        .filter(|g| g.awaiting_you || g.unread_messages > 0 || !only_awaiting)
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
        NotAuthenticated,
    )
)]
#[get("/me/games")]
pub async fn list_my_games(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<GameList>, ApiError> {
    my_games(&state, user, false).await.map(web::Json)
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct InboxQuery {
    /// Long-poll: when no game awaits the caller, wait up to this many
    /// seconds (1–60) for one to, before answering (default: answer at once).
    #[param(minimum = 1, maximum = 60)]
    pub wait: Option<u64>,
}

/// Only the games waiting for the caller or holding messages he has not
/// read: "which of my games wait for me?".
///
/// With `wait`, a long-poll: an empty inbox answers as soon as one of the
/// caller's games awaits him or a message comes for him, or empty when the
/// wait is over.
#[utoipa::path(
    tag = "me",
    params(InboxQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Games awaiting the caller or with messages he has not read", body = GameList),
        (status = 400, description = "A wait out of range"),
        NotAuthenticated,
    )
)]
#[get("/me/inbox")]
pub async fn inbox(
    state: web::Data<AppState>,
    user: AuthUser,
    query: web::Query<InboxQuery>,
) -> Result<web::Json<GameList>, ApiError> {
    let Some(until) = wait_until(query.wait)? else {
        return my_games(&state, user, true).await.map(web::Json);
    };
    // Only a change of a game he is seated at can put something in his inbox.
    let mut waiter = state
        .store
        .changes()
        .subscribe(&[crate::notify::Interest::Player(user.id)]);
    let mut all = my_games(&state, user, false).await?;
    let in_inbox = |g: &GameSummary| g.awaiting_you || g.unread_messages > 0;
    while !all.games.iter().any(in_inbox) && waiter.wait(until).await {
        all = my_games(&state, user, false).await?;
    }
    all.games.retain(in_inbox);
    Ok(web::Json(all))
}

async fn me(state: &AppState, user: AuthUser) -> Result<Me, ApiError> {
    let username = state
        .store
        .username(user.id)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("the token's user no longer exists".into()))?;
    let vacation = crate::vacations::allowance(
        &state.store,
        user.id,
        state.vacation_days_per_year,
        chrono::Utc::now(),
    )
    .await?;
    Ok(Me {
        id: user.id,
        username,
        vacation,
    })
}

/// The caller's account: who he is, the vacation days he has left this
/// year, and his vacation if he is on one.
#[utoipa::path(
    tag = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's account", body = Me),
        NotAuthenticated,
    )
)]
#[get("/me")]
pub async fn get_me(state: web::Data<AppState>, user: AuthUser) -> Result<web::Json<Me>, ApiError> {
    me(&state, user).await.map(web::Json)
}

/// Starts a vacation of whole days, now. While it runs, the deadlines of the
/// caller's games that await him stand still (each game's log says so, and
/// others see him "on vacation until …"); they run again from where they
/// stood when it ends. The days are spent from this year's allowance.
#[utoipa::path(
    tag = "me",
    request_body = StartVacation,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "On vacation: the account as it now stands", body = Me),
        (status = 400, description = "Fewer than one day (`vacation_too_short`), or a malformed body"),
        NotAuthenticated,
        (status = 409, description = "More days than are left this year (`not_enough_vacation_days`), or already on vacation (`already_on_vacation`)"),
    )
)]
#[post("/me/vacation")]
pub async fn start_vacation(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<StartVacation>,
) -> Result<web::Json<Me>, ApiError> {
    crate::vacations::begin(
        &state.store,
        user.id,
        body.days,
        state.vacation_days_per_year,
        chrono::Utc::now(),
    )
    .await?;
    me(&state, user).await.map(web::Json)
}

/// Ends the caller's vacation now: the whole days it had still to run come
/// back, and the deadlines of his games run again from where they stood.
#[utoipa::path(
    tag = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Back: the account as it now stands", body = Me),
        NotAuthenticated,
        (status = 409, description = "Not on vacation (`not_on_vacation`)"),
    )
)]
#[delete("/me/vacation")]
pub async fn end_vacation(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<Me>, ApiError> {
    crate::vacations::end(
        &state.store,
        user.id,
        state.vacation_days_per_year,
        chrono::Utc::now(),
    )
    .await?;
    me(&state, user).await.map(web::Json)
}
