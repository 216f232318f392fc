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
    /// Whether a kill scores a victory point for the killer (8th edition
    /// p.6); the classic edition wins by treasures and survival alone.
    pub kills_score: bool,
    /// Whether the game is won by enemy treasures lying in one's base
    /// (`points_to_win` of them) rather than by victory points (as the 8th
    /// edition's optional Treasure Hunters, p.17).
    pub by_enemy_treasures: bool,
    /// Whether a player both of whose treasures lie in other players' bases
    /// is eliminated at once (as the 8th edition's optional Deadly
    /// Treasures, p.17).
    pub captured_treasures_eliminate: bool,
    /// Whether the killer of a wizard takes the items he carried with his
    /// hand (they go back into the hand first), rather than their falling
    /// in his square.
    pub killer_takes_carried_items: bool,
}

/// Picking up objects and drawing cards, where the editions differ.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    /// Movement points an item costs to pick up (8th edition p.12: 1).
    pub item_pick_up_cost: i16,
    /// Whether picking up an item ends Move and Cast (drawing is still
    /// allowed), as a treasure does (the 8th edition's optional Heavy Items).
    pub item_pick_up_ends_move_and_cast: bool,
    /// Whether the cards of Discard and Draw may be drawn past the hand
    /// limit, the excess then discarded at once before the turn ends; the
    /// 8th edition refuses such a draw.
    pub draws_past_the_hand_limit: bool,
    /// Whether players may trade cards by deals (see
    /// [`super::classic::deals`]).
    pub deals: bool,
}

/// The board pieces of an edition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardPieces {
    /// The faces of the sector boards a game may be played on.
    pub sides: &'static [Side],
    /// Players the board takes, one sector each: from 2 up to this many.
    pub most_players: u8,
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
    pub turn: Turn,
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
        kills_score: true,
        by_enemy_treasures: false,
        captured_treasures_eliminate: false,
        killer_takes_carried_items: false,
    },
    board: BoardPieces {
        sides: &[Side::A, Side::B],
        most_players: 4,
    },
    // p.12: an item costs 1 movement point; p.6: draw up to the limit.
    turn: Turn {
        item_pick_up_cost: 1,
        item_pick_up_ends_move_and_cast: false,
        draws_past_the_hand_limit: false,
        deals: false,
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
    // "La victoire": two enemy treasures brought home, one at a time; or
    // the others eliminated. A kill scores nothing ("La Mort"). Both one's
    // treasures in other players' bases eliminate at once ("La victoire").
    victory: Victory {
        points_to_win: 2,
        most_points_to_win: 2,
        kills_score: false,
        by_enemy_treasures: true,
        captured_treasures_eliminate: true,
        // "Objets": objects are taken from you only by DROP OBJECT or by
        // killing you; "Les cartes": cards on the table go back into the
        // hand before cards are taken from it.
        killer_takes_carried_items: true,
    },
    // "Mise en place": the four classic sectors, the "B" faces.
    board: BoardPieces {
        sides: &[Side::B],
        most_players: 4,
    },
    // "Objets": picking up an object ends the turn, drawing still allowed
    // (its cost in movement is not mentioned: designed free). "Obtenir de
    // nouvelles cartes": two drawn, the excess over seven discarded at once.
    // "Le combat": any deal with a player in sight, even trading cards.
    turn: Turn {
        item_pick_up_cost: 0,
        item_pick_up_ends_move_and_cast: true,
        draws_past_the_hand_limit: true,
        deals: true,
    },
};
