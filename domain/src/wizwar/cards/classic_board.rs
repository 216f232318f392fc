//! The classic edition's board cards (the French rules text names them;
//! their printed text is not known: `shared/classic-wizwar-facts.md`).
//! They are in no school of the 8th edition and never in its decks.

use super::{CardDef, CardFact, CardName, CardType, Duration, Facts, Range, School, Target};
use crate::wizwar::cards::ClassicCardName;

/// Designed: the rules say only that a relocated sector moves elsewhere in
/// the layout and that the AUTO WARP is then discarded.
pub(crate) const RELOCATE_SECTOR: Facts = Facts {
    title: "Relocate Sector",
    card_type: CardType::Neutral,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Instant),
    targets: &[Target::Sector],
    inferred: &[
        CardFact::CardType,
        CardFact::Range,
        CardFact::Duration,
        CardFact::Effect,
    ],
    description: "Moves a sector, with all on it, to another place of the layout (swapping with the sector there); in a 3-player game the AUTO WARP is discarded for good.",
    ..Facts::BASE
};

/// Designed: the rules say only that REMOVE LOCK alone keeps a door open.
pub(crate) const REMOVE_LOCK: Facts = Facts {
    title: "Remove Lock",
    card_type: CardType::Neutral,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Instant),
    targets: &[Target::Door],
    inferred: &[
        CardFact::CardType,
        CardFact::Range,
        CardFact::Duration,
        CardFact::Effect,
    ],
    description: "Jams a door next to you open for good: anyone may pass and see through it.",
    ..Facts::BASE
};

/// The entries of the board cards: in no school (said to be White
/// Cantrip's, with no copies, as the fist is), so that no 8th-edition deck
/// holds them.
pub(crate) fn definition(name: CardName) -> Option<&'static CardDef> {
    static RELOCATE_SECTOR_DEF: CardDef = CardDef::new(
        CardName::Classic(ClassicCardName::RelocateSector),
        School::WhiteCantrip,
        0,
    );
    static REMOVE_LOCK_DEF: CardDef = CardDef::new(
        CardName::Classic(ClassicCardName::RemoveLock),
        School::WhiteCantrip,
        0,
    );
    match name {
        CardName::Classic(ClassicCardName::RelocateSector) => Some(&RELOCATE_SECTOR_DEF),
        CardName::Classic(ClassicCardName::RemoveLock) => Some(&REMOVE_LOCK_DEF),
        _ => None,
    }
}
