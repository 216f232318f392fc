//! Wiz-War, 8th edition (Fantasy Flight Games, 2011): the labyrinth, the
//! wizards, the turn and magic. Every card is a physical `CardId` moving
//! between deck, hands, the stack of casts, play areas, the board and the
//! discard pile.
//!
//! Modules follow the rulebook: [`sector_boards`] (printed data),
//! [`labyrinth`] (squares, border lines, assembly, wrap, portals),
//! [`line_of_sight`], [`movement`], [`objects`], [`treasures`], [`damage`],
//! [`turn`] (Time Passes, Move and Cast, Discard and Draw), [`fighting`],
//! [`winning`], [`views`]; magic: [`casting`] (card types, timing, energy,
//! targets and ranges), [`counter_spells`] (response windows),
//! [`yield_policies`] (which windows stop at whom),
//! [`durations`] (instant, temporary, permanent, maintaining), [`cards`]
//! (the catalogue as data), [`spells`] (what each card does, by school,
//! each card one rules value found by one lookup) and [`effects`] (the one
//! layer through which cards in play change the rules; the core modules
//! ask it and name no card). [`edition`] holds what differs between
//! editions.
//!
//! `README.md` in this folder walks through a card's anatomy (its facts, its
//! rules value, the order of a cast and of damage) for anyone adding one.
//!
//! # Decisions where the sources are silent
//!
//! - **Colours and layout.** Each seat gets a random colour (Setup step 1)
//!   and owns that colour's sector. The sector boards are dealt to random
//!   slots and turned a random number of quarter turns (step 2); all of it
//!   is drawn from the seeded RNG and recorded in `board_built`.
//!   Slots: 4 players — a 2×2 square (10×10); 2 players — side by side
//!   (5×10); 3 players — an L of the north-west, north-east and south-west
//!   slots (data §8).
//! - **Wrap-around and portals.** Every open edge leads to the last square on
//!   the board straight back along its row or column. In the 3-player L, the
//!   four exits whose straight way out lands in the empty south-east quadrant
//!   are joined by the portal pairs: purple joins the south exit of the
//!   north-east sector with the east exit of the south-west sector, cyan
//!   joins the north exit of the north-east sector with the west exit of the
//!   south-west sector. Portals belong to the table, not to the sectors.
//! - **Where sectors meet**, a wall on either side makes one wall (p.14); a
//!   door facing an open exit makes a door. A door on a line where two
//!   sectors meet is unlocked for the owners of both (data §8).
//! - **Outer walls** are the walls on the edge of the assembled board,
//!   including those facing the empty quadrant of the L.
//! - **Columns** stand wherever a wall or door ends (data §3); a column is
//!   part of the walls touching it, so it falls with the last of them.
//! - **Line of sight** to a wall or door is traced to the middle of that
//!   line. Through wrap-around or a portal it crosses at most one connection:
//!   the far side is laid next to the near side (turned for a portal) and one
//!   straight line must pass through the open connection. A line exactly
//!   through a grid corner is blocked only by a column standing there.
//! - **Held doors**: only a wizard for whom a door is unlocked (his home
//!   sector) may hold it; it stays open for everyone (movement and sight),
//!   also on others' turns, while he stays next to it (data §8).
//! - **Random direction**: die 1 north, 2 east, 3 south, 4 west (data §5, §8).
//! - **Treasure pick-up** is free and allowed at 0 movement points, and ends
//!   Move and Cast (data §8). Dropping a treasure is allowed during Move and
//!   Cast only ("during his movement", p.12); items may be dropped any time
//!   on your turn.
//! - **Refusals, not waste**: punching an outer wall, a treasure or a dropped
//!   item is refused as `indestructible`; drawing past the hand limit is
//!   refused (data §8). Discarding is allowed in either phase of your turn
//!   (to make room, p.12), and is the only thing allowed, with dropping
//!   items, while over the hand limit.
//! - **Dealing**: five cards to each seat in seat order (with Custom
//!   Spellbook, from his group's deck).
//! - **Death**: the dead wizard's treasure and items fall in his square; a
//!   treasure falling on a living enemy's home base scores for him. The
//!   killer gets the point and the hand only for a kill by his attack; when
//!   attacker and target die together the attacker scores nothing (data §8).
//!   A turn whose wizard dies passes on at once.
//! - **Life** is recorded between 0 and 20; damage below 0 is not tracked.
//! - **Sector turning** (Rotate Sector) turns the sector with everything in
//!   it: wizards, treasures, dropped items, blocks, and the walls and doors
//!   inside it with their cracks, destroyed markers and created walls. Lines
//!   where it meets the board are printed afresh (p.14: damaged or destroyed
//!   walls there are repaired; created walls and Walls of Fire there end
//!   with their spells); held doors touching it close. Portals stay. Without
//!   a choice the turn is a quarter turn clockwise.
//!
//! # Decisions about magic
//!
//! - **Every cast goes on a stack** and opens a response window for every
//!   other living player, in seat order from the caster, whether or not
//!   anyone holds a counter (DESIGN.md, data §8); a pass is public and
//!   reveals nothing. The window stops only at those whose yield policy
//!   asks them; the server passes for the others at once (see
//!   [`yield_policies`]: by default a player is asked only when the spell
//!   targets him or his things). Items played from the hand and attacks with carried
//!   items or maintained spells (Large Rock, Stone Spikes) open windows too,
//!   since a wizard "attacked" may answer. Mundane actions (Pick Lock) and
//!   Anti-Anti ("nothing can cancel this one") open none. **A punch at a
//!   wizard** is an attack too (p.8: "when a player's wizard is attacked,
//!   that player may play a counter spell"): it goes on the stack as the
//!   fist (`punch_thrown`; no card, nothing to discard) and lands when its
//!   window closes. The counters that answer an attack on their wizard
//!   answer it: Shield reduces it, Full Shield cancels it (a punch is an
//!   attack aimed at him, though no spell), Featherweight turns it into a
//!   push, Gnome Form gives a roll to dodge, Teleport takes him out of
//!   reach, Flood and Pain Link come into play. Counters that stop only a
//!   spell or a card (Backlash, Absorb Spell, Null Powder, Negate Neutral)
//!   do not. A punch at a wall or door attacks no wizard and lands at once
//!   (`punched`).
//! - **A counter is a cast**: it goes on the stack on top of what it answers
//!   and opens its own window (counters to counters). When a window closes
//!   the top cast resolves; a cancelled cast leaves the stack at once with
//!   its card. A player who countered is asked again once his counter has
//!   resolved (p.15: he "may wait for his first counter spell to resolve
//!   before playing another one"); a pass is final for that cast.
//! - **While the stack is not empty** nothing but the awaited answer is
//!   accepted: other commands are refused as `response_window_open` (or
//!   `not_your_response` for a counter or pass out of turn). Setting one's
//!   yield policy is the exception: it is accepted from any living player
//!   at any time, and closes a window waiting for him if the new policy
//!   passes it. Counters may be boosted with an energy card (data §8).
//!   Timeouts pass.
//! - **The attack of the turn** is spent when an attack is cast, even if it
//!   is then cancelled (p.15). Energy cards (any card with an energy value)
//!   go to the discard pile as the spell is cast.
//! - **Counters need sight**: Negate Neutral and Wall of Fire answer only a
//!   spell whose caster or target their wizard can see (global spells are
//!   seen by all, p.11); Full Shield and Shield only one aimed at their
//!   wizard (Full Shield also shields him from a Lightning Bolt whose path
//!   crosses his square); Flood answers an attack on its caster and puts it
//!   out if it is Fire; Wall of Earth answers an attack needing line of
//!   sight on an open line its wizard sees and that stands in the way (it
//!   cancels a targeted attack and turns a Lightning Bolt back).
//! - **Ranges**: "caster" spells are cast on `caster`; items on `caster`
//!   too. Around the Corner lets the next spell (or item attack) this turn
//!   bend once, at the centre of any square seen from the caster and seeing
//!   the target, whatever the angle up to a full reversal. Fog limits every
//!   line of sight to the caster's square and adjacent ones.
//! - **Durations**: temporary spells get energy tokens equal to their energy
//!   and lose one in their caster's Time Passes, ending with the last;
//!   permanent spells last until ended. Maintained spells count toward the
//!   hand limit; ending one is allowed on your turn in either phase, also
//!   while over the limit. Created walls and objects vanish with their
//!   spell, and a created wall or block that is destroyed ends its spell.
//!   The optional rules (p.17) change some of this: see [`optional_rules`].
//! - **Lightning Bolt** needs no target: it is cast in a direction, enters
//!   one square per energy point (the square it rebounds in counts again),
//!   and never hurts its caster or a wizard in mist.
//! - **Waterbolt**'s knock-back goes in a direction the caster names that
//!   leads away from him (any direction in his own square); it stops at
//!   walls, closed doors and blocks. Damage 0 (all knock-back) is allowed.
//! - **Windrider** stops before walls, closed doors, squares with objects
//!   (dropped items included) or wizards; crossing a Wall of Fire burns.
//! - **Pick Lock** is cast on a door next to the caster: he holds it open
//!   (for everyone) until he is no longer next to it.
//! - **A thrown Large Rock** lands in the target's square; against a wall in
//!   the square beside it nearest the thrower; if the throw is cancelled it
//!   falls in the thrower's square.
//! - **Fire Cloak**: punches deal 1 + 2 fire damage as one hit; its burn back
//!   on an adjacent attacker is not an attack (no victory point).
//! - **Teleport** blinks to a square within 4 orthogonal steps (wrap-around
//!   and portals count as steps; never into a Stone Block) and forbids any
//!   further moving that turn (moves, Windrider, Teleport: `no_more_moving`).
//!   As a counter it answers an attack on its wizard, who names the square;
//!   the attack is evaded if its caster no longer sees him (a bolt's path is
//!   traced again as it resolves).
//! - **Astral Projection** names an empty square within 3 orthogonal steps
//!   (walls notwithstanding); the caster's next spell (not an item) this
//!   turn is cast from there: its range, line of sight, bolt path and
//!   knock-back direction are traced from that square, and counters see it
//!   there. Its effects are otherwise the caster's own.
//! - **Add** is cast on the caster with two cards spent as energy: the
//!   cast's energy card and a second one named in its option; both are
//!   discarded as it is cast. The caster's next spell this turn has their
//!   summed energy, and no other energy card may join it.
//! - **Pain Link** and **Flood** played as counters come into play as
//!   maintained spells before the attack resolves, so they act on it. Pain
//!   Link's returned damage is not an attack (no victory point).
//! - **Absorb Spell** answers any spell being cast (a counter too) that its
//!   wizard can see; the card goes to his hand, which may put him over the
//!   hand limit until his turn (then he must discard first).
//! - **Meditate** draws three; over the hand limit, the caster must discard
//!   before anything else, and his turn goes on.
//! - **Psychic Storm** strikes the target square and its four neighbours on
//!   the board by row and column (through walls, not across wrap-around or
//!   portals); it hurts its caster too, and nobody evades it.
//! - **Magic Stones** are destroyed when their carrier suffers fire damage
//!   (after the damage); a Boomstone destroyed so bursts on him for 4 fire
//!   damage, not an attack. Bloodshard takes 1 off every source of damage,
//!   attacks or not. Mightstone adds one d4 per stone to punches (the roll is
//!   recorded). Powerstone adds 1 to a card spent as energy (not to the
//!   default energy of 1). Speedstone changes movement at once when it comes
//!   or goes on its carrier's turn. Lifestone heals in Time Passes, before
//!   tokens come off.
//! - **Items used from the play area**: a thrown Boomstone and Universal
//!   Solvent are spent; Null Powder answers a spell aimed at its carrier
//!   from the play area, or on his turn ends any spell in play (no sight
//!   needed, its range being the caster). Universal Solvent dissolves any
//!   wall, door, block or dropped item but outer walls; it is not an attack.
//! - **Fool's Gold** (its text is partial, data §8) is a temporary spell
//!   laid over the caster's own home sector: while it lasts, any other
//!   wizard lifting a treasure lying in that sector takes 3 magical damage,
//!   not an attack. **Visionstone** lets its carrier's spells (not items)
//!   see through one wall or door (not an outer wall), a different one for
//!   each spell; it does not see through a Wall of Earth raised in answer.
//! - **Acid Bath** burns its target in its caster's Time Passes (not an
//!   attack: no victory point); a Waterbolt reaching him or a Flood rinses it.
//! - **Choices a card asks for** (Brain Burn's victim discarding, Thought
//!   Steal's caster taking cards) wait for that player alone
//!   (`AwaitReason::Choice`; others are refused with `choice_pending`);
//!   `pass` finishes the choice and is what a timeout sends. Brain Burn's
//!   victim may discard hand cards and end maintained spells, then takes 1
//!   damage per card still in hand or maintained. Thought Steal shows the
//!   hand to the thief alone; taking cards may put him over his hand limit,
//!   and then he must discard before anything else. Mental Force asks its
//!   caster to walk the victim square by square (`move` commands, the
//!   victim's doors and walls applying, Walls of Fire burning him), up to
//!   energy + 3 squares; `pass` stops early. A featherweight wizard pushed
//!   to a junction picks his way (`move`); he may not `pass`, and a timeout
//!   pushes him the first way listed (see [`spells::mutation`]).
//! - **Damage reduced to 0** is no damage: no stun, no quenching, no burn
//!   (p.15). Shield reduces by energy + 2 as the card reads (data §8).
//! - **A cast whose target is gone** when it resolves (the wizard died, the
//!   spell ended, the square filled) does nothing; its card is discarded as
//!   usual.
//! - **Every card of every school is played.** Ward answers a treasure
//!   being picked up: its owner is asked (a `ward` choice) in every game
//!   whose deck holds a Ward, whether or not he holds it, unless his yield
//!   policy passes it (see [`spells::conjuring`]).
//! - **Thaumaturgy** (Backlash, Globe of Pain, Gravity, Invisible, Seal
//!   Door, Dagger, Wizardblade, …): see [`spells::thaumaturgy`].
//! - **Transformations and Mutation**: see [`transformations`] and [`spells::mutation`].
//! - **Creatures** (the Homunculus): see [`creatures`].

