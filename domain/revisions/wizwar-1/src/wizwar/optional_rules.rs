//! The rulebook's eight optional rules (p.17, "Optional Rules"): "players
//! may use any number of optional rules, as long as all players agree".
//! They are chosen when a game is created (`Options::optional_rules`) and
//! recorded in the game's first event, [`Event::OptionalRulesChosen`], so
//! that `decide` — which sees only the state — plays by them, and a record
//! says by itself which rules it was played with.
//!
//! Each rule lives where the rule it changes lives:
//!
//! - **Uncluttered Minds**: [`State::hand_total`](super::state::State::hand_total).
//! - **Extended Play** (3 or 4 victory points): [`super::winning`].
//! - **Deadly Treasures**: [`super::treasures::deadly_treasures`].
//! - **Heavy Items**: [`super::objects::pick_up_item`].
//! - **Permanent Creations**: [`super::durations`].
//! - **Treasure Hunters**: [`super::winning`] and [`super::fighting::die`].
//! - **Custom Spellbook** and **Giant Book of Spells**: the Magic deck, built
//!   at setup ([`super::cards::custom_spellbook_decks`],
//!   [`super::cards::giant_book_deck`]).
//!
//! # Decisions where the rulebook is silent
//!
//! - **Recorded only when chosen.** The event is emitted only when some
//!   optional rule is on; a record without it is a standard game, as every
//!   record from before optional rules is. Standard games' setups are thus
//!   unchanged, event for event and die roll for die roll.
//! - **Giant Book of Spells** shuffles every card but Black Cantrip into one
//!   deck, so the `schools` option is not used with it. It would be refused
//!   at setup if the engine did not play every card of those schools (a
//!   deck with cards left out would not be the Giant Book); it plays them
//!   all.
//! - **Custom Spellbook**: the groups and their drafts are made before the
//!   game and sent as the option (which seats, which three schools); each
//!   player must be in exactly one group, each group must have a player.
//!   The `schools` option is not used with it. The White Cantrip group's
//!   deck is dealt as `deck_built`, the Black Cantrip group's as
//!   `black_cantrip_deck_built` (its cards numbered after the first deck's),
//!   and each group's discard pile is shuffled into its own deck. Cards
//!   go to the pile of the group of whoever discards them — a card taken
//!   from the other group (a dead wizard's hand, Thought Steal, an item
//!   picked up) is discarded to the taker's pile, as the rule says members
//!   discard to their own deck; a card discarded by nobody (a dropped item
//!   destroyed) goes back to the pile of the deck it was built into. As in
//!   the standard game, the cards the engine does not play yet are left
//!   out of both decks.
//! - **Custom Spellbook and Giant Book of Spells** both say how the Magic
//!   deck is built, so they cannot be combined.
//! - **Uncluttered Minds** changes the hand limit only: Brain Burn still
//!   hurts for each maintained spell, that being its own text, not the
//!   hand size.
//! - See the modules named above for the decisions of each rule.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ruleset::{Seat, SetupError};

use super::cards::{self, School};
use super::winning::VICTORY_POINTS_TO_WIN;

/// The most victory points Extended Play plays to (p.17: "3 or even 4").
pub const MAX_VICTORY_POINTS: u8 = 4;

/// Which optional rules a game is played with. Every field defaults to the
/// standard game, so options without it (and records from before optional
/// rules) are the standard game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields)]
#[schema(as = WizwarOptionalRules)]
pub struct OptionalRules {
    /// Uncluttered Minds: maintained spells do not count against a
    /// player's maximum hand size.
    pub uncluttered_minds: bool,
    /// Extended Play: the victory points that win, 2 (the standard game),
    /// 3 or 4. The sole survivor still wins at once.
    pub victory_points: u8,
    /// Deadly Treasures: a player both of whose treasures lie in other
    /// players' home bases at once is killed and eliminated; nobody scores
    /// for it.
    pub deadly_treasures: bool,
    /// Heavy Items: picking up any object ends the wizard's Move and Cast
    /// phase, as picking up a treasure does.
    pub heavy_items: bool,
    /// Permanent Creations: created objects are not maintained; their cards
    /// lie near the board until the objects are destroyed, and their caster
    /// cannot end them.
    pub permanent_creations: bool,
    /// Treasure Hunters: a player wins as the sole survivor or with two
    /// enemy treasures in his home base (as many as `victory_points` asks);
    /// killing a wizard scores no victory point.
    pub treasure_hunters: bool,
    /// Custom Spellbook: two groups of players, each with its own Magic deck.
    pub custom_spellbook: Option<CustomSpellbook>,
    /// Giant Book of Spells: every card but Black Cantrip in one Magic deck.
    pub giant_book_of_spells: bool,
}

impl Default for OptionalRules {
    /// The standard game: no optional rule, 2 victory points to win.
    fn default() -> Self {
        OptionalRules {
            uncluttered_minds: false,
            victory_points: VICTORY_POINTS_TO_WIN,
            deadly_treasures: false,
            heavy_items: false,
            permanent_creations: false,
            treasure_hunters: false,
            custom_spellbook: None,
            giant_book_of_spells: false,
        }
    }
}

/// The Custom Spellbook's two groups: one starts from White Cantrip, the
/// other from Black Cantrip, and each drafts three schools.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = WizwarCustomSpellbook)]
pub struct CustomSpellbook {
    pub white_cantrip: SpellbookGroup,
    pub black_cantrip: SpellbookGroup,
}

