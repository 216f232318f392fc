//! Mail (DESIGN.md, "Inbox & notifications"): a player who gave and
//! confirmed an address is told by mail when one of his games comes to await
//! him or ends, so he need not keep a page open nor run a web server.
//!
//! The append writes a turn mail to the mail outbox in the move's own
//! transaction (migration `mail`), for players who asked for a mail per game
//! and did not mute that one; setting an address writes the mail with its
//! confirmation link. A [`Mailer`] claims due rows (safe with several server
//! processes), writes each mail as the player's seat sees the game (never
//! anything hidden from him), sends it through the configured SMTP relay and
//! marks it sent, or tries again later with a doubling pause.
//!
//! The relay must listen on this machine (a loopback address or
//! `localhost`): the server talks plain SMTP to it, and a local mail server
//! (Postfix, OpenSMTPD…) carries the mail on with TLS. Any other relay is
//! refused at start-up, without connecting to it.
//!
//! Every mail but the confirmation carries a one-click unsubscribe (RFC 8058:
//! `List-Unsubscribe` with the link, `List-Unsubscribe-Post:
//! List-Unsubscribe=One-Click`).

pub mod listener;
pub mod replies;

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use chrono::{DateTime, Utc};
use lettre::message::header::{ContentType, Header, HeaderName, HeaderValue};
use lettre::message::{Attachment, Mailbox, MultiPart, SinglePart};
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use serde::Deserialize;
use uuid::Uuid;

use owlpost_domain::Seat;
use owlpost_domain::ruleset::Viewer;

use crate::background::BackgroundTasks;
use crate::error::ApiError;
use crate::model::{Notification, NotificationKind};
use crate::play::feed_event;
use crate::store::mail::{CONFIRM, DueMail, REPLY, ReplyAnswer, TURN};
use crate::store::{LoadedGame, Store};
use replies::{Listed, ReplySettings};

/// Tries before a mail is given up.
pub const MAX_ATTEMPTS: i32 = 10;
/// The pause after a first failure; it doubles with each one after.
const FIRST_RETRY: chrono::Duration = chrono::Duration::seconds(30);
/// How long a claimed mail is left to its mailer before another may try it.
const CLAIM: chrono::Duration = chrono::Duration::minutes(2);
/// Mails one round takes at most.
const BATCH: i64 = 16;
/// Legal moves a mail lists at most: the rest are on the game's page.
const LISTED_MOVES: usize = 30;
/// Events a mail tells at most (the latest).
const TOLD_EVENTS: usize = 30;
/// How long the relay has to answer.
const SMTP_TIMEOUT: Duration = Duration::from_secs(20);
/// How long a digest item waits for others to join it: a digest a day.
const DIGEST_EVERY: chrono::Duration = chrono::Duration::days(1);

/// Where and how mail is sent: `OWLPOST_SMTP_RELAY`, `OWLPOST_MAIL_FROM`
/// and `OWLPOST_PUBLIC_URL`.
#[derive(Debug, Clone)]
pub struct MailSettings {
    /// The relay, on this machine.
    pub relay: SocketAddr,
    /// The sender of every mail.
    pub from: Mailbox,
    /// The server's address as players reach it, without a final slash:
    /// the links in mails start with it.
    pub public_url: String,
    /// How replies with a move are taken, when they are: mails that list
    /// moves then carry a reply address.
    pub replies: Option<Arc<ReplySettings>>,
}

impl MailSettings {
    /// How `config` says mail is sent, or `None` when it names no relay
    /// (then no mail is sent). Read here, not in the configuration, which
    /// the store below the mail reads too.
    ///
    /// # Errors
    /// A relay off this machine, a sender or public address that does not parse.
    pub fn from_config(config: &crate::config::Config) -> anyhow::Result<Option<Self>> {
        let Some(relay) = &config.smtp_relay else {
            return Ok(None);
        };
        let public_url = config
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{}", config.bind));
        let settings =
            Self::parse(relay, &config.mail_from, &public_url).map_err(anyhow::Error::msg)?;
        Ok(Some(
            match ReplySettings::from_config(config, &settings.from)? {
                Some(replies) => settings.with_replies(Arc::new(replies)),
                None => settings,
            },
        ))
    }

