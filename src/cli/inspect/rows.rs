//! Where `inspect` keeps its rows until the end of the pass, in bounded
//! memory: an external sort by stream id.
//!
//! A [`RowStore`] holds at most `rows_in_memory` rows. When it is full, its
//! rows are sorted and appended to one unnamed temporary file as a sorted
//! *run* (encoded by [`super::codec`]). [`RowStore::finish`] sorts the
//! in-memory remainder; [`Sorted::merge`] then gives every row in stream-id
//! order by a k-way merge of the runs and the remainder, as many times as
//! asked. With no spill (the common case) no file is created.
//!
//! At most `max_runs` runs are merged at once: past that, [`RowStore::finish`]
//! first merges runs into longer ones (appended to the same file), so the
//! merge's buffers stay bounded however many rows there are.

use super::codec::{decode, encode, Labels, RECORD_LEN};
use crate::decode::{DirCounts, StreamReport};
use crate::protocols::ProtocolId;
use crate::reassembly::{EndReason, StreamInfo};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::marker::PhantomData;
use std::slice::SliceIndex;

/// Rows held in memory before a run is spilled, by default.
pub const ROWS_IN_MEMORY: usize = 16_384;

/// Runs merged at once, by default.
pub const MAX_RUNS: usize = 64;

/// Read buffer of each run during a merge.
const RUN_BUFFER: usize = 32 * 1024;

/// What decoding made of a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decoding {
    /// The protocol decoded, if one was.
    pub protocol: Option<ProtocolId>,
    /// The protocol's dialect, when it has several.
    pub dialect: Option<&'static str>,
    /// How the protocol was chosen: `detected`, `forced`, or `unknown`.
    pub how: &'static str,
    /// Decoding counters, indexed by [`crate::reassembly::Direction::index`].
    pub counts: [DirCounts; 2],
}

