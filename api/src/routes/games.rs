//! Games: list the open ones, create, join, leave, start, cancel, resign,
//! abandon, view, act, and read the log.

use actix_web::http::header;
use actix_web::{HttpMessage, HttpRequest, HttpResponse, get, post, web};
use serde::Deserialize;
use serde_json::Value;
use utoipa::IntoParams;
use uuid::Uuid;

use owlpost_domain::registry;
use owlpost_domain::rng::{GameRng, seed_commitment};
use owlpost_domain::table::{GameCommand, TableCommand, TableRefusal, Takebacks, WhenGone};

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::model::{
    Action, ActionResult, CreateGame, EventPage, FinishedGame, FinishedGameList, Game, GameEnding,
    GamePage, GameStatus, JoinGame, LegalListing, OpenGame, OpenGameList, PlatformEvent,
    SeatComputer, TimeControl,
};
use crate::play::{
    Plan, Played, action_result, action_result_with_full_game, action_result_with_game, decide,
    decide_and_append, decide_and_append_answering, feed, game_listing, has_started,
    remaining_seconds,
};
use crate::routes::answers::{NoSuchGame, NotAPlayer, NotAuthenticated, SpectatorsNotAllowed};
use crate::state::AppState;
use crate::store::archive::{ArchiveCursor, ArchiveFilter};
use crate::store::{EventKind, LoadedGame, NewCommand, NewEvent};

fn etag(version: i64) -> String {
    format!("\"{version}\"")
}

fn game_response(
    status: actix_web::http::StatusCode,
    game: &LoadedGame,
    user: Uuid,
) -> HttpResponse {
    listed_game_response(status, game, user, LegalListing::Compact)
}

fn listed_game_response(
    status: actix_web::http::StatusCode,
    game: &LoadedGame,
    user: Uuid,
    listing: LegalListing,
) -> HttpResponse {
    HttpResponse::build(status)
        .insert_header((header::ETAG, etag(game.version)))
        .json(game_listing(game, Some(user), listing))
}

/// How a game answer lists the caller's legal commands.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LegalQuery {
    /// `full`: list the legal commands in `legal_commands`, those that
    /// `legal_command_choices` tells at once included (thousands for a Fire
    /// Wall sealed move), with `legal_commands_complete` saying whether
    /// they are all. By default (`compact`) they are not listed.
    #[param(inline)]
    pub legal: Option<LegalListing>,
}

/// Plays one table command for `actor` and answers with the game as he sees it.
async fn table_answer(
    state: &AppState,
    game_id: Uuid,
    actor: Uuid,
    command: TableCommand,
) -> Result<HttpResponse, ApiError> {
    let game = table_command(state, game_id, actor, command).await?;
    Ok(game_response(actix_web::http::StatusCode::OK, &game, actor))
}

/// Decides a table command by the caller on the latest fold and appends its events.
async fn table_command(
    state: &AppState,
    game_id: Uuid,
    actor: Uuid,
    command: TableCommand,
) -> Result<LoadedGame, ApiError> {
    table_command_on(state, game_id, actor, |_| command.clone()).await
}

/// [`table_command`], the command made from the latest fold of the game.
async fn table_command_on(
    state: &AppState,
    game_id: Uuid,
    actor: Uuid,
    command: impl Fn(&LoadedGame) -> TableCommand + Send + Sync,
) -> Result<LoadedGame, ApiError> {
    let played = decide_and_append(&state.store, game_id, None, |game| {
        Ok(Some(Plan {
            actor,
            commands: vec![GameCommand::Table(command(game))],
            record: None,
        }))
    })
    .await?;
    match played {
        Played::Appended(appended) => Ok(std::sync::Arc::unwrap_or_clone(appended.game)),
        Played::AlreadyAnswered | Played::Nothing => Err(ApiError::internal(anyhow::anyhow!(
            "a table command without a command row was not appended"
        ))),
    }
}

/// `game` as it stands once told of the vacations its players are on: a
/// game that has just come under way, or taken a substitute, holds the
/// deadline of a player away as any of his games does.
async fn told_of_vacations(state: &AppState, game: LoadedGame) -> Result<LoadedGame, ApiError> {
    if game.status != GameStatus::Active {
        return Ok(game);
    }
    let players: Vec<Uuid> = (0..game.seats.len() as u8)
        .map(owlpost_domain::Seat)
        .filter(|seat| game.table.computer_at(*seat).is_none())
        .filter_map(|seat| game.player_at(seat))
        .collect();
    if crate::vacations::tell_new_game(&state.store, game.id, &players, chrono::Utc::now()).await? {
        state.store.load(game.id).await
    } else {
        Ok(game)
    }
}

