//! Change notifications, so a client can wait for the next move instead of
//! asking again and again (DESIGN.md, "Inbox & notifications").
//!
//! A long-poll waits for what it is interested in: one game (its event
//! feed), one player (his inbox: the games he is seated at), or the webhook
//! outbox (the deliverer). A change wakes only the waiters of its game, of
//! the players it concerns, and the deliverer when it wrote outbox rows:
//! 1,000 idle inboxes cost nothing when someone else moves.
//!
//! Each append is announced once to each process: at once to this process's
//! waiters, and through PostgreSQL (`pg_notify`) to the others; a process
//! ignores its own notices coming back. One connection per server process
//! listens and passes what it hears on, so a client long-polling one server
//! learns of a move made through another. A waiter always re-reads the
//! database: a notification only says "look again", and a doubled or lost
//! one costs at most a wasted read or the rest of the wait.
//!
//! The notices to other processes are sent after the append has committed,
//! never for a rolled-back move, by one more connection per process that
//! gathers whatever appends committed meanwhile into one `pg_notify`
//! statement, committed asynchronously. They used to be sent inside the
//! append's own transaction; but PostgreSQL lets only one notifying
//! transaction commit at a time (it holds a cluster-wide lock from its
//! notices to the end of its commit), so every append waited for its own
//! WAL flush in single file, and concurrent appends could not share one
//! (group commit). Sent apart, a notice can be lost when the process dies
//! between commit and announcement, or when the announcing connection
//! fails: the other processes' waiters then find the move when their wait
//! ends, and after a failure the announcer tells them all to look again.

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::StreamExt;
use tokio::sync::Notify;
use tokio::time::Instant;
use uuid::Uuid;

/// The PostgreSQL channel every append notifies (named again in the
/// `owlpost_append` function of the migrations).
pub const CHANNEL: &str = "owlpost_changes";

/// First pause before reconnecting the listening connection.
const FIRST_RECONNECT_DELAY: Duration = Duration::from_millis(100);
/// Longest pause between attempts to reconnect it: kept short, because a
/// long-poll on this process hears nothing of other processes meanwhile.
const MAX_RECONNECT_DELAY: Duration = Duration::from_secs(1);

/// The notice that tells every other process to wake all its waiters,
/// followed by the sender's origin: some of its notices may have been lost.
const LOOK_AGAIN: &str = "*";

/// The `application_name` of each process's listening connection, as
/// `pg_stat_activity` shows it.
pub const LISTENER: &str = "owlpost listener";
/// The `application_name` of each process's announcing connection.
pub const ANNOUNCER: &str = "owlpost announcer";

/// Notices kept while the announcing connection is down; past this many
/// they are dropped for one [`LOOK_AGAIN`].
const MAX_WAITING_NOTICES: usize = 10_000;

/// A game reached a new version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameChanged {
    pub game: Uuid,
    pub version: i64,
    /// The players it concerns: those seated before or after the change.
    pub players: Vec<Uuid>,
    /// Whether the change wrote webhook notifications to the outbox.
    pub outbox: bool,
}

impl GameChanged {
    /// What goes through `pg_notify`: `game version outbox origin players…`
    /// (well under PostgreSQL's 8,000 bytes: six seats at most).
    fn payload(&self, origin: Uuid) -> String {
        let outbox = if self.outbox { 1 } else { 0 };
        let mut text = format!("{} {} {outbox} {origin}", self.game, self.version);
        for player in &self.players {
            text.push(' ');
            text.push_str(&player.to_string());
        }
        text
    }

    /// The change and the process that made it.
    fn parse(payload: &str) -> Option<(GameChanged, Uuid)> {
        let mut words = payload.split(' ');
        let game = words.next()?.parse().ok()?;
        let version = words.next()?.parse().ok()?;
        let outbox = match words.next()? {
            "0" => false,
            "1" => true,
            _ => return None,
        };
        let origin = words.next()?.parse().ok()?;
        let players = words.map(str::parse).collect::<Result<_, _>>().ok()?;
        Some((
            GameChanged {
                game,
                version,
                players,
                outbox,
            },
            origin,
        ))
    }
}

/// What a waiter waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Interest {
    /// Any change of this game.
    Game(Uuid),
    /// Any change of a game this player is (or was just) seated at.
    Player(Uuid),
    /// Any change that wrote webhook notifications.
    Outbox,
    /// Any change of any game (the computer players' worker).
    AnyGame,
}

#[derive(Default)]
struct Registry {
    next: u64,
    waiters: HashMap<u64, Arc<Notify>>,
    by_interest: HashMap<Interest, HashSet<u64>>,
}

impl Registry {
    fn wake(&self, interest: Interest) {
        for id in self.by_interest.get(&interest).into_iter().flatten() {
            if let Some(notify) = self.waiters.get(id) {
                notify.notify_one();
            }
        }
    }
}

/// Notices of this process's committed appends, not yet sent to the others.
#[derive(Default)]
struct Outgoing {
    notices: Mutex<Waiting>,
    arrived: Notify,
}

