//! Filters and field columns over records: the record contract's keys
//! (docs/records.md), read straight from a [`Record`], and
//! `fields.*` paths, checked against the [catalogue](super::names) and
//! read from the record's fields serialised once, and only when a path
//! under `fields` is asked for.
//!
//! Each key holds the value the record's JSON has under it (the same
//! text, number or boolean), or nothing where the JSON has no such key.

use super::extract::{extract, Scalar, Trie};
use super::{names, nearest, Kind, Scope, Subject, Value};
use crate::decode::label;
use crate::decode::{Body, Record, WsEvent};
use crate::protocols::{hex, Dialect, Note};
use std::sync::OnceLock;

/// A key of a record.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum RecordKey {
    Frame,
    Ts,
    Stream,
    Dir,
    Src,
    Dst,
    CommunityId,
    Offset,
    TcpOffset,
    Transport,
    /// `protocol` in a filter: the protocol's name and its dialect's
    /// ([`label::names_of`]), as `-p` takes them.
    Protocol,
    /// `protocol` as the record's JSON has it (the family's name alone):
    /// what a field column (`-e protocol`) writes.
    ProtocolName,
    Dialect,
    Type,
    TypeId,
    Event,
    Len,
    Notes,
    NoteCodes,
    Error,
    Reason,
    Resource,
    Subprotocol,
    Extensions,
    Masked,
    Payload,
    Code,
    WsOpcode,
    WsFin,
    WsMasked,
    WsCompressed,
    WsFrames,
    /// `websocket` itself, as JSON.
    Websocket,
    /// `fields` itself, as JSON.
    Fields,
    /// A path under `fields`: its index in the scope's paths.
    Field(usize),
}

/// The names of the record contract's keys (`fields.*` aside), with
/// their keys and kinds, in the contract's order.
pub fn envelope() -> &'static [(&'static str, RecordKey, Kind)] {
    static TABLE: OnceLock<Vec<(&'static str, RecordKey, Kind)>> = OnceLock::new();
    TABLE.get_or_init(|| {
        static DIALECTS: OnceLock<Vec<&'static str>> = OnceLock::new();
        let dialects = DIALECTS.get_or_init(|| Dialect::ALL.iter().map(|d| d.as_str()).collect());
        let one_of = |what, values| Kind::OneOf { what, values };
        use RecordKey as K;
        vec![
            ("frame", K::Frame, Kind::Any),
            ("ts", K::Ts, Kind::Time),
            ("stream", K::Stream, Kind::Any),
            ("dir", K::Dir, one_of("a direction", &["c2s", "s2c"])),
            ("src", K::Src, Kind::Any),
            ("dst", K::Dst, Kind::Any),
            ("community_id", K::CommunityId, Kind::Any),
            ("offset", K::Offset, Kind::Any),
            ("tcp_offset", K::TcpOffset, Kind::Any),
            (
                "transport",
                K::Transport,
                one_of("a transport", &["websocket"]),
            ),
            (
                "protocol",
                K::Protocol,
                one_of("a protocol or dialect", &label::NAME_LIST),
            ),
            ("dialect", K::Dialect, one_of("a dialect", dialects)),
            ("type", K::Type, Kind::Any),
            ("type_id", K::TypeId, Kind::Any),
            ("event", K::Event, one_of("an event", &Record::EVENT_NAMES)),
            ("len", K::Len, Kind::Any),
            ("fields", K::Fields, Kind::Any),
            ("notes", K::Notes, Kind::Any),
            ("note_codes", K::NoteCodes, Kind::Any),
            ("error", K::Error, Kind::Any),
            ("reason", K::Reason, Kind::Any),
            ("resource", K::Resource, Kind::Any),
            ("subprotocol", K::Subprotocol, Kind::Any),
            ("extensions", K::Extensions, Kind::Any),
            ("masked", K::Masked, Kind::Any),
            ("payload", K::Payload, Kind::Any),
            ("code", K::Code, Kind::Any),
            ("websocket", K::Websocket, Kind::Any),
            ("websocket.opcode", K::WsOpcode, Kind::Any),
            ("websocket.fin", K::WsFin, Kind::Any),
            ("websocket.masked", K::WsMasked, Kind::Any),
            ("websocket.compressed", K::WsCompressed, Kind::Any),
            ("websocket.frames", K::WsFrames, Kind::Any),
        ]
    })
}

/// The `fields.*` paths a scope resolved, by [`RecordKey::Field`] index,
/// each as its keys, and their trie (to find them all in one pass).
#[derive(Debug, Default)]
pub struct Paths {
    list: Vec<Vec<String>>,
    trie: Trie,
}

/// The names of records: the contract's keys and `fields.*` paths. The
/// paths asked for are numbered in the order they were first resolved.
#[derive(Debug, Default)]
pub struct RecordScope {
    paths: Vec<Vec<String>>,
}

impl RecordScope {
    /// A scope with no path asked for yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// The `fields.*` paths resolved, by [`RecordKey::Field`] index.
    pub fn into_paths(self) -> Paths {
        Paths {
            trie: Trie::new(&self.paths),
            list: self.paths,
        }
    }
}

impl Scope for RecordScope {
    type Key = RecordKey;

    fn resolve(&mut self, name: &str) -> Result<(RecordKey, Kind), String> {
        if let Some(&(_, key, kind)) = envelope().iter().find(|(n, _, _)| *n == name) {
            return Ok((key, kind));
        }
        if let Some(path) = name.strip_prefix("fields.") {
            let keys: Vec<&str> = path.split('.').collect();
            if names::fields().knows(&keys) {
                let path: Vec<String> = keys.iter().map(|k| k.to_string()).collect();
                let index = match self.paths.iter().position(|p| *p == path) {
                    Some(i) => i,
                    None => {
                        self.paths.push(path);
                        self.paths.len() - 1
                    }
                };
                return Ok((RecordKey::Field(index), Kind::Any));
            }
        }
        Err(unknown(name))
    }
}

/// The error for a name no record has, with the nearest known one.
fn unknown(name: &str) -> String {
    let paths: Vec<String> = (names::fields().paths().into_iter())
        .map(|p| format!("fields.{p}"))
        .collect();
    let known = (envelope().iter().map(|(n, _, _)| *n)).chain(paths.iter().map(String::as_str));
    let hint = match nearest(name, known) {
        Some(n) => format!(" (did you mean '{n}'?)"),
        None => String::new(),
    };
    format!(
        "unknown field '{name}': no record has it{hint} (the keys are those of \
         `decode --format jsonl`; `cardshark decode --help` lists them)"
    )
}

/// What a record's fields hold at the paths asked for.
enum Found {
    /// The scalars at each path.
    Scalars(Vec<Vec<Scalar>>),
    /// The whole fields as JSON (a path ends at an object).
    Json(serde_json::Value),
}

/// A record seen by a filter or a field column.
pub struct View<'a> {
    r: &'a Record,
    paths: &'a Paths,
    /// What the record's fields hold, once a path under them was asked for.
    found: Option<Found>,
}

