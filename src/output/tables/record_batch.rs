//! The calling thread's side of the `records` table: [`RecordsTable`]
//! appends each [`RecordRow`] to a buffer per column (a vector of numbers,
//! or the bytes and offsets of texts, copied straight from the worker's
//! bytes), and makes the Arrow batch of them in one go. No builder per
//! value, no check per text: the texts are checked to be UTF-8 once, a
//! column at a time, when the batch is made.
//!
//! The columns of few texts (`dir`, the endpoints, `protocol`, `type`, ...:
//! [`Kind::Code`](super::columns::Kind::Code)) are codes into a list of
//! texts of the batch's own (`Coded`, an Arrow dictionary array): names
//! the program knows by their number, the endpoints and the Community ID
//! by their stream, a type by its name's address (or a hash of it), so
//! that no text is copied for each row.

use super::batches::Batches;
use super::columns::{batch_schema, int, UTC};
use super::parquet::Codes;
use super::records::{RecordRow, Text, COLUMNS};
use super::reuse::{self, again};
use crate::decode::Record;
use crate::protocols::{Dialect, ProtocolId};
use crate::reassembly::Direction;
use arrow_array::types::Int64Type;
use arrow_array::Array;
use arrow_array::{
    ArrayRef, Int64Array, ListArray, PrimitiveArray, RecordBatch, StringArray,
    TimestampMicrosecondArray, UInt32Array,
};
use arrow_buffer::{BooleanBuffer, Buffer, NullBuffer, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, DataType, Field, SchemaRef};
use std::collections::HashMap;
use std::sync::Arc;

/// The rows of `values` that have one (`there`), a bit each: 64 values
/// at a time, in a loop the compiler makes a few vector instructions (a
/// batch's bits are made for each column that has nulls).
fn valid_bits<T: Copy>(values: &[T], there: impl Fn(T) -> bool) -> BooleanBuffer {
    let word = |values: &[T]| {
        (values.iter().enumerate()).fold(0u64, |w, (n, &v)| w | u64::from(there(v)) << n)
    };
    let chunks = values.chunks_exact(64);
    let rest = chunks.remainder();
    let mut words: Vec<u64> = chunks.map(word).collect();
    if !rest.is_empty() {
        words.push(word(rest));
    }
    BooleanBuffer::new(Buffer::from_vec(words), 0, values.len())
}

/// The value of a row of a column of numbers that has none (until the
/// batch is made: a null then, whatever is under it).
const NO_INT: i64 = i64::MIN;

/// A column of whole numbers, some of them null ([`NO_INT`], counted).
#[derive(Default)]
struct Ints {
    values: Vec<i64>,
    nulls: usize,
}

impl Ints {
    #[inline]
    fn push(&mut self, v: Option<i64>) {
        self.values.push(v.unwrap_or(NO_INT));
        self.nulls += usize::from(v.is_none());
    }

    fn finish(&mut self) -> PrimitiveArray<Int64Type> {
        let nulls = (std::mem::take(&mut self.nulls) > 0)
            .then(|| NullBuffer::new(valid_bits(&self.values, |v| v != NO_INT)));
        Int64Array::new(again(&mut self.values).into(), nulls)
    }
}

/// The texts of a column (or of the lists of a list column), some of them
/// null: their bytes one after the other, and where each ends (a null's
/// end as its bitwise complement, negative, until the batch is made).
struct Texts {
    bytes: Vec<u8>,
    offsets: Vec<i32>,
    nulls: usize,
}

impl Texts {
    fn new() -> Texts {
        Texts {
            bytes: Vec::new(),
            offsets: vec![0],
            nulls: 0,
        }
    }

    /// Where the bytes end now.
    #[inline]
    fn end(&self) -> i32 {
        // A batch's texts are far below 2 GiB: it is written once past
        // `writer::BATCH_TEXT` bytes, and a text is at most a message's fields.
        i32::try_from(self.bytes.len()).unwrap_or(i32::MAX)
    }

    #[inline]
    fn push(&mut self, v: &[u8]) {
        self.bytes.extend_from_slice(v);
        self.offsets.push(self.end());
    }

