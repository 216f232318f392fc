//! Rules the first classic work left open: the junction die roll, objects
//! created on one's own base, counter cards cast on one's own turn, a spell
//! that misses, and the last attacker (the French rules text, cited by its
//! sections in the test names' sense).

use crate::ruleset::{Ruleset, Seat};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::edition::Edition;
use crate::wizwar::labyrinth::{BorderLine, Direction, Square};
use crate::wizwar::sector_boards::Side;
use crate::wizwar::state::{State, Tx};
use crate::wizwar::tests::given::*;
use crate::wizwar::tests::magic::*;
use crate::wizwar::{Command, Event, spells};

/// A scene of the classic edition: the engine's recorded game with the
/// classic edition in its board event.
fn classic(mut events: Vec<Event>) -> Vec<Event> {
    for e in &mut events {
        if let Event::BoardBuilt { edition, .. } = e {
            *edition = Edition::Classic;
        }
    }
    events
}

/// Blue to play (his first round over), holding `hands[0]`, the others
/// the next hands (topped up with number cards); blue in (4,0), red in
/// (4,3) of the open south corridor.
fn classic_table_of(hands: &[&[N]]) -> Given {
    let mut deck: Vec<N> = hands
        .iter()
        .flat_map(|h| {
            let mut h = h.to_vec();
            h.resize(usize::from(HAND), N::Energy5);
            h
        })
        .collect();
    deck.extend([N::Energy4; 12]);
    let players = hands.len() as u8;
    let seats: Vec<Seat> = (1..players).map(Seat).collect();
    let events = classic(game_with(players, Side::A, &deck, HAND as u8, BLUE));
    given(after_first_turns(events, &seats, BLUE))
        .with_wizard_at(BLUE, sq(4, 0))
        .with_wizard_at(RED, sq(4, 3))
}

fn classic_table(blue: &[N], red: &[N]) -> Given {
    classic_table_of(&[blue, red])
}

/// A square next to `square` with nothing standing between them.
fn open_neighbour(state: &State, square: Square) -> Square {
    Direction::ALL
        .iter()
        .filter(|d| {
            state
                .labyrinth
                .barrier(BorderLine::of(square, **d))
                .is_none()
        })
        .find_map(|d| state.labyrinth.step(square, *d).map(|s| s.to))
        .expect("an open side")
}

// --- Created objects ("Les murs et les objets créés") ----------------------

#[test]
fn a_wizard_may_create_an_object_on_his_own_base() {
    let g = classic_table(&[N::Thornbush], &[]);
    let base = g.state.labyrinth.home_base(BLUE).unwrap();
    let beside = open_neighbour(&g.state, base);
    let g = resolved(
        g.with_wizard_at(BLUE, beside),
        BLUE,
        cast(b(0), SpellTarget::Square { square: base }),
    );
    assert!(
        g.state.creations.iter().any(|c| c.square() == Some(base)),
        "the bush grows on his own base"
    );
}

#[test]
fn a_created_object_never_lies_on_an_opponents_base_even_in_the_classic_edition() {
    let g = classic_table(&[N::Thornbush], &[]);
    let base = g.state.labyrinth.home_base(RED).unwrap();
    let beside = open_neighbour(&g.state, base);
    g.with_wizard_at(RED, sq(0, 0))
        .with_wizard_at(BLUE, beside)
        .when(BLUE, cast(b(0), SpellTarget::Square { square: base }))
        .then_code("invalid_target");
}

#[test]
fn the_eighth_edition_still_refuses_creations_on_ones_own_base() {
    let g = table(&[N::Thornbush], &[]);
    let base = g.state.labyrinth.home_base(BLUE).unwrap();
    let beside = open_neighbour(&g.state, base);
    g.with_wizard_at(BLUE, beside)
        .when(BLUE, cast(b(0), SpellTarget::Square { square: base }))
        .then_code("invalid_target");
}

// --- The last attacker ("La Mort") ------------------------------------------

fn hand_taken(events: &[Event]) -> Option<(Seat, Seat)> {
    events.iter().find_map(|e| match e {
        Event::HandTaken { from, to, .. } => Some((*from, *to)),
        _ => None,
    })
}

#[test]
fn the_last_attacker_takes_the_cards_of_a_wizard_killed_by_lingering_damage() {
    let g = resolved(
        classic_table(&[N::Fireball], &[]),
        BLUE,
        cast(b(0), at(RED)),
    );
    assert_eq!(g.state.last_attackers.get(&RED), Some(&BLUE));
    let life = u8::try_from(life(&g, RED)).unwrap();
    assert!(life > 0, "the fireball did not kill him");
    // Later, damage no attack deals (a spell in play, a falling wall).
    let mut tx = Tx::new(&g.state);
    spells::hurt_wizard(&mut tx, None, RED, life, None, None);
    assert!(!tx.state.wizard(RED).alive);
    assert_eq!(
        hand_taken(&tx.events),
        Some((RED, BLUE)),
        "{:#?}",
        tx.events
    );
    assert!(tx.state.wizard(RED).hand.is_empty());
}