/// Creates a game. Anyone may create one; by default the creator takes seat 0.
#[utoipa::path(
    tag = "games",
    request_body = CreateGame,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The game was created", body = Game, headers(("ETag" = String, description = "The game's version"))),
        (status = 400, description = "Invalid options or seat count"),
        NotAuthenticated,
        (status = 404, description = "No such ruleset"),
    )
)]
#[post("/games")]
pub async fn create_game(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<CreateGame>,
) -> Result<HttpResponse, ApiError> {
    let request = body.into_inner();
    let ruleset = registry::find(&request.ruleset)
        .ok_or_else(|| ApiError::NotFound(format!("there is no ruleset {:?}", request.ruleset)))?;
    let info = ruleset.info();
    if !(info.min_seats..=info.max_seats).contains(&request.seats) {
        return Err(owlpost_domain::ruleset::SetupError::SeatCount {
            min: info.min_seats,
            max: info.max_seats,
            got: request.seats,
        }
        .into());
    }
    if let Some(time_control) = request.time_control
        && !(TimeControl::SHORTEST..=TimeControl::LONGEST).contains(&time_control.move_seconds)
    {
        return Err(ApiError::InvalidRequest(format!(
            "move_seconds is between {} (a minute) and {} (30 days)",
            TimeControl::SHORTEST,
            TimeControl::LONGEST
        )));
    }
    if let Some(when_gone) = request.time_control.and_then(|t| t.when_gone)
        && !(1..=WhenGone::MOST_MISSED_DEADLINES).contains(&when_gone.after_missed_deadlines)
    {
        return Err(ApiError::InvalidRequest(format!(
            "after_missed_deadlines is between 1 and {}",
            WhenGone::MOST_MISSED_DEADLINES
        )));
    }
    let options = ruleset.normalize_options(&request.options)?;
    // A dry run: options that parse but cannot set up a game are refused now, not at start.
    ruleset.setup(&options, request.seats, &mut GameRng::from_u64(0))?;

    let seed: [u8; 32] = rand::random();
    let id = Uuid::new_v4();
    let created = PlatformEvent::GameCreated {
        ruleset: ruleset.id().to_owned(),
        options,
        seats: request.seats,
        created_by: user.id,
        seed_sha256: seed_commitment(&seed),
        time_control: request.time_control,
        revision: Some(ruleset.revision()),
        rated: Some(request.rated && request.computer_players.is_empty()),
        // Written only when refused, so every other game's first event reads as it always did.
        spectators: (!request.spectators).then_some(false),
        takebacks: (request.takebacks == Takebacks::WithoutAsking).then_some(request.takebacks),
    };
    let mut events = vec![NewEvent {
        kind: EventKind::Platform,
        payload: serde_json::to_value(&created).map_err(ApiError::internal)?,
    }];
    let free_seats = usize::from(request.seats) - usize::from(request.join);
    if request.computer_players.len() > free_seats {
        return Err(ApiError::InvalidRequest(format!(
            "{} computer players do not fit in the {free_seats} seats left",
            request.computer_players.len()
        )));
    }
    let mut seating = Vec::new();
    if request.join {
        let username =
            state.store.username(user.id).await?.ok_or_else(|| {
                ApiError::Unauthorized("the token's user no longer exists".into())
            })?;
        seating.push(GameCommand::Table(TableCommand::Join {
            seat: Some(owlpost_domain::Seat(0)),
            username,
        }));
    }
    let mut computers = Vec::new();
    for strength in &request.computer_players {
        let (user_id, username) = state.store.create_computer(*strength).await?;
        computers.push(user_id);
        seating.push(GameCommand::Table(TableCommand::SeatComputer {
            seat: None,
            user_id,
            username,
            strength: *strength,
        }));
    }
    if !request.computer_players.is_empty() && free_seats == request.computer_players.len() {
        seating.push(GameCommand::Table(TableCommand::Start));
    }
    if !seating.is_empty() {
        let mut game = LoadedGame::new(id, ruleset, seed);
        game.apply(1, EventKind::Platform, &events[0].payload)?;
        game.version = 1;
        match decide(&game, user.id, &seating) {
            Ok(seated) => events.extend(seated),
            Err(refusal) => {
                forget_computers(&state, &computers).await;
                return Err(refusal);
            }
        }
    }
    let created = state
        .store
        .create_game(
            id,
            ruleset,
            request.seats,
            user.id,
            request.rated && request.computer_players.is_empty(),
            seed,
            events,
        )
        .await;
    let game = match created {
        Ok(game) => game,
        Err(error) => {
            forget_computers(&state, &computers).await;
            return Err(error);
        }
    };
    let game = told_of_vacations(&state, game).await?;
    let mut response = game_response(actix_web::http::StatusCode::CREATED, &game, user.id);
    response.headers_mut().insert(
        header::LOCATION,
        header::HeaderValue::from_str(&format!("/v1/games/{id}")).map_err(ApiError::internal)?,
    );
    Ok(response)
}

