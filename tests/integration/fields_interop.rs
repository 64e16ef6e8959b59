//! DuckDB (PyPI `duckdb`, pinned in tests/interop/setup.sh) loads what
//! `decode -T fields` and `--format csv` on every command write, as a user
//! would (`read_csv`, types sniffed): each file has the columns asked for,
//! typed as their values are (numbers BIGINT, times TIMESTAMP WITH TIME
//! ZONE, booleans BOOLEAN), and a row per item.
//!
//! Needs the Python virtual environment of tests/interop/setup.sh, so it
//! is ignored by a plain `cargo nextest run`; CI (.ci/run) sets the venv up
//! and runs it with `--run-ignored only ... fields_interop::`.

use crate::common::interop_check;
use crate::common::{run_ok, testdata};
use serde_json::Value;
use std::path::Path;

const FILE: &str = "mixed/all-four.pcap";

const TZ: &str = "TIMESTAMP WITH TIME ZONE";

/// A command, the delimiter of what it writes, and the columns expected
/// with their DuckDB types.
type Case<'a> = (&'a [&'a str], &'a str, Vec<(&'a str, &'a str)>);

#[test]
#[ignore = "needs the Python venv of tests/interop/setup.sh (duckdb); CI runs it"]
fn duckdb_loads_field_output_with_the_right_columns_and_types() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join("target/interop-venv/bin/python");
    assert!(python.exists(), "no venv: run tests/interop/setup.sh first");
    assert!(testdata(FILE).exists());
    let dir = tempfile::tempdir().unwrap();
    let fields = [
        "-T",
        "fields",
        "-E",
        "header=y",
        "-e",
        "frame",
        "-e",
        "ts",
        "-e",
        "stream",
        "-e",
        "community_id",
        "-e",
        "type",
        "-e",
        "fields.player_id",
        "-e",
        "fields.cards",
        "-Y",
        "type",
    ];
    // (command, delimiter, expected columns and DuckDB types)
    let cases: [Case; 5] = [
        (
            &fields[..],
            "tab",
            vec![
                ("frame", "BIGINT"),
                ("ts", TZ),
                ("stream", "BIGINT"),
                ("community_id", "VARCHAR"),
                ("type", "VARCHAR"),
                ("fields.player_id", "BIGINT"),
                ("fields.cards", "VARCHAR"),
            ],
        ),
        (
            &["decode", "--format", "csv"],
            ",",
            vec![
                ("frame", "BIGINT"),
                ("ts", TZ),
                ("stream", "BIGINT"),
                ("dir", "VARCHAR"),
                ("protocol", "VARCHAR"),
                ("type", "VARCHAR"),
                ("summary", "VARCHAR"),
            ],
        ),
        (
            &["hands", "--format", "csv"],
            ",",
            vec![
                ("id", "VARCHAR"),
                ("stream", "BIGINT"),
                ("hand", "BIGINT"),
                ("views", "BIGINT"),
                ("protocol", "VARCHAR"),
                ("table", "VARCHAR"),
                ("players", "VARCHAR"),
                ("pot", "BIGINT"),
                ("winners", "VARCHAR"),
                ("complete", "BOOLEAN"),
                ("notes", "VARCHAR"),
            ],
        ),
        (
            &["timeline", "--format", "csv"],
            ",",
            vec![
                ("frame", "BIGINT"),
                ("ts", TZ),
                ("stream", "BIGINT"),
                ("what", "VARCHAR"),
            ],
        ),
        (
            &["inspect", "--format", "csv"],
            ",",
            vec![
                ("stream", "BIGINT"),
                ("protocol", "VARCHAR"),
                ("client", "VARCHAR"),
                ("community_id", "VARCHAR"),
                ("start", TZ),
                ("duration", "DOUBLE"),
                ("flushed", "BOOLEAN"),
                ("c2s_messages", "BIGINT"),
                ("s2c_conflicts", "BIGINT"),
            ],
        ),
    ];
    let mut args = Vec::new();
    let mut files = Vec::new();
    for (n, (cmd, delim, _)) in cases.iter().enumerate() {
        let mut cmd = cmd.to_vec();
        if cmd[0] == "-T" {
            cmd.insert(0, "decode");
        }
        let out = run_ok(&cmd, FILE);
        let path = dir.path().join(format!("out{n}.csv"));
        std::fs::write(&path, &out).unwrap();
        args.push(path.to_string_lossy().into_owned());
        args.push(delim.to_string());
        files.push((path, out.lines().count() - 1));
    }
    let got: Value = serde_json::from_str(&interop_check("check_fields.py", &args)).unwrap();
    for ((path, rows), (cmd, _, want)) in files.iter().zip(&cases) {
        let got = &got[path.to_string_lossy().as_ref()];
        assert_eq!(got["rows"], *rows as u64, "{cmd:?}: rows");
        assert!(*rows > 3, "{cmd:?}");
        let columns: Vec<(String, String)> = (got["columns"].as_array().unwrap().iter())
            .map(|c| (c[0].as_str().unwrap().into(), c[1].as_str().unwrap().into()))
            .collect();
        if cmd[0] == "inspect" {
            // 38 columns: those named here, typed so.
            assert_eq!(columns.len(), 38, "{cmd:?}");
            for (name, ty) in want {
                assert!(
                    columns.contains(&(name.to_string(), ty.to_string())),
                    "{cmd:?}: {name} {ty} in {columns:?}"
                );
            }
        } else {
            let want: Vec<(String, String)> = want
                .iter()
                .map(|(n, t)| (n.to_string(), t.to_string()))
                .collect();
            assert_eq!(columns, want, "{cmd:?}");
        }
    }
}