#[test]
fn the_last_attacker_is_the_latest_wizard_who_attacked_the_victim() {
    let g = classic_table_of(&[&[N::Fireball], &[], &[]]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(g.state.last_attackers.get(&RED), Some(&BLUE));
    // Yellow punches him later: yellow is now his last attacker.
    let g = g.with([Event::PunchThrown {
        seat: YELLOW,
        victim: RED,
        responders: vec![],
    }]);
    assert_eq!(g.state.last_attackers.get(&RED), Some(&YELLOW));
}

#[test]
fn a_wizard_dead_without_any_attacker_has_his_cards_discarded() {
    let g = classic_table(&[], &[]);
    let mut tx = Tx::new(&g.state);
    spells::hurt_wizard(&mut tx, None, RED, 15, None, None);
    assert!(!tx.state.wizard(RED).alive);
    assert_eq!(hand_taken(&tx.events), None);
}

#[test]
fn in_the_eighth_edition_lingering_damage_gives_nobody_the_cards() {
    let g = resolved(table(&[N::Fireball], &[]), BLUE, cast(b(0), at(RED)));
    let life = u8::try_from(life(&g, RED)).unwrap();
    let mut tx = Tx::new(&g.state);
    spells::hurt_wizard(&mut tx, None, RED, life, None, None);
    assert!(!tx.state.wizard(RED).alive);
    assert_eq!(hand_taken(&tx.events), None);
}

// --- A spell that misses ("Le combat") ----------------------------------------

/// `seat` plays `command` and everyone asked passes, the dice rolled with
/// `seed`: the events of it all.
fn resolved_with_seed(g: &mut Given, seat: Seat, command: Command, seed: u64) -> Vec<Event> {
    let mut events = vec![];
    let mut next = Some((seat, command));
    while let Some((seat, command)) = next {
        let decided = crate::wizwar::WizWar::decide(
            &g.state,
            seat,
            &command,
            &mut crate::rng::GameRng::from_u64(seed),
        )
        .unwrap();
        for e in decided {
            crate::wizwar::evolve(&mut g.state, &e);
            events.push(e);
        }
        next = g
            .state
            .stack
            .last()
            .and_then(|c| c.responders.first().copied())
            .map(|s| (s, Command::Pass));
    }
    events
}

#[test]
fn a_spell_that_misses_its_target_hits_nobody_behind_the_target() {
    // Blue shrinks himself (attacks miss him on a d4 roll of 3-4) and
    // stands in (4,1), yellow right behind him in (4,0); red fireballs
    // blue from (4,3).
    let g = classic_table_of(&[&[N::Shrink], &[N::Fireball], &[]])
        .with_wizard_at(YELLOW, sq(4, 0))
        .with_wizard_at(BLUE, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster)).with(pass(BLUE, RED));
    assert!(g.state.spells.iter().any(|s| s.name == N::Shrink));
    let (mut missed, mut hit) = (false, false);
    for seed in 0..40 {
        let mut g = g.clone();
        let events = resolved_with_seed(&mut g, RED, cast(r(0), at(BLUE)), seed);
        let evaded = events
            .iter()
            .any(|e| matches!(e, Event::AttackEvaded { seat, .. } if *seat == BLUE));
        if evaded {
            missed = true;
            assert_eq!(life(&g, BLUE), 15);
        } else {
            hit = true;
            assert!(life(&g, BLUE) < 15);
        }
        assert_eq!(life(&g, YELLOW), 15, "nobody behind him is hurt");
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::WizardDamaged { seat, .. } if *seat == YELLOW))
        );
    }
    assert!(missed && hit, "the die decided both ways");
}

// --- Counter cards on one's own turn ("Les cartes contre attaque") -------------

#[test]
fn a_counter_card_may_be_cast_as_a_neutral_spell_on_ones_own_turn() {
    for counter_card in [N::Absorb, N::Blunt, N::FullShield] {
        let g = classic_table(&[counter_card], &[]);
        let g = g.after(BLUE, &[cast(b(0), SpellTarget::Caster)]);
        assert!(g.state.stack.is_empty(), "nobody answers a neutral action");
        assert!(!g.state.wizard(BLUE).hand.contains(&b(0)));
        assert!(
            g.state.discard_pile.contains(&b(0)),
            "{counter_card:?} goes to the discard pile"
        );
        assert_eq!(
            g.state.turn.as_ref().map(|t| t.attacks),
            Some(0),
            "it is no attack"
        );
        assert_eq!((life(&g, BLUE), life(&g, RED)), (15, 15));
    }
}

#[test]
fn a_counter_card_cast_on_ones_own_turn_is_cast_on_oneself() {
    classic_table(&[N::Absorb], &[])
        .when(BLUE, cast(b(0), at(RED)))
        .then_code("invalid_target");
}

#[test]
fn in_the_eighth_edition_a_counter_is_only_played_in_answer() {
    table(&[N::FullShield], &[])
        .when(BLUE, cast(b(0), SpellTarget::Caster))
        .then_code("counter_only_in_response");
}
