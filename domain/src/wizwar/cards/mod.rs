//! The Wiz-War 8th edition card catalogue (interface stub; the full 168-card
//! catalogue replaces the data below, keeping these names).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A school of magic; each is one 24-card deck (the cantrips are two 12-card sets).
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum School {
    WhiteCantrip,
    BlackCantrip,
    Alchemy,
    Conjuring,
    Elemental,
    Mentalism,
    Mutation,
    Thaumaturgy,
}

/// The type printed on a card, which decides when it may be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum CardType {
    Attack,
    Neutral,
    Counter,
    Item,
    Energy,
}

/// Every distinct card of the 8th edition, by name.
#[derive(
    Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
#[serde(rename_all = "snake_case")]
pub enum CardName {
    Energy4,
    Energy5,
    Energy6,
}

/// The printed facts of one distinct card in one school.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct CardDef {
    pub name: CardName,
    /// The name as printed, e.g. "Zot!".
    pub title: &'static str,
    pub school: School,
    pub copies: u8,
    pub card_type: CardType,
    /// The printed energy value, when the card can be spent as energy.
    pub energy_value: Option<u8>,
    /// One line in our own words.
    pub description: &'static str,
}

const fn energy(
    name: CardName,
    title: &'static str,
    school: School,
    copies: u8,
    value: u8,
) -> CardDef {
    CardDef {
        name,
        title,
        school,
        copies,
        card_type: CardType::Energy,
        energy_value: Some(value),
        description: "Spend for extra movement or to fuel one spell.",
    }
}

/// The catalogue: one entry per (school, card).
pub fn catalogue() -> &'static [CardDef] {
    static CATALOGUE: [CardDef; 2] = [
        energy(CardName::Energy6, "Energy 6", School::WhiteCantrip, 1, 6),
        energy(CardName::Energy4, "Energy 4", School::Elemental, 2, 4),
    ];
    &CATALOGUE
}

/// Whether the engine plays this card's effect. A card that is not
/// implemented can never be put in a deck: no silent no-ops.
pub fn is_implemented(name: CardName) -> bool {
    matches!(
        name,
        CardName::Energy4 | CardName::Energy5 | CardName::Energy6
    )
}

/// The cards of a deck built from these schools, one entry per physical card,
/// leaving out every card that is not implemented.
pub fn deck(schools: &[School]) -> Vec<CardName> {
    catalogue()
        .iter()
        .filter(|c| schools.contains(&c.school) && is_implemented(c.name))
        .flat_map(|c| std::iter::repeat_n(c.name, usize::from(c.copies)))
        .collect()
}
