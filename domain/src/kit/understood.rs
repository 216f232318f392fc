//! A command as the rules understood it.
//!
//! A command is read into its ruleset's type and written back: that JSON is
//! what the rules act on and what the log keeps. A field the type does not
//! hold, at any depth, is refused rather than dropped, so nothing is stored
//! that was not understood. This holds for every command type and every type
//! nested in one by construction (whatever its serde attributes), and for a
//! frozen revision's types as much as today's.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::registry::Refusal;

/// `sent` read as a `C` and written back.
///
/// # Errors
/// [`Refusal::Malformed`] when `sent` is not a `C`, or holds a field a `C`
/// does not (a field sent as `null` where the type leaves an absent value
/// out is no news, and is accepted).
pub fn understand<C>(sent: &Value) -> Result<(C, Value), Refusal>
where
    C: for<'de> Deserialize<'de> + Serialize,
{
    let command = C::deserialize(sent).map_err(|e| Refusal::Malformed(e.to_string()))?;
    let understood =
        serde_json::to_value(&command).map_err(|e| Refusal::Malformed(e.to_string()))?;
    match unknown_field(sent, &understood) {
        Some(path) => Err(Refusal::Malformed(format!(
            "unknown field `{path}`: the command has no such field"
        ))),
        None => Ok((command, understood)),
    }
}

/// `command` as today's command types write it: a field held as `null` (a
/// value left out, as an older build or a frozen revision wrote it) is left
/// out. A command's fields that may be `null` are those a sender may leave
/// out, and the spec does not list them as required: a client generated from
/// it tells a value left out from `null`, so the server never sends one.
pub fn without_nulls(mut command: Value) -> Value {
    if let Value::Object(fields) = &mut command {
        fields.retain(|_, value| !value.is_null());
    }
    command
}

/// The path of the first field of `sent` that `understood` does not hold.
fn unknown_field(sent: &Value, understood: &Value) -> Option<String> {
    match (sent, understood) {
        (Value::Object(sent), Value::Object(understood)) => {
            sent.iter()
                .find_map(|(name, value)| match understood.get(name) {
                    Some(kept) => unknown_field(value, kept).map(|inner| format!("{name}.{inner}")),
                    None if value.is_null() => None,
                    None => Some(name.clone()),
                })
        }
        (Value::Object(sent), _) => sent.keys().next().cloned(),
        (Value::Array(sent), Value::Array(understood)) => sent
            .iter()
            .zip(understood)
            .enumerate()
            .find_map(|(i, (value, kept))| {
                unknown_field(value, kept).map(|inner| format!("{i}.{inner}"))
            }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use serde::{Deserialize, Serialize};
    use serde_json::json;

    use super::*;

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "type", rename_all = "snake_case")]
    enum Command {
        Move {
            to: Square,
        },
        EndTurn,
        Cast {
            #[serde(default, skip_serializing_if = "Option::is_none")]
            energy: Option<u8>,
        },
    }

    #[derive(Debug, PartialEq, Serialize, Deserialize)]
    struct Square {
        x: u8,
        y: u8,
    }

    #[test]
    fn a_known_command_is_kept_as_understood() {
        let (command, understood) =
            understand::<Command>(&json!({"type": "move", "to": {"x": 1, "y": 2}})).unwrap();
        assert_eq!(
            command,
            Command::Move {
                to: Square { x: 1, y: 2 }
            }
        );
        assert_eq!(understood, json!({"type": "move", "to": {"x": 1, "y": 2}}));
    }

    #[test]
    fn an_unknown_field_is_refused_at_any_depth() {
        for sent in [
            json!({"type": "end_turn", "zzz": 1}),
            json!({"type": "move", "to": {"x": 1, "y": 2, "zzz": 1}}),
            json!({"type": "cast", "energy": 1, "zzz": "a"}),
        ] {
            let refused = understand::<Command>(&sent).unwrap_err();
            assert!(
                matches!(&refused, Refusal::Malformed(reason) if reason.contains("zzz")),
                "{sent}: {refused:?}"
            );
        }
    }

    #[test]
    fn a_command_written_with_nulls_is_sent_without_them() {
        let old = json!({"type": "cast", "card": 2, "energy": null, "target": {"kind": "caster"}});
        assert_eq!(
            without_nulls(old),
            json!({"type": "cast", "card": 2, "target": {"kind": "caster"}})
        );
    }

    #[test]
    fn a_null_for_a_value_left_out_is_no_news() {
        let (_, understood) =
            understand::<Command>(&json!({"type": "cast", "energy": null})).unwrap();
        assert_eq!(understood, json!({"type": "cast"}));
    }
}
