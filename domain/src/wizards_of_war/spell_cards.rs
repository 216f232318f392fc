//! The 30 spell cards (rulebook "Contents"; "Casting spells").
//!
//! The cards are not public: all but the counterspell, the wall of thorns
//! and mud (named by the rulebook) are **designed**, each card's numbers
//! too, with one line of reasoning each, served in the catalogue. A card's
//! whole behaviour is its [`Effect`] here plus the effect's one
//! implementation in [`super::spells`].
//!
//! Balance: damage spells roll combat dice like an attack but ignore cover
//! (rulebook: cover does not count against spell effects) and are never
//! counterattacked; smaller tiles get more dice. A spell hits every unit on
//! its tile, the caster's own included, so area spells are for the
//! opponent's ranks. Four counterspells (the rulebook's "one special
//! spell") make a hand of 4 or more spells likely to hold one, and succeed
//! only on a sword (half the time), so casting stays worth the risk.

use serde::{Deserialize, Serialize};

use super::tiles::Tile;

/// A spell, as printed on its card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSpell))]
pub enum Spell {
    Counterspell,
    MagicMissile,
    Fireball,
    ChainLightning,
    MeteorShower,
    PoisonCloud,
    FrostCone,
    Earthquake,
    HolySmite,
    WallOfThorns,
    Mud,
    Heal,
    Teleport,
    DarkRitual,
    Banish,
    DrainLife,
}

/// What a spell does: a few effects with numbers, each implemented once.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// Cancels a spell being cast or ends one in play, on a sword rolled on
    /// one die.
    Counter,
    /// A ranged attack of `dice` dice on one enemy unit in a straight line
    /// within range (only friendly units may be shot through).
    Bolt { dice: u8 },
    /// As a bolt; the caster regains the life it takes (up to 4).
    Drain { dice: u8 },
    /// An attack of `dice` dice on every unit under the tile.
    Blast { tile: Tile, dice: u8 },
    /// Lasting: nothing may enter or shoot through the tile's squares until
    /// the wall is destroyed (an attack with a sword, any blast over it) or
    /// counterspelled. Placed on empty squares only.
    Thorns { tile: Tile },
    /// Lasting: entering a square under the tile costs `cost` movement
    /// points (large creatures ignore it, rulebook "Terrain").
    Mud { tile: Tile, cost: u8 },
    /// The caster's wizard regains `life` (never above 4).
    Heal { life: u8 },
    /// The caster's wizard moves to any empty square within range (it is
    /// not his move: he may still move after it).
    Teleport,
    /// Draw a monster card and summon it on an empty square around the
    /// caster's wizard.
    Summon,
    /// An enemy monster within range is sent away on a sword rolled on one die.
    Banish,
}

/// The facts of one spell card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SpellDef {
    pub spell: Spell,
    pub title: &'static str,
    pub copies: u8,
    pub effect: Effect,
    /// Squares counted orthogonally from the caster's wizard to the target
    /// (the anchor of a tile); 0 for spells without a target on the board.
    pub range: u8,
    /// Whether it stays in play after it is cast.
    pub lasting: bool,
    /// Named by the rulebook (the rest is designed).
    pub named_by_rulebook: bool,
    pub reasoning: &'static str,
}

impl Spell {
    pub const ALL: [Spell; 16] = [
        Spell::Counterspell,
        Spell::MagicMissile,
        Spell::Fireball,
        Spell::ChainLightning,
        Spell::MeteorShower,
        Spell::PoisonCloud,
        Spell::FrostCone,
        Spell::Earthquake,
        Spell::HolySmite,
        Spell::WallOfThorns,
        Spell::Mud,
        Spell::Heal,
        Spell::Teleport,
        Spell::DarkRitual,
        Spell::Banish,
        Spell::DrainLife,
    ];

