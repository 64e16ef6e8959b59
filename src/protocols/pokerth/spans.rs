//! Where each key of a PokerTH message's record lies in its bytes, for
//! the detail view (`decode -V`): the parsers of [`super::parsing`] read
//! the message again, as the dialect the record names, with their recorder
//! on. `type_id` and `len` are the header's two u16; a string's bytes are
//! its text without its padding; each bit of a flags word is a key in the
//! word's bytes. Reserved fields and padding are no key; the keys derived
//! from others (`requested_version`, `latest_game_version`,
//! `avatar_type`) have no bytes of their own.

use super::messages::Dialect as PtDialect;
use super::parsing::{parse_in, readings, Cx};
use crate::protocols::span::{Span, Spans};
use crate::protocols::Dialect;
use crate::reassembly::Direction;

/// The spans of message `msg` (every protocol's `spans::spans`), read as
/// `dialect` (`None`: as [`super::parsing::parse`] would, the first
/// dialect that reads it); none when it does not parse. Both directions
/// read alike, and no transport unframes it: `dir` and `unframed` are
/// not read.
pub fn spans(dialect: Option<Dialect>, _dir: Direction, msg: &[u8], _unframed: bool) -> Vec<Span> {
    if msg.len() < super::framing::HEADER_LEN {
        return Vec::new();
    }
    for d in readings(dialect.and_then(PtDialect::of), msg) {
        let mut cx = Cx {
            notes: Vec::new(),
            spans: Spans::on(msg),
        };
        if parse_in(d, msg, &mut cx).is_ok() {
            return cx.spans.finish();
        }
    }
    Vec::new()
}

/// Whether key path `path` (list indexes left out: `fields.a[].b`) is
/// derived from other keys, with no bytes of its own.
#[cfg(test)]
pub(crate) fn derived(path: &str) -> bool {
    matches!(
        path,
        "fields.requested_version" | "fields.latest_game_version" | "fields.avatar_type"
    )
}