pub mod cards;
pub(crate) mod takeback;

pub mod casting;
pub mod choices;
pub mod classic;
pub mod commands;
pub mod counter_spells;
pub mod creatures;
pub mod damage;
pub mod durations;
pub mod edition;
pub mod effects;
pub mod events;
pub mod fighting;
pub mod labyrinth;
pub mod line_of_sight;
pub mod movement;
pub mod narration;
pub mod objects;
pub mod optional_rules;
pub mod picture;
pub mod revision_1;
pub mod revisions;
pub mod sector_boards;
pub mod spells;
pub mod state;
pub mod tactics;
pub mod transformations;
pub mod treasures;
pub mod turn;
pub mod views;
pub mod violations;
pub mod winning;
pub mod yield_policies;

#[cfg(test)]
mod tests;

use serde::{Deserialize, Serialize};

use crate::kit::{Keeper, Secret};
use crate::rng::GameRng;
use crate::ruleset::*;

pub use commands::{Command, Target, Thing};
pub use events::Event;
pub use state::{State, evolve};
pub use violations::RuleViolation;

use cards::School;
use edition::Edition;
use labyrinth::{PlacedSector, SectorIndex};
use optional_rules::OptionalRules;
use sector_boards::{Colour, Side};
use state::{Phase, Tx};
use treasures::TreasureId;
use yield_policies::YieldPolicy;

