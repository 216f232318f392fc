//! "Casting spells": each designed card's behaviour, and the rules all
//! spells share.

use crate::ruleset::{AwaitReason, Awaiting, Ruleset};

use super::super::combat::CombatKind;
use super::super::events::{Event, SpellEnd};
use super::super::spell_cards::{Spell, SpellCard};
use super::super::tiles::Orientation;
use super::super::turn_die::TurnFace;
use super::super::units::UnitKind;
use super::super::violations::RuleViolation;
use super::super::{Command, SpellTarget, WizardsOfWar, YieldPolicy};
use super::given::*;

fn cast(card: u8, target: SpellTarget) -> Command {
    Command::Cast { card, target }
}

fn area(col: u8, row: u8) -> SpellTarget {
    SpellTarget::Area {
        anchor: sq(col, row),
        orientation: Orientation::Horizontal,
    }
}

fn struck(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::CombatRolled {
                kind: CombatKind::Spell,
                defender,
                ..
            } => Some(*defender),
            _ => None,
        })
        .collect()
}

#[test]
fn a_spell_is_cast_instead_of_the_wizards_basic_attack() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 13))
        .spells(ANN, &[Spell::MagicMissile]);
    let missile = scene.card_of(Spell::MagicMissile);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    let at_mummy = cast(missile, SpellTarget::Unit { square: sq(5, 13) });
    game.when(ANN, at_mummy.clone())
        .when(
            ANN,
            Command::Attack {
                unit: 0,
                target: sq(5, 13),
            },
        )
        .then_refused(RuleViolation::AlreadyAttacked(0));
    let (_, after_attack) = rolled(
        &game,
        ANN,
        Command::Attack {
            unit: 0,
            target: sq(5, 13),
        },
        |e| {
            e.iter()
                .all(|e| !matches!(e, Event::MonsterSlain { .. } | Event::WizardKilled { .. }))
        },
    );
    given([])
        .with_state(after_attack)
        .when(ANN, at_mummy)
        .then_refused(RuleViolation::AlreadyAttacked(0));
}

#[test]
fn a_cast_shows_the_card_and_waits_for_the_opponents_answer() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 14))
        .spells(ANN, &[Spell::MagicMissile]);
    let missile = scene.card_of(Spell::MagicMissile);
    let target = SpellTarget::Unit { square: sq(5, 14) };
    let after = scene
        .turn(ANN, TurnFace::Feet)
        .when(ANN, cast(missile, target))
        .then([Event::SpellCast {
            seat: ANN,
            card: SpellCard::of(missile),
            target,
        }]);
    assert_eq!(
        WizardsOfWar::awaiting(&after.state),
        [Awaiting {
            seat: BOB,
            reason: AwaitReason::Response
        }]
    );
    assert!(WizardsOfWar::legal_commands(&after.state, ANN).is_empty());
    after
        .when(ANN, Command::EndTurn)
        .then_refused(RuleViolation::ResponseWindowOpen);
    after
        .when(ANN, Command::Pass)
        .then_refused(RuleViolation::NotYourResponse);
    let resolved = after.when(BOB, Command::Pass).events();
    assert_eq!(resolved[0], Event::ResponsePassed { seat: BOB });
    assert_eq!(struck(&resolved), [2]);
    assert!(
        resolved.contains(&Event::SpellDiscarded {
            card: SpellCard::of(missile)
        }),
        "a spell that has been cast goes to the discards"
    );
}

#[test]
fn an_area_spell_places_its_tile_and_strikes_every_unit_under_it_friend_or_foe() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 8))
        .monster(BOB, UnitKind::Mummy, sq(5, 13))
        .monster(BOB, UnitKind::Mummy, sq(5, 14))
        .monster(ANN, UnitKind::Mummy, sq(4, 13))
        .monster(BOB, UnitKind::Mummy, sq(3, 13))
        .spells(ANN, &[Spell::Fireball]);
    let fireball = scene.card_of(Spell::Fireball);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    let events = game.when(ANN, cast(fireball, area(5, 13))).events();
    let mut hit = struck(&events);
    hit.sort();
    assert_eq!(
        hit,
        [2, 3, 4],
        "the cross covers 5,13 5,14 4,13 but not 3,13"
    );
    game.when(ANN, cast(fireball, area(5, 15)))
        .then_refused(RuleViolation::OutOfRange { range: 6 });
    let scene = Scene::new()
        .wizard(ANN, sq(2, 12))
        .spells(ANN, &[Spell::Fireball]);
    scene
        .turn(ANN, TurnFace::Feet)
        .when(ANN, cast(fireball, area(0, 13)))
        .then_refused(RuleViolation::OffTheBoard);
}

