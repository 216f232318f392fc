//! The games Owlpost plays.

use actix_web::{get, web};

use owlpost_domain::registry;
use owlpost_domain::ruleset::RulesetInfo;

use crate::error::{ApiError, Problem};

/// Every ruleset, with its options and reference material.
#[utoipa::path(
    tag = "rulesets",
    responses((status = 200, description = "The rulesets", body = Vec<RulesetInfo>))
)]
#[get("/rulesets")]
pub async fn list_rulesets() -> web::Json<Vec<RulesetInfo>> {
    web::Json(registry::all().iter().map(|r| r.info()).collect())
}

/// One ruleset, with its options and reference material (e.g. a card catalogue).
#[utoipa::path(
    tag = "rulesets",
    params(("id" = String, Path, description = "Ruleset id, e.g. `firewall-duel`")),
    responses(
        (status = 200, description = "The ruleset", body = RulesetInfo),
        (status = 404, description = "No such ruleset", body = Problem, content_type = "application/problem+json"),
    )
)]
#[get("/rulesets/{id}")]
pub async fn get_ruleset(id: web::Path<String>) -> Result<web::Json<RulesetInfo>, ApiError> {
    registry::find(&id)
        .map(|r| web::Json(r.info()))
        .ok_or_else(|| ApiError::NotFound(format!("there is no ruleset {:?}", id.as_str())))
}
