//! A table's Parquet file, written by the `parquet` crate's
//! [`ArrowWriter`]: how each kind of column is encoded, compressed and
//! given statistics is said once, in the writer's properties
//! ([`properties`]), and the writer does the rest.
//!
//! The batches may hold a text column of few values (a
//! [`Kind::Code`] column of the `records` table) as codes into a list of
//! texts (an Arrow dictionary array, [`Codes`]): the file's schema, and
//! the Arrow schema it records, say `Utf8` for it, so readers see a text
//! column with a dictionary, as they see the others.
//!
//! Memory: the writer holds the row group being made (its pages encoded
//! and compressed, and each column's page being filled) until it is
//! written; it is written when it holds [`GROUP_ROWS`] rows, or once the
//! writer's memory reaches [`GROUP_BYTES`] after a batch (a batch is at
//! most `writer::BATCH_ROWS` rows or `writer::BATCH_TEXT` bytes of text,
//! so it passes the bound by little).

use super::columns::{Column, Kind};
use arrow_array::types::UInt32Type;
use arrow_array::{DictionaryArray, RecordBatch};
use arrow_schema::SchemaRef;
use parquet::arrow::ArrowWriter;
use parquet::basic::{Compression, Encoding, ZstdLevel};
use parquet::errors::Result;
use parquet::file::properties::{EnabledStatistics, WriterProperties, WriterVersion};
use parquet::schema::types::ColumnPath;
use std::io::Write;

/// The arrays the batches of the `records` table hold a coded column
/// in: codes into the batch's own list of texts.
pub type Codes = DictionaryArray<UInt32Type>;

/// Rows of a Parquet row group, at most: a row group holds several
/// batches, so that each column chunk's set-up (its compressor, its
/// dictionary) is paid once per many batches, not per batch.
pub const GROUP_ROWS: usize = 1 << 20;

/// Bytes the writer holds for the row group being made, at most (its
/// memory, [`ArrowWriter::memory_size`]: encoded pages, the pages being
/// filled, the dictionaries): past them after a batch, the group is
/// written.
pub const GROUP_BYTES: usize = 4 << 20;

/// The zstd level of the compressed columns: a fast one (negative levels
/// trade size for speed). The texts repeat so much that the files are
/// still many times smaller than JSON Lines (BENCHMARKS.md).
const ZSTD_LEVEL: i32 = -20;

/// How the Parquet files are written, column by column:
///
/// - whole numbers and times: DELTA_BINARY_PACKED (frames, times and
///   offsets grow through a capture, so a delta takes a few bits), not
///   compressed further, with statistics (minimum, maximum) per row
///   group, by which a reader skips row groups;
/// - ids that are hashes: PLAIN, zstd (they repeat over a stream's or
///   hand's rows; their deltas would take 64 bits), with statistics;
/// - texts of few values ([`Kind::Code`]: directions, endpoints,
///   protocols, types): a dictionary, the codes uncompressed (a code takes
///   a few bits);
/// - other texts: a dictionary (reasons, errors, notes repeat), zstd;
/// - names the program gives in the `hands` tables, JSON: PLAIN, zstd, no
///   dictionary (names compress as well without one and cost less to
///   write; JSON values are mostly their own);
/// - texts have no statistics (texts in capture order would gain nothing
///   from them, and comparing each costs).
///
/// Data pages are of Parquet's second version, whose values are compressed
/// where the encoder left them (a first-version page is copied whole
/// after its levels first: on the message-dense benchmark capture that
/// was 400 000 more page faults, 0.7 s of system time, for the same
/// file). Pages are Parquet's default size, 1 MiB: smaller ones, which
/// glibc would serve from the heap instead of a mapping of their own, made
/// the files 1.5 to 1.9 times larger (zstd finds less to repeat in a small
/// page) and took more memory (BENCHMARKS.md, issue 35).
pub fn properties(columns: &[Column]) -> WriterProperties {
    let zstd = Compression::ZSTD(ZstdLevel::try_new(ZSTD_LEVEL).unwrap_or_default());
    let mut props = WriterProperties::builder()
        .set_compression(zstd)
        .set_statistics_enabled(EnabledStatistics::None)
        .set_writer_version(WriterVersion::PARQUET_2_0)
        .set_max_row_group_row_count(Some(GROUP_ROWS));
    for c in columns {
        let path = ColumnPath::from(c.name);
        match c.kind {
            Kind::Int | Kind::Time => {
                props = (props.set_column_dictionary_enabled(path.clone(), false))
                    .set_column_encoding(path.clone(), Encoding::DELTA_BINARY_PACKED)
                    .set_column_compression(path.clone(), Compression::UNCOMPRESSED)
                    .set_column_statistics_enabled(path, EnabledStatistics::Chunk);
            }
            Kind::Id => {
                props = (props.set_column_dictionary_enabled(path.clone(), false))
                    .set_column_encoding(path.clone(), Encoding::PLAIN)
                    .set_column_statistics_enabled(path, EnabledStatistics::Chunk);
            }
            Kind::Code => {
                props = props.set_column_compression(path, Compression::UNCOMPRESSED);
            }
            Kind::Name | Kind::Json => {
                props = (props.set_column_dictionary_enabled(path.clone(), false))
                    .set_column_encoding(path, Encoding::PLAIN);
            }
            Kind::IntList => {
                props = props.set_column_dictionary_enabled(path, false);
            }
            Kind::Str | Kind::StrList | Kind::Bool => {}
        }
    }
    props.build()
}

