//! Casting, response windows, counter spells and durations (rulebook
//! pp.9–11, p.15), with the White Cantrip cards.

use super::given::*;
use super::magic::*;
use crate::ruleset::{AwaitReason, Awaiting, Ruleset, Viewer};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::{SpellOption, SpellTarget};
use crate::wizwar::commands::Thing;
use crate::wizwar::edition::EIGHTH;
use crate::wizwar::labyrinth::Barrier;
use crate::wizwar::{Command, Event, RuleViolation, Target, WizWar};

#[test]
fn a_cast_opens_a_window_and_the_fireball_deals_5_only_when_it_closes() {
    let g = table(&[N::Fireball], &[]).after(BLUE, &[cast(b(0), at(RED))]);
    assert_eq!(
        awaiting(&g),
        vec![Awaiting {
            seat: RED,
            reason: AwaitReason::Response
        }]
    );
    assert_eq!(
        life(&g, RED),
        15,
        "nothing happens before the window closes"
    );
    let w = g.when(RED, Command::Pass);
    w.then_contains(&Event::ResponsePassed { seat: RED });
    w.then_contains(&Event::WizardDamaged {
        seat: RED,
        amount: 5,
        life: 10,
        kind: None,
    });
    let after = g.after(RED, &[Command::Pass]);
    assert!(after.state.stack.is_empty());
    assert!(after.state.discard_pile.contains(&b(0)));
    assert_eq!(awaiting(&after)[0].reason, AwaitReason::Turn);
}

#[test]
fn a_wall_of_earth_answer_is_listed_once_on_the_line_between_attacker_and_target() {
    // Side by side, the line between them is beside both squares.
    let g = table(&[N::Fireball], &[N::WallOfEarth])
        .with_wizard_at(RED, sq(4, 1))
        .after(BLUE, &[cast(b(0), at(RED))]);
    let legal = WizWar::legal_commands(&g.state, RED);
    let walls = legal
        .iter()
        .filter(|c| matches!(c, Command::PlayCounter { card, .. } if *card == r(0)))
        .count();
    assert!(walls > 0);
    for (i, command) in legal.iter().enumerate() {
        assert!(!legal[..i].contains(command), "{command:?} listed twice");
    }
}

#[test]
fn an_item_is_listed_on_its_caster_alone_as_it_goes_to_his_play_area() {
    let legal = WizWar::legal_commands(&table(&[N::LargeRock], &[]).state, BLUE);
    let plays: Vec<&Command> = legal
        .iter()
        .filter(|c| matches!(c, Command::Cast { card, .. } if *card == b(0)))
        .collect();
    assert!(!plays.is_empty());
    assert!(plays.iter().all(|c| matches!(
        c,
        Command::Cast {
            target: SpellTarget::Caster,
            ..
        }
    )));
}

#[test]
fn a_lightning_bolt_is_cast_in_a_direction_not_at_a_wizard() {
    let g = table(&[N::LightningBolt], &[]).with_wizard_at(RED, sq(4, 0));
    g.when(BLUE, cast(b(0), at(RED)))
        .then_code("invalid_target");
    let legal = WizWar::legal_commands(&g.state, BLUE);
    let bolts: Vec<&Command> = legal
        .iter()
        .filter(|c| matches!(c, Command::Cast { card, .. } if *card == b(0)))
        .collect();
    assert!(!bolts.is_empty());
    assert!(bolts.iter().all(|c| matches!(
        c,
        Command::Cast {
            target: SpellTarget::Direction { .. },
            ..
        }
    )));
}

#[test]
fn commands_that_do_not_fit_the_open_window_are_refused() {
    let g = table(&[N::Fireball], &[N::FullShield]).after(BLUE, &[cast(b(0), at(RED))]);
    g.when(BLUE, Command::EndTurn)
        .then_code("response_window_open");
    g.when(BLUE, Command::Pass).then_code("not_your_response");
    g.when(RED, Command::EndTurn)
        .then_code("response_window_open");
    assert!(WizWar::legal_commands(&g.state, BLUE).is_empty());
    let legal = WizWar::legal_commands(&g.state, RED);
    assert!(legal.contains(&Command::Pass));
    assert!(legal.contains(&counter(r(0))));
    assert_eq!(WizWar::timeout_command(&g.state, RED), Some(Command::Pass));
    table(&[], &[])
        .when(BLUE, Command::Pass)
        .then_code("no_response_window");
}

