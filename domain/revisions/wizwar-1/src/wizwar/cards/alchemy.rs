//! Alchemy: magic stones and other crafted items (24 cards).
//!
//! Every Magic Stone shares one rule (data §2.2, rulebook "Card Traits"): if
//! its carrier suffers fire damage, all his Magic Stones are destroyed.

use super::{CardFact, CardName, CardType, Duration, Facts, Range, Target, Trait};

pub(super) const CARDS: [(CardName, u8); 18] = [
    (CardName::AcidBath, 2),
    (CardName::Add, 1),
    (CardName::Bloodshard, 1),
    (CardName::Boomstone, 3),
    (CardName::Brainstone, 1),
    (CardName::FoolsGold, 1),
    (CardName::Homunculus, 1),
    (CardName::Lifestone, 1),
    (CardName::Mightstone, 1),
    (CardName::NullPowder, 1),
    (CardName::Powerstone, 2),
    (CardName::Speedstone, 2),
    (CardName::Spellstone, 1),
    (CardName::StoneDead, 1),
    (CardName::UniversalSolvent, 2),
    (CardName::Visionstone, 1),
    (CardName::Energy4, 1),
    (CardName::Energy5, 1),
];

/// Carried items: the caster is both range and target.
const ON_CARRIER: Facts = Facts {
    card_type: CardType::Item,
    range: Some(Range::Caster),
    duration: Some(Duration::Permanent),
    targets: &[Target::Caster],
    ..Facts::BASE
};

/// A carried Magic Stone.
const STONE: Facts = Facts {
    traits: &[Trait::MagicStone],
    ..ON_CARRIER
};

/// Temporary per the rulebook's own example ("Acid Bath, a temporary
/// spell"), so only its range is inferred.
pub(super) const ACID_BATH: Facts = Facts {
    title: "Acid Bath",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Temporary),
    targets: &[Target::Wizard, Target::Creature],
    traits: &[Trait::Curse],
    inferred: &[CardFact::Range],
    description: "Drench a wizard or creature in acid: 2 magical damage in each of your Time Passes phases until a Water spell rinses it; only the casting turn uses your attack.",
    ..Facts::BASE
};

/// The rulebook names "a card that allows a wizard to combine energy" as an
/// example of the anywhere range, so only the duration is inferred.
pub(super) const ADD: Facts = Facts {
    title: "Add",
    card_type: CardType::Neutral,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Instant),
    targets: &[Target::Spell],
    inferred: &[CardFact::Duration],
    description: "Spend two Magic cards as energy at once; their energy values together fuel the next spell you cast.",
    ..Facts::BASE
};

pub(super) const BLOODSHARD: Facts = Facts {
    title: "Bloodshard",
    traits: &[Trait::Trinket],
    description: "While you carry it, damage from any one source hurts you 1 point less.",
    ..ON_CARRIER
};

/// The data records only the Magic Stone trait, though the card is thrown.
pub(super) const BOOMSTONE: Facts = Facts {
    title: "Boomstone",
    range: Some(Range::LineOfSight),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    description: "Throw it as your attack for 4 magical fire damage, then discard it; should fire shatter your stones while you hold it, it bursts on you for 4.",
    ..STONE
};

pub(super) const BRAINSTONE: Facts = Facts {
    title: "Brainstone",
    description: "Your hand limit grows by 2; draw 2 when it first comes to you and discard 2 of your choice when it leaves.",
    ..STONE
};

/// The card's text is partial (data §2.2, §8). Completed as a lasting neutral
/// spell over the caster's home sector; type, range, duration and target are
/// ours.
pub(super) const FOOLS_GOLD: Facts = Facts {
    title: "Fool's Gold",
    card_type: CardType::Neutral,
    range: Some(Range::Anywhere),
    duration: Some(Duration::Temporary),
    targets: &[Target::Sector],
    inferred: &[
        CardFact::CardType,
        CardFact::Range,
        CardFact::Duration,
        CardFact::Targets,
        CardFact::Effect,
    ],
    description: "While it lasts, treasures in your home sector burn enemy hands: any enemy wizard lifting one takes 3 magical damage.",
    ..Facts::BASE
};

/// The card's text is truncated (data §2.2, §8): the OCR gives 5 life and
/// speed 1 and says it cannot be targeted. Completed as a creature its caster
/// moves on his turn and looks through, hurt only by what strikes squares
/// (see [`super::super::creatures`]). Note the rulebook's "Creature" target
/// says no creatures exist in the base game; this card is the exception the
/// OCR suggests.
pub(super) const HOMUNCULUS: Facts = Facts {
    title: "Homunculus",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::EmptySquare],
    traits: &[Trait::Creation],
    inferred: &[
        CardFact::CardType,
        CardFact::Range,
        CardFact::Duration,
        CardFact::Traits,
        CardFact::Effect,
    ],
    description: "Bring a homunculus to life in an empty square: a slow creature (speed 1, 5 life) that you move, whose eyes you may cast your next spell through, and that spells and attacks cannot single out.",
    ..Facts::BASE
};

pub(super) const LIFESTONE: Facts = Facts {
    title: "Lifestone",
    description: "At the start of each of your turns, regain 1 life (never above 20).",
    ..STONE
};

pub(super) const MIGHTSTONE: Facts = Facts {
    title: "Mightstone",
    energy_value: Some(2),
    description: "Each punch you land deals one extra die roll of physical damage.",
    ..STONE
};

/// No trait was read on the scan.
pub(super) const NULL_POWDER: Facts = Facts {
    title: "Null Powder",
    targets: &[Target::Spell],
    description: "Discard it to stop a spell aimed at you as it is cast, or on your turn to end a spell still in play.",
    ..ON_CARRIER
};

pub(super) const POWERSTONE: Facts = Facts {
    title: "Powerstone",
    description: "Every Magic card you spend as energy, for movement or a spell, is worth 1 more.",
    ..STONE
};

pub(super) const SPEEDSTONE: Facts = Facts {
    title: "Speedstone",
    description: "Your base movement rises by 1.",
    ..STONE
};

pub(super) const SPELLSTONE: Facts = Facts {
    title: "Spellstone",
    description: "Draw one more card each turn; your hand limit is unchanged.",
    ..STONE
};

pub(super) const STONE_DEAD: Facts = Facts {
    title: "Stone Dead",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    energy_value: Some(3),
    description: "A wizard takes magical damage equal to the spell's energy plus one per Magic Stone he carries.",
    ..Facts::BASE
};

/// Energy value unclear: one scan's OCR ends in "4", the JSON gives 0. We
/// print none, as the list of values seen does (data §2).
pub(super) const UNIVERSAL_SOLVENT: Facts = Facts {
    title: "Universal Solvent",
    range: Some(Range::LineOfSight),
    targets: &[Target::Object],
    traits: &[Trait::ThrownWeapon],
    inferred: &[CardFact::Range, CardFact::Duration, CardFact::EnergyValue],
    description: "On your turn, throw it at any object but a treasure: object and solvent both dissolve. This is not an attack.",
    ..ON_CARRIER
};

pub(super) const VISIONSTONE: Facts = Facts {
    title: "Visionstone",
    description: "Your spells (not thrown items) may see through one wall or door, picked anew for each spell.",
    ..STONE
};
