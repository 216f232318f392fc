//! Rate limits on the endpoints that guess passwords are tried against.
//!
//! Each client address (behind trusted proxies, the one they name) gets a bucket of sign-up and log-in attempts that
//! refills over a minute; past it the answer is 429 with `Retry-After`.

use std::net::IpAddr;
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use actix_web::{HttpMessage, web};
use governor::clock::{Clock, DefaultClock};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

use crate::error::ApiError;

/// How many checks pass between two sweeps of the addresses whose bucket is
/// full again: often enough that the limiter holds about a minute of
/// addresses, rarely enough that the sweep (a pass over them all) costs each
/// check little.
const CHECKS_PER_SWEEP: u64 = 1024;

/// Attempts per client address and minute at sign-up and log-in.
///
/// An address is remembered only while its bucket is not full: every
/// [`CHECKS_PER_SWEEP`] checks, the addresses that could make all their
/// attempts again are forgotten, so a flood of distinct (forwarded)
/// addresses costs memory for a minute, not forever.
pub struct AuthRateLimit<C: Clock = DefaultClock> {
    limiter: RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, C, NoOpMiddleware<C::Instant>>,
    clock: C,
    checks: AtomicU64,
}

impl AuthRateLimit {
    pub fn per_minute(attempts: u32) -> Self {
        Self::per_minute_on(attempts, DefaultClock::default())
    }
}

impl<C: Clock + Clone> AuthRateLimit<C> {
    /// The limit on `clock` (a test's clock is moved by hand).
    pub fn per_minute_on(attempts: u32, clock: C) -> Self {
        let attempts = NonZeroU32::new(attempts).unwrap_or(NonZeroU32::MIN);
        AuthRateLimit {
            limiter: RateLimiter::new(
                Quota::per_minute(attempts),
                DefaultKeyedStateStore::default(),
                clock.clone(),
            ),
            clock,
            checks: AtomicU64::new(0),
        }
    }

    /// `Err(seconds to wait)` when `address` has used up its attempts.
    fn check(&self, address: IpAddr) -> Result<(), u64> {
        if self.checks.fetch_add(1, Ordering::Relaxed) % CHECKS_PER_SWEEP == CHECKS_PER_SWEEP - 1 {
            self.forget_idle();
        }
        self.limiter
            .check_key(&address)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()).as_secs().max(1))
    }

    /// Forgets the addresses whose bucket is full again (they are no
    /// different from addresses never seen).
    pub fn forget_idle(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }

    /// How many addresses the limit remembers.
    pub fn remembered(&self) -> usize {
        self.limiter.len()
    }
}

/// Where passwords are checked: the only requests counted. Renewing tokens
/// and signing out are not (a refresh token cannot be guessed).
const PASSWORD_PATHS: &[&str] = &["/v1/auth/login", "/v1/auth/register"];

/// Messages per player and minute (table talk), across all his games.
pub const MESSAGES_PER_MINUTE: u32 = 10;

/// How many messages a player may write in a minute, whatever the game: a
/// bucket per user that refills over a minute; past it his messages are
/// refused with 429 `too_many_messages` and `Retry-After`.
pub struct MessageRateLimit {
    per_minute: u32,
    limiter: RateLimiter<
        uuid::Uuid,
        DefaultKeyedStateStore<uuid::Uuid>,
        DefaultClock,
        NoOpMiddleware<<DefaultClock as Clock>::Instant>,
    >,
    checks: AtomicU64,
}

impl Default for MessageRateLimit {
    fn default() -> Self {
        MessageRateLimit::per_minute(MESSAGES_PER_MINUTE)
    }
}

impl MessageRateLimit {
    pub fn per_minute(messages: u32) -> Self {
        let messages = NonZeroU32::new(messages).unwrap_or(NonZeroU32::MIN);
        MessageRateLimit {
            per_minute: messages.get(),
            limiter: RateLimiter::keyed(Quota::per_minute(messages)),
            checks: AtomicU64::new(0),
        }
    }

    /// Counts one message of `user`.
    ///
    /// # Errors
    /// `too_many_messages` (429) when he has written his minute's messages.
    pub fn check(&self, user: uuid::Uuid) -> Result<(), ApiError> {
        if self.checks.fetch_add(1, Ordering::Relaxed) % CHECKS_PER_SWEEP == CHECKS_PER_SWEEP - 1 {
            self.limiter.retain_recent();
        }
        self.limiter.check_key(&user).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            ApiError::TooManyMessages {
                per_minute: self.per_minute,
                retry_after_seconds: wait.as_secs().max(1),
            }
        })
    }
}

/// The middleware: only sign-up and log-in requests are counted.
pub async fn limit_auth(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if PASSWORD_PATHS.contains(&request.path()) {
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use governor::clock::FakeRelativeClock;

    use super::*;

    #[test]
    fn an_address_is_forgotten_once_its_attempts_are_back() {
        let clock = FakeRelativeClock::default();
        let limit = AuthRateLimit::per_minute_on(2, clock.clone());
        let address: IpAddr = "203.0.113.7".parse().unwrap();
        assert!(limit.check(address).is_ok());
        assert!(limit.check(address).is_ok());
        assert!(
            limit.check(address).is_err(),
            "a third attempt in the minute waits"
        );
        limit.forget_idle();
        assert_eq!(limit.remembered(), 1, "still counting within the minute");
        // Two minutes on, its bucket is full again (governor keeps an
        // address until its last attempt is a whole refill period old).
        clock.advance(Duration::from_secs(121));
        limit.forget_idle();
        assert_eq!(limit.remembered(), 0);
        assert!(limit.check(address).is_ok());
    }

    #[test]
    fn a_flood_of_addresses_is_swept_as_checks_go_by() {
        let clock = FakeRelativeClock::default();
        let limit = AuthRateLimit::per_minute_on(5, clock.clone());
        let flood = |from: u32| {
            for n in from..from + CHECKS_PER_SWEEP as u32 {
                let _ = limit.check(IpAddr::from(n.to_be_bytes()));
            }
        };
        flood(0);
        clock.advance(Duration::from_secs(61));
        flood(1 << 20);
        assert!(
            limit.remembered() <= CHECKS_PER_SWEEP as usize,
            "the first minute's addresses are gone: {}",
            limit.remembered()
        );
    }
}
