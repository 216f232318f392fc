//! How the OpenAPI document describes what [`super::about`] tells, from the
//! offered rulesets' own types: the reference material as `oneOf` their
//! reference schemas.

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{OneOfBuilder, Ref, Schema};
use utoipa::{PartialSchema, ToSchema};

use super::ReferenceMaterial;
use crate::registry::{self, NamedSchemas};

/// What one ruleset adds to the description of a ruleset's info.
pub struct AboutSchemas {
    /// The name of its reference material's schema.
    pub reference: String,
    /// That schema and every schema it refers to.
    pub reference_schemas: NamedSchemas,
}

impl AboutSchemas {
    pub fn of<R: ReferenceMaterial>() -> Self {
        let mut reference_schemas = vec![(
            R::Reference::name().into_owned(),
            <R::Reference as PartialSchema>::schema(),
        )];
        <R::Reference as ToSchema>::schemas(&mut reference_schemas);
        AboutSchemas {
            reference: R::Reference::name().into_owned(),
            reference_schemas,
        }
    }
}

/// The reference material of an offered ruleset, as the document describes
/// `RulesetInfo.reference`. Never a value: the field holds the material as
/// JSON, written from the ruleset's own type.
pub enum RulesetReference {}

impl PartialSchema for RulesetReference {
    fn schema() -> RefOr<Schema> {
        let mut union = OneOfBuilder::new().description(Some(
            "Reference material a client shows beside the table (a card catalogue, the \
             board's facts), one schema per ruleset. Each is an object whose keys are all \
             required and which admits no other key, so the material of a ruleset is valid \
             for its own schema alone.",
        ));
        for about in registry::about_schemas() {
            union = union.item(Ref::from_schema_name(about.reference));
        }
        union.into()
    }
}

impl ToSchema for RulesetReference {
    fn schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        for about in registry::about_schemas() {
            schemas.extend(about.reference_schemas);
        }
    }
}
