//! Registering and logging in.

use actix_web::{HttpResponse, post, web};

use crate::auth::{TokenKeys, hash_password, verify_password};
use crate::error::ApiError;
use crate::model::{Credentials, Token, User};
use crate::state::AppState;

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

/// Exchanges a username (in any case) and password for an access token.
#[utoipa::path(
    tag = "auth",
    request_body = Credentials,
    responses(
        (status = 200, description = "A fresh access token", body = Token),
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
    // Names are matched whatever their case; the account keeps the spelling it chose.
    let username = state
        .store
        .username(id)
        .await?
        .ok_or(ApiError::InvalidCredentials)?;
    let access_token = keys.issue(id, chrono::Utc::now())?;
    Ok(web::Json(Token {
        access_token,
        token_type: "Bearer".into(),
        expires_in: keys.ttl_seconds,
        user: User { id, username },
    }))
}
