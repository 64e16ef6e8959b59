//! `cardshark follow` without `--websocket`: the reassembled bytes of one
//! stream, like `tshark -z follow,tcp`, as sent, as a hex dump or as
//! text, with gaps marked, straight from reassembly's events (nothing is
//! decoded).

use super::args::{no_stream, FollowArgs, FollowFormat};
use crate::cli::dump::{gap_words, hex_dump, text_dump, RULE};
use crate::cli::strict::{self, Problem};
use crate::cli::{warn_all, CliError};
use cardshark::reassembly::{Direction, Event};
use std::io::{self, Write};

/// Follows the bytes of stream `stream` (of direction `want_dir`, or
/// both).
pub(super) fn run(
    args: &FollowArgs,
    stream: u64,
    want_dir: Option<Direction>,
) -> Result<(), CliError> {
    let mut writer = FollowWriter {
        out: io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        format: args.format,
        stream,
        want_dir,
        found: false,
        error: None,
    };
    let summary = args
        .input
        .run_events(&mut |ev: Event<'_>| writer.event(ev))?;
    if let Some(e) = writer.error.take() {
        return Err(e.into());
    }
    if !writer.found {
        return Err(no_stream(args, stream, summary.reassembly.streams));
    }
    args.decode
        .check_streams(args.input.name(), summary.reassembly.streams)?;
    if args.format != FollowFormat::Raw {
        writeln!(writer.out, "{RULE}")?;
    }
    writer.out.flush()?;
    warn_all(&summary);
    Ok(())
}

struct FollowWriter<W: Write> {
    out: W,
    format: FollowFormat,
    stream: u64,
    want_dir: Option<Direction>,
    found: bool,
    /// The first write error; later events are ignored.
    error: Option<io::Error>,
}

impl<W: Write> FollowWriter<W> {
    fn event(&mut self, ev: Event<'_>) {
        if self.error.is_some() {
            return;
        }
        if let Err(e) = self.write_event(ev) {
            self.error = Some(e);
        }
    }

    fn shown(&self, stream: u64, dir: Direction) -> bool {
        stream == self.stream && self.want_dir.is_none_or(|d| d == dir)
    }

    /// Server data is indented when both directions are shown.
    fn indent(&self, dir: Direction) -> &'static str {
        if self.want_dir.is_none() && dir == Direction::S2C {
            "\t"
        } else {
            ""
        }
    }

    fn write_event(&mut self, ev: Event<'_>) -> io::Result<()> {
        if let Event::Gap {
            stream, dir, frame, ..
        } = ev
        {
            if self.shown(stream, dir) {
                strict::note(Problem::Gap, frame);
            }
        }
        match ev {
            Event::Start(info) if info.id == self.stream => {
                self.found = true;
                if self.format != FollowFormat::Raw {
                    let name = if self.format == FollowFormat::Hex {
                        "hex"
                    } else {
                        "ascii"
                    };
                    writeln!(self.out, "{RULE}")?;
                    writeln!(self.out, "Follow: tcp,{name}")?;
                    writeln!(self.out, "Filter: tcp.stream eq {}", self.stream)?;
                    writeln!(self.out, "Node 0: {}", info.client)?;
                    writeln!(self.out, "Node 1: {}", info.server)?;
                }
                Ok(())
            }
            Event::Data {
                stream,
                dir,
                offset,
                bytes,
                ..
            } if self.shown(stream, dir) => {
                let indent = self.indent(dir);
                match self.format {
                    FollowFormat::Raw => self.out.write_all(bytes),
                    FollowFormat::Hex => hex_dump(&mut self.out, indent, offset, bytes),
                    FollowFormat::Text => text_dump(&mut self.out, indent, bytes),
                }
            }
            Event::Gap {
                stream,
                dir,
                offset,
                len,
                reason,
                ..
            } if self.shown(stream, dir) && self.format != FollowFormat::Raw => {
                writeln!(
                    self.out,
                    "{}[gap: {len} byte(s) missing at offset {offset} ({})]",
                    self.indent(dir),
                    gap_words(reason)
                )
            }
            _ => Ok(()),
        }
    }
}
