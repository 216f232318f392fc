//! Rule tests of the classic edition, one file per part of the work.

mod play_tests;
