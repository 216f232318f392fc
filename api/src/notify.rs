//! Change notifications, so a client can wait for the next move instead of
//! asking again and again (DESIGN.md, "Inbox & notifications").
//!
//! Every append publishes the game's new version twice: at once to this
//! process's waiters, and through PostgreSQL (`pg_notify` inside the append's
//! transaction, so it is delivered on commit and never for a rolled-back
//! move). One connection per server process listens and passes what it hears
//! on, so a client long-polling one server learns of a move made through
//! another. A waiter always re-reads the database: a notification only says
//! "look again", and a doubled or lost one costs at most a wasted read or
//! the rest of the wait.

use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::broadcast;
use tokio::time::Instant;
use uuid::Uuid;

/// The PostgreSQL channel every append notifies.
pub const CHANNEL: &str = "owlpost_changes";

/// Waiting long-polls one process holds before the slowest start missing news.
const BACKLOG: usize = 1024;

/// First pause before reconnecting the listening connection.
const FIRST_RECONNECT_DELAY: Duration = Duration::from_millis(100);
/// Longest pause between attempts to reconnect it: kept short, because a
/// long-poll on this process hears nothing of other processes meanwhile.
const MAX_RECONNECT_DELAY: Duration = Duration::from_secs(1);

/// A game reached a new version.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameChanged {
    pub game: Uuid,
    pub version: i64,
}

impl GameChanged {
    /// What goes through `pg_notify`.
    pub fn payload(&self) -> String {
        format!("{} {}", self.game, self.version)
    }

    fn parse(payload: &str) -> Option<GameChanged> {
        let (game, version) = payload.split_once(' ')?;
        Some(GameChanged {
            game: game.parse().ok()?,
            version: version.parse().ok()?,
        })
    }

    /// Said after the listener (re)connects: anything may have changed
    /// meanwhile, so every waiter looks again.
    const ANYTHING: GameChanged = GameChanged {
        game: Uuid::nil(),
        version: 0,
    };
}

/// This process's news of game changes.
#[derive(Clone)]
pub struct Changes {
    sender: broadcast::Sender<GameChanged>,
}

impl Default for Changes {
    fn default() -> Self {
        Changes {
            sender: broadcast::channel(BACKLOG).0,
        }
    }
}

impl Changes {
    /// News of this process's own appends only.
    pub fn local() -> Changes {
        Changes::default()
    }

    /// Also hears every other process's appends on `database_url`. Returns
    /// once listening has begun (or failed once; it keeps trying after).
    pub async fn listening(database_url: &str) -> Changes {
        let changes = Changes::default();
        let (ready, is_ready) = tokio::sync::oneshot::channel();
        tokio::spawn(listen_forever(
            database_url.to_owned(),
            changes.sender.clone(),
            ready,
        ));
        let _ = is_ready.await;
        changes
    }

    pub fn publish(&self, change: GameChanged) {
        // No receiver means nobody waits: nothing to do.
        let _ = self.sender.send(change);
    }

    /// How many long-polls wait now.
    pub fn waiting(&self) -> usize {
        self.sender.receiver_count()
    }

    pub fn subscribe(&self) -> Waiter {
        Waiter {
            receiver: self.sender.subscribe(),
        }
    }
}

/// One long-poll's ear. Subscribe before reading the database, so nothing
/// committed between the read and the wait is missed.
pub struct Waiter {
    receiver: broadcast::Receiver<GameChanged>,
}

impl Waiter {
    /// Waits until one of the games `concerns` accepts may have changed, or
    /// `until`. Returns whether to look again.
    pub async fn wait(&mut self, until: Instant, concerns: impl Fn(&GameChanged) -> bool) -> bool {
        loop {
            match tokio::time::timeout_at(until, self.receiver.recv()).await {
                Err(_) | Ok(Err(broadcast::error::RecvError::Closed)) => return false,
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => return true,
                Ok(Ok(change)) if change == GameChanged::ANYTHING || concerns(&change) => {
                    return true;
                }
                Ok(Ok(_)) => {}
            }
        }
    }
}

/// Keeps one connection listening on [`CHANNEL`], reconnecting promptly
/// (a pause growing to [`MAX_RECONNECT_DELAY`]) when it drops. Every
/// (re)connection wakes every waiter, who looks again: what was committed
/// while nobody listened is found by that look.
async fn listen_forever(
    url: String,
    sender: broadcast::Sender<GameChanged>,
    ready: tokio::sync::oneshot::Sender<()>,
) {
    let mut ready = Some(ready);
    let mut delay = FIRST_RECONNECT_DELAY;
    loop {
        match listen_once(&url, &sender, &mut ready).await {
            Ok(()) => delay = FIRST_RECONNECT_DELAY,
            Err(error) => tracing::warn!(%error, "listening for game changes failed"),
        }
        if let Some(ready) = ready.take() {
            let _ = ready.send(());
        }
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(MAX_RECONNECT_DELAY);
    }
}

async fn listen_once(
    url: &str,
    sender: &broadcast::Sender<GameChanged>,
    ready: &mut Option<tokio::sync::oneshot::Sender<()>>,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = tokio_postgres::connect(url, tokio_postgres::NoTls).await?;
    let mut messages = futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
    // The client must live while we listen: dropping it ends the connection.
    let statement = format!("LISTEN {CHANNEL}");
    let listen = client.batch_execute(&statement);
    tokio::pin!(listen);
    // The connection must be driven while LISTEN runs: poll both.
    loop {
        tokio::select! {
            result = &mut listen => {
                result?;
                break;
            }
            message = messages.next() => match message {
                Some(Ok(_)) => {}
                Some(Err(error)) => return Err(error),
                None => return Ok(()),
            },
        }
    }
    if let Some(ready) = ready.take() {
        let _ = ready.send(());
    }
    let _ = sender.send(GameChanged::ANYTHING);
    while let Some(message) = messages.next().await {
        if let tokio_postgres::AsyncMessage::Notification(note) = message?
            && note.channel() == CHANNEL
            && let Some(change) = GameChanged::parse(note.payload())
        {
            let _ = sender.send(change);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_goes_through_postgres_and_back_unchanged() {
        let change = GameChanged {
            game: Uuid::new_v4(),
            version: 42,
        };
        assert_eq!(GameChanged::parse(&change.payload()), Some(change));
        assert_eq!(GameChanged::parse("not a change"), None);
        assert_eq!(GameChanged::parse(&format!("{} x", change.game)), None);
    }
}
