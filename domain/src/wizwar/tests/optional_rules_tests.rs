//! The optional rules (rulebook p.17), each with the rule on and off. On the
//! two-player side-A board blue's treasures (0, 1) start on (1,1) and (3,3),
//! red's (2, 3) on (0,5) and (4,9); blue's home base is (2,2), red's (2,7).

use super::given::*;
use super::magic::*;
use crate::rng::GameRng;
use crate::ruleset::{Ruleset, SetupError, fold};
use crate::wizwar::cards::{self, CardName as N, School};
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::edition::Edition;
use crate::wizwar::objects::CardId;
use crate::wizwar::optional_rules::{CustomSpellbook, OptionalRules, SpellbookGroup};
use crate::wizwar::state::Phase;
use crate::wizwar::treasures::TreasureId;
use crate::wizwar::winning::{VictoryReason, WinReason};
use crate::wizwar::{Command, Event, Options, RuleViolation, Target, Thing, WizWar};

/// A table played with `rules` (as if recorded at setup).
fn under(rules: OptionalRules, g: Given) -> Given {
    g.with([Event::OptionalRulesChosen { rules }])
}

fn treasure(i: u8) -> Thing {
    Thing::Treasure {
        treasure: TreasureId(i),
    }
}

fn carrying(seat: crate::ruleset::Seat, t: u8) -> Event {
    Event::TreasurePickedUp {
        seat,
        treasure: TreasureId(t),
    }
}

fn scored(seat: crate::ruleset::Seat, reason: VictoryReason) -> Event {
    Event::VictoryPointScored { seat, reason }
}

fn options_with(rules: OptionalRules) -> Options {
    Options {
        optional_rules: rules,
        ..Options::default()
    }
}

fn refusal(rules: OptionalRules, seats: u8) -> String {
    match WizWar::setup(&options_with(rules), seats, &mut GameRng::from_u64(1)) {
        Err(SetupError::InvalidOptions(why)) => why,
        other => panic!("expected invalid options, got {other:?}"),
    }
}

// --- Choosing the rules ---------------------------------------------------

#[test]
fn options_without_optional_rules_are_the_standard_game() {
    let o: Options = serde_json::from_str(
        r#"{"side":"a","schools":["alchemy","elemental","mentalism"],"yield_policy":"always"}"#,
    )
    .unwrap();
    assert!(o.optional_rules.is_standard());
    assert_eq!(o.optional_rules.victory_points, 2);
    let o: Options =
        serde_json::from_str(r#"{"optional_rules":{"heavy_items":true,"victory_points":3}}"#)
            .unwrap();
    assert!(o.optional_rules.heavy_items);
    assert_eq!(o.optional_rules.victory_points, 3);
    assert!(!o.optional_rules.uncluttered_minds);
    assert!(
        serde_json::from_str::<Options>(r#"{"optional_rules":{"heavy_item":true}}"#).is_err(),
        "a misspelt rule is refused, not ignored"
    );
}

#[test]
fn a_standard_game_records_no_optional_rules_and_its_setup_is_unchanged() {
    let events = WizWar::setup(&Options::default(), 3, &mut GameRng::from_u64(5)).unwrap();
    assert!(matches!(events[0], Event::BoardBuilt { .. }));
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, Event::OptionalRulesChosen { .. }))
    );
    assert!(fold::<WizWar>(&events).optional_rules.is_standard());
}

#[test]
fn chosen_optional_rules_are_the_first_event_and_the_state_knows_them() {
    let rules = OptionalRules {
        uncluttered_minds: true,
        victory_points: 4,
        ..OptionalRules::default()
    };
    let events = WizWar::setup(&options_with(rules.clone()), 2, &mut GameRng::from_u64(5)).unwrap();
    assert_eq!(
        events[0],
        Event::OptionalRulesChosen {
            rules: rules.clone()
        }
    );
    let state = fold::<WizWar>(&events);
    assert_eq!(state.optional_rules, rules);
    assert_eq!(
        WizWar::view(&state, crate::ruleset::Viewer::Spectator).optional_rules,
        rules
    );
    // The rest of the setup is the standard one, die roll for die roll.
    let standard = WizWar::setup(&Options::default(), 2, &mut GameRng::from_u64(5)).unwrap();
    assert_eq!(events[1..], standard[..]);
}

#[test]
fn the_ruleset_lists_the_optional_rules_among_its_options() {
    let info = WizWar::info();
    let option = info
        .options
        .iter()
        .find(|o| o.name == "optional_rules")
        .expect("listed");
    assert_eq!(option.default["victory_points"], 2);
    assert_eq!(option.default["heavy_items"], false);
}

#[test]
fn victory_points_other_than_2_3_or_4_are_refused_with_a_sentence() {
    for points in [0, 1, 5] {
        let why = refusal(
            OptionalRules {
                victory_points: points,
                ..OptionalRules::default()
            },
            2,
        );
        assert!(why.contains("victory_points must be 2"), "{why}");
    }
}

