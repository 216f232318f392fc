//! The web client at `/`: one page and its script, style sheet and icon,
//! built into the binary so that `cargo run` serves a playable site with no
//! separate build step and nothing fetched from elsewhere.
//!
//! The page talks to the same `/v1` API as any other client; these routes
//! are not API and stay out of the OpenAPI document.

use actix_web::http::header;
use actix_web::{HttpResponse, web};

use crate::error::ApiError;

/// One file of the client: its name under `/web/`, its media type and its bytes.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

const INDEX: &[u8] = include_bytes!("../web/index.html");

const ASSETS: &[Asset] = &[
    Asset {
        name: "app.js",
        content_type: "text/javascript; charset=utf-8",
        body: include_bytes!("../web/app.js"),
    },
    Asset {
        name: "style.css",
        content_type: "text/css; charset=utf-8",
        body: include_bytes!("../web/style.css"),
    },
    Asset {
        name: "owl.svg",
        content_type: "image/svg+xml",
        body: include_bytes!("../web/owl.svg"),
    },
];

/// Scripts only from this server; the inline styles are those of the board
/// pictures the page inlines.
const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
     style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; \
     base-uri 'none'; frame-ancestors 'none'";

/// The routes of the web client, for [`crate::app::build_app`].
pub fn configure(config: &mut web::ServiceConfig) {
    config
        .route("/", web::get().to(index))
        .route("/web/{name}", web::get().to(asset))
        .route("/docs", web::get().to(docs_redirect));
}

async fn index() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("text/html; charset=utf-8")
        // The page names its assets without a version: ask again after an upgrade.
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("Content-Security-Policy", CONTENT_SECURITY_POLICY))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .body(INDEX)
}

async fn asset(name: web::Path<String>) -> Result<HttpResponse, ApiError> {
    let asset = ASSETS
        .iter()
        .find(|a| a.name == name.as_str())
        .ok_or_else(|| {
            ApiError::NotFound(format!("the web client has no file {:?}", name.as_str()))
        })?;
    Ok(HttpResponse::Ok()
        .content_type(asset.content_type)
        .insert_header((header::CACHE_CONTROL, "no-cache"))
        .insert_header(("X-Content-Type-Options", "nosniff"))
        .body(asset.body))
}

/// The documentation lives at `/docs/`; people type `/docs`.
async fn docs_redirect() -> HttpResponse {
    HttpResponse::PermanentRedirect()
        .insert_header((header::LOCATION, "/docs/"))
        .finish()
}
