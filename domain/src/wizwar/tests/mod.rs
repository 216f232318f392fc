mod board_tests;
mod given;
