//! Moves by reply: a player answers a turn mail with the number of a listed
//! move, or its words, and the move is played for him.
//!
//! Each mail that lists moves has a `Reply-To` of `play+<reference>-<tag>@`
//! the reply domain. The reference names a row (`mail_replies`) that binds
//! the reply to the game, the seat, the player and the game's version, and
//! keeps the list the mail showed; the tag is an HMAC-SHA-256 of the
//! reference under a key derived from the server's secret, cut to 96 bits
//! so the local part stays far below SMTP's 64 characters. So:
//!
//! - a forged address (no row, or a tag that does not match) plays nothing
//!   and is answered to nobody: there is no player whose address we may
//!   trust, and answering the sender would make the server a reflector of
//!   mail to addresses others choose. The SMTP listener refuses it at
//!   `RCPT` with the reason, the HTTP endpoint with `bad_reply_token`;
//! - a used reply plays nothing: the move and the reply's `used_at` are
//!   written in one transaction, and the command carries an idempotency key
//!   of its own;
//! - a stale reply (the game moved past the version the list was drawn at)
//!   plays nothing and is answered with the moves open now;
//! - the sender must be the player's confirmed address.
//!
//! Every reply that names a real reply address is answered by mail, through
//! the outbox, and only to the confirmed address of the player it names:
//! played (in the move's own transaction, with the new board) or refused
//! with the code and sentence the API gives. Mail marked `Auto-Submitted`
//! (RFC 3834: vacation notices, bounces) is neither played nor answered, so
//! two robots cannot keep answering each other.

use hmac::{Hmac, Mac};
use mail_parser::MessageParser;
use serde::{Deserialize, Serialize};
use sha2::Sha256;
use subtle::ConstantTimeEq;
use uuid::Uuid;

use owlpost_domain::table::GameCommand;

use crate::error::ApiError;
use crate::model::InboundReply;
use crate::play::{Plan, Played, action_result, decide_and_append_replying};
use crate::store::mail::{ReplyAnswer, ReplyPlayed};
use crate::store::{NewCommand, Store};

/// The local part of every reply address starts so.
pub const LOCAL_PREFIX: &str = "play+";
/// Bytes of the HMAC a reply address keeps: 96 bits, 24 hex digits.
const TAG_BYTES: usize = 12;
/// The most of one reply the server reads; a longer one is refused unread.
/// A reply that quotes the whole turn mail, board included, fits.
pub const MAX_REPLY_BYTES: usize = 1024 * 1024;

/// The shortest inbound secret taken: anyone who guesses it may post replies
/// (which still need a genuine reply address and sender to play anything).
pub const MIN_INBOUND_SECRET_BYTES: usize = 16;

/// The key reply addresses are signed with.
#[derive(Clone)]
pub struct ReplyKey([u8; 32]);

impl std::fmt::Debug for ReplyKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("ReplyKey(..)")
    }
}

type HmacSha256 = Hmac<Sha256>;

impl ReplyKey {
    /// A key of its own derived from the server's secret (the JWT secret),
    /// so no new secret needs keeping and a token is never a reply tag.
    pub fn derived_from(secret: &[u8]) -> Self {
        let mut mac = HmacSha256::new_from_slice(secret).expect("HMAC takes a key of any length");
        mac.update(b"owlpost reply addresses, version 1");
        ReplyKey(mac.finalize().into_bytes().into())
    }

    fn mac(&self, reference: i64) -> HmacSha256 {
        let mut mac = HmacSha256::new_from_slice(&self.0).expect("HMAC takes a key of any length");
        mac.update(reference.to_string().as_bytes());
        mac
    }

    /// `<reference>-<tag>`: what follows [`LOCAL_PREFIX`] in a reply address.
    pub fn sign(&self, reference: i64) -> String {
        let tag = self.mac(reference).finalize().into_bytes();
        format!("{reference}-{}", hex::encode(&tag[..TAG_BYTES]))
    }

