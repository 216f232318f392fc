//! What `GET /v1/rulesets` tells of each ruleset's options and reference
//! material is read by clients written against it: it stays as it was sent,
//! key for key. `domain/tests/wire/<ruleset>.json` holds it as first served; a
//! change to a catalogue or an option that clients should see is made there
//! too, in the same commit, so it is a change someone chose.

use crate::registry;

fn told(ruleset: &dyn registry::DynRuleset) -> String {
    let info = ruleset.info();
    let told = serde_json::json!({ "options": info.options, "reference": info.reference });
    let mut text = serde_json::to_string_pretty(&told).expect("the ruleset's info is JSON");
    text.push('\n');
    text
}

#[test]
fn every_ruleset_tells_its_options_and_reference_as_it_always_has() {
    for ruleset in registry::all() {
        let path = format!(
            "{}/tests/wire/{}.json",
            env!("CARGO_MANIFEST_DIR"),
            ruleset.id()
        );
        let sent_before = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("{path} holds what {} told: {e}", ruleset.id()));
        let now = told(ruleset);
        if now != sent_before {
            let first_difference = now
                .lines()
                .zip(sent_before.lines())
                .position(|(a, b)| a != b)
                .unwrap_or_else(|| now.lines().count().min(sent_before.lines().count()));
            panic!(
                "{} no longer tells its options and reference as {path} does; first \
                 different line {}:\n  now:    {:?}\n  before: {:?}",
                ruleset.id(),
                first_difference + 1,
                now.lines().nth(first_difference),
                sent_before.lines().nth(first_difference),
            );
        }
    }
}

#[test]
fn every_ruleset_the_server_offers_has_its_wire_recorded() {
    let recorded: std::collections::BTreeSet<String> =
        std::fs::read_dir(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/wire"))
            .expect("the recorded wire is kept")
            .map(|entry| {
                let name = entry.unwrap().file_name().into_string().unwrap();
                name.strip_suffix(".json").unwrap_or(&name).to_owned()
            })
            .collect();
    let offered: std::collections::BTreeSet<String> =
        registry::all().iter().map(|r| r.id().to_owned()).collect();
    assert_eq!(recorded, offered);
}