#[test]
fn a_line_tile_may_lie_along_a_column() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 10))
        .monster(BOB, UnitKind::Mummy, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 13))
        .spells(ANN, &[Spell::FrostCone]);
    let cone = scene.card_of(Spell::FrostCone);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    let along = SpellTarget::Area {
        anchor: sq(5, 12),
        orientation: Orientation::Vertical,
    };
    let events = game.when(ANN, cast(cone, along)).events();
    let mut hit = struck(&events);
    hit.sort();
    assert_eq!(hit, [2, 3]);
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::CombatRolled { attack, .. } if attack.len() == 4))
    );
}

#[test]
fn a_bolt_needs_a_straight_line_with_only_friendly_units_in_between() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 10))
        .monster(BOB, UnitKind::Goblin, sq(5, 12))
        .monster(BOB, UnitKind::Mummy, sq(5, 14))
        .monster(BOB, UnitKind::Mummy, sq(7, 12))
        .spells(ANN, &[Spell::MagicMissile, Spell::Counterspell]);
    let missile = scene.card_of(Spell::MagicMissile);
    let counter = scene.card_of(Spell::Counterspell);
    let game = scene.turn(ANN, TurnFace::Feet);
    game.when(ANN, cast(missile, SpellTarget::Unit { square: sq(5, 14) }))
        .then_refused(RuleViolation::NoLineOfFire(sq(5, 14)));
    game.when(ANN, cast(missile, SpellTarget::Unit { square: sq(7, 12) }))
        .then_refused(RuleViolation::NoLineOfFire(sq(7, 12)));
    game.when(ANN, cast(counter, SpellTarget::OwnWizard))
        .then_refused(RuleViolation::NotCastable(Spell::Counterspell));
    game.when(ANN, cast(missile, SpellTarget::OwnWizard))
        .then_refused(RuleViolation::WrongTarget(Spell::MagicMissile));
}

#[test]
fn a_wall_of_thorns_stays_in_play_on_empty_squares_until_destroyed() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 10))
        .monster(BOB, UnitKind::Goblin, sq(5, 12))
        .spells(ANN, &[Spell::WallOfThorns]);
    let wall = scene.card_of(Spell::WallOfThorns);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    game.when(ANN, cast(wall, area(5, 12)))
        .then_refused(RuleViolation::SquareTaken(sq(5, 12)));
    let placed = game.when(ANN, cast(wall, area(5, 11)));
    assert!(placed.events().contains(&Event::LastingSpellPlaced {
        seat: ANN,
        card: SpellCard::of(wall),
        squares: vec![sq(4, 11), sq(5, 11), sq(6, 11)],
    }));
    let state = placed.state();
    assert_eq!(state.lasting.len(), 1);
    assert!(
        !state.spell_discards.contains(&wall),
        "kept next to the board"
    );
}

#[test]
fn a_blast_burns_a_wall_of_thorns_under_its_tile() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 10))
        .lasting(BOB, Spell::WallOfThorns, &[sq(4, 13), sq(5, 13), sq(6, 13)])
        .spells(ANN, &[Spell::Fireball]);
    let fireball = scene.card_of(Spell::Fireball);
    let events = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet)
        .when(ANN, cast(fireball, area(5, 14)))
        .events();
    assert!(events.iter().any(|e| matches!(
        e,
        Event::LastingSpellEnded {
            reason: SpellEnd::Destroyed,
            ..
        }
    )));
}

#[test]
fn heal_gives_back_one_life_and_never_more_than_4() {
    for (life, expected) in [(2, Some(3)), (4, None)] {
        let scene = Scene::new().life(ANN, life).spells(ANN, &[Spell::Heal]);
        let heal = scene.card_of(Spell::Heal);
        let events = scene
            .policy(BOB, YieldPolicy::Never)
            .turn(ANN, TurnFace::Feet)
            .when(ANN, cast(heal, SpellTarget::OwnWizard))
            .events();
        let regained = events.iter().find_map(|e| match e {
            Event::LifeRegained { life, .. } => Some(*life),
            _ => None,
        });
        assert_eq!(regained, expected);
    }
}

