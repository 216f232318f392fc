//! The Wiz-War 8th edition Magic cards, as data: all 168 cards in eight
//! schools (rulebook p.2: "168 Magic Cards (24 per school)", the two cantrip
//! sets being 12 cards each).
//!
//! Facts come from `wizwar-data.md` sections 1 and 2; every description is a
//! one-line paraphrase of our own. The facts of a card are written once, in
//! the file of the first school (in [`School`] order) that holds it — so
//! Fireball lives in [`elemental`](self) and Create Wall in the cantrip file —
//! and each school file lists its cards with their copies.
//!
//! # Data decisions
//! - Range and duration icons were lost by every source: unless the rulebook
//!   states them (its examples make Acid Bath, Extra Arms and Stone Spikes
//!   temporary), they are our reading of the card's effect and the card's
//!   [`CardDef::inferred`] lists [`CardFact::Range`] and [`CardFact::Duration`].
//!   Items and created objects are [`Duration::Permanent`] (rulebook: a
//!   permanent card stays "for as long as the caster wants … or the item is
//!   dropped"); lasting effects on a wizard are [`Duration::Temporary`].
//! - Component list over card scans (data §1 "Prefer A", §8): Absorb Spell is
//!   in Mentalism, both Featherweights in Mutation, and Thaumaturgy holds one
//!   Fire Darts and one Dagger.
//! - Every card is played: its facts here and its rules in
//!   `spells/<school>.rs` are registered together, on one line of one
//!   exhaustive lookup (`spells::rules::card`), which leaves no card
//!   without facts or rules.

pub(crate) mod alchemy;
pub(crate) mod cantrip;
pub mod classic;
pub(crate) mod classic_board;
pub(crate) mod conjuring;
pub(crate) mod elemental;
pub(crate) mod energy;
pub(crate) mod mentalism;
pub(crate) mod mutation;
pub mod reference;
#[cfg(test)]
mod tests;
pub(crate) mod thaumaturgy;

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

pub use classic::ClassicCardName;

/// A school of magic; each is one 24-card deck (the cantrips are two 12-card sets).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarSchool))]
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

impl School {
    /// Every school, in catalogue order.
    pub const ALL: [School; 8] = [
        School::WhiteCantrip,
        School::BlackCantrip,
        School::Alchemy,
        School::Conjuring,
        School::Elemental,
        School::Mentalism,
        School::Mutation,
        School::Thaumaturgy,
    ];

    /// The six schools players choose from (every school but the cantrips).
    pub const CHOOSABLE: [School; 6] = [
        School::Alchemy,
        School::Conjuring,
        School::Elemental,
        School::Mentalism,
        School::Mutation,
        School::Thaumaturgy,
    ];

    /// Whether this is one of the two cantrip sets, which no player chooses.
    pub const fn is_cantrip(self) -> bool {
        matches!(self, School::WhiteCantrip | School::BlackCantrip)
    }

    /// The school's cards with their copies, in printed order.
    const fn list(self) -> &'static [(CardName, u8)] {
        match self {
            // The two cantrip sets have the same contents (data §1, Source A).
            School::WhiteCantrip | School::BlackCantrip => &cantrip::CARDS,
            School::Alchemy => &alchemy::CARDS,
            School::Conjuring => &conjuring::CARDS,
            School::Elemental => &elemental::CARDS,
            School::Mentalism => &mentalism::CARDS,
            School::Mutation => &mutation::CARDS,
            School::Thaumaturgy => &thaumaturgy::CARDS,
        }
    }
}

/// The type printed on a card, which decides when it may be played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarCardType))]
pub enum CardType {
    Attack,
    Neutral,
    Counter,
    Item,
    Energy,
}

/// How far from the caster a card's target may be (rulebook "Target Range":
/// four range categories).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarRange))]
pub enum Range {
    /// Only on the caster himself.
    Caster,
    /// In the caster's square or an orthogonally adjacent one, and in line of sight.
    Adjacent,
    /// Any target the caster can see.
    LineOfSight,
    /// No line of sight needed, or range is meaningless (global spells, combining energy).
    Anywhere,
}

