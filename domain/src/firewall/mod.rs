//! The **Fire Wall duel** (published as *Shazamm!*): two wizards on a bridge
//! over lava push a fire wall at each other with secret mana bets and 15
//! numbered spells. Rules: `shared/rules/firewall-duel-rules.txt`; the bridge
//! has 19 flagstones and equal attacks leave the wall where it is
//! (`shared/rules/README.md`).
//!
//! Modules follow the rulebook: [`bridge`] (flagstones, wall, wizards),
//! [`spells`] (the 15 cards), [`mana`], [`deck`] (stocks and variants),
//! [`resolution`] (reveal, cancelling, order of application), [`round`]
//! (running out of mana, collapses, match end).
//!
//! # How a turn is played here
//! Each seat submits a sealed `submit_move` (bet and cards); others see only
//! that it submitted. When both have, one `moves_revealed` event shows both
//! and the turn resolves as events. A choice the rules give *after* the
//! reveal (Recycle, Larceny) pauses the resolution and awaits that seat.
//!
//! # Wire format
//! Commands (`type`-tagged, card numbers as plain integers):
//! ```json
//! {"type":"submit_move","bet":5,"cards":[7,0]}
//! {"type":"submit_move","bet":5,"cards":[2],"clone":7}
//! {"type":"choose_recycle","bet":12}
//! {"type":"choose_larceny","apply":[7,13]}
//! {"type":"arrange_deck","order":[14,13,12,11,10,9,8,7,6,5,4,3,2,1]}
//! ```
//! Events are `type`-tagged too, in the past tense (`move_submitted`,
//! `moves_revealed`, `spell_applied`, `fire_wall_moved`, `round_ended`,
//! `match_ended`, …; see [`Event`]).
//!
//! # Decisions where the rules are silent
//! 1. **Bridge.** Flagstones 0..=18, seat 0 at the low end; wall starts on 9,
//!    wizards on 6 and 12. Each round end lays one tile at each end (8 per
//!    end, 16 in all); the match always ends before they run out.
//! 2. **Round end order.** As the rulebook tells it: the wizards are set
//!    three steps from the wall first, then a flagstone collapses at each
//!    end. A wizard whose new flagstone is broken (or off the bridge) loses.
//!    **Both at once: a draw** (`winner: None`); neither wizard pushed the
//!    other in.
//! 3. **Equal attacks**: the wall does not move (README).
//! 4. **Order of a turn.** Spells apply by number. The attacks are compared
//!    and the wall pushed after spell 11 (Resistance) and before spell 12
//!    (Bad Loser, which asks whether the wall "actually moved"). Bets are
//!    paid after 12 and before 13/14, so Reserve Boost and Suction refill the
//!    reserve *after* the bet left it (the cap of 50 then bites only on the
//!    refill itself).
//! 5. **Wall reaching a wizard** ends the round at once: spells still
//!    queued (12–14) are discarded without effect (`reason: round_over`);
//!    mana goes back to 50 anyway.
//! 6. **Identical spells** are compared by the cards physically played
//!    (a Clone copy never cancels anything). Both Muteness played: they
//!    cancel, the round is not muted.
//! 7. **Muteness** discards every other spell of its turn and every spell of
//!    later turns in the round (the False Card is always taken back).
//! 8. **Clone** copies one spell the opponent played on the previous turn
//!    of the match (also across a round boundary), whether it then took
//!    effect, was cancelled or muted: it was "played and discarded". Clone
//!    cannot copy Clone (an endless regress) nor the False Card (never
//!    discarded). The target is part of the sealed move (`clone`); it is
//!    required when a target exists, and without one Clone has no effect.
//!    The copy is applied at the copied spell's own number for the Clone's
//!    caster; no card moves for it (the copied card stays in its owner's
//!    discard pile). At equal numbers the real card applies before a copy.
//! 9. **Larceny** steals every opponent's spell still queued (numbers above 3,
//!    Clone copies included: "Larceny taking a Clone" takes the copied
//!    effect). The larcener answers `choose_larceny` with the numbers to
//!    apply for himself; the rest are discarded. Stolen cards still go to
//!    their owner's discard pile (each wizard keeps his own 15 cards).
//!    Nothing to steal: no pause.
//! 10. **Recycle**: after the reveal its caster sets a new bet between
//!     `max(1, bet-5)` and `min(mana, bet+5)` with `choose_recycle`; the
//!     power changes by the same amount (spells 7 and 8 come later). With
//!     only one possible bet there is no pause.
//! 11. **End Single** ends the round like any round end (collapses, new
//!     positions, full mana, three cards drawn).
//! 12. **Middle** only sends the wall back; it is not the turn's push, so
//!     Bad Loser does not count it.
//! 13. **Winner Loses** reverses the push each time it applies (two copies
//!     for one wizard cancel out); **Inferno** makes the push two flagstones,
//!     stopping on a wizard; **Resistance** blocks a push toward its caster
//!     after Winner Loses has turned it.
//! 14. **Suction** adds the opponent's final bet (after his Recycle).
//! 15. **Running out of mana** is checked after every turn: a wizard at 0
//!     can no longer bet, so he is never asked to (this is the answer to "a
//!     player who cannot bet"). The other's remaining mana moves the wall
//!     toward him, one step per point, stopping on him; the round then ends
//!     either way. Both at 0: the round ends, the wall stays.
//! 16. **Hidden facts.** A shuffled stock's order is seen by nobody, not
//!     even its owner, until the game is over (referee only). In variant 2 the
//!     arranged order is seen by its owner. Drawn cards: owner only (others
//!     see the count). A sealed move: owner only until the reveal.
//! 17. **Variants.** N°1 (`full_deck_in_hand`) deals all 14 spells at once;
//!     no stock, nothing drawn later. N°2 (`arranged_decks`) waits for a
//!     sealed `arrange_deck` from both seats before the first deal. The two
//!     cannot be combined (an arranged stock would never be drawn).
//! 18. **Timeouts** play the most careful move: bet 1 with no card; keep the
//!     bet on a Recycle; discard every stolen spell on a Larceny; arrange a
//!     stock in number order.
//! 19. **Legal commands** list, for a sealed move, every bet with no card,
//!     every bet with each single card (with each Clone target), and pairs of
//!     cards at the smallest and largest bets; for Larceny: none, all, and
//!     each stolen spell alone; every Recycle bet; two stock orders.

