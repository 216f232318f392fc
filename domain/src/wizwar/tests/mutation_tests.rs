//! The Mutation cards the engine plays, and transformations.

use super::given::*;
use super::magic::*;
use crate::rng::GameRng;
use crate::ruleset::Ruleset;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::labyrinth::Direction;
use crate::wizwar::{Command, Event, RuleViolation, Target, WizWar, evolve};

fn movement_left(g: &Given) -> i16 {
    g.state.turn.as_ref().unwrap().movement_left
}

fn on_self(card: crate::wizwar::objects::CardId) -> Command {
    cast(card, SpellTarget::Caster)
}

#[test]
fn golem_form_with_one_movement_left_leaves_none_the_rulebook_example() {
    let g = table(&[N::GolemForm], &[]).with([Event::MovementChanged { seat: BLUE, by: -2 }]);
    assert_eq!(movement_left(&g), 1);
    let g = resolved(g, BLUE, on_self(b(0)));
    assert_eq!(movement_left(&g), 0);
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
}

#[test]
fn base_speed_falling_takes_movement_below_zero_until_a_boost_lifts_it() {
    let g = table(&[N::GolemForm], &[]).with([Event::MovementChanged { seat: BLUE, by: -3 }]);
    let g = resolved(g, BLUE, on_self(b(0)));
    assert_eq!(movement_left(&g), -1);
    g.when(
        BLUE,
        Command::Move {
            direction: crate::wizwar::labyrinth::Direction::East,
        },
    )
    .then_error(RuleViolation::NotEnoughMovement);
}

#[test]
fn a_form_lasts_until_its_token_goes_and_speed_comes_back() {
    let g = resolved(table(&[N::GnomeForm], &[]), BLUE, on_self(b(0)));
    assert_eq!(movement_left(&g), 2);
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = all_pass(g);
    // Red's turn, then blue's: the single token comes off in Time Passes.
    let mut g = g;
    if g.state.turn.as_ref().is_some_and(|t| t.seat == RED) {
        g = g.after(RED, &[Command::EndTurn]);
    }
    if g.state.turn.as_ref().is_some_and(|t| t.seat == BLUE) {
        assert!(g.state.spells.is_empty());
        assert!(g.state.discard_pile.contains(&b(0)));
        assert_eq!(movement_left(&g), 3);
    }
}

#[test]
fn a_new_transformation_cancels_the_previous_one() {
    let g = resolved(
        table(&[N::GnomeForm, N::GolemForm], &[]),
        BLUE,
        on_self(b(0)),
    );
    assert_eq!(movement_left(&g), 2);
    let g = resolved(g, BLUE, on_self(b(1)));
    let names: Vec<_> = g.state.spells.iter().map(|s| s.name).collect();
    assert_eq!(names, vec![N::GolemForm]);
    assert!(g.state.discard_pile.contains(&b(0)));
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(1)]);
    // Gnome (2) to golem (2): no change.
    assert_eq!(movement_left(&g), 2);
}

/// Changing Base Speed (p.7): a new form replacing the old one changes the
/// movement left once, by the difference of the two base speeds.
#[test]
fn changing_base_speed_from_extra_arms_to_gnome_form_costs_one_movement_point() {
    let g = resolved(
        table(&[N::ExtraArms, N::GnomeForm], &[]),
        BLUE,
        on_self(b(0)),
    );
    assert_eq!(movement_left(&g), 3);
    let g = resolved(g, BLUE, on_self(b(1)));
    assert_eq!(movement_left(&g), 2, "base speed 3 to 2 on an unmoved turn");
}

#[test]
fn changing_base_speed_from_gnome_form_to_werewolf_form_gains_two_movement_points() {
    let g = resolved(
        table(&[N::GnomeForm, N::WerewolfForm], &[]),
        BLUE,
        on_self(b(0)),
    );
    assert_eq!(movement_left(&g), 2);
    let g = resolved(g, BLUE, on_self(b(1)));
    assert_eq!(movement_left(&g), 4, "base speed 2 to 4 on an unmoved turn");
}

#[test]
fn ending_a_form_on_your_turn_gives_back_the_speed() {
    let g = resolved(table(&[N::GolemForm], &[]), BLUE, on_self(b(0)));
    assert_eq!(movement_left(&g), 2);
    let g = g.after(BLUE, &[Command::EndSpell { card: b(0) }]);
    assert_eq!(movement_left(&g), 3);
    assert!(g.state.spells.is_empty());
}

#[test]
fn a_golem_takes_two_less_damage_and_punches_for_two() {
    let g = table(&[N::Fireball], &[N::GolemForm]).with([Event::CastResolved {
        seat: RED,
        card: crate::wizwar::objects::CardView {
            id: r(0),
            name: N::GolemForm,
        },
        to: crate::wizwar::casting::Destination::Maintained { tokens: Some(1) },
    }]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 15 - 5 + 2);

    let g = table(&[N::GolemForm], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after_windows(
        BLUE,
        &[Command::Punch {
            target: Target::Wizard { seat: RED },
        }],
    );
    assert_eq!(life(&g, RED), 13);
}

#[test]
fn a_golem_casts_only_counter_spells() {
    let g = resolved(
        table(&[N::GolemForm, N::Fireball], &[]),
        BLUE,
        on_self(b(0)),
    );
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::CountersOnly);
    g.when(BLUE, cast(b(1), at(RED))).then_code("counters_only");
}

