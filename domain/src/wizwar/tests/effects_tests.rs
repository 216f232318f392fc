//! Effects in play go through one layer (`effects.rs`): the core rules ask
//! it and never name a card or a school, and what a card changes while in
//! play is its own `InPlay` value.

use super::given::*;
use super::magic::*;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::effects::{self, InPlay};
use crate::wizwar::spells::rules::{rules, triggered_cards};

/// The core rule modules and the framework modules around the cards (the
/// effect layer, creatures, casting, durations, counters and yield policies,
/// choices, and the engine's own `wizwar` module), as written.
const CORE: [(&str, &str); 15] = [
    ("movement", include_str!("../movement.rs")),
    ("objects", include_str!("../objects.rs")),
    ("treasures", include_str!("../treasures.rs")),
    ("fighting", include_str!("../fighting.rs")),
    ("damage", include_str!("../damage.rs")),
    ("state", include_str!("../state.rs")),
    ("turn", include_str!("../turn.rs")),
    ("effects", include_str!("../effects.rs")),
    ("creatures", include_str!("../creatures.rs")),
    ("casting", include_str!("../casting.rs")),
    ("durations", include_str!("../durations.rs")),
    ("counter_spells", include_str!("../counter_spells.rs")),
    ("yield_policies", include_str!("../yield_policies.rs")),
    ("choices", include_str!("../choices.rs")),
    ("wizwar", include_str!("../mod.rs")),
];

/// The card folders' modules: the schools and the classic edition's cards
/// (`spells::classic`, not the classic edition's own folder).
const SCHOOLS: [&str; 9] = [
    "alchemy",
    "cantrip",
    "conjuring",
    "elemental",
    "mentalism",
    "mutation",
    "thaumaturgy",
    "classic",
    "classic_board",
];

/// A module's code, without its comments: its documentation may point the
/// reader to a school's module, its code may not call one.
fn code(text: &str) -> String {
    text.lines()
        .filter(|line| !line.trim_start().starts_with("//"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_core_rules_name_no_school_and_no_card_but_the_fist() {
    for (module, text) in CORE {
        let text = code(text);
        for school in SCHOOLS {
            assert!(
                !text.contains(&format!("spells::{school}")),
                "{module} names spells::{school}"
            );
        }
        // Nor through an import of the card folders' modules.
        assert!(
            !text.contains("spells::{"),
            "{module} imports from the card folders by name"
        );
        for (i, _) in text.match_indices("CardName::") {
            assert!(
                text[i..].starts_with("CardName::Fist"),
                "{module} names a card: {}",
                &text[i..(i + 40).min(text.len())]
            );
        }
    }
}

#[test]
fn after_a_command_a_brainstone_settles_first_then_pushes_then_seals() {
    // The order records were made in: a Brainstone's choice holds the
    // pushes back, and each step's events come in this order.
    let order: Vec<N> = triggered_cards()
        .iter()
        .copied()
        .filter(|name| rules(*name).triggers.after_command.is_some())
        .collect();
    assert_eq!(order, [N::Brainstone, N::Featherweight, N::SealDoor]);
}

#[test]
fn a_card_with_no_in_play_rules_changes_nothing_while_in_play() {
    let none = InPlay::NONE;
    let fireball = rules(N::Fireball).in_play;
    assert_eq!(fireball.speed_bonus, none.speed_bonus);
    assert_eq!(fireball.hand_limit_bonus, none.hand_limit_bonus);
    assert_eq!(fireball.blow_factor, 1);
    assert!(fireball.fist.is_none() && fireball.evasion.is_none());
}

#[test]
fn a_form_sets_the_base_speed_and_a_speedstone_adds_to_it() {
    let g = table(&[N::GnomeForm, N::Speedstone], &[]);
    assert_eq!(
        effects::speed(&g.state, BLUE),
        3,
        "the edition's base speed"
    );
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    assert_eq!(effects::speed(&g.state, BLUE), 2, "a gnome's");
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Caster));
    assert_eq!(effects::speed(&g.state, BLUE), 3, "a gnome's, and one more");
}
