//! The classic deck: 130 cards ("130 cartes" in the English classic rules'
//! box contents, `classic-wizwar-facts.md` §3), as a catalogue served to
//! clients: each card's kind, range, what a number card sets for it, its
//! effect in our words, its copies, and whether (and why) any of that is
//! designed.
//!
//! No source gives a single copy count (facts §3), so every card's copies
//! are designed: the deck keeps about a quarter number cards (the only
//! proportion found, S7's 27.5%), one attack card in seven, a counter in
//! ten, and one copy of the cards the rules name in the singular (the
//! TRAP, the MASTER KEY, each magic stone).
//!
//! Where the classic card is the 8th edition's card, the engine's
//! [`CardName`] and rules are reused; the cards the 8th edition lacks are
//! [`CLASSIC_ONLY`].

use crate::wizwar::cards::ClassicCardName;
use serde::Serialize;

use super::WizWarClassic;
use crate::kit::YieldPolicy;
use crate::kit::about::ReferenceMaterial;
use crate::kit::response_window::LabelledYieldPolicy;
use crate::wizwar::cards::{CardName, CardType};

/// The kind of a classic card ("Les cartes": five kinds, plus the physical
/// objects that stay in hand, "Objets").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarClassicCardKind))]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Attack,
    Neutral,
    Counter,
    Number,
    MagicStone,
    Object,
}

/// The range printed in a classic card's corner ("adjacent" or "LOS"), or
/// the caster himself.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarClassicRange))]
#[serde(rename_all = "snake_case")]
pub enum Range {
    /// The same square or the next one.
    Adjacent,
    /// Line of sight, centre to centre (a created wall's centre is its middle).
    LineOfSight,
    /// The caster himself.
    #[serde(rename = "self")]
    Caster,
}

/// What a number card played with the card sets ("Les cartes nombre").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarClassicNumberUse))]
#[serde(rename_all = "snake_case")]
pub enum NumberUse {
    /// Its power: points of damage (1 without a number card).
    Power,
    /// Its duration, in the caster's turns (1 without a number card).
    Duration,
    /// Squares of movement it adds.
    Movement,
    /// Nothing: the card takes no number.
    None,
}

/// One card of the classic catalogue, as served in `GET /v1/rulesets`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarClassicCard))]
#[serde(deny_unknown_fields)]
pub struct ClassicCard {
    pub name: CardName,
    /// The classic title (the engine's card may print another one); empty
    /// for a number card.
    pub title: &'static str,
    pub kind: Kind,
    /// `null` for number cards, counters (played in answer) and the Trap.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub range: Option<Range>,
    pub number: NumberUse,
    /// A number card's value; `null` for every other card.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub value: Option<u8>,
    /// One line in our own words.
    pub effect: &'static str,
    pub copies: u8,
    /// Some value here (copies, effect, number, range) is not from the
    /// sources: a house rule.
    pub designed: bool,
    /// Which values are designed, in one line; `null` when none is.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub designed_note: Option<&'static str>,
}

/// The cards the 8th edition does not have (their facts are in
/// `cards/classic.rs`, written once, their rules in `spells/classic.rs`).
pub const CLASSIC_ONLY: &[CardName] = &[
    CardName::Classic(ClassicCardName::Number2),
    CardName::Classic(ClassicCardName::Number3),
    CardName::Classic(ClassicCardName::LightningBlast),
    CardName::Classic(ClassicCardName::Medusa),
    CardName::Classic(ClassicCardName::Shrink),
    CardName::Classic(ClassicCardName::Drag),
    CardName::Classic(ClassicCardName::Absorb),
    CardName::Classic(ClassicCardName::Blunt),
    CardName::Classic(ClassicCardName::Speed),
    CardName::Classic(ClassicCardName::Trap),
    CardName::Classic(ClassicCardName::IllusionWall),
];

/// A card's kind, range and what a number card sets for it.
type Shape = (Kind, Option<Range>, NumberUse);

const fn card(
    name: CardName,
    title: &'static str,
    (kind, range, number): Shape,
    copies: u8,
    effect: &'static str,
    designed_note: &'static str,
) -> ClassicCard {
    ClassicCard {
        name,
        title,
        kind,
        range,
        number,
        value: None,
        effect,
        copies,
        designed: true,
        designed_note: Some(designed_note),
    }
}

