use serde_json::Value;

/// The checked-in spec is what the code generates.
#[test]
fn the_checked_in_openapi_document_matches_the_code() {
    let generated = owlpost_api::openapi::spec_json();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/openapi/openapi.json");
    let checked_in = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        generated == checked_in,
        "openapi/openapi.json is out of date; regenerate it with:\n    cargo run -- openapi > openapi/openapi.json"
    );
}

/// Every ruleset's commands, events, views and options are typed schemas, not free-form JSON.
#[test]
fn every_value_that_depends_on_the_ruleset_is_discriminated_by_ruleset() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let schemas = &spec["components"]["schemas"];
    for root in [
        "Game",
        "CreateGame",
        "GameRecord",
        "EventPage",
        "ActionResult",
    ] {
        assert_eq!(
            schemas[root]["discriminator"]["propertyName"], "ruleset",
            "{root} says its ruleset"
        );
        for (ruleset, prefix) in [
            ("firewall-duel", "Firewall"),
            ("wizwar", "Wizwar"),
            ("wizards-of-war", "WizardsOfWar"),
        ] {
            let variant = format!("#/components/schemas/{prefix}{root}");
            assert_eq!(
                schemas[root]["discriminator"]["mapping"][ruleset], variant,
                "{root} maps {ruleset}"
            );
            let name = variant.rsplit('/').next().unwrap();
            assert_eq!(
                schemas[name]["properties"]["ruleset"]["enum"],
                serde_json::json!([ruleset])
            );
        }
    }
    // Inside a Wiz-War game everything is Wiz-War's.
    let game = &schemas["WizwarGame"]["properties"];
    assert_eq!(
        game["legal_commands"]["items"]["$ref"],
        "#/components/schemas/WizwarCommand"
    );
    assert_eq!(
        game["options"]["$ref"],
        "#/components/schemas/WizwarOptions"
    );
    let text = schemas["WizwarEventPage"].to_string();
    assert!(text.contains("WizwarFeedEvent"), "{text}");
    // Nothing a Wiz-War game or page reaches is Fire Wall's.
    let mut reached = std::collections::BTreeSet::new();
    let mut todo = vec!["WizwarGame".to_owned(), "WizwarEventPage".to_owned()];
    while let Some(name) = todo.pop() {
        if !reached.insert(name.clone()) {
            continue;
        }
        let text = schemas[&name].to_string();
        for piece in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
            todo.push(piece[..piece.find('"').unwrap()].to_owned());
        }
    }
    assert!(
        reached.iter().all(|name| !name.starts_with("Firewall")),
        "{reached:?}"
    );
    // Every $ref points at a defined schema.
    let text = spec.to_string();
    for piece in text.split("\"$ref\":\"#/components/schemas/").skip(1) {
        let name = &piece[..piece.find('"').unwrap()];
        assert!(schemas[name].is_object(), "dangling reference to {name}");
    }
    // Every operation has an operationId a generator can name methods after.
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            assert!(
                operation["operationId"].is_string(),
                "{method} {path} has no operationId"
            );
        }
    }
}

/// A generator or linter reads who may call an operation from the document
/// itself, and descriptions are Markdown for people, not rustdoc.
#[test]
fn every_operation_says_whether_it_needs_a_token_and_no_description_leaks_rustdoc() {
    let text = owlpost_api::openapi::spec_json();
    let spec: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(spec["servers"][0]["url"], "/");
    let mut public = Vec::new();
    for (path, item) in spec["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let security = operation["security"]
                .as_array()
                .unwrap_or_else(|| panic!("{method} {path} declares no security"));
            if security.is_empty() {
                public.push(format!("{method} {path}"));
            }
        }
    }
    for open in [
        "post /v1/auth/login",
        "post /v1/auth/register",
        "get /health",
    ] {
        assert!(
            public.contains(&open.to_owned()),
            "{open} is public: {public:?}"
        );
    }
    assert!(
        !public.contains(&"post /v1/games".to_owned()),
        "creating a game needs a token"
    );
    assert!(
        !text.contains("](crate::"),
        "a rustdoc link leaks into the spec"
    );
}

