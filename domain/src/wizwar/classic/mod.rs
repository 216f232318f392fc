//! Wiz War, classic edition (the French rules text
//! `shared/rules/wizwar-classic-rules-fr.txt`), offered as the
//! `wizwar-classic` ruleset: the Wiz-War engine played with the classic
//! [`Edition`](super::edition::Edition) — its numbers and rule hooks in
//! [`CLASSIC`](super::edition::CLASSIC), its deck in [`deck`].
//!
//! Its commands and events are the engine's and its own ([`commands`],
//! [`events`]: the sealed sector choice, the roll for the first player and
//! deals, which the engine's types do not name); the engine ends a turn
//! without knowing of deals, and [`deals::lapse_when_turns_end`] tells the
//! lapse. Its state is the engine's extended with its own ([`state`]: the
//! sector choice and the deal standing), and so are its view
//! ([`ClassicView`]) and its picture ([`picture`]).
//!
//! # Designed values
//!
//! The classic card list is not public in full
//! (`shared/classic-wizwar-facts.md`); every value designed here is marked
//! `designed` in the catalogue served to clients, and listed below.
//!
//! ## Setup and board
//!
//! - **Two players on one sector** ([`setup`]): the players who chose it
//!   roll the die, the highest keeps it (tied highest roll again, every
//!   round recorded as `sector_roll_off`); each other one is dealt a sector
//!   nobody kept, drawn at random (`sector_dealt`).
//! - **Assembly** ([`setup`]): the rules' diagrams are missing; sectors
//!   lie in their printed orientation, clockwise in seat order from the
//!   north-west (2: west, east; 3: an L north-west, north-east, south-west
//!   with the AUTO WARP in the empty south-east quarter; 4: north-west,
//!   north-east, south-east, south-west). Clockwise is seat order.
//! - **A seat that does not choose in time** gets its own sector in the
//!   printed order (seat 0 blue, 1 red, 2 yellow, 3 green).
//! - **Open edges** (`Labyrinth::step`): every edge square leads off its
//!   side to the last square reached going straight back across the board
//!   (turning with the AUTO WARP where the way crosses it). Walls on the
//!   edge are ordinary walls, not indestructible outer walls. The two edge
//!   lines a way off the board joins are one wall, as a junction's double
//!   wall is: a wall printed on either stands on both, and destroyed on
//!   one it falls from both ("si vous faites tomber un mur à proximité
//!   d'une sortie A, alors vous pouvez entrer du côté du bord opposé").
//! - **The AUTO WARP** joins the two edges facing the empty south-east
//!   quarter corner to corner: leaving (4, 5 + k) southwards enters
//!   (5 + k, 4) heading west, and back (one step, `auto_warp` step kind;
//!   sight through it runs straight, the far side laid next to the near).
//! - **Doors** ([`doors`]): closed to everyone, sector owners too. MASTER
//!   KEY (in play) lets its holder through, closing behind him, and lets
//!   him hold a door open for others while he stays beside it; PICK LOCK,
//!   if the deck holds it, is the engine's card (held open while its
//!   caster stays beside it). REMOVE LOCK is cast on a door beside its
//!   caster and jams it open for good (`door_jammed_open`). Its card
//!   (`ClassicCardName::RemoveLock`, facts in `cards::classic_board`, rules in
//!   `spells::classic_board`) is a neutral spell, range adjacent, instant
//!   (the door stays open, the card is discarded) — all designed.
//! - **RELOCATE SECTOR** (`ClassicCardName::RelocateSector`, facts in
//!   `cards::classic_board`, rules in `spells::classic_board`): a neutral
//!   spell, range anywhere, instant (designed). It names a sector and
//!   another slot of the layout (`slot` option: the two halves of the
//!   2-player board, the four quarters of the others); the sector moves
//!   there with all on it, swapping with the sector there if any. Its
//!   walls and doors inside move with it; lines where a moved sector meets
//!   the board are printed afresh (as ROTATE SECTOR's are), created walls
//!   there end and held doors touching it close. The AUTO WARP is
//!   discarded for good, whichever sector moves.
//! - **Created objects** keep the engine's checks: a wall only on an open
//!   border line (never on a wall, never diagonal), objects only on an
//!   empty square and never on an opponent's base; the creator's own base
//!   is open to them, as the rules say
//!   (`EditionRules::creations_on_ones_own_base`).
//! - **The junction die roll** (`EditionRules::junction_die_roll`): the
//!   engine keeps a junction's double wall as one line, so the roll decides
//!   which sector that one wall belongs to. CREATE WALL or DESTROY WALL on a
//!   line between two sectors rolls the die (`die_rolled`): 1-3 the sector
//!   on the line's north or west side, 4-6 the other
//!   (`junction_wall_rolled`, kept in `State::junction_walls`). A created
//!   wall of the sector that ROTATE SECTOR turns goes with it and so leaves
//!   the junction (it ends, as the engine's created walls on a turned edge
//!   do); one of the other sector stays where it stands (unless the turned
//!   sector brings a printed wall onto that line, which ends it). A
//!   destroyed junction wall falls whichever side the roll names (one line,
//!   one wall); the roll is recorded, and a turned edge is printed afresh
//!   as before. ROTATE SECTOR names a sector, never a wall, so it rolls
//!   nothing; RELOCATE SECTOR keeps its rule (created walls on a moved
//!   sector's edge end) — all designed.
//! - **Movement**: three squares plus one number card's value once a turn
//!   (`boost_speed`, the engine's Energy cards standing for number cards).
//!
//! ## Cards
//!
//! - **The deck**: 130 cards (S2's box count) with the board cards; every
//!   copy count is designed ([`deck`]'s module docs give the proportions):
//!   34 number cards (2 ×6, 3 ×8, 4 ×8, 5 ×7, 6 ×5 — values 2–6 designed,
//!   the rules show 3, 4 and 5), 18 attacks, 15 counters, 45 neutral spells,
//!   9 objects, 5 magic stones, and RELOCATE SECTOR and REMOVE LOCK at 2
//!   copies each. The 8th edition's Energy 4/5/6 are the numbers 4/5/6.
//! - **Number cards** are the engine's energy: one a spell (Add aside),
//!   1 without one (`EditionRules::number_cards`); a duration counts the
//!   caster's turns as the engine's energy tokens do. Only number cards
//!   are numbers (no other card's printed value); every card may go
//!   without one, so a Wizardblade strikes for 1 with no card to feed it.
//! - **Only counter cards answer**: Invisible, Teleport and Wall of Fire,
//!   which the 8th edition also lets answer, are cast on one's own turn
//!   only ("Les cartes contre attaque sont les seuls à pouvoir être
//!   utilisés en dehors de son tour"). A counter to a counter is played
//!   by the one whose cast it answers.
//! - **A counter card cast on one's own turn** ("Elles peuvent être
//!   utilisées comme une carte neutre durant son tour";
//!   `EditionRules::counters_cast_as_neutral`): Absorb, Blunt and Full
//!   Shield have no neutral effect, so cast as a neutral spell (on oneself,
//!   the only target) they do nothing and go to the discard pile — a way to
//!   be rid of one in the turn, whatever the draw (designed). Being a
//!   neutral action, nobody may answer it, and it is no attack.
//!   `legal_commands` does not list it (it changes nothing on the board).
//! - **Physical and magical damage** differ only for Blunt (below); Fire
//!   still destroys magic stones, as in the 8th edition.
//! - **Walls of fire** stop attacks as walls do ("Le combat"); attacks
//!   through a thornbush or solid stone are stopped by line of sight.
//! - **Counteractions** stop half the damage each, rounded up, Absorb's
//!   "3 points" (S4) notwithstanding; against a lasting spell on a wizard
//!   (Shrink) they stop half its duration the same way; a counter answering
//!   a counter cancels it. Full Shield is a classic counteraction like the
//!   others. Blunt answers physical damage only (a punch, a dagger, a
//!   rock, a falling wall); Absorb answers any. Blunt's limit is designed
//!   and kept in revision 3: the text names Blunt only beside Absorb (both
//!   answer indirect damage, "comme un mur détruit qui s'abat sur vous")
//!   and says physical and magical damage differ "à de rares occasions
//!   (spécifier sur la carte)"; no source gives Blunt's card, so nothing
//!   supports another reading over the one its name suggests. The
//!   catalogue marks it designed.
//! - **Falling wall** (Destroy Wall): 2 physical damage to each wizard
//!   beside it (the 8th edition's value); Absorb and Blunt answer it, which
//!   asks only players whose yield policy stops at every window or at
//!   their counters (the wall does not *target* them).
//! - **Lightning Blast**: range LOS; a wizard it hurts loses one turn.
//! - **Medusa**: an attack in LOS; he loses as many turns as its number.
//! - **A lost turn**: Move and Cast is skipped; he still draws at its end.
//! - **Shrink**: LOS; one square less of movement and attacks miss on a d4
//!   roll of 3–4, for its number of turns.
//! - **Drag**: LOS, on a wizard in the caster's row or column, pulled one
//!   square a point of its number toward the caster, stopping at a wall or
//!   door, a filled square or the caster's square; on an opponent it is
//!   the turn's attack (as any neutral spell cast on an opponent).
//! - **Speed**: its number plus one more squares this turn (not S13's
//!   extra turn).
//! - **Trap**: turned up from the deck for all to see; at the deal it is
//!   discarded, the deck reshuffled and the deal goes on; drawn later it
//!   deals 2 physical damage to the drawer and takes the place of a card.
//! - **Illusion Wall**: a created wall in every way, that falls at its
//!   first point of damage.
//! - **Solid Stone** is the engine's Stone Block; it cannot be attacked
//!   ("Les seuls objets que vous pouvez attaquer sont les buissons, les
//!   murs et les portes"); its 20 points (S13) count only against damage
//!   that is no attack.
//! - **Thornbush**: one point of damage kills it (the 8th edition's "one
//!   crack", a classic point being a crack).
//! - **Fireball** 5 points (fan sources); **Dagger, Large Rock,
//!   Wizardblade, Invisible, Wall of Fire, Thornbush, Teleport, Add,
//!   Adrenaline, Mad Dash, Pick Lock, Full Shield** and the magic stones
//!   (Speedstone, Powerstone, Brainstone, Lifestone, Visionstone) play as
//!   the 8th edition's cards of the same name.
//!
//! ## Play and deals
//!
//! - **Winning**: two enemy treasures lying in one's base (from any
//!   opponents; one carried at a time) win at once; a kill scores nothing;
//!   the last living player wins. Only the living win, and deaths are
//!   settled before wins: a wizard killed as he brings the second treasure
//!   home (it falls in his base) is dead first and does not win. (As the
//!   8th edition's Treasure Hunters, with points to win fixed at 2.)
//! - **Losing by treasures**: both one's treasures lying (not carried) in
//!   the bases of other living players eliminate at once, as a death without
//!   killer: his hand is discarded, the items he carries and a treasure he
//!   carries fall in his square, his maintained spells end; his own two
//!   treasures stay where they lie. (As the 8th edition's Deadly Treasures.)
//! - **Used cards are discarded** (revision 3, "Les cartes utilisées sont
//!   défaussées dans la pile de défausse"): a lasting spell's card goes to
//!   the discard pile as it resolves, and its effect lasts without it,
//!   maintained by nobody (`Destination::DiscardedLasting`): a created wall
//!   stands until destroyed, even after its caster's death; a duration counts
//!   its caster's turns by its tokens and ends with him (designed); its
//!   caster cannot end it at will (nothing says he may); a reshuffle leaves
//!   its card on the pile until the effect ends (designed: a card is never
//!   both in play and drawn again). Under revisions 1–2 it was maintained.
//! - **The killer takes the cards**: the "last attacker" is the wizard
//!   whose attack (a spell, a used item, a punch) killed him, or else the
//!   last wizard who attacked him (a punch thrown at him, an attack cast at
//!   him: `State::last_attackers`, folded from `punch_thrown` and
//!   `spell_cast`; `combat::last_attacker_takes_the_cards`); he takes the
//!   hand and, over seven, may do nothing but discard until within the
//!   limit. "All his cards" are his hand and the objects he carries (they
//!   go back into his hand first, `carried_items_back_in_hand`, as cards on
//!   the table do before cards are taken from a hand). A death by
//!   lingering damage (a spell in play, a falling wall, a thornbush) gives
//!   the cards to the last wizard who attacked him, named as the killer in
//!   `wizard_died` (designed: an attack is a punch thrown or an attack cast
//!   *at him*; damage from a spell aimed at a square or a line does not make
//!   its caster his attacker). A wizard nobody ever attacked, or whose last
//!   attacker is dead, and one eliminated by treasures, have no taker: the
//!   hand is discarded and the objects fall in his square, as in the engine.
//! - **Picking up an object** (an item or a treasure) is free in movement
//!   (the rules name no cost) and ends Move and Cast: drawing is still
//!   allowed. Nothing is picked up outside one's turn: landing on an object
//!   (a teleport, a push) never lifts it.
//! - **Drawing past seven**: the two cards of the end of the turn are drawn
//!   whatever the hand holds; over seven, the player then discards the
//!   excess (choosing which) before anything else, and his turn ends as soon
//!   as he is within the limit. Any cards may be discarded before drawing.
//! - **Deals**: see [`deals`] (the player on turn offers, in Move and Cast,
//!   to one player his wizard sees; the cards given by id, those asked for
//!   by name; accepting swaps them at once, refused if either hand would
//!   pass seven; the offer lapses when the turn ends; its cards are seen by
//!   the two players only).

