//! Parquet's RLE / bit-packing hybrid encoding, which holds the
//! definition levels and dictionary indices of the columns written by
//! [`super::dict_chunk`]: a sequence of runs, each a repeated value
//! (`varint(count << 1)`, then the value in as few whole bytes as its bit
//! width needs) or groups of 8 values packed `width` bits each, the first
//! value in the lowest bits (`varint(groups << 1 | 1)`, then the groups).
//! The format is in Parquet's `Encodings.md`. A page here is one run: a
//! repeat (every row has a value, or none has) or all its values packed
//! (a code of a few bits rarely repeats 8 times in a row of a capture's
//! interleaved streams, and packing costs a few instructions a value).

use arrow_buffer::BooleanBuffer;

/// How many bits the values below `n` need (at least 1, which every
/// reader takes; a dictionary of one value could do with 0).
pub fn width_for(n: usize) -> u8 {
    let max = n.saturating_sub(1) as u64;
    (64 - max.leading_zeros()).max(1) as u8
}

/// Appends `v` as an unsigned LEB128 varint.
pub fn varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// Appends a run of `count` times `value` (below `2^width`).
pub fn repeat(value: u32, count: usize, width: u8, out: &mut Vec<u8>) {
    if count > 0 {
        varint(out, (count as u64) << 1);
        out.extend_from_slice(&value.to_le_bytes()[..usize::from(width).div_ceil(8)]);
    }
}

/// Appends `values` (each below `2^width`, `width` from 1 to 32) as one
/// packed run, the last group padded with zeros (a reader reads as many
/// values as the page says it holds).
pub fn pack(values: &[u32], width: u8, out: &mut Vec<u8>) {
    let groups = values.len().div_ceil(8);
    if groups == 0 {
        return;
    }
    varint(out, ((groups as u64) << 1) | 1);
    macro_rules! widths {
        ($($w:literal)*) => {
            match width {
                $($w => pack_width::<$w>(values, out),)*
                _ => packed(values.iter().copied(), groups, width, out),
            }
        };
    }
    widths!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16);
}

/// [`pack`]'s groups for the width `W` (up to 16: a group in one
/// 128-bit word), with shifts the compiler knows; the last group padded
/// with zeros.
fn pack_width<const W: usize>(values: &[u32], out: &mut Vec<u8>) {
    let groups = values.chunks_exact(8);
    let last = groups.remainder();
    out.reserve((values.len() / 8 + 1) * W);
    let word = |group: &[u32]| {
        (group.iter().enumerate()).fold(0u128, |word, (n, &v)| word | u128::from(v) << (n * W))
    };
    for group in groups {
        out.extend_from_slice(&word(group).to_le_bytes()[..W]);
    }
    if !last.is_empty() {
        out.extend_from_slice(&word(last).to_le_bytes()[..W]);
    }
}

/// Appends `values`, padded with zeros to `groups` groups of 8, `width`
/// bits each: a group's bits gathered in one word, then its `width`
/// bytes.
fn packed(values: impl Iterator<Item = u32>, groups: usize, width: u8, out: &mut Vec<u8>) {
    let w = usize::from(width);
    out.reserve(groups * w);
    let mut values = values.chain(std::iter::repeat(0));
    for _ in 0..groups {
        let mut group = [0u32; 8];
        for (slot, v) in group.iter_mut().zip(&mut values) {
            *slot = v;
        }
        if w <= 16 {
            let mut word: u128 = 0;
            for (n, &v) in group.iter().enumerate() {
                word |= u128::from(v) << (n * w);
            }
            out.extend_from_slice(&word.to_le_bytes()[..w]);
        } else {
            // Wider than 128 bits a group: a byte at a time.
            let (mut bits, mut held) = (0u64, 0);
            for v in group {
                bits |= u64::from(v) << held;
                held += w;
                while held >= 8 {
                    out.push(bits as u8);
                    bits >>= 8;
                    held -= 8;
                }
            }
        }
    }
}

/// Appends the bits of `valid` (a row's definition level, 1 if it has a
/// value) as one packed run of width 1: Parquet packs the first value in
/// the lowest bit, as Arrow keeps its validity bits, so they are copied.
pub fn pack_bits(valid: &BooleanBuffer, out: &mut Vec<u8>) {
    let groups = valid.len().div_ceil(8);
    if groups == 0 {
        return;
    }
    varint(out, ((groups as u64) << 1) | 1);
    if !valid.offset().is_multiple_of(8) {
        return packed(valid.iter().map(u32::from), groups, 1, out);
    }
    let start = valid.offset() / 8;
    out.extend_from_slice(&valid.values()[start..start + groups]);
    // The padding past the last row is zeros.
    let used = valid.len() % 8;
    if let (Some(last), true) = (out.last_mut(), used > 0) {
        *last &= (1u8 << used) - 1;
    }
}

