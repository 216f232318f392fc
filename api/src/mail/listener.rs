//! The SMTP listener for replies (`OWLPOST_SMTP_LISTEN`): takes mail for
//! reply addresses and hands each message to [`super::replies::take_reply`].
//!
//! The SMTP dialogue is the `mailin` library's state machine; the loop
//! around it is ours, so that everything stays bounded whatever a client
//! sends: a line is at most [`MAX_LINE`] bytes, a message at most
//! [`MAX_REPLY_BYTES`] (the rest is refused, not kept), a session waits at
//! most [`IDLE`] for a line, and at most [`SESSIONS`] sessions run at once.
//! It listens on loopback only and speaks no TLS: the machine's own mail
//! server (Postfix, OpenSMTPD…) takes the mail from the world and hands on
//! what is for the reply domain, as the relay does the other way.

use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use mailin::{Action, Handler, Response, SessionBuilder};
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

use super::replies::{MAX_REPLY_BYTES, ReplySettings, take_reply};
use crate::background::BackgroundTasks;
use crate::error::ApiError;
use crate::store::Store;

/// The longest line read (RFC 5321 allows 1,000 bytes; some clients send more).
pub const MAX_LINE: usize = 8 * 1024;
/// How long a session may stay silent before it is closed.
pub const IDLE: Duration = Duration::from_secs(120);
/// Sessions served at once; more wait for the listener to accept them.
pub const SESSIONS: usize = 8;
/// Reply addresses one message may name (a reply names one).
const RECIPIENTS: usize = 4;

/// The address to listen on, if it is on this machine: `host:port` with a
/// loopback address or `localhost` (port 25 when none is given).
///
/// # Errors
/// Why not, in a sentence; nothing is bound.
pub fn check_listen(listen: &str) -> Result<SocketAddr, String> {
    super::loopback_address(listen, "OWLPOST_SMTP_LISTEN").map_err(|why| {
        format!(
            "{why}: the reply listener speaks plain SMTP and takes mail only from a mail server on this machine"
        )
    })
}

/// One message's envelope and data, as the state machine hands them on.
#[derive(Default)]
struct Transaction {
    recipients: Vec<String>,
    data: Vec<u8>,
    too_large: bool,
    /// Set when the data ended: the message to take.
    ended: bool,
}

/// What the state machine is told of each command: kept in `Transaction`,
/// which the session loop reads once the data ends.
struct Collect {
    settings: Arc<ReplySettings>,
    transaction: Arc<Mutex<Transaction>>,
}

impl Collect {
    fn transaction(&self) -> std::sync::MutexGuard<'_, Transaction> {
        self.transaction.lock().expect("the transaction lock")
    }
}

impl Handler for Collect {
    fn mail(&mut self, _ip: IpAddr, _domain: &str, _from: &str) -> Response {
        *self.transaction() = Transaction::default();
        mailin::response::OK
    }

    fn rcpt(&mut self, to: &str) -> Response {
        if self.settings.reference_of(to).is_none() {
            return Response::custom(
                550,
                "5.1.1 bad_reply_token: no reply address of ours (mistyped or forged); nothing is played".to_owned(),
            );
        }
        let mut transaction = self.transaction();
        if transaction.recipients.len() >= RECIPIENTS {
            return Response::custom(452, "4.5.3 too many recipients".to_owned());
        }
        transaction.recipients.push(to.to_owned());
        mailin::response::OK
    }

    fn data(&mut self, buf: &[u8]) -> std::io::Result<()> {
        let mut transaction = self.transaction();
        if transaction.data.len() + buf.len() > MAX_REPLY_BYTES {
            // Read on to the end of the data, keeping nothing more.
            transaction.too_large = true;
            transaction.data = Vec::new();
        } else if !transaction.too_large {
            transaction.data.extend_from_slice(buf);
        }
        Ok(())
    }

    fn data_end(&mut self) -> Response {
        self.transaction().ended = true;
        // Not sent: the session loop answers once the reply is taken.
        mailin::response::OK
    }
}

/// Serves replies on `listener` until the process ends.
pub fn spawn(
    listener: TcpListener,
    store: Arc<Store>,
    settings: Arc<ReplySettings>,
    tasks: Arc<BackgroundTasks>,
) {
    let listener = Arc::new(listener);
    crate::background::supervise(tasks, "reply_listener", move || {
        serve(listener.clone(), store.clone(), settings.clone())
    });
}

