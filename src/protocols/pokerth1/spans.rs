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

/// One protobuf field on the wire: number, where its tag starts, where its
/// value (a length-delimited value's content) starts and ends.
struct Wire {
    number: u64,
    tag: usize,
    value: usize,
    end: usize,
}

/// The fields of protobuf bytes `b`, in order, until one does not parse.
fn walk(b: &[u8]) -> Vec<Wire> {
    let mut out = Vec::new();
    let mut pos = 0;
    while pos < b.len() {
        let Some((key, n)) = varint(&b[pos..]) else {
            break;
        };
        let at = pos + n;
        let (value, end) = match key & 7 {
            0 => match varint(&b[at..]) {
                Some((_, m)) => (at, at + m),
                None => break,
            },
            1 => (at, at + 8),
            5 => (at, at + 4),
            2 => match varint(&b[at..]) {
                Some((len, m)) => (at + m, (at + m).saturating_add(len as usize)),
                None => break,
            },
            _ => break,
        };
        if end > b.len() {
            break;
        }
        out.push(Wire {
            number: key >> 3,
            tag: pos,
            value,
            end,
        });
        pos = end;
    }
    out
}

/// The spans of message `msg` as a record holds it (every protocol's
/// `spans::spans`): with its 4-byte length prefix over TCP, without it
/// when `unframed` (over WebSocket). One dialect, both directions alike:
/// `dialect` and `dir` are not read.
pub fn spans(_dialect: Option<Dialect>, _dir: Direction, msg: &[u8], unframed: bool) -> Vec<Span> {
    let base = if unframed { 0 } else { PREFIX_LEN };
    let mut out = Vec::new();
    let (Some(envelope), Some(body)) = (index_of("PokerTHMessage"), msg.get(base..)) else {
        return out;
    };
    if base > 0 {
        out.push(Span {
            path: "len".into(),
            start: 0,
            end: base,
        });
    }
    for w in walk(body) {
        let Some(f) = field(envelope, w.number) else {
            continue;
        };
        match f.sub {
            Some(index) => {
                // The message itself: the envelope's field that holds it.
                out.push(Span {
                    path: "fields".into(),
                    start: base + w.tag,
                    end: base + w.end,
                });
                message(index, body, (w.value, w.end), base, "fields.", &mut out);
            }
            None if w.number == 1 => out.push(Span {
                path: "type_id".into(),
                start: base + w.tag,
                end: base + w.end,
            }),
            None => {}
        }
    }
    out
}

/// The spans of the fields of message type `index` at `b[range]`, under
/// `prefix` (`fields.game_info.`); `base`: where `b` starts in the record's bytes.
fn message(
    index: usize,
    b: &[u8],
    range: (usize, usize),
    base: usize,
    prefix: &str,
    out: &mut Vec<Span>,
) {
    let fields = walk(&b[range.0..range.1]);
    let at = |p: usize| base + range.0 + p;
    for (i, w) in fields.iter().enumerate() {
        let Some(f) = field(index, w.number) else {
            continue;
        };
        let key = format!("{prefix}{}", f.def.json);
        let nth = fields[..i].iter().filter(|x| x.number == w.number).count();
        let repeated = f.def.label == super::messages::schema::Label::Repeated;
        let path = if repeated && !f.def.packed {
            // The whole list: from its first value to this one.
            match out.iter_mut().find(|s| s.path == key) {
                Some(all) => all.end = at(w.end),
                None => out.push(Span {
                    path: key.clone(),
                    start: at(w.tag),
                    end: at(w.end),
                }),
            }
            format!("{key}[{nth}]")
        } else {
            key
        };
        out.push(Span {
            path: path.clone(),
            start: at(w.tag),
            end: at(w.end),
        });
        if let Some(sub) = f.sub {
            let inner = (range.0 + w.value, range.0 + w.end);
            message(sub, b, inner, base, &format!("{path}."), out);
        }
    }
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
            [("type_id", 0, 2), ("fields", 2, 9), ("fields.player_ids", 5, 9)]
        );
        // A length past the end: the walk stops there.
        assert_eq!(
            paths(&spans(None, C2S, &[0x08, 0x13, 0x9a, 0x01, 0x09, 0x0a], true)),
            [("type_id", 0, 2)]
        );
        assert_eq!(spans(None, C2S, &[0xff, 0xff], true), []);
        assert_eq!(paths(&spans(None, C2S, &[0, 0, 0, 0], false)), [("len", 0, 4)]);
        assert_eq!(spans(None, C2S, &[], false), []);
    }
}
