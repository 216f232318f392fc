//! The Elemental cards and the interactions the rulebook calls out (Fire vs
//! Water, Wall of Earth against Fireball and Lightning Bolt, the stunned
//! caster).

use super::given::*;
use super::magic::*;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::{SpellOption, SpellTarget};
use crate::wizwar::labyrinth::{Barrier, Direction};
use crate::wizwar::{Command, Event, RuleViolation, Target};

fn line(line: crate::wizwar::labyrinth::BorderLine) -> SpellTarget {
    SpellTarget::Line { line }
}

fn wall_of_earth(
    card: crate::wizwar::objects::CardId,
    at: crate::wizwar::labyrinth::BorderLine,
) -> Command {
    Command::PlayCounter {
        card,
        energy: None,
        line: Some(at),
        square: None,
    }
}

#[test]
fn a_fireball_at_a_stone_wall_cracks_it_once() {
    let g = table(&[N::Fireball], &[]).with_wizard_at(RED, sq(0, 0));
    let w = all_pass(g.after(BLUE, &[cast(b(0), line(v(4, 5)))]));
    assert_eq!(
        w.state.labyrinth.barrier(v(4, 5)),
        Some(Barrier::StoneWall { cracks: 1 })
    );
}

#[test]
fn a_lightning_bolt_hits_everyone_it_passes_rebounds_and_stuns() {
    // Energy 5 from (4,0) east: (4,1) (4,2) (4,3) (4,4), then the wall turns
    // it back into (4,4): red there is hit twice.
    let g = table(&[N::LightningBolt], &[]).with_wizard_at(RED, sq(4, 4));
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Direction {
                direction: Direction::East,
            },
            None,
        ),
    );
    assert_eq!(life(&g, RED), 9);
    assert_eq!(g.state.wizard(RED).stun_tokens, 1, "one bolt stuns once");
    assert_eq!(life(&g, BLUE), 15, "the bolt never hurts its caster");
}

/// Lightning Bolt stuns "a wizard damaged": one bolt passing him twice
/// damages him twice and stuns him for one turn.
#[test]
fn a_wizard_damaged_twice_by_one_lightning_bolt_is_stunned_for_one_turn() {
    let g = table(&[N::LightningBolt], &[]).with_wizard_at(RED, sq(4, 4));
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Direction {
                direction: Direction::East,
            },
            None,
        ),
    );
    assert_eq!(life(&g, RED), 15 - 3 - 3, "damage counts per pass");
    let g = g.after(BLUE, &[Command::EndTurn]);
    assert!(g.state.turn.as_ref().unwrap().stunned, "stunned this turn");
    let g = g.after(RED, &[Command::EndTurn]);
    let g = g.after(BLUE, &[Command::EndTurn]);
    let turn = g.state.turn.as_ref().unwrap();
    assert_eq!(turn.seat, RED);
    assert!(!turn.stunned, "and not the next");
}

#[test]
fn a_wall_of_earth_turns_a_lightning_bolt_back() {
    let g = table(&[N::LightningBolt], &[N::WallOfEarth]).with_wizard_at(RED, sq(4, 4));
    let g = g.after(
        BLUE,
        &[cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Direction {
                direction: Direction::East,
            },
            None,
        )],
    );
    let g = resolved(g, RED, wall_of_earth(r(0), v(4, 2)));
    assert_eq!(life(&g, RED), 15);
}

#[test]
fn a_wall_of_earth_stops_a_fireball_but_only_in_its_way() {
    let g = table(&[N::Fireball], &[N::WallOfEarth]).after(BLUE, &[cast(b(0), at(RED))]);
    g.when(RED, wall_of_earth(r(0), h(4, 0)))
        .then_code("counter_does_not_apply");
    g.when(RED, counter(r(0))).then_code("bad_option");
    let g = resolved(g, RED, wall_of_earth(r(0), v(4, 2)));
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.labyrinth.barrier(v(4, 2)).is_none(), "it crumbles");
}

