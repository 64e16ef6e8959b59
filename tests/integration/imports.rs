//! The import graph of `src/`: no two files import each other, directly or
//! through others, and no stage of the pipeline imports a later one.
//!
//! An import is a `use` of a path starting `crate::`, `super::` or
//! `self::`, or such a path written in the code; it ties the file to the
//! file of the longest module its path names (`crate::analysis::hands::
//! table::Table` ties to `src/analysis/hands/table.rs`). A folder's
//! `mod.rs` reaching its own parts by their bare names (`draw::draw`) is
//! how a module uses its parts and is not read as an import. Comments,
//! string literals and a file's own test module (`#[cfg(test)] mod tests
//! { .. }`, which checks its file and may use what the file's users give
//! it) are left out; test files (`tests.rs`, `tests/`) are read. The stages run in the order of
//! ARCHITECTURE.md; a test module (`tests.rs`, `tests/`, `*_tests.rs`,
//! `testkit.rs`) may read a later stage's output to check its own.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The top-level modules in pipeline order; a module imports only from
/// its own rank or earlier ones.
const STAGES: &[(&str, u32)] = &[
    ("prefetch", 0),
    ("capture", 1),
    ("link", 2),
    ("reassembly", 3),
    ("pipeline", 4),
    ("protocols", 5),
    ("transport", 6),
    ("detect", 7),
    ("decode", 8),
    ("analysis", 9),
    ("output", 10),
    ("filter", 11),
    ("cli", 12),
];

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file (relative to `src/`): `cli/decode/mod.rs` is
/// `cli::decode`, `lib.rs` and `main.rs` the root.
fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(String::from)
        .collect();
    if parts.last().is_some_and(|l| l == "mod") {
        parts.pop();
    }
    if parts == ["lib"] || parts == ["main"] {
        parts.clear();
    }
    parts
}

/// `text` without comments and with every string literal emptied.
fn code_of(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            while i < b.len() && b[i] != b'\n' {
                i += 1;
            }
        } else if b[i..].starts_with(b"/*") {
            i += 2;
            while i < b.len() && !b[i..].starts_with(b"*/") {
                i += 1;
            }
            i += 2;
        } else if b[i] == b'"' {
            out.push_str("\"\"");
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i += 1;
        } else if b[i] == b'\'' && b.get(i + 2) == Some(&b'\'') {
            // A one-byte character literal ('"').
            i += 3;
        } else {
            let c = text[i..].chars().next().unwrap();
            out.push(c);
            i += c.len_utf8();
        }
    }
    out
}

/// The paths a `use` tree names: `a::{b, c::{d, e}}` is `a::b`,
/// `a::c::d`, `a::c::e`.
fn expand(prefix: &[String], tree: &str, out: &mut Vec<Vec<String>>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let base: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect();
        let inner = &tree[open + 1..tree.rfind('}').unwrap_or(tree.len())];
        let mut prefix = prefix.to_vec();
        prefix.extend(base);
        let (mut depth, mut start) = (0, 0);
        for (i, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    expand(&prefix, &inner[start..i], out);
                    start = i + 1;
                }
                _ => {}
            }
        }
        expand(&prefix, &inner[start..], out);
        return;
    }
    let path = tree.split(" as ").next().unwrap_or("").trim();
    if path.is_empty() {
        return;
    }
    let mut p = prefix.to_vec();
    p.extend(path.split("::").map(|s| s.trim().to_string()));
    out.push(p);
}

