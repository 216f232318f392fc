//! Conjuring: walls, doors, bushes and other debris (24 cards). Also lists
//! Around the Corner, Create Wall, Dispel and Negate Neutral (see the
//! cantrip file).

use super::{CardFact, CardName, CardType, Duration, Facts, Range, Target, Trait};

pub(super) const CARDS: [(CardName, u8); 19] = [
    (CardName::AroundTheCorner, 1),
    (CardName::BoobyTrap, 1),
    (CardName::CreateDoor, 1),
    (CardName::CreateWall, 1),
    (CardName::Dispel, 1),
    (CardName::DustCloud, 1),
    (CardName::FireDarts, 1),
    (CardName::Glue, 1),
    (CardName::HandfulOfTacks, 1),
    (CardName::KaBong, 2),
    (CardName::NegateNeutral, 1),
    (CardName::Rosebush, 2),
    (CardName::Shield, 2),
    (CardName::Swap, 1),
    (CardName::Thornbush, 2),
    (CardName::WallOfEarth, 1),
    (CardName::Ward, 1),
    (CardName::Energy4, 2),
    (CardName::Energy5, 1),
];

/// Type inferred: the data reads these creations as neutral (`NEU(d)`).
const CREATION: Facts = Facts {
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Permanent),
    targets: &[Target::EmptySquare],
    traits: &[Trait::Creation],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    ..Facts::BASE
};

/// Its four tokens need no line of sight (data: "any empty squares"). Each
/// token must be dispelled on its own.
pub(super) const BOOBY_TRAP: Facts = Facts {
    title: "Booby Trap",
    range: Some(Range::Anywhere),
    description: "Hide four face-down tokens, one live trap and three duds, on empty squares; an enemy who steps on the trap takes 4 magical damage and the spell ends, a dud just vanishes.",
    ..CREATION
};

/// Like doors in a home sector: locked to others, never to its creator.
pub(super) const CREATE_DOOR: Facts = Facts {
    title: "Create Door",
    card_type: CardType::Neutral,
    targets: &[Target::Wall, Target::BorderLine],
    energy_value: Some(2),
    inferred: &[CardFact::Range, CardFact::Duration],
    description: "Put a door in a stone wall or on an open border line; it is locked to all but you, and you may hold it open at once if you stand beside it.",
    ..CREATION
};

/// Which way a wizard leaves the cloud uses the random-direction die
/// (data §8: 1 north, 2 east, 3 south, 4 west).
pub(super) const DUST_CLOUD: Facts = Facts {
    title: "Dust Cloud",
    description: "Fill an empty square with dust that blocks sight; whoever leaves it rolls for a random direction and loses 1 movement per wall bumped.",
    ..CREATION
};

/// Each dart is its own damage source, so each is countered separately.
pub(super) const FIRE_DARTS: Facts = Facts {
    title: "Fire Darts",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    traits: &[Trait::Fire],
    description: "Loose one dart per point of energy, each 1 magical fire damage, shared among targets as you please.",
    ..Facts::BASE
};

pub(super) const GLUE: Facts = Facts {
    title: "Glue",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Temporary),
    targets: &[Target::Object, Target::Treasure],
    energy_value: Some(3),
    description: "Stick an object or treasure lying on the board in place, so that no one lifts or shifts it until the spell ends.",
    ..Facts::BASE
};

/// Range inferred: dropped in the carrier's square or next to it (data `(d)`).
pub(super) const HANDFUL_OF_TACKS: Facts = Facts {
    title: "Handful of Tacks",
    card_type: CardType::Item,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Permanent),
    targets: &[Target::EmptySquare],
    traits: &[Trait::Trinket],
    energy_value: Some(3),
    description: "Strew them over an empty square: entering it costs 3 physical damage (not an attack); a neighbour can spend a whole Move and Cast phase gathering them, and water sweeps them away.",
    ..Facts::BASE
};

pub(super) const KA_BONG: Facts = Facts {
    title: "Ka-Bong!",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Object, Target::Wizard, Target::Creature],
    description: "Strike an object, wizard or creature for 4 physical damage; a wizard or creature it hurts is stunned for one turn.",
    ..Facts::BASE
};

pub(super) const ROSEBUSH: Facts = Facts {
    title: "Rosebush",
    description: "Grow a rosebush on an empty square: it hides what lies beyond, pricks anyone entering for 3 physical damage, and dies to 1 crack or any fire.",
    ..CREATION
};

/// The card reads "energy + 2" while the rulebook's example (an unboosted
/// Shield against Fireball) reduces by only 2. The card wins (Golden Rule,
/// data §8): unboosted it reduces by 3.
pub(super) const SHIELD: Facts = Facts {
    title: "Shield",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster],
    energy_value: Some(2),
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "Lower the damage one source deals you by the spell's energy plus 2.",
    ..Facts::BASE
};

pub(super) const SWAP: Facts = Facts {
    title: "Swap",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard, Target::Creature],
    description: "Trade squares with a wizard or creature you can see; you move no further this turn.",
    ..Facts::BASE
};

pub(super) const THORNBUSH: Facts = Facts {
    title: "Thornbush",
    description: "Grow a thornbush on an empty square: it hides what lies beyond, and whoever enters takes 1 physical damage, is stunned a turn and stops there; 1 crack or any fire kills it.",
    ..CREATION
};

/// Read as a counter spell (data `CTR?(d)`): the rulebook clarification has
/// it stop Slow Death and Fireball, i.e. cast in answer to an attack. The
/// wall itself lasts only for that attack, so the spell is instant. It is
/// immune to damage.
pub(super) const WALL_OF_EARTH: Facts = Facts {
    title: "Wall of Earth",
    card_type: CardType::Counter,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::BorderLine],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "Throw up a dirt wall on a border line that blocks sight and movement, takes one attack needing line of sight, then crumbles.",
    ..Facts::BASE
};

/// Played in answer to a treasure being picked up, hence a counter (data `(d)`).
pub(super) const WARD: Facts = Facts {
    title: "Ward",
    card_type: CardType::Counter,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[Target::Wizard],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "Answer the theft of one of your treasures with 3 magical damage to the thief, who then rolls the die and lets it fall on 1-2.",
    ..Facts::BASE
};
