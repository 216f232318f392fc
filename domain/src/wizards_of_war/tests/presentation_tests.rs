//! The war told in words and drawn as a picture.

use crate::ruleset::{Presentation, Ruleset, SeatNames, Viewer};

use super::super::WizardsOfWar;
use super::super::events::Event;
use super::super::spell_cards::Spell;
use super::super::turn_die::TurnFace;
use super::super::units::UnitKind;
use super::given::*;

fn names() -> SeatNames {
    SeatNames::new(vec![Some("Ann".into()), Some("Bob".into())])
}

#[test]
fn a_drawn_spell_is_named_to_its_owner_only() {
    let game = Scene::new()
        .spells(BOB, &[Spell::Fireball])
        .turn(ANN, TurnFace::Feet);
    let drawn = Scene::new()
        .spells(BOB, &[Spell::Fireball])
        .events
        .pop()
        .unwrap();
    let told = |viewer| {
        let seen = WizardsOfWar::redact(&drawn, viewer).unwrap();
        WizardsOfWar::narrate(&seen, &game.state, &names())
    };
    assert_eq!(told(Viewer::Player(BOB)), "Bob draws Fireball.");
    assert_eq!(told(Viewer::Player(ANN)), "Bob draws a spell.");
}

#[test]
fn a_fight_is_told_with_its_dice_and_a_dead_monster_by_its_kind() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(4, 12))
        .monster(BOB, UnitKind::Goblin, sq(4, 13))
        .turn(ANN, TurnFace::Feet);
    let (events, after) = rolled(
        &game,
        ANN,
        super::super::Command::Attack {
            unit: 2,
            target: sq(4, 13),
        },
        |e| e.iter().any(|e| matches!(e, Event::MonsterSlain { .. })),
    );
    let told: Vec<String> = events
        .iter()
        .map(|e| WizardsOfWar::narrate(e, &after, &names()))
        .collect();
    assert!(
        told[0].starts_with("Ann's orc attacks Bob's goblin: "),
        "{}",
        told[0]
    );
    assert_eq!(
        told.last().unwrap(),
        "Bob's goblin dies.",
        "told after it left the board"
    );
}