/// Wiz-War 8th edition.
pub struct WizWar;

crate::kit::game_options! {
    /// Options chosen when a game is created.
    #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
    #[serde(default, deny_unknown_fields)]
    #[cfg_attr(feature = "openapi", schema(as = WizwarOptions))]
    pub struct Options {
        /// Which face of the sector boards: `a` (new) or `b` (classic).
        pub side: Side,
        /// The three schools added to White Cantrip (p.4, Setup step 4); not
        /// used with Custom Spellbook or the Giant Book of Spells, which build
        /// the deck their own way.
        pub schools: Vec<School>,
        pub yield_policy: YieldPolicy,
        /// The rulebook's optional rules (p.17), any number of them; left out,
        /// the standard game: `uncluttered_minds`, `deadly_treasures`,
        /// `heavy_items`, `permanent_creations`, `treasure_hunters` (booleans);
        /// `victory_points` 2, 3 or 4 (Extended Play); `custom_spellbook`
        /// `{white_cantrip, black_cantrip}`, each `{seats, schools}` with three
        /// drafted schools; `giant_book_of_spells` (every card but Black
        /// Cantrip in one deck).
        pub optional_rules: OptionalRules,
    }
}

impl Default for Options {
    /// The rulebook's first-game schools: Alchemy, Elemental, Mentalism;
    /// players asked only when a spell targets them or their things
    /// (DESIGN.md, "Yield policies").
    fn default() -> Self {
        Options {
            side: Side::A,
            schools: vec![School::Alchemy, School::Elemental, School::Mentalism],
            yield_policy: YieldPolicy::WhenTargeted,
            optional_rules: OptionalRules::default(),
        }
    }
}

