//! What each viewer may see (DESIGN.md "Hidden information"): a player sees
//! his own hand, the others only its size; the deck order is seen by nobody
//! but the referee.

use serde::{Deserialize, Serialize};

use crate::kit::{Keeper, Secret};
use crate::ruleset::{Seat, Viewer};

use super::casting::{ActiveSpell, CastKind, SpellOption, SpellTarget};
use super::choices::Choice;
use super::events::Event;
use super::labyrinth::{Barrier, BorderLine, PlacedSector, Portal, Square};
use super::objects::{BoardObject, CardView, Creation};
use super::optional_rules::OptionalRules;
use super::sector_boards::Side;
use super::state::{Phase, State};
use super::treasures::Treasure;
use super::winning::WinReason;
use super::yield_policies::YieldPolicy;

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarView))]
pub struct View {
    pub board: BoardView,
    pub wizards: Vec<WizardView>,
    pub treasures: Vec<Treasure>,
    pub objects: Vec<ObjectView>,
    pub deck_size: usize,
    /// The deck, top first: referee only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
    pub deck: Secret<Vec<CardView>>,
    /// Face up, last discarded last.
    pub discard_pile: Vec<CardView>,
    /// Custom Spellbook: the Black Cantrip group's deck and pile (`deck`
    /// and `discard_pile` are then the White Cantrip group's).
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub black_cantrip_deck: Option<GroupDeckView>,
    pub held_doors: Vec<HeldDoor>,
    /// Classic: doors REMOVE LOCK jammed open for good.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub jammed_doors: Vec<BorderLine>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub turn: Option<TurnView>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub winner: Option<Seat>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub win_reason: Option<WinReason>,
    /// The rulebook's hand limit; each wizard's own is in his view.
    pub hand_limit: usize,
    /// Casts waiting for answers, bottom first; the last one is being answered.
    pub stack: Vec<CastingView>,
    /// Temporary and permanent spells in play.
    pub spells: Vec<ActiveSpell>,
    /// Walls and objects made by spells.
    pub creations: Vec<Creation>,
    /// Booby Traps: the live token of each trap the viewer laid (all of
    /// them for the referee); nobody else learns which token is live.
    pub armed_traps: Vec<ArmedTrap>,
    /// Permanent Creations: the cards of created objects, lying near the
    /// board (maintained by nobody) until their objects are destroyed.
    pub near_the_board: Vec<CardView>,
    /// Creatures made by spells (Homunculus), with their life.
    pub creatures: Vec<super::creatures::Creature>,
    /// A choice a card asks of a player (who, and for what).
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub choice: Option<Choice>,
    /// The optional rules the game is played with (p.17).
    pub optional_rules: OptionalRules,
}

/// A Booby Trap's live token, by its spell's card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarArmedTrap))]
pub struct ArmedTrap {
    pub card: super::objects::CardId,
    pub square: Square,
}

/// Custom Spellbook: one group's Magic deck, as a viewer sees it.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarGroupDeckView))]
pub struct GroupDeckView {
    /// The players who draw from it and discard to it.
    pub seats: Vec<Seat>,
    pub deck_size: usize,
    /// The deck, top first: referee only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
    pub deck: Secret<Vec<CardView>>,
    /// Face up, last discarded last.
    pub discard_pile: Vec<CardView>,
}

/// A cast on the stack, as everyone sees it (all of it is public).
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarCastingView))]
pub struct CastingView {
    pub seat: Seat,
    pub card: CardView,
    pub kind: CastKind,
    pub energy: u8,
    pub target: SpellTarget,
    /// Who must answer now, then the others in order.
    pub responders: Vec<Seat>,
    pub cancelled: bool,
}

