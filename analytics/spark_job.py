"""cardshark over a directory of captures with PySpark, then questions in
Spark SQL (see analytics/README.md).

    python analytics/spark_job.py CAPTURES [--shards N] [--master local[2]]
                                  [--cardshark PATH] [--out DIR]

1. Every (capture, shard) pair, for shards 1..N of each capture under
   CAPTURES (pcap, pcapng, gzip or zstd compressed), is a Spark task; the
   executors run `cardshark decode` and `cardshark hands` on their pairs
   with `--shard I/N --format parquet -o DIR`, writing
   OUT/CAPTURE/shard-I-of-N/{records,hands}/.
2. Spark SQL loads the Parquet tables of every task as one table each
   (`records`, `hands`, `actions`, `players`; the ids `capture`,
   `stream_uid` and `hand_uid` stay unique across captures and shards)
   and answers the questions of questions_spark.sql, printed as small
   tables.

In local mode the executors share this machine's disk; on a cluster OUT
must be storage every executor can write and the driver read, and
cardshark must be installed on every executor (--cardshark).
"""

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from pyspark.sql import SparkSession

from questions import HERE, parse, table

CAPTURE_SUFFIXES = (".pcap", ".pcapng", ".pcap.gz", ".pcapng.gz", ".pcap.zst", ".pcapng.zst")
TABLES = {"records": "records", "hands": "hands", "actions": "hands", "players": "hands"}


def captures(root):
    """The capture files under `root`, sorted."""
    return sorted(
        p for p in Path(root).rglob("*") if p.is_file() and p.name.endswith(CAPTURE_SUFFIXES)
    )


def task_dir(out, root, capture, i, n):
    """Where the task (capture, shard i of n) writes."""
    name = str(capture.relative_to(root)).replace("/", "__")
    return Path(out) / name / f"shard-{i}-of-{n}"


def run_task(task):
    """Runs on an executor: cardshark decode and hands on one shard of one
    capture. Returns (capture, shard, seconds, error or None)."""
    cardshark, capture, i, n, where = task
    start = time.monotonic()
    for command, sub in (("decode", "records"), ("hands", "hands")):
        argv = [cardshark, command, capture, "--shard", f"{i}/{n}", "--threads", "1",
                "--format", "parquet", "-o", str(Path(where) / sub)]
        done = subprocess.run(argv, capture_output=True, text=True)
        # Exit 1 with output is a damaged capture: what came before the
        # damage was written, and is kept.
        if done.returncode not in (0, 1) or not (Path(where) / sub).is_dir():
            return (capture, f"{i}/{n}", time.monotonic() - start, done.stderr.strip())
    return (capture, f"{i}/{n}", round(time.monotonic() - start, 3), None)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("captures", help="a directory of captures")
    ap.add_argument("--shards", type=int, default=2, help="shards per capture (default 2)")
    ap.add_argument("--master", default="local[2]", help="Spark master (default local[2])")
    ap.add_argument("--cardshark", default=shutil.which("cardshark") or "cardshark",
                    help="the cardshark binary (default: on PATH)")
    ap.add_argument("--out", help="where the Parquet goes (default: a temporary directory)")
    args = ap.parse_args()
    root = Path(args.captures).resolve()
    files = captures(root)
    if not files:
        sys.exit(f"spark_job: no capture under {root}")
    out = Path(args.out or tempfile.mkdtemp(prefix="cardshark-spark-")).resolve()
    cardshark = str(Path(args.cardshark).resolve()) if "/" in args.cardshark else args.cardshark

    spark = (SparkSession.builder.master(args.master).appName("cardshark")
             .config("spark.sql.session.timeZone", "UTC")
             .config("spark.ui.enabled", "false")
             .config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    n = args.shards
    tasks = [(cardshark, str(f), i, n, str(task_dir(out, root, f, i, n)))
             for f in files for i in range(1, n + 1)]
    started = time.monotonic()
    done = spark.sparkContext.parallelize(tasks, len(tasks)).map(run_task).collect()
    failed = [d for d in done if d[3] is not None]
    print(f"== {len(tasks)} tasks ({len(files)} captures x {n} shards) on {args.master} "
          f"in {time.monotonic() - started:.1f} s, {len(failed)} failed; Parquet in {out}")
    for capture, shard, _, why in failed:
        print(f"   failed: {capture} shard {shard}: {why}")
    if failed:
        sys.exit(1)

    for view, sub in TABLES.items():
        paths = sorted(str(p) for p in out.glob(f"*/shard-*/{sub}/{view}.parquet"))
        df = spark.read.option("mergeSchema", "true").parquet(*paths)
        df.createOrReplaceTempView(view)
        print(f"   {view}: {df.count()} rows from {len(paths)} files")
    print()
    for name, description, query in parse(HERE / "questions_spark.sql"):
        result = spark.sql(query)
        rows = [tuple(r) for r in result.collect()]
        print(f"== {name}: {description}\n{table(result.columns, rows)}\n")
    spark.stop()


if __name__ == "__main__":
    main()
