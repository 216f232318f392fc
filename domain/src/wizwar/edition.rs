//! Editions as data: the numbers and the few rule hooks that differ between
//! the editions of Wiz-War. A game's edition is chosen at setup and recorded
//! in its first board event ([`super::Event::BoardBuilt`]); every rule asks
//! [`State::edition_rules`](super::state::State::edition_rules) instead of
//! reading a constant, so the classic edition can be added as one more
//! [`EditionRules`] value and the hooks it needs.
//!
//! A game recorded before editions has no edition in its board event: it is
//! the 8th edition, the only one played then.

use crate::wizwar::cards::ClassicCardName;
use serde::{Deserialize, Serialize};

use super::cards::CardName;
use super::casting::SpellTarget;
use super::labyrinth::{BorderLine, Square};
use super::objects::CardId;
use super::sector_boards::Side;
use super::state::{State, Tx};
use super::violations::RuleViolation;
use crate::rng::GameRng;
use crate::ruleset::Seat;

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

    /// The numbers and rule hooks of this edition, as its newest revision
    /// plays them.
    pub fn rules(self) -> &'static EditionRules {
        match self {
            Edition::Eighth => &EIGHTH,
            Edition::Classic => &CLASSIC,
        }
    }

    /// The numbers and rule hooks of this edition under `revision` of its
    /// ruleset: the one place where a rules revision chooses its values
    /// (see [`crate::kit::revisions`]). The 8th edition's older revision is
    /// a frozen copy, so today's code plays only its newest; a state never
    /// told its revision (0: built by hand in a test) plays the newest.
    pub fn rules_in(self, revision: u32) -> &'static EditionRules {
        match (self, revision) {
            (Edition::Classic, 1) => &CLASSIC_REVISION_1,
            (Edition::Classic, 2) => &CLASSIC_REVISION_2,
            _ => self.rules(),
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

/// The board pieces of an edition.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardPieces {
    /// The faces of the sector boards a game may be played on.
    pub sides: &'static [Side],
    /// Players the board takes, one sector each: from 2 up to this many.
    pub most_players: u8,
    /// What joins the arms of the 3-player L.
    pub three_player_join: ThreePlayerJoin,
    /// Where the edges lead off the board.
    pub outer_edges: OuterEdges,
}

/// What the engine asks of an edition where the edition's own words or
/// rules differ: the engine calls these, never an edition's module by name,
/// so an edition adds its own without touching the core. Each hook's engine
/// answer is the 8th edition's rule ([`Hooks::ENGINE`]).
#[derive(Copy, Clone)]
pub struct Hooks {
    /// A card's title in the edition's sentences (the engine's card may
    /// print another one).
    pub card_title: fn(CardName) -> &'static str,
    /// Whether a door lets `seat` through without a card (a created door's
    /// creator aside): the 8th edition's sector owners (p.8).
    pub door_lets_through: fn(&State, Seat, BorderLine) -> bool,
    /// Whether a fist in `here` reaches a wizard in `there`: the same
    /// square or the next one (p.8).
    pub fist_reaches: fn(&State, Square, Square) -> bool,
    /// What stops an attack's line of sight besides the labyrinth's own
    /// barriers (`origin`, `target`, whether the line may bend): nothing in
    /// the 8th edition.
    pub attack_stopped: fn(&State, Square, SpellTarget, bool) -> Result<(), RuleViolation>,
    /// A punch at an object, where the edition lets a fist hit one; `None`:
    /// no object is punched (`indestructible`), as in the 8th edition.
    pub punch_object: Option<PunchObject>,
    /// Who takes the cards of a wizard killed by damage no attack dealt:
    /// nobody in the 8th edition (his hand is discarded, p.15).
    pub heir_without_an_attack: fn(&State, Seat) -> Option<Seat>,
}

/// A punch at the object `card` by `seat`'s wizard.
pub type PunchObject = fn(&mut Tx, Seat, CardId, &mut GameRng) -> Result<(), RuleViolation>;

