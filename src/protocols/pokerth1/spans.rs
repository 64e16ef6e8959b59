//! Where each field of a PokerTH 1.x message lies in its bytes, for the
//! detail view (`decode -V`): the protobuf wire format names every field
//! by number and length, so one walk over the bytes against the wire facts
//! finds each record key's bytes (its tag, length and value). The record's
//! `type_id` is the envelope's `messageType`.

use super::framing::varint;
use super::scan::{field, index_of};

/// The bytes of one field: its path in the record's `fields` (`game_info`,
/// `game_info.max_num_players`, `player_ids[1]`), or `type_id`; `start` and
/// `end` count from the message's first byte (its length prefix, over TCP).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The key path.
    pub path: String,
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

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

/// The spans of message `msg` as a record holds it: `framed`, with its
/// 4-byte length prefix (over TCP), or without (over WebSocket).
pub fn field_spans(msg: &[u8], framed: bool) -> Vec<Span> {
    let base = if framed { 4 } else { 0 };
    let mut out = Vec::new();
    let (Some(envelope), Some(body)) = (index_of("PokerTHMessage"), msg.get(base..)) else {
        return out;
    };
    for w in walk(body) {
        let Some(f) = field(envelope, w.number) else {
            continue;
        };
        match f.sub {
            Some(index) => message(index, body, (w.value, w.end), base, "", &mut out),
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
/// `prefix` (`game_info.`); `base`: where `b` starts in the record's bytes.
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
            paths(&field_spans(&msg, true)),
            [
                ("type_id", 4, 6),
                ("game_id", 9, 11),
                ("plain_cards", 11, 17),
                ("plain_cards.plain_card1", 13, 15),
                ("plain_cards.plain_card2", 15, 17),
                ("small_blind", 17, 19),
                ("seat_states", 19, 23),
                ("seat_states[0]", 19, 21),
                ("seat_states[1]", 21, 23),
            ]
        );
        // Over WebSocket the same bytes come without the prefix.
        let ws = field_spans(&env, false);
        assert_eq!(paths(&ws)[1], ("game_id", 5, 7));
    }

    #[test]
    fn a_packed_list_is_one_span_and_garbage_stops_the_walk() {
        // PlayerInfoRequest (envelope field 19: 0x9a 0x01), playerId 1
        // and 2 packed (0x0a 0x02 0x01 0x02).
        let env = [0x08, 0x13, 0x9a, 0x01, 0x04, 0x0a, 0x02, 0x01, 0x02];
        assert_eq!(
            paths(&field_spans(&env, false)),
            [("type_id", 0, 2), ("player_ids", 5, 9)]
        );
        // A length past the end: the walk stops there.
        assert_eq!(
            paths(&field_spans(&[0x08, 0x13, 0x9a, 0x01, 0x09, 0x0a], false)),
            [("type_id", 0, 2)]
        );
        assert_eq!(field_spans(&[0xff, 0xff], false), []);
        assert_eq!(field_spans(&[], true), []);
    }
}
