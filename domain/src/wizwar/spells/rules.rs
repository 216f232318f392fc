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

use std::sync::LazyLock;

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::super::cards::{self, CardDef, CardName, Facts};
use super::super::casting::{Casting, SpellOption, SpellTarget};
use super::super::effects::{InPlay, Triggers};
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
    /// As a counter, what its player names besides the card: a line (Wall
    /// of Earth) or a square (Teleport).
    pub answer_names: AnswerNames,
    /// As a counter, it may also be played from the play area where it is
    /// carried (Null Powder).
    pub answers_from_play_area: bool,
    /// Whether it could answer the top cast, for a yield policy that looks
    /// at the hand; `None`: its own checks with nothing named. A counter
    /// that names something errs towards asking.
    pub could_answer: Option<fn(&State, Seat, &Casting) -> bool>,
    /// It answers the theft of its player's treasure (Ward).
    pub answers_theft: bool,
    /// What it does at the board's trigger points (see
    /// [`super::super::effects`]).
    pub triggers: Triggers,
    /// What it readies for its caster's next spell, which that spell spends
    /// unless it readies the same (Astral Projection, Add).
    pub readies_next_spell: Option<NextSpellAid>,
    /// Permanent Creations makes it permanent though it has no Creation
    /// trait (Wall of Fire).
    pub counts_as_a_creation: bool,
    /// Cast at this target with this option, it is an attack though it is
    /// not an attack card (Stretch reaching a wizard).
    pub attacks_when: fn(SpellTarget, Option<SpellOption>) -> bool,
    /// Cast so, it hurts this wizard without aiming at him, damage the
    /// edition's counters answer (the classic edition: a wall a Destroy
    /// Wall brings down falls on those next to it).
    pub hurts_indirectly: fn(&State, Seat, &Casting) -> bool,
}

/// What a card readies for its caster's next spell.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NextSpellAid {
    /// The square it is cast from (Astral Projection).
    Projection,
    /// Energy added to it (Add).
    Energy,
}