/// The labyrinth: a grid of `rows` × `cols` squares. Square (row, col)
/// counts rows from 0 at the north (top) edge and columns from 0 at the
/// west (left) edge. It is made of 5 × 5 sector boards, one per player,
/// laid in slots (see `sectors`); with three players the south-east slot is
/// empty and its squares are not on the board. Walls and doors stand on
/// border lines between squares (`barriers`); a line with no barrier is
/// open. Leaving the board through an open exit (the middle square of a
/// sector's rim side) wraps around: the wizard comes back in on the last
/// square of the same row or column at the opposite edge; every other rim
/// line is an outer wall. Portals (three players) join exits in pairs of one
/// colour instead.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarBoardView))]
pub struct BoardView {
    /// Which printed face of the sector boards is used.
    pub side: Side,
    /// Squares from north to south: 5, or 10 with three or four players.
    pub rows: u8,
    /// Squares from west to east: 10.
    pub cols: u8,
    /// Where each player's sector board lies and how it is turned.
    pub sectors: Vec<PlacedSector>,
    /// Every border line that is not open, with what stands on it and its
    /// cracks. A printed wall or door missing here was destroyed.
    pub barriers: Vec<BarrierView>,
    /// Portal markers (three players): stepping off the board through one
    /// comes back in through the other marker of its colour.
    pub portals: Vec<Portal>,
    /// Classic, three players: the AUTO WARP lies in the empty south-east
    /// quarter, joining the two edges facing it (until RELOCATE SECTOR).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub auto_warp: bool,
    /// Classic: every edge of the board leads to the same point on the
    /// opposite side where no wall stands (not only the printed exits).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open_edges: bool,
    /// Each player's home base square: the centre of his sector.
    pub home_bases: Vec<HomeBase>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarBarrierView))]
pub struct BarrierView {
    pub line: BorderLine,
    pub barrier: Barrier,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarHomeBase))]
pub struct HomeBase {
    pub owner: Seat,
    pub square: Square,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarHeldDoor))]
/// A door its sector's owner holds open for others, while he stays beside it.
pub struct HeldDoor {
    pub line: BorderLine,
    pub holder: Seat,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarObjectView))]
/// A dropped item lying on a square.
pub struct ObjectView {
    pub square: Square,
    pub card: CardView,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarWizardView))]
pub struct WizardView {
    pub seat: Seat,
    pub square: Square,
    pub life: i8,
    pub alive: bool,
    pub victory_points: u8,
    pub hand_size: usize,
    /// The cards in hand: their owner (and the referee) only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<CardView>>, required = true))]
    pub hand: Secret<Vec<CardView>>,
    pub carried_items: Vec<CardView>,
    pub maintained_spells: Vec<CardView>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub treasure: Option<super::treasures::TreasureId>,
    pub stun_tokens: u8,
    /// His hand limit now (7, raised by a Brainstone he carries).
    pub hand_limit: usize,
    /// What counts toward it: hand, maintained spells (not with Uncluttered
    /// Minds) and carried items (not with Extra Arms).
    pub hand_total: usize,
    /// Which response windows stop at him. Public: everyone sees which of
    /// his passes the server makes, and under `when_i_can_counter` that is
    /// what he chose to reveal.
    pub yield_policy: YieldPolicy,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizwarTurnView))]
pub struct TurnView {
    pub seat: Seat,
    pub phase: Phase,
    pub movement_left: i16,
    pub boosted: bool,
    pub attacked: bool,
    /// Attacks made this turn (Adrenaline allows two).
    pub attacks: u8,
    pub stunned: bool,
    /// Around the Corner: the next spell may bend once.
    pub bend_ready: bool,
    /// Teleported: no more moving this turn.
    pub teleported: bool,
    /// Astral Projection: the next spell is cast from this square.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub astral: Option<Square>,
    /// Add: the energy of the next spell.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub added_energy: Option<u8>,
    /// Mad Dash: no treasure may be picked up for the rest of the turn.
    pub dashing: bool,
}

