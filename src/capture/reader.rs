//! The streaming capture reader.
//!
//! pcap-parser's streaming readers hold the bytes in a bounded buffer; this
//! file frames each block (reads its length, checks it, grows the buffer up
//! to [`MAX_BLOCK_LEN`] if needed, waits until the whole block is buffered)
//! before asking pcap-parser to parse it, so every error can say exactly what
//! was wrong and where. What the formats mean lives in `pcap.rs` and
//! `pcapng.rs`, behind the [`Container`] trait. A compressed stream is
//! decompressed on the way in (`decompress.rs`).
//!
//! [`FileReader`] reads one input; the public
//! [`CaptureReader`](super::CaptureReader) is one of them, or several
//! merged (`merge.rs`).

pub use super::container::{CaptureFormat, MAX_BLOCK_LEN};
use super::container::{Container, Packet};
use super::decompress::{self, Compression};
use super::input::{read_up_to, ErrorSlot, Input};
use super::pcap::{self, Pcap};
use super::pcapng::{self, PcapNg};
use super::{CaptureError, Frame, Timestamp};
use pcap_parser::traits::PcapReaderIterator;
use pcap_parser::{LegacyPcapReader, PcapBlockOwned, PcapError, PcapNGReader};
use std::io::{Cursor, Read};

/// Capacity the read buffer starts with.
pub(super) const INITIAL_BUFFER: usize = 64 * 1024;

/// The outcome of reading one block.
enum Step {
    End,
    Skipped,
    Packet(usize, Packet),
}

/// Reads frames one at a time from a pcap or pcapng stream, in memory
/// bounded by the largest block (64 KiB normally, at most 16 MiB).
pub(super) struct FileReader {
    name: String,
    /// How the input was compressed (offsets count decompressed bytes).
    compression: Compression,
    inner: Box<dyn PcapReaderIterator + Send>,
    container: Box<dyn Container + Send>,
    io_error: ErrorSlot,
    /// Current capacity of `inner`'s buffer (only this file grows it).
    capacity: usize,
    /// Input offset of the first byte of `inner.data()`.
    offset: u64,
    /// Length of the block holding the frame last returned, consumed on the next call.
    pending: usize,
    frames: u64,
    last_ts: Timestamp,
    /// The packet of the frame last returned (its bytes are `pending`'s block).
    current: Option<Packet>,
    finished: bool,
    /// For an input fed while it is read (a pipe): whether bytes can be
    /// read from it now, without waiting ([`FileReader::would_wait`]).
    ready: Option<Ready>,
}

/// Tells whether an input has bytes to read, waiting for them up to the
/// milliseconds given (0: not at all).
pub(super) type Ready = Box<dyn Fn(i32) -> bool + Send>;

impl FileReader {
    /// Reads a capture from any byte stream, gzip or zstd compressed or
    /// not; `name` is used in errors. Fails if the stream does not start
    /// with a valid pcap or pcapng header.
    pub(super) fn from_reader(
        name: &str,
        input: Box<dyn Read + Send>,
    ) -> Result<Self, CaptureError> {
        let (input, compression) =
            decompress::detect(input).map_err(|e| CaptureError::new(name, e).at_offset(0))?;
        let header_error = |message: String| {
            let error = CaptureError::new(name, message).at_offset(0);
            error.decompressed(compression.name())
        };
        let (mut input, io_error) = Input::new(input);
        let (head, is_ng) = read_header(&mut input).map_err(header_error)?;
        let capacity = INITIAL_BUFFER.max(head.len());
        let stream = Cursor::new(head).chain(input);
        let (inner, container): (
            Box<dyn PcapReaderIterator + Send>,
            Box<dyn Container + Send>,
        ) = if is_ng {
            let inner = PcapNGReader::new(capacity, stream).map_err(|e| {
                let why = parse_failure(&e);
                header_error(format!("corrupt section header block: {why}"))
            })?;
            (Box::new(inner), Box::<PcapNg>::default())
        } else {
            let mut inner = LegacyPcapReader::new(capacity, stream)
                .map_err(|_| header_error("unreadable pcap file header".into()))?;
            let pcap = match inner.next() {
                Ok((_, PcapBlockOwned::LegacyHeader(header))) => Pcap::new(&header),
                _ => return Err(header_error("unreadable pcap file header".into())),
            };
            inner.consume(pcap::HEADER_LEN);
            (Box::new(inner), Box::new(pcap))
        };
        let mut reader = FileReader {
            name: name.to_string(),
            compression,
            inner,
            container,
            io_error,
            capacity,
            offset: if is_ng { 0 } else { pcap::HEADER_LEN as u64 },
            pending: 0,
            frames: 0,
            last_ts: Timestamp::default(),
            current: None,
            finished: false,
            ready: None,
        };
        if is_ng {
            // Take in the first Section Header Block now: it is the file header.
            reader.step()?;
        }
        Ok(reader)
    }