    #[inline]
    fn push_opt(&mut self, v: Option<&[u8]>) {
        match v {
            Some(v) => self.push(v),
            None => {
                self.offsets.push(!self.end());
                self.nulls += 1;
            }
        }
    }

    /// The `n`th text (of a column with no nulls).
    fn get(&self, n: usize) -> Option<&[u8]> {
        let start = *self.offsets.get(n)? as usize;
        let end = *self.offsets.get(n + 1)? as usize;
        self.bytes.get(start..end)
    }

    /// The texts as an array; they must be UTF-8 and fit 32-bit offsets
    /// (else an error).
    fn finish(&mut self) -> Result<StringArray, ArrowError> {
        let (offsets, bytes, nulls) = self.parts()?;
        StringArray::try_new(offsets, bytes, nulls)
    }

    /// The offsets, bytes and nulls of the texts; the column starts again
    /// empty.
    fn parts(&mut self) -> Result<(OffsetBuffer<i32>, Buffer, Option<NullBuffer>), ArrowError> {
        if i32::try_from(self.bytes.len()).is_err() {
            return Err(ArrowError::OffsetOverflowError(self.bytes.len()));
        }
        let bytes = again(&mut self.bytes);
        let nulls = (std::mem::take(&mut self.nulls) > 0).then(|| {
            let valid = valid_bits(&self.offsets[1..], |o| o >= 0);
            for o in &mut self.offsets {
                *o = (*o).max(!*o);
            }
            NullBuffer::new(valid)
        });
        let offsets = again(&mut self.offsets);
        self.offsets.push(0);
        Ok((OffsetBuffer::new(ScalarBuffer::from(offsets)), bytes, nulls))
    }
}

/// A column of lists of texts (none of them null).
struct TextLists {
    texts: Texts,
    /// Where each list ends in `texts`.
    ends: Vec<i32>,
}

impl TextLists {
    fn new() -> TextLists {
        TextLists {
            texts: Texts::new(),
            ends: vec![0],
        }
    }

    fn end(&mut self) {
        let n = self.texts.offsets.len() - 1;
        self.ends.push(i32::try_from(n).unwrap_or(i32::MAX));
    }

    fn finish(&mut self) -> Result<ListArray, ArrowError> {
        let values = Arc::new(self.texts.finish()?);
        let ends: ScalarBuffer<i32> = again(&mut self.ends).into();
        self.ends.push(0);
        let field = Arc::new(Field::new_list_field(DataType::Utf8, true));
        let offsets = OffsetBuffer::new(ends);
        ListArray::try_new(field, offsets, values, None)
    }
}

/// A column of texts as codes into a list of texts (an Arrow dictionary
/// array), some of them null ([`NULL`] until the batch is made).
struct Coded {
    keys: Vec<u32>,
    /// How many are null.
    nulls: usize,
}

/// The code of a row with no value.
const NULL: u32 = u32::MAX;

impl Coded {
    fn new() -> Coded {
        Coded {
            keys: Vec::new(),
            nulls: 0,
        }
    }

    #[inline]
    fn push(&mut self, code: Option<u32>) {
        self.keys.push(code.unwrap_or(NULL));
        self.nulls += usize::from(code.is_none());
    }

    /// The codes as an array of the texts `texts`.
    fn finish(&mut self, texts: &ArrayRef) -> Result<Codes, ArrowError> {
        let keys = &mut self.keys;
        let nulls = match std::mem::take(&mut self.nulls) {
            0 => None,
            n if n == keys.len() => {
                keys.fill(0);
                Some(NullBuffer::new_null(n))
            }
            _ => {
                let valid = valid_bits(keys, |k| k != NULL);
                // A null row's code is then 0: a dictionary array checks
                // every code below the texts' count (a null's after one
                // more test) when it is made.
                for k in keys.iter_mut() {
                    *k = if *k == NULL { 0 } else { *k };
                }
                Some(NullBuffer::new(valid))
            }
        };
        let keys = again(&mut self.keys);
        Codes::try_new(UInt32Array::new(keys.into(), nulls), texts.clone())
    }
}

/// The texts of a column whose values the program names (`c2s`, a
/// protocol): the same list for every batch, a value's code its place
/// in it.
fn names<'a>(names: impl IntoIterator<Item = &'a str>) -> ArrayRef {
    Arc::new(StringArray::from_iter_values(names))
}