#[test]
fn giant_book_of_spells_deals_from_one_deck_of_every_card_but_black_cantrip() {
    let events = WizWar::setup(
        &options_with(OptionalRules {
            giant_book_of_spells: true,
            ..OptionalRules::default()
        }),
        2,
        &mut GameRng::from_u64(1),
    )
    .expect("every school is played, so the Giant Book can be");
    let deck = events
        .iter()
        .find_map(|e| match e {
            Event::DeckBuilt { cards, .. } => cards.revealed().cloned(),
            _ => None,
        })
        .expect("the deck is built");
    // 7 × 24 cards less Black Cantrip's 12 (rulebook p.17).
    assert_eq!(deck.len(), 156);
    let mut sorted = deck.clone();
    sorted.sort();
    let mut giant = cards::giant_book_deck();
    giant.sort();
    assert_eq!(sorted, giant);
}

#[test]
fn the_giant_book_deck_holds_every_card_but_black_cantrip() {
    // The code path setup takes once every card is played.
    let deck = super::super::magic_deck(
        &options_with(OptionalRules {
            giant_book_of_spells: true,
            ..OptionalRules::default()
        }),
        Edition::Eighth,
    );
    assert_eq!(deck, cards::giant_book_deck());
    let standard = super::super::magic_deck(&Options::default(), Edition::Eighth);
    assert!(deck.len() > standard.len());
    for school in [School::Conjuring, School::Mutation, School::Thaumaturgy] {
        for card in cards::school_cards(school) {
            assert!(deck.contains(&card.name), "{:?}", card.name);
        }
    }
}

#[test]
fn custom_spellbook_and_giant_book_of_spells_cannot_be_combined() {
    let why = refusal(
        OptionalRules {
            custom_spellbook: Some(spellbook(&[0], &[1])),
            giant_book_of_spells: true,
            ..OptionalRules::default()
        },
        2,
    );
    assert!(why.contains("choose one of them"), "{why}");
}

// --- Uncluttered Minds ------------------------------------------------------

fn uncluttered_minds() -> OptionalRules {
    OptionalRules {
        uncluttered_minds: true,
        ..OptionalRules::default()
    }
}

/// Blue maintains Fog and holds six cards, in Discard and Draw.
fn fog_and_six_cards(g: Given) -> Given {
    resolved(g, BLUE, cast(b(0), SpellTarget::Board))
        .with([Event::CardsDrawn {
            seat: BLUE,
            count: 2,
            cards: crate::kit::Secret::hidden(),
        }])
        .after(BLUE, &[Command::EndMoveAndCast])
}

#[test]
fn with_uncluttered_minds_maintained_spells_do_not_count_against_the_hand_limit() {
    let g = fog_and_six_cards(under(uncluttered_minds(), table(&[N::Fog], &[])));
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
    assert_eq!(g.state.hand_total(BLUE), 6);
    assert!(g.when(BLUE, Command::Draw { count: 1 }).result.is_ok());
    g.when(BLUE, Command::Draw { count: 2 })
        .then_error(RuleViolation::HandFull { limit: 7 });
}

#[test]
fn without_uncluttered_minds_maintained_spells_count_against_the_hand_limit() {
    let g = fog_and_six_cards(table(&[N::Fog], &[]));
    assert_eq!(g.state.hand_total(BLUE), 7);
    g.when(BLUE, Command::Draw { count: 1 })
        .then_error(RuleViolation::HandFull { limit: 7 });
}

// --- Extended Play ------------------------------------------------------------

fn extended_play(victory_points: u8) -> OptionalRules {
    OptionalRules {
        victory_points,
        ..OptionalRules::default()
    }
}

/// Blue has `points` victory points and carries red's treasure 2 home.
fn bringing_a_treasure_home(g: Given, points: usize) -> When {
    let g = g
        .with(std::iter::repeat_n(
            scored(BLUE, VictoryReason::Kill),
            points,
        ))
        .with([carrying(BLUE, 2)]);
    g.when(BLUE, Command::Drop { thing: treasure(2) })
}

#[test]
fn with_extended_play_to_3_two_victory_points_do_not_win_but_three_do() {
    let g = under(extended_play(3), given(two_players()));
    let s = bringing_a_treasure_home(g.clone(), 1).state();
    assert_eq!(s.wizard(BLUE).victory_points, 2);
    assert!(!s.is_over());
    let w = bringing_a_treasure_home(g, 2);
    w.then_contains(&Event::GameWon {
        seat: BLUE,
        reason: WinReason::VictoryPoints,
    });
    let outcome = WizWar::outcome(&w.state()).expect("over");
    assert_eq!(
        outcome.summary,
        "The wizard of seat 0 scored 3 victory points"
    );
}