    /// The reference `token` signs, if its tag is ours (compared in constant time).
    pub fn verify(&self, token: &str) -> Option<i64> {
        let (reference, tag) = token.split_once('-')?;
        if reference.is_empty() || !reference.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let reference: i64 = reference.parse().ok()?;
        let tag = hex::decode(tag).ok().filter(|t| t.len() == TAG_BYTES)?;
        self.mac(reference).verify_truncated_left(&tag).ok()?;
        Some(reference)
    }
}

/// How replies are taken: `OWLPOST_REPLY_DOMAIN`, the key, and the secret of
/// the HTTP endpoint (`OWLPOST_INBOUND_SECRET`).
#[derive(Debug, Clone)]
pub struct ReplySettings {
    /// The domain of reply addresses, lower case.
    pub domain: String,
    pub key: ReplyKey,
    /// The bearer secret `POST /v1/mail/inbound` asks for; without one it takes nothing.
    pub inbound_secret: Option<String>,
}

impl ReplySettings {
    pub fn new(domain: &str, server_secret: &[u8], inbound_secret: Option<String>) -> Self {
        ReplySettings {
            domain: domain.trim().to_ascii_lowercase(),
            key: ReplyKey::derived_from(server_secret),
            inbound_secret,
        }
    }

    /// How `config` says replies are taken, or `None` when it names neither
    /// a listener nor an inbound secret (then mails carry no reply address).
    ///
    /// # Errors
    /// A listener off this machine, a reply domain that makes no address,
    /// or the server's secret cannot be read; refused before anything starts.
    pub fn from_config(
        config: &crate::config::Config,
        sender: &lettre::message::Mailbox,
    ) -> anyhow::Result<Option<Self>> {
        if config.smtp_listen.is_none() && config.inbound_secret.is_none() {
            return Ok(None);
        }
        if let Some(secret) = &config.inbound_secret
            && secret.trim().len() < MIN_INBOUND_SECRET_BYTES
        {
            anyhow::bail!(
                "OWLPOST_INBOUND_SECRET has {} bytes; it needs {MIN_INBOUND_SECRET_BYTES} or more (e.g. `openssl rand -hex 32`)",
                secret.trim().len()
            );
        }
        if let Some(listen) = &config.smtp_listen {
            super::listener::check_listen(listen).map_err(anyhow::Error::msg)?;
        }
        let domain = config
            .reply_domain
            .clone()
            .unwrap_or_else(|| sender.email.domain().to_owned());
        let settings = ReplySettings::new(
            &domain,
            &config.resolve_jwt_secret()?,
            config.inbound_secret.clone(),
        );
        settings
            .address(1)
            .map_err(|why| anyhow::anyhow!("OWLPOST_REPLY_DOMAIN: {why}"))?;
        Ok(Some(settings))
    }

    /// The reply address of reference `reference`.
    pub fn address(&self, reference: i64) -> Result<lettre::Address, String> {
        lettre::Address::new(
            format!("{LOCAL_PREFIX}{}", self.key.sign(reference)),
            &self.domain,
        )
        .map_err(|e| {
            format!(
                "the reply domain {:?} does not make an address: {e}",
                self.domain
            )
        })
    }

    /// The reference of `address` if it is one of our reply addresses, signed by us.
    pub fn reference_of(&self, address: &str) -> Option<i64> {
        let address = address.trim().trim_start_matches('<').trim_end_matches('>');
        let (local, domain) = address.rsplit_once('@')?;
        if !domain.eq_ignore_ascii_case(&self.domain) {
            return None;
        }
        let prefix = local.get(..LOCAL_PREFIX.len())?;
        if !prefix.eq_ignore_ascii_case(LOCAL_PREFIX) {
            return None;
        }
        self.key.verify(&local[LOCAL_PREFIX.len()..])
    }

    /// Whether `given` is the inbound secret (compared in constant time).
    pub fn inbound_secret_is(&self, given: &str) -> bool {
        self.inbound_secret
            .as_deref()
            .is_some_and(|secret| bool::from(secret.as_bytes().ct_eq(given.as_bytes())))
    }
}

/// One move a mail listed: its words, as shown, and the command it plays.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Listed {
    pub text: String,
    pub command: serde_json::Value,
}

/// What a reply asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Choice {
    /// The listed move of this number (from 1).
    Number(usize),
    /// The listed move whose words these are (compared by [`same_words`]).
    Words(String),
}

