//! A table's Parquet file: our own encoders for the columns the schema
//! says are coded ([`DictChunk`]: [`super::columns::Kind::Code`],
//! dictionary arrays in the batches) and for whole numbers and times
//! ([`DeltaChunk`]), Arrow's column writers for the others.
//! Batches go into the row group being made, which is written when it
//! holds [`GROUP_ROWS`] rows or [`GROUP_BYTES`] encoded bytes, as Arrow's
//! own `ArrowWriter` does (which cannot take columns encoded elsewhere).
//! The file's schema, and the Arrow schema it records, say `Utf8` for the
//! coded columns: readers see text columns with a dictionary, as before.

use super::delta_chunk::DeltaChunk;
use super::dict_chunk::{Codes, DictChunk};
use arrow_array::{Array, RecordBatch, StringArray};
use arrow_schema::SchemaRef;
use parquet::arrow::arrow_writer::{
    compute_leaves, ArrowColumnWriter, ArrowRowGroupWriterFactory, ArrowWriter,
};
use parquet::errors::{ParquetError, Result};
use parquet::file::properties::WriterProperties;
use parquet::file::writer::SerializedFileWriter;
use std::io::Write;

/// Rows of a Parquet row group, at most: a row group holds several
/// batches, so that each column chunk's set-up (its compressor, its
/// dictionary) is paid once per million rows, not per batch.
pub const GROUP_ROWS: usize = 1 << 20;

/// Encoded bytes of a Parquet row group, at most (the writer holds a row
/// group's pages until it is whole).
pub const GROUP_BYTES: usize = 32 << 20;

/// Who encodes a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnEncoder {
    /// Arrow's column writer, by the file's properties.
    Arrow,
    /// [`DictChunk`].
    Dictionary,
    /// [`DeltaChunk`].
    Delta,
}

/// A column of the row group being made.
enum Chunk {
    Arrow(Box<ArrowColumnWriter>),
    Coded(DictChunk),
    Delta(DeltaChunk),
}

/// A Parquet file being written.
pub struct ParquetFile<W: Write + Send> {
    file: SerializedFileWriter<W>,
    factory: ArrowRowGroupWriterFactory,
    schema: SchemaRef,
    /// Who encodes each column.
    encoders: Vec<ColumnEncoder>,
    /// The row group being made (none before the first batch and after
    /// each group is written).
    group: Option<Vec<Chunk>>,
    rows: usize,
    groups: usize,
}

impl<W: Write + Send> ParquetFile<W> {
    /// Starts the file: `schema` is the file's (text for coded columns),
    /// `encoders` says who encodes each column.
    pub fn try_new(
        sink: W,
        schema: SchemaRef,
        encoders: Vec<ColumnEncoder>,
        props: WriterProperties,
    ) -> Result<ParquetFile<W>> {
        let arrow = ArrowWriter::try_new(sink, schema.clone(), Some(props))?;
        let (file, factory) = arrow.into_serialized_writer()?;
        Ok(ParquetFile {
            file,
            factory,
            schema,
            encoders,
            group: None,
            rows: 0,
            groups: 0,
        })
    }

    /// The file's writer (its errors).
    pub fn inner(&self) -> &W {
        self.file.inner()
    }

    /// The chunks of a new row group.
    fn start_group(&self) -> Result<Vec<Chunk>> {
        let writers = self.factory.create_column_writers(self.groups)?;
        let leaves = self.file.schema_descr();
        // Every column of the tables is one leaf (a list of texts too).
        let columns = self.encoders.len();
        if writers.len() != columns || leaves.num_columns() != columns {
            return Err(ParquetError::General("a column of several leaves".into()));
        }
        Ok((writers.into_iter().zip(&self.encoders).enumerate())
            .map(|(n, (w, encoder))| match encoder {
                ColumnEncoder::Dictionary => Chunk::Coded(DictChunk::new(leaves.column(n))),
                ColumnEncoder::Delta => Chunk::Delta(DeltaChunk::new(leaves.column(n))),
                ColumnEncoder::Arrow => Chunk::Arrow(Box::new(w)),
            })
            .collect())
    }

    /// Adds `batch` to the row group being made; writes the group when it
    /// is full.
    pub fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        if self.rows > 0 && self.rows + batch.num_rows() > GROUP_ROWS {
            self.flush()?;
        }
        let mut group = match self.group.take() {
            Some(g) => g,
            None => self.start_group()?,
        };
        let fields = self.schema.fields();
        for ((chunk, field), column) in group.iter_mut().zip(fields).zip(batch.columns()) {
            match chunk {
                Chunk::Arrow(w) => {
                    for leaf in compute_leaves(field, column)? {
                        w.write(&leaf)?;
                    }
                }
                Chunk::Delta(d) => d.write(column)?,
                Chunk::Coded(c) => {
                    let any = column.as_any();
                    match (
                        any.downcast_ref::<Codes>(),
                        any.downcast_ref::<StringArray>(),
                    ) {
                        (Some(codes), _) => c.write(codes)?,
                        (None, Some(texts)) => c.write_texts(texts)?,
                        _ => {
                            let why = format!("column {}: neither codes nor texts", field.name());
                            return Err(ParquetError::General(why));
                        }
                    }
                }
            }
        }
        self.rows += batch.num_rows();
        let bytes: usize = (group.iter())
            .map(|c| match c {
                Chunk::Arrow(w) => w.get_estimated_total_bytes(),
                Chunk::Coded(c) => c.memory_size(),
                Chunk::Delta(d) => d.memory_size(),
            })
            .sum();
        self.group = Some(group);
        if self.rows >= GROUP_ROWS || bytes >= GROUP_BYTES {
            self.flush()?;
        }
        Ok(())
    }

    /// Writes the row group being made, if any.
    fn flush(&mut self) -> Result<()> {
        let Some(group) = self.group.take() else {
            return Ok(());
        };
        let mut writer = self.file.next_row_group()?;
        for chunk in group {
            match chunk {
                Chunk::Arrow(w) => w.close()?.append_to_row_group(&mut writer)?,
                Chunk::Coded(c) => c.append_to(&mut writer)?,
                Chunk::Delta(d) => d.append_to(&mut writer)?,
            }
        }
        writer.close()?;
        self.rows = 0;
        self.groups += 1;
        Ok(())
    }

    /// Writes the last row group and the footer.
    pub fn finish(&mut self) -> Result<()> {
        self.flush()?;
        self.file.finish().map(drop)
    }
}
