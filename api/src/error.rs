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

/// Why a vacation cannot begin or end. Each refusal has a stable code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VacationRefusal {
    #[error("a vacation lasts one whole day or more")]
    TooShort,
    #[error(
        "you asked for {asked} days of vacation and have {left} left this year; ask for {left} or fewer"
    )]
    NotEnoughDays { asked: i64, left: i64 },
    #[error("you are already on vacation, until {until}; end it before starting another")]
    AlreadyOnVacation {
        until: chrono::DateTime<chrono::Utc>,
    },
    #[error("you are not on vacation")]
    NotOnVacation,
}

impl VacationRefusal {
    /// A stable snake_case code.
    pub fn code(&self) -> &'static str {
        match self {
            VacationRefusal::TooShort => "vacation_too_short",
            VacationRefusal::NotEnoughDays { .. } => "not_enough_vacation_days",
            VacationRefusal::AlreadyOnVacation { .. } => "already_on_vacation",
            VacationRefusal::NotOnVacation => "not_on_vacation",
        }
    }
}

#[derive(Debug, thiserror::Error)]
pub enum ApiError {
    #[error("{0}")]
    Unauthorized(String),
    #[error(
        "the token has expired: renew an access token with its refresh token (or log in again); \
         for a personal access token, make a new one"
    )]
    TokenExpired,
    #[error("this session was signed out; log in again")]
    SessionEnded,
    #[error(
        "the refresh token is unknown, has expired or its session was signed out; log in again"
    )]
    RefreshTokenInvalid,
    #[error(
        "this refresh token was already exchanged, so someone else may hold a copy: its session \
         is signed out everywhere it was used; log in again"
    )]
    RefreshTokenReused,
    #[error("{0}")]
    InsufficientScope(String),
    #[error("the username or password is wrong")]
    InvalidCredentials,
    #[error("the username {0:?} is taken")]
    UsernameTaken(String),
    #[error("{0}")]
    InvalidRequest(String),
    #[error("the request body is not valid JSON of the expected shape: {0}")]
    MalformedJson(String),
    #[error(
        "the request contains a NUL character (\\u0000), which no text Owlpost keeps may hold; remove it"
    )]
    NulCharacter,
    #[error("the request body is larger than the {limit} bytes a request may carry")]
    BodyTooLarge { limit: usize },
    #[error("{0}")]
    NotFound(String),
    #[error("this address answers {}, not {method}", allowed.join(", "))]
    MethodNotAllowed {
        method: String,
        allowed: Vec<String>,
    },
    #[error("only a player seated in this game may do that")]
    NotAPlayer,
    #[error(
        "the creator of this game lets only its players watch it while it is played; once it \
         ends, its record is public in the archive"
    )]
    SpectatorsNotAllowed,
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
    /// A reply to a turn mail that plays nothing: a forged or used reply
    /// address, a list the game has moved past, a line naming no listed move.
    #[error("{message}")]
    ReplyRefused { code: &'static str, message: String },
    #[error(transparent)]
    Vacation(#[from] VacationRefusal),
    #[error("too many attempts from your address; try again in {retry_after_seconds} seconds")]
    TooManyRequests { retry_after_seconds: u64 },
    #[error(
        "you have written {per_minute} messages in this last minute; write again in \
         {retry_after_seconds} seconds"
    )]
    TooManyMessages {
        per_minute: u32,
        retry_after_seconds: u64,
    },
    #[error("the database cannot be reached just now; try again in a few seconds")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error("something went wrong on our side")]
    Internal(#[source] anyhow::Error),
}

/// Seconds a client is asked to wait while the database cannot be reached.
const DATABASE_RETRY_AFTER_SECONDS: u64 = 5;

/// Whether `error` says the database could not be reached (down, restarting,
/// the connection cut) rather than that a query was wrong: the first is an
/// outage to wait out (503), the second a bug (500).
fn is_unreachable_database(error: &anyhow::Error) -> bool {
    use diesel::result::{DatabaseErrorKind, Error as DieselError};
    use diesel_async::pooled_connection::PoolError as ConnectionPoolError;
    use diesel_async::pooled_connection::deadpool::PoolError;
    fn unreachable_query(error: &DieselError) -> bool {
        match error {
            DieselError::DatabaseError(
                DatabaseErrorKind::ClosedConnection | DatabaseErrorKind::UnableToSendCommand,
                _,
            )
            | DieselError::BrokenTransactionManager => true,
            // A node that stopped being the primary under an open connection
            // (a replicated database's failover): nothing was written.
            DieselError::DatabaseError(DatabaseErrorKind::ReadOnlyTransaction, _) => true,
            // Sent by a server shutting down (57P01) or not yet accepting connections (57P03).
            DieselError::DatabaseError(DatabaseErrorKind::Unknown, info) => {
                let message = info.message();
                message.contains("terminating connection")
                    || message.contains("shutting down")
                    || message.contains("starting up")
            }
            _ => false,
        }
    }
    error.chain().any(|cause| {
        if let Some(pool) = cause.downcast_ref::<PoolError>() {
            return match pool {
                PoolError::Backend(ConnectionPoolError::QueryError(query)) => {
                    unreachable_query(query)
                }
                PoolError::Backend(ConnectionPoolError::ConnectionError(_))
                | PoolError::Timeout(_)
                | PoolError::Closed => true,
                _ => false,
            };
        }
        if let Some(query) = cause.downcast_ref::<DieselError>() {
            return unreachable_query(query);
        }
        cause.downcast_ref::<diesel::ConnectionError>().is_some()
    })
}

