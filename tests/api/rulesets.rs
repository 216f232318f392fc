//! `GET /v1/rulesets` read strictly by the spec: each ruleset's reference
//! material is one of the spec's reference schemas, its own and no other,
//! and each option's default is a value of that option's type. What the
//! helper checks of every answer (`crate::spec_check`) already holds these
//! answers to `RulesetInfo`; here each reference is also tried against every
//! alternative, and altered answers (a misspelt key, a default of another
//! type) are shown to fail.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::helpers::TestApp;
use crate::spec_check::validator;

fn schema(name: &str) -> Value {
    json!({ "$ref": format!("#/components/schemas/{name}") })
}

/// The errors a strict validator finds in `value` as a `name`.
fn errors(name: &str, value: &Value) -> Vec<String> {
    validator(&format!("schema {name}"), &schema(name))
        .iter_errors(value)
        .map(|e| format!("at {}: {e}", e.instance_path()))
        .collect()
}

/// The names of the alternatives of `RulesetReference`.
fn reference_alternatives() -> Vec<String> {
    let spec = owlpost_api::openapi::spec();
    spec["components"]["schemas"]["RulesetReference"]["oneOf"]
        .as_array()
        .expect("the reference is one of several schemas")
        .iter()
        .map(|alternative| {
            alternative["$ref"]
                .as_str()
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .expect("each alternative is a named schema")
                .to_owned()
        })
        .collect()
}

/// The prefix of a ruleset's schema names (`WizwarClassic` for
/// `wizwar-classic`), as the spec names its options.
fn prefix(id: &str) -> String {
    let (_, schemas) = owlpost_api::model::ruleset_schemas()
        .iter()
        .find(|(ruleset, _)| *ruleset == id)
        .expect("a listed ruleset has schemas");
    schemas
        .options
        .strip_suffix("Options")
        .expect("options are named <Prefix>Options")
        .to_owned()
}

async fn rulesets(app: &TestApp) -> Vec<Value> {
    let response = app.get("/v1/rulesets", None).await;
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

#[tokio::test]
async fn each_rulesets_reference_is_its_own_schema_and_no_other() {
    let app = TestApp::spawn().await;
    let listed = rulesets(&app).await;
    let alternatives = reference_alternatives();
    assert_eq!(alternatives.len(), listed.len(), "{alternatives:?}");
    let mut matched = Vec::new();
    for info in &listed {
        let id = info["id"].as_str().unwrap();
        let valid: Vec<&String> = alternatives
            .iter()
            .filter(|name| errors(name, &info["reference"]).is_empty())
            .collect();
        assert_eq!(
            valid,
            [&format!("{}Reference", prefix(id))],
            "{id}'s reference is valid for its own schema alone"
        );
        matched.push(valid[0].clone());
        // One ruleset's answer is the listed one, checked by the same spec.
        let alone = app.get(&format!("/v1/rulesets/{id}"), None).await;
        assert_eq!(alone.status(), StatusCode::OK);
        let alone: Value = alone.json().await.unwrap();
        assert_eq!(&alone, info, "{id}");
    }
    matched.sort();
    matched.dedup();
    assert_eq!(
        matched.len(),
        listed.len(),
        "no two rulesets share a schema"
    );
}

#[tokio::test]
async fn a_reference_with_a_misspelt_or_missing_key_is_not_what_the_spec_describes() {
    let app = TestApp::spawn().await;
    let listed = rulesets(&app).await;
    let by_id = |id: &str| listed.iter().find(|r| r["id"] == id).unwrap().clone();
    let misspelt = |mut info: Value, list: &str, right: &str, wrong: &str| {
        let row = info["reference"][list][0].as_object_mut().unwrap();
        let value = row.remove(right).expect("the row has the key");
        row.insert(wrong.to_owned(), value);
        info
    };
    for (altered, what) in [
        (
            misspelt(by_id("wizwar"), "cards", "title", "titel"),
            "a Wiz-War card titled `titel`",
        ),
        (
            misspelt(by_id("firewall-duel"), "spells", "text", "txt"),
            "a Fire Wall spell with `txt`",
        ),
        (
            misspelt(by_id("wizwar-classic"), "cards", "effect", "efect"),
            "a classic card with `efect`",
        ),
        (
            misspelt(by_id("wizards-of-war"), "units", "attack_dice", "attack"),
            "a Wizards of War unit with `attack`",
        ),
    ] {
        assert!(
            !errors("RulesetInfo", &altered).is_empty(),
            "{what} passes for a ruleset's info"
        );
    }
    // A key one ruleset's material does not have, or lacks, is no other's either.
    let mut classic = by_id("wizwar-classic");
    classic["reference"]["playable"] = json!([]);
    assert!(
        !errors("RulesetInfo", &classic).is_empty(),
        "classic with `playable`"
    );
    let mut wizwar = by_id("wizwar");
    wizwar["reference"]
        .as_object_mut()
        .unwrap()
        .remove("playable");
    assert!(
        !errors("RulesetInfo", &wizwar).is_empty(),
        "Wiz-War without `playable`"
    );
    // As sent, each passes.
    for info in &listed {
        assert_eq!(
            errors("RulesetInfo", info),
            Vec::<String>::new(),
            "{}",
            info["id"]
        );
    }
}

#[tokio::test]
async fn each_options_default_is_a_value_of_that_option_and_nothing_else_is() {
    let app = TestApp::spawn().await;
    for info in rulesets(&app).await {
        let id = info["id"].as_str().unwrap();
        let options = info["options"].as_array().unwrap();
        assert!(!options.is_empty(), "{id}");
        // The defaults together are the ruleset's options, as its games tell them.
        let defaults: serde_json::Map<String, Value> = options
            .iter()
            .map(|o| (o["name"].as_str().unwrap().to_owned(), o["default"].clone()))
            .collect();
        let options_schema = format!("{}Options", prefix(id));
        assert_eq!(
            errors(&options_schema, &Value::Object(defaults)),
            Vec::<String>::new(),
            "{id}'s defaults are {options_schema}"
        );
        for option in options {
            assert_eq!(errors("RulesetOption", option), Vec::<String>::new());
            // A default of another type is refused: `yield_policy` is not a
            // boolean, `full_deck_in_hand` not a policy.
            let mut wrong = option.clone();
            wrong["default"] = if option["default"].is_boolean() {
                json!("when_targeted")
            } else {
                json!(true)
            };
            assert!(
                !errors("RulesetOption", &wrong).is_empty(),
                "{id}: {wrong} passes for an option"
            );
        }
    }
}