    /// Settings from their configured text.
    ///
    /// # Errors
    /// Why they cannot be used, in a sentence: a relay that is not on this
    /// machine, a sender that is no address, a public address that is no
    /// `http(s)` URL.
    pub fn parse(relay: &str, from: &str, public_url: &str) -> Result<Self, String> {
        let public = url::Url::parse(public_url)
            .ok()
            .filter(|url| matches!(url.scheme(), "http" | "https") && url.host().is_some())
            .ok_or_else(|| {
                format!("OWLPOST_PUBLIC_URL {public_url:?} is not an http or https address")
            })?;
        Ok(MailSettings {
            relay: check_relay(relay)?,
            from: from
                .parse()
                .map_err(|e| format!("OWLPOST_MAIL_FROM {from:?} is not a mail address: {e}"))?,
            public_url: public.as_str().trim_end_matches('/').to_owned(),
            replies: None,
        })
    }

    /// These settings, mails listing moves with a reply address of `replies`.
    #[must_use]
    pub fn with_replies(self, replies: Arc<ReplySettings>) -> Self {
        MailSettings {
            replies: Some(replies),
            ..self
        }
    }
}

/// The relay's address, if it is on this machine: `host:port` (or
/// `smtp://host:port`) where the host is a loopback address or `localhost`
/// (port 25 when none is given). Nothing is resolved nor connected to.
///
/// # Errors
/// Why not, in a sentence.
pub fn check_relay(relay: &str) -> Result<SocketAddr, String> {
    loopback_address(relay, "OWLPOST_SMTP_RELAY").map_err(|why| {
        format!(
            "{why}: the server speaks plain SMTP only to a relay on a loopback address (run a local mail server that carries mail on with TLS)"
        )
    })
}

/// `host:port` (or `smtp://host:port`, port 25 when none is given) if the
/// host is a loopback address or `localhost`; `setting` names it in the
/// reason why not. Nothing is resolved nor connected to.
fn loopback_address(relay: &str, setting: &str) -> Result<SocketAddr, String> {
    let bare = relay.strip_prefix("smtp://").unwrap_or(relay);
    let bare = bare.trim_end_matches('/');
    let (host, port) = match bare.rsplit_once(':') {
        Some((host, port)) if !port.contains(']') => (
            host,
            port.parse::<u16>()
                .map_err(|_| format!("{setting} {relay:?} has no valid port"))?,
        ),
        _ => (bare, 25),
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let ip: IpAddr = if host.eq_ignore_ascii_case("localhost") {
        IpAddr::from([127, 0, 0, 1])
    } else {
        host.parse()
            .map_err(|_| format!("{setting} {relay:?} is not a loopback address nor localhost"))?
    };
    if !ip.is_loopback() {
        return Err(format!("{setting} {relay:?} is not on this machine"));
    }
    Ok(SocketAddr::new(ip, port))
}

/// A player's address as given, if it is one: at most 254 characters
/// (RFC 5321's limit for a path), parsed as an address.
///
/// # Errors
/// `invalid_request` with the reason.
pub fn check_address(address: &str) -> Result<String, ApiError> {
    let address = address.trim();
    if address.len() > 254 {
        return Err(ApiError::InvalidRequest(
            "an e-mail address has at most 254 characters".into(),
        ));
    }
    address
        .parse::<lettre::Address>()
        .map(|parsed| parsed.to_string())
        .map_err(|e| ApiError::InvalidRequest(format!("{address:?} is not an e-mail address: {e}")))
}

/// The pause before the next try after `attempts` failed ones.
pub fn retry_after(attempts: i32) -> chrono::Duration {
    FIRST_RETRY * 2_i32.pow(attempts.clamp(1, 16) as u32 - 1)
}

/// A fresh secret for a link: 32 random bytes, hex.
pub fn new_token() -> String {
    hex::encode(rand::random::<[u8; 32]>())
}

/// `List-Unsubscribe` (RFC 2369): the one-click link.
#[derive(Clone)]
struct ListUnsubscribe(String);

impl Header for ListUnsubscribe {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe")
    }

    fn parse(text: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribe(text.to_owned()))
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), self.0.clone())
    }
}

