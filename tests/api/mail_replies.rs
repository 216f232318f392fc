//! Moves by reply, over real SMTP on loopback: a turn mail's `Reply-To`
//! takes a reply whose first line is the number of a listed move (or its
//! words) and plays it, through the server's SMTP listener or the HTTP
//! endpoint for inbound-mail services; the player is answered by mail. A
//! forged, replayed or stale reply plays nothing and says why.

use std::sync::Arc;

use chrono::Utc;
use lettre::message::header::ContentType;
use lettre::{AsyncSmtpTransport, AsyncTransport, Message, Tokio1Executor};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use uuid::Uuid;

use owlpost_api::mail::{MailSettings, Mailer, png_of_svg};

use crate::helpers::{INBOUND_SECRET, Player, TestApp, assert_problem, bet};
use crate::mail::{Mail, SmtpSink, confirmed};
use crate::spec_check::checked;

/// The mailer of `app`, sending through `sink`, its mails listing moves
/// with reply addresses the app takes.
fn mailer(app: &TestApp, sink: &SmtpSink) -> Mailer {
    let replies = app
        .state
        .replies
        .clone()
        .expect("test servers take replies");
    Mailer {
        store: app.state.store.clone(),
        settings: MailSettings::parse(
            &sink.address.to_string(),
            "Owlpost <owlpost@localhost>",
            &app.address,
        )
        .expect("settings")
        .with_replies(replies)
        .into(),
    }
}

/// The server's SMTP listener for replies, on a free loopback port.
async fn listener(app: &TestApp) -> std::net::SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(owlpost_api::mail::listener::serve(
        Arc::new(listener),
        app.state.store.clone(),
        app.state.replies.clone().unwrap(),
    ));
    address
}

/// `player`'s reply to `mail`: `first_line`, then the mail quoted, as a
/// mail client writes it.
fn reply(player: &Player, mail: &Mail, first_line: &str) -> Message {
    let quoted: String = mail.text.lines().map(|l| format!("> {l}\n")).collect();
    Message::builder()
        .from(format!("{}@example.org", player.name).parse().unwrap())
        .to(mail
            .reply_to
            .as_deref()
            .expect("a Reply-To")
            .parse()
            .unwrap())
        .subject(format!("Re: {}", mail.subject))
        .header(ContentType::TEXT_PLAIN)
        .body(format!(
            "{first_line}\n\n-- \n{}\n\nOn Saturday, Owlpost wrote:\n{quoted}",
            player.name
        ))
        .unwrap()
}

/// Sends `message` to the listener at `to` over SMTP: the listener's
/// answer, or its refusal's text.
async fn send_smtp(to: std::net::SocketAddr, message: Message) -> Result<String, String> {
    AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(to.ip().to_string())
        .port(to.port())
        .build()
        .send(message)
        .await
        .map(|answer| answer.message().collect::<Vec<_>>().join(" "))
        .map_err(|e| e.to_string())
}

/// Posts `message` to the inbound endpoint with `secret`.
async fn post_inbound(app: &TestApp, message: &Message, secret: Option<&str>) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/v1/mail/inbound"))
        .header("content-type", "message/rfc822")
        .body(message.formatted());
    if let Some(secret) = secret {
        request = request.bearer_auth(secret);
    }
    checked(
        Method::POST,
        "/v1/mail/inbound",
        request.send().await.unwrap(),
    )
    .await
}

async fn version(app: &TestApp, id: Uuid, player: &Player) -> i64 {
    let game: Value = app
        .get(&format!("/v1/games/{id}"), Some(&player.token))
        .await
        .json()
        .await
        .unwrap();
    game["version"].as_i64().unwrap()
}

/// The listed move of `number` in a mail's text.
fn listed(mail: &Mail, number: usize) -> String {
    let prefix = format!("{number}. ");
    mail.text
        .lines()
        .find_map(|line| line.strip_prefix(&prefix))
        .unwrap_or_else(|| panic!("no move {number} in {}", mail.text))
        .to_owned()
}

/// The one mail `mailer` sends now, to `address`.
async fn one_mail(app: &TestApp, sink: &SmtpSink, address: &str) -> Mail {
    assert_eq!(mailer(app, sink).deliver_due(Utc::now()).await.unwrap(), 1);
    let mut mails = sink.take();
    assert_eq!(mails.len(), 1, "{mails:?}");
    let mail = mails.pop().unwrap();
    assert_eq!(mail.recipients, [address]);
    mail
}

/// A duel where both confirmed their addresses, Ann has bet, and Bob's bet
/// came to await Ann again: her one turn mail, and Bob's mail of the start.
async fn duel_awaiting_ann(app: &TestApp, sink: &SmtpSink) -> (Uuid, Player, Player, Mail) {
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    confirmed(app, sink, &ann).await;
    confirmed(app, sink, &bob).await;
    let id = app.started_duel(&ann, &bob, json!({})).await;
    assert_eq!(mailer(app, sink).deliver_due(Utc::now()).await.unwrap(), 2);
    sink.take();
    assert_eq!(
        app.act(id, &ann, bet(3, &[])).await.status(),
        StatusCode::OK
    );
    assert_eq!(
        app.act(id, &bob, bet(2, &[])).await.status(),
        StatusCode::OK
    );
    let mail = one_mail(app, sink, "ann@example.org").await;
    (id, ann, bob, mail)
}

