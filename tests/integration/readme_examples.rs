//! The examples of README.md and of every docs/*.md (the reference the
//! README points to) are what the program prints: every fenced block
//! that shows a `$ cardshark ...` command line is marked, just above it,
//! `<!-- checked -->` (this test runs the command from the repository's
//! top and compares its standard output with the block) or
//! `<!-- not checked: why -->` (it needs root, a network interface or a
//! tool the tests do not have). A block without a mark fails the test, so
//! a new example is checked unless someone says why not.
//!
//! In the block, a line `...` stands for any number of lines (at the end:
//! the rest of the output), and `...` inside a line for any text.

use crate::common;

/// A block of a documentation file: the mark above it, its command, and
/// the lines shown after the command.
struct Example {
    file: String,
    line: usize,
    mark: Option<String>,
    command: String,
    shown: Vec<String>,
}

/// Every fenced block of `text` (the file `name`) whose first line is a
/// `$ cardshark` command.
fn examples(name: &str, text: &str) -> Vec<Example> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        if !lines[i].starts_with("```") {
            i += 1;
            continue;
        }
        let open = i;
        let close = (open + 1..lines.len())
            .find(|&j| lines[j].starts_with("```"))
            .unwrap_or_else(|| panic!("{name}:{}: a block that does not end", open + 1));
        let first = lines.get(open + 1).copied().unwrap_or("");
        if let Some(command) = first.strip_prefix("$ ") {
            if command.split_whitespace().any(|w| w == "cardshark") {
                let above = lines[..open].iter().rev().find(|l| !l.trim().is_empty());
                let mark = above
                    .and_then(|l| l.trim().strip_prefix("<!-- "))
                    .and_then(|l| l.strip_suffix(" -->"))
                    .map(str::to_string);
                found.push(Example {
                    file: name.to_string(),
                    line: open + 2,
                    mark,
                    command: command.to_string(),
                    shown: lines[open + 2..close]
                        .iter()
                        .map(|s| s.to_string())
                        .collect(),
                });
            }
        }
        i = close + 1;
    }
    found
}

/// A command line split into words as a shell would for the examples'
/// simple commands: blanks separate, single and double quotes group.
fn words(command: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word: Option<String> = None;
    let mut quote: Option<char> = None;
    for c in command.chars() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), c) => word.get_or_insert_with(String::new).push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                word.get_or_insert_with(String::new);
            }
            (None, c) if c.is_whitespace() => out.extend(word.take()),
            (None, c) => word.get_or_insert_with(String::new).push(c),
        }
    }
    out.extend(word);
    out
}

/// Whether `line` is what `shown` shows: the same, or with each `...` in
/// `shown` standing for any text.
fn line_matches(shown: &str, line: &str) -> bool {
    if shown == line {
        return true;
    }
    let parts: Vec<&str> = shown.split("...").collect();
    if parts.len() == 1 {
        return false;
    }
    let (first, last) = (parts[0], parts[parts.len() - 1]);
    if !line.starts_with(first) || !line[first.len()..].ends_with(last) {
        return false;
    }
    let mut rest = &line[first.len()..line.len() - last.len()];
    for part in &parts[1..parts.len() - 1] {
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    true
}

/// Whether the output `out` is what the block shows (`...` lines standing
/// for any number of lines).
fn output_matches(shown: &[String], out: &[&str]) -> bool {
    match shown.split_first() {
        None => out.is_empty(),
        Some((s, rest)) if s == "..." => (0..=out.len()).any(|k| output_matches(rest, &out[k..])),
        Some((s, rest)) => {
            !out.is_empty() && line_matches(s, out[0]) && output_matches(rest, &out[1..])
        }
    }
}

#[test]
fn every_command_block_is_marked_and_the_checked_ones_are_true() {
    let root = env!("CARGO_MANIFEST_DIR");
    let all: Vec<Example> = documents(root)
        .iter()
        .flat_map(|name| {
            let text = std::fs::read_to_string(format!("{root}/{name}")).unwrap();
            examples(name, &text)
        })
        .collect();
    assert!(all.len() >= 20, "found {} examples", all.len());
    let in_readme = all.iter().filter(|ex| ex.file == "README.md").count();
    assert!(in_readme >= 8, "README.md shows {in_readme} examples");
    let mut checked = 0;
    for ex in &all {
        let at = format!("{}:{}: `{}`", ex.file, ex.line, ex.command);
        match ex.mark.as_deref() {
            Some("checked") => {}
            Some(m) if m.starts_with("not checked: ") => continue,
            _ => panic!("{at}: mark the block <!-- checked --> or <!-- not checked: why -->"),
        }
        let words = words(&ex.command);
        assert_eq!(
            words[0], "cardshark",
            "{at}: a checked example runs cardshark alone"
        );
        let out = common::cardshark()
            .args(&words[1..])
            .current_dir(root)
            .env("NO_COLOR", "1")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{at}: exit status {:?}: {}",
            out.status.code(),
            String::from_utf8_lossy(&out.stderr)
        );
        let lines: Vec<&str> = stdout.lines().collect();
        assert!(
            output_matches(&ex.shown, &lines),
            "{at}: the file shows\n{}\nthe program prints\n{stdout}",
            ex.shown.join("\n")
        );
        checked += 1;
    }
    assert!(checked >= 20, "{checked} examples checked");
}

