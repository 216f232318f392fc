//! Energy cards (data §2: Energy 4 ×8, Energy 5 ×6, Energy 6 ×2 across the
//! schools). Their facts live here because no one school owns them.

use super::{CardType, Facts};

const fn energy(title: &'static str, value: u8, description: &'static str) -> Facts {
    Facts {
        title,
        card_type: CardType::Energy,
        energy_value: Some(value),
        // Energy cards have no range, duration or target, so nothing to infer.
        inferred: &[],
        description,
        ..Facts::BASE
    }
}

pub(super) const ENERGY_4: Facts = energy(
    "Energy 4",
    4,
    "Discard it to move up to 4 more squares, or to give one spell an energy of 4.",
);
pub(super) const ENERGY_5: Facts = energy(
    "Energy 5",
    5,
    "Discard it to move up to 5 more squares, or to give one spell an energy of 5.",
);
pub(super) const ENERGY_6: Facts = energy(
    "Energy 6",
    6,
    "Discard it to move up to 6 more squares, or to give one spell an energy of 6.",
);
