//! **Wizards of War** (Emiel Ament, 2019, free print & play): two evil
//! wizards summon monsters and cast spells until one of them is killed.
//! Rules: `shared/rules/wizards-of-war-rules.md`, read whole; every rule of
//! it has a test in `tests/`, named in its terms.
//!
//! Modules follow the rulebook: [`board`] (the 11 × 20 board and its
//! terrain), [`units`] (the 36 units and their cards), [`turn_die`] and
//! [`turn`] ("Play the game"), [`summoning`] (the orc), [`movement`],
//! [`combat`] and [`ranged_combat`], [`spell_cards`] (the 30 cards),
//! [`tiles`] (the 7 effect tiles), [`spells`] ("Casting spells"),
//! [`counterspell`] (and the response window), [`winning`] ("The goal").
//! [`catalogue`] serves every number to clients, marked designed where it is.
//!
//! # Designed values
//! The designer's print-and-play files are not public, so these are
//! designed, as data, each with one line of reasoning in the catalogue
//! (`GET /v1/rulesets/wizards-of-war`, every entry `"designed": true` with
//! its `"reasoning"`):
//! - **Board terrain** ([`board`]): a river across the middle with a bend
//!   (2 movement points a square), a wood, trees, bushes and stones for
//!   cover; seat 0's half turned half round is seat 1's half, so the board
//!   favours neither wizard. The X squares are the middle of each player's
//!   second row, so all 8 summoning squares lie on the board.
//! - **Turn die** ([`turn_die`]): orc 2, wand 2, feet 3, feet-with-plus 1.
//! - **Combat die** ([`combat`]): sword 3, shield 2, blank 1.
//! - **Units** ([`units`]): movement / attack dice / defence dice / range:
//!   evil wizard 2/1/2 (4 life), goblin 4/1/1, orc 3/2/1, skeleton 3/2/2,
//!   lizardman 3/2/1 range 4, zombie 2/3/1, mummy 2/2/3, minotaur 4/3/2,
//!   troll 3/4/3 large.
//! - **The 30 spells** ([`spell_cards`]): Counterspell ×4, Magic Missile
//!   ×4, Fireball ×2, Chain Lightning ×2, Meteor Shower, Poison Cloud ×2,
//!   Frost Cone ×2, Earthquake, Holy Smite, Wall of Thorns ×2, Mud ×2,
//!   Heal ×2, Teleport ×2, Dark Ritual, Banish, Drain Life.
//! - **The 7 tiles** ([`tiles`]): cross, saltire, line of 3, line of 5,
//!   2 × 2 block, 3 × 3 block, ring.
//!
//! # Balance
//! A game should take some 20 to 40 turns and be decided by choices, not
//! by the first lucky roll. The wizard's 4 life against half a damage per
//! attack die (swords 3 of 6) less a third per defence die (shields 2 of
//! 6) means a wizard dies to about three good attacks, so he must be
//! guarded, and monsters (1 life) trade quickly: the board keeps moving.
//! Cheap, fast monsters (goblins, orcs: 12 of 34 cards) reach the enemy in
//! two feet turns across the 20 rows; slow heavy ones (zombie, mummy) hold
//! ground; the rare troll and minotaurs swing a game but can be answered
//! by Banish, Frost Cone or a blast. Half the turn die's faces fight, and
//! orc and wand share the rest, so armies and hands grow at the same rate.
//! Spells hit harder than monsters per action but cost a wand turn to get
//! and can be counterspelled (half the time); area spells strike the
//! caster's own units too, so they reward positioning. Moving first is
//! worth a tempo: under the rulebook's opening (no spell before the first
//! turn) seat 0 wins more of the games between two greedy players
//! (`under_the_rulebook_opening_the_first_player_is_favoured` measures it;
//! the catalogue says so). The house rule `second_player_spell` (a game
//! option, off by default; revision 1 always dealt it) gives the second
//! player one spell before the first turn; with it the same games split
//! about evenly (`the_second_player_spell_house_rule_makes_up_for_moving_second`
//! keeps it so), lasting 27 turns at the median.
//!
//! # Decisions where the rules are silent
//! 1. **Seats and turns.** Exactly two players; seat 0 plays first; no
//!    spell is dealt before the first turn unless the game's house rule
//!    says so (see Balance). The
//!    turn die is rolled by the server when a turn begins (recorded in
//!    `turn_die_rolled`).
//! 2. **Turns end by themselves** when nothing is left to choose: an orc
//!    once the monster is placed or cannot be ("skip your turn"), a wand
//!    once the spell is drawn (or on `draw_spell`/`summon_instead`, when the
//!    player has no monster and so a choice). A feet turn ends on `end_turn`.
//! 3. **A blocked summon** draws no card: the card would have nowhere to go.
//!    Summoning *instead* (the wand, the feet) is a choice only when a
//!    monster can come: with every square around the wizard full (or no
//!    monster card left) it is refused (`cannot_summon`) and not listed, and
//!    a wand draws its spell at once (since revision 2; revision 1 accepted
//!    it and lost the turn: [`revisions`]).
//! 4. **Summoning instead** on the feet is possible only before any unit
//!    moved, attacked or cast that turn. A summoned monster does not move
//!    or attack in the turn it arrives.
//! 5. **Feet:** each unit moves once and attacks once, in any order, units
//!    one after another as the player likes (move, attack, then the next).
//! 6. **Melee** is against an orthogonally adjacent enemy (units move and
//!    shoot only horizontally and vertically). The lizardman shoots at
//!    targets 2 to 4 squares away in a straight row or column and fights an
//!    adjacent enemy in melee (with a counterattack, as any melee).
//! 7. **Counterattack**: the defender rolls his attack dice (no plus: the
//!    plus is for the active player's units), the attacker his defence
//!    dice. A defending wizard never counterattacks (rulebook); an
//!    attacking wizard may be counterattacked.
//! 8. **Cover** is one automatic shield (+1 defence) for a unit on a tree,
//!    bush or stone against a shot; never against spells, never for a
//!    large creature. Terrain never blocks sight.
//! 9. **Spells** roll their dice like an attack on each unit they strike,
//!    friend or foe, in the order of the tile's squares; no cover, no
//!    counterattack, no plus.
//!    A spell's range is counted orthogonally from the caster's wizard to
//!    its target (a tile's anchor). Bolts need a straight line with only
//!    friendly units in between; tiles need no line. A teleport is not the
//!    wizard's move: he may still walk after it (it costs his attack).
//! 10. **Wall of thorns** squares cannot be entered, summoned onto, or shot
//!     through. A unit next to it may attack it: one sword destroys the
//!     whole wall. A blast whose tile covers any of its squares burns it.
//!     Mud makes entering a square cost 3 points (a muddy river too).
//! 11. **Counterspell** (see [`counterspell`]): "at any time and at any
//!     moment". By mail a moment must be defined: a response window after
//!     every cast, answered in the opponent's place by his yield policy;
//!     lasting spells in play can be counterspelled on one's own turn and,
//!     since revision 2, in a *moment* while a lasting spell of the other
//!     side is in play: at the start of each turn before the turn die is
//!     rolled (for the player about to roll) and after each action (for
//!     the other player), opened only when his yield policy asks him.
//!     Counterspells cannot be counterspelled. The text lets a counterspell
//!     answer "your opponent ... casting a spell or one that already has
//!     been cast", and its success is "a sword with one die": the die is
//!     rolled as the counterspell is cast, so it is never left being cast,
//!     and once cast it is spent (discarded), never a spell "already cast"
//!     that stays in play. Nothing of it is left to answer.
//! 12. **Winning**: a wizard whose life drops below 1 is killed and the game
//!     ends at once; both at once (a blast over both) is a draw.
//! 13. **Hidden facts**: the deck orders are seen by nobody (referee only);
//!     a drawn spell by its owner only, until it is cast. Monster cards are
//!     drawn face up.
//! 14. **Timeouts** pass a response window, draw the spell on a wand, place
//!     a monster on the first free square, and end a feet turn.
//! 15. **Legal commands** list every move, attack and spell target; for a
//!     blast only the placements that strike an enemy unit (or, when none
//!     does, the first few legal ones).
//!
//! # Wire format
//! ```json
//! {"type":"move","unit":3,"to":{"col":4,"row":6}}
//! {"type":"attack","unit":0,"target":{"col":5,"row":3}}
//! {"type":"cast","card":9,"target":{"kind":"area","anchor":{"col":5,"row":12},"orientation":"horizontal"}}
//! {"type":"counterspell","card":2,"against":{"kind":"cast"}}
//! {"type":"pass"}  {"type":"end_turn"}  {"type":"place_monster","square":{"col":4,"row":2}}
//! ```