pub fn view(state: &State, viewer: Viewer) -> View {
    let cards = |ids: &[super::objects::CardId]| -> Vec<CardView> {
        ids.iter().map(|c| state.card_view(*c)).collect()
    };
    let lab = &state.labyrinth;
    View {
        board: BoardView {
            side: lab.side,
            rows: lab.rows,
            cols: lab.cols,
            sectors: lab.sectors.clone(),
            barriers: lab
                .barriers
                .iter()
                .map(|(line, barrier)| BarrierView {
                    line: *line,
                    barrier: *barrier,
                })
                .collect(),
            portals: lab.portals.clone(),
            auto_warp: lab.auto_warp,
            open_edges: lab.open_edges,
            home_bases: lab
                .sectors
                .iter()
                .filter_map(|s| {
                    lab.home_base(s.owner).map(|square| HomeBase {
                        owner: s.owner,
                        square,
                    })
                })
                .collect(),
        },
        wizards: state
            .wizards
            .iter()
            .map(|w| WizardView {
                seat: w.seat,
                square: w.square,
                life: w.life,
                alive: w.alive,
                victory_points: w.victory_points,
                hand_size: w.hand.len(),
                hand: Secret::new(Keeper::Seat(w.seat), cards(&w.hand)).shown_to(viewer),
                carried_items: cards(&w.carried),
                maintained_spells: cards(&w.maintained),
                treasure: state.carried_treasure(w.seat),
                stun_tokens: w.stun_tokens,
                hand_limit: super::effects::hand_limit(state, w.seat),
                hand_total: state.hand_total(w.seat),
                yield_policy: super::yield_policies::policy_of(state, w.seat),
            })
            .collect(),
        treasures: state.treasures.clone(),
        objects: state
            .objects
            .iter()
            .map(|o: &BoardObject| ObjectView {
                square: o.square,
                card: state.card_view(o.card),
            })
            .collect(),
        deck_size: state.deck.len(),
        deck: Secret::new(Keeper::Referee, cards(&state.deck)).shown_to(viewer),
        discard_pile: cards(&state.discard_pile),
        black_cantrip_deck: state.black_cantrip_deck.as_ref().map(|g| GroupDeckView {
            seats: g.seats.clone(),
            deck_size: g.deck.len(),
            deck: Secret::new(Keeper::Referee, cards(&g.deck)).shown_to(viewer),
            discard_pile: cards(&g.discard_pile),
        }),
        jammed_doors: state.jammed_doors.iter().copied().collect(),
        held_doors: state
            .held_doors
            .iter()
            .map(|(line, holder)| HeldDoor {
                line: *line,
                holder: *holder,
            })
            .collect(),
        turn: state.turn.as_ref().map(|t| TurnView {
            seat: t.seat,
            phase: t.phase,
            movement_left: t.movement_left,
            boosted: t.boosted,
            attacked: t.attacked(),
            attacks: t.attacks,
            stunned: t.stunned,
            bend_ready: t.bend_ready,
            teleported: t.teleported,
            astral: t.astral,
            added_energy: t.added_energy,
            dashing: t.dashing,
        }),
        winner: state.winner.map(|w| w.0),
        win_reason: state.winner.map(|w| w.1),
        hand_limit: state.edition_rules().hand_limit,
        stack: state
            .stack
            .iter()
            .map(|c| CastingView {
                seat: c.seat,
                card: state.card_view(c.card),
                kind: c.kind,
                energy: c.energy,
                target: c.target,
                responders: c.responders.clone(),
                cancelled: c.cancelled,
            })
            .collect(),
        spells: state.spells.clone(),
        creations: state.creations.clone(),
        armed_traps: state
            .armed_traps
            .iter()
            .filter(|(card, _)| {
                state
                    .find_spell(*card)
                    .is_some_and(|s| viewer.may_see_private_of(s.caster))
            })
            .map(|(card, square)| ArmedTrap {
                card: *card,
                square: *square,
            })
            .collect(),
        near_the_board: cards(&state.near_the_board()),
        creatures: state.creatures.clone(),
        choice: state.choice,
        optional_rules: state.optional_rules.clone(),
    }
}

