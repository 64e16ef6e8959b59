//! Items kept until the end of a pass in bounded memory, then read back in
//! key order: an external sort. `inspect` keeps its rows here, `hands` the
//! text of its hands.
//!
//! A [`Store`] holds items of a [`Spill`] type, at most a given number of
//! bytes of them in memory (as [`Spill::mem_size`] counts them). When it is
//! full, its items are sorted by [`Spill::key`] and appended to one unnamed
//! temporary file as a sorted *run*, each item as [`Spill::write_to`]
//! encodes it. [`Store::finish`] sorts the in-memory remainder;
//! [`Sorted::merge`] then gives every item in key order by a k-way merge of
//! the runs and the remainder, as many times as asked. With no spill (the
//! common case) no file is created.
//!
//! At most `max_runs` runs are merged at once: past that, [`Store::finish`]
//! first merges runs into longer ones (appended to the same file), so the
//! merge's buffers stay bounded however many items there are.
//!
//! Items of equal keys come out in no particular order: give them distinct
//! keys (a sequence number, say) when their order matters.
//!
//! [`KeyedBytes`] is a ready-made item: a key of `u64`s and bytes.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::File;
use std::io::{self, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::marker::PhantomData;
use std::slice::SliceIndex;

/// Runs merged at once, by default.
pub const MAX_RUNS: usize = 64;

/// Read buffer of each run during a merge.
const RUN_BUFFER: usize = 32 * 1024;

/// An item a [`Store`] can sort and spill to its temporary file.
///
/// The file is read back by the process that wrote it, only: the encoding
/// need not be stable, but reading must give back what was written, and
/// must fail (not panic) on bytes it did not write.
pub trait Spill: Sized + Clone {
    /// What items are sorted by.
    type Key: Ord + Copy;

    /// The item's sort key.
    fn key(&self) -> Self::Key;

    /// Bytes the item takes in memory, counted against the store's bound.
    /// By default the item's own size: override it when the item owns
    /// memory on the heap.
    fn mem_size(&self) -> usize {
        std::mem::size_of::<Self>()
    }

    /// Writes the item: its bytes alone must be enough to read it back.
    fn write_to(&self, out: &mut impl Write) -> io::Result<()>;

    /// Reads an item [`Spill::write_to`] wrote.
    fn read_from(input: &mut impl Read) -> io::Result<Self>;
}

/// Items collected in any order, at most `bytes_in_memory` of them (as
/// [`Spill::mem_size`] counts) in memory.
pub struct Store<T: Spill> {
    bytes_in_memory: usize,
    max_runs: usize,
    mem: Vec<T>,
    mem_bytes: usize,
    file: Option<RunFile>,
    len: u64,
}

/// The temporary file and the sorted runs in it.
struct RunFile {
    file: File,
    /// Bytes written so far: where the next run starts.
    end: u64,
    runs: Vec<Run>,
}

/// A sorted run: `items` items from byte `start` of the file to byte `end`.
#[derive(Debug, Clone, Copy)]
struct Run {
    start: u64,
    end: u64,
    items: u64,
}

impl<T: Spill> Store<T> {
    /// A store holding at most `bytes_in_memory` bytes of items in memory
    /// (but always at least one item) and merging at most [`MAX_RUNS`] runs
    /// at once.
    pub fn new(bytes_in_memory: usize) -> Self {
        Self::with_max_runs(bytes_in_memory, MAX_RUNS)
    }

    /// Like [`Store::new`], merging at most `max_runs` runs at once (at
    /// least 2).
    pub fn with_max_runs(bytes_in_memory: usize, max_runs: usize) -> Self {
        Store {
            bytes_in_memory,
            max_runs: max_runs.max(2),
            mem: Vec::new(),
            mem_bytes: 0,
            file: None,
            len: 0,
        }
    }

    /// How many items have been pushed.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether no item has been pushed.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Adds an item; when it would not fit in memory, the items there go
    /// to the temporary file first (the error is that file's).
    pub fn push(&mut self, item: T) -> io::Result<()> {
        let size = item.mem_size();
        if !self.mem.is_empty() && self.mem_bytes.saturating_add(size) > self.bytes_in_memory {
            self.spill_memory()?;
        }
        self.mem.push(item);
        self.mem_bytes += size;
        self.len += 1;
        Ok(())
    }

    /// The items in memory, sorted, as a new run at the end of the file
    /// (created on the first spill).
    fn spill_memory(&mut self) -> io::Result<()> {
        self.mem.sort_unstable_by_key(T::key);
        let file = match &mut self.file {
            Some(f) => f,
            None => self.file.insert(RunFile {
                file: tempfile::tempfile()?,
                end: 0,
                runs: Vec::new(),
            }),
        };
        let run = file.write_run(self.mem.drain(..).map(Ok))?;
        file.add(run);
        self.mem_bytes = 0;
        Ok(())
    }

    /// Sorts the items in memory and merges runs down to `max_runs`: the
    /// items are then ready to be read in order.
    pub fn finish(mut self) -> io::Result<Sorted<T>> {
        self.mem.sort_unstable_by_key(T::key);
        if let Some(file) = &mut self.file {
            while file.runs.len() > self.max_runs {
                let group = Merge::<T>::new(file.readers(..self.max_runs), &[])?;
                let run = file.write_run(group)?;
                file.runs.drain(..self.max_runs);
                file.add(run);
            }
        }
        Ok(Sorted {
            mem: self.mem,
            file: self.file,
            len: self.len,
            _one_thread: PhantomData,
        })
    }
}

impl RunFile {
    /// Writes `items` (sorted) after the last run; [`RunFile::add`] then
    /// counts it in.
    fn write_run<T: Spill>(&self, items: impl Iterator<Item = io::Result<T>>) -> io::Result<Run> {
        let start = self.end;
        let mut out = BufWriter::new(At::new(&self.file, start));
        let mut n = 0;
        for item in items {
            item?.write_to(&mut out)?;
            n += 1;
        }
        out.flush()?;
        Ok(Run {
            start,
            end: out.get_ref().pos,
            items: n,
        })
    }

    /// Counts in a run [`RunFile::write_run`] wrote.
    fn add(&mut self, run: Run) {
        self.end = run.end;
        self.runs.push(run);
    }

    /// A reader for each of these runs, and its number of items.
    fn readers(&self, runs: impl SliceIndex<[Run], Output = [Run]>) -> Vec<(At<'_>, u64)> {
        self.runs[runs]
            .iter()
            .map(|r| (At::new(&self.file, r.start), r.items))
            .collect()
    }
}

/// All the items of a [`Store`], sorted, to be read in key order.
pub struct Sorted<T: Spill> {
    mem: Vec<T>,
    file: Option<RunFile>,
    len: u64,
    /// Merges share the file; they must stay on one thread.
    _one_thread: PhantomData<*const ()>,
}

impl<T: Spill> Sorted<T> {
    /// How many items there are.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no items.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every item, in key order. Each call reads the items anew; the error
    /// is the temporary file's.
    pub fn merge(&self) -> io::Result<Merge<'_, T>> {
        match &self.file {
            Some(f) => Merge::new(f.readers(..), &self.mem),
            None => Merge::new(Vec::new(), &self.mem),
        }
    }
}