    /// This reader, for an input fed while it is read: `ready` tells
    /// whether it has bytes to read now.
    pub(super) fn fed(mut self, ready: Ready) -> Self {
        self.ready = Some(ready);
        self
    }

    /// True when the next frame cannot be read without waiting for the
    /// input: it is fed while read (a pipe), its next block is not whole
    /// in the buffer, and it has no bytes to read now. Always false for a
    /// file. What the pipeline asks before it waits, to hand on what it
    /// has first.
    pub(super) fn would_wait(&self) -> bool {
        let Some(ready) = &self.ready else {
            return false;
        };
        if self.finished {
            return false;
        }
        !self.whole_block() && !ready(0)
    }

    /// Waits up to `ms` milliseconds for an input fed while read to have
    /// bytes; true when it has (or is not such an input, or holds its
    /// next block whole).
    pub(super) fn wait_ready(&self, ms: i32) -> bool {
        match &self.ready {
            Some(ready) if !self.finished && !self.whole_block() => ready(ms),
            _ => true,
        }
    }

    /// Whether the buffer holds the next block whole.
    fn whole_block(&self) -> bool {
        let data = &self.inner.data()[self.pending..];
        data.len() >= self.container.header_len()
            && (self.container.block_len(data)).is_ok_and(|len| data.len() as u64 >= len)
    }

    /// The container format, known once the header has been read.
    pub(super) fn format(&self) -> CaptureFormat {
        self.container.format()
    }

    /// The name given to [`FileReader::from_reader`].
    pub(super) fn file_name(&self) -> &str {
        &self.name
    }

    /// Bytes of (decompressed) input used so far: up to the end of the
    /// last frame returned.
    pub(super) fn bytes_consumed(&self) -> u64 {
        self.offset + self.pending as u64
    }

