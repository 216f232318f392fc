//! A game folded from its log: the table, the rules' state, and the deadline
//! its time control sets.

use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;
use uuid::Uuid;

use owlpost_domain::registry::{DynGame, DynRuleset};
use owlpost_domain::rng::Seed;
use owlpost_domain::ruleset::{Awaiting, Seat, Viewer};
use owlpost_domain::table::{self, PlatformEvent, RulesUndo, Table};

use super::chain;
use super::log::{EventKind, StoredEvent};
use crate::error::ApiError;
use crate::model::GameStatus;

/// A game folded from its events up to `version`: its table, its rules'
/// state, and where its log and deadline stand. `ruleset` is the engine that
/// plays it: its ruleset at the revision its log says (the newest until its
/// first event is folded).
///
/// It dereferences to its [`Table`], so `game.seats` and `game.status` read
/// the table's fold directly.
pub struct LoadedGame {
    pub id: Uuid,
    pub ruleset: &'static dyn DynRuleset,
    pub seed: Seed,
    pub version: i64,
    pub last_hash: [u8; 32],
    pub table: Table,
    pub rules: Box<dyn DynGame>,
    /// When the awaited seats time out: a full period after the game last
    /// started waiting for a seat it was not waiting for before.
    pub deadline: Option<DateTime<Utc>>,
    /// The rules' state before each of the latest rules events, which a
    /// `taken_back` restores (in memory only; see [`RulesUndo`]).
    pub undo: RulesUndo,
}

impl std::ops::Deref for LoadedGame {
    type Target = Table;
    fn deref(&self) -> &Table {
        &self.table
    }
}

impl Clone for LoadedGame {
    fn clone(&self) -> Self {
        LoadedGame {
            id: self.id,
            ruleset: self.ruleset,
            seed: self.seed,
            version: self.version,
            last_hash: self.last_hash,
            table: self.table.clone(),
            rules: self.rules.clone_game(),
            deadline: self.deadline,
            undo: self.undo.clone(),
        }
    }
}

impl std::fmt::Debug for LoadedGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedGame")
            .field("id", &self.id)
            .field("ruleset", &self.ruleset.id())
            .field("version", &self.version)
            .field("status", &self.table.status)
            .finish_non_exhaustive()
    }
}

impl LoadedGame {
    /// A game before its first event.
    pub fn new(id: Uuid, ruleset: &'static dyn DynRuleset, seed: Seed) -> Self {
        LoadedGame {
            id,
            ruleset,
            seed,
            version: 0,
            last_hash: chain::GENESIS,
            table: Table::default(),
            rules: ruleset.new_game(),
            deadline: None,
            undo: RulesUndo::default(),
        }
    }

    /// Folds the event `seq` into the game. A `taken_back` restores the
    /// rules' state from before the range it names: the fold then skips the
    /// taken-back events, as a fold from the first event that left them out
    /// would.
    pub fn apply(&mut self, seq: i64, kind: EventKind, payload: &Value) -> Result<(), ApiError> {
        match kind {
            EventKind::Rules => {
                self.undo
                    .before_rules_event(seq as u64, self.rules.as_ref());
                // A new action cancels a take-back asked before it.
                self.table.takeback = None;
                self.rules.apply(payload).map_err(ApiError::internal)?;
            }
            EventKind::Platform => {
                let event: PlatformEvent =
                    PlatformEvent::deserialize(payload).map_err(ApiError::internal)?;
                table::apply_platform(&mut self.table, &mut self.rules, &event)
                    .map_err(ApiError::internal)?;
                if let PlatformEvent::TakenBack { from_seq, .. } = event {
                    self.rules = self.undo.take_back_to(from_seq).ok_or_else(|| {
                        ApiError::internal(anyhow::anyhow!(
                            "the fold holds no state from before event {from_seq} to take back to"
                        ))
                    })?;
                }
                if matches!(
                    event,
                    PlatformEvent::GameCreated { .. } | PlatformEvent::RulesRevised { .. }
                ) {
                    self.ruleset = self.table.engine().map_err(ApiError::internal)?;
                }
            }
        }
        Ok(())
    }

    pub(super) fn fold_stored(&mut self, event: &StoredEvent) -> Result<(), ApiError> {
        let awaited_before = match self.time_control {
            Some(_) => self.awaiting_seats(),
            None => Vec::new(),
        };
        let paused_before = self.table.paused;
        self.apply(event.seq, event.kind, &event.payload)?;
        if let Some(time_control) = self.time_control {
            self.run_clock(
                event.recorded_at,
                time_control.move_seconds,
                &awaited_before,
                paused_before,
            );
        }
        self.version = event.seq;
        self.last_hash = event.hash;
        Ok(())
    }