/// The game as the caller may see it: hidden facts of other seats are removed.
#[utoipa::path(
    tag = "games",
    params(
        ("id" = Uuid, Path, description = "Game id"),
        ("If-None-Match" = Option<String>, Header, description = "The `ETag` of a version the caller holds: 304 while the game is still at it"),
        LegalQuery,
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The game", body = Game, headers(("ETag" = String, description = "The game's version"))),
        (status = 304, description = "Unchanged since the `If-None-Match` version"),
        NotAuthenticated,
        SpectatorsNotAllowed,
        NoSuchGame,
    )
)]
#[get("/games/{id}")]
pub async fn get_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    query: web::Query<LegalQuery>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let game = state.store.load(*id).await?;
    game.may_be_watched_by(Some(user.id))?;
    let current = etag(game.version);
    let unchanged = request
        .headers()
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|tag| tag.trim() == current));
    if unchanged {
        return Ok(HttpResponse::NotModified()
            .insert_header((header::ETAG, current))
            .finish());
    }
    Ok(listed_game_response(
        actix_web::http::StatusCode::OK,
        &game,
        user.id,
        query.legal.unwrap_or_default(),
    ))
}

/// Takes a seat in a game that has not started.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    request_body(content = Option<JoinGame>, description = "The seat to take (default: the first free one)"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Seated", body = Game),
        (status = 400, description = "A malformed body, or no such seat"),
        NotAuthenticated,
        NoSuchGame,
        (status = 409, description = "Started, full, seat taken or already seated"),
    )
)]
#[post("/games/{id}/join")]
pub async fn join_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    body: web::Bytes,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    // An empty body asks for the first free seat; any other body must be a
    // well-formed `JoinGame` sent as JSON, so a mistyped seat never seats
    // anyone elsewhere and a body is never ignored.
    let wanted = if body.iter().all(u8::is_ascii_whitespace) {
        JoinGame::default()
    } else {
        let is_json = request.mime_type().ok().flatten().is_some_and(|mime| {
            mime.subtype() == actix_web::mime::JSON || mime.suffix() == Some(actix_web::mime::JSON)
        });
        if !is_json {
            return Err(ApiError::MalformedJson(
                "a body is sent as application/json".into(),
            ));
        }
        let value: Value =
            serde_json::from_slice(&body).map_err(|e| ApiError::MalformedJson(e.to_string()))?;
        if !value.is_object() {
            return Err(ApiError::MalformedJson(
                "the body is a JSON object such as {\"seat\": 1}".into(),
            ));
        }
        serde_json::from_value::<JoinGame>(value)
            .map_err(|e| ApiError::MalformedJson(e.to_string()))?
    }
    .seat;
    let username = state
        .store
        .username(user.id)
        .await?
        .ok_or_else(|| ApiError::Unauthorized("the token's user no longer exists".into()))?;
    let game = table_command(
        &state,
        *id,
        user.id,
        TableCommand::Join {
            seat: wanted,
            username,
        },
    )
    .await?;
    let game = told_of_vacations(&state, game).await?;
    Ok(game_response(
        actix_web::http::StatusCode::OK,
        &game,
        user.id,
    ))
}

/// Starts a full game: the ruleset sets up the board, shuffles and deals.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Started", body = Game),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Not full, or already started"),
    )
)]
#[post("/games/{id}/start")]
pub async fn start_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let game = table_command(&state, *id, user.id, TableCommand::Start).await?;
    let game = told_of_vacations(&state, game).await?;
    Ok(game_response(
        actix_web::http::StatusCode::OK,
        &game,
        user.id,
    ))
}

/// Gives the game up. The game ends at once: with two players the other one
/// wins; with more, the other players share the win.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Resigned: the game is over", body = Game),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Not started (leave instead), over, or cancelled"),
    )
)]
#[post("/games/{id}/resign")]
pub async fn resign_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    table_answer(&state, *id, user.id, TableCommand::Resign).await
}