#[test]
fn teleport_moves_the_wizard_to_an_empty_square_within_range() {
    let scene = Scene::new().spells(ANN, &[Spell::Teleport]);
    let teleport = scene.card_of(Spell::Teleport);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    game.when(
        ANN,
        cast(teleport, SpellTarget::Square { square: sq(5, 7) }),
    )
    .then_refused(RuleViolation::OutOfRange { range: 5 });
    let events = game
        .when(
            ANN,
            cast(teleport, SpellTarget::Square { square: sq(5, 6) }),
        )
        .events();
    assert!(events.contains(&Event::WizardTeleported {
        unit: 0,
        from: sq(5, 1),
        to: sq(5, 6)
    }));
}

#[test]
fn dark_ritual_summons_a_monster_around_the_wizard() {
    let scene = Scene::new().spells(ANN, &[Spell::DarkRitual]);
    let ritual = scene.card_of(Spell::DarkRitual);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    game.when(ANN, cast(ritual, SpellTarget::Square { square: sq(5, 3) }))
        .then_refused(RuleViolation::NotASummoningSquare(sq(5, 3)));
    let state = game
        .when(ANN, cast(ritual, SpellTarget::Square { square: sq(5, 2) }))
        .state();
    assert!(
        state
            .unit_at(sq(5, 2))
            .is_some_and(|u| u.owner == ANN && u.id == 2)
    );
}

#[test]
fn banish_sends_an_enemy_monster_away_on_a_sword() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 10))
        .wizard(BOB, sq(5, 13))
        .monster(BOB, UnitKind::Troll, sq(6, 12))
        .spells(ANN, &[Spell::Banish]);
    let banish = scene.card_of(Spell::Banish);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    game.when(ANN, cast(banish, SpellTarget::Unit { square: sq(5, 13) }))
        .then_refused(RuleViolation::NoTarget(sq(5, 13)));
    let at_troll = cast(banish, SpellTarget::Unit { square: sq(6, 12) });
    let (_, state) = rolled(&game, ANN, at_troll.clone(), |e| {
        e.iter()
            .any(|e| matches!(e, Event::BanishRolled { success: true, .. }))
    });
    assert!(state.unit(2).is_none());
    assert_eq!(state.monster_discards.len(), 1);
    let (_, state) = rolled(&game, ANN, at_troll, |e| {
        e.iter()
            .any(|e| matches!(e, Event::BanishRolled { success: false, .. }))
    });
    assert!(state.unit(2).is_some());
}

#[test]
fn drain_life_heals_the_caster_by_the_life_it_takes() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 10))
        .wizard(BOB, sq(5, 13))
        .life(ANN, 2)
        .spells(ANN, &[Spell::DrainLife]);
    let drain = scene.card_of(Spell::DrainLife);
    let game = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet);
    let (events, state) = rolled(
        &game,
        ANN,
        cast(drain, SpellTarget::Unit { square: sq(5, 13) }),
        |e| {
            e.iter()
                .any(|e| matches!(e, Event::LifeLost { unit: 1, .. }))
        },
    );
    let taken = events
        .iter()
        .find_map(|e| match e {
            Event::LifeLost {
                unit: 1, amount, ..
            } => Some(*amount),
            _ => None,
        })
        .unwrap();
    assert_eq!(state.wizard(ANN).unwrap().life, (2 + taken).min(4));
}

#[test]
fn mud_is_placed_by_its_tile_and_lasts() {
    let scene = Scene::new()
        .wizard(ANN, sq(5, 8))
        .spells(ANN, &[Spell::Mud]);
    let mud = scene.card_of(Spell::Mud);
    let state = scene
        .policy(BOB, YieldPolicy::Never)
        .turn(ANN, TurnFace::Feet)
        .when(ANN, cast(mud, area(5, 13)))
        .state();
    assert!(state.mud_at(sq(4, 12)) && state.mud_at(sq(6, 14)));
    assert!(!state.mud_at(sq(5, 15)));
}
