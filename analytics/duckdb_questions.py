"""Answers the questions of questions.sql in DuckDB over cardshark's
Parquet tables: every `records.parquet`, `hands.parquet` and
`players.parquet` under the directories given (any depth: one directory
per capture and shard, as spark_job.py and the README lay them out),
unioned into one table each.

    python analytics/duckdb_questions.py OUT [OUT ...] [--json]

Prints each answer as a small table, or with --json all of them as one
JSON object {name: {"columns": [...], "rows": [[...], ...]}}.
"""

import json
import sys
from pathlib import Path

import duckdb

from questions import HERE, parse, table

TABLES = ("records", "hands", "actions", "players")


def connect(dirs):
    """A DuckDB connection with a view per table over the Parquet files
    under `dirs`."""
    con = duckdb.connect()
    for t in TABLES:
        files = sorted(str(p) for d in dirs for p in Path(d).rglob(f"{t}.parquet"))
        if not files:
            raise SystemExit(f"duckdb_questions: no {t}.parquet under {', '.join(map(str, dirs))}")
        listed = ", ".join("'" + f.replace("'", "''") + "'" for f in files)
        con.execute(f"CREATE VIEW {t} AS SELECT * FROM read_parquet([{listed}], union_by_name = true)")
    return con


def answers(con):
    """{name: (description, columns, rows)} for every question."""
    out = {}
    for name, description, query in parse(HERE / "questions.sql"):
        cur = con.execute(query)
        columns = [d[0] for d in cur.description]
        out[name] = (description, columns, cur.fetchall())
    return out


def main(argv):
    as_json = "--json" in argv
    dirs = [a for a in argv if a != "--json"]
    if not dirs:
        raise SystemExit(__doc__)
    got = answers(connect(dirs))
    if as_json:
        doc = {n: {"columns": c, "rows": r} for n, (_, c, r) in got.items()}
        print(json.dumps(doc, default=str))
        return
    for name, (description, columns, rows) in got.items():
        print(f"== {name}: {description}\n{table(columns, rows)}\n")


if __name__ == "__main__":
    main(sys.argv[1:])