fn check_options(options: &Options, seats: u8, edition: Edition) -> Result<(), SetupError> {
    let mut schools = options.schools.clone();
    schools.sort();
    schools.dedup();
    if schools.len() != 3 || options.schools.len() != 3 {
        return Err(SetupError::InvalidOptions(
            "choose three different schools".into(),
        ));
    }
    if schools
        .iter()
        .any(|s| matches!(s, School::WhiteCantrip | School::BlackCantrip))
    {
        return Err(SetupError::InvalidOptions(
            "White Cantrip is always in the deck; Black Cantrip is for Custom Spellbook".into(),
        ));
    }
    if !edition.rules().board.sides.contains(&options.side) {
        return Err(SetupError::InvalidOptions(
            "this edition's sector boards have no such side".into(),
        ));
    }
    options.optional_rules.check(seats, edition.rules())
}

/// The cards of the Magic deck, before shuffling: White Cantrip and the
/// three chosen schools (Setup step 4), or every school but Black Cantrip
/// with the Giant Book of Spells (p.17).
fn magic_deck(options: &Options, edition: Edition) -> Vec<cards::CardName> {
    if edition == Edition::Classic {
        return classic::deck::cards();
    }
    if options.optional_rules.giant_book_of_spells {
        return cards::giant_book_deck();
    }
    let mut schools = vec![School::WhiteCantrip];
    schools.extend(&options.schools);
    cards::deck(&schools)
}

