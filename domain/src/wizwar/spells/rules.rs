//! A card has one home: what a card does (cast, as a counter, used from the
//! play area) is a [`CardRules`] value written next to its effect in its
//! school's module, and [`rules`] finds it by name. The lookup is one
//! exhaustive `match`, so a new card name does not build until it says
//! what it does.
//!
//! A card's rules: its own checks of a cast ([`CardRules::check`]), what
//! happens when its window closes ([`CardRules::resolve`]), what it may be
//! aimed at ([`Aim`]), what it does as a counter ([`CardRules::answer`] and
//! after) and as a thing used from the play area ([`UseRules`]). The
//! defaults ([`CardRules::BASE`]) are a card with no choices whose effect is
//! being in play, answering nothing and used for nothing. Where a card goes
//! when it resolves comes from its printed duration
//! ([`super::super::durations::destination`]); what a card changes while
//! it is in play is its [`InPlay`] value, asked through the one layer of
//! [`super::super::effects`].

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::{CardDef, CardName};
use super::super::casting::{Casting, SpellOption, SpellTarget};
use super::super::effects::InPlay;
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
    pub answer: Option<AnswerFn>,
    /// As a counter: what it does to the cast it answers, when its own
    /// window closes.
    pub answered: fn(&mut Tx, &Casting, &Casting),
    /// As a counter it comes into play as when cast (Flood, Pain Link, the
    /// forms); otherwise it is discarded once it has acted.
    pub answers_in_play: bool,
    /// As a counter, once it is in play (Flood floods, Gnome Form transforms).
    pub after_answer: fn(&mut Tx, &Casting, &Resolving),
    /// Used from the play area (a carried item, a maintained spell); `None`
    /// for a card that is not used so.
    pub used: Option<UseRules>,
    /// The options worth listing in `legal_commands` for a cast at this
    /// target (`None` alone: the card takes no option there).
    pub listed_options: fn(&State, SpellTarget) -> Vec<Option<SpellOption>>,
    /// The squares a cast of it strikes, which concern whoever stands
    /// there: the target square, a Psychic Storm's cross, a bolt's path.
    pub struck_squares: fn(&State, &Casting) -> Vec<Square>,
    /// The choices worth listing in `legal_commands` when it answers the
    /// top cast: the line a Wall of Earth rises on, the square a Teleport
    /// blinks to (`(None, None)` alone: no choice).
    pub listed_answers: fn(&State, Seat, &Casting) -> Vec<AnswerChoice>,
    /// What it changes while it is in play, carried or as a spell in play
    /// (see [`super::super::effects`]).
    pub in_play: InPlay,
}

/// A counter's choice: the line (Wall of Earth) or square (Teleport) it names.
pub type AnswerChoice = (Option<BorderLine>, Option<Square>);

/// What a carried item or maintained spell does when used from the play area.
#[derive(Copy, Clone)]
pub struct UseRules {
    /// Whether the use is an attack (the turn's attack, a response window).
    pub attack: bool,
    /// The card's facts as used, where they differ from its printed ones.
    pub facts: fn(CardDef) -> CardDef,
    /// The use names a thing its own check finds (Strength's wrest names an
    /// item in someone's hands), not a thing on the board.
    pub own_target: bool,
    /// Its strikes need a Magic card discarded from the hand (Wizardblade).
    pub feeds_on_a_card: bool,
    /// The card's own refusals of the target.
    pub check: fn(&State, Seat, SpellTarget) -> Result<(), RuleViolation>,
    /// The card is spent by the use (discarded) rather than kept.
    pub spent: bool,
    /// Its effect when the use's window closes.
    pub resolve: fn(&mut Tx, &Casting, &mut GameRng),
    /// A cancelled use still falls in the user's square (a thrown thing).
    pub falls_when_cancelled: fn(&State, &Casting) -> bool,
    /// Targets worth listing in `legal_commands` besides the things near
    /// the wizards (Strength: the items in reach of its wrest).
    pub listed_targets: fn(&State, Seat) -> Vec<SpellTarget>,
}

impl UseRules {
    /// An attack with the card as printed, at a thing damage can hurt.
    pub const ATTACK: UseRules = UseRules {
        attack: true,
        facts: |def| def,
        own_target: false,
        feeds_on_a_card: false,
        check: |state, _, target| super::check_damage_target(state, target, None),
        spent: false,
        resolve: |_, _, _| {},
        falls_when_cancelled: |_, _| false,
        listed_targets: |_, _| vec![],
    };
}

