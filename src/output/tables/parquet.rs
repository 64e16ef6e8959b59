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
use super::plain_chunk::PlainChunk;
use arrow_array::{Array, RecordBatch, StringArray};
use arrow_schema::SchemaRef;
use parquet::arrow::arrow_writer::{
    compute_leaves, ArrowColumnWriter, ArrowRowGroupWriterFactory, ArrowWriter,
};
use parquet::basic::{Compression, ZstdLevel};
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
pub const GROUP_BYTES: usize = 4 << 20;

/// Who encodes a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ColumnEncoder {
    /// Arrow's column writer, by the file's properties.
    Arrow,
    /// [`DictChunk`].
    Dictionary,
    /// [`DeltaChunk`].
    Delta,
    /// [`PlainChunk`], compressed as the properties say.
    Plain,
}

/// A column of the row group being made.
enum Chunk {
    Arrow(Box<ArrowColumnWriter>),
    Coded(DictChunk),
    Delta(DeltaChunk),
    Plain(PlainChunk),
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
        let props = self.file.properties();
        (writers.into_iter().zip(&self.encoders).enumerate())
            .map(|(n, (w, encoder))| {
                let descr = leaves.column(n);
                Ok(match encoder {
                    ColumnEncoder::Dictionary => Chunk::Coded(DictChunk::new(descr)),
                    ColumnEncoder::Delta => Chunk::Delta(DeltaChunk::new(descr)),
                    ColumnEncoder::Plain => {
                        let level = match props.compression(descr.path()) {
                            Compression::ZSTD(level) => level,
                            _ => ZstdLevel::default(),
                        };
                        Chunk::Plain(PlainChunk::new(descr, level)?)
                    }
                    ColumnEncoder::Arrow => Chunk::Arrow(Box::new(w)),
                })
            })
            .collect()
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
                Chunk::Plain(p) => p.write(column)?,
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
                Chunk::Plain(p) => p.memory_size(),
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
                Chunk::Plain(p) => p.append_to(&mut writer)?,
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

#[cfg(test)]
mod tests {
    use super::super::columns::schema;
    use super::super::record_batch::{text_at, RecordsTable};
    use super::super::records::{RecordRow, Stream, COLUMNS};
    use super::*;
    use crate::decode::record::sample;
    use crate::decode::Body;
    use crate::reassembly::{Direction, GapReason};
    use arrow_array::cast::AsArray;
    use arrow_array::types::{Int64Type, TimestampMicrosecondType};
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::basic::Encoding;
    use parquet::file::properties::EnabledStatistics;