/// Reads a varint from the front of `bytes` (for the tests' readers).
#[cfg(test)]
pub fn read_varint(bytes: &mut &[u8]) -> u64 {
    let (mut v, mut shift) = (0u64, 0);
    loop {
        let b = bytes[0];
        *bytes = &bytes[1..];
        v |= u64::from(b & 0x7f) << shift;
        shift += 7;
        if b < 0x80 {
            return v;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Reads `count` values back (a reader of the format, for the tests).
    fn decode(mut bytes: &[u8], width: u8, count: usize) -> Vec<u32> {
        let mut values = Vec::new();
        while values.len() < count {
            let header = read_varint(&mut bytes);
            if header & 1 == 0 {
                let n = usize::from(width).div_ceil(8);
                let mut le = [0u8; 4];
                le[..n].copy_from_slice(&bytes[..n]);
                bytes = &bytes[n..];
                values.extend(std::iter::repeat_n(
                    u32::from_le_bytes(le),
                    (header >> 1) as usize,
                ));
            } else {
                let total = (header >> 1) as usize * 8;
                let (mut bits, mut held) = (0u64, 0u32);
                for _ in 0..total {
                    while held < u32::from(width) {
                        bits |= u64::from(bytes[0]) << held;
                        bytes = &bytes[1..];
                        held += 8;
                    }
                    values.push((bits & ((1u64 << width) - 1)) as u32);
                    bits >>= width;
                    held -= u32::from(width);
                }
            }
        }
        values.truncate(count);
        values
    }

    /// The specification's example: 0 to 7 with bit width 3 packs into
    /// the bytes 10001000 11000110 11111010, after the header 0x03 (one
    /// group).
    #[test]
    fn packs_as_the_specification_shows() {
        let mut out = Vec::new();
        pack(&[0, 1, 2, 3, 4, 5, 6, 7], 3, &mut out);
        assert_eq!(out, [0x03, 0b1000_1000, 0b1100_0110, 0b1111_1010]);
    }

    /// A repeat is its count doubled, then the value in the bytes its
    /// width needs.
    #[test]
    fn a_repeat_is_its_count_and_value() {
        let mut out = Vec::new();
        repeat(5, 300, 9, &mut out);
        // 600 as a varint is 0xd8 0x04; 5 in two bytes.
        assert_eq!(out, [0xd8, 0x04, 0x05, 0x00]);
        repeat(1, 0, 1, &mut out);
        assert_eq!(out.len(), 4, "no run for no values");
    }

    /// Values short of a group are padded: one group of 8.
    #[test]
    fn a_short_tail_is_padded_to_a_group() {
        let mut out = Vec::new();
        pack(&[1, 0, 1], 1, &mut out);
        assert_eq!(out, [0x03, 0b0000_0101]);
        assert_eq!(decode(&out, 1, 3), [1, 0, 1]);
    }

    /// Validity bits are the levels packed at width 1, the bits past the
    /// last row cleared, wherever the bits start.
    #[test]
    fn validity_bits_are_levels() {
        let levels = [
            true, false, true, true, false, false, false, true, true, false, true,
        ];
        let valid = BooleanBuffer::from(&levels[..]);
        let mut whole = Vec::new();
        pack_bits(&valid, &mut whole);
        assert_eq!(whole, [0x05, 0b1000_1101, 0b0000_0101]);
        let tail = valid.slice(3, 8);
        let mut out = Vec::new();
        pack_bits(&tail, &mut out);
        let expected: Vec<u32> = levels[3..].iter().map(|&b| u32::from(b)).collect();
        assert_eq!(decode(&out, 1, 8), expected);
    }

    #[test]
    fn widths_cover_the_values() {
        assert_eq!(width_for(0), 1);
        assert_eq!(width_for(1), 1);
        assert_eq!(width_for(2), 1);
        assert_eq!(width_for(3), 2);
        assert_eq!(width_for(256), 8);
        assert_eq!(width_for(257), 9);
    }

    proptest! {
        /// Whatever the values and their width, they read back as they
        /// were (each width from 1 to 32 bits: those packed by a packer
        /// of their own and the others).
        #[test]
        fn values_read_back(values in prop::collection::vec(any::<u32>(), 0..400), width in 1u8..=32) {
            let values: Vec<u32> = values.iter().map(|v| v & (u32::MAX >> (32 - width))).collect();
            let mut out = Vec::new();
            pack(&values, width, &mut out);
            prop_assert_eq!(decode(&out, width, values.len()), values);
        }
    }
}
