//! "Play the game": the turn die, the orc, the wand, the feet.

use crate::kit::{Emitter, Keeper};
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat, Viewer};

use super::super::events::Event;
use super::super::spell_cards::{MonsterCard, Spell};
use super::super::state::{State, Step};
use super::super::turn;
use super::super::turn_die::{self, TurnFace};
use super::super::units::UnitKind;
use super::super::violations::RuleViolation;
use super::super::{Command, WizardsOfWar};
use super::given::*;

/// A seed whose first roll of the turn die shows `face`.
fn seed_rolling(face: TurnFace) -> u64 {
    (0..)
        .find(|s| turn_die::roll(&mut GameRng::from_u64(*s)) == face)
        .unwrap()
}

/// `seat`'s turn starts on `state` with the die showing `face`.
fn start_with(state: &State, seat: Seat, face: TurnFace) -> (Vec<Event>, State) {
    let mut tx = Emitter::<WizardsOfWar>::new(state);
    let mut rng = GameRng::from_u64(seed_rolling(face));
    turn::start(&mut tx, seat, 2, &mut rng);
    turn::carry_on(&mut tx, &mut rng);
    (tx.events, tx.state)
}

#[test]
fn every_turn_starts_with_a_recorded_roll_of_the_turn_die() {
    let events = Scene::new()
        .turn(ANN, TurnFace::Feet)
        .when(ANN, Command::EndTurn)
        .events();
    assert_eq!(events[0], Event::TurnEnded { seat: ANN });
    assert_eq!(events[1], Event::TurnStarted { seat: BOB, turn: 2 });
    assert!(matches!(events[2], Event::TurnDieRolled { seat: BOB, .. }));
}

#[test]
fn the_turn_die_shows_every_face_and_feet_most_often() {
    let mut seen = std::collections::BTreeMap::new();
    let mut rng = GameRng::from_u64(11);
    for _ in 0..8000 {
        *seen
            .entry(format!("{:?}", turn_die::roll(&mut rng)))
            .or_insert(0) += 1;
    }
    assert_eq!(seen.len(), 4);
    assert!(
        seen["Feet"] > seen["Orc"] && seen["Feet"] > seen["Wand"] && seen["Orc"] > seen["FeetPlus"]
    );
}

#[test]
fn the_orc_draws_a_monster_card_face_up_and_summons_it_next_to_the_wizard() {
    let game = Scene::new().turn(ANN, TurnFace::Feet);
    let (events, state) = start_with(&game.state, BOB, TurnFace::Orc);
    let drawn = MonsterCard::of(0);
    assert_eq!(
        events[2..],
        [Event::MonsterDrawn {
            seat: BOB,
            card: drawn
        }]
    );
    assert_eq!(state.step(), Some(&Step::Placing { card: 0 }));
    given([])
        .with_state(state.clone())
        .when(BOB, Command::PlaceMonster { square: sq(5, 16) })
        .then_refused(RuleViolation::NotASummoningSquare(sq(5, 16)));
    let placed = given([])
        .with_state(state)
        .when(BOB, Command::PlaceMonster { square: sq(4, 17) });
    let events = placed.events();
    assert_eq!(
        events[0],
        Event::MonsterSummoned {
            seat: BOB,
            unit: 2,
            card: drawn,
            square: sq(4, 17)
        }
    );
    assert_eq!(
        events[1],
        Event::TurnEnded { seat: BOB },
        "summoning is the whole turn"
    );
}

#[test]
fn with_all_8_squares_around_the_wizard_full_the_orc_loses_the_turn() {
    let mut scene = Scene::new();
    for (i, square) in sq(5, 1).surrounding().enumerate() {
        let kind = [UnitKind::Goblin, UnitKind::Orc][i % 2];
        scene = scene.monster(ANN, kind, square);
    }
    let game = scene.turn(BOB, TurnFace::Feet);
    let (events, _) = start_with(&game.state, ANN, TurnFace::Orc);
    assert_eq!(events[2], Event::SummonBlocked { seat: ANN });
    assert_eq!(events[3], Event::TurnEnded { seat: ANN });
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::MonsterDrawn { .. })),
        "no card drawn"
    );
}

