//! The cards of the classic edition that the 8th edition does not have
//! (the French rules text and `classic-wizwar-facts.md`): their facts,
//! written once. The shared casting rules read them, and the classic
//! catalogue ([`crate::wizwar::classic::deck`]) serves their title, kind
//! and effect from here, adding only its own: the range printed in the
//! card's corner, what a number card sets for it, its copies and what is
//! designed.

use serde::{Deserialize, Serialize};

use crate::wizwar::spells::rules::CardRules;

use super::{CardFact, CardType, Duration, Facts, Range, Target, Trait};

/// The cards only the classic edition has, by name: the deck's eleven and
/// its two board cards. On the wire each is its name alone, as every card
/// is (see [`CardName::Classic`](super::CardName::Classic)). Adding one
/// touches this file (its name, facts and registration), its rules
/// (`spells::classic`) and the classic deck's copies, and nothing shared.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ClassicCardName {
    Number2,
    Number3,
    LightningBlast,
    Medusa,
    Shrink,
    Drag,
    Absorb,
    Blunt,
    Speed,
    Trap,
    IllusionWall,
    // The board cards (facts in `classic_board`)
    RelocateSector,
    RemoveLock,
}

impl ClassicCardName {
    /// Every one of them, in declaration order.
    pub const ALL: [ClassicCardName; 13] = [
        Self::Number2,
        Self::Number3,
        Self::LightningBlast,
        Self::Medusa,
        Self::Shrink,
        Self::Drag,
        Self::Absorb,
        Self::Blunt,
        Self::Speed,
        Self::Trap,
        Self::IllusionWall,
        Self::RelocateSector,
        Self::RemoveLock,
    ];

    /// Its facts and its rules: the classic edition's one registration of
    /// each of its cards.
    pub(crate) const fn card(self) -> (&'static Facts, &'static CardRules) {
        use crate::wizwar::spells::{classic, classic_board};
        match self {
            Self::Number2 => (&NUMBER_2, &CardRules::BASE),
            Self::Number3 => (&NUMBER_3, &CardRules::BASE),
            Self::LightningBlast => (&LIGHTNING_BLAST, &classic::LIGHTNING_BLAST),
            Self::Medusa => (&MEDUSA, &classic::MEDUSA),
            Self::Shrink => (&SHRINK, &classic::SHRINK),
            Self::Drag => (&DRAG, &classic::DRAG),
            Self::Absorb => (&ABSORB, &classic::ABSORB),
            Self::Blunt => (&BLUNT, &classic::BLUNT),
            Self::Speed => (&SPEED, &classic::SPEED),
            Self::Trap => (&TRAP, &classic::TRAP),
            Self::IllusionWall => (&ILLUSION_WALL, &classic::ILLUSION_WALL),
            Self::RelocateSector => (
                &super::classic_board::RELOCATE_SECTOR,
                &classic_board::RELOCATE_SECTOR,
            ),
            Self::RemoveLock => (
                &super::classic_board::REMOVE_LOCK,
                &classic_board::REMOVE_LOCK,
            ),
        }
    }
}

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