/// How long a card stays in play (rulebook "Magic Card Duration").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarDuration))]
pub enum Duration {
    /// Takes effect, then is discarded.
    Instant,
    /// Maintained for as many turns as its energy (one token off per Time Passes).
    Temporary,
    /// Maintained, or carried, for as long as its owner wants.
    Permanent,
}

/// A trait printed on a card (rulebook "Card Traits").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarTrait))]
pub enum Trait {
    /// Creates a long-lasting object; never in a home base square.
    Creation,
    /// An attack with lingering effects on its target.
    Curse,
    Fire,
    /// Affects the whole labyrinth; everyone has line of sight to it.
    Global,
    /// Printed on Lightning Bolt (data §2.4); not in the rulebook's trait list.
    Lightning,
    /// Destroyed when its carrier suffers fire damage.
    MagicStone,
    /// A non-magical action: cannot be countered.
    Mundane,
    ThrownWeapon,
    /// Only one at a time on a wizard or creature; a new one replaces the old.
    Transformation,
    Trinket,
    Water,
    Weapon,
}

/// What a card may be played on (rulebook "Target Types").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarTargetType))]
pub enum Target {
    /// A line between two squares.
    BorderLine,
    Creature,
    Door,
    GameBoard,
    /// An inanimate object on the board (dropped items included, treasures not).
    Object,
    Sector,
    /// The caster (the rulebook's "Self").
    #[serde(rename = "self")]
    Caster,
    Spell,
    Square,
    /// A square with no object, treasure, creature or wizard.
    EmptySquare,
    Treasure,
    Wall,
    /// Another player's wizard.
    Wizard,
}

/// One printed fact of a card; used to say which ones we inferred.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarCardFact))]
pub enum CardFact {
    CardType,
    Range,
    Duration,
    Targets,
    Traits,
    EnergyValue,
    /// The effect itself: the card's text was partial or missing and we
    /// completed it as an experienced player would.
    Effect,
}

/// Every distinct card by name: the 8th edition's 92 (the three energy
/// values included), the fist, and the 13 only the classic edition has
/// ([`ClassicCardName`], its two board cards among them). The fist is no
/// card, but what stands on the stack while a punch waits for its response
/// window (rulebook p.8: a punch is an attack, and an attacked wizard may
/// answer it); no school holds it. On the wire every card is its name
/// alone, so the schema is one list of names (see the `PartialSchema`
/// below).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CardName {
    // Energy
    Energy4,
    Energy5,
    Energy6,
    // Cantrips
    FullShield,
    NegateNeutral,
    DropObject,
    Zot,
    AroundTheCorner,
    CreateWall,
    DestroyWall,
    Dispel,
    PickLock,
    RotateSector,
    LargeRock,
    // Alchemy
    AcidBath,
    Add,
    Bloodshard,
    Boomstone,
    Brainstone,
    FoolsGold,
    Homunculus,
    Lifestone,
    Mightstone,
    NullPowder,
    Powerstone,
    Speedstone,
    Spellstone,
    StoneDead,
    UniversalSolvent,
    Visionstone,
    // Conjuring
    BoobyTrap,
    CreateDoor,
    DustCloud,
    FireDarts,
    Glue,
    HandfulOfTacks,
    KaBong,
    Rosebush,
    Shield,
    Swap,
    Thornbush,
    WallOfEarth,
    Ward,
    // Elemental
    FireCloak,
    Fireball,
    Flood,
    Fog,
    LightningBolt,
    MistBody,
    StoneBlock,
    StoneSpikes,
    WallOfFire,
    Waterbolt,
    Windrider,
    // Mentalism
    AbsorbSpell,
    AstralProjection,
    BrainBurn,
    Meditate,
    MentalForce,
    PainLink,
    Powerthrust,
    PsychicStorm,
    ShareLife,
    Shatter,
    Teleport,
    ThoughtSteal,
    // Mutation
    Adrenaline,
    BigManForm,
    Disease,
    ExtraArms,
    Featherweight,
    GnomeForm,
    GolemForm,
    HeaveHo,
    MadDash,
    SlimeForm,
    Strength,
    Stretch,
    Wallivore,
    WerewolfForm,
    // Thaumaturgy
    AntiAnti,
    Backlash,
    Dagger,
    GlobeOfPain,
    Gravity,
    Invisible,
    MasterKey,
    PassThroughWall,
    SealDoor,
    SlowDeath,
    Wizardblade,
    Yoink,
    // No card
    Fist,
    /// A card only the classic edition has: its names, facts and rules are
    /// the edition's ([`classic::ClassicCardName`]). Sent as its name alone.
    #[serde(untagged)]
    Classic(classic::ClassicCardName),
}

