#!/usr/bin/env bash
# Creates the Python virtual environment the interop test (tests/integration/hands_interop.rs)
# runs its checker in: target/interop-venv, with pokerkit and ohh-pydantic from PyPI
# (pinned: the versions the checker was written against). Needs python3 and PyPI.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=target/interop-venv
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
  'pokerkit==0.7.7' 'ohh-pydantic==0.1.1'
"$venv/bin/python" -c 'import pokerkit, open_hh_models.models; print("interop venv ready")'
