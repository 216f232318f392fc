//! The catalogue against the facts of `wizwar-data.md` §1–2 and the deck
//! rules of the rulebook (Setup step 4, Custom Spellbook, Giant Book of Spells).

use std::collections::{BTreeMap, BTreeSet};

use super::*;

fn copies_in(school: School) -> u32 {
    school_cards(school).map(|c| u32::from(c.copies)).sum()
}

#[test]
fn each_school_holds_24_cards_and_each_cantrip_set_12() {
    for school in School::ALL {
        let expected = if school.is_cantrip() { 12 } else { 24 };
        assert_eq!(copies_in(school), expected, "{school:?}");
    }
}

#[test]
fn the_catalogue_holds_168_cards_of_92_distinct_names() {
    let total: u32 = catalogue().iter().map(|c| u32::from(c.copies)).sum();
    assert_eq!(total, 168);
    let names: BTreeSet<CardName> = catalogue().iter().map(|c| c.name).collect();
    assert_eq!(names.len(), 92);
}

#[test]
fn cards_in_several_schools_have_the_listed_total_copies() {
    // wizwar-data.md §1, "Totals across all 168" (Source A).
    let table = [
        (CardName::Add, 3),
        (CardName::AroundTheCorner, 4),
        (CardName::CreateWall, 5),
        (CardName::DestroyWall, 3),
        (CardName::Dispel, 5),
        (CardName::DropObject, 3),
        (CardName::Energy4, 8),
        (CardName::Energy5, 6),
        (CardName::Energy6, 2),
        (CardName::FireDarts, 2),
        (CardName::FullShield, 3),
        (CardName::MistBody, 2),
        (CardName::NegateNeutral, 4),
        (CardName::PickLock, 4),
        (CardName::Powerthrust, 3),
        (CardName::RotateSector, 3),
        (CardName::Shield, 3),
        (CardName::WallOfEarth, 3),
    ];
    for (name, total) in table {
        assert_eq!(total_copies(name), total, "{name:?}");
    }
    // Every other card appears in exactly one school.
    let listed: BTreeSet<CardName> = table.iter().map(|&(n, _)| n).collect();
    let mut schools_of: BTreeMap<CardName, BTreeSet<School>> = BTreeMap::new();
    for c in catalogue() {
        schools_of.entry(c.name).or_default().insert(c.school);
    }
    for (name, schools) in schools_of {
        let cantrip_only = schools == BTreeSet::from([School::WhiteCantrip, School::BlackCantrip]);
        if !listed.contains(&name) && !cantrip_only {
            assert_eq!(schools.len(), 1, "{name:?} is in {schools:?}");
        }
    }
}

#[test]
fn the_component_list_is_preferred_where_sources_disagree() {
    // wizwar-data.md §1 discrepancies and §8.
    let copies = |school, name| entry(school, name).map_or(0, |c| c.copies);
    assert_eq!(copies(School::Mentalism, CardName::AbsorbSpell), 1);
    assert_eq!(copies(School::Mutation, CardName::Featherweight), 2);
    assert_eq!(copies(School::Mentalism, CardName::Featherweight), 0);
    assert_eq!(copies(School::Thaumaturgy, CardName::Dagger), 1);
    assert_eq!(copies(School::Thaumaturgy, CardName::FireDarts), 1);
}

#[test]
fn the_two_cantrip_sets_have_the_same_cards() {
    let set = |school| -> Vec<(CardName, u8)> {
        school_cards(school).map(|c| (c.name, c.copies)).collect()
    };
    assert_eq!(set(School::WhiteCantrip), set(School::BlackCantrip));
}

#[test]
fn energy_cards_are_worth_their_number_and_nothing_else_is_energy() {
    for c in catalogue() {
        let expected = match c.name {
            CardName::Energy4 => Some(4),
            CardName::Energy5 => Some(5),
            CardName::Energy6 => Some(6),
            _ => None,
        };
        assert_eq!(
            c.card_type == CardType::Energy,
            expected.is_some(),
            "{:?}",
            c.name
        );
        if expected.is_some() {
            assert_eq!(c.energy_value, expected, "{:?}", c.name);
        }
    }
}