/// Setup (p.4): board, wizards, treasures, deck, hands, first player, in
/// the rules of `edition` (recorded with the board).
fn set_up(
    options: &Options,
    seats: u8,
    edition: Edition,
    rng: &mut GameRng,
) -> Result<Vec<Event>, SetupError> {
    check_options(options, seats, edition)?;
    let mut tx = Tx::new(&State::default());
    if !options.optional_rules.is_standard() {
        tx.emit(Event::OptionalRulesChosen {
            rules: options.optional_rules.clone(),
        });
    }
    let mut colours = Colour::ALL.to_vec();
    rng.shuffle(&mut colours);
    let mut slots: Vec<u8> = (0..seats).collect();
    rng.shuffle(&mut slots);
    let sectors: Vec<PlacedSector> = (0..seats)
        .map(|i| PlacedSector {
            colour: colours[usize::from(i)],
            owner: Seat(i),
            slot: SectorIndex(slots[usize::from(i)]),
            quarter_turns: rng.below(4) as u8,
        })
        .collect();
    tx.emit(Event::BoardBuilt {
        side: options.side,
        sectors: sectors.clone(),
        edition,
    });
    place_wizards_and_treasures(&mut tx, &sectors);
    match &options.optional_rules.custom_spellbook {
        Some(book) => {
            // Each group shuffles the deck it has built (p.17).
            let [mut white, mut black] = book.decks()?;
            rng.shuffle(&mut white);
            rng.shuffle(&mut black);
            let first = objects::CardId(white.len() as u16);
            tx.emit(Event::DeckBuilt {
                size: white.len() as u16,
                cards: Secret::new(Keeper::Referee, white),
            });
            let mut seats = book.black_cantrip.seats.clone();
            seats.sort();
            tx.emit(Event::BlackCantripDeckBuilt {
                seats,
                first,
                size: black.len() as u16,
                cards: Secret::new(Keeper::Referee, black),
            });
        }
        None => shuffle_magic_deck(&mut tx, options, edition, rng),
    }
    deal_and_set_policies(&mut tx, seats, edition, options, rng);
    let first = Seat(rng.below(u32::from(seats)) as u8);
    tx.emit(Event::FirstPlayerChosen { seat: first });
    turn::start_turn(&mut tx, first);
    Ok(tx.events)
}

/// The board laid with the sectors as placed: wizards on their home
/// bases, treasures on their circles (Setup steps 2–3; classic "Mise en
/// place").
fn lay_out_table(tx: &mut Tx, sectors: &[PlacedSector], edition: Edition) {
    tx.emit(Event::BoardBuilt {
        side: edition.rules().board.sides[0],
        sectors: sectors.to_vec(),
        edition,
    });
    place_wizards_and_treasures(tx, sectors);
}

fn place_wizards_and_treasures(tx: &mut Tx, sectors: &[PlacedSector]) {
    for sector in sectors {
        let square = tx.state.labyrinth.home_base(sector.owner).expect("placed");
        tx.emit(Event::WizardPlaced {
            seat: sector.owner,
            square,
        });
    }
    let mut next_treasure = 0;
    for sector in sectors {
        for square in tx.state.labyrinth.treasure_squares(sector) {
            tx.emit(Event::TreasurePlaced {
                treasure: TreasureId(next_treasure),
                owner: sector.owner,
                square,
            });
            next_treasure += 1;
        }
    }
}

/// The one Magic deck, shuffled (Setup step 4).
fn shuffle_magic_deck(tx: &mut Tx, options: &Options, edition: Edition, rng: &mut GameRng) {
    let mut deck = magic_deck(options, edition);
    rng.shuffle(&mut deck);
    tx.emit(Event::DeckBuilt {
        size: deck.len() as u16,
        cards: Secret::new(Keeper::Referee, deck),
    });
}

/// The starting hands, then each seat's yield policy (recorded, not
/// implied: the log alone says how each seat is asked).
fn deal_and_set_policies(
    tx: &mut Tx,
    seats: u8,
    edition: Edition,
    options: &Options,
    rng: &mut GameRng,
) {
    for seat in 0..seats {
        turn::draw_cards(tx, Seat(seat), edition.rules().starting_hand, rng);
    }
    for seat in 0..seats {
        tx.emit(Event::YieldPolicySet {
            seat: Seat(seat),
            policy: options.yield_policy,
        });
    }
}

