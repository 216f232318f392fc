//! Personal access tokens, for clients and bots that must never hold a
//! password: made, listed and revoked by their user, signed in.

use actix_web::{HttpResponse, delete, get, post, web};
use chrono::Utc;
use uuid::Uuid;

use crate::auth::{AuthUser, PersonalTokenSecret};
use crate::error::ApiError;
use crate::model::{CreatedPersonalToken, NewPersonalToken, PersonalToken};
use crate::routes::answers::NotAuthenticated;
use crate::state::AppState;
use crate::store::tokens::{NewToken, TokenRow};

/// The longest name a token may have.
const NAME_LIMIT: usize = 100;

fn personal_token(row: TokenRow) -> Result<PersonalToken, ApiError> {
    Ok(PersonalToken {
        id: row.id,
        name: row.name,
        scopes: row
            .scopes
            .iter()
            .map(|scope| scope.parse())
            .collect::<Result<_, _>>()
            .map_err(ApiError::internal)?,
        created_at: row.created_at,
        expires_at: row.expires_at,
        revoked_at: row.revoked_at,
    })
}

/// Makes a personal access token with the scopes asked for. Its secret is
/// in this answer only: the server keeps its hash.
#[utoipa::path(
    tag = "me",
    request_body = NewPersonalToken,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The token, whose `token` is shown this once", body = CreatedPersonalToken),
        (status = 400, description = "No scope, an empty or long name, an expiry in the past, or too many tokens"),
        NotAuthenticated,
        (status = 403, description = "Asked with a personal access token: only a signed-in user makes tokens"),
    )
)]
#[post("/me/tokens")]
pub async fn create_token(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<NewPersonalToken>,
) -> Result<HttpResponse, ApiError> {
    let NewPersonalToken {
        name,
        scopes,
        expires_at,
    } = body.into_inner();
    let name = name.trim();
    if name.is_empty() || name.chars().count() > NAME_LIMIT {
        return Err(ApiError::InvalidRequest(format!(
            "a token's name has 1 to {NAME_LIMIT} characters"
        )));
    }
    if scopes.is_empty() {
        return Err(ApiError::InvalidRequest(
            "a token needs at least one scope: read, play or webhooks".into(),
        ));
    }
    if expires_at.is_some_and(|at| at <= Utc::now()) {
        return Err(ApiError::InvalidRequest(
            "a token's expiry must be in the future".into(),
        ));
    }
    let mut scopes = scopes;
    scopes.sort();
    scopes.dedup();
    let secret = PersonalTokenSecret::new();
    let id = Uuid::new_v4();
    let row = state
        .store
        .create_token(NewToken {
            id,
            user_id: user.id,
            name,
            scopes: scopes.iter().map(|s| s.as_str().to_owned()).collect(),
            secret_sha256: secret.sha256().to_vec(),
            expires_at,
        })
        .await?;
    Ok(HttpResponse::Created().json(CreatedPersonalToken {
        token: secret.token(id),
        personal_token: personal_token(row)?,
    }))
}

/// The caller's personal access tokens, newest first (never their secrets).
#[utoipa::path(
    tag = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's tokens, revoked ones included", body = Vec<PersonalToken>),
        NotAuthenticated,
        (status = 403, description = "Asked with a personal access token"),
    )
)]
#[get("/me/tokens")]
pub async fn list_tokens(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<Vec<PersonalToken>>, ApiError> {
    let rows = state.store.tokens_of(user.id).await?;
    Ok(web::Json(
        rows.into_iter()
            .map(personal_token)
            .collect::<Result<_, _>>()?,
    ))
}

/// Revokes one of the caller's tokens: it is refused from now on.
#[utoipa::path(
    tag = "me",
    params(("id" = Uuid, Path, description = "Token id")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Revoked (or already revoked)"),
        NotAuthenticated,
        (status = 403, description = "Asked with a personal access token"),
        (status = 404, description = "The caller has no such token"),
    )
)]
#[delete("/me/tokens/{id}")]
pub async fn revoke_token(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    if !state.store.revoke_token(user.id, *id, Utc::now()).await? {
        return Err(ApiError::NotFound(format!("you have no token {id}")));
    }
    Ok(HttpResponse::NoContent().finish())
}
