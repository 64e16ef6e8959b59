//! `stats --interval SECONDS`: messages and bytes per protocol, type and
//! direction in each interval of capture time, counted from the first
//! frame, written as soon as the interval is over (when the first record
//! after it arrives, or the input ends), as tshark's `-z io,stat,SECONDS`
//! writes a row per interval. Intervals without a message are left out.
//! A table per interval, or a JSON object per interval on a line of its
//! own (before the whole capture's document).

use crate::cli::CliError;
use cardshark::analysis::stats::proto::Types;
use cardshark::analysis::stats::Counted;
use cardshark::output::table::Table;
use cardshark::pipeline::Clock;
use serde_json::json;
use std::io::Write;

/// The columns of an interval's table (those of `-z proto`'s first list).
const HEADERS: [&str; 6] = ["Protocol", "Type", "Dir", "Messages", "Bytes", "Errors"];

/// The interval being counted.
pub(super) struct Intervals {
    seconds: f64,
    clock: Clock,
    json: bool,
    /// The interval's number (from 0 at the first frame) and its counts.
    current: Option<u64>,
    types: Types,
}

impl Intervals {
    /// Intervals of `seconds` (> 0) from the first frame `clock` tells.
    pub(super) fn new(seconds: f64, clock: Clock, json: bool) -> Self {
        Intervals {
            seconds,
            clock,
            json,
            current: None,
            types: Types::default(),
        }
    }

    /// Counts `c`; an interval it ends is written to `out` first.
    pub(super) fn take(&mut self, c: &Counted, out: &mut impl Write) -> Result<(), CliError> {
        let since = self.clock.first().map_or(0.0, |f| c.ts.seconds_since(f));
        let n = (since.max(0.0) / self.seconds) as u64;
        if self.current.is_some_and(|k| n > k) {
            self.write(out)?;
        }
        if self.current.is_none_or(|k| n > k) {
            self.current = Some(n);
        }
        self.types.add(&c.protocol, &c.type_name, c.dir, &c.counts);
        Ok(())
    }

    /// Writes the interval being counted, if it counted anything.
    pub(super) fn finish(&mut self, out: &mut impl Write) -> Result<(), CliError> {
        if self.current.is_some() {
            self.write(out)?;
        }
        Ok(())
    }

    fn write(&mut self, out: &mut impl Write) -> Result<(), CliError> {
        let k = self.current.unwrap_or(0) as f64;
        let (start, end) = (k * self.seconds, (k + 1.0) * self.seconds);
        let types = std::mem::take(&mut self.types);
        if self.json {
            let rows: Vec<_> = (types.each())
                .map(|(p, t, d, c)| {
                    json!({"protocol": p, "type": t, "dir": d.as_str(), "messages": c.messages,
                           "bytes": c.bytes, "errors": c.errors})
                })
                .collect();
            let line = json!({"interval": {"start": start, "end": end}, "types": rows});
            writeln!(out, "{line}")?;
        } else {
            writeln!(
                out,
                "== interval {start:.3}-{end:.3} s: messages and bytes per protocol, type and direction"
            )?;
            let rows: Vec<Vec<String>> = (types.each())
                .map(|(p, t, d, c)| {
                    let n = |v: u64| v.to_string();
                    vec![
                        p.into(),
                        t.into(),
                        d.as_str().into(),
                        n(c.messages),
                        n(c.bytes),
                        n(c.errors),
                    ]
                })
                .collect();
            let mut table = Table::measured(&HEADERS);
            rows.iter().for_each(|r| table.measure(r));
            table.write(out, rows.into_iter().map(Ok::<_, CliError>))?;
        }
        Ok(())
    }
}
