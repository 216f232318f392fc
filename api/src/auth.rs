//! Passwords (argon2id) and access tokens (HS256 JWTs).

use std::sync::LazyLock;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use futures_util::future::LocalBoxFuture;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, errors::ErrorKind};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use crate::error::ApiError;
use crate::state::AppState;

/// The claims of an access token.
#[derive(Debug, Serialize, Deserialize)]
pub struct Claims {
    /// The user id.
    pub sub: Uuid,
    pub iat: i64,
    pub exp: i64,
    /// Not valid before (optional; this server never sets it, but honours it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nbf: Option<i64>,
}

/// Signs and checks access tokens with one shared secret.
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    pub ttl_seconds: i64,
}

impl TokenKeys {
    pub fn new(secret: &[u8], ttl_seconds: i64) -> Self {
        // Pinned: a token claiming any other algorithm (e.g. "none") is refused.
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub", "iat"]);
        validation.validate_nbf = true;
        TokenKeys {
            encoding: EncodingKey::from_secret(secret),
            decoding: DecodingKey::from_secret(secret),
            validation,
            ttl_seconds,
        }
    }

    pub fn issue(
        &self,
        user: Uuid,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<String, ApiError> {
        let claims = Claims {
            sub: user,
            iat: now.timestamp(),
            exp: now.timestamp() + self.ttl_seconds,
            nbf: None,
        };
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .map_err(ApiError::internal)
    }

    /// The claims of a token this server could have issued at `now`.
    ///
    /// Beyond the signature, `exp` and `nbf`: a token issued in the future,
    /// or living longer than this server's own lifetime, is refused, so that
    /// a leaked secret or a forged clock cannot mint tokens good for decades.
    pub fn check(
        &self,
        token: &str,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<Claims, ApiError> {
        // RFC 7515, 4.1.11: a token naming header parameters its reader must
        // understand is refused by a reader that does not; this one knows no
        // extension, so any `crit` is refused (an empty one is malformed).
        if jsonwebtoken::decode_header(token).is_ok_and(|header| header.crit.is_some()) {
            return Err(ApiError::Unauthorized(
                "the access token has critical header parameters (crit) this server does not understand"
                    .into(),
            ));
        }
        let claims = jsonwebtoken::decode::<Claims>(token, &self.decoding, &self.validation)
            .map(|data| data.claims)
            .map_err(|e| match e.kind() {
                ErrorKind::ExpiredSignature => ApiError::TokenExpired,
                ErrorKind::ImmatureSignature => {
                    ApiError::Unauthorized("the access token is not valid yet (nbf)".into())
                }
                ErrorKind::InvalidSignature => {
                    ApiError::Unauthorized("the access token was not signed by this server".into())
                }
                _ => ApiError::Unauthorized("the access token is malformed".into()),
            })?;
        if claims.iat > now.timestamp() {
            return Err(ApiError::Unauthorized(
                "the access token claims to be issued in the future (iat)".into(),
            ));
        }
        if claims.exp - claims.iat > self.ttl_seconds {
            return Err(ApiError::Unauthorized(format!(
                "the access token lives longer than this server's {} seconds",
                self.ttl_seconds
            )));
        }
        Ok(claims)
    }
}

/// The caller, proven by a bearer token whose user exists.
#[derive(Debug, Clone, Copy)]
pub struct AuthUser {
    pub id: Uuid,
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let claimed = claimed_user(request);
        let state = request.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let id = claimed?;
            let state = state
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the app state is missing")))?;
            // A well-signed token may name a user who was never created (a
            // leaked secret, another environment) or no longer exists: such a
            // caller owns nothing, and handlers rely on their user's row.
            if !state.store.user_exists(id).await? {
                return Err(ApiError::Unauthorized(
                    "the access token's user does not exist; register or log in again".into(),
                ));
            }
            Ok(AuthUser { id })
        })
    }
}

/// The user a well-formed, valid bearer token names (not yet looked up).
fn claimed_user(request: &HttpRequest) -> Result<Uuid, ApiError> {
    let keys = request
        .app_data::<web::Data<TokenKeys>>()
        .ok_or_else(|| ApiError::internal(anyhow::anyhow!("token keys are not configured")))?;
    let header = request
        .headers()
        .get(actix_web::http::header::AUTHORIZATION)
        .ok_or_else(|| {
            ApiError::Unauthorized(
                "this needs an access token: send `Authorization: Bearer <token>`".into(),
            )
        })?;
    // The scheme is case-insensitive (RFC 9110, section 11.1).
    let token = header
        .to_str()
        .ok()
        .and_then(|h| h.trim().split_once(' '))
        .filter(|(scheme, _)| scheme.eq_ignore_ascii_case("bearer"))
        .map(|(_, token)| token.trim())
        .ok_or_else(|| {
            ApiError::Unauthorized("the Authorization header must be `Bearer <token>`".into())
        })?;
    let claims = keys.check(token, chrono::Utc::now())?;
    Ok(claims.sub)
}

/// Hashes a password with argon2id and a random salt (slow on purpose: run it off the async threads).
pub fn hash_password(password: &str) -> Result<String, ApiError> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|hash| hash.to_string())
        .map_err(|e| ApiError::internal(anyhow::anyhow!("hashing failed: {e}")))
}

/// A hash checked when the user does not exist, so that a login for an
/// unknown name takes as long as one with a wrong password.
static DUMMY_HASH: LazyLock<String> =
    LazyLock::new(|| hash_password("owlpost dummy password").expect("hashing a constant works"));

/// Whether `password` matches `stored`; with no stored hash, checks the dummy and says no.
pub fn verify_password(password: &str, stored: Option<&str>) -> bool {
    let hash = stored.unwrap_or(DUMMY_HASH.as_str());
    let matches = Argon2::default()
        .verify_password(password.as_bytes(), hash)
        .is_ok();
    matches && stored.is_some()
}
