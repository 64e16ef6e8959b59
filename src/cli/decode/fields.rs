//! `decode`'s columns of values: `-T fields -e NAME ... -E OPT=VALUE`, as
//! tshark writes them, and `--format csv` (a header row; by default the
//! table's columns). Each `-e` is a record key or a `fields.*` path,
//! resolved like a display filter's names; a key with several values (a
//! list) gives them all, joined by the aggregator (`-E occurrence` picks
//! one).

use super::args::{DecodeFormat, FieldArgs, FieldOption, Occurrence};
use crate::cli::CliError;
use cardshark::decode::Record;
use cardshark::filter::record::{RecordKey, RecordScope, View};
use cardshark::filter::{Scope, Subject, Value};
use cardshark::output::{csv, records::Summaries};

/// A column.
enum Column {
    /// A record key.
    Key(RecordKey),
    /// The message type, or the event's name (`--format csv`'s `type`).
    TypeOrEvent,
    /// The stream's protocol as the table names it (`--format csv`'s
    /// `protocol`: `websocket/pokerth-1`).
    Protocol,
    /// The table's summary.
    Summary,
}

/// The columns of field output, and how to write them.
pub struct Columns {
    names: Vec<String>,
    columns: Vec<Column>,
    separator: String,
    header: bool,
    quote: Option<char>,
    occurrence: Occurrence,
    aggregator: String,
    csv: bool,
}

/// The columns of `--format csv` without `-e`: the table's.
const CSV_COLUMNS: [&str; 7] = [
    "frame", "ts", "stream", "dir", "protocol", "type", "summary",
];

impl Columns {
    /// The columns `format` and `args` ask for (`None` for a format
    /// without them), their names resolved in `scope`.
    pub fn new(
        format: DecodeFormat,
        args: &FieldArgs,
        scope: &mut RecordScope,
    ) -> Result<Option<Columns>, CliError> {
        let usage = |m: &str| Err(CliError::Usage(m.into()));
        let csv = match format {
            DecodeFormat::Fields => false,
            DecodeFormat::Csv => true,
            _ if !args.fields.is_empty() => return usage("-e goes with -T fields or --format csv"),
            _ if !args.options.is_empty() => return usage("-E goes with -T fields"),
            _ => return Ok(None),
        };
        if csv && !args.options.is_empty() {
            return usage("-E goes with -T fields (--format csv quotes as RFC 4180 says)");
        }
        if !csv && args.fields.is_empty() {
            return usage("-T fields needs at least one -e NAME (e.g. -e frame -e type)");
        }
        let mut c = Columns {
            names: Vec::new(),
            columns: Vec::new(),
            separator: if csv { ",".into() } else { "\t".into() },
            header: csv,
            quote: None,
            occurrence: Occurrence::All,
            aggregator: ",".into(),
            csv,
        };
        for o in &args.options {
            match o.clone() {
                FieldOption::Separator(s) => c.separator = s,
                FieldOption::Header(h) => c.header = h,
                FieldOption::Quote(q) => c.quote = q,
                FieldOption::Occurrence(o) => c.occurrence = o,
                FieldOption::Aggregator(a) => c.aggregator = a,
            }
        }
        if args.fields.is_empty() {
            for name in CSV_COLUMNS {
                let column = match name {
                    "type" => Column::TypeOrEvent,
                    "protocol" => Column::Protocol,
                    "summary" => Column::Summary,
                    _ => Column::Key(scope.resolve(name).map_err(CliError::Usage)?.0),
                };
                c.names.push(name.into());
                c.columns.push(column);
            }
        }
        for name in &args.fields {
            let (key, _) = scope
                .resolve(name)
                .map_err(|e| CliError::Usage(format!("-e {name}: {e}")))?;
            // A column writes what the JSON has: the family's name, not the
            // dialect's a filter also sees.
            let key = match key {
                RecordKey::Protocol => RecordKey::ProtocolName,
                key => key,
            };
            c.names.push(name.clone());
            c.columns.push(Column::Key(key));
        }
        Ok(Some(c))
    }

    /// The header line, if one is wanted.
    pub fn header(&self, out: &mut Vec<u8>) {
        if !self.header {
            return;
        }
        let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
        self.line(out, &names);
    }

    /// Whether a column is the summary (whose player names the writer
    /// then learns from every record: [`Summaries`]).
    pub fn has_summary(&self) -> bool {
        self.columns.iter().any(|c| matches!(c, Column::Summary))
    }

    /// The line of record `r`, seen through `view`; its summary with the
    /// names its stream told before it (`summaries`).
    pub fn row(&self, r: &Record, view: &mut View, summaries: &Summaries, out: &mut Vec<u8>) {
        let cells: Vec<String> = (self.columns.iter())
            .map(|c| match c {
                Column::Key(k) => self.cell(view, k),
                Column::TypeOrEvent => r.type_name().to_string(),
                Column::Protocol => r.label().to_string(),
                Column::Summary => summaries.summary(r),
            })
            .collect();
        let cells: Vec<&str> = cells.iter().map(String::as_str).collect();
        self.line(out, &cells);
    }

    fn line(&self, out: &mut Vec<u8>, cells: &[&str]) {
        if self.csv {
            return csv::row(out, cells);
        }
        for (n, cell) in cells.iter().enumerate() {
            if n > 0 {
                out.extend_from_slice(self.separator.as_bytes());
            }
            let cell = cell
                .replace('\t', "\\t")
                .replace('\n', "\\n")
                .replace('\r', "\\r");
            match self.quote {
                Some(q) => {
                    let doubled = format!("{q}{q}");
                    out.extend_from_slice(
                        format!("{q}{}{q}", cell.replace(q, &doubled)).as_bytes(),
                    );
                }
                None => out.extend_from_slice(cell.as_bytes()),
            }
        }
        out.push(b'\n');
    }

    /// The values of key `k`, chosen and joined.
    fn cell(&self, view: &mut View, k: &RecordKey) -> String {
        let mut values: Vec<String> = Vec::new();
        view.any(k, &mut |v| {
            values.push(text(v));
            false
        });
        let one = |v: Option<&String>| v.cloned().unwrap_or_default();
        match self.occurrence {
            Occurrence::All => values.join(&self.aggregator),
            Occurrence::First => one(values.first()),
            Occurrence::Last => one(values.last()),
            Occurrence::Nth(n) => one(values.get(n - 1)),
        }
    }
}

/// A value as a cell: text as it is, numbers and booleans as JSON writes
/// them, a time in RFC 3339, null as nothing, an object as JSON.
fn text(v: Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::Bool(b) => b.to_string(),
        Value::Int(n) => n.to_string(),
        Value::Float(x) => {
            serde_json::Number::from_f64(x).map_or_else(String::new, |n| n.to_string())
        }
        Value::Str(s) | Value::Json(s) => s.to_string(),
        Value::Time(t) => t.to_string(),
    }
}