pub mod combat;
pub mod commands;
pub mod deals;
pub mod deck;
pub mod doors;
pub mod events;
pub mod picture;
pub mod setup;
pub mod state;
mod tactics;
mod wire;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

pub use commands::{ClassicCommand, EditionCommand};
pub use events::{ClassicEvent, EditionEvent};

use super::edition::Edition;
use super::yield_policies::YieldPolicy;
use super::{Options as EighthOptions, RuleViolation, State, WizWar, views};
use crate::kit::revisions::{Revision, RevisionRules};
use crate::rng::GameRng;
use crate::ruleset::{
    AwaitReason, Awaiting, Outcome, Presentation, Ruleset, RulesetInfo, Seat, SeatNames,
    SetupError, Viewer,
};
use crate::wizwar::sector_boards::Side;
use state::ClassicState;

/// Wiz War, classic edition.
pub struct WizWarClassic;

/// The revisions of the classic rules, oldest first. What a revision changes
/// is chosen by its number in one place, [`Edition::rules_in`]; the values
/// of revision 1 are kept there for the games started under it.
pub const REVISIONS: &[Revision] = &[
    Revision {
        number: 1,
        date: "2026-11-26",
        changes: &["Wiz War classic, as the French text describes it, on the Wiz-War engine."],
        rules: RevisionRules::Current,
        upcast: None,
    },
    Revision {
        number: 2,
        date: "2026-11-27",
        changes: &[
            "Lost turns end with their caster (\"Le tour\"): lost turns from several casters \
             before a wizard's turn cost him the longest of them, not their sum.",
            "SHRINK (or any neutral spell that may be cast on oneself) aimed at one's own \
             wizard is cast on oneself, not refused as an attack on oneself.",
            "The cards in front of a wizard (magic stones, the MASTER KEY, objects) are still \
             his cards: he may discard them like the others (\"Les pierres peuvent être \
             défaussées comme les autres cartes\").",
            "A player eliminated by his treasures discards his cards, those in front of him \
             included (\"ses cartes sont défaussées\"): his stone no longer falls on his square.",
            "A spell in play (a CREATE WALL, a SHRINK lasting its turns) no longer counts \
             among its caster's seven cards (\"Les cartes utilisées sont défaussées\").",
            "A punch reaches a bush in the next square (\"vous devez être adjacent à cet \
             objet pour le frapper\").",
        ],
        rules: RevisionRules::Current,
        upcast: None,
    },
    Revision {
        number: 3,
        date: "2026-11-28",
        changes: &[
            "Damage to a wizard says whether it is physical (a blow, a dagger, a large rock, \
             a falling wall) or magical (\"Les dommages physiques et les dommages magiques\").",
            "DROP OBJECT may name an object the wizard holds in his hand, not only one played \
             face up (\"Les objets ne peuvent vous être pris de force à moins qu'un \
             adversaire joue le sort DROP OBJECT\").",
            "Used cards are discarded (\"Les cartes utilisées sont défaussées dans la pile de \
             défausse\"): a CREATE WALL, a SHRINK or any spell that lasts goes to the discard \
             pile when it resolves and its effect lasts without it (the wall stays on the \
             board, a duration counts its caster's turns); nobody maintains it, the wall \
             outlives its caster, a duration ends with him, and its card stays on the pile \
             when the pile is reshuffled until the effect ends.",
            "A DAGGER or LARGE ROCK may be thrown at a square in the thrower's row or column; \
             it lands there unless a barrier stands on its path (\"Dans ce cas l'objet \
             atterrit immédiatement avant la barrière\"): a wall, a closed door, a wall of fire \
             or a filled square (a bush) stops it just before. Thrown at nobody, it is no \
             attack.",
            "RELOCATE SECTOR honours the junction roll as ROTATE SECTOR does: a created wall \
             the die gave to a sector that does not move stays (\"1 chance sur 2\"), unless \
             the sector arriving brings a printed wall onto its line; and a junction wall \
             that stays as the sector across it moves keeps the damage it took.",
        ],
        rules: RevisionRules::Current,
        // The damage event gained an optional `kind`; an event written before
        // has none, which is what it meant (the kind was not recorded), so
        // every older event reads as one of revision 3 as it is.
        upcast: None,
    },
];

