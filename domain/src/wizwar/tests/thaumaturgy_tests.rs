//! The Thaumaturgy cards the engine plays.

use super::given::*;
use super::magic::*;
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::Destination;
use crate::wizwar::casting::{SpellOption, SpellTarget};
use crate::wizwar::commands::Thing;
use crate::wizwar::objects::{CardId, CardView};
use crate::wizwar::{Command, Event, RuleViolation, Target, WizWar, evolve};

/// `seat` plays his item cards in turn (each resolves).
fn carrying(mut g: Given, seat: Seat, cards: &[CardId]) -> Given {
    for card in cards {
        g = resolved(g, seat, cast(*card, SpellTarget::Caster));
    }
    g
}

fn naming(card: CardId) -> Option<SpellOption> {
    Some(SpellOption::Thing {
        thing: Thing::Item { card },
    })
}

#[test]
fn backlash_stops_an_attack_and_hurts_its_caster_for_its_energy() {
    let g = table(&[N::Fireball], &[N::Backlash])
        .after(BLUE, &[cast_with(b(0), Some(b(1)), at(RED), None)]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!((life(&g, BLUE), life(&g, RED)), (10, 15));
    assert_eq!(g.state.wizard(RED).victory_points, 0);
}

#[test]
fn backlash_does_not_answer_a_neutral_spell_or_an_attack_on_someone_else() {
    let g = table(&[N::Teleport], &[N::Backlash]).after(
        BLUE,
        &[cast(b(0), SpellTarget::Square { square: sq(4, 1) })],
    );
    g.when(RED, counter(r(0)))
        .then_code("counter_does_not_apply");
    let g = table_of(&[&[N::Zot], &[], &[N::Backlash]]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = g.after(RED, &[Command::Pass]);
    g.when(YELLOW, counter(y(0)))
        .then_error(RuleViolation::CounterDoesNotApply(
            "Backlash stops only an attack spell aimed at you",
        ));
}

#[test]
fn yoink_snatches_a_carried_item_into_the_casters_play_area() {
    let g = table(&[N::Yoink], &[N::Lifestone, N::Speedstone]).after(BLUE, &[Command::EndTurn]);
    let g = carrying(g, RED, &[r(0), r(1)]).after(RED, &[Command::EndTurn]);
    let before = g.state.turn.as_ref().unwrap().movement_left;
    let g = resolved(g, BLUE, cast_with(b(0), None, at(RED), naming(r(1))));
    assert_eq!(g.state.wizard(RED).carried, vec![r(0)]);
    assert_eq!(g.state.wizard(BLUE).carried, vec![r(1)]);
    assert_eq!(
        g.state.turn.as_ref().unwrap().movement_left,
        before + 1,
        "the Speedstone speeds its new carrier at once"
    );
}

#[test]
fn yoink_cannot_snatch_a_treasure_or_an_item_not_carried() {
    let g = table(&[N::Yoink], &[N::Lifestone]);
    g.when(BLUE, cast_with(b(0), None, at(RED), naming(r(0))))
        .then_code("bad_option");
    g.when(BLUE, cast(b(0), at(RED))).then_code("bad_option");
}

#[test]
fn slow_death_hurts_its_victim_for_each_card_he_draws_and_not_for_drawing_none() {
    let g = resolved(table(&[N::SlowDeath], &[]), BLUE, cast(b(0), at(RED)));
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = g.after(RED, &[Command::EndMoveAndCast, Command::Draw { count: 2 }]);
    assert_eq!(life(&g, RED), 13);
    assert_eq!(g.state.wizard(BLUE).victory_points, 0);
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = g.after(
        RED,
        &[
            Command::Discard {
                cards: vec![r(0), r(1)],
            },
            Command::EndMoveAndCast,
            Command::Draw { count: 0 },
        ],
    );
    assert_eq!(life(&g, RED), 13);
}

#[test]
fn globe_of_pain_follows_the_corridor_and_hurts_its_target_for_its_energy() {
    let g = table(&[N::GlobeOfPain], &[]);
    let g = resolved(g, BLUE, cast_with(b(0), Some(b(1)), at(RED), None));
    assert_eq!(life(&g, RED), 10);
}

#[test]
fn globe_of_pain_cannot_reach_a_wizard_more_than_6_squares_of_movement_away() {
    let g = table(&[N::GlobeOfPain], &[]).with_wizard_at(RED, sq(0, 6));
    g.when(BLUE, cast(b(0), at(RED))).then_code("out_of_reach");
}

/// Plays `command` with the die seeded by `seed`, then everyone asked
/// passes with the same seed; returns the state and every event.
fn seeded(g: &Given, seat: Seat, command: &Command, seed: u64) -> (Given, Vec<Event>) {
    let mut g = Given {
        state: g.state.clone(),
    };
    let mut events = WizWar::decide(&g.state, seat, command, &mut GameRng::from_u64(seed)).unwrap();
    for e in &events {
        evolve(&mut g.state, e);
    }
    while let Some(next) = g
        .state
        .stack
        .last()
        .and_then(|c| c.responders.first().copied())
    {
        let more =
            WizWar::decide(&g.state, next, &Command::Pass, &mut GameRng::from_u64(seed)).unwrap();
        for e in &more {
            evolve(&mut g.state, e);
        }
        events.extend(more);
    }
    (g, events)
}

fn rolls(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { value } => Some(*value),
            _ => None,
        })
        .collect()
}

