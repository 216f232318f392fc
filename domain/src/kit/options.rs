//! A ruleset's options, described from their type.
//!
//! A ruleset declares its `Options` inside [`game_options!`]: each field is
//! an option, named as it is sent, described by its doc comment (which is
//! also its description in the OpenAPI document), or, when it has none, by
//! its type ([`DescribedType`]: the yield policy describes itself once for
//! every ruleset). Defaults come from `Options::default()`. Nothing about
//! an option is written twice.

use serde::Serialize;

use crate::ruleset::RulesetOption;

/// A type that tells, in one sentence for people, what an option of that
/// type chooses (used for an option field without a doc comment).
pub trait DescribedType {
    fn description() -> String;
}

/// Options whose every field is described (implemented by [`game_options!`]).
pub trait DescribedOptions: Serialize + Default {
    /// Each option's wire name and description, in declaration order.
    fn descriptions() -> Vec<(&'static str, String)>;
}

/// The options a ruleset offers, with their descriptions and defaults.
pub fn offered<O: DescribedOptions>() -> Vec<RulesetOption> {
    let defaults = serde_json::to_value(O::default()).expect("options serialise to JSON");
    O::descriptions()
        .into_iter()
        .map(|(name, description)| RulesetOption {
            name: name.to_owned(),
            description,
            default: defaults
                .get(name)
                .cloned()
                .unwrap_or(serde_json::Value::Null),
        })
        .collect()
}

/// A doc comment as one line of text: its lines trimmed and joined.
pub fn sentence(doc_lines: &[&str]) -> String {
    doc_lines
        .iter()
        .map(|line| line.trim())
        .filter(|line| !line.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Declares a ruleset's `Options` struct and describes its fields for
/// clients ([`DescribedOptions`]): by each field's doc comment, or by its
/// type's [`DescribedType`] when the field has none. The struct takes any
/// attribute; a field takes doc comments and attributes for its schema or
/// serde (an option added to a ruleset after games were created without it
/// marked `schema(extensions(("x-added-later" = json!(true))))`: those
/// games' options are answered as they were created, without it).
///
/// ```text
/// game_options! {
///     /// What a game is created with.
///     #[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
///     #[serde(default, deny_unknown_fields)]
///     pub struct Options {
///         /// Variant 1: each wizard holds his whole deck from the start.
///         pub full_deck_in_hand: bool,
///         pub yield_policy: YieldPolicy,
///     }
/// }
/// ```
macro_rules! game_options {
    // The doc lines among a field's attributes, gathered one attribute at a
    // time (attributes are read as tokens so that `doc = ".."` can be told
    // from the others), then described.
    (@describe [$($doc:literal)*] $ty:ty ;) => {
        $crate::kit::options::game_options!(@sentence [$($doc)*] $ty)
    };
    (@describe [$($doc:literal)*] $ty:ty ; [doc = $line:literal] $($rest:tt)*) => {
        $crate::kit::options::game_options!(@describe [$($doc)* $line] $ty ; $($rest)*)
    };
    (@describe [$($doc:literal)*] $ty:ty ; [$($other:tt)*] $($rest:tt)*) => {
        $crate::kit::options::game_options!(@describe [$($doc)*] $ty ; $($rest)*)
    };
    (@sentence [] $ty:ty) => {
        <$ty as $crate::kit::options::DescribedType>::description()
    };
    (@sentence [$($doc:literal)+] $ty:ty) => {
        $crate::kit::options::sentence(&[$($doc),+])
    };
    (
        $(#[$attr:meta])*
        $vis:vis struct $name:ident {
            $(
                $(#[$($field_attr:tt)*])*
                $field_vis:vis $field:ident : $ty:ty
            ),* $(,)?
        }
    ) => {
        $(#[$attr])*
        $vis struct $name {
            $(
                $(#[$($field_attr)*])*
                $field_vis $field: $ty,
            )*
        }

        impl $crate::kit::options::DescribedOptions for $name {
            fn descriptions() -> Vec<(&'static str, String)> {
                vec![$((
                    stringify!($field),
                    $crate::kit::options::game_options!(
                        @describe [] $ty ; $([$($field_attr)*])*
                    ),
                )),*]
            }
        }
    };
}

pub(crate) use game_options;

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};

    use super::*;

    struct Colour;

    impl DescribedType for Colour {
        fn description() -> String {
            "Red or blue.".into()
        }
    }

    game_options! {
        /// Options of a test.
        #[derive(Default, Serialize, Deserialize)]
        struct Options {
            /// Whether the bridge
            #[serde(default)]
            /// has a wall.
            walled: bool,
            #[serde(default)]
            colour: Colour,
        }
    }

    impl Serialize for Colour {
        fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
            s.serialize_str("red")
        }
    }
    impl<'de> Deserialize<'de> for Colour {
        fn deserialize<D: serde::Deserializer<'de>>(_: D) -> Result<Self, D::Error> {
            Ok(Colour)
        }
    }
    impl Default for Colour {
        fn default() -> Self {
            Colour
        }
    }

    #[test]
    fn an_option_is_described_by_its_doc_comment_or_else_by_its_type() {
        let offered = offered::<Options>();
        let told: Vec<_> = offered
            .iter()
            .map(|o| (o.name.as_str(), o.description.as_str(), o.default.clone()))
            .collect();
        assert_eq!(
            told,
            [
                (
                    "walled",
                    "Whether the bridge has a wall.",
                    serde_json::json!(false)
                ),
                ("colour", "Red or blue.", serde_json::json!("red")),
            ]
        );
    }
}
