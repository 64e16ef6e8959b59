//! cardshark: a dissector for old online game protocols.
//!
//! The crate follows the pipeline of ARCHITECTURE.md, one module per
//! stage, data flowing one way:
//!
//! ```text
//! capture ──> link ──> reassembly ──> (detection, decoding, analysis) ──> output
//! ```
//!
//! - [`capture`] reads pcap and pcapng files (or standard input) as a stream
//!   of [`capture::Frame`]s, in bounded memory.
//! - [`link`] takes a frame apart (link layer, IPv4/IPv6, fragments) down to
//!   a [`link::TcpSegment`], and counts what is not TCP.
//! - [`reassembly`] turns segments into ordered byte streams per connection
//!   and direction, with explicit gap events, as [`reassembly::Event`]s.
//! - [`transport`] unwraps what a stream's bytes are wrapped in (the
//!   WebSocket wire layer: handshake, frames, messages, inflation).
//! - [`detect`] says which protocol a stream speaks, [`decode`] turns its
//!   bytes into records (running the transport for a WebSocket), and
//!   [`analysis`] rebuilds hands and game states from the records.
//! - [`output`] holds the shared formatting; the subcommands are the
//!   binary's (`src/cli/`, `src/main.rs`), not the library's.
//!
//! - [`pipeline`] runs them: one [`pipeline::Pipeline`] per input, its
//!   connections shared out over worker threads, the output merged back
//!   in capture order whatever the number of threads.
//!
//! ARCHITECTURE.md at the top of the repository is the map: the pipeline,
//! the record, the shape of a protocol module, and where each thing lives.
//!
//! # Embedding
//!
//! A program that wants the poker hands of a capture runs a pipeline whose
//! workers each decode their connections and collect hands
//! ([`analysis::hands::HandCollector`]); the hands come back in capture
//! order, on the calling thread, each as one connection saw it (a hand
//! several captured clients saw is one hand once its views are joined:
//! [`analysis::hands::join`], which `cardshark hands` runs, with the
//! collector's announcements of the views it opens):
//!
//! ```no_run
//! use cardshark::analysis::hands::{Hand, HandCollector};
//! use cardshark::decode::{DecodeConfig, DecodeStage};
//! use cardshark::pipeline::Pipeline;
//! use std::ops::ControlFlow;
//!
//! let mut hands: Vec<Hand> = Vec::new();
//! let done = Pipeline::open("game.pcap")?
//!     .threads(4)
//!     .run(
//!         || DecodeStage::new(DecodeConfig::default(), HandCollector::new()),
//!         &mut |hand: Hand, _: &[u8]| {
//!             hands.push(hand);
//!             ControlFlow::Continue(())
//!         },
//!     )?;
//! for h in &hands {
//!     println!("{}: {} seats, pot {}", h.id(), h.seats.len(), h.total_pot());
//! }
//! for warning in done.summary.warnings() {
//!     eprintln!("{warning}");
//! }
//! # Ok::<(), cardshark::capture::CaptureError>(())
//! ```
//!
//! Records ([`decode::Record`], the JSON record contract) come the same way
//! from a [`decode::Render`] of one's own (see the [`pipeline`] docs),
//! and game-state timelines from [`analysis::timeline::TimelineCollector`].

pub mod analysis;
pub mod capture;
pub mod decode;
pub mod detect;
pub mod filter;
pub mod link;
pub mod output;
pub mod pipeline;
mod prefetch;
pub mod protocols;
pub mod reassembly;
pub mod transport;
