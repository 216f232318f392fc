//! The classic edition's board cards (the French rules text names them;
//! their printed text is not known: `shared/classic-wizwar-facts.md`).
//! They are in no school of the 8th edition and never in its decks.

use super::{CardDef, CardFact, CardName, CardType, Duration, Facts, Range, School, Target};

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
    description: "Jam a door beside you open for good: anyone may pass it and see through it.",
    ..Facts::BASE
};

/// The entries of the board cards: in no school (said to be White
/// Cantrip's, with no copies, as the fist is), so that no 8th-edition deck
/// holds them.
pub(crate) fn definition(name: CardName) -> Option<&'static CardDef> {
    static REMOVE_LOCK_DEF: CardDef = CardDef::new(CardName::RemoveLock, School::WhiteCantrip, 0);
    match name {
        CardName::RemoveLock => Some(&REMOVE_LOCK_DEF),
        _ => None,
    }
}