/// The items of some runs and of a sorted slice, merged in key order.
pub struct Merge<'a, T: Spill> {
    /// One reader per run (source `i` for run `i`), and the items still to
    /// read from it.
    runs: Vec<(BufReader<At<'a>>, u64)>,
    /// The in-memory items: the last source, `runs.len()`.
    mem: std::slice::Iter<'a, T>,
    /// The next item of each source, by source.
    heads: Vec<Option<T>>,
    /// Sources with a head item, smallest key first.
    heap: BinaryHeap<Reverse<(T::Key, usize)>>,
    failed: bool,
}

impl<'a, T: Spill> Merge<'a, T> {
    /// Merges these runs (readers and item counts) and `mem` (sorted).
    fn new(runs: Vec<(At<'a>, u64)>, mem: &'a [T]) -> io::Result<Self> {
        let sources = runs.len() + 1;
        let mut m = Merge {
            runs: runs
                .into_iter()
                .map(|(at, items)| (BufReader::with_capacity(RUN_BUFFER, at), items))
                .collect(),
            mem: mem.iter(),
            heads: (0..sources).map(|_| None).collect(),
            heap: BinaryHeap::with_capacity(sources),
            failed: false,
        };
        for source in 0..sources {
            m.advance(source)?;
        }
        Ok(m)
    }

    /// Reads the next item of `source` into its head, if it has one.
    fn advance(&mut self, source: usize) -> io::Result<()> {
        let next = match self.runs.get_mut(source) {
            Some((reader, left)) if *left > 0 => {
                *left -= 1;
                Some(T::read_from(reader)?)
            }
            Some(_) => None,
            None => self.mem.next().cloned(),
        };
        if let Some(item) = next {
            self.heap.push(Reverse((item.key(), source)));
            self.heads[source] = Some(item);
        }
        Ok(())
    }
}

impl<T: Spill> Iterator for Merge<'_, T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        if self.failed {
            return None;
        }
        let Reverse((_, source)) = self.heap.pop()?;
        let item = self.heads[source].take()?;
        if let Err(e) = self.advance(source) {
            self.failed = true;
            return Some(Err(e));
        }
        Some(Ok(item))
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