#[test]
fn printed_energy_values_are_those_seen_on_the_cards() {
    // wizwar-data.md §2, "Printed energy values seen (all others none)".
    let seen = BTreeMap::from([
        (CardName::DropObject, 2),
        (CardName::PickLock, 3),
        (CardName::LargeRock, 3),
        (CardName::StoneDead, 3),
        (CardName::Mightstone, 2),
        (CardName::Glue, 3),
        (CardName::HandfulOfTacks, 3),
        (CardName::Shield, 2),
        (CardName::CreateDoor, 2),
        (CardName::WallOfFire, 2),
        (CardName::Waterbolt, 3),
        (CardName::FireCloak, 2),
        (CardName::StoneSpikes, 2),
        (CardName::ThoughtSteal, 2),
        (CardName::Powerthrust, 2),
        (CardName::Meditate, 3),
        (CardName::Shatter, 3),
        (CardName::ExtraArms, 3),
        (CardName::GnomeForm, 2),
        (CardName::Stretch, 2),
        (CardName::GlobeOfPain, 3),
        (CardName::AntiAnti, 3),
        (CardName::SealDoor, 2),
        (CardName::Energy4, 4),
        (CardName::Energy5, 5),
        (CardName::Energy6, 6),
    ]);
    for c in catalogue() {
        assert_eq!(c.energy_value, seen.get(&c.name).copied(), "{:?}", c.name);
    }
}

#[test]
fn every_card_has_a_title_and_a_one_line_description() {
    for c in catalogue() {
        assert!(!c.title.is_empty(), "{:?}", c.name);
        assert!(!c.description.trim().is_empty(), "{:?}", c.name);
        assert!(!c.description.contains('\n'), "{:?}", c.name);
    }
}

#[test]
fn titles_are_unique_per_name() {
    let mut by_title: BTreeMap<&str, CardName> = BTreeMap::new();
    for c in catalogue() {
        let previous = by_title.insert(c.title, c.name);
        assert!(previous.is_none_or(|p| p == c.name), "{}", c.title);
    }
}

#[test]
fn names_are_unique_within_each_school() {
    for school in School::ALL {
        let mut seen = BTreeSet::new();
        for c in school_cards(school) {
            assert!(seen.insert(c.name), "{:?} twice in {school:?}", c.name);
            assert!(c.copies >= 1, "{:?} in {school:?}", c.name);
        }
    }
}

#[test]
fn every_spell_and_item_has_a_range_a_duration_and_a_target() {
    for c in catalogue() {
        let energy = c.card_type == CardType::Energy;
        assert_eq!(c.range.is_none(), energy, "{:?}", c.name);
        assert_eq!(c.duration.is_none(), energy, "{:?}", c.name);
        assert_eq!(c.targets.is_empty(), energy, "{:?}", c.name);
        if c.card_type == CardType::Item {
            assert_eq!(c.duration, Some(Duration::Permanent), "{:?}", c.name);
        }
        if c.traits.contains(&Trait::Creation) {
            assert_ne!(c.duration, Some(Duration::Instant), "{:?}", c.name);
        }
    }
}

#[test]
fn cards_whose_text_is_missing_say_their_effect_is_inferred() {
    for name in [CardName::Dagger, CardName::FoolsGold, CardName::Homunculus] {
        assert!(
            definition(name).inferred.contains(&CardFact::Effect),
            "{name:?}"
        );
    }
    // The rulebook's own examples fix these durations.
    for name in [
        CardName::AcidBath,
        CardName::ExtraArms,
        CardName::StoneSpikes,
    ] {
        let c = definition(name);
        assert_eq!(c.duration, Some(Duration::Temporary), "{name:?}");
        assert!(!c.inferred.contains(&CardFact::Duration), "{name:?}");
    }
}

#[test]
fn definition_finds_a_card_in_the_first_school_that_holds_it() {
    assert_eq!(definition(CardName::Fireball).school, School::Elemental);
    assert_eq!(definition(CardName::Zot).school, School::WhiteCantrip);
    assert_eq!(definition(CardName::Powerthrust).school, School::Mentalism);
    assert_eq!(CardName::Zot.title(), "Zot!");
    assert!(entry(School::Alchemy, CardName::Fireball).is_none());
    assert_eq!(
        entry(School::Elemental, CardName::Fireball).map(|c| c.copies),
        Some(3)
    );
}