#[test]
fn with_extended_play_to_4_three_victory_points_do_not_win() {
    let g = under(extended_play(4), given(two_players()));
    assert!(!bringing_a_treasure_home(g.clone(), 2).state().is_over());
    assert!(bringing_a_treasure_home(g, 3).state().is_over());
}

#[test]
fn without_extended_play_two_victory_points_win() {
    let w = bringing_a_treasure_home(given(two_players()), 1);
    w.then_contains(&Event::GameWon {
        seat: BLUE,
        reason: WinReason::VictoryPoints,
    });
    let outcome = WizWar::outcome(&w.state()).expect("over");
    assert_eq!(
        outcome.summary,
        "The wizard of seat 0 scored 2 victory points"
    );
}

/// Red, at 1 life, stands next to blue, who may attack.
fn red_at_deaths_door(g: Given) -> Given {
    g.with_wizard_at(RED, sq(4, 1)).with([Event::WizardDamaged {
        seat: RED,
        amount: 14,
        life: 1,
        kind: None,
    }])
}

fn punch_red() -> Command {
    Command::Punch {
        target: Target::Wizard { seat: RED },
    }
}

#[test]
fn with_extended_play_the_sole_survivor_still_wins_at_once() {
    let g = red_at_deaths_door(under(extended_play(4), table(&[], &[])));
    let w = g.when_unanswered(BLUE, punch_red());
    w.then_contains(&Event::GameWon {
        seat: BLUE,
        reason: WinReason::LastWizardStanding,
    });
    assert_eq!(w.state().wizard(BLUE).victory_points, 1);
}

// --- Treasure Hunters ---------------------------------------------------------

fn treasure_hunters() -> OptionalRules {
    OptionalRules {
        treasure_hunters: true,
        ..OptionalRules::default()
    }
}

#[test]
fn with_treasure_hunters_killing_a_wizard_scores_no_victory_point() {
    let g = red_at_deaths_door(under(treasure_hunters(), table_of(&[&[], &[], &[]])));
    let w = g.when_unanswered(BLUE, punch_red());
    let s = w.state();
    assert!(!s.wizard(RED).alive);
    assert_eq!(s.wizard(BLUE).victory_points, 0);
    assert!(
        !w.events()
            .iter()
            .any(|e| matches!(e, Event::VictoryPointScored { .. }))
    );
    // The killer still takes the hand: only the point is gone.
    assert!(
        w.events()
            .iter()
            .any(|e| matches!(e, Event::HandTaken { to, .. } if *to == BLUE))
    );
}

#[test]
fn without_treasure_hunters_killing_a_wizard_scores_a_victory_point() {
    let g = red_at_deaths_door(table_of(&[&[], &[], &[]]));
    let w = g.when_unanswered(BLUE, punch_red());
    w.then_contains(&scored(BLUE, VictoryReason::Kill));
    assert_eq!(w.state().wizard(BLUE).victory_points, 1);
}

/// Blue has brought red's treasure 2 home and carries red's treasure 3.
fn one_treasure_home_and_one_to_go(g: Given) -> Given {
    g.with([carrying(BLUE, 2)])
        .after(BLUE, &[Command::Drop { thing: treasure(2) }])
        .with([carrying(BLUE, 3)])
}

#[test]
fn with_treasure_hunters_two_enemy_treasures_in_the_home_base_win() {
    let g = one_treasure_home_and_one_to_go(under(treasure_hunters(), given(two_players())));
    assert!(!g.state.is_over());
    let w = g.when(BLUE, Command::Drop { thing: treasure(3) });
    w.then_contains(&Event::GameWon {
        seat: BLUE,
        reason: WinReason::EnemyTreasures,
    });
    let outcome = WizWar::outcome(&w.state()).expect("over");
    assert_eq!(
        outcome.summary,
        "The wizard of seat 0 has 2 enemy treasures in his home base"
    );
}

#[test]
fn with_treasure_hunters_points_from_kills_do_not_count_toward_the_win() {
    // A point for a kill (scored before, say) is no treasure in the base.
    let g = under(treasure_hunters(), given(two_players()));
    let w = bringing_a_treasure_home(g, 1);
    assert_eq!(w.state().wizard(BLUE).victory_points, 2);
    assert!(!w.state().is_over());
}

#[test]
fn with_treasure_hunters_and_extended_play_more_treasures_are_needed() {
    let rules = OptionalRules {
        victory_points: 3,
        ..treasure_hunters()
    };
    let g = under(
        rules.clone(),
        given(game_with(
            3,
            crate::wizwar::sector_boards::Side::A,
            &[],
            0,
            BLUE,
        )),
    );
    let g = one_treasure_home_and_one_to_go(g);
    let s = g.when(BLUE, Command::Drop { thing: treasure(3) }).state();
    assert_eq!(s.enemy_treasures_in_home_base(BLUE), 2);
    assert!(!s.is_over());
    // Two players have only two enemy treasures each: refused at setup.
    let why = refusal(rules.clone(), 2);
    assert!(why.contains("Treasure Hunters"), "{why}");
    assert!(WizWar::setup(&options_with(rules), 3, &mut GameRng::from_u64(1)).is_ok());
}