/// Plays `command` with the die seeded by `seed`; returns the events.
fn with_seed(g: &Given, seat: crate::ruleset::Seat, command: &Command, seed: u64) -> Vec<Event> {
    WizWar::decide(&g.state, seat, command, &mut GameRng::from_u64(seed)).unwrap()
}

/// Blue throws `punch` and red lets it land with this seed: the game as
/// the punch waits for red, and the events of red's pass.
fn punched_with_seed(g: &Given, punch: &Command, seed: u64) -> (Given, Vec<Event>) {
    let thrown = g.clone().after(BLUE, std::slice::from_ref(punch));
    let events = with_seed(&thrown, RED, &Command::Pass, seed);
    (thrown, events)
}

fn rolled(events: &[Event]) -> Vec<u8> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::DieRolled { value } => Some(*value),
            _ => None,
        })
        .collect()
}

#[test]
fn gnome_form_as_a_counter_gives_one_roll_evading_on_1_or_2_the_rulebook_example() {
    let g = table(&[N::Fireball], &[N::GnomeForm]).after(BLUE, &[cast(b(0), at(RED))]);
    let (mut evaded, mut hit) = (false, false);
    for seed in 0..40 {
        let mut g = Given {
            state: g.state.clone(),
        };
        for e in with_seed(&g, RED, &counter(r(0)), seed) {
            evolve(&mut g.state, &e);
        }
        // Blue passes on the gnome; the gnome resolves, then the Fireball.
        let mut events = vec![];
        while let Some(seat) = g
            .state
            .stack
            .last()
            .and_then(|c| c.responders.first().copied())
        {
            for e in with_seed(&g, seat, &Command::Pass, seed) {
                evolve(&mut g.state, &e);
                events.push(e);
            }
        }
        let rolls = rolled(&events);
        assert_eq!(rolls.len(), 1, "one roll for one attack");
        assert!(g.state.spells.iter().any(|s| s.name == N::GnomeForm));
        if rolls[0] <= 2 {
            evaded = true;
            assert!(
                events
                    .iter()
                    .any(|e| matches!(e, Event::AttackEvaded { seat, .. } if *seat == RED))
            );
            assert_eq!(life(&g, RED), 15);
        } else {
            hit = true;
            assert_eq!(life(&g, RED), 10);
        }
    }
    assert!(evaded && hit);
}

#[test]
fn gnome_form_answers_only_an_attack_on_its_wizard() {
    let g = table(&[N::Meditate], &[N::GnomeForm]).after(BLUE, &[on_self(b(0))]);
    g.when(RED, counter(r(0)))
        .then_code("counter_does_not_apply");
}

#[test]
fn a_gnome_rolls_to_dodge_every_punch() {
    let g = table(&[], &[N::GnomeForm])
        .with_wizard_at(RED, sq(4, 1))
        .with([Event::CastResolved {
            seat: RED,
            card: crate::wizwar::objects::CardView {
                id: r(0),
                name: N::GnomeForm,
            },
            to: crate::wizwar::casting::Destination::Maintained { tokens: Some(1) },
        }]);
    let punch = Command::Punch {
        target: Target::Wizard { seat: RED },
    };
    let (mut evaded, mut hit) = (false, false);
    for seed in 0..40 {
        let (thrown, events) = punched_with_seed(&g, &punch, seed);
        let mut state = thrown.state.clone();
        for e in &events {
            evolve(&mut state, e);
        }
        let rolls = rolled(&events);
        assert_eq!(rolls.len(), 1);
        if rolls[0] <= 2 {
            evaded = true;
            assert_eq!(state.wizard(RED).life, 15);
        } else {
            hit = true;
            assert_eq!(state.wizard(RED).life, 14);
        }
    }
    assert!(evaded && hit);
}

#[test]
fn every_mutation_card_is_played() {
    for name in [
        N::Adrenaline,
        N::BigManForm,
        N::Disease,
        N::ExtraArms,
        N::Featherweight,
        N::GnomeForm,
        N::GolemForm,
        N::HeaveHo,
        N::MadDash,
        N::SlimeForm,
        N::Strength,
        N::Stretch,
        N::Wallivore,
        N::WerewolfForm,
    ] {
        let deck = crate::wizwar::cards::deck(&[crate::wizwar::cards::School::Mutation]);
        assert!(deck.contains(&name), "{name:?}");
    }
}

#[test]
fn a_golem_lifts_a_treasure_for_one_movement_point_and_goes_on() {
    use crate::wizwar::Thing;
    use crate::wizwar::state::Phase;
    use crate::wizwar::treasures::TreasureId;
    let lift = Command::PickUp {
        thing: Thing::Treasure {
            treasure: TreasureId(1),
        },
    };
    let g = table(&[N::GolemForm], &[]).with_wizard_at(BLUE, sq(3, 3));
    let g = resolved(g, BLUE, on_self(b(0)));
    let lifted = g.clone_given().after(BLUE, std::slice::from_ref(&lift));
    assert_eq!(lifted.state.carried_treasure(BLUE), Some(TreasureId(1)));
    assert_eq!(movement_left(&lifted), 1);
    assert_eq!(
        lifted.state.turn.as_ref().unwrap().phase,
        Phase::MoveAndCast
    );
    let tired = g.with([Event::MovementChanged { seat: BLUE, by: -2 }]);
    tired
        .when(BLUE, lift)
        .then_error(RuleViolation::NotEnoughMovement);
}