impl Decoding {
    /// What the decode stage's report says.
    pub fn of(r: &StreamReport) -> Self {
        Decoding {
            protocol: r.protocol,
            dialect: r.dialect,
            how: r.how,
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

/// Rows collected in any order, at most `rows_in_memory` of them in memory.
pub struct RowStore {
    rows_in_memory: usize,
    max_runs: usize,
    mem: Vec<Row>,
    spill: Option<Spill>,
    len: u64,
}

/// The temporary file and the sorted runs in it.
struct Spill {
    file: File,
    /// Bytes written so far: where the next run starts.
    end: u64,
    runs: Vec<Run>,
    labels: Labels,
}

/// A sorted run: `rows` records from byte `start` of the file.
#[derive(Debug, Clone, Copy)]
struct Run {
    start: u64,
    rows: u64,
}

impl RowStore {
    /// A store holding at most `rows_in_memory` rows in memory (at least 1)
    /// and merging at most [`MAX_RUNS`] runs at once.
    pub fn new(rows_in_memory: usize) -> Self {
        Self::with_max_runs(rows_in_memory, MAX_RUNS)
    }

    /// Like [`RowStore::new`], merging at most `max_runs` runs at once (at
    /// least 2).
    pub fn with_max_runs(rows_in_memory: usize, max_runs: usize) -> Self {
        RowStore {
            rows_in_memory: rows_in_memory.max(1),
            max_runs: max_runs.max(2),
            mem: Vec::new(),
            spill: None,
            len: 0,
        }
    }

    /// Adds a row; when memory is full, its rows go to the temporary file
    /// first (the error is that file's).
    pub fn push(&mut self, row: Row) -> io::Result<()> {
        if self.mem.len() >= self.rows_in_memory {
            self.spill_memory()?;
        }
        self.mem.push(row);
        self.len += 1;
        Ok(())
    }

    /// The rows in memory, sorted, as a new run at the end of the file
    /// (created on the first spill).
    fn spill_memory(&mut self) -> io::Result<()> {
        self.mem.sort_unstable_by_key(|r| r.info.id);
        let spill = match &mut self.spill {
            Some(s) => s,
            None => self.spill.insert(Spill {
                file: tempfile::tempfile()?,
                end: 0,
                runs: Vec::new(),
                labels: Labels::default(),
            }),
        };
        let mut labels = std::mem::take(&mut spill.labels);
        let run = spill.write_run(self.mem.drain(..).map(Ok), &mut labels);
        spill.labels = labels;
        spill.add(run?);
        Ok(())
    }

    /// Sorts the rows in memory and merges runs down to `max_runs`: the
    /// rows are then ready to be read in order.
    pub fn finish(mut self) -> io::Result<Sorted> {
        self.mem.sort_unstable_by_key(|r| r.info.id);
        if let Some(spill) = &mut self.spill {
            while spill.runs.len() > self.max_runs {
                // Merged rows only carry labels the table has already.
                let mut labels = spill.labels.clone();
                let group = Merge::new(&spill.labels, spill.readers(..self.max_runs), &[])?;
                let run = spill.write_run(group, &mut labels)?;
                spill.runs.drain(..self.max_runs);
                spill.add(run);
            }
        }
        Ok(Sorted {
            mem: self.mem,
            spill: self.spill,
            len: self.len,
            _one_thread: PhantomData,
        })
    }
}

impl Spill {
    /// Writes `rows` (sorted) after the last run, labels interned in
    /// `labels`; [`Spill::add`] then counts it in.
    fn write_run(
        &self,
        rows: impl Iterator<Item = io::Result<Row>>,
        labels: &mut Labels,
    ) -> io::Result<Run> {
        let start = self.end;
        let mut out = BufWriter::new(At::new(&self.file, start));
        let mut buf = [0; RECORD_LEN];
        let mut n = 0;
        for row in rows {
            encode(&row?, labels, &mut buf)?;
            out.write_all(&buf)?;
            n += 1;
        }
        out.flush()?;
        Ok(Run { start, rows: n })
    }

    /// Counts in a run [`Spill::write_run`] wrote.
    fn add(&mut self, run: Run) {
        self.end = run.start + run.rows * RECORD_LEN as u64;
        self.runs.push(run);
    }

    /// A reader for each of these runs, and its number of rows.
    fn readers(&self, runs: impl SliceIndex<[Run], Output = [Run]>) -> Vec<(At<'_>, u64)> {
        self.runs[runs]
            .iter()
            .map(|r| (At::new(&self.file, r.start), r.rows))
            .collect()
    }
}

/// All the rows of a [`RowStore`], sorted, to be read in stream-id order.
pub struct Sorted {
    mem: Vec<Row>,
    spill: Option<Spill>,
    len: u64,
    /// Merges share the file; they must stay on one thread.
    _one_thread: PhantomData<*const ()>,
}

impl Sorted {
    /// How many rows there are.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every row, in stream-id order. Each call reads the rows anew; the
    /// error is the temporary file's.
    pub fn merge(&self) -> io::Result<Merge<'_>> {
        match &self.spill {
            Some(s) => Merge::new(&s.labels, s.readers(..), &self.mem),
            None => Merge::new(&NO_LABELS, Vec::new(), &self.mem),
        }
    }
}

/// The labels of a store that never spilled.
static NO_LABELS: Labels = Labels::new();

/// The rows of some runs and of a sorted slice, merged in stream-id order.
pub struct Merge<'a> {
    labels: &'a Labels,
    /// One reader per run (source `i` for run `i`), and the rows still to
    /// read from it.
    runs: Vec<(BufReader<At<'a>>, u64)>,
    /// The in-memory rows: the last source, `runs.len()`.
    mem: std::slice::Iter<'a, Row>,
    /// The next row of each source, by source.
    heads: Vec<Option<Row>>,
    /// Sources with a head row, smallest stream id first.
    heap: BinaryHeap<Reverse<(u64, usize)>>,
    failed: bool,
}

impl<'a> Merge<'a> {
    /// Merges these runs (readers and row counts) and `mem` (sorted).
    fn new(labels: &'a Labels, runs: Vec<(At<'a>, u64)>, mem: &'a [Row]) -> io::Result<Self> {
        let sources = runs.len() + 1;
        let mut m = Merge {
            labels,
            runs: runs
                .into_iter()
                .map(|(at, rows)| (BufReader::with_capacity(RUN_BUFFER, at), rows))
                .collect(),
            mem: mem.iter(),
            heads: vec![None; sources],
            heap: BinaryHeap::with_capacity(sources),
            failed: false,
        };
        for source in 0..sources {
            m.advance(source)?;
        }
        Ok(m)
    }

    /// Reads the next row of `source` into its head, if it has one.
    fn advance(&mut self, source: usize) -> io::Result<()> {
        let next = match self.runs.get_mut(source) {
            Some((reader, left)) if *left > 0 => {
                let mut buf = [0; RECORD_LEN];
                reader.read_exact(&mut buf)?;
                *left -= 1;
                Some(decode(&buf, self.labels)?)
            }
            Some(_) => None,
            None => self.mem.next().cloned(),
        };
        if let Some(row) = next {
            self.heap.push(Reverse((row.info.id, source)));
            self.heads[source] = Some(row);
        }
        Ok(())
    }
}

impl Iterator for Merge<'_> {
    type Item = io::Result<Row>;