fn decide(
    state: &State,
    actor: Seat,
    command: &Command,
    rng: &mut GameRng,
) -> Result<Vec<Event>, RuleViolation> {
    let mut tx = Tx::new(state);
    // A setting, not a move: accepted on or off turn, in a window or a
    // choice, before anything that would refuse it as out of turn.
    if let Command::SetYieldPolicy { policy } = command {
        yield_policies::set(&mut tx, actor, *policy, rng)?;
        return Ok(after_command(tx, state, rng));
    }
    if !state.stack.is_empty() && !state.wizards.is_empty() {
        counter_spells::respond(&mut tx, actor, command, rng)?;
        return Ok(after_command(tx, state, rng));
    }
    if state.choice.is_some() && !state.wizards.is_empty() {
        choices::respond(&mut tx, actor, command, rng)?;
        return Ok(after_command(tx, state, rng));
    }
    state.active_turn(actor)?;
    let limit = effects::hand_limit(state, actor);
    let over_limit = state.hand_total(actor) > limit;
    let allowed_over_limit = matches!(
        command,
        Command::Discard { .. }
            | Command::EndSpell { .. }
            | Command::Drop {
                thing: Thing::Item { .. }
            }
    );
    if over_limit && !allowed_over_limit {
        return Err(RuleViolation::OverHandLimit { limit });
    }
    match command {
        Command::Move { direction } => movement::move_wizard(&mut tx, actor, *direction, rng)?,
        Command::BoostSpeed { card } => movement::boost_speed(&mut tx, actor, *card)?,
        Command::Punch { target } => fighting::punch(&mut tx, actor, *target, rng)?,
        Command::PickUp {
            thing: Thing::Item { card },
        } => objects::pick_up_item(&mut tx, actor, *card)?,
        Command::PickUp {
            thing: Thing::Treasure { treasure },
        } => treasures::pick_up(&mut tx, actor, *treasure)?,
        Command::Drop {
            thing: Thing::Item { card },
        } => objects::drop_item(&mut tx, actor, *card)?,
        Command::Drop {
            thing: Thing::Treasure { treasure },
        } => treasures::drop(&mut tx, actor, *treasure)?,
        Command::HoldDoor { line } => movement::hold_door(&mut tx, actor, *line)?,
        Command::ReleaseDoor { line } => movement::release_door(&mut tx, actor, *line)?,
        Command::EndMoveAndCast => turn::end_move_and_cast(&mut tx, actor)?,
        Command::Discard { cards } => turn::discard(&mut tx, actor, cards)?,
        Command::Draw { count } => turn::draw(&mut tx, actor, *count, rng)?,
        Command::EndTurn => turn::end_turn_command(&mut tx, actor)?,
        Command::Cast {
            card,
            energy,
            target,
            option,
        } => casting::cast(
            &mut tx,
            actor,
            casting::CastRequest {
                card: *card,
                energy: *energy,
                target: *target,
                option: *option,
            },
            rng,
        )?,
        Command::Use { card, target } => {
            casting::use_card(&mut tx, actor, *card, *target, None, rng)?
        }
        Command::UseDiscarding {
            card,
            discard,
            target,
        } => casting::use_card(&mut tx, actor, *card, *target, Some(*discard), rng)?,
        Command::EndSpell { card } => durations::end_spell(&mut tx, actor, *card)?,
        Command::PlayCounter { .. } | Command::Pass => {
            return Err(RuleViolation::NoResponseWindow);
        }
        Command::Take { .. } => return Err(RuleViolation::NoChoicePending),
        Command::MoveCreature { card, direction } => {
            creatures::move_creature(&mut tx, actor, *card, *direction)?
        }
        Command::LookThrough { card } => creatures::look_through(&mut tx, actor, *card)?,
        // Decided above, before the turn checks; the same rule if it came here.
        Command::SetYieldPolicy { policy } => yield_policies::set(&mut tx, actor, *policy, rng)?,
    }
    Ok(after_command(tx, state, rng))
}

/// Refuses a command no response window or choice takes, while one is open:
/// the refusal `counter_spells::respond` or `choices::respond` gives any
/// command it does not answer with (an edition's own commands come here,
/// since the engine's do not name them).
fn refuse_while_answering(state: &State, actor: Seat) -> Result<(), RuleViolation> {
    let answering = (!state.stack.is_empty(), state.choice.is_some());
    if state.wizards.is_empty() || answering == (false, false) {
        return Ok(());
    }
    if state.is_over() {
        return Err(RuleViolation::GameOver);
    }
    state.find_wizard(actor).ok_or(RuleViolation::NotAPlayer)?;
    Err(if answering.0 {
        RuleViolation::ResponseWindowOpen
    } else {
        RuleViolation::ChoicePending
    })
}

