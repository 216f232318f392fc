//! The classic cards: the catalogue and deck, number cards, counteractions,
//! combat and each card's behaviour (the French rules text, cited by its
//! sections in the test names' sense).

use crate::rng::GameRng;
use crate::ruleset::{Ruleset, Seat};
use crate::wizwar::cards::CardName as N;
use crate::wizwar::cards::ClassicCardName;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::classic::deck::{self, Kind, NumberUse};
use crate::wizwar::classic::state::ClassicState;
use crate::wizwar::classic::{ClassicCommand, ClassicEvent, EditionCommand, WizWarClassic};
use crate::wizwar::edition::Edition;
use crate::wizwar::labyrinth::{Barrier, BorderLine};
use crate::wizwar::sector_boards::{Colour, Side};
use crate::wizwar::state::{Phase, State, Tx};
use crate::wizwar::tests::given::*;
use crate::wizwar::tests::magic::*;
use crate::wizwar::{Command, Event, RuleViolation, damage, turn};

/// A scene of the classic edition: the engine's recorded game with the
/// classic edition in its board event.
pub(super) fn classic(mut events: Vec<Event>) -> Vec<Event> {
    for e in &mut events {
        if let Event::BoardBuilt { edition, .. } = e {
            *edition = Edition::Classic;
        }
    }
    events
}

/// As [`table`], in the classic edition: blue to play (his first round
/// over), blue in (4,0), red in (4,3) of the open south corridor.
pub(super) fn classic_table(blue: &[N], red: &[N]) -> Given {
    let mut deck: Vec<N> = [blue, red]
        .iter()
        .flat_map(|h| {
            let mut h = h.to_vec();
            h.resize(usize::from(HAND), N::Energy5);
            h
        })
        .collect();
    deck.extend([N::Energy4; 12]);
    let events = classic(game_with(2, Side::A, &deck, HAND as u8, BLUE));
    given(after_first_turns(events, &[RED], BLUE))
        .with_wizard_at(BLUE, sq(4, 0))
        .with_wizard_at(RED, sq(4, 3))
}

pub(super) fn with_number(
    card: crate::wizwar::objects::CardId,
    number: crate::wizwar::objects::CardId,
    target: SpellTarget,
) -> Command {
    cast_with(card, Some(number), target, None)
}

fn lives_and_stun(g: &Given) -> (i8, u8) {
    (life(g, RED), g.state.wizard(RED).stun_tokens)
}

// --- The catalogue and the deck ---------------------------------------

#[test]
fn the_classic_deck_holds_130_cards_with_the_board_cards() {
    assert_eq!(deck::cards().len(), 130);
}

#[test]
fn about_a_quarter_of_the_deck_is_number_cards() {
    let numbers: usize = deck::catalogue()
        .iter()
        .filter(|c| c.kind == Kind::Number)
        .map(|c| usize::from(c.copies))
        .sum();
    assert_eq!(numbers, 34);
    for c in deck::catalogue().iter().filter(|c| c.kind == Kind::Number) {
        assert_eq!(
            crate::wizwar::movement::energy_value(c.name),
            c.value,
            "{}",
            c.title
        );
    }
}

#[test]
fn the_catalogue_holds_every_card_the_rules_name() {
    let names: Vec<N> = deck::catalogue().iter().map(|c| c.name).collect();
    for named in [
        N::Classic(ClassicCardName::Trap),
        N::RotateSector,
        N::Classic(ClassicCardName::Drag),
        N::DropObject,
        N::Classic(ClassicCardName::Medusa),
        N::Classic(ClassicCardName::Shrink),
        N::CreateWall,
        N::DestroyWall,
        N::Classic(ClassicCardName::LightningBlast),
        N::Fireball,
        N::Classic(ClassicCardName::Absorb),
        N::Classic(ClassicCardName::Blunt),
        N::Dagger,
        N::LargeRock,
        N::Wizardblade,
        N::MasterKey,
        N::Classic(ClassicCardName::Speed),
        N::Invisible,
        N::WallOfFire,
        N::Classic(ClassicCardName::IllusionWall),
        N::Thornbush,
        N::StoneBlock,
    ] {
        assert!(names.contains(&named), "{named:?}");
    }
    assert!(
        deck::catalogue()
            .iter()
            .filter(|c| c.kind == Kind::MagicStone)
            .all(|c| c.title.contains("stone")),
        "every magic stone's name holds STONE"
    );
}

#[test]
fn every_designed_value_is_marked_with_a_one_line_note() {
    for c in deck::catalogue() {
        assert!(!c.title.is_empty() && !c.effect.is_empty(), "{:?}", c.name);
        assert!(!c.effect.contains('\n'), "{}", c.title);
        // No source gives a copy count (facts §3): every card is designed.
        assert!(c.designed, "{}", c.title);
        let note = c.designed_note.expect("a designed card says why");
        assert!(!note.is_empty() && !note.contains('\n'), "{}", c.title);
    }
}

