//! The ring buffer's files (`ring_file.rs`): in a small disk held in
//! memory that can fill up, and on the file system.

use crate::capture::ring::{RingCriterion, RingOptions};
use crate::capture::ring_file::{RingWriter, Store};
use crate::capture::write::{pcapng_header, pcapng_packet};
use crate::capture::{CaptureReader, LinkType};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{self, Cursor, Write};
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// A disk of `room` bytes: its files by name.
#[derive(Default)]
struct Disk {
    files: BTreeMap<PathBuf, Vec<u8>>,
    room: usize,
}

/// A [`Store`] on a shared [`Disk`].
#[derive(Clone)]
struct Mem(Rc<RefCell<Disk>>);

/// An open file of [`Mem`]: writes what fits, then fails as a full disk
/// does.
struct MemFile {
    disk: Rc<RefCell<Disk>>,
    path: PathBuf,
}

impl Write for MemFile {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let mut disk = self.disk.borrow_mut();
        let n = buf.len().min(disk.room);
        if n == 0 && !buf.is_empty() {
            return Err(io::Error::from_raw_os_error(28)); // ENOSPC
        }
        disk.room -= n;
        disk.files.get_mut(&self.path).unwrap().extend(&buf[..n]);
        Ok(n)
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl Store for Mem {
    type File = MemFile;

    fn create(&mut self, path: &Path) -> io::Result<MemFile> {
        let old = self.0.borrow_mut().files.insert(path.into(), Vec::new());
        self.0.borrow_mut().room += old.map_or(0, |f| f.len());
        let disk = Rc::clone(&self.0);
        Ok(MemFile {
            disk,
            path: path.into(),
        })
    }

    fn cut(&mut self, file: &mut MemFile, len: u64) -> io::Result<()> {
        let mut disk = self.0.borrow_mut();
        let f = disk.files.get_mut(&file.path).unwrap();
        let freed = f.len() - len as usize;
        f.truncate(len as usize);
        disk.room += freed;
        Ok(())
    }

    fn remove(&mut self, path: &Path) -> io::Result<()> {
        let mut disk = self.0.borrow_mut();
        let f = disk.files.remove(path).ok_or(io::ErrorKind::NotFound)?;
        disk.room += f.len();
        Ok(())
    }
}

fn opts(args: &[&str]) -> RingOptions {
    let c: Vec<RingCriterion> = args.iter().map(|a| a.parse().unwrap()).collect();
    RingOptions::new(&c).unwrap()
}

fn header() -> Vec<u8> {
    pcapng_header(LinkType::ETHERNET, 262_144)
}

/// Packet `i`: 100 bytes, the first four its number.
fn packet(i: u32) -> Vec<u8> {
    let mut data = i.to_be_bytes().to_vec();
    data.resize(100, 0xab);
    pcapng_packet(1_700_000_000 + i, 0, 100, &data)
}

/// The packet numbers of a file, which must read to its end without error.
fn numbers(bytes: &[u8]) -> Vec<u32> {
    let input = Box::new(Cursor::new(bytes.to_vec()));
    let mut r = CaptureReader::from_reader("t", input).unwrap();
    let mut out = Vec::new();
    while let Some(f) = r.next_frame().expect("a whole capture") {
        out.push(u32::from_be_bytes(f.data[..4].try_into().unwrap()));
    }
    out
}

/// Whether `name` is `PREFIX_NNNNN_YYYYMMDDhhmmss.pcapng`, and its number.
fn number_in(name: &str, prefix: &str) -> Option<u32> {
    let rest = name.strip_prefix(prefix)?.strip_suffix(".pcapng")?;
    let (n, time) = rest.strip_prefix('_')?.split_once('_')?;
    let digits = |s: &str, len| s.len() == len && s.bytes().all(|b| b.is_ascii_digit());
    (digits(n, 5) && digits(time, 14)).then(|| n.parse().unwrap())
}

#[test]
fn filesize_and_files_keep_the_newest_whole_files() {
    let mem = Mem(Rc::new(RefCell::new(Disk {
        room: 1 << 20,
        ..Disk::default()
    })));
    let o = opts(&["filesize:1", "files:3"]);
    let mut w =
        RingWriter::with_store(mem.clone(), Path::new("d/ring.pcapng"), &o, header()).unwrap();
    for i in 0..50 {
        w.packet(&packet(i)).unwrap();
    }
    let report = w.finish();
    let disk = mem.0.borrow();
    let names: Vec<String> = disk.files.keys().map(|p| p.display().to_string()).collect();
    assert_eq!(names.len(), 3, "{names:?}");
    assert_eq!(report.kept.len(), 3);
    // 48 header bytes, packets of 132: a file is full after its 8th
    // (1104 bytes), so 50 packets fill 6 files and start a 7th.
    assert_eq!(report.created, 7);
    let nums: Vec<u32> = names
        .iter()
        .map(|n| number_in(n, "d/ring").unwrap_or_else(|| panic!("{n}")))
        .collect();
    assert_eq!(nums, [5, 6, 7]);
    let kept: Vec<Vec<u32>> = disk.files.values().map(|b| numbers(b)).collect();
    assert_eq!(kept[0], (32..40).collect::<Vec<_>>());
    assert_eq!(kept[1], (40..48).collect::<Vec<_>>());
    assert_eq!(kept[2], [48, 49]);
}

#[test]
fn a_full_disk_leaves_every_file_whole() {
    // Room for the first file (48 + 8 × 132 bytes) and half of the second.
    let room = 1104 + 48 + 3 * 132 + 60;
    let mem = Mem(Rc::new(RefCell::new(Disk {
        room,
        ..Disk::default()
    })));
    let o = opts(&["filesize:1"]);
    let mut w =
        RingWriter::with_store(mem.clone(), Path::new("full.pcapng"), &o, header()).unwrap();
    let mut err = None;
    for i in 0..20 {
        if let Err(e) = w.packet(&packet(i)) {
            err = Some((i, e));
            break;
        }
    }
    let (at, e) = err.expect("the disk fills");
    assert_eq!(at, 11, "8 packets in the first file, 3 in the second");
    let text = e.to_string();
    assert!(text.contains("_00002_"), "{text}");
    assert!(
        text.contains("cannot write: No space left on device"),
        "{text}"
    );
    assert!(text.contains("ends with its last whole packet"), "{text}");
    assert!(text.contains("the 1 file(s) before it are whole"), "{text}");
    assert!(w.packet(&packet(99)).is_err(), "it stays stopped");
    let disk = mem.0.borrow();
    let files: Vec<Vec<u32>> = disk.files.values().map(|b| numbers(b)).collect();
    assert_eq!(files, [(0..8).collect::<Vec<_>>(), vec![8, 9, 10]]);
}

#[test]
fn a_header_that_does_not_fit_leaves_no_file() {
    let mem = Mem(Rc::new(RefCell::new(Disk {
        room: 48 + 132 + 10,
        ..Disk::default()
    })));
    let o = opts(&["packets:1"]);
    let mut w = RingWriter::with_store(mem.clone(), Path::new("x.pcapng"), &o, header()).unwrap();
    let e = w.packet(&packet(0)).unwrap_err().to_string();
    assert!(
        e.contains("_00002_") && e.contains("removed: it held no packet"),
        "{e}"
    );
    let disk = mem.0.borrow();
    assert_eq!(disk.files.len(), 1);
    assert_eq!(numbers(disk.files.values().next().unwrap()), [0]);
}

#[test]
fn on_disk_one_file_or_a_ring_by_duration() {
    let dir = tempfile::tempdir().unwrap();
    // -w FILE alone: FILE itself, however much is written.
    let single = dir.path().join("one.pcapng");
    let mut w = RingWriter::create(&single, &RingOptions::default(), header()).unwrap();
    for i in 0..30 {
        w.packet(&packet(i)).unwrap();
    }
    w.tick().unwrap();
    let report = w.finish();
    assert_eq!(
        (report.created, report.kept.clone()),
        (1, vec![single.clone()])
    );
    assert_eq!(numbers(&std::fs::read(&single).unwrap()).len(), 30);
    // duration: the next file when its time is up, packets or not.
    let base = dir.path().join("timed.pcapng");
    let mut w = RingWriter::create(&base, &opts(&["duration:0.05"]), header()).unwrap();
    w.packet(&packet(0)).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(80));
    w.tick().unwrap();
    w.packet(&packet(1)).unwrap();
    let report = w.finish();
    assert_eq!(report.created, 2);
    let prefix = dir.path().join("timed").display().to_string();
    let got: Vec<(u32, Vec<u32>)> = report
        .kept
        .iter()
        .map(|p| {
            let n = number_in(&p.display().to_string(), &prefix).unwrap();
            (n, numbers(&std::fs::read(p).unwrap()))
        })
        .collect();
    assert_eq!(got, [(1, vec![0]), (2, vec![1])]);
    // A directory that does not exist: the error names the file.
    let bad = dir.path().join("no/such/dir/x.pcapng");
    let e = RingWriter::create(&bad, &opts(&["filesize:1"]), header())
        .err()
        .unwrap();
    assert!(e.to_string().contains("x_00001_") && e.message.starts_with("cannot create"));
}