impl ApiError {
    /// A failure on our side: an outage of the database when that is what
    /// it is (503, to retry), otherwise a bug (500).
    pub fn internal(error: impl Into<anyhow::Error>) -> Self {
        let error = error.into();
        if is_unreachable_database(&error) {
            ApiError::DatabaseUnavailable(error)
        } else {
            ApiError::Internal(error)
        }
    }

    pub fn code(&self) -> &'static str {
        match self {
            ApiError::Unauthorized(_) => "unauthorized",
            ApiError::TokenExpired => "token_expired",
            ApiError::SessionEnded => "session_ended",
            ApiError::RefreshTokenInvalid => "refresh_token_invalid",
            ApiError::RefreshTokenReused => "refresh_token_reused",
            ApiError::InsufficientScope(_) => "insufficient_scope",
            ApiError::InvalidCredentials => "invalid_credentials",
            ApiError::UsernameTaken(_) => "username_taken",
            ApiError::InvalidRequest(_) => "invalid_request",
            ApiError::MalformedJson(_) => "malformed_json",
            ApiError::NulCharacter => "nul_character",
            ApiError::BodyTooLarge { .. } => "body_too_large",
            ApiError::NotFound(_) => "not_found",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::NotAPlayer => "not_a_player",
            ApiError::SpectatorsNotAllowed => "spectators_not_allowed",
            ApiError::Conflict { code, .. } => code,
            ApiError::VersionConflict { .. } => "version_conflict",
            ApiError::MalformedCommand(_) => "malformed_command",
            ApiError::RuleViolation { code, .. } => code,
            ApiError::Setup(e) => e.code(),
            ApiError::Table(refusal) => refusal.code(),
            ApiError::ReplyRefused { code, .. } => code,
            ApiError::Vacation(refusal) => refusal.code(),
            ApiError::TooManyRequests { .. } => "too_many_requests",
            ApiError::TooManyMessages { .. } => "too_many_messages",
            ApiError::DatabaseUnavailable(_) => "database_unavailable",
            ApiError::Internal(_) => "internal_error",
        }
    }

    fn title(&self) -> &'static str {
        match self {
            ApiError::Unauthorized(_) | ApiError::TokenExpired | ApiError::SessionEnded => {
                "Not authenticated"
            }
            ApiError::RefreshTokenInvalid | ApiError::RefreshTokenReused => "Refresh token refused",
            ApiError::InsufficientScope(_) => "Not allowed to this token",
            ApiError::InvalidCredentials => "Wrong credentials",
            ApiError::UsernameTaken(_) => "Username taken",
            ApiError::InvalidRequest(_) | ApiError::MalformedJson(_) | ApiError::NulCharacter => {
                "Invalid request"
            }
            ApiError::BodyTooLarge { .. } => "Request body too large",
            ApiError::NotFound(_) => "Not found",
            ApiError::MethodNotAllowed { .. } => "Method not allowed",
            ApiError::NotAPlayer => "Not a player of this game",
            ApiError::SpectatorsNotAllowed => "Spectators not allowed",
            ApiError::Conflict { .. } => "Conflict with the game's state",
            ApiError::VersionConflict { .. } => "Version conflict",
            ApiError::MalformedCommand(_) => "Malformed command",
            ApiError::RuleViolation { .. } => "Refused by the rules",
            ApiError::Setup(_) => "Invalid game set-up",
            ApiError::Table(_) => "Refused by the table",
            ApiError::ReplyRefused { .. } => "Reply refused",
            ApiError::Vacation(_) => "Vacation refused",
            ApiError::TooManyRequests { .. } => "Too many requests",
            ApiError::TooManyMessages { .. } => "Too many messages",
            ApiError::DatabaseUnavailable(_) => "Service unavailable",
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
            ApiError::Unauthorized(_)
            | ApiError::TokenExpired
            | ApiError::SessionEnded
            | ApiError::RefreshTokenInvalid
            | ApiError::RefreshTokenReused
            | ApiError::InvalidCredentials => StatusCode::UNAUTHORIZED,
            ApiError::UsernameTaken(_)
            | ApiError::Conflict { .. }
            | ApiError::VersionConflict { .. } => StatusCode::CONFLICT,
            ApiError::InvalidRequest(_)
            | ApiError::MalformedJson(_)
            | ApiError::NulCharacter
            | ApiError::MalformedCommand(_)
            | ApiError::Setup(_) => StatusCode::BAD_REQUEST,
            ApiError::NotFound(_) => StatusCode::NOT_FOUND,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::BodyTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::NotAPlayer
            | ApiError::SpectatorsNotAllowed
            | ApiError::InsufficientScope(_) => StatusCode::FORBIDDEN,
            ApiError::Vacation(refusal) => match refusal {
                VacationRefusal::TooShort => StatusCode::BAD_REQUEST,
                VacationRefusal::NotEnoughDays { .. }
                | VacationRefusal::AlreadyOnVacation { .. }
                | VacationRefusal::NotOnVacation => StatusCode::CONFLICT,
            },
            ApiError::Table(refusal) => match refusal {
                TableRefusal::NotAPlayer
                | TableRefusal::NotTheCreator
                | TableRefusal::NotTheCreatorToSeatComputers => StatusCode::FORBIDDEN,
                TableRefusal::NoSuchSeat { .. } => StatusCode::BAD_REQUEST,
                TableRefusal::AlreadyStarted
                | TableRefusal::NotStarted
                | TableRefusal::Over
                | TableRefusal::Cancelled
                | TableRefusal::AlreadySeated
                | TableRefusal::SeatTaken(_)
                | TableRefusal::Full
                | TableRefusal::NotFull
                | TableRefusal::AlreadyAgreed
                | TableRefusal::AlreadyNewestRules(_)
                | TableRefusal::AlreadyAgreedToRevise(_)
                | TableRefusal::CannotRevise(_)
                | TableRefusal::Paused
                | TableRefusal::NotPaused
                | TableRefusal::AlreadyAgreedToPause
                | TableRefusal::AlreadyOnVacation
                | TableRefusal::NotOnVacation
                | TableRefusal::NoSeatOffered
                | TableRefusal::NothingToTakeBack
                | TableRefusal::TakebackAlreadyAsked
                | TableRefusal::AlreadyAgreedToTakeback
                | TableRefusal::TakebackAfterOtherPlayer
                | TableRefusal::TakebackStale
                | TableRefusal::Takeback(_) => StatusCode::CONFLICT,
                TableRefusal::EmptyMessage
                | TableRefusal::MessageTooLong { .. }
                | TableRefusal::MessageNotPlainText
                | TableRefusal::MessageToSelf
                | TableRefusal::MuteSelf
                | TableRefusal::NobodyThere(_)
                | TableRefusal::AgreeOwnTakeback => StatusCode::UNPROCESSABLE_ENTITY,
            },
            ApiError::RuleViolation { .. } | ApiError::ReplyRefused { .. } => {
                StatusCode::UNPROCESSABLE_ENTITY
            }
            ApiError::TooManyRequests { .. } | ApiError::TooManyMessages { .. } => {
                StatusCode::TOO_MANY_REQUESTS
            }
            ApiError::DatabaseUnavailable(_) => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn error_response(&self) -> HttpResponse {
        match self {
            ApiError::Internal(source) => tracing::error!(error = ?source, "internal error"),
            ApiError::DatabaseUnavailable(source) => {
                tracing::warn!(error = %source, "the database cannot be reached");
            }
            // A refusal is the client's business: counted, and told only at debug.
            _ => {
                let code = self.code();
                crate::metrics::METRICS
                    .refusals
                    .get_or_create(&crate::metrics::CodeLabels {
                        code: code.to_owned(),
                    })
                    .inc();
                tracing::debug!(code, detail = %self, "refused");
            }
        }
        let mut response = HttpResponse::build(self.status_code());
        response.content_type("application/problem+json");
        if matches!(
            self,
            ApiError::Unauthorized(_) | ApiError::TokenExpired | ApiError::SessionEnded
        ) {
            response.insert_header(("WWW-Authenticate", "Bearer"));
        }
        if let ApiError::TooManyRequests {
            retry_after_seconds,
        }
        | ApiError::TooManyMessages {
            retry_after_seconds,
            ..
        } = self
        {
            response.insert_header(("Retry-After", retry_after_seconds.to_string()));
        }
        if let ApiError::MethodNotAllowed { allowed, .. } = self {
            response.insert_header(("Allow", allowed.join(", ")));
        }
        if let ApiError::DatabaseUnavailable(_) = self {
            response.insert_header(("Retry-After", DATABASE_RETRY_AFTER_SECONDS.to_string()));
        }
        response.json(self.problem())
    }
}
