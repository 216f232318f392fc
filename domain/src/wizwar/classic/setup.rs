//! "Mise en place": each player picks one of the four sectors face down,
//! all are revealed together, the sectors are assembled by player count,
//! and the highest roll of the die begins.
//!
//! - **A sealed choice.** Setup only opens the choice
//!   ([`Event::SectorChoiceOpened`]); every seat that has not chosen is
//!   awaited at once (`sealed_move`) and offered `choose_sector` for each of
//!   the four sectors. A choice is a [`Secret`] of its chooser until the
//!   last one is in; then all are revealed in one event.
//! - **Two players on one sector** (designed): each of them rolls the die,
//!   the highest keeps it (a tie among the highest rolls again, every round
//!   recorded); the others, in seat order, are each dealt one of the
//!   sectors nobody kept, drawn at random (recorded).
//! - **Assembly** (designed where the rules' diagrams are missing): the
//!   sectors lie in their printed orientation ("B" faces), laid clockwise in
//!   seat order from the north-west: 2 players side by side (west, east);
//!   3 in an L (north-west, north-east, south-west) with the AUTO WARP in
//!   the empty south-east quarter; 4 in a 2×2 square (north-west,
//!   north-east, south-east, south-west).
//! - **Clockwise** is seat order: each player sits by his own sector, and
//!   the sectors go round the table clockwise in seat order, so the turn
//!   passes to the next seat, as in the engine.
//! - **The first player**: every player rolls; the highest begins; the
//!   players tied for the highest roll again (each round recorded).
//! - **Timeouts** choose the seat's own sector in the printed order (seat 0
//!   blue, 1 red, 2 yellow, 3 green), which reads nothing of the others'
//!   secret choices.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::kit::narration::listed;
use crate::kit::{Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::{AwaitReason, Awaiting, Seat, Viewer};

use super::super::RuleViolation;
use super::super::edition::Edition;
use super::super::events::Event;
use super::super::labyrinth::{PlacedSector, SectorIndex};
use super::super::sector_boards::{Colour, Side};
use super::super::state::Tx;
use super::super::yield_policies::YieldPolicy;
use super::ClassicTx;
use super::commands::{ClassicCommand, EditionCommand};
use super::events::{ClassicEvent, EditionEvent, SeatRoll, SectorPick};
use super::state::ClassicState;

/// The sectors being chosen face down.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SectorChoice {
    pub seats: u8,
    /// The yield policy every seat starts with (an option of the game).
    pub yield_policy: YieldPolicy,
    /// Who has chosen, and what (`None` where the fold did not see it).
    pub chosen: BTreeMap<Seat, Option<Colour>>,
}

impl SectorChoice {
    /// The seats that have not chosen yet.
    pub fn waiting(&self) -> impl Iterator<Item = Seat> + '_ {
        (0..self.seats)
            .map(Seat)
            .filter(|s| !self.chosen.contains_key(s))
    }
}

/// One seat's part of the choice, as a viewer sees it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarSectorChoiceSeat))]
pub struct SectorChoiceSeat {
    pub seat: Seat,
    pub chosen: bool,
    /// His sector: shown to himself (and the referee) alone.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Colour>, required = true))]
    pub sector: Secret<Colour>,
}

/// The sealed sector choice as a viewer sees it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarSectorChoiceView))]
pub struct SectorChoiceView {
    pub seats: Vec<SectorChoiceSeat>,
}

/// The choice as `viewer` may see it, while it lasts.
pub fn view(state: &ClassicState, viewer: Viewer) -> Option<SectorChoiceView> {
    let choice = state.sector_choice.as_ref()?;
    Some(SectorChoiceView {
        seats: (0..choice.seats)
            .map(Seat)
            .map(|seat| {
                let sector = choice.chosen.get(&seat).copied().flatten();
                SectorChoiceSeat {
                    seat,
                    chosen: choice.chosen.contains_key(&seat),
                    sector: Secret::maybe(Keeper::Seat(seat), sector).shown_to(viewer),
                }
            })
            .collect(),
    })
}

/// Setup: the choice opens.
pub fn open(seats: u8, yield_policy: YieldPolicy) -> ClassicEvent {
    ClassicEvent::Edition(EditionEvent::SectorChoiceOpened {
        seats,
        yield_policy,
    })
}

/// Whom the game waits for while the sectors are chosen: everyone who has
/// not chosen, all at once.
pub fn awaiting(state: &ClassicState) -> Option<Vec<Awaiting>> {
    let choice = state.sector_choice.as_ref()?;
    Some(
        choice
            .waiting()
            .map(|seat| Awaiting {
                seat,
                reason: AwaitReason::SealedMove,
            })
            .collect(),
    )
}

/// The choices open to `seat`: every sector, until he has chosen.
pub fn legal_commands(state: &ClassicState, seat: Seat) -> Option<Vec<EditionCommand>> {
    let choice = state.sector_choice.as_ref()?;
    Some(if choice.waiting().any(|s| s == seat) {
        Colour::ALL
            .iter()
            .map(|sector| EditionCommand::ChooseSector { sector: *sector })
            .collect()
    } else {
        vec![]
    })
}

