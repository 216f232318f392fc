//! The Mentalism cards the engine plays.

use super::given::*;
use super::magic::*;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::labyrinth::{Barrier, Direction};
use crate::wizwar::state::Phase;
use crate::wizwar::{Command, Event, RuleViolation, Target};

#[test]
fn powerthrust_deals_its_energy_plus_2() {
    let g = resolved(table(&[N::Powerthrust], &[]), BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 12);
}

#[test]
fn share_life_pools_and_splits_keeping_the_odd_point() {
    let g = table(&[N::ShareLife], &[]).with([Event::WizardDamaged {
        seat: RED,
        amount: 7,
        life: 8,
        kind: None,
    }]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!((life(&g, BLUE), life(&g, RED)), (12, 11));
}

#[test]
fn psychic_storm_strikes_a_square_and_its_neighbours_caster_included() {
    let g = table(&[N::PsychicStorm], &[]).with_wizard_at(RED, sq(4, 2));
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Square { square: sq(4, 1) },
            None,
        ),
    );
    assert_eq!((life(&g, BLUE), life(&g, RED)), (10, 10));
}

#[test]
fn meditate_draws_three_and_the_turn_goes_on() {
    let g = resolved(
        table(&[N::Meditate], &[]),
        BLUE,
        cast(b(0), SpellTarget::Caster),
    );
    assert_eq!(g.state.wizard(BLUE).hand.len(), 7);
    assert_eq!(g.state.turn.as_ref().unwrap().phase, Phase::MoveAndCast);
}

#[test]
fn shatter_makes_every_point_of_damage_a_crack() {
    let g = table(&[N::Shatter], &[]).with_wizard_at(BLUE, sq(4, 4));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = g.after(
        BLUE,
        &[Command::Punch {
            target: Target::Line { line: v(4, 5) },
        }],
    );
    assert_eq!(
        g.state.labyrinth.barrier(v(4, 5)),
        Some(Barrier::StoneWall { cracks: 1 })
    );
}

#[test]
fn teleport_blinks_past_walls_and_ends_moving_for_the_turn() {
    // (3,3) lies behind the wall above (4,3): two steps away.
    let g = table(&[N::Teleport], &[]).with_wizard_at(BLUE, sq(4, 3));
    let g = g.with_wizard_at(RED, sq(0, 0));
    g.when(BLUE, cast(b(0), SpellTarget::Square { square: sq(2, 0) }))
        .then_code("invalid_target");
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(3, 3) }),
    );
    assert_eq!(g.state.wizard(BLUE).square, sq(3, 3));
    g.when(
        BLUE,
        Command::Move {
            direction: Direction::West,
        },
    )
    .then_error(RuleViolation::NoMoreMoving);
}

#[test]
fn teleport_against_an_attack_evades_it_when_sight_is_broken() {
    let g = table(&[N::Fireball], &[N::Teleport]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(
        g,
        RED,
        Command::PlayCounter {
            card: r(0),
            energy: None,
            line: None,
            square: Some(sq(3, 3)),
        },
    );
    assert_eq!(g.state.wizard(RED).square, sq(3, 3));
    assert_eq!(life(&g, RED), 15);
}

#[test]
fn pain_link_hurts_the_attacker_as_much_and_may_answer_an_attack() {
    let g = table(&[N::Zot], &[N::PainLink]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!((life(&g, BLUE), life(&g, RED)), (14, 14));
    assert_eq!(g.state.wizard(RED).maintained, vec![r(0)]);
}

#[test]
fn absorb_spell_cancels_a_spell_and_keeps_its_card() {
    let g = table(&[N::Fireball], &[N::AbsorbSpell]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.wizard(RED).hand.contains(&b(0)));
    assert!(g.state.turn.as_ref().unwrap().attacked());
}

#[test]
fn the_stunned_wizard_who_fireballs_may_not_then_teleport() {
    // Rulebook p.15: "He casts Fireball on the green wizard. He cannot then
    // cast Teleport to move out of his square."
    let g = table(&[N::Fireball, N::Teleport], &[]);
    let mut s = g.state.clone();
    let turn = s.turn.as_mut().unwrap();
    turn.stunned = true;
    turn.moved = false;
    let g = resolved(g.with_state(s), BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 10);
    g.when(BLUE, cast(b(1), SpellTarget::Square { square: sq(3, 0) }))
        .then_error(RuleViolation::StunnedAndAttacked);
}

#[test]
fn dispel_needs_sight_of_the_wizard_maintaining_a_spell_on_himself() {
    let g = table(&[N::Dispel], &[N::MistBody]).after(BLUE, &[Command::EndTurn]);
    let g = resolved(g, RED, cast(r(0), SpellTarget::Caster));
    let g = g
        .after(RED, &[Command::EndTurn])
        .with_wizard_at(RED, sq(2, 7));
    g.when(BLUE, cast(b(0), SpellTarget::Spell { card: r(0) }))
        .then_error(RuleViolation::NotInSight);
    let g = g.with_wizard_at(RED, sq(4, 4));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Spell { card: r(0) }));
    assert!(!g.state.is_misted(RED));
}

