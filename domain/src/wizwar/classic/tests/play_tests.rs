//! The turn, the end of the game and deals in the classic edition (the
//! French rules: "La victoire", "Objets", "Obtenir de nouvelles cartes",
//! "La Mort", "Le combat"), on the engine's given/when/then harness.

use crate::kit::Keeper;
use crate::ruleset::{AwaitReason, Ruleset, Seat, Viewer};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::classic::{
    ClassicCommand, ClassicEvent, EditionCommand, EditionEvent, WizWarClassic,
};
use crate::wizwar::edition::Edition;
use crate::wizwar::labyrinth::Square;
use crate::wizwar::line_of_sight::SightTarget;
use crate::wizwar::objects::CardId;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::state::{Phase, State};
use crate::wizwar::tests::given::*;
use crate::wizwar::treasures::{TreasureId, TreasureLocation};
use crate::wizwar::winning::WinReason;
use crate::wizwar::{Command, Event, RuleViolation, Target, Thing, WizWar};

/// Cards dealt to each seat in these tables.
const HAND: u16 = 5;

/// Seat `seat`'s card `i` (seats are dealt in order).
fn card_of(seat: Seat, i: u16) -> CardId {
    CardId(u16::from(seat.0) * HAND + i)
}

/// A classic table (the "B" sectors) of `players`, each dealt five cards
/// (Fireball, Shield, Energy 4, Energy 5, Energy 6 in that order), every
/// player having had his first turn, blue to play.
fn classic_table(players: u8) -> Given {
    let mut deck = vec![];
    for _ in 0..players {
        deck.extend([N::Fireball, N::Shield, N::Energy4, N::Energy5, N::Energy6]);
    }
    deck.extend([N::Energy5; 20]);
    let mut events = game_with(players, Side::B, &deck, HAND as u8, BLUE);
    for e in &mut events {
        if let Event::BoardBuilt { edition, .. } = e {
            *edition = Edition::Classic;
        }
    }
    let seats: Vec<Seat> = (1..players).map(Seat).collect();
    given(after_first_turns(events, &seats, BLUE))
}

fn home(g: &Given, seat: Seat) -> Square {
    g.state.labyrinth.home_base(seat).unwrap()
}

fn treasures_of(state: &State, seat: Seat) -> Vec<TreasureId> {
    state
        .treasures
        .iter()
        .filter(|t| t.owner == seat)
        .map(|t| t.id)
        .collect()
}

fn treasure(t: TreasureId) -> Thing {
    Thing::Treasure { treasure: t }
}

fn carrying(seat: Seat, t: TreasureId) -> Event {
    Event::TreasurePickedUp { seat, treasure: t }
}

fn lying(seat: Seat, t: TreasureId, square: Square) -> Event {
    Event::TreasureDropped {
        seat,
        treasure: t,
        square,
    }
}

fn at_deaths_door(seat: Seat) -> Event {
    Event::WizardDamaged {
        seat,
        amount: 14,
        life: 1,
        kind: None,
    }
}

fn punch(seat: Seat) -> Command {
    Command::Punch {
        target: Target::Wizard { seat },
    }
}

fn phase(g: &Given) -> Phase {
    g.state.turn.as_ref().unwrap().phase
}

// --- Winning and losing ("La victoire", "La Mort") -------------------------

#[test]
fn two_enemy_treasures_from_any_opponents_brought_home_win_the_game() {
    // One of red's and one of yellow's: they need not come from one player.
    let g = classic_table(3);
    let base = home(&g, BLUE);
    let red = treasures_of(&g.state, RED)[0];
    let yellow = treasures_of(&g.state, YELLOW)[0];
    let g = g
        .with_wizard_at(BLUE, base)
        .with([lying(BLUE, red, base), carrying(BLUE, yellow)]);
    assert!(!g.state.is_over(), "one enemy treasure home is not enough");
    let w = g.when(
        BLUE,
        Command::Drop {
            thing: treasure(yellow),
        },
    );
    w.then_contains(&Event::GameWon {
        seat: BLUE,
        reason: WinReason::EnemyTreasures,
    });
}

