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
    /// Classic ("Le combat": "Un mur doit subir 20 points de dégâts pour
    /// être détruit (15 points pour une porte)"): every point of damage
    /// counts, added up over the game; the record's cracks are these
    /// points. A created block of solid stone takes `block` points.
    Points { wall: u8, door: u8, block: u8 },
}

/// What a counter spell that stops an attack does to it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum CounteredAttack {
    /// The attack is cancelled: discarded without effect, though it was the
    /// attack of the turn (8th edition p.15). The classic edition's
    /// counteractions take off part of the damage instead.
    Cancelled,
    /// Classic ("Les cartes contre attaque"): each counteraction stops half
    /// of the damage left, rounded up (5 → 2 → 1 → 0); an attack whose
    /// damage is all stopped loses its other effects; a counter answering
    /// a counter cancels it.
    HalfTheDamageEach,
}

/// What a stun token does to its wizard's turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Stun {
    /// He may move or attack, not both (8th edition p.15).
    MoveOrAttack,
    /// He loses the turn: nothing but counters until it ends, then he
    /// draws (classic, "Perdre un tour signifie que vous ne pouvez rien
    /// faire excepté contre-attaquer").
    LostTurn,
}

/// Number (energy) cards played with an action.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NumberCards {
    /// Number cards one action takes at most (Add aside).
    pub per_action: u8,
    /// An action's power or duration without one.
    pub without_one: u8,
    /// Only number cards count as numbers, not other cards' printed values
    /// (classic: "les cartes nombre").
    pub only_number_cards: bool,
    /// Every card may be played without a number card, even one the 8th
    /// edition feeds (Wizardblade) (classic: "Toute carte peut être jouée
    /// sans une carte nombre").
    pub optional_everywhere: bool,
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
    /// A punch at a wizard reaches only his own square (classic, "Le
    /// combat": "vous devez être dans la même case que votre opposant"),
    /// not the next one too.
    pub punch_in_the_same_square: bool,
    pub barrier_damage: BarrierDamage,
    pub countered_attack: CounteredAttack,
    pub number_cards: NumberCards,
    /// A neutral spell cast on another wizard is the turn's attack and may
    /// be countered (classic, "Les cartes": the SHRINK example).
    pub neutral_on_an_opponent_attacks: bool,
    pub stun: Stun,
    /// No attack passes a wall of fire (classic, "Le combat": "On ne peut
    /// pas attaquer à travers n'importe quel type de mur, mur de feu ou
    /// buisson").
    pub fire_walls_stop_attacks: bool,
    /// Among objects only bushes, walls and doors may be attacked (classic,
    /// "Le combat").
    pub only_bushes_walls_and_doors_are_attacked: bool,
    /// Counters answer indirect damage, a destroyed wall falling on their
    /// wizard (classic, "Les cartes contre attaque": ABSORB and BLUNT), so
    /// its window concerns him.
    pub counters_answer_indirect_damage: bool,
    /// Only counter cards are played in answer, not spells whose text also
    /// lets them answer (classic, "Les cartes contre attaque sont les seuls
    /// à pouvoir être utilisés en dehors de son tour").
    pub only_counter_cards_answer: bool,
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
    // p.8: a punch deals 1 physical damage, in your square or the next.
    punch_damage: 1,
    punch_in_the_same_square: false,
    // p.13: 3 damage per crack; walls fall at 5 cracks, doors at 3.
    barrier_damage: BarrierDamage::Cracks {
        damage_per_crack: 3,
        wall_cracks: 5,
        door_cracks: 3,
    },
    countered_attack: CounteredAttack::Cancelled,
    // p.11: one energy card a spell; without one its energy is 1.
    number_cards: NumberCards {
        per_action: 1,
        without_one: 1,
        only_number_cards: false,
        optional_everywhere: false,
    },
    neutral_on_an_opponent_attacks: false,
    stun: Stun::MoveOrAttack,
    fire_walls_stop_attacks: false,
    only_bushes_walls_and_doors_are_attacked: false,
    counters_answer_indirect_damage: false,
    only_counter_cards_answer: false,
    // p.6: 2 victory points win; p.17 Extended Play: 3 or 4.
    victory: Victory {
        points_to_win: 2,
        most_points_to_win: 4,
    },
    board: BoardPieces {
        sides: &[Side::A, Side::B],
        most_players: 4,
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
    // "Le combat": a punch does one point of damage, in the same square
    // (walls and doors: beside them).
    punch_damage: 1,
    punch_in_the_same_square: true,
    // "Le combat": walls 20 points, doors 15; solid stone as a wall
    // (designed, after S13's 20).
    barrier_damage: BarrierDamage::Points {
        wall: 20,
        door: 15,
        block: 20,
    },
    // "Les cartes contre attaque": each stops half the damage, rounded up.
    countered_attack: CounteredAttack::HalfTheDamageEach,
    // "Les cartes nombre": one number card an action; without one, power
    // or duration 1.
    number_cards: NumberCards {
        per_action: 1,
        without_one: 1,
        only_number_cards: true,
        optional_everywhere: true,
    },
    neutral_on_an_opponent_attacks: true,
    // "Le tour": a lost turn.
    stun: Stun::LostTurn,
    fire_walls_stop_attacks: true,
    only_bushes_walls_and_doors_are_attacked: true,
    counters_answer_indirect_damage: true,
    only_counter_cards_answer: true,
    // "La victoire": two enemy treasures brought home, one at a time.
    victory: Victory {
        points_to_win: 2,
        most_points_to_win: 2,
    },
    // "Mise en place": the four classic sectors, the "B" faces.
    board: BoardPieces {
        sides: &[Side::B],
        most_players: 4,
    },
};
