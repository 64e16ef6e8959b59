//! Where `inspect` keeps its rows until the end of the pass, in bounded
//! memory: a [`Store`](cardshark::output::spill::Store) of [`Row`]s, sorted by
//! stream id, spilled to a temporary file in runs past
//! [`ROWS_IN_MEMORY`] rows, each row encoded by [`super::codec`] (which
//! makes a row a `Spill`); the bound, and what a failing temporary file
//! is told as.

use crate::cli::{self, bound_from_env, CliError};
use cardshark::decode::{DirCounts, How, StreamReport};
use cardshark::output::spill;
use cardshark::protocols::{Dialect, ProtocolId};
use cardshark::reassembly::{EndReason, StreamInfo};
use cardshark::transport::Transport;
use std::io;

/// Rows held in memory before a run is spilled, by default.
pub const ROWS_IN_MEMORY: usize = 4_096;

/// Rows, at most a bounded number of them in memory.
pub type RowStore = spill::Store<Row>;

/// Every row of a [`RowStore`], to be read in stream-id order.
pub type Sorted = spill::Sorted<Row>;

/// A store holding at most `rows` rows in memory (at least 1).
pub fn store(rows: usize) -> RowStore {
    RowStore::new(rows.saturating_mul(std::mem::size_of::<Row>()))
}

/// Test hook: rows held in memory before `inspect` spills them to a
/// temporary file (default [`ROWS_IN_MEMORY`]). Not for users: the tests set
/// it small to make the spilled output comparable with the unspilled one.
const ROWS_IN_MEMORY_VAR: &str = "CARDSHARK_INSPECT_ROWS_IN_MEMORY";

/// The row bound: [`ROWS_IN_MEMORY_VAR`] when set, else the default.
pub(super) fn rows_in_memory() -> Result<usize, CliError> {
    bound_from_env(ROWS_IN_MEMORY_VAR, ROWS_IN_MEMORY)
}

/// What went wrong with the temporary file rows are spilled to.
pub(super) fn spill_error(e: io::Error) -> CliError {
    cli::spill_error("inspect's rows", e)
}

/// What decoding made of a stream.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Decoding {
    /// The protocol decoded, if one was.
    pub protocol: Option<ProtocolId>,
    /// The protocol's dialect, when it has several.
    pub dialect: Option<Dialect>,
    /// How the protocol was chosen.
    pub how: How,
    /// What carried the messages.
    pub transport: Transport,
    /// Decoding counters, indexed by [`cardshark::reassembly::Direction::index`].
    pub counts: [DirCounts; 2],
}

impl Decoding {
    /// What the decode stage's report says.
    pub fn of(r: &StreamReport) -> Self {
        Decoding {
            protocol: r.protocol,
            dialect: r.dialect,
            how: r.how,
            transport: r.transport,
            counts: r.counts,
        }
    }
}

/// A stream as it ended: its TCP side and what decoding made of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// The stream's final statistics.
    pub info: StreamInfo,
    /// Why it ended.
    pub reason: EndReason,
    /// What decoding made of it (none when the decode stage said nothing).
    pub decoding: Option<Decoding>,
}
