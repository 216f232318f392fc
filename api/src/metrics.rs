//! What operators watch, in the Prometheus text format at `GET /metrics`:
//! requests by route and status with their latency, appends, refusals by
//! code, contention retries, fold cache hits, long-poll waiters, the
//! webhook outbox's and the mail queue's depths and the process's memory.
//!
//! One set of metrics per process, named `owlpost_*`. Routes are labelled by
//! their pattern (`/v1/games/{id}`), never by the path a client sent, so the
//! number of series stays bounded whatever is requested.

use std::sync::LazyLock;
use std::sync::atomic::AtomicI64;

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::middleware::Next;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RequestLabels {
    pub method: String,
    pub route: String,
    pub status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct RouteLabels {
    pub method: String,
    pub route: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CodeLabels {
    pub code: String,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
pub struct CacheLabels {
    /// `hit` or `miss`.
    pub outcome: &'static str,
}

type LatencyFamily = Family<RouteLabels, Histogram, fn() -> Histogram>;

/// The process's metrics.
pub struct Metrics {
    registry: Registry,
    pub requests: Family<RequestLabels, Counter>,
    pub latency: LatencyFamily,
    pub appends: Counter,
    pub events_appended: Counter,
    pub refusals: Family<CodeLabels, Counter>,
    pub contention_retries: Counter,
    pub fold_cache: Family<CacheLabels, Counter>,
    pub long_poll_waiters: Gauge,
    pub outbox_depth: Gauge,
    pub mail_queue_depth: Gauge,
    pub resident_memory_bytes: Gauge<i64, AtomicI64>,
}

fn latency_histogram() -> Histogram {
    // 1 ms to about 16 s, doubling.
    Histogram::new(exponential_buckets(0.001, 2.0, 15))
}

impl Metrics {
    fn new() -> Self {
        let mut registry = Registry::with_prefix("owlpost");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "http_requests",
            "Requests answered, by method, route pattern and status",
            requests.clone(),
        );
        let latency = LatencyFamily::new_with_constructor(latency_histogram);
        registry.register(
            "http_request_duration_seconds",
            "Time to answer a request, by method and route pattern",
            latency.clone(),
        );
        let appends = Counter::default();
        registry.register("appends", "Appends committed to game logs", appends.clone());
        let events_appended = Counter::default();
        registry.register(
            "events_appended",
            "Events written by committed appends",
            events_appended.clone(),
        );
        let refusals = Family::<CodeLabels, Counter>::default();
        registry.register(
            "refusals",
            "Requests refused (4xx), by the problem's code",
            refusals.clone(),
        );
        let contention_retries = Counter::default();
        registry.register(
            "contention_retries",
            "Decisions made again because another writer appended first",
            contention_retries.clone(),
        );
        let fold_cache = Family::<CacheLabels, Counter>::default();
        registry.register(
            "fold_cache_lookups",
            "Lookups of a game's fold in the process's cache, by outcome",
            fold_cache.clone(),
        );
        let long_poll_waiters = Gauge::default();
        registry.register(
            "long_poll_waiters",
            "Event-feed requests waiting for a game to change",
            long_poll_waiters.clone(),
        );
        let outbox_depth = Gauge::default();
        registry.register(
            "webhook_outbox_depth",
            "Webhook notifications not yet delivered (read when scraped)",
            outbox_depth.clone(),
        );
        let mail_queue_depth = Gauge::default();
        registry.register(
            "mail_queue_depth",
            "Mails not yet sent nor given up (read when scraped)",
            mail_queue_depth.clone(),
        );
        let resident_memory_bytes = Gauge::<i64, AtomicI64>::default();
        registry.register(
            "process_resident_memory_bytes",
            "Resident memory of the server process (read when scraped)",
            resident_memory_bytes.clone(),
        );
        Metrics {
            registry,
            requests,
            latency,
            appends,
            events_appended,
            refusals,
            contention_retries,
            fold_cache,
            long_poll_waiters,
            outbox_depth,
            mail_queue_depth,
            resident_memory_bytes,
        }
    }

    /// Every metric in the Prometheus text format, the process's memory read now.
    pub fn render(&self) -> String {
        if let Some(bytes) = resident_memory() {
            self.resident_memory_bytes.set(bytes);
        }
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String does not fail");
        text
    }

    pub fn cache_lookup(&self, hit: bool) {
        let outcome = if hit { "hit" } else { "miss" };
        self.fold_cache
            .get_or_create(&CacheLabels { outcome })
            .inc();
    }
}

/// The process's metrics.
pub static METRICS: LazyLock<Metrics> = LazyLock::new(Metrics::new);

/// The resident set of this process, from `/proc/self/statm` (Linux).
fn resident_memory() -> Option<i64> {
    let statm = std::fs::read_to_string("/proc/self/statm").ok()?;
    let pages: i64 = statm.split_whitespace().nth(1)?.parse().ok()?;
    // The page size of every Linux this server runs on (x86-64, arm64 with 4 KiB pages).
    Some(pages * 4096)
}

/// Counts a long-poll waiter for as long as it lives.
pub struct Waiting;

impl Waiting {
    pub fn start() -> Self {
        METRICS.long_poll_waiters.inc();
        Waiting
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        METRICS.long_poll_waiters.dec();
    }
}

/// The middleware: counts and times every request by its route pattern.
pub async fn measure(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let started = std::time::Instant::now();
    let method = request.method().as_str().to_owned();
    let answered = next.call(request).await?;
    let route = answered
        .request()
        .match_pattern()
        .unwrap_or_else(|| "unmatched".to_owned());
    let status = answered.status().as_u16();
    METRICS
        .requests
        .get_or_create(&RequestLabels {
            method: method.clone(),
            route: route.clone(),
            status,
        })
        .inc();
    METRICS
        .latency
        .get_or_create(&RouteLabels { method, route })
        .observe(started.elapsed().as_secs_f64());
    Ok(answered)
}
