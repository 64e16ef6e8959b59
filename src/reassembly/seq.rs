//! TCP sequence numbers: 32 bits that wrap around.
//!
//! Two sequence numbers are compared by the sign of their wrapping
//! difference, as smoltcp does: `a < b` iff `(a - b) as i32 < 0`. This is
//! only meaningful for numbers less than 2^31 apart, which TCP guarantees
//! for the bytes in flight.
//!
//! The reassembler does not work in sequence numbers, though: each direction
//! turns them into u64 *stream offsets* once, with [`SeqNum::unwrap`], around
//! the offset it currently stands at. Everything downstream (buffers, gaps,
//! FIN position) is plain u64 arithmetic with no wraparound left to handle.

use std::cmp::Ordering;
use std::ops::{Add, Sub};

/// A TCP sequence (or acknowledgement) number.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct SeqNum(pub u32);

impl Add<u32> for SeqNum {
    type Output = SeqNum;
    /// `self + n`, wrapping at 2^32.
    fn add(self, n: u32) -> SeqNum {
        SeqNum(self.0.wrapping_add(n))
    }
}

impl Sub for SeqNum {
    type Output = i32;
    /// Signed distance from `rhs` to `self`: positive when `self` is ahead.
    fn sub(self, rhs: SeqNum) -> i32 {
        self.0.wrapping_sub(rhs.0) as i32
    }
}

impl PartialOrd for SeqNum {
    /// Wrapping comparison. Not a total order: numbers exactly 2^31 apart
    /// are each "less" than the other, hence no `Ord`.
    fn partial_cmp(&self, other: &SeqNum) -> Option<Ordering> {
        Some((*self - *other).cmp(&0))
    }
}

impl SeqNum {
    /// The stream offset of `self` in a stream whose offset 0 is at sequence
    /// number `base`, choosing among the offsets congruent modulo 2^32 the
    /// one nearest to `near` (the offset the stream stands at). Negative when
    /// `self` lies before the stream's start.
    pub(crate) fn unwrap(self, base: SeqNum, near: u64) -> i64 {
        // The sequence number of offset `near` (truncation to 32 bits intended).
        let near_seq = base + near as u32;
        let near = i64::try_from(near).unwrap_or(i64::MAX);
        near.saturating_add(i64::from(self - near_seq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compares_across_the_wrap() {
        assert!(SeqNum(0xFFFF_FFF0) < SeqNum(0x10));
        assert!(SeqNum(0x10) > SeqNum(0xFFFF_FFF0));
        assert!(SeqNum(5) < SeqNum(6));
        assert!(SeqNum(7) >= SeqNum(7));
        assert_eq!(SeqNum(0x10) - SeqNum(0xFFFF_FFF0), 0x20);
        assert_eq!(SeqNum(0xFFFF_FFF0) - SeqNum(0x10), -0x20);
        assert_eq!(SeqNum(0xFFFF_FFFF) + 2, SeqNum(1));
    }

    #[test]
    fn unwraps_around_the_current_offset() {
        let base = SeqNum(0xFFFF_FF00);
        assert_eq!(SeqNum(0xFFFF_FF00).unwrap(base, 0), 0);
        assert_eq!(SeqNum(0x0000_0010).unwrap(base, 0), 0x110);
        assert_eq!(SeqNum(0xFFFF_FEFF).unwrap(base, 0), -1);
        // Far into the stream: the 2^32 ambiguity resolves near `near`.
        let far = (5u64 << 32) + 100;
        assert_eq!(SeqNum(0xFFFF_FF00 + 90).unwrap(base, far), far as i64 - 10);
        // Seq 200 is offset 456 modulo 2^32, i.e. 356 past offset `far`.
        assert_eq!(SeqNum(200).unwrap(base, far), far as i64 + 356);
    }
}
