#!/usr/bin/env bash
# Creates the Python virtual environment the interop tests run their checkers in
# (tests/integration/hands_interop.rs: pokerkit and ohh-pydantic; fields_interop.rs: DuckDB
# loads `-T fields` and `--format csv` output; tables_interop.rs: DuckDB reads the Parquet and
# CSV tables of `-o DIR`): target/interop-venv, from PyPI, pinned (the
# versions the checkers were written against). Needs python3 and PyPI.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/interop-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  'pokerkit==0.7.7' 'ohh-pydantic==0.1.1' 'duckdb==2.0.0'
"$venv/bin/python" -c 'import pokerkit, open_hh_models.models, duckdb; print("interop venv ready")'
