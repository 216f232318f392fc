//! Rate limits on the endpoints that guess passwords are tried against.
//!
//! Each client address (behind trusted proxies, the one they name) gets a bucket of sign-up and log-in attempts that
//! refills over a minute; past it the answer is 429 with `Retry-After`.

use std::net::IpAddr;
use std::num::NonZeroU32;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, web};
use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

use crate::error::ApiError;

/// Attempts per client address and minute on `/v1/auth/*`.
pub struct AuthRateLimit {
    limiter: DefaultKeyedRateLimiter<IpAddr>,
    clock: DefaultClock,
}

impl AuthRateLimit {
    pub fn per_minute(attempts: u32) -> Self {
        let attempts = NonZeroU32::new(attempts).unwrap_or(NonZeroU32::MIN);
        AuthRateLimit {
            limiter: RateLimiter::keyed(Quota::per_minute(attempts)),
            clock: DefaultClock::default(),
        }
    }

    /// `Err(seconds to wait)` when `address` has used up its attempts.
    fn check(&self, address: IpAddr) -> Result<(), u64> {
        self.limiter
            .check_key(&address)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()).as_secs().max(1))
    }
}

/// The middleware: only `/v1/auth/` requests are counted.
pub async fn limit_auth(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if request.path().starts_with("/v1/auth/") {
        let limits = request.app_data::<web::Data<AuthRateLimit>>().cloned();
        // Behind trusted proxies, the client they name (see `crate::proxies`).
        let address = request
            .extensions()
            .get::<crate::proxies::ClientAddress>()
            .map(|client| client.0)
            .or_else(|| request.peer_addr().map(|a| a.ip()));
        if let (Some(limits), Some(address)) = (limits, address) {
            limits
                .check(address)
                .map_err(|retry_after_seconds| ApiError::TooManyRequests {
                    retry_after_seconds,
                })?;
        }
    }
    next.call(request).await
}
