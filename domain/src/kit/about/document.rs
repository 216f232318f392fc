//! How the OpenAPI document describes what [`super::about`] tells, from the
//! offered rulesets' own types: the reference material as `oneOf` their
//! reference schemas, and each option with the schema of its value.

use std::borrow::Cow;
use std::collections::BTreeMap;

use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{
    AnyOfBuilder, ObjectBuilder, OneOfBuilder, Ref, Schema, SchemaType, Type,
};
use utoipa::{PartialSchema, ToSchema};

use super::ReferenceMaterial;
use crate::registry::{self, NamedSchemas};
use crate::ruleset::RulesetOption;

/// What one ruleset adds to the description of a ruleset's info.
pub struct AboutSchemas {
    /// The name of its reference material's schema.
    pub reference: String,
    /// That schema and every schema it refers to.
    pub reference_schemas: NamedSchemas,
    /// Its options' schema: an object with one property per option.
    pub options: RefOr<Schema>,
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
            options: <R::Options as PartialSchema>::schema(),
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

/// What a default is told as.
const DEFAULT: &str = "The value used when the option is left out.";

/// An option's value schema as its ruleset's options schema gives it, told
/// as a default: without what that schema says of the property (its words,
/// its `default` keyword, its extensions), which are not a default's.
fn value_schema(property: &RefOr<Schema>) -> RefOr<Schema> {
    let mut value = property.clone();
    let description = || Some(DEFAULT.to_owned());
    match &mut value {
        RefOr::Ref(reference) => {
            reference.description = DEFAULT.to_owned();
            reference.default = None;
        }
        RefOr::T(Schema::Object(object)) => {
            object.description = description();
            object.default = None;
            object.extensions = None;
        }
        RefOr::T(Schema::Array(array)) => {
            array.description = description();
            array.default = None;
            array.extensions = None;
        }
        RefOr::T(Schema::OneOf(union)) => {
            union.description = description();
            union.default = None;
            union.extensions = None;
        }
        RefOr::T(Schema::AnyOf(union)) => {
            union.description = description();
            union.default = None;
            union.extensions = None;
        }
        RefOr::T(Schema::AllOf(all)) => {
            all.description = description();
            all.default = None;
            all.extensions = None;
        }
        _ => {}
    }
    value
}

/// Each offered option's name and the schemas its value has in the
/// rulesets that offer it (one, unless two rulesets give one name to
/// options of different values).
fn option_values() -> BTreeMap<String, Vec<RefOr<Schema>>> {
    let mut values: BTreeMap<String, Vec<RefOr<Schema>>> = BTreeMap::new();
    for about in registry::about_schemas() {
        let RefOr::T(Schema::Object(options)) = &about.options else {
            panic!("a ruleset's options are an object of named options");
        };
        for (name, property) in &options.properties {
            let value = value_schema(property);
            let known = values.entry(name.clone()).or_default();
            let told = serde_json::to_value(&value).expect("a schema is JSON");
            if !known
                .iter()
                .any(|k| serde_json::to_value(k).expect("a schema is JSON") == told)
            {
                known.push(value);
            }
        }
    }
    values
}

fn string() -> ObjectBuilder {
    ObjectBuilder::new().schema_type(SchemaType::Type(Type::String))
}

/// `RulesetOption` is one schema per option name, told apart by `name`:
/// its `default` is typed as the option's value, so a generated client reads
/// a default as the very type it sends back when it creates a game. (One
/// schema for every option would type a default only as the union of all
/// options' values, which a client must take apart by hand.)
impl PartialSchema for RulesetOption {
    fn schema() -> RefOr<Schema> {
        let mut union = OneOfBuilder::new().description(Some(
            "One option a ruleset accepts when a game is created, told apart by `name`. Its \
             `default` has the schema of the option's value: the property of that name in the \
             ruleset's options (`FirewallOptions`, `WizwarOptions` …), so a typed client reads \
             the default as the value it would send.",
        ));
        for (name, values) in option_values() {
            let default = match <[RefOr<Schema>; 1]>::try_from(values) {
                Ok([value]) => value,
                Err(values) => values
                    .into_iter()
                    .fold(AnyOfBuilder::new(), AnyOfBuilder::item)
                    .description(Some(DEFAULT))
                    .into(),
            };
            let variant = ObjectBuilder::new()
                .property(
                    "name",
                    string()
                        .enum_values(Some([name.as_str()]))
                        .description(Some("The option's name in a game's `options`.")),
                )
                .required("name")
                .property(
                    "description",
                    string().description(Some("What the option chooses, for people.")),
                )
                .required("description")
                .property("default", default)
                .required("default");
            union = union.item(variant);
        }
        union.into()
    }
}

impl ToSchema for RulesetOption {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("RulesetOption")
    }
}
