//! The Homunculus (Alchemy) and the creature rules it brings
//! ([`crate::wizwar::creatures`]). Blue stands in (4,0), red in (4,3), in the
//! open south corridor of blue's sector; a wall closes it at (4,4)|(4,5), and
//! blue's own door stands between (3,3) and (3,4).

use super::given::*;
use super::magic::*;
use crate::ruleset::{Ruleset, Viewer};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::creatures::{Creature, HOMUNCULUS_LIFE};
use crate::wizwar::labyrinth::{Direction, Square};
use crate::wizwar::objects::{CardId, Creation};
use crate::wizwar::{Command, Event, Target, WizWar};

fn square(square: Square) -> SpellTarget {
    SpellTarget::Square { square }
}

/// Blue holding `blue` (a Homunculus first) has made his homunculus at `at`.
fn with_homunculus(blue: &[N], red: &[N], at: Square) -> Given {
    let mut hand = vec![N::Homunculus];
    hand.extend_from_slice(blue);
    resolved(table(&hand, red), BLUE, cast(b(0), square(at)))
}

fn creature(g: &Given) -> Option<Creature> {
    g.state.creature(b(0)).copied()
}

fn step(card: CardId, direction: Direction) -> Command {
    Command::MoveCreature { card, direction }
}

/// Both players end their turns: blue's creature may move again.
fn next_round(g: Given) -> Given {
    g.after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn])
}

#[test]
fn a_homunculus_comes_to_life_in_an_empty_square_in_sight_and_is_maintained() {
    let g = with_homunculus(&[], &[], sq(4, 2));
    assert_eq!(
        creature(&g),
        Some(Creature {
            card: b(0),
            owner: BLUE,
            square: sq(4, 2),
            life: HOMUNCULUS_LIFE,
        })
    );
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
    assert_eq!(
        g.state.hand_total(BLUE),
        5,
        "4 in hand and the maintained spell"
    );
    // Its square is no longer empty: nothing more is created there.
    assert!(!g.state.is_empty_square(sq(4, 2)));
}

#[test]
fn a_homunculus_is_never_made_in_a_home_base_or_an_occupied_square() {
    let g = table(&[N::Homunculus], &[]);
    g.when(BLUE, cast(b(0), square(sq(4, 3))))
        .then_code("invalid_target");
    g.when(BLUE, cast(b(0), at(RED)))
        .then_code("invalid_target");
    let g = g.with_wizard_at(BLUE, sq(2, 3));
    let home = g.state.labyrinth.home_base(BLUE).expect("blue's base");
    assert_eq!(home, sq(2, 2));
    g.when(BLUE, cast(b(0), square(home)))
        .then_code("invalid_target");
}

#[test]
fn its_master_moves_it_one_square_a_turn_apart_from_his_wizard() {
    let g = with_homunculus(&[], &[], sq(4, 1));
    let movement = g.state.turn.as_ref().unwrap().movement_left;
    let g = g.after(BLUE, &[step(b(0), Direction::East)]);
    assert_eq!(creature(&g).unwrap().square, sq(4, 2));
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, movement);
    g.when(BLUE, step(b(0), Direction::East))
        .then_code("creature_has_moved");
    let g = next_round(g).after(BLUE, &[step(b(0), Direction::West)]);
    assert_eq!(creature(&g).unwrap().square, sq(4, 1));
}

#[test]
fn a_homunculus_passes_its_masters_doors_but_no_wall() {
    let g = with_homunculus(&[], &[], sq(4, 4));
    g.when(BLUE, step(b(0), Direction::East))
        .then_code("wall_in_the_way");
    // Blue's door between (3,3) and (3,4) opens for blue's creature.
    let g = g.after(BLUE, &[step(b(0), Direction::North)]);
    let g = next_round(g).after(BLUE, &[step(b(0), Direction::West)]);
    assert_eq!(creature(&g).unwrap().square, sq(3, 3));
}

#[test]
fn only_its_master_moves_it_and_only_on_his_turn() {
    let g = with_homunculus(&[], &[], sq(4, 1));
    g.when(RED, step(b(0), Direction::East))
        .then_code("not_your_turn");
    let g = g.after(BLUE, &[Command::EndTurn]);
    g.when(RED, step(b(0), Direction::East))
        .then_code("no_such_creature");
    g.when(RED, Command::LookThrough { card: b(0) })
        .then_code("no_such_creature");
}

#[test]
fn no_spell_attack_or_punch_can_single_out_a_homunculus() {
    let g = with_homunculus(&[N::Fireball, N::Zot], &[], sq(4, 1));
    let at_it = SpellTarget::Object { card: b(0) };
    g.when(BLUE, cast(b(1), at_it)).then_code("invalid_target");
    g.when(BLUE, cast(b(2), at_it)).then_code("invalid_target");
    let g = g.with_wizard_at(BLUE, sq(4, 1));
    g.when(
        BLUE,
        Command::Punch {
            target: Target::Object { card: b(0) },
        },
    )
    .then_code("indestructible");
    assert_eq!(creature(&g).unwrap().life, HOMUNCULUS_LIFE);
}