#[test]
fn brain_burn_lets_its_victim_throw_cards_away_then_burns_one_per_card_held() {
    use crate::ruleset::{AwaitReason, Ruleset};
    let g = table(&[N::BrainBurn], &[]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = all_pass(g);
    assert_eq!(awaiting(&g)[0].seat, RED);
    assert_eq!(awaiting(&g)[0].reason, AwaitReason::Choice);
    g.when(BLUE, Command::EndTurn).then_code("choice_pending");
    assert!(crate::wizwar::WizWar::legal_commands(&g.state, BLUE).is_empty());
    let g = g.after(
        RED,
        &[Command::Discard {
            cards: vec![r(0), r(1)],
        }],
    );
    let g = g.after(RED, &[Command::Pass]);
    assert_eq!(life(&g, RED), 12, "three cards still held");
    assert!(g.state.choice.is_none());
}

#[test]
fn thought_steal_shows_the_hand_to_the_thief_only_and_takes_up_to_two() {
    use crate::ruleset::{Ruleset, Viewer};
    let g = table(&[N::ThoughtSteal], &[N::Fireball]).after(BLUE, &[cast(b(0), at(RED))]);
    let w = g.when(RED, Command::Pass);
    let revealed = w
        .events()
        .into_iter()
        .find(|e| matches!(e, Event::HandRevealed { .. }))
        .expect("the hand is shown");
    let seen_by = |viewer| match crate::wizwar::WizWar::redact(&revealed, viewer) {
        Some(Event::HandRevealed { cards, .. }) => !cards.is_hidden(),
        _ => false,
    };
    assert!(seen_by(Viewer::Player(BLUE)));
    assert!(!seen_by(Viewer::Spectator));
    let g = all_pass(g);
    g.when(
        BLUE,
        Command::Take {
            cards: vec![r(0), r(1), r(2)],
        },
    )
    .then_code("too_many_cards");
    let g = g.after(
        BLUE,
        &[Command::Take {
            cards: vec![r(0), r(1)],
        }],
    );
    assert!(g.state.wizard(BLUE).hand.contains(&r(0)));
    assert_eq!(g.state.wizard(RED).hand.len(), 3);
}

#[test]
fn mental_force_lets_the_caster_walk_his_victim_by_normal_movement() {
    let g = table(&[N::MentalForce], &[]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = all_pass(g);
    assert_eq!(awaiting(&g)[0].seat, BLUE);
    // The wall east of (4,4) stops him like anyone walking.
    let g = g.after(
        BLUE,
        &[Command::Move {
            direction: Direction::East,
        }],
    );
    assert_eq!(g.state.wizard(RED).square, sq(4, 4));
    g.when(
        BLUE,
        Command::Move {
            direction: Direction::East,
        },
    )
    .then_error(RuleViolation::WallInTheWay);
    let g = g.after(
        BLUE,
        &[
            Command::Move {
                direction: Direction::West,
            },
            Command::Move {
                direction: Direction::West,
            },
            Command::Move {
                direction: Direction::West,
            },
        ],
    );
    assert_eq!(g.state.wizard(RED).square, sq(4, 1), "4 squares, then done");
    assert!(g.state.choice.is_none());
    assert_eq!(g.state.wizard(BLUE).square, sq(4, 0), "the caster stays");
}

#[test]
fn astral_projection_casts_the_next_spell_from_another_square() {
    // From (4,4), (3,1) is hidden; projected to (4,1), the Zot! reaches it.
    let g = table(&[N::AstralProjection, N::Zot], &[])
        .with_wizard_at(BLUE, sq(4, 4))
        .with_wizard_at(RED, sq(3, 1));
    g.when(BLUE, cast(b(1), at(RED)))
        .then_error(RuleViolation::NotInSight);
    g.when(BLUE, cast(b(0), SpellTarget::Square { square: sq(4, 0) }))
        .then_code("invalid_target");
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    );
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    assert_eq!(life(&g, RED), 14);
    assert_eq!(
        g.state.turn.as_ref().unwrap().astral,
        None,
        "one spell only"
    );
}

#[test]
fn a_wizard_who_teleports_out_of_sight_is_not_stunned_by_zot() {
    use crate::wizwar::casting::SpellOption;
    let g = table(&[N::Zot], &[N::Teleport]).after(
        BLUE,
        &[cast_with(b(0), None, at(RED), Some(SpellOption::Stun))],
    );
    let g = resolved(
        g,
        RED,
        Command::PlayCounter {
            card: r(0),
            energy: None,
            line: None,
            square: Some(sq(3, 3)),
        },
    );
    assert_eq!(g.state.wizard(RED).stun_tokens, 0);
}
