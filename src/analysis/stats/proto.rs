//! Messages and bytes: per protocol, type and direction ([`Types`]), and
//! per stream and direction ([`StreamRows`]).
//!
//! Bytes are the messages' own (`len` of the records: a PokerTH 1.x
//! message without its length prefix, a WebSocket message's payload).
//! Bytes no decoder could place are counted as `unknown_data` of the
//! stream's protocol (`?` when none was recognised); gaps count the bytes
//! the capture lacks, per stream and direction.

use crate::decode::{Body, Record, WsEvent};
use crate::reassembly::Direction;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Counts of one kind of message or event.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// How many.
    pub messages: u64,
    /// Their bytes.
    pub bytes: u64,
    /// Of them, messages that could not be decoded.
    pub errors: u64,
}

impl Counts {
    /// Adds `other`.
    pub fn add(&mut self, other: &Counts) {
        self.messages += other.messages;
        self.bytes += other.bytes;
        self.errors += other.errors;
    }
}

/// Messages and bytes per protocol label, then type or event, then
/// direction ([`Direction::index`]). Looked up by `&str`: counting a
/// record allocates nothing but for a type seen the first time.
#[derive(Debug, Default)]
pub struct Types(pub BTreeMap<String, BTreeMap<String, [Counts; 2]>>);

/// The bytes a record stands for in its stream, and whether it is a
/// message that could not be decoded; `None` for records not counted
/// here (stream starts and ends, gaps).
fn measure(r: &Record) -> Option<(u64, bool)> {
    match &r.body {
        Body::Message { len, decoded, .. } => Some((*len, decoded.error.is_some())),
        Body::UnknownData { len, .. } => Some((*len, false)),
        Body::WebSocket(e) => Some(match &**e {
            WsEvent::Upgrade { len, .. } | WsEvent::Error { len, .. } => (*len, false),
            WsEvent::Control { payload, .. } => (payload.len() as u64, false),
        }),
        Body::StreamStart | Body::StreamEnd { .. } | Body::Gap { .. } => None,
    }
}

/// What `r` counts for: one message (an error or not) and its bytes;
/// `None` for records not counted (stream starts and ends, gaps).
pub fn counts_of(r: &Record) -> Option<Counts> {
    measure(r).map(|(bytes, error)| Counts {
        messages: 1,
        bytes,
        errors: u64::from(error),
    })
}

impl Types {
    /// Counts `r` under protocol label `protocol`.
    pub fn count(&mut self, r: &Record, protocol: &str) {
        let Some((bytes, error)) = measure(r) else {
            return;
        };
        if !self.0.contains_key(protocol) {
            self.0.insert(protocol.to_string(), BTreeMap::new());
        }
        let Some(types) = self.0.get_mut(protocol) else {
            return;
        };
        let ty = r.type_name();
        if !types.contains_key(ty) {
            types.insert(ty.to_string(), [Counts::default(); 2]);
        }
        let Some(dirs) = types.get_mut(ty) else {
            return;
        };
        let c = &mut dirs[r.dir.index()];
        c.messages += 1;
        c.bytes += bytes;
        c.errors += u64::from(error);
    }

    /// Adds `c` to protocol `protocol`, type `ty`, direction `dir`.
    pub fn add(&mut self, protocol: &str, ty: &str, dir: Direction, c: &Counts) {
        let types = self.0.entry(protocol.to_string()).or_default();
        let dirs = types
            .entry(ty.to_string())
            .or_insert([Counts::default(); 2]);
        dirs[dir.index()].add(c);
    }

    /// Adds another worker's.
    pub fn merge(&mut self, other: Types) {
        for (p, types) in other.0 {
            let mine = self.0.entry(p).or_default();
            for (t, dirs) in types {
                let m = mine.entry(t).or_insert([Counts::default(); 2]);
                for (a, b) in m.iter_mut().zip(&dirs) {
                    a.add(b);
                }
            }
        }
    }

    /// Every (protocol, type, direction) counted, in that order, with its
    /// counts.
    pub fn each(&self) -> impl Iterator<Item = (&str, &str, Direction, &Counts)> {
        self.0.iter().flat_map(|(p, types)| {
            types.iter().flat_map(move |(t, dirs)| {
                [Direction::C2S, Direction::S2C]
                    .into_iter()
                    .map(move |d| (p.as_str(), t.as_str(), d, &dirs[d.index()]))
                    .filter(|(.., c)| c.messages > 0)
            })
        })
    }
}

/// One direction of a stream.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DirRow {
    /// Messages (decoded or not).
    pub messages: u64,
    /// Their bytes.
    pub bytes: u64,
    /// Messages that could not be decoded.
    pub errors: u64,
    /// Bytes no decoder could place.
    pub unknown_bytes: u64,
    /// Gaps: bytes the capture lacks.
    pub gap_bytes: u64,
}

/// A stream's rows: one per direction.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StreamRows {
    /// The stream, as `decode` and `inspect` number it.
    pub stream: u64,
    /// The client's address.
    pub client: String,
    /// The server's address.
    pub server: String,
    /// The protocol label (set when the stream ends).
    pub protocol: String,
    /// Client to server.
    pub c2s: DirRow,
    /// Server to client.
    pub s2c: DirRow,
}

impl StreamRows {
    /// The rows of stream `stream`, nothing counted yet.
    pub fn new(stream: u64, client: String, server: String) -> Self {
        StreamRows {
            stream,
            client,
            server,
            protocol: String::new(),
            c2s: DirRow::default(),
            s2c: DirRow::default(),
        }
    }

    /// The row of direction `d`.
    pub fn dir(&self, d: Direction) -> &DirRow {
        match d {
            Direction::C2S => &self.c2s,
            Direction::S2C => &self.s2c,
        }
    }

    /// Counts a record of the stream.
    pub fn count(&mut self, r: &Record) {
        let row = match r.dir {
            Direction::C2S => &mut self.c2s,
            Direction::S2C => &mut self.s2c,
        };
        match &r.body {
            Body::Message { len, decoded, .. } => {
                row.messages += 1;
                row.bytes += len;
                row.errors += u64::from(decoded.error.is_some());
            }
            Body::UnknownData { len, .. } => row.unknown_bytes += len,
            Body::Gap { len, .. } => row.gap_bytes += len,
            _ => {}
        }
    }
}
