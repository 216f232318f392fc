//! The Thaumaturgy cards the engine plays.

use super::given::*;
use super::magic::*;
use crate::wizwar::cards::CardName as N;
use crate::wizwar::casting::SpellTarget;
use crate::wizwar::{Command, RuleViolation};

#[test]
fn backlash_stops_an_attack_and_hurts_its_caster_for_its_energy() {
    let g = table(&[N::Fireball], &[N::Backlash])
        .after(BLUE, &[cast_with(b(0), Some(b(1)), at(RED), None)]);
    let g = resolved(g, RED, counter(r(0)));
    assert_eq!((life(&g, BLUE), life(&g, RED)), (10, 15));
    assert_eq!(g.state.wizard(RED).victory_points, 0);
}

#[test]
fn backlash_does_not_answer_a_neutral_spell_or_an_attack_on_someone_else() {
    let g = table(&[N::Teleport], &[N::Backlash]).after(
        BLUE,
        &[cast(b(0), SpellTarget::Square { square: sq(4, 1) })],
    );
    g.when(RED, counter(r(0)))
        .then_code("counter_does_not_apply");
    let g = table_of(&[&[N::Zot], &[], &[N::Backlash]]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = g.after(RED, &[Command::Pass]);
    g.when(YELLOW, counter(y(0)))
        .then_error(RuleViolation::CounterDoesNotApply(
            "Backlash stops only an attack spell aimed at you",
        ));
}
