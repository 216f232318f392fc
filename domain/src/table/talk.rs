//! Table talk: messages between the players of a game, and mutes.
//!
//! A message is a platform event of the game's log like any other, so it is
//! hash-chained and replayed; it changes neither the rules' state nor whose
//! turn it is. Who may read it is decided here, in [`Table::shows`], for
//! every answer that tells events: a message to one player is shown to its
//! writer and its reader only, ever (not to the other players, not to
//! spectators, not once the game is over); a message to all is shown to the
//! players, and to everyone once the game is over; a mute is shown to the
//! player who muted only. A player does not see the messages of a player he
//! muted.
//!
//! Players may talk from the moment they sit at the table, before the start
//! too (greetings while the table fills), while the game is paused, and
//! until it ends; a finished or cancelled game takes no more words.

use uuid::Uuid;

use super::{GameStatus, PlatformEvent, Table, TableCommand, TableRefusal};
use crate::ruleset::{Seat, SeatNames};

/// The most characters (Unicode scalar values) a message may hold.
pub const LONGEST_MESSAGE: usize = 1000;

/// Decides a [`TableCommand::WriteMessage`] or [`TableCommand::Mute`].
pub(super) fn decide(
    table: &Table,
    actor: Uuid,
    command: &TableCommand,
) -> Result<PlatformEvent, TableRefusal> {
    let from = table.seat_of(actor).ok_or(TableRefusal::NotAPlayer)?;
    table.require_talking()?;
    match command {
        TableCommand::WriteMessage { text, to } => {
            check_text(text)?;
            if let Some(to) = to {
                table.require_player_at(*to)?;
                if *to == from {
                    return Err(TableRefusal::MessageToSelf);
                }
            }
            Ok(PlatformEvent::MessageWritten {
                from,
                to: *to,
                text: text.clone(),
            })
        }
        TableCommand::Mute { seat, muted } => {
            table.require_player_at(*seat)?;
            if *seat == from {
                return Err(TableRefusal::MuteSelf);
            }
            Ok(PlatformEvent::PlayerMuted {
                by: from,
                seat: *seat,
                muted: *muted,
            })
        }
        _ => unreachable!("only talk commands are decided here"),
    }
}

/// Refuses a text that is empty, too long, or not plain text.
fn check_text(text: &str) -> Result<(), TableRefusal> {
    if text.trim().is_empty() {
        return Err(TableRefusal::EmptyMessage);
    }
    let got = text.chars().count();
    if got > LONGEST_MESSAGE {
        return Err(TableRefusal::MessageTooLong {
            most: LONGEST_MESSAGE,
            got,
        });
    }
    if text
        .chars()
        .any(|c| c.is_control() && c != '\n' && c != '\t')
    {
        return Err(TableRefusal::MessageNotPlainText);
    }
    Ok(())
}

impl Table {
    /// Refuses unless the players may talk: the game is open or played.
    fn require_talking(&self) -> Result<(), TableRefusal> {
        match self.status {
            GameStatus::Open | GameStatus::Active => Ok(()),
            GameStatus::Finished => Err(TableRefusal::Over),
            GameStatus::Cancelled => Err(TableRefusal::Cancelled),
        }
    }

    /// Refuses unless somebody sits in `seat`.
    fn require_player_at(&self, seat: Seat) -> Result<(), TableRefusal> {
        match self.seats.get(seat.index()) {
            None => Err(TableRefusal::NoSuchSeat {
                last: self.seats.len().saturating_sub(1) as u8,
            }),
            Some(None) => Err(TableRefusal::NobodyThere(seat)),
            Some(Some(_)) => Ok(()),
        }
    }

    /// Folds a talk event.
    pub(super) fn evolve_talk(&mut self, event: &PlatformEvent) {
        if let PlatformEvent::PlayerMuted { by, seat, muted } = event {
            self.muted.retain(|pair| *pair != (*by, *seat));
            if *muted {
                self.muted.push((*by, *seat));
            }
        }
    }

    /// Whether the player of `by` muted the player of `seat`.
    pub fn has_muted(&self, by: Seat, seat: Seat) -> bool {
        self.muted.contains(&(by, seat))
    }

    /// Whether the reader (the player of `reader`, or a non-player when
    /// `None`) may be shown `event`, with the table as it stands now (its
    /// status and its mutes). Every event but talk is shown to whoever may
    /// see the game at all.
    pub fn shows(&self, event: &PlatformEvent, reader: Option<Seat>) -> bool {
        match event {
            PlatformEvent::MessageWritten { from, to, .. } => match (reader, to) {
                (Some(me), _) if me != *from && self.has_muted(me, *from) => false,
                (Some(me), Some(to)) => me == *from || me == *to,
                (Some(_), None) => true,
                (None, Some(_)) => false,
                (None, None) => self.status == GameStatus::Finished,
            },
            PlatformEvent::PlayerMuted { by, .. } => reader == Some(*by),
            PlatformEvent::MessageWithheld { .. } => false,
            _ => true,
        }
    }
}

/// A talk event in one sentence (for its reader, who may see it).
pub(super) fn narrate(event: &PlatformEvent, names: &SeatNames) -> String {
    match event {
        PlatformEvent::MessageWritten {
            from,
            to: None,
            text,
        } => format!("{} says: {text}", names.of(*from)),
        PlatformEvent::MessageWritten {
            from,
            to: Some(to),
            text,
        } => format!("{} to {} alone: {text}", names.of(*from), names.of(*to)),
        PlatformEvent::PlayerMuted {
            seat, muted: true, ..
        } => format!(
            "You mute {}: his messages are not shown to you.",
            names.of(*seat)
        ),
        PlatformEvent::PlayerMuted {
            seat, muted: false, ..
        } => format!("You hear {} again.", names.of(*seat)),
        PlatformEvent::MessageWithheld { from, to } => format!(
            "{} wrote to {} alone; the text is theirs.",
            names.of(*from),
            names.of(*to)
        ),
        _ => unreachable!("only talk events are told here"),
    }
}
