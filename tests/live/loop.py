#!/usr/bin/env python3
"""An endless capture for soak tests: legacy pcap (Ethernet, microseconds)
on standard output, made of the given captures played again and again,
each time with fresh client addresses (10.L1.L2.x, the loop's number in the
middle octets) and its times moved on past the previous round, so that
every round opens new TCP connections and ends them as the originals did.

    tests/live/loop.py --seconds 600 --rate 20000 A.pcap B.pcap | cardshark hands -

--rate caps packets per second of wall time (0: as fast as the reader
takes them); --seconds stops after that much wall time (0: never).
Prints the rounds and packets written on standard error at the end.
"""
import argparse, struct, sys, time

ap = argparse.ArgumentParser()
ap.add_argument("captures", nargs="+")
ap.add_argument("--seconds", type=float, default=0)
ap.add_argument("--rate", type=float, default=0)
a = ap.parse_args()

templates = []
for path in a.captures:
    d = open(path, "rb").read()
    if d[:4] != b"\xd4\xc3\xb2\xa1" or struct.unpack("<I", d[20:24])[0] != 1:
        sys.exit(f"{path}: little-endian microsecond pcap of Ethernet frames needed")
    recs, off = [], 24
    while off + 16 <= len(d):
        sec, usec, incl, orig = struct.unpack("<IIII", d[off:off + 16])
        recs.append((sec * 1_000_000 + usec, bytearray(d[off + 16:off + 16 + incl]), orig))
        off += 16 + incl
    # The servers: the senders of SYN+ACK.
    servers = set()
    for _, f, _ in recs:
        if len(f) >= 34 and f[12:14] == b"\x08\x00" and f[23] == 6:
            ihl = (f[14] & 15) * 4
            t = 14 + ihl
            if len(f) >= t + 14 and f[t + 13] & 0x12 == 0x12:
                servers.add((bytes(f[26:30]), bytes(f[t:t + 2])))
    span = recs[-1][0] - recs[0][0] if recs else 0
    templates.append((recs, servers, span))

out = sys.stdout.buffer
out.write(struct.pack("<IHHiIII", 0xA1B2C3D4, 2, 4, 0, 0, 65535, 1))
start, sent, rounds, clock = time.monotonic(), 0, 0, 1_800_000_000 * 1_000_000
try:
    while True:
        for recs, servers, span in templates:
            rounds += 1
            hi, lo = (rounds >> 8) & 255, rounds & 255
            base = recs[0][0] if recs else 0
            for ts, frame, orig in recs:
                f = bytearray(frame)
                if len(f) >= 34 and f[12:14] == b"\x08\x00":
                    ihl = (f[14] & 15) * 4
                    t = 14 + ihl
                    src, dst = (bytes(f[26:30]), bytes(f[t:t + 2])), (bytes(f[30:34]), bytes(f[t + 2:t + 4]))
                    if src not in servers:
                        f[27], f[28] = hi, lo
                    if dst not in servers:
                        f[31], f[32] = hi, lo
                t_us = clock + ts - base
                out.write(struct.pack("<IIII", t_us // 1_000_000, t_us % 1_000_000, len(f), orig))
                out.write(f)
                sent += 1
                if a.rate and sent % 256 == 0:
                    ahead = sent / a.rate - (time.monotonic() - start)
                    if ahead > 0:
                        time.sleep(ahead)
            clock += span + 1_000_000
            if a.seconds and time.monotonic() - start >= a.seconds:
                raise StopIteration
except (StopIteration, BrokenPipeError):
    pass
try:
    out.flush()
except BrokenPipeError:
    pass
print(f"loop: {rounds} rounds, {sent} packets in {time.monotonic() - start:.0f} s", file=sys.stderr)
