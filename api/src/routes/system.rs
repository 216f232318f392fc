//! Liveness.

use actix_web::{HttpResponse, get};

/// Answers 200 while the server runs.
#[utoipa::path(tag = "system", responses((status = 200, description = "The server is up")))]
#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().finish()
}
