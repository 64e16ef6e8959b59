//! `stats`' sections written in order, from what the pass gathered: a
//! table per list, or one JSON object with a member per section.

use super::args::{Section, StatsFormat};
use super::gather::Gathered;
use super::lists;
use crate::cli::CliError;
use clap::ValueEnum;
use serde_json::json;
use std::io::Write;

/// Writes `sections` (sorted, each once) of `g` to `out` in `format`.
pub(super) fn sections(
    out: &mut impl Write,
    sections: &[Section],
    g: &Gathered,
    format: StatsFormat,
) -> Result<(), CliError> {
    let json = format == StatsFormat::Json;
    if json {
        out.write_all(b"{")?;
    }
    for (n, s) in sections.iter().enumerate() {
        let lists = match s {
            Section::Proto => lists::proto(&g.types, &g.streams),
            Section::Hands => lists::tables(&g.hands),
            Section::Players => lists::players(&g.hands),
            Section::Rtt => lists::rtt(&g.rtt),
        };
        if json {
            let name = s.to_possible_value().map(|v| v.get_name().to_string());
            let sep = if n == 0 { "\n" } else { ",\n" };
            write!(out, "{sep}  {}: {{", json!(name.unwrap_or_default()))?;
            for (k, list) in lists.iter().enumerate() {
                list.write_json(out, k == 0)?;
            }
            out.write_all(b"\n  }")?;
        } else {
            for list in &lists {
                list.write_table(out)?;
            }
        }
    }
    if json {
        out.write_all(b"\n}\n")?;
    }
    Ok(())
}
