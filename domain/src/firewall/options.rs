//! The two "Variants for Expert Wizards".

use serde::{Deserialize, Serialize};

crate::kit::game_options! {
    /// Options of a Fire Wall duel. Both default to off (the standard rules).
    #[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
    #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
    #[serde(default, deny_unknown_fields)]
    #[cfg_attr(feature = "openapi", schema(as = FirewallOptions))]
    pub struct Options {
        /// Variant N°1: each wizard holds his whole deck from the start instead of drawing.
        pub full_deck_in_hand: bool,
        /// Variant N°2: each wizard orders his own stock (sealed) instead of shuffling it.
        pub arranged_decks: bool,
    }
}