#[test]
fn windows_open_in_seat_order_from_the_caster_whether_or_not_anyone_holds_a_counter() {
    let g = table_of(&[&[], &[], &[N::Zot]]);
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn]);
    let g = g.with_wizard_at(YELLOW, sq(4, 4));
    let g = g.after(YELLOW, &[cast(y(0), at(RED))]);
    assert_eq!(g.state.stack[0].responders, vec![BLUE, RED]);
    // A pass shows nothing about the passer's hand.
    let passed = g.when(BLUE, Command::Pass).events();
    assert_eq!(
        WizWar::redact(&passed[0], Viewer::Player(RED)),
        Some(Event::ResponsePassed { seat: BLUE })
    );
    let g = all_pass(g);
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn full_shield_cancels_the_fireball_and_the_cancelled_attack_still_counts() {
    let g = table(&[N::Fireball], &[N::FullShield]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = g.after(RED, &[counter(r(0))]);
    // The counter opens its own window, for blue.
    assert_eq!(awaiting(&g)[0].seat, BLUE);
    let g = all_pass(g);
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.discard_pile.contains(&b(0)) && g.state.discard_pile.contains(&r(0)));
    g.with_wizard_at(RED, sq(4, 1))
        .when(
            BLUE,
            Command::Punch {
                target: Target::Wizard { seat: RED },
            },
        )
        .then_error(RuleViolation::AlreadyAttacked);
}

#[test]
fn full_shield_does_not_stop_a_spell_aimed_at_someone_else() {
    table(&[N::CreateWall], &[N::FullShield])
        .after(BLUE, &[cast(b(0), SpellTarget::Line { line: v(4, 2) })])
        .when(RED, counter(r(0)))
        .then_code("counter_does_not_apply");
}

#[test]
fn anti_anti_cancels_the_counter_and_the_fireball_hits() {
    let g = table(&[N::Fireball, N::AntiAnti], &[N::FullShield])
        .after(BLUE, &[cast(b(0), at(RED))])
        .after(RED, &[counter(r(0))]);
    let g = g.after(BLUE, &[counter(b(1))]);
    // Nothing answers Anti-Anti: it resolved at once, the shield fell, and
    // red, who countered, is asked again.
    assert_eq!(g.state.stack.len(), 1);
    assert_eq!(awaiting(&g)[0].seat, RED);
    let g = all_pass(g);
    assert_eq!(life(&g, RED), 10);
}

#[test]
fn several_counters_in_a_row_shield_twice() {
    let g = table(&[N::Fireball], &[N::Shield, N::Shield])
        .after(BLUE, &[cast(b(0), at(RED))])
        .after(RED, &[counter(r(0))]);
    let g = g.after(BLUE, &[Command::Pass]);
    // His first Shield resolved; red is asked again and plays the second.
    assert_eq!(awaiting(&g)[0].seat, RED);
    let g = resolved(g, RED, counter(r(1)));
    assert_eq!(life(&g, RED), 15, "5 - 3 - 3 is no damage");
}

#[test]
fn shield_reduces_the_fireball_by_its_energy_plus_2_as_the_card_says() {
    let g = table(&[N::Fireball], &[N::Shield]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!(life(&g, RED), 13, "an unboosted Shield takes 3 off 5");
    let g = table(&[N::Fireball], &[N::Shield]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(
        g,
        RED,
        Command::PlayCounter {
            card: r(0),
            energy: Some(r(1)),
            line: None,
            square: None,
        },
    );
    assert_eq!(life(&g, RED), 15, "boosted by an Energy 5 it takes 7 off");
}

#[test]
fn energy_replaces_the_default_energy_of_one() {
    let g = table(&[N::Zot], &[]);
    let g = resolved(g, BLUE, cast_with(b(0), Some(b(1)), at(RED), None));
    assert_eq!(life(&g, RED), 10, "Zot! boosted by an Energy 5");
    assert!(g.state.discard_pile.contains(&b(1)));
    let g = resolved(table(&[N::Zot], &[]), BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn zot_may_stun_for_two_turns_instead() {
    let g = table(&[N::Zot], &[]);
    let g = resolved(
        g,
        BLUE,
        cast_with(b(0), None, at(RED), Some(SpellOption::Stun)),
    );
    assert_eq!(g.state.wizard(RED).stun_tokens, 2);
    assert_eq!(life(&g, RED), 15);
}

#[test]
fn one_attack_per_turn_but_any_number_of_neutral_spells() {
    let g = resolved(
        table(&[N::Zot, N::Fireball], &[]),
        BLUE,
        cast(b(0), at(RED)),
    );
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::AlreadyAttacked);
    let g = table(&[N::CreateWall, N::CreateWall], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 4) }));
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Line { line: v(4, 3) }));
    assert_eq!(g.state.wizard(BLUE).maintained.len(), 2);
}

