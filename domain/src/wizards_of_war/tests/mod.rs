//! The rulebook as examples: given a board, when a player acts, then this
//! happens (or this rule refuses it). Test names use the rulebook's terms.

mod given;

mod combat_tests;
mod components_tests;
mod counterspell_tests;
mod movement_tests;
mod presentation_tests;
mod random_play;
mod spell_tests;
mod turn_tests;
mod winning_tests;