/// Texts met as rows come (the endpoints, the types): each text's code
/// is its place in the batch's list. A text (or a pair: a stream's two
/// endpoints) comes with a hint, a number that goes with it (a stream, a
/// type's name in the program, or its protocol and number): the codes
/// last found for the hint, kept in a slot of a small table, are taken
/// when the hint is the same (and, if the hint may go with other texts,
/// the text too), else the text is looked up by a hash of it.
struct Lookup {
    texts: Texts,
    codes: HashMap<Box<[u8]>, u32, foldhash::fast::RandomState>,
    /// By hint's hash: the hint, the batch it was met in, and its codes.
    cache: Box<[(u64, u32, [u32; 2])]>,
    /// The table's size, as bits of a hint's hash.
    bits: u32,
    /// The batch (its number) being made.
    batch: u32,
}

impl Lookup {
    /// An empty lookup whose table has `2^bits` slots.
    fn new(bits: u32) -> Lookup {
        Lookup {
            texts: Texts::new(),
            codes: HashMap::default(),
            cache: vec![(0, u32::MAX, [0; 2]); 1 << bits].into_boxed_slice(),
            bits,
            batch: 0,
        }
    }

    /// The slot of `hint`, and whether it holds the hint's codes in this
    /// batch.
    #[inline]
    fn slot(&self, hint: u64) -> (usize, Option<[u32; 2]>) {
        let slot = (hint.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - self.bits)) as usize;
        let (h, batch, codes) = self.cache[slot];
        (slot, (h == hint && batch == self.batch).then_some(codes))
    }

    /// The code of `text`, added if new; `hint` as above. With `checked`
    /// false the hint alone gives the code it gave before in the batch:
    /// the caller knows the hint goes with this text only.
    #[inline]
    fn code(&mut self, hint: u64, text: &[u8], checked: bool) -> u32 {
        match self.slot(hint) {
            (_, Some([code, _])) if !checked || self.texts.get(code as usize) == Some(text) => code,
            (slot, _) => {
                let code = self.look_up(text);
                self.cache[slot] = (hint, self.batch, [code, 0]);
                code
            }
        }
    }

    /// The codes of the texts `pair`, whose hint goes with them only.
    #[inline]
    fn pair(&mut self, hint: u64, pair: [&[u8]; 2]) -> [u32; 2] {
        match self.slot(hint) {
            (_, Some(codes)) => codes,
            (slot, None) => {
                let codes = pair.map(|text| self.look_up(text));
                self.cache[slot] = (hint, self.batch, codes);
                codes
            }
        }
    }

    /// The code of `text` by a hash of it, added if new.
    #[inline(never)]
    fn look_up(&mut self, text: &[u8]) -> u32 {
        match self.codes.get(text) {
            Some(&c) => c,
            None => {
                let c = self.codes.len() as u32;
                self.codes.insert(text.into(), c);
                self.texts.push(text);
                c
            }
        }
    }

    /// The batch's list of texts; the next batch starts a list of its own.
    fn finish(&mut self) -> Result<ArrayRef, ArrowError> {
        self.codes.clear();
        self.batch = self.batch.wrapping_add(1);
        if self.batch == u32::MAX {
            // Never a batch of the empty slots.
            self.cache.fill((0, u32::MAX, [0; 2]));
            self.batch = 0;
        }
        Ok(Arc::new(self.texts.finish()?))
    }
}

/// A row's texts, read one after the other.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    /// The next `n` bytes (none if there are not as many: a row's texts
    /// are where it says).
    fn take(&mut self, n: usize) -> &'a [u8] {
        let text = self.bytes.get(self.at..self.at + n).unwrap_or_default();
        self.at += n;
        text
    }

    /// The next text, after its length (4 bytes, little-endian).
    fn prefixed(&mut self) -> &'a [u8] {
        let n = <[u8; 4]>::try_from(self.take(4)).map_or(0, u32::from_le_bytes);
        self.take(n as usize)
    }

    /// The row's next text, `t`, if the row has one.
    fn text(&mut self, row: &RecordRow, t: Text) -> Option<&'a [u8]> {
        row.len_of(t).map(|n| self.take(n))
    }
}