    /// The next frame, `None` at the clean end of the capture.
    ///
    /// After an error, all later calls return `Ok(None)`. (The frame is
    /// made straight from the packet read, not kept as [`FileReader::current`]:
    /// this is the path of every frame of a single input.)
    #[inline]
    pub(super) fn next_frame(&mut self) -> Result<Option<Frame<'_>>, CaptureError> {
        self.current = None;
        Ok(self.next_packet()?.map(|p| self.frame_of(p)))
    }

    /// The frame last made current by [`FileReader::advance`], again;
    /// `None` once the capture has ended.
    #[inline]
    pub(super) fn current(&self) -> Option<Frame<'_>> {
        self.current.clone().map(|p| self.frame_of(p))
    }

    /// `packet`, the frame just read, as a frame.
    #[inline]
    fn frame_of(&self, packet: Packet) -> Frame<'_> {
        Frame {
            number: self.frames,
            ts: packet.ts.unwrap_or(self.last_ts),
            link_type: packet.link_type,
            interface: packet.interface,
            orig_len: packet.orig_len,
            data: &self.inner.data()[packet.data],
        }
    }

    /// Moves to the next frame (then true), or to the end of the capture;
    /// the frame is then [`FileReader::current`] (how a merge holds each
    /// input's next frame).
    pub(super) fn advance(&mut self) -> Result<bool, CaptureError> {
        self.current = None;
        self.current = self.next_packet()?;
        Ok(self.current.is_some())
    }

    /// Reads the next packet, `None` at the end of the capture.
    #[inline]
    fn next_packet(&mut self) -> Result<Option<Packet>, CaptureError> {
        if self.finished {
            return Ok(None);
        }
        let pending = std::mem::take(&mut self.pending);
        self.consume(pending);
        let (len, packet) = loop {
            match self.step() {
                Ok(Step::Packet(len, packet)) => break (len, packet),
                Ok(Step::Skipped) => continue,
                Ok(Step::End) => {
                    self.finished = true;
                    return Ok(None);
                }
                Err(e) => {
                    self.finished = true;
                    return Err(e);
                }
            }
        };
        self.pending = len;
        self.frames += 1;
        self.last_ts = packet.ts.unwrap_or(self.last_ts);
        Ok(Some(packet))
    }

    /// Reads, checks and parses the block at the front of the buffer; skipped
    /// blocks are consumed, a packet's block is left for the caller.
    fn step(&mut self) -> Result<Step, CaptureError> {
        if let Some((len, packet)) = self.container.record(self.inner.data()) {
            return Ok(Step::Packet(len, packet));
        }
        let head_len = self.container.header_len();
        if !self.fill(head_len)? {
            let have = self.inner.data().len();
            if have == 0 {
                return Ok(Step::End);
            }
            let message = format!("truncated record header: {have} of {head_len} bytes");
            return Err(self.block_error(message));
        }
        let len = self
            .container
            .block_len(self.inner.data())
            .map_err(|m| self.block_error(m))?;
        if len > MAX_BLOCK_LEN as u64 {
            return Err(self.block_error(too_long(len)));
        }
        let len = len as usize;
        self.reserve(len);
        if !self.fill(len)? {
            let have = self.inner.data().len();
            let name = self.container.block_name(self.inner.data());
            let message = format!("truncated record: {have} of {len} bytes ({name})");
            return Err(self.block_error(message));
        }
        let block = &self.inner.data()[..len];
        self.container
            .check(block)
            .map_err(|m| self.block_error(m))?;
        // The block's name and whether it is ignored matter only when
        // pcap-parser fails on it: looked up then, not for every packet.
        let parsed = match self.inner.next() {
            Ok((used, block)) if used == len => Ok(self.container.decode(block)),
            Ok(_) => Err(None),
            Err(e) => Err(Some(parse_failure(&e))),
        };
        let decoded = match parsed {
            Ok(decoded) => decoded,
            Err(None) => Err(format!(
                "corrupt {}: contents do not match its length",
                self.block_name()
            )),
            Err(Some(_)) if self.container.is_ignored(self.inner.data()) => Ok(None),
            Err(Some(why)) => Err(format!("corrupt {}: {why}", self.block_name())),
        };
        match decoded.map_err(|m| self.block_error(m))? {
            Some(packet) if packet.data.end <= len => Ok(Step::Packet(len, packet)),
            Some(_) => {
                let name = self.block_name();
                Err(self.block_error(format!("corrupt {name}: data overruns the block")))
            }
            None => {
                self.consume(len);
                Ok(Step::Skipped)
            }
        }
    }

    /// The name of the block at the front of the buffer, for messages.
    fn block_name(&self) -> &'static str {
        self.container.block_name(self.inner.data())
    }

    /// Reads until the buffer holds `n` bytes (`n` <= capacity); false if
    /// the input ends first.
    #[inline]
    fn fill(&mut self, n: usize) -> Result<bool, CaptureError> {
        // Usually the bytes are there already (a read brings many blocks).
        if self.inner.data().len() >= n {
            return Ok(true);
        }
        self.read_more(n)
    }

    /// [`FileReader::fill`] when the buffer holds too little.
    #[cold]
    fn read_more(&mut self, n: usize) -> Result<bool, CaptureError> {
        while self.inner.data().len() < n {
            if self.inner.reader_exhausted() {
                return Ok(false);
            }
            if self.inner.refill().is_err() {
                let cause = self.io_error.get().map_or("unknown cause", String::as_str);
                let at = self.offset + self.inner.data().len() as u64;
                let message = format!("read error: {cause}");
                return Err(self.error(message, at));
            }
        }
        Ok(true)
    }

    /// Grows the buffer to hold `n` bytes (`n` <= [`MAX_BLOCK_LEN`]).
    fn reserve(&mut self, n: usize) {
        if n > self.capacity {
            self.capacity = n.next_power_of_two().min(MAX_BLOCK_LEN);
            self.inner.grow(self.capacity);
        }
    }

    /// Marks `n` bytes used. Without moving what is left: pcap-parser's
    /// `consume` moves the rest of the buffer to its front whenever half of
    /// it is used, copying the capture a second time; `refill` moves only
    /// the partial block left at the end.
    fn consume(&mut self, n: usize) {
        self.inner.consume_noshift(n);
        self.offset += n as u64;
    }

    /// An error about the block at the front of the buffer: its offset, and
    /// its frame number if it holds a packet.
    fn block_error(&self, message: String) -> CaptureError {
        let error = self.error(message, self.offset);
        if self.container.is_packet(self.inner.data()) {
            error.at_frame(self.frames + 1)
        } else {
            error
        }
    }

    /// An error at byte `offset` of the (decompressed) input.
    fn error(&self, message: String, offset: u64) -> CaptureError {
        let error = CaptureError::new(&self.name, message).at_offset(offset);
        error.decompressed(self.compression.name())
    }

    /// Capacity of the read buffer (tests check that it stays bounded).
    #[cfg(test)]
    pub(super) fn buffer_capacity(&self) -> usize {
        self.capacity
    }

    /// Bytes currently held in the read buffer.
    #[cfg(test)]
    pub(super) fn buffered(&self) -> usize {
        self.inner.data().len()
    }
}