    /// The records of two batches (a message, a gap, a stream's start),
    /// written by our encoders and Arrow's, read back by Arrow's reader:
    /// every value where it was, and each column encoded as it should be.
    #[test]
    fn records_read_back_as_they_were_written() {
        let fold = crate::output::records::sample_fold(Vec::new(), Some("bad"));
        let gap = Body::Gap {
            len: 5,
            reason: GapReason::Closed,
        };
        let records = [
            sample(Direction::C2S, Body::StreamStart),
            sample(Direction::C2S, fold),
            sample(Direction::S2C, gap),
        ];
        let stream = Stream::new(77, &records[0]);
        let mut bytes = Vec::new();
        let rows: Vec<RecordRow> = (records.iter())
            .map(|r| RecordRow::new(r, &stream, &mut bytes))
            .collect();
        let props = WriterProperties::builder()
            .set_statistics_enabled(EnabledStatistics::Chunk)
            .build();
        let encoders = COLUMNS
            .iter()
            .map(|c| super::super::writer::encoder(c.kind))
            .collect();
        let mut file = ParquetFile::try_new(Vec::new(), schema(COLUMNS), encoders, props).unwrap();
        let mut table = RecordsTable::new(5);
        let mut written = Vec::new();
        for batch_rows in [&rows[..2], &rows[2..]] {
            for row in batch_rows {
                table.append(row, &bytes);
            }
            let batch = table.finish().unwrap();
            file.write(&batch).unwrap();
            written.push(batch);
        }
        file.finish().unwrap();
        let out = bytes::Bytes::from(file.file.inner().clone());

        let reader = ParquetRecordBatchReaderBuilder::try_new(out.clone()).unwrap();
        let meta = reader.metadata().clone();
        let read: Vec<RecordBatch> = reader.build().unwrap().map(Result::unwrap).collect();
        assert_eq!(read.len(), 1, "three rows read in one batch");
        let read = &read[0];
        assert_eq!(read.num_rows(), 3);
        assert_eq!(read.schema(), schema(COLUMNS));
        for name in [
            "dir",
            "src",
            "dst",
            "type",
            "event",
            "protocol",
            "transport",
            "fields",
            "error",
        ] {
            let expected: Vec<Option<String>> = (written.iter())
                .flat_map(|b| (0..b.num_rows()).map(move |n| text_at(b, name, n)))
                .collect();
            let got: Vec<Option<String>> = (0..3).map(|n| text_at(read, name, n)).collect();
            assert_eq!(got, expected, "column {name}");
        }
        assert_eq!(text_at(read, "event", 2).as_deref(), Some("gap"));
        assert_eq!(text_at(read, "src", 2).as_deref(), Some("10.0.0.2:19380"));
        let ints = |name: &str| -> Vec<Option<i64>> {
            let c = read
                .column_by_name(name)
                .unwrap()
                .as_primitive::<Int64Type>();
            (0..3).map(|n| c.is_valid(n).then(|| c.value(n))).collect()
        };
        assert_eq!(ints("len"), [None, Some(13), Some(5)]);
        assert_eq!(ints("stream_uid"), [Some(77); 3]);
        assert_eq!(ints("capture"), [Some(5); 3]);
        let ts = read.column_by_name("ts").unwrap();
        let ts = ts.as_primitive::<TimestampMicrosecondType>();
        let before = written[0].column_by_name("ts").unwrap();
        assert_eq!(
            ts.value(0),
            before.as_primitive::<TimestampMicrosecondType>().value(0)
        );

        let group = meta.row_group(0);
        let column = |name: &str| {
            (group.columns().iter())
                .find(|c| c.column_path().string() == name)
                .unwrap()
        };
        let encodings = |name: &str| column(name).encodings().collect::<Vec<_>>();
        assert!(encodings("src").contains(&Encoding::RLE_DICTIONARY));
        assert!(encodings("frame").contains(&Encoding::DELTA_BINARY_PACKED));
        assert!(encodings("fields").contains(&Encoding::PLAIN));
        assert!(matches!(
            column("fields").compression(),
            Compression::ZSTD(_)
        ));
        let stats = column("len").statistics().unwrap();
        assert_eq!(stats.null_count_opt(), Some(1));
        assert_eq!(
            (stats.min_bytes_opt(), stats.max_bytes_opt()),
            (
                Some(&5i64.to_le_bytes()[..]),
                Some(&13i64.to_le_bytes()[..])
            )
        );
    }

    /// A coded column a table gives as plain texts (built with Arrow's
    /// builders, as the `hands` tables are) is coded by the writer: it
    /// reads back as it was, nulls included, with a dictionary.
    #[test]
    fn coded_columns_may_come_as_plain_texts() {
        use super::super::columns::{opt, Kind};
        use arrow_array::StringArray;
        use std::sync::Arc;
        let columns = [opt("name", Kind::Code, "")];
        let texts = StringArray::from(vec![Some("c2s"), None, Some("s2c"), Some("c2s")]);
        let batch = RecordBatch::try_new(schema(&columns), vec![Arc::new(texts.clone())]).unwrap();
        let encoders = vec![ColumnEncoder::Dictionary];
        let props = WriterProperties::builder().build();
        let mut file = ParquetFile::try_new(Vec::new(), schema(&columns), encoders, props).unwrap();
        file.write(&batch).unwrap();
        file.finish().unwrap();
        let out = bytes::Bytes::from(file.file.inner().clone());
        let reader = ParquetRecordBatchReaderBuilder::try_new(out).unwrap();
        let chunk = reader.metadata().row_group(0).column(0).clone();
        assert!(chunk.encodings().any(|e| e == Encoding::RLE_DICTIONARY));
        let read: Vec<RecordBatch> = reader.build().unwrap().map(Result::unwrap).collect();
        assert_eq!(read[0].column(0).as_string::<i32>(), &texts);
    }
}