#[test]
fn the_catalogue_is_served_in_the_ruleset_reference() {
    let info = WizWarClassic::info();
    let cards = info.reference["cards"].as_array().expect("a list of cards");
    let blast = cards
        .iter()
        .find(|c| c["name"] == "lightning_blast")
        .expect("Lightning Blast is served");
    assert_eq!(blast["kind"], "attack");
    assert_eq!(blast["range"], "line_of_sight");
    assert_eq!(blast["number"], "power");
    assert_eq!(blast["designed"], true);
    assert!(blast["designed_note"].is_string());
    let shrink = cards
        .iter()
        .find(|c| c["name"] == "shrink")
        .expect("Shrink");
    assert_eq!(shrink["number"], "duration");
    assert_eq!(
        deck::catalogue()
            .iter()
            .find(|c| c.name == N::Classic(ClassicCardName::Speed))
            .map(|c| c.number),
        Some(NumberUse::Movement)
    );
}

#[test]
fn a_classic_game_is_dealt_from_the_classic_deck() {
    let rng = &mut GameRng::from_u64(3);
    let mut events = WizWarClassic::setup(&Default::default(), 2, rng).expect("a classic game");
    let mut state = ClassicState::default();
    for e in &events {
        WizWarClassic::evolve(&mut state, e);
    }
    // The deck is shuffled once the sectors are chosen and the board laid.
    for (seat, sector) in [(0, Colour::Blue), (1, Colour::Red)] {
        let chosen = WizWarClassic::decide(
            &state,
            Seat(seat),
            &ClassicCommand::Edition(EditionCommand::ChooseSector { sector }),
            rng,
        )
        .expect("a sector is chosen");
        for e in &chosen {
            WizWarClassic::evolve(&mut state, e);
        }
        events.extend(chosen);
    }
    let built = events.iter().find_map(|e| match e {
        ClassicEvent::Engine(Event::DeckBuilt { size, .. }) => Some(*size),
        _ => None,
    });
    assert_eq!(built, Some(130));
}

// --- Number cards -------------------------------------------------------

#[test]
fn a_lightning_blast_with_a_5_deals_5_damage_and_a_lost_turn() {
    // "un sort LIGHTNING BLAST avec une carte 5 causerait 5 points de
    // dommages à un adversaire (plus un tour d'étourdissement)".
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::Energy5],
        &[],
    );
    let g = resolved(g, BLUE, with_number(b(0), b(1), at(RED)));
    assert_eq!(lives_and_stun(&g), (10, 1));
}

#[test]
fn an_action_without_a_number_card_has_power_1() {
    let g = classic_table(&[N::Classic(ClassicCardName::LightningBlast)], &[]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn one_number_card_adds_to_movement() {
    // "Si votre carte est un 4 alors vous pouvez vous déplacer jusqu'à 7
    // cases pour ce tour."
    let g = classic_table(&[N::Energy4], &[]);
    let g = g.after(BLUE, &[Command::BoostSpeed { card: b(0) }]);
    assert_eq!(g.state.turn.as_ref().map(|t| t.movement_left), Some(7));
}

#[test]
fn only_a_number_card_adds_to_movement() {
    // "vous pouvez ajouter une carte nombre à votre mouvement": a spell's
    // printed energy value (the 8th edition's) adds nothing.
    let g = classic_table(&[N::WallOfFire], &[]);
    g.when(BLUE, Command::BoostSpeed { card: b(0) })
        .then_refused(RuleViolation::NoEnergyValue);
}

#[test]
fn a_lost_turn_allows_nothing_but_counters() {
    // "Perdre un tour signifie que vous ne pouvez rien faire excepté
    // contre-attaquer."
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::Energy5],
        &[],
    );
    let g = resolved(g, BLUE, with_number(b(0), b(1), at(RED)));
    let g = g.after(BLUE, &[Command::EndMoveAndCast, Command::EndTurn]);
    let turn = g.state.turn.as_ref().expect("red's turn");
    assert_eq!((turn.seat, turn.phase), (RED, Phase::DiscardAndDraw));
    g.when(
        RED,
        Command::Move {
            direction: crate::wizwar::labyrinth::Direction::West,
        },
    )
    .then_refused(RuleViolation::WrongPhase {
        expected: Phase::MoveAndCast,
    });
}

/// Blue's Lightning Blast stuns red, and a third wizard's lost turn (folded
/// as its event) lands on red before his turn too.
fn red_stunned_by_two_casters(revision: u32) -> Given {
    let mut g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::Energy5],
        &[],
    );
    g.state.rules_revision = revision;
    let g = resolved(g, BLUE, with_number(b(0), b(1), at(RED)));
    g.with([Event::WizardStunned {
        seat: RED,
        tokens: 1,
    }])
}

/// Whether `seat`'s turn, the next to start after `g`, starts stunned.
fn next_turn_stunned(g: &Given, seat: Seat, command: Command, by: Seat) -> (Given, bool) {
    let when = g.when(by, command);
    let stunned = when
        .events()
        .iter()
        .find_map(|e| match e {
            Event::TurnStarted {
                seat: s, stunned, ..
            } if *s == seat => Some(*stunned),
            _ => None,
        })
        .expect("the turn started");
    (when.given(), stunned)
}

