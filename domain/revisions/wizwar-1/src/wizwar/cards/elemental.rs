//! Elemental: wind, water, earth and fire (24 cards). Also lists Create Wall
//! and Destroy Wall (cantrip file) and Wall of Earth (conjuring file).

use super::{CardFact, CardName, CardType, Duration, Facts, Range, Target, Trait};

pub(super) const CARDS: [(CardName, u8); 16] = [
    (CardName::CreateWall, 2),
    (CardName::DestroyWall, 1),
    (CardName::FireCloak, 1),
    (CardName::Fireball, 3),
    (CardName::Flood, 1),
    (CardName::Fog, 1),
    (CardName::LightningBolt, 2),
    (CardName::MistBody, 1),
    (CardName::StoneBlock, 1),
    (CardName::StoneSpikes, 1),
    (CardName::WallOfEarth, 2),
    (CardName::WallOfFire, 1),
    (CardName::Waterbolt, 2),
    (CardName::Windrider, 2),
    (CardName::Energy4, 2),
    (CardName::Energy5, 1),
];

/// An item: its text speaks of "while carrying" (data §2.4).
pub(super) const FIRE_CLOAK: Facts = Facts {
    title: "Fire Cloak",
    card_type: CardType::Item,
    range: Some(Range::Caster),
    duration: Some(Duration::Permanent),
    targets: &[Target::Caster],
    traits: &[Trait::Fire],
    energy_value: Some(2),
    description: "Your punches burn for 2 more magical fire damage and whoever hurts you from your square or next door takes 2 magical fire damage; water damage to you puts it out for good.",
    ..Facts::BASE
};

pub(super) const FIREBALL: Facts = Facts {
    title: "Fireball",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    traits: &[Trait::Fire],
    description: "Hurl 5 magical fire damage at an object, wizard or creature you can see.",
    ..Facts::BASE
};

/// Global: everyone has line of sight to it for countering or dispelling.
pub(super) const FLOOD: Facts = Facts {
    title: "Flood",
    card_type: CardType::Neutral,
    also_counter: true,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Temporary),
    targets: &[Target::GameBoard],
    traits: &[Trait::Global, Trait::Water],
    description: "Flood the labyrinth: Fire spells end, Fire items and objects are destroyed, and no Fire may be played while it lasts; it may also answer an attack on you.",
    ..Facts::BASE
};

pub(super) const FOG: Facts = Facts {
    title: "Fog",
    card_type: CardType::Neutral,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Temporary),
    targets: &[Target::GameBoard],
    traits: &[Trait::Global],
    description: "While it lasts, nobody's line of sight reaches past one square.",
    ..Facts::BASE
};

/// The bolt starts in the caster's square and runs straight, so it needs no
/// line of sight to a target; of the four printed ranges that is "anywhere"
/// (data: `line`). It may hit the same victim again after a rebound.
pub(super) const LIGHTNING_BOLT: Facts = Facts {
    title: "Lightning Bolt",
    card_type: CardType::Attack,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard, Target::Creature],
    traits: &[Trait::Lightning],
    description: "Fire a bolt straight out of your square for as many squares as its energy, rebounding off whatever blocks movement; each wizard or creature it crosses takes 3 magical damage and is stunned a turn.",
    ..Facts::BASE
};

pub(super) const MIST_BODY: Facts = Facts {
    title: "Mist Body",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster],
    traits: &[Trait::Transformation],
    description: "Turn to mist: drift through anything but stone walls and stone blocks, neither attack nor be attacked, and still carry things.",
    ..Facts::BASE
};

/// Not a wall, so wall spells do not affect it.
pub(super) const STONE_BLOCK: Facts = Facts {
    title: "Stone Block",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::EmptySquare],
    traits: &[Trait::Creation],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "Fill an empty square with solid stone, 8 cracks strong, that stops both sight and movement.",
    ..Facts::BASE
};

/// Temporary per the rulebook's boosting example (five tokens for a
/// 5-energy Stone Spikes), so only range and type are inferred.
pub(super) const STONE_SPIKES: Facts = Facts {
    title: "Stone Spikes",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster],
    energy_value: Some(2),
    inferred: &[CardFact::CardType, CardFact::Range],
    description: "While it lasts you may, as your attack, fling a spike for 3 physical damage at an object, wizard or creature you can see.",
    ..Facts::BASE
};

/// Its other mode counters a Water spell, both cards cancelling.
pub(super) const WALL_OF_FIRE: Facts = Facts {
    title: "Wall of Fire",
    card_type: CardType::Neutral,
    also_counter: true,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::BorderLine],
    traits: &[Trait::Fire],
    energy_value: Some(2),
    description: "Set a border line ablaze so that crossing it costs 4 magical fire damage (not an attack), or play it to cancel a Water spell along with itself.",
    ..Facts::BASE
};

/// If the target shares the caster's square, the caster picks the
/// knock-back direction; it never turns corners (rulebook clarification).
pub(super) const WATERBOLT: Facts = Facts {
    title: "Waterbolt",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    traits: &[Trait::Water],
    energy_value: Some(3),
    description: "Share the spell's energy between magical water damage and squares of knock-back; it quenches Fire spells on the target and destroys a Fire object it strikes.",
    ..Facts::BASE
};

pub(super) const WINDRIDER: Facts = Facts {
    title: "Windrider",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    description: "Ride the wind in one straight line, any direction, for up to as many squares as the energy, halted by walls, doors, objects, wizards and creatures.",
    ..Facts::BASE
};
