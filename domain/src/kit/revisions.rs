//! Rules revisions: a game finishes under the rules it started with.
//!
//! Every ruleset declares its revisions in [`crate::ruleset::Ruleset::REVISIONS`],
//! oldest first, each with a number, a date and one line per change (the
//! changelog clients read in `GET /v1/rulesets/{id}`). A game's first event
//! (`game_created`) records the revision it starts under; a record without
//! one is revision 1. `decide`, `legal_commands`, the timeout moves and the
//! record verifier all use the game's revision, found through
//! [`crate::registry::find_revision`] — the one place that maps a revision to
//! the code that plays it.
//!
//! # How a rules fix is written from now on
//!
//! 1. **Keep a record of the rules before the fix.** Build the commit before
//!    your change and add a finished record (and, if the fix touches a game in
//!    progress, a dump) to `tests/records/` with the generator there. Never
//!    regenerate a record.
//! 2. **Add a revision** at the end of the ruleset's `REVISIONS`: the next
//!    number, today's date, one line per change in the rulebook's words.
//! 3. **Keep the old behaviour reachable as data.** The ruleset's state knows
//!    its revision (set by [`crate::ruleset::Ruleset::new_state`]); the rules
//!    that changed read a value chosen by revision in *one* place (as an
//!    edition's rules are read), never `if revision < 3` in the rules. When
//!    the old behaviour cannot be kept that way, freeze the old rules instead:
//!    a copy of the ruleset as it was, in a crate of its own under
//!    `domain/revisions/`, named in [`RevisionRules::Frozen`] (Wiz-War's
//!    revision 1 is such a copy).
//! 4. **Change an event's shape only with a revision**, and give the revision
//!    an [`Upcast`] that brings an event written under the revision before it
//!    to the new shape. The revision in force where an event stands in the log
//!    (the game's first event, then any `rules_revised`) is that event's shape
//!    version, so the reader always knows which upcasters to run. Never rely
//!    on `#[serde(default)]` to read old events.
//! 5. **Test both.** A test named in the rulebook's terms for the new rule, and
//!    the corpus test shows that the old records still verify and the old games
//!    in progress still play their old rules.
//!
//! New games start under the newest revision. The players of a game in
//! progress may agree to move it to the newest revision (every player asks,
//! as with abandoning); the log then says `rules_revised`.

use serde_json::Value;

use crate::registry::DynRuleset;

/// One revision of a ruleset's rules.
#[derive(Clone, Copy)]
pub struct Revision {
    /// 1, 2, 3…: the number a game's first event records.
    pub number: u32,
    /// The day it was made, `YYYY-MM-DD`.
    pub date: &'static str,
    /// What changed from the revision before, one line per change.
    pub changes: &'static [&'static str],
    /// The code that plays games of this revision.
    pub rules: RevisionRules,
    /// Brings an event written under the revision before this one to the
    /// shape of this one; `None` when no event changed its shape.
    pub upcast: Option<Upcast>,
}

/// Who decides a game of a revision.
#[derive(Clone, Copy)]
pub enum RevisionRules {
    /// Today's code of the ruleset, told the revision through its state.
    Current,
    /// A frozen copy of the rules as they were (exact by construction).
    Frozen(&'static dyn DynRuleset),
}

/// An event (as JSON) written under the revision before, in the shape of
/// the revision that declares it. It recognises the older shape from the
/// event itself and leaves an event already in its shape (or a later one)
/// as it is: a game's events may have been written by several builds.
pub type Upcast = fn(Value) -> Value;

/// `event`, written under revision `written_under`, brought to the shape of
/// revision `to` by each upcaster between them, in order.
pub fn upcast(revisions: &[Revision], event: Value, written_under: u32, to: u32) -> Value {
    revisions
        .iter()
        .filter(|r| r.number > written_under && r.number <= to)
        .filter_map(|r| r.upcast)
        .fold(event, |event, upcast| upcast(event))
}

/// The newest revision of `revisions` (every ruleset has at least one).
pub fn newest(revisions: &[Revision]) -> u32 {
    revisions.last().map_or(1, |r| r.number)
}

/// Checks what every ruleset's revision list must hold: numbered 1, 2, 3…
/// in order, each dated and saying what changed, the newest played by
/// today's code.
pub fn check(id: &str, revisions: &[Revision]) -> Result<(), String> {
    if revisions.is_empty() {
        return Err(format!("{id} declares no revision"));
    }
    for (expected, revision) in (1..).zip(revisions) {
        if revision.number != expected {
            return Err(format!(
                "{id}: revision {} stands where {expected} should",
                revision.number
            ));
        }
        let date = revision.date.as_bytes();
        let dated = date.len() == 10
            && date[4] == b'-'
            && date[7] == b'-'
            && date
                .iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !dated {
            return Err(format!("{id}: revision {expected} is not dated YYYY-MM-DD"));
        }
        if revision.changes.is_empty() || revision.changes.iter().any(|c| c.trim().is_empty()) {
            return Err(format!(
                "{id}: revision {expected} does not say what changed"
            ));
        }
    }
    if let Some(Revision {
        rules: RevisionRules::Frozen(_),
        number,
        ..
    }) = revisions.last()
    {
        return Err(format!(
            "{id}: the newest revision ({number}) must be played by today's code"
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn add_field(mut event: Value) -> Value {
        event["added"] = Value::from(true);
        event
    }

    fn rename_type(mut event: Value) -> Value {
        if event["type"] == "old_name" {
            event["type"] = Value::from("new_name");
        }
        event
    }

    const REVISIONS: [Revision; 3] = [
        Revision {
            number: 1,
            date: "2026-11-22",
            changes: &["The first rules."],
            rules: RevisionRules::Current,
            upcast: None,
        },
        Revision {
            number: 2,
            date: "2026-11-27",
            changes: &["An event gains a field."],
            rules: RevisionRules::Current,
            upcast: Some(add_field),
        },
        Revision {
            number: 3,
            date: "2026-11-28",
            changes: &["An event is renamed."],
            rules: RevisionRules::Current,
            upcast: Some(rename_type),
        },
    ];

    #[test]
    fn an_old_event_goes_through_every_upcaster_after_its_revision_in_order() {
        let old = serde_json::json!({ "type": "old_name" });
        assert_eq!(
            upcast(&REVISIONS, old.clone(), 1, 3),
            serde_json::json!({ "type": "new_name", "added": true })
        );
        assert_eq!(
            upcast(&REVISIONS, old.clone(), 2, 3),
            serde_json::json!({ "type": "new_name" })
        );
        assert_eq!(
            upcast(&REVISIONS, old.clone(), 1, 2),
            serde_json::json!({ "type": "old_name", "added": true })
        );
        assert_eq!(upcast(&REVISIONS, old.clone(), 3, 3), old);
    }

    #[test]
    fn a_revision_list_is_numbered_from_one_dated_and_says_what_changed() {
        assert_eq!(check("toy", &REVISIONS), Ok(()));
        assert!(check("toy", &[]).is_err());
        let mut skipped = REVISIONS;
        skipped[1].number = 3;
        assert!(check("toy", &skipped).unwrap_err().contains("revision 3"));
        let mut undated = REVISIONS;
        undated[0].date = "22/11/2026";
        assert!(check("toy", &undated).unwrap_err().contains("dated"));
        let mut silent = REVISIONS;
        silent[2].changes = &[" "];
        assert!(check("toy", &silent).unwrap_err().contains("what changed"));
    }
}
