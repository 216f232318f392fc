//! Thaumaturgy: the old, balanced school (24 cards). Also lists Around the
//! Corner, Dispel, Drop Object, Full Shield, Negate Neutral, Pick Lock and
//! Rotate Sector (cantrip file), Fire Darts (conjuring file) and Powerthrust
//! (mentalism file).
//!
//! The component list gives one Fire Darts and one Dagger; the card scans
//! show two Fire Darts and no Dagger. We follow the component list, backed by
//! the one Dagger object marker in the box (data §1, §8).

use super::{CardFact, CardName, CardType, Duration, Facts, Range, Target, Trait};

pub(super) const CARDS: [(CardName, u8); 22] = [
    (CardName::AntiAnti, 1),
    (CardName::AroundTheCorner, 1),
    (CardName::Backlash, 1),
    (CardName::Dagger, 1),
    (CardName::Dispel, 1),
    (CardName::DropObject, 1),
    (CardName::FireDarts, 1),
    (CardName::FullShield, 1),
    (CardName::GlobeOfPain, 2),
    (CardName::Gravity, 1),
    (CardName::Invisible, 1),
    (CardName::MasterKey, 1),
    (CardName::NegateNeutral, 1),
    (CardName::PassThroughWall, 1),
    (CardName::PickLock, 1),
    (CardName::Powerthrust, 1),
    (CardName::RotateSector, 1),
    (CardName::SealDoor, 1),
    (CardName::SlowDeath, 1),
    (CardName::Wizardblade, 1),
    (CardName::Yoink, 1),
    (CardName::Energy5, 2),
];

/// No range was read; an answer to a counter spell needs no sight of it.
pub(super) const ANTI_ANTI: Facts = Facts {
    title: "Anti-Anti",
    card_type: CardType::Counter,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    energy_value: Some(3),
    description: "Cancel a counter spell played against one of your spells; nothing can cancel this one.",
    ..Facts::BASE
};

/// The returned damage is not an attack and cannot be evaded.
pub(super) const BACKLASH: Facts = Facts {
    title: "Backlash",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    description: "Stop an attack spell aimed at you as it is cast and hurt its caster for magical damage equal to its energy.",
    ..Facts::BASE
};

/// No source has this card's text (data §1 gap). Written from the project's
/// decision (data §8): a Weapon and Thrown Weapon item for 2 physical damage,
/// in reach or thrown. Every fact but the title is ours; no energy value.
pub(super) const DAGGER: Facts = Facts {
    title: "Dagger",
    card_type: CardType::Item,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    traits: &[Trait::Weapon, Trait::ThrownWeapon],
    inferred: &[
        CardFact::CardType,
        CardFact::Range,
        CardFact::Duration,
        CardFact::Targets,
        CardFact::Traits,
        CardFact::EnergyValue,
        CardFact::Effect,
    ],
    description: "As your attack, stab a target in or next to your square for 2 physical damage, or throw it at one in sight for 2, after which it lies in the target's square.",
    ..Facts::BASE
};

/// The globe travels by movement, not sight (up to 6 squares, around
/// corners, past objects that do not block movement), hence "anywhere".
pub(super) const GLOBE_OF_PAIN: Facts = Facts {
    title: "Globe of Pain",
    card_type: CardType::Attack,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard, Target::Creature],
    energy_value: Some(3),
    description: "Send a globe along a path of up to 6 squares to a wizard or creature; it alone takes magical damage equal to the energy.",
    ..Facts::BASE
};

pub(super) const GRAVITY: Facts = Facts {
    title: "Gravity",
    card_type: CardType::Neutral,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Temporary),
    targets: &[Target::GameBoard],
    traits: &[Trait::Global],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "Everyone drops every item and treasure he carries, and while it lasts nothing can be picked up.",
    ..Facts::BASE
};

pub(super) const INVISIBLE: Facts = Facts {
    title: "Invisible",
    card_type: CardType::Neutral,
    also_counter: true,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster],
    description: "While it lasts, each attack on you misses on a die roll of 2-4; it may also be cast in answer to an attack.",
    ..Facts::BASE
};

/// Used on doors the carrier passes, hence adjacent.
pub(super) const MASTER_KEY: Facts = Facts {
    title: "Master Key",
    card_type: CardType::Item,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Permanent),
    targets: &[Target::Door],
    traits: &[Trait::Trinket],
    description: "While you carry it no door stays locked to you: it locks again behind you, or stays open while you stand beside it.",
    ..Facts::BASE
};

pub(super) const PASS_THROUGH_WALL: Facts = Facts {
    title: "Pass Through Wall",
    card_type: CardType::Neutral,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Instant),
    targets: &[Target::Wall],
    description: "Step once through a wall beside you as if it were not there.",
    ..Facts::BASE
};

/// It places the Sealed Door marker, kept while the caster maintains it.
pub(super) const SEAL_DOOR: Facts = Facts {
    title: "Seal Door",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::Door],
    energy_value: Some(2),
    description: "Seal a door shut: nobody may unlock or open it, though it can still be broken down.",
    ..Facts::BASE
};

pub(super) const SLOW_DEATH: Facts = Facts {
    title: "Slow Death",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Temporary),
    targets: &[Target::Wizard],
    traits: &[Trait::Curse],
    description: "While it lasts, every card a wizard draws costs him 1 magical damage, so he may prefer to skip drawing; only the casting turn uses your attack.",
    ..Facts::BASE
};

/// A blade strikes within reach, hence adjacent.
pub(super) const WIZARDBLADE: Facts = Facts {
    title: "Wizardblade",
    card_type: CardType::Item,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Permanent),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    traits: &[Trait::Weapon],
    description: "As your attack, discard a Magic card to strike for magical damage equal to its energy value, each point making a crack in an object.",
    ..Facts::BASE
};

pub(super) const YOINK: Facts = Facts {
    title: "Yoink!",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "Snatch one carried item (never a treasure) from a wizard and carry it as your own.",
    ..Facts::BASE
};
