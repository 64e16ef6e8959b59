//! `cardshark decode`'s arguments: what to read and decode, which records
//! to write and how, and the options of field output (`-e`, `-E`).

use crate::cli::tables::TableArgs;
use crate::cli::{display_filter, names, DecodeOpts, InputArgs, TimeArgs};
use clap::{Args, ValueEnum, ValueHint};

/// How `decode` writes records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum DecodeFormat {
    /// A row per record for people: frame, time, stream, direction, protocol, type, summary.
    Table,
    /// One JSON array of records.
    Json,
    /// One JSON record per line.
    Jsonl,
    /// The values of the `-e` keys, a line per record, as `tshark -T
    /// fields` writes them (see -E).
    Fields,
    /// CSV (RFC 4180): a header row, then a row per record: the `-e` keys,
    /// or frame, ts, stream, dir, protocol, type and summary. With -o DIR:
    /// the records table as DIR/records.csv.
    Csv,
    /// Apache Parquet: the records table as DIR/records.parquet (needs -o
    /// DIR).
    Parquet,
}

/// Arguments of `cardshark decode`.
#[derive(Args, Debug)]
pub struct DecodeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub decode: DecodeOpts,
    /// Output format (-T as in tshark: `-T fields -e frame -e type`).
    #[arg(short = 'T', long, value_enum, default_value_t = DecodeFormat::Table)]
    pub format: DecodeFormat,
    /// Only the records EXPR matches (see below).
    #[arg(short = 'Y', long = "display-filter", value_name = "EXPR",
          long_help = display_filter::records_help("Records that do not match are not written."))]
    pub display_filter: Option<String>,
    #[command(flatten)]
    pub fields: FieldArgs,
    /// Only this stream (its index in `inspect`).
    #[arg(short = 's', long = "stream", value_name = "N", value_hint = ValueHint::Other)]
    pub stream: Option<u64>,
    /// Only streams of this protocol or dialect, by the names the tables
    /// show (pokerth, pokerth-2007, pokerth-1, pokernetwork, pokernetwork-2,
    /// gls, cardgame): a protocol takes all its dialects (pokerth: every
    /// PokerTH generation), a dialect only its own; the same records as
    /// -Y 'protocol == "NAME"'.
    #[arg(short = 'p', long = "protocol", value_name = "NAME", value_parser = names::Protocol,
          hide_possible_values = true)]
    pub protocol: Option<&'static str>,
    /// Only records of this message type or event (e.g. PlayersActionDone,
    /// gap, unknown_data, websocket_close); case does not matter. A name no
    /// protocol has is an error.
    #[arg(long = "type", value_name = "NAME", value_parser = names::TypeName,
          hide_possible_values = true)]
    pub type_name: Option<String>,
    /// Stop after this many records (at least 1).
    #[arg(short = 'c', long = "count", value_name = "N", value_hint = ValueHint::Other,
          value_parser = at_least_one)]
    pub count: Option<u64>,
    /// Each record as an indented tree, like tshark -V: the envelope (with
    /// the message's bytes in its stream), then the fields (each with its
    /// bytes), notes and error.
    #[arg(short = 'V', long = "detail")]
    pub detail: bool,
    /// Only the records of frame N (the frame that completed each
    /// message), as trees unless --format json or jsonl.
    #[arg(long = "frame", value_name = "N", value_parser = frame_number)]
    pub frame: Option<u64>,
    /// Each message's bytes too, as hex and ASCII (like tshark -x).
    #[arg(short = 'x', long = "hex")]
    pub hex: bool,
    #[command(flatten)]
    pub time: TimeArgs,
    #[command(flatten)]
    pub tables: TableArgs,
}

/// A count of at least 1 (`-c 0` would be a run that shows nothing).
fn at_least_one(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err("not a whole number of at least 1".into()),
    }
}

/// A frame number of `--frame`: 1 or more.
fn frame_number(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if n >= 1 => Ok(n),
        _ => Err(format!("'{s}' is not a frame number (frames count from 1)")),
    }
}

