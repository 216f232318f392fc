//! What each card does, by school: [`cantrip`] (White Cantrip),
//! [`elemental`] (Fireball, Lightning Bolt, … and Wall of Earth, which the
//! Elemental deck holds), [`conjuring`] (Shield, Ka-Bong!, Swap, Fire
//! Darts, Glue, the bushes, Handful of Tacks, Create Door, Dust Cloud,
//! Booby Trap) and [`thaumaturgy`] (all of it). This module dispatches by
//! card and holds the damage rules
//! every school shares.

pub mod alchemy;
pub mod cantrip;
pub mod conjuring;
pub mod elemental;
pub mod legal;
pub mod mentalism;
pub mod mutation;
pub mod thaumaturgy;

use crate::rng::GameRng;
use crate::ruleset::Seat;

use super::cards::{self, CardDef, CardName, Range, Trait};
use super::casting::{self, CastKind, Casting, Destination, SpellOption, SpellTarget};
use super::damage;
use super::durations;
use super::events::Event;
use super::fighting;
use super::labyrinth::{Barrier, BorderLine, Square};

use super::objects::{BushKind, Creation, STONE_BLOCK_CRACKS};
use super::state::{State, Tx};
use super::violations::RuleViolation;

/// The cards whose effects the engine plays, besides the energy cards.
pub const IMPLEMENTED: &[CardName] = &[
    // White Cantrip
    CardName::FullShield,
    CardName::NegateNeutral,
    CardName::DropObject,
    CardName::Zot,
    CardName::AroundTheCorner,
    CardName::CreateWall,
    CardName::DestroyWall,
    CardName::Dispel,
    CardName::PickLock,
    CardName::RotateSector,
    CardName::LargeRock,
    // Elemental
    CardName::FireCloak,
    CardName::Fireball,
    CardName::Flood,
    CardName::Fog,
    CardName::LightningBolt,
    CardName::MistBody,
    CardName::StoneBlock,
    CardName::StoneSpikes,
    CardName::WallOfFire,
    CardName::Waterbolt,
    CardName::Windrider,
    CardName::WallOfEarth,
    // Conjuring, Mentalism
    CardName::Shield,
    CardName::KaBong,
    CardName::Swap,
    CardName::FireDarts,
    CardName::Glue,
    CardName::Rosebush,
    CardName::Thornbush,
    CardName::HandfulOfTacks,
    CardName::CreateDoor,
    CardName::DustCloud,
    CardName::BoobyTrap,
    CardName::AbsorbSpell,
    CardName::Meditate,
    CardName::PainLink,
    CardName::Powerthrust,
    CardName::PsychicStorm,
    CardName::ShareLife,
    CardName::Shatter,
    CardName::Teleport,
    CardName::BrainBurn,
    CardName::MentalForce,
    CardName::AstralProjection,
    CardName::Add,
    CardName::FoolsGold,
    CardName::Visionstone,
    CardName::ThoughtSteal,
    // Alchemy
    CardName::AcidBath,
    CardName::Bloodshard,
    CardName::Boomstone,
    CardName::Brainstone,
    CardName::Lifestone,
    CardName::Mightstone,
    CardName::NullPowder,
    CardName::Powerstone,
    CardName::Speedstone,
    CardName::Spellstone,
    CardName::StoneDead,
    CardName::UniversalSolvent,
    CardName::Homunculus,
    CardName::Ward,
    // Thaumaturgy
    CardName::AntiAnti,
    CardName::Backlash,
    CardName::Yoink,
    CardName::SlowDeath,
    CardName::GlobeOfPain,
    CardName::Invisible,
    CardName::Gravity,
    CardName::SealDoor,
    CardName::PassThroughWall,
    CardName::MasterKey,
    CardName::Dagger,
    CardName::Wizardblade,
    // Mutation
    CardName::GnomeForm,
    CardName::GolemForm,
    CardName::ExtraArms,
    CardName::Featherweight,
    CardName::Wallivore,
    CardName::WerewolfForm,
    CardName::MadDash,
    CardName::Adrenaline,
    CardName::HeaveHo,
    CardName::Disease,
    CardName::Stretch,
    CardName::Strength,
    CardName::SlimeForm,
    CardName::BigManForm,
];