pub mod bridge;
pub mod commands;
pub mod deck;
pub mod events;
pub mod mana;
pub mod narration;
pub mod options;
pub mod picture;
pub mod resolution;
pub mod round;
pub mod spells;
pub mod state;
pub mod tactics;
mod takeback;
pub mod views;
pub mod violations;

#[cfg(test)]
mod tests;

pub use commands::{Command, CommandChoice};
pub use events::*;
pub use options::Options;
pub use state::State;
pub use views::*;
pub use violations::RuleViolation;

use crate::kit::revisions::{Revision, RevisionRules};
use crate::kit::{Emitter, Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::*;
use bridge::{Bridge, FLAGSTONES, MIDDLE};
use mana::{MANA_PER_ROUND, MIN_BET};
use resolution::{advance, other, reveal};
use spells::Spell;
use state::Phase;

/// The Fire Wall duel ruleset.
pub struct FirewallDuel;

/// What the duel waits for from one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expecting {
    Arrangement,
    Move,
    Recycle,
    Larceny,
}

impl Expecting {
    fn describe(self) -> &'static str {
        match self {
            Expecting::Arrangement => "arrange your deck (arrange_deck)",
            Expecting::Move => "your sealed move (submit_move)",
            Expecting::Recycle => "your Recycle choice (choose_recycle)",
            Expecting::Larceny => "your Larceny choice (choose_larceny)",
        }
    }
}

fn expecting(state: &State, seat: Seat) -> Option<Expecting> {
    if seat.index() >= 2 {
        return None;
    }
    let p = state.player(seat);
    match state.phase {
        Phase::NotStarted | Phase::Over => None,
        Phase::Arranging => (!p.arranged).then_some(Expecting::Arrangement),
        Phase::Playing => match state.resolution.as_ref().and_then(|r| r.choice.as_ref()) {
            Some(choice) if choice.seat() == seat => Some(match choice {
                FirewallPendingChoice::Recycle { .. } => Expecting::Recycle,
                FirewallPendingChoice::Larceny { .. } => Expecting::Larceny,
            }),
            Some(_) => None,
            None => (!p.submitted).then_some(Expecting::Move),
        },
    }
}