/// `code` without its inline test modules (`#[cfg(test)] mod x { .. }`).
fn without_test_modules(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let mut rest = code;
    while let Some(at) = rest.find("#[cfg(test)]") {
        out.push_str(&rest[..at]);
        let after = rest[at + "#[cfg(test)]".len()..].trim_start();
        let inline = after.starts_with("mod ")
            && after
                .find(['{', ';'])
                .is_some_and(|i| after.as_bytes()[i] == b'{');
        if !inline {
            out.push_str("#[cfg(test)]");
            rest = &rest[at + "#[cfg(test)]".len()..];
            continue;
        }
        let open = after.find('{').unwrap_or(0);
        let mut depth = 0;
        let mut end = after.len();
        for (i, c) in after[open..].char_indices() {
            match c {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        end = open + i + 1;
                        break;
                    }
                }
                _ => {}
            }
        }
        rest = &after[end..];
    }
    out.push_str(rest);
    out
}

/// Every path a file's code names through `crate`, `super` or `self`.
fn paths_of(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut rest = code;
    while let Some(at) = rest.find("use ") {
        let before = rest[..at].chars().last();
        rest = &rest[at + 4..];
        if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            continue;
        }
        if let Some(end) = rest.find(';') {
            expand(&[], &rest[..end], &mut out);
        }
    }
    let bytes = code.as_bytes();
    for word in ["crate::", "super::", "self::"] {
        let mut from = 0;
        while let Some(at) = code[from..].find(word) {
            let start = from + at;
            from = start + word.len();
            if start > 0 && (bytes[start - 1].is_ascii_alphanumeric() || bytes[start - 1] == b'_') {
                continue;
            }
            let end = code[start..]
                .find(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
                .map_or(code.len(), |e| start + e);
            out.push(
                code[start..end]
                    .split("::")
                    .filter(|s| !s.is_empty())
                    .map(String::from)
                    .collect(),
            );
        }
    }
    out
}

/// The import graph: for each file (relative to `src/`), the files it imports.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut all = Vec::new();
    files(&src, &mut all);
    let rel = |p: &Path| {
        p.strip_prefix(&src)
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/")
    };
    let mut by_module: BTreeMap<Vec<String>, String> = BTreeMap::new();
    for p in &all {
        let r = rel(p);
        if r != "main.rs" {
            by_module.insert(module_of(&r), r);
        }
    }
    let mut edges = BTreeMap::new();
    for p in &all {
        let r = rel(p);
        let module = module_of(&r);
        let code = without_test_modules(&code_of(&std::fs::read_to_string(p).unwrap()));
        let mut to = BTreeSet::new();
        for path in paths_of(&code) {
            let (mut base, mut rest): (Vec<String>, &[String]) =
                match path.first().map(String::as_str) {
                    Some("crate") => (Vec::new(), &path[1..]),
                    Some("super" | "self") => (module.clone(), &path[..]),
                    _ => continue,
                };
            while let Some(first) = rest.first() {
                match first.as_str() {
                    "super" => {
                        base.pop();
                    }
                    "self" => {}
                    _ => break,
                }
                rest = &rest[1..];
            }
            base.extend(rest.iter().cloned());
            let target = (0..=base.len())
                .rev()
                .find_map(|n| by_module.get(&base[..n]));
            if let Some(t) = target.filter(|t| **t != r) {
                to.insert(t.clone());
            }
        }
        edges.insert(r, to);
    }
    edges
}

/// The groups of files that import each other (strongly connected
/// components of more than one file), by Tarjan's algorithm.
fn circles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    struct State<'a> {
        edges: &'a BTreeMap<String, BTreeSet<String>>,
        index: BTreeMap<&'a str, usize>,
        low: BTreeMap<&'a str, usize>,
        stack: Vec<&'a str>,
        on: BTreeSet<&'a str>,
        out: Vec<Vec<String>>,
    }
    fn visit<'a>(s: &mut State<'a>, v: &'a str) {
        let n = s.index.len();
        s.index.insert(v, n);
        s.low.insert(v, n);
        s.stack.push(v);
        s.on.insert(v);
        for w in s.edges.get(v).into_iter().flatten() {
            let w = w.as_str();
            if !s.index.contains_key(w) {
                visit(s, w);
                let l = s.low[v].min(s.low[w]);
                s.low.insert(v, l);
            } else if s.on.contains(w) {
                let l = s.low[v].min(s.index[w]);
                s.low.insert(v, l);
            }
        }
        if s.low[v] == s.index[v] {
            let mut group = Vec::new();
            while let Some(w) = s.stack.pop() {
                s.on.remove(w);
                group.push(w.to_string());
                if w == v {
                    break;
                }
            }
            if group.len() > 1 {
                group.sort();
                s.out.push(group);
            }
        }
    }
    let mut s = State {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !s.index.contains_key(v.as_str()) {
            visit(&mut s, v);
        }
    }
    s.out
}