/// Agrees to abandon the game. Once every player has agreed, the game ends
/// and nobody wins; until then each agreement stands.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Agreed; the game is over if everyone has", body = Game),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Already agreed, not started, over, or cancelled"),
    )
)]
#[post("/games/{id}/abandon")]
pub async fn abandon_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    table_answer(&state, *id, user.id, TableCommand::Abandon).await
}

/// Agrees to pause the game. Once every person at the table has agreed
/// (computer players agree to whatever the persons agree), the game stands
/// still: nobody is awaited, no deadline runs and no move is taken, until any
/// one player resumes it. Until then each agreement stands.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Agreed; the game is paused if everyone has", body = Game),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Already agreed, already paused, not started, over, or cancelled"),
    )
)]
#[post("/games/{id}/pause")]
pub async fn pause_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    let now = chrono::Utc::now();
    let game = table_command_on(&state, *id, user.id, |game| TableCommand::Pause {
        remaining_seconds: remaining_seconds(game, now),
    })
    .await?;
    Ok(game_response(
        actix_web::http::StatusCode::OK,
        &game,
        user.id,
    ))
}

/// Resumes a paused game: any one of its players may. The awaited players
/// have again the time they had left when it was paused.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Resumed", body = Game),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Not paused, not started, over, or cancelled"),
    )
)]
#[post("/games/{id}/resume")]
pub async fn resume_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    table_answer(&state, *id, user.id, TableCommand::Resume).await
}

/// Agrees to play the rest of the game under the newest revision of its
/// ruleset's rules. Once every player has agreed, the game moves to it (the
/// log says `rules_revised`); until then each agreement stands. A game whose
/// log does not read as the newest rules (an old game the newest rules cannot
/// take over) is refused with `cannot_revise_rules` and plays on as it is.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Agreed; the game is played under the newest rules if everyone has", body = Game),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Already agreed, already the newest rules, cannot be moved, not started, over, or cancelled"),
    )
)]
#[post("/games/{id}/revise")]
pub async fn revise_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    table_answer(&state, *id, user.id, TableCommand::MoveToNewestRules).await
}

/// Gives up the caller's seat in a game that has not started; the seat is free again.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The seat is free", body = Game),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Started (resign instead), over, or cancelled"),
    )
)]
#[post("/games/{id}/leave")]
pub async fn leave_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    table_answer(&state, *id, user.id, TableCommand::Leave).await
}

/// Calls off a game that has not started. Only its creator may.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Cancelled", body = Game),
        NotAuthenticated,
        (status = 403, description = "Not the game's creator"),
        NoSuchGame,
        (status = 409, description = "Started, over, or already cancelled"),
    )
)]
#[post("/games/{id}/cancel")]
pub async fn cancel_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    table_answer(&state, *id, user.id, TableCommand::Cancel).await
}

/// Users made for computer players that took no seat after all (the
/// request that made them was refused): nothing of a refused request stays.
async fn forget_computers(state: &AppState, computers: &[Uuid]) {
    for id in computers {
        if let Err(error) = state.store.forget_computer(*id).await {
            tracing::warn!(%error, computer = %id, "an unseated computer player's user stays");
        }
    }
}