crate::kit::game_options! {
    /// Options chosen when a classic game is created.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
    #[serde(default, deny_unknown_fields)]
    #[cfg_attr(feature = "openapi", schema(as = WizwarClassicOptions))]
    pub struct Options {
        pub yield_policy: YieldPolicy,
    }
}

impl Default for Options {
    /// Players asked only when a spell targets them or their things
    /// (DESIGN.md, "Yield policies").
    fn default() -> Self {
        Options {
            yield_policy: YieldPolicy::WhenTargeted,
        }
    }
}

impl Options {
    /// The engine's options for a classic game: the classic sector faces,
    /// the classic deck (chosen by the edition, not by schools).
    fn for_the_engine(&self) -> EighthOptions {
        EighthOptions {
            side: Side::B,
            yield_policy: self.yield_policy,
            ..EighthOptions::default()
        }
    }
}

/// What one player sees of a classic Wiz-War game: the engine's view of the
/// board, and the edition's own — the sealed sector choice and a deal
/// standing.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarClassicView))]
pub struct ClassicView {
    #[serde(flatten)]
    pub game: views::View,
    /// Who has chosen his sector (only the viewer's own choice is shown);
    /// absent once the board is laid.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sector_choice: Option<setup::SectorChoiceView>,
    /// The deal offered and not yet answered; its cards are shown to its
    /// two players only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deal: Option<deals::DealView>,
}

