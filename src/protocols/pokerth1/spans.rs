//! Where each field of a PokerTH 1.x message lies in its bytes, for the
//! detail view (`decode -V`): the protobuf wire format names every field
//! by number and length, so one walk over the bytes against the wire facts
//! finds each record key's bytes (its tag, length and value). The record's
//! `type_id` is the envelope's `messageType`, its `len` the length prefix
//! (over TCP).

use super::framing::{varint, PREFIX_LEN};
use super::scan::{field, index_of};
use crate::protocols::span::Span;
use crate::protocols::Dialect;
use crate::reassembly::Direction;

/// One protobuf field on the wire: number, wire type, where its tag (the
/// key varint) starts and ends, where its value (a length-delimited
/// value's content, a group's fields) starts and ends.
#[derive(Debug, Clone, Copy)]
struct Wire {
    number: u64,
    wire_type: u64,
    tag: usize,
    key_end: usize,
    value: usize,
    end: usize,
}

/// The fields of protobuf bytes `b[from..]`, in order, until one does not
/// parse (positions in `b`).
fn walk(b: &[u8], from: usize) -> Vec<Wire> {
    let mut out = Vec::new();
    let mut pos = from;
    while let Some(w) = one(b, pos) {
        out.push(w);
        pos = w.end;
    }
    out
}

/// The field at `b[pos..]`, if one parses there.
fn one(b: &[u8], pos: usize) -> Option<Wire> {
    let (key, n) = varint(b.get(pos..).filter(|r| !r.is_empty())?)?;
    let at = pos + n;
    let (value, end) = match key & 7 {
        0 => (at, at + varint(&b[at..])?.1),
        1 => (at, at + 8),
        5 => (at, at + 4),
        2 => {
            let (len, m) = varint(&b[at..])?;
            (at + m, (at + m).checked_add(usize::try_from(len).ok()?)?)
        }
        // A group: its fields, up to the end tag of its number.
        3 => {
            let mut p = at;
            loop {
                let (k, m) = varint(b.get(p..)?)?;
                if k == (key & !7) | 4 {
                    break (at, p + m);
                }
                p = one(b, p)?.end;
            }
        }
        _ => return None,
    };
    (end <= b.len()).then_some(Wire {
        number: key >> 3,
        wire_type: key & 7,
        tag: pos,
        key_end: at,
        value,
        end,
    })
}

/// The spans of message `msg` as a record holds it (every protocol's
/// `spans::spans`): with its 4-byte length prefix over TCP, without it
/// when `unframed` (over WebSocket). One dialect, both directions alike:
/// `dialect` and `dir` are not read.
///
/// As protobuf reads (and the decoder shows) a message: the message is
/// the envelope's field `messageType + 1` (or the first message field); a
/// scalar field that comes again takes the place of the one before, a
/// message field that comes again merges into it (its span then runs from
/// the first to the last); fields a message does not define are its
/// `unknown_fields`, by number (in wire order for one number), and the
/// envelope's own join the message's at the end. A list or message whose parts are not one run of
/// bytes (other fields between them, as encoders never write) has no span
/// of its own, its parts have theirs.
pub fn spans(_dialect: Option<Dialect>, _dir: Direction, msg: &[u8], unframed: bool) -> Vec<Span> {
    let base = if unframed { 0 } else { PREFIX_LEN };
    let mut s = Walk {
        base,
        out: Vec::new(),
        unknown: Vec::new(),
        parts: Vec::new(),
    };
    let (Some(envelope), Some(body)) = (index_of("PokerTHMessage"), msg.get(base..)) else {
        return s.out;
    };
    if base > 0 {
        s.push("len", 0, base);
    }
    let (mut kind, mut messages, mut extra) = (None, Vec::new(), Vec::new());
    for w in walk(body, 0) {
        match field(envelope, w.number) {
            None => extra.push(w),
            Some(f) => match f.sub {
                Some(index) => messages.push((index, w)),
                None if w.number == 1 => {
                    kind = varint(&body[w.value..w.end]).map(|(k, _)| k);
                    s.field("type_id", &w, false);
                }
                None => {}
            },
        }
    }
    let chosen = (kind
        .map(|k| k + 1)
        .filter(|n| messages.iter().any(|(_, w)| w.number == *n)))
    .or_else(|| messages.iter().map(|(_, w)| w.number).min());
    for (index, w) in messages.iter().filter(|(_, w)| Some(w.number) == chosen) {
        // The message itself: the envelope's field that holds it.
        s.field("fields", w, true);
        s.message(*index, body, (w.value, w.end), "fields.");
    }
    s.finish(&extra);
    s.runs();
    s.out
}