    /// Whether folding `events` (the next ones) needs a fold from the first
    /// event instead: one of them takes back events from before what this
    /// fold remembers (it started from a snapshot taken in between).
    pub fn cannot_take_back_in(&self, events: &[StoredEvent]) -> bool {
        events.iter().any(|event| {
            let Ok(PlatformEvent::TakenBack { from_seq, .. }) =
                PlatformEvent::deserialize(&event.payload)
            else {
                return false;
            };
            event.kind == EventKind::Platform
                && !self.undo.reaches(from_seq)
                && !events
                    .iter()
                    .any(|e| e.kind == EventKind::Rules && e.seq as u64 == from_seq)
        })
    }

    /// Moves the deadline for an event recorded at `now`: a full period
    /// from when the game starts waiting for a seat it was not waiting for;
    /// none while it is paused or waits for nobody; the time that was left
    /// when a pause ends; and standing still while it awaits a player on
    /// vacation (the time left is held, and runs again from where it stood
    /// once he is back).
    fn run_clock(
        &mut self,
        now: DateTime<Utc>,
        move_seconds: u32,
        awaited_before: &[Seat],
        paused_before: Option<table::Paused>,
    ) {
        if self.table.paused.is_some() {
            // A paused game runs no deadline; a held one stays held for the resume.
            self.deadline = None;
            return;
        }
        // A held deadline reads, for this event, as if it ran again from now.
        if let Some(held) = self.table.clock_held.take() {
            self.deadline = Some(now + chrono::Duration::seconds(i64::from(held)));
        }
        let resumed_with = paused_before.and_then(|paused| paused.remaining_seconds);
        if let Some(left) = resumed_with {
            // A resumed game gives the awaited players back the time they had left.
            self.deadline = Some(now + chrono::Duration::seconds(i64::from(left)));
        } else {
            let awaited = self.awaiting_seats();
            let someone_new = awaited.iter().any(|s| !awaited_before.contains(s));
            self.deadline = if awaited.is_empty() {
                None
            } else if someone_new || self.deadline.is_none() {
                Some(now + chrono::Duration::seconds(i64::from(move_seconds)))
            } else {
                self.deadline
            };
        }
        let awaits_a_vacationer = self
            .awaiting_seats()
            .into_iter()
            .any(|seat| self.table.on_vacation_until(seat).is_some());
        if awaits_a_vacationer && let Some(deadline) = self.deadline.take() {
            // To the nearest second: a clock held the moment it started keeps its whole period.
            let left = ((deadline - now).num_milliseconds() + 500)
                .div_euclid(1000)
                .max(0);
            self.table.clock_held = Some(u32::try_from(left).unwrap_or(u32::MAX));
        }
    }

    /// What `user` may see: his own seat's secrets while the game runs,
    /// everything once it is over (the record is then public to its players).
    pub fn viewer_for(&self, user: Option<Uuid>) -> Viewer {
        match user.and_then(|u| self.table.seat_played_by(u)) {
            Some(_) if self.status == GameStatus::Finished => Viewer::Referee,
            Some(seat) => Viewer::Player(seat),
            None => Viewer::Spectator,
        }
    }

    /// Refuses `user` a look at the game (its view, its events, its board)
    /// while it is played if he holds no seat in it and its creator refused
    /// spectators. An open game shows to anyone who might join it, and a
    /// finished one is public in the archive.
    ///
    /// # Errors
    /// `spectators_not_allowed` (403).
    pub fn may_be_watched_by(&self, user: Option<Uuid>) -> Result<(), ApiError> {
        let seated = user.is_some_and(|u| self.table.seat_played_by(u).is_some());
        if self.table.spectators_refused && self.status == GameStatus::Active && !seated {
            return Err(ApiError::SpectatorsNotAllowed);
        }
        Ok(())
    }

    /// Who the game waits for, and why: nobody unless it is being played
    /// (a paused game waits for nobody).
    pub fn awaiting(&self) -> Vec<Awaiting> {
        if self.status == GameStatus::Active && self.table.paused.is_none() {
            self.rules.awaiting()
        } else {
            vec![]
        }
    }

    /// [`Self::awaiting`], and whether it includes `user`.
    pub fn awaiting_for(&self, user: Option<Uuid>) -> (Vec<Awaiting>, bool) {
        let awaiting = self.awaiting();
        let seat = user.and_then(|u| self.seat_played_by(u));
        let awaits_user = seat.is_some_and(|seat| awaiting.iter().any(|a| a.seat == seat));
        (awaiting, awaits_user)
    }

    /// The seats the game waits for.
    pub fn awaiting_seats(&self) -> Vec<Seat> {
        let mut seats: Vec<Seat> = self.awaiting().iter().map(|a| a.seat).collect();
        seats.dedup();
        seats
    }
}