trait CloneGiven {
    fn clone_given(&self) -> Given;
}

impl CloneGiven for Given {
    fn clone_given(&self) -> Given {
        Given {
            state: self.state.clone(),
        }
    }
}

/// Puts `n` cards from the deck on the floor of `square` as dropped items.
fn items_on_floor(
    mut g: Given,
    square: crate::wizwar::labyrinth::Square,
    n: usize,
) -> (Given, Vec<crate::wizwar::objects::CardId>) {
    let cards: Vec<_> = g.state.deck.iter().rev().take(n).copied().collect();
    g.state.deck.retain(|c| !cards.contains(c));
    for card in &cards {
        g.state.objects.push(crate::wizwar::objects::BoardObject {
            card: *card,
            square,
        });
    }
    (g, cards)
}

fn pick_item(card: crate::wizwar::objects::CardId) -> Command {
    Command::PickUp {
        thing: crate::wizwar::Thing::Item { card },
    }
}

#[test]
fn extra_arms_is_part_of_the_hand_while_it_lasts_then_leaves_it_the_rulebook_example() {
    let g = table(&[N::ExtraArms], &[]);
    assert_eq!(g.state.hand_total(BLUE), 5);
    let g = resolved(g, BLUE, on_self(b(0)));
    // 1. Faceup in the play area with 1 energy token: part of the hand.
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
    assert_eq!(g.state.hand_total(BLUE), 5);
    assert_eq!(g.state.spells[0].tokens, Some(1));
    // An Extra Arms wizard keeps his speed.
    assert_eq!(movement_left(&g), 3);
    // 2. In his next turn the token comes off and the card is discarded.
    let mut g = all_pass(g.after(BLUE, &[Command::EndTurn]));
    if g.state.turn.as_ref().is_some_and(|t| t.seat == RED) {
        g = g.after(RED, &[Command::EndTurn]);
    }
    assert_eq!(g.state.turn.as_ref().unwrap().seat, BLUE);
    assert!(g.state.spells.is_empty());
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn with_extra_arms_one_movement_picks_up_everything_and_carried_items_leave_the_hand() {
    let (g, items) = items_on_floor(table(&[N::ExtraArms], &[]), sq(4, 0), 3);
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after(
        BLUE,
        &[
            pick_item(items[0]),
            pick_item(items[1]),
            pick_item(items[2]),
        ],
    );
    assert_eq!(g.state.wizard(BLUE).carried, items);
    assert_eq!(movement_left(&g), 2, "one movement point for the armful");
    // Carried items do not count while the arms last: 4 in hand + the spell.
    assert_eq!(g.state.hand_total(BLUE), 5);
    // Ending the spell: the items count again (8 > 7) and must go first.
    let g = g.after(BLUE, &[Command::EndSpell { card: b(0) }]);
    assert_eq!(g.state.hand_total(BLUE), 7);
    let (g, more) = items_on_floor(g, sq(4, 0), 1);
    g.when(BLUE, pick_item(more[0]))
        .then_error(RuleViolation::HandFull { limit: 7 });
}

#[test]
fn extra_arms_pays_again_after_moving_on() {
    use crate::wizwar::labyrinth::Direction;
    let (g, here) = items_on_floor(table(&[N::ExtraArms], &[]), sq(4, 0), 1);
    let (g, there) = items_on_floor(g, sq(4, 1), 1);
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after(
        BLUE,
        &[
            pick_item(here[0]),
            Command::Move {
                direction: Direction::East,
            },
            pick_item(there[0]),
        ],
    );
    assert_eq!(movement_left(&g), 0);
    assert_eq!(g.state.wizard(BLUE).carried.len(), 2);
}

#[test]
fn extra_arms_lifts_a_treasure_with_the_armful_and_goes_on() {
    use crate::wizwar::state::Phase;
    use crate::wizwar::treasures::TreasureId;
    let lift = Command::PickUp {
        thing: crate::wizwar::Thing::Treasure {
            treasure: TreasureId(1),
        },
    };
    let g = table(&[N::ExtraArms], &[]).with_wizard_at(BLUE, sq(3, 3));
    let (g, items) = items_on_floor(g, sq(3, 3), 1);
    let g = resolved(g, BLUE, on_self(b(0)));
    // The treasure alone costs the movement point and does not end the phase.
    let alone = g.clone_given().after(BLUE, std::slice::from_ref(&lift));
    assert_eq!(movement_left(&alone), 2);
    assert_eq!(alone.state.turn.as_ref().unwrap().phase, Phase::MoveAndCast);
    // With an item first, it comes for free in the same armful.
    let both = g.after(BLUE, &[pick_item(items[0]), lift]);
    assert_eq!(both.state.carried_treasure(BLUE), Some(TreasureId(1)));
    assert_eq!(movement_left(&both), 2);
    assert_eq!(both.state.turn.as_ref().unwrap().phase, Phase::MoveAndCast);
    // Still one treasure at a time.
    let g = both.with([Event::TreasureDropped {
        seat: RED,
        treasure: TreasureId(0),
        square: sq(3, 3),
    }]);
    g.when(
        BLUE,
        Command::PickUp {
            thing: crate::wizwar::Thing::Treasure {
                treasure: TreasureId(0),
            },
        },
    )
    .then_error(RuleViolation::AlreadyCarryingTreasure);
}

#[test]
fn an_extra_arms_punch_hits_everyone_within_reach() {
    let g = table_of(&[&[N::ExtraArms], &[], &[]])
        .with_wizard_at(RED, sq(4, 1))
        .with_wizard_at(YELLOW, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after_windows(
        BLUE,
        &[Command::Punch {
            target: Target::Wizard { seat: RED },
        }],
    );
    assert_eq!(life(&g, RED), 14);
    assert_eq!(life(&g, YELLOW), 14);
    // Without the arms only the one aimed at.
    let g = table_of(&[&[], &[], &[]])
        .with_wizard_at(RED, sq(4, 1))
        .with_wizard_at(YELLOW, sq(4, 1))
        .after_windows(
            BLUE,
            &[Command::Punch {
                target: Target::Wizard { seat: RED },
            }],
        );
    assert_eq!(life(&g, RED), 14);
    assert_eq!(life(&g, YELLOW), 15);
}

#[test]
fn extra_arms_is_among_the_legal_commands() {
    let g = table(&[N::ExtraArms], &[]);
    let legal = WizWar::legal_commands(&g.state, BLUE);
    assert!(legal.contains(&on_self(b(0))));
}

/// Red's card `r(0)` is a Featherweight already in play on him.
fn featherweight_red(g: Given) -> Given {
    g.with([Event::CastResolved {
        seat: RED,
        card: crate::wizwar::objects::CardView {
            id: r(0),
            name: N::Featherweight,
        },
        to: crate::wizwar::casting::Destination::Maintained { tokens: Some(1) },
    }])
}

fn step(direction: Direction) -> Command {
    Command::Move { direction }
}

fn moves_of(g: &Given, seat: crate::ruleset::Seat) -> Vec<Direction> {
    WizWar::legal_commands(&g.state, seat)
        .into_iter()
        .filter_map(|c| match c {
            Command::Move { direction } => Some(direction),
            _ => None,
        })
        .collect()
}

#[test]
fn a_featherweight_is_pushed_down_the_corridor_and_chooses_at_the_junction() {
    // Blue in (4,0) Fireballs red in (4,3) for 5: the corridor leads red
    // east to (4,4), round the corner north to (3,4) and (2,4), where two
    // ways lead farther from blue's square.
    let g = featherweight_red(table(&[N::Fireball], &[N::Featherweight]));
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(g.state.wizard(RED).square, sq(2, 4));
    assert_eq!(life(&g, RED), 15);
    assert_eq!(
        awaiting(&g),
        vec![crate::ruleset::Awaiting {
            seat: RED,
            reason: crate::ruleset::AwaitReason::Choice
        }]
    );
    let mut ways = moves_of(&g, RED);
    ways.sort();
    assert_eq!(ways, vec![Direction::North, Direction::East]);
    // North to (1,4); from there only (0,4) is farther: the fifth point.
    let g = g.after(RED, &[step(Direction::North)]);
    assert_eq!(g.state.wizard(RED).square, sq(0, 4));
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.choice.is_none() && g.state.pushes.is_empty());
    assert_eq!(awaiting(&g)[0].seat, BLUE);
}

#[test]
fn points_that_cannot_become_movement_still_hurt() {
    // Powerthrust boosted by an Energy 5 deals 7: five squares of the walk
    // above, then (0,4) is a dead end and the last 2 hurt.
    let g = featherweight_red(table(&[N::Powerthrust], &[N::Featherweight]));
    let g = resolved(
        g,
        BLUE,
        Command::Cast {
            card: b(0),
            energy: Some(b(1)),
            target: at(RED),
            option: None,
        },
    );
    let g = g.after(RED, &[step(Direction::North)]);
    assert_eq!(g.state.wizard(RED).square, sq(0, 4));
    assert_eq!(life(&g, RED), 13);
}

#[test]
fn a_featherweight_with_nowhere_farther_to_go_takes_the_whole_attack() {
    // (0,5) is a dead end whose only way out leads to blue in (1,5).
    let g = featherweight_red(table(&[N::Fireball], &[N::Featherweight]))
        .with_wizard_at(BLUE, sq(1, 5))
        .with_wizard_at(RED, sq(0, 5));
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(g.state.wizard(RED).square, sq(0, 5));
    assert_eq!(life(&g, RED), 10);
}

#[test]
fn punched_from_his_own_square_he_chooses_any_way_out_the_card_note() {
    let g = featherweight_red(table(&[], &[N::Featherweight])).with_wizard_at(BLUE, sq(4, 3));
    let g = g.after_windows(
        BLUE,
        &[Command::Punch {
            target: Target::Wizard { seat: RED },
        }],
    );
    let mut ways = moves_of(&g, RED);
    ways.sort();
    assert_eq!(ways, vec![Direction::East, Direction::West]);
    let g = g.after(RED, &[step(Direction::West)]);
    assert_eq!(g.state.wizard(RED).square, sq(4, 2));
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.choice.is_none());
}