/// The line of a reply that answers: its first non-empty line that is not
/// quoted (`>`), read before any signature (`-- `) or quoted history ("On …
/// wrote:", an "Original Message" rule, a forwarded header block). `None`
/// when the reply says nothing before those.
pub fn reply_line(text: &str) -> Option<&str> {
    for line in text.lines() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('>') {
            continue;
        }
        let history = line == "--"
            || line.starts_with("-----")
            || line.starts_with("_____")
            || line.ends_with("wrote:")
            || line.starts_with("From:")
            || line.starts_with("Sent from my ");
        if history {
            return None;
        }
        return Some(line);
    }
    None
}

/// What `line` chooses: a number (`2`, `2.`, `2)`, `#2`) or words.
pub fn choice(line: &str) -> Choice {
    let bare = line
        .trim()
        .trim_start_matches('#')
        .trim_end_matches(['.', ')'])
        .trim();
    match bare.parse::<usize>() {
        Ok(number) if bare.bytes().all(|b| b.is_ascii_digit()) => Choice::Number(number),
        _ => Choice::Words(line.to_owned()),
    }
}

/// Whether two texts are the same words: case, spacing and a final full
/// stop aside.
pub fn same_words(a: &str, b: &str) -> bool {
    let squeeze = |text: &str| -> String {
        text.trim()
            .trim_end_matches('.')
            .chars()
            .filter(|c| !c.is_whitespace())
            .flat_map(char::to_lowercase)
            .collect()
    };
    squeeze(a) == squeeze(b)
}

/// The listed move `choice` names, if any.
pub fn chosen<'a>(listed: &'a [Listed], choice: &Choice) -> Option<&'a Listed> {
    match choice {
        Choice::Number(number) => number.checked_sub(1).and_then(|i| listed.get(i)),
        Choice::Words(words) => listed.iter().find(|l| same_words(&l.text, words)),
    }
}

fn bad_reply_token() -> ApiError {
    ApiError::ReplyRefused {
        code: "bad_reply_token",
        message: "the mail is addressed to no reply address of ours (it was mistyped or forged): nothing was played and nobody is answered".into(),
    }
}

/// Whether `error` is a refusal (told to the player) rather than a failure
/// on our side (the mail is to be offered again later).
fn is_refusal(error: &ApiError) -> bool {
    !matches!(
        error,
        ApiError::Internal(_) | ApiError::DatabaseUnavailable(_)
    )
}

/// The addresses a reply was sent to: the SMTP envelope's recipients when
/// there are any, else what the message's headers say (an inbound-mail
/// service hands on the message alone).
fn recipients_of(message: &mail_parser::Message<'_>, envelope: &[String]) -> Vec<String> {
    if !envelope.is_empty() {
        return envelope.to_vec();
    }
    let mut found = Vec::new();
    for name in ["Delivered-To", "X-Original-To"] {
        if let Some(value) = message.header_raw(name) {
            found.push(value.trim().to_owned());
        }
    }
    for address in [message.to(), message.cc()].into_iter().flatten() {
        found.extend(
            address
                .iter()
                .filter_map(|a| a.address())
                .map(str::to_owned),
        );
    }
    found
}

