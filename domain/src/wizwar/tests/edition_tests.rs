//! Editions are extensions of the engine, not switches inside it: the core
//! rules ask an edition through its values and hooks (`edition.rs`) and name
//! none of its own concepts, and an edition's own modules do not reach into
//! another edition's rules.

use super::super::cards::{self, CardName};
use super::super::classic;

/// The core rule modules, as written: what every edition plays.
const CORE_RULES: [(&str, &str); 13] = [
    ("labyrinth", include_str!("../labyrinth.rs")),
    ("line_of_sight", include_str!("../line_of_sight.rs")),
    ("movement", include_str!("../movement.rs")),
    ("objects", include_str!("../objects.rs")),
    ("treasures", include_str!("../treasures.rs")),
    ("fighting", include_str!("../fighting.rs")),
    ("damage", include_str!("../damage.rs")),
    ("turn", include_str!("../turn.rs")),
    ("winning", include_str!("../winning.rs")),
    ("durations", include_str!("../durations.rs")),
    ("creatures", include_str!("../creatures.rs")),
    ("counter_spells", include_str!("../counter_spells.rs")),
    ("choices", include_str!("../choices.rs")),
];

/// The classic edition's own modules, as written.
const CLASSIC: [(&str, &str); 9] = [
    ("classic/mod", include_str!("../classic/mod.rs")),
    ("classic/combat", include_str!("../classic/combat.rs")),
    ("classic/commands", include_str!("../classic/commands.rs")),
    ("classic/deals", include_str!("../classic/deals.rs")),
    ("classic/deck", include_str!("../classic/deck.rs")),
    ("classic/doors", include_str!("../classic/doors.rs")),
    ("classic/setup", include_str!("../classic/setup.rs")),
    ("classic/state", include_str!("../classic/state.rs")),
    ("classic/picture", include_str!("../classic/picture.rs")),
];

/// Where `needle` first occurs in `text`, as a line for the failure message.
fn line_with(text: &str, needle: &str) -> Option<String> {
    text.lines()
        .find(|line| line.contains(needle))
        .map(|line| line.trim().to_owned())
}

/// The classic edition's own concepts, as the core would have to name
/// them: the edition itself, its modules, its commands and state (the sealed
/// sector choice, deals), an edition by its value.
const CLASSIC_CONCEPTS: [&str; 10] = [
    "classic",
    "Classic",
    "CLASSIC",
    "deals::",
    "DealOffered",
    "DealLapsed",
    ".deal",
    "sector_choice",
    "ChooseSector",
    "Edition::",
];

#[test]
fn the_core_rules_name_no_concept_of_the_classic_edition() {
    for (module, text) in CORE_RULES {
        for concept in CLASSIC_CONCEPTS {
            assert_eq!(
                line_with(text, concept),
                None,
                "{module} names the classic edition's `{concept}`"
            );
        }
    }
}

/// The engine's other modules, as written: what every edition is built on.
/// Their documentation may say which edition a value serves; their code
/// names no edition.
const ENGINE_FRAMEWORK: [(&str, &str); 12] = [
    ("casting", include_str!("../casting.rs")),
    ("effects", include_str!("../effects.rs")),
    ("state", include_str!("../state.rs")),
    ("views", include_str!("../views.rs")),
    ("narration", include_str!("../narration.rs")),
    ("picture", include_str!("../picture.rs")),
    ("tactics", include_str!("../tactics.rs")),
    ("yield_policies", include_str!("../yield_policies.rs")),
    ("commands", include_str!("../commands.rs")),
    ("optional_rules", include_str!("../optional_rules.rs")),
    ("transformations", include_str!("../transformations.rs")),
    ("takeback", include_str!("../takeback.rs")),
];

