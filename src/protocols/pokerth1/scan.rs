//! One pass over a message's protobuf bytes against the wire facts, without
//! building anything: is it well formed (an error if not), and what should
//! a reader know (notes)? `inspect` needs no more than this; the message is
//! decoded into a `prost-reflect` dynamic message only when its fields are
//! read ([`super::Message::body`]).
//!
//! Errors, as prost's decoding would find them: a truncated or overlong
//! varint, a field number 0, a wire type 6 or 7, a wire type that does not
//! fit a known field, a length past the end of its message, invalid UTF-8
//! in a string, an unmatched end of group, nesting past 100 levels (prost's
//! recursion limit). Notes: required fields missing, an enumeration value
//! or a card outside the protocol's, fields protocol 5.1 does not define.

use super::framing::varint;
use super::messages::definitions::{ENUMS, MESSAGES};
use super::messages::is_card_field;
use super::messages::schema::{FieldDef, Label, Ty};
use crate::protocols::Note;
use std::collections::HashMap;
use std::sync::OnceLock;

/// Nesting past this is an error (prost's default recursion limit).
const MAX_DEPTH: usize = 100;

/// A field as the scan needs it.
struct Field {
    def: &'static FieldDef,
    /// The wire type of one value (0 varint, 1 64-bit, 2 length, 5 32-bit).
    wire: u8,
    /// The index of a nested message's type.
    sub: Option<usize>,
    /// An enumeration's values.
    values: Option<&'static [(&'static str, &'static str, i32)]>,
    /// An enumeration's name, for notes.
    enum_name: &'static str,
    card: bool,
}

/// A message type: its fields by number, its required fields.
struct Table {
    name: &'static str,
    by_number: Vec<Option<Field>>,
    required: Vec<(u32, &'static str)>,
}

fn tables() -> &'static [Table] {
    static TABLES: OnceLock<Vec<Table>> = OnceLock::new();
    TABLES.get_or_init(|| {
        let index: HashMap<&str, usize> = MESSAGES
            .iter()
            .enumerate()
            .map(|(i, m)| (m.name, i))
            .collect();
        MESSAGES
            .iter()
            .map(|m| {
                let top = m.fields.iter().map(|f| f.number).max().unwrap_or(0) as usize;
                let mut by_number: Vec<Option<Field>> = (0..=top).map(|_| None).collect();
                for f in m.fields {
                    let (wire, sub, values, enum_name) = match f.ty {
                        Ty::F64 | Ty::SF64 | Ty::Double => (1, None, None, ""),
                        Ty::F32 | Ty::SF32 | Ty::Float => (5, None, None, ""),
                        Ty::Str | Ty::Bytes => (2, None, None, ""),
                        Ty::Message(n) => (2, index.get(n).copied(), None, ""),
                        Ty::Enum(n) => (
                            0,
                            None,
                            ENUMS.iter().find(|e| e.name == n).map(|e| e.values),
                            n,
                        ),
                        _ => (0, None, None, ""),
                    };
                    by_number[f.number as usize] = Some(Field {
                        def: f,
                        wire,
                        sub,
                        values,
                        enum_name,
                        card: is_card_field(f.name),
                    });
                }
                Table {
                    name: m.name,
                    by_number,
                    required: m
                        .fields
                        .iter()
                        .filter(|f| f.label == Label::Required)
                        .map(|f| (f.number, f.json))
                        .collect(),
                }
            })
            .collect()
    })
}

/// The index of message type `name` (`HandStartMessage`).
pub fn index_of(name: &str) -> Option<usize> {
    MESSAGES.iter().position(|m| m.name == name)
}

/// Scans `bytes`, a message of type `index`, under `path` (its record
/// type, for notes). `Err`: why the bytes are not that message. `Ok(true)`
/// when the message is in canonical form: fields in number order, a
/// repeated field's values together, no field outside the protocol, no
/// singular field twice; such a message can be written out straight from
/// its bytes ([`fields`] tells how to read them).
pub fn scan(index: usize, bytes: &[u8], path: &str, notes: &mut Vec<Note>) -> Result<bool, String> {
    let mut s = Scan {
        notes,
        canonical: true,
    };
    s.message(index, bytes, &|| path.to_owned(), 0)?;
    Ok(s.canonical)
}

/// What a field of message type `index` is, by number: its definition,
/// the nested message type's index, its enumeration's values, whether it
/// holds a card.
pub fn field(index: usize, number: u64) -> Option<FieldInfo> {
    let f = tables()
        .get(index)?
        .by_number
        .get(usize::try_from(number).ok()?)?
        .as_ref()?;
    Some(FieldInfo {
        def: f.def,
        sub: f.sub,
        values: f.values,
        card: f.card,
    })
}

