//! Where each field of one message lies in its bytes, for the detail view
//! (`decode -V`): a [`Span`] per record key path, and the [`Spans`]
//! recorder the protocols' nom parsers write to as they read.
//!
//! Ordinary decoding records nothing: parsers generic over the
//! [`Recorder`] run with [`NoSpans`], whose methods compile to nothing,
//! the others with [`Spans::off`] (one `None` tested per field); each
//! protocol's `spans::spans` parses the one message shown again with
//! [`Spans::on`]. A field's bytes are found from the parser's own
//! input: nom hands each parser the rest of the message, so a field that
//! starts at `before` and leaves `after` lies between their positions in
//! the message (the recorder keeps the message's address to turn a slice
//! into an offset). Paths are the record's key paths, as a display filter
//! names them: `type_id`, `len`, `fields.game_id`,
//! `fields.players[1].name`.

/// The bytes of one record key: `start..end` count from the message's
/// first byte (its header or length prefix, as the record's `len` counts
/// it), `end` excluded.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Span {
    /// The record key path (`fields.game_info.max_num_players`,
    /// `fields.player_ids[1]`, `type_id`).
    pub path: String,
    /// The first byte.
    pub start: usize,
    /// One past the last byte.
    pub end: usize,
}

/// A parse context's recorder of field spans: off (the default) while
/// decoding, on when a protocol's `spans` function parses a message again
/// for the detail view.
#[derive(Debug, Default)]
pub struct Spans(Option<Box<Log>>);

/// What an active recorder holds.
#[derive(Debug)]
struct Log {
    /// The address of the message's first byte.
    base: usize,
    /// The message's length.
    len: usize,
    /// The path of the innermost open key (`fields.players[1]`).
    path: String,
    /// The open keys, innermost last: the length of `path` before each was
    /// opened, and the index of its span (its end set when it closes).
    open: Vec<(usize, usize)>,
    /// The spans so far, each key before the keys inside it.
    spans: Vec<Span>,
}

impl Spans {
    /// A recorder that records nothing: ordinary decoding.
    pub const fn off() -> Spans {
        Spans(None)
    }

    /// A recorder for message `msg`: its parsers record the record's own
    /// keys (`type_id`), and open `fields` for the keys inside.
    pub fn on(msg: &[u8]) -> Spans {
        Spans(Some(Box::new(Log {
            base: msg.as_ptr() as usize,
            len: msg.len(),
            path: String::new(),
            open: Vec::new(),
            spans: Vec::new(),
        })))
    }

    /// Whether it records.
    #[inline]
    pub fn is_on(&self) -> bool {
        self.0.is_some()
    }

    /// Key `key` (under the open keys) was read from `before` up to
    /// `after`, the input its parser left.
    #[inline]
    pub fn read(&mut self, key: &str, before: &[u8], after: &[u8]) {
        if let Some(log) = &mut self.0 {
            log.read(key, before, after);
        }
    }

    /// Key `key` is the bytes `bytes` (a part of the message).
    #[inline]
    pub fn bytes(&mut self, key: &str, bytes: &[u8]) {
        if let Some(log) = &mut self.0 {
            log.read(key, bytes, &bytes[bytes.len()..]);
        }
    }

    /// Item `index` of the open list was read from `before` up to `after`.
    #[inline]
    pub fn item(&mut self, index: usize, before: &[u8], after: &[u8]) {
        if let Some(log) = &mut self.0 {
            log.read(&format!("[{index}]"), before, after);
        }
    }

    /// Each of `names` under the key recorded last (the bits of a flags
    /// word, each a key of its own) has the same bytes.
    #[inline]
    pub fn same_bytes(&mut self, names: &[&str]) {
        if let Some(log) = &mut self.0 {
            log.same_bytes(names);
        }
    }

    /// Opens key `key`, whose bytes start at `at`: the keys read until
    /// [`Spans::close`] are inside it.
    #[inline]
    pub fn open(&mut self, key: &str, at: &[u8]) {
        if let Some(log) = &mut self.0 {
            log.open(key, at);
        }
    }