#[test]
fn invisible_played_against_an_attack_evades_it_on_a_roll_of_2_to_4() {
    let g = table(&[N::Fireball], &[N::Invisible]).after(BLUE, &[cast(b(0), at(RED))]);
    let (mut evaded, mut hit) = (false, false);
    for seed in 0..40 {
        let (g, events) = seeded(&g, RED, &counter(r(0)), seed);
        let rolled = rolls(&events);
        assert_eq!(rolled.len(), 1, "one roll for one attack");
        assert!(g.state.spells.iter().any(|s| s.name == N::Invisible));
        if rolled[0] >= 2 {
            evaded = true;
            assert_eq!(life(&g, RED), 15);
        } else {
            hit = true;
            assert_eq!(life(&g, RED), 10);
        }
    }
    assert!(evaded && hit);
}

#[test]
fn an_invisible_wizard_rolls_against_every_punch_and_cannot_turn_invisible_twice() {
    let g = table(&[], &[N::Invisible, N::Invisible])
        .with_wizard_at(RED, sq(4, 1))
        .with([Event::CastResolved {
            seat: RED,
            card: CardView {
                id: r(0),
                name: N::Invisible,
            },
            to: Destination::Maintained { tokens: Some(3) },
        }]);
    let punch = Command::Punch {
        target: Target::Wizard { seat: RED },
    };
    let (mut evaded, mut hit) = (false, false);
    for seed in 0..40 {
        let (g, events) = seeded(&g, BLUE, &punch, seed);
        let rolled = rolls(&events);
        assert_eq!(rolled.len(), 1);
        if rolled[0] >= 2 {
            evaded = true;
            assert_eq!(life(&g, RED), 15);
        } else {
            hit = true;
            assert_eq!(life(&g, RED), 14);
        }
    }
    assert!(evaded && hit);
    let g = g.after(BLUE, &[Command::EndTurn]);
    g.when(RED, cast(r(1), SpellTarget::Caster))
        .then_code("invalid_target");
}

#[test]
fn gravity_makes_everyone_drop_what_he_carries_and_nothing_is_picked_up_while_it_lasts() {
    let g = table(&[N::Lifestone, N::Gravity], &[]);
    let g = carrying(g, BLUE, &[b(0)]);
    let treasure = g.state.treasures[0].id;
    let g = g.with([Event::TreasurePickedUp {
        seat: RED,
        treasure,
    }]);
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Board));
    assert!(g.state.wizard(BLUE).carried.is_empty());
    assert_eq!(g.state.carried_treasure(RED), None);
    assert!(
        g.state
            .objects
            .iter()
            .any(|o| o.card == b(0) && o.square == sq(4, 0))
    );
    g.when(
        BLUE,
        Command::PickUp {
            thing: Thing::Item { card: b(0) },
        },
    )
    .then_error(RuleViolation::Gravity);
}

#[test]
fn a_sealed_door_lets_nobody_through_not_even_its_owner_until_it_is_broken_down() {
    // v(3,4) is a door inside blue's own sector, beside (3,3).
    let g = table(&[N::SealDoor, N::DestroyWall], &[]).with_wizard_at(BLUE, sq(3, 3));
    let door = SpellTarget::Line { line: v(3, 4) };
    let g = resolved(g, BLUE, cast(b(0), door));
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
    g.when(
        BLUE,
        Command::Move {
            direction: crate::wizwar::labyrinth::Direction::East,
        },
    )
    .then_error(RuleViolation::DoorSealed);
    g.when(BLUE, Command::HoldDoor { line: v(3, 4) })
        .then_code("door_sealed");
    let g = resolved(g, BLUE, cast(b(1), door));
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn pass_through_wall_steps_the_caster_through_a_wall_beside_him_for_a_movement_point() {
    let g = table(&[N::PassThroughWall], &[]).with_wizard_at(BLUE, sq(4, 4));
    let before = g.state.turn.as_ref().unwrap().movement_left;
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 5) }));
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 5));
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, before - 1);
}

#[test]
fn pass_through_wall_is_not_cast_on_a_door_or_a_wall_away_from_the_caster() {
    let g = table(&[N::PassThroughWall], &[]).with_wizard_at(BLUE, sq(3, 3));
    g.when(BLUE, cast(b(0), SpellTarget::Line { line: v(3, 4) }))
        .then_code("invalid_target");
    let g = g.with_wizard_at(BLUE, sq(4, 3));
    g.when(BLUE, cast(b(0), SpellTarget::Line { line: v(4, 5) }))
        .then_code("out_of_reach");
}

