//! The inputs as the user names them: files, `-` for standard input, and
//! directories (their capture files, in natural order: `cap2` before
//! `cap10`, as a ring of rotated files is numbered).

use super::decompress::Compression;
use super::reader::FileReader;
use super::CaptureError;
use std::cmp::Ordering;
use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

/// Bytes read from standard input ahead of reading it as a capture
/// ([`stdin_head`]): read again first when it is opened.
static STDIN_HEAD: Mutex<Vec<u8>> = Mutex::new(Vec::new());

/// Reads up to `n` bytes of standard input ahead (fewer when it ends
/// before), to tell what it is before reading it as a capture (`-o`
/// names a capture by its first bytes); when standard input is then opened
/// as an input, they are read first. Each call reads on from the last.
pub fn stdin_head(n: u64) -> std::io::Result<Vec<u8>> {
    let mut head = Vec::new();
    std::io::stdin().lock().take(n).read_to_end(&mut head)?;
    let mut kept = STDIN_HEAD.lock().unwrap_or_else(|e| e.into_inner());
    kept.extend_from_slice(&head);
    Ok(head)
}

/// What the reader of a file goes through before the capture reader: a
/// progress bar counting its bytes, for instance.
pub type Wrap = Arc<dyn Fn(File) -> Box<dyn Read + Send> + Send + Sync>;

/// One input: a file, or standard input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The input in messages: the path as the user gave it (or as a
    /// directory's listing made it), `-` for standard input.
    pub name: String,
    /// Where to read it; `None` for standard input.
    pub path: Option<PathBuf>,
}

impl Source {
    /// The file at `path`, named as given.
    pub fn file(path: impl Into<PathBuf>) -> Source {
        let path = path.into();
        Source {
            name: path.display().to_string(),
            path: Some(path),
        }
    }

    /// Standard input, named `-`.
    pub fn stdin() -> Source {
        Source {
            name: "-".into(),
            path: None,
        }
    }

    /// True for standard input.
    pub fn is_stdin(&self) -> bool {
        self.path.is_none()
    }

    /// The inputs that `args` name: `-` is standard input, a directory
    /// stands for its capture files (files starting with a pcap, pcapng,
    /// gzip or zstd magic number; not its subdirectories, nor names
    /// starting with a dot) in natural order, anything else is a file.
    /// A directory without a capture file is an error naming it.
    pub fn expand(args: &[String]) -> Result<Vec<Source>, CaptureError> {
        let mut sources = Vec::new();
        for arg in args {
            if arg == "-" {
                sources.push(Source::stdin());
            } else if Path::new(arg).is_dir() {
                sources.extend(directory(arg)?);
            } else {
                sources.push(Source::file(arg));
            }
        }
        Ok(sources)
    }

    /// Opens the input and reads its header, the file's reads going
    /// through `wrap` if given.
    pub(super) fn open(&self, wrap: Option<&Wrap>) -> Result<FileReader, CaptureError> {
        let Some(path) = &self.path else {
            let head = std::mem::take(&mut *STDIN_HEAD.lock().unwrap_or_else(|e| e.into_inner()));
            let stdin = std::io::Cursor::new(head).chain(std::io::stdin());
            let reader = FileReader::from_reader("-", Box::new(stdin))?;
            return Ok(match super::fed::stdin_ready() {
                Some(ready) => reader.fed(ready),
                None => reader,
            });
        };
        let file = File::open(path).map_err(|e| {
            CaptureError::new(
                &self.name,
                format!("cannot open: {e} (check the path and permissions)"),
            )
        })?;
        let input = match wrap {
            Some(wrap) => wrap(file),
            None => Box::new(file),
        };
        FileReader::from_reader(&self.name, input)
    }
}

/// The capture files of directory `dir`, in natural order of their names.
fn directory(dir: &str) -> Result<Vec<Source>, CaptureError> {
    let error = |what: String| CaptureError::new(dir, what);
    let entries = std::fs::read_dir(dir).map_err(|e| error(format!("cannot list: {e}")))?;
    let mut names = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| error(format!("cannot list: {e}")))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if !name.starts_with('.') && path.is_file() && looks_like_a_capture(&path) {
            names.push((name, path));
        }
    }
    if names.is_empty() {
        return Err(error(
            "no capture file in this directory (looked for pcap, pcapng, gzip and zstd \
             files by their first bytes)"
                .into(),
        ));
    }
    names.sort_by(|a, b| natural(&a.0, &b.0));
    Ok(names
        .into_iter()
        .map(|(_, path)| Source::file(path))
        .collect())
}

/// Whether the file at `path` starts like a capture: a pcap or pcapng magic
/// number, or a compressed file's (whose contents its reading will check).
fn looks_like_a_capture(path: &Path) -> bool {
    starts_like_a_capture(path) == Some(true)
}

/// [`looks_like_a_capture`], `None` when the file has fewer than 4 bytes
/// (too few to tell yet, while it is being written).
pub(super) fn starts_like_a_capture(path: &Path) -> Option<bool> {
    let mut head = [0u8; 4];
    let Ok(mut file) = File::open(path) else {
        // Listed but not readable: opening it says why.
        return Some(true);
    };
    file.read_exact(&mut head).ok()?;
    let magic = u32::from_le_bytes(head);
    let capture = [0xa1b2_c3d4, 0xa1b2_3c4d, 0x0a0d_0d0a];
    Some(
        capture.contains(&magic)
            || capture.contains(&magic.swap_bytes())
            || Compression::from_magic(&head) != Compression::None,
    )
}

/// Natural order: runs of digits compare as numbers (`cap2` < `cap10`),
/// the rest byte by byte; names equal that way compare as plain strings.
pub fn natural(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return a.cmp(b),
            (None, _) => return Ordering::Less,
            (_, None) => return Ordering::Greater,
            (Some(c), Some(d)) if c.is_ascii_digit() && d.is_ascii_digit() => {
                let (m, rest_x) = digits(x);
                let (n, rest_y) = digits(y);
                // Without leading zeros, a longer run is a larger number.
                let order = (m.len().cmp(&n.len())).then_with(|| m.cmp(n));
                if order != Ordering::Equal {
                    return order;
                }
                (x, y) = (rest_x, rest_y);
            }
            (Some(c), Some(d)) if c != d => return c.cmp(d),
            _ => (x, y) = (&x[1..], &y[1..]),
        }
    }
}

/// The run of digits `s` starts with, without its leading zeros, and the rest.
fn digits(s: &[u8]) -> (&[u8], &[u8]) {
    let end = s
        .iter()
        .position(|c| !c.is_ascii_digit())
        .unwrap_or(s.len());
    let zeros = s[..end].iter().take_while(|&&c| c == b'0').count();
    (&s[zeros..end], &s[end..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn natural_order_counts_numbers() {
        let mut names = vec![
            "cap10.pcap",
            "cap2.pcap",
            "cap1.pcap.gz",
            "cap02.pcap",
            "cap.pcap",
            "a",
            "cap1.pcap",
            "rot_00009_2026.pcap",
            "rot_00010_2026.pcap",
        ];
        names.sort_by(|a, b| natural(a, b));
        assert_eq!(
            names,
            [
                "a",
                "cap.pcap",
                "cap1.pcap",
                "cap1.pcap.gz",
                "cap02.pcap",
                "cap2.pcap",
                "cap10.pcap",
                "rot_00009_2026.pcap",
                "rot_00010_2026.pcap",
            ]
        );
    }
}
