//! Mail over real SMTP on loopback: a player confirms his address by the
//! link mailed to it, then is mailed when a game comes to await him, with
//! the board as PNG and his legal moves as a numbered list, and can
//! unsubscribe in one click.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use chrono::Utc;
use mail_parser::{MessageParser, MimeHeaders};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;
use uuid::Uuid;

use owlpost_api::mail::{MailSettings, Mailer, check_relay, png_of_svg};

use crate::helpers::{Player, TestApp, assert_problem, bet};

/// One mail the sink took.
#[derive(Clone, Debug)]
struct Taken {
    recipients: Vec<String>,
    data: Vec<u8>,
}

/// A mail read back: what the tests look at.
#[derive(Debug)]
pub(crate) struct Mail {
    pub(crate) recipients: Vec<String>,
    pub(crate) subject: String,
    pub(crate) text: String,
    list_unsubscribe: Option<String>,
    list_unsubscribe_post: Option<String>,
    pub(crate) png: Option<Vec<u8>>,
    /// The address a reply goes to (`Reply-To`).
    pub(crate) reply_to: Option<String>,
}

/// An SMTP server on loopback that keeps every mail it is given: enough of
/// RFC 5321 for a client that sends one mail per connection.
pub(crate) struct SmtpSink {
    pub(crate) address: SocketAddr,
    taken: Arc<Mutex<Vec<Taken>>>,
}

impl SmtpSink {
    pub(crate) async fn start() -> SmtpSink {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let taken = Arc::new(Mutex::new(Vec::new()));
        let keep = taken.clone();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                tokio::spawn(session(stream, keep.clone()));
            }
        });
        SmtpSink { address, taken }
    }

    /// Every mail taken so far, read, and forgotten.
    pub(crate) fn take(&self) -> Vec<Mail> {
        std::mem::take(&mut *self.taken.lock().unwrap())
            .into_iter()
            .map(|taken| {
                let message = MessageParser::default()
                    .parse(&taken.data)
                    .expect("a mail that parses");
                let header = |name: &str| {
                    message
                        .header_raw(name)
                        .map(|value| value.trim().to_owned())
                };
                let png = message
                    .attachments()
                    .find(|a| {
                        a.content_type()
                            .is_some_and(|t| t.ctype() == "image" && t.subtype() == Some("png"))
                    })
                    .map(|a| a.contents().to_vec());
                Mail {
                    recipients: taken.recipients,
                    subject: message.subject().unwrap_or_default().to_owned(),
                    // As a reader sees it: lines end as on his system.
                    text: message
                        .body_text(0)
                        .map(|t| t.replace("\r\n", "\n"))
                        .unwrap_or_default(),
                    list_unsubscribe: header("List-Unsubscribe"),
                    list_unsubscribe_post: header("List-Unsubscribe-Post"),
                    png,
                    reply_to: message
                        .reply_to()
                        .and_then(|to| to.first())
                        .and_then(|to| to.address())
                        .map(str::to_owned),
                }
            })
            .collect()
    }
}

/// One SMTP session: greeting, envelope, data, quit.
async fn session(stream: tokio::net::TcpStream, keep: Arc<Mutex<Vec<Taken>>>) {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read);
    let mut recipients = Vec::new();
    write.write_all(b"220 sink ESMTP\r\n").await.unwrap();
    let mut line = String::new();
    loop {
        line.clear();
        if lines.read_line(&mut line).await.unwrap_or(0) == 0 {
            return;
        }
        let verb = line.get(..4).unwrap_or_default().to_ascii_uppercase();
        let answer: &[u8] = match verb.as_str() {
            "EHLO" => b"250-sink\r\n250 8BITMIME\r\n",
            "HELO" | "MAIL" | "RSET" | "NOOP" => b"250 ok\r\n",
            "RCPT" => {
                let to = line.trim_end().split_once(':').map_or("", |(_, to)| to);
                recipients.push(to.trim().trim_matches(['<', '>']).to_owned());
                b"250 ok\r\n"
            }
            "DATA" => {
                write.write_all(b"354 go on\r\n").await.unwrap();
                let mut data = Vec::new();
                loop {
                    let mut body_line = String::new();
                    if lines.read_line(&mut body_line).await.unwrap_or(0) == 0 {
                        return;
                    }
                    if body_line == ".\r\n" {
                        break;
                    }
                    // Dot-stuffing (RFC 5321, section 4.5.2).
                    let body_line = body_line.strip_prefix('.').unwrap_or(&body_line);
                    data.extend_from_slice(body_line.as_bytes());
                }
                keep.lock().unwrap().push(Taken {
                    recipients: std::mem::take(&mut recipients),
                    data,
                });
                b"250 taken\r\n"
            }
            "QUIT" => {
                let _ = write.write_all(b"221 bye\r\n").await;
                return;
            }
            _ => b"502 not here\r\n",
        };
        write.write_all(answer).await.unwrap();
    }
}

/// The mailer of `app`, sending through `sink`, its links pointing at `app`.
fn mailer(app: &TestApp, sink: &SmtpSink) -> Mailer {
    Mailer {
        store: app.state.store.clone(),
        settings: MailSettings::parse(
            &sink.address.to_string(),
            "Owlpost <owlpost@localhost>",
            &app.address,
        )
        .expect("settings")
        .into(),
    }
}

