//! The one application factory used by `main`, the tests and the spec generator.

use actix_web::body::MessageBody;
use actix_web::dev::{ServiceFactory, ServiceRequest, ServiceResponse};
use actix_web::http::header;
use actix_web::middleware::Next;
use actix_web::{App, HttpServer, error, middleware, web};
use tracing_actix_web::TracingLogger;
use utoipa_actix_web::service_config::ServiceConfig;
use utoipa_swagger_ui::SwaggerUi;

use crate::auth::TokenKeys;
use crate::config::{BODY_LIMIT, Config};
use crate::db;
use crate::error::ApiError;
use crate::rate_limit::AuthRateLimit;
use crate::routes;
use crate::state::AppState;
use crate::store::Store;

/// Request bodies, paths and queries that do not parse get a problem document too.
fn extractor_errors() -> (web::JsonConfig, web::PathConfig, web::QueryConfig) {
    (
        web::JsonConfig::default()
            .limit(BODY_LIMIT)
            .error_handler(|e, _| match e {
                error::JsonPayloadError::Overflow { .. }
                | error::JsonPayloadError::OverflowKnownLength { .. } => {
                    ApiError::BodyTooLarge { limit: BODY_LIMIT }.into()
                }
                e => ApiError::MalformedJson(e.to_string()).into(),
            }),
        web::PathConfig::default().error_handler(|e, _| {
            ApiError::InvalidRequest(format!("the URL path is not valid: {e}")).into()
        }),
        web::QueryConfig::default().error_handler(|e, _| {
            ApiError::InvalidRequest(format!("the query string is not valid: {e}")).into()
        }),
    )
}

/// Refuses a JSON body that holds an escaped NUL character (`\u0000`)
/// anywhere: PostgreSQL cannot store one in `jsonb` or `text`, so it would
/// fail the request deep inside a transaction instead of saying what is wrong.
async fn refuse_nul_characters(
    mut request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let is_json = request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.to_ascii_lowercase().contains("json"));
    if is_json {
        let body = request.extract::<web::Bytes>().await.map_err(|e| match e
            .as_error::<error::PayloadError>()
        {
            Some(error::PayloadError::Overflow) => ApiError::BodyTooLarge { limit: BODY_LIMIT },
            _ => ApiError::MalformedJson(e.to_string()),
        })?;
        if escapes_a_nul(&body) {
            return Err(ApiError::NulCharacter.into());
        }
        request.set_payload(actix_web::dev::Payload::from(body));
    }
    next.call(request).await
}

/// Whether JSON text holds the escape `\u0000`. Every backslash starts an
/// escape of its own, so an escaped backslash followed by `u0000` is no NUL.
/// (An unescaped NUL byte is not valid JSON: the JSON parser refuses it.)
fn escapes_a_nul(json: &[u8]) -> bool {
    let mut at = 0;
    while at < json.len() {
        if json[at] == b'\\' {
            if json.get(at + 1) == Some(&b'u') && json.get(at + 2..at + 6) == Some(b"0000") {
                return true;
            }
            at += 2;
        } else {
            at += 1;
        }
    }
    false
}

