//! The 36 units (rulebook "Contents") and their cards' numbers.
//!
//! The print-and-play cards are not public: every number here is
//! **designed**, with its reasoning, and served in the catalogue. Expected
//! values with the designed combat die (3 swords, 2 shields, 1 blank): an
//! attack die deals ½ damage, a defence die blocks ⅓. A monster has 1 life,
//! so one attack die against one defence die kills it about 4 times in 9.

use serde::{Deserialize, Serialize};

/// A kind of unit, each with its card.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizardsOfWarUnitKind))]
pub enum UnitKind {
    EvilWizard,
    Goblin,
    Orc,
    Skeleton,
    Lizardman,
    Zombie,
    Mummy,
    Minotaur,
    Troll,
}

impl UnitKind {
    pub const ALL: [UnitKind; 9] = [
        UnitKind::EvilWizard,
        UnitKind::Goblin,
        UnitKind::Orc,
        UnitKind::Skeleton,
        UnitKind::Lizardman,
        UnitKind::Zombie,
        UnitKind::Mummy,
        UnitKind::Minotaur,
        UnitKind::Troll,
    ];
}

/// The numbers on a unit's card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct UnitStats {
    pub kind: UnitKind,
    /// Squares it may move (river squares cost 2).
    pub movement: u8,
    /// Combat dice it rolls when it attacks (swords deal damage).
    pub attack: u8,
    /// Combat dice it rolls when attacked (shields block).
    pub defence: u8,
    /// How far it shoots, counted orthogonally; 0 for a unit that only
    /// fights adjacent enemies.
    pub range: u8,
    /// Large creatures ignore terrain: no river cost, no cover, no mud.
    pub large: bool,
    pub life: u8,
    /// Units (and, for monsters, cards) in the box.
    pub copies: u8,
    /// Why these numbers (the designer's cards are not public).
    pub reasoning: &'static str,
}

impl UnitKind {
    /// The monsters, in the order of the rulebook's contents.
    pub const MONSTERS: [UnitKind; 8] = [
        UnitKind::Goblin,
        UnitKind::Orc,
        UnitKind::Skeleton,
        UnitKind::Lizardman,
        UnitKind::Zombie,
        UnitKind::Mummy,
        UnitKind::Minotaur,
        UnitKind::Troll,
    ];

    pub fn stats(self) -> UnitStats {
        let (movement, attack, defence, range, large, life, copies, reasoning) = match self {
            UnitKind::EvilWizard => (
                2,
                1,
                2,
                0,
                false,
                4,
                2,
                "Slow and a weak fighter, so he hides behind his monsters and casts; \
                 4 life (rulebook) and 2 defence dice make a lone goblin no threat \
                 but a troll a real one.",
            ),
            UnitKind::Goblin => (
                4,
                1,
                1,
                0,
                false,
                1,
                6,
                "The commonest summon: fast enough to reach a wizard in two feet turns \
                 but dies to almost anything.",
            ),
            UnitKind::Orc => (
                3,
                2,
                1,
                0,
                false,
                1,
                6,
                "The common soldier: two attack dice make it dangerous, one defence die \
                 keeps it cheap to kill.",
            ),
            UnitKind::Skeleton => (
                3,
                2,
                2,
                0,
                false,
                1,
                4,
                "An orc that survives a little more often: the middle of the deck.",
            ),
            UnitKind::Lizardman => (
                3,
                2,
                1,
                4,
                false,
                1,
                4,
                "The only shooter (rulebook): range 4 lets it strike without a \
                 counterattack, so it is fragile and fights adjacent enemies in melee.",
            ),
            UnitKind::Zombie => (
                2,
                3,
                1,
                0,
                false,
                1,
                4,
                "Slow but hits hard: deadly when it arrives, easy to shoot on the way.",
            ),
            UnitKind::Mummy => (
                2,
                2,
                3,
                0,
                false,
                1,
                4,
                "A slow wall: three defence dice let it hold a square or guard its wizard.",
            ),
            UnitKind::Minotaur => (
                4,
                3,
                2,
                0,
                false,
                1,
                4,
                "A charger: fast and strong, the best draw short of a troll.",
            ),
            UnitKind::Troll => (
                3,
                4,
                3,
                0,
                true,
                1,
                2,
                "Large (rulebook): ignores the river and gets no cover. Four attack \
                 dice take more than one of a wizard's lives on average; only two in \
                 the deck, so a troll is a swing, not a plan.",
            ),
        };
        UnitStats {
            kind: self,
            movement,
            attack,
            defence,
            range,
            large,
            life,
            copies,
            reasoning,
        }
    }

    /// The kind with its indefinite article: "an orc", "a goblin".
    pub fn a(self) -> String {
        let name = self.name();
        let article = if name.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        format!("{article} {name}")
    }

    pub fn name(self) -> &'static str {
        match self {
            UnitKind::EvilWizard => "evil wizard",
            UnitKind::Goblin => "goblin",
            UnitKind::Orc => "orc",
            UnitKind::Skeleton => "skeleton",
            UnitKind::Lizardman => "lizardman",
            UnitKind::Zombie => "zombie",
            UnitKind::Mummy => "mummy",
            UnitKind::Minotaur => "minotaur",
            UnitKind::Troll => "troll",
        }
    }
}

/// The 34 monster cards, one per monster unit, by card id (0..34).
pub fn monster_cards() -> &'static [UnitKind] {
    static CARDS: std::sync::LazyLock<Vec<UnitKind>> = std::sync::LazyLock::new(|| {
        UnitKind::MONSTERS
            .iter()
            .flat_map(|&kind| std::iter::repeat_n(kind, usize::from(kind.stats().copies)))
            .collect()
    });
    &CARDS
}

/// The monster on card `id`.
pub fn monster_of(id: u8) -> Option<UnitKind> {
    monster_cards().get(usize::from(id)).copied()
}
