//! The retained tail: the last bytes a direction delivered, kept to compare
//! retransmissions against (a retransmission whose bytes differ from what
//! was delivered is a conflict).
//!
//! The tail holds the stream bytes `[end - len, end)`, at most `cap` of them.
//! Its buffer is allocated lazily and grows with exact reservations, so it
//! never holds more than `cap` bytes of memory: a stream that sends 10 bytes
//! costs [`FIRST_RESERVE`] bytes, not `cap`. It starts at the first
//! bytes' size rounded up to a power of two, at least [`FIRST_RESERVE`]:
//! a buffer of the first segment's size, grown by doubling from a few
//! bytes, cost eight reallocations per direction for most of the short
//! connections of a capture; one of 512 bytes for every direction cost
//! 8 MB with the flow table full of connections that sent a few bytes
//! each. While it is filling up the bytes sit in order
//! at the front of the buffer (`head == 0`); once full, the buffer is a ring
//! whose oldest byte is at `head`.
//!
//! Bytes the peer has acknowledged are let go ([`Tail::acked`]): a
//! retransmission of bytes already acknowledged is not compared (as in
//! Zeek, which compares a retransmission with the bytes it still holds
//! unacknowledged), and a connection whose peer keeps up holds at most a
//! few hundred bytes between its bursts instead of `cap`.
//!
//! A gap breaks the tail: bytes on either side of it are not contiguous, so
//! the tail restarts empty after the gap ([`Tail::reset`]).

/// The first allocation of a tail at least (unless `cap` is smaller).
pub(crate) const FIRST_RESERVE: usize = 64;

/// The most a tail keeps of its buffer once every byte it held was
/// acknowledged ([`Tail::acked`]): room for the next segments of a
/// connection that sends small messages.
const KEEP_ACKED: usize = 512;

/// The last delivered bytes of one direction.
#[derive(Debug, Default)]
pub(crate) struct Tail {
    buf: Vec<u8>,
    /// Index in `buf` of the oldest byte once the ring is full; 0 before.
    head: usize,
    /// Stream offset just past the newest byte.
    end: u64,
}

impl Tail {
    /// Stream offset of the oldest byte held.
    fn start(&self) -> u64 {
        self.end - self.buf.len() as u64
    }

    /// Forgets the bytes held (keeping the allocation): the stream goes on
    /// at `end` with nothing before it to compare against.
    pub(crate) fn reset(&mut self, end: u64) {
        self.buf.clear();
        self.head = 0;
        self.end = end;
    }

    /// The peer acknowledged the stream up to offset `upto`: once it has
    /// acknowledged every byte held, they are let go. A buffer of at most
    /// [`KEEP_ACKED`] bytes stays for the next ones (a connection of small
    /// messages then allocates nothing per packet); a larger one is freed
    /// (the next bytes make a new one).
    ///
    /// Freed rather than shrunk: shrinking each direction's buffer to 512
    /// bytes in place left the freed part of every one as a hole between
    /// the connections' other state, which the allocator could not give
    /// back. On 3233 connections open at once sending full segments, peak
    /// memory of `decode` on two workers fell from 45 to 31 MB and of
    /// `timeline` from 64 to 43 MB when the buffers were freed, at the same
    /// speed.
    pub(crate) fn acked(&mut self, upto: u64) {
        if upto >= self.end && !self.buf.is_empty() {
            if self.buf.capacity() <= KEEP_ACKED {
                self.buf.clear();
                self.head = 0;
            } else {
                self.forget();
            }
        }
    }

    /// The bytes of memory the tail holds.
    pub(crate) fn footprint(&self) -> usize {
        self.buf.capacity()
    }

    /// Frees the bytes held and their buffer: the stream goes on at the
    /// same offset with nothing before it to compare against (the streams'
    /// bytes together passed their cap).
    pub(crate) fn forget(&mut self) {
        *self = Tail {
            end: self.end,
            ..Tail::default()
        };
    }

    /// Frees the buffer (the direction is over).
    pub(crate) fn release(&mut self) {
        *self = Tail::default();
    }