#[test]
fn counter_spells_are_played_only_in_response_and_energy_is_not_cast() {
    let g = table(&[N::FullShield, N::Energy4], &[]);
    g.when(BLUE, cast(b(0), SpellTarget::Caster))
        .then_error(RuleViolation::CounterOnlyInResponse);
    g.when(BLUE, cast(b(1), SpellTarget::Caster))
        .then_code("not_castable");
}

#[test]
fn negate_neutral_cancels_a_neutral_spell() {
    let g = table(&[N::CreateWall], &[N::NegateNeutral])
        .after(BLUE, &[cast(b(0), SpellTarget::Line { line: v(4, 2) })]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!(g.state.labyrinth.barrier(v(4, 2)), None);
    assert!(g.state.wizard(BLUE).maintained.is_empty());
}

#[test]
fn create_wall_blocks_sight_counts_toward_the_hand_limit_and_ends_on_the_casters_turn() {
    let g = table(&[N::CreateWall, N::Fireball], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 2) }));
    assert_eq!(
        g.state.labyrinth.barrier(v(4, 2)),
        Some(Barrier::StoneWall { cracks: 0 })
    );
    assert_eq!(
        g.state.hand_total(BLUE),
        5,
        "the maintained wall still counts"
    );
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::NotInSight);
    let w = g.when(BLUE, Command::EndSpell { card: b(0) });
    assert_eq!(
        w.state().labyrinth.barrier(v(4, 2)),
        None,
        "the wall vanishes"
    );
    g.when(RED, Command::EndSpell { card: b(0) })
        .then_code("not_your_turn");
}

#[test]
fn walls_are_never_created_on_the_board_edge_or_where_a_wall_stands() {
    let g = table(&[N::CreateWall], &[]);
    g.when(BLUE, cast(b(0), SpellTarget::Line { line: v(4, 0) }))
        .then_code("invalid_target");
    g.when(BLUE, cast(b(0), SpellTarget::Line { line: v(4, 5) }))
        .then_code("invalid_target");
}

#[test]
fn a_created_wall_that_is_destroyed_ends_its_spell() {
    let g = table(&[N::CreateWall, N::DestroyWall], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 2) }));
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Line { line: v(4, 2) }));
    assert_eq!(g.state.labyrinth.barrier(v(4, 2)), None);
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    assert!(g.state.creations.is_empty());
}

#[test]
fn destroy_wall_hurts_everyone_next_to_it_for_2_which_is_not_an_attack() {
    // The wall between (4,4) and (4,5): red stands beside it.
    let g = table(&[N::DestroyWall, N::Zot], &[]).with_wizard_at(RED, sq(4, 4));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 5) }));
    assert_eq!(g.state.labyrinth.barrier(v(4, 5)), None);
    assert_eq!(life(&g, RED), 13);
    assert!(
        g.when(BLUE, cast(b(1), at(RED))).result.is_ok(),
        "not an attack"
    );
}

