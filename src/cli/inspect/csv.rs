//! `inspect --format csv`: a row per stream, its `--format json` keys as
//! columns (`c2s.messages` as `c2s_messages`), for spreadsheets and
//! DuckDB; no capture summary.

use super::super::display_filter::stream_names;
use cardshark::output::csv;
use serde_json::Value;

/// The columns: the stream's names that are not totals of both directions.
fn columns() -> impl Iterator<Item = &'static str> {
    let names = stream_names();
    let total = |n: &str| names.iter().any(|(m, _, _)| *m == format!("c2s.{n}"));
    names.iter().map(|(n, _, _)| *n).filter(move |n| !total(n))
}

/// The header row.
pub fn header(out: &mut Vec<u8>) {
    csv::row(out, columns().map(|n| n.replace('.', "_")));
}

/// The row of a stream, from its `--format json` object.
pub fn row(out: &mut Vec<u8>, stream: &Value) {
    let cell = |name: &str| {
        let v = name.split('.').fold(stream, |v, k| &v[k]);
        match v {
            Value::Null => String::new(),
            Value::String(s) => s.clone(),
            v => v.to_string(),
        }
    };
    csv::row(out, columns().map(cell));
}
