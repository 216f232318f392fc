//! Liveness and readiness, for load balancers and orchestrators.

use actix_web::{HttpResponse, get, web};

use serde::Serialize;
use utoipa::ToSchema;

use crate::background::BackgroundTask;
use crate::error::ApiError;
use crate::metrics::METRICS;
use crate::state::AppState;

/// Liveness: answers 200 while the server process runs, whatever the database does.
#[utoipa::path(tag = "system", responses((status = 200, description = "The server is up")))]
#[get("/health")]
pub async fn health() -> HttpResponse {
    HttpResponse::Ok().finish()
}

/// Readiness: answers 200 when the server can serve requests (its database
/// answers), else 503, so a load balancer sends traffic elsewhere meanwhile.
/// The body says how the background tasks fare: one that died is started
/// again, and its restarts and last failure show here.
#[utoipa::path(
    tag = "system",
    responses(
        (status = 200, description = "Ready: the database answers", body = Readiness),
        (status = 503, description = "Not ready: the database cannot be reached (`database_unavailable`)", headers(("Retry-After" = u64, description = "Seconds to wait"))),
    )
)]
#[get("/ready")]
pub async fn ready(state: web::Data<AppState>) -> Result<web::Json<Readiness>, ApiError> {
    state.store.ping().await?;
    Ok(web::Json(Readiness {
        background_tasks: state.background.report(),
        waiting_for_changes: state.store.changes().waiting(),
    }))
}

/// The server's metrics in the Prometheus text format (see the README's
/// operations section): requests, latencies, appends, refusals, contention,
/// cache, long-poll waiters, the webhook outbox, the mail queue and the process's memory.
#[utoipa::path(
    tag = "system",
    responses(
        (status = 200, description = "The metrics, as Prometheus scrapes them", content_type = "text/plain; version=0.0.4", body = String),
        (status = 503, description = "The database cannot be reached (`database_unavailable`)"),
    )
)]
#[get("/metrics")]
pub async fn metrics(state: web::Data<AppState>) -> Result<HttpResponse, ApiError> {
    METRICS.outbox_depth.set(state.store.outbox_depth().await?);
    METRICS
        .mail_queue_depth
        .set(state.store.mail_queue_depth().await?);
    Ok(HttpResponse::Ok()
        .content_type("text/plain; version=0.0.4; charset=utf-8")
        .body(METRICS.render()))
}

/// A ready server's state.
#[derive(Debug, Serialize, ToSchema)]
pub struct Readiness {
    pub background_tasks: Vec<BackgroundTask>,
    /// How many long-polls (and background tasks, such as the webhook
    /// deliverer) wait on this server for the next change of a game.
    pub waiting_for_changes: usize,
}
