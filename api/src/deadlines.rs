//! Deadlines: when an awaited player lets his time run out, the server plays
//! the ruleset's timeout move for him (pass a response window, bet the least,
//! end the turn).
//!
//! The timeout move is an ordinary command in the log, credited to the seat it
//! was played for and marked `"timeout": true` in its body, so replays and
//! offline verification treat it like any other. Several server processes may
//! sweep at once: appends are guarded by the `(game_id, seq)` key, and a sweeper
//! that loses the race reloads and finds the deadline moved.

use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, Utc};
use serde_json::json;
use uuid::Uuid;

use crate::background::BackgroundTasks;
use crate::error::ApiError;
use owlpost_domain::bots::Strength;
use owlpost_domain::table::{GameCommand, GoneThen, TableCommand};

use crate::play::{Plan, Played, decide_and_append};
use crate::store::{NewCommand, Store};

/// How many overdue games one sweep handles; the next sweep takes the rest.
const GAMES_PER_SWEEP: i64 = 200;
/// Timeout moves one game may receive in one sweep (one per awaited seat, at most).
const MOVES_PER_GAME: usize = 16;

/// Plays the timeout moves of every game overdue at `now`; returns how many were played.
#[tracing::instrument(skip(store))]
pub async fn sweep(store: &Store, now: DateTime<Utc>) -> Result<usize, ApiError> {
    // A vacation that ran out lets its player's deadlines run again first.
    crate::vacations::end_run_out(store, now).await?;
    let mut played = 0;
    for game_id in store.overdue_games(now, GAMES_PER_SWEEP).await? {
        played += time_out(store, game_id, now).await?;
    }
    Ok(played)
}

async fn time_out(store: &Store, game_id: Uuid, now: DateTime<Utc>) -> Result<usize, ApiError> {
    let mut played = 0;
    // One sweep settles the deadline that had passed: moves it sets in motion
    // (a new turn, a new window) get a deadline of their own.
    let mut passed = None;
    while played < MOVES_PER_GAME {
        let mut timed_out = None;
        let outcome = decide_and_append(store, game_id, None, |game| {
            let overdue = game.deadline.is_some_and(|deadline| deadline <= now)
                && passed.is_none_or(|passed| game.deadline == Some(passed));
            passed = passed.or(game.deadline);
            let timeout = overdue.then(|| {
                game.awaiting_seats().into_iter().find_map(|seat| {
                    let command = game.rules.timeout_command(seat)?;
                    Some((game.player_at(seat)?, command))
                })
            });
            timed_out = timeout
                .as_ref()
                .and_then(|t| t.as_ref().map(|(user, _)| *user));
            Ok(timeout.flatten().map(|(user, command)| Plan {
                actor: user,
                commands: vec![GameCommand::Rules(command.clone())],
                record: Some(NewCommand {
                    id: Uuid::new_v4(),
                    actor: user,
                    idempotency_key: None,
                    body: json!({ "commands": [command], "timeout": true }),
                }),
            }))
        })
        .await?;
        match outcome {
            Played::Appended(appended) => {
                tracing::info!(%game_id, version = appended.game.version, "deadline passed: played the timeout move");
                played += 1;
                if let Some(user) = timed_out
                    && let Some(when_gone) = appended.game.time_control.and_then(|t| t.when_gone)
                    && appended.game.seat_of(user).is_some_and(|seat| {
                        appended.game.computer_at(seat).is_none()
                            && !appended.game.offered.contains(&seat)
                    })
                    && store
                        .missed_in_a_row(game_id, user, when_gone.after_missed_deadlines)
                        .await?
                {
                    gone(store, game_id, user, when_gone.then).await?;
                }
            }
            Played::AlreadyAnswered | Played::Nothing => return Ok(played),
        }
    }
    Ok(played)
}

/// Does for `user`, who missed the deadlines the game allows in a row, what
/// the game says: he resigns, a computer player takes his seat, or his seat
/// is offered to a substitute.
async fn gone(store: &Store, game_id: Uuid, user: Uuid, then: GoneThen) -> Result<(), ApiError> {
    let (command, computer) = match then {
        GoneThen::Resign => (TableCommand::Resign, None),
        GoneThen::Substitute => (TableCommand::OfferSeat, None),
        GoneThen::Computer => {
            let (user_id, username) = store.create_computer(Strength::Heuristic).await?;
            let command = TableCommand::HandOverToComputer {
                user_id,
                username,
                strength: Strength::Heuristic,
            };
            (command, Some(user_id))
        }
    };
    let handed = decide_and_append(store, game_id, None, |_| {
        Ok(Some(Plan {
            actor: user,
            commands: vec![GameCommand::Table(command.clone())],
            record: None,
        }))
    })
    .await;
    let seated = matches!(handed, Ok(Played::Appended(_)));
    if let (false, Some(computer)) = (seated, computer) {
        store.forget_computer(computer).await?;
    }
    if seated {
        tracing::info!(%game_id, %user, ?then, "a player missed his deadlines in a row: he is gone");
    }
    handed.map(|_| ())
}

/// Sweeps every `period` until the process ends. Watched: if it dies it is
/// logged, shown by `/ready`, and started again.
pub fn spawn_sweeper(store: Arc<Store>, tasks: Arc<BackgroundTasks>, period: Duration) {
    crate::background::supervise(tasks, "deadline_sweep", move || {
        sweep_forever(store.clone(), period)
    });
}

async fn sweep_forever(store: Arc<Store>, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    loop {
        ticks.tick().await;
        if let Err(error) = sweep(&store, Utc::now()).await {
            tracing::warn!(%error, "the deadline sweep failed; trying again next period");
        }
    }
}