#[test]
fn treasures_are_brought_home_one_at_a_time() {
    let g = classic_table(2);
    let [a, b] = treasures_of(&g.state, RED)[..] else {
        panic!()
    };
    let square = g.state.labyrinth.home_base(RED).unwrap();
    let g = g.with_wizard_at(BLUE, square).with([
        lying(RED, a, square),
        lying(RED, b, square),
        carrying(BLUE, a),
    ]);
    g.when(BLUE, Command::PickUp { thing: treasure(b) })
        .then_error(RuleViolation::AlreadyCarryingTreasure);
}

#[test]
fn a_kill_scores_nothing_toward_winning() {
    let g = classic_table(3)
        .with_wizard_at(RED, home(&classic_table(3), BLUE))
        .with_wizard_at(BLUE, home(&classic_table(3), BLUE))
        .with([at_deaths_door(RED)]);
    let w = g.when_unanswered(BLUE, punch(RED));
    let s = w.state();
    assert!(!s.wizard(RED).alive);
    assert_eq!(s.wizard(BLUE).victory_points, 0);
    assert!(!s.is_over(), "blue and yellow play on");
}

#[test]
fn the_last_attacker_of_a_killed_player_takes_all_his_cards_then_discards_down_to_seven() {
    let t = classic_table(2);
    let here = home(&t, BLUE);
    let g = classic_table(3)
        .with_wizard_at(BLUE, here)
        .with_wizard_at(RED, here)
        .with([at_deaths_door(RED)]);
    let w = g.when_unanswered(BLUE, punch(RED));
    assert!(w.events().iter().any(|e| matches!(
        e,
        Event::HandTaken {
            from: RED,
            to: BLUE,
            count: 5,
            ..
        }
    )));
    let g = w.given();
    assert_eq!(g.state.wizard(BLUE).hand.len(), 10);
    // Over seven: nothing but discarding until he is back within the limit.
    g.when(BLUE, Command::EndMoveAndCast)
        .then_error(RuleViolation::OverHandLimit { limit: 7 });
    let g = g.after(
        BLUE,
        &[Command::Discard {
            cards: vec![card_of(BLUE, 0), card_of(BLUE, 1), card_of(BLUE, 2)],
        }],
    );
    assert_eq!(g.state.wizard(BLUE).hand.len(), 7);
    assert!(g.when(BLUE, Command::EndMoveAndCast).result.is_ok());
}

#[test]
fn a_player_eliminated_by_treasures_discards_his_face_up_stone_too() {
    // "La victoire": "ses cartes sont défaussées"; a stone played face up is
    // still one of his cards ("Les pierres peuvent être défaussées comme les
    // autres cartes").
    let mut deck = vec![];
    for seat in 0..3 {
        let first = if seat == RED.0 {
            N::Speedstone
        } else {
            N::Fireball
        };
        deck.extend([first, N::Shield, N::Energy4, N::Energy5, N::Energy6]);
    }
    deck.extend([N::Energy5; 20]);
    let mut events = game_with(3, Side::B, &deck, HAND as u8, BLUE);
    for e in &mut events {
        if let Event::BoardBuilt { edition, .. } = e {
            *edition = Edition::Classic;
        }
    }
    let g = given(after_first_turns(events, &[RED, YELLOW], BLUE));
    let stone = card_of(RED, 0);
    let card = g.state.card_view(stone);
    let g = g.with([Event::ItemPlayed { seat: RED, card }]);
    assert!(g.state.wizard(RED).carried.contains(&stone));
    let [a, b] = treasures_of(&g.state, RED)[..] else {
        panic!()
    };
    let (blue_base, yellow_base) = (home(&g, BLUE), home(&g, YELLOW));
    let red_square = g.state.wizard(RED).square;
    let g = g
        .with_wizard_at(BLUE, blue_base)
        .with([lying(YELLOW, a, yellow_base), carrying(BLUE, b)]);
    let s = g.when(BLUE, Command::Drop { thing: treasure(b) }).state();
    assert!(!s.wizard(RED).alive);
    assert!(s.discard_pile.contains(&stone));
    assert!(s.wizard(RED).carried.is_empty());
    assert!(
        !s.objects
            .iter()
            .any(|o| o.card == stone && o.square == red_square)
    );
}

