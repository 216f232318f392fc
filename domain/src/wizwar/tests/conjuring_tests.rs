//! The Conjuring cards the engine plays.

use super::given::*;
use super::magic::*;
use crate::wizwar::RuleViolation;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::labyrinth::{Barrier, Direction};
use crate::wizwar::state::Phase;
use crate::wizwar::{Command, Thing};

fn boosted_counter(
    card: crate::wizwar::objects::CardId,
    energy: crate::wizwar::objects::CardId,
) -> Command {
    Command::PlayCounter {
        card,
        energy: Some(energy),
        line: None,
        square: None,
    }
}

#[test]
fn ka_bong_deals_4_and_stuns_the_wizard_for_his_next_turn() {
    let g = resolved(table(&[N::KaBong], &[]), BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 11);
    assert_eq!(g.state.wizard(RED).stun_tokens, 1);
}

#[test]
fn ka_bong_shielded_down_to_nothing_stuns_no_one() {
    // A Shield boosted with Energy 5 takes 7 off the 4 damage (p.15: no
    // damage, no secondary effects).
    let g = table(&[N::KaBong], &[N::Shield]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = all_pass(g.after(RED, &[boosted_counter(r(0), r(1))]));
    assert_eq!(life(&g, RED), 15);
    assert_eq!(g.state.wizard(RED).stun_tokens, 0);
}

#[test]
fn swap_trades_places_and_the_caster_moves_no_more_this_turn() {
    let g = resolved(table(&[N::Swap], &[]), BLUE, cast(b(0), at(RED)));
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 3));
    assert_eq!(g.state.wizard(RED).square, sq(4, 0));
    g.when(
        BLUE,
        Command::Move {
            direction: Direction::East,
        },
    )
    .then_error(RuleViolation::NoMoreMoving);
}

#[test]
fn swap_needs_the_other_wizard_in_sight() {
    table(&[N::Swap], &[])
        .with_wizard_at(RED, sq(0, 4))
        .when(BLUE, cast(b(0), at(RED)))
        .then_code("not_in_sight");
}

#[test]
fn fire_darts_loose_one_dart_of_1_damage_per_point_of_energy() {
    let g = resolved(
        table(&[N::FireDarts], &[]),
        BLUE,
        cast_with(b(0), Some(b(1)), at(RED), None),
    );
    assert_eq!(life(&g, RED), 10);
}

#[test]
fn a_shield_stops_only_one_fire_dart_since_each_dart_is_its_own_source() {
    let g = table(&[N::FireDarts], &[N::Shield])
        .after(BLUE, &[cast_with(b(0), Some(b(1)), at(RED), None)]);
    let g = all_pass(g.after(RED, &[counter(r(0))]));
    assert_eq!(life(&g, RED), 11);
}

#[test]
fn a_bloodshard_takes_1_off_every_fire_dart_so_none_burns() {
    let g = table(&[N::FireDarts], &[N::Bloodshard]).after(BLUE, &[Command::EndTurn]);
    let g = resolved(
        g,
        RED,
        cast(r(0), crate::wizwar::casting::SpellTarget::Caster),
    )
    .after(RED, &[Command::EndTurn]);
    let g = resolved(g, BLUE, cast_with(b(0), Some(b(1)), at(RED), None));
    assert_eq!(life(&g, RED), 15);
    assert_eq!(g.state.wizard(RED).carried, vec![r(0)]);
}

/// Red's first treasure, lying where setup put it.
fn red_treasure(
    g: &Given,
) -> (
    crate::wizwar::treasures::TreasureId,
    crate::wizwar::labyrinth::Square,
) {
    use crate::wizwar::treasures::TreasureLocation;
    g.state
        .treasures
        .iter()
        .find_map(|t| match t.location {
            TreasureLocation::Lying { square } if t.owner == RED => Some((t.id, square)),
            _ => None,
        })
        .expect("red has a treasure lying in his sector")
}

#[test]
fn a_glued_treasure_cannot_be_picked_up_while_the_glue_lasts() {
    let g = table(&[N::Glue], &[]);
    let (treasure, square) = red_treasure(&g);
    let g = g.with_wizard_at(BLUE, square);
    let glue_it = cast(b(0), SpellTarget::Treasure { treasure });
    let g = resolved(g, BLUE, glue_it);
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
    g.when(
        BLUE,
        Command::PickUp {
            thing: Thing::Treasure { treasure },
        },
    )
    .then_code("glued");
}