/// The event as `viewer` may see it: drawn and taken cards only for their
/// owner, deck orders only for the referee. Every event is seen by everyone
/// in some form, so nothing leaks through gaps in the feed, but a live Booby
/// Trap token. Yield policies and the passes made under them are public as
/// they are. Every event is listed: a new one must say what it hides.
pub fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let mut event = event.clone();
    match &mut event {
        Event::DeckBuilt { cards, .. } | Event::BlackCantripDeckBuilt { cards, .. } => {
            cards.hide_unless(viewer, Keeper::Referee)
        }
        Event::DiscardPileShuffled { order, .. } => order.hide_unless(viewer, Keeper::Referee),
        Event::DeckReshuffled { order, .. } => order.hide_unless(viewer, Keeper::Referee),
        Event::CardsDrawn { seat, cards, .. } => cards.hide_unless(viewer, Keeper::Seat(*seat)),
        Event::HandTaken {
            from, to, cards, ..
        }
        | Event::CardsTaken {
            from, to, cards, ..
        } => cards.hide_unless(viewer, Keeper::Seats(*from, *to)),
        Event::HandRevealed {
            seat, to, cards, ..
        } => cards.hide_unless(viewer, Keeper::Seats(*seat, *to)),
        // Booby Trap: which token is live is its caster's secret.
        Event::TrapArmed { seat, .. } => {
            if !viewer.may_see(Keeper::Seat(*seat)) {
                return None;
            }
        }
        Event::SpellCast { seat, option, .. } => {
            if let Some(SpellOption::Tokens { live, .. }) = option
                && !viewer.may_see(Keeper::Seat(*seat))
            {
                *live = None;
            }
        }
        Event::DoorJammedOpen { .. } | Event::SectorRelocated { .. } => {}
        Event::OptionalRulesChosen { .. }
        | Event::BoardBuilt { .. }
        | Event::WizardPlaced { .. }
        | Event::TreasurePlaced { .. }
        | Event::FirstPlayerChosen { .. }
        | Event::TurnStarted { .. }
        | Event::WizardMoved { .. }
        | Event::SpeedBoosted { .. }
        | Event::DoorHeldOpen { .. }
        | Event::DoorClosed { .. }
        | Event::Punched { .. }
        | Event::PunchThrown { .. }
        | Event::WizardDamaged { .. }
        | Event::BarrierDamaged { .. }
        | Event::BarrierDestroyed { .. }
        | Event::ItemPickedUp { .. }
        | Event::ItemDropped { .. }
        | Event::ItemPlayed { .. }
        | Event::TreasurePickedUp { .. }
        | Event::TreasureDropped { .. }
        | Event::TreasuresCaptured { .. }
        | Event::VictoryPointScored { .. }
        | Event::VictoryPointLost { .. }
        | Event::MoveAndCastEnded { .. }
        | Event::CardsDiscarded { .. }
        | Event::TurnEnded { .. }
        | Event::DieRolled { .. }
        | Event::WizardStunned { .. }
        | Event::SpellEnded { .. }
        | Event::WizardDied { .. }
        | Event::GameWon { .. }
        | Event::CounterPlayed { .. }
        | Event::ResponsePassed { .. }
        | Event::CastCancelled { .. }
        | Event::DamageReduced { .. }
        | Event::WizardShielded { .. }
        | Event::WallOfEarthRaised { .. }
        | Event::CastResolved { .. }
        | Event::DamageHalved { .. }
        | Event::WizardDragged { .. }
        | Event::TrapTurnedUp { .. }
        | Event::CastDiscarded { .. }
        | Event::SpellMayBend { .. }
        | Event::EnergyTokenRemoved { .. }
        | Event::TrapTokenTurned { .. }
        | Event::ObjectCreated { .. }
        | Event::ObjectDamaged { .. }
        | Event::SectorRotated { .. }
        | Event::JunctionWallRolled { .. }
        | Event::AttackEvaded { .. }
        | Event::SpellAbsorbed { .. }
        | Event::EnergyAdded { .. }
        | Event::AstralProjected { .. }
        | Event::Teleported { .. }
        | Event::WizardsSwapped { .. }
        | Event::LifeShared { .. }
        | Event::MovementChanged { .. }
        | Event::DiseaseCaught { .. }
        | Event::WizardDashed { .. }
        | Event::WizardHealed { .. }
        | Event::BrainstoneWoken { .. }
        | Event::ChoiceAwaited { .. }
        | Event::ChoiceMade { .. }
        | Event::YieldPolicySet { .. }
        | Event::ResponseYielded { .. }
        | Event::PushedBack { .. }
        | Event::PushBegan { .. }
        | Event::ItemDestroyed { .. }
        | Event::ItemSnatched { .. }
        | Event::WardPlayed { .. }
        | Event::CreatureCreated { .. }
        | Event::CreatureMoved { .. }
        | Event::CreatureDamaged { .. }
        | Event::LookedThrough { .. }
        | Event::MovingEnded { .. }
        | Event::ProjectionSpent { .. }
        | Event::AddedEnergySpent { .. }
        | Event::ArmfulTaken { .. } => {}
        Event::CarriedItemsBackInHand { .. } => {}
    }
    Some(event)
}
