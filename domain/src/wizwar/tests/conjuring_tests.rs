//! The Conjuring cards the engine plays.

use super::given::*;
use super::magic::*;
use crate::wizwar::Command;
use crate::wizwar::cards::CardName as N;

fn boosted_counter(
    card: crate::wizwar::objects::CardId,
    energy: crate::wizwar::objects::CardId,
) -> Command {
    Command::PlayCounter {
        card,
        energy: Some(energy),
        line: None,
        square: None,
    }
}

#[test]
fn ka_bong_deals_4_and_stuns_the_wizard_for_his_next_turn() {
    let g = resolved(table(&[N::KaBong], &[]), BLUE, cast(b(0), at(RED)));
    assert_eq!(life(&g, RED), 11);
    assert_eq!(g.state.wizard(RED).stun_tokens, 1);
}

#[test]
fn ka_bong_shielded_down_to_nothing_stuns_no_one() {
    // A Shield boosted with Energy 5 takes 7 off the 4 damage (p.15: no
    // damage, no secondary effects).
    let g = table(&[N::KaBong], &[N::Shield]).after(BLUE, &[cast(b(0), at(RED))]);
    let g = all_pass(g.after(RED, &[boosted_counter(r(0), r(1))]));
    assert_eq!(life(&g, RED), 15);
    assert_eq!(g.state.wizard(RED).stun_tokens, 0);
}
