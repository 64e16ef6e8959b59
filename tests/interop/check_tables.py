"""Reads cardshark's tables (`decode`/`hands --format parquet|csv -o DIR`)
with DuckDB and checks them against the JSON output of the same capture.

Usage: check_tables.py MANIFEST.json, the manifest a list of objects:
  {"name": ..., "records": DIR, "records_csv": DIR, "jsonl": FILE,
   "hands": DIR, "hands_csv": DIR}
(the Parquet and CSV output of `decode` and `hands`, and `decode --format
jsonl`). Prints JSON: {"types": {table: [[column, type], ...]},
"captures": {name: {...}}} where each capture has its tables' row counts
(Parquet and CSV), the hands' pot total, "mismatches": the records
whose row, made back into a JSON record, differs from the JSON line
(at most 3, each [line, row]), and "csv_differs": per table, the rows of
the Parquet file that the CSV file lacks and the rows of the CSV file
that the Parquet file lacks (DuckDB `EXCEPT ALL` both ways, the CSV's
cells read as the Parquet column's type): the two are encoded apart from
the same batches, so a row the Parquet encoding changed shows here. Run by tests/integration/tables_interop.rs
in the venv of tests/interop/setup.sh.
"""

import datetime
import json
import sys

import duckdb

EPOCH = datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc)
TABLES = {"records": "records", "hands": "hands", "actions": "hands", "players": "hands",
          "views": "hands"}


def ts(us):
    t = EPOCH + datetime.timedelta(microseconds=us)
    return t.strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def record(row):
    """A row of `records` made back into the JSON record it came from."""
    d = {k: row[k] for k in ("frame", "stream", "dir", "src", "dst", "community_id", "offset")}
    d["ts"] = ts(row["ts_us"])
    if row["tcp_offset"] is not None:
        d["tcp_offset"] = row["tcp_offset"]
        d["transport"] = row["transport"]
    if row["protocol"] is not None:
        d["protocol"] = row["protocol"]
    notes = {"notes": row["notes"]}
    if row["notes"]:
        notes["note_codes"] = row["note_codes"]
    websocket = {} if row["websocket"] is None else {"websocket": json.loads(row["websocket"])}
    if row["type"] is not None:
        if row["dialect"] is not None:
            d["dialect"] = row["dialect"]
        d.update(type=row["type"], type_id=row["type_id"], len=row["len"], **websocket)
        d["fields"] = json.loads(row["fields"])
        d.update(notes)
        if row["error"] is not None:
            d["error"] = row["error"]
        return d
    event = row["event"]
    d["event"] = event
    if event == "stream_end":
        d["reason"] = row["reason"]
    elif event in ("gap", "unknown_data"):
        d.update(len=row["len"], reason=row["reason"], **websocket)
    elif event == "websocket_error":
        d.update(len=row["len"], error=row["error"])
    elif event.startswith("websocket_"):
        d["len"] = row["len"]
        d.update(json.loads(row["fields"]))
        if row["reason"] is not None:
            d["reason"] = row["reason"]
        d.update(notes)
    return d


def rows(path):
    rel = duckdb.execute(
        "select * exclude (ts), epoch_us(ts) as ts_us from read_parquet(?)", [path]
    )
    names = [c[0] for c in rel.description]
    return [dict(zip(names, r)) for r in rel.fetchall()]


def count(sql, path):
    return duckdb.execute(sql, [path]).fetchall()[0][0]


def as_typed(name, kind):
    """The CSV cell of column `name` read as the Parquet column's DuckDB
    type `kind` (a text: null and empty are one in CSV, so both sides
    compare texts with null as empty)."""
    c = f'"{name}"'
    if kind == "VARCHAR":
        return f"coalesce({c}, '')"
    if kind.endswith("[]"):
        return f"from_json({c}, '[\"{kind[:-2]}\"]')"
    return f"cast({c} as {kind})"


def csv_differs(parquet, csv):
    """Rows of `parquet` not in `csv`, and of `csv` not in `parquet`."""
    con = duckdb.connect()
    con.execute("set TimeZone = 'UTC'")
    cols = con.execute("select * from read_parquet(?) limit 0", [parquet]).description
    kinds = [(d[0], str(d[1])) for d in cols]
    from_parquet = ", ".join(
        f"coalesce(\"{n}\", '')" if k == "VARCHAR" else f'"{n}"' for n, k in kinds
    )
    from_csv = ", ".join(as_typed(n, k) for n, k in kinds)
    p = f"select {from_parquet} from read_parquet('{parquet}')"
    c = f"select {from_csv} from read_csv('{csv}', header = true, all_varchar = true)"
    only = lambda a, b: con.execute(f"select count(*) from ({a} except all {b})").fetchone()[0]
    return [only(p, c), only(c, p)]


def main(manifest):
    out = {"types": {}, "captures": {}}
    for cap in json.load(open(manifest)):
        got = {}
        for table, source in TABLES.items():
            parquet = f"{cap[source]}/{table}.parquet"
            csv = f"{cap[source + '_csv']}/{table}.csv"
            got[table] = count("select count(*) from read_parquet(?)", parquet)
            got[table + "_csv"] = count("select count(*) from read_csv(?, header = true)", csv)
            got.setdefault("csv_differs", {})[table] = csv_differs(parquet, csv)
            if table not in out["types"]:
                rel = duckdb.execute("select * from read_parquet(?) limit 0", [parquet])
                out["types"][table] = [[d[0], str(d[1])] for d in rel.description]
        got["pot"] = count(
            "select coalesce(sum(pot), 0) from read_parquet(?)", f"{cap['hands']}/hands.parquet"
        )
        got["complete_pot"] = count(
            "select coalesce(sum(pot), 0) from read_parquet(?) where complete",
            f"{cap['hands']}/hands.parquet",
        )
        lines = [json.loads(l) for l in open(cap["jsonl"])]
        table = rows(f"{cap['records']}/records.parquet")
        bad = [[l, r] for l, r in zip(lines, map(record, table)) if l != r]
        got["mismatches"] = bad[:3]
        got["ids"] = count(
            "select count(distinct capture) from read_parquet(?)",
            f"{cap['records']}/records.parquet",
        )
        out["captures"][cap["name"]] = got
    json.dump(out, sys.stdout, default=str)


if __name__ == "__main__":
    main(sys.argv[1])