/// The calling thread's side of the `records` table: the rows appended
/// since the last batch, a buffer per column.
pub struct RecordsTable {
    schema: SchemaRef,
    capture: i64,
    rows: usize,
    /// Bytes of text appended since the last batch.
    text: usize,
    stream_uid: Vec<i64>,
    frame: Vec<i64>,
    ts: Vec<i64>,
    stream: Vec<i64>,
    dir: Coded,
    src: Coded,
    dst: Coded,
    community_id: Coded,
    offset: Vec<i64>,
    tcp_offset: Ints,
    protocol: Coded,
    dialect: Coded,
    type_name: Coded,
    event: Coded,
    type_id: Ints,
    len: Ints,
    reason: Texts,
    error: Texts,
    notes: TextLists,
    note_codes: TextLists,
    fields: Texts,
    websocket: Texts,
    /// The endpoints of the batch's rows (`src` and `dst` share them),
    /// hinted by stream.
    endpoints: Lookup,
    /// The streams' Community IDs, hinted by stream.
    community_ids: Lookup,
    /// The types, hinted by protocol and number.
    types: Lookup,
    /// The texts of the named columns: `dir`, `transport`, `protocol`,
    /// `dialect`, `event`.
    dirs: ArrayRef,
    transports: ArrayRef,
    protocols: ArrayRef,
    dialects: ArrayRef,
    events: ArrayRef,
}

impl RecordsTable {
    /// No rows yet, of the capture whose id is `capture`.
    pub fn new(capture: i64) -> RecordsTable {
        RecordsTable {
            schema: batch_schema(COLUMNS),
            capture,
            rows: 0,
            text: 0,
            stream_uid: Vec::new(),
            frame: Vec::new(),
            ts: Vec::new(),
            stream: Vec::new(),
            dir: Coded::new(),
            src: Coded::new(),
            dst: Coded::new(),
            community_id: Coded::new(),
            offset: Vec::new(),
            tcp_offset: Ints::default(),
            protocol: Coded::new(),
            dialect: Coded::new(),
            type_name: Coded::new(),
            event: Coded::new(),
            type_id: Ints::default(),
            len: Ints::default(),
            reason: Texts::new(),
            error: Texts::new(),
            notes: TextLists::new(),
            note_codes: TextLists::new(),
            fields: Texts::new(),
            websocket: Texts::new(),
            // A slot per stream: room for many more than a batch has
            // at once (a busy server's thousands).
            endpoints: Lookup::new(13),
            community_ids: Lookup::new(13),
            types: Lookup::new(10),
            dirs: names([Direction::C2S, Direction::S2C].map(Direction::as_str)),
            transports: names(["websocket"]),
            protocols: names(ProtocolId::ALL.map(ProtocolId::name)),
            dialects: names(Dialect::ALL.map(Dialect::as_str)),
            events: names(Record::EVENT_NAMES),
        }
    }

    /// The codes of `row`'s sender and receiver (`src`, `dst`): a
    /// stream's endpoints do not change, so the stream is the hint of its
    /// client and server.
    fn endpoints(&mut self, row: &RecordRow, src: &[u8], dst: &[u8]) -> [u32; 2] {
        let (client, server) = match row.dir {
            Direction::C2S => (src, dst),
            Direction::S2C => (dst, src),
        };
        let [client, server] = self.endpoints.pair(row.stream, [client, server]);
        match row.dir {
            Direction::C2S => [client, server],
            Direction::S2C => [server, client],
        }
    }