fn choice_pending(state: &State) -> bool {
    state
        .resolution
        .as_ref()
        .is_some_and(|r| r.choice.is_some())
}

/// Refuses a command that is not what the duel waits for from `actor`.
fn expect(
    state: &State,
    actor: Seat,
    wanted: Expecting,
    done_already: bool,
) -> Result<(), RuleViolation> {
    match expecting(state, actor) {
        Some(e) if e == wanted => Ok(()),
        Some(e) => Err(RuleViolation::UnexpectedCommand {
            expected: e.describe(),
        }),
        // During someone else's choice it is simply not this seat's turn.
        None if done_already && !choice_pending(state) => Err(RuleViolation::AlreadySubmitted),
        None => Err(RuleViolation::NotYourTurn),
    }
}

/// The opponent's spells this seat's Clone may copy now.
pub fn clone_targets(state: &State, seat: Seat) -> Vec<u8> {
    state
        .player(other(seat))
        .previous_spells
        .iter()
        .copied()
        .filter(|&s| s != Spell::Clone.number())
        .collect()
}

/// Checks a sealed move against the hand, the reserve and the Clone rules.
///
/// # Errors
/// The first rule the move breaks.
pub fn validate_move(
    state: &State,
    seat: Seat,
    bet: u32,
    cards: &[u32],
    clone: Option<u32>,
) -> Result<FirewallSealedMove, RuleViolation> {
    let p = state.player(seat);
    if bet < u32::from(MIN_BET) {
        return Err(RuleViolation::BetTooSmall);
    }
    if bet > u32::from(p.mana) {
        return Err(RuleViolation::BetAboveMana { bet, mana: p.mana });
    }
    let mut seen: Vec<u8> = Vec::with_capacity(cards.len());
    for &card in cards {
        let spell = Spell::from_number(card).ok_or(RuleViolation::UnknownCard(card))?;
        if seen.contains(&spell.number()) {
            return Err(RuleViolation::DuplicateCard(card));
        }
        if !p.hand.contains(&spell.number()) {
            return Err(RuleViolation::CardNotInHand(card));
        }
        seen.push(spell.number());
    }
    let plays_clone = seen.contains(&Spell::Clone.number());
    let targets = clone_targets(state, seat);
    let clone = match (plays_clone, clone) {
        (false, Some(_)) => return Err(RuleViolation::CloneTargetWithoutClone),
        (false, None) => None,
        (true, None) if !targets.is_empty() => {
            return Err(RuleViolation::CloneTargetRequired);
        }
        (true, None) => None,
        (true, Some(t)) => {
            let spell = Spell::from_number(t).ok_or(RuleViolation::UnknownCard(t))?;
            if !targets.contains(&spell.number()) {
                return Err(RuleViolation::CloneTargetUnavailable(t));
            }
            Some(spell.number())
        }
    };
    seen.sort_unstable();
    Ok(FirewallSealedMove {
        bet: bet as u8,
        cards: seen,
        clone,
    })
}

fn check_seat(state: &State, actor: Seat) -> Result<(), RuleViolation> {
    if actor.index() >= 2 {
        return Err(RuleViolation::NotAPlayer(actor));
    }
    match state.phase {
        Phase::NotStarted => Err(RuleViolation::NotStarted),
        Phase::Over => Err(RuleViolation::GameOver),
        _ => Ok(()),
    }
}

