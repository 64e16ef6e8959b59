//! A batch of a table as CSV rows (RFC 4180 quoting, `output::csv`): a
//! number as its digits, a time as RFC 3339 with microseconds in UTC (as
//! the JSON records write it), a boolean `true` or `false`, a list as its
//! JSON array, a missing value an empty cell.

use super::parquet::Codes;
use crate::capture::Timestamp;
use arrow_array::cast::AsArray;
use arrow_array::types::{Int64Type, TimestampMicrosecondType};
use arrow_array::{Array, ArrayRef, BooleanArray, Int64Array, ListArray, RecordBatch, StringArray};
use arrow_array::{PrimitiveArray, TimestampMicrosecondArray};
use arrow_schema::DataType;

/// A column of the batch, by type.
enum Cells<'a> {
    Int(&'a Int64Array),
    Str(&'a StringArray),
    /// Codes into texts (a dictionary array).
    Coded(&'a Codes, &'a StringArray),
    Bool(&'a BooleanArray),
    Time(&'a TimestampMicrosecondArray),
    List(&'a ListArray),
    /// A type no table has.
    Other,
}

impl<'a> Cells<'a> {
    fn of(a: &'a ArrayRef) -> Cells<'a> {
        match a.data_type() {
            DataType::Int64 => Cells::Int(a.as_primitive::<Int64Type>()),
            DataType::Utf8 => Cells::Str(a.as_string::<i32>()),
            DataType::Dictionary(..) => match a.as_any().downcast_ref::<Codes>() {
                Some(codes) => match codes.values().as_string_opt::<i32>() {
                    Some(texts) => Cells::Coded(codes, texts),
                    None => Cells::Other,
                },
                None => Cells::Other,
            },
            DataType::Boolean => Cells::Bool(a.as_boolean()),
            DataType::Timestamp(..) => Cells::Time(a.as_primitive::<TimestampMicrosecondType>()),
            DataType::List(_) => Cells::List(a.as_list::<i32>()),
            _ => Cells::Other,
        }
    }

    fn is_null(&self, row: usize) -> bool {
        match self {
            Cells::Int(a) => a.is_null(row),
            Cells::Str(a) => a.is_null(row),
            Cells::Coded(a, _) => a.is_null(row),
            Cells::Bool(a) => a.is_null(row),
            Cells::Time(a) => a.is_null(row),
            Cells::List(a) => a.is_null(row),
            Cells::Other => true,
        }
    }

    /// Appends the cell of `row` (not null).
    fn write(&self, row: usize, out: &mut Vec<u8>, num: &mut itoa::Buffer) {
        match self {
            Cells::Int(a) => out.extend_from_slice(num.format(a.value(row)).as_bytes()),
            Cells::Str(a) => crate::output::csv::cell(out, a.value(row)),
            Cells::Coded(a, texts) => {
                let code = a.keys().value(row) as usize;
                if code < texts.len() {
                    crate::output::csv::cell(out, texts.value(code));
                }
            }
            Cells::Bool(a) => out.extend_from_slice(if a.value(row) { b"true" } else { b"false" }),
            Cells::Time(a) => out.extend_from_slice(time(a.value(row)).as_bytes()),
            Cells::List(a) => crate::output::csv::cell(out, &list_json(&a.value(row))),
            Cells::Other => {}
        }
    }
}

/// Microseconds since 1970 as RFC 3339 text.
fn time(micros: i64) -> String {
    let secs = micros.div_euclid(1_000_000);
    let nanos = (micros.rem_euclid(1_000_000) * 1000) as u32;
    Timestamp::new(secs, nanos).to_string()
}

/// A list's values as a JSON array.
fn list_json(values: &ArrayRef) -> String {
    let json: Vec<serde_json::Value> = match values.data_type() {
        DataType::Utf8 => (values.as_string::<i32>().iter())
            .map(|v| v.map_or(serde_json::Value::Null, |s| s.into()))
            .collect(),
        DataType::Int64 => {
            let ints: &PrimitiveArray<Int64Type> = values.as_primitive();
            (ints.iter())
                .map(|v| v.map_or(serde_json::Value::Null, |n| n.into()))
                .collect()
        }
        _ => Vec::new(),
    };
    serde_json::Value::Array(json).to_string()
}

/// Appends the rows of `batch` to `out`, a line each.
pub fn rows(batch: &RecordBatch, out: &mut Vec<u8>) {
    let columns: Vec<Cells> = batch.columns().iter().map(Cells::of).collect();
    let mut num = itoa::Buffer::new();
    for row in 0..batch.num_rows() {
        for (n, c) in columns.iter().enumerate() {
            if n > 0 {
                out.push(b',');
            }
            if !c.is_null(row) {
                c.write(row, out, &mut num);
            }
        }
        out.push(b'\n');
    }
}

#[cfg(test)]
mod tests {
    use super::super::columns::{col, opt, Kind, Rows};
    use super::*;

    #[test]
    fn every_type_as_a_cell() {
        let columns = [
            col("n", Kind::Int, ""),
            opt("s", Kind::Str, ""),
            col("b", Kind::Bool, ""),
            col("t", Kind::Time, ""),
            col("l", Kind::StrList, ""),
            col("i", Kind::IntList, ""),
        ];
        let mut r = Rows::new(&columns);
        let ts = Timestamp::new(1_764_067_024, 66_332_999);
        r.int(-3).str("a,\"b\"").bool(true).time(ts);
        r.strs(["Kd", "2c"]).ints([1, 2]).end();
        r.int(0)
            .opt_str(None)
            .bool(false)
            .time(Timestamp::new(0, 0));
        r.strs::<&str>([]).ints([]).end();
        let mut out = Vec::new();
        rows(&r.finish().unwrap(), &mut out);
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "-3,\"a,\"\"b\"\"\",true,2025-11-25T10:37:04.066332Z,\"[\"\"Kd\"\",\"\"2c\"\"]\",\"[1,2]\"\n\
             0,,false,1970-01-01T00:00:00.000000Z,[],[]\n"
        );
    }
}