// --- Deadly Treasures -----------------------------------------------------------
// On the three-player side-A board yellow's home base is (7,2).

fn deadly_treasures() -> OptionalRules {
    OptionalRules {
        deadly_treasures: true,
        ..OptionalRules::default()
    }
}

fn three_players() -> Given {
    table_of(&[&[], &[], &[]])
}

fn lying(seat: crate::ruleset::Seat, t: u8, square: crate::wizwar::labyrinth::Square) -> Event {
    Event::TreasureDropped {
        seat,
        treasure: TreasureId(t),
        square,
    }
}

/// Red's treasure 2 lies in yellow's home base; blue carries red's
/// treasure 3 in his own.
fn reds_second_treasure_coming_home(g: Given) -> Given {
    assert_eq!(g.state.labyrinth.home_base(YELLOW), Some(sq(7, 2)));
    g.with_wizard_at(BLUE, sq(2, 2))
        .with([lying(YELLOW, 2, sq(7, 2)), carrying(BLUE, 3)])
}

#[test]
fn with_deadly_treasures_a_player_whose_two_treasures_lie_in_enemy_bases_is_killed() {
    let g = reds_second_treasure_coming_home(under(deadly_treasures(), three_players()));
    let w = g.when(BLUE, Command::Drop { thing: treasure(3) });
    w.then_contains(&Event::TreasuresCaptured { seat: RED });
    w.then_contains(&Event::WizardDied {
        seat: RED,
        square: sq(4, 3),
        killer: None,
    });
    let s = w.state();
    assert!(!s.wizard(RED).alive);
    // Nobody scores for that death: blue has only his treasure's point.
    assert_eq!(s.wizard(BLUE).victory_points, 1);
    assert!(!w.events().iter().any(|e| matches!(
        e,
        Event::VictoryPointScored {
            reason: VictoryReason::Kill,
            ..
        }
    )));
    assert!(!s.is_over(), "blue and yellow play on");
}

#[test]
fn without_deadly_treasures_both_treasures_in_enemy_bases_kill_nobody() {
    let g = reds_second_treasure_coming_home(three_players());
    let s = g.when(BLUE, Command::Drop { thing: treasure(3) }).state();
    assert!(s.wizard(RED).alive);
}

#[test]
fn with_deadly_treasures_a_treasure_at_its_owners_home_or_in_a_dead_players_base_is_safe() {
    // Red's treasure 2 at red's own home.
    let g = under(deadly_treasures(), three_players())
        .with_wizard_at(BLUE, sq(2, 2))
        .with([lying(RED, 2, sq(2, 7)), carrying(BLUE, 3)]);
    let s = g.when(BLUE, Command::Drop { thing: treasure(3) }).state();
    assert!(s.wizard(RED).alive);
    // Red's treasure 2 in the base of yellow, who is dead.
    let g = reds_second_treasure_coming_home(under(deadly_treasures(), three_players())).with([
        Event::WizardDied {
            seat: YELLOW,
            square: sq(7, 2),
            killer: None,
        },
    ]);
    let s = g.when(BLUE, Command::Drop { thing: treasure(3) }).state();
    assert!(s.wizard(RED).alive);
}

#[test]
fn with_deadly_treasures_a_treasure_falling_from_a_dead_wizard_can_kill_its_owner() {
    // Yellow, at 1 life in blue's home, carries red's treasure 3; red's
    // treasure 2 already lies there.
    let g = under(deadly_treasures(), three_players())
        .with_wizard_at(BLUE, sq(2, 2))
        .with_wizard_at(YELLOW, sq(2, 2))
        .with([
            lying(BLUE, 2, sq(2, 2)),
            carrying(YELLOW, 3),
            Event::WizardDamaged {
                seat: YELLOW,
                amount: 14,
                life: 1,
                kind: None,
            },
        ]);
    let w = g.when_unanswered(
        BLUE,
        Command::Punch {
            target: Target::Wizard { seat: YELLOW },
        },
    );
    w.then_contains(&Event::TreasuresCaptured { seat: RED });
    let s = w.state();
    assert!(!s.wizard(YELLOW).alive && !s.wizard(RED).alive);
    assert_eq!(s.winner, Some((BLUE, WinReason::LastWizardStanding)));
}

// --- Heavy Items ----------------------------------------------------------------

fn heavy_items() -> OptionalRules {
    OptionalRules {
        heavy_items: true,
        ..OptionalRules::default()
    }
}