/// One list of every card's name, as a client reads and sends it: the
/// engine's own (in declaration order) and then the classic edition's.
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for CardName {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, SchemaType, Type};
        let engine: std::collections::BTreeSet<CardName> = catalogue()
            .iter()
            .map(|card| card.name)
            .chain([CardName::Fist])
            .collect();
        let names: Vec<serde_json::Value> = engine
            .into_iter()
            .chain(ClassicCardName::ALL.map(CardName::Classic))
            .map(|name| serde_json::to_value(name).expect("a card name is a string"))
            .collect();
        let description = format!(
            "Every distinct card by name, {} in all: the 8th edition's 92 (the three energy \
             values included), the fist, and the 13 only the classic edition has (its two \
             board cards among them). The fist is no card, but what stands on the stack while \
             a punch waits for its response window (rulebook p.8: a punch is an attack, and an \
             attacked wizard may answer it); no school holds it.",
            names.len()
        );
        ObjectBuilder::new()
            .schema_type(SchemaType::Type(Type::String))
            .enum_values(Some(names))
            .description(Some(description))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for CardName {
    fn name() -> std::borrow::Cow<'static, str> {
        "WizwarCardName".into()
    }
}

impl CardName {
    /// The name as printed, e.g. "Zot!".
    pub const fn title(self) -> &'static str {
        self.facts().title
    }

    /// The school-independent facts of this card, from the one lookup of
    /// every card ([`crate::wizwar::spells::rules::card`]).
    const fn facts(self) -> &'static Facts {
        super::spells::rules::card(self).0
    }
}

/// A bare fist (p.8): 1 physical damage to a wizard in your square or an
/// adjacent one; the attack of the turn. No card, in no deck.
pub(crate) const FIST: Facts = Facts {
    title: "Punch",
    card_type: CardType::Attack,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    inferred: &[],
    description: "Punch a wizard in your square or an adjacent one for 1 physical damage.",
    ..Facts::BASE
};

/// The facts of a card that do not depend on the school it sits in.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Facts {
    title: &'static str,
    card_type: CardType,
    also_counter: bool,
    range: Option<Range>,
    duration: Option<Duration>,
    targets: &'static [Target],
    traits: &'static [Trait],
    energy_value: Option<u8>,
    inferred: &'static [CardFact],
    description: &'static str,
}

impl Facts {
    /// The printed title.
    pub(crate) const fn title(&self) -> &'static str {
        self.title
    }

    pub(crate) const fn card_type(&self) -> CardType {
        self.card_type
    }

    /// The value a number (energy) card is spent for.
    pub(crate) const fn energy_value(&self) -> Option<u8> {
        self.energy_value
    }

    /// The card's effect, in one line of our own words.
    pub(crate) const fn description(&self) -> &'static str {
        self.description
    }

    /// The defaults the school files build on with `..Facts::BASE`. The
    /// inferred range and duration hold for nearly every card (data §1: the
    /// icons were lost); the empty title and description are always
    /// overridden (a test checks).
    const BASE: Facts = Facts {
        title: "",
        card_type: CardType::Neutral,
        also_counter: false,
        range: None,
        duration: None,
        targets: &[],
        traits: &[],
        energy_value: None,
        inferred: &[CardFact::Range, CardFact::Duration],
        description: "",
    };
}

/// [`Duration`] by another name: the schema derive reads a type named
/// `Duration` as a time span (a string), not as this enum.
#[cfg(feature = "openapi")]
type CardDuration = Duration;

