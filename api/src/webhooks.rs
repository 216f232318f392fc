//! Webhooks (DESIGN.md, "Inbox & notifications"): a player registers
//! addresses, and is told by a signed POST when one of his games comes to
//! await him or ends, so a play-by-mail client needs no polling at all.
//!
//! The append that makes a game await someone writes his notifications to
//! the outbox in its own transaction (`store::webhooks::notifications_for`): none is lost
//! with a crash, none is sent for a move that was rolled back. A deliverer
//! ([`Deliverer::deliver_due`]) claims one due row at a time for a minute
//! (safe with several server processes: a row is posted by one of them, and
//! by another once the claim runs out if its deliverer died), posts it, and
//! marks it delivered or schedules a retry with a doubling pause; after
//! [`MAX_ATTEMPTS`] it gives up on the row.
//!
//! Each request is signed in the Standard Webhooks format
//! (<https://www.standardwebhooks.com/>), so that a receiver can check it
//! with any of that project's libraries: `webhook-id`, the outbox row's id,
//! the same on every retry so receivers can drop duplicates;
//! `webhook-timestamp`, the unix seconds of this post; `webhook-signature`,
//! `v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">` under the
//! webhook's secret (see [`signer`]), shown once, when it is registered.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use base64::Engine;
use chrono::{DateTime, Utc};
use standardwebhooks::{
    HEADER_WEBHOOK_ID, HEADER_WEBHOOK_SIGNATURE, HEADER_WEBHOOK_TIMESTAMP, Webhook,
};

use crate::background::BackgroundTasks;
use crate::error::ApiError;
use crate::store::Store;
use crate::store::webhooks::Due;

/// Deliveries tried before a notification is given up.
pub const MAX_ATTEMPTS: i32 = 10;
/// The pause after a first failure; it doubles with each one after.
const FIRST_RETRY: chrono::Duration = chrono::Duration::seconds(30);
/// How long a claimed row is left to its deliverer before another may try
/// it: the post (at most [`TIMEOUT`]) and then, should the database fail
/// meanwhile, a failover before the outcome can be recorded (Patroni's
/// defaults replace a lost primary within 40 seconds). A deliverer that dies
/// leaves its row to the others once the claim has run out.
const CLAIM: chrono::Duration = chrono::Duration::minutes(1);
/// The part of a claim kept back from recording an outcome, so that a
/// record that comes late never meets another deliverer's post.
const CLAIM_MARGIN: Duration = Duration::from_secs(5);
/// How long a receiver has to answer.
const TIMEOUT: Duration = Duration::from_secs(10);
/// The longest pause between attempts to record an outcome.
const LONGEST_RECORD_PAUSE: Duration = Duration::from_secs(2);

/// The prefix of a secret in the Standard Webhooks form, `whsec_<base64 key>`.
const SECRET_PREFIX: &str = "whsec_";

/// A fresh secret in the Standard Webhooks form: `whsec_` and 32 random
/// bytes, base64 (the key is those bytes).
pub fn new_secret() -> String {
    let key = rand::random::<[u8; 32]>();
    format!(
        "{SECRET_PREFIX}{}",
        base64::engine::general_purpose::STANDARD.encode(key)
    )
}

/// The signer of a webhook's requests, from its stored secret.
///
/// A `whsec_` secret is the Standard Webhooks form: its key is the base64
/// after the prefix. A webhook registered before this format was given 64
/// hex digits; its key stays what it was, those 64 characters' bytes
/// (so its receiver checks with the secret `whsec_` + base64 of the hex text).
/// It must not be read as base64 (hex digits are valid base64, and would
/// decode to another key): hence the prefix decides.
///
/// # Errors
/// A `whsec_` secret whose key is no valid base64 (the server never makes one).
pub fn signer(secret: &str) -> Result<Webhook, String> {
    if secret.starts_with(SECRET_PREFIX) {
        Webhook::new(secret).map_err(|e| format!("the webhook's secret is unusable: {e}"))
    } else {
        Webhook::from_bytes(secret.as_bytes().to_vec())
            .map_err(|e| format!("the webhook's secret is unusable: {e}"))
    }
}

