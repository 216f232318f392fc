//! The Alchemy cards the engine plays, and Magic Stones shattering on fire.

use super::given::*;
use super::magic::*;
use crate::ruleset::Ruleset;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::{Command, Event, Target, WizWar};

/// Blue plays his item cards `0..n` in turn (each resolves).
fn carrying(
    mut g: Given,
    seat: crate::ruleset::Seat,
    cards: &[crate::wizwar::objects::CardId],
) -> Given {
    for card in cards {
        g = resolved(g, seat, cast(*card, SpellTarget::Caster));
    }
    g
}

#[test]
fn magic_stones_shatter_when_their_carrier_suffers_fire_damage() {
    let g = table(&[N::Fireball], &[N::Lifestone, N::Powerstone]).after(BLUE, &[Command::EndTurn]);
    let g = carrying(g, RED, &[r(0), r(1)]);
    assert_eq!(g.state.wizard(RED).carried.len(), 2);
    let g = g.after(RED, &[Command::EndTurn]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert!(g.state.wizard(RED).carried.is_empty());
    assert!(g.state.discard_pile.contains(&r(0)) && g.state.discard_pile.contains(&r(1)));
}

#[test]
fn a_boomstone_shattered_by_fire_bursts_on_its_carrier() {
    let g = table(&[N::Fireball], &[N::Boomstone]).after(BLUE, &[Command::EndTurn]);
    let g = carrying(g, RED, &[r(0)]).after(RED, &[Command::EndTurn]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 6, "5 from the Fireball, 4 from the burst");
}

#[test]
fn a_thrown_boomstone_deals_4_fire_and_is_spent() {
    let g = carrying(table(&[N::Boomstone], &[]), BLUE, &[b(0)]);
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: at(RED),
        },
    );
    assert_eq!(life(&g, RED), 11);
    assert!(g.state.wizard(BLUE).carried.is_empty());
    assert!(g.state.discard_pile.contains(&b(0)));
}

#[test]
fn a_bloodshard_takes_1_off_each_source() {
    let g = table(&[N::Fireball], &[N::Bloodshard]).after(BLUE, &[Command::EndTurn]);
    let g = carrying(g, RED, &[r(0)]).after(RED, &[Command::EndTurn]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 11);
}

#[test]
fn a_lifestone_heals_1_in_time_passes() {
    let g = table(&[N::Lifestone], &[]).with([Event::WizardDamaged {
        seat: BLUE,
        amount: 5,
        life: 10,
        kind: None,
    }]);
    let g = carrying(g, BLUE, &[b(0)]);
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn]);
    assert_eq!(life(&g, BLUE), 11);
}

#[test]
fn a_speedstone_adds_1_movement_at_once_and_every_turn() {
    let g = table(&[N::Speedstone], &[]);
    let g = carrying(g, BLUE, &[b(0)]);
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, 4);
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn]);
    assert_eq!(g.state.turn.as_ref().unwrap().movement_left, 4);
}

#[test]
fn a_powerstone_makes_energy_worth_1_more() {
    let g = carrying(table(&[N::Powerstone, N::Zot], &[]), BLUE, &[b(0)]);
    let g = resolved(g, BLUE, cast_with(b(1), Some(b(2)), at(RED), None));
    assert_eq!(life(&g, RED), 9, "Energy 5 + 1");
}

#[test]
fn a_spellstone_draws_one_more() {
    let g = carrying(table(&[N::Spellstone, N::Zot, N::Zot], &[]), BLUE, &[b(0)]);
    let g = g.after(
        BLUE,
        &[
            Command::Discard {
                cards: vec![b(1), b(2)],
            },
            Command::EndMoveAndCast,
        ],
    );
    assert!(g.when(BLUE, Command::Draw { count: 3 }).result.is_ok());
}

#[test]
fn a_mightstone_adds_a_recorded_die_roll_to_punches() {
    let g = carrying(table(&[N::Mightstone], &[]), BLUE, &[b(0)]).with_wizard_at(RED, sq(4, 1));
    let w = g.when_unanswered(
        BLUE,
        Command::Punch {
            target: Target::Wizard { seat: RED },
        },
    );
    let events = w.events();
    let Some(Event::DieRolled { value }) =
        events.iter().find(|e| matches!(e, Event::DieRolled { .. }))
    else {
        panic!("a die roll is recorded: {events:?}");
    };
    assert_eq!(w.state().wizard(RED).life, 15 - 1 - *value as i8);
}