/// Red's cards `cards` lie dropped in blue's square (4,0).
fn dropped_at_blues_feet(g: Given, cards: &[CardId]) -> Given {
    let mut events = vec![];
    for card in cards {
        let card = g.state.card_view(*card);
        events.push(Event::ItemPlayed { seat: RED, card });
        events.push(Event::ItemDropped {
            seat: RED,
            card,
            square: sq(4, 0),
        });
    }
    g.with(events)
}

fn pick_up(card: CardId) -> Command {
    Command::PickUp {
        thing: Thing::Item { card },
    }
}

fn phase(g: &Given) -> Phase {
    g.state.turn.as_ref().unwrap().phase
}

fn movement_left(g: &Given) -> i16 {
    g.state.turn.as_ref().unwrap().movement_left
}

#[test]
fn with_heavy_items_picking_up_an_object_ends_the_move_and_cast_phase() {
    let g = dropped_at_blues_feet(under(heavy_items(), table(&[], &[])), &[r(0)]);
    let w = g.when(BLUE, pick_up(r(0)));
    w.then_contains(&Event::MoveAndCastEnded { seat: BLUE });
    let g = g.after(BLUE, &[pick_up(r(0))]);
    assert_eq!(g.state.wizard(BLUE).carried, vec![r(0)]);
    assert_eq!(phase(&g), Phase::DiscardAndDraw);
    assert_eq!(movement_left(&g), 2, "it still costs a movement point");
}

#[test]
fn without_heavy_items_a_wizard_goes_on_after_picking_up_an_object() {
    let g = dropped_at_blues_feet(table(&[], &[]), &[r(0)]).after(BLUE, &[pick_up(r(0))]);
    assert_eq!(g.state.wizard(BLUE).carried, vec![r(0)]);
    assert_eq!(phase(&g), Phase::MoveAndCast);
}

#[test]
fn with_heavy_items_an_object_still_needs_a_movement_point() {
    let g = dropped_at_blues_feet(under(heavy_items(), table(&[], &[])), &[r(0)])
        .with([Event::MovementChanged { seat: BLUE, by: -3 }]);
    g.when(BLUE, pick_up(r(0)))
        .then_error(RuleViolation::NotEnoughMovement);
}

#[test]
fn with_heavy_items_a_golem_lifts_an_object_as_he_lifts_a_treasure_and_goes_on() {
    let g = resolved(
        under(heavy_items(), table(&[N::GolemForm], &[])),
        BLUE,
        cast(b(0), SpellTarget::Caster),
    );
    let g = dropped_at_blues_feet(g, &[r(0)]).after(BLUE, &[pick_up(r(0))]);
    assert_eq!(g.state.wizard(BLUE).carried, vec![r(0)]);
    assert_eq!(phase(&g), Phase::MoveAndCast);
    assert_eq!(movement_left(&g), 1, "golem speed 2, less 1 for the lift");
}

#[test]
fn with_heavy_items_extra_arms_pick_up_an_armful_and_go_on() {
    let g = resolved(
        under(heavy_items(), table(&[N::ExtraArms], &[])),
        BLUE,
        cast(b(0), SpellTarget::Caster),
    );
    let g = dropped_at_blues_feet(g, &[r(0), r(1)]).after(BLUE, &[pick_up(r(0)), pick_up(r(1))]);
    assert_eq!(g.state.wizard(BLUE).carried, vec![r(0), r(1)]);
    assert_eq!(phase(&g), Phase::MoveAndCast);
    assert_eq!(movement_left(&g), 2);
}

// --- Permanent Creations --------------------------------------------------------

fn permanent_creations() -> OptionalRules {
    OptionalRules {
        permanent_creations: true,
        ..OptionalRules::default()
    }
}

/// The open line between (4,1) and (4,2) in the south corridor.
fn corridor_line() -> SpellTarget {
    SpellTarget::Line { line: v(4, 2) }
}

/// Blue, holding `blue` (Create Wall first), has walled the corridor.
fn walled(g: Given) -> Given {
    resolved(g, BLUE, cast(b(0), corridor_line()))
}

#[test]
fn with_permanent_creations_a_created_wall_is_not_maintained_its_card_lies_near_the_board() {
    let g = walled(under(permanent_creations(), table(&[N::CreateWall], &[])));
    assert!(g.state.labyrinth.barrier(v(4, 2)).is_some());
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    assert_eq!(g.state.near_the_board(), vec![b(0)]);
    assert_eq!(
        g.state.hand_total(BLUE),
        4,
        "the wall is no part of the hand"
    );
    assert_eq!(g.state.find_spell(b(0)).unwrap().tokens, None);
    let view = WizWar::view(&g.state, crate::ruleset::Viewer::Spectator);
    assert_eq!(view.near_the_board.len(), 1);
    assert_eq!(view.near_the_board[0].name, N::CreateWall);
}