#[test]
fn lost_turns_from_two_casters_before_your_turn_cost_you_that_one_turn() {
    // "Pour les pertes de tour ou la durée des sorts, un tour commence quand
    // un sort est lancé et se finit au début d'un des prochains tours du
    // lanceur": both lost turns end before red's next turn but one.
    let g = red_stunned_by_two_casters(2);
    assert_eq!(g.state.wizard(RED).stun_tokens, 1);
    let g = g.after(BLUE, &[Command::EndMoveAndCast]);
    let (g, stunned) = next_turn_stunned(&g, RED, Command::EndTurn, BLUE);
    assert!(stunned, "red loses this turn");
    let g = g.after(RED, &[Command::EndTurn]);
    let g = g.after(BLUE, &[Command::EndMoveAndCast]);
    let (_, stunned) = next_turn_stunned(&g, RED, Command::EndTurn, BLUE);
    assert!(!stunned, "one turn lost, not two");
}

#[test]
fn under_revision_1_lost_turns_from_two_casters_add_up() {
    // Games started under revision 1 keep its rule: stun tokens add up.
    let g = red_stunned_by_two_casters(1);
    assert_eq!(g.state.wizard(RED).stun_tokens, 2);
}

// --- Counter spells -----------------------------------------------------

#[test]
fn a_counter_spell_stops_half_the_damage_rounded_up() {
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::Energy5],
        &[N::Classic(ClassicCardName::Absorb)],
    );
    let g = g.after(BLUE, &[with_number(b(0), b(1), at(RED))]);
    let g = all_pass(g.after(RED, &[counter(r(0))]));
    // 5: the counter stops 3, 2 are dealt; the blast still stuns.
    assert_eq!(lives_and_stun(&g), (13, 1));
}

#[test]
fn several_counters_may_answer_one_attack() {
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::Energy5],
        &[N::Classic(ClassicCardName::Absorb), N::FullShield],
    );
    let g = g.after(BLUE, &[with_number(b(0), b(1), at(RED))]);
    let g = all_pass(g.after(RED, &[counter(r(0))]));
    assert!(g.state.stack.is_empty());
    // One by one: the first resolves, then the second answers what is left.
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::Energy5],
        &[
            N::Classic(ClassicCardName::Absorb),
            N::Classic(ClassicCardName::Blunt),
            N::Classic(ClassicCardName::Absorb),
        ],
    );
    let g = g.after(BLUE, &[with_number(b(0), b(1), at(RED))]);
    let g = g.after(RED, &[counter(r(0))]);
    let g = g.after(BLUE, &[Command::Pass]);
    let g = all_pass(g.after(RED, &[counter(r(2))]));
    // 5 → 2 → 1.
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn an_attack_whose_damage_is_all_stopped_loses_its_other_effects() {
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast)],
        &[N::Classic(ClassicCardName::Absorb)],
    );
    let g = g.after(BLUE, &[cast(b(0), at(RED))]);
    let g = all_pass(g.after(RED, &[counter(r(0))]));
    // 1 point, all stopped: no damage and no lost turn.
    assert_eq!(lives_and_stun(&g), (15, 0));
}

#[test]
fn a_counter_spell_can_be_countered_in_turn() {
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::LightningBlast),
            N::Energy5,
            N::Classic(ClassicCardName::Absorb),
        ],
        &[N::Classic(ClassicCardName::Absorb)],
    );
    let g = g.after(BLUE, &[with_number(b(0), b(1), at(RED))]);
    let g = g.after(RED, &[counter(r(0))]);
    // Blue answers red's counter: it is cancelled, the blast hits in full.
    let g = all_pass(g.after(BLUE, &[counter(b(2))]));
    assert_eq!(lives_and_stun(&g), (10, 1));
}

#[test]
fn nobody_must_counter() {
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::Energy5],
        &[N::Classic(ClassicCardName::Absorb)],
    );
    let g = g.after(BLUE, &[with_number(b(0), b(1), at(RED))]);
    let g = g.after(RED, &[Command::Pass]);
    assert!(g.state.stack.is_empty());
    assert_eq!(life(&g, RED), 10);
}

#[test]
fn blunt_answers_physical_damage_only() {
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast)],
        &[N::Classic(ClassicCardName::Blunt)],
    );
    let g = g.after(BLUE, &[cast(b(0), at(RED))]);
    g.when(RED, counter(r(0)))
        .then_refused(RuleViolation::CounterDoesNotApply(
            "Blunt answers physical damage only",
        ));
}

/// "Les dommages physiques et les dommages magiques … sont traitées
/// différemment à de rares occasions (spécifier sur la carte)": no source
/// gives BLUNT's card, so its physical-only reading is designed, and the
/// catalogue clients read says so.
#[test]
fn the_catalogue_marks_blunt_answering_physical_damage_only_as_designed() {
    let blunt = deck::catalogue()
        .iter()
        .find(|c| c.name == N::Classic(ClassicCardName::Blunt))
        .expect("Blunt is a classic card");
    assert!(blunt.effect.contains("physical damage"));
    assert!(blunt.designed);
    let note = blunt.designed_note.expect("a designed note");
    assert!(note.starts_with("Physical damage only (designed"), "{note}");
}