    fn next(&mut self) -> Option<io::Result<Row>> {
        if self.failed {
            return None;
        }
        let Reverse((_, source)) = self.heap.pop()?;
        let row = self.heads[source].take()?;
        if let Err(e) = self.advance(source) {
            self.failed = true;
            return Some(Err(e));
        }
        Some(Ok(row))
    }
}

/// A position of its own in the shared temporary file: every read or write
/// seeks there first, so that merges and the run being written do not
/// disturb each other (on one thread).
struct At<'a> {
    file: &'a File,
    pos: u64,
    _one_thread: PhantomData<*const ()>,
}

impl<'a> At<'a> {
    fn new(file: &'a File, pos: u64) -> Self {
        At {
            file,
            pos,
            _one_thread: PhantomData,
        }
    }
}

impl Read for At<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let mut f = self.file;
        f.seek(SeekFrom::Start(self.pos))?;
        let n = f.read(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
}

impl Write for At<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut f = self.file;
        f.seek(SeekFrom::Start(self.pos))?;
        let n = f.write(buf)?;
        self.pos += n as u64;
        Ok(n)
    }
    fn flush(&mut self) -> io::Result<()> {
        let mut f = self.file;
        f.flush()
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
                if id.is_multiple_of(5) {
                    r.decoding = None;
                }
                r
            })
            .collect()
    }

    fn merged(rows: &Sorted) -> Vec<Row> {
        rows.merge().unwrap().map(Result::unwrap).collect()
    }

    fn store(rows: &[Row], rows_in_memory: usize, max_runs: usize) -> Sorted {
        let mut s = RowStore::with_max_runs(rows_in_memory, max_runs);
        for r in rows {
            s.push(r.clone()).unwrap();
        }
        s.finish().unwrap()
    }

    #[test]
    fn spilled_runs_and_the_remainder_merge_in_stream_order() {
        let input = shuffled(20);
        let mut want = input.clone();
        want.sort_by_key(|r| r.info.id);
        // 3 rows in memory: six runs of 3, and 2 rows left in memory.
        let rows = store(&input, 3, MAX_RUNS);
        let spill = rows.spill.as_ref().expect("spilled");
        assert_eq!(spill.runs.len(), 6);
        assert_eq!(rows.mem.len(), 2);
        assert_eq!(rows.len(), 20);
        assert_eq!(merged(&rows), want);
        // A second merge reads the same rows again, and so does one made
        // while another is half read.
        let mut first = rows.merge().unwrap();
        let head: Vec<Row> = first.by_ref().take(7).map(Result::unwrap).collect();
        assert_eq!(merged(&rows), want);
        let tail: Vec<Row> = first.map(Result::unwrap).collect();
        assert_eq!([head, tail].concat(), want);
    }

    #[test]
    fn too_many_runs_are_merged_down_first() {
        let input = shuffled(101);
        let mut want = input.clone();
        want.sort_by_key(|r| r.info.id);
        // 33 runs of 3, merged 4 at a time down to at most 4.
        let rows = store(&input, 3, 4);
        let spill = rows.spill.as_ref().expect("spilled");
        assert!(spill.runs.len() <= 4, "{} runs", spill.runs.len());
        assert_eq!(spill.runs.iter().map(|r| r.rows).sum::<u64>(), 99);
        assert_eq!(merged(&rows), want);
        assert_eq!(merged(&rows), want);
    }

    #[test]
    fn without_a_spill_no_file_is_made() {
        let input = shuffled(16);
        let mut want = input.clone();
        want.sort_by_key(|r| r.info.id);
        let rows = store(&input, 16, MAX_RUNS);
        assert!(rows.spill.is_none());
        assert_eq!(merged(&rows), want);
        let empty = store(&[], 1, MAX_RUNS);
        assert!(empty.is_empty() && empty.spill.is_none());
        assert_eq!(merged(&empty), []);
    }

    #[test]
    fn a_truncated_run_is_an_error() {
        let rows = store(&shuffled(7), 3, MAX_RUNS);
        let spill = rows.spill.as_ref().unwrap();
        spill.file.set_len(RECORD_LEN as u64 * 4 + 10).unwrap();
        let results: Vec<io::Result<Row>> = match rows.merge() {
            Ok(m) => m.collect(),
            Err(e) => vec![Err(e)],
        };
        assert!(results.last().unwrap().is_err(), "ends with the error");
        assert!(results.len() < 7);
    }
}