/// The options of field output.
#[derive(Args, Debug, Clone, Default)]
pub struct FieldArgs {
    /// With `-T fields` or `--format csv`: a column, a record key or a
    /// `fields.*` path (the names of -Y; repeatable, in order), e.g.
    /// `-e frame -e ts -e fields.player_id`. An unknown name is an error.
    #[arg(short = 'e', long = "field", value_name = "NAME")]
    pub fields: Vec<String>,
    /// With `-T fields`, as tshark's -E: `separator=/t|/s|TEXT` (default
    /// tab), `header=y|n` (a first line of the names; default n),
    /// `quote=d|s|n` (values in double or single quotes, their quotes
    /// doubled; default n), `occurrence=f|l|a|N` (the first, last, every
    /// (default) or Nth value of a key with several),
    /// `aggregator=,|/s|TEXT` (between those values; default ','). Tabs
    /// and line breaks inside a value are written \t, \n, \r.
    #[arg(short = 'E', long = "field-option", value_name = "OPT=VALUE",
          value_parser = parse_option)]
    pub options: Vec<FieldOption>,
}

/// One `-E` option.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FieldOption {
    /// `separator=`.
    Separator(String),
    /// `header=`.
    Header(bool),
    /// `quote=`: the quote character, if any.
    Quote(Option<char>),
    /// `occurrence=`.
    Occurrence(Occurrence),
    /// `aggregator=`.
    Aggregator(String),
}

/// Which values of a key with several a column shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Occurrence {
    /// Every one, joined by the aggregator.
    All,
    /// The first.
    First,
    /// The last.
    Last,
    /// The Nth, from 1.
    Nth(usize),
}

/// `/t` and `/s` as tshark spells a tab and a space.
fn text_of(v: &str) -> String {
    match v {
        "/t" => "\t".into(),
        "/s" => " ".into(),
        v => v.into(),
    }
}

fn parse_option(s: &str) -> Result<FieldOption, String> {
    let Some((name, v)) = s.split_once('=') else {
        return Err(format!(
            "'{s}' is not OPT=VALUE (separator, header, quote, occurrence, aggregator)"
        ));
    };
    let yes_no = |v: &str| match v {
        "y" | "yes" => Ok(true),
        "n" | "no" => Ok(false),
        _ => Err(format!("{name} is y or n, not '{v}'")),
    };
    Ok(match name {
        "separator" if !v.is_empty() => FieldOption::Separator(text_of(v)),
        "aggregator" if !v.is_empty() => FieldOption::Aggregator(text_of(v)),
        "separator" | "aggregator" => return Err(format!("{name} needs a value")),
        "header" => FieldOption::Header(yes_no(v)?),
        "quote" => FieldOption::Quote(match v {
            "d" => Some('"'),
            "s" => Some('\''),
            "n" => None,
            _ => return Err(format!("quote is d, s or n, not '{v}'")),
        }),
        "occurrence" => FieldOption::Occurrence(match v {
            "a" => Occurrence::All,
            "f" => Occurrence::First,
            "l" => Occurrence::Last,
            n => match n.parse::<usize>() {
                Ok(n) if n >= 1 => Occurrence::Nth(n),
                _ => {
                    return Err(format!(
                        "occurrence is f, l, a or a number from 1, not '{v}'"
                    ))
                }
            },
        }),
        _ => {
            return Err(format!(
                "unknown option '{name}' (separator, header, quote, occurrence, aggregator)"
            ))
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_as_tshark_spells_them() {
        assert_eq!(
            parse_option("separator=/t"),
            Ok(FieldOption::Separator("\t".into()))
        );
        assert_eq!(
            parse_option("separator=,"),
            Ok(FieldOption::Separator(",".into()))
        );
        assert_eq!(parse_option("header=y"), Ok(FieldOption::Header(true)));
        assert_eq!(parse_option("quote=d"), Ok(FieldOption::Quote(Some('"'))));
        assert_eq!(
            parse_option("occurrence=2"),
            Ok(FieldOption::Occurrence(Occurrence::Nth(2)))
        );
        assert_eq!(
            parse_option("aggregator=/s"),
            Ok(FieldOption::Aggregator(" ".into()))
        );
        for bad in [
            "header=maybe",
            "quote=x",
            "occurrence=0",
            "colour=red",
            "separator",
            "separator=",
        ] {
            assert!(parse_option(bad).is_err(), "{bad}");
        }
    }
}
