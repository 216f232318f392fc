//! The state of a game: only ever the fold of its events ([`evolve`]).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ruleset::Seat;

use super::cards::CardName;
use super::casting::{ActiveSpell, CastKind, Casting, Destination, SpellTarget};
use super::edition::{Edition, EditionRules};
use super::events::Event;
use super::labyrinth::{BorderLine, Labyrinth, SectorIndex, Square};
use super::line_of_sight::Sight;
use super::objects::{BoardObject, CardId, Creation};
use super::optional_rules::OptionalRules;
use super::treasures::{Treasure, TreasureId, TreasureLocation};
use super::violations::RuleViolation;
use super::winning::WinReason;

/// The phases of a turn (p.6). Time Passes happens at once when the turn starts.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarPhase))]
pub enum Phase {
    MoveAndCast,
    DiscardAndDraw,
}

impl std::fmt::Display for Phase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Phase::MoveAndCast => "Move and Cast",
            Phase::DiscardAndDraw => "Discard and Draw",
        })
    }
}

/// The active player's turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    pub seat: Seat,
    pub phase: Phase,
    /// May drop below 0 when base speed falls mid-turn (p.7).
    pub movement_left: i16,
    pub boosted: bool,
    /// Attacks made this turn (Adrenaline allows two).
    pub attacks: u8,
    pub moved: bool,
    pub stunned: bool,
    /// Around the Corner was cast: the next spell may bend once.
    pub bend_ready: bool,
    /// Teleported: no more moving this turn.
    pub teleported: bool,
    /// Astral Projection: the next spell is cast from there.
    pub astral: Option<Square>,
    /// Add: the energy of the next spell.
    pub added_energy: Option<u8>,
    /// Extra Arms: the square where its wizard has paid this turn's
    /// 1 movement point for picking up; more pick-ups there are free until
    /// he moves.
    pub armful: Option<Square>,
    /// One entry per square a creature of his has moved this turn.
    pub creature_steps: Vec<CardId>,
    /// Mad Dash: no treasure may be picked up for the rest of the turn.
    pub dashing: bool,
    /// Disease: who has caught it this turn (once per victim per turn).
    pub infected: Vec<super::commands::Target>,
    /// Drawn in Discard and Draw past the hand limit (classic): the turn
    /// ends once the excess is discarded.
    pub drawn: bool,
}

impl Turn {
    /// Whether the wizard has attacked this turn (derived from the count).
    pub fn attacked(&self) -> bool {
        self.attacks > 0
    }
}

/// One player's wizard and the cards he holds.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wizard {
    pub seat: Seat,
    pub square: Square,
    pub life: i8,
    pub base_speed: i16,
    pub alive: bool,
    pub victory_points: u8,
    pub hand: Vec<CardId>,
    /// Play area: carried items (count toward the hand limit, p.12).
    pub carried: Vec<CardId>,
    /// Play area: maintained spells (count toward the hand limit, p.11).
    pub maintained: Vec<CardId>,
    pub stun_tokens: u8,
    pub turns_started: u16,
}