#[test]
fn a_standard_deck_is_white_cantrip_and_three_distinct_schools() {
    use School::*;
    let deck = standard_deck([Alchemy, Elemental, Mentalism]).expect("legal schools");
    // The rulebook's first game: every card of White Cantrip (12), Alchemy
    // (24), Elemental (24) and Mentalism (24) is played.
    let count = |n| deck.iter().filter(|&&c| c == n).count();
    assert_eq!(count(CardName::Energy6), 1);
    assert_eq!(count(CardName::Energy4), 4);
    assert_eq!(count(CardName::Energy5), 2);
    assert_eq!(count(CardName::Fireball), 3);
    assert_eq!(count(CardName::RotateSector), 1);
    assert_eq!(count(CardName::Homunculus), 1);
    assert_eq!(deck.len(), 12 + 24 + 24 + 24);
}

#[test]
fn a_standard_deck_refuses_repeated_schools_and_cantrips() {
    use School::*;
    let cases = [
        ([Alchemy, Alchemy, Mentalism], "school_repeated"),
        ([Alchemy, Mentalism, Mentalism], "school_repeated"),
        ([WhiteCantrip, Alchemy, Mentalism], "cantrip_not_a_school"),
        ([Alchemy, BlackCantrip, Mentalism], "cantrip_not_a_school"),
    ];
    for (schools, code) in cases {
        let error = standard_deck(schools).expect_err("illegal schools");
        assert_eq!(error.code(), code, "{schools:?}");
    }
    assert_eq!(
        standard_deck([Alchemy, Conjuring, Alchemy]),
        Err(DeckError::SchoolRepeated { school: Alchemy })
    );
}

#[test]
fn every_three_distinct_schools_make_a_standard_deck() {
    let choosable = School::CHOOSABLE;
    for (i, &a) in choosable.iter().enumerate() {
        for (j, &b) in choosable.iter().enumerate().skip(i + 1) {
            for &c in &choosable[j + 1..] {
                assert!(standard_deck([a, b, c]).is_ok(), "{a:?} {b:?} {c:?}");
            }
        }
    }
}

#[test]
fn every_card_of_every_school_goes_into_its_deck() {
    for school in School::ALL {
        let deck = deck(&[school]);
        for c in school_cards(school) {
            assert_eq!(
                deck.iter().filter(|&&n| n == c.name).count(),
                usize::from(c.copies),
                "{:?}",
                c.name
            );
        }
    }
    let every = giant_book_deck().len() + deck(&[School::BlackCantrip]).len();
    assert_eq!(every, 168, "rulebook p.2: 168 Magic cards");
}

#[test]
fn custom_spellbook_groups_split_the_six_schools() {
    use School::*;
    let [white, black] = custom_spellbook_decks(
        [Alchemy, Mentalism, Thaumaturgy],
        [Conjuring, Elemental, Mutation],
    )
    .expect("a legal draft");
    assert_eq!(white.iter().filter(|&&c| c == CardName::Energy6).count(), 1);
    assert_eq!(black.iter().filter(|&&c| c == CardName::Energy6).count(), 1);
    let drafted_twice = custom_spellbook_decks(
        [Alchemy, Mentalism, Thaumaturgy],
        [Alchemy, Elemental, Mutation],
    );
    assert_eq!(
        drafted_twice.map(|_| ()).unwrap_err().code(),
        "school_repeated"
    );
}

#[test]
fn the_giant_book_uses_every_card_but_black_cantrip() {
    let deck = giant_book_deck();
    let count = |n| deck.iter().filter(|&&c| c == n).count();
    assert_eq!(count(CardName::Energy4), 8);
    assert_eq!(count(CardName::Energy5), 6);
    assert_eq!(count(CardName::Energy6), 1);
}