/// What follows any command: what the cards leave waiting settles, then a
/// turn whose wizard has died passes on at once (once its casts and choices
/// are done).
fn after_command(mut tx: Tx, before: &State, rng: &mut GameRng) -> Vec<Event> {
    // Each card's hook in the registry's order, the order records were made
    // in (Brainstone, then Featherweight's pushes, then Seal Door): see
    // `effects::after_command`.
    effects::after_command(&mut tx, before, rng);
    if !tx.state.is_over()
        && tx.state.stack.is_empty()
        && tx.state.choice.is_none()
        && let Some(turn) = tx.state.turn.clone()
        && !tx.state.wizard(turn.seat).alive
    {
        turn::end_turn(&mut tx, turn.seat);
    }
    if !tx.state.is_over() && tx.state.stack.is_empty() && tx.state.choice.is_none() {
        turn::excess_discarded(&mut tx);
    }
    tx.events
}

/// Every command `seat` may make now, each once: candidates filtered
/// through `decide`.
fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
    let mut listed: Vec<Command> = vec![];
    for command in candidate_commands(state, seat) {
        if !listed.contains(&command) {
            listed.push(command);
        }
    }
    listed
}

/// The commands `seat` may make now, as `decide` accepts them (the same
/// command may come from two candidate lists).
fn candidate_commands(state: &State, seat: Seat) -> Vec<Command> {
    if state.choice.is_some() {
        let mut rng = GameRng::from_u64(0);
        return choices::candidates(state, seat)
            .into_iter()
            .filter(|c| decide(state, seat, c, &mut rng).is_ok())
            .collect();
    }
    if !state.stack.is_empty() {
        let mut rng = GameRng::from_u64(0);
        return spells::legal::responses(state, seat)
            .into_iter()
            .filter(|c| decide(state, seat, c, &mut rng).is_ok())
            .collect();
    }
    let Ok(turn) = state.active_turn(seat) else {
        return vec![];
    };
    let wizard = state.wizard(seat);
    let mut candidates = vec![];
    for card in &wizard.hand {
        candidates.push(Command::Discard { cards: vec![*card] });
    }
    for card in &wizard.carried {
        candidates.push(Command::Drop {
            thing: Thing::Item { card: *card },
        });
    }
    match turn.phase {
        Phase::MoveAndCast => {
            for direction in labyrinth::Direction::ALL {
                candidates.push(Command::Move { direction });
            }
            for card in &wizard.hand {
                candidates.push(Command::BoostSpeed { card: *card });
            }
            for other in &state.wizards {
                candidates.push(Command::Punch {
                    target: Target::Wizard { seat: other.seat },
                });
            }
            for direction in labyrinth::Direction::ALL {
                let line = labyrinth::BorderLine::of(wizard.square, direction);
                candidates.push(Command::Punch {
                    target: Target::Line { line },
                });
                candidates.push(Command::HoldDoor { line });
            }
            // Some things are gathered from next to them, not picked up
            // (Handful of Tacks: see its rules).
            let tacks = |o: &&objects::BoardObject| effects::picked_up(state, o.card).is_some();
            for object in state
                .objects
                .iter()
                .filter(|o| o.square == wizard.square || tacks(o))
            {
                candidates.push(Command::PickUp {
                    thing: Thing::Item { card: object.card },
                });
            }
            for treasure in &state.treasures {
                candidates.push(Command::PickUp {
                    thing: Thing::Treasure {
                        treasure: treasure.id,
                    },
                });
                candidates.push(Command::Drop {
                    thing: Thing::Treasure {
                        treasure: treasure.id,
                    },
                });
            }
            for creature in state.creatures.iter().filter(|c| c.owner == seat) {
                for direction in labyrinth::Direction::ALL {
                    candidates.push(Command::MoveCreature {
                        card: creature.card,
                        direction,
                    });
                }
                candidates.push(Command::LookThrough {
                    card: creature.card,
                });
            }
            candidates.push(Command::EndMoveAndCast);
            candidates.extend(spells::legal::casts(state, seat));
        }
        Phase::DiscardAndDraw => {
            for count in 0..=state.edition_rules().max_draw {
                candidates.push(Command::Draw { count });
            }
        }
    }
    for card in &wizard.maintained {
        candidates.push(Command::EndSpell { card: *card });
    }
    for (line, holder) in &state.held_doors {
        if *holder == seat {
            candidates.push(Command::ReleaseDoor { line: *line });
        }
    }
    candidates.push(Command::EndTurn);
    let mut rng = GameRng::from_u64(0);
    candidates
        .into_iter()
        .filter(|c| decide(state, seat, c, &mut rng).is_ok())
        .collect()
}

