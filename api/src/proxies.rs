//! The client's address behind reverse proxies (`OWLPOST_TRUSTED_PROXIES`).
//!
//! A proxy appends the address it received a request from to `Forwarded`
//! (`for=`) or `X-Forwarded-For`. Only proxies we trust are believed: read
//! from the right, the first address that is not one of ours is the client.
//! Anything left of it was written by the client itself and proves nothing.

use std::net::IpAddr;

use actix_web::HttpMessage;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{self, HeaderMap, HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::web;
use ipnet::IpNet;

/// The proxies whose forwarding headers are believed; none by default.
#[derive(Debug, Clone, Default)]
pub struct TrustedProxies {
    networks: Vec<IpNet>,
}

impl TrustedProxies {
    /// Parses `10.0.0.1, 10.1.0.0/16, ::1`.
    ///
    /// # Errors
    /// The first entry that is neither an address nor a network.
    pub fn parse(list: &str) -> Result<TrustedProxies, String> {
        let networks = list
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                entry
                    .parse::<IpNet>()
                    .or_else(|_| entry.parse::<IpAddr>().map(IpNet::from))
                    .map_err(|_| format!("{entry:?} is neither an address nor a network"))
            })
            .collect::<Result<_, _>>()?;
        Ok(TrustedProxies { networks })
    }

    pub fn trusts(&self, address: IpAddr) -> bool {
        self.networks.iter().any(|net| net.contains(&address))
    }

    /// The client of a request that came from `peer` with `headers`.
    pub fn client(&self, peer: IpAddr, headers: &HeaderMap) -> IpAddr {
        if !self.trusts(peer) {
            return peer;
        }
        let mut chain = forwarded_for(headers);
        if chain.is_empty() {
            chain = x_forwarded_for(headers);
        }
        chain
            .into_iter()
            .rev()
            .find(|hop| !self.trusts(*hop))
            .unwrap_or(peer)
    }
}

/// The `for=` addresses of `Forwarded` (RFC 7239), oldest first; an
/// obfuscated or unknown one ends the list there.
fn forwarded_for(headers: &HeaderMap) -> Vec<IpAddr> {
    let mut hops = Vec::new();
    for value in headers.get_all(header::FORWARDED) {
        let Ok(value) = value.to_str() else { continue };
        for element in value.split(',') {
            for pair in element.split(';') {
                let Some((key, node)) = pair.trim().split_once('=') else {
                    continue;
                };
                if key.trim().eq_ignore_ascii_case("for") {
                    match parse_node(node.trim().trim_matches('"')) {
                        Some(address) => hops.push(address),
                        None => hops.clear(),
                    }
                }
            }
        }
    }
    hops
}

fn x_forwarded_for(headers: &HeaderMap) -> Vec<IpAddr> {
    let mut hops = Vec::new();
    for value in headers.get_all(HeaderName::from_static("x-forwarded-for")) {
        let Ok(value) = value.to_str() else { continue };
        for hop in value.split(',') {
            match parse_node(hop.trim()) {
                Some(address) => hops.push(address),
                None => hops.clear(),
            }
        }
    }
    hops
}

/// `192.0.2.1`, `192.0.2.1:4711`, `[2001:db8::1]` or `[2001:db8::1]:4711`.
fn parse_node(node: &str) -> Option<IpAddr> {
    if let Ok(address) = node.parse() {
        return Some(address);
    }
    if let Some(rest) = node.strip_prefix('[') {
        return rest.split(']').next()?.parse().ok();
    }
    node.rsplit_once(':')?.0.parse().ok()
}

/// The client's address, as the rate limiter and the request log use it.
#[derive(Debug, Clone, Copy)]
pub struct ClientAddress(pub IpAddr);

/// Works out the client's address once per request, keeps it in the
/// request, and leaves the forwarding headers saying only that, so the
/// request log (which reads them) names the same client.
pub async fn resolve_client(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    if let Some(peer) = request.peer_addr().map(|a| a.ip()) {
        let client = request
            .app_data::<web::Data<TrustedProxies>>()
            .map_or(peer, |trusted| trusted.client(peer, request.headers()));
        let headers = request.headers_mut();
        for name in ["forwarded", "x-forwarded-for", "x-real-ip"] {
            headers.remove(name);
        }
        if client != peer
            && let Ok(value) = HeaderValue::from_str(&client.to_string())
        {
            headers.insert(HeaderName::from_static("x-forwarded-for"), value);
        }
        request.extensions_mut().insert(ClientAddress(client));
    }
    next.call(request).await
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(
                HeaderName::from_static(name),
                HeaderValue::from_static(value),
            );
        }
        map
    }

    #[test]
    fn the_client_is_the_first_untrusted_hop_from_the_right() {
        let proxies = TrustedProxies::parse("127.0.0.1, 10.0.0.0/8").unwrap();
        let proxy: IpAddr = "127.0.0.1".parse().unwrap();
        let client = |pairs| proxies.client(proxy, &headers(pairs)).to_string();
        assert_eq!(
            client(&[("x-forwarded-for", "203.0.113.9, 198.51.100.1, 10.1.2.3")]),
            "198.51.100.1"
        );
        assert_eq!(
            client(&[("forwarded", "for=203.0.113.9, for=\"[2001:db8::1]:4711\"")]),
            "2001:db8::1"
        );
        assert_eq!(
            client(&[("forwarded", "for=198.51.100.2:80;proto=https")]),
            "198.51.100.2"
        );
        assert_eq!(client(&[]), "127.0.0.1");
        let stranger: IpAddr = "198.51.100.7".parse().unwrap();
        let spoofed = headers(&[("x-forwarded-for", "203.0.113.9")]);
        assert_eq!(proxies.client(stranger, &spoofed), stranger);
        assert_eq!(TrustedProxies::default().client(proxy, &spoofed), proxy);
        assert!(TrustedProxies::parse("10.0.0.1, not an address").is_err());
    }
}
