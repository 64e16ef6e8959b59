//! `cardshark follow`: the reassembled bytes of one stream, like
//! `tshark -z follow,tcp`, with gaps marked.
//!
//! Each stream is followed in a pass of its own: its bytes (`tcp.rs`), or
//! with `--websocket` its messages (`websocket.rs`); with `-Y` a first
//! pass finds the streams (`filter.rs`). `args.rs` holds the options.

mod args;
mod filter;
mod tcp;
mod websocket;

use super::pcap_out::PcapOut;
use super::CliError;
pub use args::FollowArgs;
use cardshark::pipeline::StreamSet;

/// Runs `cardshark follow`.
pub fn run(args: &FollowArgs) -> Result<(), CliError> {
    if args.display_filter.is_some() {
        filter::check_input(&args.input)?;
    }
    // From here on the input is the one `-w` reads again (standard input
    // kept in a temporary file).
    let (input, pcap_out) = args.input.with_pcap_out()?;
    let args = &FollowArgs {
        input,
        ..args.clone()
    };
    let streams = match &args.display_filter {
        Some(expr) => filter::matching(args, expr)?,
        None => args.stream.into_iter().collect(),
    };
    let want_dir = args.want_dir();
    let mut followed = StreamSet::default();
    for stream in streams {
        if args.websocket {
            websocket::run(args, stream, want_dir)?;
        } else {
            tcp::run(args, stream, want_dir)?;
        }
        followed.insert(stream);
    }
    PcapOut::write_if(pcap_out, &args.input, &followed)
}
