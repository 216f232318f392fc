//! Computer players at work: whenever a game in play comes to await a seat
//! given to a computer player, the worker asks the rules what that player
//! makes of its seat's view ([`owlpost_domain::bots`]) and plays it.
//!
//! A computer player's command goes the way of anyone's: decided on the
//! latest fold, appended with a command row credited to the computer's own
//! user and marked `"computer": true` in its body, so a record replays and
//! verifies like any other (the command is recorded, not the choosing: a
//! verifier never re-runs a computer player). The worker is woken by every
//! change of any game, in this process or (through PostgreSQL) another, and
//! also looks every period, so what awaits a computer player after a restart
//! is played at once. Several processes may run it: the append's version
//! check makes one of two that decide the same move lose and look again.

use std::sync::Arc;
use std::time::Duration;

use owlpost_domain::rng::GameRng;
use owlpost_domain::table::GameCommand;
use serde_json::json;
use tokio::time::Instant;
use uuid::Uuid;

use crate::background::BackgroundTasks;
use crate::error::ApiError;
use crate::notify::Interest;
use crate::play::{Plan, Played, decide_and_append};
use crate::store::{NewCommand, Store};

/// How many awaiting games one round plays; the next round takes the rest.
const GAMES_PER_ROUND: i64 = 100;
/// Commands one game may receive in one round, so that a game of computer
/// players only cannot hold the worker; the next round goes on with it.
const MOVES_PER_GAME: usize = 64;

/// Plays every command computer players are awaited for now, a round of
/// [`GAMES_PER_ROUND`] games; returns how many commands were played.
///
/// # Errors
/// When the database fails; a game that refuses its computer's command is
/// logged and left (its deadline, if any, plays the timeout move).
#[tracing::instrument(skip(store))]
pub async fn play_awaited(store: &Store) -> Result<usize, ApiError> {
    let mut played = 0;
    for game_id in store.games_awaiting_computers(GAMES_PER_ROUND).await? {
        match play_game(store, game_id).await {
            Ok(moves) => played += moves,
            Err(error @ (ApiError::DatabaseUnavailable(_) | ApiError::Internal(_))) => {
                return Err(error);
            }
            Err(refusal) => {
                tracing::warn!(%game_id, %refusal, "a computer player's command was refused");
            }
        }
    }
    Ok(played)
}

async fn play_game(store: &Store, game_id: Uuid) -> Result<usize, ApiError> {
    let mut played = 0;
    while played < MOVES_PER_GAME {
        let outcome = decide_and_append(store, game_id, None, |game| {
            let choice = game.awaiting_seats().into_iter().find_map(|seat| {
                let strength = game.table.computer_at(seat)?;
                let user = game.player_at(seat)?;
                // A computer's choices need no replaying (its command is
                // recorded), so they are drawn from a stream of their own,
                // never from the game's secret seed.
                let mut choosing = GameRng::from_u64(rand::random());
                let command = game.rules.computer_command(seat, strength, &mut choosing)?;
                Some((user, command))
            });
            Ok(choice.map(|(user, command)| Plan {
                actor: user,
                commands: vec![GameCommand::Rules(command.clone())],
                record: Some(NewCommand {
                    id: Uuid::new_v4(),
                    actor: user,
                    idempotency_key: None,
                    body: json!({ "commands": [command], "computer": true }),
                }),
            }))
        })
        .await?;
        match outcome {
            Played::Appended(_) => played += 1,
            Played::AlreadyAnswered | Played::Nothing => break,
        }
    }
    Ok(played)
}

/// Plays for computer players until the process ends, woken by every game
/// change and at least every `period`. Watched: if it dies it is logged,
/// shown by `/ready`, and started again.
pub fn spawn(store: Arc<Store>, tasks: Arc<BackgroundTasks>, period: Duration) {
    crate::background::supervise(tasks, "computer_players", move || {
        play_forever(store.clone(), period)
    });
}

async fn play_forever(store: Arc<Store>, period: Duration) {
    // Subscribed before the first look, so no change is missed between them.
    let mut changes = store.changes().subscribe(&[Interest::AnyGame]);
    loop {
        match play_awaited(&store).await {
            // What it played changed games: look again before waiting.
            Ok(played) if played > 0 => continue,
            Ok(_) => {}
            Err(error) => {
                tracing::warn!(%error, "the computer players could not play; trying again next period");
            }
        }
        changes.wait(Instant::now() + period).await;
    }
}