#[test]
fn a_player_whose_two_treasures_lie_in_other_players_bases_is_eliminated_at_once() {
    let g = classic_table(3);
    let [a, b] = treasures_of(&g.state, RED)[..] else {
        panic!()
    };
    let (blue_base, yellow_base) = (home(&g, BLUE), home(&g, YELLOW));
    let red_square = g.state.wizard(RED).square;
    let red_hand = g.state.wizard(RED).hand.clone();
    let g = g
        .with_wizard_at(BLUE, blue_base)
        .with([lying(YELLOW, a, yellow_base), carrying(BLUE, b)]);
    let w = g.when(BLUE, Command::Drop { thing: treasure(b) });
    w.then_contains(&Event::TreasuresCaptured { seat: RED });
    w.then_contains(&Event::WizardDied {
        seat: RED,
        square: red_square,
        killer: None,
    });
    let s = w.state();
    assert!(!s.wizard(RED).alive);
    // His cards are discarded; his treasures stay where they lie.
    assert!(s.wizard(RED).hand.is_empty());
    assert!(red_hand.iter().all(|c| s.discard_pile.contains(c)));
    assert_eq!(
        s.treasure(a).location,
        TreasureLocation::Lying {
            square: yellow_base
        }
    );
    assert_eq!(
        s.treasure(b).location,
        TreasureLocation::Lying { square: blue_base }
    );
}

#[test]
fn a_player_who_dies_during_his_winning_action_is_dead_first_and_cannot_win() {
    // Blue, at 1 life in his base with one of red's treasures there, carries
    // the other; red kills him there: the treasure falls in blue's base, but
    // blue is dead first, and red is the last player standing.
    let g = classic_table(2);
    let base = home(&g, BLUE);
    let [a, b] = treasures_of(&g.state, RED)[..] else {
        panic!()
    };
    let g = g
        .with_wizard_at(BLUE, base)
        .with_wizard_at(RED, base)
        .with([
            lying(BLUE, a, base),
            carrying(BLUE, b),
            at_deaths_door(BLUE),
        ])
        .with(pass(BLUE, RED));
    let w = g.when_unanswered(RED, punch(BLUE));
    let s = w.state();
    assert!(!s.wizard(BLUE).alive);
    assert_eq!(s.enemy_treasures_in_home_base(BLUE), 2);
    assert_eq!(s.winner, Some((RED, WinReason::LastWizardStanding)));
}

#[test]
fn the_last_player_standing_wins() {
    let g = classic_table(2);
    let here = home(&g, BLUE);
    let g = g
        .with_wizard_at(RED, here)
        .with_wizard_at(BLUE, here)
        .with([at_deaths_door(RED)]);
    let w = g.when_unanswered(BLUE, punch(RED));
    assert_eq!(
        w.state().winner,
        Some((BLUE, WinReason::LastWizardStanding))
    );
}

#[test]
fn an_eliminated_player_is_skipped_in_turn_order_and_in_response_windows() {
    let g = classic_table(3).with([Event::WizardDied {
        seat: RED,
        square: home(&classic_table(3), RED),
        killer: None,
    }]);
    let here = home(&g, BLUE);
    let g = g.with_wizard_at(YELLOW, here).with_wizard_at(BLUE, here);
    // Punching yellow asks yellow alone.
    let asked = g.clone().after(BLUE, &[punch(YELLOW)]);
    assert_eq!(asked.state.stack.last().unwrap().responders, vec![YELLOW]);
    // Blue's turn passes to yellow.
    let w = g.when(BLUE, Command::EndTurn);
    w.then_contains(&Event::TurnStarted {
        seat: YELLOW,
        movement_points: 3,
        stunned: false,
    });
    w.given()
        .when(RED, Command::EndTurn)
        .then_error(RuleViolation::Eliminated);
}

// --- The turn ("Objets", "Obtenir de nouvelles cartes") ---------------------

