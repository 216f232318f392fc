//! Everything a client needs to know about the components, served as the
//! ruleset's reference (`GET /v1/rulesets/wizards-of-war`). Every value the
//! rulebook does not give carries `"designed": true` and one line of
//! `"reasoning"`; values from the rulebook carry `"designed": false`.

use serde::Serialize;

use super::board::{self, Square, Terrain};
use super::combat::CombatFace;
use super::counterspell::YieldPolicy;
use super::revisions::{self, CounterMoments};
use super::spell_cards::{Effect, Spell};
use super::tiles::Tile;
use super::turn_die::TurnFace;
use super::units::UnitKind;
use super::views::TerrainSquare;
use super::{Options, WizardsOfWar};
use crate::kit::about::ReferenceMaterial;
use crate::kit::response_window::LabelledYieldPolicy;

/// What a client shows beside a Wizards of War table: the board, the dice,
/// the units, the spells and their tiles, each value designed or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarReference))]
#[serde(deny_unknown_fields)]
pub struct Reference {
    pub board: BoardFacts,
    /// The turn die's faces, each with how many of its 8 faces show it.
    pub turn_die: Vec<TurnDieFace>,
    /// The combat die's faces, each with how many of its 6 faces show it.
    pub combat_die: Vec<CombatDieFace>,
    pub counterspell_success: CounterspellSuccess,
    pub counterspell_moments: CounterspellMoments,
    pub second_player_spell: SecondPlayerSpell,
    /// An evil wizard's life at the start (and at most).
    pub wizard_life: u8,
    /// Skull tokens in the box: one per life a wizard loses.
    pub skull_tokens: u8,
    /// The evil wizard, then the monsters in the rulebook's order.
    pub units: Vec<UnitFacts>,
    pub spells: Vec<SpellFacts>,
    /// The tiles a spell covers squares with.
    pub tiles: Vec<TileFacts>,
    /// The yield policies, each labelled whether it reveals the hand.
    pub yield_policies: Vec<LabelledYieldPolicy>,
}

/// The board: its size, its terrain and where the wizards start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarBoardFacts))]
#[serde(deny_unknown_fields)]
pub struct BoardFacts {
    /// Squares across (columns).
    pub width: u8,
    /// Squares from one player's edge to the other's (rows).
    pub height: u8,
    pub designed: bool,
    pub reasoning: &'static str,
    pub terrain: TerrainFacts,
    pub start_squares: StartSquares,
}

/// The terrain of the board and what it does.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTerrainFacts))]
#[serde(deny_unknown_fields)]
pub struct TerrainFacts {
    /// Every square that is not open ground.
    pub squares: Vec<TerrainSquare>,
    /// Movement points to enter a river square.
    pub river_cost: u8,
    /// Defence cover adds against a ranged attack.
    pub cover_defence: u8,
    pub designed: bool,
    pub reasoning: &'static str,
}

/// Where the evil wizards start.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarStartSquares))]
#[serde(deny_unknown_fields)]
pub struct StartSquares {
    /// By seat.
    pub squares: [Square; 2],
    pub designed: bool,
    pub reasoning: &'static str,
}

/// One face of the turn die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTurnDieFace))]
#[serde(deny_unknown_fields)]
pub struct TurnDieFace {
    pub face: TurnFace,
    /// Faces of the die showing it.
    pub count: usize,
    pub designed: bool,
    pub reasoning: &'static str,
}

/// One face of the combat die.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCombatDieFace))]
#[serde(deny_unknown_fields)]
pub struct CombatDieFace {
    pub face: CombatFace,
    /// Faces of the die showing it.
    pub count: usize,
    pub designed: bool,
    pub reasoning: &'static str,
}

/// What a counterspell must roll to succeed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCounterspellSuccess))]
#[serde(deny_unknown_fields)]
pub struct CounterspellSuccess {
    /// The face one combat die must show.
    pub face: CombatFace,
    pub designed: bool,
    pub reasoning: &'static str,
}

/// When a lasting spell in play may be counterspelled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarCounterspellMoments))]
#[serde(deny_unknown_fields)]
pub struct CounterspellMoments {
    /// The first revision of the rules that opens these moments.
    pub since_revision: u32,
    pub designed: bool,
    pub reasoning: &'static str,
}