/// A classic command's events as they are made: the state with those so far
/// folded in, the edition's and the engine's events in their order.
pub(super) type ClassicTx = crate::kit::Emitter<WizWarClassic>;

impl Ruleset for WizWarClassic {
    const ID: &'static str = "wizwar-classic";
    // 2: the state records its rules revision.
    // 3: the edition's own state (sector choice, deal) beside the engine's.
    const STATE_VERSION: u32 = 3;
    const MIN_SEATS: u8 = 2;
    const MAX_SEATS: u8 = super::edition::CLASSIC.board.most_players;
    const REVISIONS: &'static [Revision] = REVISIONS;
    type CommandChoice = crate::ruleset::NoCommandChoice;
    type Options = Options;
    type State = ClassicState;
    type Command = ClassicCommand;
    type Event = ClassicEvent;
    type View = ClassicView;
    type Violation = RuleViolation;

    fn info() -> RulesetInfo {
        crate::kit::about::<Self>(
            "Wiz War (classic edition)",
            "The classic labyrinth duel for 2–4 wizards: number cards, \
             counter spells that halve damage, closed doors, deals; bring \
             two enemy treasures home or be the last wizard standing.",
        )
    }

    fn setup(
        options: &Options,
        seats: u8,
        rng: &mut GameRng,
    ) -> Result<Vec<ClassicEvent>, SetupError> {
        crate::kit::check_seats::<Self>(seats)?;
        super::check_options(&options.for_the_engine(), seats, Edition::Classic)?;
        // The board is laid once every player has chosen his sector.
        let _ = rng;
        Ok(vec![setup::open(seats, options.yield_policy)])
    }

