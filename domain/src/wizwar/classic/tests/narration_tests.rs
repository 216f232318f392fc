//! The classic game told in words: its own events in one sentence each,
//! naming cards only to those who may see them.

use crate::kit::{Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::{Presentation, Ruleset, Seat, SeatNames, Viewer};

use super::super::super::cards::CardName;
use super::super::super::events::Event;
use super::super::super::labyrinth::{BorderLine, Orientation, SectorIndex};
use super::super::super::objects::{CardId, CardView};
use super::super::super::sector_boards::Colour;
use super::super::events::{EditionEvent, SectorPick};
use super::super::state::ClassicState;
use super::super::{ClassicEvent, Options, WizWarClassic};

fn names() -> SeatNames {
    SeatNames::new(vec![
        Some("Morgana".into()),
        Some("Merlin".into()),
        Some("Vivien".into()),
    ])
}

/// `event` as `viewer` reads it.
fn told(event: impl Into<ClassicEvent>, state: &ClassicState, viewer: Viewer) -> String {
    let redacted = WizWarClassic::redact(&event.into(), viewer).expect("a public event");
    WizWarClassic::narrate(&redacted, state, &names())
}

fn fireball() -> CardView {
    CardView {
        id: CardId(3),
        name: CardName::Fireball,
    }
}

fn shield() -> CardView {
    CardView {
        id: CardId(9),
        name: CardName::Shield,
    }
}

/// A sentence that reads well: one sentence, capitalised, no brackets.
fn reads_well(sentence: &str) {
    assert!(!sentence.is_empty());
    assert!(sentence.ends_with('.'), "{sentence}");
    assert!(
        sentence.chars().next().unwrap().is_uppercase(),
        "{sentence}"
    );
    assert!(!sentence.contains('['), "{sentence}");
    assert!(!sentence.contains('{'), "{sentence}");
    assert!(!sentence.contains("  "), "{sentence}");
}

#[test]
fn the_sector_choice_is_told_to_its_chooser_alone_by_colour() {
    let state = ClassicState::default();
    let event = ClassicEvent::Edition(EditionEvent::SectorChosen {
        seat: Seat(0),
        sector: Secret::new(Keeper::Seat(Seat(0)), Colour::Red),
    });
    assert_eq!(
        told(event.clone(), &state, Viewer::Player(Seat(0))),
        "Morgana chooses the red sector, face down."
    );
    let other = told(event, &state, Viewer::Player(Seat(1)));
    assert_eq!(other, "Morgana has chosen a sector, face down.");
    let revealed = told(
        ClassicEvent::Edition(EditionEvent::SectorsRevealed {
            choices: vec![
                SectorPick {
                    seat: Seat(0),
                    sector: Colour::Red,
                },
                SectorPick {
                    seat: Seat(1),
                    sector: Colour::Blue,
                },
            ],
        }),
        &state,
        Viewer::Spectator,
    );
    assert_eq!(
        revealed,
        "The sectors are revealed: Morgana chose red and Merlin chose blue."
    );
}

#[test]
fn a_deal_names_its_cards_to_its_two_players_only() {
    let state = ClassicState::default();
    let offer = ClassicEvent::Edition(EditionEvent::DealOffered {
        from: Seat(0),
        to: Seat(1),
        give: Secret::new(Keeper::Seats(Seat(0), Seat(1)), vec![fireball()]),
        ask: Secret::new(Keeper::Seats(Seat(0), Seat(1)), vec![CardName::Shield]),
    });
    let accepted = ClassicEvent::Edition(EditionEvent::DealAccepted {
        from: Seat(0),
        to: Seat(1),
        given: Secret::new(Keeper::Seats(Seat(0), Seat(1)), vec![fireball()]),
        received: Secret::new(Keeper::Seats(Seat(0), Seat(1)), vec![shield()]),
    });
    for viewer in [Viewer::Player(Seat(0)), Viewer::Player(Seat(1))] {
        assert_eq!(
            told(offer.clone(), &state, viewer),
            "Morgana offers Merlin a deal: Morgana's Fireball for Merlin's Shield."
        );
        assert_eq!(
            told(accepted.clone(), &state, viewer),
            "Merlin accepts Morgana's deal: Morgana's Fireball for Merlin's Shield."
        );
    }
    for viewer in [Viewer::Player(Seat(2)), Viewer::Spectator] {
        assert_eq!(
            told(offer.clone(), &state, viewer),
            "Morgana offers Merlin a deal."
        );
        assert_eq!(
            told(accepted.clone(), &state, viewer),
            "Merlin accepts Morgana's deal."
        );
    }
}

#[test]
fn the_classic_table_events_read_as_sentences() {
    let mut state = ClassicState::default();
    state.labyrinth.rows = 10;
    let door = BorderLine {
        orientation: Orientation::Vertical,
        row: 2,
        col: 5,
    };
    let items = vec![fireball(), shield()];
    for (event, expected) in [
        (
            Event::DoorJammedOpen {
                seat: Seat(1),
                line: door,
            },
            "Merlin removes the lock of the door on the line between E3 and F3: it stays open for good.",
        ),
        (
            Event::SectorRelocated {
                slot: SectorIndex(0),
                to: SectorIndex(3),
            },
            "The sector in the north-west quarter moves to the south-east quarter.",
        ),
        (
            Event::CarriedItemsBackInHand {
                seat: Seat(2),
                cards: vec![fireball()],
            },
            "Vivien's Fireball goes back into his hand.",
        ),
        (
            Event::CarriedItemsBackInHand {
                seat: Seat(2),
                cards: items,
            },
            "Vivien's Fireball and Shield go back into his hand.",
        ),
    ] {
        let sentence = told(event, &state, Viewer::Spectator);
        reads_well(&sentence);
        assert_eq!(sentence, expected);
    }
}

/// A classic game of three, its sectors chosen and random legal commands
/// played; every event of the feed, as Morgana reads it, is one sentence
/// (`cargo test classic_feed -- --nocapture` prints it).
#[test]
fn a_classic_feed_reads_as_one_sentence_per_event() {
    let mut rng = GameRng::from_u64(11);
    let mut state = ClassicState::default();
    let mut feed = vec![];
    let mut events: Vec<ClassicEvent> =
        WizWarClassic::setup(&Options::default(), 3, &mut rng).unwrap();
    for step in 0..400 {
        for e in &events {
            WizWarClassic::evolve(&mut state, e);
            if let Some(seen) = WizWarClassic::redact(e, Viewer::Player(Seat(0))) {
                feed.push(WizWarClassic::narrate(&seen, &state, &names()));
            }
        }
        let awaiting = WizWarClassic::awaiting(&state);
        let Some(next) = awaiting.first() else { break };
        let legal = WizWarClassic::legal_commands(&state, next.seat);
        if legal.is_empty() {
            break;
        }
        let command = &legal[rng.below(legal.len() as u32) as usize];
        events = WizWarClassic::decide(&state, next.seat, command, &mut GameRng::from_u64(step))
            .unwrap_or_default();
    }
    for sentence in &feed {
        println!("{sentence}");
        reads_well(sentence);
    }
    assert!(
        feed.iter()
            .any(|s| s.starts_with("The sectors are revealed"))
    );
    assert!(feed.iter().any(|s| s.starts_with("To play first,")));
}

/// A classic game's sentences use the classic words, chosen by the edition
/// (not by rewriting the engine's sentence): "Number 4", not the engine's
/// "Energy 4"; a spell's number is its power.
#[test]
fn a_classic_sentence_names_number_cards_and_a_spells_power() {
    use super::super::super::casting::{CastKind, SpellTarget};
    use super::super::super::edition::Edition;
    use super::super::super::labyrinth::Square;
    let mut game = WizWarClassic::new_state(3);
    game.edition = Edition::Classic;
    let number_4 = CardView {
        id: CardId(20),
        name: CardName::Energy4,
    };
    let discarded = told(
        Event::CardsDiscarded {
            seat: Seat(0),
            cards: vec![number_4, fireball()],
        },
        &game,
        Viewer::Spectator,
    );
    assert_eq!(discarded, "Morgana discards Number 4 and Fireball.");
    let cast = told(
        Event::SpellCast {
            seat: Seat(0),
            card: fireball(),
            kind: CastKind::Spell,
            energy_card: Some(number_4),
            energy: 4,
            target: SpellTarget::Wizard { seat: Seat(1) },
            option: None,
            attack: true,
            bent: false,
            origin: Square::new(0, 0),
            responders: vec![Seat(1)],
        },
        &game,
        Viewer::Spectator,
    );
    assert!(
        cast.contains("Fireball") && cast.ends_with("with power 4."),
        "{cast}"
    );
    // What a leak scan looks for in a classic game's words.
    assert_eq!(
        WizWarClassic::card_names(&serde_json::json!(["energy4", "stone_block"])),
        ["Number 4", "Solid Stone"]
    );
}