/// A counter's own checks against the cast it answers.
pub type AnswerFn = fn(&AnswerCheck<'_>) -> Result<(), RuleViolation>;

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
        used: None,
        listed_options: |_, _| vec![None],
        struck_squares: |_, cast| match cast.target {
            SpellTarget::Square { square } => vec![square],
            _ => vec![],
        },
        listed_answers: |_, _, _| vec![(None, None)],
        in_play: InPlay::NONE,
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
        N::LargeRock => &cantrip::LARGE_ROCK,
        N::DropObject => &cantrip::DROP_OBJECT,
        N::Zot => &cantrip::ZOT,
        N::AroundTheCorner => &cantrip::AROUND_THE_CORNER,
        N::CreateWall => &cantrip::CREATE_WALL,
        N::DestroyWall => &cantrip::DESTROY_WALL,
        N::Dispel => &cantrip::DISPEL,
        N::PickLock => &cantrip::PICK_LOCK,
        N::RotateSector => &cantrip::ROTATE_SECTOR,
        // Alchemy
        N::Boomstone => &alchemy::BOOMSTONE,
        N::UniversalSolvent => &alchemy::UNIVERSAL_SOLVENT,
        N::AcidBath | N::Lifestone | N::Visionstone => &CardRules::BASE,
        N::Bloodshard => &alchemy::BLOODSHARD,
        N::Brainstone => &alchemy::BRAINSTONE,
        N::Mightstone => &alchemy::MIGHTSTONE,
        N::Powerstone => &alchemy::POWERSTONE,
        N::Speedstone => &alchemy::SPEEDSTONE,
        N::Spellstone => &alchemy::SPELLSTONE,
        N::NullPowder => &alchemy::NULL_POWDER,
        N::Add => &alchemy::ADD,
        N::FoolsGold => &alchemy::FOOLS_GOLD,
        N::Homunculus => &alchemy::HOMUNCULUS,
        N::StoneDead => &alchemy::STONE_DEAD,
        // Conjuring
        N::HandfulOfTacks => &conjuring::HANDFUL_OF_TACKS,
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
        N::FireCloak => &elemental::FIRE_CLOAK,
        N::StoneSpikes => &elemental::STONE_SPIKES,
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
        N::Disease => &CardRules::BASE,
        N::Adrenaline => &mutation::ADRENALINE,
        N::Strength => &mutation::STRENGTH,
        N::Featherweight => &mutation::FEATHERWEIGHT,
        N::GnomeForm => &mutation::GNOME_FORM,
        N::BigManForm => &mutation::BIG_MAN_FORM,
        N::ExtraArms => &mutation::EXTRA_ARMS,
        N::GolemForm => &mutation::GOLEM_FORM,
        N::SlimeForm => &mutation::SLIME_FORM,
        N::WerewolfForm => &mutation::WEREWOLF_FORM,
        N::HeaveHo => &mutation::HEAVE_HO,
        N::MadDash => &mutation::MAD_DASH,
        N::Stretch => &mutation::STRETCH,
        N::Wallivore => &mutation::WALLIVORE,
        // Thaumaturgy
        N::AntiAnti => &thaumaturgy::ANTI_ANTI,
        N::Backlash => &thaumaturgy::BACKLASH,
        N::Dagger => &thaumaturgy::DAGGER,
        N::Wizardblade => &thaumaturgy::WIZARDBLADE,
        N::MasterKey | N::SlowDeath => &CardRules::BASE,
        N::GlobeOfPain => &thaumaturgy::GLOBE_OF_PAIN,
        N::Gravity => &thaumaturgy::GRAVITY,
        N::Invisible => &thaumaturgy::INVISIBLE,
        N::PassThroughWall => &thaumaturgy::PASS_THROUGH_WALL,
        N::SealDoor => &thaumaturgy::SEAL_DOOR,
        N::Yoink => &thaumaturgy::YOINK,
        // No card: a punch is thrown by `fighting::punch` and lands by
        // `fighting::land`; counters answer it by its facts (an attack at
        // a wizard within reach).
        N::Fist => &CardRules::BASE,
    }
}
