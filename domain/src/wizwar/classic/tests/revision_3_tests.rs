//! Revision 3 of the classic rules: each fix tested in the French text's
//! terms, and the revision before it kept for the games begun under it.

use crate::ruleset::Seat;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::cards::ClassicCardName;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::damage::DamageKind;
use crate::wizwar::tests::given::*;
use crate::wizwar::tests::magic::*;
use crate::wizwar::{Command, Event};

use super::magic_tests::{classic_table, with_number};

/// The classic table of [`classic_table`] played under `revision`.
fn table_under(revision: u32, blue: &[N], red: &[N]) -> Given {
    let mut g = classic_table(blue, red);
    g.state.rules_revision = revision;
    g
}

/// `seat` plays `command` and everyone asked passes; the kinds of the
/// damage wizards took meanwhile, in order.
fn damage_kinds(g: Given, seat: Seat, command: Command) -> (Given, Vec<Option<DamageKind>>) {
    let mut kinds = vec![];
    let mut collect = |events: Vec<Event>| {
        for e in events {
            if let Event::WizardDamaged { kind, .. } = e {
                kinds.push(kind);
            }
        }
    };
    let when = g.when(seat, command);
    collect(when.events());
    let mut g = when.given();
    while let Some(asked) = g
        .state
        .stack
        .last()
        .and_then(|c| c.responders.first().copied())
    {
        let when = g.when(asked, Command::Pass);
        collect(when.events());
        g = when.given();
    }
    (g, kinds)
}

fn punch_red() -> Command {
    Command::Punch {
        target: crate::wizwar::commands::Target::Wizard { seat: RED },
    }
}

// --- Item 5: physical and magical damage ------------------------------

#[test]
fn a_blow_is_physical_damage() {
    // "Les dommages physiques regroupent les dégâts infligés par un coup,
    // une dague, un gros rocher, un mur qui s'écroule."
    let g = table_under(3, &[], &[]).with_wizard_at(RED, sq(4, 0));
    let (_, kinds) = damage_kinds(g, BLUE, punch_red());
    assert_eq!(kinds, [Some(DamageKind::Physical)]);
}

#[test]
fn a_thrown_dagger_and_a_large_rock_are_physical_damage() {
    for object in [N::Dagger, N::LargeRock] {
        let g = table_under(3, &[object], &[]);
        let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
        let (_, kinds) = damage_kinds(
            g,
            BLUE,
            Command::Use {
                card: b(0),
                target: at(RED),
            },
        );
        assert_eq!(kinds, [Some(DamageKind::Physical)], "{object:?}");
    }
}

#[test]
fn a_lightning_blast_is_magical_damage() {
    // "Les dommages magiques regroupent les dégâts infligés par un sort
    // comme le mur de feu, l'éclair ou la lame du sorcier."
    let g = table_under(
        3,
        &[
            N::Classic(ClassicCardName::LightningBlast),
            N::Classic(ClassicCardName::Number2),
        ],
        &[],
    );
    let (_, kinds) = damage_kinds(g, BLUE, with_number(b(0), b(1), at(RED)));
    assert_eq!(kinds, [Some(DamageKind::Magical)]);
}