#[test]
fn glue_does_not_stick_a_carried_treasure() {
    let g = table(&[N::Glue], &[]);
    let (treasure, square) = red_treasure(&g);
    let g = g
        .with_wizard_at(RED, square)
        .with([crate::wizwar::Event::TreasurePickedUp {
            seat: RED,
            treasure,
        }])
        // Back in blue's sight, the treasure in his hands.
        .with_wizard_at(RED, sq(4, 3));
    g.when(BLUE, cast(b(0), SpellTarget::Treasure { treasure }))
        .then_code("invalid_target");
}

fn east() -> Command {
    Command::Move {
        direction: Direction::East,
    }
}

#[test]
fn a_rosebush_hides_what_lies_beyond_and_pricks_whoever_walks_in_for_3() {
    let g = table(&[N::Rosebush, N::KaBong], &[]);
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    );
    g.when(BLUE, cast(b(1), at(RED))).then_code("not_in_sight");
    let g = g.after(BLUE, &[east()]);
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 1));
    assert_eq!(life(&g, BLUE), 12);
}

#[test]
fn a_thornbush_pricks_for_1_stuns_and_ends_the_walkers_move_and_cast() {
    let g = table(&[N::Thornbush], &[]);
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    );
    let g = g.after(BLUE, &[east()]);
    assert_eq!(life(&g, BLUE), 14);
    assert_eq!(g.state.wizard(BLUE).stun_tokens, 1);
    assert_eq!(g.state.turn.as_ref().unwrap().phase, Phase::DiscardAndDraw);
}

#[test]
fn a_bush_burns_at_a_single_fire_dart_and_its_spell_ends() {
    let g = table(&[N::Rosebush, N::FireDarts], &[]);
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    );
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Object { card: b(0) }));
    assert!(g.state.creations.is_empty());
    assert!(g.state.wizard(BLUE).maintained.is_empty());
}

#[test]
fn a_bush_shrugs_off_a_blow_too_weak_to_crack_it() {
    let g = table(&[N::Rosebush, N::Zot], &[]);
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    );
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Object { card: b(0) }));
    assert_eq!(g.state.creations.len(), 1);
}

#[test]
fn a_bush_grows_only_in_an_empty_square() {
    table(&[N::Rosebush], &[])
        .when(BLUE, cast(b(0), SpellTarget::Square { square: sq(4, 3) }))
        .then_code("invalid_target");
}

/// Blue carries the Handful of Tacks (his card 0), played from his hand.
fn blue_carrying_tacks() -> Given {
    resolved(
        table(&[N::HandfulOfTacks], &[]),
        BLUE,
        cast(b(0), SpellTarget::Caster),
    )
}

#[test]
fn tacks_strewn_next_door_cost_whoever_walks_in_3() {
    let g = blue_carrying_tacks();
    let strew = Command::Use {
        card: b(0),
        target: SpellTarget::Square { square: sq(4, 1) },
    };
    let g = all_pass(g.after(BLUE, &[strew]));
    assert!(g.state.wizard(BLUE).carried.is_empty());
    let g = g.after(BLUE, &[east()]);
    assert_eq!(life(&g, BLUE), 12);
}

#[test]
fn tacks_are_gathered_from_beside_them_at_the_cost_of_the_whole_phase() {
    let g = blue_carrying_tacks().after(
        BLUE,
        &[Command::Drop {
            thing: Thing::Item { card: b(0) },
        }],
    );
    // Blue comes back on his next turn standing beside his tacks.
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .with_wizard_at(BLUE, sq(4, 1));
    let g = g.after(RED, &[Command::EndTurn]);
    let gather = Command::PickUp {
        thing: Thing::Item { card: b(0) },
    };
    let stepped_around = g.clone().after(BLUE, &[east(), west()]);
    stepped_around
        .when(BLUE, gather.clone())
        .then_code("gathering_takes_the_whole_phase");
    let g = g.after(BLUE, &[gather]);
    assert_eq!(g.state.wizard(BLUE).carried, vec![b(0)]);
    assert_eq!(g.state.turn.as_ref().unwrap().phase, Phase::DiscardAndDraw);
}

