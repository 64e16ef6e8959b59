//! Where `inspect` keeps its rows until the end of the pass, in bounded
//! memory: a [`Store`](cardshark::output::spill::Store) of [`Row`]s, sorted by
//! stream id, spilled to a temporary file in runs past
//! [`ROWS_IN_MEMORY`] rows, each row encoded by [`super::codec`].

use super::codec::{decode, encode, RECORD_LEN};
use cardshark::decode::{DirCounts, How, StreamReport};
use cardshark::output::spill::{self, Spill};
use cardshark::protocols::{Dialect, ProtocolId};
use cardshark::reassembly::{EndReason, StreamInfo};
use cardshark::transport::Transport;
use std::io::{self, Read, Write};

/// Rows held in memory before a run is spilled, by default.
pub const ROWS_IN_MEMORY: usize = 4_096;

/// Rows, at most a bounded number of them in memory.
pub type RowStore = spill::Store<Row>;

/// Every row of a [`RowStore`], to be read in stream-id order.
pub type Sorted = spill::Sorted<Row>;

/// A store holding at most `rows` rows in memory (at least 1).
pub fn store(rows: usize) -> RowStore {
    RowStore::new(rows.saturating_mul(std::mem::size_of::<Row>()))
}

/// What decoding made of a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decoding {
    /// The protocol decoded, if one was.
    pub protocol: Option<ProtocolId>,
    /// The protocol's dialect, when it has several.
    pub dialect: Option<Dialect>,
    /// How the protocol was chosen.
    pub how: How,
    /// What carried the messages.
    pub transport: Transport,
    /// Decoding counters, indexed by [`cardshark::reassembly::Direction::index`].
    pub counts: [DirCounts; 2],
}

impl Decoding {
    /// What the decode stage's report says.
    pub fn of(r: &StreamReport) -> Self {
        Decoding {
            protocol: r.protocol,
            dialect: r.dialect,
            how: r.how,
            transport: r.transport,
            counts: r.counts,
        }
    }
}

/// A stream as it ended: its TCP side and what decoding made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The stream's final statistics.
    pub info: StreamInfo,
    /// Why it ended.
    pub reason: EndReason,
    /// What decoding made of it (none when the decode stage said nothing).
    pub decoding: Option<Decoding>,
}

impl Spill for Row {
    type Key = u64;

    fn key(&self) -> u64 {
        self.info.id
    }

    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let mut buf = [0; RECORD_LEN];
        encode(self, &mut buf);
        out.write_all(&buf)
    }

    fn read_from(input: &mut impl Read) -> io::Result<Self> {
        let mut buf = [0; RECORD_LEN];
        input.read_exact(&mut buf)?;
        decode(&buf)
    }
}

#[cfg(test)]
mod tests {
    use super::super::codec::tests::sample;
    use super::*;

    /// `n` rows of varied content, ids 0..n in a shuffled order.
    fn shuffled(n: u64) -> Vec<Row> {
        let reasons = [
            EndReason::Fin,
            EndReason::Rst,
            EndReason::Timeout,
            EndReason::Eof,
        ];
        // 37 is prime to the sizes used: i -> 37 i mod n is a permutation.
        (0..n)
            .map(|i| {
                let id = i * 37 % n;
                let mut r = match id % 3 {
                    0 => sample(id, "10.0.0.1:40000", "192.168.1.1:7234"),
                    1 => sample(id, "[2001:db8::7]:5", "[2001:db8::8]:19380"),
                    _ => sample(id, "10.9.8.7:1", "[::1]:13500"),
                };
                r.reason = reasons[(id % 4) as usize];
                r.info.first_frame = id * 10;
                match id % 5 {
                    0 => r.decoding = None,
                    1 => r.decoding.as_mut().unwrap().how = How::Detected,
                    2 => r.decoding.as_mut().unwrap().dialect = Some(Dialect::PokerTh2007),
                    _ => {}
                }
                r
            })
            .collect()
    }

    /// Rows come back whole through spilled runs, runs
    /// merged down, and the rows left in memory.
    #[test]
    fn spilled_rows_come_back_whole_in_stream_order() {
        let input = shuffled(101);
        let mut want = input.clone();
        want.sort_by_key(|r| r.info.id);
        let size = std::mem::size_of::<Row>();
        for mut store in [store(3), store(1000), RowStore::with_max_runs(3 * size, 4)] {
            for r in &input {
                store.push(r.clone()).unwrap();
            }
            let rows = store.finish().unwrap();
            assert_eq!(rows.len(), 101);
            for _ in 0..2 {
                let got: Vec<Row> = rows.merge().unwrap().map(Result::unwrap).collect();
                assert_eq!(got, want);
            }
        }
    }
}
