//! The caller's e-mail address and what is sent to it, and the links mails
//! carry: confirm an address, unsubscribe in one click (see [`crate::mail`]).

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse, get, post, put, web};
use futures_util::StreamExt;
use uuid::Uuid;

use crate::auth::AuthUser;
use crate::error::ApiError;
use crate::mail::replies::{MAX_REPLY_BYTES, take_reply};
use crate::mail::{check_address, new_token};
use crate::model::{EmailAddress, GameMute, InboundReply, MailPreferenceUpdate, NewEmailAddress};
use crate::routes::answers::{NoSuchGame, NotAPlayer, NotAuthenticated};
use crate::state::AppState;

fn no_address() -> ApiError {
    ApiError::NotFound("you have given no e-mail address; PUT /v1/me/email first".into())
}

/// Sets the caller's e-mail address. A link is mailed to it; nothing else
/// is sent there until it is opened. Mail is sent for each game that comes
/// to await him unless he chooses otherwise (`/me/email/preference`).
#[utoipa::path(
    tag = "me",
    request_body = NewEmailAddress,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Set, not yet confirmed", body = EmailAddress),
        (status = 400, description = "Not a mail address (`invalid_request`)"),
        NotAuthenticated,
    )
)]
#[put("/me/email")]
pub async fn set_email(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<NewEmailAddress>,
) -> Result<web::Json<EmailAddress>, ApiError> {
    let address = check_address(&body.address)?;
    let set = state
        .store
        .set_email_address(user.id, &address, &new_token(), &new_token())
        .await?;
    Ok(web::Json(set))
}

/// The caller's e-mail address, whether it is confirmed and what is sent to it.
#[utoipa::path(
    tag = "me",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's address", body = EmailAddress),
        NotAuthenticated,
        (status = 404, description = "The caller gave no address"),
    )
)]
#[get("/me/email")]
pub async fn get_email(
    state: web::Data<AppState>,
    user: AuthUser,
) -> Result<web::Json<EmailAddress>, ApiError> {
    let address = state.store.email_address(user.id).await?;
    address.map(web::Json).ok_or_else(no_address)
}

/// Chooses what is mailed: a mail for each game that comes to await the
/// caller (`each`), a daily digest (`digest`), or nothing (`none`).
#[utoipa::path(
    tag = "me",
    request_body = MailPreferenceUpdate,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Chosen", body = EmailAddress),
        (status = 400, description = "Not one of the choices"),
        NotAuthenticated,
        (status = 404, description = "The caller gave no address"),
    )
)]
#[put("/me/email/preference")]
pub async fn set_mail_preference(
    state: web::Data<AppState>,
    user: AuthUser,
    body: web::Json<MailPreferenceUpdate>,
) -> Result<web::Json<EmailAddress>, ApiError> {
    if !state
        .store
        .set_mail_preference(user.id, body.notify)
        .await?
    {
        return Err(no_address());
    }
    let address = state.store.email_address(user.id).await?;
    address.map(web::Json).ok_or_else(no_address)
}

/// Mutes (or unmutes) the caller's mail about one of his games.
#[utoipa::path(
    tag = "me",
    params(("id" = Uuid, Path, description = "Game id")),
    request_body = GameMute,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Muted or unmuted", body = GameMute),
        NotAuthenticated,
        NotAPlayer,
        NoSuchGame,
    )
)]
#[put("/me/games/{id}/mute")]
pub async fn mute_game(
    state: web::Data<AppState>,
    user: AuthUser,
    id: web::Path<Uuid>,
    body: web::Json<GameMute>,
) -> Result<web::Json<GameMute>, ApiError> {
    let game = state.store.load(*id).await?;
    if game.seat_of(user.id).is_none() {
        return Err(ApiError::NotAPlayer);
    }
    state.store.mute_game(user.id, *id, body.muted).await?;
    Ok(web::Json(GameMute { muted: body.muted }))
}

fn page(title: &str, text: &str) -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        .body(format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>{title}</title></head>\
             <body><h1>{title}</h1>{text}</body></html>"
        ))
}

/// The link of the confirmation mail: confirms the address it was sent to.
#[utoipa::path(
    tag = "mail",
    params(("token" = String, Path, description = "The secret the mail's link carries")),
    responses(
        (status = 200, description = "Confirmed: a page saying so", content_type = "text/html", body = String),
        (status = 404, description = "No address waits for this link (wrong, used, or the address changed since)"),
    )
)]
#[get("/mail/confirm/{token}")]
pub async fn confirm_email(
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    if !state.store.confirm_email_address(&token).await? {
        return Err(ApiError::NotFound(
            "no address waits for this link: it is wrong, was used already, or the address was changed since"
                .into(),
        ));
    }
    Ok(page(
        "Address confirmed",
        "<p>Owlpost will mail you when your games await you.</p>",
    ))
}