/// The spans found so far, in the record's offsets (`base`: where the
/// envelope starts); the unknown fields met, each with the list it is an
/// item of (`fields.unknown_fields`); the keys whose span is that of
/// their parts (lists, messages).
struct Walk {
    base: usize,
    out: Vec<Span>,
    unknown: Vec<(String, Wire)>,
    parts: Vec<String>,
}

impl Walk {
    /// Adds the span of `path`.
    fn push(&mut self, path: &str, start: usize, end: usize) {
        self.out.push(Span {
            path: path.into(),
            start,
            end,
        });
    }

    /// Field `w` is key `path`. When the key came before: a field that
    /// `merges` (a message, a list) holds both; another takes its place
    /// (protobuf keeps the last value), and the keys inside the old one go.
    fn field(&mut self, path: &str, w: &Wire, merges: bool) {
        let (start, end) = (self.base + w.tag, self.base + w.end);
        if merges && !self.parts.iter().any(|p| p == path) {
            self.parts.push(path.into());
        }
        if let Some(old) = self.out.iter_mut().find(|s| s.path == path) {
            if merges {
                old.start = old.start.min(start);
                old.end = old.end.max(end);
                return;
            }
            self.out.retain(|s| {
                let inside = s.path.strip_prefix(path);
                !inside.is_some_and(|r| r.is_empty() || r.starts_with(['.', '[']))
            });
        }
        self.push(path, start, end);
    }

    /// The spans of the fields of message type `index` at `b[range]`,
    /// under `prefix` (`fields.game_info.`).
    fn message(&mut self, index: usize, b: &[u8], range: (usize, usize), prefix: &str) {
        for w in walk(&b[..range.1], range.0) {
            let Some(f) = field(index, w.number) else {
                self.unknown.push((format!("{prefix}unknown_fields"), w));
                continue;
            };
            let key = format!("{prefix}{}", f.def.json);
            let repeated = f.def.label == super::messages::schema::Label::Repeated;
            let path = if repeated && !f.def.packed {
                // The whole list (from its first value to its last), and
                // this value.
                self.field(&key, &w, true);
                let nth = (self.out.iter())
                    .filter(|s| s.path.strip_prefix(&key).is_some_and(is_index))
                    .count();
                let path = format!("{key}[{nth}]");
                self.field(&path, &w, false);
                path
            } else {
                self.field(&key, &w, repeated || f.sub.is_some());
                key
            };
            if let Some(sub) = f.sub {
                self.message(sub, b, (w.value, w.end), &format!("{path}."));
            }
        }
    }

    /// The spans of the unknown fields, each list's by number (as
    /// prost-reflect keeps them), the envelope's `extra` after the
    /// message's own: each its tag and value,
    /// its `number` and `wire_type` its tag, its `value` (a varint's) and
    /// `hex` its value; a list as a whole unless the envelope's join it.
    fn finish(&mut self, extra: &[Wire]) {
        let top = "fields.unknown_fields";
        let mut lists: Vec<String> = Vec::new();
        for (list, _) in &self.unknown {
            if !lists.contains(list) {
                lists.push(list.clone());
            }
        }
        if !extra.is_empty() && !lists.iter().any(|l| l == top) {
            lists.push(top.into());
        }
        for list in lists {
            let mut items: Vec<Wire> = (self.unknown.iter())
                .filter(|(l, _)| *l == list)
                .map(|(_, w)| *w)
                .collect();
            items.sort_by_key(|w| w.number);
            let joined = list == top && !extra.is_empty();
            if joined {
                let mut extra = extra.to_vec();
                extra.sort_by_key(|w| w.number);
                items.extend(extra);
            } else if let (Some(start), Some(end)) = (
                items.iter().map(|w| w.tag).min(),
                items.iter().map(|w| w.end).max(),
            ) {
                self.push(&list, self.base + start, self.base + end);
                self.parts.push(list.clone());
            }
            for (k, w) in items.iter().enumerate() {
                let item = format!("{list}[{k}]");
                let b = self.base;
                self.push(&item, b + w.tag, b + w.end);
                self.push(&format!("{item}.number"), b + w.tag, b + w.key_end);
                self.push(&format!("{item}.wire_type"), b + w.tag, b + w.key_end);
                if w.wire_type == 0 {
                    self.push(&format!("{item}.value"), b + w.value, b + w.end);
                }
                self.push(&format!("{item}.hex"), b + w.value, b + w.end);
            }
        }
    }
}