#[test]
fn blunt_stops_half_a_punch() {
    let g = classic_table(&[], &[N::Classic(ClassicCardName::Blunt)]).with_wizard_at(RED, sq(4, 0));
    let g = g.after(
        BLUE,
        &[Command::Punch {
            target: crate::wizwar::commands::Target::Wizard { seat: RED },
        }],
    );
    let g = all_pass(g.after(RED, &[counter(r(0))]));
    // 1 point, rounded up: all stopped.
    assert_eq!(life(&g, RED), 15);
}

#[test]
fn absorb_and_blunt_answer_a_wall_falling_on_you() {
    // "on peut utiliser une carte ABSORB ou BLUNT contre les dégâts
    // indirects causés sur vous (comme un mur détruit qui s'abat sur vous)".
    let base = classic_table(&[N::DestroyWall], &[N::Classic(ClassicCardName::Blunt)]);
    let red_square = base.state.wizard(RED).square;
    let lines: Vec<BorderLine> = base
        .state
        .labyrinth
        .barriers
        .iter()
        .filter(|(l, b)| {
            !matches!(b, Barrier::OuterWall)
                && base
                    .state
                    .labyrinth
                    .squares_beside_line(**l)
                    .contains(&red_square)
        })
        .map(|(l, _)| *l)
        .collect();
    let line = lines
        .into_iter()
        .find(|l| {
            base.when(BLUE, cast(b(0), SpellTarget::Line { line: *l }))
                .result
                .is_ok()
        })
        .expect("a wall beside red that blue can destroy");
    let g = base.after(BLUE, &[cast(b(0), SpellTarget::Line { line })]);
    let g = all_pass(g.after(RED, &[counter(r(0))]));
    // 2 physical points, half (1) stopped.
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn a_neutral_action_cannot_be_countered() {
    let g = classic_table(
        &[N::Classic(ClassicCardName::Speed)],
        &[N::Classic(ClassicCardName::Absorb)],
    );
    let g = g.after(BLUE, &[cast(b(0), SpellTarget::Caster)]);
    g.when(RED, counter(r(0)))
        .then_refused(RuleViolation::CounterDoesNotApply(
            "a counteraction answers an attack on you or damage falling on you",
        ));
}

// --- Combat -------------------------------------------------------------

#[test]
fn there_is_no_attack_in_the_first_round() {
    let deck = [N::Classic(ClassicCardName::LightningBlast); 12];
    let g = given(classic(game_with(2, Side::A, &deck, 5, BLUE)))
        .with_wizard_at(BLUE, sq(4, 0))
        .with_wizard_at(RED, sq(4, 3));
    g.when(BLUE, cast(b(0), at(RED)))
        .then_refused(RuleViolation::NoAttackOnFirstTurn);
}

#[test]
fn nobody_attacks_himself() {
    let g = classic_table(&[N::Classic(ClassicCardName::LightningBlast)], &[]);
    g.when(BLUE, cast(b(0), at(BLUE)))
        .then_refused(RuleViolation::CannotAttackYourself);
}

fn barrier_of(state: &State, door: bool) -> BorderLine {
    state
        .labyrinth
        .barriers
        .iter()
        .find(|(_, b)| match b {
            Barrier::Door { .. } => door,
            Barrier::StoneWall { .. } => !door,
            Barrier::OuterWall => false,
        })
        .map(|(l, _)| *l)
        .expect("such a barrier")
}

#[test]
fn walls_take_20_points_of_damage_and_doors_15() {
    let g = classic_table(&[], &[]);
    for (door, points) in [(false, 20), (true, 15)] {
        let line = barrier_of(&g.state, door);
        let mut tx = Tx::new(&g.state);
        // Points add up over attacks; none is wasted.
        damage::damage_barrier(&mut tx, line, points - 1, None);
        assert!(tx.state.labyrinth.barrier(line).is_some());
        damage::damage_barrier(&mut tx, line, 1, None);
        assert!(
            tx.state.labyrinth.barrier(line).is_none(),
            "falls at {points}"
        );
    }
}

#[test]
fn an_attack_on_a_wall_is_the_turn_s_attack() {
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::LightningBlast),
            N::Classic(ClassicCardName::LightningBlast),
        ],
        &[],
    );
    let line = barrier_of(&g.state, false);
    let beside = g.state.labyrinth.squares_beside_line(line)[0];
    let g = g.with_wizard_at(BLUE, beside);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Line { line }));
    g.when(BLUE, cast(b(1), at(RED)))
        .then_refused(RuleViolation::AlreadyAttacked);
}

// --- The cards ----------------------------------------------------------

#[test]
fn medusa_paralyses_for_as_many_turns_as_its_number() {
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::Medusa),
            N::Classic(ClassicCardName::Number3),
        ],
        &[],
    );
    let g = resolved(g, BLUE, with_number(b(0), b(1), at(RED)));
    assert_eq!(lives_and_stun(&g), (15, 3));
}

