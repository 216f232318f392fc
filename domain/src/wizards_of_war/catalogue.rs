//! Everything a client needs to know about the components, served as the
//! ruleset's reference (`GET /v1/rulesets/wizards-of-war`). Every value the
//! rulebook does not give carries `"designed": true` and one line of
//! `"reasoning"`; values from the rulebook carry `"designed": false`.

use serde_json::{Value, json};

use super::board::{self, Terrain};
use super::combat::CombatFace;
use super::counterspell::YieldPolicy;
use super::spell_cards::{Effect, Spell};
use super::tiles::Tile;
use super::turn_die::TurnFace;
use super::units::UnitKind;

/// The reference document.
pub fn reference() -> Value {
    let terrain: Vec<Value> = board::features()
        .into_iter()
        .map(|(square, terrain)| json!({ "square": square, "terrain": terrain }))
        .collect();
    let units: Vec<Value> = std::iter::once(UnitKind::EvilWizard)
        .chain(UnitKind::MONSTERS)
        .map(|kind| {
            let s = kind.stats();
            json!({
                "unit": kind,
                "name": kind.name(),
                "copies": s.copies,
                "life": s.life,
                "movement": s.movement,
                "attack_dice": s.attack,
                "defence_dice": s.defence,
                "range": s.range,
                "large": s.large,
                // Copies and life are the rulebook's; the rest is designed.
                "from_rulebook": ["copies", "life"],
                "designed": true,
                "reasoning": s.reasoning,
            })
        })
        .collect();
    let spells: Vec<Value> = Spell::ALL
        .iter()
        .map(|spell| {
            let d = spell.def();
            let (effect, tile, dice) = match d.effect {
                Effect::Counter => ("counter", None, None),
                Effect::Bolt { dice } => ("bolt", None, Some(dice)),
                Effect::Drain { dice } => ("drain", None, Some(dice)),
                Effect::Blast { tile, dice } => ("blast", Some(tile), Some(dice)),
                Effect::Thorns { tile } => ("thorns", Some(tile), None),
                Effect::Mud { tile, .. } => ("mud", Some(tile), None),
                Effect::Heal { .. } => ("heal", None, None),
                Effect::Teleport => ("teleport", None, None),
                Effect::Summon => ("summon", None, None),
                Effect::Banish => ("banish", None, None),
            };
            json!({
                "spell": spell,
                "title": d.title,
                "copies": d.copies,
                "effect": effect,
                "tile": tile,
                "dice": dice,
                "range": d.range,
                "lasting": d.lasting,
                "named_by_rulebook": d.named_by_rulebook,
                "designed": true,
                "reasoning": d.reasoning,
            })
        })
        .collect();
    let tiles: Vec<Value> = Tile::ALL
        .iter()
        .map(|tile| {
            json!({
                "tile": tile,
                "name": tile.name(),
                "squares": tile.squares(board::Square::new(5, 5), Default::default())
                    .map(|s| s.len())
                    .unwrap_or_default(),
                "turns": tile.has_orientation(),
                "designed": true,
                "reasoning": tile.reasoning(),
            })
        })
        .collect();
    json!({
        "board": {
            "width": board::WIDTH,
            "height": board::HEIGHT,
            "designed": false,
            "reasoning": "The rulebook: the board is 11 by 20 squares.",
            "terrain": {
                "squares": terrain,
                "river_cost": Terrain::River.entry_cost(),
                "cover_defence": 1,
                "designed": true,
                "reasoning": "The printed layout is not public: a river across the middle \
                              and cover on both banks, each half the other turned round, \
                              so neither side has better ground.",
            },
            "start_squares": {
                "squares": board::START_SQUARES,
                "designed": true,
                "reasoning": "The middle of each player's second row: all 8 summoning \
                              squares on the board, as far from the enemy as possible.",
            },
        },
        "turn_die": TurnFace::ALL.iter().map(|f| json!({
            "face": f,
            "count": f.count(),
            "designed": true,
            "reasoning": f.reasoning(),
        })).collect::<Vec<_>>(),
        "combat_die": CombatFace::ALL.iter().map(|f| json!({
            "face": f,
            "count": f.count(),
            "designed": true,
            "reasoning": f.reasoning(),
        })).collect::<Vec<_>>(),
        "counterspell_success": {
            "face": CombatFace::Sword,
            "designed": false,
            "reasoning": "The rulebook: roll a sword with one die.",
        },
        "counterspell_moments": {
            "since_revision": 2,
            "designed": true,
            "reasoning": "The rulebook lets the counterspell be cast \"at any time and at any \
                          moment\"; by mail each moment must be named. A response window \
                          follows every cast; while a lasting spell of the other side is in \
                          play, a moment opens at the start of each turn before the turn die \
                          is rolled (for the player about to roll) and after each action (for \
                          the other player), only when his yield policy asks him.",
        },
        "second_player_spell": {
            "spells": 1,
            "house_rule": true,
            "option": "second_player_spell",
            "default": false,
            "designed": true,
            "reasoning": "A house rule, not the rulebook's (Preparations deal no spell), off \
                          by default. Under the rulebook's opening the first player is \
                          favoured: between greedy computer players seat 0 wins about 56% of \
                          games. With the house rule, one spell drawn by seat 1 before the \
                          first turn, the same games split about evenly.",
        },
        "wizard_life": super::spells::WIZARD_LIFE,
        "skull_tokens": 8,
        "units": units,
        "spells": spells,
        "tiles": tiles,
        // Clients label the policies whose automatic passes reveal the hand.
        "yield_policies": YieldPolicy::reference(),
    })
}