#[test]
fn with_permanent_creations_the_caster_cannot_end_his_creation() {
    let g = walled(under(permanent_creations(), table(&[N::CreateWall], &[])));
    g.when(BLUE, Command::EndSpell { card: b(0) })
        .then_error(RuleViolation::PermanentCreation);
    assert!(!WizWar::legal_commands(&g.state, BLUE).contains(&Command::EndSpell { card: b(0) }));
}

#[test]
fn without_permanent_creations_a_created_wall_is_maintained_and_may_be_ended() {
    let g = walled(table(&[N::CreateWall], &[]));
    assert_eq!(g.state.wizard(BLUE).maintained, vec![b(0)]);
    assert!(g.state.near_the_board().is_empty());
    assert_eq!(g.state.hand_total(BLUE), 5);
    let s = g.when(BLUE, Command::EndSpell { card: b(0) }).state();
    assert!(s.labyrinth.barrier(v(4, 2)).is_none());
}

#[test]
fn with_permanent_creations_the_caster_may_not_dispel_his_own_creation_but_others_may() {
    let g = walled(under(
        permanent_creations(),
        table(&[N::CreateWall, N::Dispel], &[N::Dispel]),
    ));
    g.when(BLUE, cast(b(1), SpellTarget::Spell { card: b(0) }))
        .then_error(RuleViolation::PermanentCreation);
    let g = g.after(BLUE, &[Command::EndTurn]);
    let g = resolved(g, RED, cast(r(0), SpellTarget::Spell { card: b(0) }));
    assert!(g.state.labyrinth.barrier(v(4, 2)).is_none());
    assert!(g.state.discard_pile.contains(&b(0)));
    assert!(g.state.near_the_board().is_empty());
}

#[test]
fn with_permanent_creations_the_caster_may_not_null_powder_his_own_creation() {
    let g = under(
        permanent_creations(),
        table(&[N::NullPowder, N::CreateWall], &[]),
    );
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(g, BLUE, cast(b(1), corridor_line()));
    g.when(
        BLUE,
        Command::Use {
            card: b(0),
            target: SpellTarget::Spell { card: b(1) },
        },
    )
    .then_error(RuleViolation::PermanentCreation);
}

#[test]
fn with_permanent_creations_a_destroyed_creation_is_discarded() {
    let g = walled(under(
        permanent_creations(),
        table(&[N::CreateWall, N::DestroyWall], &[]),
    ));
    let g = resolved(g, BLUE, cast(b(1), corridor_line()));
    assert!(g.state.labyrinth.barrier(v(4, 2)).is_none());
    assert!(g.state.discard_pile.contains(&b(0)));
    assert!(g.state.spells.is_empty() && g.state.creations.is_empty());
}

/// Blue, walled in and at 1 life, is punched to death by red next to him.
fn caster_killed(g: Given) -> Given {
    let g = g
        .after(BLUE, &[Command::EndTurn])
        .with_wizard_at(RED, sq(4, 1))
        .with([Event::WizardDamaged {
            seat: BLUE,
            amount: 14,
            life: 1,
            kind: None,
        }]);
    g.after_windows(
        RED,
        &[Command::Punch {
            target: Target::Wizard { seat: BLUE },
        }],
    )
}

#[test]
fn with_permanent_creations_a_creation_outlives_its_caster() {
    let g = caster_killed(walled(under(
        permanent_creations(),
        table_of(&[&[N::CreateWall], &[], &[]]),
    )));
    assert!(!g.state.wizard(BLUE).alive);
    assert!(g.state.labyrinth.barrier(v(4, 2)).is_some());
    assert_eq!(g.state.near_the_board(), vec![b(0)]);
}

#[test]
fn without_permanent_creations_a_creation_ends_with_its_caster() {
    let g = caster_killed(walled(table_of(&[&[N::CreateWall], &[], &[]])));
    assert!(!g.state.wizard(BLUE).alive);
    assert!(g.state.labyrinth.barrier(v(4, 2)).is_none());
}

#[test]
fn with_permanent_creations_walls_of_fire_stone_blocks_and_the_homunculus_are_creations() {
    let g = under(
        permanent_creations(),
        table(&[N::WallOfFire, N::StoneBlock, N::Homunculus], &[]),
    );
    let g = resolved(g, BLUE, cast(b(0), corridor_line()));
    let g = resolved(
        g,
        BLUE,
        cast(b(1), SpellTarget::Square { square: sq(4, 1) }),
    );
    let g = g.with_wizard_at(BLUE, sq(3, 0));
    let g = resolved(
        g,
        BLUE,
        cast(b(2), SpellTarget::Square { square: sq(2, 0) }),
    );
    assert!(g.state.creature(b(2)).is_some());
    assert_eq!(g.state.near_the_board(), vec![b(0), b(1), b(2)]);
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    // Its master still moves his homunculus.
    assert!(
        g.when(
            BLUE,
            Command::MoveCreature {
                card: b(2),
                direction: crate::wizwar::labyrinth::Direction::North,
            }
        )
        .result
        .is_ok()
    );
    // Other spells are maintained as ever.
    assert!(!crate::wizwar::durations::is_creation(N::Fog));
}