#[derive(Default)]
struct Waiting {
    notices: Vec<String>,
    /// Some were dropped (too many waited): the others must look again.
    overflowed: bool,
}

/// This process's news of game changes.
#[derive(Clone)]
pub struct Changes {
    registry: Arc<Mutex<Registry>>,
    /// This process, so that its own notices coming back through PostgreSQL are ignored.
    origin: Uuid,
    /// What is still to be told to the other processes (none are heard of
    /// by a process that does not listen).
    outgoing: Option<Arc<Outgoing>>,
}

impl Default for Changes {
    fn default() -> Self {
        Changes {
            registry: Arc::default(),
            origin: Uuid::new_v4(),
            outgoing: None,
        }
    }
}

impl Changes {
    /// News of this process's own appends only, told to no other process.
    pub fn local() -> Changes {
        Changes::default()
    }

    /// Also hears every other process's appends on `database_url`, and
    /// tells them of this one's. Returns once listening has begun (or failed
    /// once; it keeps trying after).
    pub async fn listening(database_url: &str) -> Changes {
        let outgoing = Arc::new(Outgoing::default());
        let changes = Changes {
            outgoing: Some(outgoing.clone()),
            ..Changes::default()
        };
        let (ready, is_ready) = tokio::sync::oneshot::channel();
        tokio::spawn(listen_forever(
            database_url.to_owned(),
            changes.clone(),
            ready,
        ));
        tokio::spawn(announce_forever(
            database_url.to_owned(),
            outgoing,
            changes.origin,
        ));
        let _ = is_ready.await;
        changes
    }

    /// Tells everyone of a committed append: this process's waiters at once,
    /// the other processes by the next announcement.
    pub fn committed(&self, change: &GameChanged) {
        self.publish(change);
        if let Some(outgoing) = &self.outgoing {
            let mut waiting = outgoing.notices.lock().expect("notices lock");
            if waiting.notices.len() >= MAX_WAITING_NOTICES {
                waiting.notices.clear();
                waiting.overflowed = true;
            }
            waiting.notices.push(change.payload(self.origin));
            drop(waiting);
            outgoing.arrived.notify_one();
        }
    }

    /// Wakes the waiters `change` concerns.
    pub fn publish(&self, change: &GameChanged) {
        let registry = self.registry.lock().expect("waiters lock");
        registry.wake(Interest::Game(change.game));
        registry.wake(Interest::AnyGame);
        for player in &change.players {
            registry.wake(Interest::Player(*player));
        }
        if change.outbox {
            registry.wake(Interest::Outbox);
        }
    }

    /// Wakes every waiter: anything may have changed (the listener reconnected).
    fn wake_everyone(&self) {
        let registry = self.registry.lock().expect("waiters lock");
        for notify in registry.waiters.values() {
            notify.notify_one();
        }
    }

    /// How many long-polls (and other waiters) wait now.
    pub fn waiting(&self) -> usize {
        self.registry.lock().expect("waiters lock").waiters.len()
    }

    /// A waiter for `interests`, woken by every change of them from now on.
    pub fn subscribe(&self, interests: &[Interest]) -> Waiter {
        let notify = Arc::new(Notify::new());
        let mut registry = self.registry.lock().expect("waiters lock");
        let id = registry.next;
        registry.next += 1;
        registry.waiters.insert(id, notify.clone());
        for interest in interests {
            registry
                .by_interest
                .entry(*interest)
                .or_default()
                .insert(id);
        }
        Waiter {
            id,
            interests: interests.to_vec(),
            notify,
            registry: self.registry.clone(),
        }
    }
}

/// One long-poll's ear. Subscribe before reading the database, so nothing
/// committed between the read and the wait is missed (a wake-up that comes
/// while nobody waits is kept for the next wait).
pub struct Waiter {
    id: u64,
    interests: Vec<Interest>,
    notify: Arc<Notify>,
    registry: Arc<Mutex<Registry>>,
}

impl Waiter {
    /// Waits until something the waiter is interested in may have changed,
    /// or `until`. Returns whether to look again.
    pub async fn wait(&mut self, until: Instant) -> bool {
        tokio::time::timeout_at(until, self.notify.notified())
            .await
            .is_ok()
    }
}

impl Drop for Waiter {
    fn drop(&mut self) {
        let mut registry = self.registry.lock().expect("waiters lock");
        registry.waiters.remove(&self.id);
        for interest in &self.interests {
            if let Some(ids) = registry.by_interest.get_mut(interest) {
                ids.remove(&self.id);
                if ids.is_empty() {
                    registry.by_interest.remove(interest);
                }
            }
        }
    }
}

