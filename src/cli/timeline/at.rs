//! `timeline --at FRAME`: the state of each game at a frame, in stream
//! order, instead of the changes.

use super::args::{TimelineArgs, TimelineFormat};
use crate::cli::passes::changes::{write_state, Made, Mode};
use crate::cli::passes::timelines::Pass;
use crate::cli::{CliError, InputArgs};
use cardshark::output::spill::{KeyedBytes, Store};
use cardshark::pipeline::StreamSet;
use std::io::{self, Write};
use std::ops::ControlFlow;

/// Bytes of table rows kept in memory before they spill to a temporary
/// file.
const TABLE_BYTES_IN_MEMORY: usize = 2 << 20;

/// What went wrong with the temporary file the table's rows spill to.
fn spill_error(e: io::Error) -> CliError {
    crate::cli::spill_error("the timeline's rows", e)
}

/// `--at FRAME`: each game's state at that frame, in stream order;
/// returns their streams. The states of streams that ended by then come
/// as they end, kept in a store that spills past a few MB; those still
/// open are added at the end.
pub(super) fn states_at(
    args: &TimelineArgs,
    input: &InputArgs,
    frame: u64,
    out: &mut impl Write,
) -> Result<StreamSet, CliError> {
    let jsonl = args.format == TimelineFormat::Jsonl;
    let pass = Pass {
        input,
        decode: &args.decode,
        stream: args.stream,
        at: Some(frame),
        mode: Mode::At { frame, jsonl },
        filter: None,
    };
    let mut states = Store::new(TABLE_BYTES_IN_MEMORY);
    let mut failed = None;
    let mut written = StreamSet::default();
    let open = pass
        .collect(|m, bytes| {
            if let Made::Line { stream, start, end } = m {
                written.insert(stream);
                let kept = states.push(KeyedBytes::new([stream], &bytes[start..end]));
                if let Err(e) = kept {
                    failed = Some(e);
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        })?
        .games;
    if let Some(e) = failed {
        return Err(spill_error(e));
    }
    for (&stream, g) in &open {
        written.insert(stream);
        let mut line = Vec::new();
        write_state(&mut line, stream, frame, g, jsonl)?;
        states
            .push(KeyedBytes::new([stream], line))
            .map_err(spill_error)?;
    }
    let sorted = states.finish().map_err(spill_error)?;
    for state in sorted.merge().map_err(spill_error)? {
        out.write_all(&state.map_err(spill_error)?.bytes)?;
    }
    Ok(written)
}
