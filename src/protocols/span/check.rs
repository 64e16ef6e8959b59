//! What every protocol's spans tests check of one message's spans against
//! its record: each lies inside the message; two spans are apart, or one
//! holds the other (a key's bytes hold the bytes of the keys inside it);
//! each names a key the record has; and each key the record's `fields`
//! has gets one, but for the keys the protocol derives (not bytes) and the
//! items of a list of plain values (its line shows the list's bytes).

use super::Span;
use serde_json::Value;

/// Panics, naming `what` (the message), unless `spans` lie inside a
/// message of `len` bytes, each key's once; two of them apart, or one
/// holding the other, and then it is a key inside the other (or has the
/// same bytes, as a number's bits do); a key's inside the key that holds
/// it.
pub fn check_layout(what: &str, len: usize, spans: &[Span]) {
    for s in spans {
        assert!(
            s.start <= s.end && s.end <= len,
            "{what}: {s:?} outside 0..{len}"
        );
    }
    let inside = |x: &Span, y: &Span| {
        y.path
            .strip_prefix(&x.path)
            .is_some_and(|r| r.starts_with(['.', '[']))
    };
    // Whether `x` holds `y` and more (an empty `y` strictly within).
    let holds_more = |x: &Span, y: &Span| {
        let within = x.start <= y.start && y.end <= x.end && (x.start, x.end) != (y.start, y.end);
        within && (y.start < y.end || (x.start < y.start && y.start < x.end))
    };
    for (i, a) in spans.iter().enumerate() {
        for b in &spans[i + 1..] {
            assert_ne!(a.path, b.path, "{what}: two spans");
            let apart = a.end <= b.start || b.end <= a.start;
            let holds = |x: &Span, y: &Span| x.start <= y.start && y.end <= x.end;
            assert!(
                apart || holds(a, b) || holds(b, a),
                "{what}: {a:?} overlaps {b:?}"
            );
            assert!(
                !inside(a, b) || holds(a, b),
                "{what}: {b:?} is not inside {a:?}"
            );
            assert!(
                !inside(b, a) || holds(b, a),
                "{what}: {a:?} is not inside {b:?}"
            );
            assert!(
                !holds_more(a, b) || inside(a, b),
                "{what}: {a:?} holds {b:?}"
            );
            assert!(
                !holds_more(b, a) || inside(b, a),
                "{what}: {b:?} holds {a:?}"
            );
        }
    }
}

/// Panics, naming `what` (the message), unless `spans` are right for a
/// message of `len` bytes ([`check_layout`]) whose record has `fields`:
/// each names a key the record has, and each key of `fields` has one but
/// those `derived` names, by path with list indexes left out
/// (`fields.players[].name`), and the items of lists of plain values.
pub fn check(
    what: &str,
    len: usize,
    spans: &[Span],
    fields: &Value,
    derived: &dyn Fn(&str) -> bool,
) {
    check_layout(what, len, spans);
    for s in spans {
        let found = match s.path.as_str() {
            "type_id" | "len" => true,
            p => p
                .strip_prefix("fields")
                .is_some_and(|rest| lookup(fields, rest).is_some()),
        };
        assert!(found, "{what}: {} is no key of {fields}", s.path);
    }
    let has = |path: &str, plain_item: bool| {
        plain_item || derived(&general(path)) || spans.iter().any(|s| s.path == path)
    };
    let mut missing = Vec::new();
    without_bytes(fields, "fields", &has, &mut missing);
    assert!(
        missing.is_empty(),
        "{what}: no bytes for {missing:?} of {fields}\n{spans:?}"
    );
}

/// `path` with list indexes left out: `fields.players[].name`.
fn general(path: &str) -> String {
    let mut out = String::new();
    let mut in_index = false;
    for c in path.chars() {
        match c {
            '[' => {
                in_index = true;
                out.push('[');
            }
            ']' => {
                in_index = false;
                out.push(']');
            }
            _ if in_index => {}
            c => out.push(c),
        }
    }
    out
}

