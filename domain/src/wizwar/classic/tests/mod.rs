//! Rule tests of the classic edition, one file per part of the work.

mod magic_tests;
mod narration_tests;
mod picture_tests;
mod play_tests;
mod revision_3_tests;
mod rules_tests;
mod table_tests;