/// Takes one reply (the raw message, and the envelope's recipients when it
/// came over SMTP): plays the move it names, or refuses it, and writes the
/// answer mail.
///
/// # Errors
/// `bad_reply_token` (nobody is answered), `automatic_reply`, a message that
/// does not parse, or a failure on our side (nothing done: offer it again).
pub async fn take_reply(
    store: &Store,
    settings: &ReplySettings,
    envelope: &[String],
    raw: &[u8],
) -> Result<InboundReply, ApiError> {
    if raw.len() > MAX_REPLY_BYTES {
        return Err(ApiError::BodyTooLarge {
            limit: MAX_REPLY_BYTES,
        });
    }
    let message = MessageParser::default()
        .parse(raw)
        .filter(|m| !m.headers().is_empty())
        .ok_or_else(|| ApiError::InvalidRequest("the body is not a mail message".into()))?;
    let Some(reference) = recipients_of(&message, envelope)
        .iter()
        .find_map(|address| settings.reference_of(address))
    else {
        return Err(bad_reply_token());
    };
    if let Some(auto) = message.header_raw("Auto-Submitted")
        && !auto.trim().eq_ignore_ascii_case("no")
    {
        return Err(ApiError::ReplyRefused {
            code: "automatic_reply",
            message: "an automatic mail (Auto-Submitted) plays nothing and is not answered".into(),
        });
    }
    let Some(reply) = store.reply_address_row(reference).await? else {
        return Err(bad_reply_token());
    };
    let game = store.load(reply.game_id).await?;
    let Some(confirmed) = store.confirmed_address(reply.user_id).await? else {
        return Err(ApiError::ReplyRefused {
            code: "not_your_address",
            message: "the player of this reply address has no confirmed address any more: nothing was played and nobody is answered".into(),
        });
    };
    let refuse = async |code: &str, message: String, version: i64| {
        let answer = ReplyAnswer {
            game_id: reply.game_id,
            seat: reply.seat,
            version,
            played: false,
            code: Some(code.to_owned()),
            message,
        };
        store.answer_reply(reply.user_id, &answer).await?;
        Ok::<_, ApiError>(InboundReply {
            played: false,
            code: answer.code,
            message: answer.message,
            game_id: reply.game_id,
            version,
        })
    };
    let sender = message
        .from()
        .and_then(|from| from.first())
        .and_then(|from| from.address())
        .unwrap_or_default();
    if !sender.eq_ignore_ascii_case(&confirmed) {
        return refuse(
            "not_your_address",
            format!(
                "a reply from {sender:?} reached your reply address; only a reply from your own confirmed address plays: nothing was played"
            ),
            game.version,
        )
        .await;
    }
    if reply.used_at.is_some() {
        return refuse(
            "reply_already_used",
            "this reply address was used already: each turn mail plays one move, once; nothing more was played".into(),
            game.version,
        )
        .await;
    }
    let listed: Vec<Listed> =
        serde_json::from_value(reply.listed.clone()).map_err(ApiError::internal)?;
    let text = message.body_text(0).unwrap_or_default();
    let Some(line) = reply_line(&text) else {
        return refuse(
            "unknown_listed_move",
            "the reply's first line names no move: write the number of a listed move (or its words) on the first line".into(),
            game.version,
        )
        .await;
    };
    let Some(chosen) = chosen(&listed, &choice(line)) else {
        return refuse(
            "unknown_listed_move",
            format!(
                "{line:?} is neither the number nor the words of a move the mail listed (1 to {}): nothing was played",
                listed.len()
            ),
            game.version,
        )
        .await;
    };
    let stale = |now: i64| {
        format!(
            "the game has moved on since that mail was written (version {} then, {now} now): nothing was played; the moves open to you now are below, if any",
            reply.version
        )
    };
    if game.version != reply.version {
        return refuse("stale_reply", stale(game.version), game.version).await;
    }
    let played = ReplyPlayed {
        reply_id: reply.id,
        user_id: reply.user_id,
        answer: ReplyAnswer {
            game_id: reply.game_id,
            seat: reply.seat,
            // The store writes the version after the move.
            version: reply.version,
            played: true,
            code: None,
            message: format!("Played: {}", chosen.text),
        },
    };
    let command = chosen.command.clone();
    let outcome = decide_and_append_replying(
        store,
        reply.game_id,
        Some(reply.version),
        action_result,
        Some(&played),
        |_| {
            Ok(Some(Plan {
                actor: reply.user_id,
                commands: vec![GameCommand::Rules(command.clone())],
                record: Some(NewCommand {
                    id: Uuid::new_v4(),
                    actor: reply.user_id,
                    // A second guard against playing one reply twice.
                    idempotency_key: Some(format!("mail-reply-{}", reply.id)),
                    body: serde_json::json!({ "commands": [command] }),
                }),
            }))
        },
    )
    .await;
    match outcome {
        Ok(Played::Appended(appended)) => Ok(InboundReply {
            played: true,
            code: None,
            message: played.answer.message,
            game_id: reply.game_id,
            version: appended.game.version,
        }),
        Ok(Played::AlreadyAnswered | Played::Nothing) => {
            let now = store.load(reply.game_id).await?.version;
            refuse(
                "reply_already_used",
                "this reply address was used already: each turn mail plays one move, once; nothing more was played".into(),
                now,
            )
            .await
        }
        Err(ApiError::VersionConflict { current }) => {
            refuse("stale_reply", stale(current), current).await
        }
        Err(error) if is_refusal(&error) => {
            let now = store.load(reply.game_id).await?.version;
            refuse(error.code(), error.to_string(), now).await
        }
        Err(error) => Err(error),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_answer_is_the_first_line_neither_quoted_nor_signature() {
        assert_eq!(
            reply_line("2\r\n\r\n> Your legal moves:\r\n> 1. ..."),
            Some("2")
        );
        assert_eq!(reply_line("\n\n   3  \n-- \nAnn"), Some("3"));
        assert_eq!(reply_line("> 1. a\n> 2. b\n\n2\n"), Some("2"));
        assert_eq!(
            reply_line("On Sat, 28 Nov 2026, Owlpost <owlpost@localhost> wrote:\n> 1. a"),
            None
        );
        assert_eq!(reply_line("-- \nAnn, sent from the garden"), None);
        assert_eq!(reply_line("Sent from my phone"), None);
        assert_eq!(
            reply_line("-----Original Message-----\nFrom: Owlpost"),
            None
        );
        assert_eq!(reply_line("   \n\n"), None);
    }

    #[test]
    fn a_number_names_a_listed_move_and_so_do_its_words() {
        let listed = vec![
            Listed {
                text: r#"{"type":"bet","amount":0}"#.into(),
                command: serde_json::json!({ "n": 1 }),
            },
            Listed {
                text: "Move north to C2".into(),
                command: serde_json::json!({ "n": 2 }),
            },
        ];
        for (line, n) in [("1", 1), ("2.", 2), ("#2", 2), ("2)", 2)] {
            assert_eq!(
                chosen(&listed, &choice(line)).map(|l| l.command["n"].clone()),
                Some(n.into()),
                "{line}"
            );
        }
        assert_eq!(choice("0"), Choice::Number(0));
        assert!(chosen(&listed, &choice("0")).is_none());
        assert!(chosen(&listed, &choice("3")).is_none());
        assert!(chosen(&listed, &choice("-1")).is_none());
        let words = chosen(&listed, &choice("move NORTH to c2.")).unwrap();
        assert_eq!(words.command["n"], 2);
        let json = chosen(&listed, &choice(r#"{"type": "BET", "amount": 0}"#)).unwrap();
        assert_eq!(json.command["n"], 1);
        assert!(chosen(&listed, &choice("move south")).is_none());
    }

    #[test]
    fn a_reply_address_is_ours_only_with_our_tag_and_domain() {
        let settings =
            ReplySettings::new("Reply.Example.org", b"a server secret of some length", None);
        let address = settings.address(42).unwrap().to_string();
        assert!(
            address.len() - "@reply.example.org".len() <= 64,
            "{address}"
        );
        assert_eq!(settings.reference_of(&address), Some(42));
        assert_eq!(settings.reference_of(&address.to_uppercase()), Some(42));
        assert_eq!(settings.reference_of(&format!("<{address}>")), Some(42));
        let tag = address
            .split_once('-')
            .unwrap()
            .1
            .split_once('@')
            .unwrap()
            .0;
        // Another reference with that tag, another domain, another key: not ours.
        assert_eq!(
            settings.reference_of(&format!("play+43-{tag}@reply.example.org")),
            None
        );
        assert_eq!(
            settings.reference_of(&address.replace("reply.example.org", "example.org")),
            None
        );
        let other = ReplySettings::new("reply.example.org", b"another server secret", None);
        assert_eq!(other.reference_of(&address), None);
        for forged in [
            "play+42@reply.example.org",
            "play+42-@reply.example.org",
            "play+-00@reply.example.org",
            "42-00@reply.example.org",
            "play+x-00@reply.example.org",
        ] {
            assert_eq!(settings.reference_of(forged), None, "{forged}");
        }
    }
}
