//! Registering, logging in, staying signed in (renewing tokens) and
//! signing out.

use actix_web::{HttpResponse, post, web};
use chrono::Utc;
use uuid::Uuid;

use crate::auth::{
    AuthUser, RefreshTokenSecret, TokenKeys, hash_password, refresh_token_sha256, verify_password,
};
use crate::error::ApiError;
use crate::model::{Credentials, RefreshRequest, Token, User};
use crate::routes::answers::NotAuthenticated;
use crate::state::AppState;
use crate::store::sessions::Exchange;

/// A username: 3–32 letters, digits, `_`, `-` or `.`.
fn check_username(name: &str) -> Result<(), ApiError> {
    let good_chars = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || "_-.".contains(c));
    if (3..=32).contains(&name.chars().count()) && good_chars {
        Ok(())
    } else {
        Err(ApiError::InvalidRequest(
            "a username has 3 to 32 characters: letters, digits, `_`, `-` or `.`".into(),
        ))
    }
}

fn check_password(password: &str) -> Result<(), ApiError> {
    if (8..=1024).contains(&password.chars().count()) {
        Ok(())
    } else {
        Err(ApiError::InvalidRequest(
            "a password has 8 to 1024 characters".into(),
        ))
    }
}

/// Creates an account. Usernames are unique whatever their case (`Merlin`
/// and `merlin` are one name); the account keeps the spelling given here.
#[utoipa::path(
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 201, description = "The account was created", body = User),
        (status = 400, description = "Invalid username or password"),
        (status = 409, description = "The username is taken"),
        (status = 429, description = "Too many attempts from this address", headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/auth/register")]
pub async fn register(
    state: web::Data<AppState>,
    body: web::Json<Credentials>,
) -> Result<HttpResponse, ApiError> {
    let Credentials { username, password } = body.into_inner();
    check_username(&username)?;
    check_password(&password)?;
    let hash = web::block(move || hash_password(&password))
        .await
        .map_err(ApiError::internal)??;
    let id = state.store.create_user(&username, &hash).await?;
    Ok(HttpResponse::Created().json(User { id, username }))
}

/// The answer of log-in and refresh: an access token of `user`'s session
/// `family`, and the session's new refresh token.
async fn session_tokens(
    state: &AppState,
    keys: &TokenKeys,
    user: Uuid,
    family: Uuid,
    refresh_secret: &RefreshTokenSecret,
) -> Result<Token, ApiError> {
    let username = state
        .store
        .username(user)
        .await?
        .ok_or(ApiError::RefreshTokenInvalid)?;
    Ok(Token {
        access_token: keys.issue_for_session(user, family, Utc::now())?,
        token_type: "Bearer".into(),
        expires_in: keys.ttl_seconds,
        refresh_token: refresh_secret.token(),
        refresh_expires_in: keys.refresh_ttl.num_seconds(),
        user: User { id: user, username },
    })
}

/// Exchanges a username (in any case) and password for an access token and
/// a refresh token: a new session.
#[utoipa::path(
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 200, description = "A new session's access and refresh tokens", body = Token),
        (status = 401, description = "Wrong username or password"),
        (status = 429, description = "Too many attempts from this address", headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[post("/auth/login")]
pub async fn login(
    state: web::Data<AppState>,
    keys: web::Data<TokenKeys>,
    body: web::Json<Credentials>,
) -> Result<web::Json<Token>, ApiError> {
    let Credentials { username, password } = body.into_inner();
    let found = state.store.find_user(&username).await?;
    let stored_hash = found.as_ref().map(|(_, hash)| hash.clone());
    let matches = web::block(move || verify_password(&password, stored_hash.as_deref()))
        .await
        .map_err(ApiError::internal)?;
    let Some((id, _)) = found.filter(|_| matches) else {
        return Err(ApiError::InvalidCredentials);
    };
    let refresh_secret = RefreshTokenSecret::new();
    let family = state
        .store
        .open_session(id, refresh_secret.sha256(), Utc::now() + keys.refresh_ttl)
        .await?;
    // Names are matched whatever their case; the account keeps the spelling
    // it chose, which `session_tokens` reads.
    Ok(web::Json(
        session_tokens(&state, &keys, id, family, &refresh_secret).await?,
    ))
}

/// Exchanges a refresh token for a new access token and a new refresh
/// token; the one sent is retired. Each refresh token is good for one
/// exchange: one sent again (a copy, or two exchanges at once) signs its
/// whole session out, the newer tokens included.
#[utoipa::path(
    tag = "auth",
    request_body = RefreshRequest,
    responses(
        (status = 200, description = "The session's new access and refresh tokens", body = Token),
        (status = 400, description = "The body is not a refresh request"),
        (status = 401, description = "The refresh token is unknown, expired or of a signed-out session (`refresh_token_invalid`), or was already exchanged, which signs its session out (`refresh_token_reused`)"),
    )
)]
#[post("/auth/refresh")]
pub async fn refresh(
    state: web::Data<AppState>,
    keys: web::Data<TokenKeys>,
    body: web::Json<RefreshRequest>,
) -> Result<web::Json<Token>, ApiError> {
    let old = refresh_token_sha256(&body.refresh_token).ok_or(ApiError::RefreshTokenInvalid)?;
    let next = RefreshTokenSecret::new();
    let now = Utc::now();
    let exchange = state
        .store
        .exchange_refresh_token(old, next.sha256(), now, now + keys.refresh_ttl)
        .await?;
    match exchange {
        Exchange::Rotated { user, family } => Ok(web::Json(
            session_tokens(&state, &keys, user, family, &next).await?,
        )),
        Exchange::Reused => Err(ApiError::RefreshTokenReused),
        Exchange::Invalid => Err(ApiError::RefreshTokenInvalid),
    }
}

/// Signs out the session of the access token sent: its refresh token and
/// every access token issued to it are refused from now on. Other sessions
/// (other devices) stay signed in.
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Signed out (or already signed out)"),
        NotAuthenticated,
    )
)]
#[post("/auth/logout")]
pub async fn logout(state: web::Data<AppState>, user: AuthUser) -> Result<HttpResponse, ApiError> {
    if let Some(session) = user.session {
        state
            .store
            .end_session(user.id, session, Utc::now())
            .await?;
    }
    Ok(HttpResponse::NoContent().finish())
}

/// Signs out every session of the caller, on every device: every refresh
/// token and every access token issued until now is refused. Personal
/// access tokens are not sessions: they keep working until revoked one by
/// one (`DELETE /v1/me/tokens/{id}`).
#[utoipa::path(
    tag = "auth",
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Every session is signed out"),
        NotAuthenticated,
    )
)]
#[post("/auth/logout-everywhere")]
pub async fn logout_everywhere(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<HttpResponse, ApiError> {
    state.store.end_every_session(user.id, Utc::now()).await?;
    Ok(HttpResponse::NoContent().finish())
}