/// Gives a free seat of an open game to a computer player, which plays it
/// from its seat's view alone as soon as the game awaits it. Only the game's
/// creator may; a game with a computer player counts for nobody's rating.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id")),
    request_body = SeatComputer,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Seated", body = Game),
        (status = 400, description = "No such seat"),
        NotAuthenticated,
        (status = 403, description = "Not the game's creator"),
        NoSuchGame,
        (status = 409, description = "Started, over, cancelled, full, or the seat is taken"),
    )
)]
#[post("/games/{id}/computers")]
pub async fn seat_computer(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    body: web::Json<SeatComputer>,
) -> Result<HttpResponse, ApiError> {
    let SeatComputer { strength, seat } = body.into_inner();
    let (computer, username) = state.store.create_computer(strength).await?;
    let command = TableCommand::SeatComputer {
        seat,
        user_id: computer,
        username,
        strength,
    };
    match table_command(&state, *id, user.id, command).await {
        Ok(game) => Ok(game_response(
            actix_web::http::StatusCode::OK,
            &game,
            user.id,
        )),
        Err(error) => {
            forget_computers(&state, &[computer]).await;
            Err(error)
        }
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct GamesQuery {
    /// Which games: `open` (waiting for players, the default: oldest first,
    /// paged by `offset`) or `finished` (the archive: newest first, paged by
    /// `cursor`). The caller's own games are at `/v1/me/games`.
    #[param(schema_with = open_or_finished)]
    pub status: Option<GameStatus>,
    /// Only games of this ruleset.
    pub ruleset: Option<String>,
    /// Finished games only: only those this user played.
    pub player: Option<String>,
    /// Finished games only: only those that ended so.
    #[param(inline)]
    pub ending: Option<GameEnding>,
    /// Finished games only: only those finished at or after this time.
    pub from: Option<chrono::DateTime<chrono::Utc>>,
    /// Finished games only: only those finished before this time.
    pub to: Option<chrono::DateTime<chrono::Utc>>,
    /// At most this many games (1–100, default 20).
    #[param(minimum = 1, maximum = 100)]
    pub limit: Option<i64>,
    /// Open games only: skip this many games (at least 0, default 0): the
    /// `next_offset` of the page before.
    #[param(minimum = 0)]
    pub offset: Option<i64>,
    /// Finished games only: the `next_cursor` of the page before.
    pub cursor: Option<String>,
}

/// The two statuses the games list takes (`open`, `finished`): any other is
/// refused, so the spec offers no other.
fn open_or_finished() -> utoipa::openapi::Object {
    utoipa::openapi::ObjectBuilder::new()
        .schema_type(utoipa::openapi::schema::Type::String)
        .enum_values(Some(["open", "finished"]))
        .build()
}

/// The most games one page lists.
const GAMES_PAGE_LIMIT: i64 = 100;

/// Games waiting for players (with a free seat, oldest first), or the
/// archive of finished games (newest first), a page at a time.
#[utoipa::path(
    tag = "games",
    params(GamesQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of open or finished games", body = GamePage),
        (status = 400, description = "A status other than `open` or `finished`, a filter that does not fit the status, a bad cursor, or paging out of bounds"),
        NotAuthenticated,
        (status = 404, description = "No such ruleset or player"),
    )
)]
#[get("/games")]
pub async fn list_games(
    state: web::Data<AppState>,
    _user: AuthUser,
    query: web::Query<GamesQuery>,
) -> Result<web::Json<GamePage>, ApiError> {
    let limit = query.limit.unwrap_or(20);
    if !(1..=GAMES_PAGE_LIMIT).contains(&limit) {
        return Err(ApiError::InvalidRequest(format!(
            "`limit` is between 1 and {GAMES_PAGE_LIMIT}"
        )));
    }
    if let Some(ruleset) = &query.ruleset
        && registry::find(ruleset).is_none()
    {
        return Err(ApiError::NotFound(format!(
            "there is no ruleset {ruleset:?}"
        )));
    }
    match query.status.unwrap_or(GameStatus::Open) {
        GameStatus::Open => open_games(&state, &query, limit).await,
        GameStatus::Finished => {
            if query.offset.is_some() {
                return Err(ApiError::InvalidRequest(
                    "finished games are paged by `cursor`, not `offset`".into(),
                ));
            }
            let player = match &query.player {
                Some(name) => Some(
                    state
                        .store
                        .user_named(name)
                        .await?
                        .ok_or_else(|| ApiError::NotFound(format!("there is no player {name:?}")))?
                        .id,
                ),
                None => None,
            };
            let filter = archive_filter(&query, player)?;
            let (games, next_cursor) = archive_page(&state, filter, limit).await?;
            Ok(web::Json(GamePage::Finished(FinishedGameList {
                games,
                next_cursor,
            })))
        }
        GameStatus::Active | GameStatus::Cancelled => Err(ApiError::InvalidRequest(
            "only open and finished games are listed here; your own games are at /v1/me/games"
                .into(),
        )),
    }
}

/// The archive's filter from a query (the player already looked up).
///
/// # Errors
/// `invalid_request` for a cursor that is not one this server handed out, or
/// a date range that ends before it starts.
pub fn archive_filter(query: &GamesQuery, player: Option<Uuid>) -> Result<ArchiveFilter, ApiError> {
    let after = match &query.cursor {
        Some(text) => Some(ArchiveCursor::decode(text).ok_or_else(|| {
            ApiError::InvalidRequest(
                "`cursor` is the `next_cursor` of an earlier page, as it was given".into(),
            )
        })?),
        None => None,
    };
    if let (Some(from), Some(to)) = (query.from, query.to)
        && to < from
    {
        return Err(ApiError::InvalidRequest("`to` is before `from`".into()));
    }
    Ok(ArchiveFilter {
        ruleset: query.ruleset.clone(),
        player,
        ending: query.ending,
        from: query.from,
        to: query.to,
        after,
    })
}