    pub fn def(self) -> SpellDef {
        use Effect::*;
        let (title, copies, effect, range, reasoning) = match self {
            Spell::Counterspell => (
                "Counterspell",
                4,
                Counter,
                0,
                "Named by the rulebook; four copies so most hands of four spells hold one.",
            ),
            Spell::MagicMissile => (
                "Magic Missile",
                4,
                Bolt { dice: 3 },
                5,
                "The staple: a lizardman's shot with one more die and one more square.",
            ),
            Spell::Fireball => (
                "Fireball",
                2,
                Blast {
                    tile: Tile::Cross,
                    dice: 3,
                },
                6,
                "A unit and its neighbours at long range: breaks a guard around a wizard.",
            ),
            Spell::ChainLightning => (
                "Chain Lightning",
                2,
                Blast {
                    tile: Tile::Line5,
                    dice: 3,
                },
                3,
                "Sweeps a column of advancing monsters; short range keeps the caster exposed.",
            ),
            Spell::MeteorShower => (
                "Meteor Shower",
                1,
                Blast {
                    tile: Tile::Block3,
                    dice: 2,
                },
                7,
                "The widest tile and the longest range, so the fewest dice and one copy.",
            ),
            Spell::PoisonCloud => (
                "Poison Cloud",
                2,
                Blast {
                    tile: Tile::Block2,
                    dice: 2,
                },
                5,
                "A small cloud with two dice: cheap monster removal, weak against a wizard.",
            ),
            Spell::FrostCone => (
                "Frost Cone",
                2,
                Blast {
                    tile: Tile::Line3,
                    dice: 4,
                },
                2,
                "Four dice like a troll's, but only next to the caster: a desperate answer.",
            ),
            Spell::Earthquake => (
                "Earthquake",
                1,
                Blast {
                    tile: Tile::Ring,
                    dice: 2,
                },
                4,
                "Shakes the eight squares around a point: clears a wizard's bodyguards.",
            ),
            Spell::HolySmite => (
                "Holy Smite",
                1,
                Blast {
                    tile: Tile::Saltire,
                    dice: 3,
                },
                5,
                "A fireball on the diagonals: reaches what a cross of guards protects.",
            ),
            Spell::WallOfThorns => (
                "Wall of Thorns",
                2,
                Thorns { tile: Tile::Line3 },
                4,
                "Named by the rulebook as lasting; three squares close a gap or shield a wizard.",
            ),
            Spell::Mud => (
                "Mud",
                2,
                Mud {
                    tile: Tile::Block3,
                    cost: 3,
                },
                6,
                "Named by the rulebook (trolls ignore it); 3 points a square stops most charges.",
            ),
            Spell::Heal => (
                "Heal",
                2,
                Heal { life: 1 },
                0,
                "Gives back one skull: two copies so a game cannot be stalled by healing.",
            ),
            Spell::Teleport => (
                "Teleport",
                2,
                Teleport,
                5,
                "Escapes a surrounded wizard or brings him into range for a killing spell.",
            ),
            Spell::DarkRitual => (
                "Dark Ritual",
                1,
                Summon,
                1,
                "An orc roll in a card: cast on a feet turn it costs the wizard's attack.",
            ),
            Spell::Banish => (
                "Banish",
                1,
                Banish,
                4,
                "Removes even a troll, but only on a sword: a gamble against the biggest threat.",
            ),
            Spell::DrainLife => (
                "Drain Life",
                1,
                Drain { dice: 2 },
                4,
                "A weak bolt that heals: the only way to gain life while dealing damage.",
            ),
        };
        SpellDef {
            spell: self,
            title,
            copies,
            effect,
            range,
            lasting: matches!(effect, Thorns { .. } | Mud { .. }),
            named_by_rulebook: matches!(
                self,
                Spell::Counterspell | Spell::WallOfThorns | Spell::Mud
            ),
            reasoning,
        }
    }

    pub fn title(self) -> &'static str {
        self.def().title
    }
}

/// The 30 spell cards by card id (0..30).
pub fn spell_cards() -> &'static [Spell] {
    static CARDS: std::sync::LazyLock<Vec<Spell>> = std::sync::LazyLock::new(|| {
        Spell::ALL
            .iter()
            .flat_map(|&s| std::iter::repeat_n(s, usize::from(s.def().copies)))
            .collect()
    });
    &CARDS
}

/// The spell on card `id`.
pub fn spell_of(id: u8) -> Option<Spell> {
    spell_cards().get(usize::from(id)).copied()
}

/// A spell card as it is shown: its id and what it is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarSpellCard))]
pub struct SpellCard {
    /// 0..30; the same id is always the same spell.
    pub id: u8,
    pub spell: Spell,
}

impl SpellCard {
    pub fn of(id: u8) -> SpellCard {
        SpellCard {
            id,
            spell: spell_of(id).unwrap_or(Spell::Counterspell),
        }
    }
}

/// A monster card as it is shown: its id and the monster on it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarMonsterCard))]
pub struct MonsterCard {
    /// 0..34; the same id is always the same monster.
    pub id: u8,
    pub monster: super::units::UnitKind,
}

impl MonsterCard {
    pub fn of(id: u8) -> MonsterCard {
        MonsterCard {
            id,
            monster: super::units::monster_of(id).unwrap_or(super::units::UnitKind::Goblin),
        }
    }
}
