"""Two builds of cardshark write the same tables: for every capture under
testdata/ (or the captures given), `decode --format parquet -o DIR` and
`hands --format parquet -o DIR` of each build, then, with DuckDB, for each
table (records, hands, actions, players): the same columns and types, the
same number of rows, and no row of one missing from the other (`EXCEPT
ALL` both ways, so a row twice in one and once in the other counts). With
pyarrow installed, also the same Arrow schema as pyarrow reads it.

For a change to how the tables are written (an encoder, the writer's
settings) that must not change what they hold. By hand, in the venv of
tests/interop/setup.sh (pyarrow optional):

    python tests/interop/compare_builds.py OLD_CARDSHARK NEW_CARDSHARK [CAPTURE...]

Prints a line per capture that differs and a summary; exits 1 if any does.
"""

import os
import pathlib
import subprocess
import sys
import tempfile

import duckdb

try:
    import pyarrow.parquet as pq
except ImportError:
    pq = None

ROOT = pathlib.Path(__file__).resolve().parents[2]
TABLES = {"records": "decode", "hands": "hands", "actions": "hands", "players": "hands"}


def captures():
    return sorted(
        p for p in (ROOT / "testdata").rglob("*") if p.suffix in (".pcap", ".pcapng")
    )


def write(binary, capture, out):
    """The tables of `capture` by `binary` under `out`; its exit statuses."""
    codes = []
    for cmd in ("decode", "hands"):
        run = subprocess.run(
            [binary, cmd, "--format", "parquet", "-o", str(out / cmd), str(capture)],
            capture_output=True,
        )
        codes.append(run.returncode)
    return codes


def differences(old, new):
    """What differs between two files of one table, as texts."""
    con = duckdb.connect()
    why = []
    cols = [
        con.execute("select * from read_parquet(?) limit 0", [p]).description for p in (old, new)
    ]
    types = [[(d[0], str(d[1])) for d in c] for c in cols]
    if types[0] != types[1]:
        why.append(f"columns {types[0]} against {types[1]}")
        return why
    counts = [con.execute("select count(*) from read_parquet(?)", [p]).fetchone()[0] for p in (old, new)]
    if counts[0] != counts[1]:
        why.append(f"{counts[0]} rows against {counts[1]}")
    for a, b, name in ((old, new, "old"), (new, old, "new")):
        n = con.execute(
            "select count(*) from (select * from read_parquet(?) except all select * from read_parquet(?))",
            [a, b],
        ).fetchone()[0]
        if n:
            why.append(f"{n} rows only in the {name} build's")
    if pq is not None:
        schemas = [pq.read_schema(p) for p in (old, new)]
        if not schemas[0].equals(schemas[1]):
            why.append(f"Arrow schema {schemas[0]} against {schemas[1]}")
    return why


def main(args):
    old_bin, new_bin, *files = args
    files = [pathlib.Path(f) for f in files] or captures()
    bad, rows = 0, {t: 0 for t in TABLES}
    with tempfile.TemporaryDirectory() as tmp:
        for n, capture in enumerate(files):
            outs = [pathlib.Path(tmp) / f"{n}-{side}" for side in ("old", "new")]
            codes = [write(b, capture, o) for b, o in zip((old_bin, new_bin), outs)]
            why = [] if codes[0] == codes[1] else [f"exit statuses {codes[0]} against {codes[1]}"]
            for table, cmd in TABLES.items():
                paths = [str(o / cmd / f"{table}.parquet") for o in outs]
                there = [os.path.exists(p) for p in paths]
                if there != [True, True]:
                    if there[0] != there[1]:
                        why.append(f"{table}: written by one build only")
                    continue
                why += [f"{table}: {w}" for w in differences(*paths)]
                rows[table] += duckdb.execute("select count(*) from read_parquet(?)", [paths[1]]).fetchone()[0]
            if why:
                bad += 1
                print(f"{capture}: " + "; ".join(why))
    tables = ", ".join(f"{rows[t]} {t}" for t in TABLES)
    print(f"{len(files)} captures, {bad} differ; rows compared: {tables}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
