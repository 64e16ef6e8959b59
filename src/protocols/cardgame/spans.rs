//! Where each key of a card game message's record lies in its bytes, for
//! the detail view (`decode -V`): the parsers of [`super::parsing`] read
//! the message again with their recorder on. `type_id` is the opcode;
//! Score's `what` is its STRING, length included.

use super::parsing::{parse_in, Cx};
use crate::protocols::span::{Span, Spans};
use crate::protocols::Dialect;
use crate::reassembly::Direction;

/// The spans of message `msg` (every protocol's `spans::spans`; none when
/// it does not parse). One dialect, both directions alike, no transport
/// that unframes it: `dialect`, `dir` and `unframed` are not read.
pub fn spans(_dialect: Option<Dialect>, _dir: Direction, msg: &[u8], _unframed: bool) -> Vec<Span> {
    let mut cx = Cx {
        notes: Vec::new(),
        spans: Spans::on(msg),
    };
    match parse_in(msg, &mut cx) {
        Ok(_) => cx.spans.finish(),
        Err(_) => Vec::new(),
    }
}

/// Whether key path `path` (list indexes left out) is derived from other
/// keys, with no bytes of its own: none is.
#[cfg(test)]
pub(crate) fn derived(_path: &str) -> bool {
    false
}