/// Red's card `card` lies dropped in blue's square.
fn dropped_at_blues_feet(g: Given, card: CardId) -> Given {
    let square = g.state.wizard(BLUE).square;
    let card = g.state.card_view(card);
    g.with([
        Event::ItemPlayed { seat: RED, card },
        Event::ItemDropped {
            seat: RED,
            card,
            square,
        },
    ])
}

fn pick_up(card: CardId) -> Command {
    Command::PickUp {
        thing: Thing::Item { card },
    }
}

#[test]
fn picking_up_an_object_ends_the_turn_but_drawing_is_still_allowed() {
    let g = dropped_at_blues_feet(classic_table(2), card_of(RED, 0));
    let w = g.when(BLUE, pick_up(card_of(RED, 0)));
    w.then_contains(&Event::MoveAndCastEnded { seat: BLUE });
    let g = w.given();
    assert_eq!(g.state.wizard(BLUE).carried, vec![card_of(RED, 0)]);
    assert_eq!(phase(&g), Phase::DiscardAndDraw);
    g.when(
        BLUE,
        Command::Move {
            direction: crate::wizwar::labyrinth::Direction::North,
        },
    )
    .then_error(RuleViolation::WrongPhase {
        expected: Phase::MoveAndCast,
    });
    // Six cards (five and the object): one drawn fills the hand.
    let w = g.when(BLUE, Command::Draw { count: 1 });
    w.then_contains(&Event::TurnEnded { seat: BLUE });
}

#[test]
fn picking_up_an_object_costs_no_movement_in_the_classic_edition() {
    let g = dropped_at_blues_feet(classic_table(2), card_of(RED, 0))
        .with([Event::MovementChanged { seat: BLUE, by: -3 }]);
    assert!(g.when(BLUE, pick_up(card_of(RED, 0))).result.is_ok());
}

#[test]
fn picking_up_a_treasure_ends_the_turn_but_drawing_is_still_allowed() {
    let g = classic_table(2);
    let t = treasures_of(&g.state, RED)[0];
    let square = g.state.treasure(t).location;
    let TreasureLocation::Lying { square } = square else {
        panic!()
    };
    let g = g
        .with_wizard_at(BLUE, square)
        .after(BLUE, &[Command::PickUp { thing: treasure(t) }]);
    assert_eq!(phase(&g), Phase::DiscardAndDraw);
    g.when(BLUE, Command::Draw { count: 2 })
        .then_contains(&Event::TurnEnded { seat: BLUE });
}

#[test]
fn nothing_is_picked_up_outside_ones_turn_even_by_teleporting_onto_it() {
    let g = classic_table(2);
    let t = treasures_of(&g.state, BLUE)[0];
    let TreasureLocation::Lying { square } = g.state.treasure(t).location else {
        panic!()
    };
    // Red's wizard blinks onto blue's treasure during blue's turn: it stays
    // lying, and red may not lift it now.
    let g = g.with_wizard_at(RED, square);
    assert_eq!(
        g.state.treasure(t).location,
        TreasureLocation::Lying { square }
    );
    g.when(RED, Command::PickUp { thing: treasure(t) })
        .then_error(RuleViolation::NotYourTurn);
}

#[test]
fn one_treasure_is_carried_at_a_time_with_any_number_of_objects() {
    let g = classic_table(2);
    let t = treasures_of(&g.state, RED)[0];
    let g = g.with([carrying(BLUE, t)]);
    let g = dropped_at_blues_feet(g, card_of(RED, 0));
    let g = g.after(BLUE, &[pick_up(card_of(RED, 0))]);
    assert_eq!(g.state.carried_treasure(BLUE), Some(t));
    assert_eq!(g.state.wizard(BLUE).carried, vec![card_of(RED, 0)]);
}

#[test]
fn treasures_are_not_cards_in_the_hand() {
    let g = classic_table(2);
    let before = g.state.hand_total(BLUE);
    let t = treasures_of(&g.state, RED)[0];
    let g = g.with([carrying(BLUE, t)]);
    assert_eq!(g.state.hand_total(BLUE), before);
    // A treasure has no card: it cannot be named to throw or use.
    assert!(g.state.wizard(BLUE).hand.len() == 5);
}