#[test]
fn a_psychic_storm_next_to_it_hurts_it_and_at_0_life_its_spell_ends() {
    // Red's storm, boosted to 5, on the square next to the homunculus.
    let g = with_homunculus(&[], &[N::PsychicStorm], sq(4, 1));
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .with_wizard_at(BLUE, sq(3, 0));
    let w = g.when(RED, cast_with(r(0), Some(r(1)), square(sq(4, 2)), None));
    let g = all_pass(g.with(w.events()));
    assert_eq!(creature(&g), None, "5 damage kills a homunculus");
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    assert!(g.state.discard_pile.contains(&b(0)));
    assert!(g.state.find_spell(b(0)).is_none());
}

#[test]
fn a_lightning_bolt_through_its_square_hurts_it() {
    let g = with_homunculus(&[], &[N::LightningBolt], sq(4, 2))
        .after(BLUE, &[Command::EndTurn])
        .with_wizard_at(BLUE, sq(3, 0));
    // Unboosted, from (4,3) westward the bolt enters (4,2) only.
    let w = g.when(
        RED,
        cast(
            r(0),
            SpellTarget::Direction {
                direction: Direction::West,
            },
        ),
    );
    let g = all_pass(g.with(w.events()));
    assert_eq!(creature(&g).unwrap().life, HOMUNCULUS_LIFE - 3);
}

#[test]
fn crossing_a_wall_of_fire_burns_a_homunculus_for_4() {
    let g = with_homunculus(&[], &[], sq(4, 1)).with([Event::ObjectCreated {
        seat: RED,
        creation: Creation::WallOfFire {
            card: r(4),
            line: v(4, 2),
        },
    }]);
    let w = g.when(BLUE, step(b(0), Direction::East));
    let g = g.with(w.events());
    let c = creature(&g).unwrap();
    assert_eq!((c.square, c.life), (sq(4, 2), HOMUNCULUS_LIFE - 4));
}

#[test]
fn its_master_casts_his_next_spell_through_its_eyes() {
    // Red at (3,4) is out of blue's sight from (4,0), in the homunculus's
    // from (4,4).
    let g =
        with_homunculus(&[N::Fireball, N::Fireball], &[], sq(4, 4)).with_wizard_at(RED, sq(3, 4));
    g.when(BLUE, cast(b(1), at(RED))).then_code("not_in_sight");
    let g = g.after(BLUE, &[Command::LookThrough { card: b(0) }]);
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    assert_eq!(life(&g, RED), 10);
    // Only the next spell: the one after is cast from the wizard again.
    let g = next_round(g);
    g.when(BLUE, cast(b(2), at(RED))).then_code("not_in_sight");
}

#[test]
fn ending_the_spell_takes_the_homunculus_off_the_board() {
    let g = with_homunculus(&[], &[], sq(4, 1));
    let g = g.after(BLUE, &[Command::EndSpell { card: b(0) }]);
    assert_eq!(creature(&g), None);
    assert!(g.state.is_empty_square(sq(4, 1)));
}

#[test]
fn everyone_sees_the_homunculus_and_its_life() {
    let g = with_homunculus(&[], &[], sq(4, 1));
    for viewer in [Viewer::Player(RED), Viewer::Spectator] {
        let view = WizWar::view(&g.state, viewer);
        assert_eq!(view.creatures, vec![creature(&g).unwrap()]);
    }
}

#[test]
fn its_moves_and_eyes_are_offered_to_its_master_only() {
    let g = with_homunculus(&[], &[], sq(4, 1));
    let blue = WizWar::legal_commands(&g.state, BLUE);
    assert!(blue.contains(&step(b(0), Direction::East)));
    assert!(blue.contains(&Command::LookThrough { card: b(0) }));
    let g = g.after(BLUE, &[Command::EndTurn]);
    let red: Vec<Command> = WizWar::legal_commands(&g.state, RED);
    assert!(!red.iter().any(|c| matches!(
        c,
        Command::MoveCreature { .. } | Command::LookThrough { .. }
    )));
}

/// Under the default yield policy a window stops at a player whose
/// homunculus a cast would strike, and passes him by otherwise.
#[test]
fn a_storm_next_to_his_homunculus_asks_its_master_under_when_targeted() {
    use crate::wizwar::yield_policies::YieldPolicy;
    let g = with_homunculus(&[], &[N::PsychicStorm, N::PsychicStorm], sq(4, 1))
        .after(BLUE, &[Command::EndTurn])
        .with_wizard_at(BLUE, sq(0, 0))
        .with_yield_policy(BLUE, YieldPolicy::WhenTargeted);
    let near = g.when(RED, cast(r(0), square(sq(4, 2))));
    assert!(
        !near
            .events()
            .contains(&Event::ResponseYielded { seat: BLUE })
    );
    let far = g.when(RED, cast(r(1), square(sq(4, 4))));
    assert!(
        far.events()
            .contains(&Event::ResponseYielded { seat: BLUE })
    );
}

#[test]
fn a_homunculus_turns_with_its_sector() {
    use crate::wizwar::casting::SpellOption;
    use crate::wizwar::labyrinth::SectorIndex;
    let g = with_homunculus(&[N::RotateSector], &[], sq(4, 1));
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
    // Half a turn of the 5×5 sector takes (4,1) to (0,3), as it takes the
    // wizard from (4,0) to (0,4).
    assert_eq!(g.state.wizard(BLUE).square, sq(0, 4));
    assert_eq!(creature(&g).unwrap().square, sq(0, 3));
}