const fn number(name: CardName, value: u8, copies: u8, effect: &'static str) -> ClassicCard {
    ClassicCard {
        value: Some(value),
        ..card(
            name,
            "",
            (Kind::Number, None, NumberUse::None),
            copies,
            effect,
            "Values 2-6 and copies designed (the rules show 3, 4 and 5).",
        )
    }
}

/// A card the 8th edition lacks: its title, its kind and its effect are
/// its engine facts' (`cards::classic`, `cards::classic_board`), written
/// there once; the range printed in its corner, what a number sets for it
/// and its copies are the catalogue's.
const fn classic_only(
    name: CardName,
    range: Option<Range>,
    number: NumberUse,
    copies: u8,
    designed_note: &'static str,
) -> ClassicCard {
    let facts = crate::wizwar::spells::rules::card(name).0;
    let kind = match facts.card_type() {
        CardType::Attack => Kind::Attack,
        CardType::Neutral => Kind::Neutral,
        CardType::Counter => Kind::Counter,
        CardType::Item => Kind::Object,
        CardType::Energy => Kind::Number,
    };
    ClassicCard {
        value: facts.energy_value(),
        ..card(
            name,
            facts.title(),
            (kind, range, number),
            copies,
            facts.description(),
            designed_note,
        )
    }
}

/// A number card the 8th edition lacks (its value is its engine facts').
const fn classic_only_number(name: CardName, copies: u8) -> ClassicCard {
    classic_only(
        name,
        None,
        NumberUse::None,
        copies,
        "Values 2-6 and copies designed (the rules show 3, 4 and 5).",
    )
}

use Kind as K;
use NumberUse as U;
use Range as R;

const COPIES_ONLY: &str = "Copies designed.";