#[test]
fn a_stunned_wizard_who_fireballs_may_not_then_ride_the_wind() {
    let g = table(&[N::Fireball, N::Windrider], &[]);
    let mut s = g.state.clone();
    let turn = s.turn.as_mut().unwrap();
    // Stunned this turn, and not moved (the scene was set by teleport).
    turn.stunned = true;
    turn.moved = false;
    let g = resolved(g.with_state(s), BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 10);
    g.when(
        BLUE,
        cast(
            b(1),
            SpellTarget::Direction {
                direction: Direction::North,
            },
        ),
    )
    .then_error(RuleViolation::StunnedAndAttacked);
}

#[test]
fn windrider_rides_straight_until_something_is_in_the_way() {
    let g = table(&[N::Windrider], &[]);
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Direction {
                direction: Direction::East,
            },
            None,
        ),
    );
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 2), "halted before red");
    let g = table(&[N::Windrider], &[]);
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Direction {
                direction: Direction::East,
            },
            Some(SpellOption::Squares { count: 1 }),
        ),
    );
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 1));
}

#[test]
fn flood_ends_fire_and_forbids_it_while_it_lasts() {
    let g = table(&[N::WallOfFire, N::Flood, N::Fireball], &[]);
    let g = resolved(g, BLUE, cast(b(0), line(v(4, 2))));
    assert_eq!(g.state.creations.len(), 1);
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Board));
    assert!(g.state.creations.is_empty(), "the Wall of Fire is out");
    g.when(BLUE, cast(b(2), at(RED)))
        .then_error(RuleViolation::Flooded);
}

#[test]
fn flood_answers_an_attack_and_puts_out_a_fireball() {
    let g = table(&[N::Fireball], &[N::Flood]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.spell_in_play(N::Flood));
    assert_eq!(g.state.wizard(RED).maintained, vec![r(0)]);
}

#[test]
fn fire_and_water_cancel_each_other() {
    let g = table(&[N::Waterbolt], &[N::WallOfFire]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.discard_pile.contains(&b(0)) && g.state.discard_pile.contains(&r(0)));
}

#[test]
fn a_wall_of_fire_burns_whoever_crosses_it_without_being_an_attack() {
    let g = table(&[N::WallOfFire], &[]);
    let g = resolved(g, BLUE, cast(b(0), line(v(4, 3))));
    let g = g.after(BLUE, &[Command::EndTurn]);
    let w = g.when(
        RED,
        Command::Move {
            direction: Direction::West,
        },
    );
    w.then_contains(&Event::WizardDamaged {
        seat: RED,
        amount: 4,
        life: 11,
        kind: None,
    });
}

#[test]
fn a_waterbolt_splits_its_energy_between_damage_and_knock_back_away_from_the_caster() {
    let g = table(&[N::Waterbolt], &[]);
    let split = |direction| {
        cast_with(
            b(0),
            Some(b(1)),
            at(RED),
            Some(SpellOption::Split {
                damage: 2,
                direction,
            }),
        )
    };
    g.when(BLUE, split(Direction::West)).then_code("bad_option");
    let g = resolved(g, BLUE, split(Direction::East));
    assert_eq!(life(&g, RED), 13);
    assert_eq!(
        g.state.wizard(RED).square,
        sq(4, 4),
        "the wall stops him after 1"
    );
}

#[test]
fn water_puts_out_a_fire_cloak_and_damage_reduced_to_0_does_nothing_more() {
    let cloaked = || {
        let g = table(&[N::Waterbolt], &[N::FireCloak, N::Shield]).after(BLUE, &[Command::EndTurn]);
        let g = resolved(g, RED, cast(r(0), SpellTarget::Caster));
        g.after(RED, &[Command::EndTurn])
    };
    let g = resolved(cloaked(), BLUE, cast(b(0), at(RED)));
    assert!(g.state.wizard(RED).carried.is_empty(), "the cloak is out");
    assert_eq!(life(&g, BLUE), 15, "no burn back that time");
    let g = cloaked().after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(g, RED, counter(r(1)));
    assert_eq!(
        g.state.wizard(RED).carried,
        vec![r(0)],
        "no damage, no quenching"
    );
}

