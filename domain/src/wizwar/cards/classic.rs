//! The cards of the classic edition that the 8th edition does not have
//! (the French rules text and `classic-wizwar-facts.md`): their facts,
//! written once. The shared casting rules read them, and the classic
//! catalogue ([`crate::wizwar::classic::deck`]) serves their title, kind
//! and effect from here, adding only its own: the range printed in the
//! card's corner, what a number card sets for it, its copies and what is
//! designed.

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
    "Adds 2 squares to your movement, or sets one action's power or duration to 2.",
);
pub(crate) const NUMBER_3: Facts = number(
    "Number 3",
    3,
    "Adds 3 squares to your movement, or sets one action's power or duration to 3.",
);

pub(crate) const LIGHTNING_BLAST: Facts = Facts {
    title: "Lightning Blast",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard, Target::Wall, Target::Door, Target::Object],
    traits: &[Trait::Lightning],
    inferred: &[CardFact::Range],
    description: "Magical damage equal to its number; a wizard it hurts also loses a turn.",
    ..Facts::BASE
};

pub(crate) const MEDUSA: Facts = Facts {
    title: "Medusa",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    inferred: &[CardFact::Range, CardFact::Effect],
    description: "Paralyses a wizard: he loses as many turns as its number (nobody may take his things for it).",
    ..Facts::BASE
};

pub(crate) const SHRINK: Facts = Facts {
    title: "Shrink",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster, Target::Wizard],
    inferred: &[CardFact::Effect],
    description: "A wizard shrinks for as many turns as its number: one square less of movement, and attacks on him miss on a d4 roll of 3-4; on an opponent it is the turn's attack and may be countered.",
    ..Facts::BASE
};

pub(crate) const DRAG: Facts = Facts {
    title: "Drag",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    inferred: &[CardFact::Effect],
    description: "Pulls a wizard in your row or column toward you, one square a point of its number, stopping at a wall, a door or a filled square; on an opponent it is the turn's attack.",
    ..Facts::BASE
};

pub(crate) const ABSORB: Facts = Facts {
    title: "Absorb",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    inferred: &[CardFact::Range],
    description: "Answers an attack on you, indirect damage falling on you, or a counter: stops half the damage left, rounded up (a counter it answers is cancelled).",
    ..Facts::BASE
};

pub(crate) const BLUNT: Facts = Facts {
    title: "Blunt",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    inferred: &[CardFact::Range],
    description: "Like Absorb, but only against physical damage (a punch, a dagger, a rock, a falling wall) or a counter.",
    ..Facts::BASE
};

pub(crate) const SPEED: Facts = Facts {
    title: "Speed",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    inferred: &[CardFact::Range, CardFact::Effect],
    description: "Move its number plus one more squares this turn; it never allows an attack in the first round.",
    ..Facts::BASE
};

pub(crate) const TRAP: Facts = Facts {
    title: "Trap",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    inferred: &[CardFact::Effect, CardFact::CardType],
    description: "Never played: dealt at the start it is discarded and the deck reshuffled; drawn later it springs on whoever draws it for 2 physical damage and is discarded.",
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
    description: "A wall that is not there: it stands as a wall in every way until any damage touches it, then vanishes.",
    ..Facts::BASE
};
