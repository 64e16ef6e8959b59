//! A column of few texts written as Parquet's dictionary encoding by us,
//! not by Arrow's writer: its batches come as Arrow dictionary arrays
//! (each row a code into the batch's own list of texts, made without
//! hashing by [`super::record_batch`]), so a row costs a lookup here, not
//! a hash of its text as in Arrow's writer (which takes a dictionary
//! array's texts one by one).
//!
//! A row group's chunk of the column is one dictionary page (the texts,
//! PLAIN: each a 4-byte length and its bytes) and a data page per batch:
//! the definition levels (if the column may be null: a 4-byte length,
//! then one [`rle`] run: a repeat when all rows or none have a value,
//! else the validity bits as they are, which are width-1 packing) and the
//! codes of the rows that have a value (a byte of bit width, then one
//! packed run), uncompressed (a code takes a few bits). The batch's codes are mapped to the chunk's by a hash per text
//! of the batch's list, not per row.

use super::rle;
use arrow_array::types::UInt32Type;
use arrow_array::{Array, DictionaryArray, StringArray};
use arrow_buffer::BooleanBuffer;
use bytes::Bytes;
use parquet::basic::{Compression, Encoding, EncodingMask};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::{ParquetError, Result};
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::page_index::offset_index::{OffsetIndexMetaData, PageLocation};
use parquet::file::writer::{SerializedPageWriter, SerializedRowGroupWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;
use std::collections::HashMap;
use std::io::Write;

/// The arrays the batches hold such a column in.
pub type Codes = DictionaryArray<UInt32Type>;

/// A data page, encoded: its bytes, rows and the row group's row it
/// starts at.
struct DataPage {
    body: Bytes,
    rows: u32,
    first_row: i64,
}

/// A row group's chunk of a dictionary-coded column, being made.
pub struct DictChunk {
    descr: ColumnDescPtr,
    nullable: bool,
    /// The chunk's code of each text.
    codes: HashMap<Box<[u8]>, u32, foldhash::fast::RandomState>,
    /// The dictionary page's body.
    dictionary: Vec<u8>,
    pages: Vec<DataPage>,
    rows: i64,
    /// For a batch: the chunk's code of each of its codes.
    remap: Vec<u32>,
    /// For a batch: the codes of the rows that have a value.
    values: Vec<u32>,
}

/// Which rows of a batch have a value.
enum Levels {
    All,
    None,
    /// Those whose bit is set.
    Some(BooleanBuffer),
}

impl DictChunk {
    /// An empty chunk of the column `descr`.
    pub fn new(descr: ColumnDescPtr) -> DictChunk {
        DictChunk {
            nullable: descr.max_def_level() > 0,
            descr,
            codes: HashMap::default(),
            dictionary: Vec::new(),
            pages: Vec::new(),
            rows: 0,
            remap: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The chunk's code of `text`, added to the dictionary if new.
    fn code(&mut self, text: &[u8]) -> u32 {
        if let Some(&c) = self.codes.get(text) {
            return c;
        }
        let c = self.codes.len() as u32;
        self.codes.insert(text.into(), c);
        // A dictionary's text is a name or an address, far below 4 GiB.
        self.dictionary
            .extend_from_slice(&(text.len() as u32).to_le_bytes());
        self.dictionary.extend_from_slice(text);
        c
    }

    /// The error for a null in a column that has none.
    fn no_nulls(&self) -> Result<()> {
        Err(ParquetError::General(format!(
            "column {}: a null in a column that has none",
            self.descr.name()
        )))
    }

    /// Encodes a batch's column (codes into its texts) as a data page.
    pub fn write(&mut self, column: &Codes) -> Result<()> {
        let texts = (column.values().as_any().downcast_ref::<StringArray>())
            .ok_or_else(|| ParquetError::General("a coded column's texts are not UTF-8".into()))?;
        if !self.nullable && column.null_count() > 0 {
            return self.no_nulls();
        }
        self.remap.clear();
        for text in texts.iter() {
            let c = self.code(text.unwrap_or_default().as_bytes());
            self.remap.push(c);
        }
        self.values.clear();
        let keys = column.keys();
        // A dictionary array's codes are checked to be below its texts'
        // count when it is made: `get` always finds one.
        let code = |k: u32| self.remap.get(k as usize).copied().unwrap_or(0);
        let levels = match keys.nulls().filter(|n| n.null_count() > 0) {
            None => {
                self.values.extend(keys.values().iter().map(|&k| code(k)));
                Levels::All
            }
            Some(nulls) if nulls.null_count() == keys.len() => Levels::None,
            Some(nulls) => {
                let codes = keys.values();
                (self.values).extend(nulls.valid_indices().map(|n| code(codes[n])));
                Levels::Some(nulls.inner().clone())
            }
        };
        self.page(keys.len(), levels)
    }

    /// Encodes a batch's column given as plain texts (a table that builds
    /// its rows with Arrow's builders): a hash per row.
    pub fn write_texts(&mut self, column: &StringArray) -> Result<()> {
        if !self.nullable && column.null_count() > 0 {
            return self.no_nulls();
        }
        let mut values = std::mem::take(&mut self.values);
        values.clear();
        for t in column.iter().flatten() {
            values.push(self.code(t.as_bytes()));
        }
        self.values = values;
        let levels = match column.nulls() {
            Some(n) if n.null_count() == column.len() => Levels::None,
            Some(n) if n.null_count() > 0 => Levels::Some(n.inner().clone()),
            _ => Levels::All,
        };
        self.page(column.len(), levels)
    }

    /// Makes the data page of `rows` rows: their definition levels, and
    /// the codes of those that have a value (in `values`).
    fn page(&mut self, rows: usize, levels: Levels) -> Result<()> {
        let mut body = Vec::with_capacity(self.values.len() * 2 + rows / 8 + 64);
        if self.nullable {
            body.extend_from_slice(&[0; 4]);
            match levels {
                Levels::All => rle::repeat(1, rows, 1, &mut body),
                Levels::None => rle::repeat(0, rows, 1, &mut body),
                Levels::Some(valid) => rle::pack_bits(&valid, &mut body),
            }
            let len = (body.len() - 4) as u32;
            body[..4].copy_from_slice(&len.to_le_bytes());
        }
        let width = rle::width_for(self.codes.len());
        body.push(width);
        rle::pack(&self.values, width, &mut body);
        self.pages.push(DataPage {
            body: body.into(),
            rows: rows as u32,
            first_row: self.rows,
        });
        self.rows += rows as i64;
        Ok(())
    }

    /// Bytes held (the row group is written past a bound).
    pub fn memory_size(&self) -> usize {
        self.dictionary.len() + self.pages.iter().map(|p| p.body.len()).sum::<usize>()
    }

    /// Writes the chunk into the row group: the dictionary page, then the
    /// data pages.
    pub fn append_to<W: Write + Send>(
        self,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> Result<()> {
        let mut buf = TrackedWrite::new(Vec::new());
        let mut writer = SerializedPageWriter::new(&mut buf);
        let dictionary = Page::DictionaryPage {
            buf: Bytes::from(self.dictionary),
            num_values: self.codes.len() as u32,
            encoding: Encoding::PLAIN,
            is_sorted: false,
        };
        let spec = writer.write_page(page(dictionary))?;
        let (mut compressed, mut uncompressed) = (spec.compressed_size, spec.uncompressed_size);
        let mut data_offset = None;
        let mut locations = Vec::with_capacity(self.pages.len());
        for p in self.pages {
            let data = Page::DataPage {
                buf: p.body,
                num_values: p.rows,
                encoding: Encoding::RLE_DICTIONARY,
                def_level_encoding: Encoding::RLE,
                rep_level_encoding: Encoding::RLE,
                statistics: None,
            };
            let spec = writer.write_page(page(data))?;
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
        let encodings = [Encoding::PLAIN, Encoding::RLE, Encoding::RLE_DICTIONARY];
        let metadata = ColumnChunkMetaData::builder(self.descr)
            .set_compression(Compression::UNCOMPRESSED)
            .set_encodings_mask(EncodingMask::new_from_encodings(encodings.iter()))
            .set_total_compressed_size(compressed as i64)
            .set_total_uncompressed_size(uncompressed as i64)
            .set_num_values(self.rows)
            .set_dictionary_page_offset(Some(0))
            .set_data_page_offset(data_offset.unwrap_or(0))
            .build()?;
        let close = ColumnCloseResult {
            bytes_written: bytes.len() as u64,
            rows_written: self.rows as u64,
            metadata,
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

/// `page` as it is written: uncompressed.
fn page(page: Page) -> CompressedPage {
    let size = page.buffer().len();
    CompressedPage::new(page, size)
}