#[test]
fn with_permanent_creations_a_creation_that_made_nothing_is_discarded() {
    let g = under(permanent_creations(), table(&[N::StoneBlock], &[]));
    // Cast at an empty square; red steps into it before it resolves.
    let g = g
        .after(
            BLUE,
            &[cast(b(0), SpellTarget::Square { square: sq(4, 2) })],
        )
        .with_wizard_at(RED, sq(4, 2));
    let g = all_pass(g);
    assert!(g.state.creations.is_empty());
    assert!(g.state.spells.is_empty());
    assert!(g.state.discard_pile.contains(&b(0)));
}

// --- Custom Spellbook -------------------------------------------------------------

/// White Cantrip with Alchemy, Mentalism and Thaumaturgy for `white`; Black
/// Cantrip with Conjuring, Elemental and Mutation for `black` (the
/// rulebook's example).
fn spellbook(white: &[u8], black: &[u8]) -> CustomSpellbook {
    let group = |seats: &[u8], schools: [School; 3]| SpellbookGroup {
        seats: seats.iter().copied().map(crate::ruleset::Seat).collect(),
        schools: schools.to_vec(),
    };
    CustomSpellbook {
        white_cantrip: group(
            white,
            [School::Alchemy, School::Mentalism, School::Thaumaturgy],
        ),
        black_cantrip: group(
            black,
            [School::Conjuring, School::Elemental, School::Mutation],
        ),
    }
}

fn custom_spellbook(book: CustomSpellbook) -> OptionalRules {
    OptionalRules {
        custom_spellbook: Some(book),
        ..OptionalRules::default()
    }
}

/// A three-player game set up with blue and yellow drawing from the White
/// Cantrip deck, red from the Black Cantrip deck.
fn three_with_a_spellbook() -> Given {
    let options = options_with(custom_spellbook(spellbook(&[0, 2], &[1])));
    given(WizWar::setup(&options, 3, &mut GameRng::from_u64(3)).unwrap())
}

/// The deck a card was built into: true for the Black Cantrip group's.
fn from_black_deck(g: &Given, card: CardId) -> bool {
    card >= g.state.black_cantrip_deck.as_ref().unwrap().first
}

#[test]
fn with_custom_spellbook_each_group_is_dealt_from_the_deck_it_built() {
    let g = three_with_a_spellbook();
    let (white, black) = match cards::custom_spellbook_decks(
        [School::Alchemy, School::Mentalism, School::Thaumaturgy],
        [School::Conjuring, School::Elemental, School::Mutation],
    ) {
        Ok([white, black]) => (white, black),
        Err(e) => panic!("{e}"),
    };
    let group = g.state.black_cantrip_deck.as_ref().expect("two decks");
    assert_eq!(group.seats, vec![RED]);
    assert_eq!(group.first, CardId(white.len() as u16));
    assert_eq!(g.state.cards.len(), white.len() + black.len());
    for seat in [BLUE, RED, YELLOW] {
        let hand = &g.state.wizard(seat).hand;
        assert_eq!(hand.len(), 5);
        assert!(
            hand.iter()
                .all(|c| from_black_deck(&g, *c) == (seat == RED)),
            "{seat} holds cards of his group's deck only"
        );
    }
    assert_eq!(g.state.deck.len(), white.len() - 10);
    assert_eq!(group.deck.len(), black.len() - 5);
    // Only Black Cantrip holds Fireball here; only White's Alchemy, Bloodshard.
    let names =
        |ids: &[CardId]| -> Vec<N> { ids.iter().map(|c| g.state.cards[c.index()]).collect() };
    let black_names = names(
        &(group.first.0..g.state.cards.len() as u16)
            .map(CardId)
            .collect::<Vec<_>>(),
    );
    assert!(black_names.contains(&N::Fireball) && !black_names.contains(&N::Bloodshard));
    let white_names = names(&(0..group.first.0).map(CardId).collect::<Vec<_>>());
    assert!(white_names.contains(&N::Bloodshard) && !white_names.contains(&N::Fireball));
    // The order is the referee's; spectators see the sizes.
    let view = WizWar::view(&g.state, crate::ruleset::Viewer::Spectator);
    let black_view = view.black_cantrip_deck.expect("shown");
    assert_eq!(black_view.deck_size, black.len() - 5);
    assert!(black_view.deck.is_hidden());
}