#[test]
fn stone_dead_adds_1_per_magic_stone_carried() {
    let g = table(&[N::StoneDead], &[N::Lifestone, N::Speedstone]).after(BLUE, &[Command::EndTurn]);
    let g = carrying(g, RED, &[r(0), r(1)]).after(RED, &[Command::EndTurn]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 12);
}

#[test]
fn null_powder_from_the_play_area_stops_a_spell_or_ends_one() {
    let g = table(&[N::Fireball], &[N::NullPowder]).after(BLUE, &[Command::EndTurn]);
    let g = carrying(g, RED, &[r(0)]).after(RED, &[Command::EndTurn]);
    let g = g.after(BLUE, &[cast(b(0), at(RED))]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!(life(&g, RED), 15);
    assert!(g.state.wizard(RED).carried.is_empty());
    let g = table(&[N::NullPowder, N::CreateWall], &[]);
    let g = carrying(g, BLUE, &[b(0)]);
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Line { line: v(4, 2) }));
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: SpellTarget::Spell { card: b(1) },
        },
    );
    assert_eq!(g.state.labyrinth.barrier(v(4, 2)), None);
}

#[test]
fn universal_solvent_dissolves_a_wall_and_itself_without_attacking() {
    let g = carrying(table(&[N::UniversalSolvent, N::Zot], &[]), BLUE, &[b(0)])
        .with_wizard_at(BLUE, sq(4, 4));
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: SpellTarget::Line { line: v(4, 5) },
        },
    );
    assert_eq!(g.state.labyrinth.barrier(v(4, 5)), None);
    assert!(g.state.discard_pile.contains(&b(0)));
    assert!(!g.state.turn.as_ref().unwrap().attacked());
}

#[test]
fn acid_bath_burns_each_time_passes_until_water_rinses_it() {
    let g = table(&[N::AcidBath, N::Waterbolt], &[]);
    let g = resolved(g, BLUE, cast_with(b(0), Some(b(2)), at(RED), None));
    assert_eq!(life(&g, RED), 15, "the bath burns in Time Passes");
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn]);
    assert_eq!(life(&g, RED), 13);
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    assert!(g.state.spells.is_empty(), "rinsed");
}

#[test]
fn add_spends_two_cards_as_energy_for_the_next_spell() {
    use crate::wizwar::casting::SpellOption;
    let g = table(&[N::Add, N::Zot, N::Energy4], &[]);
    g.when(
        BLUE,
        cast_with(
            b(0),
            None,
            SpellTarget::Caster,
            Some(SpellOption::Energy { card: b(2) }),
        ),
    )
    .then_code("bad_option");
    g.when(
        BLUE,
        cast_with(
            b(0),
            Some(b(2)),
            SpellTarget::Caster,
            Some(SpellOption::Energy { card: b(2) }),
        ),
    )
    .then_code("bad_option");
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            Some(b(3)),
            SpellTarget::Caster,
            Some(SpellOption::Energy { card: b(2) }),
        ),
    );
    assert!(g.state.discard_pile.contains(&b(2)) && g.state.discard_pile.contains(&b(3)));
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    assert_eq!(life(&g, RED), 6, "Zot! with 5 + 4");
}

#[test]
fn fools_gold_burns_an_enemy_lifting_a_treasure_in_the_casters_sector() {
    use crate::wizwar::commands::Thing;
    use crate::wizwar::labyrinth::SectorIndex;
    use crate::wizwar::treasures::TreasureId;
    let g = table(&[N::FoolsGold], &[]);
    g.when(
        BLUE,
        cast(
            b(0),
            SpellTarget::Sector {
                slot: SectorIndex(1),
            },
        ),
    )
    .then_code("invalid_target");
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            Some(b(1)),
            SpellTarget::Sector {
                slot: SectorIndex(0),
            },
            None,
        ),
    );
    // Blue's treasure 1 lies in (3,3).
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .with_wizard_at(RED, sq(3, 3));
    let g = g.after(
        RED,
        &[Command::PickUp {
            thing: Thing::Treasure {
                treasure: TreasureId(1),
            },
        }],
    );
    assert_eq!(life(&g, RED), 12);
}

