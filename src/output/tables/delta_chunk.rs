//! A column of whole numbers or times written as Parquet's
//! DELTA_BINARY_PACKED by us, not by Arrow's writer (whose encoder packs
//! a value at a time, about 40 instructions each; this packs a miniblock
//! of 32 in a few words). Frames, times and offsets grow through a
//! capture, so their differences take a few bits.
//!
//! The encoding (Parquet's `Encodings.md`): a header (values per block,
//! 128; miniblocks per block, 4; the count of values; the first value,
//! zigzag varint), then per block of 128 differences: the smallest
//! (zigzag varint), the bit width of each of the 4 miniblocks (a byte
//! each), and each miniblock's 32 differences less the smallest, packed
//! as the RLE hybrid packs (the last miniblock padded with zeros;
//! miniblocks past the last value have width 0 and no bytes).
//!
//! A data page per batch ([`Pages`]); the chunk's metadata carries its
//! smallest and largest value and its nulls, by which readers skip row
//! groups.

use super::chunk::{Levels, Numbers, Pages};
use super::rle::varint;
use arrow_array::cast::AsArray;
use arrow_array::types::{Int64Type, TimestampMicrosecondType};
use arrow_array::{Array, ArrayRef};
use arrow_schema::{DataType, TimeUnit};
use parquet::basic::Encoding;
use parquet::errors::Result;
use parquet::file::writer::SerializedRowGroupWriter;
use parquet::schema::types::ColumnDescPtr;
use std::io::Write;

/// Values per block, and per miniblock.
const BLOCK: usize = 128;
const MINI: usize = 32;

/// `v` zigzag-encoded: small magnitudes, either sign, are small.
fn zigzag(v: i64) -> u64 {
    ((v << 1) ^ (v >> 63)) as u64
}

/// Appends `values` in DELTA_BINARY_PACKED.
pub fn encode(values: &[i64], out: &mut Vec<u8>) {
    varint(out, BLOCK as u64);
    varint(out, (BLOCK / MINI) as u64);
    varint(out, values.len() as u64);
    varint(out, zigzag(values.first().copied().unwrap_or(0)));
    let mut deltas = [0i64; BLOCK];
    // The differences, a value from the one before it, 128 at a time.
    let mut from = 0;
    while from + 1 < values.len() {
        let n = (values.len() - 1 - from).min(BLOCK);
        for (d, pair) in deltas.iter_mut().zip(values[from..=from + n].windows(2)) {
            *d = pair[1].wrapping_sub(pair[0]);
        }
        from += n;
        let block = &deltas[..n];
        let mut min = block[0];
        for &d in block {
            min = min.min(d);
        }
        varint(out, zigzag(min));
        let widths_at = out.len();
        out.extend_from_slice(&[0; BLOCK / MINI]);
        for (m, mini) in block.chunks(MINI).enumerate() {
            // Above the smallest, padded with zeros; their bits or'ed.
            let mut above = [0u64; MINI];
            let mut all = 0u64;
            for (a, &d) in above.iter_mut().zip(mini) {
                *a = d.wrapping_sub(min) as u64;
                all |= *a;
            }
            let width = 64 - all.leading_zeros() as usize;
            out[widths_at + m] = width as u8;
            pack(&above, width, out);
        }
    }
}

/// Appends the 32 values of a miniblock, `width` bits each (below
/// 2^`width`): by a packer made for each width, whose shifts the
/// compiler knows.
fn pack(values: &[u64; MINI], width: usize, out: &mut Vec<u8>) {
    macro_rules! widths {
        ($($w:literal)*) => {
            match width {
                $($w => pack_width::<$w>(values, out),)*
                _ => {}
            }
        };
    }
    widths!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29
        30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57
        58 59 60 61 62 63 64);
}

/// [`pack`] for the width `W`: 32 values of `W` bits are `W` / 2 words
/// of 64 bits, `W` * 4 bytes.
fn pack_width<const W: usize>(values: &[u64; MINI], out: &mut Vec<u8>) {
    let mut words = [0u64; MINI];
    // Written out for each of the 32 values: their words and shifts are
    // then constants.
    macro_rules! each {
        ($($n:literal)*) => {$({
            let (word, shift) = ($n * W / 64, $n * W % 64);
            words[word] |= values[$n] << shift;
            if shift + W > 64 {
                words[word + 1] |= values[$n] >> (64 - shift);
            }
        })*};
    }
    each!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31);
    let mut bytes = [0u8; 8 * MINI];
    for (chunk, word) in bytes.chunks_exact_mut(8).zip(words) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out.extend_from_slice(&bytes[..W * MINI / 8]);
}

/// A row group's chunk of a delta-encoded column, being made.
pub struct DeltaChunk {
    pages: Pages,
    numbers: Numbers,
    /// For a batch: the values of the rows that have one.
    values: Vec<i64>,
}

impl DeltaChunk {
    /// An empty chunk of the column `descr`.
    pub fn new(descr: ColumnDescPtr) -> DeltaChunk {
        DeltaChunk {
            pages: Pages::new(descr, Encoding::DELTA_BINARY_PACKED),
            numbers: Numbers::default(),
            values: Vec::new(),
        }
    }

