//! Mutation: shape-changing (24 cards). Also lists Dispel (cantrip file) and
//! Mist Body (elemental file).
//!
//! Both Featherweights sit here per the component list; the card scans file
//! one under Mentalism (data §1, "Prefer A"). Forms may be cast on the caster
//! or on a creature he controls; only one transformation holds at a time.

use super::{CardFact, CardName, CardType, Duration, Facts, Range, Target, Trait};

pub(super) const CARDS: [(CardName, u8); 18] = [
    (CardName::Adrenaline, 2),
    (CardName::BigManForm, 1),
    (CardName::Disease, 1),
    (CardName::Dispel, 1),
    (CardName::ExtraArms, 2),
    (CardName::Featherweight, 2),
    (CardName::GnomeForm, 1),
    (CardName::GolemForm, 1),
    (CardName::HeaveHo, 1),
    (CardName::MadDash, 1),
    (CardName::MistBody, 1),
    (CardName::SlimeForm, 1),
    (CardName::Strength, 1),
    (CardName::Stretch, 2),
    (CardName::Wallivore, 2),
    (CardName::WerewolfForm, 1),
    (CardName::Energy4, 2),
    (CardName::Energy5, 1),
];

/// A lasting change to the caster or his own creature.
const FORM: Facts = Facts {
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster, Target::Creature],
    traits: &[Trait::Transformation],
    ..Facts::BASE
};

/// Its two attacks may be any mix of spells, items and punches; stunned, one
/// attack and a move or two and no move (see `spells::mutation`).
pub(super) const ADRENALINE: Facts = Facts {
    title: "Adrenaline",
    card_type: CardType::Neutral,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster, Target::Wizard, Target::Creature],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "While it lasts the target may attack twice a turn; if stunned, it chooses one attack and a move, or two attacks and no move.",
    ..Facts::BASE
};

/// The card lets the shoved choose at a junction; the engine sends them
/// straight on, else right, else left, so a stride never waits for another
/// player (see `spells::mutation`).
pub(super) const BIG_MAN_FORM: Facts = Facts {
    title: "Big Man Form",
    description: "Grow huge: speed 3, you fill your square (blocking sight and passage), shove wizards and creatures ahead as you walk, and punch for 3 physical damage.",
    ..FORM
};

/// Uses the caster's attack only on the turn it is cast (data: `ATK(d)`).
/// Its damage lingers from a spell: not an attack, no victory point (data §8).
pub(super) const DISEASE: Facts = Facts {
    title: "Disease",
    card_type: CardType::Attack,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster],
    inferred: &[CardFact::CardType, CardFact::Range, CardFact::Duration],
    description: "While it lasts, every other wizard or creature in a square you walk into takes 3 physical damage, at most once per victim per turn.",
    ..Facts::BASE
};

/// Temporary per the rulebook's example (one energy token on Extra Arms),
/// so only the range is inferred. A treasure pick-up with it does not end
/// the turn, yet one treasure at a time still holds.
pub(super) const EXTRA_ARMS: Facts = Facts {
    title: "Extra Arms",
    range: Some(Range::Caster),
    targets: &[Target::Caster],
    energy_value: Some(3),
    inferred: &[CardFact::Range],
    description: "Carried items no longer count toward your hand, 1 movement picks up everything in your square, and your punch hits everyone within reach.",
    ..FORM
};

/// The rulebook clarification: if the attack comes from your own square,
/// you choose the direction.
pub(super) const FEATHERWEIGHT: Facts = Facts {
    title: "Featherweight",
    card_type: CardType::Counter,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster],
    description: "When attacked, each point of damage pushes you back a square instead of hurting you; what cannot become movement still hurts.",
    ..Facts::BASE
};

pub(super) const GNOME_FORM: Facts = Facts {
    title: "Gnome Form",
    also_counter: true,
    energy_value: Some(2),
    description: "Shrink to a gnome of speed 2 who dodges each attack on a die roll of 1-2; it may also be cast in answer to an attack.",
    ..FORM
};

pub(super) const GOLEM_FORM: Facts = Facts {
    title: "Golem Form",
    description: "Become a golem: speed 2, punches of 2 physical damage, 2 less damage from everything, counter spells only, and a treasure costs 1 movement instead of your turn.",
    ..FORM
};

/// Diagonal flight is counted the way wizard movement counts it: the fewest
/// orthogonal steps, walls notwithstanding.
pub(super) const HEAVE_HO: Facts = Facts {
    title: "Heave-Ho",
    card_type: CardType::Attack,
    range: Some(Range::LineOfSight),
    duration: Some(Duration::Instant),
    targets: &[
        Target::Object,
        Target::Wizard,
        Target::Creature,
        Target::EmptySquare,
    ],
    traits: &[Trait::Mundane],
    description: "Hurl the treasure you carry; whatever it hits takes 1 physical damage per square it flew.",
    ..Facts::BASE
};

pub(super) const MAD_DASH: Facts = Facts {
    title: "Mad Dash",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Instant),
    targets: &[Target::Caster, Target::Creature],
    description: "Double the movement left this turn, but drop any treasure you carry and pick none up until the turn ends.",
    ..Facts::BASE
};

/// Its flowing damage has no "once a turn": every square entered hurts.
pub(super) const SLIME_FORM: Facts = Facts {
    title: "Slime Form",
    description: "Ooze at speed 3 through doors and objects (not walls or stone blocks), losing a carried treasure at a closed door and dealing 1 physical damage to all you flow over; no attacks, counter spells only.",
    ..FORM
};

/// Its second mode is an attack: the d4 roll of 2-4 wins the item. It is
/// made with the maintained card (`use`), naming the wizard (his treasure)
/// or the carried item.
pub(super) const STRENGTH: Facts = Facts {
    title: "Strength",
    card_type: CardType::Neutral,
    range: Some(Range::Caster),
    duration: Some(Duration::Temporary),
    targets: &[Target::Caster, Target::Creature],
    description: "Your physical damage doubles, and as your attack you may try to wrest a treasure or item from someone in your square.",
    ..Facts::BASE
};

/// The range icon was lost; the text speaks of "reach", read as a punch's:
/// the caster's square or one he could step to. Only its punch is an attack.
pub(super) const STRETCH: Facts = Facts {
    title: "Stretch",
    card_type: CardType::Neutral,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Instant),
    targets: &[
        Target::Object,
        Target::Treasure,
        Target::Square,
        Target::Wizard,
        Target::Creature,
    ],
    energy_value: Some(2),
    description: "Reach a square away to pick up a loose item or treasure, set one of yours down, or punch someone there as your attack.",
    ..Facts::BASE
};

/// "Stone wall": printed or created walls, not doors nor outer walls.
pub(super) const WALLIVORE: Facts = Facts {
    title: "Wallivore",
    card_type: CardType::Neutral,
    range: Some(Range::Adjacent),
    duration: Some(Duration::Instant),
    targets: &[Target::Wall],
    description: "Eat a stone wall section beside you and gain 2 life.",
    ..Facts::BASE
};

pub(super) const WEREWOLF_FORM: Facts = Facts {
    title: "Werewolf Form",
    description: "Become a werewolf of speed 4 whose punches deal a die roll of physical damage; counter spells only.",
    ..FORM
};