/// The printed facts of one distinct card in one school.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarCardDef))]
#[serde(deny_unknown_fields)]
pub struct CardDef {
    pub name: CardName,
    /// The name as printed, e.g. "Zot!".
    pub title: &'static str,
    pub school: School,
    /// Copies of this card in this school's deck.
    pub copies: u8,
    pub card_type: CardType,
    /// The card's own text also lets it be played as a counter spell (e.g.
    /// Teleport when attacked, Wall of Fire against a Water spell).
    pub also_counter: bool,
    /// `null` only for energy cards.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub range: Option<Range>,
    /// `null` only for energy cards.
    #[cfg_attr(
        feature = "openapi",
        schema(required = true, value_type = Option<CardDuration>)
    )]
    pub duration: Option<Duration>,
    /// What the card may be played on; empty for energy cards.
    pub targets: &'static [Target],
    pub traits: &'static [Trait],
    /// The printed energy value, when the card can be spent as energy.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub energy_value: Option<u8>,
    /// Which of these facts no source shows and we inferred from the effect.
    pub inferred: &'static [CardFact],
    /// One line in our own words.
    pub description: &'static str,
}

impl CardDef {
    const fn new(name: CardName, school: School, copies: u8) -> CardDef {
        let f = name.facts();
        CardDef {
            name,
            title: f.title,
            school,
            copies,
            card_type: f.card_type,
            also_counter: f.also_counter,
            range: f.range,
            duration: f.duration,
            targets: f.targets,
            traits: f.traits,
            energy_value: f.energy_value,
            inferred: f.inferred,
            description: f.description,
        }
    }

    /// Whether the card, once cast, stays in its caster's play area as a
    /// maintained spell (counting toward his hand limit). Carried items also
    /// count toward the limit but are not spells.
    pub fn is_maintained_spell(&self) -> bool {
        self.card_type != CardType::Item
            && matches!(
                self.duration,
                Some(Duration::Temporary | Duration::Permanent)
            )
    }
}

/// The catalogue: one entry per (school, card), schools in [`School::ALL`]
/// order; the copies add up to 168.
pub fn catalogue() -> &'static [CardDef] {
    static CATALOGUE: LazyLock<Vec<CardDef>> = LazyLock::new(|| {
        School::ALL
            .iter()
            .flat_map(|&school| {
                school
                    .list()
                    .iter()
                    .map(move |&(name, copies)| CardDef::new(name, school, copies))
            })
            .collect()
    });
    &CATALOGUE
}

/// The facts of a card. `school` and `copies` are those of the first school
/// (in [`School::ALL`] order) that holds it; every other field is the same in
/// every school.
///
/// ```
/// use owlpost_domain::wizwar::cards::{definition, CardName, School};
/// assert_eq!(definition(CardName::Fireball).school, School::Elemental);
/// assert_eq!(definition(CardName::Fireball).title, "Fireball");
/// ```
pub fn definition(name: CardName) -> &'static CardDef {
    // The fist is in no school; its facts are said to be White Cantrip's,
    // with no copies, so that it never reaches a deck.
    static FIST_DEF: CardDef = CardDef::new(CardName::Fist, School::WhiteCantrip, 0);
    if name == CardName::Fist {
        return &FIST_DEF;
    }
    if let Some(def) = classic_board::definition(name) {
        return def;
    }
    catalogue()
        .iter()
        .chain(classic_only())
        .find(|c| c.name == name)
        .expect("every card name is listed by at least one school or the classic deck (tested)")
}

/// The cards only the classic edition plays: like the fist, their facts
/// are said to be White Cantrip's with no copies, so that no 8th-edition
/// deck holds them; their copies are the classic deck's
/// ([`crate::wizwar::classic::deck`]).
fn classic_only() -> &'static [CardDef] {
    static CLASSIC_ONLY: LazyLock<Vec<CardDef>> = LazyLock::new(|| {
        crate::wizwar::classic::deck::CLASSIC_ONLY
            .iter()
            .map(|&name| CardDef::new(name, School::WhiteCantrip, 0))
            .collect()
    });
    &CLASSIC_ONLY
}

/// The entry of a card in one school, if that school holds it.
pub fn entry(school: School, name: CardName) -> Option<&'static CardDef> {
    catalogue()
        .iter()
        .find(|c| c.school == school && c.name == name)
}