pub mod board;
pub mod catalogue;
pub mod combat;
pub mod commands;
pub mod counterspell;
pub mod events;
pub mod movement;
pub mod narration;
pub mod picture;
pub mod ranged_combat;
pub mod revisions;
pub mod spell_cards;
pub mod spells;
pub mod state;
pub mod summoning;
pub mod tactics;
mod takeback;
pub mod tiles;
pub mod turn;
pub mod turn_die;
pub mod units;
pub mod views;
pub mod violations;
pub mod winning;

#[cfg(test)]
mod tests;

pub use commands::{Command, CounterTarget, SpellTarget};
pub use counterspell::YieldPolicy;
pub use events::Event;
pub use state::State;
pub use views::View;
pub use violations::RuleViolation;

use serde::{Deserialize, Serialize};

use crate::kit::revisions::Revision;
use crate::kit::{Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::*;
use state::{Step, Tx};

/// The Wizards of War ruleset.
pub struct WizardsOfWar;

crate::kit::game_options! {
    /// What a game is created with.
    #[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
    #[serde(default, deny_unknown_fields)]
    #[cfg_attr(feature = "openapi", schema(as = WizardsOfWarOptions))]
    pub struct Options {
        pub yield_policy: YieldPolicy,
        /// House rule, not the rulebook's: the second player draws one spell
        /// before the first turn, to make up for moving second (see
        /// second_player_spell in the catalogue). Off unless asked for.
        // Games created before it existed were created without it: their
        // options are answered as stored (the spec does not require it).
        #[cfg_attr(
            feature = "openapi",
            schema(extensions(("x-added-later" = json!(true))))
        )]
        pub second_player_spell: bool,
    }
}