#[test]
fn two_cards_are_drawn_at_the_end_of_the_turn_and_the_excess_over_seven_discarded_at_once() {
    // Six cards (five and one more drawn earlier): two drawn make eight.
    let g = classic_table(2)
        .with([Event::CardsDrawn {
            seat: BLUE,
            count: 1,
            cards: crate::kit::Secret::hidden(),
        }])
        .after(BLUE, &[Command::EndMoveAndCast]);
    assert_eq!(g.state.wizard(BLUE).hand.len(), 6);
    let g = g.after(BLUE, &[Command::Draw { count: 2 }]);
    assert_eq!(g.state.wizard(BLUE).hand.len(), 8);
    assert_eq!(g.state.turn.as_ref().unwrap().seat, BLUE, "not over yet");
    // Nothing but the discard of the excess.
    g.when(BLUE, Command::EndTurn)
        .then_error(RuleViolation::OverHandLimit { limit: 7 });
    g.when(BLUE, Command::Draw { count: 1 })
        .then_error(RuleViolation::OverHandLimit { limit: 7 });
    let legal = WizWar::legal_commands(&g.state, BLUE);
    assert!(
        legal.iter().all(|c| matches!(c, Command::Discard { .. })),
        "{legal:?}"
    );
    let w = g.when(
        BLUE,
        Command::Discard {
            cards: vec![card_of(BLUE, 0)],
        },
    );
    w.then_contains(&Event::TurnEnded { seat: BLUE });
    assert_eq!(w.state().wizard(BLUE).hand.len(), 7);
}

#[test]
fn the_eighth_edition_still_refuses_to_draw_past_the_hand_limit() {
    let events = game_with(2, Side::A, &[N::Energy4; 30], 6, BLUE);
    let g = given(events).after(BLUE, &[Command::EndMoveAndCast]);
    g.when(BLUE, Command::Draw { count: 2 })
        .then_error(RuleViolation::HandFull { limit: 7 });
}

#[test]
fn any_cards_may_be_discarded_to_draw() {
    let g = classic_table(2).after(
        BLUE,
        &[
            Command::EndMoveAndCast,
            Command::Discard {
                cards: vec![card_of(BLUE, 0), card_of(BLUE, 1), card_of(BLUE, 4)],
            },
        ],
    );
    assert_eq!(g.state.wizard(BLUE).hand.len(), 2);
    let w = g.when(BLUE, Command::Draw { count: 2 });
    w.then_contains(&Event::TurnEnded { seat: BLUE });
    assert_eq!(w.state().wizard(BLUE).hand.len(), 4);
}

// --- Deals ("Le combat": any deal with a player in sight) -------------------

/// Blue and red stand together in blue's base, yellow far off (three players).
fn dealers() -> Given {
    let g = classic_table(3);
    let here = home(&g, BLUE);
    g.with_wizard_at(RED, here).with_wizard_at(BLUE, here)
}

/// Blue offers red his Fireball for red's Shield.
fn fireball_for_shield() -> EditionCommand {
    EditionCommand::OfferDeal {
        to: RED,
        give: vec![card_of(BLUE, 0)],
        ask: vec![N::Shield],
    }
}

#[test]
fn a_deal_accepted_swaps_the_cards_at_once() {
    let g = dealers().after_classic(BLUE, &[fireball_for_shield().into()]);
    assert!(g.state.deal.is_some());
    assert!(
        WizWarClassic::legal_commands(&g.state, RED).contains(&EditionCommand::AcceptDeal.into())
    );
    let w = g.when_classic(RED, EditionCommand::AcceptDeal);
    let s = w.state();
    assert!(s.wizard(RED).hand.contains(&card_of(BLUE, 0)));
    assert!(!s.wizard(RED).hand.contains(&card_of(RED, 1)));
    assert!(s.wizard(BLUE).hand.contains(&card_of(RED, 1)));
    assert!(!s.wizard(BLUE).hand.contains(&card_of(BLUE, 0)));
    assert_eq!(s.wizard(BLUE).hand.len(), 5);
    assert!(s.deal.is_none());
}