impl Hooks {
    /// The engine's own steps and titles: an edition that adds nothing.
    pub const ENGINE: Hooks = Hooks {
        card_title: CardName::title,
        door_lets_through: super::movement::sector_owners_pass,
        fist_reaches: super::fighting::fist_reaches_the_next_square,
        attack_stopped: super::fighting::nothing_but_barriers_stops_an_attack,
        punch_object: None,
        heir_without_an_attack: super::fighting::nobody_inherits,
    };
}

impl PartialEq for Hooks {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.card_title, other.card_title)
            && std::ptr::fn_addr_eq(self.door_lets_through, other.door_lets_through)
            && std::ptr::fn_addr_eq(self.fist_reaches, other.fist_reaches)
            && std::ptr::fn_addr_eq(self.attack_stopped, other.attack_stopped)
            && match (self.punch_object, other.punch_object) {
                (Some(mine), Some(theirs)) => std::ptr::fn_addr_eq(mine, theirs),
                (mine, theirs) => mine.is_none() && theirs.is_none(),
            }
            && std::ptr::fn_addr_eq(self.heir_without_an_attack, other.heir_without_an_attack)
    }
}

impl Eq for Hooks {}

impl std::fmt::Debug for Hooks {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Hooks").finish_non_exhaustive()
    }
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
    pub number_cards: NumberCards,
    /// A neutral spell cast on another wizard is the turn's attack and may
    /// be countered (classic, "Les cartes": the SHRINK example).
    pub neutral_on_an_opponent_attacks: bool,
    /// A neutral spell that may be cast on oneself, aimed at one's own
    /// wizard, is cast on oneself rather than refused as an attack on
    /// oneself (classic, "Les cartes": SHRINK is neutral on oneself; "On ne
    /// peut pas s'attaquer" forbids attacks alone).
    pub own_wizard_named_is_oneself: bool,
    /// The cards in front of a wizard (items carried, magic stones) are still
    /// his cards, discarded like those in his hand (classic, "Les pierres
    /// magiques": "Les pierres peuvent être défaussées comme les autres
    /// cartes"; "Obtenir de nouvelles cartes": "se défausser de tout type de
    /// cartes"). The 8th edition discards from the hand alone.
    pub face_up_cards_are_discarded: bool,
    /// Whether the spells a wizard has in play (a CREATE WALL, a SHRINK
    /// lasting its turns) count toward his hand limit, as the 8th edition's
    /// maintained spells do. The classic text keeps only objects and stones
    /// in front of a wizard ("Les cartes utilisées sont défaussées dans la
    /// pile de défausse"); its spells in play count toward nothing.
    pub spells_in_play_count_toward_the_hand: bool,
    pub stun: Stun,
    /// Whether stuns from different attacks add up. The 8th edition counts
    /// stun tokens; the classic text times a lost turn by its caster's
    /// turns ("Le tour": "un tour commence quand un sort est lancé et se
    /// finit au début d'un des prochains tours du lanceur"), so lost turns
    /// from several casters before the victim's turn overlap: he loses the
    /// longest of them, not their sum.
    pub stuns_add_up: bool,
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
    /// A wizard may create an object on his own home base; only the other
    /// players' bases are refused (classic, "Les murs et les objets
    /// créés": "On ne peut pas créer un objet sur la base des
    /// adversaires").
    pub creations_on_ones_own_base: bool,
    /// A counter card may be cast on one's own turn as a neutral spell, on
    /// oneself (classic, "Les cartes contre attaque": "Elles peuvent être
    /// utilisées comme une carte neutre durant son tour"). It has no effect
    /// of its own as a neutral spell and goes to the discard pile; being
    /// neutral, nobody may answer it (designed).
    pub counters_cast_as_neutral: bool,
    /// A CREATE WALL or DESTROY WALL on the junction of two sectors rolls
    /// the die for which sector's wall it touches (classic, "Les cartes et
    /// les actions qui changent le plateau": "1 chance sur 2").
    pub junction_die_roll: bool,
    /// Whether a wizard's damage event says whether it was physical or
    /// magical (classic, "Le combat": "Les dommages physiques et les dommages
    /// magiques … sont traitées différemment à de rares occasions"), and
    /// the cards whose damage is physical; all other damage is magical.
    /// `None`: the kind is not recorded (the 8th edition, and classic games
    /// begun before revision 3).
    pub physical_damage_from: Option<&'static [CardName]>,
    /// DROP OBJECT may name an object the wizard holds in his hand, not only
    /// one played face up (classic, "Objets": "Les objets ne peuvent vous
    /// être pris de force à moins qu'un adversaire joue le sort DROP
    /// OBJECT"; objects are among one's cards, "des objets dans vos
    /// cartes"). The caster names it by its card (he does not see the hand).
    pub objects_dropped_from_the_hand: bool,
    /// A temporary or permanent spell's card goes to the discard pile when
    /// it resolves, and its effect lasts without it (classic, "Obtenir de
    /// nouvelles cartes": "Les cartes utilisées sont défaussées dans la pile
    /// de défausse", objects and stones excepted): a created wall stays on
    /// the board, a duration counts its caster's turns. Nobody maintains it,
    /// so its caster cannot end it at will; the 8th edition's caster keeps
    /// it in his play area as a maintained spell (p.11).
    pub lasting_spells_discarded: bool,
    /// A thrown object (a card with the Thrown Weapon trait) may be aimed at
    /// a square in the thrower's row or column, out of sight too, and lands
    /// there unless a barrier stops it first (classic, "Objets": "Si un
    /// objet est lancé, on considère qu'il atterrit dans la case visée à
    /// moins qu'il n'y ait une barrière comme un buisson sur son chemin.
    /// Dans ce cas l'objet atterrit immédiatement avant la barrière").
    pub throws_aimed_at_squares: bool,
    /// A created wall the junction roll gave to a sector that does not move
    /// stays whole when the sector across the junction moves: RELOCATE
    /// SECTOR honours the roll as ROTATE SECTOR does, and the wall keeps the
    /// damage it took (classic, "Les cartes et les actions qui changent le
    /// plateau": the wall created on a junction is one sector's, "1 chance
    /// sur 2").
    pub junction_walls_stay_whole: bool,
    pub victory: Victory,
    pub board: BoardPieces,
    pub turn: Turn,
    /// What the edition's sentences call the number a spell is cast with.
    pub spell_number: &'static str,
    pub hooks: Hooks,
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
    own_wizard_named_is_oneself: false,
    face_up_cards_are_discarded: false,
    spells_in_play_count_toward_the_hand: true,
    stun: Stun::MoveOrAttack,
    stuns_add_up: true,
    only_bushes_walls_and_doors_are_attacked: false,
    counters_answer_indirect_damage: false,
    only_counter_cards_answer: false,
    // p.14: never in a home base square, one's own included.
    creations_on_ones_own_base: false,
    // p.11: a counter is only played in answer.
    counters_cast_as_neutral: false,
    junction_die_roll: false,
    physical_damage_from: None,
    objects_dropped_from_the_hand: false,
    lasting_spells_discarded: false,
    throws_aimed_at_squares: false,
    junction_walls_stay_whole: false,
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
        three_player_join: ThreePlayerJoin::Portals,
        outer_edges: OuterEdges::PrintedExits,
    },
    // p.12: an item costs 1 movement point; p.6: draw up to the limit.
    turn: Turn {
        item_pick_up_cost: 1,
        item_pick_up_ends_move_and_cast: false,
        draws_past_the_hand_limit: false,
        deals: false,
    },
    // p.11: a spell is cast with energy.
    spell_number: "energy",
    hooks: Hooks::ENGINE,
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
    own_wizard_named_is_oneself: true,
    face_up_cards_are_discarded: true,
    spells_in_play_count_toward_the_hand: false,
    // "Le tour": a lost turn.
    stun: Stun::LostTurn,
    stuns_add_up: false,
    only_bushes_walls_and_doors_are_attacked: true,
    counters_answer_indirect_damage: true,
    only_counter_cards_answer: true,
    // "Les murs et les objets créés": never on an opponent's base.
    creations_on_ones_own_base: true,
    // "Les cartes contre attaque": usable as a neutral card on one's turn.
    counters_cast_as_neutral: true,
    junction_die_roll: true,
    // "Le combat": "Les dommages physiques regroupent les dégâts infligés
    // par un coup, une dague, un gros rocher, un mur qui s'écroule" (a
    // TRAP's designed damage is a blow too).
    physical_damage_from: Some(PHYSICAL_DAMAGE),
    objects_dropped_from_the_hand: true,
    lasting_spells_discarded: true,
    throws_aimed_at_squares: true,
    junction_walls_stay_whole: true,
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
    // "Mise en place": the four classic sectors, the "B" faces, each
    // chosen face down and revealed together; the highest roll begins.
    // "Le plateau": the AUTO WARP joins the 3-player L.
    board: BoardPieces {
        sides: &[Side::B],
        most_players: 4,
        three_player_join: ThreePlayerJoin::AutoWarp,
        outer_edges: OuterEdges::OpenWhereNoWall,
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
    // "Les cartes": a number card gives a spell its power.
    spell_number: "power",
    hooks: CLASSIC_HOOKS,
};

