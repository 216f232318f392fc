//! Ratings: one Glicko-2 rating per player and ruleset, computed by the
//! `skillratings` crate (Glicko-2 widens a rating's deviation for irregular
//! play, which correspondence games are).
//!
//! Each rated game is a rating period of its own, computed from every
//! player's rating as it stood before the game:
//! - two players: the crate's one-game update ([`glicko2`]);
//! - more players: each player's period holds one result against each other
//!   player ([`glicko2_rating_period`]): a win against every non-winner, a
//!   loss against every winner when he did not win, a draw with the players
//!   who share his result.
//!
//! This module is pure: the store calls it in the transaction that ends a
//! game, and the rebuild calls it over the finished games of the log, so the
//! two cannot disagree on the arithmetic.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, glicko2, glicko2_rating_period};

pub use skillratings::glicko2::Glicko2Rating as Rating;

/// A newcomer's rating: the crate's default (1500, deviation 350, volatility 0.06).
pub fn starting_rating() -> Rating {
    Rating::new()
}

/// The ratings after a game, in the order of `players`: each player's rating
/// before it, and whether he is among the winners. A game nobody won is a
/// draw for everyone.
pub fn after_game(players: &[(Rating, bool)]) -> Vec<Rating> {
    let config = Glicko2Config::new();
    let outcome = |won: bool, other_won: bool| match (won, other_won) {
        (true, false) => Outcomes::WIN,
        (false, true) => Outcomes::LOSS,
        _ => Outcomes::DRAW,
    };
    match players {
        [(first, first_won), (second, second_won)] => {
            let (first, second) =
                glicko2(first, second, &outcome(*first_won, *second_won), &config);
            vec![first, second]
        }
        _ => players
            .iter()
            .enumerate()
            .map(|(i, (rating, won))| {
                let results: Vec<(Rating, Outcomes)> = players
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != i)
                    .map(|(_, (other, other_won))| (*other, outcome(*won, *other_won)))
                    .collect();
                glicko2_rating_period(rating, &results, &config)
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_winner_of_a_duel_gains_what_the_loser_loses_between_equals() {
        let after = after_game(&[(starting_rating(), true), (starting_rating(), false)]);
        assert!(after[0].rating > 1500.0 && after[1].rating < 1500.0);
        assert!((after[0].rating - 1500.0 - (1500.0 - after[1].rating)).abs() < 1e-9);
    }

    #[test]
    fn in_a_three_player_game_the_sole_winner_rises_and_the_others_fall() {
        let after = after_game(&[
            (starting_rating(), false),
            (starting_rating(), true),
            (starting_rating(), false),
        ]);
        assert!(after[1].rating > 1500.0);
        assert!(after[0].rating < 1500.0 && after[2].rating < 1500.0);
        assert_eq!(after[0], after[2]);
    }
}
