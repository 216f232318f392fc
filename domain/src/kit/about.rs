//! What a ruleset says of itself, built from what its type already says:
//! its id, its seat bounds, its typed options and its typed reference
//! material.

use serde::Serialize;

use super::options::{DescribedOptions, offered};
use crate::ruleset::{Documented, Ruleset, RulesetInfo, SetupError};

#[cfg(feature = "openapi")]
mod document;
#[cfg(feature = "openapi")]
pub use document::{AboutSchemas, RulesetReference};

/// The reference material a ruleset serves clients beside its table (its
/// card catalogue, the facts of its board and dice), as a type of its own:
/// the OpenAPI document describes it under its schema name
/// (`<Prefix>Reference`), so a client reads a catalogue typed and tells one
/// ruleset's from another's.
pub trait ReferenceMaterial: Ruleset {
    type Reference: Serialize + Documented;

    /// The material, built from the rules' own tables.
    fn reference() -> Self::Reference;
}

/// The ruleset as clients are told it: the id, the seat bounds and the
/// options come from `R` ([`Ruleset::MIN_SEATS`], [`Ruleset::MAX_SEATS`],
/// the described `Options`), the reference material from
/// [`ReferenceMaterial`]; the name and one sentence from the ruleset.
pub fn about<R>(name: &str, description: &str) -> RulesetInfo
where
    R: ReferenceMaterial,
    R::Options: DescribedOptions,
{
    RulesetInfo {
        id: R::ID.into(),
        name: name.into(),
        description: description.into(),
        min_seats: R::MIN_SEATS,
        max_seats: R::MAX_SEATS,
        options: offered::<R::Options>(),
        reference: serde_json::to_value(R::reference())
            .expect("reference material serialises to JSON"),
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