#[test]
fn a_fireball_is_magical_damage() {
    let g = table_under(3, &[N::Fireball], &[]);
    let (_, kinds) = damage_kinds(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(kinds, [Some(DamageKind::Magical)]);
}

#[test]
fn the_feed_tells_physical_damage() {
    use crate::ruleset::Presentation;
    let g = classic_table(&[], &[]);
    let event = Event::WizardDamaged {
        seat: RED,
        amount: 1,
        life: 14,
        kind: Some(DamageKind::Physical),
    };
    let names = crate::ruleset::SeatNames::default();
    let told = crate::wizwar::WizWar::narrate(&event, &g.state, &names);
    assert!(told.contains("takes 1 physical damage"), "{told}");
}

#[test]
fn under_revision_2_damage_does_not_say_its_kind() {
    let g = table_under(2, &[], &[]).with_wizard_at(RED, sq(4, 0));
    let (_, kinds) = damage_kinds(g, BLUE, punch_red());
    assert_eq!(kinds, [None]);
    let g = table_under(2, &[N::Fireball], &[]);
    let (_, kinds) = damage_kinds(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(kinds, [None]);
}

#[test]
fn a_damage_event_recorded_without_its_kind_reads_and_writes_as_it_was() {
    let old = serde_json::json!({"type": "wizard_damaged", "seat": 1, "amount": 1, "life": 14});
    let event: Event = serde_json::from_value(old.clone()).expect("an old event reads");
    assert!(matches!(event, Event::WizardDamaged { kind: None, .. }));
    assert_eq!(serde_json::to_value(&event).expect("it writes"), old);
}

// --- Item 1: DROP OBJECT takes an object held in the hand --------------

fn drop_object_naming(name: N) -> Command {
    cast_with(
        b(0),
        None,
        at(RED),
        Some(crate::wizwar::casting::SpellOption::Object { name }),
    )
}

#[test]
fn drop_object_takes_an_object_held_in_the_hand() {
    // "Les objets ne peuvent vous être pris de force à moins qu'un
    // adversaire joue le sort DROP OBJECT"; objects are among one's cards
    // ("Les objets physiques ne sortent de votre main que si vous les
    // défaussez ou vous vous en débarrassez").
    let g = table_under(3, &[N::DropObject], &[N::Dagger]);
    assert!(g.state.wizard(RED).hand.contains(&r(0)));
    let g = resolved(g, BLUE, drop_object_naming(N::Dagger));
    assert!(!g.state.wizard(RED).hand.contains(&r(0)));
    assert!(
        g.state
            .objects
            .iter()
            .any(|o| o.card == r(0) && o.square == sq(4, 3)),
        "the dagger lies in red's square"
    );
}

#[test]
fn drop_object_naming_an_object_he_does_not_hold_takes_nothing() {
    let g = table_under(3, &[N::DropObject], &[N::Fireball]);
    let hand = g.state.wizard(RED).hand.clone();
    let g = resolved(g, BLUE, drop_object_naming(N::Dagger));
    assert_eq!(g.state.wizard(RED).hand, hand);
    assert!(g.state.objects.iter().all(|o| o.card != r(0)));
    assert!(g.state.discard_pile.contains(&b(0)), "the spell is spent");
}

#[test]
fn drop_object_names_only_an_object() {
    let g = table_under(3, &[N::DropObject], &[N::Fireball]);
    g.when(BLUE, drop_object_naming(N::Fireball))
        .then_code("bad_option");
}

#[test]
fn drop_object_lists_the_objects_it_may_name() {
    let g = table_under(3, &[N::DropObject, N::Dagger], &[]);
    let listed = crate::wizwar::legal_commands(&g.state, BLUE);
    assert!(listed.contains(&drop_object_naming(N::Dagger)));
    assert!(!listed.contains(&drop_object_naming(N::Energy5)));
}

#[test]
fn under_revision_2_drop_object_takes_only_an_object_played_face_up() {
    let g = table_under(2, &[N::DropObject], &[N::Dagger]);
    g.when(BLUE, drop_object_naming(N::Dagger))
        .then_code("bad_option");
    let listed = crate::wizwar::legal_commands(&g.state, BLUE);
    assert!(!listed.contains(&drop_object_naming(N::Dagger)));
}

// --- Item 2: used cards are discarded ----------------------------------

use super::table_tests::blue_created_a_wall;
use crate::wizwar::state::Tx;

/// The line of the wall blue's CREATE WALL made.
fn created_line(g: &Given) -> crate::wizwar::labyrinth::BorderLine {
    g.state
        .creations
        .iter()
        .find_map(|c| match c {
            crate::wizwar::objects::Creation::StoneWall { card, line } if *card == b(0) => {
                Some(*line)
            }
            _ => None,
        })
        .expect("blue's wall stands")
}

#[test]
fn a_used_create_wall_goes_to_the_discard_pile_and_its_wall_stays() {
    // "Les cartes utilisées sont défaussées dans la pile de défausse. Mais
    // il y a des exceptions comme les MAGIC STONES, la DAGGER, le LARGE
    // ROCK et la WIZARDBLADE et la MASTER KEY."
    let g = blue_created_a_wall(3);
    let line = created_line(&g);
    assert!(g.state.discard_pile.contains(&b(0)));
    assert!(g.state.wizard(BLUE).maintained.is_empty());
    assert!(g.state.labyrinth.barrier(line).is_some(), "the wall stays");
    assert_eq!(
        g.state.hand_total(BLUE),
        usize::from(HAND) - 1,
        "nothing in front of blue"
    );
    // Nobody maintains it: its caster cannot end it at will.
    g.when(BLUE, Command::EndSpell { card: b(0) })
        .then_code("not_maintained");
}

#[test]
fn a_created_wall_outlives_its_caster_and_its_card_is_discarded_once() {
    let g = blue_created_a_wall(3);
    let line = created_line(&g);
    let mut tx = Tx::new(&g.state);
    crate::wizwar::fighting::die(&mut tx, BLUE, None);
    assert!(tx.state.labyrinth.barrier(line).is_some());
    // When the wall is destroyed, its card is on the pile once.
    crate::wizwar::damage::end_created_wall(&mut tx, line);
    assert!(tx.state.labyrinth.barrier(line).is_none());
    let copies = tx.state.discard_pile.iter().filter(|c| **c == b(0)).count();
    assert_eq!(copies, 1);
}

#[test]
fn a_shrink_lasts_its_turns_with_its_card_discarded() {
    // "Pour les pertes de tour ou la durée des sorts, un tour commence quand
    // un sort est lancé et se finit au début d'un des prochains tours du
    // lanceur."
    let g = table_under(
        3,
        &[
            N::Classic(ClassicCardName::Shrink),
            N::Classic(ClassicCardName::Number2),
        ],
        &[],
    );
    let g = resolved(g, BLUE, with_number(b(0), b(1), SpellTarget::Caster));
    let shrink = g.state.spells.iter().find(|s| s.card == b(0));
    assert_eq!(shrink.map(|s| s.tokens), Some(Some(2)), "in play two turns");
    assert!(g.state.discard_pile.contains(&b(0)));
    assert_eq!(crate::wizwar::effects::speed(&g.state, BLUE), 2);
    // Two of blue's turns later it is over.
    let g = g.after(BLUE, &[Command::EndMoveAndCast, Command::EndTurn]);
    let g = g.after(RED, &[Command::EndMoveAndCast, Command::EndTurn]);
    assert!(g.state.spells.iter().any(|s| s.card == b(0)), "one turn on");
    let g = g.after(BLUE, &[Command::EndMoveAndCast, Command::EndTurn]);
    let g = g.after(RED, &[Command::EndMoveAndCast, Command::EndTurn]);
    assert!(g.state.spells.iter().all(|s| s.card != b(0)));
    let copies = g.state.discard_pile.iter().filter(|c| **c == b(0)).count();
    assert_eq!(copies, 1);
}

#[test]
fn the_card_of_a_lasting_spell_stays_on_the_pile_when_it_is_reshuffled() {
    let g = blue_created_a_wall(3);
    let mut state = g.state.clone();
    state.discard_pile.extend(state.deck.drain(..).skip(1));
    let mut tx = Tx::new(&state);
    let before = tx.state.discard_pile.len();
    crate::wizwar::turn::draw_cards(&mut tx, BLUE, 2, &mut crate::rng::GameRng::from_u64(7));
    assert_eq!(tx.state.discard_pile, [b(0)], "only the wall's card stays");
    assert_eq!(
        tx.state.deck.len() + 2 + 1,
        before,
        "the others were shuffled"
    );
}

#[test]
fn under_revision_2_a_create_wall_stays_in_front_of_its_caster() {
    let g = blue_created_a_wall(2);
    assert!(g.state.wizard(BLUE).maintained.contains(&b(0)));
    assert!(!g.state.discard_pile.contains(&b(0)));
}

// --- Item 4: a thrown object aimed at a square --------------------------

/// Blue holds `object` face up, red stands out of the south corridor.
fn blue_holds(revision: u32, cards: &[N]) -> Given {
    let g = table_under(revision, cards, &[]).with_wizard_at(RED, sq(0, 0));
    let object = u16::try_from(cards.len() - 1).expect("a few cards");
    resolved(g, BLUE, cast(b(object), SpellTarget::Caster))
}

fn throw_at(card: u16, row: u8, col: u8) -> Command {
    Command::Use {
        card: b(card),
        target: SpellTarget::Square {
            square: sq(row, col),
        },
    }
}

fn lies_in(g: &Given, card: u16) -> Option<crate::wizwar::labyrinth::Square> {
    g.state
        .objects
        .iter()
        .find(|o| o.card == b(card))
        .map(|o| o.square)
}

#[test]
fn a_thrown_object_lands_in_the_square_aimed_at() {
    // "Si un objet est lancé, on considère qu'il atterrit dans la case
    // visée à moins qu'il n'y ait une barrière comme un buisson sur son
    // chemin."
    for object in [N::Dagger, N::LargeRock] {
        let g = blue_holds(3, &[object]);
        let g = resolved(g, BLUE, throw_at(0, 4, 3));
        assert_eq!(lies_in(&g, 0), Some(sq(4, 3)), "{object:?}");
        assert!(!g.state.wizard(BLUE).carried.contains(&b(0)));
        assert_eq!(life(&g, RED), 15);
        // Thrown at nobody, it is no attack.
        assert_eq!(g.state.turn.as_ref().map(|t| t.attacks), Some(0));
    }
}

#[test]
fn a_thrown_object_lands_just_before_a_bush_on_its_path() {
    // "Dans ce cas l'objet atterrit immédiatement avant la barrière."
    let g = table_under(3, &[N::Thornbush, N::Dagger], &[]).with_wizard_at(RED, sq(0, 0));
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 2) }),
    );
    assert!(g.state.bush_in(sq(4, 2)).is_some());
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Caster));
    let g = resolved(g, BLUE, throw_at(1, 4, 3));
    assert_eq!(lies_in(&g, 1), Some(sq(4, 1)));
}

