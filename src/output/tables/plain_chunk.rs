//! A column written PLAIN and zstd-compressed by us, not by Arrow's
//! writer: the JSON texts (each value mostly its own: no dictionary) and
//! the hashed ids (random-looking numbers, repeated over a stream's rows,
//! which zstd finds). A page is of Parquet's second version: its
//! definition levels as they are, then its values (a text: its length in
//! 4 bytes, then its bytes; a number: its 8 bytes) compressed. The values
//! are compressed where they are when the batch gives them PLAIN
//! already ([`Prefixed`]: the `records` table's JSON), else copied once
//! into a page first.

use super::chunk::{Levels, Numbers, Pages};
use arrow_array::cast::AsArray;
use arrow_array::types::Int64Type;
use arrow_array::{Array, ArrayRef};
use arrow_schema::DataType;
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::errors::{ParquetError, Result};
use parquet::file::writer::SerializedRowGroupWriter;
use parquet::schema::types::ColumnDescPtr;
use std::io::Write;

/// A row group's chunk of a PLAIN, compressed column, being made.
pub struct PlainChunk {
    pages: Pages,
    compressor: zstd::bulk::Compressor<'static>,
    /// The statistics (of numbers).
    numbers: Numbers,
    /// Whether the column holds numbers (which have statistics).
    numbers_only: bool,
    /// For a batch: the numbers of the rows that have one.
    values: Vec<i64>,
    /// A page's body, and it compressed (made again for each batch in
    /// the same room: they are as large as the batch's texts).
    body: Vec<u8>,
    compressed: Vec<u8>,
    /// A page's definition levels.
    levels: Vec<u8>,
}

/// The arrays the batches of a table that makes its own (`records`) hold
/// a JSON column in: binary, each value the text after its length (4
/// bytes, little-endian; a null: no bytes), PLAIN's encoding of it, so
/// that a page's values are the array's bytes as they are.
pub type Prefixed = arrow_array::BinaryArray;

/// The JSON text of row `n` of `json` (without its length).
pub fn prefixed_text(json: &Prefixed, n: usize) -> &[u8] {
    json.value(n).get(4..).unwrap_or_default()
}

/// The error of the compressor.
fn zstd_error(e: std::io::Error) -> ParquetError {
    ParquetError::General(format!("zstd: {e}"))
}

impl PlainChunk {
    /// An empty chunk of the column `descr`, compressed at zstd `level`.
    pub fn new(descr: ColumnDescPtr, level: ZstdLevel) -> Result<PlainChunk> {
        let compressor =
            zstd::bulk::Compressor::new(level.compression_level()).map_err(zstd_error)?;
        let compression = Compression::ZSTD(level);
        Ok(PlainChunk {
            numbers_only: descr.physical_type() == parquet::basic::Type::INT64,
            pages: Pages::compressed(descr, Encoding::PLAIN, compression),
            compressor,
            numbers: Numbers::default(),
            values: Vec::new(),
            body: Vec::new(),
            compressed: Vec::new(),
            levels: Vec::new(),
        })
    }

    /// Encodes a batch's column as a data page (Parquet's second version:
    /// the definition levels as they are, the values compressed): JSON
    /// texts given PLAIN ([`Prefixed`]: compressed where they are), other
    /// texts, or 64-bit whole numbers.
    pub fn write(&mut self, column: &ArrayRef) -> Result<()> {
        let rows = column.len();
        self.pages.check(column)?;
        let levels = Levels::of(column.nulls(), rows);
        let mut body = std::mem::take(&mut self.body);
        body.clear();
        let values: &[u8] = match column.data_type() {
            DataType::Binary if !self.numbers_only => {
                let texts = column.as_binary::<i32>();
                let offsets = texts.value_offsets();
                let (start, end) = (offsets[0] as usize, offsets[rows] as usize);
                texts.value_data().get(start..end).unwrap_or_default()
            }
            DataType::Utf8 if !self.numbers_only => {
                let texts = column.as_string::<i32>();
                body.reserve(texts.value_data().len() + 4 * rows);
                for text in texts.iter().flatten() {
                    body.extend_from_slice(&(text.len() as u32).to_le_bytes());
                    body.extend_from_slice(text.as_bytes());
                }
                &body
            }
            DataType::Int64 if self.numbers_only => {
                let values = column.as_primitive::<Int64Type>().values();
                let present = levels.present(values, &mut self.values);
                self.numbers.add(present, column.null_count());
                body.reserve(8 * present.len());
                for v in present {
                    body.extend_from_slice(&v.to_le_bytes());
                }
                &body
            }
            other => return Err(self.pages.error(&format!("{other} is not written plain"))),
        };
        self.compressed.clear();
        self.compressed
            .reserve(zstd::zstd_safe::compress_bound(values.len()));
        (self.compressor)
            .compress_to_buffer(values, &mut self.compressed)
            .map_err(zstd_error)?;
        let size = values.len();
        self.levels.clear();
        self.pages.levels(&mut self.levels, rows, levels);
        let nulls = column.null_count();
        self.pages
            .push_v2(&self.levels, &self.compressed, size, rows, nulls);
        self.body = body;
        Ok(())
    }

    /// Bytes held (the row group is written past a bound).
    pub fn memory_size(&self) -> usize {
        self.pages.memory_size()
    }

    /// Writes the chunk into the row group (numbers with their
    /// statistics).
    pub fn append_to<W: Write + Send>(
        self,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> Result<()> {
        let stats = self.numbers_only.then(|| self.numbers.statistics());
        self.pages.append_to(None, stats, group)
    }
}