#[test]
fn a_flood_washes_strewn_tacks_away() {
    let g = table(&[N::HandfulOfTacks, N::Flood], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster)).after(
        BLUE,
        &[Command::Drop {
            thing: Thing::Item { card: b(0) },
        }],
    );
    assert_eq!(g.state.objects.len(), 1);
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Board));
    assert!(g.state.objects.is_empty());
}

fn line_target(line: crate::wizwar::labyrinth::BorderLine) -> SpellTarget {
    SpellTarget::Line { line }
}

#[test]
fn a_created_door_is_locked_to_everyone_but_its_creator() {
    let g = resolved(
        table(&[N::CreateDoor], &[]),
        BLUE,
        cast(b(0), line_target(v(4, 2))),
    );
    assert!(matches!(
        g.state.labyrinth.barrier(v(4, 2)),
        Some(Barrier::Door { .. })
    ));
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = g.after(RED, &[west()]);
    g.when(RED, west()).then_error(RuleViolation::DoorLocked);
}

#[test]
fn the_creator_walks_through_his_door_and_may_hold_it_open() {
    let g = resolved(
        table(&[N::CreateDoor], &[]),
        BLUE,
        cast(b(0), line_target(v(4, 1))),
    );
    g.when(BLUE, Command::HoldDoor { line: v(4, 1) }).events();
    let g = g.after(BLUE, &[east()]);
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 1));
}

#[test]
fn a_door_made_in_a_stone_wall_gives_the_wall_back_when_its_spell_ends() {
    let g = table(&[N::CreateDoor], &[])
        .with_wizard_at(BLUE, sq(4, 3))
        .with_wizard_at(RED, sq(0, 0));
    let g = resolved(g, BLUE, cast(b(0), line_target(h(4, 3))));
    assert!(matches!(
        g.state.labyrinth.barrier(h(4, 3)),
        Some(Barrier::Door { .. })
    ));
    let g = g.after(BLUE, &[Command::EndSpell { card: b(0) }]);
    assert_eq!(
        g.state.labyrinth.barrier(h(4, 3)),
        Some(Barrier::StoneWall { cracks: 0 })
    );
}

/// Blue raises a Dust Cloud in (4,1), between him and red.
fn dust_between() -> Given {
    let g = table(&[N::DustCloud, N::KaBong], &[]);
    resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    )
}

#[test]
fn a_dust_cloud_blocks_sight_through_its_square() {
    dust_between()
        .when(BLUE, cast(b(1), at(RED)))
        .then_code("not_in_sight");
}

#[test]
fn inside_a_dust_cloud_a_wizard_sees_only_his_own_square() {
    let g = dust_between().after(BLUE, &[east()]);
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 1));
    g.when(BLUE, cast(b(1), at(RED))).then_code("not_in_sight");
}

#[test]
fn leaving_a_dust_cloud_goes_where_the_die_says_and_a_bump_still_costs_the_point() {
    use crate::wizwar::Event;
    use crate::wizwar::movement::random_direction;
    let g = dust_between().after(BLUE, &[east()]);
    let before = g.state.turn.as_ref().unwrap().movement_left;
    let when = g.when(
        BLUE,
        Command::Move {
            direction: Direction::West,
        },
    );
    let rolled = when
        .events()
        .iter()
        .find_map(|e| match e {
            Event::DieRolled { value } => Some(random_direction(*value)),
            _ => None,
        })
        .expect("the way out is rolled");
    let after = when.state();
    assert_eq!(after.turn.as_ref().unwrap().movement_left, before - 1);
    let went = after.wizard(BLUE).square;
    let open = g.state.labyrinth.step(sq(4, 1), rolled).map(|s| s.to);
    let through_wall = crate::wizwar::movement::way(&g.state, BLUE, rolled).is_err();
    if through_wall {
        assert_eq!(went, sq(4, 1));
    } else {
        assert_eq!(Some(went), open);
    }
}