/// README.md and every Markdown file of docs/, relative to the repository's
/// top, in name order.
fn documents(root: &str) -> Vec<String> {
    let mut docs: Vec<String> = std::fs::read_dir(format!("{root}/docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    docs.sort();
    assert!(docs.len() >= 10, "docs/ holds {} files", docs.len());
    let mut all = vec!["README.md".to_string()];
    all.extend(docs);
    all
}

#[test]
fn the_comparison_is_not_lenient() {
    let shown = |s: &[&str]| s.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(output_matches(&shown(&["a", "..."]), &["a", "b", "c"]));
    assert!(output_matches(&shown(&["a", "...", "c"]), &["a", "b", "c"]));
    assert!(!output_matches(&shown(&["a", "c"]), &["a", "b", "c"]));
    assert!(!output_matches(&shown(&["a", "b"]), &["a"]));
    assert!(line_matches(
        r#"{"frame":3,...,"event":"x"}"#,
        r#"{"frame":3,"ts":"t","event":"x"}"#
    ));
    assert!(!line_matches(
        r#"{"frame":3,...,"protocol":"c","event":"x"}"#,
        r#"{"frame":3,"ts":"t","event":"x"}"#
    ));
    assert_eq!(
        words(r#"cardshark decode f -Y 'a == "b c"' -c 2"#),
        ["cardshark", "decode", "f", "-Y", r#"a == "b c""#, "-c", "2"]
    );
}

/// The README stays a ten-minute read: the reference is in docs/.
#[test]
fn the_readme_is_short() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let n = readme.lines().count();
    assert!(
        n <= 300,
        "README.md has {n} lines (at most 300: move reference to docs/)"
    );
}

/// Every relative link of README.md and docs/ names a file or folder that
/// exists, and an anchor (`file.md#heading`) a heading of that file.
#[test]
fn every_link_resolves() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for name in documents(root.to_str().unwrap()) {
        let path = root.join(&name);
        let text = std::fs::read_to_string(&path).unwrap();
        for target in links(&text) {
            if target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            let (file, anchor) = target.split_once('#').unwrap_or((&target, ""));
            let to = if file.is_empty() {
                path.clone()
            } else {
                path.parent().unwrap().join(file)
            };
            assert!(to.exists(), "{name}: link to {target}: no such file");
            if !anchor.is_empty() {
                let heads = std::fs::read_to_string(&to).unwrap();
                assert!(
                    heads
                        .lines()
                        .filter_map(|l| l.strip_prefix('#'))
                        .any(|h| slug(h.trim_start_matches('#')) == anchor),
                    "{name}: link to {target}: no such heading"
                );
            }
            checked += 1;
        }
    }
    assert!(checked >= 20, "{checked} links checked");
}

/// The targets of the Markdown links `[text](target)` of `text`, outside
/// code spans and fenced blocks.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
        }
        if fenced {
            continue;
        }
        let outside: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = outside.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            out.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    out
}

/// A heading's anchor as GitHub makes it: lower case, spaces to `-`, other
/// punctuation but `-` and `_` left out.
fn slug(heading: &str) -> String {
    heading
        .trim()
        .to_lowercase()
        .chars()
        .filter_map(|c| match c {
            ' ' => Some('-'),
            c if c.is_alphanumeric() || c == '-' || c == '_' => Some(c),
            _ => None,
        })
        .collect()
}

#[test]
fn the_link_check_is_not_lenient() {
    assert_eq!(
        links("see [a](docs/a.md) and `[b](no)` and [c](x.md#y-z)"),
        ["docs/a.md", "x.md#y-z"]
    );
    assert_eq!(
        slug("Exit status, errors and the terminal"),
        "exit-status-errors-and-the-terminal"
    );
    assert_eq!(slug("The detail view"), "the-detail-view");
}