/// The classic catalogue, in kind order; copies add up to 130.
pub const CATALOGUE: &[ClassicCard] = &[
    // Number cards (34, about a quarter of the deck).
    classic_only_number(CardName::Classic(ClassicCardName::Number2), 6),
    classic_only_number(CardName::Classic(ClassicCardName::Number3), 8),
    ClassicCard {
        title: "Number 4",
        ..number(
            CardName::Energy4,
            4,
            8,
            "Adds 4 squares to your movement, or sets one action's power or duration to 4.",
        )
    },
    ClassicCard {
        title: "Number 5",
        ..number(
            CardName::Energy5,
            5,
            7,
            "Adds 5 squares to your movement, or sets one action's power or duration to 5.",
        )
    },
    ClassicCard {
        title: "Number 6",
        ..number(
            CardName::Energy6,
            6,
            5,
            "Adds 6 squares to your movement, or sets one action's power or duration to 6.",
        )
    },
    // Attacks (18).
    classic_only(
        CardName::Classic(ClassicCardName::LightningBlast),
        Some(R::LineOfSight),
        U::Power,
        6,
        "Range (LOS) and copies designed.",
    ),
    card(
        CardName::Fireball,
        "Fireball",
        (K::Attack, Some(R::LineOfSight), U::None),
        5,
        "Instant: 5 points of magical fire damage; fire also destroys the magic stones of the wizard it hurts.",
        "Range (LOS), the 5 points (fan sources only) and copies designed.",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::Medusa),
        Some(R::LineOfSight),
        U::Duration,
        4,
        "Range (LOS), duration as lost turns and copies designed.",
    ),
    card(
        CardName::DropObject,
        "Drop Object",
        (K::Attack, Some(R::LineOfSight), U::None),
        3,
        "The wizard drops the object or treasure you name in his square: the one spell that takes things by force.",
        "Type (attack), range (LOS) and copies designed.",
    ),
    // Counteractions (17).
    classic_only(
        CardName::Classic(ClassicCardName::Absorb),
        None,
        U::None,
        7,
        "Half the damage (the rules' general counteraction rule, not S4's 3 points) and copies designed.",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::Blunt),
        None,
        U::None,
        6,
        "Physical damage only (designed: the text names Blunt only beside Absorb, both answering indirect damage such as a falling wall, and says the two kinds of damage differ where a card says so; the card's text is not found) and copies designed.",
    ),
    card(
        CardName::FullShield,
        "Full Shield",
        (K::Counter, None, U::None),
        2,
        "Answers an attack aimed at you or a counter: stops half the damage left, rounded up.",
        "Effect (the classic counteraction rule) and copies designed; the name is classic (S4).",
    ),
    // Neutral spells (45).
    card(
        CardName::CreateWall,
        "Create Wall",
        (K::Neutral, Some(R::LineOfSight), U::None),
        5,
        "A permanent stone wall on a line between two squares (never diagonal, never on a wall); it falls at 20 points of damage.",
        COPIES_ONLY,
    ),
    card(
        CardName::DestroyWall,
        "Destroy Wall",
        (K::Neutral, Some(R::LineOfSight), U::None),
        4,
        "A wall or door falls; it deals 2 physical damage to each wizard beside it, which Absorb or Blunt may answer. Not an attack.",
        "Range (LOS), the 2 points of the falling wall (8th edition's) and copies designed.",
    ),
    card(
        CardName::RotateSector,
        "Rotate Sector",
        (K::Neutral, Some(R::LineOfSight), U::None),
        3,
        "Turns one sector a quarter or a half turn; the AUTO WARP stays.",
        "Range, the turns (8th edition's) and copies designed.",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::Drag),
        Some(R::LineOfSight),
        U::Power,
        3,
        "Range, straight-line pull by its number and copies designed.",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::Speed),
        Some(R::Caster),
        U::Movement,
        3,
        "Effect (more movement rather than S13's extra turn), range and copies designed.",
    ),
    card(
        CardName::Invisible,
        "Invisible",
        (K::Neutral, Some(R::Caster), U::Duration),
        3,
        "You become invisible for as many turns as its number: each attack on you misses on a d4 roll of 2-4.",
        "The miss roll (8th edition's) and copies designed.",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::Shrink),
        Some(R::LineOfSight),
        U::Duration,
        3,
        "Effect (after the later edition), range (LOS, for use on opponents) and copies designed.",
    ),
    card(
        CardName::Teleport,
        "Teleport",
        (K::Neutral, Some(R::Caster), U::Power),
        2,
        "Blink to a square as many steps away as its number; you move no more this turn.",
        "Effect (8th edition's) and copies designed; the name is classic (S8).",
    ),
    card(
        CardName::WallOfFire,
        "Wall of Fire",
        (K::Neutral, Some(R::LineOfSight), U::Duration),
        3,
        "A wall of fire on a line: no attack passes it, and whoever crosses it takes 4 points of magical fire damage.",
        "Its damage (8th edition's) and copies designed.",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::IllusionWall),
        Some(R::LineOfSight),
        U::None,
        2,
        "Effect (falls at 1 point of damage) and copies designed.",
    ),
    card(
        CardName::Thornbush,
        "Thornbush",
        (K::Neutral, Some(R::LineOfSight), U::None),
        3,
        "A thornbush fills a square: no attack or thrown object passes it; it can be attacked, and one point of damage kills it.",
        "One point kills it, its entering rules (8th edition's) and copies designed.",
    ),
    card(
        CardName::StoneBlock,
        "Solid Stone",
        (K::Neutral, Some(R::LineOfSight), U::None),
        2,
        "A square of solid stone: it blocks movement, sight and attacks, and cannot be attacked (only bushes, walls and doors can).",
        "Copies designed.",
    ),
    card(
        CardName::Add,
        "Add",
        (K::Neutral, Some(R::Caster), U::None),
        2,
        "Lets two number cards, added together, go with your next action.",
        "Copies designed; the name and effect are classic (S4).",
    ),
    card(
        CardName::Adrenaline,
        "Adrenaline",
        (K::Neutral, Some(R::Caster), U::Duration),
        2,
        "For as many turns as its number you may attack twice a turn.",
        "Copies designed; the name and effect are classic (S4).",
    ),
    card(
        CardName::MadDash,
        "Mad Dash",
        (K::Neutral, Some(R::Caster), U::None),
        2,
        "Doubles your movement this turn.",
        "Copies designed; the name and effect are classic (S16).",
    ),
    card(
        CardName::PickLock,
        "Pick Lock",
        (K::Neutral, Some(R::Adjacent), U::None),
        2,
        "Opens a door next to you.",
        "Range and copies designed; the name is classic (S7).",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::Trap),
        None,
        U::None,
        1,
        "Its effect when drawn later (2 physical damage) designed; one copy, as the rules say 'la carte TRAP'.",
    ),
    // The board cards (their rules: `spells::classic_board`).
    classic_only(
        CardName::Classic(ClassicCardName::RelocateSector),
        None,
        U::None,
        2,
        "Type, copies, no range (it reaches any sector) and the swap designed; the name and the AUTO WARP's discarding are the rules'.",
    ),
    classic_only(
        CardName::Classic(ClassicCardName::RemoveLock),
        Some(R::Adjacent),
        U::None,
        2,
        "Type, range and copies designed; that it alone keeps a door open is the rules'.",
    ),
    // Objects (9): they stay in hand until discarded or dropped.
    card(
        CardName::Dagger,
        "Dagger",
        (K::Object, Some(R::LineOfSight), U::None),
        3,
        "An object: strike with it, or throw it at a target in sight for physical damage; thrown, it lands in the target square or just before a barrier.",
        "Its damage (8th edition's) and copies designed.",
    ),
    card(
        CardName::LargeRock,
        "Large Rock",
        (K::Object, Some(R::LineOfSight), U::None),
        3,
        "An object: throw it at a target in sight for physical damage; it lands in the target square or just before a barrier.",
        "Its damage (8th edition's) and copies designed.",
    ),
    card(
        CardName::Wizardblade,
        "Wizardblade",
        (K::Object, Some(R::Adjacent), U::Power),
        2,
        "An object: strike beside you for magical damage, fed by a card from your hand.",
        "Range, damage (8th edition's) and copies designed.",
    ),
    card(
        CardName::MasterKey,
        "Master Key",
        (K::Object, Some(R::Caster), U::None),
        1,
        "Lies face up before you (it counts toward your seven cards) and opens doors.",
        "One copy designed.",
    ),
    // Magic stones (5): they lie face up, count toward the seven cards, and
    // their power serves any number of times.
    card(
        CardName::Speedstone,
        "Speedstone",
        (K::MagicStone, Some(R::Caster), U::None),
        1,
        "POWER: one more square of movement every turn.",
        "One copy designed; the stone is named by S13 (a fan source).",
    ),
    card(
        CardName::Powerstone,
        "Powerstone",
        (K::MagicStone, Some(R::Caster), U::None),
        1,
        "POWER: each number card you play is worth one more.",
        "One copy designed; the stone is named by S13 (a fan source).",
    ),
    card(
        CardName::Brainstone,
        "Brainstone",
        (K::MagicStone, Some(R::Caster), U::None),
        1,
        "POWER: as the 8th edition's Brainstone.",
        "Effect (8th edition's) and one copy designed; the stone is named by S8.",
    ),
    card(
        CardName::Lifestone,
        "Lifestone",
        (K::MagicStone, Some(R::Caster), U::None),
        1,
        "POWER: heals its carrier a little at the start of each of his turns.",
        "Effect (8th edition's) and one copy designed.",
    ),
    card(
        CardName::Visionstone,
        "Visionstone",
        (K::MagicStone, Some(R::Caster), U::None),
        1,
        "POWER: your spells may see through one wall or door.",
        "Effect (8th edition's) and one copy designed; the stone is named by S13.",
    ),
];

/// The classic catalogue, as served to clients.
pub fn catalogue() -> &'static [ClassicCard] {
    CATALOGUE
}

/// A card's title in the classic edition (its number cards are "Number 4",
/// not the engine's "Energy 4"; Stone Block is "Solid Stone").
pub fn title(card: CardName) -> &'static str {
    CATALOGUE
        .iter()
        .find(|c| c.name == card)
        .map_or(card.title(), |c| c.title)
}

/// What a client shows beside a classic Wiz War table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarClassicReference))]
#[serde(deny_unknown_fields)]
pub struct Reference {
    /// The classic deck, one entry per distinct card.
    pub cards: &'static [ClassicCard],
    /// The yield policies, each labelled whether it reveals the hand.
    pub yield_policies: Vec<LabelledYieldPolicy>,
}

impl ReferenceMaterial for WizWarClassic {
    type Reference = Reference;

    fn reference() -> Reference {
        Reference {
            cards: catalogue(),
            yield_policies: YieldPolicy::reference(),
        }
    }
}

/// The classic deck before shuffling.
pub fn cards() -> Vec<CardName> {
    CATALOGUE
        .iter()
        .flat_map(|c| std::iter::repeat_n(c.name, usize::from(c.copies)))
        .collect()
}