/// `text` without its comments and its tests: the code alone.
fn code_of(text: &str) -> String {
    let rules = text.split("#[cfg(test)]").next().unwrap_or(text);
    rules
        .lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_engines_code_names_no_concept_of_the_classic_edition() {
    for (module, text) in ENGINE_FRAMEWORK {
        let code = code_of(text);
        for concept in CLASSIC_CONCEPTS {
            assert_eq!(
                line_with(&code, concept),
                None,
                "{module}'s code names the classic edition's `{concept}`"
            );
        }
    }
}

/// The engine's state, its view and its ruleset, as written: what an
/// 8th-edition game folds, shows and waits for.
const ENGINE_STATE: [(&str, &str); 3] = [
    ("state", include_str!("../state.rs")),
    ("views", include_str!("../views.rs")),
    ("mod", include_str!("../mod.rs")),
];

#[test]
fn the_engines_state_and_view_hold_nothing_of_the_classic_editions_own() {
    // The sealed sector choice and a deal standing are the classic state's
    // (`classic::state::ClassicState`) and its view's.
    for (module, text) in ENGINE_STATE {
        for concept in [
            "sector_choice",
            "SectorChoice",
            "deals::",
            "DealView",
            ".deal",
            "deal:",
        ] {
            assert_eq!(
                line_with(text, concept),
                None,
                "{module} holds the classic edition's `{concept}`"
            );
        }
    }
}

#[test]
fn the_classic_edition_names_no_rule_of_the_eighth_edition_alone() {
    // The 8th edition's optional rules, its schools and its edition value.
    for (module, text) in CLASSIC {
        for eighth in [
            "optional_rules",
            "OptionalRules",
            "School::",
            "Edition::Eighth",
            "EIGHTH",
            "giant_book",
            "black_cantrip",
        ] {
            assert_eq!(
                line_with(text, eighth),
                None,
                "{module} names the 8th edition's `{eighth}`"
            );
        }
    }
}

/// `::Name` for each card, as a module names a card it plays by itself.
fn named_as_variants(cards: impl Iterator<Item = CardName>) -> Vec<String> {
    cards
        .map(|card| match card {
            CardName::Classic(own) => format!("::{own:?}"),
            card => format!("::{card:?}"),
        })
        .collect()
}

/// A variant name followed by something that is no identifier character:
/// `::Shrink,` names Shrink, `::ShrinkLine` does not. A module's own tests
/// (after `#[cfg(test)]`) are not its rules and are not read.
fn names_variant(text: &str, variant: &str) -> Option<String> {
    let rules = text.split("#[cfg(test)]").next().unwrap_or(text);
    rules
        .lines()
        .find(|line| {
            line.match_indices(variant).any(|(at, _)| {
                !line[at + variant.len()..]
                    .chars()
                    .next()
                    .is_some_and(|c| c.is_alphanumeric() || c == '_')
            })
        })
        .map(|line| line.trim().to_owned())
}

#[test]
fn the_core_rules_name_no_card_only_the_classic_edition_has() {
    // A classic-only card's behaviour is its own module's (`spells::classic`,
    // `spells::classic_board`), reached through its registered rules.
    for variant in named_as_variants(classic::deck::CLASSIC_ONLY.iter().copied()) {
        for (module, text) in CORE_RULES {
            assert_eq!(
                names_variant(text, &variant),
                None,
                "{module} names the classic card `{variant}`"
            );
        }
    }
}

#[test]
fn the_classic_edition_names_no_card_only_the_eighth_edition_has() {
    let classic_deck = classic::deck::cards();
    let eighth_only = cards::catalogue()
        .iter()
        .map(|card| card.name)
        .filter(|name| !classic_deck.contains(name));
    for variant in named_as_variants(eighth_only) {
        for (module, text) in CLASSIC {
            assert_eq!(
                names_variant(text, &variant),
                None,
                "{module} names the 8th edition's card `{variant}`"
            );
        }
    }
}

#[test]
fn the_guard_finds_a_card_named_as_a_variant_and_no_longer_name() {
    let text = "match card {\n    CardName::Classic(ClassicCardName::Shrink) => shrink(tx),\n    N::ShrinkLine => {}\n}";
    assert_eq!(
        names_variant(text, "::Shrink").as_deref(),
        Some("CardName::Classic(ClassicCardName::Shrink) => shrink(tx),")
    );
    assert_eq!(names_variant("N::ShrinkLine => {}", "::Shrink"), None);
}

#[test]
fn the_guard_finds_a_classic_concept_where_one_is_named() {
    let text = "fn end_turn(tx: &mut Tx) {\n    super::classic::deals::turn_ends(tx);\n}";
    assert_eq!(
        line_with(text, "deals::").as_deref(),
        Some("super::classic::deals::turn_ends(tx);")
    );
}

/// The edition values the core rules read, by their path in
/// [`EditionRules`](super::super::edition::EditionRules): numbers, card
/// lists and variants every edition states in its rulebook's terms. A rule
/// only one edition plays is a hook (`hooks.…`), answered by that edition's
/// own module; a new switch read by the core must be added here on purpose.
const VALUES_THE_CORE_READS: [&str; 14] = [
    "max_life",
    "lasting_spells_discarded",
    "only_counter_cards_answer",
    "barrier_damage",
    "physical_damage_from",
    "face_up_cards_are_discarded",
    "stun",
    "turn.item_pick_up_cost",
    "turn.item_pick_up_ends_move_and_cast",
    "turn.draws_past_the_hand_limit",
    "victory.kills_score",
    "victory.by_enemy_treasures",
    "victory.captured_treasures_eliminate",
    "victory.killer_takes_carried_items",
];

/// The fields of [`EditionRules`](super::super::edition::EditionRules) that
/// group others.
const GROUPS: [&str; 5] = ["turn", "victory", "board", "number_cards", "hooks"];

/// Each read of the game's edition rules in `text`, as the path of fields
/// read (`victory.kills_score`, `hooks.fist_reaches`), however the call is
/// laid out over lines. A module's own tests are not read.
fn edition_reads(text: &str) -> Vec<String> {
    let rules = text.split("#[cfg(test)]").next().unwrap_or(text);
    rules
        .split("edition_rules()")
        .skip(1)
        .map(|after| {
            let mut path = Vec::new();
            let mut rest = after.trim_start();
            while let Some(field) = rest.strip_prefix('.') {
                let field = field.trim_start();
                let end = field
                    .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                    .unwrap_or(field.len());
                path.push(&field[..end]);
                rest = field[end..].trim_start();
                // The groups of values (`turn`, `victory` …) are read one level down.
                if path.len() == 2 || !GROUPS.contains(&path[0]) {
                    break;
                }
            }
            path.join(".")
        })
        .collect()
}

#[test]
fn the_core_rules_read_an_editions_values_and_ask_its_hooks_for_its_own_rules() {
    for (module, text) in CORE_RULES {
        for read in edition_reads(text) {
            assert!(
                read.starts_with("hooks.") || VALUES_THE_CORE_READS.contains(&read.as_str()),
                "{module} reads the edition's `{read}`, a switch: make it a hook"
            );
        }
    }
}

#[test]
fn the_guard_reads_an_edition_value_laid_over_lines() {
    let text = "let heavy = tx\n    .state\n    .edition_rules()\n    .turn\n    .item_pick_up_ends_move_and_cast;\nif state.edition_rules().board.doors == D {}\n(state.edition_rules().hooks.fist_reaches)(state)";
    assert_eq!(
        edition_reads(text),
        [
            "turn.item_pick_up_ends_move_and_cast",
            "board.doors",
            "hooks.fist_reaches"
        ]
    );
}