#[test]
fn shrink_on_oneself_is_neutral() {
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::Shrink),
            N::Classic(ClassicCardName::LightningBlast),
        ],
        &[],
    );
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    assert_eq!(g.state.turn.as_ref().map(|t| t.attacks), Some(0));
    assert_eq!(crate::wizwar::effects::speed(&g.state, BLUE), 2);
    // The attack of the turn is still to come.
    resolved(g, BLUE, cast(b(1), at(RED)));
}

#[test]
fn shrink_aimed_at_one_s_own_wizard_is_cast_on_oneself() {
    // "Envoyer un sort neutre tel que le SHRINK sur un adversaire est
    // possible mais cette action compte comme une attaque": on oneself it
    // stays neutral ("On ne peut pas s'attaquer" forbids attacks alone).
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::Shrink),
            N::Classic(ClassicCardName::LightningBlast),
        ],
        &[],
    );
    let g = resolved(g, BLUE, cast(b(0), at(BLUE)));
    assert_eq!(g.state.turn.as_ref().map(|t| t.attacks), Some(0));
    assert_eq!(crate::wizwar::effects::speed(&g.state, BLUE), 2);
    resolved(g, BLUE, cast(b(1), at(RED)));
}

#[test]
fn under_revision_1_shrink_aimed_at_one_s_own_wizard_is_refused() {
    let mut g = classic_table(&[N::Classic(ClassicCardName::Shrink)], &[]);
    g.state.rules_revision = 1;
    g.when(BLUE, cast(b(0), at(BLUE)))
        .then_refused(RuleViolation::CannotAttackYourself);
}

#[test]
fn shrink_on_an_opponent_is_the_turn_s_attack_and_can_be_countered() {
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::Shrink),
            N::Classic(ClassicCardName::Number2),
            N::Classic(ClassicCardName::LightningBlast),
        ],
        &[N::Classic(ClassicCardName::Absorb)],
    );
    let g = g.after(BLUE, &[with_number(b(0), b(1), at(RED))]);
    assert!(g.state.stack[0].attack);
    let g = all_pass(g.after(RED, &[counter(r(0))]));
    // Duration 2, half stopped: one turn left.
    let shrink = g
        .state
        .spells
        .iter()
        .find(|s| s.name == N::Classic(ClassicCardName::Shrink))
        .expect("red is shrunk");
    assert_eq!(shrink.tokens, Some(1));
    assert_eq!(crate::wizwar::effects::speed(&g.state, RED), 2);
    g.when(BLUE, cast(b(2), at(RED)))
        .then_refused(RuleViolation::AlreadyAttacked);
}

#[test]
fn drag_pulls_a_wizard_toward_its_caster() {
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::Drag),
            N::Classic(ClassicCardName::Number2),
        ],
        &[],
    );
    let g = resolved(g, BLUE, with_number(b(0), b(1), at(RED)));
    assert_eq!(g.state.wizard(RED).square, sq(4, 1));
}

#[test]
fn drag_stops_at_its_caster_s_square() {
    let g = classic_table(&[N::Classic(ClassicCardName::Drag), N::Energy6], &[]);
    let g = resolved(g, BLUE, with_number(b(0), b(1), at(RED)));
    assert_eq!(g.state.wizard(RED).square, sq(4, 0));
}

#[test]
fn speed_adds_its_number_and_one_to_movement() {
    let g = classic_table(
        &[
            N::Classic(ClassicCardName::Speed),
            N::Classic(ClassicCardName::Number2),
        ],
        &[],
    );
    let g = resolved(g, BLUE, with_number(b(0), b(1), SpellTarget::Caster));
    assert_eq!(g.state.turn.as_ref().map(|t| t.movement_left), Some(6));
}

#[test]
fn a_trap_is_never_played() {
    let g = classic_table(&[N::Classic(ClassicCardName::Trap)], &[]);
    g.when(BLUE, cast(b(0), SpellTarget::Caster))
        .then_refused(RuleViolation::NotCastable(
            "a Trap is never played: it springs when it is drawn",
        ));
}

#[test]
fn a_trap_dealt_at_the_start_is_discarded_and_the_deck_reshuffled() {
    // "Si jamais la carte TRAP est tirée du paquet, défaussez la et
    // remélangez le paquet."
    let mut deck = vec![N::Classic(ClassicCardName::Trap)];
    deck.extend([N::Energy4; 6]);
    deck.extend([N::Classic(ClassicCardName::Number2); 6]);
    let events = classic(game_with(2, Side::A, &deck, 0, BLUE));
    let mut state = State::default();
    for e in events
        .iter()
        .take_while(|e| !matches!(e, Event::TurnStarted { .. }))
    {
        crate::wizwar::evolve(&mut state, e);
    }
    let mut tx = Tx::new(&state);
    turn::draw_cards(&mut tx, BLUE, 3, &mut GameRng::from_u64(1));
    assert!(
        tx.events
            .iter()
            .any(|e| matches!(e, Event::DeckReshuffled { size: 12, .. })),
        "{:#?}",
        tx.events
    );
    let hand = &tx.state.wizard(BLUE).hand;
    assert_eq!(hand.len(), 3);
    assert!(
        hand.iter()
            .all(|c| tx.state.cards[c.index()] != N::Classic(ClassicCardName::Trap))
    );
    assert_eq!(tx.state.discard_pile.len(), 1);
}

