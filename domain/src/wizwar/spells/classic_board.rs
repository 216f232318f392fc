//! What the classic edition's board cards do (their facts:
//! `cards::classic_board`); the board rules they apply live in
//! [`crate::wizwar::classic`].

use super::super::classic::doors;
use super::rules::CardRules;

/// REMOVE LOCK: a door beside the caster is jammed open for good.
pub const REMOVE_LOCK: CardRules = CardRules {
    check: |c| doors::check_remove_lock(c.state, c.seat, c.target),
    resolve: |tx, cast, _, _| doors::remove_lock(tx, cast.seat, cast.target),
    ..CardRules::BASE
};