/// A field as [`field`] describes it.
#[derive(Debug, Clone, Copy)]
pub struct FieldInfo {
    /// The wire facts' definition.
    pub def: &'static FieldDef,
    /// A nested message's type index.
    pub sub: Option<usize>,
    /// An enumeration's values: (wire name, record name, number).
    pub values: Option<&'static [(&'static str, &'static str, i32)]>,
    /// A card (0..51).
    pub card: bool,
}

/// The scan's state.
struct Scan<'n> {
    notes: &'n mut Vec<Note>,
    /// Fields in order, repeated ones together, nothing unknown, no
    /// singular field twice.
    canonical: bool,
}

/// A varint at `pos` of `b`: its value and the position after it. `what`
/// names it in the error (made only then).
fn read_varint(
    b: &[u8],
    pos: usize,
    what: impl FnOnce() -> String,
) -> Result<(u64, usize), String> {
    varint(&b[pos..])
        .map(|(v, n)| (v, pos + n))
        .ok_or_else(|| format!("invalid varint ({})", what()))
}

/// `n` bytes at `pos`, or why not.
fn take(b: &[u8], pos: usize, n: u64, what: impl FnOnce() -> String) -> Result<usize, String> {
    let left = (b.len() - pos) as u64;
    if n > left {
        return Err(format!(
            "{}: length {n} runs past the end of its message ({left} bytes left)",
            what()
        ));
    }
    Ok(pos + n as usize)
}