#[test]
fn a_master_key_opens_an_enemy_door_to_its_carrier_who_may_hold_it_open() {
    // v(2,7) is a door inside red's sector, beside (2,6).
    let east = Command::Move {
        direction: crate::wizwar::labyrinth::Direction::East,
    };
    let g = table(&[N::MasterKey], &[]).with_wizard_at(BLUE, sq(2, 6));
    g.when(BLUE, east.clone())
        .then_error(RuleViolation::DoorLocked);
    let g = carrying(g, BLUE, &[b(0)]);
    g.when(BLUE, Command::HoldDoor { line: v(2, 7) })
        .then_contains(&Event::DoorHeldOpen {
            seat: BLUE,
            line: v(2, 7),
        });
    let g = g.after(BLUE, &[east]);
    assert_eq!(g.state.wizard(BLUE).square, sq(2, 7));
}

fn wield(card: CardId, target: SpellTarget) -> Command {
    Command::Use { card, target }
}

#[test]
fn a_dagger_stabs_a_wizard_next_to_its_carrier_for_2_and_stays_in_his_hand() {
    let g = carrying(table(&[N::Dagger], &[]), BLUE, &[b(0)]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, wield(b(0), at(RED)));
    assert_eq!(life(&g, RED), 13);
    assert_eq!(g.state.wizard(BLUE).carried, vec![b(0)]);
    g.when(BLUE, wield(b(0), at(RED)))
        .then_error(RuleViolation::AlreadyAttacked);
}

#[test]
fn a_thrown_dagger_hurts_for_2_and_lands_in_the_targets_square() {
    let g = carrying(table(&[N::Dagger], &[]), BLUE, &[b(0)]);
    let g = resolved(g, BLUE, wield(b(0), at(RED)));
    assert_eq!(life(&g, RED), 13);
    assert!(g.state.wizard(BLUE).carried.is_empty());
    assert!(
        g.state
            .objects
            .iter()
            .any(|o| o.card == b(0) && o.square == sq(4, 3))
    );
}

#[test]
fn a_wizardblade_strikes_for_the_energy_of_the_card_discarded_to_it() {
    let g = carrying(table(&[N::Wizardblade], &[]), BLUE, &[b(0)]).with_wizard_at(RED, sq(4, 1));
    g.when(BLUE, wield(b(0), at(RED))).then_code("bad_option");
    let strike = Command::UseDiscarding {
        card: b(0),
        discard: b(1),
        target: at(RED),
    };
    let g = resolved(g, BLUE, strike);
    assert_eq!(life(&g, RED), 10);
    assert!(g.state.discard_pile.contains(&b(1)));
    assert_eq!(g.state.wizard(BLUE).carried, vec![b(0)]);
}

#[test]
fn a_wizardblade_makes_a_crack_of_every_point_so_energy_5_fells_a_wall() {
    let g = carrying(table(&[N::Wizardblade], &[]), BLUE, &[b(0)]).with_wizard_at(BLUE, sq(4, 4));
    let strike = Command::UseDiscarding {
        card: b(0),
        discard: b(1),
        target: SpellTarget::Line { line: v(4, 5) },
    };
    let g = resolved(g, BLUE, strike);
    assert_eq!(g.state.labyrinth.barrier(v(4, 5)), None);
}

#[test]
fn a_wall_of_earth_cancels_slow_death_which_needs_line_of_sight_the_rulebooks_clarification() {
    let g = table(&[N::SlowDeath], &[N::WallOfEarth]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(
        g,
        RED,
        Command::PlayCounter {
            card: r(0),
            energy: None,
            line: Some(v(4, 2)),
            square: None,
        },
    );
    assert!(!g.state.spells.iter().any(|s| s.name == N::SlowDeath));
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn no_treasure_is_lifted_while_gravity_lasts() {
    // Blue's second treasure lies on (3,3).
    let g = table(&[N::Gravity], &[]).with_wizard_at(BLUE, sq(3, 3));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Board));
    let lift = Command::PickUp {
        thing: Thing::Treasure {
            treasure: crate::wizwar::treasures::TreasureId(1),
        },
    };
    g.when(BLUE, lift).then_code("gravity");
}

#[test]
fn sealing_a_door_held_open_shuts_it() {
    let g = table(&[N::SealDoor], &[]).with_wizard_at(BLUE, sq(3, 3));
    let g = g.after(BLUE, &[Command::HoldDoor { line: v(3, 4) }]);
    assert!(g.state.door_is_open(v(3, 4)));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(3, 4) }));
    assert!(!g.state.door_is_open(v(3, 4)));
}

#[test]
fn backlash_turns_a_globe_of_pain_back_on_its_caster() {
    let g = table(&[N::GlobeOfPain], &[N::Backlash])
        .after(BLUE, &[cast_with(b(0), Some(b(1)), at(RED), None)]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!((life(&g, BLUE), life(&g, RED)), (10, 15));
}

#[test]
fn strength_doubles_a_daggers_physical_blow() {
    let g = carrying(table(&[N::Dagger, N::Strength], &[]), BLUE, &[b(0)]);
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Caster));
    let g = resolved(g, BLUE, wield(b(0), at(RED)));
    assert_eq!(life(&g, RED), 15 - 4);
}