#[test]
fn a_deal_is_offered_only_to_a_player_in_line_of_sight() {
    let g = classic_table(2);
    let from = g.state.wizard(BLUE).square;
    let hidden = g
        .state
        .labyrinth
        .squares()
        .find(|s| !g.state.reaches(from, SightTarget::Square(*s), false))
        .expect("some square out of sight");
    g.with_wizard_at(RED, hidden)
        .when_classic(BLUE, fireball_for_shield())
        .then_error(RuleViolation::NotInSight);
}

#[test]
fn accepting_checks_again_that_both_still_hold_the_cards() {
    let g = dealers().after_classic(
        BLUE,
        &[
            fireball_for_shield().into(),
            Command::Discard {
                cards: vec![card_of(BLUE, 0)],
            }
            .into(),
        ],
    );
    g.when_classic(RED, EditionCommand::AcceptDeal)
        .then_error(RuleViolation::DealCardsMissing);
    // Red holds no Fireball to give.
    let g = dealers().after_classic(
        BLUE,
        &[EditionCommand::OfferDeal {
            to: RED,
            give: vec![],
            ask: vec![N::Fireball, N::Fireball],
        }
        .into()],
    );
    g.when_classic(RED, EditionCommand::AcceptDeal)
        .then_error(RuleViolation::DealCardsMissing);
}

#[test]
fn a_deal_may_be_declined_or_withdrawn() {
    let g = dealers().after_classic(BLUE, &[fireball_for_shield().into()]);
    g.when_classic(RED, EditionCommand::DeclineDeal)
        .then_contains(&ClassicEvent::Edition(EditionEvent::DealDeclined {
            from: BLUE,
            to: RED,
            by: RED,
        }));
    g.when_classic(BLUE, EditionCommand::DeclineDeal)
        .then_contains(&ClassicEvent::Edition(EditionEvent::DealDeclined {
            from: BLUE,
            to: RED,
            by: BLUE,
        }));
    g.when_classic(YELLOW, EditionCommand::AcceptDeal)
        .then_error(RuleViolation::NoDealOffered);
    g.when_classic(BLUE, EditionCommand::AcceptDeal)
        .then_error(RuleViolation::NoDealOffered);
}

#[test]
fn an_offer_lapses_at_the_end_of_the_turn() {
    let g = dealers().after_classic(BLUE, &[fireball_for_shield().into()]);
    let w = g.when_classic(BLUE, Command::EndTurn);
    w.then_contains(&ClassicEvent::Edition(EditionEvent::DealLapsed {
        from: BLUE,
        to: RED,
    }));
    let g = w.classic();
    assert!(g.state.deal.is_none());
    g.when_classic(RED, EditionCommand::AcceptDeal)
        .then_error(RuleViolation::NoDealOffered);
}

#[test]
fn only_the_player_on_turn_offers_a_deal() {
    dealers()
        .when_classic(
            RED,
            EditionCommand::OfferDeal {
                to: BLUE,
                give: vec![card_of(RED, 0)],
                ask: vec![],
            },
        )
        .then_error(RuleViolation::NotYourTurn);
}

