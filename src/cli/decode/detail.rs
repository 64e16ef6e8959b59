//! `decode`'s detail view (`-V`, and `--frame N`), like tshark's packet
//! details: each record as an indented tree of its JSON record (the keys a
//! display filter or jq names, in the contract's order), where each message
//! says which bytes of its direction's stream it is; `-x` adds the bytes.
//!
//! Where the bytes of each key lie (the header's `type_id` and `len`,
//! `fields` and every key inside it) is written beside it as
//! `[bytes A..B]` (stream offsets, B excluded): the registry's
//! [`field_spans`] asks the record's protocol, whose parsers read the one
//! message shown again with their recorder on (each protocol's
//! `spans.rs`). Keys derived from others, and records that did not decode,
//! show values only.

use super::args::{DecodeArgs, DecodeFormat};
use crate::cli::CliError;
use cardshark::decode::{Body, Record};
use cardshark::output::records::JsonWriter;
use cardshark::protocols::field_spans;
use serde::de::{Deserialize, Deserializer, MapAccess, SeqAccess, Visitor};
use std::collections::HashMap;
use std::fmt;
use std::io::Write;

/// A JSON value with its object keys in the order written (serde_json's
/// own map sorts them).
enum Node {
    Scalar(serde_json::Value),
    List(Vec<Node>),
    Map(Vec<(String, Node)>),
}

impl<'de> Deserialize<'de> for Node {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Node, D::Error> {
        d.deserialize_any(NodeVisitor)
    }
}

struct NodeVisitor;

