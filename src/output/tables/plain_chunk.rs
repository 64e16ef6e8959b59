//! A column written PLAIN and zstd-compressed by us, not by Arrow's
//! writer: the JSON texts (each value mostly its own: no dictionary) and
//! the hashed ids (random-looking numbers, repeated over a stream's rows,
//! which zstd finds). A page's values are copied once, straight from the
//! batch's array (a text: its length in 4 bytes, then its bytes; a
//! number: its 8 bytes), and the page is compressed whole.

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
        })
    }

    /// Encodes a batch's column (texts, or 64-bit whole numbers) as a
    /// data page.
    pub fn write(&mut self, column: &ArrayRef) -> Result<()> {
        let rows = column.len();
        self.pages.check(column)?;
        let levels = Levels::of(column.nulls(), rows);
        let mut body = std::mem::take(&mut self.body);
        match column.data_type() {
            DataType::Utf8 if !self.numbers_only => {
                let present: Box<dyn Iterator<Item = usize>> = match &levels {
                    Levels::All => Box::new(0..rows),
                    Levels::None => Box::new(0..0),
                    Levels::Some(valid) => Box::new(valid.set_indices()),
                };
                let texts = column.as_string::<i32>();
                let (offsets, bytes) = (texts.value_offsets(), texts.value_data());
                self.pages.begin(&mut body, rows, levels.clone());
                body.reserve(bytes.len() + 4 * rows);
                for n in present {
                    let (start, end) = (offsets[n] as usize, offsets[n + 1] as usize);
                    body.extend_from_slice(&((end - start) as u32).to_le_bytes());
                    body.extend_from_slice(&bytes[start..end]);
                }
            }
            DataType::Int64 if self.numbers_only => {
                let values = column.as_primitive::<Int64Type>().values();
                let present = levels.present(values, &mut self.values);
                self.numbers.add(present, column.null_count());
                self.pages.begin(&mut body, rows, levels.clone());
                body.reserve(8 * present.len());
                for v in present {
                    body.extend_from_slice(&v.to_le_bytes());
                }
            }
            other => return Err(self.pages.error(&format!("{other} is not written plain"))),
        }
        self.compressed.clear();
        self.compressed
            .reserve(zstd::zstd_safe::compress_bound(body.len()));
        (self.compressor)
            .compress_to_buffer(&body, &mut self.compressed)
            .map_err(zstd_error)?;
        let page = self.compressed.clone();
        self.pages.push_compressed(page, body.len(), rows);
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
