//! What a ruleset says of itself, built from what its type already says:
//! its id, its seat bounds and its typed options.

use super::options::{DescribedOptions, offered};
use crate::ruleset::{Ruleset, RulesetInfo, SetupError};

/// The ruleset as clients are told it: the id, the seat bounds and the
/// options come from `R` ([`Ruleset::MIN_SEATS`], [`Ruleset::MAX_SEATS`],
/// the described `Options`); the name, one sentence and the reference
/// material (card catalogues) from the ruleset.
pub fn about<R>(name: &str, description: &str, reference: serde_json::Value) -> RulesetInfo
where
    R: Ruleset,
    R::Options: DescribedOptions,
{
    RulesetInfo {
        id: R::ID.into(),
        name: name.into(),
        description: description.into(),
        min_seats: R::MIN_SEATS,
        max_seats: R::MAX_SEATS,
        options: offered::<R::Options>(),
        reference,
        // The changelog is the registry's to fill, from `REVISIONS`.
        ..RulesetInfo::default()
    }
}

/// Refuses a table of the wrong size for `R`: the first check of every
/// `setup` (the conformance suite holds each ruleset to it).
///
/// # Errors
/// [`SetupError::SeatCount`] outside `R::MIN_SEATS..=R::MAX_SEATS`.
pub fn check_seats<R: Ruleset>(seats: u8) -> Result<(), SetupError> {
    if (R::MIN_SEATS..=R::MAX_SEATS).contains(&seats) {
        Ok(())
    } else {
        Err(SetupError::SeatCount {
            min: R::MIN_SEATS,
            max: R::MAX_SEATS,
            got: seats,
        })
    }
}
