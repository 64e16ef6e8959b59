//! `-Y EXPR` on every command: the help text (the language and each
//! command's names, made from the same tables the filter resolves names
//! in), compiling the expression into a usage error that names `-Y`, and
//! the names of streams (`inspect`) and timeline changes with the JSON
//! each is read from (those of hands: `hand_keys.rs`).

use super::CliError;
use cardshark::analysis::timeline::{Change, Game};
use cardshark::decode::label;
use cardshark::filter::json::{self, JsonName, JsonScope, JsonSubject};
use cardshark::filter::record::{envelope, Paths, RecordKey, RecordScope};
use cardshark::filter::{Filter, Kind, Scope, Subject, Value};
use serde_json::Value as J;

/// The language, for every command's `-Y` help.
const LANGUAGE: &str = "\
Display filter, like tshark's -Y: only what EXPR matches is written.

Comparisons: == != < <= > >= (or eq ne lt le gt ge), `contains \"text\"`, \
`matches \"regex\"` (case-insensitive; (?-i) turns that off), `in {1 3 5..9}`; \
&& || ! (or and or not) and parentheses. Values: \"text\" (or 'text'), numbers, \
true, false, null; a time as RFC 3339 text (\"2026-11-21T06:10:00Z\", \
\"2026-11-21\") or seconds since 1970. A bare name is true when the item has \
a value for it that is not false, null, empty text or an empty list.

A name with several values (a list's elements) matches when one of them \
does; `!=` when every one differs. A comparison with a name the item does \
not have is false (so `!(k == 1)` is true there). A name nothing has is an \
error (exit 2), as is a filter that does not parse: the message gives the \
column.";

/// The `-Y` help of `decode` and `follow`: the language and the record keys.
pub fn records_help(what: &str) -> String {
    let keys: Vec<&str> = envelope().iter().map(|(n, _, _)| *n).collect();
    format!(
        "{LANGUAGE}\n\n{what}\n\nRecord keys (those of `decode --format jsonl`): {}; \
         and fields.NAME for the keys of a message's fields, nested ones with dots \
         (fields.player_id, fields.game_info.start_money), a list's elements by its \
         name. Every name any protocol's messages write is known.\n\n\
         Examples: -Y 'type == \"PlayersActionDone\" && fields.player_id == 2'; \
         -Y 'protocol == \"pokernetwork\" && stream in {{1 3}}' (protocol holds the \
         protocol's name and its dialect's: \"pokerth-1\" matches PokerTH 1.x, \"pokerth\" \
         every PokerTH generation); -Y 'frame > 1000'; \
         -Y 'ts >= \"2026-11-21T06:10:00Z\"'; -Y 'notes || error'.",
        keys.join(", ")
    )
}

/// The `-Y` help of a command whose items are JSON objects of `names`.
pub fn items_help(what: &str, names: &[JsonName], example: &str) -> String {
    format!(
        "{LANGUAGE}\n\n{what}\n\nNames:\n{}\n\nExample: -Y '{example}'",
        json::help(names)
    )
}

/// Compiles `text` in `scope`; an error names `-Y`.
pub fn compile<S: Scope>(text: &str, scope: &mut S) -> Result<Filter<S::Key>, CliError> {
    Filter::compile(text, scope).map_err(|e| CliError::Usage(format!("-Y: {e}")))
}

/// Compiles `-Y` over records: the filter and the `fields.*` paths it
/// reads.
pub fn records(text: &str) -> Result<(Filter<RecordKey>, Paths), CliError> {
    let mut scope = RecordScope::new();
    let filter = compile(text, &mut scope)?;
    Ok((filter, scope.into_paths()))
}

/// Compiles an optional `-Y` over JSON items of `scope`.
pub fn items(
    text: Option<&str>,
    mut scope: JsonScope,
) -> Result<Option<Filter<Vec<String>>>, CliError> {
    text.map(|t| compile(t, &mut scope)).transpose()
}

/// A protocol's or a dialect's name, as `-p` and the tables have them.
pub const PROTOCOL: Kind = Kind::OneOf {
    what: "a protocol or dialect",
    values: &label::NAME_LIST,
};

/// The names of a stream's row (`inspect`) besides each direction's:
/// its `--format json` keys, and totals of both directions.
const STREAM_KEYS: &[JsonName] = &[
    ("stream", Kind::Any, "the stream"),
    (
        "protocol",
        PROTOCOL,
        "the protocol decoded and its dialect, as the Protocol column names them (pokerth takes every PokerTH stream, pokerth-1 only 1.x; absent: none)",
    ),
    ("dialect", Kind::Any, "its dialect"),
    (
        "transport",
        Kind::OneOf {
            what: "a transport",
            values: &["tcp", "websocket"],
        },
        "tcp or websocket",
    ),
    ("detection", Kind::Any, "detected, forced or unknown"),
    ("client", Kind::Any, "the client, \"ip:port\""),
    ("server", Kind::Any, "the server, \"ip:port\""),
    (
        "community_id",
        Kind::Any,
        "its Community ID (v1, seed 0), as Zeek and Suricata write it",
    ),
    (
        "roles_from_handshake",
        Kind::Any,
        "true when a SYN told who is the client",
    ),
    ("first_frame", Kind::Any, "its first frame"),
    ("last_frame", Kind::Any, "its last frame"),
    ("start", Kind::Time, "its first packet's time"),
    ("end", Kind::Time, "its last packet's time"),
    ("duration", Kind::Any, "seconds from first to last packet"),
    ("end_reason", Kind::Any, "fin, rst, timeout or eof"),
    ("flushed", Kind::Any, "true when the flow cap flushed it"),
    ("messages", Kind::Any, "messages both ways"),
    (
        "errors",
        Kind::Any,
        "messages that did not decode, both ways",
    ),
    (
        "unknown_bytes",
        Kind::Any,
        "bytes no decoder placed, both ways",
    ),
    ("packets", Kind::Any, "packets both ways"),
    ("bytes", Kind::Any, "payload bytes both ways"),
    ("gaps", Kind::Any, "gaps both ways"),
    ("gap_bytes", Kind::Any, "bytes missing both ways"),
    ("retransmissions", Kind::Any, "retransmissions both ways"),
    ("conflicts", Kind::Any, "conflicting overlaps both ways"),
];

/// The counts of each direction (`c2s.messages`, ...), as `--format json`
/// writes them.
const DIRECTION_KEYS: [&str; 11] = [
    "messages",
    "errors",
    "unknown_bytes",
    "packets",
    "bytes",
    "wire_bytes",
    "gaps",
    "gap_bytes",
    "retransmissions",
    "keepalives",
    "conflicts",
];

/// Every name of a stream's row: [`STREAM_KEYS`], then `c2s.*` and `s2c.*`.
pub fn stream_names() -> &'static [JsonName] {
    static NAMES: std::sync::OnceLock<Vec<JsonName>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let mut names = STREAM_KEYS.to_vec();
        for dir in ["c2s", "s2c"] {
            for k in DIRECTION_KEYS {
                let name: &'static str = Box::leak(format!("{dir}.{k}").into_boxed_str());
                names.push((name, Kind::Any, ""));
            }
        }
        names
    })
}