#[test]
fn a_fire_cloak_burns_punches_and_burns_back() {
    let g = table(&[N::FireCloak, N::Zot], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = g.after_windows(
        BLUE,
        &[Command::Punch {
            target: Target::Wizard { seat: RED },
        }],
    );
    assert_eq!(life(&g, RED), 12, "1 + 2 fire");
    let g = table(&[N::Zot], &[N::FireCloak]).after(BLUE, &[Command::EndTurn]);
    let g = resolved(g, RED, cast(r(0), SpellTarget::Caster));
    let g = g
        .after(RED, &[Command::EndTurn])
        .with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 14);
    assert_eq!(life(&g, BLUE), 13, "the cloak burns back for 2");
}

#[test]
fn fog_keeps_sight_to_one_square() {
    let g = table(&[N::Fog, N::Zot], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Board));
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::NotInSight);
    let g = g.with_wizard_at(RED, sq(4, 1));
    assert!(g.when(BLUE, cast(b(1), at(RED))).result.is_ok());
}

#[test]
fn mist_body_can_neither_be_attacked_nor_stopped_by_a_door() {
    let g = table(&[N::Zot], &[N::MistBody]).after(BLUE, &[Command::EndTurn]);
    let g = resolved(g, RED, cast(r(0), SpellTarget::Caster));
    let g = g.with_wizard_at(RED, sq(3, 4));
    let g = g.after(
        RED,
        &[Command::Move {
            direction: Direction::West,
        }],
    );
    assert_eq!(g.state.wizard(RED).square, sq(3, 3), "through blue's door");
    let g = g.after(RED, &[Command::EndTurn]);
    g.when(BLUE, cast(b(0), at(RED)))
        .then_error(RuleViolation::Misted);
}

#[test]
fn a_stone_block_fills_an_empty_square_and_cracks_like_stone() {
    let g = table(&[N::StoneBlock, N::Fireball, N::StoneBlock], &[]);
    g.when(BLUE, cast(b(0), SpellTarget::Square { square: sq(4, 3) }))
        .then_code("invalid_target");
    g.clone()
        .with_wizard_at(BLUE, sq(1, 2))
        .when(BLUE, cast(b(0), SpellTarget::Square { square: sq(2, 2) }))
        .then_code("invalid_target");
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 2) }),
    );
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::NotInSight);
    let w = all_pass(
        g.clone()
            .after(BLUE, &[cast(b(1), SpellTarget::Object { card: b(0) })]),
    );
    assert!(matches!(
        w.state.creations[0],
        crate::wizwar::objects::Creation::StoneBlock { cracks: 1, .. }
    ));
    let g = g.after(BLUE, &[Command::EndTurn]);
    g.when(
        RED,
        Command::Move {
            direction: Direction::West,
        },
    )
    .then_error(RuleViolation::Blocked);
}

#[test]
fn stone_spikes_are_flung_as_the_attack_for_3() {
    let g = table(&[N::StoneSpikes], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: at(RED),
        },
    );
    assert_eq!(life(&g, RED), 12);
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
}

#[test]
fn full_shield_keeps_a_lightning_bolt_off_its_wizard_only() {
    let g = table_of(&[&[N::LightningBolt], &[N::FullShield], &[]])
        .with_wizard_at(RED, sq(4, 4))
        .with_wizard_at(YELLOW, sq(4, 2));
    let g = g.after(
        BLUE,
        &[cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Direction {
                direction: Direction::East,
            },
            None,
        )],
    );
    // Red, first in seat order after blue, answers with Full Shield; yellow
    // passes.
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!(life(&g, RED), 15);
    assert_eq!(life(&g, YELLOW), 12, "the bolt still crosses yellow");
}

/// The rulebook's boosting example (p.11): Stone Spikes with a 5 energy card
/// has energy 5, not 6, and five energy tokens on it.
#[test]
fn the_rulebooks_stone_spikes_boosted_by_a_5_has_energy_5_and_five_tokens() {
    let g = table(&[N::StoneSpikes, N::Energy5], &[]);
    let g = resolved(
        g,
        BLUE,
        cast_with(b(0), Some(b(1)), SpellTarget::Caster, None),
    );
    assert_eq!(g.state.spells[0].energy, 5);
    assert_eq!(g.state.spells[0].tokens, Some(5));
    assert!(
        g.state.discard_pile.contains(&b(1)),
        "the energy card is spent"
    );
}
