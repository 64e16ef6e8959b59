//! What a table gathers before the writer takes it: rows that become an
//! Arrow batch when there are enough, and how many are enough. Both kinds
//! of rows implement [`Batches`]: [`Rows`](super::columns::Rows) (a builder
//! per column) and the records table's own buffers
//! ([`RecordsTable`](super::record_batch::RecordsTable)); the writer
//! (`writer.rs`) takes either.

use arrow_array::RecordBatch;
use arrow_schema::ArrowError;

/// Rows of a batch, at most. (A batch's buffers are in memory three
/// times over: being made, being written, and the one before kept to be
/// filled again. With 16 384 rows and 1 MiB of text, `decode --format
/// parquet` on two threads peaked at 62 MB on the packet-dense benchmark
/// capture; with these, 55 MB at the same speed, the files 7 % larger.)
pub const BATCH_ROWS: usize = 1 << 13;

/// Bytes of text of a batch: past them the batch is written whatever its
/// rows (records whose `fields` are large).
pub const BATCH_TEXT: usize = 1 << 19;

/// Rows gathered for a table, which become a batch when there are enough
/// ([`Batches::is_full`]) and at the end: [`Rows`] (a builder per column,
/// each row through [`TableFile::append`]) or a table that keeps its own
/// buffers ([`RecordsTable`](super::record_batch::RecordsTable)).
pub trait Batches {
    /// Rows gathered since the last batch.
    fn rows(&self) -> usize;
    /// Bytes of text gathered since the last batch.
    fn text_bytes(&self) -> usize;
    /// The rows gathered as a batch; the table starts again empty.
    fn finish(&mut self) -> Result<RecordBatch, ArrowError>;

    /// True when no row was gathered since the last batch.
    fn is_empty(&self) -> bool {
        self.rows() == 0
    }

    /// True when the rows gathered make a batch: at [`BATCH_ROWS`] rows or
    /// [`BATCH_TEXT`] bytes of text.
    fn is_full(&self) -> bool {
        self.rows() >= BATCH_ROWS || self.text_bytes() >= BATCH_TEXT
    }
}
