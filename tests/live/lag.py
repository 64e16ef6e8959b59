#!/usr/bin/env python3
"""How long after a packet was captured the result it completes came out,
for a live capture: reads cardshark's JSON lines on standard input, notes
when each arrives (wall clock), and once the input ends reads the capture
the packets were also written to (`tcpdump -U -w - | tee CAP | cardshark
... - | lag.py CAP`) for each frame's capture time. A result names its
completing frame as latency.py says (`frame`, or OHH's
`cardshark.last_frame`). Prints count and quantiles; exits 1 past --max.
"""
import argparse, json, struct, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("capture")
ap.add_argument("--max", type=float, default=None)
ap.add_argument("--label", default="")
a = ap.parse_args()

arrivals = []
for line in sys.stdin.buffer:
    arrivals.append((time.time(), line))

time.sleep(1)  # the capture file is closed after its copy to us
data = open(a.capture, "rb").read()
endian, unit = {b"\xd4\xc3\xb2\xa1": ("<", 1e6), b"\x4d\x3c\xb2\xa1": ("<", 1e9)}[data[:4]]
ts, off, n = {}, 24, 0
while off + 16 <= len(data):
    sec, frac, incl, _ = struct.unpack(endian + "IIII", data[off:off + 16])
    n += 1
    ts[n] = sec + frac / unit
    off += 16 + incl

lat = []
for at, line in arrivals:
    try:
        v = json.loads(line)
    except ValueError:
        continue
    f = v.get("frame") if "ohh" not in v else v["ohh"].get("cardshark", {}).get("last_frame")
    if f in ts:
        lat.append(at - ts[f])
lat.sort()
q = lambda x: lat[min(len(lat) - 1, int(x * len(lat)))] * 1000 if lat else float("nan")
print(f"{a.label}: {len(arrivals)} lines, {len(lat)} timed; latency p50 {q(0.5):.0f} ms, "
      f"p99 {q(0.99):.0f} ms, max {q(1.0):.0f} ms")
if a.max is not None and lat and lat[-1] > a.max:
    sys.exit(1)
