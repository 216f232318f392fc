//! The revisions of the Wiz-War rules (8th edition), oldest first.
//!
//! Revision 1 is the rules as the build of commit de3d825 played them, kept
//! as a frozen copy ([`super::revision_1`]); revision 2 is today's code. See
//! [`crate::kit::revisions`] for how the next fix is written.

use crate::kit::revisions::{Revision, RevisionRules};

use super::revision_1::REVISION_1;

pub const REVISIONS: &[Revision] = &[
    Revision {
        number: 1,
        date: "2026-11-23",
        changes: &[
            "Wiz-War 8th edition: the labyrinth, movement, treasures, fighting, the Magic deck \
             and the optional rules, with the cards the engine played then.",
        ],
        rules: RevisionRules::Frozen(&REVISION_1),
        upcast: None,
    },
    Revision {
        number: 2,
        date: "2026-11-26",
        changes: &[
            "Every card of the Magic deck can be played (the Giant Book of Spells included).",
            "A Lightning Bolt is cast in a direction, not at a wizard, and stuns a wizard once \
             however often its path crosses him.",
            "A new form changes a wizard's movement once, by the difference of the speeds.",
            "A punch at a wizard is an attack its victim may answer (p. 8): it waits in a \
             response window and lands when the window closes; Shield, Full Shield, \
             Featherweight, Gnome Form, Teleport, Flood and Pain Link answer it.",
            "Legal commands are listed once each, never on targets where a card does nothing.",
        ],
        rules: RevisionRules::Current,
        // Every event of revision 1 reads as one of revision 2 as it is (the
        // corpus test folds the old records through today's rules to show it).
        upcast: None,
    },
];