#[test]
fn an_empty_monster_deck_is_reshuffled_from_its_discards() {
    let mut state = Scene::new().turn(ANN, TurnFace::Feet).state;
    state.monster_deck.clear();
    state.monster_discards = vec![30, 31, 32];
    let (events, state) = start_with(&state, BOB, TurnFace::Orc);
    let Event::MonsterDeckShuffled { order } = &events[2] else {
        panic!("expected a reshuffle, got {events:#?}")
    };
    let mut order = order.revealed().unwrap().clone();
    let top = order[0];
    assert_eq!(
        events[3],
        Event::MonsterDrawn {
            seat: BOB,
            card: MonsterCard::of(top)
        }
    );
    order.sort();
    assert_eq!(order, [30, 31, 32]);
    assert!(state.monster_discards.is_empty());
}

#[test]
fn the_wand_draws_a_spell_kept_hidden_from_the_other_player() {
    let game = Scene::new()
        .monster(BOB, UnitKind::Orc, sq(5, 16))
        .turn(ANN, TurnFace::Feet);
    let (events, state) = start_with(&game.state, BOB, TurnFace::Wand);
    let drawn = events
        .iter()
        .find(|e| matches!(e, Event::SpellDrawn { .. }))
        .expect("a spell is drawn");
    let Event::SpellDrawn { card, .. } = drawn else {
        unreachable!()
    };
    assert_eq!(card.keeper(), Keeper::Seat(BOB));
    for (viewer, sees) in [
        (Viewer::Player(BOB), true),
        (Viewer::Player(ANN), false),
        (Viewer::Spectator, false),
    ] {
        let Some(Event::SpellDrawn { card, .. }) = WizardsOfWar::redact(drawn, viewer) else {
            panic!()
        };
        assert_eq!(card.revealed().is_some(), sees, "{viewer:?}");
        let view = WizardsOfWar::view(&state, viewer);
        assert_eq!(view.players[1].hand.revealed().is_some(), sees);
        assert_eq!(view.players[1].hand_count, 1);
    }
    assert_eq!(
        state.active_seat(),
        Some(ANN),
        "the wand turn ends once the spell is drawn"
    );
}

#[test]
fn there_is_no_hand_limit() {
    let many = [Spell::MagicMissile; 4]
        .into_iter()
        .chain([Spell::Fireball; 2])
        .chain([Spell::Heal; 2])
        .collect::<Vec<_>>();
    let game = Scene::new()
        .spells(BOB, &many)
        .monster(BOB, UnitKind::Orc, sq(5, 16))
        .turn(ANN, TurnFace::Feet);
    let (_, state) = start_with(&game.state, BOB, TurnFace::Wand);
    assert_eq!(state.player(BOB).hand.len(), 9);
}

#[test]
fn an_empty_spell_deck_is_reshuffled_from_its_discards() {
    let mut state = Scene::new()
        .monster(BOB, UnitKind::Orc, sq(5, 16))
        .turn(ANN, TurnFace::Feet)
        .state;
    state.spell_deck.clear();
    state.spell_discards = vec![4, 5, 6];
    let (events, state) = start_with(&state, BOB, TurnFace::Wand);
    assert!(matches!(events[2], Event::SpellDeckShuffled { .. }));
    assert!(matches!(events[3], Event::SpellDrawn { seat: BOB, .. }));
    assert_eq!(state.spell_deck.len(), 2);
}

