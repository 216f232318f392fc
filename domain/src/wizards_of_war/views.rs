//! What one viewer may see of a game: its view, and each event.

use serde::{Deserialize, Serialize};

use super::WizardsOfWar;
use super::board::{self, Square, Terrain};
use super::commands::SpellTarget;
use super::counterspell::YieldPolicy;
use super::events::Event;
use super::spell_cards::{MonsterCard, SpellCard};
use super::state::{State, Step};
use super::turn_die::TurnFace;
use super::units::UnitKind;
use crate::kit::response_window::policy_of;
use crate::kit::views::{by_seat, count, private_to};
use crate::kit::{Keeper, Secret};
use crate::ruleset::{Seat, Viewer};

/// A square that is not open ground.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTerrainSquare))]
pub struct TerrainSquare {
    pub square: Square,
    pub terrain: Terrain,
}

/// A unit on the board. Units are numbered: the wizards 0 and 1 (by
/// seat), monsters from 2 in the order they were summoned.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarUnitView))]
pub struct UnitView {
    pub id: u8,
    pub owner: Seat,
    pub kind: UnitKind,
    pub square: Square,
    pub life: u8,
    /// The monster card it came from (none for a wizard).
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub card: Option<MonsterCard>,
    /// Moved already this turn.
    pub moved: bool,
    /// Attacked (a wizard: or cast) already this turn.
    pub attacked: bool,
}

/// A lasting spell in play and the squares it covers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarLastingSpellView))]
pub struct LastingSpellView {
    pub owner: Seat,
    pub card: SpellCard,
    pub squares: Vec<Square>,
}

/// One player as the viewer may see him.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarPlayerView))]
pub struct PlayerView {
    pub seat: Seat,
    /// His evil wizard's life (0 once killed).
    pub life: u8,
    /// Skull tokens taken: one per life lost.
    pub skulls: u8,
    /// The spell cards in hand, for their owner (and referees) only.
    #[cfg_attr(feature = "openapi", schema(value_type = Option<Vec<SpellCard>>, required = true))]
    pub hand: Secret<Vec<SpellCard>>,
    pub hand_count: u8,
    pub yield_policy: YieldPolicy,
}

/// Where the active player's turn stands.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(tag = "step", rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTurnStep))]
pub enum TurnStepView {
    /// Place the drawn monster around the wizard.
    Placing { card: MonsterCard },
    /// The wand with no monster: draw a spell or summon instead.
    Wand,
    /// The feet: move, attack, cast; `plus` adds one attack die.
    Acting { plus: bool, acted: bool },
}

/// The turn being played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTurnView))]
pub struct TurnView {
    pub seat: Seat,
    pub number: u32,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub face: Option<TurnFace>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub step: Option<TurnStepView>,
}

/// A spell cast and waiting for the opponent's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCastingView))]
pub struct CastingView {
    pub seat: Seat,
    pub card: SpellCard,
    pub target: SpellTarget,
    /// Who is asked to answer (counterspell or pass).
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub responder: Option<Seat>,
    /// The squares the spell would strike.
    pub squares: Vec<Square>,
}

/// The game as one viewer sees it. Squares are `{col, row}`: `col` 0..=10
/// from the left edge, `row` 0..=19 from seat 0's edge (the top of the
/// picture) to seat 1's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarView))]
pub struct View {
    pub width: u8,
    pub height: u8,
    /// Every square that is not open ground.
    pub terrain: Vec<TerrainSquare>,
    /// The X squares, by seat.
    pub start_squares: Vec<Square>,
    pub units: Vec<UnitView>,
    pub lasting_spells: Vec<LastingSpellView>,
    pub players: Vec<PlayerView>,
    pub monster_deck_count: u8,
    pub monster_discards: Vec<MonsterCard>,
    pub spell_deck_count: u8,
    pub spell_discards: Vec<SpellCard>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub turn: Option<TurnView>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub casting: Option<CastingView>,
    pub over: bool,
    /// The winner once over; none with `over` true is a draw.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub winner: Option<Seat>,
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub summary: Option<String>,
}

