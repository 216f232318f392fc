//! The hash chain over a game's events.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The hash before a game's first event.
pub const GENESIS: [u8; 32] = [0; 32];

/// JSON with object keys sorted and no spaces: the same bytes whatever order
/// the database or a client keeps keys in.
pub fn canonical_json(value: &Value) -> String {
    match value {
        Value::Object(map) => {
            let mut keys: Vec<&String> = map.keys().collect();
            keys.sort();
            let fields: Vec<String> = keys
                .into_iter()
                .map(|k| format!("{}:{}", Value::String(k.clone()), canonical_json(&map[k])))
                .collect();
            format!("{{{}}}", fields.join(","))
        }
        Value::Array(items) => {
            let items: Vec<String> = items.iter().map(canonical_json).collect();
            format!("[{}]", items.join(","))
        }
        other => other.to_string(),
    }
}

/// sha256(previous || canonical(seq, kind, payload)).
pub fn link(previous: &[u8; 32], seq: i64, kind: &str, payload: &Value) -> [u8; 32] {
    let body = serde_json::json!({ "seq": seq, "kind": kind, "payload": payload });
    let mut hasher = Sha256::new();
    hasher.update(previous);
    hasher.update(canonical_json(&body).as_bytes());
    hasher.finalize().into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn key_order_does_not_change_the_canonical_bytes() {
        let a: Value = serde_json::from_str(r#"{"b":1,"a":{"d":[1,2],"c":"x"}}"#).unwrap();
        let b: Value = serde_json::from_str(r#"{"a":{"c":"x","d":[1,2]},"b":1}"#).unwrap();
        assert_eq!(canonical_json(&a), canonical_json(&b));
        assert_eq!(canonical_json(&a), r#"{"a":{"c":"x","d":[1,2]},"b":1}"#);
    }

    #[test]
    fn changing_any_event_changes_every_later_hash() {
        let first = link(&GENESIS, 1, "platform", &json!({"type": "game_started"}));
        let second = link(&first, 2, "rules", &json!({"bet": 3}));
        let tampered = link(&GENESIS, 1, "platform", &json!({"type": "game_ended"}));
        assert_ne!(first, tampered);
        assert_ne!(second, link(&tampered, 2, "rules", &json!({"bet": 3})));
    }
}