/// One page of the archive and the cursor of the next, if another follows.
pub async fn archive_page(
    state: &AppState,
    filter: ArchiveFilter,
    limit: i64,
) -> Result<(Vec<FinishedGame>, Option<String>), ApiError> {
    // One row more than asked says whether another page follows.
    let mut games = state.store.finished_games(&filter, limit + 1).await?;
    let more = games.len() as i64 > limit;
    games.truncate(limit as usize);
    let next_cursor = more.then(|| games.last()).flatten().map(|last| {
        ArchiveCursor {
            finished_at: last.finished_at,
            id: last.id,
        }
        .encode()
    });
    Ok((games, next_cursor))
}

async fn open_games(
    state: &AppState,
    query: &GamesQuery,
    limit: i64,
) -> Result<web::Json<GamePage>, ApiError> {
    if query.player.is_some()
        || query.ending.is_some()
        || query.from.is_some()
        || query.to.is_some()
        || query.cursor.is_some()
    {
        return Err(ApiError::InvalidRequest(
            "`player`, `ending`, `from`, `to` and `cursor` filter finished games (`status=finished`)"
                .into(),
        ));
    }
    let offset = query.offset.unwrap_or(0);
    if offset < 0 {
        return Err(ApiError::InvalidRequest("`offset` is at least 0".into()));
    }
    // One row more than asked says whether another page follows.
    let mut rows = state
        .store
        .open_games(query.ruleset.as_deref(), limit + 1, offset)
        .await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(limit as usize);
    let games = rows
        .into_iter()
        .map(|row| OpenGame {
            id: row.id,
            ruleset: row.ruleset,
            seats: row.seat_count as u8,
            free_seats: (i64::from(row.seat_count) - row.taken) as u8,
            created_by: row.created_by,
            created_by_rating: row.created_by_rating,
            created_at: row.created_at,
            substitute_for: row
                .substitute_for
                .map(|seat| owlpost_domain::Seat(seat as u8)),
        })
        .collect::<Vec<_>>();
    let next_offset = more.then_some(offset + games.len() as i64);
    Ok(web::Json(GamePage::Open(OpenGameList {
        games,
        next_offset,
    })))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ActQuery {
    /// `game`: answer with the whole game as the caller now sees it too (his
    /// view and legal commands), as `GET /v1/games/{id}` gives it.
    #[param(inline)]
    pub include: Option<Include>,
    /// With `?include=game`, `full` lists the legal commands in the game's
    /// `legal_commands`, those its `legal_command_choices` tell at once
    /// included, with `legal_commands_complete` saying whether they are
    /// all. By default (`compact`) they are not listed.
    #[param(inline)]
    pub legal: Option<LegalListing>,
}

/// What an action's answer may include beyond the version, the events and what happens next.
#[derive(Debug, Clone, Copy, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Include {
    Game,
}

/// The most commands one action may hold: a batch is decided in one go
/// while the game's other writers wait, so its length is bounded here, not
/// only by the size of a body.
pub const MAX_BATCH: usize = 2_000;