fn decide(state: &State, actor: Seat, command: &Command) -> Result<Vec<Event>, RuleViolation> {
    check_seat(state, actor)?;
    let mut em = Emitter::<FirewallDuel>::new(state);
    match command {
        Command::SubmitMove { bet, cards, clone } => {
            expect(state, actor, Expecting::Move, state.player(actor).submitted)?;
            let sealed = validate_move(state, actor, *bet, cards, *clone)?;
            em.emit(Event::MoveSubmitted {
                seat: actor,
                turn: state.turn,
                sealed: Secret::new(Keeper::Seat(actor), sealed),
            });
            if em.state.players.iter().all(|p| p.submitted) {
                reveal(&mut em);
            }
        }
        Command::ChooseRecycle { bet } => {
            expect(state, actor, Expecting::Recycle, false)?;
            if let Some(FirewallPendingChoice::Recycle { min, max, .. }) =
                state.resolution.as_ref().and_then(|r| r.choice.clone())
            {
                if *bet < u32::from(min) || *bet > u32::from(max) {
                    return Err(RuleViolation::RecycleOutOfRange {
                        bet: *bet,
                        min,
                        max,
                    });
                }
                em.emit(Event::BetRecycled {
                    seat: actor,
                    bet: *bet as u8,
                });
                advance(&mut em);
            }
        }
        Command::ChooseLarceny { apply } => {
            expect(state, actor, Expecting::Larceny, false)?;
            if let Some(FirewallPendingChoice::Larceny { stolen, .. }) =
                state.resolution.as_ref().and_then(|r| r.choice.clone())
            {
                let mut rest = stolen;
                let mut applied = Vec::new();
                for &n in apply {
                    let i = rest
                        .iter()
                        .position(|q| u32::from(q.spell) == n)
                        .ok_or(RuleViolation::NotStolen(n))?;
                    applied.push(rest.remove(i));
                }
                em.emit(Event::LarcenyChosen {
                    seat: actor,
                    applied,
                    discarded: rest,
                });
                advance(&mut em);
            }
        }
        Command::ArrangeDeck { order } => {
            expect(
                state,
                actor,
                Expecting::Arrangement,
                state.player(actor).arranged,
            )?;
            if !deck::is_stock_order(order) {
                return Err(RuleViolation::InvalidDeckOrder);
            }
            em.emit(Event::DeckArranged {
                seat: actor,
                order: Secret::new(
                    Keeper::Seat(actor),
                    order.iter().map(|&c| c as u8).collect(),
                ),
            });
            if em.state.players.iter().all(|p| p.arranged) {
                round::start_round(&mut em, 1, round::OPENING_DRAW);
            }
        }
    }
    Ok(em.events)
}

fn sealed_moves(state: &State, seat: Seat) -> Vec<Command> {
    let p = state.player(seat);
    let targets = clone_targets(state, seat);
    // One command per card choice, with each possible Clone target.
    let with_clone = |bet: u32, cards: Vec<u32>| -> Vec<Command> {
        if cards.contains(&u32::from(Spell::Clone.number())) && !targets.is_empty() {
            targets
                .iter()
                .map(|&t| Command::SubmitMove {
                    bet,
                    cards: cards.clone(),
                    clone: Some(u32::from(t)),
                })
                .collect()
        } else {
            vec![Command::SubmitMove {
                bet,
                cards,
                clone: None,
            }]
        }
    };
    let hand: Vec<u32> = p.hand.iter().map(|&c| u32::from(c)).collect();
    let mana = u32::from(p.mana);
    let mut out = Vec::new();
    for bet in 1..=mana {
        out.push(Command::submit(bet, &[]));
        for &card in &hand {
            out.extend(with_clone(bet, vec![card]));
        }
    }
    let spells: Vec<u32> = hand.iter().copied().filter(|&c| c != 0).collect();
    for bet in [1, mana].into_iter().filter(|&b| (1..=mana).contains(&b)) {
        for (i, &a) in spells.iter().enumerate() {
            for &b in &spells[i + 1..] {
                out.extend(with_clone(bet, vec![a, b]));
            }
        }
        if mana == 1 {
            break;
        }
    }
    out
}