pub(crate) fn view(state: &State, viewer: Viewer) -> View {
    let players = by_seat(&state.players)
        .map(|(seat, p)| {
            let life = state.wizard(seat).map_or(0, |w| w.life);
            PlayerView {
                seat,
                life,
                skulls: super::spells::WIZARD_LIFE.saturating_sub(life),
                hand: private_to(
                    seat,
                    p.hand.iter().map(|c| SpellCard::of(*c)).collect(),
                    viewer,
                ),
                hand_count: count(&p.hand),
                yield_policy: policy_of::<WizardsOfWar>(state, seat),
            }
        })
        .collect();
    View {
        width: board::WIDTH,
        height: board::HEIGHT,
        terrain: board::features()
            .into_iter()
            .map(|(square, terrain)| TerrainSquare { square, terrain })
            .collect(),
        start_squares: board::START_SQUARES.to_vec(),
        units: state
            .units
            .iter()
            .map(|u| UnitView {
                id: u.id,
                owner: u.owner,
                kind: u.kind,
                square: u.square,
                life: u.life,
                card: u.card.map(MonsterCard::of),
                moved: u.moved,
                attacked: u.attacked,
            })
            .collect(),
        lasting_spells: state
            .lasting
            .iter()
            .map(|l| LastingSpellView {
                owner: l.owner,
                card: l.card,
                squares: l.squares.clone(),
            })
            .collect(),
        players,
        monster_deck_count: state.monster_deck.len() as u8,
        monster_discards: state
            .monster_discards
            .iter()
            .map(|c| MonsterCard::of(*c))
            .collect(),
        spell_deck_count: state.spell_deck.len() as u8,
        spell_discards: state
            .spell_discards
            .iter()
            .map(|c| SpellCard::of(*c))
            .collect(),
        turn: state.turn.as_ref().map(|t| TurnView {
            seat: t.seat,
            number: t.number,
            face: t.face,
            step: t.step.as_ref().map(|s| match s {
                Step::Placing { card } => TurnStepView::Placing {
                    card: MonsterCard::of(*card),
                },
                Step::Wand => TurnStepView::Wand,
                Step::Acting { plus, acted } => TurnStepView::Acting {
                    plus: *plus,
                    acted: *acted,
                },
            }),
        }),
        casting: state.casting.as_ref().map(|c| CastingView {
            seat: c.seat,
            card: c.card,
            target: c.target,
            responder: c.responder,
            squares: super::spells::struck_squares(c.card.spell, c.target),
        }),
        over: state.is_over(),
        winner: state.result.as_ref().and_then(|r| r.0),
        summary: state.result.as_ref().map(|r| r.1.clone()),
    }
}

/// The event as `viewer` may see it. Every event is listed: a new one
/// must say what it hides.
pub(crate) fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
    let mut event = event.clone();
    match &mut event {
        Event::MonsterDeckShuffled { order } | Event::SpellDeckShuffled { order } => {
            order.hide_unless(viewer, Keeper::Referee)
        }
        Event::SpellDrawn { seat, card } => card.hide_unless(viewer, Keeper::Seat(*seat)),
        // Public: monsters are drawn face up, spells are shown once cast.
        Event::GameStarted { .. }
        | Event::YieldPolicySet { .. }
        | Event::TurnStarted { .. }
        | Event::TurnDieRolled { .. }
        | Event::MonsterDrawn { .. }
        | Event::SummonBlocked { .. }
        | Event::SummonChosen { .. }
        | Event::MonsterSummoned { .. }
        | Event::NoSpellLeft { .. }
        | Event::UnitMoved { .. }
        | Event::CombatRolled { .. }
        | Event::LifeLost { .. }
        | Event::MonsterSlain { .. }
        | Event::ThornsAttacked { .. }
        | Event::SpellCast { .. }
        | Event::ResponsePassed { .. }
        | Event::CounterMomentOpened { .. }
        | Event::CounterMomentPassed { .. }
        | Event::ResponseYielded { .. }
        | Event::CounterspellCast { .. }
        | Event::SpellCountered { .. }
        | Event::SpellResolved { .. }
        | Event::SpellDiscarded { .. }
        | Event::LastingSpellPlaced { .. }
        | Event::LastingSpellEnded { .. }
        | Event::LifeRegained { .. }
        | Event::WizardTeleported { .. }
        | Event::BanishRolled { .. }
        | Event::MonsterBanished { .. }
        | Event::SpellFizzled { .. }
        | Event::TurnEnded { .. }
        | Event::WizardKilled { .. }
        | Event::GameEnded { .. } => {}
    }
    Some(event)
}
