//! A column of few texts written as Parquet's dictionary encoding by us,
//! not by Arrow's writer: its batches come as Arrow dictionary arrays
//! (each row a code into the batch's own list of texts, made without
//! hashing by [`super::record_batch`]), so a row costs a lookup here, not
//! a hash of its text as in Arrow's writer (which takes a dictionary
//! array's texts one by one).
//!
//! A row group's chunk of the column is one dictionary page (the texts,
//! PLAIN: each a 4-byte length and its bytes) and a data page per batch
//! ([`Pages`]): the definition levels and the codes of the rows that have
//! a value (a byte of bit width, then one packed [`rle`] run),
//! uncompressed (a code takes a few bits). The batch's codes are mapped
//! to the chunk's by a hash per text of the batch's list, not per row.

use super::chunk::{Levels, Pages};
use super::rle;
use arrow_array::types::UInt32Type;
use arrow_array::{Array, DictionaryArray, StringArray};
use parquet::basic::Encoding;
use parquet::errors::{ParquetError, Result};
use parquet::file::writer::SerializedRowGroupWriter;
use parquet::schema::types::ColumnDescPtr;
use std::collections::HashMap;
use std::io::Write;

/// The arrays the batches hold such a column in.
pub type Codes = DictionaryArray<UInt32Type>;

/// A row group's chunk of a dictionary-coded column, being made.
pub struct DictChunk {
    pages: Pages,
    /// The chunk's code of each text.
    codes: HashMap<Box<[u8]>, u32, foldhash::fast::RandomState>,
    /// The dictionary page's body.
    dictionary: Vec<u8>,
    /// For a batch: the chunk's code of each of its codes.
    remap: Vec<u32>,
    /// For a batch: the codes of the rows that have a value.
    values: Vec<u32>,
}

impl DictChunk {
    /// An empty chunk of the column `descr`.
    pub fn new(descr: ColumnDescPtr) -> DictChunk {
        DictChunk {
            pages: Pages::new(descr, Encoding::RLE_DICTIONARY),
            codes: HashMap::default(),
            dictionary: Vec::new(),
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

    /// Encodes a batch's column (codes into its texts) as a data page.
    pub fn write(&mut self, column: &Codes) -> Result<()> {
        let texts = (column.values().as_any().downcast_ref::<StringArray>())
            .ok_or_else(|| ParquetError::General("a coded column's texts are not UTF-8".into()))?;
        self.pages.check(column)?;
        self.remap.clear();
        for text in texts.iter() {
            let c = self.code(text.unwrap_or_default().as_bytes());
            self.remap.push(c);
        }
        self.values.clear();
        let keys = column.keys();
        // The chunk's codes are the batch's when its texts came first in
        // the same order (the names of a column the program names, in the
        // same list every batch): the codes are taken as they are.
        let same = (self.remap.iter().enumerate()).all(|(n, &c)| c as usize == n);
        // A dictionary array's codes are checked to be below its texts'
        // count when it is made: `get` always finds one.
        let code = |k: u32| self.remap.get(k as usize).copied().unwrap_or(0);
        let levels = match keys.nulls().filter(|n| n.null_count() > 0) {
            None if same => return self.page(keys.len(), keys.values(), Levels::All),
            None => {
                self.values.extend(keys.values().iter().map(|&k| code(k)));
                Levels::All
            }
            Some(nulls) if nulls.null_count() == keys.len() => Levels::None,
            Some(nulls) => {
                let codes = keys.values();
                match same {
                    true => (self.values).extend(nulls.valid_indices().map(|n| codes[n])),
                    false => (self.values).extend(nulls.valid_indices().map(|n| code(codes[n]))),
                }
                Levels::Some(nulls.inner().clone())
            }
        };
        let values = std::mem::take(&mut self.values);
        let page = self.page(keys.len(), &values, levels);
        self.values = values;
        page
    }

    /// Encodes a batch's column given as plain texts (a table that builds
    /// its rows with Arrow's builders): a hash per row.
    pub fn write_texts(&mut self, column: &StringArray) -> Result<()> {
        self.pages.check(column)?;
        let mut values = std::mem::take(&mut self.values);
        values.clear();
        for t in column.iter().flatten() {
            values.push(self.code(t.as_bytes()));
        }
        let levels = Levels::of(column.nulls(), column.len());
        let page = self.page(column.len(), &values, levels);
        self.values = values;
        page
    }

    /// Makes the data page of a batch's `rows` rows (`levels`: which have
    /// a value): their definition levels, and the codes `values` of those
    /// that have one.
    fn page(&mut self, rows: usize, values: &[u32], levels: Levels) -> Result<()> {
        let mut body = Vec::with_capacity(values.len() * 2 + rows / 8 + 64);
        self.pages.begin(&mut body, rows, levels);
        let width = rle::width_for(self.codes.len());
        body.push(width);
        rle::pack(values, width, &mut body);
        self.pages.push(body, rows);
        Ok(())
    }

    /// Bytes held (the row group is written past a bound).
    pub fn memory_size(&self) -> usize {
        self.dictionary.len() + self.pages.memory_size()
    }

    /// Writes the chunk into the row group: the dictionary page, then the
    /// data pages.
    pub fn append_to<W: Write + Send>(
        self,
        group: &mut SerializedRowGroupWriter<'_, W>,
    ) -> Result<()> {
        let dictionary = (self.dictionary, self.codes.len() as u32);
        self.pages.append_to(Some(dictionary), None, group)
    }
}