/// The longest [`KeyedBytes::bytes`] that can be spilled: longer ones are
/// an error when written, and a length past it when read means the run is
/// corrupt.
pub const MAX_BYTES: usize = 64 << 20;

/// A ready-made [`Spill`] item: a key of `N` `u64`s (compared in order)
/// and bytes, encoded as the key's `u64`s and the bytes' length (a `u32`),
/// little-endian, then the bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyedBytes<const N: usize> {
    /// What items are sorted by.
    pub key: [u64; N],
    /// Anything, at most [`MAX_BYTES`] of it.
    pub bytes: Box<[u8]>,
}

impl<const N: usize> KeyedBytes<N> {
    /// An item of this key and these bytes.
    pub fn new(key: [u64; N], bytes: impl Into<Box<[u8]>>) -> Self {
        KeyedBytes {
            key,
            bytes: bytes.into(),
        }
    }
}

fn corrupt(what: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, format!("corrupt run: {what}"))
}

impl<const N: usize> Spill for KeyedBytes<N> {
    type Key = [u64; N];

    fn key(&self) -> [u64; N] {
        self.key
    }

    fn mem_size(&self) -> usize {
        std::mem::size_of::<Self>() + self.bytes.len()
    }

    fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
        let len = u32::try_from(self.bytes.len())
            .ok()
            .filter(|&n| n as usize <= MAX_BYTES)
            .ok_or_else(|| {
                io::Error::new(
                    io::ErrorKind::InvalidInput,
                    format!("{} bytes: too long to spill", self.bytes.len()),
                )
            })?;
        for k in self.key {
            out.write_all(&k.to_le_bytes())?;
        }
        out.write_all(&len.to_le_bytes())?;
        out.write_all(&self.bytes)
    }

    fn read_from(input: &mut impl Read) -> io::Result<Self> {
        let mut key = [0; N];
        let mut word = [0; 8];
        for k in &mut key {
            input.read_exact(&mut word)?;
            *k = u64::from_le_bytes(word);
        }
        let mut len = [0; 4];
        input.read_exact(&mut len)?;
        let len = u32::from_le_bytes(len) as usize;
        if len > MAX_BYTES {
            return Err(corrupt("length out of range"));
        }
        // Read as it comes: a bad length runs into the end of the file
        // rather than into a large allocation.
        let mut bytes = Vec::new();
        input.by_ref().take(len as u64).read_to_end(&mut bytes)?;
        if bytes.len() != len {
            return Err(corrupt("truncated item"));
        }
        Ok(KeyedBytes {
            key,
            bytes: bytes.into(),
        })
    }
}

/// Table cells as bytes (for a [`KeyedBytes`] holding a table row): each
/// cell's length (a little-endian `u32`), then the cell.
pub fn cells_to_bytes(cells: &[String]) -> io::Result<Vec<u8>> {
    let mut out = Vec::with_capacity(cells.iter().map(|c| 4 + c.len()).sum());
    for c in cells {
        let len = u32::try_from(c.len()).map_err(|_| io::Error::other("a cell of 4 GiB"))?;
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(c.as_bytes());
    }
    Ok(out)
}

/// The cells [`cells_to_bytes`] wrote; bytes it did not write are an error.
pub fn cells_from_bytes(mut b: &[u8]) -> io::Result<Vec<String>> {
    let bad =
        |what: &str| io::Error::new(io::ErrorKind::InvalidData, format!("corrupt row: {what}"));
    let mut cells = Vec::new();
    while let Some((len, rest)) = b.split_first_chunk::<4>() {
        let len = u32::from_le_bytes(*len) as usize;
        let (cell, rest) = rest
            .split_at_checked(len)
            .ok_or_else(|| bad("truncated cell"))?;
        cells.push(String::from_utf8(cell.to_vec()).map_err(|_| bad("not UTF-8"))?);
        b = rest;
    }
    if !b.is_empty() {
        return Err(bad("truncated length"));
    }
    Ok(cells)
}

#[cfg(test)]
mod tests;