/// One group of the Custom Spellbook: its players and the schools it drafted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = WizwarSpellbookGroup)]
pub struct SpellbookGroup {
    pub seats: Vec<Seat>,
    pub schools: Vec<School>,
}

impl OptionalRules {
    /// Whether this is the standard game (no optional rule at all).
    pub fn is_standard(&self) -> bool {
        *self == OptionalRules::default()
    }

    /// Checks that these rules can be played at a table of `seats`.
    ///
    /// # Errors
    /// [`SetupError::InvalidOptions`] with a sentence saying what is wrong.
    pub fn check(&self, seats: u8) -> Result<(), SetupError> {
        let invalid = |why: String| Err(SetupError::InvalidOptions(why));
        if !(VICTORY_POINTS_TO_WIN..=MAX_VICTORY_POINTS).contains(&self.victory_points) {
            return invalid(format!(
                "victory_points must be {VICTORY_POINTS_TO_WIN} (the standard game), 3 or \
                 {MAX_VICTORY_POINTS} (Extended Play), not {}",
                self.victory_points
            ));
        }
        // Treasure Hunters wins only by enemy treasures: each enemy has two.
        let enemy_treasures = 2 * seats.saturating_sub(1);
        if self.treasure_hunters && self.victory_points > enemy_treasures {
            return invalid(format!(
                "with Treasure Hunters a player wins with {} enemy treasures in his home \
                 base, but a table of {seats} has only {enemy_treasures} enemy treasures \
                 for each player",
                self.victory_points
            ));
        }
        if self.giant_book_of_spells && self.custom_spellbook.is_some() {
            return invalid(
                "Giant Book of Spells and Custom Spellbook each build the Magic deck \
                 their own way: choose one of them"
                    .into(),
            );
        }
        if self.giant_book_of_spells {
            check_giant_book()?;
        }
        if let Some(book) = &self.custom_spellbook {
            book.check(seats)?;
        }
        Ok(())
    }
}

impl CustomSpellbook {
    /// Checks the groups: every player in exactly one, each group with a
    /// player and three schools, no school drafted twice.
    ///
    /// # Errors
    /// [`SetupError::InvalidOptions`] with a sentence saying what is wrong.
    pub fn check(&self, seats: u8) -> Result<(), SetupError> {
        let invalid = |why: String| Err(SetupError::InvalidOptions(why));
        let groups = [&self.white_cantrip, &self.black_cantrip];
        if groups.iter().any(|g| g.seats.is_empty()) {
            return invalid("each Custom Spellbook group needs at least one player".into());
        }
        if groups.iter().any(|g| g.schools.len() != 3) {
            return invalid("each Custom Spellbook group drafts three schools".into());
        }
        for seat in groups.iter().flat_map(|g| &g.seats) {
            if seat.0 >= seats {
                return invalid(format!(
                    "Custom Spellbook names {seat}, but the table has {seats} seats"
                ));
            }
        }
        for seat in (0..seats).map(Seat) {
            match groups
                .iter()
                .flat_map(|g| &g.seats)
                .filter(|s| **s == seat)
                .count()
            {
                0 => {
                    return invalid(format!(
                        "Custom Spellbook puts every player in a group, and {seat} is in none"
                    ));
                }
                1 => {}
                _ => {
                    return invalid(format!(
                        "Custom Spellbook puts every player in one group, and {seat} is \
                         named twice"
                    ));
                }
            }
        }
        self.decks().map(|_| ())
    }

    /// The cards of the two groups' decks before shuffling: the White
    /// Cantrip group's, then the Black Cantrip group's.
    ///
    /// # Errors
    /// [`SetupError::InvalidOptions`] when a group does not draft three
    /// schools, or a cantrip set or the same school is drafted.
    pub fn decks(&self) -> Result<[Vec<cards::CardName>; 2], SetupError> {
        let three = |g: &SpellbookGroup| -> Result<[School; 3], SetupError> {
            g.schools.clone().try_into().map_err(|_| {
                SetupError::InvalidOptions(
                    "each Custom Spellbook group drafts three schools".into(),
                )
            })
        };
        cards::custom_spellbook_decks(three(&self.white_cantrip)?, three(&self.black_cantrip)?)
            .map_err(|e| SetupError::InvalidOptions(format!("Custom Spellbook: {e}")))
    }
}

/// The Giant Book of Spells needs every card of every school it shuffles
/// together: refused until the engine plays them all.
fn check_giant_book() -> Result<(), SetupError> {
    let unplayed: Vec<&str> = School::ALL
        .into_iter()
        .filter(|s| *s != School::BlackCantrip)
        .filter(|s| cards::school_cards(*s).any(|c| !cards::is_implemented(c.name)))
        .map(school_title)
        .collect();
    if unplayed.is_empty() {
        return Ok(());
    }
    Err(SetupError::InvalidOptions(format!(
        "Giant Book of Spells needs every school played in full, and the engine does \
         not play every card of {} yet",
        unplayed.join(", ")
    )))
}

/// A school's name as the rulebook prints it.
fn school_title(school: School) -> &'static str {
    match school {
        School::WhiteCantrip => "White Cantrip",
        School::BlackCantrip => "Black Cantrip",
        School::Alchemy => "Alchemy",
        School::Conjuring => "Conjuring",
        School::Elemental => "Elemental",
        School::Mentalism => "Mentalism",
        School::Mutation => "Mutation",
        School::Thaumaturgy => "Thaumaturgy",
    }
}