impl Wizard {
    fn new(seat: Seat, rules: &EditionRules) -> Self {
        Wizard {
            seat,
            square: Square::new(0, 0),
            life: rules.starting_life,
            base_speed: rules.base_speed,
            alive: true,
            victory_points: 0,
            hand: vec![],
            carried: vec![],
            maintained: vec![],
            stun_tokens: 0,
            turns_started: 0,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub labyrinth: Labyrinth,
    pub wizards: Vec<Wizard>,
    pub treasures: Vec<Treasure>,
    /// Dropped items lying on the board.
    pub objects: Vec<BoardObject>,
    /// What each physical card is: `cards[id]`.
    pub cards: Vec<CardName>,
    /// Top of the deck first. With Custom Spellbook, the White Cantrip
    /// group's deck and pile; the other group's are `black_cantrip_deck`.
    pub deck: Vec<CardId>,
    pub discard_pile: Vec<CardId>,
    /// Custom Spellbook (p.17): the Black Cantrip group's own Magic deck.
    pub black_cantrip_deck: Option<GroupDeck>,
    /// Doors held open, by whom (p.8).
    #[serde(with = "crate::kit::map_as_pairs")]
    pub held_doors: BTreeMap<BorderLine, Seat>,
    pub turn: Option<Turn>,
    pub winner: Option<(Seat, WinReason)>,
    /// Casts waiting for their response windows, the one being answered last.
    pub stack: Vec<Casting>,
    /// Temporary and permanent spells in play (their cards are maintained).
    pub spells: Vec<ActiveSpell>,
    /// Walls and objects made by spells in play.
    pub creations: Vec<Creation>,
    /// Booby Traps: the live token of each, by its spell's card and square.
    /// Known to its caster (and the referee) alone; views never show it.
    pub armed_traps: Vec<(CardId, Square)>,
    /// A choice a card asks of a player before it finishes.
    pub choice: Option<super::choices::Choice>,
    /// Brainstones each wizard has already drawn for (the first time only).
    pub brainstones_woken: Vec<(Seat, CardId)>,
    /// Featherweight pushes waiting for the attack that made them to finish.
    pub pushes: Vec<super::choices::Push>,
    /// Creatures on the board (Homunculus); they vanish with their spell.
    pub creatures: Vec<super::creatures::Creature>,
    /// Which response windows stop at each player (none recorded: all).
    pub yield_policies: BTreeMap<Seat, super::yield_policies::YieldPolicy>,
    /// The optional rules the game is played with (none recorded: the
    /// standard game).
    pub optional_rules: OptionalRules,
    /// The edition the game is played with (see [`super::edition`]).
    pub edition: Edition,
    /// The revision of its ruleset's rules the game is played under (see
    /// [`crate::kit::revisions`]); 0 when never told (a state built by hand),
    /// which plays the newest.
    pub rules_revision: u32,
    /// Classic: doors REMOVE LOCK has jammed open for good.
    pub jammed_doors: std::collections::BTreeSet<BorderLine>,
    /// The last wizard who attacked each wizard (a punch thrown at him, an
    /// attack cast at him), folded from `punch_thrown` and `spell_cast`:
    /// classic, "le dernier attaquant récupère alors toutes les cartes".
    pub last_attackers: BTreeMap<Seat, Seat>,
    /// Classic: the sector whose wall the last junction roll on each line
    /// said a CREATE WALL or DESTROY WALL touched (`junction_wall_rolled`).
    pub junction_walls: BTreeMap<BorderLine, SectorIndex>,
}

/// Custom Spellbook (p.17): the Magic deck of one group of players, who
/// draw from it and discard to it alone.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GroupDeck {
    /// The players of the group.
    pub seats: Vec<Seat>,
    /// Its cards are numbered from here on (they follow the other deck's).
    pub first: CardId,
    /// Top of the deck first.
    pub deck: Vec<CardId>,
    pub discard_pile: Vec<CardId>,
}

impl State {
    /// The numbers and rule hooks of the game's edition, under the game's
    /// rules revision.
    pub fn edition_rules(&self) -> &'static EditionRules {
        self.edition.rules_in(self.rules_revision)
    }

    /// Custom Spellbook: whether `seat` plays from the Black Cantrip group's
    /// deck (everyone else plays from the one Magic deck, `deck`).
    pub fn in_black_cantrip_group(&self, seat: Seat) -> bool {
        self.black_cantrip_deck
            .as_ref()
            .is_some_and(|g| g.seats.contains(&seat))
    }

    /// The deck `seat` draws from, top first.
    pub fn deck_of(&self, seat: Seat) -> &[CardId] {
        match &self.black_cantrip_deck {
            Some(group) if group.seats.contains(&seat) => &group.deck,
            _ => &self.deck,
        }
    }

    /// The discard pile `seat` discards to.
    pub fn discard_pile_of(&self, seat: Seat) -> &[CardId] {
        match &self.black_cantrip_deck {
            Some(group) if group.seats.contains(&seat) => &group.discard_pile,
            _ => &self.discard_pile,
        }
    }

    /// The deck and discard pile of the Black Cantrip group (`black`) or
    /// the one Magic deck.
    fn piles_mut(&mut self, black: bool) -> (&mut Vec<CardId>, &mut Vec<CardId>) {
        match &mut self.black_cantrip_deck {
            Some(group) if black => (&mut group.deck, &mut group.discard_pile),
            _ => (&mut self.deck, &mut self.discard_pile),
        }
    }

    /// A card goes to the discard pile of `seat`'s group (Custom Spellbook:
    /// "members of a group only … discard cards to the Magic deck they
    /// helped to build"). With nobody discarding it (a dropped item
    /// destroyed), it goes back to the pile of the deck it was built into.
    fn discard(&mut self, seat: Option<Seat>, card: CardId) {
        let black = match seat {
            Some(seat) => self.in_black_cantrip_group(seat),
            None => self
                .black_cantrip_deck
                .as_ref()
                .is_some_and(|g| card >= g.first),
        };
        self.piles_mut(black).1.push(card);
    }

    /// The wizard of `seat`. Panics for a seat not in the game: callers check
    /// with [`State::find_wizard`] first.
    pub fn wizard(&self, seat: Seat) -> &Wizard {
        self.find_wizard(seat).expect("seat is in the game")
    }

    pub fn find_wizard(&self, seat: Seat) -> Option<&Wizard> {
        self.wizards.iter().find(|w| w.seat == seat)
    }

    fn wizard_mut(&mut self, seat: Seat) -> Option<&mut Wizard> {
        self.wizards.iter_mut().find(|w| w.seat == seat)
    }

    /// The treasure `seat`'s wizard carries, if any (read from where the
    /// treasures are: each is lying or carried by one wizard).
    pub fn carried_treasure(&self, seat: Seat) -> Option<TreasureId> {
        self.treasures
            .iter()
            .find(|t| t.location == TreasureLocation::Carried { seat })
            .map(|t| t.id)
    }

    pub fn treasure(&self, id: TreasureId) -> &Treasure {
        self.treasures
            .iter()
            .find(|t| t.id == id)
            .expect("treasure is in the game")
    }