/// `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058): a POST
/// to the link unsubscribes, with no page to go through.
#[derive(Clone)]
struct ListUnsubscribePost;

impl Header for ListUnsubscribePost {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("List-Unsubscribe-Post")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(ListUnsubscribePost)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "List-Unsubscribe=One-Click".to_owned())
    }
}

/// `Auto-Submitted: auto-replied` (RFC 3834): this mail answers one.
#[derive(Clone)]
struct AutoSubmitted;

impl Header for AutoSubmitted {
    fn name() -> HeaderName {
        HeaderName::new_from_ascii_str("Auto-Submitted")
    }

    fn parse(_: &str) -> Result<Self, Box<dyn std::error::Error + Send + Sync>> {
        Ok(AutoSubmitted)
    }

    fn display(&self) -> HeaderValue {
        HeaderValue::new(Self::name(), "auto-replied".to_owned())
    }
}

/// The board picture as PNG (mail clients do not show SVG), drawn by resvg
/// with the system's fonts.
///
/// # Errors
/// Why the picture could not be drawn.
pub fn png_of_svg(svg: &str) -> Result<Vec<u8>, String> {
    static FONTS: OnceLock<Arc<resvg::usvg::fontdb::Database>> = OnceLock::new();
    let fonts = FONTS.get_or_init(|| {
        let mut fonts = resvg::usvg::fontdb::Database::new();
        fonts.load_system_fonts();
        Arc::new(fonts)
    });
    let options = resvg::usvg::Options {
        fontdb: fonts.clone(),
        ..Default::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &options).map_err(|e| e.to_string())?;
    let size = tree.size().to_int_size();
    let mut pixmap = resvg::tiny_skia::Pixmap::new(size.width(), size.height())
        .ok_or("the picture has no size")?;
    resvg::render(
        &tree,
        resvg::tiny_skia::Transform::default(),
        &mut pixmap.as_mut(),
    );
    pixmap.encode_png().map_err(|e| e.to_string())
}

/// One mail, written and ready to send, or the reason it is not sent.
enum Written {
    Mail(Box<Message>),
    /// Not to be sent (unsubscribed, muted, address changed): why.
    Dropped(&'static str),
}

/// Sends the mail outbox: what it needs of the server, and nothing of the app.
#[derive(Clone)]
pub struct Mailer {
    pub store: Arc<Store>,
    pub settings: Arc<MailSettings>,
}

impl Mailer {
    /// Sends every mail due at `now` (the clock is a parameter so tests can
    /// move it). Returns how many were sent.
    #[tracing::instrument(skip(self))]
    pub async fn deliver_due(&self, now: DateTime<Utc>) -> Result<usize, ApiError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(
            self.settings.relay.ip().to_string(),
        )
        .port(self.settings.relay.port())
        .timeout(Some(SMTP_TIMEOUT))
        .build();
        let mut sent = 0;
        loop {
            let due = self.store.claim_mail(now, now + CLAIM, BATCH).await?;
            let claimed = due.len() as i64;
            for row in due {
                let written = self.write(&row).await;
                sent += self
                    .send(&transport, std::slice::from_ref(&row), written, now)
                    .await?;
            }
            if claimed < BATCH {
                break;
            }
        }
        // Each player's digest items, in one mail.
        let items = self
            .store
            .claim_digests(now, now - DIGEST_EVERY, now + CLAIM)
            .await?;
        let mut by_player: Vec<(Uuid, Vec<DueMail>)> = Vec::new();
        for item in items {
            match by_player.iter_mut().find(|(user, _)| *user == item.user_id) {
                Some((_, items)) => items.push(item),
                None => by_player.push((item.user_id, vec![item])),
            }
        }
        for (_, items) in by_player {
            let written = self.digest(&items).await;
            sent += self.send(&transport, &items, written, now).await?;
        }
        Ok(sent)
    }