#[test]
fn a_push_cannot_be_refused_nor_turned_toward_the_attack() {
    let g = featherweight_red(table(&[N::Fireball], &[N::Featherweight]));
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(g.state.wizard(RED).square, sq(2, 4));
    g.when(RED, Command::Pass).then_code("push_pending");
    g.when(RED, step(Direction::South))
        .then_code("not_pushed_back");
    g.when(RED, step(Direction::West))
        .then_code("wall_in_the_way");
    g.when(BLUE, Command::EndTurn).then_code("choice_pending");
    // A player who lets the deadline pass is pushed the first way listed.
    let timeout = WizWar::timeout_command(&g.state, RED).expect("red is awaited");
    assert!(matches!(timeout, Command::Move { .. }));
    let g = g.after(RED, &[timeout]);
    assert_eq!(life(&g, RED), 15);
}

#[test]
fn featherweight_is_played_against_the_attack_and_then_pushes() {
    let g = table(&[N::Fireball], &[N::Featherweight]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = g.after(RED, &[counter(r(0))]);
    let g = all_pass(g);
    assert!(g.state.spells.iter().any(|s| s.name == N::Featherweight));
    assert_eq!(g.state.wizard(RED).square, sq(2, 4));
    assert_eq!(life(&g, RED), 15);
}

#[test]
fn featherweight_answers_only_an_attack_on_its_wizard() {
    let g = table(&[N::Meditate], &[N::Featherweight]).after(BLUE, &[on_self(b(0))]);
    g.when(RED, counter(r(0)))
        .then_code("counter_does_not_apply");
}

#[test]
fn damage_that_is_no_attack_still_hurts_a_featherweight() {
    // Destroy Wall hurts those next to the wall; it is not an attack.
    let g = featherweight_red(table(&[N::DestroyWall], &[N::Featherweight]))
        .with_wizard_at(RED, sq(4, 4));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 5) }));
    assert_eq!(g.state.wizard(RED).square, sq(4, 4));
    assert_eq!(life(&g, RED), 13);
}