/// The house rule that deals the second player a spell before the first turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSecondPlayerSpell))]
#[serde(deny_unknown_fields)]
pub struct SecondPlayerSpell {
    /// Spells the second player draws under it.
    pub spells: u8,
    pub house_rule: bool,
    /// The game option that turns it on.
    pub option: &'static str,
    /// Whether a game has it when the option is left out.
    pub default: bool,
    pub designed: bool,
    pub reasoning: &'static str,
}

/// The numbers of one kind of unit.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarUnitFacts))]
#[serde(deny_unknown_fields)]
pub struct UnitFacts {
    pub unit: UnitKind,
    pub name: &'static str,
    /// Units (and, for monsters, cards) in the box.
    pub copies: u8,
    pub life: u8,
    /// Squares it may move (river squares cost 2).
    pub movement: u8,
    /// Combat dice it rolls when it attacks.
    pub attack_dice: u8,
    /// Combat dice it rolls when attacked.
    pub defence_dice: u8,
    /// How far it shoots; 0 for a unit that only fights adjacent enemies.
    pub range: u8,
    /// Large creatures ignore terrain.
    pub large: bool,
    /// The fields of this entry the rulebook gives; the others are designed.
    pub from_rulebook: &'static [&'static str],
    pub designed: bool,
    pub reasoning: &'static str,
}

/// What a spell does, by kind (its numbers are beside it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSpellEffect))]
#[serde(rename_all = "snake_case")]
pub enum SpellEffect {
    Counter,
    Bolt,
    Drain,
    Blast,
    Thorns,
    Mud,
    Heal,
    Teleport,
    Summon,
    Banish,
}

/// The facts of one spell card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSpellFacts))]
#[serde(deny_unknown_fields)]
pub struct SpellFacts {
    pub spell: Spell,
    pub title: &'static str,
    pub copies: u8,
    pub effect: SpellEffect,
    /// The tile it covers squares with; `null` for a spell with none.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub tile: Option<Tile>,
    /// Combat dice it rolls; `null` for a spell that rolls none.
    #[cfg_attr(feature = "openapi", schema(required = true))]
    pub dice: Option<u8>,
    /// Squares from the caster's wizard to the target; 0 for none.
    pub range: u8,
    /// Whether it stays in play after it is cast.
    pub lasting: bool,
    pub named_by_rulebook: bool,
    pub designed: bool,
    pub reasoning: &'static str,
}

/// The facts of one tile.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarTileFacts))]
#[serde(deny_unknown_fields)]
pub struct TileFacts {
    pub tile: Tile,
    pub name: &'static str,
    /// Squares it covers.
    pub squares: usize,
    /// Whether turning it changes what it covers.
    pub turns: bool,
    pub designed: bool,
    pub reasoning: &'static str,
}

impl ReferenceMaterial for WizardsOfWar {
    type Reference = Reference;