/// Blue lays a Booby Trap on (4,1), (4,2), (4,4) and (4,5), token `live` live.
fn booby_trapped(live: u8) -> (Given, Vec<crate::wizwar::Event>) {
    use crate::wizwar::casting::SpellOption;
    let option = SpellOption::Tokens {
        squares: [sq(4, 2), sq(4, 4), sq(4, 5)],
        live: Some(live),
    };
    let g = table(&[N::BoobyTrap], &[]);
    let command = cast_with(
        b(0),
        None,
        SpellTarget::Square { square: sq(4, 1) },
        Some(option),
    );
    let events = g.when(BLUE, command.clone()).events();
    let g = resolved(g, BLUE, command).after(BLUE, &[Command::EndTurn]);
    (g, events)
}

fn west() -> Command {
    Command::Move {
        direction: Direction::West,
    }
}

#[test]
fn an_enemy_stepping_on_the_live_booby_trap_token_takes_4_and_every_token_goes() {
    let (g, _) = booby_trapped(1);
    assert_eq!(g.state.creations.len(), 4);
    let g = g.after(RED, &[west()]);
    assert_eq!(life(&g, RED), 11);
    assert!(g.state.creations.is_empty());
    assert!(g.state.wizard(BLUE).maintained.is_empty());
}

#[test]
fn a_dud_booby_trap_token_is_just_discarded() {
    let (g, _) = booby_trapped(0);
    let g = g.after(RED, &[west()]);
    assert_eq!(life(&g, RED), 15);
    assert_eq!(g.state.creations.len(), 3);
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
}

#[test]
fn only_the_trapper_learns_which_booby_trap_token_is_live() {
    use crate::ruleset::{Ruleset, Viewer};
    use crate::wizwar::casting::SpellOption;
    use crate::wizwar::{Event, WizWar};
    let (_, events) = booby_trapped(2);
    let cast = events
        .iter()
        .find(|e| matches!(e, Event::SpellCast { .. }))
        .unwrap();
    let live_seen_by = |viewer| match WizWar::redact(cast, viewer) {
        Some(Event::SpellCast {
            option: Some(SpellOption::Tokens { live, .. }),
            ..
        }) => live,
        other => panic!("unexpected {other:?}"),
    };
    assert_eq!(live_seen_by(Viewer::Player(BLUE)), Some(2));
    assert_eq!(live_seen_by(Viewer::Player(RED)), None);
    assert_eq!(live_seen_by(Viewer::Spectator), None);
}

#[test]
fn the_trappers_view_shows_his_live_token_and_no_one_elses_does() {
    use crate::ruleset::Viewer;
    use crate::wizwar::views::{ArmedTrap, view};
    let (g, _) = booby_trapped(3);
    let live = vec![ArmedTrap {
        card: b(0),
        square: sq(4, 5),
    }];
    assert_eq!(view(&g.state, Viewer::Player(BLUE)).armed_traps, live);
    assert!(view(&g.state, Viewer::Player(RED)).armed_traps.is_empty());
    assert!(view(&g.state, Viewer::Spectator).armed_traps.is_empty());
}

// --- Ward ------------------------------------------------------------------

/// Red's treasure lying in (4,9), red's sector.
const REDS_TREASURE: crate::wizwar::treasures::TreasureId = crate::wizwar::treasures::TreasureId(3);

fn lift_reds_treasure() -> Command {
    Command::PickUp {
        thing: Thing::Treasure {
            treasure: REDS_TREASURE,
        },
    }
}

/// Blue stands on red's treasure holding `blue`; red holds `red`.
fn at_reds_treasure(blue: &[N], red: &[N]) -> Given {
    table(blue, red).with_wizard_at(BLUE, sq(4, 9))
}

fn ward_choice() -> crate::wizwar::choices::Choice {
    crate::wizwar::choices::Choice::Ward {
        seat: RED,
        thief: BLUE,
        treasure: REDS_TREASURE,
    }
}