/// Sends one command, or a batch applied all or nothing (at most 2,000 commands).
///
/// Answers with the new version, the events the action appended as the
/// caller may see them, and what happens next (who is awaited, the status);
/// with `?include=game`, the whole game as the caller now sees it too.
///
/// With `expected_version`, the action is refused with 409 unless the game is
/// still at that version. With an `Idempotency-Key` header, a retry returns the
/// first answer and appends nothing.
#[utoipa::path(
    tag = "games",
    params(
        ("id" = Uuid, Path, description = "Game id"),
        ActQuery,
        ("Idempotency-Key" = Option<String>, Header, min_length = 1, max_length = 255, pattern = "^[ -~]+$", description = "Makes retries safe: the same key returns the first answer. 1 to 255 visible ASCII characters"),
    ),
    request_body = Action,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Applied", body = ActionResult, headers(("ETag" = String, description = "The game's new version"))),
        (status = 400, description = "Malformed request or command"),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
        (status = 409, description = "Stale `expected_version`, or the game is not being played"),
        (status = 422, description = "Refused by the rules"),
    )
)]
#[post("/games/{id}/actions")]
pub async fn act(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    query: web::Query<ActQuery>,
    body: web::Json<Action>,
    request: HttpRequest,
) -> Result<HttpResponse, ApiError> {
    let game_id = *id;
    let action = body.into_inner();
    let idempotency_key = match request.headers().get("Idempotency-Key") {
        None => None,
        Some(value) => Some(
            value
                .to_str()
                .ok()
                .filter(|k| (1..=255).contains(&k.len()))
                .ok_or_else(|| {
                    ApiError::InvalidRequest(
                        "Idempotency-Key must be 1 to 255 visible ASCII characters".into(),
                    )
                })?
                .to_owned(),
        ),
    };
    let commands = match (action.command, action.commands) {
        (Some(command), None) => vec![command],
        (None, Some(commands)) if commands.len() > MAX_BATCH => {
            return Err(ApiError::InvalidRequest(format!(
                "a batch holds at most {MAX_BATCH} commands; this one holds {}: send it in parts",
                commands.len()
            )));
        }
        (None, Some(commands)) if !commands.is_empty() => commands,
        _ => {
            return Err(ApiError::InvalidRequest(
                "send exactly one of `command` or a non-empty `commands`".into(),
            ));
        }
    };
    let sent = serde_json::json!({ "commands": commands });
    // A retry must be the same request: a key reused for another command is
    // a client bug. The log keeps the commands as understood, so a retry
    // sent in other words (a default left out) is read the same way first.
    let replay = async |(first_body, answer): (Value, Value)| -> Result<HttpResponse, ApiError> {
        if first_body != sent
            && first_body != understood_body(&state.store.load(game_id).await?, &commands)?
        {
            return Err(ApiError::Conflict {
                code: "idempotency_key_reused",
                message: "this Idempotency-Key was already used for a different command".into(),
            });
        }
        let result: ActionResult = serde_json::from_value(answer).map_err(ApiError::internal)?;
        Ok(HttpResponse::Ok()
            .insert_header((header::ETAG, etag(result.version)))
            .insert_header(("Idempotent-Replayed", "true"))
            .json(result))
    };
    if let Some(key) = &idempotency_key
        && let Some(earlier) = state.store.earlier_answer(game_id, user.id, key).await?
    {
        return replay(earlier).await;
    }
    let answer = match (query.include, query.legal.unwrap_or_default()) {
        (Some(Include::Game), LegalListing::Compact) => action_result_with_game,
        (Some(Include::Game), LegalListing::Full) => action_result_with_full_game,
        (None, _) => action_result,
    };
    let played = decide_and_append_answering(
        &state.store,
        game_id,
        action.expected_version,
        answer,
        |game| {
            // A gone player's seat plays only the timeout moves the server
            // plays for it, until a substitute takes it; he plays nothing.
            if game.seat_of(user.id).is_some() && game.seat_played_by(user.id).is_none() {
                return Err(ApiError::Table(TableRefusal::NotAPlayer));
            }
            let body = understood_body(game, &commands)?;
            Ok(Some(Plan {
                actor: user.id,
                commands: body["commands"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .cloned()
                    .map(GameCommand::Rules)
                    .collect(),
                record: Some(NewCommand {
                    id: Uuid::new_v4(),
                    actor: user.id,
                    idempotency_key: idempotency_key.clone(),
                    body,
                }),
            }))
        },
    )
    .await?;
    match played {
        Played::Appended(appended) => Ok(HttpResponse::Ok()
            .insert_header((header::ETAG, etag(appended.game.version)))
            .content_type(header::ContentType::json())
            .body(appended.answer.unwrap_or_default())),
        Played::AlreadyAnswered | Played::Nothing => {
            let key = idempotency_key.as_deref().unwrap_or_default();
            match state.store.earlier_answer(game_id, user.id, key).await? {
                Some(earlier) => replay(earlier).await,
                None => Err(ApiError::internal(anyhow::anyhow!(
                    "an idempotency key collided but its first answer is gone"
                ))),
            }
        }
    }
}

/// The body the command log keeps for `commands`: each as the game's rules
/// understood it (read into their type and written back), never as sent.
///
/// # Errors
/// `malformed_command` for a command the rules do not understand, or one
/// holding a field they do not know.
fn understood_body(game: &LoadedGame, commands: &[Value]) -> Result<Value, ApiError> {
    let understood = commands
        .iter()
        .map(|command| game.rules.understand(command))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(serde_json::json!({ "commands": understood }))
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FeedQuery {
    /// Return events with a sequence number above this (default 0).
    #[serde(default)]
    #[param(minimum = 0)]
    pub after: i64,
    /// At most this many events (1–500, default 100).
    #[param(minimum = 1, maximum = 500)]
    pub limit: Option<i64>,
    /// Long-poll: when nothing follows `after`, wait up to this many seconds
    /// (1–60) for the next event before answering (default: answer at once).
    #[param(minimum = 1, maximum = 60)]
    pub wait: Option<u64>,
}

/// The longest a long-poll may wait, in seconds.
pub const LONGEST_WAIT: u64 = 60;

/// When a long-poll of `wait` seconds gives up; `None` when it is not one.
///
/// # Errors
/// `invalid_request` for a wait of 0 or more than [`LONGEST_WAIT`].
pub fn wait_until(wait: Option<u64>) -> Result<Option<tokio::time::Instant>, ApiError> {
    match wait {
        None => Ok(None),
        Some(seconds) if (1..=LONGEST_WAIT).contains(&seconds) => Ok(Some(
            tokio::time::Instant::now() + std::time::Duration::from_secs(seconds),
        )),
        Some(_) => Err(ApiError::InvalidRequest(format!(
            "`wait` is between 1 and {LONGEST_WAIT} seconds"
        ))),
    }
}

/// The game's event log after a sequence number, redacted for the caller.
///
/// With `wait`, a long-poll: when no event follows `after` yet, the answer
/// comes as soon as one is appended (through any server), or with an empty
/// page when the wait is over. Poll again from `next_after`.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id"), FeedQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of events (empty when a long-poll's wait ran out)", body = EventPage),
        (status = 400, description = "Bad paging or wait parameters"),
        NotAuthenticated,
        SpectatorsNotAllowed,
        NoSuchGame,
    )
)]
#[get("/games/{id}/events")]
pub async fn list_events(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    query: web::Query<FeedQuery>,
) -> Result<web::Json<EventPage>, ApiError> {
    let limit = query.limit.unwrap_or(100);
    if !(1..=500).contains(&limit) || query.after < 0 {
        return Err(ApiError::InvalidRequest(
            "`after` is at least 0 and `limit` between 1 and 500".into(),
        ));
    }
    let until = wait_until(query.wait)?;
    let game_id = *id;
    // Subscribed before the read, so a move committed in between still wakes it.
    let mut waiter = until.map(|until| {
        let interest = crate::notify::Interest::Game(game_id);
        (until, state.store.changes().subscribe(&[interest]))
    });
    let mut game = state.store.load(game_id).await?;
    game.may_be_watched_by(Some(user.id))?;
    if let Some((until, waiter)) = &mut waiter {
        let _waiting = crate::metrics::Waiting::start();
        while game.version <= query.after && waiter.wait(*until).await {
            game = state.store.load(game_id).await?;
        }
        // An open game may have started while the caller waited.
        game.may_be_watched_by(Some(user.id))?;
    }
    let page = state
        .store
        .events(game_id, query.after, game.version, limit)
        .await?;
    let next_after = page.last().map_or(query.after, |e| e.seq);
    Ok(web::Json(EventPage {
        ruleset: game.ruleset.id().to_owned(),
        events: feed(&game, user.id, &page),
        next_after,
        has_more: next_after < game.version,
        version: game.version,
    }))
}