/// A seat that does not choose in time gets its own sector in the printed
/// order (see the module docs).
pub fn timeout_command(state: &ClassicState, seat: Seat) -> Option<Option<EditionCommand>> {
    let choice = state.sector_choice.as_ref()?;
    Some(
        choice
            .waiting()
            .any(|s| s == seat)
            .then(|| EditionCommand::ChooseSector {
                sector: Colour::ALL[usize::from(seat.0) % Colour::ALL.len()],
            }),
    )
}

/// Any command while the sectors are chosen: only `choose_sector` is taken.
///
/// # Errors
/// `not_a_player`, `sector_already_chosen`, `sectors_being_chosen`.
pub fn decide(
    tx: &mut ClassicTx,
    actor: Seat,
    command: &ClassicCommand,
    rng: &mut GameRng,
) -> Result<(), RuleViolation> {
    let Some(choice) = tx.state.sector_choice.clone() else {
        return Err(RuleViolation::SectorsAlreadyChosen);
    };
    let ClassicCommand::Edition(EditionCommand::ChooseSector { sector }) = command else {
        return Err(RuleViolation::SectorsBeingChosen);
    };
    if actor.0 >= choice.seats {
        return Err(RuleViolation::NotAPlayer);
    }
    if choice.chosen.contains_key(&actor) {
        return Err(RuleViolation::SectorAlreadyChosen);
    }
    tx.emit(ClassicEvent::Edition(EditionEvent::SectorChosen {
        seat: actor,
        sector: Secret::new(Keeper::Seat(actor), *sector),
    }));
    let everyone = tx
        .state
        .sector_choice
        .as_ref()
        .is_some_and(|c| c.waiting().next().is_none());
    if everyone {
        reveal(tx, &choice, rng);
    }
    Ok(())
}