    /// Opens item `index` of the open list, whose bytes start at `at`.
    #[inline]
    pub fn open_item(&mut self, index: usize, at: &[u8]) {
        if let Some(log) = &mut self.0 {
            log.open(&format!("[{index}]"), at);
        }
    }

    /// Closes the key opened last: its bytes end where `after` starts.
    #[inline]
    pub fn close(&mut self, after: &[u8]) {
        if let Some(log) = &mut self.0 {
            log.close(Some(after));
        }
    }

    /// Closes the key opened last as absent (an attribute an older layout
    /// does not send): neither it nor anything inside it has bytes.
    #[inline]
    pub fn close_absent(&mut self) {
        if let Some(log) = &mut self.0 {
            log.close(None);
        }
    }

    /// The spans recorded, in the order of their bytes (each key before
    /// the keys inside it); none when off.
    pub fn finish(self) -> Vec<Span> {
        let mut spans = self.0.map(|log| log.spans).unwrap_or_default();
        // Stable: a key opened before the keys inside it stays before them.
        spans.sort_by_key(|s| s.start);
        spans
    }
}

/// What a parser records of the fields it reads: [`Spans`] for the detail
/// view, [`NoSpans`] while decoding. A parser generic over it is compiled
/// once per recorder, so that the decode path's recording calls are empty
/// and vanish (a parser and its spans stay one definition). The methods
/// are [`Spans`]'s.
pub trait Recorder: Default {
    /// See [`Spans::read`].
    fn read(&mut self, key: &str, before: &[u8], after: &[u8]);
    /// See [`Spans::bytes`].
    fn bytes(&mut self, key: &str, bytes: &[u8]);
    /// See [`Spans::item`].
    fn item(&mut self, index: usize, before: &[u8], after: &[u8]);
    /// See [`Spans::same_bytes`].
    fn same_bytes(&mut self, names: &[&str]);
    /// See [`Spans::open`].
    fn open(&mut self, key: &str, at: &[u8]);
    /// See [`Spans::open_item`].
    fn open_item(&mut self, index: usize, at: &[u8]);
    /// See [`Spans::close`].
    fn close(&mut self, after: &[u8]);
    /// See [`Spans::close_absent`].
    fn close_absent(&mut self);
}

/// The recorder of ordinary decoding: records nothing, costs nothing.
#[derive(Debug, Default, Clone, Copy)]
pub struct NoSpans;

impl Recorder for NoSpans {
    #[inline(always)]
    fn read(&mut self, _: &str, _: &[u8], _: &[u8]) {}
    #[inline(always)]
    fn bytes(&mut self, _: &str, _: &[u8]) {}
    #[inline(always)]
    fn item(&mut self, _: usize, _: &[u8], _: &[u8]) {}
    #[inline(always)]
    fn same_bytes(&mut self, _: &[&str]) {}
    #[inline(always)]
    fn open(&mut self, _: &str, _: &[u8]) {}
    #[inline(always)]
    fn open_item(&mut self, _: usize, _: &[u8]) {}
    #[inline(always)]
    fn close(&mut self, _: &[u8]) {}
    #[inline(always)]
    fn close_absent(&mut self) {}
}

impl Recorder for Spans {
    fn read(&mut self, key: &str, before: &[u8], after: &[u8]) {
        Spans::read(self, key, before, after);
    }
    fn bytes(&mut self, key: &str, bytes: &[u8]) {
        Spans::bytes(self, key, bytes);
    }
    fn item(&mut self, index: usize, before: &[u8], after: &[u8]) {
        Spans::item(self, index, before, after);
    }
    fn same_bytes(&mut self, names: &[&str]) {
        Spans::same_bytes(self, names);
    }
    fn open(&mut self, key: &str, at: &[u8]) {
        Spans::open(self, key, at);
    }
    fn open_item(&mut self, index: usize, at: &[u8]) {
        Spans::open_item(self, index, at);
    }
    fn close(&mut self, after: &[u8]) {
        Spans::close(self, after);
    }
    fn close_absent(&mut self) {
        Spans::close_absent(self);
    }
}