impl Scan<'_> {
    /// Scans `b`, a message of type `index` at `path` (made only for a
    /// note or an error: most messages need neither).
    fn message(
        &mut self,
        index: usize,
        b: &[u8],
        path: &dyn Fn() -> String,
        depth: usize,
    ) -> Result<(), String> {
        if depth > MAX_DEPTH {
            return Err(format!("{}: nested deeper than {MAX_DEPTH} levels", path()));
        }
        let t = &tables()[index];
        let first_note = self.notes.len();
        // Field numbers below 128 seen, a bit each.
        let mut seen = [0u64; 2];
        let mut last = 0u64;
        let mut pos = 0;
        while pos < b.len() {
            let (key, next) = read_varint(b, pos, || "a field's key".into())?;
            pos = next;
            let (number, wire) = (key >> 3, (key & 7) as u8);
            if number == 0 || number > u64::from(u32::MAX >> 3) {
                return Err(format!("{}: invalid field number {number}", path()));
            }
            let known = t.by_number.get(number as usize).and_then(Option::as_ref);
            let repeated = known.is_some_and(|f| f.def.label == Label::Repeated);
            if number < last || (number == last && !repeated) {
                self.canonical = false;
            }
            last = number;
            let Some(f) = known else {
                self.canonical = false;
                pos = self.skip(b, pos, number, wire, path, depth)?;
                self.notes.push(Note::PokerTh1UnknownField {
                    path: path(),
                    field: number,
                });
                continue;
            };
            if number < 128 {
                seen[(number >> 6) as usize] |= 1 << (number & 63);
            }
            let here = || format!("{}.{}", path(), f.def.json);
            let packed = wire == 2 && f.wire != 2 && f.def.label == Label::Repeated;
            if wire != f.wire && !packed {
                return Err(format!(
                    "{}: invalid wire type {wire} (expected {})",
                    here(),
                    f.wire
                ));
            }
            match (wire, packed) {
                (2, true) => {
                    let (len, p) = read_varint(b, pos, here)?;
                    let end = take(b, p, len, here)?;
                    let mut q = p;
                    while q < end {
                        q = self.value(f, &b[..end], q, &here)?;
                    }
                    pos = end;
                }
                (2, false) => {
                    let (len, p) = read_varint(b, pos, here)?;
                    let end = take(b, p, len, here)?;
                    match (f.sub, f.def.ty) {
                        (Some(sub), _) => self.message(sub, &b[p..end], &here, depth + 1)?,
                        (None, Ty::Str) if std::str::from_utf8(&b[p..end]).is_err() => {
                            return Err(format!("{}: not valid UTF-8", here()));
                        }
                        _ => {}
                    }
                    pos = end;
                }
                _ => pos = self.value(f, b, pos, &here)?,
            }
        }
        let missing = |n: u32| n >= 128 || seen[(n >> 6) as usize] & 1 << (n & 63) == 0;
        if t.required.iter().any(|&(n, _)| missing(n)) {
            let notes: Vec<Note> = (t.required.iter())
                .filter(|&&(n, _)| missing(n))
                .map(|(_, json)| Note::PokerTh1MissingField {
                    path: path(),
                    field: json,
                })
                .collect();
            self.notes.splice(first_note..first_note, notes);
        }
        let _ = t.name;
        Ok(())
    }

    /// One scalar value of `f` at `pos`: notes on its value; the position
    /// after it.
    #[inline]
    fn value(
        &mut self,
        f: &Field,
        b: &[u8],
        pos: usize,
        here: &dyn Fn() -> String,
    ) -> Result<usize, String> {
        match f.wire {
            1 => take(b, pos, 8, here),
            5 => take(b, pos, 4, here),
            _ => {
                let (v, next) = read_varint(b, pos, here)?;
                if let Some(values) = f.values {
                    let n = v as i32;
                    if !values.iter().any(|e| e.2 == n) {
                        self.notes.push(Note::PokerTh1UnknownValue {
                            path: here(),
                            value: n,
                            enumeration: f.enum_name,
                        });
                    }
                } else if f.card && v as u32 > 51 {
                    self.notes.push(Note::PokerTh1NotACard {
                        path: here(),
                        value: v as u32,
                    });
                }
                Ok(next)
            }
        }
    }

    /// Skips the value of an unknown field; the position after it.
    fn skip(
        &mut self,
        b: &[u8],
        pos: usize,
        number: u64,
        wire: u8,
        path: &dyn Fn() -> String,
        depth: usize,
    ) -> Result<usize, String> {
        let what = || format!("{}: field {number}", path());
        match wire {
            0 => read_varint(b, pos, what).map(|(_, p)| p),
            1 => take(b, pos, 8, what),
            5 => take(b, pos, 4, what),
            2 => {
                let (len, p) = read_varint(b, pos, what)?;
                take(b, p, len, what)
            }
            3 => {
                if depth >= MAX_DEPTH {
                    return Err(format!("{}: nested deeper than {MAX_DEPTH} levels", path()));
                }
                let mut p = pos;
                loop {
                    if p >= b.len() {
                        return Err(format!("{}: group without its end", what()));
                    }
                    let (key, next) = read_varint(b, p, what)?;
                    let (n, w) = (key >> 3, (key & 7) as u8);
                    if w == 4 {
                        if n != number {
                            return Err(format!("{}: group ends with field {n}", what()));
                        }
                        return Ok(next);
                    }
                    p = self.skip(b, next, n, w, path, depth + 1)?;
                }
            }
            4 => Err(format!("{}: end of a group that was not started", what())),
            w => Err(format!("{}: invalid wire type {w}", what())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The paths of notes and errors name the nested message they are in
    /// (they are made only when needed, from the path of each level).
    #[test]
    fn notes_and_errors_name_the_nested_message() {
        let announce = index_of("AnnounceMessage").unwrap();
        // protocolVersion (field 1) present but empty: its two required
        // fields missing; an unknown field 9 at the top; nothing else.
        let bytes = [0x0a, 0x00, 0x48, 0x01];
        let mut notes = Vec::new();
        assert_eq!(scan(announce, &bytes, "Announce", &mut notes), Ok(false));
        let paths: Vec<String> = (notes.iter())
            .map(|n| match n {
                Note::PokerTh1MissingField { path, field } => format!("missing {path}.{field}"),
                Note::PokerTh1UnknownField { path, field } => format!("unknown {path} {field}"),
                other => format!("{other:?}"),
            })
            .collect();
        // The message's own missing fields come first, then what its
        // fields held, in order.
        assert_eq!(
            paths,
            [
                "missing Announce.latest_game_version",
                "missing Announce.latest_beta_revision",
                "missing Announce.server_type",
                "missing Announce.num_players_on_server",
                "missing Announce.protocol_version.major_version",
                "missing Announce.protocol_version.minor_version",
                "unknown Announce 9",
            ]
        );
        // A nested message whose length runs past its parent's end.
        let err = scan(announce, &[0x0a, 0x02, 0x08], "Announce", &mut Vec::new());
        assert_eq!(
            err,
            Err("Announce.protocol_version: length 2 runs past the end of its message (1 bytes left)".into())
        );
        let err = scan(announce, &[0x0a, 0x01, 0x00], "Announce", &mut Vec::new());
        assert_eq!(
            err,
            Err("Announce.protocol_version: invalid field number 0".into())
        );
    }
}