    fn decide(
        state: &ClassicState,
        actor: Seat,
        command: &ClassicCommand,
        rng: &mut GameRng,
    ) -> Result<Vec<ClassicEvent>, RuleViolation> {
        // Nothing but the sealed sector choice until the board is laid.
        if state.sector_choice.is_some() {
            let mut tx = ClassicTx::new(state);
            setup::decide(&mut tx, actor, command, rng)?;
            return Ok(tx.events);
        }
        let events = match command {
            ClassicCommand::Engine(command) => super::decide(state, actor, command, rng)?
                .into_iter()
                .map(ClassicEvent::Engine)
                .collect(),
            ClassicCommand::Edition(EditionCommand::ChooseSector { .. }) => {
                return Err(RuleViolation::SectorsAlreadyChosen);
            }
            ClassicCommand::Edition(deal) => {
                // Deals are answered out of turn, but not while a response
                // window or a choice waits for its answer.
                super::refuse_while_answering(state, actor)?;
                let mut tx = ClassicTx::new(state);
                deals::decide(&mut tx, actor, deal)?;
                let follow_up = super::after_command(super::Tx::new(&tx.state), state, rng);
                tx.events
                    .extend(follow_up.into_iter().map(ClassicEvent::Engine));
                tx.events
            }
        };
        Ok(deals::lapse_when_turns_end(state, events))
    }