#[test]
fn with_no_monster_the_wand_may_summon_instead_of_drawing() {
    let game = Scene::new().turn(ANN, TurnFace::Wand);
    let events = game.when(ANN, Command::SummonInstead).events();
    assert_eq!(events[0], Event::SummonChosen { seat: ANN });
    assert_eq!(
        events[1],
        Event::MonsterDrawn {
            seat: ANN,
            card: MonsterCard::of(0)
        }
    );
    let drawn = game.when(ANN, Command::DrawSpell).events();
    assert!(matches!(drawn[0], Event::SpellDrawn { seat: ANN, .. }));
    assert_eq!(drawn[1], Event::TurnEnded { seat: ANN });
}

#[test]
fn on_the_feet_with_no_monster_a_player_may_summon_instead_but_not_after_acting() {
    let game = Scene::new().turn(ANN, TurnFace::Feet);
    game.when(ANN, Command::SummonInstead)
        .then_contains(&Event::SummonChosen { seat: ANN });
    game.when(
        ANN,
        Command::Move {
            unit: 0,
            to: sq(5, 2),
        },
    )
    .when(ANN, Command::SummonInstead)
    .then_refused(RuleViolation::MayNotSummon);
    Scene::new()
        .monster(ANN, UnitKind::Orc, sq(4, 2))
        .turn(ANN, TurnFace::Feet)
        .when(ANN, Command::SummonInstead)
        .then_refused(RuleViolation::MayNotSummon);
}

#[test]
fn on_the_feet_every_unit_may_move_once_and_attack_once() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(4, 5))
        .monster(BOB, UnitKind::Mummy, sq(4, 7))
        .monster(BOB, UnitKind::Mummy, sq(6, 7))
        .turn(ANN, TurnFace::Feet);
    let moved = game.when(
        ANN,
        Command::Move {
            unit: 2,
            to: sq(4, 6),
        },
    );
    moved
        .when(
            ANN,
            Command::Move {
                unit: 2,
                to: sq(5, 6),
            },
        )
        .then_refused(RuleViolation::AlreadyMoved(2));
    // The wizard moves too, after the orc: any order.
    moved
        .when(
            ANN,
            Command::Move {
                unit: 0,
                to: sq(5, 3),
            },
        )
        .events();
    let (_, after) = rolled(
        &moved.given(),
        ANN,
        Command::Attack {
            unit: 2,
            target: sq(4, 7),
        },
        |events| {
            !events
                .iter()
                .any(|e| matches!(e, Event::MonsterSlain { .. }))
        },
    );
    given([])
        .with_state(after)
        .when(
            ANN,
            Command::Attack {
                unit: 2,
                target: sq(4, 7),
            },
        )
        .then_refused(RuleViolation::AlreadyAttacked(2));
}

#[test]
fn the_feet_with_the_plus_gives_every_unit_one_extra_attack_die() {
    for (face, dice) in [(TurnFace::Feet, 2), (TurnFace::FeetPlus, 3)] {
        let events = Scene::new()
            .monster(ANN, UnitKind::Orc, sq(4, 6))
            .monster(BOB, UnitKind::Mummy, sq(4, 7))
            .turn(ANN, face)
            .when(
                ANN,
                Command::Attack {
                    unit: 2,
                    target: sq(4, 7),
                },
            )
            .events();
        let Event::CombatRolled { attack, .. } = &events[0] else {
            panic!()
        };
        assert_eq!(attack.len(), dice, "{face:?}");
    }
}

#[test]
fn units_act_only_on_the_feet() {
    Scene::new()
        .turn(ANN, TurnFace::Wand)
        .when(
            ANN,
            Command::Move {
                unit: 0,
                to: sq(5, 2),
            },
        )
        .then_code("not_now");
    Scene::new()
        .turn(ANN, TurnFace::Feet)
        .when(BOB, Command::EndTurn)
        .then_refused(RuleViolation::NotYourTurn);
}

#[test]
fn a_monster_card_is_drawn_face_up_for_everyone_to_see() {
    let game = Scene::new().turn(ANN, TurnFace::Feet);
    let (events, _) = start_with(&game.state, BOB, TurnFace::Orc);
    let drawn = &events[2];
    for viewer in [Viewer::Player(ANN), Viewer::Spectator] {
        assert_eq!(WizardsOfWar::redact(drawn, viewer).as_ref(), Some(drawn));
    }
}