/// What a counter's player names besides the card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum AnswerNames {
    Nothing,
    /// The border line it rises on (Wall of Earth).
    Line,
    /// The square its wizard blinks to (Teleport).
    Square,
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
    /// Aimed at a square, its own check of the throw, when the game's rules
    /// let it be thrown at a square (the classic DAGGER and LARGE ROCK);
    /// `None`: a square is no target of its own.
    pub thrown_at_a_square: fn(&State, Seat, Square) -> Option<Result<(), RuleViolation>>,
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
        thrown_at_a_square: |_, _, _| None,
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
        answer_names: AnswerNames::Nothing,
        answers_from_play_area: false,
        could_answer: None,
        answers_theft: false,
        triggers: Triggers::NONE,
        readies_next_spell: None,
        counts_as_a_creation: false,
        attacks_when: |_, _| false,
        hurts_indirectly: |_, _, _| false,
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
/// Every card by name: its printed facts (`cards/<school>.rs`) and its
/// rules (`spells/<school>.rs`). This is the one place a card is
/// registered: the `match` is exhaustive, so a new `CardName` does not
/// build until it says what it is and what it does.
pub(crate) const fn card(name: CardName) -> (&'static Facts, &'static CardRules) {
    use CardName as N;
    match name {
        N::Energy4 => (&cards::energy::ENERGY_4, &CardRules::BASE),
        N::Energy5 => (&cards::energy::ENERGY_5, &CardRules::BASE),
        N::Energy6 => (&cards::energy::ENERGY_6, &CardRules::BASE),
        // White Cantrip
        N::FullShield => (&cards::cantrip::FULL_SHIELD, &cantrip::FULL_SHIELD),
        N::NegateNeutral => (&cards::cantrip::NEGATE_NEUTRAL, &cantrip::NEGATE_NEUTRAL),
        N::LargeRock => (&cards::cantrip::LARGE_ROCK, &cantrip::LARGE_ROCK),
        N::DropObject => (&cards::cantrip::DROP_OBJECT, &cantrip::DROP_OBJECT),
        N::Zot => (&cards::cantrip::ZOT, &cantrip::ZOT),
        N::AroundTheCorner => (
            &cards::cantrip::AROUND_THE_CORNER,
            &cantrip::AROUND_THE_CORNER,
        ),
        N::CreateWall => (&cards::cantrip::CREATE_WALL, &cantrip::CREATE_WALL),
        N::DestroyWall => (&cards::cantrip::DESTROY_WALL, &cantrip::DESTROY_WALL),
        N::Dispel => (&cards::cantrip::DISPEL, &cantrip::DISPEL),
        N::PickLock => (&cards::cantrip::PICK_LOCK, &cantrip::PICK_LOCK),
        N::RotateSector => (&cards::cantrip::ROTATE_SECTOR, &cantrip::ROTATE_SECTOR),
        // Alchemy
        N::Boomstone => (&cards::alchemy::BOOMSTONE, &alchemy::BOOMSTONE),
        N::UniversalSolvent => (
            &cards::alchemy::UNIVERSAL_SOLVENT,
            &alchemy::UNIVERSAL_SOLVENT,
        ),
        N::AcidBath => (&cards::alchemy::ACID_BATH, &alchemy::ACID_BATH),
        N::Lifestone => (&cards::alchemy::LIFESTONE, &alchemy::LIFESTONE),
        N::Visionstone => (&cards::alchemy::VISIONSTONE, &alchemy::VISIONSTONE),
        N::Bloodshard => (&cards::alchemy::BLOODSHARD, &alchemy::BLOODSHARD),
        N::Brainstone => (&cards::alchemy::BRAINSTONE, &alchemy::BRAINSTONE),
        N::Mightstone => (&cards::alchemy::MIGHTSTONE, &alchemy::MIGHTSTONE),
        N::Powerstone => (&cards::alchemy::POWERSTONE, &alchemy::POWERSTONE),
        N::Speedstone => (&cards::alchemy::SPEEDSTONE, &alchemy::SPEEDSTONE),
        N::Spellstone => (&cards::alchemy::SPELLSTONE, &alchemy::SPELLSTONE),
        N::NullPowder => (&cards::alchemy::NULL_POWDER, &alchemy::NULL_POWDER),
        N::Add => (&cards::alchemy::ADD, &alchemy::ADD),
        N::FoolsGold => (&cards::alchemy::FOOLS_GOLD, &alchemy::FOOLS_GOLD),
        N::Homunculus => (&cards::alchemy::HOMUNCULUS, &alchemy::HOMUNCULUS),
        N::StoneDead => (&cards::alchemy::STONE_DEAD, &alchemy::STONE_DEAD),
        // Conjuring
        N::HandfulOfTacks => (
            &cards::conjuring::HANDFUL_OF_TACKS,
            &conjuring::HANDFUL_OF_TACKS,
        ),
        N::Shield => (&cards::conjuring::SHIELD, &conjuring::SHIELD),
        N::WallOfEarth => (&cards::conjuring::WALL_OF_EARTH, &elemental::WALL_OF_EARTH),
        N::Ward => (&cards::conjuring::WARD, &conjuring::WARD),
        N::BoobyTrap => (&cards::conjuring::BOOBY_TRAP, &conjuring::BOOBY_TRAP),
        N::CreateDoor => (&cards::conjuring::CREATE_DOOR, &conjuring::CREATE_DOOR),
        N::DustCloud => (&cards::conjuring::DUST_CLOUD, &conjuring::DUST_CLOUD),
        N::FireDarts => (&cards::conjuring::FIRE_DARTS, &conjuring::FIRE_DARTS),
        N::Glue => (&cards::conjuring::GLUE, &conjuring::GLUE),
        N::KaBong => (&cards::conjuring::KA_BONG, &conjuring::KA_BONG),
        N::Rosebush => (&cards::conjuring::ROSEBUSH, &conjuring::ROSEBUSH),
        N::Thornbush => (&cards::conjuring::THORNBUSH, &conjuring::THORNBUSH),
        N::Swap => (&cards::conjuring::SWAP, &conjuring::SWAP),
        // Elemental
        N::FireCloak => (&cards::elemental::FIRE_CLOAK, &elemental::FIRE_CLOAK),
        N::StoneSpikes => (&cards::elemental::STONE_SPIKES, &elemental::STONE_SPIKES),
        N::Fireball => (&cards::elemental::FIREBALL, &elemental::FIREBALL),
        N::Flood => (&cards::elemental::FLOOD, &elemental::FLOOD),
        N::Fog => (&cards::elemental::FOG, &elemental::FOG),
        N::LightningBolt => (
            &cards::elemental::LIGHTNING_BOLT,
            &elemental::LIGHTNING_BOLT,
        ),
        N::MistBody => (&cards::elemental::MIST_BODY, &elemental::MIST_BODY),
        N::StoneBlock => (&cards::elemental::STONE_BLOCK, &elemental::STONE_BLOCK),
        N::WallOfFire => (&cards::elemental::WALL_OF_FIRE, &elemental::WALL_OF_FIRE),
        N::Waterbolt => (&cards::elemental::WATERBOLT, &elemental::WATERBOLT),
        N::Windrider => (&cards::elemental::WINDRIDER, &elemental::WINDRIDER),
        // Mentalism
        N::AbsorbSpell => (&cards::mentalism::ABSORB_SPELL, &mentalism::ABSORB_SPELL),
        N::AstralProjection => (
            &cards::mentalism::ASTRAL_PROJECTION,
            &mentalism::ASTRAL_PROJECTION,
        ),
        N::BrainBurn => (&cards::mentalism::BRAIN_BURN, &mentalism::BRAIN_BURN),
        N::Meditate => (&cards::mentalism::MEDITATE, &mentalism::MEDITATE),
        N::MentalForce => (&cards::mentalism::MENTAL_FORCE, &mentalism::MENTAL_FORCE),
        N::PainLink => (&cards::mentalism::PAIN_LINK, &mentalism::PAIN_LINK),
        N::Powerthrust => (&cards::mentalism::POWERTHRUST, &mentalism::POWERTHRUST),
        N::PsychicStorm => (&cards::mentalism::PSYCHIC_STORM, &mentalism::PSYCHIC_STORM),
        N::ShareLife => (&cards::mentalism::SHARE_LIFE, &mentalism::SHARE_LIFE),
        N::Shatter => (&cards::mentalism::SHATTER, &mentalism::SHATTER),
        N::Teleport => (&cards::mentalism::TELEPORT, &mentalism::TELEPORT),
        N::ThoughtSteal => (&cards::mentalism::THOUGHT_STEAL, &mentalism::THOUGHT_STEAL),
        // Mutation
        N::Disease => (&cards::mutation::DISEASE, &CardRules::BASE),
        N::Adrenaline => (&cards::mutation::ADRENALINE, &mutation::ADRENALINE),
        N::Strength => (&cards::mutation::STRENGTH, &mutation::STRENGTH),
        N::Featherweight => (&cards::mutation::FEATHERWEIGHT, &mutation::FEATHERWEIGHT),
        N::GnomeForm => (&cards::mutation::GNOME_FORM, &mutation::GNOME_FORM),
        N::BigManForm => (&cards::mutation::BIG_MAN_FORM, &mutation::BIG_MAN_FORM),
        N::ExtraArms => (&cards::mutation::EXTRA_ARMS, &mutation::EXTRA_ARMS),
        N::GolemForm => (&cards::mutation::GOLEM_FORM, &mutation::GOLEM_FORM),
        N::SlimeForm => (&cards::mutation::SLIME_FORM, &mutation::SLIME_FORM),
        N::WerewolfForm => (&cards::mutation::WEREWOLF_FORM, &mutation::WEREWOLF_FORM),
        N::HeaveHo => (&cards::mutation::HEAVE_HO, &mutation::HEAVE_HO),
        N::MadDash => (&cards::mutation::MAD_DASH, &mutation::MAD_DASH),
        N::Stretch => (&cards::mutation::STRETCH, &mutation::STRETCH),
        N::Wallivore => (&cards::mutation::WALLIVORE, &mutation::WALLIVORE),
        // Thaumaturgy
        N::AntiAnti => (&cards::thaumaturgy::ANTI_ANTI, &thaumaturgy::ANTI_ANTI),
        N::Backlash => (&cards::thaumaturgy::BACKLASH, &thaumaturgy::BACKLASH),
        N::Dagger => (&cards::thaumaturgy::DAGGER, &thaumaturgy::DAGGER),
        N::Wizardblade => (&cards::thaumaturgy::WIZARDBLADE, &thaumaturgy::WIZARDBLADE),
        N::MasterKey => (&cards::thaumaturgy::MASTER_KEY, &thaumaturgy::MASTER_KEY),
        N::SlowDeath => (&cards::thaumaturgy::SLOW_DEATH, &thaumaturgy::SLOW_DEATH),
        N::GlobeOfPain => (
            &cards::thaumaturgy::GLOBE_OF_PAIN,
            &thaumaturgy::GLOBE_OF_PAIN,
        ),
        N::Gravity => (&cards::thaumaturgy::GRAVITY, &thaumaturgy::GRAVITY),
        N::Invisible => (&cards::thaumaturgy::INVISIBLE, &thaumaturgy::INVISIBLE),
        N::PassThroughWall => (
            &cards::thaumaturgy::PASS_THROUGH_WALL,
            &thaumaturgy::PASS_THROUGH_WALL,
        ),
        N::SealDoor => (&cards::thaumaturgy::SEAL_DOOR, &thaumaturgy::SEAL_DOOR),
        N::Yoink => (&cards::thaumaturgy::YOINK, &thaumaturgy::YOINK),
        // No card: a punch is thrown by `fighting::punch` and lands by
        // `fighting::land`; counters answer it by its facts (an attack at
        // a wizard within reach).
        N::Fist => (&cards::FIST, &CardRules::BASE),
        // The classic edition's own cards are registered by the edition.
        N::Classic(card) => card.card(),
    }
}

/// The rules of a card, by name (see [`card`]).
pub fn rules(name: CardName) -> &'static CardRules {
    card(name).1
}

/// The triggers of every registered card that has one asked of every card
/// ([`Triggers::asked_of_every_card`]), each card once, in catalogue order
/// (see [`triggered_cards`]).
pub fn triggered() -> impl Iterator<Item = &'static Triggers> {
    triggered_cards().iter().map(|name| &rules(*name).triggers)
}

/// The registered cards that have a hook asked of every card, each once, in
/// catalogue order (the 8th edition's schools, then the classic edition's
/// own cards): the order their hooks are asked in.
pub fn triggered_cards() -> &'static [CardName] {
    static TRIGGERED: LazyLock<Vec<CardName>> = LazyLock::new(|| {
        let mut names: Vec<CardName> = vec![];
        let every = cards::catalogue()
            .iter()
            .map(|c| c.name)
            .chain(super::super::classic::deck::CLASSIC_ONLY.iter().copied());
        for name in every {
            if !names.contains(&name) && rules(name).triggers.asked_of_every_card() {
                names.push(name);
            }
        }
        names
    });
    &TRIGGERED
}