impl Walk {
    /// Drops the span of each list or message whose parts are not one run
    /// of bytes: its span (from its first part to its last) holds bytes of
    /// other keys, or a key inside it lies outside (the envelope's unknown
    /// fields among the message's).
    fn runs(&mut self) {
        let inside = |a: &Span, b: &Span| {
            b.path
                .strip_prefix(&a.path)
                .is_some_and(|r| r.starts_with(['.', '[']))
        };
        let broken = |a: &Span| {
            self.out.iter().any(|b| {
                let overlaps = b.start < a.end && a.start < b.end;
                let held = a.start <= b.start && b.end <= a.end;
                match inside(a, b) {
                    true => !held,
                    false => overlaps && b.path != a.path && !inside(b, a),
                }
            })
        };
        let drop: Vec<String> = (self.out.iter())
            .filter(|a| self.parts.contains(&a.path) && broken(a))
            .map(|a| a.path.clone())
            .collect();
        self.out.retain(|a| !drop.contains(&a.path));
    }
}

/// Whether `rest` is a list index: `[3]`.
fn is_index(rest: &str) -> bool {
    rest.strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|c| c.is_ascii_digit()))
}

/// Whether key path `path` (list indexes left out) is derived from other
/// keys, with no bytes of its own.
#[cfg(test)]
pub(crate) fn derived(_path: &str) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reassembly::Direction::C2S;

    fn paths(spans: &[Span]) -> Vec<(&str, usize, usize)> {
        spans
            .iter()
            .map(|s| (s.path.as_str(), s.start, s.end))
            .collect()
    }

    /// HandStart over TCP: the prefix; the envelope's messageType (0x08
    /// 0x27) and the message as its field 41 (0xca 0x02, 14 bytes): gameId
    /// 1, plainCards { plainCard1 12, plainCard2 50 }, smallBlind 20, and
    /// seatStates 1 and 2 (repeated, unpacked).
    #[test]
    fn each_field_of_a_message_and_its_nested_and_repeated_ones() {
        let env = [
            0x08, 0x27, 0xca, 0x02, 0x0e, 0x08, 0x01, 0x12, 0x04, 0x08, 0x0c, 0x10, 0x32, 0x20,
            0x14, 0x28, 0x01, 0x28, 0x02,
        ];
        let mut msg = (env.len() as u32).to_be_bytes().to_vec();
        msg.extend_from_slice(&env);
        assert_eq!(
            paths(&spans(None, C2S, &msg, false)),
            [
                ("len", 0, 4),
                ("type_id", 4, 6),
                ("fields", 6, 23),
                ("fields.game_id", 9, 11),
                ("fields.plain_cards", 11, 17),
                ("fields.plain_cards.plain_card1", 13, 15),
                ("fields.plain_cards.plain_card2", 15, 17),
                ("fields.small_blind", 17, 19),
                ("fields.seat_states", 19, 23),
                ("fields.seat_states[0]", 19, 21),
                ("fields.seat_states[1]", 21, 23),
            ]
        );
        // Over WebSocket the same bytes come without the prefix.
        let ws = spans(None, C2S, &env, true);
        assert_eq!(paths(&ws)[2], ("fields.game_id", 5, 7));
    }

    #[test]
    fn a_packed_list_is_one_span_and_garbage_stops_the_walk() {
        // PlayerInfoRequest (envelope field 19: 0x9a 0x01), playerId 1
        // and 2 packed (0x0a 0x02 0x01 0x02).
        let env = [0x08, 0x13, 0x9a, 0x01, 0x04, 0x0a, 0x02, 0x01, 0x02];
        assert_eq!(
            paths(&spans(None, C2S, &env, true)),
            [
                ("type_id", 0, 2),
                ("fields", 2, 9),
                ("fields.player_ids", 5, 9)
            ]
        );
        // A length past the end: the walk stops there.
        assert_eq!(
            paths(&spans(
                None,
                C2S,
                &[0x08, 0x13, 0x9a, 0x01, 0x09, 0x0a],
                true
            )),
            [("type_id", 0, 2)]
        );
        assert_eq!(spans(None, C2S, &[0xff, 0xff], true), []);
        assert_eq!(
            paths(&spans(None, C2S, &[0, 0, 0, 0], false)),
            [("len", 0, 4)]
        );
        assert_eq!(spans(None, C2S, &[], false), []);
    }
}