impl Ruleset for WizWar {
    const ID: &'static str = "wizwar";
    // 2: the state records its rules revision (read by the classic edition).
    // 3: the classic edition's sector choice and deal left the engine's state.
    const STATE_VERSION: u32 = 3;
    const MIN_SEATS: u8 = 2;
    const MAX_SEATS: u8 = edition::EIGHTH.board.most_players;
    const REVISIONS: &'static [crate::kit::revisions::Revision] = revisions::REVISIONS;
    type CommandChoice = crate::ruleset::NoCommandChoice;
    type Options = Options;
    type State = State;
    type Command = Command;
    type Event = Event;
    type View = views::View;
    type Violation = RuleViolation;

    fn info() -> RulesetInfo {
        crate::kit::about::<Self>(
            "Wiz-War",
            "Magical combat in a stone labyrinth for 2–4 wizards: \
             steal treasures, kill rivals, score 2 victory points \
             (or play the rulebook's optional rules).",
        )
    }

    fn setup(options: &Options, seats: u8, rng: &mut GameRng) -> Result<Vec<Event>, SetupError> {
        crate::kit::check_seats::<Self>(seats)?;
        set_up(options, seats, Edition::Eighth, rng)
    }

    fn decide(
        state: &State,
        actor: Seat,
        command: &Command,
        rng: &mut GameRng,
    ) -> Result<Vec<Event>, RuleViolation> {
        decide(state, actor, command, rng)
    }

    fn evolve(state: &mut State, event: &Event) {
        evolve(state, event);
    }

    fn view(state: &State, viewer: Viewer) -> views::View {
        views::view(state, viewer)
    }

    fn takeback(events: &[Event]) -> Result<(), TakebackRefusal> {
        TakebackRefusal::of_events(events, takeback::takeback_of)
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        views::redact(event, viewer)
    }

    fn awaiting(state: &State) -> Vec<Awaiting> {
        if let Some(top) = state.stack.last()
            && !state.is_over()
        {
            return top
                .responders
                .first()
                .map(|seat| Awaiting {
                    seat: *seat,
                    reason: AwaitReason::Response,
                })
                .into_iter()
                .collect();
        }
        if let Some(choice) = &state.choice
            && !state.is_over()
        {
            return vec![Awaiting {
                seat: choice.seat(),
                reason: AwaitReason::Choice,
            }];
        }
        match &state.turn {
            Some(turn) if !state.is_over() => vec![Awaiting {
                seat: turn.seat,
                reason: AwaitReason::Turn,
            }],
            _ => vec![],
        }
    }

    /// A dead wizard's player is out; the others play on.
    fn seats_out(state: &State) -> Vec<Seat> {
        state
            .wizards
            .iter()
            .filter(|w| !w.alive)
            .map(|w| w.seat)
            .collect()
    }

    fn outcome(state: &State) -> Option<Outcome> {
        if let Some((seat, reason)) = state.winner {
            let how = match reason {
                winning::WinReason::VictoryPoints => {
                    &format!("scored {} victory points", state.victory_points_to_win())
                }
                winning::WinReason::LastWizardStanding => "is the last wizard alive",
                winning::WinReason::EnemyTreasures => &format!(
                    "has {} enemy treasures in his home base",
                    state.victory_points_to_win()
                ),
            };
            return Some(Outcome {
                winners: vec![seat],
                summary: format!("The wizard of {seat} {how}"),
            });
        }
        state.is_over().then(|| Outcome {
            winners: vec![],
            summary: "Every wizard is dead".into(),
        })
    }

    fn legal_commands(state: &State, seat: Seat) -> Vec<Command> {
        legal_commands(state, seat)
    }

    /// Pass in a response window; otherwise end the turn, a seat over its
    /// hand limit first discarding its newest cards.
    fn timeout_command(state: &State, seat: Seat) -> Option<Command> {
        if let Some(top) = state.stack.last() {
            return (top.responders.first() == Some(&seat)).then_some(Command::Pass);
        }
        if let Some(choice) = &state.choice {
            if let choices::Choice::Brainstone { .. } = choice {
                // Brainstone must discard two: the newest go.
                let hand = &state.wizard(seat).hand;
                let cards = hand[hand.len().saturating_sub(2)..].to_vec();
                return (choice.seat() == seat).then_some(Command::Discard { cards });
            }
            if let choices::Choice::Featherweight { .. } = choice {
                // A push cannot be refused: the first way listed.
                return legal_commands(state, seat).into_iter().next();
            }
            return (choice.seat() == seat).then_some(Command::Pass);
        }
        state.active_turn(seat).ok()?;
        let excess = state
            .hand_total(seat)
            .saturating_sub(effects::hand_limit(state, seat));
        if excess > 0 {
            let hand = &state.wizard(seat).hand;
            let cards = hand[hand.len().saturating_sub(excess)..].to_vec();
            return Some(Command::Discard { cards });
        }
        Some(Command::EndTurn)
    }
}