    /// Cards in hand plus carried items plus maintained spells (p.11);
    /// with Extra Arms carried items do not count (data §2.6), and with the
    /// optional rule Uncluttered Minds maintained spells do not (p.17), nor
    /// do a classic wizard's spells in play.
    pub fn hand_total(&self, seat: Seat) -> usize {
        let carried = |w: &Wizard| {
            if !super::effects::carried_items_count(self, seat) {
                0
            } else {
                w.carried.len()
            }
        };
        let maintained = |w: &Wizard| {
            if self.optional_rules.uncluttered_minds
                || !self.edition_rules().spells_in_play_count_toward_the_hand
            {
                0
            } else {
                w.maintained.len()
            }
        };
        self.find_wizard(seat)
            .map_or(0, |w| w.hand.len() + carried(w) + maintained(w))
    }

    /// Permanent Creations: the cards of created objects lying near the
    /// board (spells in play that nobody maintains).
    pub fn near_the_board(&self) -> Vec<CardId> {
        self.spells
            .iter()
            .filter(|s| !self.wizards.iter().any(|w| w.maintained.contains(&s.card)))
            .filter(|s| !self.discard_pile_of(s.caster).contains(&s.card))
            .map(|s| s.card)
            .collect()
    }

    pub fn is_over(&self) -> bool {
        self.winner.is_some() || (!self.wizards.is_empty() && self.wizards.iter().all(|w| !w.alive))
    }

    /// The wizard of a player still in a running game, on his turn or not.
    ///
    /// # Errors
    /// `not_started`, `game_over`, `not_a_player`, `eliminated`.
    pub fn living_player(&self, seat: Seat) -> Result<&Wizard, RuleViolation> {
        if self.wizards.is_empty() {
            return Err(RuleViolation::NotStarted);
        }
        if self.is_over() {
            return Err(RuleViolation::GameOver);
        }
        let wizard = self.find_wizard(seat).ok_or(RuleViolation::NotAPlayer)?;
        if !wizard.alive {
            return Err(RuleViolation::Eliminated);
        }
        Ok(wizard)
    }

    /// Checks that `seat` may act now, whatever the command.
    ///
    /// # Errors
    /// As [`State::living_player`], and `not_your_turn`.
    pub fn active_turn(&self, seat: Seat) -> Result<&Turn, RuleViolation> {
        self.living_player(seat)?;
        match &self.turn {
            Some(turn) if turn.seat == seat => Ok(turn),
            _ => Err(RuleViolation::NotYourTurn),
        }
    }

    /// The turn, if `seat` is active and in Move and Cast.
    ///
    /// # Errors
    /// As [`State::active_turn`], and `wrong_phase`.
    pub fn move_and_cast(&self, seat: Seat) -> Result<&Turn, RuleViolation> {
        let turn = self.active_turn(seat)?;
        if turn.phase != Phase::MoveAndCast {
            return Err(RuleViolation::WrongPhase {
                expected: Phase::MoveAndCast,
            });
        }
        Ok(turn)
    }

    /// Whether a door is held open.
    pub fn door_is_open(&self, line: BorderLine) -> bool {
        self.held_doors.contains_key(&line) || self.jammed_doors.contains(&line)
    }

    pub fn fills_square(&self, square: Square) -> bool {
        self.objects
            .iter()
            .any(|o| o.square == square && o.fills_square())
            || self.block_in(square)
            || super::effects::filling_wizard(self, square).is_some()
            || self.bush_in(square).is_some()
            || self.dust_cloud_in(square)
    }