impl Log {
    /// Where `s` starts in the message (slices from elsewhere, such as a
    /// static empty one, count as its end).
    fn offset(&self, s: &[u8]) -> usize {
        let at = (s.as_ptr() as usize).wrapping_sub(self.base);
        at.min(self.len)
    }

    /// The path of `key` under the open keys.
    fn path_of(&self, key: &str) -> String {
        if self.path.is_empty() {
            key.to_owned()
        } else if key.starts_with('[') {
            format!("{}{key}", self.path)
        } else {
            format!("{}.{key}", self.path)
        }
    }

    fn read(&mut self, key: &str, before: &[u8], after: &[u8]) {
        let start = self.offset(before);
        let end = self.offset(after).max(start);
        let path = self.path_of(key);
        self.spans.push(Span { path, start, end });
    }

    fn same_bytes(&mut self, names: &[&str]) {
        let Some(last) = self.spans.last().cloned() else {
            return;
        };
        for name in names {
            self.spans.push(Span {
                path: format!("{}.{name}", last.path),
                ..last
            });
        }
    }

    fn open(&mut self, key: &str, at: &[u8]) {
        let start = self.offset(at);
        let path = self.path_of(key);
        self.open.push((self.path.len(), self.spans.len()));
        self.spans.push(Span {
            path: path.clone(),
            start,
            end: start,
        });
        self.path = path;
    }

    fn close(&mut self, after: Option<&[u8]>) {
        let Some((len, index)) = self.open.pop() else {
            return;
        };
        self.path.truncate(len);
        match after {
            Some(after) => {
                let end = self.offset(after);
                let span = &mut self.spans[index];
                span.end = end.max(span.start);
            }
            None => self.spans.truncate(index),
        }
    }
}

#[cfg(test)]
pub(crate) mod check;
#[cfg(test)]
mod corpus;

#[cfg(test)]
mod tests {
    use super::*;

    fn paths(s: &[Span]) -> Vec<(&str, usize, usize)> {
        s.iter()
            .map(|s| (s.path.as_str(), s.start, s.end))
            .collect()
    }

    #[test]
    fn off_records_nothing() {
        let msg = [1u8, 2, 3];
        let mut s = Spans::off();
        s.read("a", &msg, &msg[1..]);
        s.open("b", &msg[1..]);
        s.close(&msg[3..]);
        assert!(!s.is_on());
        assert_eq!(s.finish(), []);
    }

    #[test]
    fn keys_nest_under_their_open_keys_and_slices_give_offsets() {
        let msg = [0u8; 12];
        let mut s = Spans::on(&msg);
        s.open("fields", &msg);
        s.read("id", &msg[..], &msg[4..]);
        s.open("players", &msg[4..]);
        s.open_item(0, &msg[6..]);
        s.bytes("name", &msg[6..9]);
        s.read("flags", &msg[9..], &msg[10..]);
        s.same_bytes(&["human"]);
        s.close(&msg[10..]);
        s.item(1, &msg[10..], &msg[12..]);
        s.close(&msg[12..]);
        s.open("absent", &msg[12..]);
        s.close_absent();
        s.close(&msg[12..]);
        assert_eq!(
            paths(&s.finish()),
            [
                ("fields", 0, 12),
                ("fields.id", 0, 4),
                ("fields.players", 4, 12),
                ("fields.players[0]", 6, 10),
                ("fields.players[0].name", 6, 9),
                ("fields.players[0].flags", 9, 10),
                ("fields.players[0].flags.human", 9, 10),
                ("fields.players[1]", 10, 12),
            ]
        );
    }

    #[test]
    fn a_slice_from_elsewhere_stays_inside_the_message() {
        let msg = [0u8; 4];
        let mut s = Spans::on(&msg);
        s.read("type_id", &[], &[]);
        s.close(&msg);
        let got = s.finish();
        assert!(
            got.iter().all(|x| x.start <= x.end && x.end <= 4),
            "{got:?}"
        );
    }
}
