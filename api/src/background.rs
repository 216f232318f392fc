//! Background tasks (webhook delivery, the deadline sweep) under watch: one
//! that dies is logged, shown by `GET /ready`, and started again, instead of
//! leaving its work undone while the server looks healthy.

use std::collections::BTreeMap;
use std::future::Future;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::Serialize;
use utoipa::ToSchema;

/// The pause before a dead task is started again, so a task that dies at
/// once does not spin.
const RESTART_PAUSE: Duration = Duration::from_secs(1);

/// How one background task fares.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct BackgroundTask {
    pub name: String,
    /// Whether it runs now (false between its death and its restart).
    pub running: bool,
    /// How often it died and was started again.
    pub restarts: u32,
    /// Why it died last; `null` if it never did.
    #[schema(required = true)]
    pub last_failure: Option<String>,
}

/// Every watched task of this process.
#[derive(Debug, Default)]
pub struct BackgroundTasks {
    tasks: Mutex<BTreeMap<String, BackgroundTask>>,
}

impl BackgroundTasks {
    /// How every watched task fares, by name.
    pub fn report(&self) -> Vec<BackgroundTask> {
        self.lock().values().cloned().collect()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, BackgroundTask>> {
        // A panic while holding this lock leaves the map whole: keep using it.
        self.tasks
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    fn started(&self, name: &str) {
        let mut tasks = self.lock();
        let task = tasks
            .entry(name.to_owned())
            .or_insert_with(|| BackgroundTask {
                name: name.to_owned(),
                running: false,
                restarts: 0,
                last_failure: None,
            });
        task.running = true;
    }

    fn died(&self, name: &str, why: String) {
        if let Some(task) = self.lock().get_mut(name) {
            task.running = false;
            task.restarts += 1;
            task.last_failure = Some(why);
        }
    }
}

/// Runs the task `start` makes, and whenever it ends (a panic, or a return
/// it should never make) logs why and starts a new one.
pub fn supervise<F, Fut>(tasks: Arc<BackgroundTasks>, name: &'static str, start: F)
where
    F: Fn() -> Fut + Send + 'static,
    Fut: Future<Output = ()> + Send + 'static,
{
    tokio::spawn(async move {
        loop {
            tasks.started(name);
            let why = match tokio::spawn(start()).await {
                Ok(()) => "it stopped".to_owned(),
                Err(error) if error.is_panic() => panic_message(error.into_panic()),
                Err(error) => error.to_string(),
            };
            tracing::error!(task = name, failure = %why, "a background task died; starting it again");
            tasks.died(name, why);
            tokio::time::sleep(RESTART_PAUSE).await;
        }
    });
}

fn panic_message(payload: Box<dyn std::any::Any + Send>) -> String {
    payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "it panicked".to_owned())
}
