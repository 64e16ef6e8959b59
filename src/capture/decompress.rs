//! Compressed captures: gzip (`.pcap.gz`, as tcpdump rotations and archives
//! keep them; several concatenated members read as one) and zstd, told by
//! their first bytes, never by the file's name, and decompressed as a
//! stream: memory stays bounded (gzip's 32 KiB window; zstd's window, which
//! its decoder refuses past 128 MiB).

use std::io::{self, Cursor, Read};

/// How an input is compressed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compression {
    /// Not compressed.
    None,
    /// gzip (RFC 1952), magic `1f 8b`.
    Gzip,
    /// Zstandard (RFC 8878), magic `28 b5 2f fd`.
    Zstd,
}

impl Compression {
    /// Its name in messages (`gzip`, `zstd`); `None` when not compressed.
    pub fn name(self) -> Option<&'static str> {
        match self {
            Compression::None => None,
            Compression::Gzip => Some("gzip"),
            Compression::Zstd => Some("zstd"),
        }
    }

    /// The compression whose magic number `head` (an input's first bytes)
    /// starts with.
    pub fn from_magic(head: &[u8]) -> Compression {
        if head.starts_with(&[0x1f, 0x8b]) {
            Compression::Gzip
        } else if head.starts_with(&[0x28, 0xb5, 0x2f, 0xfd]) {
            Compression::Zstd
        } else {
            Compression::None
        }
    }
}

/// A byte stream, as the capture reader takes it.
type Stream = Box<dyn Read + Send>;

/// Looks at the first bytes of `input`: when they are gzip's or zstd's
/// magic number, a reader decompressing it; else the input itself. No byte
/// is lost either way. Errors are in words.
pub(super) fn detect(mut input: Stream) -> Result<(Stream, Compression), String> {
    let mut head = [0u8; 4];
    let mut n = 0;
    while n < head.len() {
        match input.read(&mut head[n..]) {
            Ok(0) => break,
            Ok(k) => n += k,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(format!("read error: {e}")),
        }
    }
    let compression = Compression::from_magic(&head[..n]);
    let whole = Cursor::new(head).take(n as u64).chain(input);
    let stream: Stream = match compression {
        Compression::None => Box::new(whole),
        Compression::Gzip => Box::new(Named {
            inner: flate2::read::MultiGzDecoder::new(whole),
            what: "gzip",
        }),
        Compression::Zstd => {
            let decoder = zstd::stream::read::Decoder::new(whole)
                .map_err(|e| format!("cannot start zstd decompression: {e}"))?;
            Box::new(Named {
                inner: decoder,
                what: "zstd",
            })
        }
    };
    Ok((stream, compression))
}

/// A decompressing reader whose errors say which compression failed.
struct Named<R> {
    inner: R,
    what: &'static str,
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.inner.read(buf).map_err(|e| {
            if e.kind() == io::ErrorKind::Interrupted {
                return e;
            }
            let hint = match e.kind() {
                io::ErrorKind::UnexpectedEof => " (the compressed file is cut short)",
                _ => "",
            };
            io::Error::new(e.kind(), format!("{} data: {e}{hint}", self.what))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn read_all(bytes: Vec<u8>) -> (Result<Vec<u8>, String>, Compression) {
        let (mut r, c) = detect(Box::new(Cursor::new(bytes))).unwrap();
        let mut out = Vec::new();
        (
            r.read_to_end(&mut out)
                .map(|_| out)
                .map_err(|e| e.to_string()),
            c,
        )
    }

    fn gzip(data: &[u8]) -> Vec<u8> {
        let mut e = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        e.write_all(data).unwrap();
        e.finish().unwrap()
    }

    #[test]
    fn plain_short_and_empty_inputs_pass_through() {
        for data in [&b""[..], b"ab", b"\xd4\xc3\xb2\xa1rest of a capture"] {
            assert_eq!(
                read_all(data.to_vec()),
                (Ok(data.to_vec()), Compression::None)
            );
        }
    }

    #[test]
    fn gzip_members_and_zstd_frames_decompress() {
        let data = b"\xd4\xc3\xb2\xa1 a capture's bytes".repeat(100);
        let mut two = gzip(&data[..1000]);
        two.extend(gzip(&data[1000..]));
        assert_eq!(read_all(two), (Ok(data.clone()), Compression::Gzip));
        let zst = zstd::stream::encode_all(&data[..], 3).unwrap();
        assert_eq!(read_all(zst), (Ok(data), Compression::Zstd));
    }

    #[test]
    fn a_cut_compressed_file_is_an_error_naming_the_compression() {
        let data: Vec<u8> = (0..20_000u32).flat_map(|i| i.to_le_bytes()).collect();
        let gz = gzip(&data);
        let (got, _) = read_all(gz[..gz.len() / 2].to_vec());
        let e = got.unwrap_err();
        assert!(e.starts_with("gzip data: "), "{e}");
        let zst = zstd::stream::encode_all(&data[..], 3).unwrap();
        let (got, _) = read_all(zst[..zst.len() / 2].to_vec());
        assert!(got.unwrap_err().starts_with("zstd data: "));
    }
}
