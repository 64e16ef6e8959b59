"""The questions of analytics/questions.sql answered twice and compared:
by DuckDB over the Parquet tables (analytics/duckdb_questions.py: the
captures' shards unioned), and here, in plain Python, from the JSON Lines
that `decode --format jsonl` and `hands --format jsonl --incomplete`
wrote for each whole capture.

    analytics_check.py PARQUET_DIR JSON_DIR

JSON_DIR holds NAME.records.jsonl (the whole capture's) and
NAME.hands-I.jsonl (the hands of each shard I, as the Parquet tables hold
them: a run over a shard joins the views of its own connections only)
per capture. Exits
1 with the differences when the answers differ; prints each answer's row
count when they agree (tests/integration/analytics_interop.rs runs it).
"""

import json
import re
import sys
from collections import defaultdict
from datetime import datetime, timedelta, timezone
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "analytics"))
import duckdb_questions  # noqa: E402

REFUSAL = re.compile(r"(Rejected|Reject|Denied|Deny|Failed|Refused|Error)$")
REASONS = ("rejection_reason", "failure_reason", "deny_reason", "kick_denied_reason",
           "error_reason", "reason", "message")
TURNS = {"pokerth": {"PlayersTurn"},
         "pokernetwork": {"PacketPokerPosition", "PacketPokerSelfInPosition"}}
ACTS = {"pokerth": {"PlayersActionDone"},
        "pokernetwork": {"PacketPokerFold", "PacketPokerCheck", "PacketPokerCall",
                         "PacketPokerRaise"}}


def lines(path):
    return [json.loads(l) for l in path.read_text().splitlines() if l.strip()]


EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def micros(ts):
    """A record's `ts` (RFC 3339 with microseconds, UTC) in microseconds."""
    t = datetime.strptime(ts, "%Y-%m-%dT%H:%M:%S.%fZ").replace(tzinfo=timezone.utc)
    return (t - EPOCH) // timedelta(microseconds=1)


def who(fields):
    v = fields.get("player_id", fields.get("serial"))
    return None if v is None else int(v)


def expected(json_dir):
    tables = defaultdict(lambda: [set(), 0])
    refusals = defaultdict(int)
    waits = defaultdict(list)
    names = {}
    for rec_file in sorted(json_dir.glob("*.records.jsonl")):
        capture = rec_file.name[: -len(".records.jsonl")]
        pending = {}
        for r in lines(rec_file):
            t, p, f = r.get("type"), r.get("protocol"), r.get("fields") or {}
            if r["dir"] != "s2c" or t is None:
                continue
            if REFUSAL.search(t):
                reason = next((str(f[k]) for k in REASONS if f.get(k) is not None), "")
                refusals[(p, t, reason)] += 1
            key = (r["stream"], who(f))
            if key[1] is None:
                continue
            if t in TURNS.get(p, ()):
                pending[key] = micros(r["ts"])
            elif t in ACTS.get(p, ()):
                if f.get("player_action") in ("none", "net_action_none"):
                    continue
                start = pending.pop(key, None)
                if start is not None:
                    waits[(p, key[1])].append((micros(r["ts"]) - start) / 1e6)
        for shard, hands_file in enumerate(sorted(json_dir.glob(f"{capture}.hands-*.jsonl"))):
            for h in lines(hands_file):
                o = h["ohh"]
                c = o["cardshark"]
                row = tables[(c["protocol"], c.get("table"))]
                number = c.get("server_number")
                uid = f"uid{shard}:{c['id']}"
                row[0].add((capture, c.get("table"), uid if number is None else number))
                row[1] += len(c["views"])
                for pl in o.get("players", []):
                    k = (c["protocol"], pl["id"])
                    if pl.get("name") is not None and (k not in names or pl["name"] < names[k]):
                        names[k] = pl["name"]
    hands = [[p, t, None, len(s), v] for (p, t), (s, v) in tables.items()]
    hands.sort(key=lambda r: (-r[3], r[0], r[1] is None, r[1] if r[1] is not None else 0))
    rej = [[p, t, reason, n] for (p, t, reason), n in refusals.items()]
    rej.sort(key=lambda r: (-r[3], r[0], r[1], r[2]))
    slow = [[p, w, names.get((p, w)), len(s), round(sum(s) / len(s), 6), max(s)]
            for (p, w), s in waits.items()]
    slow.sort(key=lambda r: (-r[4], r[0], r[1]))
    return {"hands_per_table": hands, "rejections": rej, "slowest_players": slow[:10]}


def same(a, b):
    if isinstance(a, float) or isinstance(b, float):
        return a is not None and b is not None and abs(float(a) - float(b)) < 2e-6
    return a == b


def main(parquet_dir, json_dir):
    got = duckdb_questions.answers(duckdb_questions.connect([parquet_dir]))
    want = expected(Path(json_dir))
    bad = []
    for name, rows in want.items():
        have = [list(r) for r in got[name][2]]
        if name == "hands_per_table":
            # OHH's table_name falls back to "Game N" or "Stream N" when the
            # capture does not name the table; the tables say null then.
            have = [r[:2] + r[3:] for r in have]
            rows = [r[:2] + r[3:] for r in rows]
        if len(have) != len(rows) or not all(
            len(x) == len(y) and all(same(u, v) for u, v in zip(x, y)) for x, y in zip(have, rows)
        ):
            bad.append(f"{name}:\n  duckdb: {have}\n  json:   {rows}")
    if bad:
        print("\n".join(bad))
        sys.exit(1)
    for name, rows in want.items():
        print(f"{name}: {len(rows)} rows agree")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    main(sys.argv[1], sys.argv[2])