/// What the classic edition answers the engine: its card titles, its doors
/// ("Le plateau": always closed, only cards open them) and its combat ("Le
/// combat": a fist in the same square, walls of fire stopping attacks,
/// bushes punched; "La Mort": the last attacker takes the cards however the
/// victim died, a death by treasures aside: "ses cartes sont défaussées").
pub const CLASSIC_HOOKS: Hooks = Hooks {
    card_title: super::classic::deck::title,
    door_lets_through: super::classic::doors::closed_to_everyone,
    fist_reaches: super::classic::combat::fist_in_the_same_square,
    attack_stopped: super::classic::combat::fire_walls_stop_attacks,
    punch_object: Some(super::classic::combat::punch_a_bush),
    heir_without_an_attack: super::classic::combat::last_attacker_takes_the_cards,
};

/// The cards whose damage is physical in the classic edition ("Le combat":
/// a blow, a dagger, a large rock, a falling wall; TRAP designed).
pub const PHYSICAL_DAMAGE: &[CardName] = &[
    CardName::Fist,
    CardName::Dagger,
    CardName::LargeRock,
    CardName::DestroyWall,
    CardName::Classic(ClassicCardName::Trap),
];

/// The classic edition as revision 2 of `wizwar-classic` played it, kept for
/// the games started under it: only the values revision 3 changed differ.
pub const CLASSIC_REVISION_2: EditionRules = EditionRules {
    // A wizard's damage did not say whether it was physical or magical.
    physical_damage_from: None,
    // DROP OBJECT took only an object played face up (bad_option).
    objects_dropped_from_the_hand: false,
    // A CREATE WALL or a SHRINK stayed in front of its caster as a
    // maintained spell.
    lasting_spells_discarded: false,
    // A throw named a wizard or an object, never a square.
    throws_aimed_at_squares: false,
    // RELOCATE SECTOR ended every created wall on the moved sectors' edges,
    // and a junction wall that stayed as a sector turned lost its damage.
    junction_walls_stay_whole: false,
    ..CLASSIC
};

/// The classic edition as revision 1 of `wizwar-classic` played it, kept for
/// the games started under it: only the values revision 2 changed differ.
pub const CLASSIC_REVISION_1: EditionRules = EditionRules {
    // Lost turns were stun tokens that added up.
    stuns_add_up: true,
    // SHRINK aimed at one's own wizard was refused (cannot_attack_yourself).
    own_wizard_named_is_oneself: false,
    // A face-up stone or MASTER KEY could not be discarded (card_not_in_hand).
    face_up_cards_are_discarded: false,
    // A CREATE WALL stayed in front of its caster among his seven cards.
    spells_in_play_count_toward_the_hand: true,
    // A punch at a bush was refused (indestructible).
    hooks: Hooks {
        punch_object: None,
        ..CLASSIC_HOOKS
    },
    ..CLASSIC_REVISION_2
};
