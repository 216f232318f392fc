//! Small helpers every ruleset's narration (`narration.rs`) tells its
//! sentences with.

use crate::ruleset::{Seat, SeatNames};

/// "A", "A and B", "A, B and C"; nothing for no item.
pub fn listed(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// The seats' names, listed: "Merlin and Morgana".
pub fn seats(list: &[Seat], names: &SeatNames) -> String {
    listed(&list.iter().map(|s| names.of(*s)).collect::<Vec<_>>())
}

/// "1 card", "3 cards": a count with the word for one or for many.
pub fn counted(n: impl Into<u64>, one: &str, many: &str) -> String {
    match n.into() {
        1 => format!("1 {one}"),
        n => format!("{n} {many}"),
    }
}

/// The text with its first letter in capitals, to open a sentence.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lists_counts_and_openings_read_as_english() {
        let items = |list: &[&str]| listed(&list.iter().map(|s| s.to_string()).collect::<Vec<_>>());
        assert_eq!(items(&[]), "");
        assert_eq!(items(&["Zot!"]), "Zot!");
        assert_eq!(
            items(&["Zot!", "Fireball", "Ward"]),
            "Zot!, Fireball and Ward"
        );
        assert_eq!(counted(1u8, "card", "cards"), "1 card");
        assert_eq!(counted(0u8, "card", "cards"), "0 cards");
        assert_eq!(capitalised("merlin's fireball"), "Merlin's fireball");
        let names = SeatNames::new(vec![Some("Merlin".into()), None]);
        assert_eq!(seats(&[Seat(0), Seat(1)], &names), "Merlin and Seat 1");
    }
}
