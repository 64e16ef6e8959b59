#!/usr/bin/env python3
"""Turns the test captures (classic pcap, Ethernet or raw IPv4, TCP) into
seeds for the segment-driven targets (reassembly, decode_stage): per
segment `flags, pair, seq, ack (BE), time step, payload length, payload`,
payloads cut to 255 bytes (the rest as further segments). The first
connection's client is endpoint 0 and its server endpoint 1.

    seed_segments.py OUT_DIR CAPTURE...
"""
import hashlib, os, struct, sys

def packets(path):
    data = open(path, "rb").read()
    if len(data) < 24 or struct.unpack("<I", data[:4])[0] not in (0xA1B2C3D4, 0xA1B23C4D):
        return
    link = struct.unpack("<I", data[20:24])[0]
    pos = 24
    while pos + 16 <= len(data):
        ts, _, incl, _ = struct.unpack("<IIII", data[pos:pos + 16])
        frame = data[pos + 16:pos + 16 + incl]
        pos += 16 + incl
        if link == 1 and len(frame) >= 14 and frame[12:14] == b"\x08\x00":
            ip = frame[14:]
        elif link in (101, 228):
            ip = frame
        else:
            continue
        if len(ip) < 20 or ip[0] >> 4 != 4 or ip[9] != 6:
            continue
        ihl = (ip[0] & 15) * 4
        total = struct.unpack("!H", ip[2:4])[0]
        tcp = ip[ihl:total]
        if len(tcp) < 20:
            continue
        sport, dport, seq, ack = struct.unpack("!HHII", tcp[:12])
        off = (tcp[12] >> 4) * 4
        yield ts, (ip[12:16], sport), (ip[16:20], dport), seq, ack, tcp[13], tcp[off:]

def seed(path):
    out, ends, last = bytearray(), [], None
    for ts, src, dst, seq, ack, flags, payload in packets(path):
        for e in (src, dst):
            if e not in ends:
                ends.append(e)
        a, b = ends.index(src) % 4, ends.index(dst) % 4
        step = 0 if last is None else min(ts - last, 63)
        last = ts
        chunks = [payload[i:i + 255] for i in range(0, len(payload), 255)] or [b""]
        for i, c in enumerate(chunks):
            s = (seq + 255 * i) & 0xFFFFFFFF
            out += bytes([flags, a | (b << 2)]) + struct.pack("!II", s, ack) + bytes([step, len(c)]) + c
            step = 0
    return bytes(out)

def main():
    out_dir = sys.argv[1]
    os.makedirs(out_dir, exist_ok=True)
    for path in sys.argv[2:]:
        s = seed(path)
        if s:
            name = "seed-" + hashlib.sha1(s).hexdigest()[:16]
            open(os.path.join(out_dir, name), "wb").write(s)

if __name__ == "__main__":
    main()