/// The bounds the server enforces on a long-poll are the ones the spec states.
#[test]
fn the_long_poll_wait_is_bounded_in_the_spec_as_the_server_bounds_it() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    for path in ["/v1/games/{id}/events", "/v1/me/inbox"] {
        let wait = spec["paths"][path]["get"]["parameters"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["name"] == "wait")
            .unwrap_or_else(|| panic!("{path} has a wait parameter"));
        assert_eq!(
            (&wait["schema"]["minimum"], &wait["schema"]["maximum"]),
            (
                &Value::from(1),
                &Value::from(owlpost_api::routes::games::LONGEST_WAIT)
            ),
            "{path}"
        );
    }
}

/// The docs page shows this example as the body to send: it must be a body
/// the server accepts (one command, of one ruleset).
#[test]
fn the_example_action_is_one_valid_fire_wall_command() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let example = &spec["components"]["schemas"]["Action"]["example"];
    assert!(example["commands"].is_null(), "{example}");
    serde_json::from_value::<owlpost_domain::firewall::Command>(example["command"].clone())
        .unwrap_or_else(|e| panic!("{example} is no Fire Wall command: {e}"));
}

/// An option's default is typed as the option's value: `RulesetOption` is
/// one schema per option name, told apart by `name`, whose `default` is the
/// schema of that option in every ruleset's options that has it.
#[test]
fn an_options_default_is_typed_as_the_options_value() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let schemas = &spec["components"]["schemas"];
    let option = &schemas["RulesetOption"];
    assert_eq!(option["discriminator"]["propertyName"], "name", "{option}");
    let mapping = option["discriminator"]["mapping"].as_object().unwrap();
    assert_eq!(mapping.len(), option["oneOf"].as_array().unwrap().len());
    let without_words = |schema: &Value| {
        let mut schema = schema.clone();
        let object = schema.as_object_mut().unwrap();
        object.retain(|key, _| {
            !matches!(key.as_str(), "description" | "default") && !key.starts_with("x-")
        });
        schema
    };
    let mut offered = 0;
    for (_, ruleset) in owlpost_api::model::ruleset_schemas() {
        let properties = schemas[&ruleset.options]["properties"].as_object().unwrap();
        for (name, value) in properties {
            offered += 1;
            let variant = mapping[name]
                .as_str()
                .and_then(|r| r.strip_prefix("#/components/schemas/"))
                .unwrap_or_else(|| panic!("no option schema for {name}"));
            let variant = &schemas[variant]["properties"];
            assert_eq!(variant["name"]["enum"], serde_json::json!([name]));
            assert_eq!(
                without_words(&variant["default"]),
                without_words(value),
                "{}.{name}",
                ruleset.options
            );
        }
    }
    assert!(
        offered >= mapping.len(),
        "every variant is some ruleset's option"
    );
}

/// Every example the document shows, on a schema or a property, is a value of
/// that schema: a client developer copies examples.
#[test]
fn every_example_in_the_document_is_valid_for_its_schema() {
    fn walk(value: &Value, at: &str, found: &mut Vec<(String, Value, Value)>) {
        match value {
            Value::Object(map) => {
                if let Some(example) = map.get("example") {
                    let mut schema = value.clone();
                    schema.as_object_mut().unwrap().remove("example");
                    found.push((at.to_owned(), schema, example.clone()));
                }
                for (key, item) in map {
                    walk(item, &format!("{at}/{key}"), found);
                }
            }
            Value::Array(items) => {
                for (index, item) in items.iter().enumerate() {
                    walk(item, &format!("{at}/{index}"), found);
                }
            }
            _ => {}
        }
    }
    let spec: Value = owlpost_api::openapi::spec().clone();
    let mut examples = Vec::new();
    walk(
        &spec["components"]["schemas"],
        "#/components/schemas",
        &mut examples,
    );
    assert!(!examples.is_empty(), "the document shows examples");
    for (at, schema, example) in examples {
        let validator = crate::spec_check::validator(&format!("example {at}"), &schema);
        let errors: Vec<String> = validator
            .iter_errors(&example)
            .map(|e| e.to_string())
            .collect();
        assert!(
            errors.is_empty(),
            "the example at {at} is invalid: {errors:?}\n{example}"
        );
    }
}