#[test]
fn dispel_ends_a_spell_in_play_and_its_wall() {
    let g = table(&[N::CreateWall], &[N::Dispel]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 2) }));
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = resolved(g, RED, cast(r(0), SpellTarget::Spell { card: b(0) }));
    assert_eq!(g.state.labyrinth.barrier(v(4, 2)), None);
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn drop_object_makes_a_wizard_let_go_of_a_carried_item() {
    let g = table(&[N::DropObject], &[N::LargeRock]);
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = resolved(g, RED, cast(r(0), SpellTarget::Caster));
    assert_eq!(g.state.wizard(RED).carried, vec![r(0)]);
    let g = g.after(RED, &[Command::EndTurn]);
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            None,
            at(RED),
            Some(SpellOption::Thing {
                thing: Thing::Item { card: r(0) },
            }),
        ),
    );
    assert!(g.state.wizard(RED).carried.is_empty());
    assert_eq!(
        g.state.object_of_card(r(0)).map(|o| o.square),
        Some(sq(4, 3))
    );
}

#[test]
fn a_large_rock_is_thrown_for_2_and_lands_in_the_targets_square() {
    let g = table(&[N::LargeRock], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: at(RED),
        },
    );
    assert_eq!(life(&g, RED), 13);
    assert_eq!(
        g.state.object_of_card(b(0)).map(|o| o.square),
        Some(sq(4, 3))
    );
}

#[test]
fn pick_lock_is_mundane_opens_no_window_and_lets_the_caster_through() {
    // The door between (3,3) and (3,4) is blue's: locked for red.
    let g = table(&[], &[N::PickLock]).after(BLUE, &[Command::EndTurn]);
    let g = g.with_wizard_at(RED, sq(3, 4));
    g.when(
        RED,
        Command::Move {
            direction: crate::wizwar::labyrinth::Direction::West,
        },
    )
    .then_error(RuleViolation::DoorLocked);
    let g = g.after(RED, &[cast(r(0), SpellTarget::Line { line: v(3, 4) })]);
    assert!(
        g.state.stack.is_empty(),
        "nobody may counter a mundane action"
    );
    let g = g.after(
        RED,
        &[Command::Move {
            direction: crate::wizwar::labyrinth::Direction::West,
        }],
    );
    assert_eq!(g.state.wizard(RED).square, sq(3, 3));
}

#[test]
fn around_the_corner_bends_a_spell_90_degrees() {
    // From (4,4), (3,0) is hidden by the wall above (4,2); bending at (4,0)
    // reaches it.
    let g = table(&[N::AroundTheCorner, N::Zot], &[])
        .with_wizard_at(BLUE, sq(4, 4))
        .with_wizard_at(RED, sq(3, 0));
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::NotInSight);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn around_the_corner_bends_a_spell_back_by_up_to_180_degrees() {
    // Search blue's sector for a target hidden from the caster that only a
    // bend of more than 90 degrees reaches, and aim there.
    let g = table(&[N::AroundTheCorner, N::Zot], &[]);
    let s = &g.state;
    let sector: Vec<_> = (0..5)
        .flat_map(|r| (0..5).map(move |c| sq(r, c)))
        .filter(|q| s.labyrinth.home_base_owner(*q).is_none())
        .collect();
    let sight = crate::wizwar::line_of_sight::SightTarget::Square;
    let found = sector.iter().find_map(|from| {
        sector.iter().find_map(|to| {
            if from == to || s.reaches(*from, sight(*to), false) {
                return None;
            }
            let bends: Vec<_> = s
                .labyrinth
                .squares()
                .filter(|m| {
                    m != from
                        && s.reaches(*from, sight(*m), false)
                        && s.reaches(*m, sight(*to), false)
                })
                .collect();
            let d = |a: crate::wizwar::labyrinth::Square, b: crate::wizwar::labyrinth::Square| {
                (
                    i32::from(b.row) - i32::from(a.row),
                    i32::from(b.col) - i32::from(a.col),
                )
            };
            let obtuse = |m: &crate::wizwar::labyrinth::Square| {
                let (a, b) = (d(*from, *m), d(*m, *to));
                a.0 * b.0 + a.1 * b.1 < 0
            };
            (!bends.is_empty() && bends.iter().all(obtuse)).then_some((*from, *to))
        })
    });
    let (from, to) = found.expect("the sector has a spot only a sharp bend reaches");
    let g = g.with_wizard_at(BLUE, from).with_wizard_at(RED, to);
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::NotInSight);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn a_temporary_spell_loses_a_token_each_time_passes_and_then_ends() {
    let g = table(&[N::Fog], &[]);
    let g = resolved(
        g,
        BLUE,
        cast_with(b(0), Some(b(1)), SpellTarget::Board, None),
    );
    assert_eq!(g.state.spells[0].tokens, Some(5));
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn]);
    assert_eq!(g.state.spells[0].tokens, Some(4));
    let g = resolved(table(&[N::Fog], &[]), BLUE, cast(b(0), SpellTarget::Board));
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn]);
    assert!(g.state.spells.is_empty(), "energy 1: one Time Passes");
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn over_the_hand_limit_a_maintained_spell_may_be_ended_to_make_room() {
    let g = table(&[N::CreateWall], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 2) }));
    let mut s = g.state.clone();
    // Three more cards in blue's hand (test arrangement): 8 in all.
    let extra: Vec<_> = s.deck.drain(..3).collect();
    s.wizards[0].hand.extend(extra);
    assert!(s.hand_total(BLUE) > EIGHTH.hand_limit);
    let g = g.with_state(s);
    g.when(BLUE, Command::EndMoveAndCast)
        .then_code("over_hand_limit");
    assert!(
        g.when(BLUE, Command::EndSpell { card: b(0) })
            .result
            .is_ok()
    );
}

