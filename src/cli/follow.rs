//! `cardshark follow`: the reassembled bytes of one stream, like
//! `tshark -z follow,tcp`, with gaps marked.

use super::pcap_out::PcapOut;
use super::strict::{self, Problem};
use super::{display_filter, warn_all, CliError, DecodeOpts, InputArgs};
use cardshark::pipeline::StreamSet;
use cardshark::reassembly::{Direction, Event, GapReason};
use clap::{Args, ValueEnum, ValueHint};
use std::io::{self, Write};

/// How `follow` writes the bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FollowFormat {
    /// The bytes exactly as sent (gaps are left out: pick a direction with --dir).
    Raw,
    /// A hex dump with offsets; server data indented, gaps marked.
    Hex,
    /// Printable text, other bytes as '.'; gaps marked.
    Text,
}

/// Which direction(s) to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DirArg {
    C2s,
    S2c,
}

/// Arguments of `cardshark follow`.
#[derive(Args, Debug, Clone)]
pub struct FollowArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// The stream to follow (its index in `inspect`); with -Y, only if
    /// it has a matching record.
    #[arg(
        short = 's',
        long = "stream",
        value_name = "N",
        value_hint = ValueHint::Other,
        required_unless_present = "display_filter"
    )]
    pub stream: Option<u64>,
    /// Follow every stream that has a record EXPR matches, one after the
    /// other in stream order (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::records_help(
              "Every stream with a record that matches is followed, one after the other in \
               stream order, each as -s N would show it. The capture is read once to find \
               them, then once per stream: it must be a file, not standard input."))]
    pub display_filter: Option<String>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = FollowFormat::Hex)]
    pub format: FollowFormat,
    /// Show only one direction (default: both, in capture order).
    #[arg(long, value_enum)]
    pub dir: Option<DirArg>,
    /// Show the messages a WebSocket carried (unmasked, inflated, fragments
    /// joined; control frames marked) instead of the TCP bytes.
    #[arg(long)]
    pub websocket: bool,
    #[command(flatten)]
    pub decode: DecodeOpts,
}

/// Runs `cardshark follow`.
pub fn run(args: &FollowArgs) -> Result<(), CliError> {
    if args.display_filter.is_some() {
        super::follow_filter::check_input(&args.input)?;
    }
    // From here on the input is the one `-w` reads again (standard input
    // kept in a temporary file).
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let args = &FollowArgs {
        input,
        ..args.clone()
    };
    let streams = match &args.display_filter {
        Some(expr) => super::follow_filter::matching(args, expr)?,
        None => args.stream.into_iter().collect(),
    };
    let mut followed = StreamSet::default();
    for stream in streams {
        follow(args, stream)?;
        followed.insert(stream);
    }
    PcapOut::write_if(pcap_out, &args.input, &followed)
}

/// Follows one stream.
fn follow(args: &FollowArgs, stream: u64) -> Result<(), CliError> {
    let want_dir = args.dir.map(|d| match d {
        DirArg::C2s => Direction::C2S,
        DirArg::S2c => Direction::S2C,
    });
    if args.websocket {
        return super::follow_websocket::run(args, stream, want_dir);
    }
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

/// `-s N` names a stream `s` the capture does not have (of `streams`).
pub(super) fn no_stream(args: &FollowArgs, s: u64, streams: u64) -> CliError {
    CliError::Usage(format!(
        "-s {s}: {} has no stream {s} ({}: `cardshark inspect` lists them)",
        args.input.name(),
        super::count_streams(streams),
    ))
}

pub(super) const RULE: &str = "===================================================================";

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

pub(super) fn gap_words(reason: GapReason) -> &'static str {
    match reason {
        GapReason::AckedUnseen => "acknowledged but not captured",
        GapReason::BufferFull => "never arrived; buffer cap reached",
        GapReason::Truncated => "cut off by the snapshot length",
        GapReason::Closed => "never arrived before the stream ended",
    }
}

/// tshark's hex layout: offset, 16 bytes in two groups of 8, then the text.
pub(super) fn hex_dump(
    out: &mut impl Write,
    indent: &str,
    offset: u64,
    bytes: &[u8],
) -> io::Result<()> {
    for (i, line) in bytes.chunks(16).enumerate() {
        let mut hex = String::with_capacity(50);
        for j in 0..16 {
            if j == 8 {
                hex.push(' ');
            }
            match line.get(j) {
                Some(b) => hex.push_str(&format!("{b:02x} ")),
                None => hex.push_str("   "),
            }
        }
        let text: String = line
            .iter()
            .enumerate()
            .flat_map(|(j, &b)| {
                let c = if b.is_ascii_graphic() || b == b' ' {
                    b as char
                } else {
                    '.'
                };
                (j == 8)
                    .then_some(' ')
                    .into_iter()
                    .chain(std::iter::once(c))
            })
            .collect();
        writeln!(out, "{indent}{:08x}  {hex} {text}", offset + 16 * i as u64)?;
    }
    Ok(())
}

/// Printable ASCII and line breaks as they are, every other byte as '.'.
pub(super) fn text_dump(out: &mut impl Write, indent: &str, bytes: &[u8]) -> io::Result<()> {
    let text: String = bytes
        .iter()
        .map(|&b| match b {
            b'\n' | b'\t' => b as char,
            b if b.is_ascii_graphic() || b == b' ' => b as char,
            _ => '.',
        })
        .collect();
    for line in text.split_inclusive('\n') {
        write!(out, "{indent}{line}")?;
    }
    if !text.ends_with('\n') {
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_dump_matches_tshark_layout() {
        let mut out = Vec::new();
        hex_dump(&mut out, "\t", 16, b"\x00\x01player one!\xff\x10\x11ab").unwrap();
        let s = String::from_utf8(out).unwrap();
        assert_eq!(
            s,
            "\t00000010  00 01 70 6c 61 79 65 72  20 6f 6e 65 21 ff 10 11  ..player  one!...\n\
             \t00000020  61 62                                             ab\n"
        );
    }

    #[test]
    fn text_dump_keeps_lines_and_dots_binary() {
        let mut out = Vec::new();
        text_dump(&mut out, "\t", b"CGI 003.000\n\x00\x01x").unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), "\tCGI 003.000\n\t..x\n");
    }
}