/// The names of a stream's row for its help: the per-direction ones in
/// one line.
pub fn stream_help_names() -> Vec<JsonName> {
    let mut names = STREAM_KEYS.to_vec();
    names.push(("c2s.*, s2c.*", Kind::Any, "each direction's counts (messages, errors, unknown_bytes, packets, bytes, wire_bytes, gaps, gap_bytes, retransmissions, keepalives, conflicts)"));
    names
}

/// The scope of `inspect`'s rows.
pub fn stream_scope() -> JsonScope {
    JsonScope {
        names: stream_names(),
        item: "stream",
        command: "inspect",
    }
}

/// Adds the totals of both directions to a stream's `--format json`
/// object.
pub fn with_totals(mut row: J) -> J {
    let totals = STREAM_KEYS
        .iter()
        .filter(|(n, _, _)| DIRECTION_KEYS.contains(n));
    for (k, _, _) in totals {
        let n = |d: &str| row[d][k].as_u64().unwrap_or(0);
        let total = n("c2s").saturating_add(n("s2c"));
        row[*k] = total.into();
    }
    row
}

/// The names of a timeline change; `game` takes the name of every game
/// the timeline has ([`Game::names`]).
pub fn change_names() -> &'static [JsonName] {
    static NAMES: std::sync::OnceLock<Vec<JsonName>> = std::sync::OnceLock::new();
    NAMES.get_or_init(|| {
        let games = Game::names();
        let help = match games.split_last() {
            Some((last, [])) => last.to_string(),
            Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
            None => String::new(),
        };
        vec![
            (
                "frame",
                Kind::Any,
                "the frame of the message that changed the state",
            ),
            ("ts", Kind::Time, "its time"),
            ("stream", Kind::Any, "the stream"),
            (
                "game",
                Kind::OneOf {
                    what: "a game",
                    values: games,
                },
                Box::leak(help.into_boxed_str()),
            ),
            ("what", Kind::Any, "what changed, as the table says it"),
        ]
    })
}

/// The scope of timeline changes.
pub fn change_scope() -> JsonScope {
    JsonScope {
        names: change_names(),
        item: "timeline change",
        command: "timeline",
    }
}

/// A timeline change and the game it changed, read by name without
/// making JSON (changes are many).
pub struct ChangeSubject<'a>(pub &'a Change, pub &'a Game);

impl Subject<Vec<String>> for ChangeSubject<'_> {
    fn any(&mut self, key: &Vec<String>, f: &mut dyn FnMut(Value<'_>) -> bool) -> bool {
        let c = self.0;
        match key.first().map(String::as_str) {
            Some("frame") => f(Value::Int(c.frame.into())),
            Some("ts") => f(Value::Time(c.ts)),
            Some("stream") => f(Value::Int(c.stream.into())),
            Some("what") => f(Value::Str(&c.what)),
            Some("game") => f(Value::Str(self.1.as_state().name())),
            _ => false,
        }
    }
}

/// Whether `filter` (if any) lets the JSON item `item` through.
pub fn passes(filter: Option<&Filter<Vec<String>>>, item: &J) -> bool {
    filter.is_none_or(|f| f.matches(&mut JsonSubject(item)))
}
