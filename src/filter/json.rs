//! Filters over items served as JSON objects (a hand, a stream's row, a
//! timeline change): a fixed list of dotted names ([`JsonScope`]), each
//! read from the object by its path ([`JsonSubject`]).

use super::{nearest, Kind, Scope, Subject, Value};

/// Calls `f` with each value at `path` in `v`: lists are walked through
/// (each element, nested lists flattened), an object at the end of the
/// path is one value (its JSON text); stops at the first call that
/// returns true and returns whether one did.
pub fn walk(v: &serde_json::Value, path: &[String], f: &mut dyn FnMut(Value<'_>) -> bool) -> bool {
    use serde_json::Value as J;
    match (v, path) {
        (J::Array(items), _) => items.iter().any(|x| walk(x, path, f)),
        (J::Object(m), [key, rest @ ..]) => m.get(key).is_some_and(|x| walk(x, rest, f)),
        (_, [_, ..]) => false,
        (v, []) => {
            let mut text = String::new();
            f(Value::of_json(v, &mut text))
        }
    }
}

/// A name of a [`JsonScope`]: the dotted path, its kind, and what it is
/// (for the help text).
pub type JsonName = (&'static str, Kind, &'static str);

/// The names of one kind of item.
pub struct JsonScope {
    /// The names.
    pub names: &'static [JsonName],
    /// What the items are (`hand`), for errors.
    pub item: &'static str,
    /// The command whose `--help` lists the names.
    pub command: &'static str,
}

impl Scope for JsonScope {
    type Key = Vec<String>;

    fn resolve(&mut self, name: &str) -> Result<(Vec<String>, Kind), String> {
        if let Some(&(_, kind, _)) = self.names.iter().find(|(n, _, _)| *n == name) {
            return Ok((name.split('.').map(str::to_string).collect(), kind));
        }
        let hint = match nearest(name, self.names.iter().map(|(n, _, _)| *n)) {
            Some(n) => format!(" (did you mean '{n}'?)"),
            None => String::new(),
        };
        Err(format!(
            "unknown field '{name}': no {} has it{hint} (`cardshark {} --help` lists the names)",
            self.item, self.command
        ))
    }
}

/// An item as a JSON object.
pub struct JsonSubject<'a>(pub &'a serde_json::Value);

impl Subject<Vec<String>> for JsonSubject<'_> {
    fn any(&mut self, key: &Vec<String>, f: &mut dyn FnMut(Value<'_>) -> bool) -> bool {
        walk(self.0, key, f)
    }
}

/// The names of a scope as help text: `name: what`, a line each.
pub fn help(names: &[JsonName]) -> String {
    let width = names.iter().map(|(n, _, _)| n.len()).max().unwrap_or(0);
    names
        .iter()
        .map(|(n, _, what)| format!("  {n:width$}  {what}"))
        .collect::<Vec<_>>()
        .join("\n")
}