impl<'de> Visitor<'de> for NodeVisitor {
    type Value = Node;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Node, E> {
        Ok(Node::Scalar(v.into()))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Node, E> {
        Ok(Node::Scalar(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Node, E> {
        Ok(Node::Scalar(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Node, E> {
        Ok(Node::Scalar(v.into()))
    }
    fn visit_str<E>(self, v: &str) -> Result<Node, E> {
        Ok(Node::Scalar(v.into()))
    }
    fn visit_unit<E>(self) -> Result<Node, E> {
        Ok(Node::Scalar(serde_json::Value::Null))
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut a: A) -> Result<Node, A::Error> {
        let mut v = Vec::new();
        while let Some(n) = a.next_element()? {
            v.push(n);
        }
        Ok(Node::List(v))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut a: A) -> Result<Node, A::Error> {
        let mut v = Vec::new();
        while let Some((k, n)) = a.next_entry()? {
            v.push((k, n));
        }
        Ok(Node::Map(v))
    }
}

/// Where the tree is being written, and what it knows of field bytes.
struct Tree<'a> {
    out: &'a mut Vec<u8>,
    /// The bytes of the record's keys (by path from the record's top:
    /// `type_id`, `fields.players[1].name`), in stream offsets.
    spans: HashMap<String, (u64, u64)>,
}

impl Tree<'_> {
    /// ` [bytes A..B]` for the field at `path`, when known.
    fn at(&self, path: &str) -> String {
        match self.spans.get(path) {
            Some((start, end)) => format!("  [bytes {start}..{end}]"),
            None => String::new(),
        }
    }

    /// `key: value` lines for a node, children indented; `path` is its
    /// key path in the record.
    fn node(&mut self, depth: usize, key: &str, path: &str, n: &Node) {
        let pad = "    ".repeat(depth);
        let at = self.at(path);
        match n {
            Node::Scalar(v) => {
                let _ = writeln!(self.out, "{pad}{key}: {v}{at}");
            }
            Node::List(items) if items.iter().all(|i| matches!(i, Node::Scalar(_))) => {
                let vals: Vec<String> = (items.iter())
                    .map(|i| match i {
                        Node::Scalar(v) => v.to_string(),
                        _ => String::new(),
                    })
                    .collect();
                let _ = writeln!(self.out, "{pad}{key}: [{}]{at}", vals.join(", "));
            }
            Node::List(items) => {
                let _ = writeln!(self.out, "{pad}{key}: {} item(s){at}", items.len());
                for (i, item) in items.iter().enumerate() {
                    let key = format!("[{i}]");
                    self.node(depth + 1, &key, &format!("{path}{key}"), item);
                }
            }
            Node::Map(entries) if entries.is_empty() => {
                let _ = writeln!(self.out, "{pad}{key}: {{}}{at}");
            }
            Node::Map(entries) => {
                let _ = writeln!(self.out, "{pad}{key}:{at}");
                for (k, v) in entries {
                    self.node(depth + 1, k, &format!("{path}.{k}"), v);
                }
            }
        }
    }
}

/// The first line of a record's tree: what it is, where its bytes are.
fn headline(r: &Record) -> String {
    let what = match (&r.body, r.protocol) {
        (Body::Message { .. }, Some(_)) => format!("{} {}", r.label(), r.type_name()),
        _ => r.type_name().to_owned(),
    };
    let mut line = format!(
        "Frame {}, stream {} {} ({} → {}): {what}",
        r.frame,
        r.stream,
        r.dir.as_str(),
        r.src,
        r.dst
    );
    let len = match &r.body {
        Body::Message { len, .. } | Body::UnknownData { len, .. } | Body::Gap { len, .. } => {
            Some(*len)
        }
        _ => None,
    };
    if let Some(len) = len {
        let end = r.offset + len;
        let stream = if r.carried.is_some() {
            "stream unwrapped from WebSocket"
        } else {
            "stream"
        };
        line.push_str(&format!(
            ", bytes {}..{end} of the {} {stream} ({len} bytes)",
            r.offset,
            r.dir.as_str()
        ));
    }
    line
}

/// The bytes of the keys of message record `r`, in stream offsets (none
/// for an event, or a message that did not decode).
fn spans(r: &Record) -> HashMap<String, (u64, u64)> {
    let Body::Message {
        bytes: Some(b),
        decoded,
        ..
    } = &r.body
    else {
        return HashMap::new();
    };
    let Some(protocol) = r.protocol.filter(|_| decoded.error.is_none()) else {
        return HashMap::new();
    };
    // A transport that delivers whole messages may have taken the
    // protocol's own framing off (PokerTH 1.x over WebSocket).
    let unframed = r.carried.is_some() && protocol.carries_unframed();
    let at = |n: usize| r.offset + n as u64;
    (field_spans(protocol, r.dialect, r.dir, b, unframed).into_iter())
        .map(|s| (s.path, (at(s.start), at(s.end))))
        .collect()
}

/// Appends record `r` as a tree to `out`; `hex`: its bytes below it.
pub fn write(out: &mut Vec<u8>, json: &mut JsonWriter, r: &Record, hex: bool) {
    let mut line = Vec::new();
    // Writing to a vector fails only on memory; the JSON is ours.
    let _ = json.append(&mut line, r);
    let Ok(Node::Map(entries)) = serde_json::from_slice::<Node>(&line) else {
        return;
    };
    let _ = writeln!(out, "{}", headline(r));
    let mut tree = Tree {
        out,
        spans: spans(r),
    };
    for (k, v) in &entries {
        tree.node(1, k, k, v);
    }
    if hex {
        hex_below(out, r, "    ");
    }
    out.push(b'\n');
}

/// Whether `decode` shows records as trees: `-V`, or `--frame N` with the
/// table format.
pub fn view(args: &DecodeArgs) -> bool {
    args.detail || (args.frame.is_some() && args.format == DecodeFormat::Table)
}

/// `-V` and `-x` go with the table format only (JSON has its own layout).
pub fn check(args: &DecodeArgs) -> Result<(), CliError> {
    let json = args.format != DecodeFormat::Table;
    let what = match (args.detail, args.hex) {
        (true, _) if json => "-V (--detail)",
        (_, true) if json => "-x (--hex)",
        _ => return Ok(()),
    };
    Err(CliError::Usage(format!(
        "{what} shows records for people; it does not go with --format json or jsonl \
         (a record's JSON holds its stream offset and length)"
    )))
}

/// After the pass: `--frame N` past the capture's last frame is an error;
/// a frame that completed no message gets a warning.
pub fn check_frame(args: &DecodeArgs, frames: u64, written: u64) -> Result<(), CliError> {
    let Some(n) = args.frame else {
        return Ok(());
    };
    if n > frames && !args.input.is_live() {
        return Err(CliError::Usage(format!(
            "--frame {n}: {} has {frames} frame(s)",
            args.input.name()
        )));
    }
    if written == 0 {
        eprintln!(
            "cardshark: warning: --frame {n}: no record of frame {n} (a record belongs to \
             the frame that completed its message or event; `cardshark decode` lists them)"
        );
    }
    Ok(())
}

/// Appends the bytes of message `r` as a hex dump (stream offsets), each
/// line after `indent`; nothing for a record without bytes.
pub fn hex_below(out: &mut Vec<u8>, r: &Record, indent: &str) {
    if let Body::Message { bytes: Some(b), .. } = &r.body {
        let _ = crate::cli::dump::hex_dump(out, indent, r.offset, b);
    }
}