#[test]
fn a_trap_drawn_later_springs_on_whoever_draws_it() {
    let mut deck = vec![N::Energy5; 10];
    deck.push(N::Classic(ClassicCardName::Trap));
    deck.extend([N::Energy4; 11]);
    let events = classic(game_with(2, Side::A, &deck, HAND as u8, BLUE));
    let g = given(after_first_turns(events, &[RED], BLUE));
    let g = g.after(BLUE, &[Command::EndMoveAndCast, Command::Draw { count: 1 }]);
    assert_eq!(life(&g, BLUE), 13);
    assert!(
        g.state
            .discard_pile
            .iter()
            .any(|c| g.state.cards[c.index()] == N::Classic(ClassicCardName::Trap))
    );
}

#[test]
fn an_illusion_wall_falls_at_the_first_point_of_damage() {
    let g = classic_table(&[N::Classic(ClassicCardName::LightningBlast)], &[]);
    let line = barrier_of(&g.state, false);
    let mut state = g.state.clone();
    let card = crate::wizwar::objects::CardId(0);
    state.cards[0] = N::Classic(ClassicCardName::IllusionWall);
    state
        .creations
        .push(crate::wizwar::objects::Creation::StoneWall { card, line });
    let mut tx = Tx::new(&state);
    damage::damage_barrier(&mut tx, line, 1, None);
    assert!(tx.state.labyrinth.barrier(line).is_none());
}

#[test]
fn no_attack_passes_a_wall_of_fire() {
    let g = classic_table(&[N::Classic(ClassicCardName::LightningBlast)], &[]);
    let mut state = g.state.clone();
    state
        .creations
        .push(crate::wizwar::objects::Creation::WallOfFire {
            card: crate::wizwar::objects::CardId(20),
            line: v(4, 2),
        });
    given([])
        .with_state(state)
        .when(BLUE, cast(b(0), at(RED)))
        .then_refused(RuleViolation::NotInSight);
}

#[test]
fn no_attack_passes_a_thornbush() {
    let g = classic_table(&[N::Classic(ClassicCardName::LightningBlast)], &[]);
    let mut state = g.state.clone();
    state
        .creations
        .push(crate::wizwar::objects::Creation::Bush {
            card: crate::wizwar::objects::CardId(20),
            square: sq(4, 2),
            bush: crate::wizwar::objects::BushKind::Thorn,
        });
    given([])
        .with_state(state)
        .when(BLUE, cast(b(0), at(RED)))
        .then_refused(RuleViolation::NotInSight);
}

/// Blue has grown a thornbush in (4, 1), beside him, under `revision`.
fn blue_beside_his_thornbush(revision: u32) -> Given {
    let mut g = classic_table(&[N::Thornbush], &[]);
    g.state.rules_revision = revision;
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    );
    assert!(g.state.bush_in(sq(4, 1)).is_some());
    g
}

fn punch_the_bush() -> Command {
    Command::Punch {
        target: crate::wizwar::Target::Object { card: b(0) },
    }
}

#[test]
fn a_punch_reaches_a_bush_in_the_next_square() {
    // "Si l'objet visé remplit une case entièrement, vous devez être adjacent
    // à cet objet pour le frapper." "Les seuls objets que vous pouvez
    // attaquer sont les buissons, les murs et les portes."
    let g = blue_beside_his_thornbush(2).after(BLUE, &[punch_the_bush()]);
    assert!(
        g.state.bush_in(sq(4, 1)).is_none(),
        "one point kills a bush"
    );
    assert_eq!(g.state.turn.as_ref().map(|t| t.attacks), Some(1));
}

#[test]
fn a_punch_does_not_reach_a_bush_two_squares_away() {
    let g = blue_beside_his_thornbush(2).with_wizard_at(BLUE, sq(4, 3));
    let g = g.with_wizard_at(RED, sq(3, 3));
    g.when(BLUE, punch_the_bush())
        .then_refused(RuleViolation::OutOfReach);
}

#[test]
fn under_revision_1_a_punch_at_a_bush_is_refused() {
    blue_beside_his_thornbush(1)
        .when(BLUE, punch_the_bush())
        .then_refused(RuleViolation::Indestructible);
}

#[test]
fn only_bushes_walls_and_doors_can_be_attacked() {
    let g = classic_table(
        &[N::Thornbush, N::Classic(ClassicCardName::LightningBlast)],
        &[],
    );
    let g = resolved(
        g,
        BLUE,
        cast(b(0), SpellTarget::Square { square: sq(4, 1) }),
    );
    assert!(g.state.bush_in(sq(4, 1)).is_some());
    let g = resolved(g, BLUE, cast(b(1), SpellTarget::Object { card: b(0) }));
    assert!(
        g.state.bush_in(sq(4, 1)).is_none(),
        "one point kills a bush"
    );
    // Solid stone cannot be attacked.
    let g = classic_table(&[N::Classic(ClassicCardName::LightningBlast)], &[]);
    let mut state = g.state.clone();
    let block = crate::wizwar::objects::CardId(20);
    state
        .creations
        .push(crate::wizwar::objects::Creation::StoneBlock {
            card: block,
            square: sq(4, 2),
            cracks: 0,
        });
    given([])
        .with_state(state)
        .when(BLUE, cast(b(0), SpellTarget::Object { card: block }))
        .then_refused(RuleViolation::Indestructible);
}

