//! The hash chain over a game's events.

use serde_json::Value;
use sha2::{Digest, Sha256};

/// The hash before a game's first event.
pub const GENESIS: [u8; 32] = [0; 32];

/// JSON with object keys sorted and no spaces: the same bytes whatever order
/// the database or a client keeps keys in. serde_json keeps an object's keys
/// sorted (its `preserve_order` feature is off), so a value written as it is
/// is canonical; the tests below fail if that ever changes.
pub fn canonical_json(value: &Value) -> String {
    serde_json::to_string(value).expect("a JSON value always writes")
}

/// sha256(previous || canonical(seq, kind, payload)), the canonical object
/// `{"kind":…,"payload":…,"seq":…}` written straight into the hash.
pub fn link(previous: &[u8; 32], seq: i64, kind: &str, payload: &Value) -> [u8; 32] {
    let mut hasher = Hashing(Sha256::new());
    hasher.0.update(previous);
    hasher.0.update(b"{\"kind\":");
    serde_json::to_writer(&mut hasher, kind).expect("a string always writes");
    hasher.0.update(b",\"payload\":");
    serde_json::to_writer(&mut hasher, payload).expect("a JSON value always writes");
    hasher.0.update(format!(",\"seq\":{seq}}}").as_bytes());
    hasher.0.finalize().into()
}

/// A hash that JSON is written into.
struct Hashing(Sha256);

impl std::io::Write for Hashing {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.update(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
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
    fn an_event_is_hashed_as_the_canonical_bytes_of_its_seq_kind_and_payload() {
        let payload: Value =
            serde_json::from_str(r#"{"z":[{"b":"\u00e9\"","a":-1.5}],"a":null}"#).unwrap();
        let canonical =
            r#"{"kind":"rules","payload":{"a":null,"z":[{"a":-1.5,"b":"é\""}]},"seq":7}"#;
        let mut expected = Sha256::new();
        expected.update([9; 32]);
        expected.update(canonical.as_bytes());
        let expected: [u8; 32] = expected.finalize().into();
        assert_eq!(link(&[9; 32], 7, "rules", &payload), expected);
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