    /// Records `bytes`, just delivered at stream offset `offset`, keeping
    /// the last `cap` bytes.
    pub(crate) fn push(&mut self, offset: u64, bytes: &[u8], cap: usize) {
        if offset != self.end {
            // Not contiguous with what is held (cannot happen when every
            // gap resets the tail, but stay correct anyway).
            self.reset(offset);
        }
        self.end = offset + bytes.len() as u64;
        if cap == 0 {
            return;
        }
        // Only the last `cap` bytes can survive.
        let mut bytes = &bytes[bytes.len().saturating_sub(cap)..];
        if self.buf.len() < cap {
            // Filling phase: append in order, reserving exactly (doubling,
            // but never past `cap`).
            let n = (cap - self.buf.len()).min(bytes.len());
            let want = self.buf.len() + n;
            if self.buf.capacity() < want {
                let target = want
                    .next_power_of_two()
                    .max(self.buf.capacity() * 2)
                    .max(FIRST_RESERVE)
                    .min(cap);
                self.buf.reserve_exact(target - self.buf.len());
            }
            self.buf.extend_from_slice(&bytes[..n]);
            bytes = &bytes[n..];
        }
        // Ring phase (the buffer is full when bytes remain): overwrite the
        // oldest bytes, at most twice around the wrap.
        while !bytes.is_empty() {
            let n = (cap - self.head).min(bytes.len());
            self.buf[self.head..self.head + n].copy_from_slice(&bytes[..n]);
            self.head = (self.head + n) % cap;
            bytes = &bytes[n..];
        }
    }

    /// Compares `bytes`, a copy of the stream at `offset`, with the bytes
    /// held; returns the stream offset of the first that differs. Bytes
    /// outside the tail are not compared.
    pub(crate) fn first_difference(&self, offset: u64, bytes: &[u8]) -> Option<u64> {
        let len = self.buf.len();
        if len == 0 {
            return None;
        }
        let from = offset.max(self.start());
        let to = (offset + bytes.len() as u64).min(self.end);
        (from..to).find(|&o| {
            let held = self.buf[(self.head + (o - self.start()) as usize) % len];
            held != bytes[(o - offset) as usize]
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_last_cap_bytes_and_grows_lazily() {
        let mut t = Tail::default();
        assert_eq!(t.buf.capacity(), 0);
        t.push(0, b"abc", 8);
        assert!(t.buf.capacity() <= 8);
        t.push(3, b"defgh", 8);
        t.push(8, b"ijk", 8); // wraps: holds "defghijk" at offsets 3..11
        assert!(t.buf.capacity() <= 8);
        assert_eq!(t.start(), 3);
        assert_eq!(t.first_difference(3, b"defghijk"), None);
        assert_eq!(t.first_difference(0, b"xxxdefgXijk"), Some(7));
        // Offsets 0..3 fell out of the tail: not compared.
        assert_eq!(t.first_difference(0, b"xxx"), None);
        // A push larger than the cap keeps only its end.
        t.push(11, b"0123456789", 8);
        assert_eq!(t.start(), 13);
        assert_eq!(t.first_difference(13, b"23456789"), None);
        assert_eq!(t.first_difference(20, b"8"), Some(20));
    }

    #[test]
    fn acknowledged_bytes_are_let_go() {
        let mut t = Tail::default();
        t.push(0, &[7; 3000], 4096);
        t.acked(2000);
        assert_eq!(
            t.first_difference(0, &[8; 3000]),
            Some(0),
            "not all acknowledged"
        );
        t.acked(3000);
        assert_eq!(t.buf.capacity(), 0, "acknowledged: a large buffer freed");
        assert_eq!(
            t.first_difference(0, &[8; 3000]),
            None,
            "acknowledged: not compared"
        );
        // The stream goes on where it was.
        t.push(3000, b"abc", 4096);
        assert_eq!(t.start(), 3000);
        assert_eq!(t.first_difference(3000, b"abX"), Some(3002));
    }

    #[test]
    fn resets_on_discontinuity_and_ignores_zero_cap() {
        let mut t = Tail::default();
        t.push(0, b"abc", 4);
        t.reset(10);
        assert_eq!(t.first_difference(0, b"xyz"), None);
        t.push(20, b"q", 4);
        assert_eq!(t.start(), 20);
        let mut z = Tail::default();
        z.push(0, b"abc", 0);
        assert_eq!(z.buf.capacity(), 0);
        assert_eq!(z.first_difference(0, b"xyz"), None);
    }
}
