//! A card has one home: what a card does when it is cast from the hand is a
//! [`CardRules`] value written next to its effect in its school's module,
//! and [`rules`] finds it by name. The lookup is one exhaustive `match`, so a
//! new card name does not build until it says what it does.
//!
//! A card's rules so far: its own checks of a cast ([`CardRules::check`])
//! and what happens when its window closes ([`CardRules::resolve`]). The
//! defaults are a card with no choices whose effect is being in play (an
//! item, a counter, Fog, Mist Body, Stone Spikes) or that is not cast at all
//! (an energy card). Counters, uses from the play area, durations and yield
//! policies still dispatch by name in their own modules.

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::{CardDef, CardName};
use super::super::casting::{Casting, SpellOption, SpellTarget};
use super::super::labyrinth::{BorderLine, Square};
use super::super::state::{State, Tx};
use super::super::violations::RuleViolation;
use super::{alchemy, cantrip, conjuring, elemental, mentalism, mutation, thaumaturgy};

/// A cast from the hand as the card's own checks see it.
pub struct CastCheck<'a> {
    pub state: &'a State,
    pub seat: Seat,
    pub def: &'a CardDef,
    pub energy: u8,
    pub target: SpellTarget,
    pub option: Option<SpellOption>,
}

/// What was true just before a cast resolved, for effects that compare.
pub struct Resolving {
    /// The caster's speed before the card came into play (a new form
    /// changes his movement by the difference).
    pub speed_before: i16,
}

/// Everything one card does when cast from the hand.
#[derive(Copy, Clone)]
pub struct CardRules {
    /// The card's own refusals, after the checks every cast shares (card
    /// type, timing, energy, target kind and range).
    pub check: fn(&CastCheck<'_>) -> Result<(), RuleViolation>,
    /// Its effect when its window closes and it has not been cancelled (the
    /// card has already gone where it goes: discarded, maintained, …).
    pub resolve: fn(&mut Tx, &Casting, &Resolving, &mut GameRng),
    /// What it may be cast at besides its printed targets.
    pub aim: Aim,
    /// Nothing can answer it, so no window opens for it (Anti-Anti).
    pub uncounterable: bool,
    /// As a counter: its own checks against the cast it answers; `None`
    /// for a card that answers nothing.
    pub answer: Option<fn(&AnswerCheck<'_>) -> Result<(), RuleViolation>>,
    /// As a counter: what it does to the cast it answers, when its own
    /// window closes.
    pub answered: fn(&mut Tx, &Casting, &Casting),
    /// As a counter it comes into play as when cast (Flood, Pain Link, the
    /// forms); otherwise it is discarded once it has acted.
    pub answers_in_play: bool,
    /// As a counter, once it is in play (Flood floods, Gnome Form transforms).
    pub after_answer: fn(&mut Tx, &Casting, &Resolving),
}

/// A counter played against the top cast, as its own checks see it.
pub struct AnswerCheck<'a> {
    pub state: &'a State,
    pub seat: Seat,
    pub top: &'a Casting,
    /// Wall of Earth: the line it rises on.
    pub line: Option<BorderLine>,
    /// Teleport: the square its wizard blinks to.
    pub square: Option<Square>,
}

/// What a card may be cast at besides its printed targets.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Aim {
    /// Its printed targets only.
    Printed,
    /// Also the caster, though its printed target is his next spell (Add).
    Caster,
    /// A square, though its printed target is the caster (Teleport, Astral
    /// Projection).
    Square,
    /// A direction instead of a thing (Lightning Bolt, Windrider).
    Direction,
}

impl CardRules {
    /// No choices to make, and no effect but being in play.
    pub const BASE: CardRules = CardRules {
        check: no_choices,
        resolve: in_play,
        aim: Aim::Printed,
        uncounterable: false,
        answer: None,
        answered: |_, _, _| {},
        answers_in_play: false,
        after_answer: |_, _, _| {},
    };
}

/// The default check: the card takes no option.
///
/// # Errors
/// `bad_option`.
pub fn no_choices(cast: &CastCheck<'_>) -> Result<(), RuleViolation> {
    match cast.option {
        Some(_) => Err(RuleViolation::BadOption("this card has no choices")),
        None => Ok(()),
    }
}

/// The default effect: none beyond coming into play.
pub fn in_play(_: &mut Tx, _: &Casting, _: &Resolving, _: &mut GameRng) {}

/// A spell that covers the whole labyrinth is cast once (Flood, Fog, Gravity).
///
/// # Errors
/// `invalid_target`, `bad_option`.
pub fn once_on_the_labyrinth(cast: &CastCheck<'_>) -> Result<(), RuleViolation> {
    if cast.state.spell_in_play(cast.def.name) {
        return Err(RuleViolation::InvalidTarget(
            "that spell already covers the labyrinth",
        ));
    }
    no_choices(cast)
}

/// A spell that lasts on its caster is on him once (Pain Link, Shatter).
///
/// # Errors
/// `invalid_target`, `bad_option`.
pub fn once_on_the_caster(cast: &CastCheck<'_>) -> Result<(), RuleViolation> {
    let on_him = cast
        .state
        .spells
        .iter()
        .any(|s| s.name == cast.def.name && s.caster == cast.seat);
    if on_him {
        return Err(RuleViolation::InvalidTarget("that spell is already on you"));
    }
    no_choices(cast)
}

