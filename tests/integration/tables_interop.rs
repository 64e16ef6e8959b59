//! DuckDB (PyPI `duckdb`, pinned in tests/interop/setup.sh) reads the
//! tables `decode` and `hands` write with `--format parquet -o DIR` (and
//! `--format csv -o DIR`) for every capture of testdata/, and they hold
//! what the JSON output holds: as many records as `decode --format jsonl`
//! writes lines, each row made back into its JSON record equal to its line
//! (`tests/interop/check_tables.py`), as many hands as `hands --format
//! jsonl --incomplete` writes, their pots the same chips, an action row
//! per action and a player row per player; every column has the type
//! docs/tables.md gives it; and each table's Parquet file holds the rows
//! its CSV file holds, the two encoded apart from the same batches (DuckDB
//! `EXCEPT ALL` both ways).
//!
//! Needs the Python virtual environment of tests/interop/setup.sh, so it
//! is ignored by a plain `cargo nextest run`; CI (.ci/run) sets the venv up
//! and runs it with `--run-ignored only ... tables_interop::`.

use crate::common::interop_check;
use crate::common::{self, captures};
use cardshark::output::tables::columns::Kind;
use serde_json::{json, Value};
use std::path::Path;

/// Runs cardshark with `args` on `file`; it must succeed. Its stdout.
fn run(args: &[&str], file: &Path) -> String {
    let out = common::cardshark().args(args).arg(file).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?} {}: {}",
        file.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// DuckDB's name of a column type.
fn duckdb_type(kind: Kind) -> &'static str {
    match kind {
        Kind::Int | Kind::Id => "BIGINT",
        Kind::Str | Kind::Name | Kind::Json | Kind::Code => "VARCHAR",
        Kind::Bool => "BOOLEAN",
        Kind::Time => "TIMESTAMP WITH TIME ZONE",
        Kind::StrList => "VARCHAR[]",
        Kind::IntList => "BIGINT[]",
    }
}

/// What the JSON output of a capture says: records, hands, their pots
/// (all, and of the complete hands), actions and players.
struct Json {
    records: u64,
    hands: u64,
    pot: u64,
    complete_pot: u64,
    actions: u64,
    players: u64,
}

fn from_json(file: &Path, jsonl: &str) -> Json {
    let hands = common::hands_ohh(file, &["--incomplete"]);
    let pot = |h: &Value| -> u64 {
        (h["pots"].as_array().unwrap().iter())
            .map(|p| p["amount"].as_u64().unwrap())
            .sum()
    };
    let complete = |h: &&Value| h["cardshark"]["complete"] == true;
    let len = |h: &Value, k: &str| h[k].as_array().map_or(0, |a| a.len() as u64);
    // OHH's actions also deal cards and show them: count the bets.
    let bets = |h: &Value| -> u64 {
        (h["rounds"].as_array().unwrap().iter())
            .flat_map(|r| r["actions"].as_array().unwrap())
            .filter(|a| {
                !matches!(
                    a["action"].as_str(),
                    Some("Dealt Cards" | "Shows Cards" | "Mucks Cards")
                )
            })
            .count() as u64
    };
    Json {
        records: jsonl.lines().count() as u64,
        hands: hands.len() as u64,
        pot: hands.iter().map(pot).sum(),
        complete_pot: hands.iter().filter(complete).map(pot).sum(),
        actions: hands.iter().map(bets).sum(),
        players: hands.iter().map(|h| len(h, "players")).sum(),
    }
}

#[test]
#[ignore = "needs the Python venv of tests/interop/setup.sh (duckdb); CI runs it"]
fn duckdb_reads_every_captures_tables_and_they_hold_the_json_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join("target/interop-venv/bin/python");
    assert!(python.exists(), "no venv: run tests/interop/setup.sh first");
    let dir = tempfile::tempdir().unwrap();
    let mut manifest = Vec::new();
    let mut want = Vec::new();
    let files = captures();
    assert!(files.len() > 40, "testdata/ has its captures");
    for (n, file) in files.iter().enumerate() {
        let out = |what: &str| dir.path().join(format!("{n}-{what}"));
        let out_str = |what: &str| out(what).to_string_lossy().into_owned();
        let jsonl = run(&["decode", "--format", "jsonl"], file);
        std::fs::write(out("records.jsonl"), &jsonl).unwrap();
        for (cmd, format, what) in [
            ("decode", "parquet", "records"),
            ("decode", "csv", "records_csv"),
            ("hands", "parquet", "hands"),
            ("hands", "csv", "hands_csv"),
        ] {
            run(&[cmd, "--format", format, "-o", &out_str(what)], file);
        }
        manifest.push(json!({
            "name": file.to_string_lossy(),
            "jsonl": out_str("records.jsonl"),
            "records": out_str("records"),
            "records_csv": out_str("records_csv"),
            "hands": out_str("hands"),
            "hands_csv": out_str("hands_csv"),
        }));
        want.push((file.to_string_lossy().into_owned(), from_json(file, &jsonl)));
    }
    let path = dir.path().join("manifest.json");
    std::fs::write(&path, serde_json::to_vec(&manifest).unwrap()).unwrap();
    let got: Value = serde_json::from_str(&interop_check("check_tables.py", &[&path])).unwrap();
    for (table, columns) in cardshark::output::tables::ALL {
        let types: Vec<(String, String)> = (got["types"][table].as_array().unwrap().iter())
            .map(|c| (c[0].as_str().unwrap().into(), c[1].as_str().unwrap().into()))
            .collect();
        let expected: Vec<(String, String)> = (columns.iter())
            .map(|c| (c.name.into(), duckdb_type(c.kind).into()))
            .collect();
        assert_eq!(types, expected, "{table}: DuckDB's columns and types");
    }
    let (mut records, mut hands, mut pot) = (0, 0, 0);
    for (name, j) in &want {
        let g = &got["captures"][name.as_str()];
        let n = |k: &str| g[k].as_u64().unwrap_or_else(|| panic!("{name}: {k}: {g}"));
        assert_eq!(
            g["mismatches"],
            json!([]),
            "{name}: rows unlike their JSON records"
        );
        assert_eq!(n("records"), j.records, "{name}: records");
        assert_eq!(n("hands"), j.hands, "{name}: hands");
        assert_eq!(n("pot"), j.pot, "{name}: the pots' chips");
        assert_eq!(
            n("complete_pot"),
            j.complete_pot,
            "{name}: complete hands' pots"
        );
        assert_eq!(n("actions"), j.actions, "{name}: actions");
        assert_eq!(n("players"), j.players, "{name}: players");
        for t in ["records", "hands", "actions", "players"] {
            assert_eq!(
                n(&format!("{t}_csv")),
                n(t),
                "{name}: {t}.csv has the rows of {t}.parquet"
            );
            assert_eq!(
                g["csv_differs"][t],
                json!([0, 0]),
                "{name}: {t}: rows of the Parquet file not in the CSV file, and of the CSV not in the Parquet"
            );
        }
        assert_eq!(n("ids"), u64::from(j.records > 0), "{name}: one capture id");
        (records, hands, pot) = (records + j.records, hands + j.hands, pot + j.pot);
    }
    // The test saw something: records, hands and chips.
    assert!(
        records > 10_000 && hands > 50 && pot > 10_000,
        "{records} {hands} {pot}"
    );
}