/// The Standard Webhooks id of an outbox row: its id, the same on every retry.
pub fn webhook_id(row: i64) -> String {
    row.to_string()
}

/// The `webhook-signature` of `body` sent as notification `id` at `timestamp`.
///
/// # Errors
/// An unusable secret, or a body that is no UTF-8 (ours are JSON, never so).
pub fn signature(secret: &str, id: &str, timestamp: i64, body: &[u8]) -> Result<String, String> {
    signer(secret)?
        .sign(id, timestamp, body)
        .map_err(|e| format!("the notification could not be signed: {e}"))
}

/// Checks a webhook address: absolute `http` or `https`, with a host, and
/// unless `private_allowed` not one of the server's own network's
/// addresses (loopback, private, link-local — where cloud metadata lives —
/// and the reserved ranges), so that players cannot make the server call its
/// neighbours. A name is checked again, resolved, at each delivery
/// ([`destination`]): what it resolves to may change after registration.
///
/// # Errors
/// `invalid_request` with the reason.
pub fn check_url(url: &str, private_allowed: bool) -> Result<reqwest::Url, ApiError> {
    let parsed = reqwest::Url::parse(url)
        .map_err(|e| ApiError::InvalidRequest(format!("the webhook url is not valid: {e}")))?;
    let Some(host) = parsed
        .host()
        .filter(|_| matches!(parsed.scheme(), "http" | "https"))
    else {
        return Err(ApiError::InvalidRequest(
            "a webhook url is an http or https address with a host".into(),
        ));
    };
    if !private_allowed && is_private_host(&host) {
        return Err(ApiError::InvalidRequest(
            "a webhook url must be a public address, not a loopback, private, link-local or reserved one"
                .into(),
        ));
    }
    if url.len() > 2000 {
        return Err(ApiError::InvalidRequest(
            "a webhook url has at most 2000 characters".into(),
        ));
    }
    Ok(parsed)
}

/// [`check_url`] for a webhook being registered: unless `private_allowed`,
/// a name is resolved now too, and refused when it resolves to an address no
/// webhook may reach. It is resolved again at each delivery ([`destination`]);
/// a name that does not resolve now is left to that check.
///
/// # Errors
/// `invalid_request` with the reason.
pub async fn check_new_url(url: &str, private_allowed: bool) -> Result<reqwest::Url, ApiError> {
    let parsed = check_url(url, private_allowed)?;
    if !private_allowed
        && let Some(url::Host::Domain(name)) = parsed.host()
        && let Some(port) = parsed.port_or_known_default()
        && let Ok(addresses) = tokio::net::lookup_host((name, port)).await
    {
        let mut addresses = addresses;
        if let Some(private) = addresses.find(|a| is_forbidden_address(a.ip())) {
            return Err(ApiError::InvalidRequest(format!(
                "{name} resolves to {}, a loopback, private, link-local or reserved address: a webhook url must be a public address",
                private.ip()
            )));
        }
    }
    Ok(parsed)
}

/// Whether a URL's host, as written, names this machine or a network no
/// player may make the server call.
fn is_private_host(host: &url::Host<&str>) -> bool {
    match host {
        url::Host::Domain(name) => is_localhost_name(name),
        url::Host::Ipv4(ip) => is_forbidden_ipv4(*ip),
        url::Host::Ipv6(ip) => is_forbidden_ipv6(*ip),
    }
}

/// `localhost` and every name under it, with or without the final dot:
/// they mean this machine (RFC 6761, section 6.3), whatever DNS says.
fn is_localhost_name(name: &str) -> bool {
    let name = name.trim_end_matches('.').to_ascii_lowercase();
    name == "localhost" || name.ends_with(".localhost")
}

/// Whether a webhook may not reach `ip` (unless private addresses are allowed).
pub fn is_forbidden_address(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(ip) => is_forbidden_ipv4(ip),
        IpAddr::V6(ip) => is_forbidden_ipv6(ip),
    }
}