#[test]
fn a_magic_stone_lies_face_up_and_counts_toward_the_hand() {
    let g = classic_table(&[N::Speedstone], &[]);
    let before = g.state.hand_total(BLUE);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    assert!(g.state.wizard(BLUE).carried.contains(&b(0)));
    assert_eq!(g.state.hand_total(BLUE), before);
    // Its power serves every turn.
    assert_eq!(crate::wizwar::effects::speed(&g.state, BLUE), 4);
}

#[test]
fn a_face_up_stone_can_be_discarded_like_the_other_cards() {
    // "Les pierres peuvent être défaussées comme les autres cartes."
    let g = classic_table(&[N::Speedstone], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = g.after(BLUE, &[Command::Discard { cards: vec![b(0)] }]);
    assert!(!g.state.wizard(BLUE).carried.contains(&b(0)));
    assert!(g.state.discard_pile.contains(&b(0)));
    assert_eq!(crate::wizwar::effects::speed(&g.state, BLUE), 3);
}

#[test]
fn under_revision_1_a_face_up_stone_is_not_discarded() {
    let mut g = classic_table(&[N::Speedstone], &[]);
    g.state.rules_revision = 1;
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    g.when(BLUE, Command::Discard { cards: vec![b(0)] })
        .then_refused(RuleViolation::CardNotInHand);
}

#[test]
fn a_thrown_rock_lands_in_the_target_square() {
    let g = classic_table(&[N::LargeRock], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: at(RED),
        },
    );
    assert!(life(&g, RED) < 15, "physical damage");
    assert!(
        g.state
            .objects
            .iter()
            .any(|o| o.card == b(0) && o.square == sq(4, 3))
    );
}

#[test]
fn a_fireball_deals_5_points() {
    let g = classic_table(&[N::Fireball], &[]);
    let g = resolved(g, BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 10);
}

#[test]
fn invisibility_lasts_as_many_turns_as_its_number() {
    let g = classic_table(&[N::Invisible, N::Classic(ClassicCardName::Number3)], &[]);
    let g = resolved(g, BLUE, with_number(b(0), b(1), SpellTarget::Caster));
    let spell = g
        .state
        .spells
        .iter()
        .find(|s| s.name == N::Invisible)
        .expect("blue is invisible");
    assert_eq!(spell.tokens, Some(3));
    // On himself it is no attack.
    assert_eq!(g.state.turn.as_ref().map(|t| t.attacks), Some(0));
}

#[test]
fn speed_never_allows_an_attack_in_the_first_round() {
    // "Vous ne pouvez attaquer au premier tour même si vous avez le sort
    // SPEED."
    let deck = [
        N::Classic(ClassicCardName::Speed),
        N::Classic(ClassicCardName::LightningBlast),
        N::Energy4,
        N::Energy4,
        N::Energy4,
    ];
    let mut deck = deck.to_vec();
    deck.extend([N::Energy4; 12]);
    let g = given(classic(game_with(2, Side::A, &deck, 5, BLUE)))
        .with_wizard_at(BLUE, sq(4, 0))
        .with_wizard_at(RED, sq(4, 3));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    g.when(BLUE, cast(b(1), at(RED)))
        .then_refused(RuleViolation::NoAttackOnFirstTurn);
}

#[test]
fn a_wall_falling_on_a_wizard_concerns_him_under_when_targeted() {
    use crate::wizwar::yield_policies::YieldPolicy;
    let base = classic_table(&[N::DestroyWall], &[N::Classic(ClassicCardName::Absorb)])
        .with_yield_policy(RED, YieldPolicy::WhenTargeted);
    let red_square = base.state.wizard(RED).square;
    let line = base
        .state
        .labyrinth
        .barriers
        .iter()
        .filter(|(l, b)| {
            !matches!(b, Barrier::OuterWall)
                && base
                    .state
                    .labyrinth
                    .squares_beside_line(**l)
                    .contains(&red_square)
        })
        .map(|(l, _)| *l)
        .find(|l| {
            base.when(BLUE, cast(b(0), SpellTarget::Line { line: *l }))
                .result
                .is_ok()
        })
        .expect("a wall beside red that blue can destroy");
    let g = base.after(BLUE, &[cast(b(0), SpellTarget::Line { line })]);
    assert_eq!(
        g.state
            .stack
            .last()
            .and_then(|c| c.responders.first().copied()),
        Some(RED),
        "the window waits for red"
    );
}

#[test]
fn a_wizardblade_strikes_for_its_number_card() {
    let g = classic_table(&[N::Wizardblade, N::Classic(ClassicCardName::Number3)], &[])
        .with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(
        g,
        BLUE,
        Command::UseDiscarding {
            card: b(0),
            discard: b(1),
            target: at(RED),
        },
    );
    assert_eq!(life(&g, RED), 12);
}