/// What the active player's step allows, for refusals.
fn allowed(step: Option<&Step>) -> &'static str {
    match step {
        Some(Step::Placing { .. }) => "place the monster you drew (place_monster)",
        Some(Step::Wand) => "draw a spell (draw_spell) or summon instead (summon_instead)",
        Some(Step::Acting { .. }) => "move, attack, cast, or end your turn",
        None => "nothing",
    }
}

fn decide(
    state: &State,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<Vec<Event>, RuleViolation> {
    if !state.started {
        return Err(RuleViolation::NotStarted);
    }
    if actor.index() >= state.players.len() {
        return Err(RuleViolation::NotAPlayer(actor));
    }
    if state.is_over() {
        return Err(RuleViolation::GameOver);
    }
    let mut tx = Tx::new(state);
    let step = state.step().cloned();
    let wrong_step = || RuleViolation::NotNow {
        allowed: allowed(state.step()),
    };
    match command {
        Command::SetYieldPolicy { policy } => {
            counterspell::set_policy(&mut tx, actor, *policy, rng);
        }
        Command::Pass => counterspell::pass(&mut tx, actor, rng)?,
        Command::Counterspell { card, against } => {
            counterspell::counter(&mut tx, actor, *card, *against, rng)?;
        }
        _ if state.casting.is_some() || state.moment.is_some() => {
            return Err(RuleViolation::ResponseWindowOpen);
        }
        _ if state.active_seat() != Some(actor) => return Err(RuleViolation::NotYourTurn),
        Command::PlaceMonster { square } => summoning::place(&mut tx, actor, *square)?,
        Command::DrawSpell => match step {
            Some(Step::Wand) => spells::draw(&mut tx, actor, rng),
            _ => return Err(wrong_step()),
        },
        Command::SummonInstead => {
            let may = match step {
                Some(Step::Wand) => true,
                Some(Step::Acting { acted, .. }) => !acted && !state.has_monsters(actor),
                _ => false,
            };
            if !may {
                return Err(RuleViolation::MayNotSummon);
            }
            if summoning::refuses_summon_instead(state, actor) {
                return Err(RuleViolation::CannotSummon);
            }
            tx.emit(Event::SummonChosen { seat: actor });
            summoning::draw_to_summon(&mut tx, actor, rng);
        }
        Command::Move { unit, to } => match step {
            Some(Step::Acting { .. }) => movement::move_unit(&mut tx, actor, *unit, *to)?,
            _ => return Err(wrong_step()),
        },
        Command::Attack { unit, target } => match step {
            Some(Step::Acting { plus, .. }) => {
                combat::attack(&mut tx, actor, *unit, *target, plus, rng)?;
            }
            _ => return Err(wrong_step()),
        },
        Command::Cast { card, target } => match step {
            Some(Step::Acting { .. }) => spells::cast(&mut tx, actor, *card, *target, rng)?,
            _ => return Err(wrong_step()),
        },
        Command::EndTurn => match (step, &state.turn) {
            (Some(Step::Acting { .. }), Some(turn)) => {
                turn::end(&mut tx, actor, turn.number, rng);
            }
            _ => return Err(wrong_step()),
        },
    }
    turn::carry_on(&mut tx, rng);
    after_an_action(&mut tx);
    Ok(tx.events)
}

/// After each action of a feet turn (a move, an attack, a cast once it is
/// settled) the other player may counterspell a lasting spell of the
/// active player's in play: a moment opens for him when one is due
/// (revision 2). A counterspell is no action and opens none.
fn after_an_action(tx: &mut Tx) {
    let acted = tx.events.iter().any(|e| {
        matches!(
            e,
            Event::UnitMoved { .. }
                | Event::CombatRolled { .. }
                | Event::ThornsAttacked { .. }
                | Event::SpellResolved { .. }
                | Event::SpellCountered { .. }
                | Event::SpellFizzled { .. }
        )
    });
    let turn_goes_on = tx
        .events
        .iter()
        .all(|e| !matches!(e, Event::TurnEnded { .. }))
        && matches!(tx.state.step(), Some(Step::Acting { .. }));
    if let Some(active) = tx.state.active_seat()
        && acted
        && turn_goes_on
    {
        counterspell::open_moment(tx, state::opponent(active));
    }
}

/// Who must act now: the responder of a cast, else the active player.
fn awaited(state: &State) -> Option<Awaiting> {
    if state.is_over() {
        return None;
    }
    if let Some(casting) = &state.casting {
        return casting.responder.map(|seat| Awaiting {
            seat,
            reason: AwaitReason::Response,
        });
    }
    if let Some(seat) = state.moment {
        return Some(Awaiting {
            seat,
            reason: AwaitReason::Response,
        });
    }
    let turn = state.turn.as_ref()?;
    turn.step.as_ref().map(|_| Awaiting {
        seat: turn.seat,
        reason: AwaitReason::Turn,
    })
}

fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
    let Some(awaiting) = awaited(state).filter(|a| a.seat == seat) else {
        return vec![];
    };
    let counterspells: Vec<u8> = counterspell::counterspells_in_hand(state, seat).collect();
    if awaiting.reason == AwaitReason::Response && state.moment == Some(seat) {
        let mut out = vec![Command::Pass];
        for &card in &counterspells {
            out.extend(state.lasting.iter().map(|l| Command::Counterspell {
                card,
                against: CounterTarget::InPlay { card: l.card.id },
            }));
        }
        return out;
    }
    if awaiting.reason == AwaitReason::Response {
        let mut out = vec![Command::Pass];
        out.extend(counterspells.iter().map(|&card| Command::Counterspell {
            card,
            against: CounterTarget::Cast,
        }));
        return out;
    }
    let mut out = Vec::new();
    match state.step() {
        Some(Step::Placing { .. }) => out.extend(
            summoning::free_squares(state, seat)
                .into_iter()
                .map(|square| Command::PlaceMonster { square }),
        ),
        Some(Step::Wand) => {
            out.push(Command::DrawSpell);
            if !summoning::refuses_summon_instead(state, seat) {
                out.push(Command::SummonInstead);
            }
        }
        Some(Step::Acting { acted, .. }) => {
            let mine: Vec<&state::Unit> = state.units.iter().filter(|u| u.owner == seat).collect();
            for unit in &mine {
                if !unit.moved {
                    out.extend(
                        movement::reachable(state, unit)
                            .into_keys()
                            .map(|to| Command::Move { unit: unit.id, to }),
                    );
                }
                if !unit.attacked {
                    out.extend(combat::targets(state, unit.id).into_iter().map(|target| {
                        Command::Attack {
                            unit: unit.id,
                            target,
                        }
                    }));
                }
            }
            if state.wizard(seat).is_some_and(|w| !w.attacked) {
                for &card in &state.player(seat).hand {
                    if let Some(spell) = spell_cards::spell_of(card) {
                        out.extend(
                            spells::listed_targets(state, seat, spell)
                                .into_iter()
                                .map(|target| Command::Cast { card, target }),
                        );
                    }
                }
            }
            if !acted
                && !state.has_monsters(seat)
                && !summoning::refuses_summon_instead(state, seat)
            {
                out.push(Command::SummonInstead);
            }
            out.push(Command::EndTurn);
        }
        None => {}
    }
    for &card in &counterspells {
        out.extend(state.lasting.iter().map(|l| Command::Counterspell {
            card,
            against: CounterTarget::InPlay { card: l.card.id },
        }));
    }
    out
}