#[test]
fn rotate_sector_turns_the_sector_with_everything_in_it() {
    use crate::wizwar::labyrinth::SectorIndex;
    use crate::wizwar::treasures::{TreasureId, TreasureLocation};
    let g = table(&[N::CreateWall, N::RotateSector], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line: v(4, 2) }));
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(1),
            None,
            SpellTarget::Sector {
                slot: SectorIndex(0),
            },
            Some(SpellOption::Turn { quarter_turns: 2 }),
        ),
    );
    assert_eq!(g.state.wizard(BLUE).square, sq(0, 4));
    assert_eq!(g.state.wizard(RED).square, sq(0, 1));
    assert_eq!(
        g.state.treasure(TreasureId(1)).location,
        TreasureLocation::Lying { square: sq(1, 1) }
    );
    // The created wall on the west side of (4,2) now stands east of (0,2).
    assert_eq!(
        g.state.labyrinth.barrier(v(0, 3)),
        Some(Barrier::StoneWall { cracks: 0 })
    );
    assert!(matches!(
        g.state.creations[0],
        crate::wizwar::objects::Creation::StoneWall { line, .. } if line == v(0, 3)
    ));
    let w = g.when(BLUE, Command::EndSpell { card: b(0) });
    assert_eq!(w.state().labyrinth.barrier(v(0, 3)), None);
}

#[test]
fn rotate_sector_repairs_walls_where_the_sector_meets_the_board() {
    use crate::wizwar::labyrinth::SectorIndex;
    // The wall between (4,4) and (4,5) is on the edge of blue's sector.
    let mut g = table(&[N::RotateSector], &[]);
    g.state
        .labyrinth
        .barriers
        .insert(v(4, 5), Barrier::StoneWall { cracks: 3 });
    let before = g.state.labyrinth.barriers.clone();
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            None,
            SpellTarget::Sector {
                slot: SectorIndex(1),
            },
            Some(SpellOption::Turn { quarter_turns: 2 }),
        ),
    );
    assert_ne!(g.state.labyrinth.barriers, before);
    assert!(!matches!(
        g.state.labyrinth.barrier(v(4, 5)),
        Some(Barrier::StoneWall { cracks: 3 })
    ));
}

/// White Cantrip's Energy 6, the largest energy card: six movement points
/// as a speed boost, or energy 6 for a spell.
#[test]
fn energy_6_boosts_speed_by_6_or_fuels_a_spell_to_6() {
    let g = table(&[N::Energy6], &[]);
    let before = g.state.turn.as_ref().unwrap().movement_left;
    let g = g.after(BLUE, &[Command::BoostSpeed { card: b(0) }]);
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, before + 6);

    let g = table(&[N::Powerthrust, N::Energy6], &[]);
    let g = resolved(g, BLUE, cast_with(b(0), Some(b(1)), at(RED), None));
    assert_eq!(
        life(&g, RED),
        15 - 6 - 2,
        "Powerthrust deals its energy + 2"
    );
}