/// A command sent as an action is valid for the action's schema under a
/// strict validator, whichever ruleset it belongs to, even when it is a
/// command of several (`pass`): the union says "any of", not "exactly one of".
#[test]
fn a_command_of_several_rulesets_is_a_valid_action_for_a_strict_validator() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let action = &spec["components"]["schemas"]["Action"];
    let validator = crate::spec_check::validator("request Action", action);
    for body in [
        serde_json::json!({ "command": { "type": "pass" } }),
        serde_json::json!({ "command": { "type": "end_turn" } }),
        serde_json::json!({ "commands": [{ "type": "submit_move", "bet": 1, "cards": [] }] }),
    ] {
        let errors: Vec<String> = validator
            .iter_errors(&body)
            .map(|e| e.to_string())
            .collect();
        assert!(errors.is_empty(), "{body}: {errors:?}");
    }
}

/// What the server always sends, even as `null`, the spec requires: a client
/// that tests for "unset" is not told a value may be left out when it is not.
#[test]
fn values_sent_as_null_are_required_and_said_to_be_null() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let schemas = &spec["components"]["schemas"];
    for (schema, property) in [
        ("OpenGameList", "next_offset"),
        ("FinishedGameList", "next_cursor"),
        ("SeatInfo", "user_id"),
        ("SeatInfo", "username"),
        ("SeatInfo", "computer"),
        ("NextUp", "outcome"),
        ("GameSummary", "deadline"),
        ("Notification", "deadline"),
        ("OpenGame", "created_by_rating"),
        ("Webhook", "last_error"),
        ("BackgroundTask", "last_failure"),
        ("InboundReply", "code"),
        ("VacationAllowance", "current"),
        ("FirewallView", "winner"),
        ("FirewallView", "last_turn"),
        ("WizardsOfWarView", "turn"),
        ("WizardsOfWarView", "winner"),
        ("WizwarView", "turn"),
        ("WizwarView", "winner"),
    ] {
        let required = schemas[schema]["required"].as_array().unwrap();
        assert!(
            required.contains(&serde_json::json!(property)),
            "{schema}.{property}"
        );
        let description = schemas[schema]["properties"][property]["description"]
            .as_str()
            .unwrap_or_default();
        assert!(
            !description.contains("absent"),
            "{schema}.{property}: {description}"
        );
    }
    // A game is told per ruleset: every copy requires what the server always sends.
    for ruleset in ["Firewall", "Wizwar", "WizwarClassic", "WizardsOfWar"] {
        let required = schemas[format!("{ruleset}Game")]["required"]
            .as_array()
            .unwrap();
        for property in [
            "seed",
            "time_control",
            "deadline",
            "outcome",
            "view",
            "your_seat",
        ] {
            assert!(
                required.contains(&serde_json::json!(property)),
                "{ruleset}Game.{property}"
            );
        }
    }
}

/// The limits the server enforces on what it is sent are in the spec, so a
/// client generated from it refuses what the server would.
#[test]
fn the_limits_the_server_enforces_are_in_the_spec() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let schemas = &spec["components"]["schemas"];
    let credentials = &schemas["Credentials"]["properties"];
    assert_eq!(credentials["password"]["minLength"], 8);
    assert_eq!(credentials["password"]["maxLength"], 1024);
    assert_eq!(credentials["username"]["minLength"], 3);
    assert_eq!(credentials["username"]["maxLength"], 32);
    let most = owlpost_domain::registry::all()
        .into_iter()
        .map(|r| r.info().max_seats)
        .max()
        .unwrap();
    // A game's creation is told once per ruleset.
    let variants = schemas["CreateGame"]["oneOf"].as_array().unwrap();
    assert_eq!(variants.len(), 4);
    for variant in variants {
        let name = variant["$ref"]
            .as_str()
            .unwrap()
            .trim_start_matches("#/components/schemas/");
        let seats = &schemas[name]["properties"]["seats"];
        assert_eq!(seats["minimum"], 2, "{name}");
        assert_eq!(seats["maximum"], most, "{name}");
    }
    assert_eq!(
        schemas["JoinGame"]["properties"]["seat"]["maximum"],
        most - 1
    );
    let batch = &schemas["Action"]["properties"]["commands"];
    assert_eq!(batch["maxItems"], 2000, "{batch}");
    let parameters = |path: &str, method: &str| -> Vec<Value> {
        spec["paths"][path][method]["parameters"]
            .as_array()
            .unwrap()
            .clone()
    };
    let status = parameters("/v1/games", "get")
        .into_iter()
        .find(|p| p["name"] == "status")
        .unwrap();
    assert_eq!(
        status["schema"]["enum"],
        serde_json::json!(["open", "finished"])
    );
    let key = parameters("/v1/games/{id}/actions", "post")
        .into_iter()
        .find(|p| p["name"] == "Idempotency-Key")
        .unwrap();
    assert_eq!(key["schema"]["maxLength"], 255, "{key}");
    assert_eq!(key["schema"]["minLength"], 1, "{key}");
}

