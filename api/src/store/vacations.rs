//! Vacations: each user's running vacation and the days he spent a year.

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel::result::{DatabaseErrorKind, Error as DieselError};
use diesel_async::RunQueryDsl;
use uuid::Uuid;

use super::Store;
use super::schema::vacations;
use crate::error::{ApiError, VacationRefusal};

/// A vacation as kept: when it began, until when it runs, what it cost.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Queryable)]
pub struct VacationRow {
    pub began_at: DateTime<Utc>,
    pub until: DateTime<Utc>,
    /// The days it cost: those asked for, less the whole days given back
    /// when it ended early.
    pub days: i32,
}

impl Store {
    /// `user`'s vacation running now (begun, not ended), if any.
    #[tracing::instrument(skip(self))]
    pub async fn running_vacation(&self, user: Uuid) -> Result<Option<VacationRow>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(vacations::table
            .filter(vacations::user_id.eq(user))
            .filter(vacations::ended_at.is_null())
            .select((vacations::began_at, vacations::until, vacations::days))
            .first(&mut conn)
            .await
            .optional()?)
    }

    /// The vacation days `user` spent on vacations begun in `year` (UTC).
    #[tracing::instrument(skip(self))]
    pub async fn vacation_days_spent(&self, user: Uuid, year: i32) -> Result<i64, ApiError> {
        use chrono::TimeZone;
        let start = Utc
            .with_ymd_and_hms(year, 1, 1, 0, 0, 0)
            .single()
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no 1 January {year}")))?;
        let end = Utc
            .with_ymd_and_hms(year + 1, 1, 1, 0, 0, 0)
            .single()
            .ok_or_else(|| ApiError::internal(anyhow::anyhow!("no 1 January {}", year + 1)))?;
        let mut conn = self.connection().await?;
        let spent: Option<i64> = vacations::table
            .filter(vacations::user_id.eq(user))
            .filter(vacations::began_at.ge(start))
            .filter(vacations::began_at.lt(end))
            .select(diesel::dsl::sum(vacations::days))
            .first(&mut conn)
            .await?;
        Ok(spent.unwrap_or(0))
    }

    /// Records that `user` is on vacation from `began_at` to `until`, at a
    /// cost of `days`.
    ///
    /// # Errors
    /// `already_on_vacation` when another of his vacations runs (one at a
    /// time, which the database holds).
    #[tracing::instrument(skip(self))]
    pub async fn begin_vacation(
        &self,
        user: Uuid,
        began_at: DateTime<Utc>,
        until: DateTime<Utc>,
        days: i32,
    ) -> Result<VacationRow, ApiError> {
        let mut conn = self.connection().await?;
        let inserted = diesel::insert_into(vacations::table)
            .values((
                vacations::id.eq(Uuid::new_v4()),
                vacations::user_id.eq(user),
                vacations::began_at.eq(began_at),
                vacations::until.eq(until),
                vacations::days.eq(days),
            ))
            .execute(&mut conn)
            .await;
        match inserted {
            Ok(_) => Ok(VacationRow {
                began_at,
                until,
                days,
            }),
            Err(DieselError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)) => {
                drop(conn);
                let until = self
                    .running_vacation(user)
                    .await?
                    .map_or(until, |running| running.until);
                Err(VacationRefusal::AlreadyOnVacation { until }.into())
            }
            Err(error) => Err(error.into()),
        }
    }

    /// Ends `user`'s running vacation at `now`, giving back the whole days
    /// it had still to run; the vacation as it now stands, or `None` when
    /// none was running.
    #[tracing::instrument(skip(self))]
    pub async fn end_vacation(
        &self,
        user: Uuid,
        now: DateTime<Utc>,
    ) -> Result<Option<VacationRow>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(diesel::update(
            vacations::table
                .filter(vacations::user_id.eq(user))
                .filter(vacations::ended_at.is_null()),
        )
        .set((
            vacations::ended_at.eq(now),
            vacations::days.eq(diesel::dsl::sql::<diesel::sql_types::Integer>(
                "greatest(0, days - floor(extract(epoch FROM greatest(until - ",
            )
            .bind::<diesel::sql_types::Timestamptz, _>(now)
            .sql(", interval '0')) / 86400)::integer)")),
        ))
        .returning((vacations::began_at, vacations::until, vacations::days))
        .get_result(&mut conn)
        .await
        .optional()?)
    }

    /// The users whose vacation runs out at or before `now` and is not ended yet.
    #[tracing::instrument(skip(self))]
    pub async fn vacations_run_out(
        &self,
        now: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<Uuid>, ApiError> {
        let mut conn = self.connection().await?;
        Ok(vacations::table
            .filter(vacations::ended_at.is_null())
            .filter(vacations::until.le(now))
            .order(vacations::until.asc())
            .limit(limit)
            .select(vacations::user_id)
            .load(&mut conn)
            .await?)
    }

    /// Closes `user`'s vacation that ran out at or before `now`: it ended
    /// when it was to, every day spent.
    #[tracing::instrument(skip(self))]
    pub async fn close_run_out_vacation(
        &self,
        user: Uuid,
        now: DateTime<Utc>,
    ) -> Result<(), ApiError> {
        let mut conn = self.connection().await?;
        diesel::update(
            vacations::table
                .filter(vacations::user_id.eq(user))
                .filter(vacations::ended_at.is_null())
                .filter(vacations::until.le(now)),
        )
        .set(vacations::ended_at.eq(vacations::until.nullable()))
        .execute(&mut conn)
        .await?;
        Ok(())
    }
}