/// The rules of a card, by name: the one place every card is registered.
pub fn rules(name: CardName) -> &'static CardRules {
    use CardName as N;
    match name {
        N::Energy4 | N::Energy5 | N::Energy6 => &CardRules::BASE,
        // White Cantrip
        N::FullShield => &cantrip::FULL_SHIELD,
        N::NegateNeutral => &cantrip::NEGATE_NEUTRAL,
        N::LargeRock => &CardRules::BASE,
        N::DropObject => &cantrip::DROP_OBJECT,
        N::Zot => &cantrip::ZOT,
        N::AroundTheCorner => &cantrip::AROUND_THE_CORNER,
        N::CreateWall => &cantrip::CREATE_WALL,
        N::DestroyWall => &cantrip::DESTROY_WALL,
        N::Dispel => &cantrip::DISPEL,
        N::PickLock => &cantrip::PICK_LOCK,
        N::RotateSector => &cantrip::ROTATE_SECTOR,
        // Alchemy
        N::AcidBath
        | N::Bloodshard
        | N::Boomstone
        | N::Brainstone
        | N::Lifestone
        | N::Mightstone
        | N::Powerstone
        | N::Speedstone
        | N::Spellstone
        | N::UniversalSolvent
        | N::Visionstone => &CardRules::BASE,
        N::NullPowder => &alchemy::NULL_POWDER,
        N::Add => &alchemy::ADD,
        N::FoolsGold => &alchemy::FOOLS_GOLD,
        N::Homunculus => &alchemy::HOMUNCULUS,
        N::StoneDead => &alchemy::STONE_DEAD,
        // Conjuring
        N::HandfulOfTacks => &CardRules::BASE,
        N::Shield => &conjuring::SHIELD,
        N::WallOfEarth => &elemental::WALL_OF_EARTH,
        N::Ward => &conjuring::WARD,
        N::BoobyTrap => &conjuring::BOOBY_TRAP,
        N::CreateDoor => &conjuring::CREATE_DOOR,
        N::DustCloud => &conjuring::DUST_CLOUD,
        N::FireDarts => &conjuring::FIRE_DARTS,
        N::Glue => &conjuring::GLUE,
        N::KaBong => &conjuring::KA_BONG,
        N::Rosebush => &conjuring::ROSEBUSH,
        N::Thornbush => &conjuring::THORNBUSH,
        N::Swap => &conjuring::SWAP,
        // Elemental
        N::FireCloak | N::StoneSpikes => &CardRules::BASE,
        N::Fireball => &elemental::FIREBALL,
        N::Flood => &elemental::FLOOD,
        N::Fog => &elemental::FOG,
        N::LightningBolt => &elemental::LIGHTNING_BOLT,
        N::MistBody => &elemental::MIST_BODY,
        N::StoneBlock => &elemental::STONE_BLOCK,
        N::WallOfFire => &elemental::WALL_OF_FIRE,
        N::Waterbolt => &elemental::WATERBOLT,
        N::Windrider => &elemental::WINDRIDER,
        // Mentalism
        N::AbsorbSpell => &mentalism::ABSORB_SPELL,
        N::AstralProjection => &mentalism::ASTRAL_PROJECTION,
        N::BrainBurn => &mentalism::BRAIN_BURN,
        N::Meditate => &mentalism::MEDITATE,
        N::MentalForce => &mentalism::MENTAL_FORCE,
        N::PainLink => &mentalism::PAIN_LINK,
        N::Powerthrust => &mentalism::POWERTHRUST,
        N::PsychicStorm => &mentalism::PSYCHIC_STORM,
        N::ShareLife => &mentalism::SHARE_LIFE,
        N::Shatter => &mentalism::SHATTER,
        N::Teleport => &mentalism::TELEPORT,
        N::ThoughtSteal => &mentalism::THOUGHT_STEAL,
        // Mutation
        N::Adrenaline | N::Disease | N::Strength => &CardRules::BASE,
        N::Featherweight => &mutation::FEATHERWEIGHT,
        N::GnomeForm => &mutation::GNOME_FORM,
        N::BigManForm | N::ExtraArms | N::GolemForm | N::SlimeForm | N::WerewolfForm => {
            &mutation::TRANSFORMATION
        }
        N::HeaveHo => &mutation::HEAVE_HO,
        N::MadDash => &mutation::MAD_DASH,
        N::Stretch => &mutation::STRETCH,
        N::Wallivore => &mutation::WALLIVORE,
        // Thaumaturgy
        N::AntiAnti => &thaumaturgy::ANTI_ANTI,
        N::Backlash => &thaumaturgy::BACKLASH,
        N::Dagger | N::MasterKey | N::SlowDeath | N::Wizardblade => &CardRules::BASE,
        N::GlobeOfPain => &thaumaturgy::GLOBE_OF_PAIN,
        N::Gravity => &thaumaturgy::GRAVITY,
        N::Invisible => &thaumaturgy::INVISIBLE,
        N::PassThroughWall => &thaumaturgy::PASS_THROUGH_WALL,
        N::SealDoor => &thaumaturgy::SEAL_DOOR,
        N::Yoink => &thaumaturgy::YOINK,
    }
}