/// Every sealed move `seat` may submit now, each once (cards in ascending
/// order), or `None` when there are more than `limit`: every bet from the
/// least to his reserve, times every set of distinct cards in his hand, times
/// each Clone target when the set holds Clone and there are targets.
fn every_sealed_move(state: &State, seat: Seat, limit: usize) -> Option<Vec<Command>> {
    let p = state.player(seat);
    let mut hand: Vec<u32> = p.hand.iter().map(|&c| u32::from(c)).collect();
    hand.sort_unstable();
    hand.dedup();
    let mut targets: Vec<u32> = clone_targets(state, seat)
        .into_iter()
        .map(u32::from)
        .collect();
    targets.sort_unstable();
    targets.dedup();
    let bets = u32::from(MIN_BET)..=u32::from(p.mana);
    let sets = 1usize.checked_shl(u32::try_from(hand.len()).ok()?)?;
    let clone = u32::from(Spell::Clone.number());
    let per_bet = if hand.contains(&clone) && !targets.is_empty() {
        sets / 2 + sets / 2 * targets.len()
    } else {
        sets
    };
    if per_bet.checked_mul(bets.clone().count())? > limit {
        return None;
    }
    let mut out = Vec::new();
    for bet in bets {
        for set in 0..sets {
            let cards: Vec<u32> = (0..hand.len())
                .filter(|i| set & (1 << i) != 0)
                .map(|i| hand[i])
                .collect();
            if cards.contains(&clone) && !targets.is_empty() {
                out.extend(targets.iter().map(|&t| Command::SubmitMove {
                    bet,
                    cards: cards.clone(),
                    clone: Some(t),
                }));
            } else {
                out.push(Command::SubmitMove {
                    bet,
                    cards,
                    clone: None,
                });
            }
        }
    }
    Some(out)
}

