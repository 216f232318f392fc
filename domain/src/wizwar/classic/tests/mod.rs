//! Tests of the classic edition, one file per part of the work.

mod table_tests;