/// The cards of one school, in printed order.
pub fn school_cards(school: School) -> impl Iterator<Item = &'static CardDef> {
    catalogue().iter().filter(move |c| c.school == school)
}

/// Copies of a card across all eight schools (both cantrip sets included).
pub fn total_copies(name: CardName) -> u32 {
    catalogue()
        .iter()
        .filter(|c| c.name == name)
        .map(|c| u32::from(c.copies))
        .sum()
}

/// The cards of a deck built from these schools, one entry per physical
/// card. Rules about which schools may be combined live in
/// [`standard_deck`] and friends.
pub fn deck(schools: &[School]) -> Vec<CardName> {
    catalogue()
        .iter()
        .filter(|c| schools.contains(&c.school))
        .flat_map(|c| std::iter::repeat_n(c.name, usize::from(c.copies)))
        .collect()
}

/// Why a choice of schools does not make a legal deck.
#[derive(Copy, Clone, Debug, PartialEq, Eq, thiserror::Error, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "code", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarDeckError))]
pub enum DeckError {
    /// The same school was chosen twice.
    #[error("{school:?} is chosen more than once")]
    SchoolRepeated { school: School },
    /// A cantrip set was chosen where one of the six schools is needed.
    #[error("{school:?} is a cantrip set, not a school to choose")]
    CantripNotASchool { school: School },
}

impl DeckError {
    /// A stable snake_case code for API problem bodies.
    pub fn code(&self) -> &'static str {
        match self {
            DeckError::SchoolRepeated { .. } => "school_repeated",
            DeckError::CantripNotASchool { .. } => "cantrip_not_a_school",
        }
    }
}

/// Checks that every school is choosable and none is chosen twice.
fn check_chosen(schools: &[School]) -> Result<(), DeckError> {
    for (i, &school) in schools.iter().enumerate() {
        if school.is_cantrip() {
            return Err(DeckError::CantripNotASchool { school });
        }
        if schools[..i].contains(&school) {
            return Err(DeckError::SchoolRepeated { school });
        }
    }
    Ok(())
}

/// The standard Magic deck (rulebook Setup step 4): White Cantrip plus three
/// distinct chosen schools, 84 cards.
///
/// # Errors
/// [`DeckError::CantripNotASchool`] if a cantrip set is chosen,
/// [`DeckError::SchoolRepeated`] if a school is chosen twice.
///
/// ```
/// use owlpost_domain::wizwar::cards::{standard_deck, School};
/// let deck = standard_deck([School::Alchemy, School::Elemental, School::Mentalism]);
/// assert!(deck.is_ok());
/// let repeated = standard_deck([School::Alchemy, School::Alchemy, School::Mentalism]);
/// assert_eq!(repeated.unwrap_err().code(), "school_repeated");
/// ```
pub fn standard_deck(schools: [School; 3]) -> Result<Vec<CardName>, DeckError> {
    check_chosen(&schools)?;
    let [a, b, c] = schools;
    Ok(deck(&[School::WhiteCantrip, a, b, c]))
}

/// The two decks of the Custom Spellbook optional rule: each group starts
/// from one cantrip set (White, then Black) and drafts three schools; a
/// school can only be drafted once, so the two groups split the six schools.
///
/// # Errors
/// [`DeckError::CantripNotASchool`] if a cantrip set is drafted,
/// [`DeckError::SchoolRepeated`] if a school is drafted twice (by either group).
pub fn custom_spellbook_decks(
    white_group: [School; 3],
    black_group: [School; 3],
) -> Result<[Vec<CardName>; 2], DeckError> {
    let [a, b, c] = white_group;
    let [d, e, f] = black_group;
    check_chosen(&[a, b, c, d, e, f])?;
    Ok([
        deck(&[School::WhiteCantrip, a, b, c]),
        deck(&[School::BlackCantrip, d, e, f]),
    ])
}

/// The one deck of the Giant Book of Spells optional rule: every card but
/// the Black Cantrip set (156 cards).
pub fn giant_book_deck() -> Vec<CardName> {
    let schools: Vec<School> = School::ALL
        .into_iter()
        .filter(|&s| s != School::BlackCantrip)
        .collect();
    deck(&schools)
}