    /// Sends one written mail and records what became of the rows it
    /// stands for. Returns how many mails were sent (0 or 1).
    async fn send(
        &self,
        transport: &AsyncSmtpTransport<Tokio1Executor>,
        rows: &[DueMail],
        written: Result<Written, String>,
        now: DateTime<Utc>,
    ) -> Result<usize, ApiError> {
        // A dropped mail is given up at once: trying again changes nothing.
        let (error, dropped) = match written {
            Ok(Written::Mail(message)) => match transport.send(*message).await {
                Ok(_) => {
                    for row in rows {
                        self.store.mail_delivered(row.id, now).await?;
                    }
                    return Ok(1);
                }
                Err(e) => (format!("the relay refused the mail: {e}"), false),
            },
            Ok(Written::Dropped(why)) => (why.to_owned(), true),
            Err(error) => (error, false),
        };
        for row in rows {
            let give_up = dropped || row.attempts >= MAX_ATTEMPTS;
            tracing::info!(id = row.id, attempts = row.attempts, %error, "mail not sent");
            self.store
                .mail_failed(
                    row.id,
                    &error,
                    now + retry_after(row.attempts),
                    give_up.then_some(now),
                )
                .await?;
        }
        Ok(0)
    }

    /// A player's daily digest: each of his games that awaits him (or
    /// ended) since his last digest, with its link.
    async fn digest(&self, items: &[DueMail]) -> Result<Written, String> {
        let Some(first) = items.first() else {
            return Ok(Written::Dropped("an empty digest"));
        };
        let Some(address) = &first.address else {
            return Ok(Written::Dropped("the player has no address any more"));
        };
        if !first.confirmed || first.notify.as_deref() != Some("digest") {
            return Ok(Written::Dropped("the player no longer wants a digest"));
        }
        let to: Mailbox = address
            .parse()
            .map_err(|e| format!("the address {address:?} is not valid: {e}"))?;
        // The latest word on each game not muted.
        let mut games: Vec<Notification> = Vec::new();
        for item in items.iter().filter(|i| !i.muted) {
            let notification: Notification = Notification::deserialize(&item.payload)
                .map_err(|e| format!("a digest item that does not read: {e}"))?;
            games.retain(|g| g.game_id != notification.game_id);
            games.push(notification);
        }
        let mut lines = Vec::new();
        for notification in &games {
            let game = self
                .store
                .load(notification.game_id)
                .await
                .map_err(|e| format!("the game could not be read: {e}"))?;
            let seat = notification.your_seat;
            let ruleset = game.ruleset.info().name;
            let opponents = opponents(&game, seat);
            let link = format!(
                "{}/#/games/{}",
                self.settings.public_url, notification.game_id
            );
            let line = match notification.kind {
                NotificationKind::YourMove => {
                    // A game he has played in since is not his to play any more.
                    if !game.awaiting_seats().contains(&seat) {
                        continue;
                    }
                    let due = game.deadline.map_or_else(String::new, |d| {
                        format!(", due by {} UTC", d.format("%Y-%m-%d %H:%M"))
                    });
                    format!("- {ruleset} against {opponents}: your move{due}.\n  {link}")
                }
                NotificationKind::GameOver => {
                    let summary = game
                        .outcome
                        .as_ref()
                        .map_or_else(String::new, |o| format!(" {}", o.summary));
                    format!("- {ruleset} against {opponents} is over.{summary}\n  {link}")
                }
                NotificationKind::Message => {
                    format!("- {ruleset} against {opponents}: a new message for you.\n  {link}")
                }
            };
            lines.push(line);
        }
        if lines.is_empty() {
            return Ok(Written::Dropped(
                "nothing in the digest awaits the player any more",
            ));
        }
        let unsubscribe = self.unsubscribe_link(first)?;
        let subject = match lines.len() {
            1 => "Owlpost: 1 game awaits you".to_owned(),
            n => format!("Owlpost: {n} games await you"),
        };
        let text = format!(
            "Since your last digest:\n\n{}\n\nTo stop these mails: {unsubscribe}\n",
            lines.join("\n")
        );
        Message::builder()
            .from(self.settings.from.clone())
            .to(to)
            .subject(subject)
            .header(ListUnsubscribe(format!("<{unsubscribe}>")))
            .header(ListUnsubscribePost)
            .header(ContentType::TEXT_PLAIN)
            .body(text)
            .map(|message| Written::Mail(Box::new(message)))
            .map_err(|e| format!("the mail could not be written: {e}"))
    }

