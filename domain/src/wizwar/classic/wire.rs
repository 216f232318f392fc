//! The classic edition's commands and events on the wire: one union of the
//! engine's values and the edition's own, tagged by `type` as every
//! ruleset's are (`{"type": "offer_deal", …}` beside `{"type": "move", …}`).

/// Implements serde and the OpenAPI schema for `$union`, an enum of
/// `Engine($engine)` and `Edition($edition)`, both internally tagged by
/// `type`; `$types` lists the edition's tags.
///
/// Reading looks at the `type` first and hands the value to the one type
/// that has it, so a refusal names that type's own fields (an untagged
/// union would only say that nothing matched). The schema is one `oneOf` of
/// both types' variants, each an inline object tagged by `type` that the
/// spec's tag pass names and discriminates.
macro_rules! edition_union {
    (
        $union:ident { Engine($engine:ty), Edition($edition:ty) },
        types: $types:expr,
        schema: $name:literal,
        description: $description:literal $(,)?
    ) => {
        impl serde::Serialize for $union {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                match self {
                    $union::Engine(value) => value.serialize(serializer),
                    $union::Edition(value) => value.serialize(serializer),
                }
            }
        }

        impl<'de> serde::Deserialize<'de> for $union {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                use serde::de::Error;
                const TYPES: &[&str] = &$types;
                let value = serde_json::Value::deserialize(deserializer)?;
                let tag = value.get("type").and_then(serde_json::Value::as_str);
                if tag.is_some_and(|tag| TYPES.contains(&tag)) {
                    return serde_json::from_value(value)
                        .map($union::Edition)
                        .map_err(D::Error::custom);
                }
                serde_json::from_value(value)
                    .map($union::Engine)
                    .map_err(|error| {
                        let message = error.to_string();
                        if message.starts_with("unknown variant") {
                            D::Error::custom(format!(
                                "{message}, or one of the classic edition's `{}`",
                                TYPES.join("`, `")
                            ))
                        } else {
                            D::Error::custom(message)
                        }
                    })
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::PartialSchema for $union {
            fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
                use utoipa::openapi::RefOr;
                use utoipa::openapi::schema::{OneOf, Schema};
                let variants = |schema| match schema {
                    RefOr::T(Schema::OneOf(one_of)) => one_of.items,
                    other => vec![other],
                };
                let mut union = OneOf::new();
                union.description = Some($description.to_owned());
                union.items = variants(<$engine as utoipa::PartialSchema>::schema());
                union
                    .items
                    .extend(variants(<$edition as utoipa::PartialSchema>::schema()));
                RefOr::T(Schema::OneOf(union))
            }
        }

        #[cfg(feature = "openapi")]
        impl utoipa::ToSchema for $union {
            fn name() -> std::borrow::Cow<'static, str> {
                $name.into()
            }

            fn schemas(
                schemas: &mut Vec<(
                    String,
                    utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
                )>,
            ) {
                <$engine as utoipa::ToSchema>::schemas(schemas);
                <$edition as utoipa::ToSchema>::schemas(schemas);
            }
        }

        impl From<$engine> for $union {
            fn from(value: $engine) -> Self {
                $union::Engine(value)
            }
        }

        impl From<$edition> for $union {
            fn from(value: $edition) -> Self {
                $union::Edition(value)
            }
        }
    };
}

pub(super) use edition_union;
