//! Records as JSON (the record contract of DESIGN.md) and as one-line
//! summaries for the `decode` table.

use crate::decode::{Body, Record};
use serde::Serialize;
use std::io::{self, Write};

/// Writes `s` as a JSON string.
fn json_str(out: &mut impl Write, s: &str) -> io::Result<()> {
    serde_json::to_writer(&mut *out, s).map_err(io::Error::other)
}

/// Writes one record as a single-line JSON object, keys in the contract's
/// order: frame, ts, stream, dir, src, dst, offset, protocol, dialect, type
/// (or event), type_id, len, fields, notes, error.
pub fn write_json(out: &mut impl Write, r: &Record) -> io::Result<()> {
    write!(
        out,
        "{{\"frame\":{},\"ts\":\"{}\",\"stream\":{},\"dir\":\"{}\",\"src\":",
        r.frame, r.ts, r.stream, r.dir
    )?;
    json_str(out, &r.src.to_string())?;
    out.write_all(b",\"dst\":")?;
    json_str(out, &r.dst.to_string())?;
    write!(out, ",\"offset\":{}", r.offset)?;
    if let Some(p) = r.protocol {
        write!(out, ",\"protocol\":\"{}\"", p.name())?;
    }
    match &r.body {
        Body::Message {
            dialect,
            len,
            decoded,
        } => {
            if let Some(d) = dialect {
                write!(out, ",\"dialect\":\"{d}\"")?;
            }
            out.write_all(b",\"type\":")?;
            json_str(out, &decoded.type_name)?;
            write!(
                out,
                ",\"type_id\":{},\"len\":{},\"fields\":",
                decoded.type_id, len
            )?;
            decoded
                .fields
                .serialize(&mut serde_json::Serializer::new(&mut *out))
                .map_err(io::Error::other)?;
            out.write_all(b",\"notes\":")?;
            serde_json::to_writer(&mut *out, &decoded.notes).map_err(io::Error::other)?;
            if let Some(e) = &decoded.error {
                out.write_all(b",\"error\":")?;
                json_str(out, e)?;
            }
        }
        Body::StreamStart => out.write_all(b",\"event\":\"stream_start\"")?,
        Body::StreamEnd { reason } => write!(
            out,
            ",\"event\":\"stream_end\",\"reason\":\"{}\"",
            reason.as_str()
        )?,
        Body::Gap { len, reason } => write!(
            out,
            ",\"event\":\"gap\",\"len\":{len},\"reason\":\"{}\"",
            reason.as_str()
        )?,
        Body::UnknownData { len, reason } => {
            write!(out, ",\"event\":\"unknown_data\",\"len\":{len},\"reason\":")?;
            json_str(out, reason)?;
        }
    }
    out.write_all(b"}")
}

/// The one-line summary of a record for people.
pub fn summary(r: &Record) -> String {
    match &r.body {
        Body::Message { decoded, .. } => {
            let mut s = match &decoded.error {
                Some(e) => format!("malformed: {e}"),
                None => decoded.fields.summary(),
            };
            if !decoded.notes.is_empty() {
                s.push_str(&format!(" [{}]", decoded.notes.join("; ")));
            }
            s
        }
        Body::StreamStart => format!("stream start {} → {}", r.src, r.dst),
        Body::StreamEnd { reason } => format!("stream end ({})", reason.as_str()),
        Body::Gap { len, reason } => format!("{len} byte(s) missing ({})", reason.as_str()),
        Body::UnknownData { len, reason } => format!("{len} byte(s) not decoded: {reason}"),
    }
}
