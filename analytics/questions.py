"""The questions' SQL files read into (name, description, query) triples,
and answers printed as small tables: shared by duckdb_questions.py and
spark_job.py."""

from pathlib import Path

HERE = Path(__file__).resolve().parent


def parse(path):
    """The questions of `path`: each starts at a `-- name: NAME` line; the
    comment lines after it describe it, the rest up to the next question
    is its query (one statement)."""
    found = []
    name = None
    for line in Path(path).read_text().splitlines():
        if line.startswith("-- name:"):
            name = line.split(":", 1)[1].strip()
            found.append([name, [], []])
        elif name is None:
            continue
        elif line.startswith("--") and not found[-1][2]:
            found[-1][1].append(line[2:].strip())
        else:
            found[-1][2].append(line)
    return [(n, " ".join(d), "\n".join(q).strip().rstrip(";")) for n, d, q in found]


def cell(v):
    """A value as a table shows it."""
    if v is None:
        return "-"
    if isinstance(v, float):
        return f"{v:.6f}".rstrip("0").rstrip(".") or "0"
    return str(v)


def table(columns, rows):
    """`rows` under `columns`, aligned, as text."""
    text = [[cell(v) for v in r] for r in rows]
    widths = [max([len(c)] + [len(r[i]) for r in text]) for i, c in enumerate(columns)]
    line = lambda cells: "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    out = [line(columns), line(["-" * w for w in widths])]
    out += [line(r) for r in text]
    if not rows:
        out.append("(none)")
    return "\n".join(out)