    /// The one-click unsubscribe link of a row's address.
    fn unsubscribe_link(&self, row: &DueMail) -> Result<String, String> {
        let token = row
            .unsubscribe_token
            .as_deref()
            .ok_or("the address has no unsubscribe link")?;
        Ok(format!(
            "{}/v1/mail/unsubscribe/{token}",
            self.settings.public_url
        ))
    }

    /// The mail a row stands for, as its reader may see it.
    async fn write(&self, row: &DueMail) -> Result<Written, String> {
        let Some(address) = &row.address else {
            return Ok(Written::Dropped("the player has no address any more"));
        };
        let to: Mailbox = address
            .parse()
            .map_err(|e| format!("the address {address:?} is not valid: {e}"))?;
        match row.kind.as_str() {
            CONFIRM => {
                let (Some(for_address), Some(token)) = (
                    row.payload["address"].as_str(),
                    row.payload["token"].as_str(),
                ) else {
                    return Err("a confirmation without its address or token".to_owned());
                };
                if for_address != address || row.confirmed {
                    return Ok(Written::Dropped(
                        "the address was changed or confirmed since",
                    ));
                }
                self.confirmation(to, token).map(Written::Mail)
            }
            TURN => {
                if !row.confirmed {
                    return Ok(Written::Dropped("the address is not confirmed"));
                }
                if row.notify.as_deref() != Some("each") {
                    return Ok(Written::Dropped(
                        "the player no longer wants a mail per game",
                    ));
                }
                if row.muted {
                    return Ok(Written::Dropped("the player muted the game"));
                }
                let notification: Notification = Notification::deserialize(&row.payload)
                    .map_err(|e| format!("a turn mail that does not read: {e}"))?;
                let unsubscribe = self.unsubscribe_link(row)?;
                self.turn_mail(to, row.user_id, row.id, &notification, &unsubscribe)
                    .await
                    .map(Written::Mail)
            }
            REPLY => {
                // An answer to the player's own mail: sent whatever he chose
                // to be sent of his games, once his address is confirmed.
                if !row.confirmed {
                    return Ok(Written::Dropped("the address is not confirmed"));
                }
                let answer = ReplyAnswer::deserialize(&row.payload)
                    .map_err(|e| format!("a reply's answer that does not read: {e}"))?;
                let unsubscribe = self.unsubscribe_link(row)?;
                self.reply_answer(to, row.user_id, row.id, &answer, &unsubscribe)
                    .await
                    .map(Written::Mail)
            }
            other => Err(format!("a mail of an unknown kind {other:?}")),
        }
    }

    fn confirmation(&self, to: Mailbox, token: &str) -> Result<Box<Message>, String> {
        let link = format!("{}/v1/mail/confirm/{token}", self.settings.public_url);
        let text = format!(
            "Someone, probably you, asked Owlpost to send mail about their games to this address.\n\n\
             To confirm it, open this link:\n{link}\n\n\
             Until it is opened, nothing else is sent here. If it was not you, do nothing.\n"
        );
        Message::builder()
            .from(self.settings.from.clone())
            .to(to)
            .subject("Confirm your address for Owlpost")
            .header(ContentType::TEXT_PLAIN)
            .body(text)
            .map(Box::new)
            .map_err(|e| format!("the mail could not be written: {e}"))
    }

