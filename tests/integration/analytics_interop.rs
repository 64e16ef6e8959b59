//! The distributed path's questions (analytics/questions.sql: hands per
//! table, refusals per type and reason, the slowest players to act)
//! answered by DuckDB over the Parquet tables of every testdata capture,
//! each capture written as two shards (`--shard 1/2`, `2/2`) and the
//! shards unioned, agree with the same figures worked out from the JSON
//! Lines of whole runs (records) and of the same shards' runs (hands: a
//! run over a shard joins the views of its own connections only;
//! tests/interop/analytics_check.py).
//!
//! Needs the Python virtual environment of tests/interop/setup.sh, so it
//! is ignored by a plain `cargo nextest run`; CI (.ci/run) sets the venv up
//! and runs it with `--run-ignored only ... analytics_interop::`.

use crate::common::interop_check;
use crate::common::{captures, cardshark};
use std::path::Path;

/// Runs cardshark with `args` on `capture`, its standard output to `out`
/// when given; a damaged capture's exit status 1 (what came before the
/// damage is written) is accepted.
fn run(args: &[&str], capture: &Path, out: Option<&Path>) {
    let done = cardshark().args(args).arg(capture).output().unwrap();
    assert!(
        matches!(done.status.code(), Some(0 | 1)),
        "{args:?} {}: {}",
        capture.display(),
        String::from_utf8_lossy(&done.stderr)
    );
    if let Some(out) = out {
        std::fs::write(out, &done.stdout).unwrap();
    }
}

#[test]
#[ignore = "needs the Python venv of tests/interop/setup.sh (duckdb); CI runs it"]
fn duckdb_answers_over_sharded_parquet_agree_with_the_json_output() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join("target/interop-venv/bin/python");
    assert!(python.exists(), "no venv: run tests/interop/setup.sh first");
    let dir = tempfile::tempdir().unwrap();
    let (parquet, json) = (dir.path().join("parquet"), dir.path().join("json"));
    std::fs::create_dir_all(&json).unwrap();
    let all = captures();
    assert!(all.len() >= 50);
    for capture in &all {
        let rel = capture.strip_prefix(root.join("testdata")).unwrap();
        let name = rel.to_string_lossy().replace('/', "__");
        for i in 1..=2 {
            let shard = format!("{i}/2");
            let at = parquet.join(&name).join(format!("shard-{i}"));
            for (command, table) in [("decode", "records"), ("hands", "hands")] {
                let to = at.join(table);
                let to = to.to_str().unwrap();
                let args = [command, "--shard", &shard, "--format", "parquet", "-o", to];
                run(&args, capture, None);
            }
        }
        let records = json.join(format!("{name}.records.jsonl"));
        run(&["decode", "--format", "jsonl"], capture, Some(&records));
        // A run over a shard joins the views of its own connections: the
        // hands the tables hold are the shards' hands.
        for i in 1..=2 {
            let hands = json.join(format!("{name}.hands-{i}.jsonl"));
            let shard = format!("{i}/2");
            let args = [
                "hands",
                "--shard",
                &shard,
                "--format",
                "jsonl",
                "--incomplete",
            ];
            run(&args, capture, Some(&hands));
        }
    }
    let stdout = interop_check("analytics_check.py", &[&parquet, &json]);
    eprint!("{stdout}");
    // The answers are not empty: the figures compared are real ones.
    for (question, at_least) in [
        ("hands_per_table", 10),
        ("rejections", 10),
        ("slowest_players", 10),
    ] {
        let rows: usize = stdout
            .lines()
            .find_map(|l| l.strip_prefix(&format!("{question}: ")))
            .and_then(|l| l.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{question} not answered: {stdout}"));
        assert!(rows >= at_least, "{question}: {rows} rows");
    }
}
