//! "Contents" and "Preparations".

use crate::kit::Keeper;
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Viewer};

use super::super::board::{HEIGHT, START_SQUARES, Square, Terrain, WIDTH, features, terrain};
use super::super::combat::{CombatFace, FACES as COMBAT_FACES};
use super::super::events::Event;
use super::super::spell_cards::{Spell, spell_cards};
use super::super::tiles::Tile;
use super::super::turn_die::{FACES as TURN_FACES, TurnFace};
use super::super::units::{UnitKind, monster_cards};
use super::super::{Options, WizardsOfWar};
use super::given::*;

#[test]
fn the_board_is_11_by_20_squares_with_the_wizards_on_the_x_squares() {
    assert_eq!((WIDTH, HEIGHT), (11, 20));
    let game =
        given(WizardsOfWar::setup(&Options::default(), 2, &mut GameRng::from_u64(1)).unwrap());
    assert_eq!(game.state.wizard(ANN).unwrap().square, START_SQUARES[0]);
    assert_eq!(game.state.wizard(BOB).unwrap().square, START_SQUARES[1]);
    assert!(START_SQUARES.iter().all(|s| s.surrounding().count() == 8));
}

#[test]
fn the_box_holds_36_units_66_cards_7_tiles_and_the_dice() {
    let units: u32 = std::iter::once(UnitKind::EvilWizard)
        .chain(UnitKind::MONSTERS)
        .map(|k| u32::from(k.stats().copies))
        .sum();
    assert_eq!(units, 36);
    let count = |kind| monster_cards().iter().filter(|k| **k == kind).count();
    assert_eq!(
        [
            UnitKind::Goblin,
            UnitKind::Orc,
            UnitKind::Skeleton,
            UnitKind::Lizardman
        ]
        .map(count),
        [6, 6, 4, 4]
    );
    assert_eq!(
        [
            UnitKind::Zombie,
            UnitKind::Mummy,
            UnitKind::Minotaur,
            UnitKind::Troll
        ]
        .map(count),
        [4, 4, 4, 2]
    );
    assert_eq!(monster_cards().len(), 34, "one card per monster unit");
    assert_eq!(spell_cards().len(), 30);
    assert_eq!(Tile::ALL.len(), 7);
    assert_eq!(TURN_FACES.len(), 8, "the turn die is a d8");
    assert_eq!(COMBAT_FACES.len(), 6, "the combat dice are d6");
    assert!(TurnFace::ALL.iter().all(|f| f.count() > 0));
    assert!(CombatFace::ALL.iter().all(|f| f.count() > 0));
    assert!(spell_cards().contains(&Spell::Counterspell));
    assert!(spell_cards().contains(&Spell::WallOfThorns) && spell_cards().contains(&Spell::Mud));
}

#[test]
fn only_the_lizardman_shoots_and_only_the_troll_is_large() {
    for kind in UnitKind::MONSTERS {
        let s = kind.stats();
        assert_eq!(s.range > 0, kind == UnitKind::Lizardman, "{kind:?}");
        assert_eq!(s.large, kind == UnitKind::Troll, "{kind:?}");
        assert_eq!(s.life, 1, "all monsters only have 1 life");
    }
    assert_eq!(UnitKind::EvilWizard.stats().life, 4);
}

#[test]
fn the_terrain_is_the_same_seen_from_either_side_of_the_table() {
    for square in Square::all() {
        assert_eq!(terrain(square), terrain(square.turned()), "{square}");
    }
    let kinds: Vec<Terrain> = features().iter().map(|(_, t)| *t).collect();
    for t in [Terrain::River, Terrain::Tree, Terrain::Bush, Terrain::Stone] {
        assert!(kinds.contains(&t), "{t:?} is on the board");
    }
    // The river runs across the whole board: every column has a river square.
    for col in 0..WIDTH {
        assert!((0..HEIGHT).any(|row| terrain(Square::new(col, row)) == Terrain::River));
    }
}

#[test]
fn setup_shuffles_both_decks_in_secret_and_rolls_the_first_turn_die() {
    let events = WizardsOfWar::setup(&Options::default(), 2, &mut GameRng::from_u64(3)).unwrap();
    let shuffles: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::MonsterDeckShuffled { .. } | Event::SpellDeckShuffled { .. }
            )
        })
        .collect();
    assert_eq!(shuffles.len(), 2);
    for shuffle in shuffles {
        let (Event::MonsterDeckShuffled { order } | Event::SpellDeckShuffled { order }) = shuffle
        else {
            unreachable!()
        };
        assert_eq!(order.keeper(), Keeper::Referee);
        for viewer in [Viewer::Player(ANN), Viewer::Player(BOB), Viewer::Spectator] {
            let seen = WizardsOfWar::redact(shuffle, viewer).unwrap();
            let (Event::MonsterDeckShuffled { order } | Event::SpellDeckShuffled { order }) = seen
            else {
                unreachable!()
            };
            assert!(order.is_hidden());
        }
    }
    assert!(
        events
            .iter()
            .any(|e| matches!(e, Event::TurnDieRolled { seat, .. } if *seat == ANN))
    );
    let again = WizardsOfWar::setup(&Options::default(), 2, &mut GameRng::from_u64(3)).unwrap();
    assert_eq!(events, again, "the same seed deals the same game");
}

#[test]
fn a_war_is_for_exactly_two_wizards() {
    let refused = WizardsOfWar::setup(&Options::default(), 3, &mut GameRng::from_u64(0));
    assert_eq!(refused.unwrap_err().code(), "invalid_seat_count");
}

#[test]
fn every_designed_value_is_marked_designed_in_the_catalogue_with_its_reasoning() {
    let info = WizardsOfWar::info();
    let reference = &info.reference;
    let mut designed = 0;
    for list in ["units", "spells", "tiles", "turn_die", "combat_die"] {
        for entry in reference[list].as_array().unwrap() {
            assert_eq!(entry["designed"], true, "{list}: {entry}");
            assert!(entry["reasoning"].as_str().unwrap().len() > 20, "{entry}");
            designed += 1;
        }
    }
    assert_eq!(designed, 9 + 16 + 7 + 4 + 3);
    assert_eq!(reference["board"]["terrain"]["designed"], true);
    assert_eq!(
        reference["board"]["designed"], false,
        "11 x 20 is the rulebook's"
    );
    let copies: u64 = reference["spells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["copies"].as_u64().unwrap())
        .sum();
    assert_eq!(copies, 30);
}
