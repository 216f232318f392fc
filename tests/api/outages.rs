//! A database outage: the server says so (503, `Retry-After`), readiness
//! fails while liveness holds, and everything works again once it is back,
//! long-polls on another server included. Each test stops and starts a
//! PostgreSQL cluster of its own on its own loopback port.

use std::sync::Arc;

use reqwest::StatusCode;
use serde_json::json;

use owlpost_api::db::testing::Cluster;

use crate::helpers::{TestApp, assert_problem, bet};

async fn start_cluster() -> Arc<Cluster> {
    let cluster = tokio::task::spawn_blocking(Cluster::start)
        .await
        .unwrap()
        .expect("a private cluster starts");
    Arc::new(cluster)
}

async fn stop(cluster: &Arc<Cluster>) {
    let cluster = cluster.clone();
    tokio::task::spawn_blocking(move || cluster.stop())
        .await
        .unwrap()
        .expect("the cluster stops");
}

async fn resume(cluster: &Arc<Cluster>) {
    let cluster = cluster.clone();
    tokio::task::spawn_blocking(move || cluster.resume())
        .await
        .unwrap()
        .expect("the cluster starts again");
}

async fn assert_unavailable(response: reqwest::Response) {
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!(retry_after >= 1);
    assert_problem(
        response,
        StatusCode::SERVICE_UNAVAILABLE,
        "database_unavailable",
    )
    .await;
}

#[tokio::test]
async fn while_the_database_is_down_requests_get_503_and_once_it_is_back_everything_works_again() {
    let cluster = start_cluster().await;
    let first = TestApp::spawn_on(&cluster.server()).await;
    let second = TestApp::spawn_beside(&first).await;
    let (ann, bob) = (first.register("ann").await, first.register("bob").await);
    let id = first.started_duel(&ann, &bob, json!({})).await;
    assert_eq!(first.get("/ready", None).await.status(), StatusCode::OK);
    let version = first.game(id, &bob).await["version"].as_i64().unwrap();

    // Bob waits on the second server through the whole outage.
    let path = format!("/v1/games/{id}/events?after={version}&wait=60");
    // 0 until the cluster has stopped, 1 while it is down, 2 once it is back.
    let stage = std::sync::atomic::AtomicU8::new(0);
    let poll = async {
        let answer = second.get(&path, Some(&bob.token)).await;
        (answer, stage.load(std::sync::atomic::Ordering::SeqCst))
    };
    let ((answer, answered_at), ()) = tokio::join!(poll, async {
        for _ in 0..100_000 {
            if second.state.store.changes().waiting() >= 1 {
                break;
            }
            tokio::task::yield_now().await;
        }
        assert_eq!(second.state.store.changes().waiting(), 1);
        stop(&cluster).await;
        stage.store(1, std::sync::atomic::Ordering::SeqCst);

        assert_unavailable(
            first
                .get(&format!("/v1/games/{id}"), Some(&ann.token))
                .await,
        )
        .await;
        assert_unavailable(first.act(id, &ann, bet(3, &[])).await).await;
        let credentials = json!({ "username": "cid", "password": "a long enough password" });
        assert_unavailable(first.post("/v1/auth/register", None, &credentials).await).await;
        assert_unavailable(first.get("/ready", None).await).await;
        assert_eq!(first.get("/health", None).await.status(), StatusCode::OK);

        resume(&cluster).await;
        stage.store(2, std::sync::atomic::Ordering::SeqCst);
        let ready = first.get("/ready", None).await;
        assert_eq!(ready.status(), StatusCode::OK);
        assert_eq!(
            first.act(id, &ann, bet(3, &[])).await.status(),
            StatusCode::OK
        );
    });
    // The long-poll counts as waiting from the moment it subscribes, before
    // its first read: the outage may catch that read, and then the right
    // answer is a 503 the client polls again after.
    let answer = if answer.status() == StatusCode::SERVICE_UNAVAILABLE && answered_at < 2 {
        assert_unavailable(answer).await;
        second.get(&path, Some(&bob.token)).await
    } else {
        answer
    };
    assert_eq!(
        answer.status(),
        StatusCode::OK,
        "answered at stage {answered_at}"
    );
    let page: serde_json::Value = answer.json().await.unwrap();
    assert_eq!(
        page["events"][0]["seq"],
        json!(version + 1),
        "the waiter heard the move made after the outage: {page}"
    );
}