#[test]
fn a_wizardblade_without_a_number_card_strikes_for_1() {
    // "Toute carte peut être jouée sans une carte nombre, mais sa
    // puissance ou sa durée est alors de 1."
    let g = classic_table(&[N::Wizardblade], &[]).with_wizard_at(RED, sq(4, 1));
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: at(RED),
        },
    );
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn only_number_cards_are_numbers() {
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast), N::FullShield],
        &[],
    );
    g.when(BLUE, with_number(b(0), b(1), at(RED)))
        .then_refused(RuleViolation::NoEnergyValue);
}

#[test]
fn a_thrown_dagger_lands_in_the_target_square() {
    let g = classic_table(&[N::Dagger], &[]);
    let g = resolved(g, BLUE, cast(b(0), SpellTarget::Caster));
    let g = resolved(
        g,
        BLUE,
        Command::Use {
            card: b(0),
            target: at(RED),
        },
    );
    assert_eq!(life(&g, RED), 13, "2 physical points");
    assert!(
        g.state
            .objects
            .iter()
            .any(|o| o.card == b(0) && o.square == sq(4, 3))
    );
}

#[test]
fn only_the_attacked_player_counters_an_attack() {
    // "Elles sont jouées immédiatement après une attaque par le joueur qui
    // a été attaqué."
    let mut deck = vec![
        N::Classic(ClassicCardName::LightningBlast),
        N::Energy5,
        N::Energy5,
        N::Energy5,
        N::Energy5,
    ];
    deck.extend([N::Energy5; 5]);
    deck.extend([
        N::Classic(ClassicCardName::Absorb),
        N::Energy5,
        N::Energy5,
        N::Energy5,
        N::Energy5,
    ]);
    deck.extend([N::Energy4; 12]);
    let events = classic(game_with(3, Side::A, &deck, HAND as u8, BLUE));
    let g = given(after_first_turns(events, &[RED, YELLOW], BLUE))
        .with_wizard_at(BLUE, sq(4, 0))
        .with_wizard_at(RED, sq(4, 3));
    let g = g.after(BLUE, &[cast(b(0), at(RED))]);
    let g = g.after(RED, &[Command::Pass]);
    g.when(YELLOW, counter(y(0)))
        .then_refused(RuleViolation::CounterDoesNotApply(
            "a counteraction answers an attack on you or damage falling on you",
        ));
}

#[test]
fn drop_object_takes_an_object_by_force() {
    // "Les objets ne peuvent vous être pris de force à moins qu'un
    // adversaire joue le sort DROP OBJECT."
    let g = classic_table(&[N::DropObject], &[N::Dagger]);
    let mut state = g.state.clone();
    if let Some(red) = state.wizards.iter_mut().find(|w| w.seat == RED) {
        red.hand.retain(|c| *c != r(0));
        red.carried.push(r(0));
    }
    let g = given([]).with_state(state);
    let g = resolved(
        g,
        BLUE,
        cast_with(
            b(0),
            None,
            at(RED),
            Some(crate::wizwar::casting::SpellOption::Thing {
                thing: crate::wizwar::commands::Thing::Item { card: r(0) },
            }),
        ),
    );
    assert!(!g.state.wizard(RED).carried.contains(&r(0)));
    assert!(
        g.state
            .objects
            .iter()
            .any(|o| o.card == r(0) && o.square == sq(4, 3))
    );
}

#[test]
fn a_punch_does_1_point_in_the_same_square_only() {
    // "Un coup fait un point de dégât et vous devez être dans la même case
    // que votre opposant."
    let punch = Command::Punch {
        target: crate::wizwar::commands::Target::Wizard { seat: RED },
    };
    let g = classic_table(&[], &[]).with_wizard_at(RED, sq(4, 1));
    g.when(BLUE, punch.clone())
        .then_refused(RuleViolation::OutOfReach);
    let g = classic_table(&[], &[]).with_wizard_at(RED, sq(4, 0));
    let g = resolved(g, BLUE, punch);
    assert_eq!(life(&g, RED), 14);
}

#[test]
fn only_counter_cards_are_played_out_of_turn() {
    // "Les cartes contre attaque sont les seuls à pouvoir être utilisés en
    // dehors de son tour": Invisible is cast on one's own turn only.
    let g = classic_table(
        &[N::Classic(ClassicCardName::LightningBlast)],
        &[N::Invisible],
    );
    let g = g.after(BLUE, &[cast(b(0), at(RED))]);
    g.when(RED, counter(r(0)))
        .then_refused(RuleViolation::NotACounter);
}

#[test]
fn the_feed_tells_damage_to_a_wall_in_points() {
    use crate::ruleset::Presentation;
    let g = classic_table(&[], &[]);
    let line = barrier_of(&g.state, false);
    let event = Event::BarrierDamaged {
        line,
        damage: 5,
        cracks_added: 5,
        cracks: 5,
    };
    let names = crate::ruleset::SeatNames::default();
    let told = crate::wizwar::WizWar::narrate(&event, &g.state, &names);
    assert!(told.contains("5 points of damage"), "{told}");
}