impl Ruleset for WizardsOfWar {
    const ID: &'static str = "wizards-of-war";
    // 2: the state keeps the revision it is played under.
    const STATE_VERSION: u32 = 2;
    const MIN_SEATS: u8 = 2;
    const MAX_SEATS: u8 = 2;
    const REVISIONS: &'static [Revision] = revisions::REVISIONS;
    type CommandChoice = crate::ruleset::NoCommandChoice;
    type Options = Options;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = View;
    type Violation = RuleViolation;

    fn info() -> RulesetInfo {
        crate::kit::about::<Self>(
            "Wizards of War",
            "Two evil wizards roll the turn die to summon monsters, draw \
             hidden spells or move and fight, until one of them is killed.",
        )
    }

    fn setup(options: &Options, seats: u8, rng: &mut GameRng) -> Result<Vec<Event>, SetupError> {
        Self::setup_under(revisions::newest(), options, seats, rng)
    }

    fn setup_under(
        revision: u32,
        options: &Options,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, SetupError> {
        crate::kit::check_seats::<Self>(seats)?;
        let mut tx = Tx::new(&Self::new_state(revision));
        tx.emit(Event::GameStarted {
            wizards: board::START_SQUARES.to_vec(),
            life: spells::WIZARD_LIFE,
        });
        for seat in [Seat(0), Seat(1)] {
            tx.emit(Event::YieldPolicySet {
                seat,
                policy: options.yield_policy,
            });
        }
        let mut monsters: Vec<u8> = (0..units::monster_cards().len() as u8).collect();
        rng.shuffle(&mut monsters);
        tx.emit(Event::MonsterDeckShuffled {
            order: Secret::new(Keeper::Referee, monsters),
        });
        let mut spells: Vec<u8> = (0..spell_cards::spell_cards().len() as u8).collect();
        rng.shuffle(&mut spells);
        tx.emit(Event::SpellDeckShuffled {
            order: Secret::new(Keeper::Referee, spells),
        });
        // Preparations deal no spell; the house rule (and revision 1) make
        // up for moving second with one (see Balance).
        let second_player_spell = match tx.state.rules().opening {
            revisions::Opening::SecondPlayerDraws => true,
            revisions::Opening::AsTheGameOptions => options.second_player_spell,
        };
        if second_player_spell {
            spells::draw(&mut tx, Seat(1), rng);
        }
        turn::start(&mut tx, Seat(0), 1, rng);
        turn::carry_on(&mut tx, rng);
        Ok(tx.events)
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &Command,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, RuleViolation> {
        decide(state, actor, command, rng)
    }

    fn new_state(revision: u32) -> State {
        State {
            revision: revisions::PlayedUnder(revision),
            ..State::default()
        }
    }

    fn revised(state: State, revision: u32) -> State {
        State {
            revision: revisions::PlayedUnder(revision),
            ..state
        }
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
        awaited(state).into_iter().collect()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        state.result.as_ref().map(|(winner, summary)| Outcome {
            winners: winner.iter().copied().collect(),
            summary: summary.clone(),
        })
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        legal_commands(state, seat)
    }

    fn timeout_command(state: &State, seat: Seat) -> Option<Command> {
        let awaiting = awaited(state).filter(|a| a.seat == seat)?;
        if awaiting.reason == AwaitReason::Response {
            return Some(Command::Pass);
        }
        match state.step()? {
            Step::Placing { .. } => summoning::free_squares(state, seat)
                .first()
                .map(|&square| Command::PlaceMonster { square }),
            Step::Wand => Some(Command::DrawSpell),
            Step::Acting { .. } => Some(Command::EndTurn),
        }
    }
}