    /// A turn (or game over) mail: what happened since the reader last
    /// acted, what is awaited of him and by when, the board as PNG, his legal
    /// moves as a numbered list, and the game's link.
    async fn turn_mail(
        &self,
        to: Mailbox,
        user: Uuid,
        outbox_id: i64,
        notification: &Notification,
        unsubscribe: &str,
    ) -> Result<Box<Message>, String> {
        let store = &self.store;
        let fail = |e: ApiError| format!("the game could not be read: {e}");
        let game = store
            .load_at(notification.game_id, notification.version)
            .await
            .map_err(fail)?;
        let seat = notification.your_seat;
        let viewer = game.viewer_for(Some(user));
        if !matches!(viewer, Viewer::Player(s) if s == seat) && !matches!(viewer, Viewer::Referee) {
            return Err("the reader no longer holds the seat".to_owned());
        }
        // What happened since the reader's last command, as his seat sees it.
        let commands = store.commands(notification.game_id).await.map_err(fail)?;
        let since = commands
            .iter()
            .filter(|c| c.actor == user && c.last_seq < notification.version)
            .map(|c| c.last_seq)
            .max()
            .unwrap_or(0)
            .max(notification.version - TOLD_EVENTS as i64);
        let events = store
            .events(
                notification.game_id,
                since,
                notification.version,
                TOLD_EVENTS as i64,
            )
            .await
            .map_err(fail)?;
        let told: Vec<String> = events
            .iter()
            .map(|e| feed_event(&game, e, viewer, Some(seat)).text)
            .collect();
        let png = board_png(&game, viewer).await?;
        let ruleset = game.ruleset.info().name;
        let opponents = opponents(&game, seat);
        let link = format!(
            "{}/#/games/{}",
            self.settings.public_url, notification.game_id
        );
        let mut text = String::new();
        let subject = match notification.kind {
            NotificationKind::YourMove => {
                text.push_str(&format!("Your move in {ruleset} against {opponents}.\n\n"));
                format!("Your move: {ruleset} against {opponents}")
            }
            NotificationKind::GameOver => {
                let summary = game
                    .outcome
                    .as_ref()
                    .map_or_else(String::new, |o| o.summary.clone());
                text.push_str(&format!(
                    "Your game of {ruleset} against {opponents} is over. {summary}\n\n"
                ));
                format!("Game over: {ruleset} against {opponents}")
            }
            NotificationKind::Message => {
                text.push_str(&format!(
                    "A new message in {ruleset} against {opponents}.\n\n"
                ));
                format!("New message: {ruleset} against {opponents}")
            }
        };
        if !told.is_empty() {
            text.push_str("Since you last acted:\n");
            for sentence in &told {
                text.push_str(&format!("- {sentence}\n"));
            }
            text.push('\n');
        }
        let mut reply_to = None;
        if notification.kind == NotificationKind::YourMove {
            text.push_str(&awaited(&game, seat, notification.deadline));
            reply_to = self
                .list_moves(&game, seat, user, outbox_id, &mut text)
                .await?;
        }
        text.push_str(&format!(
            "The board is attached. The game: {link}\n\n\
             To stop these mails: {unsubscribe}\n"
        ));
        let mut message = Message::builder()
            .from(self.settings.from.clone())
            .to(to)
            .subject(subject)
            .header(ListUnsubscribe(format!("<{unsubscribe}>")))
            .header(ListUnsubscribePost);
        if let Some(reply_to) = reply_to {
            message = message.reply_to(reply_to);
        }
        with_board(message, text, png)
    }