    /// The state knows its revision: the edition's values are chosen by it
    /// ([`Edition::rules_in`]).
    fn new_state(revision: u32) -> ClassicState {
        ClassicState {
            game: State {
                rules_revision: revision,
                ..State::default()
            },
            ..ClassicState::default()
        }
    }

    fn revised(mut state: ClassicState, revision: u32) -> ClassicState {
        state.rules_revision = revision;
        state
    }

    fn evolve(state: &mut ClassicState, event: &ClassicEvent) {
        match event {
            ClassicEvent::Engine(event) => super::evolve(state, event),
            ClassicEvent::Edition(event) => match event {
                EditionEvent::SectorChoiceOpened { .. }
                | EditionEvent::SectorChosen { .. }
                | EditionEvent::SectorsRevealed { .. }
                | EditionEvent::SectorRollOff { .. }
                | EditionEvent::SectorDealt { .. }
                | EditionEvent::FirstPlayerRolled { .. } => setup::evolve(state, event),
                EditionEvent::DealOffered { .. }
                | EditionEvent::DealAccepted { .. }
                | EditionEvent::DealDeclined { .. }
                | EditionEvent::DealLapsed { .. } => deals::evolve(state, event),
            },
        }
    }

    fn view(state: &ClassicState, viewer: Viewer) -> ClassicView {
        ClassicView {
            game: views::view(state, viewer),
            sector_choice: setup::view(state, viewer),
            deal: deals::view(state, viewer),
        }
    }

    fn takeback(events: &[ClassicEvent]) -> Result<(), crate::ruleset::TakebackRefusal> {
        use crate::ruleset::TakebackRefusal;
        TakebackRefusal::of_events(events, |event| match event {
            ClassicEvent::Engine(event) => crate::wizwar::takeback::takeback_of(event),
            ClassicEvent::Edition(EditionEvent::SectorsRevealed { .. }) => {
                Err(TakebackRefusal::HiddenInformation)
            }
            ClassicEvent::Edition(
                EditionEvent::FirstPlayerRolled { .. } | EditionEvent::SectorRollOff { .. },
            ) => Err(TakebackRefusal::DieRoll),
            ClassicEvent::Edition(_) => Err(TakebackRefusal::NotOffered),
        })
    }

