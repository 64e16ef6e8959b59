//! The JSON type of every key path of records' `fields`, to check the
//! contract that each key keeps one type across every message type of a
//! protocol (`null` allowed beside it): what a spreadsheet, DuckDB or a
//! typed reader of `decode --format jsonl` relies on.
//!
//! A path is the keys from `fields` down, `[]` for an array's items:
//! `fields.players[].chips`. Values a protocol carries as they are, whatever
//! their shape (poker-network's JSON and Python-literal attributes, see
//! [`crate::protocols::pokernetwork::parsing::free_form_keys`]), are one
//! type of their own, `free-form`, and not looked into.

use serde_json::Value;
use std::collections::BTreeMap;

/// The JSON type name of `v`: `null`, `bool`, `number`, `string`, `array`
/// or `object`.
pub fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "bool",
        Value::Number(_) => "number",
        Value::String(_) => "string",
        Value::Array(_) => "array",
        Value::Object(_) => "object",
    }
}

/// The types seen at each (scope, path), each with the first example that
/// showed it (a message type, say).
#[derive(Debug, Default)]
pub struct KeyTypes {
    seen: BTreeMap<(String, String), BTreeMap<&'static str, String>>,
}

impl KeyTypes {
    /// An empty collection.
    pub fn new() -> Self {
        Self::default()
    }

    /// Notes the type of `value` at `path` and of everything under it, for
    /// `scope` (a protocol); `free_form` says which keys hold values of any
    /// shape; `example` names where the value came from.
    pub fn add(
        &mut self,
        scope: &str,
        path: &str,
        value: &Value,
        free_form: &dyn Fn(&str) -> bool,
        example: &str,
    ) {
        let key = path.rsplit('.').next().unwrap_or(path);
        let ty = if free_form(key) {
            "free-form"
        } else {
            type_name(value)
        };
        self.seen
            .entry((scope.to_owned(), path.to_owned()))
            .or_default()
            .entry(ty)
            .or_insert_with(|| example.to_owned());
        match value {
            Value::Object(m) if ty != "free-form" => {
                for (k, v) in m {
                    self.add(scope, &format!("{path}.{k}"), v, free_form, example);
                }
            }
            Value::Array(items) if ty != "free-form" => {
                for v in items {
                    self.add(scope, &format!("{path}[]"), v, free_form, example);
                }
            }
            _ => {}
        }
    }

    /// How many (scope, path) pairs were seen.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether nothing was seen.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }

    /// Every path with more than one type (besides `null`), one line each:
    /// `pokernetwork fields.seats: array (PacketPokerSeats), number
    /// (PacketPokerTable)`.
    pub fn conflicts(&self) -> Vec<String> {
        let mut out = Vec::new();
        for ((scope, path), types) in &self.seen {
            if types.keys().filter(|t| **t != "null").count() < 2 {
                continue;
            }
            let each: Vec<String> = types.iter().map(|(t, e)| format!("{t} ({e})")).collect();
            out.push(format!("{scope} {path}: {}", each.join(", ")));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn a_key_with_two_types_is_a_conflict_and_null_is_not() {
        let mut k = KeyTypes::new();
        let none = |_: &str| false;
        k.add("p", "fields", &json!({"a": 1, "b": [1]}), &none, "A");
        k.add("p", "fields", &json!({"a": null, "b": ["x"]}), &none, "B");
        k.add("q", "fields", &json!({"a": "other scope"}), &none, "C");
        assert_eq!(k.conflicts(), ["p fields.b[]: number (A), string (B)"]);
        k.add("p", "fields", &json!({"a": [2]}), &none, "D");
        assert_eq!(k.conflicts().len(), 2);
        assert_eq!(
            k.conflicts()[0],
            "p fields.a: array (D), null (B), number (A)"
        );
    }

    #[test]
    fn free_form_values_are_one_type_and_not_looked_into() {
        let mut k = KeyTypes::new();
        let free = |key: &str| key == "stack";
        k.add("p", "fields", &json!({"stack": {"x": 1}}), &free, "A");
        k.add("p", "fields", &json!({"stack": [1, "y"]}), &free, "B");
        assert!(k.conflicts().is_empty());
        assert_eq!(k.len(), 2);
    }
}