fn is_test(file: &str) -> bool {
    file.ends_with("/tests.rs")
        || file.contains("/tests/")
        || file.ends_with("_tests.rs")
        || file.ends_with("/testkit.rs")
}

fn stage(file: &str) -> Option<u32> {
    let top = file.split('/').next()?.trim_end_matches(".rs");
    STAGES.iter().find(|s| s.0 == top).map(|s| s.1)
}

#[test]
fn no_two_files_import_each_other() {
    let edges = graph();
    assert!(edges.len() > 200, "{} files read", edges.len());
    // Imports it must see: a `use super::`, a `use crate::` and a path.
    assert!(edges["reassembly/flows.rs"].contains("reassembly/table.rs"));
    assert!(edges["analysis/timeline/poker.rs"].contains("analysis/hands/table/mod.rs"));
    assert!(edges["cli/decode/records.rs"].contains("cli/tables.rs"));
    let found = circles(&edges);
    let said: Vec<String> = found
        .iter()
        .map(|group| {
            let ties: Vec<String> = group
                .iter()
                .flat_map(|a| {
                    edges[a]
                        .iter()
                        .filter(|b| group.contains(b))
                        .map(move |b| format!("{a} -> {b}"))
                })
                .collect();
            format!("{} files: {}", group.len(), ties.join(", "))
        })
        .collect();
    assert!(
        said.is_empty(),
        "files that import each other:\n{}",
        said.join("\n")
    );
}

#[test]
fn no_stage_imports_a_later_one() {
    let edges = graph();
    let mut back = Vec::new();
    for (a, to) in &edges {
        let Some(sa) = stage(a) else { continue };
        for b in to {
            if stage(b).is_some_and(|sb| sb > sa) && !is_test(a) {
                back.push(format!("{a} -> {b}"));
            }
        }
    }
    assert!(
        back.is_empty(),
        "imports from a later stage:\n{}",
        back.join("\n")
    );
}

#[test]
fn the_reader_finds_what_it_must() {
    // A circle the check must see, and what it must not read as an import.
    let code = without_test_modules(&code_of(
        "use super::x::{A, b::{C, D as E}};\n// use crate::gone;\nlet s = \"crate::nope\"; crate::y::f();\n#[cfg(test)]\nmod tests { use crate::in_test; }\n#[cfg(test)]\nmod more;",
    ));
    let paths = paths_of(&code);
    let flat: Vec<String> = paths.iter().map(|p| p.join("::")).collect();
    assert!(flat.contains(&"super::x::A".to_string()), "{flat:?}");
    assert!(flat.contains(&"super::x::b::D".to_string()), "{flat:?}");
    assert!(flat.contains(&"crate::y::f".to_string()), "{flat:?}");
    assert!(
        !flat
            .iter()
            .any(|p| p.contains("gone") || p.contains("nope")),
        "{flat:?}"
    );
    let mut edges = BTreeMap::new();
    edges.insert("a.rs".to_string(), BTreeSet::from(["b.rs".to_string()]));
    edges.insert("b.rs".to_string(), BTreeSet::from(["c.rs".to_string()]));
    edges.insert("c.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    edges.insert("d.rs".to_string(), BTreeSet::from(["a.rs".to_string()]));
    assert_eq!(circles(&edges), vec![vec!["a.rs", "b.rs", "c.rs"]]);
}