/// Marks answers that depend on who asks (a game as one seat sees it, its
/// events, an inbox) as private: they carry the bare version as `ETag`, and
/// a shared cache must not hand one player's hand to another.
async fn private_to_the_viewer(
    request: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, actix_web::Error> {
    let per_viewer = request.headers().contains_key(header::AUTHORIZATION)
        || request.path().starts_with("/v1/games/")
        || request.path().starts_with("/v1/me/");
    let mut response = next.call(request).await?;
    if per_viewer {
        let headers = response.headers_mut();
        if !headers.contains_key(header::CACHE_CONTROL) {
            headers.insert(
                header::CACHE_CONTROL,
                header::HeaderValue::from_static("private"),
            );
        }
        headers.append(
            header::VARY,
            header::HeaderValue::from_static("Authorization"),
        );
    }
    Ok(response)
}

/// The application: every route, the docs page and `/openapi.json`.
pub fn build_app(
    state: web::Data<AppState>,
    keys: web::Data<TokenKeys>,
    auth_limit: web::Data<AuthRateLimit>,
) -> App<
    impl ServiceFactory<
        ServiceRequest,
        Config = (),
        Response = ServiceResponse<impl MessageBody>,
        Error = actix_web::Error,
        InitError = (),
    >,
> {
    let (json, path, query) = extractor_errors();
    static ROUTES: std::sync::LazyLock<DocumentedRoutes> =
        std::sync::LazyLock::new(|| DocumentedRoutes::of(crate::openapi::spec()));
    App::new()
        .wrap(TracingLogger::default())
        .app_data(web::Data::new(state.trusted_proxies.clone()))
        .app_data(state)
        .app_data(keys)
        .app_data(auth_limit)
        .wrap(middleware::from_fn(crate::rate_limit::limit_auth))
        .wrap(middleware::from_fn(refuse_nul_characters))
        .wrap(middleware::from_fn(private_to_the_viewer))
        // Outermost (the last wrapped runs first): the log and the rate
        // limiter inside both see the client worked out here.
        .wrap(middleware::from_fn(crate::proxies::resolve_client))
        .wrap(middleware::from_fn(crate::metrics::measure))
        .app_data(json)
        .app_data(path)
        .app_data(query)
        .service(routes::system::health)
        .service(routes::system::ready)
        .service(routes::system::metrics)
        .service(web::scope("/v1").configure(|cfg| {
            let mut utoipa_cfg = ServiceConfig::new(cfg);
            routes::v1(&mut utoipa_cfg);
        }))
        .configure(crate::web::configure)
        .service(
            SwaggerUi::new("/docs/{_:.*}")
                .external_url_unchecked("/openapi.json", crate::openapi::spec().clone()),
        )
        .default_service(web::to(move |request: actix_web::HttpRequest| {
            let allowed = ROUTES.methods_at(request.path());
            async move {
                Err::<actix_web::HttpResponse, _>(match allowed {
                    Some(allowed) => ApiError::MethodNotAllowed {
                        method: request.method().to_string(),
                        allowed,
                    },
                    None => ApiError::NotFound("there is nothing at this address".into()),
                })
            }
        }))
}

/// The addresses the document describes and the methods each answers, so a
/// request with another method is told 405 and what is allowed, not 404.
struct DocumentedRoutes(Vec<(Vec<String>, Vec<String>)>);

impl DocumentedRoutes {
    fn of(spec: &serde_json::Value) -> Self {
        let paths = spec["paths"].as_object().into_iter().flatten();
        DocumentedRoutes(
            paths
                .map(|(path, item)| {
                    let segments = path.split('/').map(str::to_owned).collect();
                    let methods = ["get", "post", "put", "patch", "delete"]
                        .into_iter()
                        .filter(|method| item.get(*method).is_some())
                        .map(str::to_uppercase)
                        .collect();
                    (segments, methods)
                })
                .collect(),
        )
    }

    /// The methods allowed at `path`, if the document describes it.
    fn methods_at(&self, path: &str) -> Option<Vec<String>> {
        let asked: Vec<&str> = path.split('/').collect();
        self.0
            .iter()
            .filter(|(segments, _)| {
                segments.len() == asked.len()
                    && segments.iter().zip(&asked).all(|(pattern, segment)| {
                        pattern == segment || (pattern.starts_with('{') && !segment.is_empty())
                    })
            })
            // A literal address wins over a pattern that also matches it.
            .min_by_key(|(segments, _)| segments.iter().filter(|s| s.starts_with('{')).count())
            .map(|(_, methods)| methods.clone())
    }
}

/// Everything needed to serve: database resolved and migrated, secret loaded.
pub struct Prepared {
    pub state: web::Data<AppState>,
    pub keys: web::Data<TokenKeys>,
    pub auth_limit: web::Data<AuthRateLimit>,
}

pub async fn prepare(config: &Config) -> anyhow::Result<Prepared> {
    // The secret first: a refused one should not wait for a database.
    let keys = TokenKeys::new(&config.resolve_jwt_secret()?, config.access_token_seconds)
        .with_refresh_token_days(config.refresh_token_days);
    // Mail settings too: a relay or listener off this machine is refused at once.
    // Replies are taken only where mail is sent (their answers are mail).
    let replies = match crate::mail::MailSettings::from_config(config)? {
        Some(mail) => mail.replies,
        None => None,
    };
    let url = db::resolve_database(config).await?;
    let pool = db::pool(&url, 16)?;
    let changes = crate::notify::Changes::listening(&url).await;
    Ok(Prepared {
        state: web::Data::new(AppState {
            store: Store::with_changes(pool, changes).into(),
            webhooks_to_private_addresses: config.webhooks_to_private_addresses,
            trusted_proxies: config.trusted_proxies.clone(),
            background: Default::default(),
            replies,
            vacation_days_per_year: config.vacation_days_per_year,
            message_limit: Default::default(),
        }),
        keys: web::Data::new(keys),
        auth_limit: web::Data::new(AuthRateLimit::per_minute(config.auth_attempts_per_minute)),
    })
}

/// Serves on an already bound listener until stopped, one worker per core.
pub fn serve(
    prepared: Prepared,
    listener: std::net::TcpListener,
) -> std::io::Result<actix_web::dev::Server> {
    let workers = std::thread::available_parallelism().map_or(2, usize::from);
    serve_with_workers(prepared, listener, workers, REQUEST_HEAD_TIMEOUT)
}

/// How long a new connection may take to send its request head before it is
/// answered 408 and closed: short, so idle connections cannot pile up.
pub const REQUEST_HEAD_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

/// Serves with a given number of worker threads (tests use one) and a given
/// time for a connection's first request head (tests, whose client shares a
/// thread with other work on a loaded machine, give more).
pub fn serve_with_workers(
    prepared: Prepared,
    listener: std::net::TcpListener,
    workers: usize,
    request_head_timeout: std::time::Duration,
) -> std::io::Result<actix_web::dev::Server> {
    let Prepared {
        state,
        keys,
        auth_limit,
    } = prepared;
    // One cache of board pictures for every worker.
    let pictures = web::Data::new(crate::pictures::PictureCache::default());
    Ok(HttpServer::new(move || {
        build_app(state.clone(), keys.clone(), auth_limit.clone()).app_data(pictures.clone())
    })
    .workers(workers)
    .client_request_timeout(request_head_timeout)
    .listen(listener)?
    .run())
}

/// Logs to stderr, filtered by `RUST_LOG` (default `info`).
pub fn init_tracing() {
    use tracing_subscriber::EnvFilter;
    let _ = tracing_subscriber::fmt()
        .with_env_filter(
            EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")),
        )
        .with_writer(std::io::stderr)
        .try_init();
}

#[cfg(test)]
mod tests {
    use super::escapes_a_nul;

    #[test]
    fn only_an_escaped_nul_is_a_nul() {
        assert!(escapes_a_nul(br#"{"x":"\u0000"}"#));
        assert!(escapes_a_nul(br#"{"x":"a\\\u0000"}"#));
        assert!(!escapes_a_nul(br#"{"x":"\\u0000"}"#));
        assert!(!escapes_a_nul(br#"{"x":"\u0001 u0000"}"#));
        assert!(!escapes_a_nul(b"{}"));
    }
}