impl<'a> View<'a> {
    /// `r`, whose `fields.*` keys are the paths of `paths` (see
    /// [`RecordScope::into_paths`]).
    pub fn new(r: &'a Record, paths: &'a Paths) -> Self {
        View {
            r,
            paths,
            found: None,
        }
    }
}

/// A scalar as a value.
fn scalar(s: &Scalar) -> Value<'_> {
    match s {
        Scalar::Null => Value::Null,
        Scalar::Bool(b) => Value::Bool(*b),
        Scalar::Int(n) => Value::Int(*n),
        Scalar::Float(x) => Value::Float(*x),
        Scalar::Str(s) => Value::Str(s),
    }
}

/// Calls `f` on each note's text or code.
fn notes(notes: &[Note], code: bool, f: &mut dyn FnMut(Value<'_>) -> bool) -> bool {
    notes.iter().any(|n| {
        if code {
            f(Value::Str(n.code()))
        } else {
            f(Value::Str(&n.to_string()))
        }
    })
}

impl Subject<RecordKey> for View<'_> {
    fn any(&mut self, key: &RecordKey, f: &mut dyn FnMut(Value<'_>) -> bool) -> bool {
        use RecordKey as K;
        let r = self.r;
        let int = |n: u64| Value::Int(i128::from(n));
        let message = match &r.body {
            Body::Message { len, decoded, .. } => Some((len, decoded)),
            _ => None,
        };
        let ws = match &r.body {
            Body::WebSocket(e) => Some(&**e),
            _ => None,
        };
        let facts = r.carried.as_ref().and_then(|c| c.facts);
        match *key {
            K::Frame => f(int(r.frame)),
            K::Ts => f(Value::Time(r.ts)),
            K::Stream => f(int(r.stream)),
            K::Dir => f(Value::Str(r.dir.as_str())),
            K::Src => f(Value::Str(&r.src.to_string())),
            K::Dst => f(Value::Str(&r.dst.to_string())),
            K::CommunityId => f(Value::Str(r.community_id.as_str())),
            K::Offset => f(int(r.offset)),
            K::TcpOffset => r.carried.as_ref().is_some_and(|c| f(int(c.tcp_offset))),
            K::Transport => r.carried.is_some() && f(Value::Str("websocket")),
            // Tshark-style, the protocol's name and its dialect's, as
            // `-p` takes them: `pokerth` and `pokerth-1` for PokerTH 1.x.
            K::Protocol => r
                .protocol
                .is_some_and(|p| label::names_of(p, r.dialect).any(|n| f(Value::Str(n)))),
            K::ProtocolName => r.protocol.is_some_and(|p| f(Value::Str(p.name()))),
            K::Dialect => r
                .message_dialect()
                .is_some_and(|d| f(Value::Str(d.as_str()))),
            K::Type => message.is_some_and(|(_, d)| f(Value::Str(&d.type_name))),
            K::TypeId => message.is_some_and(|(_, d)| f(int(u64::from(d.type_id)))),
            K::Event => r.event_name().is_some_and(|e| f(Value::Str(e))),
            K::Len => match &r.body {
                Body::Message { len, .. } => f(int(*len)),
                Body::Gap { len, .. } | Body::UnknownData { len, .. } => f(int(*len)),
                Body::WebSocket(e) => match &**e {
                    WsEvent::Upgrade { len, .. } | WsEvent::Error { len, .. } => f(int(*len)),
                    WsEvent::Control { payload, .. } => f(int(payload.len() as u64)),
                },
                Body::StreamStart | Body::StreamEnd { .. } => false,
            },
            K::Notes | K::NoteCodes => {
                let code = *key == K::NoteCodes;
                match (&r.body, ws) {
                    (Body::Message { decoded, .. }, _) => notes(&decoded.notes, code, f),
                    (
                        _,
                        Some(WsEvent::Upgrade { notes: n, .. } | WsEvent::Control { notes: n, .. }),
                    ) => notes(n, code, f),
                    _ => false,
                }
            }
            K::Error => match (message, ws) {
                (Some((_, d)), _) => d.error.as_deref().is_some_and(|e| f(Value::Str(e))),
                (_, Some(WsEvent::Error { why, .. })) => f(Value::Str(why)),
                _ => false,
            },
            K::Reason => match &r.body {
                Body::StreamEnd { reason } => f(Value::Str(reason.as_str())),
                Body::Gap { reason, .. } => f(Value::Str(reason.as_str())),
                Body::UnknownData { reason, .. } => f(Value::Str(reason)),
                Body::WebSocket(e) => match &**e {
                    WsEvent::Control {
                        close: Some((_, reason)),
                        ..
                    } => f(Value::Str(reason)),
                    _ => false,
                },
                _ => false,
            },
            K::Resource => match ws {
                Some(WsEvent::Upgrade { resource, .. }) => f(Value::Str(resource)),
                _ => false,
            },
            K::Subprotocol | K::Extensions => match ws {
                Some(WsEvent::Upgrade {
                    subprotocol,
                    extensions,
                    ..
                }) => {
                    let v = if *key == K::Subprotocol {
                        subprotocol
                    } else {
                        extensions
                    };
                    v.as_deref().is_some_and(|s| f(Value::Str(s)))
                }
                _ => false,
            },
            K::Masked | K::Payload | K::Code => match ws {
                Some(WsEvent::Control {
                    masked,
                    payload,
                    close,
                    ..
                }) => match key {
                    K::Masked => f(Value::Bool(*masked)),
                    K::Payload => f(Value::Str(&hex(payload))),
                    _ => close.as_ref().is_some_and(|(c, _)| f(int(u64::from(*c)))),
                },
                _ => false,
            },
            K::WsOpcode => facts.is_some_and(|x| f(Value::Str(&x.opcode.name()))),
            K::WsFin => facts.is_some_and(|x| f(Value::Bool(x.fin))),
            K::WsMasked => facts.is_some_and(|x| f(Value::Bool(x.masked))),
            K::WsCompressed => facts.is_some_and(|x| f(Value::Bool(x.compressed))),
            K::WsFrames => facts.is_some_and(|x| f(int(u64::from(x.frames)))),
            K::Websocket => facts.is_some_and(|x| {
                let mut text = Vec::new();
                let _ = crate::output::records::write_facts_object(&mut text, &x);
                f(Value::Json(&String::from_utf8_lossy(&text)))
            }),
            K::Fields => message.is_some_and(|(_, decoded)| {
                let json = serde_json::to_value(&decoded.fields).unwrap_or_default();
                super::json::walk(&json, &[], f)
            }),
            K::Field(i) => {
                let Some((_, decoded)) = message else {
                    return false;
                };
                let paths = self.paths;
                let found = self.found.get_or_insert_with(|| {
                    match extract(&decoded.fields, &paths.trie, paths.list.len()) {
                        Some(s) => Found::Scalars(s),
                        None => {
                            Found::Json(serde_json::to_value(&decoded.fields).unwrap_or_default())
                        }
                    }
                });
                match found {
                    Found::Scalars(s) => s.get(i).is_some_and(|v| v.iter().any(|x| f(scalar(x)))),
                    Found::Json(json) => {
                        let path = paths.list.get(i).map_or(&[][..], Vec::as_slice);
                        super::json::walk(json, path, f)
                    }
                }
            }
        }
    }
}