    /// Appends `row` (its texts in `bytes`).
    pub fn append(&mut self, row: &RecordRow, bytes: &[u8]) {
        let mut texts = Cursor { bytes, at: row.at };
        let [src, dst, community_id, type_name, reason, error] = [
            Text::Src,
            Text::Dst,
            Text::CommunityId,
            Text::Type,
            Text::Reason,
            Text::Error,
        ]
        .map(|t| texts.text(row, t));
        self.stream_uid.push(row.stream_uid);
        self.frame.push(row.frame);
        self.ts.push(row.ts);
        self.stream.push(int(row.stream));
        self.dir.push(Some(row.dir.index() as u32));
        let [src, dst] = self.endpoints(row, src.unwrap_or_default(), dst.unwrap_or_default());
        self.src.push(Some(src));
        self.dst.push(Some(dst));
        // A stream has one id: the stream alone names it.
        let id = community_id.unwrap_or_default();
        self.community_id
            .push(Some(self.community_ids.code(row.stream, id, false)));
        self.offset.push(row.offset);
        self.tcp_offset.push(row.tcp_offset());
        self.protocol.push(row.protocol.map(|p| p as u32));
        self.dialect.push(row.dialect.map(|d| d as u32));
        let type_code = type_name.map(|t| match row.type_key {
            // A name of the program's own: its key names it alone.
            0 => {
                let protocol = row.protocol.map_or(0, |p| p as u64 + 1);
                let hint = 1 << 63 | protocol << 32 | u64::from(row.type_id().unwrap_or(0));
                self.types.code(hint, t, true)
            }
            key => self.types.code(key, t, false),
        });
        self.type_name.push(type_code);
        self.event.push(row.event());
        self.type_id.push(row.type_id().map(i64::from));
        self.len.push(row.len());
        self.reason.push_opt(reason);
        self.error.push_opt(error);
        for _ in 0..row.notes {
            self.notes.texts.push(texts.prefixed());
            self.note_codes.texts.push(texts.prefixed());
        }
        self.notes.end();
        self.note_codes.end();
        self.fields.push_opt(texts.text(row, Text::Fields));
        self.websocket.push_opt(texts.text(row, Text::Websocket));
        self.rows += 1;
        // The Community ID is a stream's, coded: it takes no room of the
        // row's in the batch (nor does it make batches smaller).
        self.text += texts.at - row.at - id.len();
    }

    /// The rows appended since the last batch, as a batch; the buffers
    /// start again empty.
    pub fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        let rows = std::mem::take(&mut self.rows);
        self.text = 0;
        reuse::next_batch();
        let ints =
            |v: &mut Vec<i64>| -> ArrayRef { Arc::new(Int64Array::new(again(v).into(), None)) };
        let ts = again(&mut self.ts);
        let ts = TimestampMicrosecondArray::new(ts.into(), None);
        let endpoints = self.endpoints.finish()?;
        let community_ids = self.community_ids.finish()?;
        let types = self.types.finish()?;
        let tcp_offset = self.tcp_offset.finish();
        // `websocket` where a WebSocket carried the row: where it has an
        // offset in the TCP stream.
        let transport = UInt32Array::new(vec![0; rows].into(), tcp_offset.nulls().cloned());
        let columns: Vec<ArrayRef> = vec![
            Arc::new(Int64Array::from_value(self.capture, rows)),
            ints(&mut self.stream_uid),
            ints(&mut self.frame),
            Arc::new(ts.with_timezone(UTC)),
            ints(&mut self.stream),
            Arc::new(self.dir.finish(&self.dirs)?),
            Arc::new(self.src.finish(&endpoints)?),
            Arc::new(self.dst.finish(&endpoints)?),
            Arc::new(self.community_id.finish(&community_ids)?),
            ints(&mut self.offset),
            Arc::new(tcp_offset),
            Arc::new(Codes::try_new(transport, self.transports.clone())?),
            Arc::new(self.protocol.finish(&self.protocols)?),
            Arc::new(self.dialect.finish(&self.dialects)?),
            Arc::new(self.type_name.finish(&types)?),
            Arc::new(self.event.finish(&self.events)?),
            Arc::new(self.type_id.finish()),
            Arc::new(self.len.finish()),
            Arc::new(self.reason.finish()?),
            Arc::new(self.error.finish()?),
            Arc::new(self.notes.finish()?),
            Arc::new(self.note_codes.finish()?),
            Arc::new(self.fields.finish()?),
            Arc::new(self.websocket.finish()?),
        ];
        RecordBatch::try_new(self.schema.clone(), columns)
    }
}

impl Batches for RecordsTable {
    fn rows(&self) -> usize {
        self.rows
    }
    fn text_bytes(&self) -> usize {
        self.text
    }
    fn finish(&mut self) -> Result<RecordBatch, ArrowError> {
        RecordsTable::finish(self)
    }
}