/// A Parquet file being written.
pub struct ParquetFile<W: Write + Send> {
    writer: ArrowWriter<W>,
}

impl<W: Write + Send> ParquetFile<W> {
    /// Starts the file of `columns`, whose Arrow schema is `schema` (text
    /// for coded columns), written to `sink`.
    pub fn try_new(sink: W, schema: SchemaRef, columns: &[Column]) -> Result<ParquetFile<W>> {
        let writer = ArrowWriter::try_new(sink, schema, Some(properties(columns)))?;
        Ok(ParquetFile { writer })
    }

    /// The file's writer (its errors).
    pub fn inner(&self) -> &W {
        self.writer.inner()
    }

    /// Adds `batch` to the row group being made; writes the group when it
    /// is full (in rows, or in the writer's memory).
    pub fn write(&mut self, batch: &RecordBatch) -> Result<()> {
        self.writer.write(batch)?;
        if self.writer.memory_size() >= GROUP_BYTES {
            self.writer.flush()?;
        }
        Ok(())
    }

    /// Writes the last row group and the footer.
    pub fn finish(&mut self) -> Result<()> {
        self.writer.finish().map(drop)
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
    use arrow_array::Array;
    use parquet::arrow::arrow_reader::ParquetRecordBatchReaderBuilder;
    use parquet::file::metadata::ParquetMetaData;

    /// Writes `batches` of `columns` to a file in memory; the file.
    fn written(columns: &[Column], batches: &[RecordBatch]) -> bytes::Bytes {
        let mut file = ParquetFile::try_new(Vec::new(), schema(columns), columns).unwrap();
        for batch in batches {
            file.write(batch).unwrap();
        }
        file.finish().unwrap();
        bytes::Bytes::from(file.inner().clone())
    }

    /// The file's batches as Arrow's reader reads them, and its metadata.
    fn read(file: bytes::Bytes) -> (Vec<RecordBatch>, std::sync::Arc<ParquetMetaData>) {
        let reader = ParquetRecordBatchReaderBuilder::try_new(file).unwrap();
        let meta = reader.metadata().clone();
        let batches = reader.build().unwrap().map(Result::unwrap).collect();
        (batches, meta)
    }

    /// The records of two batches (a message, a gap, a stream's start),
    /// read back by Arrow's reader: every value where it was, the schema
    /// the file's (text where the batches had codes), and each column
    /// encoded as the properties say.
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
        let mut table = RecordsTable::new(5);
        let mut batches = Vec::new();
        for batch_rows in [&rows[..2], &rows[2..]] {
            for row in batch_rows {
                table.append(row, &bytes);
            }
            batches.push(table.finish().unwrap());
        }
        let (read, meta) = read(written(COLUMNS, &batches));
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
            let expected: Vec<Option<String>> = (batches.iter())
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
        let before = batches[0].column_by_name("ts").unwrap();
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
        assert_eq!(column("src").compression(), Compression::UNCOMPRESSED);
        assert!(encodings("frame").contains(&Encoding::DELTA_BINARY_PACKED));
        assert_eq!(column("frame").compression(), Compression::UNCOMPRESSED);
        assert!(encodings("fields").contains(&Encoding::PLAIN));
        assert!(!encodings("fields").contains(&Encoding::RLE_DICTIONARY));
        assert!(matches!(
            column("fields").compression(),
            Compression::ZSTD(_)
        ));
        assert!(encodings("stream_uid").contains(&Encoding::PLAIN));
        assert!(column("fields").statistics().is_none());
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

    /// Numbers are delta-encoded, uncompressed, with statistics; hashed
    /// ids plain and compressed; coded texts a dictionary, uncompressed;
    /// other texts a dictionary and zstd, no statistics; JSON and names
    /// plain and zstd, no dictionary.
    #[test]
    fn each_kind_of_column_is_encoded_its_own_way() {
        let props = properties(COLUMNS);
        let of = |name: &str| ColumnPath::from(name);
        let frame = of("frame");
        assert_eq!(props.encoding(&frame), Some(Encoding::DELTA_BINARY_PACKED));
        assert_eq!(props.compression(&frame), Compression::UNCOMPRESSED);
        assert_eq!(
            props.statistics_enabled(&of("ts")),
            EnabledStatistics::Chunk
        );
        assert!(!props.dictionary_enabled(&of("ts")));
        let reason = of("reason");
        assert!(props.dictionary_enabled(&reason));
        assert_eq!(props.statistics_enabled(&reason), EnabledStatistics::None);
        assert!(matches!(props.compression(&reason), Compression::ZSTD(_)));
        let fields = of("fields");
        assert!(!props.dictionary_enabled(&fields));
        assert_eq!(props.encoding(&fields), Some(Encoding::PLAIN));
        assert!(props.dictionary_enabled(&of("dir")));
        assert_eq!(props.compression(&of("dir")), Compression::UNCOMPRESSED);
        let uid = of("stream_uid");
        assert_eq!(props.encoding(&uid), Some(Encoding::PLAIN));
        assert!(matches!(props.compression(&uid), Compression::ZSTD(_)));
        assert!(!props.dictionary_enabled(&uid));
        assert_eq!(props.max_row_group_row_count(), Some(GROUP_ROWS));
        assert_eq!(props.writer_version(), WriterVersion::PARQUET_2_0);
    }

    /// A coded column a table gives as plain texts (built with Arrow's
    /// builders, as the `hands` tables are) reads back as it was, nulls
    /// included, with a dictionary.
    #[test]
    fn coded_columns_may_come_as_plain_texts() {
        use super::super::columns::opt;
        use arrow_array::StringArray;
        use std::sync::Arc;
        let columns = [opt("name", Kind::Code, "")];
        let texts = StringArray::from(vec![Some("c2s"), None, Some("s2c"), Some("c2s")]);
        let batch = RecordBatch::try_new(schema(&columns), vec![Arc::new(texts.clone())]).unwrap();
        let (read, meta) = read(written(&columns, &[batch]));
        let chunk = meta.row_group(0).column(0);
        assert!(chunk.encodings().any(|e| e == Encoding::RLE_DICTIONARY));
        assert_eq!(read[0].column(0).as_string::<i32>(), &texts);
    }

    /// Row groups are bounded: in rows (a table of numbers), and by the
    /// writer's memory (a table of texts that do not repeat).
    #[test]
    fn row_groups_are_bounded_in_rows_and_in_bytes() {
        use super::super::columns::col;
        use arrow_array::{Int64Array, StringArray};
        use std::sync::Arc;
        let ints = [col("n", Kind::Int, "")];
        let batches: Vec<RecordBatch> = (0..3)
            .map(|b| {
                let n = Int64Array::from_iter_values(b * 500_000..(b + 1) * 500_000);
                RecordBatch::try_new(schema(&ints), vec![Arc::new(n)]).unwrap()
            })
            .collect();
        let (_, meta) = read(written(&ints, &batches));
        let rows: Vec<i64> = meta.row_groups().iter().map(|g| g.num_rows()).collect();
        assert_eq!(rows.iter().sum::<i64>(), 1_500_000);
        assert!(rows.iter().all(|&n| n <= GROUP_ROWS as i64), "{rows:?}");

        let texts = [col("t", Kind::Json, "")];
        let batches: Vec<RecordBatch> = (0..64)
            .map(|b| {
                // Texts zstd cannot shrink much: a number's digits hashed.
                let t = StringArray::from_iter_values((0..4096).map(|n| {
                    let x = (b * 4096 + n) as u64;
                    format!("{:x}", x.wrapping_mul(0x9e37_79b9_7f4a_7c15)).repeat(4)
                }));
                RecordBatch::try_new(schema(&texts), vec![Arc::new(t)]).unwrap()
            })
            .collect();
        let (read, meta) = read(written(&texts, &batches));
        assert_eq!(read.iter().map(|b| b.num_rows()).sum::<usize>(), 64 * 4096);
        assert!(meta.num_row_groups() > 1, "a group per GROUP_BYTES");
        for g in meta.row_groups() {
            let bytes = g.total_byte_size() as usize;
            assert!(bytes < 2 * GROUP_BYTES, "{bytes}");
        }
    }
}