    fn redact(event: &ClassicEvent, viewer: Viewer) -> Option<ClassicEvent> {
        match event {
            ClassicEvent::Engine(event) => views::redact(event, viewer).map(ClassicEvent::Engine),
            ClassicEvent::Edition(event) => {
                let mut event = event.clone();
                match &mut event {
                    EditionEvent::SectorChosen { .. } => setup::redact(&mut event, viewer),
                    EditionEvent::DealOffered {
                        from,
                        to,
                        give,
                        ask,
                    } => deals::redact(viewer, (*from, *to), give, ask),
                    EditionEvent::DealAccepted {
                        from,
                        to,
                        given,
                        received,
                    } => deals::redact(viewer, (*from, *to), given, received),
                    EditionEvent::SectorChoiceOpened { .. }
                    | EditionEvent::SectorsRevealed { .. }
                    | EditionEvent::SectorRollOff { .. }
                    | EditionEvent::SectorDealt { .. }
                    | EditionEvent::FirstPlayerRolled { .. }
                    | EditionEvent::DealDeclined { .. }
                    | EditionEvent::DealLapsed { .. } => {}
                }
                Some(ClassicEvent::Edition(event))
            }
        }
    }

    fn awaiting(state: &ClassicState) -> Vec<Awaiting> {
        if let Some(awaiting) = setup::awaiting(state) {
            return awaiting;
        }
        let mut awaiting = WizWar::awaiting(state);
        // A deal offered waits for its answer, beside the turn.
        if let Some(deal) = &state.deal
            && awaiting
                .iter()
                .any(|waiting| waiting.reason == AwaitReason::Turn)
        {
            awaiting.push(Awaiting {
                seat: deal.to,
                reason: AwaitReason::Choice,
            });
        }
        awaiting
    }

    fn outcome(state: &ClassicState) -> Option<Outcome> {
        WizWar::outcome(state)
    }

    fn seats_out(state: &ClassicState) -> Vec<Seat> {
        WizWar::seats_out(state)
    }

    /// The sectors while they are chosen; then the engine's commands, and
    /// the deals open to the seat when no window or choice waits.
    fn legal_commands(state: &ClassicState, seat: Seat) -> Vec<ClassicCommand> {
        if let Some(sectors) = setup::legal_commands(state, seat) {
            return sectors.into_iter().map(ClassicCommand::Edition).collect();
        }
        let mut listed: Vec<ClassicCommand> = super::legal_commands(state, seat)
            .into_iter()
            .map(ClassicCommand::Engine)
            .collect();
        if state.stack.is_empty() && state.choice.is_none() {
            let mut rng = GameRng::from_u64(0);
            listed.extend(
                deals::candidates(state, seat)
                    .into_iter()
                    .map(ClassicCommand::Edition)
                    .filter(|deal| Self::decide(state, seat, deal, &mut rng).is_ok()),
            );
        }
        listed
    }

    /// A seat offered a deal declines it when his time runs out.
    fn timeout_command(state: &ClassicState, seat: Seat) -> Option<ClassicCommand> {
        if let Some(sector) = setup::timeout_command(state, seat) {
            return sector.map(ClassicCommand::Edition);
        }
        let answering = !state.stack.is_empty() || state.choice.is_some();
        if !answering && state.deal.as_ref().is_some_and(|deal| deal.to == seat) {
            return Some(ClassicCommand::Edition(EditionCommand::DeclineDeal));
        }
        WizWar::timeout_command(state, seat).map(ClassicCommand::Engine)
    }
}

impl Presentation for WizWarClassic {
    /// The engine's sentence, in the classic edition's words (its card
    /// titles, a spell's number told as its power: see
    /// [`EditionRules::hooks`](super::edition::EditionRules)).
    fn narrate(event: &ClassicEvent, game: &ClassicState, names: &SeatNames) -> String {
        match event {
            ClassicEvent::Engine(event) => WizWar::narrate(event, game, names),
            ClassicEvent::Edition(event) => {
                let name = |seat: Seat| names.of(seat);
                setup::tell(event, &name)
                    .or_else(|| deals::tell(event, &name))
                    .unwrap_or_default()
            }
        }
    }

    fn picture(view: &ClassicView, names: &SeatNames) -> String {
        picture::draw(view, names)
    }

    /// The classic titles of the cards a secret holds: what a sentence, a
    /// mail or a picture of a classic game would show of them.
    fn card_names(secret: &serde_json::Value) -> Vec<String> {
        let mut found = Vec::new();
        super::narration::card_names_in(secret, deck::title, &mut found);
        found
    }
}