    /// Encodes a batch's column (64-bit whole numbers or times in
    /// microseconds) as a data page.
    pub fn write(&mut self, column: &ArrayRef) -> Result<()> {
        let values: &[i64] = match column.data_type() {
            DataType::Int64 => column.as_primitive::<Int64Type>().values(),
            DataType::Timestamp(TimeUnit::Microsecond, _) => {
                column.as_primitive::<TimestampMicrosecondType>().values()
            }
            other => return Err(self.pages.error(&format!("{other} is not delta-encoded"))),
        };
        let rows = column.len();
        self.pages.check(column)?;
        let levels = Levels::of(column.nulls(), rows);
        let present = levels.present(values, &mut self.values);
        self.numbers.add(present, column.null_count());
        // Most differences take a few bits: a byte each, as a guess.
        let mut page = Vec::with_capacity(present.len() + rows / 8 + 80);
        self.pages.begin(&mut page, rows, levels.clone());
        encode(present, &mut page);
        self.pages.push(page, rows);
        Ok(())
    }

    /// Bytes held (the row group is written past a bound).
    pub fn memory_size(&self) -> usize {
        self.pages.memory_size()
    }

    /// Writes the chunk into the row group, its statistics in its
    /// metadata.
    pub fn append_to<W: Write + Send>(
        self,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> Result<()> {
        let stats = self.numbers.statistics();
        self.pages.append_to(None, Some(stats), group)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Reads `DELTA_BINARY_PACKED` back (a reader of the format, for the
    /// tests).
    fn decode(mut bytes: &[u8]) -> Vec<i64> {
        let varint = super::super::rle::read_varint;
        let unzig = |v: u64| ((v >> 1) as i64) ^ -((v & 1) as i64);
        let block = varint(&mut bytes) as usize;
        let minis = varint(&mut bytes) as usize;
        let count = varint(&mut bytes) as usize;
        let mut last = unzig(varint(&mut bytes));
        let mut values = Vec::new();
        if count > 0 {
            values.push(last);
        }
        while values.len() < count {
            let min = unzig(varint(&mut bytes));
            let widths: Vec<usize> = bytes[..minis].iter().map(|&w| w as usize).collect();
            bytes = &bytes[minis..];
            for w in widths {
                if values.len() == count {
                    break;
                }
                let (mut bits, mut held) = (0u128, 0usize);
                for _ in 0..block / minis {
                    while held < w {
                        bits |= u128::from(bytes[0]) << held;
                        bytes = &bytes[1..];
                        held += 8;
                    }
                    let d = if w == 0 {
                        0
                    } else {
                        (bits & ((1u128 << w) - 1)) as u64
                    };
                    bits >>= w;
                    held -= w;
                    if values.len() < count {
                        last = last.wrapping_add(min.wrapping_add(d as i64));
                        values.push(last);
                    }
                }
            }
        }
        values
    }

    /// The specification's first example, 1 to 5: every difference is
    /// the smallest, 1, so the miniblocks have width 0 and no bytes.
    #[test]
    fn steady_growth_takes_no_bits() {
        let mut out = Vec::new();
        encode(&[1, 2, 3, 4, 5], &mut out);
        assert_eq!(out, [0x80, 0x01, 0x04, 0x05, 0x02, 0x02, 0, 0, 0, 0]);
    }

    /// The specification's second example, 7 5 3 1 2 3 4 5: differences
    /// -2 -2 -2 1 1 1 1, the smallest -2, so 0 0 0 3 3 3 3 in 2 bits.
    #[test]
    fn differences_are_packed_above_the_smallest() {
        let mut out = Vec::new();
        encode(&[7, 5, 3, 1, 2, 3, 4, 5], &mut out);
        let mut expected = vec![0x80, 0x01, 0x04, 0x08, 0x0e, 0x03, 2, 0, 0, 0, 0xc0, 0x3f];
        expected.extend([0; 6]);
        assert_eq!(out, expected);
    }

    #[test]
    fn no_values_is_a_header() {
        let mut out = Vec::new();
        encode(&[], &mut out);
        assert_eq!(out, [0x80, 0x01, 0x04, 0x00, 0x00]);
        assert!(decode(&out).is_empty());
    }

    proptest! {
        /// Whatever the values (the extremes too), they read back.
        #[test]
        fn values_read_back(values in prop::collection::vec(
            prop_oneof![any::<i64>(), -1000i64..1000, Just(i64::MIN), Just(i64::MAX)], 0..600)) {
            let mut out = Vec::new();
            encode(&values, &mut out);
            prop_assert_eq!(decode(&out), values);
        }

        /// Differences of any width from 0 to 64 bits (each packed by a
        /// packer of its own) read back.
        #[test]
        fn every_width_reads_back(first in any::<i64>(), width in 0u32..=64,
            deltas in prop::collection::vec(any::<u64>(), 0..300)) {
            let mask = u64::MAX.checked_shr(64 - width).unwrap_or(0);
            let values: Vec<i64> = std::iter::once(first)
                .chain(deltas.iter().scan(first, |v, d| {
                    *v = v.wrapping_add((d & mask) as i64);
                    Some(*v)
                }))
                .collect();
            let mut out = Vec::new();
            encode(&values, &mut out);
            prop_assert_eq!(decode(&out), values);
        }
    }
}
