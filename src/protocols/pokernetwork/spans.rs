//! Where each key of a poker-network message's record lies in its bytes,
//! for the detail view (`decode -V`): the parsers of [`super::parsing`]
//! read the message again, under the length convention of the record's
//! dialect, with their recorder on. `type_id` and `len` are the header's
//! type byte and length field; an attribute's bytes are all it takes on
//! the wire (a string's length and text, a list's count and items); each
//! item of a list, each entry of `money` and `players`, each nested packet
//! (its `type_id` and `fields`) has its own. A handshake line's `major`,
//! `minor` and `micro` are its digits. Derived keys have no bytes of their
//! own: a handshake's `version`, `<cards>_face_down`, a nested packet's
//! `type`; nor the inside of the server's JSON or Python literal text.

use super::framing::starts_handshake;
use super::parsing::{convention, handshake_in, parse_packet_in, Cx};
use crate::protocols::span::{Span, Spans};
use crate::protocols::Dialect;
use crate::reassembly::Direction;

/// The spans of message `msg` (every protocol's `spans::spans`), as
/// [`super::parsing::parse`] reads it in a stream of `dialect`; none when
/// it does not parse. Both directions read alike, and no transport unframes
/// it: `dir` and `unframed` are not read.
pub fn spans(dialect: Option<Dialect>, _dir: Direction, msg: &[u8], _unframed: bool) -> Vec<Span> {
    if starts_handshake(msg) {
        let mut spans = Spans::on(msg);
        spans.open("fields", msg);
        return match handshake_in(msg, &mut spans) {
            Ok((rest, _)) if rest.is_empty() => {
                spans.close(rest);
                spans.finish()
            }
            _ => Vec::new(),
        };
    }
    let (conv, _) = convention(dialect, msg);
    let mut cx = Cx::with(conv, Spans::on(msg));
    match parse_packet_in(msg, &mut cx) {
        (_, Ok(_)) => cx.spans.finish(),
        (_, Err(_)) => Vec::new(),
    }
}

/// Whether key path `path` (list indexes left out: `fields.packets[].type`)
/// is derived from other keys, with no bytes of its own; or inside the
/// server's JSON or Python literal text (which has bytes as a whole).
#[cfg(test)]
pub(crate) fn derived(path: &str) -> bool {
    use super::parsing::free_form_keys;
    path == "fields.version"
        || path.ends_with("_face_down")
        || path.ends_with("[].type")
        || free_form_keys()
            .any(|k| path.contains(&format!(".{k}.")) || path.contains(&format!(".{k}[")))
}
