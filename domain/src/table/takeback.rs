//! Take-backs by agreement: a player asks to take back his last action, the
//! other players agree, and the log says `taken_back` with the range of
//! events the fold then skips. Nothing is deleted: the hash chain stays
//! whole and the record shows what happened.
//!
//! Which events make up a player's last action, and whether his rules allow
//! taking them back ([`crate::ruleset::Ruleset::takeback`]), the server
//! reads from the log and tells in [`TableCommand::AskTakeback`], as it tells
//! the time left in a pause: the table knows neither command boundaries nor
//! sequence numbers. The table decides who asks and who agrees. Computer
//! players and seats offered to a substitute agree at once (nobody is there
//! to refuse). A request stands until it is granted or any rules event is
//! folded (a new action by anyone), which cancels it.

use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::{GameEvent, PlatformEvent, Table, TableCommand, TableRefusal};
use crate::ruleset::{Seat, SeatNames};

/// Whether the other players are asked to agree to a take-back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
pub enum Takebacks {
    /// They are: it is taken back once every other player agrees.
    #[default]
    Asking,
    /// They are not: it is taken back at once (a game against computer players, say).
    WithoutAsking,
}

/// A take-back asked and not yet granted.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingTakeback {
    /// Who asked.
    pub seat: Seat,
    /// The first and last seq of the events his last action appended.
    pub from_seq: u64,
    pub to_seq: u64,
    /// The other players who agreed so far.
    pub agreed: Vec<Seat>,
}

/// Decides a [`TableCommand::AskTakeback`] or [`TableCommand::AgreeTakeback`]
/// by `actor` in a game whose log ends at `version`.
pub(super) fn decide(
    table: &Table,
    version: u64,
    actor: Uuid,
    command: &TableCommand,
) -> Result<Vec<GameEvent>, TableRefusal> {
    let seat = table.seat_of(actor).ok_or(TableRefusal::NotAPlayer)?;
    table.require_playing()?;
    let mut events = Vec::new();
    let (asker, from_seq, to_seq, mut agreed) = match command {
        TableCommand::AskTakeback { from_seq, to_seq } => {
            if table.takeback.is_some() {
                return Err(TableRefusal::TakebackAlreadyAsked);
            }
            if from_seq > to_seq || *to_seq > version || *from_seq == 0 {
                return Err(TableRefusal::NothingToTakeBack);
            }
            events.push(PlatformEvent::TakebackAsked {
                seat,
                from_seq: *from_seq,
                to_seq: *to_seq,
            });
            (seat, *from_seq, *to_seq, Vec::new())
        }
        TableCommand::AgreeTakeback => {
            let pending = table
                .takeback
                .as_ref()
                .ok_or(TableRefusal::NothingToTakeBack)?;
            if pending.seat == seat {
                return Err(TableRefusal::AgreeOwnTakeback);
            }
            if pending.agreed.contains(&seat) {
                return Err(TableRefusal::AlreadyAgreedToTakeback);
            }
            events.push(PlatformEvent::TakebackAgreed { seat });
            let mut agreed = pending.agreed.clone();
            agreed.push(seat);
            (pending.seat, pending.from_seq, pending.to_seq, agreed)
        }
        _ => unreachable!("only take-back commands are decided here"),
    };
    agreed.push(asker);
    let everyone = table.takebacks_without_asking
        || (0..table.seats.len() as u8)
            .map(Seat)
            .all(|s| agreed.contains(&s) || table.agrees_at_once(s));
    if everyone {
        events.push(PlatformEvent::TakenBack {
            seat: asker,
            from_seq,
            to_seq,
        });
    }
    Ok(events.into_iter().map(GameEvent::Platform).collect())
}

impl Table {
    /// Whether the seat agrees to any take-back at once: a computer player,
    /// or a seat offered to a substitute (nobody plays it).
    fn agrees_at_once(&self, seat: Seat) -> bool {
        self.computers.iter().any(|(s, _)| *s == seat) || self.offered.contains(&seat)
    }

    /// Folds a take-back event.
    pub(super) fn evolve_takeback(&mut self, event: &PlatformEvent) {
        match event {
            PlatformEvent::TakebackAsked {
                seat,
                from_seq,
                to_seq,
            } => {
                self.takeback = Some(PendingTakeback {
                    seat: *seat,
                    from_seq: *from_seq,
                    to_seq: *to_seq,
                    agreed: Vec::new(),
                });
            }
            PlatformEvent::TakebackAgreed { seat } => {
                if let Some(pending) = self.takeback.as_mut()
                    && !pending.agreed.contains(seat)
                {
                    pending.agreed.push(*seat);
                }
            }
            PlatformEvent::TakenBack {
                from_seq, to_seq, ..
            } => {
                self.takeback = None;
                self.taken_back.push((*from_seq, *to_seq));
            }
            _ => {}
        }
    }

    /// Whether the rules event at `seq` was taken back: the fold skips it.
    pub fn is_taken_back(&self, seq: u64) -> bool {
        self.taken_back
            .iter()
            .any(|(from, to)| (*from..=*to).contains(&seq))
    }
}

