//! Editions as data: the numbers and the few rule hooks that differ between
//! the editions of Wiz-War. A game's edition is chosen at setup and recorded
//! in its first board event ([`super::Event::BoardBuilt`]); every rule asks
//! [`State::edition_rules`](super::state::State::edition_rules) instead of
//! reading a constant, so the classic edition can be added as one more
//! [`EditionRules`] value and the hooks it needs.
//!
//! A game recorded before editions has no edition in its board event: it is
//! the 8th edition, the only one played then.

use serde::{Deserialize, Serialize};

use super::sector_boards::Side;

/// Which edition of the rules a game is played with.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "snake_case")]
#[cfg_attr(feature = "openapi", schema(as = WizwarEdition))]
pub enum Edition {
    /// Fantasy Flight Games, 2011 (the rulebook in `shared/rules`).
    #[default]
    Eighth,
    /// The classic (pre-2011) edition: the French rules text in
    /// `shared/rules/wizwar-classic-rules-fr.txt`, played as the
    /// `wizwar-classic` ruleset.
    Classic,
}

impl Edition {
    /// Whether this is the 8th edition (it is not written in the board
    /// event, so that games recorded before editions replay unchanged).
    pub fn is_eighth(&self) -> bool {
        *self == Edition::Eighth
    }

    /// The numbers and rule hooks of this edition.
    pub fn rules(self) -> &'static EditionRules {
        match self {
            Edition::Eighth => &EIGHTH,
            Edition::Classic => &CLASSIC,
        }
    }
}

/// How walls and doors take damage and fall.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum BarrierDamage {
    /// One crack per full `damage_per_crack` of a single attack, the rest
    /// wasted; a stone wall falls at `wall_cracks`, a door at `door_cracks`
    /// (8th edition p.13). The classic edition counts damage points instead.
    Cracks {
        damage_per_crack: u8,
        wall_cracks: u8,
        door_cracks: u8,
    },
}

/// What a counter spell that stops an attack does to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CounteredAttack {
    /// The attack is cancelled: discarded without effect, though it was the
    /// attack of the turn (8th edition p.15). The classic edition's
    /// counteractions take off part of the damage instead.
    Cancelled,
}

/// How a game is won.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Victory {
    /// Victory points that win the standard game (8th edition p.6: 2);
    /// Extended Play may ask more.
    pub points_to_win: u8,
    /// The most victory points Extended Play may ask (p.17: 3 or 4).
    pub most_points_to_win: u8,
}

/// How each player comes by his sector board.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum SectorsChosen {
    /// Colours dealt and sectors laid at random (8th edition, Setup steps
    /// 1–2).
    Dealt,
    /// Each player picks a sector face down, all revealed together
    /// (classic "Mise en place"; see [`super::classic::setup`]).
    SealedChoice,
}

/// What joins the two arms of the 3-player L where the empty quarter is.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ThreePlayerJoin {
    /// Two pairs of portal markers (8th edition, data §8).
    Portals,
    /// The AUTO WARP piece: the two edges facing the empty quarter are
    /// adjacent (classic "Le plateau"; see [`super::classic::auto_warp`]).
    AutoWarp,
}

/// Where the edges of the board lead off it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum OuterEdges {
    /// Only the printed exits wrap around; walls on the edge are outer
    /// walls, indestructible (8th edition p.8, p.14).
    PrintedExits,
    /// Every edge leads to the same point on the opposite side where no wall
    /// stands; walls on the edge are ordinary walls, and a wall destroyed
    /// near an exit opens the way there (classic "Le plateau").
    OpenWhereNoWall,
}

/// Who may pass a door without a card.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Doors {
    /// Locked to all but the owners of the sector it stands in (8th
    /// edition p.8).
    UnlockedForSectorOwners,
    /// Always closed, to everyone: only cards open them (classic "Le
    /// plateau"; see [`super::classic::doors`]).
    AlwaysClosed,
}

/// How the first player is found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FirstPlayer {
    /// One seat drawn at random.
    Drawn,
    /// Every player rolls the die; the highest begins, ties roll again
    /// (classic "Mise en place").
    HighestRoll,
}