/// Descriptions say what their schema holds: the card names count as many
/// names as they list, and the classic edition's commands are not called
/// the 8th edition's.
#[test]
fn descriptions_tell_what_their_schema_holds() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let schemas = &spec["components"]["schemas"];
    let names = &schemas["WizwarCardName"];
    let count = names["enum"].as_array().unwrap().len();
    let description = names["description"].as_str().unwrap();
    assert!(
        description.contains(&format!("{count} in all")),
        "{description}"
    );
    for classic in [
        "WizwarClassicCommand",
        "WizwarClassicEvent",
        "WizwarClassicView",
    ] {
        let description = schemas[classic]["description"].as_str().unwrap();
        assert!(description.contains("classic"), "{classic}: {description}");
    }
}

/// Each edition of Wiz-War offers its own commands and tells its own events:
/// the classic edition's sector choice and deals are not among the 8th
/// edition's, and the classic edition has them beside all of the engine's.
#[test]
fn an_eighth_edition_game_offers_no_classic_command() {
    let spec: Value = owlpost_api::openapi::spec().clone();
    let schemas = &spec["components"]["schemas"];
    let types = |name: &str| -> Vec<String> {
        let mapping = schemas[name]["discriminator"]["mapping"]
            .as_object()
            .unwrap_or_else(|| panic!("{name} is discriminated by type"));
        mapping.keys().cloned().collect()
    };
    let eighth = types("WizwarCommand");
    let classic = types("WizwarClassicCommand");
    for own in ["choose_sector", "offer_deal", "accept_deal", "decline_deal"] {
        assert!(!eighth.iter().any(|t| t == own), "8th edition offers {own}");
        assert!(classic.iter().any(|t| t == own), "classic lacks {own}");
    }
    for engine in &eighth {
        assert!(
            classic.contains(engine),
            "classic lacks the engine's {engine}"
        );
    }
    // Nor does an 8th-edition game tell of them.
    let eighth = types("WizwarEvent");
    let classic = types("WizwarClassicEvent");
    for own in [
        "sector_chosen",
        "first_player_rolled",
        "deal_offered",
        "deal_lapsed",
    ] {
        assert!(!eighth.iter().any(|t| t == own), "8th edition tells {own}");
        assert!(classic.iter().any(|t| t == own), "classic lacks {own}");
    }
    for engine in &eighth {
        assert!(
            classic.contains(engine),
            "classic lacks the engine's {engine}"
        );
    }
    // Nor does an 8th-edition view show them; a classic view shows the
    // engine's board and its own.
    fn properties(schemas: &Value, name: &str) -> Vec<String> {
        let schema = &schemas[name];
        let own = schema["properties"].as_object().into_iter().flatten();
        let mut found: Vec<String> = own.map(|(key, _)| key.clone()).collect();
        for part in schema["allOf"].as_array().into_iter().flatten() {
            match part["$ref"].as_str() {
                Some(reference) => found.extend(properties(
                    schemas,
                    reference.trim_start_matches("#/components/schemas/"),
                )),
                None => found.extend(
                    part["properties"]
                        .as_object()
                        .into_iter()
                        .flatten()
                        .map(|(key, _)| key.clone()),
                ),
            }
        }
        found
    }
    let eighth = properties(schemas, "WizwarView");
    let classic = properties(schemas, "WizwarClassicView");
    for own in ["sector_choice", "deal"] {
        assert!(!eighth.iter().any(|p| p == own), "8th edition shows {own}");
        assert!(classic.iter().any(|p| p == own), "classic lacks {own}");
    }
    assert!(eighth.iter().all(|p| classic.contains(p)));
}