#[test]
fn a_third_player_sees_that_a_deal_was_made_but_not_its_cards() {
    let g = dealers();
    let offered = g.when_classic(BLUE, fireball_for_shield());
    let g = offered.given();
    let accepted = g.when(RED, EditionCommand::AcceptDeal.into());
    let events: Vec<ClassicEvent> = offered
        .events()
        .into_iter()
        .chain(accepted.events())
        .collect();
    for event in &events {
        let yellow = WizWarClassic::redact(event, Viewer::Player(YELLOW)).unwrap();
        let red = WizWarClassic::redact(event, Viewer::Player(RED)).unwrap();
        match (&yellow, &red) {
            (
                ClassicEvent::Edition(EditionEvent::DealOffered { give, ask, .. }),
                ClassicEvent::Edition(EditionEvent::DealOffered {
                    give: g2, ask: a2, ..
                }),
            ) => {
                assert!(give.is_hidden() && ask.is_hidden());
                assert!(!g2.is_hidden() && !a2.is_hidden());
            }
            (
                ClassicEvent::Edition(EditionEvent::DealAccepted {
                    given, received, ..
                }),
                ClassicEvent::Edition(EditionEvent::DealAccepted {
                    given: g2,
                    received: r2,
                    ..
                }),
            ) => {
                assert!(given.is_hidden() && received.is_hidden());
                assert_eq!(g2.revealed().unwrap()[0].id, card_of(BLUE, 0));
                assert_eq!(r2.revealed().unwrap()[0].id, card_of(RED, 1));
                assert_eq!(g2.keeper(), Keeper::Seats(BLUE, RED));
            }
            _ => {}
        }
        let json = serde_json::to_string(&yellow).unwrap();
        assert!(
            !json.contains("fireball") && !json.contains("shield"),
            "{json}"
        );
    }
    // The views: yellow sees who deals with whom, not the cards.
    let view = WizWarClassic::view(&g.state, Viewer::Player(YELLOW));
    let deal = view.deal.expect("a deal stands");
    assert_eq!((deal.from, deal.to), (BLUE, RED));
    assert!(deal.give.is_hidden() && deal.ask.is_hidden());
    let view = WizWarClassic::view(&g.state, Viewer::Player(RED));
    assert!(!view.deal.unwrap().give.is_hidden());
}

#[test]
fn the_eighth_edition_has_no_deals() {
    // Its commands cannot even say one: a deal is the classic edition's own.
    let offer = serde_json::json!({"type": "offer_deal", "to": 1, "give": [0]});
    let refusal = serde_json::from_value::<Command>(offer.clone()).unwrap_err();
    assert!(refusal.to_string().contains("unknown variant"), "{refusal}");
    assert!(serde_json::from_value::<ClassicCommand>(offer).is_ok());
    // And its rules refuse one that reaches them in a game of its edition.
    let g = given(two_players());
    g.when_classic(
        BLUE,
        EditionCommand::OfferDeal {
            to: RED,
            give: vec![CardId(0)],
            ask: vec![],
        },
    )
    .then_error(RuleViolation::NoDeals);
}

#[test]
fn a_deal_offered_waits_for_its_answer_and_lapses_when_his_time_runs_out() {
    let g = dealers().after_classic(BLUE, &[fireball_for_shield().into()]);
    let awaiting = WizWarClassic::awaiting(&g.state);
    assert!(
        awaiting
            .iter()
            .any(|a| a.seat == RED && a.reason == AwaitReason::Choice),
        "red is asked to answer: {awaiting:?}"
    );
    assert!(
        awaiting.iter().any(|a| a.seat == BLUE),
        "blue's turn goes on"
    );
    assert!(!awaiting.iter().any(|a| a.seat == YELLOW));
    assert_eq!(
        WizWarClassic::timeout_command(&g.state, RED),
        Some(EditionCommand::DeclineDeal.into())
    );
    let w = g.when_classic(RED, EditionCommand::DeclineDeal);
    assert!(w.state().deal.is_none());
    assert!(
        !WizWarClassic::awaiting(&w.state())
            .iter()
            .any(|a| a.seat == RED)
    );
}

#[test]
fn the_killer_takes_the_objects_his_victim_carried_with_his_hand() {
    // "Objets": objects are taken from you by force only by DROP OBJECT or
    // by killing you.
    let g = classic_table(2);
    let here = home(&g, BLUE);
    let item = g.state.card_view(card_of(RED, 2));
    let g = g
        .with_wizard_at(RED, here)
        .with_wizard_at(BLUE, here)
        .with([Event::ItemPlayed {
            seat: RED,
            card: item,
        }])
        .with([at_deaths_door(RED)]);
    assert_eq!(g.state.wizard(RED).carried, vec![item.id]);
    let w = g.when_unanswered(BLUE, punch(RED));
    w.then_contains(&Event::CarriedItemsBackInHand {
        seat: RED,
        cards: vec![item],
    });
    let s = w.state();
    assert!(s.wizard(BLUE).hand.contains(&item.id));
    assert!(s.objects.is_empty(), "nothing falls on the board");
}
