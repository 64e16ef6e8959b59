//! One file of a tracker's import folder (`hands -o DIR`, `folder.rs`):
//! the hands it holds, by number, and how a hand is added to it, whole.
//!
//! A file is a run of whole hands. PokerStars text: each hand followed by
//! two empty lines (`...\n\n\n`), so a file written whole ends with them.
//! OHH storage format: one object a line, one blank line between two, the
//! file ending with the last object's newline.
//!
//! A hand is added with one `write_all` of its whole text (and what
//! separates it from the one before) to the file opened for appending, under
//! an exclusive `flock` (another cardshark writing the same folder waits;
//! trackers, which only read, do not). Before writing, the file's numbers
//! are read again if its length is not the one this writer left (another
//! writer added hands), and a hand whose number the file holds is not
//! written. A write that fails (the disk is full, a file size limit) is cut
//! off again (the file goes back to its length before it), so the file
//! keeps its whole hands and nothing more; the error names the file.
//!
//! What survives a crash: a hand is in the file once its `write_all`
//! returned (the operating system holds it). Whether it is on the disk
//! when the machine stops is the caller's choice ([`Session::append`]'s
//! `sync`). A file whose tail is not a whole hand (cardshark killed, or
//! the machine stopped, in the middle of a write) has that tail cut off
//! when it is next written to, with a warning.

use std::collections::HashSet;
use std::fs::{File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// What a session file holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Kind {
    /// PokerStars text.
    Text,
    /// Open Hand History, its storage format.
    Ohh,
}

/// One table session's file: its path, the length this writer knows, and
/// the numbers of the hands in it.
#[derive(Debug)]
pub(super) struct Session {
    path: PathBuf,
    kind: Kind,
    /// The file's length after this writer's last look (`None`: not read
    /// yet).
    len: Option<u64>,
    numbers: HashSet<u64>,
}

impl Session {
    /// The session of the file at `path` (it may not exist yet).
    pub(super) fn new(path: PathBuf, kind: Kind) -> Session {
        Session {
            path,
            kind,
            len: None,
            numbers: HashSet::new(),
        }
    }

    /// The file's path.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Adds `hand` (its whole text, as the format writes one hand: PokerStars
    /// text ending with a newline, or one OHH object without a newline)
    /// numbered `number`, unless the file holds that number: false then.
    /// With `sync`, the file's data is on the disk when this returns.
    pub(super) fn append(&mut self, number: u64, hand: &[u8], sync: bool) -> io::Result<bool> {
        let file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(&self.path)?;
        let _lock = Lock::exclusive(&file)?;
        let len = file.metadata()?.len();
        if self.len != Some(len) {
            self.read(&file, len)?;
        }
        if self.numbers.contains(&number) {
            return Ok(false);
        }
        let len = self.len.unwrap_or(0);
        let mut unit = Vec::with_capacity(hand.len() + 2);
        match self.kind {
            Kind::Text => {
                unit.extend_from_slice(hand);
                unit.extend_from_slice(b"\n\n");
            }
            Kind::Ohh => {
                if len > 0 {
                    unit.push(b'\n');
                }
                unit.extend_from_slice(hand);
                unit.push(b'\n');
            }
        }
        if let Err(e) = (&file).write_all(&unit) {
            // Back to the whole hands: what part of this one went out is
            // cut off again.
            let _ = file.set_len(len);
            self.len = None;
            return Err(e);
        }
        if sync {
            file.sync_data()?;
        }
        self.len = Some(len + unit.len() as u64);
        self.numbers.insert(number);
        Ok(true)
    }

    /// Reads the file (`len` bytes) into what this writer knows: its
    /// numbers, and its length once a tail that is not a whole hand is cut.
    fn read(&mut self, mut file: &File, len: u64) -> io::Result<()> {
        let mut bytes = Vec::with_capacity(len as usize);
        file.seek(SeekFrom::Start(0))?;
        file.take(len).read_to_end(&mut bytes)?;
        let (whole, numbers) = whole_hands(self.kind, &bytes);
        if whole < bytes.len() {
            super::super::diag::warn(
                &self.path.display().to_string(),
                &format!(
                    "its last {} bytes are not a whole hand (a write cut short: cardshark or \
                     the machine stopped during it): cut off",
                    bytes.len() - whole
                ),
            );
            file.set_len(whole as u64)?;
        }
        self.numbers = numbers.into_iter().collect();
        self.len = Some(whole as u64);
        Ok(())
    }
}

