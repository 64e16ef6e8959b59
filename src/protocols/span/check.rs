//! What every protocol's spans tests check of one message's spans against
//! its record: each lies inside the message; two spans are apart, or one
//! holds the other (a key's bytes hold the bytes of the keys inside it);
//! each names a key the record has; and each key the record's `fields`
//! has gets one, but for the keys the protocol derives (not bytes) and the
//! items of a list of plain values (its line shows the list's bytes).

use super::Span;
use serde_json::Value;

/// Panics, naming `what` (the message), unless `spans` are right for a
/// message of `len` bytes whose record has `fields`. `derived` says which
/// keys have no bytes of their own, by path with list indexes left out
/// (`fields.players[].name`).
pub fn check(what: &str, len: usize, spans: &[Span], fields: &Value, derived: &dyn Fn(&str) -> bool) {
    for s in spans {
        assert!(s.start <= s.end && s.end <= len, "{what}: {s:?} outside 0..{len}");
    }
    for (i, a) in spans.iter().enumerate() {
        for b in &spans[i + 1..] {
            assert_ne!(a.path, b.path, "{what}: two spans");
            let apart = a.end <= b.start || b.end <= a.start;
            let holds = |x: &Span, y: &Span| x.start <= y.start && y.end <= x.end;
            assert!(apart || holds(a, b) || holds(b, a), "{what}: {a:?} overlaps {b:?}");
            let inside = |x: &Span, y: &Span| {
                y.path.strip_prefix(&x.path).is_some_and(|r| r.starts_with(['.', '[']))
            };
            assert!(!inside(a, b) || holds(a, b), "{what}: {b:?} is not inside {a:?}");
            assert!(!inside(b, a) || holds(b, a), "{what}: {a:?} is not inside {b:?}");
        }
    }
    for s in spans {
        let found = match s.path.as_str() {
            "type_id" | "len" => true,
            p => p.strip_prefix("fields").is_some_and(|rest| lookup(fields, rest).is_some()),
        };
        assert!(found, "{what}: {} is no key of {fields}", s.path);
    }
    let mut missing = Vec::new();
    walk(fields, "fields", &mut |path, plain_item| {
        let general = general(path);
        if !plain_item && !derived(&general) && !spans.iter().any(|s| s.path == path) {
            missing.push(path.to_owned());
        }
    });
    assert!(missing.is_empty(), "{what}: no bytes for {missing:?} of {fields}\n{spans:?}");
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

/// Calls `f` with the path of every key and item inside `v` (at `path`),
/// and whether it is an item of a list of plain values.
fn walk(v: &Value, path: &str, f: &mut dyn FnMut(&str, bool)) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = format!("{path}.{k}");
                f(&p, false);
                walk(x, &p, f);
            }
        }
        Value::Array(items) => {
            let plain = items.iter().all(|x| !x.is_object() && !x.is_array());
            for (i, x) in items.iter().enumerate() {
                let p = format!("{path}[{i}]");
                f(&p, plain);
                walk(x, &p, f);
            }
        }
        _ => {}
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
        let fields = json!({"a": 1, "l": [{"x": 2}], "n": [1, 2], "d": "derived"});
        let spans = [
            span("type_id", 0, 2),
            span("fields.a", 2, 4),
            span("fields.l", 4, 8),
            span("fields.l[0]", 4, 8),
            span("fields.l[0].x", 4, 6),
            span("fields.n", 8, 10),
        ];
        check("ok", 10, &spans, &fields, &|p| p == "fields.d");
    }

    fn fails(spans: &[Span]) -> bool {
        let fields = json!({"a": 1, "b": {"c": 1}});
        let run = || check("bad", 10, spans, &fields, &|_| false);
        std::panic::catch_unwind(run).is_err()
    }

    #[test]
    fn wrong_spans_fail() {
        let good = [span("fields.a", 0, 2), span("fields.b", 2, 4), span("fields.b.c", 2, 4)];
        assert!(!fails(&good));
        // Outside the message; overlapping; a key inside another outside
        // its bytes; no such key; a key without bytes.
        assert!(fails(&[span("fields.a", 0, 11), good[1].clone(), good[2].clone()]));
        assert!(fails(&[span("fields.a", 0, 3), good[1].clone(), good[2].clone()]));
        assert!(fails(&[good[0].clone(), good[1].clone(), span("fields.b.c", 4, 6)]));
        assert!(fails(&[good[0].clone(), good[1].clone(), good[2].clone(), span("fields.z", 6, 7)]));
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