fn is_forbidden_ipv4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        // "This network" (0.0.0.0/8), and 0.0.0.0 itself.
        || a == 0
        // Shared address space (RFC 6598), used inside providers' networks.
        || (a == 100 && (64..128).contains(&b))
        // IETF protocol assignments (RFC 6890).
        || (a == 192 && b == 0 && c == 0)
        // Benchmarking (RFC 2544), 198.18.0.0/15.
        || (a == 198 && (b & 0xfe) == 18)
        // Multicast 224/4, reserved 240/4 and the broadcast address.
        || a >= 224
}

fn is_forbidden_ipv6(ip: Ipv6Addr) -> bool {
    let s = ip.segments();
    let embedded = |high: u16, low: u16| Ipv4Addr::from((u32::from(high) << 16) | u32::from(low));
    ip.is_loopback()
        || ip.is_unspecified()
        // Unique local fc00::/7, link-local fe80::/10, the deprecated site-local fec0::/10.
        || (s[0] & 0xfe00) == 0xfc00
        || (s[0] & 0xffc0) == 0xfe80
        || (s[0] & 0xffc0) == 0xfec0
        // Multicast.
        || (s[0] & 0xff00) == 0xff00
        // IPv4-compatible ::a.b.c.d (deprecated; `[::127.0.0.1]` reaches loopback on some systems).
        || s[..6] == [0; 6]
        // IPv4-mapped ::ffff:a.b.c.d.
        || (s[..5] == [0; 5] && s[5] == 0xffff && is_forbidden_ipv4(embedded(s[6], s[7])))
        // NAT64 64:ff9b::/96 (RFC 6052) carries the IPv4 address it reaches.
        || (s[..6] == [0x64, 0xff9b, 0, 0, 0, 0] && is_forbidden_ipv4(embedded(s[6], s[7])))
        // Local-use NAT64 64:ff9b:1::/48 (RFC 8215): a private translator.
        || (s[0] == 0x64 && s[1] == 0xff9b && s[2] == 1)
        // 6to4 2002::/16 carries an IPv4 address in its next 32 bits.
        || (s[0] == 0x2002 && is_forbidden_ipv4(embedded(s[1], s[2])))
        // Teredo 2001::/32 hides its IPv4 addresses; documentation 2001:db8::/32.
        || (s[0] == 0x2001 && (s[1] == 0 || s[1] == 0x0db8))
        // Discard-only 100::/64.
        || (s[0] == 0x0100 && s[1..4] == [0; 3])
}

/// Where a delivery to `url` may connect, decided now: an IP literal is
/// checked as it is; a name is resolved, and every address it resolves to is
/// checked (one private address among public ones could be chosen by the
/// connection). Returns the name and the address to pin the connection to,
/// so that nobody can answer the check with one address and the connection
/// with another (DNS rebinding); `None` for an IP literal.
///
/// # Errors
/// Why the server will not call it, in a sentence kept as the delivery's error.
pub async fn destination(
    url: &reqwest::Url,
    private_allowed: bool,
) -> Result<Option<(String, SocketAddr)>, String> {
    let refused = |what: &str| {
        format!(
            "{what} is a loopback, private, link-local or reserved address; the server does not call it"
        )
    };
    let port = url
        .port_or_known_default()
        .ok_or_else(|| "the webhook url has no port".to_owned())?;
    match url.host() {
        None => Err("the webhook url has no host".to_owned()),
        Some(host @ (url::Host::Ipv4(_) | url::Host::Ipv6(_))) => {
            if !private_allowed && is_private_host(&host) {
                return Err(refused(&host.to_string()));
            }
            Ok(None)
        }
        Some(url::Host::Domain(name)) => {
            if !private_allowed && is_localhost_name(name) {
                return Err(refused(name));
            }
            let addresses: Vec<SocketAddr> = tokio::net::lookup_host((name, port))
                .await
                .map_err(|e| format!("the host {name} could not be resolved: {e}"))?
                .collect();
            if !private_allowed
                && let Some(private) = addresses.iter().find(|a| is_forbidden_address(a.ip()))
            {
                return Err(refused(&format!(
                    "{name} resolves to {}, which",
                    private.ip()
                )));
            }
            let first = addresses
                .first()
                .ok_or_else(|| format!("the host {name} resolves to no address"))?;
            Ok(Some((name.to_owned(), *first)))
        }
    }
}