impl Ruleset for FirewallDuel {
    const ID: &'static str = "firewall-duel";
    const STATE_VERSION: u32 = 1;
    const MIN_SEATS: u8 = 2;
    const MAX_SEATS: u8 = 2;
    const REVISIONS: &'static [Revision] = &[Revision {
        number: 1,
        date: "2026-11-22",
        changes: &["The Fire Wall duel as its rulebook and the two variants describe it."],
        rules: RevisionRules::Current,
        upcast: None,
    }];
    type CommandChoice = CommandChoice;
    type Options = Options;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = View;
    type Violation = RuleViolation;

    fn info() -> RulesetInfo {
        crate::kit::about::<Self>(
            "Fire Wall duel",
            "Two wizards on a crumbling bridge over lava push a wall of fire \
             at each other with secret mana bets and 15 spells.",
        )
    }

    fn setup(options: &Options, seats: u8, rng: &mut GameRng) -> Result<Vec<Event>, SetupError> {
        crate::kit::check_seats::<Self>(seats)?;
        if options.full_deck_in_hand && options.arranged_decks {
            return Err(SetupError::InvalidOptions(
                "variant 1 (full deck in hand) and variant 2 (arranged decks) cannot be combined"
                    .into(),
            ));
        }
        let mut em = Emitter::<FirewallDuel>::new(&State::default());
        em.emit(Event::MatchStarted {
            options: options.clone(),
            flagstones: FLAGSTONES as u8,
            fire_wall: MIDDLE,
            wizards: Bridge::wizards_around(MIDDLE).to_vec(),
            mana: MANA_PER_ROUND,
        });
        deck::open(&mut em, options, rng);
        Ok(em.events)
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &Command,
        _rng: &mut GameRng,
    ) -> Result<Vec<Event>, RuleViolation> {
        decide(state, actor, command)
    }

    fn evolve(state: &mut State, event: &Event) {
        state::evolve(state, event);
    }

    fn view(state: &State, viewer: Viewer) -> View {
        views::view(state, viewer)
    }

    fn takeback(events: &[Event]) -> Result<(), TakebackRefusal> {
        TakebackRefusal::of_events(events, takeback::takeback_of)
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        views::redact(event, viewer)
    }

    fn awaiting(state: &State) -> Vec<Awaiting> {
        (0..2u8)
            .map(Seat)
            .filter_map(|seat| {
                expecting(state, seat).map(|e| Awaiting {
                    seat,
                    reason: match e {
                        Expecting::Arrangement | Expecting::Move => AwaitReason::SealedMove,
                        Expecting::Recycle | Expecting::Larceny => AwaitReason::Choice,
                    },
                })
            })
            .collect()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        if state.phase != Phase::Over {
            return None;
        }
        state.result.as_ref().map(|(winner, summary)| Outcome {
            winners: winner.iter().copied().collect(),
            summary: summary.clone(),
        })
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        if seat.index() >= 2 {
            return vec![];
        }
        let choice = state.resolution.as_ref().and_then(|r| r.choice.clone());
        match (expecting(state, seat), choice) {
            (Some(Expecting::Move), _) => sealed_moves(state, seat),
            (Some(Expecting::Recycle), Some(FirewallPendingChoice::Recycle { min, max, .. })) => {
                (min..=max)
                    .map(|bet| Command::ChooseRecycle {
                        bet: u32::from(bet),
                    })
                    .collect()
            }
            (Some(Expecting::Larceny), Some(FirewallPendingChoice::Larceny { stolen, .. })) => {
                let all: Vec<u32> = stolen.iter().map(|q| u32::from(q.spell)).collect();
                let mut out = vec![
                    Command::ChooseLarceny { apply: vec![] },
                    Command::ChooseLarceny { apply: all.clone() },
                ];
                let mut singles = all.clone();
                singles.dedup();
                out.extend(
                    singles
                        .into_iter()
                        .map(|n| Command::ChooseLarceny { apply: vec![n] }),
                );
                out
            }
            (Some(Expecting::Arrangement), _) => {
                let order: Vec<u32> = (1..=14).collect();
                vec![
                    Command::ArrangeDeck {
                        order: order.clone(),
                    },
                    Command::ArrangeDeck {
                        order: order.into_iter().rev().collect(),
                    },
                ]
            }
            _ => vec![],
        }
    }

    /// A sealed move is listed in full when it has at most
    /// [`FULL_LISTING_LIMIT`] choices; a Larceny choice in full only when one
    /// spell was stolen (the applied ones form ordered selections, too many
    /// to list), and a deck arrangement never (14! orders).
    fn full_legal_listing(state: &State, seat: Seat) -> FullListing<Self> {
        let choice = state.resolution.as_ref().and_then(|r| r.choice.clone());
        let sample = |complete: bool| FullListing {
            commands: Self::legal_commands(state, seat),
            complete,
        };
        if seat.index() >= 2 {
            return sample(true);
        }
        match (expecting(state, seat), choice) {
            (Some(Expecting::Move), _) => {
                match every_sealed_move(state, seat, FULL_LISTING_LIMIT) {
                    Some(commands) => FullListing {
                        commands,
                        complete: true,
                    },
                    None => sample(false),
                }
            }
            (Some(Expecting::Larceny), Some(FirewallPendingChoice::Larceny { stolen, .. })) => {
                let mut listing = sample(stolen.len() <= 1);
                listing.commands.dedup();
                listing
            }
            (Some(Expecting::Arrangement), _) => sample(false),
            _ => sample(true),
        }
    }

    /// A sealed move is told as one [`CommandChoice`] (a range of bets and
    /// the cards in hand); the other answers are few and listed.
    fn legal_choices(state: &State, seat: Seat) -> LegalChoices<Self> {
        if seat.index() < 2 && expecting(state, seat) == Some(Expecting::Move) {
            let player = state.player(seat);
            return LegalChoices {
                choices: vec![CommandChoice::SubmitMove {
                    min_bet: u32::from(MIN_BET),
                    max_bet: u32::from(player.mana),
                    cards: player.hand.iter().map(|&c| u32::from(c)).collect(),
                    clone_targets: clone_targets(state, seat)
                        .into_iter()
                        .map(u32::from)
                        .collect(),
                }],
                commands: vec![],
            };
        }
        LegalChoices {
            choices: vec![],
            commands: Self::legal_commands(state, seat),
        }
    }

    fn timeout_command(state: &State, seat: Seat) -> Option<Command> {
        let choice = state.resolution.as_ref().and_then(|r| r.choice.clone());
        match (expecting(state, seat)?, choice) {
            (Expecting::Move, _) => Some(Command::submit(1, &[])),
            (Expecting::Recycle, Some(FirewallPendingChoice::Recycle { bet, .. })) => {
                Some(Command::ChooseRecycle {
                    bet: u32::from(bet),
                })
            }
            (Expecting::Larceny, _) => Some(Command::ChooseLarceny { apply: vec![] }),
            (Expecting::Arrangement, _) => Some(Command::ArrangeDeck {
                order: (1..=14).collect(),
            }),
            (Expecting::Recycle, _) => None,
        }
    }
}
