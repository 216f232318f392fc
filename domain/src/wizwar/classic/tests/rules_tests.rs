//! Rules the first classic work left open: the junction die roll, objects
//! created on one's own base, counter cards cast on one's own turn, a spell
//! that misses, and the last attacker (the French rules text, cited by its
//! sections in the test names' sense).

use crate::ruleset::{Ruleset, Seat};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::cards::ClassicCardName;
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

/// The same on the classic "B" faces, two players.
fn classic_b_table(blue: &[N]) -> Given {
    let mut deck: Vec<N> = blue.to_vec();
    deck.resize(usize::from(HAND), N::Energy5);
    deck.extend([N::Energy5; HAND as usize]);
    deck.extend([N::Energy4; 12]);
    let events = classic(game_with(2, Side::B, &deck, HAND as u8, BLUE));
    given(after_first_turns(events, &[RED], BLUE))
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
    spells::hurt_wizard(&mut tx, None, None, RED, life, None, None);
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
    spells::hurt_wizard(&mut tx, None, None, RED, 15, None, None);
    assert!(!tx.state.wizard(RED).alive);
    assert_eq!(hand_taken(&tx.events), None);
}

#[test]
fn in_the_eighth_edition_lingering_damage_gives_nobody_the_cards() {
    let g = resolved(table(&[N::Fireball], &[]), BLUE, cast(b(0), at(RED)));
    let life = u8::try_from(life(&g, RED)).unwrap();
    let mut tx = Tx::new(&g.state);
    spells::hurt_wizard(&mut tx, None, None, RED, life, None, None);
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
    let g = classic_table_of(&[&[N::Classic(ClassicCardName::Shrink)], &[N::Fireball], &[]])
        .with_wizard_at(YELLOW, sq(4, 0))
        .with_wizard_at(BLUE, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster)).with(pass(BLUE, RED));
    assert!(
        g.state
            .spells
            .iter()
            .any(|s| s.name == N::Classic(ClassicCardName::Shrink))
    );
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
    for counter_card in [
        N::Classic(ClassicCardName::Absorb),
        N::Classic(ClassicCardName::Blunt),
        N::FullShield,
    ] {
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
    classic_table(&[N::Classic(ClassicCardName::Absorb)], &[])
        .when(BLUE, cast(b(0), at(RED)))
        .then_code("invalid_target");
}

#[test]
fn in_the_eighth_edition_a_counter_is_only_played_in_answer() {
    table(&[N::FullShield], &[])
        .when(BLUE, cast(b(0), SpellTarget::Caster))
        .then_code("counter_only_in_response");
}

// --- The junction die roll ("Les cartes et les actions qui changent le plateau")

/// A line between blue's sector and another, with the square on
/// blue's side of it.
fn an_open_junction(state: &State) -> (BorderLine, Square) {
    let lab = &state.labyrinth;
    let blues = lab.sector_at(lab.home_base(BLUE).unwrap()).unwrap().slot;
    (0..lab.rows)
        .flat_map(|r| (0..lab.cols).map(move |c| sq(r, c)))
        .filter(|s| lab.sector_at(*s).is_some_and(|x| x.slot == blues))
        .flat_map(|s| Direction::ALL.iter().map(move |d| (s, *d)))
        .find_map(|(s, d)| {
            let line = BorderLine::of(s, d);
            let [a, b] = line.sides();
            let other = if (a.0, a.1) == (i32::from(s.row), i32::from(s.col)) {
                b
            } else {
                a
            };
            (lab.contains(other.0, other.1)
                && lab
                    .sector_at(Square::new(other.0 as u8, other.1 as u8))
                    .is_some_and(|x| x.slot != blues)
                && lab.barrier(line).is_none())
            .then_some((line, s))
        })
        .expect("a line where two sectors meet")
}

fn with_an_open_junction(g: Given) -> (Given, BorderLine, Square) {
    let (line, beside) = an_open_junction(&g.state);
    (g, line, beside)
}

fn slot_at(state: &State, square: Square) -> crate::wizwar::labyrinth::SectorIndex {
    state.labyrinth.sector_at(square).unwrap().slot
}

fn junction_rolls(events: &[Event]) -> Vec<(u8, crate::wizwar::labyrinth::SectorIndex)> {
    let mut rolls = vec![];
    let mut last = None;
    for e in events {
        match e {
            Event::DieRolled { value } => last = Some(*value),
            Event::JunctionWallRolled { slot, .. } => rolls.push((last.unwrap(), *slot)),
            _ => {}
        }
    }
    rolls
}

