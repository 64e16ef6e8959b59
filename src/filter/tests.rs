//! Evaluation: occurrences, absent keys, `!=`, sets, text, times, kinds.

use super::json::{JsonName, JsonScope, JsonSubject};
use super::*;
use serde_json::json;

const NAMES: &[JsonName] = &[
    ("n", Kind::Any, ""),
    ("s", Kind::Any, ""),
    ("list", Kind::Any, ""),
    ("obj", Kind::Any, ""),
    ("obj.a", Kind::Any, ""),
    ("rows.x", Kind::Any, ""),
    ("flag", Kind::Any, ""),
    ("none", Kind::Any, ""),
    ("empty", Kind::Any, ""),
    ("absent", Kind::Any, ""),
    ("ts", Kind::Time, ""),
    (
        "dir",
        Kind::OneOf {
            what: "a direction",
            values: &["c2s", "s2c"],
        },
        "",
    ),
];

fn scope() -> JsonScope {
    JsonScope {
        names: NAMES,
        item: "thing",
        command: "things",
    }
}

fn item() -> serde_json::Value {
    json!({
        "n": 42, "s": "PlayersActionDone", "list": [1, 2, 3], "obj": {"a": 1},
        "rows": [{"x": "Alice"}, {"x": "Bob"}], "flag": false, "none": null, "empty": [],
        "ts": "2026-11-21T06:10:00.500000Z", "dir": "c2s"
    })
}

fn run(text: &str) -> bool {
    let f = Filter::compile(text, &mut scope()).unwrap_or_else(|e| panic!("{text}: {e}"));
    f.matches(&mut JsonSubject(&item()))
}

fn error(text: &str) -> String {
    Filter::compile(text, &mut scope()).unwrap_err().to_string()
}

#[test]
fn comparisons_over_occurrences() {
    for (text, want) in [
        ("n == 42", true),
        ("n eq 42.0", true),
        ("n != 42", false),
        ("n > 41 && n <= 42", true),
        ("n >= 43 || n < 0", false),
        ("list == 2", true),
        ("list != 2", false),
        ("list != 9", true),
        ("list > 2", true),
        ("rows.x == \"Bob\"", true),
        ("rows.x contains \"li\"", true),
        ("rows.x matches \"^b.B$\"", true),
        ("s matches \"players.*done\"", true),
        ("s contains \"players\"", false),
        ("n == \"42\"", false),
        ("obj.a == 1", true),
        ("n in {1 2 40..45}", true),
        ("n in {1, 2}", false),
        ("s in {\"X\" \"PlayersActionDone\"}", true),
        ("obj contains \"\\\"a\\\"\"", true),
        ("none == null", true),
    ] {
        assert_eq!(run(text), want, "{text}");
    }
}

#[test]
fn absent_keys_fail_every_comparison_but_negation_passes() {
    for text in [
        "absent == 1",
        "absent != 1",
        "absent",
        "empty == 1",
        "empty != 1",
        "empty",
    ] {
        assert!(!run(text), "{text}");
    }
    assert!(run("!(absent == 1)"));
    assert!(run("not absent"));
}

#[test]
fn truth_of_bare_keys() {
    for (text, want) in [
        ("n", true),
        ("s", true),
        ("flag", false),
        ("none", false),
        ("obj", true),
        ("list", true),
    ] {
        assert_eq!(run(text), want, "{text}");
    }
}

#[test]
fn times_and_fixed_sets() {
    assert!(run("ts > \"2026-11-21T06:10:00Z\""));
    assert!(run("ts < \"2026-11-21T07:10:00.6+01:00\""));
    assert!(run("ts >= 1763705400"));
    assert!(!run("ts in {\"2026-11-20\"..\"2026-11-21\"}"));
    assert!(run("dir == \"c2s\""));
    assert_eq!(
        error("ts > \"today\""),
        "column 6: \"today\" is not a time (RFC 3339, e.g. \"2026-11-21T06:10:00Z\", or seconds since 1970)"
    );
    assert_eq!(
        error("dir in {\"c2s\" \"up\"}"),
        "column 15: \"up\" is not a direction (one of c2s, s2c)"
    );
}

#[test]
fn unknown_names_and_bad_patterns_are_errors_at_their_column() {
    assert_eq!(
        error("n == 1 && lists == 2"),
        "column 11: unknown field 'lists': no thing has it (did you mean 'list'?) \
         (`cardshark things --help` lists the names)"
    );
    assert!(error("s matches \"(\"").starts_with("column 11: not a regular expression"));
}
