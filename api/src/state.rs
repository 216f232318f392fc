//! What every handler shares, and nothing more: the app factory builds it,
//! handlers read it, and the layers below it (services, the store, the
//! background workers) never see it: each takes the parts it needs.

use std::sync::Arc;

use crate::background::BackgroundTasks;
use crate::mail::replies::ReplySettings;
use crate::proxies::TrustedProxies;
use crate::rate_limit::MessageRateLimit;
use crate::store::Store;
use crate::webhooks::Deliverer;

/// What every handler shares.
pub struct AppState {
    /// Shared with the background workers, which outlive any one request.
    pub store: Arc<Store>,
    /// Whether webhooks may point at loopback, private or link-local
    /// addresses (`OWLPOST_WEBHOOKS_TO_PRIVATE_ADDRESSES=allow`; tests do).
    pub webhooks_to_private_addresses: bool,
    /// Whose `Forwarded`/`X-Forwarded-For` headers name the client.
    pub trusted_proxies: TrustedProxies,
    /// The background tasks under watch, for `/ready` (see [`crate::background`]).
    pub background: Arc<BackgroundTasks>,
    /// How replies to turn mails are taken (`POST /v1/mail/inbound` needs
    /// its secret), when they are.
    pub replies: Option<Arc<ReplySettings>>,
    /// The vacation days each user may spend a calendar year (`OWLPOST_VACATION_DAYS`).
    pub vacation_days_per_year: u32,
    /// How many messages each player may write a minute (table talk).
    pub message_limit: Arc<MessageRateLimit>,
}

impl AppState {
    /// The webhook deliverer of this state's store and address policy.
    pub fn deliverer(&self) -> Deliverer {
        Deliverer {
            store: self.store.clone(),
            to_private_addresses: self.webhooks_to_private_addresses,
        }
    }
}
