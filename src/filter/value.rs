//! The values a filter compares: what a key holds in a record, a hand or
//! a row ([`Value`]), and what an expression writes ([`Lit`]).
//!
//! A key may hold several values (a list's elements, like a field that
//! occurs several times in a tshark packet) or none (the key is absent).
//! Comparisons between values of different kinds are false: a number is
//! not equal to a string; numbers compare as numbers whatever their
//! width; a time compares with a time or with RFC 3339 text.

use crate::capture::Timestamp;
use std::cmp::Ordering;

/// One value of a key.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Value<'a> {
    /// JSON `null`.
    Null,
    /// `true` or `false`.
    Bool(bool),
    /// A whole number (u64 and i64 both fit).
    Int(i128),
    /// A number with a fraction.
    Float(f64),
    /// Text.
    Str(&'a str),
    /// A point in time (`ts`).
    Time(Timestamp),
    /// An object, as compact JSON text (compared with nothing; true when
    /// it has a key).
    Json(&'a str),
}

impl Value<'_> {
    /// Whether a bare key holding this value passes: anything but `false`,
    /// `null`, empty text and an empty object.
    pub fn truthy(&self) -> bool {
        match self {
            Value::Null | Value::Bool(false) => false,
            Value::Str(s) => !s.is_empty(),
            Value::Json(j) => *j != "{}",
            _ => true,
        }
    }

    /// A value of a `serde_json` value (not a list: lists are walked).
    pub fn of_json<'a>(v: &'a serde_json::Value, text: &'a mut String) -> Value<'a> {
        use serde_json::Value as J;
        match v {
            J::Null => Value::Null,
            J::Bool(b) => Value::Bool(*b),
            J::Number(n) => match (n.as_u64(), n.as_i64()) {
                (Some(u), _) => Value::Int(i128::from(u)),
                (_, Some(i)) => Value::Int(i128::from(i)),
                _ => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
            },
            J::String(s) => Value::Str(s),
            J::Array(_) | J::Object(_) => {
                *text = v.to_string();
                Value::Json(text)
            }
        }
    }
}

/// A value written in an expression.
#[derive(Debug, Clone, PartialEq)]
pub enum Lit {
    /// `null`.
    Null,
    /// `true`, `false`.
    Bool(bool),
    /// `42`, `-1`.
    Int(i128),
    /// `0.25`, `1e3`.
    Float(f64),
    /// `"text"`.
    Str(String),
    /// Text that named a time, compared with a time key.
    Time(Timestamp),
}

impl std::fmt::Display for Lit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Lit::Null => f.write_str("null"),
            Lit::Bool(b) => write!(f, "{b}"),
            Lit::Int(n) => write!(f, "{n}"),
            Lit::Float(x) => write!(f, "{x}"),
            Lit::Str(s) => write!(f, "{s:?}"),
            Lit::Time(t) => write!(f, "\"{t}\""),
        }
    }
}

/// How `v` orders against `lit`; `None` when they are of different kinds
/// (or a float is NaN).
pub fn compare(v: &Value, lit: &Lit) -> Option<Ordering> {
    match (v, lit) {
        (Value::Int(a), Lit::Int(b)) => Some(a.cmp(b)),
        (Value::Int(a), Lit::Float(b)) => (*a as f64).partial_cmp(b),
        (Value::Float(a), Lit::Int(b)) => a.partial_cmp(&(*b as f64)),
        (Value::Float(a), Lit::Float(b)) => a.partial_cmp(b),
        (Value::Str(a), Lit::Str(b)) => Some((*a).cmp(b.as_str())),
        (Value::Bool(a), Lit::Bool(b)) => Some(a.cmp(b)),
        (Value::Null, Lit::Null) => Some(Ordering::Equal),
        (Value::Time(a), Lit::Time(b)) => Some(a.cmp(b)),
        // Epoch seconds.
        (Value::Time(a), Lit::Int(_) | Lit::Float(_)) => compare(&Value::Float(a.as_f64()), lit),
        // A time kept as text (a hand's or a row's JSON).
        (Value::Str(a), Lit::Time(b)) => super::time::parse(a).map(|a| a.cmp(b)),
        _ => None,
    }
}

/// Whether `v` contains `lit`: text in text (case matters, as in tshark).
pub fn contains(v: &Value, lit: &Lit) -> bool {
    match (v, lit) {
        (Value::Str(a), Lit::Str(b)) => a.contains(b.as_str()),
        (Value::Json(a), Lit::Str(b)) => a.contains(b.as_str()),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_compare_across_widths_and_kinds_do_not_mix() {
        use Ordering::*;
        assert_eq!(compare(&Value::Int(2), &Lit::Int(2)), Some(Equal));
        assert_eq!(compare(&Value::Int(2), &Lit::Float(2.5)), Some(Less));
        assert_eq!(compare(&Value::Float(2.5), &Lit::Int(2)), Some(Greater));
        assert_eq!(
            compare(&Value::Int(i128::from(u64::MAX)), &Lit::Int(-1)),
            Some(Greater)
        );
        assert_eq!(compare(&Value::Str("2"), &Lit::Int(2)), None);
        assert_eq!(compare(&Value::Int(2), &Lit::Str("2".into())), None);
        assert_eq!(compare(&Value::Bool(true), &Lit::Int(1)), None);
        assert_eq!(compare(&Value::Null, &Lit::Null), Some(Equal));
    }

    #[test]
    fn times_compare_with_times_epoch_seconds_and_time_text() {
        let t = Timestamp::new(1_700_000_000, 500_000_000);
        let lit = Lit::Time(Timestamp::new(1_700_000_000, 0));
        assert_eq!(compare(&Value::Time(t), &lit), Some(Ordering::Greater));
        assert_eq!(
            compare(&Value::Time(t), &Lit::Int(1_700_000_001)),
            Some(Ordering::Less)
        );
        let text = t.to_string();
        assert_eq!(compare(&Value::Str(&text), &lit), Some(Ordering::Greater));
        assert_eq!(compare(&Value::Str("soon"), &lit), None);
    }

    #[test]
    fn truth_of_a_bare_key() {
        assert!(Value::Int(0).truthy());
        assert!(Value::Str("x").truthy());
        assert!(Value::Json("{\"a\":1}").truthy());
        for v in [
            Value::Null,
            Value::Bool(false),
            Value::Str(""),
            Value::Json("{}"),
        ] {
            assert!(!v.truthy(), "{v:?}");
        }
    }
}