    fn reference() -> Reference {
        Reference {
            board: board_facts(),
            turn_die: TurnFace::ALL
                .iter()
                .map(|&face| TurnDieFace {
                    face,
                    count: face.count(),
                    designed: true,
                    reasoning: face.reasoning(),
                })
                .collect(),
            combat_die: CombatFace::ALL
                .iter()
                .map(|&face| CombatDieFace {
                    face,
                    count: face.count(),
                    designed: true,
                    reasoning: face.reasoning(),
                })
                .collect(),
            counterspell_success: CounterspellSuccess {
                face: CombatFace::Sword,
                designed: false,
                reasoning: "The rulebook: roll a sword with one die.",
            },
            counterspell_moments: CounterspellMoments {
                since_revision: revisions::REVISIONS
                    .iter()
                    .map(|r| r.number)
                    .find(|&n| {
                        revisions::differences(n).counter_moments == CounterMoments::EveryMoment
                    })
                    .expect("a revision opens the counterspell's moments"),
                designed: true,
                reasoning: "The rulebook lets the counterspell be cast \"at any time and at any \
                            moment\"; by mail each moment must be named. A response window \
                            follows every cast; while a lasting spell of the other side is in \
                            play, a moment opens at the start of each turn before the turn die \
                            is rolled (for the player about to roll) and after each action (for \
                            the other player), only when his yield policy asks him.",
            },
            second_player_spell: SecondPlayerSpell {
                spells: 1,
                house_rule: true,
                option: "second_player_spell",
                default: Options::default().second_player_spell,
                designed: true,
                reasoning: "A house rule, not the rulebook's (Preparations deal no spell), off \
                            by default. Under the rulebook's opening the first player is \
                            favoured: between greedy computer players seat 0 wins about 56% of \
                            games. With the house rule, one spell drawn by seat 1 before the \
                            first turn, the same games split about evenly.",
            },
            wizard_life: super::spells::WIZARD_LIFE,
            skull_tokens: 8,
            units: std::iter::once(UnitKind::EvilWizard)
                .chain(UnitKind::MONSTERS)
                .map(unit_facts)
                .collect(),
            spells: Spell::ALL.iter().map(|&spell| spell_facts(spell)).collect(),
            tiles: Tile::ALL
                .iter()
                .map(|&tile| TileFacts {
                    tile,
                    name: tile.name(),
                    squares: tile
                        .squares(Square::new(5, 5), Default::default())
                        .map(|s| s.len())
                        .unwrap_or_default(),
                    turns: tile.has_orientation(),
                    designed: true,
                    reasoning: tile.reasoning(),
                })
                .collect(),
            // Clients label the policies whose automatic passes reveal the hand.
            yield_policies: YieldPolicy::reference(),
        }
    }
}

fn board_facts() -> BoardFacts {
    BoardFacts {
        width: board::WIDTH,
        height: board::HEIGHT,
        designed: false,
        reasoning: "The rulebook: the board is 11 by 20 squares.",
        terrain: TerrainFacts {
            squares: board::features()
                .into_iter()
                .map(|(square, terrain)| TerrainSquare { square, terrain })
                .collect(),
            river_cost: Terrain::River.entry_cost(),
            cover_defence: 1,
            designed: true,
            reasoning: "The printed layout is not public: a river across the middle \
                        and cover on both banks, each half the other turned round, \
                        so neither side has better ground.",
        },
        start_squares: StartSquares {
            squares: board::START_SQUARES,
            designed: true,
            reasoning: "The middle of each player's second row: all 8 summoning \
                        squares on the board, as far from the enemy as possible.",
        },
    }
}

fn unit_facts(kind: UnitKind) -> UnitFacts {
    let s = kind.stats();
    UnitFacts {
        unit: kind,
        name: kind.name(),
        copies: s.copies,
        life: s.life,
        movement: s.movement,
        attack_dice: s.attack,
        defence_dice: s.defence,
        range: s.range,
        large: s.large,
        // Copies and life are the rulebook's; the rest is designed.
        from_rulebook: &["copies", "life"],
        designed: true,
        reasoning: s.reasoning,
    }
}

fn spell_facts(spell: Spell) -> SpellFacts {
    let d = spell.def();
    let (effect, tile, dice) = match d.effect {
        Effect::Counter => (SpellEffect::Counter, None, None),
        Effect::Bolt { dice } => (SpellEffect::Bolt, None, Some(dice)),
        Effect::Drain { dice } => (SpellEffect::Drain, None, Some(dice)),
        Effect::Blast { tile, dice } => (SpellEffect::Blast, Some(tile), Some(dice)),
        Effect::Thorns { tile } => (SpellEffect::Thorns, Some(tile), None),
        Effect::Mud { tile, .. } => (SpellEffect::Mud, Some(tile), None),
        Effect::Heal { .. } => (SpellEffect::Heal, None, None),
        Effect::Teleport => (SpellEffect::Teleport, None, None),
        Effect::Summon => (SpellEffect::Summon, None, None),
        Effect::Banish => (SpellEffect::Banish, None, None),
    };
    SpellFacts {
        spell,
        title: d.title,
        copies: d.copies,
        effect,
        tile,
        dice,
        range: d.range,
        lasting: d.lasting,
        named_by_rulebook: d.named_by_rulebook,
        designed: true,
        reasoning: d.reasoning,
    }
}