#[test]
fn a_visionstone_lets_spells_see_through_one_wall() {
    // From (4,4), (3,2) is hidden by the one wall above (4,3).
    let g = carrying(
        table(&[N::Visionstone, N::Zot, N::LargeRock], &[]),
        BLUE,
        &[b(0), b(2)],
    )
    .with_wizard_at(BLUE, sq(4, 4))
    .with_wizard_at(RED, sq(3, 2));
    g.when(
        BLUE,
        Command::Use {
            card: b(2),
            target: at(RED),
        },
    )
    .then_error(crate::wizwar::RuleViolation::NotInSight);
    let g = resolved(g, BLUE, cast(b(1), at(RED)));
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn a_brainstone_draws_2_the_first_time_and_raises_the_hand_limit_by_2() {
    use crate::wizwar::effects::hand_limit;
    let g = table(&[N::Brainstone], &[]);
    assert_eq!(hand_limit(&g.state, BLUE), 7);
    let g = carrying(g, BLUE, &[b(0)]);
    assert_eq!(g.state.wizard(BLUE).hand.len(), 4 + 2);
    assert_eq!(hand_limit(&g.state, BLUE), 9);
    assert_eq!(g.state.hand_total(BLUE), 7);
    // Every player sees the raised limit (the stone is carried face up).
    let view = WizWar::view(&g.state, crate::ruleset::Viewer::Player(RED));
    let blue = view.wizards.iter().find(|w| w.seat == BLUE).unwrap();
    assert_eq!((blue.hand_limit, blue.hand_total), (9, 7));
    let red = view.wizards.iter().find(|w| w.seat == RED).unwrap();
    assert_eq!(red.hand_limit, 7);
}

#[test]
fn a_brainstone_leaving_asks_for_two_discards_and_regaining_it_draws_nothing() {
    use crate::wizwar::Thing;
    use crate::wizwar::choices::Choice;
    let g = carrying(table(&[N::Brainstone], &[]), BLUE, &[b(0)]);
    let g = g.after(
        BLUE,
        &[Command::Drop {
            thing: Thing::Item { card: b(0) },
        }],
    );
    assert_eq!(g.state.choice, Some(Choice::Brainstone { seat: BLUE }));
    let hand = g.state.wizard(BLUE).hand.clone();
    assert!(g.when(BLUE, Command::Pass).result.is_err());
    let one = Command::Discard {
        cards: vec![hand[0]],
    };
    assert!(g.when(BLUE, one).result.is_err());
    let g = g.after(
        BLUE,
        &[Command::Discard {
            cards: vec![hand[0], hand[1]],
        }],
    );
    assert_eq!(g.state.choice, None);
    assert_eq!(g.state.wizard(BLUE).hand.len(), 6 - 2);
    let g = g.after(
        BLUE,
        &[Command::PickUp {
            thing: Thing::Item { card: b(0) },
        }],
    );
    assert_eq!(g.state.wizard(BLUE).carried, vec![b(0)]);
    assert_eq!(g.state.wizard(BLUE).hand.len(), 4, "no second draw");
}

#[test]
fn a_brainstone_shattered_by_fire_makes_its_carrier_discard_2() {
    use crate::wizwar::choices::Choice;
    let g = table(&[N::Fireball], &[N::Brainstone]).after(BLUE, &[Command::EndTurn]);
    let g = carrying(g, RED, &[r(0)]).after(RED, &[Command::EndTurn]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert!(g.state.wizard(RED).carried.is_empty());
    assert_eq!(g.state.choice, Some(Choice::Brainstone { seat: RED }));
    let hand = g.state.wizard(RED).hand.clone();
    let g = g.after(
        RED,
        &[Command::Discard {
            cards: vec![hand[2], hand[3]],
        }],
    );
    assert_eq!(g.state.wizard(RED).hand.len(), hand.len() - 2);
    assert!(g.state.discard_pile.contains(&hand[2]));
}

/// The rulebook's example (p.11): Acid Bath fuelled by a 4 energy card gets
/// four tokens; when time passes for its caster it deals 2 and keeps three.
#[test]
fn the_rulebooks_acid_bath_with_energy_4_deals_2_and_then_lasts_three_more_turns() {
    let g = table(&[N::AcidBath, N::Energy4], &[]);
    let g = resolved(g, BLUE, cast_with(b(0), Some(b(1)), at(RED), None));
    assert_eq!(g.state.spells[0].energy, 4, "the 4 replaces the default 1");
    assert_eq!(g.state.spells[0].tokens, Some(4));
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .after(RED, &[Command::EndTurn]);
    assert_eq!(life(&g, RED), 13);
    assert_eq!(g.state.spells[0].tokens, Some(3));
}
