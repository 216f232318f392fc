//! Makes every union of the document one a generated client can type.
//!
//! Two passes over the finished document, both generic so a new ruleset or a
//! new event needs nothing here:
//!
//! - **By ruleset.** A schema that carries a `ruleset` field and (through any
//!   depth) a ruleset's command, event, view or options becomes `oneOf` one
//!   copy per ruleset, discriminated by `ruleset`: `Game` is `FirewallGame` or
//!   `WizwarGame`, and inside `WizwarGame` every command, event and view is the
//!   Wiz-War one. Without this a Wiz-War `cards_drawn` event also matches the
//!   Fire Wall variant of the same name and a client cannot tell them apart.
//! - **By tag.** Every `oneOf` whose variants are inline objects sharing one
//!   required single-valued string property (serde's internal tag: `type`,
//!   `kind`, `origin` …) gets its variants hoisted into schemas named after
//!   the union and the tag value (`WizwarCommandCast`), and a discriminator
//!   mapping each tag to its schema. Names come from the tag, never from the
//!   position, so reordering an enum renames nothing.

use std::collections::{BTreeMap, BTreeSet};

use utoipa::openapi::schema::{
    AdditionalProperties, ArrayItems, Discriminator, Object, OneOfBuilder, Ref, Schema, Type,
};
use utoipa::openapi::{OpenApi as OpenApiDoc, RefOr};

use owlpost_domain::registry;

const SCHEMA_PREFIX: &str = "#/components/schemas/";

/// The field that says which ruleset a value belongs to.
const RULESET_FIELD: &str = "ruleset";

/// The generic unions that stand for "the value of one of the rulesets",
/// with how to find each ruleset's own schema.
type SchemaOf = fn(&registry::RulesetSchemas) -> &String;

const RULES_UNIONS: [(&str, SchemaOf); 5] = [
    ("RulesCommand", |s| &s.command),
    ("RulesCommandChoice", |s| &s.command_choice),
    ("RulesEvent", |s| &s.event),
    ("RulesView", |s| &s.view),
    ("RulesOptions", |s| &s.options),
];

pub fn discriminate(api: &mut OpenApiDoc) {
    let Some(components) = api.components.as_mut() else {
        return;
    };
    discriminate_by_ruleset(&mut components.schemas);
    discriminate_by_tag(&mut components.schemas);
}

/// Calls `visit` on every reference inside `schema`, at any depth.
fn for_each_ref(schema: &mut RefOr<Schema>, visit: &mut impl FnMut(&mut Ref)) {
    match schema {
        RefOr::Ref(reference) => visit(reference),
        RefOr::T(schema) => for_each_ref_in(schema, visit),
    }
}

fn for_each_ref_in(schema: &mut Schema, visit: &mut impl FnMut(&mut Ref)) {
    match schema {
        Schema::Object(object) => {
            for property in object.properties.values_mut() {
                for_each_ref(property, visit);
            }
            if let Some(additional) = object.additional_properties.as_deref_mut()
                && let AdditionalProperties::RefOr(inner) = additional
            {
                for_each_ref(inner, visit);
            }
        }
        Schema::Array(array) => {
            if let ArrayItems::RefOrSchema(items) = &mut array.items {
                for_each_ref(items, visit);
            }
            for item in &mut array.prefix_items {
                for_each_ref_in(item, visit);
            }
        }
        Schema::OneOf(union) => union.items.iter_mut().for_each(|s| for_each_ref(s, visit)),
        Schema::AllOf(all) => all.items.iter_mut().for_each(|s| for_each_ref(s, visit)),
        Schema::AnyOf(any) => any.items.iter_mut().for_each(|s| for_each_ref(s, visit)),
        _ => {}
    }
}

fn referenced_names(schema: &RefOr<Schema>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let mut copy = schema.clone();
    for_each_ref(&mut copy, &mut |reference| {
        if let Some(name) = reference.ref_location.strip_prefix(SCHEMA_PREFIX) {
            names.insert(name.to_owned());
        }
    });
    names
}

fn has_ruleset_field(schema: &RefOr<Schema>) -> bool {
    matches!(schema, RefOr::T(Schema::Object(object)) if object.properties.contains_key(RULESET_FIELD))
}

/// A ruleset's prefix in schema names: its command schema's name without
/// `Command` (`WizwarCommand` gives `Wizwar`).
fn prefix_of(schemas: &registry::RulesetSchemas) -> String {
    schemas
        .command
        .strip_suffix("Command")
        .unwrap_or(&schemas.command)
        .to_owned()
}