/// Cards cast at a square though their printed target is the caster.
pub fn aims_at_square(name: CardName) -> bool {
    matches!(name, CardName::Teleport | CardName::AstralProjection)
}

/// Cards played on the caster though their printed target is his next spell (Add).
pub fn aims_at_caster(name: CardName) -> bool {
    name == CardName::Add
}

/// Cards cast at a direction instead of a thing.
pub fn aims_at_direction(name: CardName) -> bool {
    matches!(name, CardName::LightningBolt | CardName::Windrider)
}

/// Counters nothing can answer (Anti-Anti), so no window opens for them.
pub fn uncounterable(name: CardName) -> bool {
    name == CardName::AntiAnti
}

/// What a carried item or maintained spell does when used, as card facts,
/// and whether that is an attack.
pub fn usable_as(name: CardName) -> Option<(CardDef, bool)> {
    match name {
        CardName::LargeRock | CardName::Boomstone | CardName::Dagger | CardName::Wizardblade => {
            Some((*cards::definition(name), true))
        }
        CardName::UniversalSolvent | CardName::NullPowder | CardName::HandfulOfTacks => {
            Some((*cards::definition(name), false))
        }
        // Its wrest: an attack on someone in the caster's square.
        CardName::Strength => Some((
            CardDef {
                range: None,
                targets: &[cards::Target::Wizard, cards::Target::Object],
                ..*cards::definition(name)
            },
            true,
        )),
        CardName::StoneSpikes => Some((
            CardDef {
                range: Some(Range::LineOfSight),
                targets: &[
                    cards::Target::Object,
                    cards::Target::Wizard,
                    cards::Target::Creature,
                ],
                ..*cards::definition(name)
            },
            true,
        )),
        _ => None,
    }
}

/// Items that strike only by discarding a Magic card (Wizardblade).
pub fn feeds_on_a_card(name: CardName) -> bool {
    name == CardName::Wizardblade
}