/// Blue creates a wall on the junction with this seed, then turns his own
/// sector: the game after both, and the sector the roll gave the wall to.
fn wall_created_on_the_junction_then_blue_turns_his_sector(
    seed: u64,
) -> (Given, crate::wizwar::labyrinth::SectorIndex, BorderLine) {
    let (g, line, beside) =
        with_an_open_junction(classic_b_table(&[N::CreateWall, N::RotateSector]));
    let mut g = g.with_wizard_at(BLUE, beside).with_wizard_at(RED, sq(0, 9));
    let events = resolved_with_seed(&mut g, BLUE, cast(b(0), SpellTarget::Line { line }), seed);
    let rolls = junction_rolls(&events);
    assert_eq!(rolls.len(), 1, "one roll, recorded: {events:#?}");
    let (value, owner) = rolls[0];
    let [a, z] = line.sides();
    let first = slot_at(&g.state, Square::new(a.0 as u8, a.1 as u8));
    let second = slot_at(&g.state, Square::new(z.0 as u8, z.1 as u8));
    assert_eq!(
        owner,
        if value <= 3 { first } else { second },
        "the die decides"
    );
    let blues = slot_at(&g.state, beside);
    assert_eq!(g.state.junction_walls.get(&line), Some(&owner));
    assert!(g.state.labyrinth.barrier(line).is_some());
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Sector { slot: blues }));
    (g, owner, line)
}

#[test]
fn a_wall_created_on_a_junction_belongs_to_the_sector_the_die_names() {
    let g0 = classic_b_table(&[]);
    let blues = slot_at(&g0.state, an_open_junction(&g0.state).1);
    let (mut went, mut stayed) = (false, false);
    for seed in 0..40 {
        let (g, owner, line) = wall_created_on_the_junction_then_blue_turns_his_sector(seed);
        let standing = g
            .state
            .creations
            .iter()
            .any(|c| matches!(c, crate::wizwar::objects::Creation::StoneWall { line: l, .. } if *l == line));
        if owner == blues {
            // Blue's wall turns away with his sector: it leaves the junction.
            went = true;
            assert!(!standing, "seed {seed}: blue's wall left with his sector");
        } else {
            // Red's wall stays where it stands while blue's sector turns.
            stayed = true;
            assert!(standing, "seed {seed}: red's wall stays");
            assert!(g.state.labyrinth.barrier(line).is_some(), "seed {seed}");
        }
    }
    assert!(went && stayed, "the die decided both ways");
}

#[test]
fn destroy_wall_on_a_junction_rolls_the_die_for_whose_wall_falls() {
    let (g, line, beside) =
        with_an_open_junction(classic_b_table(&[N::CreateWall, N::DestroyWall]));
    let g = g.with_wizard_at(BLUE, beside).with_wizard_at(RED, sq(0, 9));
    let mut g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line }));
    let events = resolved_with_seed(&mut g, BLUE, cast(b(1), SpellTarget::Line { line }), 3);
    assert_eq!(junction_rolls(&events).len(), 1, "{events:#?}");
    assert!(
        g.state.labyrinth.barrier(line).is_none(),
        "the junction's one wall falls"
    );
}

#[test]
fn the_eighth_edition_rolls_no_die_at_a_junction() {
    let mut deck = vec![N::CreateWall];
    deck.resize(2 * usize::from(HAND), N::Energy5);
    deck.extend([N::Energy4; 12]);
    let events = game_with(2, Side::B, &deck, HAND as u8, BLUE);
    let (g, line, beside) = with_an_open_junction(given(after_first_turns(events, &[RED], BLUE)));
    assert_eq!(g.state.edition, Edition::Eighth);
    let mut g = g.with_wizard_at(BLUE, beside).with_wizard_at(RED, sq(0, 9));
    let events = resolved_with_seed(&mut g, BLUE, cast(b(0), SpellTarget::Line { line }), 1);
    assert!(junction_rolls(&events).is_empty());
    assert!(!events.iter().any(|e| matches!(e, Event::DieRolled { .. })));
}

// --- Revision 3: junction walls stay whole ------------------------------

/// Four players on the "B" faces, blue to play holding `blue`, under
/// `revision`.
fn classic_b_table_of_four(blue: &[N], revision: u32) -> Given {
    let mut deck: Vec<N> = blue.to_vec();
    deck.resize(usize::from(HAND), N::Energy5);
    deck.extend(vec![N::Energy5; 3 * usize::from(HAND)]);
    deck.extend([N::Energy4; 12]);
    let events = classic(game_with(4, Side::B, &deck, HAND as u8, BLUE));
    let mut g = given(after_first_turns(
        events,
        &[Seat(1), Seat(2), Seat(3)],
        BLUE,
    ));
    g.state.rules_revision = revision;
    g
}

/// Open lines between blue's sector and `other`'s, with the square on
/// blue's side.
fn junctions_with(
    state: &State,
    other: crate::wizwar::labyrinth::SectorIndex,
) -> Vec<(BorderLine, Square)> {
    let lab = &state.labyrinth;
    let blues = lab.sector_at(lab.home_base(BLUE).unwrap()).unwrap().slot;
    (0..lab.rows)
        .flat_map(|r| (0..lab.cols).map(move |c| sq(r, c)))
        .filter(|s| lab.sector_at(*s).is_some_and(|x| x.slot == blues))
        .flat_map(|s| Direction::ALL.iter().map(move |d| (s, *d)))
        .filter_map(|(s, d)| {
            let line = BorderLine::of(s, d);
            let [a, b] = line.sides();
            let there = if (a.0, a.1) == (i32::from(s.row), i32::from(s.col)) {
                b
            } else {
                a
            };
            (lab.contains(there.0, there.1)
                && lab
                    .sector_at(Square::new(there.0 as u8, there.1 as u8))
                    .is_some_and(|x| x.slot == other)
                && lab.barrier(line).is_none())
            .then_some((line, s))
        })
        .collect()
}