/// Ann's wizard on his X square, every square around him full of Bob's
/// monsters, and Ann with none: she cannot summon.
fn surrounded_by_the_enemy() -> Scene {
    let mut scene = Scene::new();
    for (i, square) in sq(5, 1).surrounding().enumerate() {
        let kind = [UnitKind::Goblin, UnitKind::Orc][i % 2];
        scene = scene.monster(BOB, kind, square);
    }
    scene
}

/// The game's state played under revision 1 of the rules.
fn under_revision_1(mut game: crate::kit::given::Given<WizardsOfWar>) -> State {
    game.state.revision = super::super::revisions::PlayedUnder(1);
    game.state
}

#[test]
fn with_every_square_around_the_wizard_full_the_wand_cannot_summon_instead_and_draws_the_spell() {
    let game = surrounded_by_the_enemy().turn(BOB, TurnFace::Feet);
    let (events, _) = start_with(&game.state, ANN, TurnFace::Wand);
    assert!(
        matches!(events[2], Event::SpellDrawn { seat: ANN, .. }),
        "no choice to wait for: the spell is drawn, got {events:?}"
    );
    assert_eq!(events[3], Event::TurnEnded { seat: ANN });

    // Asked anyway (a wand waiting for the choice), summoning is refused
    // and not offered; the spell is.
    let wand = surrounded_by_the_enemy().turn(ANN, TurnFace::Wand);
    wand.when(ANN, Command::SummonInstead)
        .then_refused(RuleViolation::CannotSummon);
    assert_eq!(
        WizardsOfWar::legal_commands(&wand.state, ANN),
        vec![Command::DrawSpell]
    );
}

#[test]
fn with_every_square_around_the_wizard_full_the_feet_cannot_summon_instead() {
    let feet = surrounded_by_the_enemy().turn(ANN, TurnFace::Feet);
    feet.when(ANN, Command::SummonInstead)
        .then_refused(RuleViolation::CannotSummon);
    assert!(
        !WizardsOfWar::legal_commands(&feet.state, ANN).contains(&Command::SummonInstead),
        "the losing move is not offered"
    );
}

#[test]
fn under_revision_1_summoning_instead_when_surrounded_was_accepted_and_lost_the_turn() {
    let wand = under_revision_1(surrounded_by_the_enemy().turn(ANN, TurnFace::Wand));
    assert!(WizardsOfWar::legal_commands(&wand, ANN).contains(&Command::SummonInstead));
    let events = given([])
        .with_state(wand)
        .when(ANN, Command::SummonInstead)
        .events();
    assert_eq!(
        events[..3],
        [
            Event::SummonChosen { seat: ANN },
            Event::SummonBlocked { seat: ANN },
            Event::TurnEnded { seat: ANN },
        ]
    );
}

#[test]
fn preparations_deal_no_spell_before_the_first_turn() {
    use super::super::Options;
    let opening = |revision: u32, options: &Options| {
        let events =
            WizardsOfWar::setup_under(revision, options, 2, &mut GameRng::from_u64(3)).unwrap();
        let first_roll = events
            .iter()
            .position(|e| matches!(e, Event::TurnDieRolled { .. }))
            .unwrap();
        events[..first_roll]
            .iter()
            .filter_map(|e| match e {
                Event::SpellDrawn { seat, .. } => Some(*seat),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let rulebook = Options::default();
    assert!(
        !rulebook.second_player_spell,
        "the house rule is off by default"
    );
    assert_eq!(opening(2, &rulebook), vec![], "the rulebook's opening");
    let house_rule = Options {
        second_player_spell: true,
        ..Options::default()
    };
    assert_eq!(opening(2, &house_rule), vec![BOB], "the house rule");
    assert_eq!(
        opening(1, &rulebook),
        vec![BOB],
        "revision 1 always dealt it"
    );
}