fn discriminate_by_ruleset(schemas: &mut BTreeMap<String, RefOr<Schema>>) {
    let generic: BTreeSet<String> = RULES_UNIONS
        .iter()
        .map(|(name, _)| name.to_string())
        .collect();
    let references: BTreeMap<String, BTreeSet<String>> = schemas
        .iter()
        .map(|(name, schema)| (name.clone(), referenced_names(schema)))
        .collect();

    // Schemas whose shape depends on the ruleset: they refer, at any depth, to a generic union.
    let mut dependent: BTreeSet<String> = BTreeSet::new();
    loop {
        let before = dependent.len();
        for (name, refs) in &references {
            if !generic.contains(name)
                && refs
                    .iter()
                    .any(|r| generic.contains(r) || dependent.contains(r))
            {
                dependent.insert(name.clone());
            }
        }
        if dependent.len() == before {
            break;
        }
    }
    let roots: Vec<String> = dependent
        .iter()
        .filter(|name| has_ruleset_field(&schemas[*name]))
        .cloned()
        .collect();
    // Everything a root needs a per-ruleset copy of.
    let mut copied: BTreeSet<String> = roots.iter().cloned().collect();
    let mut frontier: Vec<String> = roots.clone();
    while let Some(name) = frontier.pop() {
        for referenced in &references[&name] {
            if dependent.contains(referenced) && copied.insert(referenced.clone()) {
                frontier.push(referenced.clone());
            }
        }
    }

    let rulesets = crate::model::ruleset_schemas();
    let mut variants_of_root: BTreeMap<String, Vec<(String, String)>> = BTreeMap::new();
    for (id, ruleset_schemas) in rulesets {
        let prefix = prefix_of(ruleset_schemas);
        let mut rename: BTreeMap<String, String> = RULES_UNIONS
            .iter()
            .map(|(name, pick)| (name.to_string(), pick(ruleset_schemas).clone()))
            .collect();
        for name in &copied {
            rename.insert(name.clone(), format!("{prefix}{name}"));
        }
        for name in &copied {
            let mut copy = schemas[name].clone();
            for_each_ref(&mut copy, &mut |reference| {
                if let Some(target) = reference
                    .ref_location
                    .strip_prefix(SCHEMA_PREFIX)
                    .and_then(|referenced| rename.get(referenced))
                {
                    reference.ref_location = format!("{SCHEMA_PREFIX}{target}");
                }
            });
            if let RefOr::T(Schema::Object(object)) = &mut copy
                && object.properties.contains_key(RULESET_FIELD)
            {
                object
                    .properties
                    .insert(RULESET_FIELD.to_owned(), ruleset_id_schema(id).into());
                variants_of_root
                    .entry(name.clone())
                    .or_default()
                    .push((id.to_string(), rename[name].clone()));
            }
            schemas.insert(rename[name].clone(), copy);
        }
    }
    for (root, variants) in variants_of_root {
        let description = match &schemas[&root] {
            RefOr::T(Schema::Object(object)) => object.description.clone(),
            _ => None,
        };
        let mut discriminator = Discriminator::new(RULESET_FIELD);
        let mut union = OneOfBuilder::new().description(description);
        for (id, variant) in variants {
            discriminator
                .mapping
                .insert(id, format!("{SCHEMA_PREFIX}{variant}"));
            union = union.item(Ref::from_schema_name(variant));
        }
        let mut union = union.build();
        union.discriminator = Some(discriminator);
        schemas.insert(root, Schema::OneOf(union).into());
    }
    // The generic inner schemas only the roots used are left to no one: drop them.
    let roots: BTreeSet<String> = roots.into_iter().collect();
    let mut droppable: BTreeSet<String> = copied.difference(&roots).cloned().collect();
    droppable.extend(generic);
    loop {
        let referenced: BTreeSet<String> = schemas.values().flat_map(referenced_names).collect();
        let unused: Vec<String> = droppable
            .iter()
            .filter(|name| !referenced.contains(*name))
            .cloned()
            .collect();
        if unused.is_empty() {
            break;
        }
        for name in unused {
            droppable.remove(&name);
            schemas.remove(&name);
        }
    }
}

fn ruleset_id_schema(id: &str) -> Schema {
    let mut object = Object::with_type(Type::String);
    object.enum_values = Some(vec![id.into()]);
    object.description = Some("The ruleset's id.".to_owned());
    Schema::Object(object)
}

/// The single string value a property of this variant always has.
fn constant_of(variant: &Object, property: &str) -> Option<String> {
    if !variant.required.iter().any(|required| required == property) {
        return None;
    }
    match variant.properties.get(property)? {
        RefOr::T(Schema::Object(field)) => match field.enum_values.as_deref()? {
            [serde_json::Value::String(value)] => Some(value.clone()),
            _ => None,
        },
        _ => None,
    }
}

/// The property every variant has as a distinct constant: the union's tag.
fn tag_of(variants: &[RefOr<Schema>]) -> Option<String> {
    let objects: Vec<&Object> = variants
        .iter()
        .map(|variant| match variant {
            RefOr::T(Schema::Object(object)) => Some(object),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let first = objects.first()?;
    first.properties.keys().find_map(|property| {
        let values: Option<BTreeSet<String>> = objects
            .iter()
            .map(|object| constant_of(object, property))
            .collect();
        (values?.len() == objects.len()).then(|| property.clone())
    })
}

fn pascal_case(tag: &str) -> String {
    tag.split(['_', '-'])
        .map(|word| {
            let mut letters = word.chars();
            match letters.next() {
                Some(first) => first.to_uppercase().chain(letters).collect::<String>(),
                None => String::new(),
            }
        })
        .collect()
}

fn discriminate_by_tag(schemas: &mut BTreeMap<String, RefOr<Schema>>) {
    let mut hoisted: Vec<(String, RefOr<Schema>)> = Vec::new();
    for (name, schema) in schemas.iter_mut() {
        let RefOr::T(Schema::OneOf(union)) = schema else {
            continue;
        };
        let Some(tag) = tag_of(&union.items) else {
            continue;
        };
        let mut discriminator = Discriminator::new(tag.clone());
        for item in union.items.iter_mut() {
            let RefOr::T(Schema::Object(variant)) = item else {
                continue;
            };
            let value = constant_of(variant, &tag).expect("every variant has the tag");
            let variant_name = format!("{name}{}", pascal_case(&value));
            discriminator
                .mapping
                .insert(value, format!("{SCHEMA_PREFIX}{variant_name}"));
            let variant = std::mem::replace(item, Ref::from_schema_name(&variant_name).into());
            hoisted.push((variant_name, variant));
        }
        union.discriminator = Some(discriminator);
    }
    for (name, variant) in hoisted {
        let clash = schemas.insert(name.clone(), variant);
        assert!(clash.is_none(), "two schemas would be named {name}");
    }
}