/// The value at `rest` (`.players[1].name`) inside `v`.
fn lookup<'v>(v: &'v Value, rest: &str) -> Option<&'v Value> {
    if rest.is_empty() {
        return Some(v);
    }
    if let Some(r) = rest.strip_prefix('[') {
        let (index, r) = r.split_once(']')?;
        return lookup(v.as_array()?.get(index.parse::<usize>().ok()?)?, r);
    }
    let r = rest.strip_prefix('.')?;
    let end = r.find(['.', '[']).unwrap_or(r.len());
    lookup(v.as_object()?.get(&r[..end])?, &r[end..])
}

/// Adds to `out` the keys and items inside `v` (at `path`) without bytes:
/// those `has` does not give bytes (`has` gets a path, and whether it is
/// an item of a list of plain values), but a list or object whose keys or
/// items all have bytes (they need not be one run of bytes).
fn without_bytes(v: &Value, path: &str, has: &dyn Fn(&str, bool) -> bool, out: &mut Vec<String>) {
    let children: Vec<(String, &Value, bool)> = match v {
        Value::Object(m) => (m.iter())
            .map(|(k, x)| (format!("{path}.{k}"), x, false))
            .collect(),
        Value::Array(items) => {
            let plain = items.iter().all(|x| !x.is_object() && !x.is_array());
            (items.iter().enumerate())
                .map(|(i, x)| (format!("{path}[{i}]"), x, plain))
                .collect()
        }
        _ => Vec::new(),
    };
    for (p, x, plain) in children {
        let mut inside = Vec::new();
        without_bytes(x, &p, has, &mut inside);
        let parts = matches!(x, Value::Object(m) if !m.is_empty())
            || matches!(x, Value::Array(a) if !a.is_empty());
        // A list or object whose parts all have bytes needs none itself.
        let by_parts = parts && inside.is_empty();
        if !(has(&p, plain) || by_parts) {
            out.push(p);
        }
        out.append(&mut inside);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn span(path: &str, start: usize, end: usize) -> Span {
        Span {
            path: path.into(),
            start,
            end,
        }
    }

    #[test]
    fn right_spans_pass() {
        let fields = json!({"a": 1, "l": [{"x": 2}], "n": [1, 2], "d": "derived", "s": [{"y": 1}]});
        let spans = [
            span("type_id", 0, 2),
            span("fields.a", 2, 4),
            span("fields.l", 4, 8),
            span("fields.l[0]", 4, 8),
            span("fields.l[0].x", 4, 6),
            span("fields.n", 8, 10),
            // A list whose items have bytes needs none of its own.
            span("fields.s[0]", 10, 12),
            span("fields.s[0].y", 10, 12),
        ];
        check("ok", 12, &spans, &fields, &|p| p == "fields.d");
    }

    fn fails(spans: &[Span]) -> bool {
        let fields = json!({"a": 1, "b": {"c": 1}});
        let run = || check("bad", 10, spans, &fields, &|_| false);
        std::panic::catch_unwind(run).is_err()
    }

    #[test]
    fn wrong_spans_fail() {
        let good = [
            span("fields.a", 0, 2),
            span("fields.b", 2, 4),
            span("fields.b.c", 2, 4),
        ];
        assert!(!fails(&good));
        // Outside the message; overlapping; a key inside another outside
        // its bytes; no such key; a key without bytes.
        assert!(fails(&[
            span("fields.a", 0, 11),
            good[1].clone(),
            good[2].clone()
        ]));
        assert!(fails(&[
            span("fields.a", 0, 3),
            good[1].clone(),
            good[2].clone()
        ]));
        assert!(fails(&[
            good[0].clone(),
            good[1].clone(),
            span("fields.b.c", 4, 6)
        ]));
        assert!(fails(&[
            good[0].clone(),
            good[1].clone(),
            good[2].clone(),
            span("fields.z", 6, 7)
        ]));
        // A key holding the bytes of another that is not inside it.
        assert!(fails(&[
            span("fields.a", 0, 4),
            span("fields.b", 2, 4),
            good[2].clone()
        ]));
        assert!(fails(&good[..2]));
    }

    #[test]
    fn paths_resolve_and_generalise() {
        let v = json!({"p": [{"n": "x"}]});
        assert_eq!(lookup(&v, ".p[0].n"), Some(&json!("x")));
        assert_eq!(lookup(&v, ".p[1]"), None);
        assert_eq!(general("fields.p[12].n[3]"), "fields.p[].n[]");
    }
}