/// The text of column `name` at `row` of `batch`, plain or coded (for
/// the tests).
#[cfg(test)]
pub(super) fn text_at(batch: &RecordBatch, name: &str, row: usize) -> Option<String> {
    use arrow_array::cast::AsArray;
    use arrow_array::Array;
    let column = batch.column_by_name(name)?;
    if column.is_null(row) {
        return None;
    }
    if let Some(codes) = column.as_any().downcast_ref::<Codes>() {
        let texts = codes.values().as_string::<i32>();
        return Some(texts.value(codes.keys().value(row) as usize).to_string());
    }
    Some(column.as_string::<i32>().value(row).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::decode::record::sample;
    use crate::decode::{Body, Record};
    use crate::output::tables::batches::BATCH_ROWS;
    use crate::output::tables::records::Stream;
    use crate::reassembly::{Direction, GapReason};
    use arrow_array::cast::AsArray;
    use arrow_array::Array;

    fn rows(records: &[Record], bytes: &mut Vec<u8>) -> Vec<RecordRow> {
        let stream = Stream::new(7, &records[0]);
        (records.iter())
            .map(|r| RecordRow::new(r, &stream, bytes))
            .collect()
    }

    /// A batch is full at BATCH_ROWS rows; the next one starts empty, its
    /// texts from its own start.
    #[test]
    fn batches_are_bounded_and_start_again_empty() {
        let fold = crate::output::records::sample_fold(Vec::new(), None);
        let records = [sample(Direction::C2S, fold)];
        let mut bytes = Vec::new();
        let made = rows(&records, &mut bytes);
        let mut table = RecordsTable::new(1);
        for _ in 0..BATCH_ROWS {
            assert!(!table.is_full());
            table.append(&made[0], &bytes);
        }
        assert!(table.is_full());
        assert_eq!(table.finish().unwrap().num_rows(), BATCH_ROWS);
        assert!(table.is_empty() && !table.is_full());
        table.append(&made[0], &bytes);
        let batch = table.finish().unwrap();
        assert_eq!(batch.num_rows(), 1);
        assert_eq!(text_at(&batch, "type", 0).unwrap(), "PacketPokerFold");
    }

    /// A column with no null value in a batch has no null buffer; one
    /// with some has them where they are.
    /// A bit per value, set where it has one, across words and in the
    /// last, partly filled one.
    #[test]
    fn valid_bits_are_a_bit_per_value() {
        let values: Vec<i64> = (0..131)
            .map(|n| if n % 3 == 0 { NO_INT } else { n })
            .collect();
        let bits = valid_bits(&values, |v| v != NO_INT);
        assert_eq!(bits.len(), 131);
        assert_eq!(bits.count_set_bits(), 131 - 44);
        assert!((0..131).all(|n| bits.value(n) == (n % 3 != 0)));
        assert_eq!(valid_bits::<i64>(&[], |_| true).len(), 0);
    }

    #[test]
    fn nulls_are_where_the_rows_have_no_value() {
        let gap = Body::Gap {
            len: 5,
            reason: GapReason::Closed,
        };
        let records = [
            sample(Direction::C2S, Body::StreamStart),
            sample(Direction::S2C, gap),
        ];
        let mut bytes = Vec::new();
        let made = rows(&records, &mut bytes);
        let mut table = RecordsTable::new(1);
        for row in &made {
            table.append(row, &bytes);
        }
        let batch = table.finish().unwrap();
        let column = |name: &str| batch.column_by_name(name).unwrap().clone();
        assert_eq!(column("len").null_count(), 1);
        assert!(column("len").is_null(0) && column("len").is_valid(1));
        assert!(column("reason").is_null(0));
        assert_eq!(column("reason").as_string::<i32>().value(1), "closed");
        assert!(column("event").nulls().is_none());
        assert_eq!(column("fields").null_count(), 2);
        let src = column("src");
        assert!(src.nulls().is_none());
        // The sender of the server's record is the server.
        assert_eq!(
            [text_at(&batch, "src", 0), text_at(&batch, "src", 1)].map(Option::unwrap),
            ["10.0.0.1:40000", "10.0.0.2:19380"]
        );
        assert_eq!(text_at(&batch, "dst", 1).unwrap(), "10.0.0.1:40000");
        assert_eq!(text_at(&batch, "dir", 1).unwrap(), "s2c");
    }
}