#[test]
fn a_wallivore_eats_the_stone_wall_beside_him_and_gains_two_life() {
    let g = table(&[N::Wallivore], &[N::Fireball])
        .with_wizard_at(BLUE, sq(4, 2))
        .with([Event::WizardDamaged {
            seat: BLUE,
            amount: 4,
            life: 11,
            kind: None,
        }]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: h(4, 2) }));
    assert_eq!(g.state.labyrinth.barrier(h(4, 2)), None);
    assert_eq!(life(&g, BLUE), 13);
    // Nobody is hurt by the wall going, unlike Destroy Wall.
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn a_wallivore_cannot_eat_doors_outer_walls_or_walls_out_of_reach() {
    let g = table(&[N::Wallivore], &[]);
    g.when(BLUE, cast(b(0), SpellTarget::Line { line: v(4, 0) }))
        .then_code("indestructible");
    g.when(BLUE, cast(b(0), SpellTarget::Line { line: h(4, 2) }))
        .then_code("out_of_reach");
    let g = g.with_wizard_at(BLUE, sq(3, 4));
    g.when(BLUE, cast(b(0), SpellTarget::Line { line: v(3, 4) }))
        .then_code("invalid_target");
}

#[test]
fn a_wallivore_eating_a_created_wall_ends_its_spell() {
    let g = table(&[N::CreateWall, N::Wallivore], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 1) }));
    assert!(g.state.wizard(BLUE).maintained.contains(&b(0)));
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Line { line: v(4, 1) }));
    assert_eq!(g.state.labyrinth.barrier(v(4, 1)), None);
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn a_werewolf_runs_four_and_his_punch_deals_a_die_roll() {
    let g = table(&[N::WerewolfForm, N::Fireball], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    assert_eq!(movement_left(&g), 4);
    let punch = Command::Punch {
        target: Target::Wizard { seat: RED },
    };
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..40 {
        let (thrown, events) = punched_with_seed(&g, &punch, seed);
        let rolls = rolled(&events);
        assert_eq!(rolls.len(), 1, "one die for the claws");
        let mut state = thrown.state.clone();
        for e in &events {
            evolve(&mut state, e);
        }
        assert_eq!(i16::from(state.wizard(RED).life), 15 - i16::from(rolls[0]));
        seen.insert(rolls[0]);
    }
    assert_eq!(seen.len(), 4, "every face of the d4 comes up");
    g.when(BLUE, cast(b(1), at(RED))).then_code("counters_only");
}

#[test]
fn a_mad_dash_doubles_the_movement_left_drops_the_treasure_and_forbids_lifting_one() {
    use crate::wizwar::Thing;
    use crate::wizwar::treasures::{TreasureId, TreasureLocation};
    let lift = |treasure| Command::PickUp {
        thing: Thing::Treasure { treasure },
    };
    // Blue lifts the treasure at (3,3) with Extra Arms (his turn goes on).
    let g = table(&[N::ExtraArms, N::MadDash], &[]).with_wizard_at(BLUE, sq(3, 3));
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after(BLUE, &[lift(TreasureId(1))]);
    assert_eq!(g.state.carried_treasure(BLUE), Some(TreasureId(1)));
    assert_eq!(movement_left(&g), 2);
    let g = resolved(g, BLUE, on_self(b(1)));
    assert_eq!(movement_left(&g), 4);
    assert_eq!(g.state.carried_treasure(BLUE), None);
    assert_eq!(
        g.state.treasure(TreasureId(1)).location,
        TreasureLocation::Lying { square: sq(3, 3) }
    );
    g.when(BLUE, lift(TreasureId(1))).then_code("dashing");
    // The next turn he may lift it again.
    let g = g.after(BLUE, &[Command::EndTurn]);
    assert!(!g.state.turn.as_ref().unwrap().dashing);
}

#[test]
fn a_mad_dash_with_no_movement_left_gives_none() {
    let g = table(&[N::MadDash], &[]).with([Event::MovementChanged { seat: BLUE, by: -3 }]);
    let g = resolved(g, BLUE, on_self(b(0)));
    assert_eq!(movement_left(&g), 0);
    assert!(g.state.turn.as_ref().unwrap().dashing);
}

fn punch(seat: crate::ruleset::Seat) -> Command {
    Command::Punch {
        target: Target::Wizard { seat },
    }
}

#[test]
fn with_adrenaline_a_wizard_attacks_twice_a_turn_and_not_three_times() {
    let g = table(&[N::Adrenaline, N::Fireball], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    assert!(g.state.wizard(BLUE).maintained.contains(&b(0)));
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    let g = g.after_windows(BLUE, &[punch(RED)]);
    assert_eq!(life(&g, RED), 15 - 5 - 1);
    g.when(BLUE, punch(RED)).then_code("already_attacked");
}

#[test]
fn a_stunned_wizard_with_adrenaline_attacks_once_and_moves_or_twice_and_stays() {
    let mut g = table(&[N::Adrenaline], &[]).with_wizard_at(RED, sq(4, 1));
    let g = {
        g = resolved(g, BLUE, on_self(b(0)));
        // Stunned at the start of his turn; the scene's arranging is no move.
        let turn = g.state.turn.as_mut().unwrap();
        turn.stunned = true;
        turn.moved = false;
        g
    };
    let east = Command::Move {
        direction: Direction::East,
    };
    // One attack, then a move: no second attack.
    let moved = g.clone().after_windows(BLUE, &[punch(RED), east.clone()]);
    moved.when(BLUE, punch(RED)).then_code("stunned_and_moved");
    // Two attacks: he stays where he is.
    let stayed = g.after_windows(BLUE, &[punch(RED), punch(RED)]);
    stayed.when(BLUE, east).then_code("stunned_and_attacked");
}

/// Stunned (p.15): a wizard may not leave his square once he has made the
/// attacks his turn allows; every way of leaving asks the same rule.
#[test]
fn a_stunned_wizard_with_adrenaline_who_attacked_once_may_still_walk_swap_or_pass_through_wall() {
    let mut g = table(&[N::Adrenaline, N::Swap, N::PassThroughWall], &[])
        .with_wizard_at(BLUE, sq(4, 4))
        .with_wizard_at(RED, sq(4, 3));
    g = resolved(g, BLUE, on_self(b(0)));
    let turn = g.state.turn.as_mut().unwrap();
    turn.stunned = true;
    turn.moved = false;
    let west = Command::Move {
        direction: Direction::West,
    };
    let swap = cast(b(1), at(RED));
    let through = cast(b(2), SpellTarget::Line { line: v(4, 5) });
    let once = resolved(g, BLUE, punch(RED));
    once.when(BLUE, west.clone()).events();
    once.when(BLUE, swap.clone()).events();
    once.when(BLUE, through.clone()).events();
    let twice = resolved(once, BLUE, punch(RED));
    twice.when(BLUE, west).then_code("stunned_and_attacked");
    twice.when(BLUE, swap).then_code("stunned_and_attacked");
    twice.when(BLUE, through).then_code("stunned_and_attacked");
}

#[test]
fn adrenaline_cast_on_a_rival_gives_him_two_attacks_not_its_caster() {
    let g = table(&[N::Adrenaline], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    let g = g.after_windows(BLUE, &[punch(RED)]);
    g.when(BLUE, punch(RED)).then_code("already_attacked");
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = g.after_windows(RED, &[punch(BLUE), punch(BLUE)]);
    assert_eq!(life(&g, BLUE), 13);
}

fn carrying_treasure(g: Given, seat: crate::ruleset::Seat) -> Given {
    g.with([Event::TreasurePickedUp {
        seat,
        treasure: crate::wizwar::treasures::TreasureId(1),
    }])
}

#[test]
fn heave_ho_hurts_one_per_square_flown_and_the_treasure_lands_at_the_target() {
    use crate::wizwar::treasures::{TreasureId, TreasureLocation};
    let g = carrying_treasure(table(&[N::HeaveHo], &[]), BLUE);
    // Mundane: no window opens, it is done at once.
    let g = g.after(BLUE, &[cast(b(0), at(RED))]);
    assert!(g.state.stack.is_empty());
    assert_eq!(life(&g, RED), 15 - 3);
    assert_eq!(g.state.carried_treasure(BLUE), None);
    assert_eq!(
        g.state.treasure(TreasureId(1)).location,
        TreasureLocation::Lying { square: sq(4, 3) }
    );
    assert!(g.state.turn.as_ref().unwrap().attacked());
}

#[test]
fn heave_ho_into_an_empty_square_hurts_nobody_and_needs_a_treasure() {
    use crate::wizwar::treasures::{TreasureId, TreasureLocation};
    let g = table(&[N::HeaveHo], &[]);
    let empty = SpellTarget::Square { square: sq(4, 2) };
    g.when(BLUE, cast(b(0), empty)).then_code("not_carried");
    let g = carrying_treasure(g, BLUE);
    g.when(BLUE, cast(b(0), SpellTarget::Square { square: sq(4, 3) }))
        .then_code("invalid_target");
    let g = g.after(BLUE, &[cast(b(0), empty)]);
    assert_eq!(life(&g, RED), 15);
    assert_eq!(
        g.state.treasure(TreasureId(1)).location,
        TreasureLocation::Lying { square: sq(4, 2) }
    );
}

#[test]
fn a_diseased_wizard_hurts_those_whose_square_he_enters_once_a_turn() {
    let g = table(&[N::Disease], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    // Casting it was the attack of the turn.
    g.when(BLUE, punch(RED)).then_code("already_attacked");
    let east = Command::Move {
        direction: Direction::East,
    };
    let west = Command::Move {
        direction: Direction::West,
    };
    let g = g.after(BLUE, std::slice::from_ref(&east));
    assert_eq!(life(&g, RED), 12);
    // Leaving and coming back the same turn: no second dose.
    let g = g.after(BLUE, &[west, east]);
    assert_eq!(life(&g, RED), 12);
    assert_eq!(g.state.wizard(RED).victory_points, 0);
}

#[test]
fn a_death_from_disease_scores_for_nobody() {
    let g = table(&[N::Disease], &[])
        .with_wizard_at(RED, sq(4, 1))
        .with([Event::WizardDamaged {
            seat: RED,
            amount: 12,
            life: 3,
            kind: None,
        }]);
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after(
        BLUE,
        &[Command::Move {
            direction: Direction::East,
        }],
    );
    assert!(!g.state.wizard(RED).alive);
    assert_eq!(g.state.wizard(BLUE).victory_points, 0);
}

fn stretch_to(
    card: crate::wizwar::objects::CardId,
    square: crate::wizwar::labyrinth::Square,
    thing: crate::wizwar::Thing,
) -> Command {
    cast_with(
        card,
        None,
        SpellTarget::Square { square },
        Some(crate::wizwar::casting::SpellOption::Thing { thing }),
    )
}

#[test]
fn stretch_sets_an_item_down_next_door_and_picks_it_up_again_for_a_movement_point() {
    use crate::wizwar::Thing;
    let g = table(&[N::LargeRock, N::Stretch, N::Stretch], &[]);
    let g = resolved(g, BLUE, on_self(b(0)));
    assert_eq!(g.state.wizard(BLUE).carried, vec![b(0)]);
    let rock = Thing::Item { card: b(0) };
    let g = resolved(g, BLUE, stretch_to(b(1), sq(4, 1), rock));
    assert!(g.state.wizard(BLUE).carried.is_empty());
    assert_eq!(g.state.object_square(b(0)), Some(sq(4, 1)));
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 0));
    assert_eq!(movement_left(&g), 3);
    let g = resolved(g, BLUE, stretch_to(b(2), sq(4, 1), rock));
    assert_eq!(g.state.wizard(BLUE).carried, vec![b(0)]);
    assert_eq!(movement_left(&g), 2);
}

#[test]
fn stretch_lifts_a_treasure_next_door_which_ends_move_and_cast_but_not_through_a_wall() {
    use crate::wizwar::Thing;
    use crate::wizwar::state::Phase;
    use crate::wizwar::treasures::TreasureId;
    let treasure = Thing::Treasure {
        treasure: TreasureId(1),
    };
    let g = table(&[N::Stretch], &[]).with_wizard_at(RED, sq(0, 9));
    // (4,3) is under (3,3), but a wall stands between them.
    let walled = g.clone().with_wizard_at(BLUE, sq(4, 3));
    walled
        .when(BLUE, stretch_to(b(0), sq(3, 3), treasure))
        .then_code("out_of_reach");
    let g = g.with_wizard_at(BLUE, sq(3, 2));
    let g = resolved(g, BLUE, stretch_to(b(0), sq(3, 3), treasure));
    assert_eq!(g.state.carried_treasure(BLUE), Some(TreasureId(1)));
    assert_eq!(g.state.wizard(BLUE).square, sq(3, 2));
    assert_eq!(g.state.turn.as_ref().unwrap().phase, Phase::DiscardAndDraw);
}

#[test]
fn a_stretched_punch_is_the_attack_of_the_turn() {
    let g = table(&[N::Stretch], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 14);
    g.when(BLUE, punch(RED)).then_code("already_attacked");
}

#[test]
fn strength_doubles_a_punch_but_not_a_fire_cloaks_burn() {
    let g = table(&[N::Strength, N::FireCloak], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    let plain = g.clone().after_windows(BLUE, &[punch(RED)]);
    assert_eq!(life(&plain, RED), 13);
    let g = resolved(g, BLUE, on_self(b(1)));
    let g = g.after_windows(BLUE, &[punch(RED)]);
    assert_eq!(life(&g, RED), 15 - 2 - 2);
}

#[test]
fn strength_wrests_a_treasure_from_a_wizard_in_the_same_square_on_2_to_4() {
    use crate::wizwar::treasures::TreasureId;
    let g = table(&[N::Strength], &[]).with_wizard_at(RED, sq(4, 0));
    let g = carrying_treasure(g, RED);
    let g = resolved(g, BLUE, on_self(b(0)));
    let wrest = Command::Use {
        card: b(0),
        target: at(RED),
    };
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 0..30 {
        let mut state = g.state.clone();
        let mut rng = GameRng::from_u64(seed);
        let mut events = WizWar::decide(&state, BLUE, &wrest, &mut rng).unwrap();
        for e in &events {
            evolve(&mut state, e);
        }
        while let Some(seat) = state
            .stack
            .last()
            .and_then(|c| c.responders.first().copied())
        {
            let more = WizWar::decide(&state, seat, &Command::Pass, &mut rng).unwrap();
            for e in &more {
                evolve(&mut state, e);
            }
            events.extend(more);
        }
        let roll = rolled(&events);
        assert_eq!(roll.len(), 1);
        let taken = state.carried_treasure(BLUE) == Some(TreasureId(1));
        assert_eq!(taken, roll[0] >= 2, "roll {roll:?}");
        assert_eq!(state.carried_treasure(RED).is_none(), taken);
        outcomes.insert(taken);
        assert!(state.turn.as_ref().unwrap().attacked());
    }
    assert_eq!(outcomes.len(), 2);
    let apart = g.with_wizard_at(RED, sq(4, 1));
    apart.when(BLUE, wrest).then_code("out_of_reach");
}

#[test]
fn a_slime_oozes_under_a_locked_door_leaving_its_treasure_behind() {
    use crate::wizwar::treasures::{TreasureId, TreasureLocation};
    let east = Command::Move {
        direction: Direction::East,
    };
    let g = table(&[N::SlimeForm], &[])
        .with_wizard_at(BLUE, sq(2, 6))
        .with_wizard_at(RED, sq(0, 9));
    let g = carrying_treasure(g, BLUE);
    // Red's door between (2,6) and (2,7) is locked for blue.
    g.when(BLUE, east.clone()).then_code("door_locked");
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after(BLUE, &[east]);
    assert_eq!(g.state.wizard(BLUE).square, sq(2, 7));
    assert_eq!(g.state.carried_treasure(BLUE), None);
    assert_eq!(
        g.state.treasure(TreasureId(1)).location,
        TreasureLocation::Lying { square: sq(2, 6) }
    );
}

#[test]
fn a_slime_hurts_everyone_it_flows_over_every_time_and_cannot_attack() {
    let east = Command::Move {
        direction: Direction::East,
    };
    let west = Command::Move {
        direction: Direction::West,
    };
    let g = table(&[N::SlimeForm, N::Fireball], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    g.when(BLUE, punch(RED)).then_code("form_cannot_attack");
    let g = g.after(BLUE, std::slice::from_ref(&east));
    assert_eq!(life(&g, RED), 14);
    let g = g.after(BLUE, &[west, east]);
    assert_eq!(life(&g, RED), 13);
    g.when(BLUE, cast(b(1), at(RED)))
        .then_code("form_cannot_attack");
}

#[test]
fn a_big_man_shoves_a_wizard_ahead_and_punches_for_three() {
    let g = table(&[N::BigManForm], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after(
        BLUE,
        &[Command::Move {
            direction: Direction::East,
        }],
    );
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 1));
    assert_eq!(g.state.wizard(RED).square, sq(4, 2));
    let g = g.after_windows(BLUE, &[punch(RED)]);
    assert_eq!(life(&g, RED), 12);
}

#[test]
fn a_big_man_fills_his_square_nobody_enters_or_sees_through_it() {
    let g = table_of(&[&[N::Fireball], &[N::BigManForm], &[]])
        .with_wizard_at(BLUE, sq(4, 0))
        .with_wizard_at(RED, sq(4, 2))
        .with_wizard_at(YELLOW, sq(4, 4))
        .with([Event::CastResolved {
            seat: RED,
            card: crate::wizwar::objects::CardView {
                id: r(0),
                name: N::BigManForm,
            },
            to: crate::wizwar::casting::Destination::Maintained { tokens: Some(1) },
        }]);
    g.when(BLUE, cast(b(0), at(YELLOW)))
        .then_code("not_in_sight");
    let g = g.after(
        BLUE,
        &[Command::Move {
            direction: Direction::East,
        }],
    );
    g.when(
        BLUE,
        Command::Move {
            direction: Direction::East,
        },
    )
    .then_code("blocked");
    // The big man himself is in sight.
    g.when(BLUE, cast(b(0), at(RED))).events();
}

#[test]
fn a_wizard_shoved_against_a_wall_follows_the_corridor_round_the_corner() {
    // (4,4) is walled east and south; its way out is north.
    let g = table(&[N::BigManForm], &[])
        .with_wizard_at(BLUE, sq(4, 3))
        .with_wizard_at(RED, sq(4, 4));
    let g = resolved(g, BLUE, on_self(b(0)));
    let g = g.after(
        BLUE,
        &[Command::Move {
            direction: Direction::East,
        }],
    );
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 4));
    assert_eq!(g.state.wizard(RED).square, sq(3, 4));
}

#[test]
fn nobody_teleports_into_a_big_mans_square() {
    let g = table(&[N::Teleport], &[N::BigManForm]).with([Event::CastResolved {
        seat: RED,
        card: crate::wizwar::objects::CardView {
            id: r(0),
            name: N::BigManForm,
        },
        to: crate::wizwar::casting::Destination::Maintained { tokens: Some(1) },
    }]);
    g.when(BLUE, cast(b(0), SpellTarget::Square { square: sq(4, 3) }))
        .then_code("invalid_target");
    g.when(BLUE, cast(b(0), SpellTarget::Square { square: sq(4, 2) }))
        .events();
}

#[test]
fn evolve_applies_a_push_begun_with_no_push_waiting_without_panicking() {
    let mut state = table(&[], &[]).state;
    let before = state.clone();
    evolve(&mut state, &Event::PushBegan { seat: RED });
    assert_eq!(state, before);
}