/// The pause before the next try after `attempts` failed ones.
pub fn retry_after(attempts: i32) -> chrono::Duration {
    FIRST_RETRY * 2_i32.pow(attempts.clamp(1, 16) as u32 - 1)
}

/// What became of one delivery.
pub enum Delivery {
    Delivered,
    Failed(String),
}

/// Names ring as the process's TLS crypto provider. reqwest is built with
/// rustls but without its default provider (aws-lc, a much larger C build),
/// so every process that makes an HTTP client calls this first; later calls
/// do nothing.
pub fn install_tls_provider() {
    let _ = rustls::crypto::ring::default_provider().install_default();
}

/// How every delivery connects: never through a proxy (it would resolve the
/// name itself, past the check), and never following a redirect (it could
/// point anywhere, the server's own network included).
fn client_builder() -> reqwest::ClientBuilder {
    install_tls_provider();
    reqwest::Client::builder()
        .timeout(TIMEOUT)
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
}

/// The client for IP literals; an error (no CA certificates on the system,
/// say) fails each delivery with that reason instead of killing the deliverer.
fn client() -> Result<&'static reqwest::Client, String> {
    static CLIENT: std::sync::OnceLock<Result<reqwest::Client, String>> =
        std::sync::OnceLock::new();
    CLIENT
        .get_or_init(|| {
            client_builder()
                .build()
                .map_err(|e| format!("no HTTP client: {e}"))
        })
        .as_ref()
        .map_err(Clone::clone)
}

/// Posts one notification, signed at `signed_at`, to the address checked by
/// [`destination`]; any 2xx answer delivers it.
pub async fn post(due: &Due, signed_at: DateTime<Utc>, private_allowed: bool) -> Delivery {
    let url = match reqwest::Url::parse(&due.url) {
        Ok(url) => url,
        Err(error) => return Delivery::Failed(format!("the webhook url is not valid: {error}")),
    };
    let body = due.payload.to_string();
    let (id, timestamp) = (webhook_id(due.id), signed_at.timestamp());
    let signature = match signature(&due.secret, &id, timestamp, body.as_bytes()) {
        Ok(signature) => signature,
        Err(error) => return Delivery::Failed(error),
    };
    let pinned = match destination(&url, private_allowed).await {
        Ok(Some((name, address))) => match client_builder().resolve(&name, address).build() {
            Ok(client) => Some(client),
            Err(error) => return Delivery::Failed(format!("no HTTP client: {error}")),
        },
        Ok(None) => None,
        Err(refusal) => return Delivery::Failed(refusal),
    };
    let client: &reqwest::Client = match &pinned {
        Some(pinned) => pinned,
        None => match client() {
            Ok(shared) => shared,
            Err(error) => return Delivery::Failed(error),
        },
    };
    let request = client
        .post(url)
        .header(reqwest::header::CONTENT_TYPE, "application/json")
        .header(HEADER_WEBHOOK_ID, id)
        .header(HEADER_WEBHOOK_TIMESTAMP, timestamp.to_string())
        .header(HEADER_WEBHOOK_SIGNATURE, signature)
        .body(body);
    match request.send().await {
        Ok(response) if response.status().is_success() => Delivery::Delivered,
        Ok(response) => Delivery::Failed(format!("the receiver answered {}", response.status())),
        Err(error) => Delivery::Failed(format!("no answer: {error}")),
    }
}

/// Posts the outbox's due notifications: what it needs of the server, and
/// nothing of the app.
#[derive(Clone)]
pub struct Deliverer {
    pub store: Arc<Store>,
    /// Whether receivers may be at loopback, private or link-local addresses.
    pub to_private_addresses: bool,
}