#[test]
fn the_picture_puts_each_unit_on_its_square_with_its_owner_and_life() {
    let game = Scene::new()
        .monster(BOB, UnitKind::Troll, sq(4, 13))
        .lasting(ANN, Spell::WallOfThorns, &[sq(3, 10), sq(4, 10), sq(5, 10)])
        .life(ANN, 3)
        .turn(ANN, TurnFace::Feet);
    let view = WizardsOfWar::view(&game.state, Viewer::Player(ANN));
    let svg = WizardsOfWar::picture(&view, &names());
    assert!(svg.starts_with("<svg"));
    let troll = svg
        .split('<')
        .find(|tag| tag.contains(r#"data-kind="troll""#))
        .expect("the troll is drawn");
    for attribute in [
        r#"data-owner="seat-1""#,
        r#"data-col="4""#,
        r#"data-row="13""#,
        r#"data-life="1""#,
    ] {
        assert!(troll.contains(attribute), "{troll} has {attribute}");
    }
    assert!(svg.contains(r#"class="lasting thorns""#));
    assert!(svg.contains(r#"class="square river""#));
    assert!(svg.contains("Ann: 3 life, 0 spells"));
}

#[test]
fn the_picture_has_a_key_saying_what_each_ground_and_token_letter_means() {
    let game = Scene::new().turn(ANN, TurnFace::Feet);
    let view = WizardsOfWar::view(&game.state, Viewer::Player(ANN));
    let svg = WizardsOfWar::picture(&view, &names());
    let river = svg
        .split(r#"class="legend-terrain""#)
        .find(|part| part.starts_with(r#" data-terrain="river""#))
        .expect("the key has the river");
    assert!(river.contains("2 movement points to enter"), "{river}");
    let tree = svg
        .split(r#"class="legend-terrain""#)
        .find(|part| part.starts_with(r#" data-terrain="tree""#))
        .expect("the key has the tree");
    assert!(tree.contains("+1 defence against ranged attacks"), "{tree}");
    for (letters, kind) in [("W", "evil wizard"), ("Mi", "minotaur"), ("T", "troll")] {
        let line = svg
            .split("<text")
            .find(|tag| {
                tag.contains(r#"class="legend-unit""#)
                    && tag.contains(&format!(r#"data-kind="{kind}""#))
            })
            .unwrap_or_else(|| panic!("the key has a line for the {kind}"));
        assert!(line.contains(&format!("{letters} {kind}")), "{line}");
    }
}

#[test]
fn a_monster_is_told_with_its_article_and_a_square_in_the_singular() {
    use super::super::spell_cards::{MonsterCard, SpellCard};
    let game = Scene::new().turn(ANN, TurnFace::Orc);
    let orc = (0..34)
        .map(MonsterCard::of)
        .find(|c| c.monster == UnitKind::Orc)
        .unwrap();
    let told = |event: Event| WizardsOfWar::narrate(&event, &game.state, &names());
    assert_eq!(
        told(Event::MonsterDrawn {
            seat: ANN,
            card: orc
        }),
        "Ann draws an orc card."
    );
    assert_eq!(
        told(Event::MonsterSummoned {
            seat: ANN,
            unit: 2,
            card: orc,
            square: sq(4, 2)
        }),
        "Ann summons an orc on E3."
    );
    let mud = (0..30)
        .map(SpellCard::of)
        .find(|c| c.spell == Spell::Mud)
        .unwrap();
    assert_eq!(
        told(Event::LastingSpellPlaced {
            seat: ANN,
            card: mud,
            squares: vec![sq(4, 4)]
        }),
        "Mud stays in play on 1 square."
    );
}

#[test]
fn the_picture_key_names_the_x_squares_and_the_lasting_spells() {
    let game = Scene::new().turn(ANN, TurnFace::Feet);
    let view = WizardsOfWar::view(&game.state, Viewer::Player(ANN));
    let svg = WizardsOfWar::picture(&view, &names());
    for (mark, words) in [
        ("start", "wizard's start"),
        ("mud", "mud (spell)"),
        ("thorns", "thorns (spell)"),
    ] {
        let entry = svg
            .split(r#"class="legend-mark""#)
            .find(|part| part.starts_with(&format!(r#" data-mark="{mark}""#)))
            .unwrap_or_else(|| panic!("the key has {mark}"));
        assert!(entry.contains(words), "{entry}");
    }
}

#[test]
fn the_feed_and_the_picture_name_a_square_alike_by_the_boards_letters_and_numbers() {
    let game = Scene::new()
        .monster(ANN, UnitKind::Orc, sq(4, 2))
        .turn(ANN, TurnFace::Feet);
    // The feed says "Ann summons an orc on E3." (the test above).
    let picture =
        WizardsOfWar::picture(&WizardsOfWar::view(&game.state, Viewer::Referee), &names());
    // The orc on E3: column E is the fifth letter on the top edge, row 3
    // the third number on the left one.
    assert!(picture.contains(r#"class="col-label" data-col="4""#));
    let label = |class: &str, data: &str, n: u8| {
        let at = picture
            .find(&format!(r#"class="{class}" {data}="{n}""#))
            .unwrap_or_else(|| panic!("no {class} {n}"));
        let text = &picture[at..];
        let start = text.find('>').unwrap() + 1;
        text[start..start + text[start..].find('<').unwrap()]
            .trim()
            .to_owned()
    };
    assert_eq!(label("col-label", "data-col", 4), "E");
    assert_eq!(label("row-label", "data-row", 2), "3");
    assert_eq!(sq(4, 2).to_string(), "E3");
}
