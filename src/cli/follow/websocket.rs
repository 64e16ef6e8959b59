//! `cardshark follow --websocket`: what a WebSocket connection carried,
//! message by message (unmasked, inflated, fragments joined), like
//! tshark's "Follow WebSocket", with control frames, gaps and bytes that
//! were not frames marked. The messages come from the decode stage, which
//! keeps their payloads for this ([`DecodeConfig::payloads`]).

use super::args::{no_stream, FollowArgs, FollowFormat};
use crate::cli::dump::{gap_words, hex_dump, text_dump, RULE};
use crate::cli::strict::Watch;
use crate::cli::{warn_all, CliError};
use cardshark::decode::{Body, DecodeConfig, DecodeStage, Record, RecordSink, WsEvent};
use cardshark::reassembly::Direction;
use std::io::{self, Write};

struct Follower<W: Write> {
    out: W,
    format: FollowFormat,
    stream: u64,
    want_dir: Option<Direction>,
    /// The stream was seen (its ends), and it is a WebSocket.
    found: Option<(std::net::SocketAddr, std::net::SocketAddr)>,
    websocket: bool,
    error: Option<io::Error>,
}

impl<W: Write> RecordSink for Follower<W> {
    fn record(&mut self, r: Record) {
        if self.error.is_some() || r.stream != self.stream {
            return;
        }
        if let Err(e) = self.write(&r) {
            self.error = Some(e);
        }
    }
}

impl<W: Write> Follower<W> {
    fn indent(&self, dir: Direction) -> &'static str {
        if self.want_dir.is_none() && dir == Direction::S2C {
            "\t"
        } else {
            ""
        }
    }

    /// A bracketed line for what is not message bytes (not in raw output).
    fn mark(&mut self, dir: Direction, text: String) -> io::Result<()> {
        if self.format == FollowFormat::Raw {
            return Ok(());
        }
        writeln!(self.out, "{}[{text}]", self.indent(dir))
    }

    fn write(&mut self, r: &Record) -> io::Result<()> {
        if let Body::StreamStart = r.body {
            self.found = Some((r.src, r.dst));
            return Ok(());
        }
        let Some(c) = &r.carried else {
            return Ok(());
        };
        if !self.websocket {
            self.websocket = true;
            if let (Some((client, server)), true) = (self.found, self.format != FollowFormat::Raw) {
                let name = match self.format {
                    FollowFormat::Hex => "hex",
                    _ => "ascii",
                };
                writeln!(self.out, "{RULE}")?;
                writeln!(self.out, "Follow: websocket,{name}")?;
                writeln!(self.out, "Filter: tcp.stream eq {}", self.stream)?;
                writeln!(self.out, "Node 0: {client}")?;
                writeln!(self.out, "Node 1: {server}")?;
            }
        }
        if self.want_dir.is_some_and(|d| d != r.dir) {
            return Ok(());
        }
        let indent = self.indent(r.dir);
        if let Some(payload) = &c.payload {
            return match self.format {
                FollowFormat::Raw => self.out.write_all(payload),
                FollowFormat::Hex => hex_dump(&mut self.out, indent, r.offset, payload),
                FollowFormat::Text => text_dump(&mut self.out, indent, payload),
            };
        }
        match &r.body {
            Body::WebSocket(e) => match &**e {
                WsEvent::Upgrade { resource, .. } => {
                    self.mark(r.dir, format!("upgrade to WebSocket: {resource}"))
                }
                WsEvent::Control {
                    close: Some((code, reason)),
                    ..
                } => self.mark(r.dir, format!("close {code} {reason:?}")),
                WsEvent::Control {
                    opcode, payload, ..
                } => self.mark(
                    r.dir,
                    format!("{}: {} byte(s)", opcode.name(), payload.len()),
                ),
                WsEvent::Error { len, why } => {
                    self.mark(r.dir, format!("frame of {len} byte(s) not used: {why}"))
                }
            },
            Body::Gap { len, reason } => self.mark(
                r.dir,
                format!(
                    "gap: {len} byte(s) missing at TCP offset {} ({})",
                    c.tcp_offset,
                    gap_words(*reason)
                ),
            ),
            Body::UnknownData { len, reason } => self.mark(
                r.dir,
                format!("{len} byte(s) at TCP offset {}: {reason}", c.tcp_offset),
            ),
            _ => Ok(()),
        }
    }
}

/// Follows the messages of a WebSocket stream.
pub fn run(args: &FollowArgs, stream: u64, want_dir: Option<Direction>) -> Result<(), CliError> {
    let config = DecodeConfig {
        payloads: true,
        ..args.decode.config()?
    };
    let follower = Follower {
        out: io::BufWriter::with_capacity(1 << 16, io::stdout().lock()),
        format: args.format,
        stream,
        want_dir,
        found: None,
        websocket: false,
        error: None,
    };
    let mut stage = DecodeStage::new(config, Watch::new(follower, Some(stream)));
    let summary = args.input.run_events(&mut stage)?;
    let mut f = stage.into_sink().inner;
    if let Some(e) = f.error.take() {
        return Err(e.into());
    }
    let name = args.input.name();
    if f.found.is_none() {
        return Err(no_stream(args, stream, summary.reassembly.streams));
    }
    args.decode
        .check_streams(name, summary.reassembly.streams)?;
    if !f.websocket {
        return Err(CliError::Usage(format!(
            "--websocket: {name}: stream {stream} is not a WebSocket (follow it without --websocket)"
        )));
    }
    if args.format != FollowFormat::Raw {
        writeln!(f.out, "{RULE}")?;
    }
    f.out.flush()?;
    warn_all(&summary);
    Ok(())
}