#[tokio::test]
async fn replying_2_to_a_turn_mail_over_smtp_plays_the_second_listed_move_and_answers_with_the_new_board()
 {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let smtp = listener(&app).await;
    let (id, ann, _bob, mail) = duel_awaiting_ann(&app, &sink).await;

    // One turn mail: the board as PNG, the numbered moves, a reply address.
    assert!(mail.png.is_some());
    assert!(
        mail.text.contains("Your legal moves:\n1. "),
        "{}",
        mail.text
    );
    assert!(
        mail.text.contains("reply to this mail with its number"),
        "{}",
        mail.text
    );
    let reply_to = mail.reply_to.clone().expect("a reply address");
    assert!(reply_to.starts_with("play+") && reply_to.ends_with("@localhost"));
    assert!(reply_to.split('@').next().unwrap().len() <= 64);
    let second = listed(&mail, 2);

    let before = version(&app, id, &ann).await;
    let answer = send_smtp(smtp, reply(&ann, &mail, "2"))
        .await
        .expect("taken");
    assert!(answer.contains("played"), "{answer}");
    let after = version(&app, id, &ann).await;
    assert!(after > before, "the reply played nothing");
    // The move played is the second listed one, as Ann's own command.
    let events: Value = app
        .get(
            &format!("/v1/games/{id}/events?after={before}"),
            Some(&ann.token),
        )
        .await
        .json()
        .await
        .unwrap();
    let second_move: Value = serde_json::from_str(&second).unwrap();
    let sealed = &events["events"][0]["body"]["event"];
    assert_eq!(sealed["type"], "move_submitted", "{events}");
    assert_eq!(
        sealed["sealed"],
        json!({ "bet": second_move["bet"], "cards": second_move["cards"] }),
        "{second} in {events}"
    );

    // The answer: played, with the board after the move.
    let answer = one_mail(&app, &sink, "ann@example.org").await;
    assert!(answer.subject.starts_with("Played: "), "{}", answer.subject);
    assert!(answer.text.contains(&second), "{}", answer.text);
    let svg = app
        .get(&format!("/v1/games/{id}/board.svg"), Some(&ann.token))
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(answer.png.as_ref().unwrap(), &png_of_svg(&svg).unwrap());
}

#[tokio::test]
async fn a_reply_posted_by_an_inbound_mail_service_plays_and_a_replayed_one_plays_nothing() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let (id, ann, _bob, mail) = duel_awaiting_ann(&app, &sink).await;
    let first = listed(&mail, 1);
    let message = reply(&ann, &mail, &first.to_uppercase());

    // Without the secret, or with another: refused, nothing played.
    let before = version(&app, id, &ann).await;
    for secret in [None, Some("not the secret")] {
        let refused = post_inbound(&app, &message, secret).await;
        assert_problem(refused, StatusCode::UNAUTHORIZED, "unauthorized").await;
    }
    assert_eq!(version(&app, id, &ann).await, before);

    // The move's words, whatever their case, play it.
    let taken = post_inbound(&app, &message, Some(INBOUND_SECRET)).await;
    assert_eq!(taken.status(), StatusCode::OK);
    let taken: Value = taken.json().await.unwrap();
    assert_eq!(taken["played"], true, "{taken}");
    let played = version(&app, id, &ann).await;
    assert!(played > before);
    let answer = one_mail(&app, &sink, "ann@example.org").await;
    assert!(answer.subject.starts_with("Played: "), "{}", answer.subject);

    // The same mail again plays nothing, and the answer says why.
    let again = post_inbound(&app, &message, Some(INBOUND_SECRET)).await;
    assert_eq!(again.status(), StatusCode::OK);
    let again: Value = again.json().await.unwrap();
    assert_eq!(again["played"], false);
    assert_eq!(again["code"], "reply_already_used");
    assert_eq!(version(&app, id, &ann).await, played);
    let answer = one_mail(&app, &sink, "ann@example.org").await;
    assert!(
        answer
            .subject
            .starts_with("Not played (reply_already_used)"),
        "{}",
        answer.subject
    );
    assert!(answer.text.contains("used already"), "{}", answer.text);
}