#[test]
fn lifting_an_enemys_treasure_asks_its_owner_even_if_he_holds_no_ward() {
    // A Ward is in this game (in blue's hand): red is asked all the same,
    // so being asked tells nothing of his hand.
    let g = at_reds_treasure(&[N::Ward], &[]).after(BLUE, &[lift_reds_treasure()]);
    assert_eq!(g.state.choice, Some(ward_choice()));
    assert_eq!(
        awaiting(&g),
        vec![crate::ruleset::Awaiting {
            seat: RED,
            reason: crate::ruleset::AwaitReason::Choice,
        }]
    );
    g.when(BLUE, Command::EndTurn)
        .then_error(RuleViolation::ChoicePending);
    let g = g.after(RED, &[Command::Pass]);
    assert_eq!(g.state.choice, None);
    assert_eq!(g.state.carried_treasure(BLUE), Some(REDS_TREASURE));
}

#[test]
fn no_ward_is_asked_for_in_a_game_without_one_nor_for_ones_own_treasure() {
    let g = at_reds_treasure(&[], &[]).after(BLUE, &[lift_reds_treasure()]);
    assert_eq!(g.state.choice, None, "no Ward in the deck");
    let g = table(&[N::Ward], &[]).with_wizard_at(BLUE, sq(3, 3)).after(
        BLUE,
        &[Command::PickUp {
            thing: Thing::Treasure {
                treasure: crate::wizwar::treasures::TreasureId(1),
            },
        }],
    );
    assert_eq!(g.state.choice, None, "blue lifts his own treasure");
}

#[test]
fn a_ward_hurts_the_thief_for_3_and_on_1_or_2_he_lets_the_treasure_fall() {
    use crate::rng::GameRng;
    use crate::wizwar::spells::conjuring::ward;
    use crate::wizwar::state::Tx;
    let g = at_reds_treasure(&[], &[N::Ward]).after(BLUE, &[lift_reds_treasure()]);
    let w = g.when(RED, counter(r(0)));
    let after = g.clone().with(w.events());
    assert_eq!(life(&after, BLUE), 12);
    assert!(after.state.discard_pile.contains(&r(0)));
    assert_eq!(after.state.choice, None);
    // Every roll: 1–2 drops the treasure in the thief's square, 3–4 not.
    let mut outcomes = std::collections::BTreeSet::new();
    for seed in 0..32 {
        let mut tx = Tx::new(&g.state);
        let mut rng = GameRng::from_u64(seed);
        ward(&mut tx, RED, r(0), None, BLUE, REDS_TREASURE, &mut rng).unwrap();
        let rolled = tx.events.iter().find_map(|e| match e {
            crate::wizwar::Event::DieRolled { value } => Some(*value),
            _ => None,
        });
        let dropped = tx.state.carried_treasure(BLUE).is_none();
        let value = rolled.expect("the thief rolls");
        assert_eq!(dropped, value <= 2, "rolled {value}");
        outcomes.insert(dropped);
    }
    assert_eq!(outcomes.len(), 2, "both outcomes seen");
}

#[test]
fn only_a_ward_answers_a_theft_and_only_its_owner_plays_it() {
    let g = at_reds_treasure(&[], &[N::Ward, N::Fireball]).after(BLUE, &[lift_reds_treasure()]);
    g.when(RED, counter(r(1)))
        .then_code("counter_does_not_apply");
    g.when(BLUE, Command::Pass)
        .then_error(RuleViolation::NotYourChoice);
    // And a Ward cast in a spell's window is refused with a sentence.
    let g = table(&[N::Fireball], &[N::Ward]).after(BLUE, &[cast(b(0), at(RED))]);
    g.when(RED, counter(r(0)))
        .then_code("counter_does_not_apply");
}

#[test]
fn yield_policies_may_let_a_theft_pass_unasked() {
    use crate::wizwar::yield_policies::YieldPolicy;
    let never = at_reds_treasure(&[], &[N::Ward])
        .with_yield_policy(RED, YieldPolicy::Never)
        .after(BLUE, &[lift_reds_treasure()]);
    assert_eq!(never.state.choice, None);
    let without = at_reds_treasure(&[N::Ward], &[])
        .with_yield_policy(RED, YieldPolicy::WhenICanCounter)
        .after(BLUE, &[lift_reds_treasure()]);
    assert_eq!(without.state.choice, None, "red holds no Ward");
    let holding = at_reds_treasure(&[], &[N::Ward])
        .with_yield_policy(RED, YieldPolicy::WhenICanCounter)
        .after(BLUE, &[lift_reds_treasure()]);
    assert_eq!(holding.state.choice, Some(ward_choice()));
}
