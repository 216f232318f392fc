//! Vacations: a user spends whole days of a yearly allowance, and while he
//! is away the deadlines of his games that await him stand still.
//!
//! Each game under way he plays hears of it as a table command of his
//! (`vacation_began`, then `vacation_ended` with the time held for the
//! awaited players), so its log says why its deadline moved and a record
//! replays it. The account keeps the allowance; the deadline sweep ends the
//! vacations that run out.

use chrono::{DateTime, Datelike, SubsecRound, Utc};
use owlpost_domain::table::{GameCommand, TableCommand};
use uuid::Uuid;

use crate::error::{ApiError, VacationRefusal};
use crate::model::{Vacation, VacationAllowance};
use crate::play::{Plan, decide_and_append, remaining_seconds};
use crate::store::Store;
use crate::store::vacations::VacationRow;

/// Vacations the sweep ends at once; the next sweep takes the rest.
const RUN_OUT_PER_SWEEP: i64 = 200;

/// `user`'s allowance at `now`, of `days_per_year`.
///
/// # Errors
/// When the database fails.
pub async fn allowance(
    store: &Store,
    user: Uuid,
    days_per_year: u32,
    now: DateTime<Utc>,
) -> Result<VacationAllowance, ApiError> {
    let spent = store.vacation_days_spent(user, now.year()).await?;
    let current = store.running_vacation(user).await?.map(vacation);
    Ok(VacationAllowance {
        days_per_year,
        days_left: u32::try_from((i64::from(days_per_year) - spent).max(0)).unwrap_or(0),
        current,
    })
}

fn vacation(row: VacationRow) -> Vacation {
    Vacation {
        began_at: row.began_at,
        until: row.until,
        days: u32::try_from(row.days).unwrap_or(0),
    }
}

/// Sends `user` on vacation for `days` whole days from `now`.
///
/// # Errors
/// `vacation_too_short`, `not_enough_vacation_days`, `already_on_vacation`;
/// nothing changes then.
pub async fn begin(
    store: &Store,
    user: Uuid,
    days: i64,
    days_per_year: u32,
    now: DateTime<Utc>,
) -> Result<VacationAllowance, ApiError> {
    if days < 1 {
        return Err(VacationRefusal::TooShort.into());
    }
    let before = allowance(store, user, days_per_year, now).await?;
    if let Some(running) = before.current {
        return Err(VacationRefusal::AlreadyOnVacation {
            until: running.until,
        }
        .into());
    }
    let left = i64::from(before.days_left);
    if days > left {
        return Err(VacationRefusal::NotEnoughDays { asked: days, left }.into());
    }
    // Whole seconds: the account and every game's log tell the same instant.
    let now = now.trunc_subsecs(0);
    let until = now + chrono::Duration::days(days);
    store.begin_vacation(user, now, until, days as i32).await?;
    for game_id in store.active_games_of(user).await? {
        tell_game(store, game_id, user, |game| TableCommand::BeginVacation {
            until,
            remaining_seconds: remaining_seconds(game, now),
        })
        .await?;
    }
    allowance(store, user, days_per_year, now).await
}

/// Ends `user`'s vacation at `now`; the whole days it had still to run come back.
///
/// # Errors
/// `not_on_vacation`; nothing changes then.
pub async fn end(
    store: &Store,
    user: Uuid,
    days_per_year: u32,
    now: DateTime<Utc>,
) -> Result<VacationAllowance, ApiError> {
    store
        .end_vacation(user, now)
        .await?
        .ok_or(VacationRefusal::NotOnVacation)?;
    back_in_his_games(store, user).await?;
    allowance(store, user, days_per_year, now).await
}

/// Ends the vacations that ran out at or before `now`; returns how many.
///
/// # Errors
/// When the database fails; a vacation not ended stays for the next sweep.
pub async fn end_run_out(store: &Store, now: DateTime<Utc>) -> Result<usize, ApiError> {
    let users = store.vacations_run_out(now, RUN_OUT_PER_SWEEP).await?;
    for user in &users {
        // His games first: if this fails half-way, the next sweep finds the
        // vacation still running and tells the games not told yet.
        back_in_his_games(store, *user).await?;
        store.close_run_out_vacation(*user, now).await?;
        tracing::info!(%user, "a vacation ran out");
    }
    Ok(users.len())
}

/// Tells game `game_id`, which has just come under way or taken a new
/// player, of the vacations its `players` are on; returns whether it told
/// it anything (its log then has grown).
///
/// # Errors
/// When the database fails.
pub async fn tell_new_game(
    store: &Store,
    game_id: Uuid,
    players: &[Uuid],
    now: DateTime<Utc>,
) -> Result<bool, ApiError> {
    let mut told = false;
    for user in players {
        let Some(running) = store.running_vacation(*user).await? else {
            continue;
        };
        tell_game(store, game_id, *user, |game| TableCommand::BeginVacation {
            until: running.until,
            remaining_seconds: remaining_seconds(game, now),
        })
        .await?;
        told = true;
    }
    Ok(told)
}

/// Tells each game under way of `user` that he is back: its deadline runs
/// again from where it stood.
async fn back_in_his_games(store: &Store, user: Uuid) -> Result<(), ApiError> {
    for game_id in store.active_games_of(user).await? {
        tell_game(store, game_id, user, |game| TableCommand::EndVacation {
            remaining_seconds: game.table.clock_held,
        })
        .await?;
    }
    Ok(())
}

/// Plays `command` for `user` in one of his games. A game that refuses it
/// (it ended meanwhile, he is gone from it, or it already knows) is left as
/// it is: only a failing database is an error.
async fn tell_game(
    store: &Store,
    game_id: Uuid,
    user: Uuid,
    command: impl Fn(&crate::store::LoadedGame) -> TableCommand + Send + Sync,
) -> Result<(), ApiError> {
    let told = decide_and_append(store, game_id, None, |game| {
        Ok(Some(Plan {
            actor: user,
            commands: vec![GameCommand::Table(command(game))],
            record: None,
        }))
    })
    .await;
    match told {
        Ok(_) => Ok(()),
        Err(error @ (ApiError::DatabaseUnavailable(_) | ApiError::Internal(_))) => Err(error),
        Err(refusal) => {
            tracing::debug!(%game_id, %user, %refusal, "a game did not take the vacation news");
            Ok(())
        }
    }
}
