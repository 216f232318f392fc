//! The caller's webhooks: register, list, delete (see [`crate::webhooks`]).

use actix_web::{HttpResponse, delete, get, post, web};
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::model::{CreatedWebhook, NewWebhook, WebhookList};
use crate::routes::answers::NotAuthenticated;
use crate::state::AppState;
use crate::webhooks::{check_new_url, new_secret};

/// Registers a webhook: the server will POST a signed `Notification`
/// (a schema of this document) to it whenever one of
/// the caller's games comes to await him, and when one ends.
///
/// Each request is signed in the Standard Webhooks format, under the secret
/// returned here (only here) as `whsec_<base64 key>`: `webhook-id`, which
/// stays the same when a failed delivery is tried again; `webhook-timestamp`
/// (unix seconds); `webhook-signature`, `v1,<base64>` of the HMAC-SHA256 of
/// `<id>.<timestamp>.<body>`. Any 2xx answer counts as received; other
/// answers are tried again, waiting twice as long each time, up to 10 times.
#[utoipa::path(
    tag = "me",
    request_body = NewWebhook,
    security(("bearer" = [])),
    responses(
        (status = 201, description = "Registered; the secret is shown only now", body = CreatedWebhook),
        (status = 400, description = "Not an http or https address, or one (or a name resolving to one) on a loopback, private, link-local or reserved network"),
        NotAuthenticated,
        (status = 409, description = "Too many webhooks (`too_many_webhooks`)"),
    )
)]
#[post("/me/webhooks")]
pub async fn create_webhook(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<NewWebhook>,
) -> Result<HttpResponse, ApiError> {
    let url = check_new_url(&body.url, state.webhooks_to_private_addresses)
        .await?
        .to_string();
    let secret = new_secret();
    let (id, created_at) = state.store.create_webhook(user.id, &url, &secret).await?;
    Ok(HttpResponse::Created().json(CreatedWebhook {
        id,
        url,
        created_at,
        secret,
    }))
}

/// The caller's webhooks, with how their deliveries fare (secrets are not shown).
#[utoipa::path(
    tag = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's webhooks", body = WebhookList),
        NotAuthenticated,
    )
)]
#[get("/me/webhooks")]
pub async fn list_webhooks(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<WebhookList>, ApiError> {
    let webhooks = state.store.webhooks_of(user.id).await?;
    Ok(web::Json(WebhookList { webhooks }))
}

/// Deletes one of the caller's webhooks; what it has not received yet is dropped.
#[utoipa::path(
    tag = "me",
    params(("id" = Uuid, Path, description = "Webhook id")),
    security(("bearer" = [])),
    responses(
        (status = 204, description = "Deleted"),
        NotAuthenticated,
        (status = 404, description = "The caller has no such webhook"),
    )
)]
#[delete("/me/webhooks/{id}")]
pub async fn delete_webhook(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
) -> Result<HttpResponse, ApiError> {
    if state.store.delete_webhook(user.id, *id).await? {
        Ok(HttpResponse::NoContent().finish())
    } else {
        Err(ApiError::NotFound("you have no such webhook".into()))
    }
}