#[tokio::test]
async fn a_server_started_while_its_database_is_down_waits_for_it() {
    let cluster = start_cluster().await;
    stop(&cluster).await;
    let mut config = owlpost_api::Config::from_env();
    config.database_url = Some(format!("{}/postgres", cluster.server()));
    let resolving = tokio::spawn(async move { owlpost_api::db::resolve_database(&config).await });
    resume(&cluster).await;
    let resolved = tokio::time::timeout(std::time::Duration::from_secs(120), resolving)
        .await
        .expect("the server stops waiting once the database is up")
        .unwrap();
    let url = resolved.expect("the database was found and migrated");
    assert!(url.ends_with("/postgres"), "{url}");
}

#[tokio::test]
async fn a_cluster_answering_on_the_private_port_is_adopted_only_when_it_is_our_own() {
    use owlpost_api::db::{Durability, adopt_or_start_cluster};
    let cluster = start_cluster().await;
    let elsewhere = std::env::temp_dir().join(format!("owlpost-other-{}", uuid::Uuid::new_v4()));
    let refused = adopt_or_start_cluster(&elsewhere, cluster.port, Durability::Disposable).await;
    let error = refused
        .expect_err("another data directory's cluster is refused")
        .to_string();
    assert!(
        error.contains("not this server's private cluster"),
        "{error}"
    );
    assert!(
        !elsewhere.join("pgdata").exists(),
        "nothing was started there"
    );
    let adopted = adopt_or_start_cluster(&cluster.data_dir, cluster.port, Durability::Disposable)
        .await
        .expect("its own cluster is adopted");
    assert_eq!(adopted, cluster.server());
    let _ = std::fs::remove_dir_all(elsewhere);
}

#[tokio::test]
async fn a_background_task_that_dies_is_shown_by_readiness_and_started_again() {
    use std::sync::atomic::{AtomicU32, Ordering};
    let app = TestApp::spawn().await;
    let tasks = app.state.background.clone();
    app.state
        .deliverer()
        .spawn(tasks.clone(), std::time::Duration::from_secs(5));
    owlpost_api::deadlines::spawn_sweeper(
        app.state.store.clone(),
        tasks.clone(),
        std::time::Duration::from_secs(5),
    );
    let runs = Arc::new(AtomicU32::new(0));
    let counted = runs.clone();
    owlpost_api::background::supervise(tasks, "flaky", move || {
        let counted = counted.clone();
        async move {
            if counted.fetch_add(1, Ordering::SeqCst) == 0 {
                panic!("the first run dies");
            }
            std::future::pending::<()>().await
        }
    });
    let mut tasks = serde_json::Value::Null;
    for _ in 0..600 {
        let ready = app.get("/ready", None).await;
        assert_eq!(ready.status(), StatusCode::OK);
        tasks = ready.json::<serde_json::Value>().await.unwrap()["background_tasks"].clone();
        let flaky = tasks
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "flaky");
        if flaky.is_some_and(|t| t["restarts"] == 1 && t["running"] == true) {
            break;
        }
        // The supervisor pauses a second before a restart.
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let flaky = tasks
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "flaky")
        .unwrap();
    assert_eq!(
        (
            flaky["running"].clone(),
            flaky["restarts"].clone(),
            flaky["last_failure"].clone()
        ),
        (json!(true), json!(1), json!("the first run dies")),
        "{tasks}"
    );
    assert_eq!(runs.load(Ordering::SeqCst), 2);
    for watched in ["webhook_delivery", "deadline_sweep"] {
        let task = tasks
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == watched);
        assert_eq!(
            task.map(|t| t["running"].clone()),
            Some(json!(true)),
            "{watched} is watched too: {tasks}"
        );
    }
}

#[tokio::test]
async fn a_database_that_accepts_connections_but_never_answers_gets_503_not_a_hung_request() {
    // A listener that accepts and then says nothing, as behind a cut network.
    let silent = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let address = silent.local_addr().unwrap();
    let url = format!("postgres://postgres@{address}/owlpost");
    let state = actix_web::web::Data::new(owlpost_api::AppState {
        store: owlpost_api::store::Store::new(owlpost_api::db::pool(&url, 2).unwrap()).into(),
        webhooks_to_private_addresses: false,
        trusted_proxies: Default::default(),
        background: Default::default(),
        replies: None,
        vacation_days_per_year: owlpost_api::config::DEFAULT_VACATION_DAYS,
        message_limit: Default::default(),
    });
    let answered = tokio::time::timeout(std::time::Duration::from_secs(60), state.store.ping())
        .await
        .expect("the pool gives up before the test does");
    let error = answered.expect_err("nothing answered");
    assert_eq!(
        actix_web::ResponseError::status_code(&error),
        StatusCode::SERVICE_UNAVAILABLE.as_u16()
    );
    drop(silent);
}