    /// The moves `seat` may make in `game`, numbered (at most
    /// [`LISTED_MOVES`]), written to `text`; when replies are taken, with how
    /// to reply and the reply address, which the returned `Reply-To` names.
    async fn list_moves(
        &self,
        game: &LoadedGame,
        seat: Seat,
        user: Uuid,
        outbox_id: i64,
        text: &mut String,
    ) -> Result<Option<Mailbox>, String> {
        let moves = game.rules.legal_commands(seat);
        if moves.is_empty() {
            return Ok(None);
        }
        let listed: Vec<Listed> = moves
            .iter()
            .take(LISTED_MOVES)
            .map(|command| Listed {
                text: command.to_string(),
                command: command.clone(),
            })
            .collect();
        text.push_str("Your legal moves:\n");
        for (number, listed) in listed.iter().enumerate() {
            text.push_str(&format!("{}. {}\n", number + 1, listed.text));
        }
        if moves.len() > LISTED_MOVES {
            text.push_str(&format!(
                "…and {} more on the game's page.\n",
                moves.len() - LISTED_MOVES
            ));
        }
        text.push('\n');
        let Some(replies) = &self.settings.replies else {
            return Ok(None);
        };
        let listed = serde_json::to_value(&listed).map_err(|e| e.to_string())?;
        let reference = self
            .store
            .reply_address(
                outbox_id,
                user,
                game.id,
                i16::from(seat.0),
                game.version,
                &listed,
            )
            .await
            .map_err(|e| format!("the reply address could not be kept: {e}"))?;
        let address = replies.address(reference)?;
        text.push_str(
            "To play one, reply to this mail with its number (or its words) on the first line.\n\n",
        );
        Ok(Some(Mailbox::new(Some("Owlpost".to_owned()), address)))
    }

    /// The answer to a reply: played, with the board after the move, or
    /// refused with the code and sentence; and the moves open to the player
    /// now, with a fresh reply address, when the game awaits him.
    async fn reply_answer(
        &self,
        to: Mailbox,
        user: Uuid,
        outbox_id: i64,
        answer: &ReplyAnswer,
        unsubscribe: &str,
    ) -> Result<Box<Message>, String> {
        let game = self
            .store
            .load_at(answer.game_id, answer.version)
            .await
            .map_err(|e| format!("the game could not be read: {e}"))?;
        let seat = Seat(u8::try_from(answer.seat).map_err(|e| e.to_string())?);
        let viewer = game.viewer_for(Some(user));
        if !matches!(viewer, Viewer::Player(s) if s == seat) {
            return Err("the reader no longer holds the seat".to_owned());
        }
        let ruleset = game.ruleset.info().name;
        let opponents = opponents(&game, seat);
        let (subject, mut text) = if answer.played {
            (
                format!("Played: {ruleset} against {opponents}"),
                format!("Your reply was played. {}\n\n", answer.message),
            )
        } else {
            let code = answer.code.as_deref().unwrap_or("refused");
            (
                format!("Not played ({code}): {ruleset} against {opponents}"),
                format!("Your reply played nothing ({code}): {}\n\n", answer.message),
            )
        };
        let mut reply_to = None;
        if game.status == crate::model::GameStatus::Active
            && game.table.paused.is_none()
            && game.awaiting_seats().contains(&seat)
        {
            text.push_str(&awaited(&game, seat, game.deadline));
            reply_to = self
                .list_moves(&game, seat, user, outbox_id, &mut text)
                .await?;
        }
        let link = format!("{}/#/games/{}", self.settings.public_url, answer.game_id);
        text.push_str(&format!(
            "The board is attached. The game: {link}\n\n\
             To stop these mails: {unsubscribe}\n"
        ));
        let png = board_png(&game, viewer).await?;
        let mut message = Message::builder()
            .from(self.settings.from.clone())
            .to(to)
            .subject(subject)
            // An answer written by a program (RFC 3834): robots answer it not.
            .header(AutoSubmitted)
            .header(ListUnsubscribe(format!("<{unsubscribe}>")))
            .header(ListUnsubscribePost);
        if let Some(reply_to) = reply_to {
            message = message.reply_to(reply_to);
        }
        with_board(message, text, png)
    }

    /// Sends in the background: at once after any append that wrote outbox
    /// rows, and every `period` for the rest (confirmations, retries).
    /// Watched by `tasks`: if it dies it is logged, shown by `/ready`, and
    /// started again.
    pub fn spawn(self, tasks: Arc<BackgroundTasks>, period: Duration) {
        crate::background::supervise(tasks, "mail_delivery", move || {
            self.clone().deliver_forever(period)
        });
    }