/// The card-specific checks of a cast from the hand.
///
/// # Errors
/// The card's own refusals (`invalid_target`, `bad_option`, `indestructible`, …).
pub fn check_cast(
    state: &State,
    seat: Seat,
    def: &CardDef,
    energy: u8,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Result<(), RuleViolation> {
    use CardName as N;
    match def.name {
        _ if mutation::counters_only(state, seat) => Err(RuleViolation::CountersOnly),
        N::Zot => cantrip::check_zot(state, target, option),
        N::DropObject => cantrip::check_drop_object(state, target, option),
        N::Yoink => thaumaturgy::check_yoink(state, target, option),
        N::GlobeOfPain => {
            thaumaturgy::check_globe_of_pain(state, seat, casting::cast_origin(state, seat), target)
        }
        N::CreateWall => cantrip::check_create_wall(state, target),
        N::DestroyWall => cantrip::check_destroy_wall(state, target),
        N::PickLock => cantrip::check_pick_lock(state, seat, target),
        N::RotateSector => cantrip::check_rotate_sector(target, option),
        N::Dispel if option.is_none() => durations::check_dispel(state, seat, target),
        N::Fireball => check_damage_target(state, target, None),
        N::Waterbolt => elemental::check_waterbolt(state, seat, energy, target, option),
        N::WallOfFire => elemental::check_wall_of_fire(state, target),
        N::StoneBlock => elemental::check_stone_block(state, target),
        N::Windrider => elemental::check_windrider(state, seat, energy, option),
        N::Powerthrust => check_damage_target(state, target, None),
        N::KaBong => check_damage_target(state, target, None),
        N::FireDarts => check_damage_target(state, target, Some(Trait::Fire)),
        N::Swap => conjuring::check_swap(state, seat, target),
        N::Glue => conjuring::check_glue(state, target),
        N::CreateDoor => conjuring::check_create_door(state, target),
        N::BoobyTrap => conjuring::check_booby_trap(state, target, option),
        N::DustCloud => elemental::check_creation_square(state, target, "dust fills a square"),
        N::Rosebush | N::Thornbush => conjuring::check_bush(state, target),
        N::Teleport => mentalism::check_teleport(state, seat, target),
        N::AstralProjection => mentalism::check_astral_projection(state, seat, target),
        N::Add => alchemy::check_add(state, seat, energy, option),
        N::FoolsGold => alchemy::check_fools_gold(state, seat, target),
        N::Homunculus => alchemy::check_homunculus(state, target),
        N::Wallivore => mutation::check_wallivore(state, target),
        N::HeaveHo => mutation::check_heave_ho(state, seat, target),
        N::Stretch => mutation::check_stretch(state, seat, target, option),
        N::PsychicStorm => match target {
            SpellTarget::Square { .. } => Ok(()),
            _ => Err(RuleViolation::InvalidTarget(
                "Psychic Storm strikes a square",
            )),
        },
        N::PainLink | N::Shatter
            if state
                .spells
                .iter()
                .any(|s| s.name == def.name && s.caster == seat) =>
        {
            Err(RuleViolation::InvalidTarget("that spell is already on you"))
        }
        N::Flood | N::Fog | N::Gravity if state.spell_in_play(def.name) => Err(
            RuleViolation::InvalidTarget("that spell already covers the labyrinth"),
        ),
        N::Invisible => thaumaturgy::check_invisible(state, seat),
        N::SealDoor => thaumaturgy::check_seal_door(state, target),
        N::PassThroughWall => thaumaturgy::check_pass_through_wall(state, seat, target),
        N::MistBody if state.is_misted(seat) => {
            Err(RuleViolation::InvalidTarget("your wizard is already mist"))
        }
        _ if option.is_some() => Err(RuleViolation::BadOption("this card has no choices")),
        _ => Ok(()),
    }
}

/// The card-specific checks of an attack with a carried item or maintained spell.
///
/// # Errors
/// `indestructible`, `no_barrier`.
pub fn check_use(
    state: &State,
    seat: Seat,
    name: CardName,
    target: SpellTarget,
) -> Result<(), RuleViolation> {
    match name {
        CardName::UniversalSolvent => alchemy::check_solvent(state, target),
        CardName::HandfulOfTacks => conjuring::check_strew(state, seat, target),
        CardName::NullPowder => {
            state.active_turn(seat)?;
            durations::check_dispel(state, seat, target)
        }
        CardName::Strength => mutation::check_wrest(state, seat, target),
        _ => check_damage_target(state, target, None),
    }
}

/// A thing that damage can hurt: a living wizard, a wall or door that can
/// crack, or a created object with cracks. `element` lets water reach Fire.
///
/// # Errors
/// `no_barrier`, `indestructible`.
pub fn check_damage_target(
    state: &State,
    target: SpellTarget,
    element: Option<Trait>,
) -> Result<(), RuleViolation> {
    match target {
        SpellTarget::Line { line } => {
            if element == Some(Trait::Water) && state.wall_of_fire_on(line).is_some() {
                return Ok(());
            }
            match state.labyrinth.barrier(line) {
                None => Err(RuleViolation::NoBarrier(line)),
                Some(Barrier::OuterWall) => Err(RuleViolation::Indestructible),
                Some(_) => Ok(()),
            }
        }
        SpellTarget::Object { card } => {
            // A Dust Cloud has nothing to strike; a trap token is a marker.
            let block = state.creations.iter().any(|c| {
                c.card() == card
                    && c.square().is_some()
                    && !matches!(c, Creation::DustCloud { .. } | Creation::TrapToken { .. })
            });
            let fire_item = state.object_of_card(card).is_some()
                && cards::definition(state.cards[card.index()])
                    .traits
                    .contains(&Trait::Fire);
            if block || (element == Some(Trait::Water) && fire_item) {
                Ok(())
            } else {
                Err(RuleViolation::Indestructible)
            }
        }
        _ => Ok(()),
    }
}

/// Whether a cast threatens `seat`'s wizard: aimed at him, or a bolt whose
/// path crosses his square.
pub fn threatens(state: &State, cast: &Casting, seat: Seat) -> bool {
    match cast.target {
        SpellTarget::Wizard { seat: s } => s == seat,
        SpellTarget::Direction { direction } if cast.name == CardName::LightningBolt => {
            let here = state.wizard(seat).square;
            elemental::bolt_path(state, cast, direction).contains(&here)
        }
        _ => false,
    }
}

/// The card-specific checks of a counter spell against the top cast.
///
/// # Errors
/// `counter_does_not_apply`, `invalid_target`, `not_in_sight`.
pub fn check_counter(
    state: &State,
    seat: Seat,
    name: CardName,
    top: &Casting,
    line: Option<BorderLine>,
    square: Option<Square>,
) -> Result<(), RuleViolation> {
    use CardName as N;
    if line.is_some() && name != N::WallOfEarth {
        return Err(RuleViolation::BadOption("only Wall of Earth names a line"));
    }
    if square.is_some() && name != N::Teleport {
        return Err(RuleViolation::BadOption("only Teleport names a square"));
    }
    match name {
        N::FullShield => cantrip::check_full_shield(state, seat, top),
        N::NegateNeutral => cantrip::check_negate_neutral(state, seat, top),
        N::WallOfFire => elemental::check_fire_against_water(state, seat, top),
        N::Flood => elemental::check_flood_counter(state, seat, top),
        N::WallOfEarth => elemental::check_wall_of_earth(state, seat, top, line),
        N::Shield => conjuring::check_shield(state, seat, top),
        N::AntiAnti => thaumaturgy::check_anti_anti(state, seat, top),
        N::Backlash => thaumaturgy::check_backlash(seat, top),
        N::AbsorbSpell => mentalism::check_absorb_spell(state, seat, top),
        N::NullPowder => alchemy::check_null_powder(state, seat, top),
        N::PainLink => mentalism::check_pain_link_counter(state, seat, top),
        N::Teleport => mentalism::check_teleport_counter(state, seat, top, square),
        N::GnomeForm | N::Featherweight => mutation::check_attack_on(state, seat, top),
        N::Ward => Err(RuleViolation::CounterDoesNotApply(
            "a Ward answers only the theft of one of your treasures",
        )),
        N::Invisible => {
            thaumaturgy::check_invisible(state, seat)?;
            mutation::check_attack_on(state, seat, top)
        }
        _ => Err(RuleViolation::NotACounter),
    }
}

/// The top cast's window has closed: it takes effect.
pub fn resolve(tx: &mut Tx, cast: &Casting, rng: &mut GameRng) {
    let cast = &mutation::dodge_cast(tx, cast, rng);
    let cast = &thaumaturgy::evade_unseen(tx, cast, rng);
    let to = match (cast.kind, cast.name) {
        (
            CastKind::Use,
            CardName::Boomstone | CardName::UniversalSolvent | CardName::NullPowder,
        ) => Destination::Discarded,
        (CastKind::Use, _) => Destination::Kept,
        _ => durations::destination(&tx.state, cast.name, cast.energy),
    };
    let speed = alchemy::speed(&tx.state, cast.seat);
    let card = tx.state.card_view(cast.card);
    tx.emit(Event::CastResolved {
        seat: cast.seat,
        card,
        to,
    });
    use CardName as N;
    match (cast.kind, cast.name) {
        (CastKind::Use, N::LargeRock) => cantrip::throw_rock(tx, cast),
        (CastKind::Use, N::Dagger) => thaumaturgy::dagger(tx, cast),
        (CastKind::Use, N::Wizardblade) => thaumaturgy::wizardblade(tx, cast),
        (CastKind::Use, N::StoneSpikes) => elemental::fling_spike(tx, cast),
        (CastKind::Use, N::Boomstone) => alchemy::throw_boomstone(tx, cast),
        (CastKind::Use, N::UniversalSolvent) => alchemy::dissolve(tx, cast),
        (CastKind::Use, N::NullPowder) => cantrip::dispel(tx, cast),
        (CastKind::Use, N::Strength) => mutation::wrest(tx, cast, rng),
        (CastKind::Use, N::HandfulOfTacks) => conjuring::strew(tx, cast),
        (CastKind::Item, _) => alchemy::adjust_movement(tx, cast.seat, speed),
        (CastKind::Use, _) | (CastKind::Counter, _) => {}
        (CastKind::Spell, name) => match name {
            N::Zot => cantrip::zot(tx, cast),
            N::DropObject => cantrip::drop_object(tx, cast),
            N::Yoink => thaumaturgy::yoink(tx, cast),
            N::GlobeOfPain => thaumaturgy::globe_of_pain(tx, cast),
            N::Gravity => thaumaturgy::gravity(tx),
            N::SealDoor => thaumaturgy::seal_door(tx, cast),
            N::PassThroughWall => thaumaturgy::pass_through_wall(tx, cast),
            N::AroundTheCorner => tx.emit(Event::SpellMayBend { seat: cast.seat }),
            N::CreateWall => cantrip::create_wall(tx, cast),
            N::DestroyWall => cantrip::destroy_wall(tx, cast),
            N::Dispel => cantrip::dispel(tx, cast),
            N::PickLock => cantrip::pick_lock(tx, cast),
            N::RotateSector => cantrip::rotate_sector(tx, cast),
            N::Fireball => elemental::fireball(tx, cast),
            N::LightningBolt => elemental::lightning_bolt(tx, cast),
            N::Waterbolt => elemental::waterbolt(tx, cast),
            N::Flood => elemental::flood(tx),
            N::StoneBlock => elemental::stone_block(tx, cast),
            N::WallOfFire => elemental::wall_of_fire(tx, cast),
            N::Windrider => elemental::windrider(tx, cast),
            N::Meditate => mentalism::meditate(tx, cast, rng),
            N::Powerthrust => {
                hit_target(tx, cast, cast.energy + mentalism::POWERTHRUST_BONUS, None);
            }
            N::PsychicStorm => mentalism::psychic_storm(tx, cast),
            N::KaBong => conjuring::ka_bong(tx, cast),
            N::Swap => conjuring::swap(tx, cast),
            N::FireDarts => conjuring::fire_darts(tx, cast),
            N::CreateDoor => conjuring::create_door(tx, cast),
            N::DustCloud => conjuring::raise_dust(tx, cast),
            N::BoobyTrap => conjuring::set_booby_trap(tx, cast),
            N::Rosebush => conjuring::grow_bush(tx, cast, BushKind::Rose),
            N::Thornbush => conjuring::grow_bush(tx, cast, BushKind::Thorn),
            N::ShareLife => mentalism::share_life(tx, cast),
            N::StoneDead => alchemy::stone_dead(tx, cast),
            N::Add => alchemy::add(tx, cast),
            N::Homunculus => alchemy::homunculus(tx, cast),
            N::BrainBurn => mentalism::brain_burn(tx, cast),
            N::MentalForce => mentalism::mental_force(tx, cast),
            N::AstralProjection => {
                if let SpellTarget::Square { square } = cast.target {
                    tx.emit(Event::AstralProjected {
                        seat: cast.seat,
                        square,
                    });
                }
            }
            N::ThoughtSteal => mentalism::thought_steal(tx, cast),
            N::Wallivore => mutation::wallivore(tx, cast),
            N::MadDash => mutation::mad_dash(tx, cast),
            N::HeaveHo => mutation::heave_ho(tx, cast),
            N::Stretch => mutation::stretch(tx, cast, rng),
            N::Teleport => mentalism::teleport(tx, cast.seat, cast.target),
            N::GnomeForm
            | N::GolemForm
            | N::ExtraArms
            | N::WerewolfForm
            | N::SlimeForm
            | N::BigManForm => mutation::transform(tx, cast, speed),
            // Fog, Mist Body, Stone Spikes: their effect is being in play.
            _ => {}
        },
    }
    if to == Destination::NearTheBoard {
        durations::discard_if_nothing_made(tx, cast.seat, cast.card);
    }
}

/// A counter's window has closed: it takes effect on the cast below it.
pub fn resolve_counter(tx: &mut Tx, counter: &Casting, below: &Casting, _rng: &mut GameRng) {
    use CardName as N;
    let speed = alchemy::speed(&tx.state, counter.seat);
    let against = tx.state.card_view(below.card);
    let by = tx.state.card_view(counter.card);
    match counter.name {
        N::FullShield => {
            if matches!(below.target, SpellTarget::Wizard { seat } if seat == counter.seat) {
                tx.emit(Event::CastCancelled { card: against, by });
            } else {
                tx.emit(Event::WizardShielded {
                    seat: counter.seat,
                    against,
                    by,
                });
            }
        }
        N::AbsorbSpell => tx.emit(Event::SpellAbsorbed {
            seat: counter.seat,
            card: against,
        }),
        N::Teleport => {
            if let Some(square) = counter.square {
                mentalism::teleport(tx, counter.seat, SpellTarget::Square { square });
                mentalism::evade_if_unseen(tx, counter.seat, below);
            }
        }
        N::NegateNeutral | N::WallOfFire | N::AntiAnti | N::NullPowder => {
            tx.emit(Event::CastCancelled { card: against, by });
        }
        N::Backlash => thaumaturgy::backlash(tx, counter, below),
        N::Shield => tx.emit(Event::DamageReduced {
            card: against,
            by,
            amount: counter.energy + conjuring::SHIELD_BONUS,
        }),
        N::WallOfEarth => {
            let line = counter.line.expect("checked when played");
            if below.name == N::LightningBolt {
                tx.emit(Event::WallOfEarthRaised {
                    seat: counter.seat,
                    line,
                    against,
                });
            } else {
                tx.emit(Event::CastCancelled { card: against, by });
            }
        }
        N::Flood if cards::definition(below.name).traits.contains(&Trait::Fire) => {
            tx.emit(Event::CastCancelled { card: against, by });
        }
        _ => {}
    }
    let to = match counter.name {
        N::Flood | N::PainLink | N::GnomeForm | N::Featherweight | N::Invisible => {
            durations::destination(&tx.state, counter.name, counter.energy)
        }
        _ => Destination::Discarded,
    };
    tx.emit(Event::CastResolved {
        seat: counter.seat,
        card: by,
        to,
    });
    if counter.name == N::Flood {
        elemental::flood(tx);
    }
    if counter.name == N::GnomeForm {
        mutation::transform(tx, counter, speed);
    }
}

/// A cancelled attack with an item: a thrown rock, stone or dagger still
/// falls, in the thrower's square (it was stopped before it flew).
pub fn after_cancelled_use(tx: &mut Tx, cast: &Casting) {
    let thrown = match cast.name {
        CardName::LargeRock | CardName::Boomstone => true,
        CardName::Dagger => !thaumaturgy::stabs(&tx.state, cast),
        _ => false,
    };
    if thrown && tx.state.wizard(cast.seat).carried.contains(&cast.card) {
        let square = tx.state.wizard(cast.seat).square;
        let card = tx.state.card_view(cast.card);
        tx.emit(Event::ItemDropped {
            seat: cast.seat,
            card,
            square,
        });
    }
}

/// Damage dealt by a cast to its target, after reductions. Water puts out
/// Fire; damage reduced to 0 is no damage and has no secondary effects (p.15).
/// Returns the damage dealt to a wizard.
pub fn hit_target(tx: &mut Tx, cast: &Casting, amount: u8, element: Option<Trait>) -> u8 {
    let amount = amount.saturating_sub(cast.reduction);
    match cast.target {
        SpellTarget::Wizard { seat } => {
            if cast.shielded.contains(&seat) || !tx.state.wizard(seat).alive {
                return 0;
            }
            damage_wizard(
                tx,
                Some(cast.seat),
                seat,
                amount,
                element,
                Some(cast.origin),
            )
        }
        SpellTarget::Line { line } => {
            if element == Some(Trait::Water)
                && let Some(card) = tx.state.wall_of_fire_on(line)
            {
                durations::end_spell_in_play(tx, card);
            }
            if amount > 0 {
                damage::damage_barrier(tx, line, amount, Some(cast.seat));
            }
            0
        }
        SpellTarget::Object { card } => {
            if tx.state.object_of_card(card).is_some() {
                let fire = cards::definition(tx.state.cards[card.index()])
                    .traits
                    .contains(&Trait::Fire);
                if fire && element == Some(Trait::Water) {
                    let card = tx.state.card_view(card);
                    tx.emit(Event::ItemDestroyed { seat: None, card });
                }
            } else if conjuring::is_bush(&tx.state, card) {
                conjuring::damage_bush(tx, card, amount, element, Some(cast.seat));
            } else if amount > 0 {
                damage_block(tx, card, amount, Some(cast.seat));
            }
            0
        }
        _ => 0,
    }
}

/// Cracks for a created Stone Block; at 8 it falls and its spell ends.
pub fn damage_block(tx: &mut Tx, card: super::objects::CardId, amount: u8, attacker: Option<Seat>) {
    let added = damage::cracks_by(tx, amount, attacker);
    crack_block(tx, card, amount, added);
}

/// Adds `added` cracks to a Stone Block hurt by `amount`.
pub fn crack_block(tx: &mut Tx, card: super::objects::CardId, amount: u8, added: u8) {
    let Some(cracks) = tx.state.creations.iter().find_map(|c| match c {
        Creation::StoneBlock {
            card: id, cracks, ..
        } if *id == card => Some(*cracks),
        _ => None,
    }) else {
        return;
    };
    let total = cracks.saturating_add(added).min(STONE_BLOCK_CRACKS);
    let view = tx.state.card_view(card);
    tx.emit(Event::ObjectDamaged {
        card: view,
        damage: amount,
        cracks_added: added,
        cracks: total,
    });
    if total >= STONE_BLOCK_CRACKS {
        durations::end_spell_in_play(tx, card);
    }
}

/// Damage to a wizard with its elemental side effects: water puts out a
/// carried Fire Cloak; a Fire Cloak burns whoever hurt its wearer from his
/// square or next to it. Returns the damage dealt.
pub fn damage_wizard(
    tx: &mut Tx,
    attacker: Option<Seat>,
    victim: Seat,
    amount: u8,
    element: Option<Trait>,
    from: Option<Square>,
) -> u8 {
    let amount = alchemy::after_bloodshard(&tx.state, victim, amount);
    let amount = mutation::after_armour(&tx.state, victim, amount);
    if amount == 0 || !tx.state.wizard(victim).alive {
        return 0;
    }
    if let (Some(attacker), Some(origin)) = (attacker, from)
        && attacker != victim
        && mutation::pushed_back(tx, attacker, victim, amount, element, origin)
    {
        return 0;
    }
    hurt_wizard(tx, attacker, victim, amount, element, from)
}

/// Damage that reaches a wizard, after his reductions and Featherweight,
/// with what follows it: fire shatters his stones, Pain Link hurts the
/// attacker back, a Fire Cloak burns or is put out. Returns the damage dealt.
pub fn hurt_wizard(
    tx: &mut Tx,
    attacker: Option<Seat>,
    victim: Seat,
    amount: u8,
    element: Option<Trait>,
    from: Option<Square>,
) -> u8 {
    fighting::damage_wizard(tx, victim, amount, attacker);
    if element == Some(Trait::Fire) && tx.state.wizard(victim).alive {
        alchemy::shatter_stones(tx, victim);
    }
    // Pain Link: the attacker suffers what his attack dealt (not an attack).
    if let Some(attacker) = attacker
        && attacker != victim
        && tx
            .state
            .spells
            .iter()
            .any(|s| s.name == CardName::PainLink && s.caster == victim)
    {
        damage_wizard(tx, None, attacker, amount, None, None);
    }
    let wizard = tx.state.wizard(victim).clone();
    if !wizard.alive {
        return amount;
    }
    let cloaks: Vec<_> = wizard
        .carried
        .iter()
        .filter(|c| tx.state.cards[c.index()] == CardName::FireCloak)
        .copied()
        .collect();
    if cloaks.is_empty() {
        return amount;
    }
    if element == Some(Trait::Water) {
        for card in cloaks {
            let card = tx.state.card_view(card);
            tx.emit(Event::ItemDestroyed {
                seat: Some(victim),
                card,
            });
        }
    } else if let (Some(attacker), Some(from)) = (attacker, from)
        && attacker != victim
        && tx.state.wizard(attacker).alive
        && tx.state.with_sight(|s| s.adjacent(from, wizard.square))
    {
        // The cloak's burn is not an attack (no victory point).
        damage_wizard(
            tx,
            None,
            attacker,
            elemental::FIRE_CLOAK_BURN,
            Some(Trait::Fire),
            None,
        );
    }
    amount
}
