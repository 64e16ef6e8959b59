"""Loads cardshark's field output into DuckDB, as a user would (read_csv,
types sniffed), and prints for each file its columns with DuckDB's types
and its row count, as JSON: {"FILE": {"columns": [[name, type], ...], "rows": N}}.

Usage: check_fields.py FILE DELIMITER [FILE DELIMITER ...] (DELIMITER: ',' or 'tab').
Run by tests/integration/fields_interop.rs in the venv of tests/interop/setup.sh.
"""

import json
import sys

import duckdb


def main(args):
    out = {}
    for path, delim in zip(args[0::2], args[1::2]):
        delim = "\t" if delim == "tab" else delim
        source = f"read_csv(?, delim = ?, header = true)"
        rel = duckdb.execute(f"select * from {source} limit 0", [path, delim])
        columns = [[d[0], str(d[1])] for d in rel.description]
        rows = duckdb.execute(f"select count(*) from {source}", [path, delim]).fetchall()[0][0]
        out[path] = {"columns": columns, "rows": rows}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main(sys.argv[1:])
