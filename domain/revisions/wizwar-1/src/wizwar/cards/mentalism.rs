//! Mentalism: the school of the mind (24 cards). Also lists Add (alchemy
//! file), Pick Lock (cantrip file) and Shield (conjuring file).
//!
//! Absorb Spell sits here per the component list; the card scans file it
//! under Mutation (data §1, "Prefer A").

use super::{CardFact, CardName, CardType, Duration, Facts, Range, Target};

pub(super) const CARDS: [(CardName, u8); 16] = [
    (CardName::AbsorbSpell, 1),
    (CardName::Add, 2),
    (CardName::AstralProjection, 2),
    (CardName::BrainBurn, 2),
    (CardName::Meditate, 2),
    (CardName::MentalForce, 2),
    (CardName::PainLink, 2),
    (CardName::PickLock, 1),
    (CardName::Powerthrust, 2),
    (CardName::PsychicStorm, 1),
    (CardName::ShareLife, 1),
    (CardName::Shatter, 1),
    (CardName::Shield, 1),
    (CardName::Teleport, 1),
    (CardName::ThoughtSteal, 2),
    (CardName::Energy4, 1),
];

/// Energy cards that boosted the absorbed spell are discarded.
pub(super) const ABSORB_SPELL: Facts = Facts {
    title: "Absorb Spell",
    card_type: CardType::Counter,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    description: "Cancel a spell as it is cast and keep its card in your hand.",
    ..Facts::BASE
};

/// The square is found by counting orthogonal steps, not by sight.
pub(super) const ASTRAL_PROJECTION: Facts = Facts {
    title: "Astral Projection",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::EmptySquare],
    inferred: &[CardFact::Range, CardFact::Duration, CardFact::Targets],
    description: "Cast one spell as though you stood on an empty square up to 3 orthogonal steps away, walls and objects notwithstanding.",
    ..Facts::BASE
};

pub(super) const BRAIN_BURN: Facts = Facts {
    title: "Brain Burn",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    description: "The victim may first throw away cards, then takes 1 magical damage per card he still holds, maintained spells counted, carried items not.",
    ..Facts::BASE
};

pub(super) const MEDITATE: Facts = Facts {
    title: "Meditate",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    energy_value: Some(3),
    description: "Draw three cards and trim your hand back to its limit; your turn carries on.",
    ..Facts::BASE
};

pub(super) const MENTAL_FORCE: Facts = Facts {
    title: "Mental Force",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard, Target::Creature],
    description: "Walk a wizard or creature along a path of your choice, by normal movement, for up to the energy plus 3 squares.",
    ..Facts::BASE
};

/// The mirrored damage is not an attack.
pub(super) const PAIN_LINK: Facts = Facts {
    title: "Pain Link",
    card_type: CardType::Neutral,
    also_counter: true,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster],
    description: "While it lasts, whoever hurts you with an attack suffers the same damage; it may also be cast in answer to an attack on you.",
    ..Facts::BASE
};

pub(super) const POWERTHRUST: Facts = Facts {
    title: "Powerthrust",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    energy_value: Some(2),
    description: "Strike an object, wizard or creature for magical damage equal to the energy plus 2.",
    ..Facts::BASE
};

/// The area ignores walls but neither wraps around the board edge nor
/// passes through portals.
pub(super) const PSYCHIC_STORM: Facts = Facts {
    title: "Psychic Storm",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Square],
    description: "Every wizard and creature in a square and its four neighbours, the caster too, takes magical damage equal to the energy, with no way to evade.",
    ..Facts::BASE
};

pub(super) const SHARE_LIFE: Facts = Facts {
    title: "Share Life",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    description: "Pool your life with a wizard's and split it evenly, keeping the odd point yourself.",
    ..Facts::BASE
};

pub(super) const SHATTER: Facts = Facts {
    title: "Shatter",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster],
    energy_value: Some(3),
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "While it lasts, every point of damage you deal an object makes a crack, not every three.",
    ..Facts::BASE
};

pub(super) const TELEPORT: Facts = Facts {
    title: "Teleport",
    card_type: CardType::Neutral,
    also_counter: true,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    description: "Blink up to 4 squares orthogonally past walls, doors and objects and stop moving for the turn; cast against an attack, it makes the attack miss if line of sight breaks.",
    ..Facts::BASE
};

pub(super) const THOUGHT_STEAL: Facts = Facts {
    title: "Thought Steal",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    energy_value: Some(2),
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "Look through a wizard's hand and take up to two cards (never maintained spells or carried items), then discard down to your limit.",
    ..Facts::BASE
};
