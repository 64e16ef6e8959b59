//! How a [`Row`] is written to a spilled run and read back: serde's derives
//! (on the library types it holds, and on a mirror of the row here) and
//! `postcard`'s compact encoding, so that no byte layout is kept by hand in
//! step with those types.
//!
//! Each record is its length (a little-endian `u16`, at most
//! [`MAX_RECORD`]) then its bytes: a reader takes one record at a time into
//! a buffer of fixed size, and a corrupt or truncated run is an
//! `io::Error`, never a panic nor a large allocation.
//!
//! Protocols and dialects serialize as their names (for JSON); here they
//! are their index in their `ALL` table. IPv6 flow info and scope id are
//! not kept (serde drops them; the link layer never sets them).

use super::rows::{Decoding, Row};
use cardshark::decode::{DirCounts, How};
use cardshark::output::spill::Spill;
use cardshark::protocols::{Dialect, ProtocolId};
use cardshark::reassembly::{EndReason, StreamInfo};
use cardshark::transport::Transport;
use serde::{Deserialize, Serialize};
use std::io::{self, Read, Write};

/// Most bytes of one encoded row, length aside (the largest row takes 370, its Community ID 30 of them).
pub const MAX_RECORD: usize = 400;

/// Bytes of a record's length.
const LEN: usize = 2;

/// A [`Row`] as it is encoded.
#[derive(Serialize, Deserialize)]
struct Record {
    info: StreamInfo,
    reason: EndReason,
    decoding: Option<Decoded>,
}

/// A [`Decoding`] as it is encoded.
#[derive(Serialize, Deserialize)]
struct Decoded {
    #[serde(with = "index")]
    protocol: Option<ProtocolId>,
    #[serde(with = "index")]
    dialect: Option<Dialect>,
    how: How,
    transport: Transport,
    counts: [DirCounts; 2],
}

impl From<&Row> for Record {
    fn from(r: &Row) -> Self {
        Record {
            info: r.info.clone(),
            reason: r.reason,
            decoding: r.decoding.map(|d| Decoded {
                protocol: d.protocol,
                dialect: d.dialect,
                how: d.how,
                transport: d.transport,
                counts: d.counts,
            }),
        }
    }
}

impl From<Record> for Row {
    fn from(r: Record) -> Self {
        Row {
            info: r.info,
            reason: r.reason,
            decoding: r.decoding.map(|d| Decoding {
                protocol: d.protocol,
                dialect: d.dialect,
                how: d.how,
                transport: d.transport,
                counts: d.counts,
            }),
        }
    }
}

/// An enumeration listed whole in a table.
trait Listed: Copy + PartialEq + 'static {
    const ALL: &'static [Self];
}

impl Listed for ProtocolId {
    const ALL: &'static [Self] = &ProtocolId::ALL;
}

impl Listed for Dialect {
    const ALL: &'static [Self] = &Dialect::ALL;
}

/// An optional [`Listed`] value as its index in the table (a `u8`).
mod index {
    use super::Listed;
    use serde::{de, ser, Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<T: Listed, S: Serializer>(v: &Option<T>, s: S) -> Result<S::Ok, S::Error> {
        let code = |v: T| -> Option<u8> { T::ALL.iter().position(|t| *t == v)?.try_into().ok() };
        v.map(|v| code(v).ok_or_else(|| ser::Error::custom("unlisted")))
            .transpose()?
            .serialize(s)
    }

    pub fn deserialize<'de, T: Listed, D: Deserializer<'de>>(d: D) -> Result<Option<T>, D::Error> {
        let value = |c: u8| T::ALL.get(usize::from(c)).copied();
        Option::<u8>::deserialize(d)?
            .map(|c| value(c).ok_or_else(|| de::Error::custom("code past its table")))
            .transpose()
    }
}

fn invalid(what: impl std::fmt::Display) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("corrupt row: {what}"))
}

/// The row encoded in `bytes` (one record, its length aside).
fn decode(bytes: &[u8]) -> io::Result<Row> {
    match postcard::take_from_bytes::<Record>(bytes) {
        Ok((record, [])) => Ok(record.into()),
        Ok(_) => Err(invalid("bytes past its end")),
        Err(e) => Err(invalid(e)),
    }
}

/// A row spills as its length and its encoding.
impl Spill for Row {
    type Key = u64;

    fn key(&self) -> u64 {
        self.info.id
    }

    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let mut buf = [0; LEN + MAX_RECORD];
        let n = postcard::to_slice(&Record::from(self), &mut buf[LEN..])
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidInput, e))?
            .len();
        buf[..LEN].copy_from_slice(&(n as u16).to_le_bytes());
        out.write_all(&buf[..LEN + n])
    }

    fn read_from(input: &mut impl Read) -> io::Result<Self> {
        let mut len = [0; LEN];
        input.read_exact(&mut len)?;
        let mut buf = [0; MAX_RECORD];
        let bytes = buf
            .get_mut(..usize::from(u16::from_le_bytes(len)))
            .ok_or_else(|| invalid("length out of range"))?;
        input.read_exact(bytes)?;
        decode(bytes)
    }
}

#[cfg(test)]
mod tests;