/// Reads the file header: the pcap header, or the whole first pcapng Section
/// Header Block (pcap-parser checks it on creation). True for pcapng.
fn read_header(input: &mut Input) -> Result<(Vec<u8>, bool), String> {
    let mut head = Vec::new();
    let mut fill = |head: &mut Vec<u8>, len: usize| {
        let start = head.len();
        head.resize(len, 0);
        let n = read_up_to(input, &mut head[start..]).map_err(|e| format!("read error: {e}"))?;
        match start + n {
            0 => Err("empty file, not a capture".to_string()),
            have if have < len => Err(format!("truncated file header: {have} of {len} bytes")),
            _ => Ok(()),
        }
    };
    fill(&mut head, 4)?;
    let magic = [head[0], head[1], head[2], head[3]];
    if pcap::is_magic(magic) {
        fill(&mut head, pcap::HEADER_LEN)?;
        Ok((head, false))
    } else if pcapng::is_magic(magic) {
        fill(&mut head, 12)?;
        let len = PcapNg::default().block_len(&head)?;
        if len > MAX_BLOCK_LEN as u64 {
            return Err(too_long(len));
        }
        fill(&mut head, len as usize)?;
        Ok((head, true))
    } else {
        let magic = u32::from_be_bytes(magic);
        Err(format!("not a pcap or pcapng file (magic 0x{magic:08x})"))
    }
}

fn too_long(len: u64) -> String {
    format!("record length {len} exceeds the limit of {MAX_BLOCK_LEN} bytes")
}

/// Why pcap-parser rejected a complete block, in words.
fn parse_failure(error: &PcapError<&[u8]>) -> &'static str {
    match error {
        PcapError::HeaderNotRecognized => "bad byte-order magic",
        PcapError::Incomplete(_) | PcapError::UnexpectedEof | PcapError::BufferTooSmall => {
            "contents overrun the block length"
        }
        _ => "malformed contents",
    }
}
