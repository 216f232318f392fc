//! Every error the API can answer, mapped to HTTP in exactly one place.
//!
//! Bodies are `application/problem+json` (RFC 9457) with a stable `code` a
//! client can branch on and a `detail` a person can read.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use owlpost_domain::registry::Refusal;
use owlpost_domain::ruleset::SetupError;
use owlpost_domain::table::TableRefusal;

/// An RFC 9457 problem document.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Problem {
    /// A URI reference naming the problem type: `/problems/{code}`.
    #[serde(rename = "type")]
    pub problem_type: String,
    /// A short summary of the problem type.
    pub title: String,
    /// The HTTP status code.
    pub status: u16,
    /// What went wrong, in a sentence a person understands.
    pub detail: String,
    /// Stable machine-readable code, e.g. `not_your_turn`.
    pub code: String,
    /// The game's current version, on a version conflict.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<i64>,
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    Unauthorized(String),
    #[error("the access token has expired; log in again")]
    TokenExpired,
    #[error("the username or password is wrong")]
    InvalidCredentials,
    #[error("the username {0:?} is taken")]
    UsernameTaken(String),
    #[error("{0}")]
    InvalidRequest(String),
    #[error("the request body is not valid JSON of the expected shape: {0}")]
    MalformedJson(String),
    #[error("{0}")]
    NotFound(String),
    #[error("only a player seated in this game may do that")]
    NotAPlayer,
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    #[error("the game has moved on to version {current}; reload it and decide again")]
    VersionConflict { current: i64 },
    #[error("the command is not a command of this game: {0}")]
    MalformedCommand(String),
    #[error("{message}")]
    RuleViolation { code: &'static str, message: String },
    #[error(transparent)]
    Setup(#[from] SetupError),
    #[error(transparent)]
    Table(#[from] TableRefusal),
    #[error("too many attempts from your address; try again in {retry_after_seconds} seconds")]
    TooManyRequests { retry_after_seconds: u64 },
    #[error("something went wrong on our side")]
    Internal(#[source] anyhow::Error),
}

impl ApiError {
    pub fn internal(error: impl Into<anyhow::Error>) -> Self {
        ApiError::Internal(error.into())
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::TokenExpired => "token_expired",
            ApiError::InvalidCredentials => "invalid_credentials",
            ApiError::UsernameTaken(_) => "username_taken",
            ApiError::InvalidRequest(_) => "invalid_request",
            ApiError::MalformedJson(_) => "malformed_json",
            ApiError::NotFound(_) => "not_found",
            ApiError::NotAPlayer => "not_a_player",
            ApiError::Conflict { code, .. } => code,
            ApiError::VersionConflict { .. } => "version_conflict",
            ApiError::MalformedCommand(_) => "malformed_command",
            ApiError::RuleViolation { code, .. } => code,
            ApiError::Setup(e) => e.code(),
            ApiError::Table(refusal) => refusal.code(),
            ApiError::TooManyRequests { .. } => "too_many_requests",
            ApiError::Internal(_) => "internal_error",
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::Unauthorized(_) | ApiError::TokenExpired => "Not authenticated",
            ApiError::InvalidCredentials => "Wrong credentials",
            ApiError::UsernameTaken(_) => "Username taken",
            ApiError::InvalidRequest(_) | ApiError::MalformedJson(_) => "Invalid request",
            ApiError::NotFound(_) => "Not found",
            ApiError::NotAPlayer => "Not a player of this game",
            ApiError::Conflict { .. } => "Conflict with the game's state",
            ApiError::VersionConflict { .. } => "Version conflict",
            ApiError::MalformedCommand(_) => "Malformed command",
            ApiError::RuleViolation { .. } => "Refused by the rules",
            ApiError::Setup(_) => "Invalid game set-up",
            ApiError::Table(_) => "Refused by the table",
            ApiError::TooManyRequests { .. } => "Too many requests",
            ApiError::Internal(_) => "Internal error",
        }
    }

    pub fn problem(&self) -> Problem {
        let code = self.code();
        Problem {
            problem_type: format!("/problems/{code}"),
            title: self.title().to_owned(),
            status: self.status_code().as_u16(),
            detail: self.to_string(),
            code: code.to_owned(),
            current_version: match self {
                ApiError::VersionConflict { current } => Some(*current),
                _ => None,
            },
        }
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::Malformed(reason) => ApiError::MalformedCommand(reason),
            Refusal::Rule { code, message } => ApiError::RuleViolation { code, message },
        }
    }
}

impl From<diesel::result::Error> for ApiError {
    fn from(error: diesel::result::Error) -> Self {
        ApiError::internal(error)
    }
}

impl From<diesel_async::pooled_connection::deadpool::PoolError> for ApiError {
    fn from(error: diesel_async::pooled_connection::deadpool::PoolError) -> Self {
        ApiError::internal(error)
    }
}

impl ResponseError for ApiError {
    fn status_code(&self) -> StatusCode {
        match self {
            ApiError::Unauthorized(_) | ApiError::TokenExpired | ApiError::InvalidCredentials => {
                StatusCode::UNAUTHORIZED
            }
            ApiError::UsernameTaken(_)
            | ApiError::Conflict { .. }
            | ApiError::VersionConflict { .. } => StatusCode::CONFLICT,
            ApiError::InvalidRequest(_)
            | ApiError::MalformedJson(_)
            | ApiError::MalformedCommand(_)
            | ApiError::Setup(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::NotAPlayer => StatusCode::FORBIDDEN,
            ApiError::Table(refusal) => match refusal {
                TableRefusal::NotAPlayer | TableRefusal::NotTheCreator => StatusCode::FORBIDDEN,
                TableRefusal::NoSuchSeat { .. } => StatusCode::BAD_REQUEST,
                TableRefusal::AlreadyStarted
                | TableRefusal::NotStarted
                | TableRefusal::Over
                | TableRefusal::Cancelled
                | TableRefusal::AlreadySeated
                | TableRefusal::SeatTaken(_)
                | TableRefusal::Full
                | TableRefusal::NotFull
                | TableRefusal::AlreadyAgreed => StatusCode::CONFLICT,
            },
            ApiError::RuleViolation { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::TooManyRequests { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        if let ApiError::Internal(source) = self {
            tracing::error!(error = ?source, "internal error");
        }
        let mut response = HttpResponse::build(self.status_code());
        response.content_type("application/problem+json");
        if matches!(self, ApiError::Unauthorized(_) | ApiError::TokenExpired) {
            response.insert_header(("WWW-Authenticate", "Bearer"));
        }
        if let ApiError::TooManyRequests {
            retry_after_seconds,
        } = self
        {
            response.insert_header(("Retry-After", retry_after_seconds.to_string()));
        }
        response.json(self.problem())
    }
}