async fn put(app: &TestApp, path: &str, player: &Player, body: Value) -> reqwest::Response {
    app.put(path, Some(&player.token), &body).await
}

/// The link in `text` that starts with `prefix`.
fn link(text: &str, prefix: &str) -> String {
    let at = text
        .find(prefix)
        .unwrap_or_else(|| panic!("{prefix} in {text}"));
    text[at..].split_whitespace().next().unwrap().to_owned()
}

/// Gives `player` the address `name@example.org` and follows the link mailed to it.
pub(crate) async fn confirmed(app: &TestApp, sink: &SmtpSink, player: &Player) {
    let address = format!("{}@example.org", player.name);
    let set = put(app, "/v1/me/email", player, json!({ "address": address })).await;
    assert_eq!(set.status(), StatusCode::OK);
    assert_eq!(mailer(app, sink).deliver_due(Utc::now()).await.unwrap(), 1);
    let mails = sink.take();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].recipients, [address]);
    let confirm = link(&mails[0].text, &format!("{}/v1/mail/confirm/", app.address));
    let opened = app.client.get(&confirm).send().await.unwrap();
    assert_eq!(opened.status(), StatusCode::OK);
}

async fn email(app: &TestApp, player: &Player) -> Value {
    let response = app.get("/v1/me/email", Some(&player.token)).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn an_address_gets_nothing_but_its_link_until_the_link_is_opened() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    let set = put(
        &app,
        "/v1/me/email",
        &ann,
        json!({ "address": "ann@example.org" }),
    )
    .await;
    assert_eq!(set.status(), StatusCode::OK);
    assert_eq!(email(&app, &ann).await["confirmed"], false);

    // The game comes to await Ann before she confirms: no turn mail for her.
    app.started_duel(&ann, &bob, json!({})).await;
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        1
    );
    let mails = sink.take();
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0].subject, "Confirm your address for Owlpost");
    assert_eq!(mails[0].recipients, ["ann@example.org"]);

    let confirm = link(&mails[0].text, &format!("{}/v1/mail/confirm/", app.address));
    assert_eq!(
        app.client.get(&confirm).send().await.unwrap().status(),
        StatusCode::OK
    );
    assert_eq!(email(&app, &ann).await["confirmed"], true);
    // A link works once.
    let again = app.client.get(&confirm).send().await.unwrap();
    assert_problem(again, StatusCode::NOT_FOUND, "not_found").await;
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        0
    );
}

#[tokio::test]
async fn what_is_no_mail_address_is_refused() {
    let app = TestApp::spawn().await;
    let ann = app.register("ann").await;
    for bad in ["not an address", "ann@", "@example.org", ""] {
        let refused = put(&app, "/v1/me/email", &ann, json!({ "address": bad })).await;
        assert_problem(refused, StatusCode::BAD_REQUEST, "invalid_request").await;
    }
    let none = app.get("/v1/me/email", Some(&ann.token)).await;
    assert_problem(none, StatusCode::NOT_FOUND, "not_found").await;
}

#[tokio::test]
async fn a_move_mails_the_player_it_comes_to_await_once_with_his_board_and_moves() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    confirmed(&app, &sink, &ann).await;
    confirmed(&app, &sink, &bob).await;
    let id = app.started_duel(&ann, &bob, json!({})).await;
    // The start makes the duel await both: one mail each.
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        2
    );
    sink.take();

    // Ann seals her bet: nobody is newly awaited. Bob's ends the turn and
    // the next awaits both again: Ann is mailed, once.
    assert_eq!(
        app.act(id, &ann, bet(3, &[])).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.act(id, &bob, bet(2, &[])).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        1
    );
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        0
    );
    let mails = sink.take();
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.recipients, ["ann@example.org"]);
    assert!(mail.subject.starts_with("Your move: "), "{}", mail.subject);
    assert!(mail.subject.ends_with("against bob"), "{}", mail.subject);
    assert!(mail.text.contains("Since you last acted:"), "{}", mail.text);
    assert!(
        mail.text.contains("Your legal moves:\n1. "),
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains(&format!("{}/#/games/{id}", app.address)),
        "{}",
        mail.text
    );

    // The board is Ann's own, as she sees it, drawn as PNG.
    let png = mail.png.as_ref().expect("a PNG board");
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    let svg = app
        .get(&format!("/v1/games/{id}/board.svg"), Some(&ann.token))
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(png, &png_of_svg(&svg).unwrap());

    // One-click unsubscribe (RFC 8058).
    assert_eq!(
        mail.list_unsubscribe_post.as_deref(),
        Some("List-Unsubscribe=One-Click")
    );
    let unsubscribe = mail
        .list_unsubscribe
        .as_deref()
        .and_then(|h| h.strip_prefix('<'))
        .and_then(|h| h.strip_suffix('>'))
        .expect("a List-Unsubscribe link");
    assert!(unsubscribe.starts_with(&format!("{}/v1/mail/unsubscribe/", app.address)));
}

