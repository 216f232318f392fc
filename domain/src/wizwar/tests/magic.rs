//! Shared scenes for the magic tests: two wizards in the open south
//! corridor of blue's sector (row 4, columns 0–4, no walls across it).

use super::given::*;
use crate::ruleset::{Ruleset, Seat};
use crate::wizwar::cards::CardName;
use crate::wizwar::casting::{SpellOption, SpellTarget};
use crate::wizwar::objects::CardId;
use crate::wizwar::sector_boards::Side;
use crate::wizwar::{Command, WizWar};

/// Cards dealt to each seat.
pub const HAND: u16 = 5;

/// Blue's card `i` (blue is dealt first).
pub fn b(i: u16) -> CardId {
    CardId(i)
}

/// Red's card `i`.
pub fn r(i: u16) -> CardId {
    CardId(HAND + i)
}

/// Yellow's card `i` (three-player tables).
pub fn y(i: u16) -> CardId {
    CardId(2 * HAND + i)
}

fn hand(cards: &[CardName]) -> Vec<CardName> {
    let mut cards = cards.to_vec();
    cards.resize(usize::from(HAND), CardName::Energy5);
    cards
}

/// Blue to play (attacks allowed), holding `blue`; red holds `red`; hands
/// are topped up with Energy 5; blue stands in (4,0), red in (4,3).
pub fn table(blue: &[CardName], red: &[CardName]) -> Given {
    table_of(&[blue, red])
}

pub fn table_of(hands: &[&[CardName]]) -> Given {
    let mut deck: Vec<CardName> = hands.iter().flat_map(|h| hand(h)).collect();
    deck.extend([CardName::Energy4; 12]);
    let players = hands.len() as u8;
    let seats: Vec<Seat> = (1..players).map(Seat).collect();
    let events = game_with(players, Side::A, &deck, HAND as u8, BLUE);
    given(after_first_turns(events, &seats, BLUE))
        .with_wizard_at(BLUE, sq(4, 0))
        .with_wizard_at(RED, sq(4, 3))
}

pub fn cast(card: CardId, target: SpellTarget) -> Command {
    Command::Cast {
        card,
        energy: None,
        target,
        option: None,
    }
}

pub fn cast_with(
    card: CardId,
    energy: Option<CardId>,
    target: SpellTarget,
    option: Option<SpellOption>,
) -> Command {
    Command::Cast {
        card,
        energy,
        target,
        option,
    }
}

pub fn counter(card: CardId) -> Command {
    Command::PlayCounter {
        card,
        energy: None,
        line: None,
        square: None,
    }
}

pub fn at(seat: Seat) -> SpellTarget {
    SpellTarget::Wizard { seat }
}

/// Everyone who is asked passes until the stack is empty.
pub fn all_pass(mut g: Given) -> Given {
    while let Some(seat) = g
        .state
        .stack
        .last()
        .and_then(|c| c.responders.first().copied())
    {
        g = g.after(seat, &[Command::Pass]);
    }
    g
}

/// `seat` plays `command`, then everyone asked passes.
pub fn resolved(g: Given, seat: Seat, command: Command) -> Given {
    all_pass(g.after(seat, &[command]))
}

pub fn life(g: &Given, seat: Seat) -> i8 {
    g.state.wizard(seat).life
}

pub fn awaiting(g: &Given) -> Vec<crate::ruleset::Awaiting> {
    WizWar::awaiting(&g.state)
}