    /// Runs `f` with the line-of-sight rules of the board as it is now.
    pub fn with_sight<T>(&self, f: impl FnOnce(&Sight<'_>) -> T) -> T {
        let open = |l: BorderLine| self.door_is_open(l);
        let fills = |s: Square| self.fills_square(s);
        f(&Sight {
            labyrinth: &self.labyrinth,
            door_is_open: &open,
            fills_square: &fills,
        })
    }
}

/// A decision in progress: the kit's emitter over Wiz-War (see
/// [`crate::kit::Emitter`]).
pub type Tx = crate::kit::Emitter<super::WizWar>;

fn remove(cards: &mut Vec<CardId>, card: CardId) -> bool {
    let before = cards.len();
    cards.retain(|c| *c != card);
    cards.len() != before
}

/// Applies one event. No rules: every check was made by `decide`.
pub fn evolve(state: &mut State, event: &Event) {
    match event {
        Event::OptionalRulesChosen { rules } => state.optional_rules = rules.clone(),
        Event::DoorJammedOpen { line, .. } => {
            state.jammed_doors.insert(*line);
        }
        Event::SectorRelocated { slot, to } => {
            let before = state.labyrinth.clone();
            let square = |s: Square| Labyrinth::relocated_square(*slot, *to, s);
            let line = |l: BorderLine| Labyrinth::relocated_line(*slot, *to, l);
            state.labyrinth.relocate_sector(*slot, *to);
            move_with_the_sector(state, square, line);
            junction_walls_stay(state, &before);
        }
        Event::BoardBuilt {
            side,
            sectors,
            edition,
        } => {
            state.edition = *edition;
            state.labyrinth = Labyrinth::assemble_with(&edition.rules().board, *side, sectors);
            let mut seats: Vec<Seat> = sectors.iter().map(|s| s.owner).collect();
            seats.sort();
            let rules = edition.rules();
            state.wizards = seats
                .into_iter()
                .map(|seat| Wizard::new(seat, rules))
                .collect();
        }
        Event::WizardPlaced { seat, square } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.square = *square;
            }
        }
        Event::TreasurePlaced {
            treasure,
            owner,
            square,
        } => state.treasures.push(Treasure {
            id: *treasure,
            owner: *owner,
            location: TreasureLocation::Lying { square: *square },
        }),
        Event::DeckBuilt { size, cards } => {
            if let Some(cards) = cards.revealed() {
                state.cards = cards.clone();
            }
            state.deck = (0..*size).map(CardId).collect();
        }
        Event::BlackCantripDeckBuilt {
            seats,
            first,
            size,
            cards,
        } => {
            if let Some(cards) = cards.revealed() {
                state.cards.extend(cards);
            }
            state.black_cantrip_deck = Some(GroupDeck {
                seats: seats.clone(),
                first: *first,
                deck: (first.0..first.0 + size).map(CardId).collect(),
                discard_pile: vec![],
            });
        }
        Event::CardsDrawn { seat, count, .. } => {
            let past_the_limit = state.edition_rules().turn.draws_past_the_hand_limit;
            if let Some(turn) = state
                .turn
                .as_mut()
                .filter(|t| past_the_limit && t.seat == *seat && t.phase == Phase::DiscardAndDraw)
            {
                turn.drawn = true;
            }
            let deck = state.piles_mut(state.in_black_cantrip_group(*seat)).0;
            let n = usize::from(*count).min(deck.len());
            let drawn: Vec<CardId> = deck.drain(..n).collect();
            if let Some(w) = state.wizard_mut(*seat) {
                w.hand.extend(drawn);
            }
        }
        Event::DiscardPileShuffled {
            order,
            black_cantrip,
            ..
        } => {
            // The cards of classic spells still lasting stay on the pile
            // (see `turn::reshuffle_if_empty`).
            let lasting: Vec<CardId> = state.spells.iter().map(|s| s.card).collect();
            let (deck, discard_pile) = state.piles_mut(*black_cantrip);
            let (kept, pile): (Vec<CardId>, Vec<CardId>) = std::mem::take(discard_pile)
                .into_iter()
                .partition(|c| lasting.contains(c));
            *discard_pile = kept;
            deck.extend(order.revealed().cloned().unwrap_or(pile));
        }
        Event::FirstPlayerChosen { .. }
        | Event::DieRolled { .. }
        | Event::TreasuresCaptured { .. } => {}
        Event::Punched { .. } => {
            if let Some(turn) = state.turn.as_mut() {
                turn.attacks += 1;
            }
        }
        Event::PunchThrown {
            seat,
            victim,
            responders,
        } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.attacks += 1;
            }
            if victim != seat {
                state.last_attackers.insert(*victim, *seat);
            }
            let origin = state
                .find_wizard(*seat)
                .map_or(Square::new(0, 0), |w| w.square);
            state.stack.push(Casting {
                attack: true,
                ..Casting::waiting(
                    *seat,
                    CardId::FIST,
                    CastKind::Punch,
                    SpellTarget::Wizard { seat: *victim },
                    origin,
                    responders.clone(),
                )
            });
        }
        Event::TurnStarted {
            seat,
            movement_points,
            stunned,
        } => {
            state.turn = Some(Turn {
                seat: *seat,
                phase: Phase::MoveAndCast,
                movement_left: *movement_points,
                boosted: false,
                attacks: 0,
                moved: false,
                stunned: *stunned,
                bend_ready: false,
                teleported: false,
                astral: None,
                added_energy: None,
                armful: None,
                creature_steps: vec![],
                dashing: false,
                infected: vec![],
                drawn: false,
            });
            if let Some(w) = state.wizard_mut(*seat) {
                w.turns_started += 1;
                if *stunned {
                    w.stun_tokens = w.stun_tokens.saturating_sub(1);
                }
            }
        }
        Event::WizardMoved { seat, to, cost, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.square = *to;
            }
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.movement_left -= cost;
                turn.moved = true;
                turn.armful = None;
            }
        }
        Event::SpeedBoosted {
            seat,
            card,
            movement_points,
        } => {
            if let Some(w) = state.wizard_mut(*seat) {
                remove(&mut w.hand, card.id);
            }
            state.discard(Some(*seat), card.id);
            if let Some(turn) = state.turn.as_mut() {
                turn.movement_left += movement_points;
                turn.boosted = true;
            }
        }
        Event::DoorHeldOpen { seat, line } => {
            state.held_doors.insert(*line, *seat);
        }
        Event::DoorClosed { line } => {
            state.held_doors.remove(line);
        }
        Event::WizardDamaged { seat, life, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.life = *life;
            }
        }
        Event::BarrierDamaged { line, cracks, .. } => {
            if let Some(
                super::labyrinth::Barrier::StoneWall { cracks: c }
                | super::labyrinth::Barrier::Door { cracks: c },
            ) = state.labyrinth.barriers.get_mut(line)
            {
                *c = *cracks;
            }
        }
        Event::BarrierDestroyed { line } => {
            state.labyrinth.remove_barrier(*line);
            state.jammed_doors.remove(line);
            state.held_doors.remove(line);
        }
        Event::ItemPickedUp { seat, card, cost } => {
            state.objects.retain(|o| o.card != card.id);
            if let Some(w) = state.wizard_mut(*seat) {
                w.carried.push(card.id);
            }
            if let Some(turn) = state.turn.as_mut() {
                turn.movement_left -= cost;
            }
        }
        Event::ItemDropped { seat, card, square } => {
            if let Some(w) = state.wizard_mut(*seat) {
                // Classic DROP OBJECT may take it from the hand.
                if !remove(&mut w.carried, card.id) {
                    remove(&mut w.hand, card.id);
                }
            }
            state.objects.push(BoardObject {
                card: card.id,
                square: *square,
            });
        }
        Event::ItemSnatched { from, to, card } => {
            if let Some(w) = state.wizard_mut(*from) {
                remove(&mut w.carried, card.id);
            }
            if let Some(w) = state.wizard_mut(*to) {
                w.carried.push(card.id);
            }
        }
        Event::ItemPlayed { seat, card } => {
            if let Some(w) = state.wizard_mut(*seat) {
                remove(&mut w.hand, card.id);
                w.carried.push(card.id);
            }
        }
        Event::TreasurePickedUp { seat, treasure } => {
            if let Some(t) = state.treasures.iter_mut().find(|t| t.id == *treasure) {
                t.location = TreasureLocation::Carried { seat: *seat };
            }
        }
        Event::TreasureDropped {
            treasure, square, ..
        } => {
            if let Some(t) = state.treasures.iter_mut().find(|t| t.id == *treasure) {
                t.location = TreasureLocation::Lying { square: *square };
            }
        }
        Event::VictoryPointScored { seat, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.victory_points += 1;
            }
        }
        Event::VictoryPointLost { seat, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.victory_points = w.victory_points.saturating_sub(1);
            }
        }
        Event::MoveAndCastEnded { .. } => {
            if let Some(turn) = state.turn.as_mut() {
                turn.phase = Phase::DiscardAndDraw;
            }
        }
        Event::CardsDiscarded { seat, cards } => {
            let face_up_too = state.edition_rules().face_up_cards_are_discarded;
            if let Some(w) = state.wizard_mut(*seat) {
                for card in cards {
                    remove(&mut w.hand, card.id);
                    if face_up_too {
                        remove(&mut w.carried, card.id);
                    }
                }
            }
            for card in cards {
                state.discard(Some(*seat), card.id);
            }
        }
        Event::TurnEnded { .. } => state.turn = None,
        Event::WizardStunned { seat, tokens } => {
            let add_up = state.edition_rules().stuns_add_up;
            if let Some(w) = state.wizard_mut(*seat) {
                w.stun_tokens = if add_up {
                    w.stun_tokens + tokens
                } else {
                    w.stun_tokens.max(*tokens)
                };
            }
        }
        Event::SpellEnded { seat, card } => {
            if let Some(w) = state.wizard_mut(*seat) {
                remove(&mut w.maintained, card.id);
            }
            // A classic lasting spell's card was discarded when it resolved.
            if !state.discard_pile_of(*seat).contains(&card.id) {
                state.discard(Some(*seat), card.id);
            }
            state.spells.retain(|s| s.card != card.id);
            // Objects made by the spell vanish with it (p.14).
            for creation in state.creations.iter().filter(|c| c.card() == card.id) {
                match creation {
                    Creation::StoneWall { line, .. } => {
                        state.labyrinth.barriers.remove(line);
                    }
                    // A created door that still stands gives the line back
                    // as it was: open, or the stone wall it was made in.
                    Creation::Door { line, wall, .. }
                        if matches!(
                            state.labyrinth.barriers.get(line),
                            Some(super::labyrinth::Barrier::Door { .. })
                        ) =>
                    {
                        state.held_doors.remove(line);
                        match wall {
                            Some(cracks) => {
                                state.labyrinth.barriers.insert(
                                    *line,
                                    super::labyrinth::Barrier::StoneWall { cracks: *cracks },
                                );
                            }
                            None => {
                                state.labyrinth.barriers.remove(line);
                            }
                        }
                    }
                    _ => {}
                }
            }
            state.creations.retain(|c| c.card() != card.id);
            state.armed_traps.retain(|(c, _)| *c != card.id);
            state.creatures.retain(|c| c.card != card.id);
        }
        Event::SpellCast {
            seat,
            card,
            kind,
            energy_card,
            energy,
            target,
            option,
            attack,
            bent,
            origin,
            responders,
        } => {
            if let Some(w) = state.wizard_mut(*seat) {
                if *kind != CastKind::Use {
                    remove(&mut w.hand, card.id);
                }
                if let Some(e) = energy_card {
                    remove(&mut w.hand, e.id);
                }
            }
            if let Some(e) = energy_card {
                state.discard(Some(*seat), e.id);
            }
            if let SpellTarget::Wizard { seat: victim } = target
                && *attack
                && victim != seat
            {
                state.last_attackers.insert(*victim, *seat);
            }
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                if *attack {
                    turn.attacks += 1;
                }
                if matches!(kind, CastKind::Spell | CastKind::Use) {
                    turn.bend_ready = false;
                }
            }
            state.stack.push(Casting {
                energy: *energy,
                option: *option,
                attack: *attack,
                bent: *bent,
                ..Casting::waiting(*seat, card.id, *kind, *target, *origin, responders.clone())
            });
        }
        Event::CounterPlayed {
            seat,
            card,
            energy_card,
            energy,
            line,
            square,
            responders,
        } => {
            if let Some(w) = state.wizard_mut(*seat) {
                // A counter comes from the hand, or a carried Null Powder.
                remove(&mut w.hand, card.id);
                remove(&mut w.carried, card.id);
                if let Some(e) = energy_card {
                    remove(&mut w.hand, e.id);
                }
            }
            if let Some(e) = energy_card {
                state.discard(Some(*seat), e.id);
            }
            let against = state.stack.last().map_or(card.id, |c| c.card);
            let origin = state
                .find_wizard(*seat)
                .map_or(Square::new(0, 0), |w| w.square);
            state.stack.push(Casting {
                energy: *energy,
                line: *line,
                square: *square,
                ..Casting::waiting(
                    *seat,
                    card.id,
                    CastKind::Counter,
                    SpellTarget::Spell { card: against },
                    origin,
                    responders.clone(),
                )
            });
        }
        Event::ResponsePassed { seat } | Event::ResponseYielded { seat } => {
            if let Some(top) = state.stack.last_mut()
                && let Some(i) = top.responders.iter().position(|s| s == seat)
            {
                top.responders.remove(i);
            }
        }
        Event::CastCancelled { card, .. } => {
            if let Some(c) = state.stack.iter_mut().find(|c| c.card == card.id) {
                c.cancelled = true;
            }
        }
        Event::DamageReduced { card, amount, .. } => {
            if let Some(c) = state.stack.iter_mut().find(|c| c.card == card.id) {
                c.reduction = c.reduction.saturating_add(*amount);
            }
        }
        Event::WizardShielded { seat, against, .. } => {
            if let Some(c) = state.stack.iter_mut().find(|c| c.card == against.id) {
                c.shielded.push(*seat);
            }
        }
        Event::WallOfEarthRaised { line, against, .. } => {
            if let Some(c) = state.stack.iter_mut().find(|c| c.card == against.id) {
                c.earth_walls.push(*line);
            }
        }
        Event::DamageHalved { seat, card, .. } => {
            if let Some(c) = state.stack.iter_mut().find(|c| c.card == card.id) {
                c.halved_for.push(*seat);
            }
        }
        Event::WizardDragged { seat, to, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.square = *to;
            }
        }
        Event::TrapTurnedUp { seat, card, .. } => {
            let (deck, _) = state.piles_mut(state.in_black_cantrip_group(*seat));
            remove(deck, card.id);
            state.discard(Some(*seat), card.id);
        }
        Event::DeckReshuffled { order, .. } => {
            if let Some(order) = order.revealed() {
                state.deck = order.clone();
            }
        }
        Event::CastResolved { seat, card, to } => {
            let entry = state
                .stack
                .iter()
                .rposition(|c| c.card == card.id)
                .map(|i| state.stack.remove(i));
            match to {
                Destination::Discarded => {
                    // A spent item (Boomstone, Null Powder) leaves the play area.
                    if let Some(w) = state.wizard_mut(*seat) {
                        remove(&mut w.carried, card.id);
                    }
                    state.discard(Some(*seat), card.id);
                }
                Destination::Maintained { tokens } => {
                    if let Some(w) = state.wizard_mut(*seat) {
                        w.maintained.push(card.id);
                    }
                    state.spells.push(ActiveSpell {
                        card: card.id,
                        name: card.name,
                        caster: *seat,
                        target: entry.as_ref().map_or(SpellTarget::Caster, |e| e.target),
                        energy: entry.as_ref().map_or(1, |e| e.energy),
                        tokens: *tokens,
                    });
                }
                Destination::Carried => {
                    if let Some(w) = state.wizard_mut(*seat) {
                        w.carried.push(card.id);
                    }
                }
                Destination::DiscardedLasting { tokens } => {
                    state.discard(Some(*seat), card.id);
                    state.spells.push(ActiveSpell {
                        card: card.id,
                        name: card.name,
                        caster: *seat,
                        target: entry.as_ref().map_or(SpellTarget::Caster, |e| e.target),
                        energy: entry.as_ref().map_or(1, |e| e.energy),
                        tokens: *tokens,
                    });
                }
                Destination::NearTheBoard => {
                    // In play (others may dispel it), but in nobody's play area.
                    state.spells.push(ActiveSpell {
                        card: card.id,
                        name: card.name,
                        caster: *seat,
                        target: entry.as_ref().map_or(SpellTarget::Caster, |e| e.target),
                        energy: entry.as_ref().map_or(1, |e| e.energy),
                        tokens: None,
                    });
                }
                Destination::Kept => {}
            }
        }
        Event::CastDiscarded { seat, card } => {
            let entry = state
                .stack
                .iter()
                .rposition(|c| c.card == card.id)
                .map(|i| state.stack.remove(i));
            if entry.is_some_and(|e| e.kind.moves_its_card()) {
                state.discard(Some(*seat), card.id);
            }
        }
        Event::SpellMayBend { seat } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.bend_ready = true;
            }
        }
        Event::EnergyTokenRemoved { card, tokens, .. } => {
            if let Some(s) = state.spells.iter_mut().find(|s| s.card == card.id) {
                s.tokens = Some(*tokens);
            }
        }
        Event::TrapArmed { card, square, .. } => {
            state.armed_traps.push((*card, *square));
        }
        Event::TrapTokenTurned { card, square, .. } => {
            state.creations.retain(|c| {
                !matches!(c, Creation::TrapToken { card: k, square: s } if k == card && s == square)
            });
        }
        Event::ObjectCreated { creation, .. } => {
            if let Creation::StoneWall { line, .. } = creation {
                state
                    .labyrinth
                    .barriers
                    .insert(*line, super::labyrinth::Barrier::StoneWall { cracks: 0 });
            }
            if let Creation::Door { line, .. } = creation {
                state
                    .labyrinth
                    .barriers
                    .insert(*line, super::labyrinth::Barrier::Door { cracks: 0 });
            }
            state.creations.push(*creation);
        }
        Event::ObjectDamaged { card, cracks, .. } => {
            for c in &mut state.creations {
                if let Creation::StoneBlock {
                    card: id,
                    cracks: k,
                    ..
                } = c
                    && *id == card.id
                {
                    *k = *cracks;
                }
            }
        }
        Event::SectorRotated {
            slot,
            quarter_turns,
        } => {
            let before = state.labyrinth.clone();
            let square = |s: Square| before.turn_square(*slot, s, *quarter_turns);
            let line = |l: BorderLine| before.turn_line(*slot, l, *quarter_turns);
            state.labyrinth.turn_sector(*slot, *quarter_turns);
            move_with_the_sector(state, square, line);
            // Classic: a created wall of the other sector at a junction
            // stays where it stands while this one turns away.
            junction_walls_stay(state, &before);
        }
        Event::JunctionWallRolled { line, slot } => {
            state.junction_walls.insert(*line, *slot);
        }
        Event::AttackEvaded { seat, against } => {
            if let Some(c) = state.stack.iter_mut().find(|c| c.card == against.id) {
                c.shielded.push(*seat);
            }
        }
        Event::SpellAbsorbed { seat, card } => {
            if let Some(i) = state.stack.iter().rposition(|c| c.card == card.id) {
                state.stack.remove(i);
            }
            if let Some(w) = state.wizard_mut(*seat) {
                w.hand.push(card.id);
            }
        }
        Event::EnergyAdded { seat, energy } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.added_energy = Some(*energy);
            }
        }
        Event::AstralProjected { seat, square } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.astral = Some(*square);
            }
        }
        Event::Teleported { seat, to, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.square = *to;
            }
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.moved = true;
                turn.teleported = true;
            }
        }
        Event::WizardsSwapped {
            seat,
            square,
            with,
            with_square,
        } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.square = *with_square;
            }
            if let Some(w) = state.wizard_mut(*with) {
                w.square = *square;
            }
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.moved = true;
            }
        }
        Event::MovingEnded { seat } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.teleported = true;
            }
        }
        Event::ProjectionSpent { seat } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.astral = None;
            }
        }
        Event::AddedEnergySpent { seat } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.added_energy = None;
            }
        }
        Event::ArmfulTaken { seat, square } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.armful = Some(*square);
            }
        }
        Event::LifeShared {
            seat,
            life,
            with,
            with_life,
        } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.life = *life;
            }
            if let Some(w) = state.wizard_mut(*with) {
                w.life = *with_life;
            }
        }
        Event::MovementChanged { seat, by } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.movement_left += by;
            }
        }
        Event::DiseaseCaught { victim, .. } => {
            if let Some(turn) = state.turn.as_mut() {
                turn.infected.push(*victim);
            }
        }
        Event::WizardDashed { seat } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.dashing = true;
            }
        }
        Event::WizardHealed { seat, life, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.life = *life;
            }
        }
        Event::ChoiceAwaited { choice } => state.choice = Some(*choice),
        Event::ChoiceMade { .. } => state.choice = None,
        Event::BrainstoneWoken { seat, card } => state.brainstones_woken.push((*seat, *card)),
        Event::PushedBack { push } => state.pushes.push(*push),
        Event::YieldPolicySet { seat, policy } => {
            state.yield_policies.insert(*seat, *policy);
        }
        Event::PushBegan { seat } => {
            if let Some(i) = state.pushes.iter().position(|p| p.seat == *seat) {
                state.pushes.remove(i);
            }
        }
        Event::HandRevealed { .. } => {}
        Event::CardsTaken {
            from, to, cards, ..
        } => {
            let ids: Vec<CardId> = cards
                .revealed()
                .map(|c| c.iter().map(|v| v.id).collect())
                .unwrap_or_default();
            if let Some(w) = state.wizard_mut(*from) {
                for id in &ids {
                    remove(&mut w.hand, *id);
                }
            }
            if let Some(w) = state.wizard_mut(*to) {
                w.hand.extend(ids);
            }
        }
        Event::ItemDestroyed { seat, card } => {
            match seat.and_then(|s| state.wizard_mut(s)) {
                Some(w) => {
                    remove(&mut w.carried, card.id);
                }
                None => state.objects.retain(|o| o.card != card.id),
            }
            state.discard(*seat, card.id);
        }
        Event::WizardDied { seat, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                w.alive = false;
            }
        }
        Event::HandTaken { from, to, .. } => {
            let hand = state
                .wizard_mut(*from)
                .map(|w| std::mem::take(&mut w.hand))
                .unwrap_or_default();
            if let Some(w) = state.wizard_mut(*to) {
                w.hand.extend(hand);
            }
        }
        Event::GameWon { seat, reason } => state.winner = Some((*seat, *reason)),
        Event::CreatureCreated { creature, .. } => state.creatures.push(*creature),
        Event::WardPlayed { seat, card, .. } => {
            if let Some(w) = state.wizard_mut(*seat) {
                remove(&mut w.hand, card.id);
            }
            state.discard(Some(*seat), card.id);
        }
        Event::CreatureMoved { card, to, .. } => {
            if let Some(c) = state.creatures.iter_mut().find(|c| c.card == *card) {
                c.square = *to;
            }
            if let Some(turn) = state.turn.as_mut() {
                turn.creature_steps.push(*card);
            }
        }
        Event::CreatureDamaged { card, life, .. } => {
            if let Some(c) = state.creatures.iter_mut().find(|c| c.card == card.id) {
                c.life = *life;
            }
        }
        Event::LookedThrough { seat, square, .. } => {
            if let Some(turn) = state.turn.as_mut().filter(|t| t.seat == *seat) {
                turn.astral = Some(*square);
            }
        }
        Event::CarriedItemsBackInHand { seat, cards } => {
            if let Some(w) = state.wizard_mut(*seat) {
                for card in cards {
                    remove(&mut w.carried, card.id);
                    w.hand.push(card.id);
                }
            }
        }
    }
}