#[tokio::test]
async fn a_refused_move_mails_nobody() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    confirmed(&app, &sink, &bob).await;
    let id = app.started_duel(&ann, &bob, json!({})).await;
    mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap();
    sink.take();
    let refused = app.act(id, &ann, bet(51, &[])).await;
    assert_eq!(refused.status(), StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        0
    );
    assert!(sink.take().is_empty());
}

#[tokio::test]
async fn after_one_click_unsubscribe_or_muting_a_game_no_mail_comes() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    confirmed(&app, &sink, &ann).await;
    let muted = app.started_duel(&ann, &bob, json!({})).await;
    let other = app.started_duel(&ann, &bob, json!({})).await;
    mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap();
    let mails = sink.take();
    assert_eq!(mails.len(), 2);

    let mute = put(
        &app,
        &format!("/v1/me/games/{muted}/mute"),
        &ann,
        json!({ "muted": true }),
    )
    .await;
    assert_eq!(mute.status(), StatusCode::OK);
    let play_a_turn = async |id: Uuid| {
        assert_eq!(
            app.act(id, &ann, bet(3, &[])).await.status(),
            StatusCode::OK
        );
        assert_eq!(
            app.act(id, &bob, bet(2, &[])).await.status(),
            StatusCode::OK
        );
    };
    play_a_turn(muted).await;
    play_a_turn(other).await;
    mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap();
    let mails = sink.take();
    assert_eq!(mails.len(), 1, "only the game not muted: {mails:?}");
    assert!(mails[0].text.contains(&other.to_string()));

    // The mail's link, posted as RFC 8058 says, stops all mail.
    let unsubscribe = mails[0]
        .list_unsubscribe
        .as_deref()
        .unwrap()
        .trim_matches(['<', '>'])
        .to_owned();
    let posted = app
        .client
        .post(&unsubscribe)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert_eq!(posted.status(), StatusCode::OK);
    assert_eq!(email(&app, &ann).await["notify"], "none");
    play_a_turn(other).await;
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        0
    );
    assert!(sink.take().is_empty());
}

#[test]
fn a_relay_off_this_machine_is_refused_without_connecting() {
    // Refused as configured: nothing is resolved or connected to.
    for relay in ["192.0.2.25:25", "mail.example.org:587", "[2001:db8::25]:25"] {
        assert!(check_relay(relay).is_err(), "{relay}");
        assert!(MailSettings::parse(relay, "owlpost@localhost", "http://127.0.0.1:8080").is_err());
    }
}

#[tokio::test]
async fn a_digest_gathers_the_games_awaiting_a_player_in_one_mail_a_day() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    confirmed(&app, &sink, &ann).await;
    let chosen = put(
        &app,
        "/v1/me/email/preference",
        &ann,
        json!({ "notify": "digest" }),
    )
    .await;
    assert_eq!(chosen.status(), StatusCode::OK);
    assert_eq!(email(&app, &ann).await["notify"], "digest");
    let first = app.started_duel(&ann, &bob, json!({})).await;
    let second = app.started_duel(&bob, &ann, json!({})).await;

    // Nothing before the day is over.
    let now = Utc::now();
    assert_eq!(mailer(&app, &sink).deliver_due(now).await.unwrap(), 0);
    assert!(sink.take().is_empty());

    let a_day_later = now + chrono::Duration::days(1) + chrono::Duration::minutes(1);
    assert_eq!(
        mailer(&app, &sink).deliver_due(a_day_later).await.unwrap(),
        1
    );
    let mails = sink.take();
    assert_eq!(mails.len(), 1, "{mails:?}");
    assert_eq!(mails[0].recipients, ["ann@example.org"]);
    assert_eq!(mails[0].subject, "Owlpost: 2 games await you");
    for id in [first, second] {
        let game_link = format!("{}/#/games/{id}", app.address);
        assert!(mails[0].text.contains(&game_link), "{}", mails[0].text);
    }
    assert!(mails[0].list_unsubscribe.is_some());
    assert_eq!(
        mailer(&app, &sink).deliver_due(a_day_later).await.unwrap(),
        0
    );
}

#[tokio::test]
async fn a_preference_or_mute_without_address_or_seat_is_refused() {
    let app = TestApp::spawn().await;
    let (ann, bob, cid) = (
        app.register("ann").await,
        app.register("bob").await,
        app.register("cid").await,
    );
    let no_address = put(
        &app,
        "/v1/me/email/preference",
        &ann,
        json!({ "notify": "none" }),
    )
    .await;
    assert_problem(no_address, StatusCode::NOT_FOUND, "not_found").await;
    let unknown = put(
        &app,
        "/v1/me/email/preference",
        &ann,
        json!({ "notify": "weekly" }),
    )
    .await;
    assert_eq!(unknown.status(), StatusCode::BAD_REQUEST);
    let id = app.started_duel(&ann, &bob, json!({})).await;
    let not_seated = put(
        &app,
        &format!("/v1/me/games/{id}/mute"),
        &cid,
        json!({ "muted": true }),
    )
    .await;
    assert_eq!(not_seated.status(), StatusCode::FORBIDDEN);
}
