//! The metrics operators scrape: what happened shows there, by route and code.

use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::TestApp;

/// The value of the series named exactly `series` (name and labels).
fn value_of(metrics: &str, series: &str) -> Option<f64> {
    metrics.lines().find_map(|line| {
        line.strip_prefix(series)
            .and_then(|rest| rest.strip_prefix(' '))
            .and_then(|value| value.trim().parse().ok())
    })
}

#[tokio::test]
async fn requests_appends_refusals_and_memory_show_in_the_metrics() {
    let app = TestApp::spawn().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let game = app.started_duel(&ann, &bob, json!({})).await;
    let refused = app
        .act(game, &ann, json!({ "command": { "type": "end_turn" } }))
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let applied = app.act(game, &ann, crate::helpers::bet(1, &[])).await;
    assert_eq!(applied.status(), StatusCode::OK);

    let answer = app.get("/metrics", None).await;
    assert_eq!(answer.status(), StatusCode::OK);
    assert!(
        answer.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain"),
    );
    let metrics = answer.text().await.unwrap();
    let at_least_one = |series: &str| {
        let value = value_of(&metrics, series).unwrap_or_else(|| panic!("{series} in\n{metrics}"));
        assert!(value >= 1.0, "{series} = {value}");
    };
    at_least_one(
        r#"owlpost_http_requests_total{method="POST",route="/v1/games/{id}/actions",status="200"}"#,
    );
    at_least_one(
        r#"owlpost_http_requests_total{method="POST",route="/v1/games/{id}/actions",status="400"}"#,
    );
    at_least_one(r#"owlpost_refusals_total{code="malformed_command"}"#);
    at_least_one("owlpost_appends_total");
    at_least_one("owlpost_events_appended_total");
    at_least_one(r#"owlpost_fold_cache_lookups_total{outcome="hit"}"#);
    at_least_one("owlpost_process_resident_memory_bytes");
    assert!(value_of(&metrics, "owlpost_webhook_outbox_depth").is_some());
    assert!(value_of(&metrics, "owlpost_long_poll_waiters").is_some());
    assert!(value_of(&metrics, "owlpost_contention_retries_total").is_some());
    assert!(
        metrics.contains("owlpost_http_request_duration_seconds_bucket{"),
        "latencies by route"
    );
    // Routes are patterns: no game id becomes a label.
    assert!(!metrics.contains(&game.to_string()));
}

#[tokio::test]
async fn a_mail_waiting_to_be_sent_shows_in_the_mail_queue_depth() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    let depth = || async {
        let metrics = app.get("/metrics", None).await.text().await.unwrap();
        value_of(&metrics, "owlpost_mail_queue_depth")
    };
    assert_eq!(depth().await, Some(0.0));
    // Giving an address queues the mail with its confirming link; no mailer runs here.
    let set = app
        .put(
            "/v1/me/email",
            Some(&ann.token),
            &json!({ "address": "ann@example.org" }),
        )
        .await;
    assert_eq!(set.status(), StatusCode::OK);
    assert_eq!(depth().await, Some(1.0));
}