/// Everything standing on a sector moves with it when it is turned or
/// relocated: wizards, lying treasures, dropped items, traps, creatures,
/// creations, jammed and held doors (`square` and `line` say where each
/// square and border line of the board goes).
/// Classic: the created walls left standing on a junction while the sector
/// across it moved (Rotate or Relocate Sector) stand again where the board
/// was printed afresh, with the damage they had taken (before revision 3,
/// whole again). Under Relocate Sector before revision 3 none was left
/// standing on a moved sector's edge, so nothing is put back there.
fn junction_walls_stay(state: &mut State, before: &Labyrinth) {
    let whole = state.edition_rules().junction_walls_stay_whole;
    for c in &state.creations {
        if let Creation::StoneWall { line: l, .. } = c {
            let was = match before.barrier(*l) {
                Some(wall @ super::labyrinth::Barrier::StoneWall { .. }) if whole => wall,
                _ => super::labyrinth::Barrier::StoneWall { cracks: 0 },
            };
            state.labyrinth.barriers.entry(*l).or_insert(was);
        }
    }
}

fn move_with_the_sector(
    state: &mut State,
    square: impl Fn(Square) -> Square,
    line: impl Fn(BorderLine) -> BorderLine,
) {
    state.jammed_doors = state.jammed_doors.iter().map(|l| line(*l)).collect();
    for w in &mut state.wizards {
        w.square = square(w.square);
    }
    for t in &mut state.treasures {
        if let TreasureLocation::Lying { square: s } = &mut t.location {
            *s = square(*s);
        }
    }
    for o in &mut state.objects {
        o.square = square(o.square);
    }
    for (_, s) in &mut state.armed_traps {
        *s = square(*s);
    }
    for c in &mut state.creatures {
        c.square = square(c.square);
    }
    for c in &mut state.creations {
        match c {
            Creation::StoneBlock { square: s, .. }
            | Creation::Bush { square: s, .. }
            | Creation::DustCloud { square: s, .. }
            | Creation::TrapToken { square: s, .. } => *s = square(*s),
            Creation::StoneWall { line: l, .. }
            | Creation::WallOfFire { line: l, .. }
            | Creation::Door { line: l, .. } => *l = line(*l),
        }
    }
    state.held_doors = std::mem::take(&mut state.held_doors)
        .into_iter()
        .map(|(l, seat)| (line(l), seat))
        .collect();
}