#[test]
fn the_catalogue_serializes_to_json() {
    let json = serde_json::to_value(catalogue()).expect("serializable");
    let cards = json.as_array().expect("an array");
    assert_eq!(cards.len(), catalogue().len());
    let zot = cards
        .iter()
        .find(|c| c["name"] == "zot")
        .expect("Zot! is listed");
    assert_eq!(zot["title"], "Zot!");
    assert_eq!(zot["school"], "white_cantrip");
    assert_eq!(zot["card_type"], "attack");
    assert_eq!(zot["range"], "line_of_sight");
    let shield = cards
        .iter()
        .find(|c| c["name"] == "shield")
        .expect("Shield is listed");
    assert_eq!(shield["targets"], serde_json::json!(["self"]));
    assert_eq!(shield["energy_value"], 2);
    let energy = cards
        .iter()
        .find(|c| c["name"] == "energy6")
        .expect("Energy 6 is listed");
    assert_eq!(energy["range"], serde_json::Value::Null);
}

#[test]
fn enums_round_trip_through_json() {
    for c in catalogue() {
        let name = serde_json::to_string(&c.name).expect("serializable");
        assert_eq!(
            serde_json::from_str::<CardName>(&name).expect("deserializable"),
            c.name
        );
    }
    let error = serde_json::to_value(DeckError::SchoolRepeated {
        school: School::Alchemy,
    })
    .expect("serializable");
    assert_eq!(
        error,
        serde_json::json!({ "code": "school_repeated", "school": "alchemy" })
    );
}

#[test]
#[cfg(feature = "openapi")]
fn schema_names_are_prefixed_for_a_shared_openapi_namespace() {
    use utoipa::{PartialSchema, ToSchema};

    let names = [
        School::name(),
        CardType::name(),
        CardName::name(),
        CardDef::name(),
        Range::name(),
        Duration::name(),
        Trait::name(),
        Target::name(),
        CardFact::name(),
        DeckError::name(),
    ];
    assert!(names.iter().all(|n| n.starts_with("Wizwar")), "{names:?}");
    assert_eq!(CardDef::name(), "WizwarCardDef");

    // Every schema CardDef refers to is registered under a prefixed name,
    // and its fields point at those names.
    let mut schemas = Vec::new();
    CardDef::schemas(&mut schemas);
    let referenced: Vec<String> = schemas.into_iter().map(|(n, _)| n).collect();
    assert!(!referenced.is_empty());
    assert!(
        referenced.iter().all(|n| n.starts_with("Wizwar")),
        "{referenced:?}"
    );
    let schema = serde_json::to_string(&CardDef::schema()).expect("serializable");
    assert!(
        schema.contains("#/components/schemas/WizwarCardName"),
        "{schema}"
    );
    assert!(
        !schema.contains("#/components/schemas/CardName"),
        "{schema}"
    );
}

#[test]
fn a_card_answers_as_a_counter_exactly_when_its_facts_make_it_one() {
    for c in catalogue() {
        let facts_say = c.card_type == CardType::Counter
            || c.also_counter
            // An item that answers from its carrier's play area (data §2.2).
            || c.name == CardName::NullPowder;
        assert_eq!(
            crate::wizwar::spells::rules::rules(c.name).answer.is_some(),
            facts_say,
            "{:?}",
            c.name
        );
    }
}

#[test]
fn every_card_only_the_classic_edition_has_is_listed_once_and_dealt_in_its_deck() {
    use crate::wizwar::classic::deck;
    let listed: BTreeSet<ClassicCardName> = ClassicCardName::ALL.into_iter().collect();
    assert_eq!(listed.len(), ClassicCardName::ALL.len(), "listed once");
    let dealt: BTreeSet<ClassicCardName> = deck::catalogue()
        .iter()
        .filter_map(|card| match card.name {
            CardName::Classic(own) => Some(own),
            _ => None,
        })
        .collect();
    assert_eq!(listed, dealt);
    // On the wire a classic card is its name alone, as any card is.
    for own in ClassicCardName::ALL {
        let json = serde_json::to_value(CardName::Classic(own)).unwrap();
        assert!(json.is_string(), "{json}");
        assert_eq!(
            serde_json::from_value::<CardName>(json).unwrap(),
            CardName::Classic(own)
        );
    }
    assert_eq!(
        serde_json::to_value(CardName::Classic(ClassicCardName::LightningBlast)).unwrap(),
        "lightning_blast"
    );
}
