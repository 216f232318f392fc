//! Passwords (argon2id), access tokens (short-lived HS256 JWTs, each
//! naming the session it was issued to), refresh tokens (opaque, one use
//! each, kept as their SHA-256) and personal access tokens (a secret per
//! token, kept as its SHA-256, limited to scopes).

use std::sync::LazyLock;

use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use argon2::Argon2;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use futures_util::future::LocalBoxFuture;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, errors::ErrorKind};
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use subtle::ConstantTimeEq;
use uuid::Uuid;

use crate::error::ApiError;
pub use crate::model::Scope;
use crate::state::AppState;
use crate::store::sessions::SessionCheck;

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
    /// The session (refresh-token family) the token was issued to: once it
    /// is signed out, the token is refused though it has not expired.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<Uuid>,
}

/// Signs and checks access tokens with one shared secret.
pub struct TokenKeys {
    encoding: EncodingKey,
    decoding: DecodingKey,
    validation: Validation,
    /// How long an access token lives.
    pub ttl_seconds: i64,
    /// How long a refresh token lives unused.
    pub refresh_ttl: chrono::Duration,
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
            refresh_ttl: chrono::Duration::days(crate::config::DEFAULT_REFRESH_TOKEN_DAYS),
        }
    }

    /// The same keys, with refresh tokens living `days` unused.
    pub fn with_refresh_token_days(mut self, days: i64) -> Self {
        self.refresh_ttl = chrono::Duration::days(days);
        self
    }

    /// An access token of `user` for no session: only "sign out everywhere"
    /// ends it early (tools that make their own users use it; log-in does not).
    pub fn issue(
        &self,
        user: Uuid,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<String, ApiError> {
        self.sign(user, None, now)
    }

    /// An access token of `user` issued to his session `session`.
    pub fn issue_for_session(
        &self,
        user: Uuid,
        session: Uuid,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<String, ApiError> {
        self.sign(user, Some(session), now)
    }

    fn sign(
        &self,
        user: Uuid,
        session: Option<Uuid>,
        now: chrono::DateTime<chrono::Utc>,
    ) -> Result<String, ApiError> {
        let claims = Claims {
            sub: user,
            iat: now.timestamp(),
            exp: now.timestamp() + self.ttl_seconds,
            nbf: None,
            sid: session,
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

/// What a request needs of the token it carries.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Needs {
    /// A personal access token with this scope will do.
    Scope(Scope),
    /// Only a signed-in user's access token: the account itself (its
    /// tokens, its mail address), which no client is lent.
    SignedIn,
}

/// The one place that says what each route needs of a personal access
/// token, from its method and its route's pattern: the server checks it on
/// every request and the spec declares it on every operation.
pub fn needs(method: &str, pattern: &str) -> Needs {
    let account = pattern.starts_with("/v1/auth/")
        || pattern.starts_with("/v1/me/tokens")
        || pattern.starts_with("/v1/me/email")
        || pattern.ends_with("/mute");
    if account {
        Needs::SignedIn
    } else if pattern.starts_with("/v1/me/webhooks") {
        Needs::Scope(Scope::Webhooks)
    } else if method.eq_ignore_ascii_case("GET") || method.eq_ignore_ascii_case("HEAD") {
        Needs::Scope(Scope::Read)
    } else {
        Needs::Scope(Scope::Play)
    }
}

/// Every refresh token starts so, which tells it from the other tokens.
const REFRESH_TOKEN_PREFIX: &str = "owlrt_";

/// A refresh token's secret, made here and given to its client once.
pub struct RefreshTokenSecret([u8; 32]);

impl RefreshTokenSecret {
    pub fn new() -> Self {
        RefreshTokenSecret(rand::random())
    }

    /// What the server keeps of it. The secret is 256 random bits, so it is
    /// looked up by its hash directly: nothing is learnt from the timing.
    pub fn sha256(&self) -> [u8; 32] {
        Sha256::digest(self.0).into()
    }

    /// The token a client keeps and sends back.
    pub fn token(&self) -> String {
        format!("{REFRESH_TOKEN_PREFIX}{}", hex::encode(self.0))
    }
}

impl Default for RefreshTokenSecret {
    fn default() -> Self {
        Self::new()
    }
}

/// The SHA-256 of the secret of a refresh token as sent, if it has the
/// shape of one.
pub fn refresh_token_sha256(token: &str) -> Option<[u8; 32]> {
    let secret: [u8; 32] = hex::decode(token.trim().strip_prefix(REFRESH_TOKEN_PREFIX)?)
        .ok()?
        .try_into()
        .ok()?;
    Some(Sha256::digest(secret).into())
}

/// Every personal access token starts so, which tells it from a JWT.
const PERSONAL_TOKEN_PREFIX: &str = "owlpat_";

/// A personal access token's secret, made here and shown to its user once.
pub struct PersonalTokenSecret([u8; 32]);

impl PersonalTokenSecret {
    pub fn new() -> Self {
        PersonalTokenSecret(rand::random())
    }

    /// What the server keeps of it.
    pub fn sha256(&self) -> [u8; 32] {
        Sha256::digest(self.0).into()
    }

    /// The token a client sends: the prefix, the token's id and the secret.
    pub fn token(&self, id: Uuid) -> String {
        format!(
            "{PERSONAL_TOKEN_PREFIX}{}_{}",
            id.simple(),
            hex::encode(self.0)
        )
    }
}

impl Default for PersonalTokenSecret {
    fn default() -> Self {
        Self::new()
    }
}

/// A personal access token as sent: its id and the SHA-256 of its secret.
fn parse_personal_token(token: &str) -> Result<(Uuid, [u8; 32]), ApiError> {
    let malformed = || ApiError::Unauthorized("the personal access token is malformed".into());
    let rest = token
        .strip_prefix(PERSONAL_TOKEN_PREFIX)
        .ok_or_else(malformed)?;
    let (id, secret) = rest.split_once('_').ok_or_else(malformed)?;
    let id = Uuid::try_parse(id).map_err(|_| malformed())?;
    let secret: [u8; 32] = hex::decode(secret)
        .ok()
        .and_then(|bytes| bytes.try_into().ok())
        .ok_or_else(malformed)?;
    Ok((id, Sha256::digest(secret).into()))
}

/// The user a personal access token stands for, if it is live and allowed
/// what the request `needs`.
async fn personal_token_user(
    state: &AppState,
    token: &str,
    needs: Needs,
) -> Result<Uuid, ApiError> {
    let (id, sha256) = parse_personal_token(token)?;
    let unknown = || ApiError::Unauthorized("the personal access token is not known".into());
    let row = state.store.token(id).await?.ok_or_else(unknown)?;
    if !bool::from(row.secret_sha256.as_slice().ct_eq(&sha256)) {
        return Err(unknown());
    }
    if row.revoked_at.is_some() {
        return Err(ApiError::Unauthorized(
            "the personal access token was revoked".into(),
        ));
    }
    if row.expires_at.is_some_and(|at| at <= chrono::Utc::now()) {
        return Err(ApiError::TokenExpired);
    }
    match needs {
        Needs::SignedIn => Err(ApiError::InsufficientScope(
            "a personal access token cannot do this: sign in as the user".into(),
        )),
        Needs::Scope(scope) if !row.scopes.iter().any(|s| s == scope.as_str()) => {
            Err(ApiError::InsufficientScope(format!(
                "this personal access token lacks the scope `{}` this needs",
                scope.as_str()
            )))
        }
        Needs::Scope(_) => Ok(row.user_id),
    }
}

/// The caller, proven by a bearer token whose user exists: a signed-in
/// user's access token, or a personal access token allowed the request.
#[derive(Debug, Clone, Copy)]
pub struct AuthUser {
    pub id: Uuid,
    /// The session the access token was issued to; none for a personal
    /// access token (or an access token issued to no session).
    pub session: Option<Uuid>,
}

impl FromRequest for AuthUser {
    type Error = ApiError;
    type Future = LocalBoxFuture<'static, Result<Self, ApiError>>;

    fn from_request(request: &HttpRequest, _: &mut Payload) -> Self::Future {
        let token = bearer_token(request).map(str::to_owned);
        let needed = needs(
            request.method().as_str(),
            request.match_pattern().as_deref().unwrap_or(""),
        );
        let keys = request.app_data::<web::Data<TokenKeys>>().cloned();
        let state = request.app_data::<web::Data<AppState>>().cloned();
        Box::pin(async move {
            let token = token?;
            let state = state
                .ok_or_else(|| ApiError::internal(anyhow::anyhow!("the app state is missing")))?;
            // A well-signed token may name a user who was never created (a
            // leaked secret, another environment) or no longer exists: such a
            // caller owns nothing, and handlers rely on their user's row.
            let no_such_user = || {
                ApiError::Unauthorized(
                    "the access token's user does not exist; register or log in again".into(),
                )
            };
            if token.starts_with(PERSONAL_TOKEN_PREFIX) {
                let id = personal_token_user(&state, &token, needed).await?;
                if !state.store.user_exists(id).await? {
                    return Err(no_such_user());
                }
                return Ok(AuthUser { id, session: None });
            }
            let keys = keys.ok_or_else(|| {
                ApiError::internal(anyhow::anyhow!("token keys are not configured"))
            })?;
            let claims = keys.check(&token, chrono::Utc::now())?;
            // One look-up by primary key: a signed-out session's tokens stop
            // at once, not when they expire.
            match state
                .store
                .check_session(claims.sub, claims.sid, claims.iat)
                .await?
            {
                SessionCheck::Live => Ok(AuthUser {
                    id: claims.sub,
                    session: claims.sid,
                }),
                SessionCheck::Ended => Err(ApiError::SessionEnded),
                SessionCheck::Unknown => Err(no_such_user()),
            }
        })
    }
}

/// The bearer token of a request.
fn bearer_token(request: &HttpRequest) -> Result<&str, ApiError> {
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
    Ok(token)
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
