//! A row group's chunk of a column whose pages we encode ourselves, not
//! Arrow's writer ([`super::dict_chunk`] for the coded texts,
//! [`super::delta_chunk`] for whole numbers and times,
//! [`super::plain_chunk`] for JSON texts and hashed ids): a data page per
//! batch, each the rows' definition levels (if the column may be null)
//! then their values, compressed or not; the chunk is written into its
//! row group with its metadata and page locations, as Arrow's writer
//! writes its own.

use super::rle;
use arrow_array::Array;
use arrow_buffer::{BooleanBuffer, NullBuffer};
use bytes::Bytes;
use parquet::basic::{Compression, Encoding, EncodingMask};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::{ParquetError, Result};
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::page_index::offset_index::{OffsetIndexMetaData, PageLocation};
use parquet::file::statistics::{Statistics, ValueStatistics};
use parquet::file::writer::{SerializedPageWriter, SerializedRowGroupWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;
use std::io::Write;

/// Which rows of a batch have a value.
#[derive(Clone)]
pub enum Levels {
    All,
    None,
    /// Those whose bit is set.
    Some(BooleanBuffer),
}

impl Levels {
    /// The levels of an array with `nulls` and `len` rows.
    pub fn of(nulls: Option<&NullBuffer>, len: usize) -> Levels {
        match nulls {
            Some(n) if n.null_count() == len && len > 0 => Levels::None,
            Some(n) if n.null_count() > 0 => Levels::Some(n.inner().clone()),
            _ => Levels::All,
        }
    }

    /// The values of the rows that have one: `values` itself when every
    /// row has, else those gathered into `scratch`.
    pub fn present<'a, T: Copy>(&self, values: &'a [T], scratch: &'a mut Vec<T>) -> &'a [T] {
        match self {
            Levels::All => values,
            Levels::None => &[],
            Levels::Some(valid) => {
                scratch.clear();
                scratch.extend(valid.set_indices().map(|n| values[n]));
                scratch
            }
        }
    }
}

/// A data page, encoded: its bytes (compressed or not), its size before
/// compression, its rows and the row group's row it starts at.
struct DataPage {
    body: Bytes,
    size: usize,
    rows: u32,
    first_row: i64,
    /// A page of Parquet's second version ([`Pages::push_v2`]): the
    /// length of its definition levels and its nulls.
    v2: Option<(u32, u32)>,
}

/// The data pages of a chunk.
pub struct Pages {
    descr: ColumnDescPtr,
    nullable: bool,
    /// The values' encoding.
    encoding: Encoding,
    /// The pages' compression.
    compression: Compression,
    pages: Vec<DataPage>,
    rows: i64,
    bytes: usize,
}

impl Pages {
    /// No pages yet of the column `descr`, whose values are in
    /// `encoding`, uncompressed.
    pub fn new(descr: ColumnDescPtr, encoding: Encoding) -> Pages {
        Pages::compressed(descr, encoding, Compression::UNCOMPRESSED)
    }

    /// As [`Pages::new`], the pages compressed by `compression` (their
    /// bodies come compressed to [`Pages::push_compressed`]).
    pub fn compressed(descr: ColumnDescPtr, encoding: Encoding, compression: Compression) -> Pages {
        Pages {
            nullable: descr.max_def_level() > 0,
            descr,
            encoding,
            compression,
            pages: Vec::new(),
            rows: 0,
            bytes: 0,
        }
    }

    /// The column's name (for errors).
    pub fn name(&self) -> &str {
        self.descr.name()
    }

    /// An error for a batch's `column` that this column cannot hold: a
    /// null where it has none.
    pub fn check(&self, column: &dyn Array) -> Result<()> {
        match !self.nullable && column.null_count() > 0 {
            true => Err(self.error("a null in a column that has none")),
            false => Ok(()),
        }
    }

    /// The error `why`, naming the column.
    pub fn error(&self, why: &str) -> ParquetError {
        ParquetError::General(format!("column {}: {why}", self.name()))
    }

    /// Begins a page's body in `body` (emptied first): the definition
    /// levels of `rows` rows (when the column may be null: their length in
    /// 4 bytes, then one run of them).
    pub fn begin(&self, body: &mut Vec<u8>, rows: usize, levels: Levels) {
        body.clear();
        if self.nullable {
            body.extend_from_slice(&[0; 4]);
            self.levels(body, rows, levels);
            let len = (body.len() - 4) as u32;
            body[..4].copy_from_slice(&len.to_le_bytes());
        }
    }

    /// Appends the definition levels of `rows` rows to `out` (one run of
    /// them), when the column may be null.
    pub fn levels(&self, out: &mut Vec<u8>, rows: usize, levels: Levels) {
        if self.nullable {
            match levels {
                Levels::All => rle::repeat(1, rows, 1, out),
                Levels::None => rle::repeat(0, rows, 1, out),
                Levels::Some(valid) => rle::pack_bits(&valid, out),
            }
        }
    }

    /// Adds the page of `rows` rows whose body is `body`.
    pub fn push(&mut self, body: Vec<u8>, rows: usize) {
        let size = body.len();
        self.push_compressed(body, size, rows);
    }

    /// Adds the page of `rows` rows whose body, `size` bytes before, is
    /// compressed to `body`.
    pub fn push_compressed(&mut self, mut body: Vec<u8>, size: usize, rows: usize) {
        // A page is kept until its row group is written: not the room it
        // was made in (a compressor's is as large as what it compressed).
        if body.capacity() - body.len() > body.len() / 8 + 4096 {
            body.shrink_to_fit();
        }
        self.bytes += body.len();
        self.pages.push(DataPage {
            body: body.into(),
            size,
            rows: rows as u32,
            first_row: self.rows,
            v2: None,
        });
        self.rows += rows as i64;
    }

    /// Adds a page of Parquet's second version, whose definition levels
    /// ([`Pages::levels`]) are not compressed and whose values are: the
    /// page of `rows` rows, `nulls` of them null, whose values, `size`
    /// bytes before, are compressed to `values`. (The values are
    /// compressed straight from where they are, without the levels before
    /// them.)
    pub fn push_v2(
        &mut self,
        levels: &[u8],
        values: &[u8],
        size: usize,
        rows: usize,
        nulls: usize,
    ) {
        let mut body = Vec::with_capacity(levels.len() + values.len());
        body.extend_from_slice(levels);
        body.extend_from_slice(values);
        self.bytes += body.len();
        self.pages.push(DataPage {
            body: body.into(),
            size: levels.len() + size,
            rows: rows as u32,
            first_row: self.rows,
            v2: Some((levels.len() as u32, nulls as u32)),
        });
        self.rows += rows as i64;
    }

    /// Bytes held.
    pub fn memory_size(&self) -> usize {
        self.bytes
    }

    /// Writes the chunk into the row group: the dictionary page if any
    /// (its PLAIN body and how many values it holds), then the data pages;
    /// `statistics` go into its metadata.
    pub fn append_to<W: Write + Send>(
        self,
        dictionary: Option<(Vec<u8>, u32)>,
        statistics: Option<Statistics>,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> Result<()> {
        let mut buf = TrackedWrite::new(Vec::new());
        let mut writer = SerializedPageWriter::new(&mut buf);
        let (mut compressed, mut uncompressed) = (0, 0);
        let mut encodings = vec![Encoding::RLE, self.encoding];
        let has_dictionary = dictionary.is_some();
        if let Some((body, count)) = dictionary {
            let page = Page::DictionaryPage {
                buf: Bytes::from(body),
                num_values: count,
                encoding: Encoding::PLAIN,
                is_sorted: false,
            };
            let size = page.buffer().len();
            let spec = writer.write_page(CompressedPage::new(page, size))?;
            compressed += spec.compressed_size;
            uncompressed += spec.uncompressed_size;
            encodings.push(Encoding::PLAIN);
        }
        let mut data_offset = None;
        let mut locations = Vec::with_capacity(self.pages.len());
        for p in self.pages {
            let data = match p.v2 {
                None => Page::DataPage {
                    buf: p.body,
                    num_values: p.rows,
                    encoding: self.encoding,
                    def_level_encoding: Encoding::RLE,
                    rep_level_encoding: Encoding::RLE,
                    statistics: None,
                },
                Some((levels, nulls)) => Page::DataPageV2 {
                    buf: p.body,
                    num_values: p.rows,
                    encoding: self.encoding,
                    num_nulls: nulls,
                    num_rows: p.rows,
                    def_levels_byte_len: levels,
                    rep_levels_byte_len: 0,
                    is_compressed: self.compression != Compression::UNCOMPRESSED,
                    statistics: None,
                },
            };
            let spec = writer.write_page(CompressedPage::new(data, p.size))?;
            data_offset.get_or_insert(spec.offset as i64);
            compressed += spec.compressed_size;
            uncompressed += spec.uncompressed_size;
            locations.push(PageLocation {
                offset: spec.offset as i64,
                compressed_page_size: spec.compressed_size as i32,
                first_row_index: p.first_row,
            });
        }
        writer.close()?;
        let bytes = Bytes::from(buf.into_inner()?);
        let mut metadata = ColumnChunkMetaData::builder(self.descr)
            .set_compression(self.compression)
            .set_encodings_mask(EncodingMask::new_from_encodings(encodings.iter()))
            .set_total_compressed_size(compressed as i64)
            .set_total_uncompressed_size(uncompressed as i64)
            .set_num_values(self.rows)
            .set_dictionary_page_offset(has_dictionary.then_some(0))
            .set_data_page_offset(data_offset.unwrap_or(0));
        if let Some(s) = statistics {
            metadata = metadata.set_statistics(s);
        }
        let close = ColumnCloseResult {
            bytes_written: bytes.len() as u64,
            rows_written: self.rows as u64,
            metadata: metadata.build()?,
            bloom_filter: None,
            column_index: None,
            offset_index: Some(OffsetIndexMetaData {
                page_locations: locations,
                unencoded_byte_array_data_bytes: None,
            }),
        };
        group.append_column(&bytes, close)
    }
}

/// A chunk's smallest and largest whole number and its nulls: its
/// statistics, by which readers skip row groups.
#[derive(Default)]
pub struct Numbers {
    min: Option<i64>,
    max: Option<i64>,
    nulls: u64,
}

impl Numbers {
    /// Counts `values` (those of a batch that have one) and `nulls`.
    pub fn add(&mut self, values: &[i64], nulls: usize) {
        self.nulls += nulls as u64;
        let Some(&first) = values.first() else {
            return;
        };
        let (mut lo, mut hi) = (first, first);
        for &v in values {
            lo = lo.min(v);
            hi = hi.max(v);
        }
        self.min = Some(self.min.map_or(lo, |m| m.min(lo)));
        self.max = Some(self.max.map_or(hi, |m| m.max(hi)));
    }

    /// The statistics, as Arrow's writer writes them: the old min and max
    /// fields too, which older readers read (right for signed numbers).
    pub fn statistics(&self) -> Statistics {
        let values = ValueStatistics::new(self.min, self.max, None, Some(self.nulls), false);
        Statistics::Int64(values.with_backwards_compatible_min_max(true))
    }
}