#[test]
fn with_custom_spellbook_a_player_discards_to_and_draws_from_his_groups_deck() {
    let g = three_with_a_spellbook();
    let seat = g.state.turn.as_ref().unwrap().seat;
    let black = seat == RED;
    let card = g.state.wizard(seat).hand[0];
    let top = g.state.deck_of(seat)[0];
    let g = g.after(
        seat,
        &[
            Command::Discard { cards: vec![card] },
            Command::EndMoveAndCast,
        ],
    );
    let group = g.state.black_cantrip_deck.as_ref().unwrap();
    let (own, other) = if black {
        (&group.discard_pile, &g.state.discard_pile)
    } else {
        (&g.state.discard_pile, &group.discard_pile)
    };
    assert_eq!(own, &vec![card]);
    assert!(other.is_empty());
    let g = g.after(seat, &[Command::Draw { count: 1 }]);
    assert!(g.state.wizard(seat).hand.contains(&top));
}

#[test]
fn with_custom_spellbook_a_card_from_the_other_deck_is_discarded_to_the_discarders_pile() {
    // Red (Black Cantrip) comes to hold one of blue's White Cantrip cards.
    let g = three_with_a_spellbook();
    let white_card = g.state.wizard(BLUE).hand[0];
    let taken = g.state.card_view(white_card);
    let mut g = g.with([Event::CardsTaken {
        from: BLUE,
        to: RED,
        count: 1,
        cards: crate::kit::Secret::new(crate::kit::Keeper::Seats(BLUE, RED), vec![taken]),
    }]);
    while g.state.turn.as_ref().unwrap().seat != RED {
        let seat = g.state.turn.as_ref().unwrap().seat;
        g = g.after(seat, &[Command::EndTurn]);
    }
    let g = g.after(
        RED,
        &[Command::Discard {
            cards: vec![white_card],
        }],
    );
    assert_eq!(
        g.state.black_cantrip_deck.as_ref().unwrap().discard_pile,
        vec![white_card]
    );
    assert!(g.state.discard_pile.is_empty());
}

#[test]
fn with_custom_spellbook_a_groups_discard_pile_is_shuffled_into_its_own_deck() {
    let mut g = three_with_a_spellbook();
    // Red's group has drawn its whole deck; its cards lie in its pile.
    let group = g.state.black_cantrip_deck.as_mut().unwrap();
    let pile: Vec<CardId> = std::mem::take(&mut group.deck);
    group.discard_pile = pile.clone();
    let white_deck = g.state.deck.clone();
    while g.state.turn.as_ref().unwrap().seat != RED {
        let seat = g.state.turn.as_ref().unwrap().seat;
        g = g.after(seat, &[Command::EndTurn]);
    }
    let g = g.after(RED, &[Command::EndMoveAndCast]);
    let w = g.when(RED, Command::Draw { count: 1 });
    assert!(w.events().iter().any(|e| matches!(
        e,
        Event::DiscardPileShuffled {
            black_cantrip: true,
            ..
        }
    )));
    let s = w.state();
    let drawn = *s.wizard(RED).hand.last().unwrap();
    assert!(pile.contains(&drawn));
    assert_eq!(s.deck, white_deck, "the other group's deck is untouched");
    assert_eq!(
        s.black_cantrip_deck.as_ref().unwrap().deck.len(),
        pile.len() - 1
    );
}

#[test]
fn without_custom_spellbook_everyone_shares_one_deck() {
    let g = given(WizWar::setup(&Options::default(), 3, &mut GameRng::from_u64(3)).unwrap());
    assert!(g.state.black_cantrip_deck.is_none());
    assert_eq!(g.state.deck_of(RED), &g.state.deck[..]);
    assert_eq!(g.state.deck_of(BLUE), &g.state.deck[..]);
}

#[test]
fn custom_spellbook_groups_must_hold_every_player_once_and_three_schools_each() {
    let refused = |book: CustomSpellbook, seats: u8| refusal(custom_spellbook(book), seats);
    assert!(refused(spellbook(&[0], &[]), 2).contains("at least one player"));
    assert!(refused(spellbook(&[0], &[2]), 3).contains("seat 1 is in none"));
    assert!(refused(spellbook(&[0, 1], &[1]), 2).contains("seat 1 is named twice"));
    assert!(refused(spellbook(&[0], &[1, 4]), 3).contains("names seat 4"));
    let mut twice = spellbook(&[0], &[1]);
    twice.black_cantrip.schools[0] = School::Alchemy;
    assert!(refused(twice, 2).contains("Alchemy is chosen more than once"));
    let mut cantrip = spellbook(&[0], &[1]);
    cantrip.white_cantrip.schools[0] = School::BlackCantrip;
    assert!(refused(cantrip, 2).contains("cantrip set"));
    let mut two = spellbook(&[0], &[1]);
    two.white_cantrip.schools.pop();
    assert!(refused(two, 2).contains("three schools"));
    assert!(
        WizWar::setup(
            &options_with(custom_spellbook(spellbook(&[0, 3], &[1, 2]))),
            4,
            &mut GameRng::from_u64(1)
        )
        .is_ok()
    );
}