impl Deliverer {
    /// Delivers every notification due at `now` (the clock is a parameter so
    /// tests can move it). Returns how many were delivered.
    ///
    /// Rows are claimed one at a time, just before they are posted: a
    /// deliverer that dies leaves one row to the others, not a batch. What
    /// became of a post is recorded even across a failover (see [`record`]),
    /// so a notification is posted twice only when its deliverer dies, or
    /// loses the database for longer than its claim, between the receiver's
    /// answer and the record of it; a retry carries the same `webhook-id`.
    ///
    /// Each post is signed at the time it is made, not at `now`: receivers
    /// refuse a `webhook-timestamp` more than a few minutes from their clock
    /// (five, in the Standard Webhooks libraries), and a round of slow
    /// receivers may take longer than that.
    #[tracing::instrument(skip(self))]
    pub async fn deliver_due(&self, now: DateTime<Utc>) -> Result<usize, ApiError> {
        let mut delivered = 0;
        loop {
            let Some(row) = self
                .store
                .claim_notifications(now, now + CLAIM, 1)
                .await?
                .pop()
            else {
                return Ok(delivered);
            };
            let record_until =
                tokio::time::Instant::now() + CLAIM.to_std().expect("positive") - CLAIM_MARGIN;
            match post(&row, Utc::now(), self.to_private_addresses).await {
                Delivery::Delivered => {
                    record(record_until, || {
                        self.store.notification_delivered(row.id, now)
                    })
                    .await?;
                    delivered += 1;
                }
                Delivery::Failed(error) => {
                    tracing::info!(id = row.id, attempts = row.attempts, %error, "webhook failed");
                    let give_up = row.attempts >= MAX_ATTEMPTS;
                    let next = now + retry_after(row.attempts);
                    record(record_until, || {
                        self.store
                            .notification_failed(row.id, &error, next, give_up.then_some(now))
                    })
                    .await?;
                }
            }
        }
    }

    /// Delivers in the background: at once after any append this process hears
    /// of, and every `period` in case one was missed. Watched by `tasks`: if it
    /// dies it is logged, shown by `/ready`, and started again.
    pub fn spawn(self, tasks: Arc<BackgroundTasks>, period: Duration) {
        crate::background::supervise(tasks, "webhook_delivery", move || {
            self.clone().deliver_forever(period)
        });
    }

    async fn deliver_forever(self, period: Duration) {
        // Woken only by appends that wrote outbox rows; retries come due on the period.
        let mut waiter = self
            .store
            .changes()
            .subscribe(&[crate::notify::Interest::Outbox]);
        loop {
            if let Err(error) = self.deliver_due(Utc::now()).await {
                tracing::warn!(%error, "delivering webhooks failed");
            }
            // News comes after its append committed, so its rows are there.
            let until = tokio::time::Instant::now() + period;
            waiter.wait(until).await;
        }
    }
}