/// The board pieces of an edition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardPieces {
    /// The faces of the sector boards a game may be played on.
    pub sides: &'static [Side],
    /// Players the board takes, one sector each: from 2 up to this many.
    pub most_players: u8,
    /// How the sectors are chosen and laid.
    pub sectors_chosen: SectorsChosen,
    /// What joins the arms of the 3-player L.
    pub three_player_join: ThreePlayerJoin,
    /// Where the edges lead off the board.
    pub outer_edges: OuterEdges,
    /// Who may pass a door without a card.
    pub doors: Doors,
    /// How the first player is found.
    pub first_player: FirstPlayer,
}

/// The numbers and the rule hooks that differ between editions.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct EditionRules {
    /// Life at the start.
    pub starting_life: i8,
    /// Life can never exceed this; excess healing is wasted.
    pub max_life: i8,
    /// Base speed of an untransformed wizard.
    pub base_speed: i16,
    /// Cards dealt at setup.
    pub starting_hand: usize,
    /// Maximum hand size, counting carried items and maintained spells.
    pub hand_limit: usize,
    /// Cards drawn at most in Discard and Draw.
    pub max_draw: u8,
    /// A bare fist's damage.
    pub punch_damage: u8,
    pub barrier_damage: BarrierDamage,
    pub countered_attack: CounteredAttack,
    pub victory: Victory,
    pub board: BoardPieces,
}

/// Wiz-War, 8th edition (page numbers of its rulebook).
pub const EIGHTH: EditionRules = EditionRules {
    // p.15: "Each wizard starts with 15 life"; never more than 20.
    starting_life: 15,
    max_life: 20,
    // p.7: a wizard's base speed is 3.
    base_speed: 3,
    // p.4, Setup step 5: five cards each.
    starting_hand: 5,
    // p.6 and p.11: seven cards, counting the play area.
    hand_limit: 7,
    // p.6: draw up to two cards.
    max_draw: 2,
    // p.8: a punch deals 1 physical damage.
    punch_damage: 1,
    // p.13: 3 damage per crack; walls fall at 5 cracks, doors at 3.
    barrier_damage: BarrierDamage::Cracks {
        damage_per_crack: 3,
        wall_cracks: 5,
        door_cracks: 3,
    },
    countered_attack: CounteredAttack::Cancelled,
    // p.6: 2 victory points win; p.17 Extended Play: 3 or 4.
    victory: Victory {
        points_to_win: 2,
        most_points_to_win: 4,
    },
    board: BoardPieces {
        sides: &[Side::A, Side::B],
        most_players: 4,
        sectors_chosen: SectorsChosen::Dealt,
        three_player_join: ThreePlayerJoin::Portals,
        outer_edges: OuterEdges::PrintedExits,
        doors: Doors::UnlockedForSectorOwners,
        first_player: FirstPlayer::Drawn,
    },
};

/// Wiz War, classic edition (the French rules text; its sections are named
/// in the comments).
pub const CLASSIC: EditionRules = EditionRules {
    // "Mise en place": 15 life points, no upper limit ("il n'y a pas de
    // limite supérieure"); the largest life the record holds stands for it.
    starting_life: 15,
    max_life: i8::MAX,
    // "Mouvement": three squares a turn.
    base_speed: 3,
    // "Mise en place" and "Obtenir de nouvelles cartes": seven cards dealt,
    // never more than seven in hand, two drawn a turn.
    starting_hand: 7,
    hand_limit: 7,
    max_draw: 2,
    // "Le combat": a punch does one point of damage.
    punch_damage: 1,
    barrier_damage: BarrierDamage::Cracks {
        damage_per_crack: 3,
        wall_cracks: 5,
        door_cracks: 3,
    },
    countered_attack: CounteredAttack::Cancelled,
    // "La victoire": two enemy treasures brought home, one at a time.
    victory: Victory {
        points_to_win: 2,
        most_points_to_win: 2,
    },
    // "Mise en place": the four classic sectors, the "B" faces, each
    // chosen face down and revealed together; the highest roll begins.
    // "Le plateau": the AUTO WARP joins the 3-player L.
    board: BoardPieces {
        sides: &[Side::B],
        most_players: 4,
        sectors_chosen: SectorsChosen::SealedChoice,
        three_player_join: ThreePlayerJoin::AutoWarp,
        outer_edges: OuterEdges::OpenWhereNoWall,
        doors: Doors::AlwaysClosed,
        first_player: FirstPlayer::HighestRoll,
    },
};
