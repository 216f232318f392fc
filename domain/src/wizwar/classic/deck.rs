//! The classic deck: which cards, how many of each.
//!
//! For now the classic deck is the engine's cards that the classic rules
//! name, with the 8th edition's copies.

use crate::wizwar::cards::{CardDef, CardName, catalogue as engine_catalogue};

/// Cards the classic rules text names that the engine already plays.
const NAMED_IN_THE_RULES: &[CardName] = &[
    CardName::RotateSector,
    CardName::DropObject,
    CardName::CreateWall,
    CardName::DestroyWall,
    CardName::Fireball,
    CardName::Dagger,
    CardName::LargeRock,
    CardName::Wizardblade,
    CardName::MasterKey,
    CardName::Invisible,
    CardName::WallOfFire,
    CardName::Thornbush,
    CardName::Speedstone,
    CardName::Powerstone,
    CardName::Brainstone,
    CardName::Energy4,
    CardName::Energy5,
    CardName::Energy6,
    CardName::FullShield,
    CardName::AbsorbSpell,
];

/// The classic catalogue, as served to clients.
pub fn catalogue() -> Vec<CardDef> {
    engine_catalogue()
        .iter()
        .filter(|c| NAMED_IN_THE_RULES.contains(&c.name))
        .cloned()
        .collect()
}

/// The classic deck before shuffling.
pub fn cards() -> Vec<CardName> {
    catalogue()
        .iter()
        .flat_map(|c| std::iter::repeat_n(c.name, usize::from(c.copies)))
        .collect()
}