/// Accepts sessions, at most [`SESSIONS`] at once.
pub async fn serve(listener: Arc<TcpListener>, store: Arc<Store>, settings: Arc<ReplySettings>) {
    let sessions = Arc::new(tokio::sync::Semaphore::new(SESSIONS));
    loop {
        let Ok(permit) = sessions.clone().acquire_owned().await else {
            return;
        };
        match listener.accept().await {
            Ok((stream, peer)) => {
                let (store, settings) = (store.clone(), settings.clone());
                tokio::spawn(async move {
                    if let Err(error) = session(stream, peer, &store, settings).await {
                        tracing::debug!(%peer, %error, "an SMTP session ended early");
                    }
                    drop(permit);
                });
            }
            Err(error) => {
                tracing::warn!(%error, "the reply listener could not accept a connection");
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    }
}

async fn write(
    stream: &mut (impl AsyncWriteExt + Unpin),
    response: &Response,
) -> std::io::Result<()> {
    stream.write_all(&response.buffer()?).await?;
    stream.flush().await
}

/// Reads one line of at most `MAX_LINE` bytes into `line`: `Ok(false)` at
/// the end of the stream, an error for a longer line.
async fn read_line(
    reader: &mut (impl AsyncBufReadExt + Unpin),
    line: &mut Vec<u8>,
) -> std::io::Result<bool> {
    line.clear();
    loop {
        let available = reader.fill_buf().await?;
        if available.is_empty() {
            return Ok(!line.is_empty());
        }
        let (taken, done) = match available.iter().position(|b| *b == b'\n') {
            Some(end) => (end + 1, true),
            None => (available.len(), false),
        };
        if line.len() + taken > MAX_LINE {
            return Err(std::io::Error::other(
                "a line longer than the listener reads",
            ));
        }
        line.extend_from_slice(&available[..taken]);
        reader.consume(taken);
        if done {
            return Ok(true);
        }
    }
}

async fn session(
    stream: TcpStream,
    peer: SocketAddr,
    store: &Store,
    settings: Arc<ReplySettings>,
) -> std::io::Result<()> {
    let (read, mut writer) = stream.into_split();
    let mut reader = BufReader::new(read);
    let transaction = Arc::new(Mutex::new(Transaction::default()));
    let handler = Collect {
        settings: settings.clone(),
        transaction: transaction.clone(),
    };
    let mut smtp = SessionBuilder::new(settings.domain.clone()).build(peer.ip(), handler);
    write(&mut writer, &smtp.greeting()).await?;
    let mut line = Vec::with_capacity(256);
    loop {
        let read = tokio::time::timeout(IDLE, read_line(&mut reader, &mut line)).await;
        match read {
            Ok(Ok(true)) => {}
            Ok(Ok(false)) => return Ok(()),
            Ok(Err(error)) => {
                let _ = write(
                    &mut writer,
                    &Response::custom(500, "5.5.2 line too long".to_owned()),
                )
                .await;
                // Closed with input unread, the connection would be reset and
                // the client might never read why: end the writing side,
                // then read on for a moment, keeping nothing.
                let _ = writer.shutdown().await;
                let _ = tokio::time::timeout(Duration::from_secs(1), async {
                    let mut discard = [0_u8; 4096];
                    while matches!(tokio::io::AsyncReadExt::read(&mut reader, &mut discard).await, Ok(n) if n > 0) {}
                })
                .await;
                return Err(error);
            }
            Err(_) => {
                let _ = write(
                    &mut writer,
                    &Response::custom(421, "4.4.2 idle too long".to_owned()),
                )
                .await;
                return Ok(());
            }
        }
        let response = smtp.process(&line);
        let ended = {
            let mut transaction = transaction.lock().expect("the transaction lock");
            transaction.ended.then(|| std::mem::take(&mut *transaction))
        };
        if let Some(message) = ended {
            write(&mut writer, &answer(store, &settings, message).await).await?;
            continue;
        }
        match response.action {
            Action::Reply => write(&mut writer, &response).await?,
            Action::Close => {
                write(&mut writer, &response).await?;
                return Ok(());
            }
            Action::NoReply => {}
            // STARTTLS is not offered.
            Action::UpgradeTls => return Ok(()),
        }
    }
}

/// The SMTP answer to a whole message: taken (played or refused, and answered
/// by mail), refused for good (5xx, the code and sentence), or to offer again (4xx).
async fn answer(store: &Store, settings: &ReplySettings, message: Transaction) -> Response {
    if message.too_large {
        return Response::custom(
            552,
            format!("5.3.4 a reply is at most {MAX_REPLY_BYTES} bytes"),
        );
    }
    match take_reply(store, settings, &message.recipients, &message.data).await {
        Ok(taken) => Response::custom(
            250,
            format!(
                "2.0.0 {}: {}",
                taken.code.as_deref().unwrap_or("played"),
                one_line(&taken.message)
            ),
        ),
        Err(error @ (ApiError::Internal(_) | ApiError::DatabaseUnavailable(_))) => {
            tracing::warn!(%error, "a reply could not be taken");
            Response::custom(451, "4.3.0 try again later".to_owned())
        }
        Err(error) => Response::custom(
            550,
            format!("5.7.1 {}: {}", error.code(), one_line(&error.to_string())),
        ),
    }
}

/// `text` fit for one SMTP reply line.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .take(400)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_listener_listens_on_this_machine_only() {
        assert_eq!(
            check_listen("127.0.0.1:2525").unwrap(),
            "127.0.0.1:2525".parse().unwrap()
        );
        assert!(check_listen("localhost:2525").is_ok());
        assert!(check_listen("[::1]:2525").is_ok());
        for elsewhere in [
            "0.0.0.0:2525",
            "192.0.2.1:25",
            "[::]:25",
            "mail.example.org:25",
        ] {
            let refused = check_listen(elsewhere).unwrap_err();
            assert!(refused.contains("OWLPOST_SMTP_LISTEN"), "{refused}");
        }
    }
}