#[test]
fn a_thrown_object_flies_in_a_straight_line() {
    let g = blue_holds(3, &[N::Dagger]);
    g.when(BLUE, throw_at(0, 3, 3)).then_code("invalid_target");
}

/// "on considère qu'il atterrit dans la case visée à moins qu'il n'y ait une
/// barrière comme un buisson sur son chemin": every square the object may
/// land in is offered, the far end of the row included, and none past the
/// bush (aimed there, it would land where the square before it does).
#[test]
fn every_square_a_thrown_object_may_land_in_is_a_legal_command() {
    let g = table_under(3, &[N::Thornbush, N::Dagger], &[]).with_wizard_at(RED, sq(0, 0));
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 2) }),
    );
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Caster));
    let listed = crate::wizwar::legal_commands(&g.state, BLUE);
    assert!(listed.contains(&throw_at(1, 4, 1)));
    assert!(!listed.contains(&throw_at(1, 4, 3)), "past the bush");
    let unbarred = blue_holds(3, &[N::Dagger]);
    let listed = crate::wizwar::legal_commands(&unbarred.state, BLUE);
    let thrown: Vec<_> = listed
        .iter()
        .filter(|c| {
            matches!(
                c,
                Command::Use {
                    target: SpellTarget::Square { .. },
                    ..
                }
            )
        })
        .collect();
    assert!(listed.contains(&throw_at(0, 4, 3)));
    assert!(
        thrown.len() > 4,
        "beyond the squares next to the thrower: {thrown:?}"
    );
    for command in thrown {
        assert!(unbarred.when(BLUE, command.clone()).result.is_ok());
    }
}

#[test]
fn under_revision_2_a_throw_names_a_wizard_or_an_object() {
    let g = blue_holds(2, &[N::Dagger]);
    let refused = g.when(BLUE, throw_at(0, 4, 3));
    assert!(refused.result.is_err(), "a square is no target");
    let listed = crate::wizwar::legal_commands(&g.state, BLUE);
    assert!(!listed.contains(&throw_at(0, 4, 3)));
}
