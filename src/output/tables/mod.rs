//! Tables for analytics engines (`-o DIR`): `records` (from `decode`),
//! `hands`, `actions`, `players` and `views` (from `hands`), as Apache Parquet or
//! CSV files, a file per table, with ids that stay unique across captures
//! ([`ids`]).
//!
//! Each table is a file of this folder: its columns ([`columns::Column`]:
//! name, type, meaning; docs/tables.md's tables are checked against them) and
//! how an item becomes its row. [`writer::Tables`] writes them: a file per
//! table under a temporary name until it is whole, rows in bounded
//! batches (several to a Parquet row group). The commands feed it from the one
//! pipeline's sink: `decode`'s workers render each record's JSON texts
//! ([`records::RecordRow`]), the calling thread appends the rows in
//! capture order to a buffer per column ([`record_batch::RecordsTable`]);
//! `hands` appends each hand as it ends. A Parquet file is written by the
//! `parquet` crate's Arrow writer, each kind of column encoded as its
//! properties say (`parquet`).

pub mod actions;
pub mod batches;
pub mod columns;
mod csv;
pub mod hands;
pub mod ids;
mod parquet;
pub mod players;
pub mod record_batch;
pub mod records;
mod reuse;
pub mod views;
pub mod writer;

pub use writer::{Error, Format, Tables};

use columns::Column;

/// Every table: its name and columns.
pub const ALL: [writer::Spec; 5] = [
    ("records", records::COLUMNS),
    ("hands", hands::COLUMNS),
    ("actions", actions::COLUMNS),
    ("players", players::COLUMNS),
    ("views", views::COLUMNS),
];

/// The columns as docs/tables.md's table of them: a line per column, `|
/// \`name\` | TYPE [null] | meaning |`.
pub fn markdown(columns: &[Column]) -> String {
    let mut s = String::from("| column | type | meaning |\n|---|---|---|\n");
    for c in columns {
        let null = if c.nullable { " null" } else { "" };
        s.push_str(&format!(
            "| `{}` | {}{null} | {} |\n",
            c.name,
            c.kind.sql(),
            c.meaning
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// docs/tables.md documents every table's columns as they are.
    #[test]
    fn the_documented_tables_are_the_columns() {
        let doc = include_str!("../../../docs/tables.md");
        for (name, columns) in ALL {
            let mark = format!("<!-- table: {name} -->\n");
            let at = doc
                .find(&mark)
                .unwrap_or_else(|| panic!("docs/tables.md has no {mark}"));
            let want = markdown(columns);
            let got = &doc[at + mark.len()..];
            let got = &got[..got.find("\n\n").unwrap_or(got.len()) + 1];
            assert_eq!(got, want, "docs/tables.md's table of {name}");
        }
    }

    /// Names are unique in a table, and the id columns come first.
    #[test]
    fn every_table_starts_with_its_ids() {
        for (name, columns) in ALL {
            let names: Vec<&str> = columns.iter().map(|c| c.name).collect();
            let mut unique = names.clone();
            unique.sort_unstable();
            unique.dedup();
            assert_eq!(unique.len(), names.len(), "{name}");
            assert_eq!(names[..2], ["capture", "stream_uid"], "{name}");
            if name != "records" {
                assert_eq!(names[2], "hand_uid", "{name}");
            }
        }
    }
}