/// All choices face up; roll-offs for shared sectors; the board laid; the
/// first player rolled for; his turn begins.
fn reveal(tx: &mut ClassicTx, choice: &SectorChoice, rng: &mut GameRng) {
    let picks: Vec<SectorPick> = tx
        .state
        .sector_choice
        .as_ref()
        .map(|c| {
            c.chosen
                .iter()
                .filter_map(|(seat, sector)| {
                    sector.map(|sector| SectorPick {
                        seat: *seat,
                        sector,
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    tx.emit(ClassicEvent::Edition(EditionEvent::SectorsRevealed {
        choices: picks.clone(),
    }));
    let mut kept: BTreeMap<Seat, Colour> = BTreeMap::new();
    let mut losers = vec![];
    for sector in Colour::ALL {
        let contenders: Vec<Seat> = picks
            .iter()
            .filter(|p| p.sector == sector)
            .map(|p| p.seat)
            .collect();
        match contenders.len() {
            0 => {}
            1 => {
                kept.insert(contenders[0], sector);
            }
            _ => {
                let keeper = roll_off(tx, contenders.clone(), rng, |rolls, keeper| {
                    EditionEvent::SectorRollOff {
                        sector,
                        rolls,
                        keeper,
                    }
                });
                kept.insert(keeper, sector);
                losers.extend(contenders.into_iter().filter(|s| *s != keeper));
            }
        }
    }
    losers.sort();
    for seat in losers {
        let mut free: Vec<Colour> = Colour::ALL
            .iter()
            .copied()
            .filter(|c| !kept.values().any(|k| k == c))
            .collect();
        free.sort();
        let sector = free[rng.below(free.len() as u32) as usize];
        tx.emit(ClassicEvent::Edition(EditionEvent::SectorDealt {
            seat,
            sector,
        }));
        kept.insert(seat, sector);
    }
    let slots = clockwise_slots(choice.seats);
    let sectors: Vec<PlacedSector> = (0..choice.seats)
        .map(|i| PlacedSector {
            colour: kept[&Seat(i)],
            owner: Seat(i),
            slot: SectorIndex(slots[usize::from(i)]),
            quarter_turns: 0,
        })
        .collect();
    let options = super::super::Options {
        side: Side::B,
        yield_policy: choice.yield_policy,
        ..super::super::Options::default()
    };
    engine_steps(tx, |tx| {
        super::super::lay_out_table(tx, &sectors, Edition::Classic);
        super::super::shuffle_magic_deck(tx, &options, Edition::Classic, rng);
        super::super::deal_and_set_policies(tx, choice.seats, Edition::Classic, &options, rng);
    });
    let first = roll_off(
        tx,
        (0..choice.seats).map(Seat).collect(),
        rng,
        |rolls, _| EditionEvent::FirstPlayerRolled { rolls },
    );
    engine_steps(tx, |tx| {
        tx.emit(Event::FirstPlayerChosen { seat: first });
        super::super::turn::start_turn(tx, first);
    });
}

/// Plays steps of the engine within a classic command: they see the state
/// as the edition's events left it, and their events join the command's.
fn engine_steps(tx: &mut ClassicTx, steps: impl FnOnce(&mut Tx)) {
    let mut engine = Tx::new(&tx.state);
    steps(&mut engine);
    tx.state.game = engine.state;
    tx.events
        .extend(engine.events.into_iter().map(ClassicEvent::Engine));
}

/// Layout slots (0 north-west, 1 north-east, 2 south-west, 3 south-east)
/// of seats 0, 1, … going clockwise round the table.
pub fn clockwise_slots(seats: u8) -> Vec<u8> {
    match seats {
        4 => vec![0, 1, 3, 2],
        n => (0..n).collect(),
    }
}

/// Every contender rolls the die; the highest wins; the tied highest roll
/// again. Each round is recorded by `record` (with the winner once there
/// is one).
fn roll_off(
    tx: &mut ClassicTx,
    mut contenders: Vec<Seat>,
    rng: &mut GameRng,
    record: impl Fn(Vec<SeatRoll>, Option<Seat>) -> EditionEvent,
) -> Seat {
    loop {
        let rolls: Vec<SeatRoll> = contenders
            .iter()
            .map(|seat| SeatRoll {
                seat: *seat,
                value: rng.roll(6),
            })
            .collect();
        let highest = rolls.iter().map(|r| r.value).max().unwrap_or(0);
        let top: Vec<Seat> = rolls
            .iter()
            .filter(|r| r.value == highest)
            .map(|r| r.seat)
            .collect();
        let winner = (top.len() == 1).then(|| top[0]);
        tx.emit(ClassicEvent::Edition(record(rolls, winner)));
        if let Some(winner) = winner {
            return winner;
        }
        if top.is_empty() {
            return contenders[0];
        }
        contenders = top;
    }
}

/// Folds the events of the choice.
pub fn evolve(state: &mut ClassicState, event: &EditionEvent) {
    match event {
        EditionEvent::SectorChoiceOpened {
            seats,
            yield_policy,
        } => {
            state.edition = Edition::Classic;
            state.sector_choice = Some(SectorChoice {
                seats: *seats,
                yield_policy: *yield_policy,
                chosen: BTreeMap::new(),
            });
        }
        EditionEvent::SectorChosen { seat, sector } => {
            if let Some(choice) = state.sector_choice.as_mut() {
                choice.chosen.insert(*seat, sector.revealed().copied());
            }
        }
        EditionEvent::SectorsRevealed { .. } => state.sector_choice = None,
        _ => {}
    }
}

/// The choice's events hide the sector a player chose from the others until
/// all are revealed.
pub fn redact(event: &mut EditionEvent, viewer: Viewer) {
    if let EditionEvent::SectorChosen { seat, sector } = event {
        sector.hide_unless(viewer, Keeper::Seat(*seat));
    }
}

/// Narrates an event of the choice or of the roll for the first player.
pub fn tell(event: &EditionEvent, name: &dyn Fn(Seat) -> String) -> Option<String> {
    Some(match event {
        EditionEvent::SectorChoiceOpened { seats, .. } => {
            format!("The {seats} players choose their sectors face down.")
        }
        EditionEvent::SectorChosen { seat, sector } => match sector.revealed() {
            Some(sector) => format!(
                "{} chooses the {} sector, face down.",
                name(*seat),
                colour(*sector)
            ),
            None => format!("{} has chosen a sector, face down.", name(*seat)),
        },
        EditionEvent::SectorsRevealed { choices } => format!(
            "The sectors are revealed: {}.",
            listed(
                &choices
                    .iter()
                    .map(|c| format!("{} chose {}", name(c.seat), colour(c.sector)))
                    .collect::<Vec<_>>()
            )
        ),
        EditionEvent::SectorRollOff {
            sector,
            rolls,
            keeper,
        } => {
            let rolled = listed(
                &rolls
                    .iter()
                    .map(|r| format!("{} rolls {}", name(r.seat), r.value))
                    .collect::<Vec<_>>(),
            );
            match keeper {
                Some(keeper) => format!(
                    "For the {} sector, {rolled}: {} keeps it.",
                    colour(*sector),
                    name(*keeper)
                ),
                None => format!(
                    "For the {} sector, {rolled}: a tie, they roll again.",
                    colour(*sector)
                ),
            }
        }
        EditionEvent::SectorDealt { seat, sector } => format!(
            "{} is dealt the {} sector, which nobody kept.",
            name(*seat),
            colour(*sector)
        ),
        EditionEvent::FirstPlayerRolled { rolls } => format!(
            "To play first, {}.",
            listed(
                &rolls
                    .iter()
                    .map(|r| format!("{} rolls {}", name(r.seat), r.value))
                    .collect::<Vec<_>>()
            )
        ),
        _ => return None,
    })
}

/// A sector board's colour, as players call it.
fn colour(colour: Colour) -> &'static str {
    match colour {
        Colour::Blue => "blue",
        Colour::Red => "red",
        Colour::Yellow => "yellow",
        Colour::Green => "green",
    }
}