/// The game as the caller saw it (or may now see it) right after event `seq`: for replays.
#[utoipa::path(
    tag = "games",
    params(("id" = Uuid, Path, description = "Game id"), ("seq" = i64, Path, description = "A sequence number from 1 to the game's version"), LegalQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The game at that point", body = Game),
        NotAuthenticated,
        SpectatorsNotAllowed,
        (status = 404, description = "No such game or sequence number"),
    )
)]
#[get("/games/{id}/at/{seq}")]
pub async fn game_at(
    state: web::Data<AppState>,
    user: AuthUser,
    path: web::Path<(Uuid, i64)>,
    query: web::Query<LegalQuery>,
) -> Result<web::Json<Game>, ApiError> {
    let (game_id, seq) = path.into_inner();
    let current = state.store.load(game_id).await?;
    current.may_be_watched_by(Some(user.id))?;
    if !(1..=current.version).contains(&seq) {
        return Err(ApiError::NotFound(format!(
            "this game has events 1 to {}, not {seq}",
            current.version
        )));
    }
    let past = state.store.load_at(game_id, seq).await?;
    // Who may see what is decided by the game as it is now: a finished game is open to its players.
    let viewer = current.viewer_for(Some(user.id));
    let mut view = game_listing(&past, Some(user.id), query.legal.unwrap_or_default());
    if has_started(past.status) {
        view.view = Some(past.rules.view(viewer));
    }
    Ok(web::Json(view))
}
