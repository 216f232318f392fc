mod board_tests;
mod damage_tests;
mod given;
mod line_of_sight_tests;
mod movement_tests;
mod random_play;
mod treasure_tests;