/// Blue creates a wall on a junction with red's sector that the die gives
/// to red's sector, and that no printed wall of the fourth player's sector
/// would cover if blue's sector and his traded places. The game, the line,
/// blue's slot and the fourth player's.
fn reds_wall_on_blues_junction(
    cards: &[N],
    revision: u32,
) -> (
    Given,
    BorderLine,
    crate::wizwar::labyrinth::SectorIndex,
    crate::wizwar::labyrinth::SectorIndex,
) {
    let g = classic_b_table_of_four(cards, revision);
    let lab = &g.state.labyrinth;
    let slot_of = |seat| lab.sector_at(lab.home_base(seat).unwrap()).unwrap().slot;
    let (blues, reds) = (slot_of(BLUE), slot_of(RED));
    // The fourth player's sector (seat 3) trades places with blue's.
    let fourth = slot_of(Seat(3));
    let mut after = lab.clone();
    after.relocate_sector(blues, fourth);
    let (line, beside) = *junctions_with(&g.state, reds)
        .iter()
        .find(|(l, _)| after.barrier(*l).is_none())
        .expect("a junction the relocated board leaves open");
    for seed in 0..40 {
        let mut g = g.clone().with_wizard_at(BLUE, beside);
        let events = resolved_with_seed(&mut g, BLUE, cast(b(0), SpellTarget::Line { line }), seed);
        if junction_rolls(&events)
            .first()
            .is_some_and(|(_, owner)| *owner == reds)
        {
            return (g, line, blues, fourth);
        }
    }
    panic!("no seed gave the wall to red's sector");
}

fn wall_on(g: &Given, line: BorderLine) -> Option<crate::wizwar::labyrinth::Barrier> {
    g.state.labyrinth.barrier(line)
}

#[test]
fn relocate_sector_leaves_a_junction_wall_the_die_gave_the_sector_that_stays() {
    // "Les cartes et les actions qui changent le plateau": a wall created on
    // a junction is one sector's, "1 chance sur 2"; the other sector moving
    // away does not take it.
    let (g, line, blues, fourth) = reds_wall_on_blues_junction(
        &[N::CreateWall, N::Classic(ClassicCardName::RelocateSector)],
        3,
    );
    let relocate = cast_with(
        b(1),
        None,
        SpellTarget::Sector { slot: blues },
        Some(crate::wizwar::casting::SpellOption::Slot { slot: fourth }),
    );
    let g = resolved(g, BLUE, relocate);
    assert!(wall_on(&g, line).is_some(), "red's wall stands");
    assert!(g.state.spells.iter().any(|s| s.card == b(0)));
}

#[test]
fn under_revision_2_relocate_sector_ends_every_created_wall_on_the_junction() {
    let (g, line, blues, fourth) = reds_wall_on_blues_junction(
        &[N::CreateWall, N::Classic(ClassicCardName::RelocateSector)],
        2,
    );
    let relocate = cast_with(
        b(1),
        None,
        SpellTarget::Sector { slot: blues },
        Some(crate::wizwar::casting::SpellOption::Slot { slot: fourth }),
    );
    let g = resolved(g, BLUE, relocate);
    assert!(wall_on(&g, line).is_none());
}

/// Red's junction wall takes 5 points; then blue turns his sector.
fn damaged_junction_wall_after_a_turn(revision: u32) -> Option<crate::wizwar::labyrinth::Barrier> {
    let (g, line, blues, _) =
        reds_wall_on_blues_junction(&[N::CreateWall, N::RotateSector], revision);
    let g = g.with([Event::BarrierDamaged {
        line,
        damage: 5,
        cracks_added: 5,
        cracks: 5,
    }]);
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Sector { slot: blues }));
    wall_on(&g, line)
}

#[test]
fn a_junction_wall_that_stays_as_a_sector_turns_keeps_its_damage() {
    // "Un mur doit subir 20 points de dégâts pour être détruit": the points
    // it took stay with it.
    use crate::wizwar::labyrinth::Barrier;
    assert_eq!(
        damaged_junction_wall_after_a_turn(3),
        Some(Barrier::StoneWall { cracks: 5 })
    );
}

#[test]
fn under_revision_2_a_junction_wall_that_stays_loses_its_damage() {
    use crate::wizwar::labyrinth::Barrier;
    assert_eq!(
        damaged_junction_wall_after_a_turn(2),
        Some(Barrier::StoneWall { cracks: 0 })
    );
}
