//! The 15 spells of a personal deck, numbered as printed (top left of the
//! card). The number is also the order of resolution (rules, "What if several
//! spells are played on the same turn").

use serde::Serialize;

use super::FirewallDuel;
use crate::kit::about::ReferenceMaterial;

/// One card of a wizard's personal deck. Every deck holds each spell once.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Spell {
    FalseCard = 0,
    Muteness = 1,
    Clone = 2,
    Larceny = 3,
    EndSingle = 4,
    Middle = 5,
    Recycle = 6,
    AttackBoost = 7,
    DoubleDose = 8,
    WinnerLoses = 9,
    Inferno = 10,
    Resistance = 11,
    BadLoser = 12,
    ReserveBoost = 13,
    Suction = 14,
}

/// Cards per personal deck (rules, "Setup": "his 15 cards deck").
pub const DECK_SIZE: usize = 15;

impl Spell {
    pub const ALL: [Spell; DECK_SIZE] = [
        Spell::FalseCard,
        Spell::Muteness,
        Spell::Clone,
        Spell::Larceny,
        Spell::EndSingle,
        Spell::Middle,
        Spell::Recycle,
        Spell::AttackBoost,
        Spell::DoubleDose,
        Spell::WinnerLoses,
        Spell::Inferno,
        Spell::Resistance,
        Spell::BadLoser,
        Spell::ReserveBoost,
        Spell::Suction,
    ];

    /// The number printed on the card.
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The spell printed with this number, if any (cards are 0..=14).
    pub fn from_number(number: u32) -> Option<Spell> {
        usize::try_from(number)
            .ok()
            .and_then(|n| Spell::ALL.get(n).copied())
    }

    pub fn name(self) -> &'static str {
        match self {
            Spell::FalseCard => "False Card",
            Spell::Muteness => "Muteness",
            Spell::Clone => "Clone",
            Spell::Larceny => "Larceny",
            Spell::EndSingle => "End Single",
            Spell::Middle => "Middle",
            Spell::Recycle => "Recycle",
            Spell::AttackBoost => "Attack Boost",
            Spell::DoubleDose => "Double Dose",
            Spell::WinnerLoses => "Winner Loses",
            Spell::Inferno => "Inferno",
            Spell::Resistance => "Resistance",
            Spell::BadLoser => "Bad Loser",
            Spell::ReserveBoost => "Reserve Boost",
            Spell::Suction => "Suction",
        }
    }

    /// The effect in one sentence, as this server plays it.
    pub fn text(self) -> &'static str {
        match self {
            Spell::FalseCard => {
                "No effect; hides whether you cast spells. Always taken back into your hand, never discarded."
            }
            Spell::Muteness => {
                "Every other spell of this turn is discarded without effect, and so is every spell cast later in this round."
            }
            Spell::Clone => {
                "Copy one spell your opponent played on the previous turn; it takes effect for you at its own number."
            }
            Spell::Larceny => {
                "Every spell your opponent cast this turn that has not yet taken effect comes to you: apply each for yourself or discard it."
            }
            Spell::EndSingle => {
                "The round ends at once; the fire wall stays. Spells of this turn not yet applied are discarded."
            }
            Spell::Middle => "The fire wall goes back to where it stood at the start of the round.",
            Spell::Recycle => "After the reveal, change your bet by up to 5 mana either way.",
            Spell::AttackBoost => {
                "Your attack power is increased by 7 (you still pay only your bet)."
            }
            Spell::DoubleDose => "Your attack power is doubled (you still pay only your bet).",
            Spell::WinnerLoses => {
                "If the fire wall moves, it moves toward the stronger attack instead."
            }
            Spell::Inferno => {
                "If the fire wall moves, it moves two flagstones, stopping at a wizard it reaches."
            }
            Spell::Resistance => "The fire wall cannot move toward you this turn.",
            Spell::BadLoser => {
                "If the fire wall moved toward you this turn, you do not pay your bet."
            }
            Spell::ReserveBoost => "Your mana reserve grows by 13, up to 50.",
            Spell::Suction => "Your mana reserve grows by your opponent's bet, up to 50.",
        }
    }
}

/// The card catalogue a client shows next to the table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = FirewallReference))]
#[serde(deny_unknown_fields)]
pub struct Catalogue {
    /// Every spell of a personal deck, by number.
    pub spells: Vec<SpellCard>,
}

/// One spell of the catalogue, as printed.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = FirewallSpellCard))]
#[serde(deny_unknown_fields)]
pub struct SpellCard {
    /// The number printed on the card (0 to 14), also its order of resolution.
    pub number: u8,
    pub name: &'static str,
    /// The effect in one sentence, as this server plays it.
    pub text: &'static str,
}

impl ReferenceMaterial for FirewallDuel {
    type Reference = Catalogue;

    fn reference() -> Catalogue {
        Catalogue {
            spells: Spell::ALL
                .iter()
                .map(|&s| SpellCard {
                    number: s.number(),
                    name: s.name(),
                    text: s.text(),
                })
                .collect(),
        }
    }
}
