//! The cantrips: two 12-card sets, White and Black, with the same contents
//! (data §1, Source A). Several of these cards also appear in other schools;
//! their facts are written here once.

use super::{CardFact, CardName, CardType, Duration, Facts, Range, Target, Trait};

/// One set's cards and copies; White and Black Cantrip each hold exactly this.
pub(super) const CARDS: [(CardName, u8); 12] = [
    (CardName::FullShield, 1),
    (CardName::NegateNeutral, 1),
    (CardName::DropObject, 1),
    (CardName::Zot, 1),
    (CardName::AroundTheCorner, 1),
    (CardName::CreateWall, 1),
    (CardName::DestroyWall, 1),
    (CardName::Dispel, 1),
    (CardName::PickLock, 1),
    (CardName::RotateSector, 1),
    (CardName::LargeRock, 1),
    (CardName::Energy6, 1),
];

pub(super) const FULL_SHIELD: Facts = Facts {
    title: "Full Shield",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    description: "Stop a spell aimed at you the moment it is cast.",
    ..Facts::BASE
};

pub(super) const NEGATE_NEUTRAL: Facts = Facts {
    title: "Negate Neutral",
    card_type: CardType::Counter,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    description: "Stop a neutral spell the moment it is cast.",
    ..Facts::BASE
};

/// Printed as neutral per our reading; the type icon was not captured (data: `NEU(d)`).
pub(super) const DROP_OBJECT: Facts = Facts {
    title: "Drop Object",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    energy_value: Some(2),
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "A wizard lets go of one treasure or carried item of your choosing.",
    ..Facts::BASE
};

pub(super) const ZOT: Facts = Facts {
    title: "Zot!",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    description: "Your pick: magical damage equal to the spell's energy, or stun a wizard or creature for two turns.",
    ..Facts::BASE
};

pub(super) const AROUND_THE_CORNER: Facts = Facts {
    title: "Around the Corner",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    description: "The next spell you cast may bend once, by up to 180 degrees, to reach its target.",
    ..Facts::BASE
};

/// The created stone wall takes 5 cracks to destroy (data §2.1, §7).
pub(super) const CREATE_WALL: Facts = Facts {
    title: "Create Wall",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::BorderLine],
    traits: &[Trait::Creation],
    description: "Raise a one-square stone wall, 5 cracks strong, on a border line that has no wall or door.",
    ..Facts::BASE
};

/// Its own text says it is not an attack, so it cannot be evaded.
pub(super) const DESTROY_WALL: Facts = Facts {
    title: "Destroy Wall",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wall, Target::Door],
    description: "Blow away one wall section or door; everyone next to it takes 2 physical damage, which is not an attack.",
    ..Facts::BASE
};

pub(super) const DISPEL: Facts = Facts {
    title: "Dispel",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    description: "End a spell that is still in play, and every spell cast upon it.",
    ..Facts::BASE
};

pub(super) const PICK_LOCK: Facts = Facts {
    title: "Pick Lock",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Door],
    traits: &[Trait::Mundane],
    energy_value: Some(3),
    description: "Open a locked door to go through (it locks again behind you, unless you stay beside it to hold it); nobody can counter it.",
    ..Facts::BASE
};

/// Range unknown (data: "LOS?/any?"); a whole sector needs no line of
/// sight, so we read it as anywhere.
pub(super) const ROTATE_SECTOR: Facts = Facts {
    title: "Rotate Sector",
    card_type: CardType::Neutral,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Instant),
    targets: &[Target::Sector],
    description: "Give one sector board a quarter or half turn, either way.",
    ..Facts::BASE
};

pub(super) const LARGE_ROCK: Facts = Facts {
    title: "Large Rock",
    card_type: CardType::Item,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    traits: &[Trait::ThrownWeapon],
    energy_value: Some(3),
    description: "Carry it, then hurl it as your attack for 2 physical damage; it comes to rest in the target's square.",
    ..Facts::BASE
};