    async fn deliver_forever(self, period: Duration) {
        let mut waiter = self
            .store
            .changes()
            .subscribe(&[crate::notify::Interest::Outbox]);
        loop {
            if let Err(error) = self.deliver_due(Utc::now()).await {
                tracing::warn!(%error, "sending mail failed");
            }
            let until = tokio::time::Instant::now() + period;
            waiter.wait(until).await;
        }
    }
}

/// The board as `viewer` sees it, as PNG.
async fn board_png(game: &LoadedGame, viewer: Viewer) -> Result<Vec<u8>, String> {
    let svg = game.rules.picture(viewer, &game.table.seat_names());
    tokio::task::spawn_blocking(move || png_of_svg(&svg))
        .await
        .map_err(|e| format!("drawing the board failed: {e}"))?
}

/// The mail: `text`, and the board attached as PNG.
fn with_board(
    message: lettre::message::MessageBuilder,
    text: String,
    png: Vec<u8>,
) -> Result<Box<Message>, String> {
    message
        .multipart(
            MultiPart::mixed()
                .singlepart(SinglePart::plain(text))
                .singlepart(Attachment::new("board.png".to_owned()).body(
                    png,
                    ContentType::parse("image/png").expect("a content type"),
                )),
        )
        .map(Box::new)
        .map_err(|e| format!("the mail could not be written: {e}"))
}

/// The other players' names, "A and B" or "A, B and C".
fn opponents(game: &LoadedGame, seat: Seat) -> String {
    let names: Vec<&str> = game
        .table
        .seats
        .iter()
        .enumerate()
        .filter(|(i, _)| *i != seat.index())
        .filter_map(|(_, s)| s.as_ref().map(|(_, name)| name.as_str()))
        .collect();
    match names.as_slice() {
        [] => "nobody".to_owned(),
        [one] => (*one).to_owned(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

/// What the game waits for from `seat`, and by when.
fn awaited(game: &LoadedGame, seat: Seat, deadline: Option<DateTime<Utc>>) -> String {
    use owlpost_domain::ruleset::AwaitReason;
    let reasons: Vec<&str> = game
        .awaiting()
        .iter()
        .filter(|a| a.seat == seat)
        .map(|a| match a.reason {
            AwaitReason::Turn => "your turn",
            AwaitReason::Response => "your answer to a spell (counter or pass)",
            AwaitReason::SealedMove => "your sealed move",
            AwaitReason::Choice => "a choice the rules ask of you",
        })
        .collect();
    let mut text = if reasons.is_empty() {
        String::new()
    } else {
        format!("Awaited of you: {}.", reasons.join(", "))
    };
    if let Some(deadline) = deadline {
        text.push_str(&format!(
            " Due by {} UTC.",
            deadline.format("%Y-%m-%d %H:%M")
        ));
    }
    if !text.is_empty() {
        text.push_str("\n\n");
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_relay_on_this_machine_is_used() {
        for local in [
            "127.0.0.1:2525",
            "smtp://127.0.0.1:25",
            "localhost:2525",
            "[::1]:2525",
            "127.0.0.2",
        ] {
            assert!(check_relay(local).is_ok(), "{local}");
        }
        for other in [
            "192.0.2.10:25",
            "smtp://10.0.0.1:25",
            "mail.example.org:587",
            "[2001:db8::1]:25",
            "0.0.0.0:25",
        ] {
            assert!(check_relay(other).is_err(), "{other}");
        }
        assert_eq!(
            check_relay("127.0.0.1").unwrap(),
            "127.0.0.1:25".parse().unwrap()
        );
    }

    #[test]
    fn retries_wait_twice_as_long_each_time() {
        assert_eq!(retry_after(1), chrono::Duration::seconds(30));
        assert_eq!(retry_after(3), chrono::Duration::seconds(120));
    }
}
