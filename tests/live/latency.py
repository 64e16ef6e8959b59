#!/usr/bin/env python3
"""How soon cardshark's results follow the packets that complete them.

Feeds a pcap capture into `cardshark ... -` on standard input at its own
pace (or SPEED times faster), a record at a time with its original gaps,
as `tcpdump -U -w - | cardshark ...` would, and times every line written.
Each result names the frame that completes it (a record's or a timeline
change's `frame`, a hand's `cardshark.last_frame` in OHH); its latency is
the time from sending that frame to reading the line.

    tests/live/latency.py CAPTURE SPEED -- decode --format jsonl
    tests/live/latency.py CAPTURE 1 --max 1.0 -- hands --format jsonl

Prints the count, the first and last line's time, and latency quantiles;
exits 1 when a latency passes --max (seconds).
"""
import argparse, json, os, struct, subprocess, sys, threading, time

ap = argparse.ArgumentParser()
ap.add_argument("capture")
ap.add_argument("speed", type=float)
ap.add_argument("--max", type=float, default=None)
ap.add_argument("--bin", default=os.environ.get("CARDSHARK", "target/release/cardshark"))
ap.add_argument("command", nargs=argparse.REMAINDER)
a = ap.parse_args()
cmd = [c for c in a.command if c != "--"]

data = open(a.capture, "rb").read()
magic = data[:4]
order = {b"\xd4\xc3\xb2\xa1": ("<", 1e6), b"\x4d\x3c\xb2\xa1": ("<", 1e9),
         b"\xa1\xb2\xc3\xd4": (">", 1e6), b"\xa1\xb2\x3c\x4d": (">", 1e9)}
if magic not in order:
    sys.exit(f"{a.capture}: a legacy pcap file is needed (editcap -F pcap converts)")
endian, unit = order[magic]
records, off = [], 24
while off + 16 <= len(data):
    sec, frac, incl, _ = struct.unpack(endian + "IIII", data[off:off + 16])
    records.append((sec + frac / unit, data[off:off + 16 + incl]))
    off += 16 + incl

p = subprocess.Popen([a.bin] + cmd + ["-"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
sent = {}
start = time.monotonic()

def feed():
    p.stdin.write(data[:24]); p.stdin.flush()
    first = records[0][0] if records else 0
    for n, (ts, rec) in enumerate(records, 1):
        due = start + (ts - first) / a.speed
        wait = due - time.monotonic()
        if wait > 0:
            time.sleep(wait)
        p.stdin.write(rec); p.stdin.flush()
        sent[n] = time.monotonic()
    p.stdin.close()

t = threading.Thread(target=feed); t.start()
lines = []
for line in p.stdout:
    lines.append((time.monotonic(), line))
t.join(); p.wait()
end_feed = max(sent.values()) - start if sent else 0

def frame_of(line):
    try:
        v = json.loads(line)
    except ValueError:
        return None
    if isinstance(v, dict) and "ohh" in v:
        return v["ohh"].get("cardshark", {}).get("last_frame")
    return v.get("frame") if isinstance(v, dict) else None

lat = []
for at, line in lines:
    f = frame_of(line)
    if f in sent:
        lat.append(at - sent[f])
lat.sort()
q = lambda x: lat[min(len(lat) - 1, int(x * len(lat)))] if lat else float("nan")
print(f"{' '.join(cmd)}: {len(lines)} lines, {len(lat)} timed; feed {end_feed:.2f} s; "
      f"first line {lines[0][0] - start if lines else float('nan'):.2f} s, "
      f"last {lines[-1][0] - start if lines else float('nan'):.2f} s; "
      f"latency p50 {q(0.5) * 1000:.0f} ms, p99 {q(0.99) * 1000:.0f} ms, max {q(1.0) * 1000:.0f} ms")
if a.max is not None and lat and lat[-1] > a.max:
    sys.exit(1)