/// The page of a mail's unsubscribe link: one button that unsubscribes
/// (opening the link alone changes nothing, so a mail scanner that follows
/// links cannot unsubscribe anyone).
#[utoipa::path(
    tag = "mail",
    params(("token" = String, Path, description = "The secret the mail's link carries")),
    responses(
        (status = 200, description = "A page with the button", content_type = "text/html", body = String),
    )
)]
#[get("/mail/unsubscribe/{token}")]
pub async fn unsubscribe_page(_token: web::Path<String>) -> HttpResponse {
    // The form posts to the page's own address, token included.
    page(
        "Stop Owlpost's mail",
        "<form method=\"post\"><button type=\"submit\">Send me no more mail</button></form>",
    )
}

/// One-click unsubscribe (RFC 8058): a POST to a mail's `List-Unsubscribe`
/// link stops every mail to its address (the preference becomes `none`).
#[utoipa::path(
    tag = "mail",
    params(("token" = String, Path, description = "The secret the mail's link carries")),
    responses(
        (status = 200, description = "Unsubscribed: a page saying so", content_type = "text/html", body = String),
        (status = 404, description = "No address has this link"),
    )
)]
#[post("/mail/unsubscribe/{token}")]
pub async fn unsubscribe(
    state: web::Data<AppState>,
    token: web::Path<String>,
) -> Result<HttpResponse, ApiError> {
    if !state.store.unsubscribe(&token).await? {
        return Err(ApiError::NotFound("no address has this link".into()));
    }
    Ok(page(
        "Unsubscribed",
        "<p>Owlpost sends no more mail to this address.</p>",
    ))
}

/// Takes a reply to a turn mail from an inbound-mail service: the raw
/// message (`message/rfc822`, at most 1 MiB), authenticated by
/// `Authorization: Bearer` and the server's `OWLPOST_INBOUND_SECRET`. The
/// reply address it was sent to is read from `Delivered-To`,
/// `X-Original-To`, `To` or `Cc`. A reply whose first line is the number of
/// a move its mail listed (or that move's words), from the player's
/// confirmed address, plays that move as the player; the player is answered
/// by mail whether it played or not. A forged reply address plays nothing
/// and nobody is answered.
#[utoipa::path(
    tag = "mail",
    request_body(content = String, content_type = "message/rfc822", description = "The reply, as received"),
    responses(
        (status = 200, description = "Taken: played, or refused and the player told why by mail", body = InboundReply),
        (status = 400, description = "Not a mail message (`invalid_request`)"),
        (status = 401, description = "No inbound secret, a wrong one, or none configured (`unauthorized`)"),
        (status = 413, description = "Larger than a reply may be (`body_too_large`)"),
        (status = 422, description = "Addressed to no reply address of ours (`bad_reply_token`), an automatic mail (`automatic_reply`), or its player has no confirmed address (`not_your_address`): nothing played, nobody answered"),
    )
)]
#[post("/mail/inbound")]
pub async fn inbound_mail(
    state: web::Data<AppState>,
    request: HttpRequest,
    mut body: web::Payload,
) -> Result<web::Json<InboundReply>, ApiError> {
    let Some(replies) = &state.replies else {
        return Err(ApiError::Unauthorized(
            "this server takes no replies by HTTP: OWLPOST_INBOUND_SECRET is not set".into(),
        ));
    };
    let given = request
        .headers()
        .get(header::AUTHORIZATION)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.strip_prefix("Bearer "))
        .unwrap_or_default();
    if !replies.inbound_secret_is(given) {
        return Err(ApiError::Unauthorized(
            "send the inbound secret (OWLPOST_INBOUND_SECRET) as `Authorization: Bearer`".into(),
        ));
    }
    // Read up to the limit, never further.
    let mut raw = web::BytesMut::new();
    while let Some(chunk) = body.next().await {
        let chunk =
            chunk.map_err(|e| ApiError::InvalidRequest(format!("the body broke off: {e}")))?;
        if raw.len() + chunk.len() > MAX_REPLY_BYTES {
            return Err(ApiError::BodyTooLarge {
                limit: MAX_REPLY_BYTES,
            });
        }
        raw.extend_from_slice(&chunk);
    }
    let taken = take_reply(&state.store, replies, &[], &raw).await?;
    Ok(web::Json(taken))
}
