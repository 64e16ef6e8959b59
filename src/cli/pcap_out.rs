//! `-w OUT` when reading files: after the command's own pass, a second
//! pass over the input writes every frame of the TCP streams the command
//! matched (`decode`: the streams of the records it wrote; `hands`: those
//! of the hands it wrote; `inspect`: of its rows; `timeline`: of the changes
//! or states it wrote; `follow`: the streams it followed), handshake and
//! close included, in capture order,
//! as they were read. Standard input cannot be read twice: it is copied to
//! a temporary file first (so nothing is written before it ends).

use super::{CliError, InputArgs};
use cardshark::capture::write::{FrameWriter, OutFormat};
use cardshark::capture::{CaptureError, CaptureReader, LinkType};
use cardshark::pipeline::StreamSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::Path;
use std::sync::Arc;

/// The file `-w` writes, created before the command's pass (so that a
/// path that cannot be written fails at once), removed again if the
/// command fails before writing it.
pub struct PcapOut {
    path: String,
    file: Option<File>,
    format: OutFormat,
}

impl InputArgs {
    /// For a command that writes what it matched with `-w`: the input to
    /// read (standard input kept in a temporary file when it must be read
    /// twice) and the file to write, if `-w` was given with files. A live
    /// capture's `-w` is the capture's own business: no file here.
    pub fn with_pcap_out(&self) -> Result<(InputArgs, Option<PcapOut>), CliError> {
        self.check_stdin_once()?;
        let mut input = self.clone();
        input.writes_pcap = true;
        let Some(path) = self.write.as_deref().filter(|_| !self.is_live()) else {
            return Ok((input, None));
        };
        if path == "-" {
            return Err(CliError::Usage(
                "-w -: standard output carries the command's output; name a file for the \
                 frames (-w OUT.pcap)"
                    .into(),
            ));
        }
        let sources = input.sources()?;
        for s in &sources {
            if s.path
                .as_deref()
                .is_some_and(|p| same_file(p, Path::new(path)))
            {
                return Err(CliError::Usage(format!(
                    "-w {path}: that is an input of this command; write to another file"
                )));
            }
        }
        if sources.iter().any(|s| s.is_stdin()) {
            input.stdin_copy = Some(Arc::new(copy_stdin()?));
        }
        let file = File::create(path)
            .map_err(|e| CliError::Other(format!("{path}: cannot create: {e}")))?;
        let ng = [".pcapng", ".ntar"].iter().any(|x| path.ends_with(x));
        let out = PcapOut {
            path: path.to_string(),
            file: Some(file),
            format: if ng {
                OutFormat::PcapNg
            } else {
                OutFormat::Pcap
            },
        };
        Ok((input, Some(out)))
    }
}

impl PcapOut {
    /// [`PcapOut::write`] when there is a file to write (`-w` from files).
    pub fn write_if(
        out: Option<PcapOut>,
        input: &InputArgs,
        streams: &StreamSet,
    ) -> Result<(), CliError> {
        out.map_or(Ok(()), |out| out.write(input, streams))
    }

    /// Writes every frame of `streams` (a second pass over `input`, which
    /// [`InputArgs::with_pcap_out`] gave) and says how many on standard
    /// error.
    pub fn write(mut self, input: &InputArgs, streams: &StreamSet) -> Result<(), CliError> {
        let file = self.file.take().expect("written once");
        let written = self.write_to(file, input, streams);
        if written.is_err() {
            // Not a capture of what was asked: none at all.
            let _ = std::fs::remove_file(&self.path);
        }
        written
    }

    /// [`PcapOut::write`] into `file`.
    fn write_to(&self, file: File, input: &InputArgs, streams: &StreamSet) -> Result<(), CliError> {
        let failed = |e: io::Error| CliError::Other(format!("{}: {e}", self.path));
        let name = input.name();
        let reader = CaptureReader::from_sources(name, input.sources()?, None)?;
        let pass = input.pipeline(name, reader);
        let mut w = FrameWriter::new(BufWriter::new(file), self.format).map_err(failed)?;
        let done = pass.frames_of(streams, &mut |f| w.frame(f));
        let done = done.map_err(failed)?;
        let link = done.first_link.unwrap_or(LinkType::ETHERNET);
        w.finish(link).and_then(|mut b| b.flush()).map_err(failed)?;
        if streams.is_empty() {
            let what = "no stream matched: the file holds no frame";
            eprintln!("cardshark: warning: {}: {what}", self.path);
        } else {
            eprintln!(
                "cardshark: {}: {} frame(s) of {} stream(s) written",
                self.path,
                done.frames,
                streams.len()
            );
        }
        Ok(())
    }
}

impl Drop for PcapOut {
    /// A file the command never wrote (it failed first) is removed.
    fn drop(&mut self) {
        if self.file.take().is_some() {
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// Whether `a` and `b` are the same file (`b` may not exist yet).
fn same_file(a: &Path, b: &Path) -> bool {
    match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

/// Standard input, read to its end into a temporary file.
fn copy_stdin() -> Result<tempfile::TempPath, CliError> {
    let spill = |e: io::Error| super::spill_error("standard input (kept for -w)", e);
    let mut tmp = tempfile::NamedTempFile::new().map_err(spill)?;
    let mut stdin = io::stdin().lock();
    let mut buf = [0u8; 1 << 16];
    loop {
        let n = match io::Read::read(&mut stdin, &mut buf) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(CaptureError::new("-", format!("read error: {e}")).into()),
        };
        tmp.write_all(&buf[..n]).map_err(spill)?;
    }
    tmp.flush().map_err(spill)?;
    Ok(tmp.into_temp_path())
}
