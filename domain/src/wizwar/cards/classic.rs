//! The cards of the classic edition that the 8th edition does not have
//! (the French rules text and `classic-wizwar-facts.md`). Their copies and
//! what clients read of them (type, range, number card use, designed notes)
//! are in [`crate::wizwar::classic::deck`]; these are the engine's facts,
//! which the shared casting rules read.

use super::{CardFact, CardType, Duration, Facts, Range, Target, Trait};

const fn number(title: &'static str, value: u8, description: &'static str) -> Facts {
    Facts {
        title,
        card_type: CardType::Energy,
        energy_value: Some(value),
        inferred: &[],
        description,
        ..Facts::BASE
    }
}

pub(crate) const NUMBER_2: Facts = number(
    "Number 2",
    2,
    "Add 2 to one action: 2 more squares of movement, or a power or duration of 2.",
);
pub(crate) const NUMBER_3: Facts = number(
    "Number 3",
    3,
    "Add 3 to one action: 3 more squares of movement, or a power or duration of 3.",
);

pub(crate) const LIGHTNING_BLAST: Facts = Facts {
    title: "Lightning Blast",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard, Target::Wall, Target::Door, Target::Object],
    traits: &[Trait::Lightning],
    inferred: &[CardFact::Range],
    description: "Magical damage equal to its number card; a wizard it hurts also loses a turn.",
    ..Facts::BASE
};

pub(crate) const MEDUSA: Facts = Facts {
    title: "Medusa",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    inferred: &[CardFact::Range, CardFact::Effect],
    description: "Turns a wizard to stone: he loses as many turns as its number card.",
    ..Facts::BASE
};

pub(crate) const SHRINK: Facts = Facts {
    title: "Shrink",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster, Target::Wizard],
    inferred: &[CardFact::Effect],
    description: "A wizard shrinks for as many turns as its number card: one square less of movement, and attacks on him miss on a d4 roll of 3-4. On an opponent it is the turn's attack.",
    ..Facts::BASE
};

pub(crate) const DRAG: Facts = Facts {
    title: "Drag",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    inferred: &[CardFact::Effect],
    description: "Pull a wizard you see straight toward you, as many squares as its number card, stopping at a wall or door; on an opponent it is the turn's attack.",
    ..Facts::BASE
};

pub(crate) const ABSORB: Facts = Facts {
    title: "Absorb",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    inferred: &[CardFact::Range],
    description: "In answer to an attack on you, or to indirect damage such as a falling wall, stop half of its damage, rounded up.",
    ..Facts::BASE
};

pub(crate) const BLUNT: Facts = Facts {
    title: "Blunt",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    inferred: &[CardFact::Range],
    description: "In answer to physical damage on you (a blow, a dagger, a rock, a falling wall), stop half of it, rounded up.",
    ..Facts::BASE
};

pub(crate) const SPEED: Facts = Facts {
    title: "Speed",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    inferred: &[CardFact::Range, CardFact::Effect],
    description: "Move as many more squares this turn as its number card and one square besides.",
    ..Facts::BASE
};

pub(crate) const TRAP: Facts = Facts {
    title: "Trap",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    inferred: &[CardFact::Effect, CardFact::CardType],
    description: "Never played: dealt at the start it is discarded and the deck reshuffled; drawn later it springs on the one who draws it (2 physical damage) and is discarded.",
    ..Facts::BASE
};

pub(crate) const ILLUSION_WALL: Facts = Facts {
    title: "Illusion Wall",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::BorderLine],
    traits: &[Trait::Creation],
    inferred: &[CardFact::Effect],
    description: "Raise a wall that is not there: it blocks sight and spells like a wall, but wizards walk through it; it falls at 1 point of damage.",
    ..Facts::BASE
};