/// The length of the whole hands at the start of a session file's
/// `bytes`, and the numbers of those hands (PokerStars text: the `Hand #`
/// of each header; OHH: each object's `game_number`).
pub(super) fn whole_hands(kind: Kind, bytes: &[u8]) -> (usize, Vec<u64>) {
    match kind {
        Kind::Text => {
            let end = (bytes.windows(3).rposition(|w| w == b"\n\n\n")).map_or(0, |i| i + 3);
            let text = String::from_utf8_lossy(&bytes[..end]);
            let numbers = (text.split("\n\n\n"))
                .filter_map(|hand| text_number(hand.trim_start_matches('\n')))
                .collect();
            (end, numbers)
        }
        Kind::Ohh => {
            let (mut end, mut at, mut numbers) = (0, 0, Vec::new());
            for line in bytes.split_inclusive(|&b| b == b'\n') {
                at += line.len();
                let Some(body) = line.strip_suffix(b"\n") else {
                    break;
                };
                if body.is_empty() {
                    continue;
                }
                let Ok(v) = serde_json::from_slice::<serde_json::Value>(body) else {
                    continue;
                };
                end = at;
                let number = v["ohh"]["game_number"]
                    .as_str()
                    .and_then(|n| n.parse::<u64>().ok());
                numbers.extend(number);
            }
            (end, numbers)
        }
    }
}

/// The `N` of a hand's first line, `SITE Hand #N: ...`.
fn text_number(hand: &str) -> Option<u64> {
    let first = hand.lines().next()?;
    let (_, rest) = first.split_once(" Hand #")?;
    rest.split_once(':')?.0.parse().ok()
}

/// An exclusive advisory lock on a file, let go when dropped (or when the
/// file is closed).
struct Lock<'a>(#[allow(dead_code)] &'a File);

impl<'a> Lock<'a> {
    fn exclusive(file: &'a File) -> io::Result<Lock<'a>> {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: flock takes a descriptor the file keeps open for the
            // lock's lifetime.
            if unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX) } != 0 {
                return Err(io::Error::last_os_error());
            }
        }
        Ok(Lock(file))
    }
}

impl Drop for Lock<'_> {
    fn drop(&mut self) {
        #[cfg(unix)]
        {
            use std::os::fd::AsRawFd;
            // SAFETY: as above; unlocking a descriptor cannot harm it.
            unsafe { libc::flock(self.0.as_raw_fd(), libc::LOCK_UN) };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HAND: &str = "PokerStars Hand #12: Hold'em No Limit (10/20) - 2026/11/25 10:37:04 UTC\n\
                        Table 'T' 2-max (Play Money)\n*** SUMMARY ***\n";

    #[test]
    fn whole_text_hands_end_with_two_empty_lines() {
        let two = format!("{HAND}\n\n{}\n\n", HAND.replace("#12", "#13"));
        assert_eq!(
            whole_hands(Kind::Text, two.as_bytes()),
            (two.len(), vec![12, 13])
        );
        // A hand cut short: the hands before it are whole.
        let torn = format!("{HAND}\n\nPokerStars Hand #14: Hold'em");
        assert_eq!(
            whole_hands(Kind::Text, torn.as_bytes()),
            (HAND.len() + 2, vec![12])
        );
        assert_eq!(
            whole_hands(Kind::Text, b"PokerStars Hand #1: x\n"),
            (0, vec![])
        );
        assert_eq!(whole_hands(Kind::Text, b""), (0, vec![]));
        // Another site's name in the header.
        let other = format!("{}\n\n", HAND.replace("PokerStars", "Home Game"));
        assert_eq!(whole_hands(Kind::Text, other.as_bytes()).1, vec![12]);
    }

    #[test]
    fn whole_ohh_objects_are_lines_that_parse() {
        let a = r#"{"ohh":{"game_number":"7"}}"#;
        let b = r#"{"ohh":{"game_number":"8"}}"#;
        let file = format!("{a}\n\n{b}\n");
        assert_eq!(
            whole_hands(Kind::Ohh, file.as_bytes()),
            (file.len(), vec![7, 8])
        );
        // The separator of an object that did not follow, or half of it.
        let sep = format!("{a}\n\n");
        assert_eq!(
            whole_hands(Kind::Ohh, sep.as_bytes()),
            (a.len() + 1, vec![7])
        );
        let half = format!("{a}\n\n{}", &b[..10]);
        assert_eq!(
            whole_hands(Kind::Ohh, half.as_bytes()),
            (a.len() + 1, vec![7])
        );
        // An object without its newline is not whole yet.
        let bare = format!("{a}\n\n{b}");
        assert_eq!(
            whole_hands(Kind::Ohh, bare.as_bytes()),
            (a.len() + 1, vec![7])
        );
    }

    #[test]
    fn a_hand_is_added_once_and_a_torn_tail_is_cut() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.txt");
        let mut s = Session::new(path.clone(), Kind::Text);
        assert!(s.append(12, HAND.as_bytes(), false).unwrap());
        assert!(!s.append(12, HAND.as_bytes(), true).unwrap());
        let once = std::fs::read(&path).unwrap();
        assert_eq!(once, format!("{HAND}\n\n").as_bytes());
        // Another writer's torn hand: a new writer cuts it, then adds its own.
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"PokerStars Hand #13: Hold").unwrap();
        let mut t = Session::new(path.clone(), Kind::Text);
        assert!(!t.append(12, HAND.as_bytes(), false).unwrap());
        assert_eq!(std::fs::read(&path).unwrap(), once);
        // A writer that knew the file sees what another added.
        let thirteen = HAND.replace("#12", "#13");
        assert!(t.append(13, thirteen.as_bytes(), false).unwrap());
        assert!(!s.append(13, thirteen.as_bytes(), false).unwrap());
    }
}