#[tokio::test]
async fn a_forged_reply_address_plays_nothing_and_nobody_is_mailed() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let smtp = listener(&app).await;
    let (id, ann, _bob, mail) = duel_awaiting_ann(&app, &sink).await;
    let genuine = mail.reply_to.clone().unwrap();
    let (reference, tag) = genuine
        .trim_start_matches("play+")
        .split_once('@')
        .unwrap()
        .0
        .split_once('-')
        .unwrap();
    let flipped: String = tag
        .chars()
        .enumerate()
        .map(|(i, c)| {
            if i == 0 {
                if c == '0' { '1' } else { '0' }
            } else {
                c
            }
        })
        .collect();
    let before = version(&app, id, &ann).await;
    for forged in [
        format!("play+{reference}-{flipped}@localhost"),
        format!(
            "play+{}-{tag}@localhost",
            reference.parse::<i64>().unwrap() + 1
        ),
        format!("play+{reference}@localhost"),
    ] {
        let message = Message::builder()
            .from("ann@example.org".parse().unwrap())
            .to(forged.parse().unwrap())
            .subject(format!("Re: {}", mail.subject))
            .header(ContentType::TEXT_PLAIN)
            .body("1\n".to_owned())
            .unwrap();
        // Over SMTP the address is refused, with the reason.
        let refused = send_smtp(smtp, message.clone()).await.expect_err(&forged);
        assert!(refused.contains("bad_reply_token"), "{refused}");
        // Through the endpoint too.
        let refused = post_inbound(&app, &message, Some(INBOUND_SECRET)).await;
        assert_problem(refused, StatusCode::UNPROCESSABLE_ENTITY, "bad_reply_token").await;
    }
    assert_eq!(version(&app, id, &ann).await, before);
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        0
    );
    assert!(sink.take().is_empty());
}

#[tokio::test]
async fn a_stale_reply_plays_nothing_and_is_answered_with_the_moves_open_now() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let smtp = listener(&app).await;
    let (ann, bob) = (app.register("ann").await, app.register("bob").await);
    confirmed(&app, &sink, &ann).await;
    confirmed(&app, &sink, &bob).await;
    let id = app.started_duel(&ann, &bob, json!({})).await;
    // The start awaits both: a mail each.
    assert_eq!(
        mailer(&app, &sink).deliver_due(Utc::now()).await.unwrap(),
        2
    );
    let mails = sink.take();
    let bobs = mails
        .iter()
        .find(|m| m.recipients == ["bob@example.org"])
        .unwrap();
    // Ann bets first: the game moves past the version Bob's list was drawn at.
    assert_eq!(
        app.act(id, &ann, bet(3, &[])).await.status(),
        StatusCode::OK
    );
    let before = version(&app, id, &bob).await;
    let answer = send_smtp(smtp, reply(&bob, bobs, "1"))
        .await
        .expect("taken");
    assert!(answer.contains("stale_reply"), "{answer}");
    assert_eq!(version(&app, id, &bob).await, before);

    let stale = one_mail(&app, &sink, "bob@example.org").await;
    assert!(
        stale.subject.starts_with("Not played (stale_reply)"),
        "{}",
        stale.subject
    );
    assert!(stale.text.contains("moved on"), "{}", stale.text);
    // With the moves open now, and a fresh address to reply to: that plays.
    assert!(
        stale.text.contains("Your legal moves:\n1. "),
        "{}",
        stale.text
    );
    assert_ne!(stale.reply_to, bobs.reply_to);
    let taken = post_inbound(&app, &reply(&bob, &stale, "1"), Some(INBOUND_SECRET)).await;
    let taken: Value = taken.json().await.unwrap();
    assert_eq!(taken["played"], true, "{taken}");
    assert!(version(&app, id, &bob).await > before);
}

#[tokio::test]
async fn a_reply_from_another_address_or_naming_no_listed_move_plays_nothing_and_says_why() {
    let app = TestApp::spawn().await;
    let sink = SmtpSink::start().await;
    let (id, ann, bob, mail) = duel_awaiting_ann(&app, &sink).await;
    let before = version(&app, id, &ann).await;

    // Bob sends Ann's reply: Ann is told, nothing is played.
    let mut from_bob = reply(&bob, &mail, "1");
    let taken = post_inbound(&app, &from_bob, Some(INBOUND_SECRET)).await;
    let taken: Value = taken.json().await.unwrap();
    assert_eq!(taken["code"], "not_your_address", "{taken}");
    let told = one_mail(&app, &sink, "ann@example.org").await;
    assert!(
        told.subject.contains("not_your_address"),
        "{}",
        told.subject
    );

    for line in ["99", "fly to the moon", ""] {
        from_bob = reply(&ann, &mail, line);
        let taken = post_inbound(&app, &from_bob, Some(INBOUND_SECRET)).await;
        let taken: Value = taken.json().await.unwrap();
        assert_eq!(taken["code"], "unknown_listed_move", "{line}: {taken}");
        one_mail(&app, &sink, "ann@example.org").await;
    }
    assert_eq!(version(&app, id, &ann).await, before);
}

#[tokio::test]
async fn the_smtp_listener_reads_no_line_longer_than_its_limit() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::spawn().await;
    let smtp = listener(&app).await;
    let mut client = tokio::net::TcpStream::connect(smtp).await.unwrap();
    let endless = vec![b'a'; owlpost_api::mail::listener::MAX_LINE + 1];
    // The listener may close before the whole line is written.
    let _ = client.write_all(&endless).await;
    let mut answer = Vec::new();
    let mut chunk = [0_u8; 1024];
    while let Ok(read @ 1..) = client.read(&mut chunk).await {
        answer.extend_from_slice(&chunk[..read]);
    }
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("220 "), "{answer}");
    assert!(answer.contains("500 5.5.2 line too long"), "{answer}");
}