/// Keeps one connection listening on [`CHANNEL`], reconnecting promptly
/// (a pause growing to [`MAX_RECONNECT_DELAY`]) when it drops. Every
/// (re)connection wakes every waiter, who looks again: what was committed
/// while nobody listened is found by that look.
async fn listen_forever(url: String, changes: Changes, ready: tokio::sync::oneshot::Sender<()>) {
    let mut ready = Some(ready);
    let mut delay = FIRST_RECONNECT_DELAY;
    loop {
        match listen_once(&url, &changes, &mut ready).await {
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
    changes: &Changes,
    ready: &mut Option<tokio::sync::oneshot::Sender<()>>,
) -> Result<(), tokio_postgres::Error> {
    let (client, mut connection) = named(url, LISTENER)?.connect(tokio_postgres::NoTls).await?;
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
    changes.wake_everyone();
    while let Some(message) = messages.next().await {
        if let tokio_postgres::AsyncMessage::Notification(note) = message?
            && note.channel() == CHANNEL
        {
            if let Some((change, origin)) = GameChanged::parse(note.payload()) {
                if origin != changes.origin {
                    changes.publish(&change);
                }
            } else if note.payload().split(' ').next() == Some(LOOK_AGAIN) {
                changes.wake_everyone();
            }
        }
    }
    Ok(())
}

/// The connection settings of `url`, named `name`.
fn named(url: &str, name: &str) -> Result<tokio_postgres::Config, tokio_postgres::Error> {
    let mut config: tokio_postgres::Config = url.parse()?;
    config.application_name(name);
    Ok(config)
}

/// Keeps one connection telling the other processes of this one's
/// committed appends, reconnecting as [`listen_forever`] does. Whatever
/// could not be told for sure (a failed send, a connection lost, notices
/// dropped) is followed by a [`LOOK_AGAIN`].
async fn announce_forever(url: String, outgoing: Arc<Outgoing>, origin: Uuid) {
    let mut delay = FIRST_RECONNECT_DELAY;
    let mut look_again = false;
    loop {
        match announce_once(&url, &outgoing, origin, &mut look_again).await {
            Ok(()) => delay = FIRST_RECONNECT_DELAY,
            Err(error) => tracing::warn!(%error, "telling other servers of game changes failed"),
        }
        look_again = true;
        tokio::time::sleep(delay).await;
        delay = (delay * 2).min(MAX_RECONNECT_DELAY);
    }
}

async fn announce_once(
    url: &str,
    outgoing: &Outgoing,
    origin: Uuid,
    look_again: &mut bool,
) -> Result<(), tokio_postgres::Error> {
    let (client, connection) = named(url, ANNOUNCER)?
        .connect(tokio_postgres::NoTls)
        .await?;
    // Ends when the client is dropped or the connection fails.
    tokio::spawn(connection);
    // A notice is a hint that is worthless after a crash: its transaction
    // need not wait for the WAL to reach the disk.
    client.batch_execute("SET synchronous_commit = off").await?;
    let announce = client
        .prepare("SELECT pg_notify($1, notice) FROM unnest($2::text[]) AS notice")
        .await?;
    loop {
        let mut notices = loop {
            let taken = std::mem::take(&mut *outgoing.notices.lock().expect("notices lock"));
            *look_again |= taken.overflowed;
            if *look_again || !taken.notices.is_empty() {
                break taken.notices;
            }
            // A notice that came since the take left its wake-up behind.
            outgoing.arrived.notified().await;
        };
        if *look_again {
            notices.insert(0, format!("{LOOK_AGAIN} {origin}"));
        }
        client.execute(&announce, &[&CHANNEL, &notices]).await?;
        *look_again = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_goes_through_postgres_and_back_unchanged() {
        let origin = Uuid::new_v4();
        for players in [vec![], vec![Uuid::new_v4(), Uuid::new_v4()]] {
            let change = GameChanged {
                game: Uuid::new_v4(),
                version: 42,
                players,
                outbox: true,
            };
            assert_eq!(
                GameChanged::parse(&change.payload(origin)),
                Some((change, origin))
            );
        }
        assert_eq!(GameChanged::parse("not a change"), None);
        assert_eq!(GameChanged::parse(&format!("{LOOK_AGAIN} {origin}")), None);
    }

    #[tokio::test]
    async fn a_change_wakes_only_the_waiters_of_its_game_and_its_players() {
        let changes = Changes::local();
        let (game, other_game) = (Uuid::new_v4(), Uuid::new_v4());
        let (player, bystander) = (Uuid::new_v4(), Uuid::new_v4());
        let mut feed = changes.subscribe(&[Interest::Game(game)]);
        let mut other_feed = changes.subscribe(&[Interest::Game(other_game)]);
        let mut inbox = changes.subscribe(&[Interest::Player(player)]);
        let mut idle_inbox = changes.subscribe(&[Interest::Player(bystander)]);
        let mut outbox = changes.subscribe(&[Interest::Outbox]);
        assert_eq!(changes.waiting(), 5);
        changes.publish(&GameChanged {
            game,
            version: 2,
            players: vec![player],
            outbox: false,
        });
        // Woken before waiting: the wake-up is kept, so a wait ends at once.
        let now = Instant::now;
        assert!(feed.wait(now()).await);
        assert!(inbox.wait(now()).await);
        assert!(!other_feed.wait(now()).await);
        assert!(!idle_inbox.wait(now()).await);
        assert!(!outbox.wait(now()).await);
        drop(feed);
        assert_eq!(changes.waiting(), 4);
    }
}
