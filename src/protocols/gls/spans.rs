//! Where each key of a GLS event's record lies in its bytes, for the
//! detail view (`decode -V`): the parsers of [`super::parsing`] read the
//! event again with their recorder on. `type_id` is the 4-byte event
//! type; each string's bytes are its whole fixed-size field (the bytes
//! after its NUL included); Say2's `time_utc` is derived from `time`.

use super::parsing::{parse_in, Context};
use crate::protocols::span::{Span, Spans};
use crate::protocols::Dialect;
use crate::reassembly::Direction;

/// The spans of event `msg` (every protocol's `spans::spans`; none when
/// it does not parse). One dialect, both directions alike, no transport
/// that unframes it: `dialect`, `dir` and `unframed` are not read.
pub fn spans(_dialect: Option<Dialect>, _dir: Direction, msg: &[u8], _unframed: bool) -> Vec<Span> {
    let mut cx = Context::with_spans(Spans::on(msg));
    match parse_in(msg, &mut cx) {
        Ok(_) => cx.spans.finish(),
        Err(_) => Vec::new(),
    }
}

/// Whether key path `path` (list indexes left out) is derived from other
/// keys, with no bytes of its own.
#[cfg(test)]
pub(crate) fn derived(path: &str) -> bool {
    path == "fields.time_utc"
}