/// The feed's sentence for a take-back event.
pub(super) fn narrate(event: &PlatformEvent, names: &SeatNames) -> String {
    match event {
        PlatformEvent::TakebackAsked { seat, .. } => format!(
            "{} asks to take back his last move; the others may agree.",
            names.of(*seat)
        ),
        PlatformEvent::TakebackAgreed { seat } => {
            format!("{} agrees to the take-back.", names.of(*seat))
        }
        PlatformEvent::TakenBack { seat, .. } => format!(
            "Everyone agreed: {}'s last move is taken back, and he plays again.",
            names.of(*seat)
        ),
        _ => unreachable!("only take-back events are told here"),
    }
}

/// The most events one action may append and still be taken back: the
/// rules' state before each of the latest this many rules events is kept.
pub const TAKEBACK_DEPTH: usize = 64;

/// The rules' state before each of the latest rules events (at most
/// [`TAKEBACK_DEPTH`]), so that a fold meeting `taken_back` restores the
/// state before the range without reading the log again. Kept in memory
/// only: a fold started from a snapshot has none before the snapshot, and
/// must then fold from the first event (see [`Self::reaches`]).
#[derive(Default)]
pub struct RulesUndo {
    before: std::collections::VecDeque<(u64, Box<dyn crate::registry::DynGame>)>,
}

impl Clone for RulesUndo {
    fn clone(&self) -> Self {
        RulesUndo {
            before: self
                .before
                .iter()
                .map(|(seq, rules)| (*seq, rules.clone_game()))
                .collect(),
        }
    }
}

impl RulesUndo {
    /// Notes `rules` as the state before the rules event `seq`.
    pub fn before_rules_event(&mut self, seq: u64, rules: &dyn crate::registry::DynGame) {
        if self.before.len() == TAKEBACK_DEPTH {
            self.before.pop_front();
        }
        self.before.push_back((seq, rules.clone_game()));
    }

    /// Whether the state before the rules event `seq` is kept.
    pub fn reaches(&self, seq: u64) -> bool {
        self.before.iter().any(|(s, _)| *s == seq)
    }

    /// The rules' state before the event `from_seq`, forgetting what
    /// followed it; `None` when it is not kept.
    pub fn take_back_to(&mut self, from_seq: u64) -> Option<Box<dyn crate::registry::DynGame>> {
        let at = self.before.iter().position(|(s, _)| *s == from_seq)?;
        let (_, rules) = self.before.drain(at..).next()?;
        Some(rules)
    }
}

/// One event of the log, as [`last_action`] reads it.
pub struct LoggedEvent<'a> {
    pub seq: u64,
    /// A rules event (else a platform one).
    pub rules: bool,
    pub payload: &'a serde_json::Value,
}

/// The range (first and last seq) of `asker`'s last action, if he may ask
/// to take it back: it is the last command in the log that appended events
/// (`last_command`: its actor, first and last seq), nothing but table talk
/// follows it in `events` (the log from that command's first event on), it
/// appended rules events only, not yet taken back, and `rules` (the game's
/// rules as they stand) allow taking them back.
///
/// # Errors
/// `nothing_to_take_back`, `takeback_after_other_player`, or the rules'
/// refusal.
pub fn last_action(
    table: &Table,
    rules: &dyn crate::registry::DynGame,
    asker: Uuid,
    last_command: Option<(Uuid, u64, u64)>,
    events: &[LoggedEvent<'_>],
) -> Result<(u64, u64), TableRefusal> {
    table.seat_of(asker).ok_or(TableRefusal::NotAPlayer)?;
    let (actor, first, last) = last_command.ok_or(TableRefusal::NothingToTakeBack)?;
    if last < first || table.taken_back.contains(&(first, last)) {
        return Err(TableRefusal::NothingToTakeBack);
    }
    let talk_only = events.iter().filter(|e| e.seq > last).all(|event| {
        !event.rules
            && matches!(
                PlatformEvent::deserialize(event.payload),
                Ok(PlatformEvent::MessageWritten { .. }
                    | PlatformEvent::PlayerMuted { .. }
                    | PlatformEvent::MessageWithheld { .. }
                    | PlatformEvent::TakebackAsked { .. }
                    | PlatformEvent::TakebackAgreed { .. })
            )
    });
    if !talk_only {
        return Err(TableRefusal::TakebackAfterOtherPlayer);
    }
    if actor != asker {
        return Err(if table.seat_of(actor).is_some() {
            TableRefusal::TakebackAfterOtherPlayer
        } else {
            TableRefusal::NothingToTakeBack
        });
    }
    let action: Vec<&LoggedEvent<'_>> = events
        .iter()
        .filter(|e| (first..=last).contains(&e.seq))
        .collect();
    let whole = action.len() as u64 == last - first + 1;
    if !whole || action.len() > TAKEBACK_DEPTH || action.iter().any(|e| !e.rules) {
        return Err(TableRefusal::Takeback(
            crate::ruleset::TakebackRefusal::NotOffered,
        ));
    }
    let payloads: Vec<serde_json::Value> = action.iter().map(|e| e.payload.clone()).collect();
    rules.takeback(&payloads).map_err(TableRefusal::Takeback)?;
    Ok((first, last))
}