/// Records what became of a claimed notification, trying again while the
/// database cannot be reached (a failover: the claim, committed before the
/// post, is on the new primary too) until `until`, when the claim is about
/// to run out: recorded late is better than posted twice.
async fn record<F, Fut>(until: tokio::time::Instant, mut write: F) -> Result<(), ApiError>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Result<(), ApiError>>,
{
    let mut pause = Duration::from_millis(100);
    loop {
        match write().await {
            Err(ApiError::DatabaseUnavailable(error))
                if tokio::time::Instant::now() + pause < until =>
            {
                tracing::warn!(error = %format!("{error:#}"), "recording a webhook delivery waits for the database");
                tokio::time::sleep(pause).await;
                pause = (pause * 2).min(LONGEST_RECORD_PAUSE);
            }
            other => return other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BODY: &[u8] = br#"{"kind":"your_move"}"#;

    #[test]
    fn a_signature_is_the_base64_hmac_sha256_of_the_id_the_timestamp_and_the_body() {
        // The key is the bytes 0 to 31; computed apart, with Python's hmac module.
        let secret = "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";
        assert_eq!(
            signature(secret, "42", 1_700_000_000, BODY).unwrap(),
            "v1,jTgdyqnUYw61qFBk0Du9FAyWCP1Xk35UVO+XKSrk7JY="
        );
        let signed = signature(secret, "42", 1_700_000_000, BODY).unwrap();
        for other in [
            signature(secret, "43", 1_700_000_000, BODY),
            signature(secret, "42", 1_700_000_001, BODY),
            signature(secret, "42", 1_700_000_000, br#"{"kind":"game_over"}"#),
        ] {
            assert_ne!(other.unwrap(), signed);
        }
    }

    #[test]
    fn a_secret_from_before_the_whsec_form_keeps_its_text_as_the_key() {
        let legacy = "00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff";
        // HMAC under the 64 characters' bytes, computed apart with Python;
        // not under the 48 bytes they would decode to as base64.
        assert_eq!(
            signature(legacy, "42", 1_700_000_000, BODY).unwrap(),
            "v1,1AZjbK0uKdPFW54jRVTCIc3WU+tv9da8UbjR4N+lkpE="
        );
        // The same key, given to a receiver in the whsec form.
        let as_whsec = format!(
            "whsec_{}",
            base64::engine::general_purpose::STANDARD.encode(legacy)
        );
        assert_eq!(
            signature(&as_whsec, "42", 1_700_000_000, BODY).unwrap(),
            signature(legacy, "42", 1_700_000_000, BODY).unwrap()
        );
    }

    #[test]
    fn a_new_secret_is_whsec_and_32_random_bytes_in_base64() {
        let secret = new_secret();
        let key = secret.strip_prefix("whsec_").expect("the whsec form");
        let key = base64::engine::general_purpose::STANDARD
            .decode(key)
            .unwrap();
        assert_eq!(key.len(), 32);
        assert!(Webhook::new(&secret).is_ok());
        assert_ne!(new_secret(), secret);
    }

    #[test]
    fn retries_wait_twice_as_long_each_time() {
        assert_eq!(retry_after(1), chrono::Duration::seconds(30));
        assert_eq!(retry_after(2), chrono::Duration::seconds(60));
        assert_eq!(retry_after(5), chrono::Duration::seconds(480));
    }

    #[test]
    fn only_http_and_https_addresses_with_a_host_are_webhooks() {
        assert!(check_url("https://example.org/owlpost", false).is_ok());
        assert!(check_url("http://203.0.113.7:9000/hook", false).is_ok());
        for bad in [
            "ftp://example.org",
            "not a url",
            "mailto:merlin@example.org",
            "/relative",
        ] {
            assert!(check_url(bad, true).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_servers_own_network_is_no_webhook_unless_allowed() {
        for private in [
            "http://127.0.0.1:9000/hook",
            "http://localhost/hook",
            "http://api.localhost/hook",
            "http://10.1.2.3/hook",
            "http://172.20.0.5/hook",
            "http://192.168.1.10/hook",
            "http://169.254.169.254/latest/meta-data",
            "http://100.64.0.1/hook",
            "http://0.0.0.0/hook",
            "http://[::1]/hook",
            "http://[fd00::1]/hook",
            "http://[fe80::1]/hook",
            "http://[::ffff:127.0.0.1]/hook",
            "http://localhost./hook",
            "http://foo.localhost./hook",
            "http://[::127.0.0.1]/hook",
            "http://[64:ff9b::7f00:1]/hook",
            "http://[64:ff9b:1::1]/hook",
            "http://[2002:7f00:1::]/hook",
            "http://[2002:a00:1::]/hook",
            "http://[fec0::1]/hook",
            "http://[ff02::1]/hook",
            "http://[2001::1]/hook",
            "http://224.0.0.1/hook",
            "http://239.255.255.250/hook",
            "http://240.0.0.1/hook",
            "http://255.255.255.255/hook",
            "http://198.18.0.1/hook",
            "http://198.19.255.254/hook",
            "http://192.0.0.8/hook",
            "http://0.1.2.3/hook",
        ] {
            assert!(check_url(private, false).is_err(), "{private}");
            assert!(check_url(private, true).is_ok(), "{private}");
        }
        for public in [
            "http://172.32.0.1/hook",
            "http://198.20.0.1/hook",
            "http://223.255.255.254/hook",
            "http://[64:ff9b::808:808]/hook",
            "http://[2002:808:808::]/hook",
            "http://[2606:4700::1111]/hook",
            "https://example.org/hook",
        ] {
            assert!(check_url(public, false).is_ok(), "{public}");
        }
    }
}
