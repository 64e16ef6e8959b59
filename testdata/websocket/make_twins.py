#!/usr/bin/env python3
"""Makes the TCP twins of the WebSocket captures, a lossy replay of duo-ws.pcap and cuts of it.

1. solo-tcp.pcap, duo-tcp.pcap: the same games over plain TCP. Each connection of
   solo-ws.pcap / duo-ws.pcap is replayed through the kernel with realcap, one after the other,
   in the order its bytes crossed the wire (tshark's `follow,tcp,raw` chunks): every binary
   WebSocket message (one PokerTH envelope) gets PokerTH's TCP framing instead (4-byte big-endian
   length + envelope) and is sent in the step of the chunk that completed its frame; the upgrade
   and the close frames are left out. Port 7234, mtu 1500, no loss. The messages are checked
   against solo-ws.messages.jsonl / duo-ws.messages.jsonl. Hands and timelines built from
   X-ws.pcap and X-tcp.pcap must be the same.
2. duo-ws-lossy.pcap: the WebSocket conversations of duo-ws.pcap byte for byte (HTTP upgrade,
   101 response, masked client frames, server frames), as tshark's `follow,tcp,raw` shows them:
   one realcap send per chunk of the original capture, ending with the side that sent the first
   FIN in duo-ws.pcap closing; port 7233, mtu 300, 5% loss each way, 2% ACK loss.
3. Cuts with editcap (described in cuts-ws.json):
   duo-ws-midstream.pcap: duo-ws-lossy.pcap without the first third of connection 0's packets
   (starts after the first connection's upgrade, possibly inside a WebSocket frame);
   duo-ws-gap.pcap: duo-ws-lossy.pcap without one server data segment of tcp.stream 0, half way
   through (a real gap); deflate-midstream.pcap: deflate.pcap without its first third of frames
   (a compressed WebSocket picked up after the handshake).

4. solo-ws-midframe.pcap: solo-ws.pcap's connection replayed with 88-byte segments (mtu 128, no
   loss) and cut a third of the way in, at a server segment that starts inside a WebSocket frame:
   decoding must begin at the direction's first whole frame.

usage (root, from the repository's top): testdata/websocket/make_twins.py [twins|lossy|midframe ...]
writes testdata/websocket/solo-tcp.pcap, duo-tcp.pcap, duo-ws-lossy.pcap (each + .pcap.json,
       realcap's truth), duo-ws-midstream.pcap, duo-ws-gap.pcap, deflate-midstream.pcap and
       cuts-ws.json (what was cut)
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REALCAP = os.path.join(HERE, "..", "..", "..", "shared", "tools", "realcap", "realcap.py")
WS_PORT = 7233


def realcap(conns, out):
    script = {"connections": conns, "timeout_s": 120}
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(script, f)
    try:
        subprocess.run([sys.executable, REALCAP, f.name, "-o", out], check=True)
    finally:
        os.unlink(f.name)
    return json.load(open(out + ".json"))


def unwrap(steps):
    """The TCP-framed messages of unmasked, unfragmented, uncompressed WebSocket chunks, per step:
    each data frame's envelope goes with the step of the chunk that completes it."""
    out, buf, heads = [], {"c": b"", "s": b""}, {"c": False, "s": False}
    for st in steps:
        if "from" not in st:
            continue
        side = st["from"]
        buf[side] += bytes.fromhex(st["hex"])
        if not heads[side]:
            end = buf[side].find(b"\r\n\r\n")
            if end < 0:
                continue
            buf[side], heads[side] = buf[side][end + 4:], True
        msgs, b = b"", buf[side]
        while len(b) >= 2:
            n, at = b[1] & 0x7F, 2
            if n == 126:
                n, at = int.from_bytes(b[2:4], "big"), 4
            elif n == 127:
                n, at = int.from_bytes(b[2:10], "big"), 10
            key = b[at:at + 4] if b[1] & 0x80 else None
            at += 4 if key else 0
            if len(b) < at + n:
                break
            payload = b[at:at + n]
            if key:
                payload = bytes(x ^ key[i % 4] for i, x in enumerate(payload))
            assert b[0] & 0x80 and not b[0] & 0x70, "a fragmented or compressed frame"
            if b[0] & 0x0F == 2:
                msgs += len(payload).to_bytes(4, "big") + payload
            b = b[at + n:]
        buf[side] = b
        if msgs:
            out.append({"from": side, "hex": msgs.hex()})
    return out


def twin(name):
    src = os.path.join(HERE, f"{name}-ws.pcap")
    truth = [json.loads(l) for l in open(os.path.join(HERE, f"{name}-ws.messages.jsonl"))]
    n = sum("<->" in l for l in tshark("-r", src, "-q", "-z", "conv,tcp").splitlines())
    conns = []
    for stream in range(n):
        steps = unwrap(ws_steps(src, stream))
        # The same envelopes as the client's log, per direction.
        port = int(tshark("-r", src, "-Y", f"tcp.stream == {stream} && tcp.flags.syn == 1 && tcp.flags.ack == 0", "-T", "fields",
                          "-e", "tcp.srcport").split()[0])
        for side, d in (("c", "c2s"), ("s", "s2c")):
            sent = b"".join(bytes.fromhex(st["hex"]) for st in steps if st["from"] == side)
            logged = b"".join(len(bytes.fromhex(m["hex"])).to_bytes(4, "big")
                              + bytes.fromhex(m["hex"])
                              for m in truth if m["client_port"] == port and m["dir"] == d)
            assert sent == logged, f"{name} stream {stream} {d}: not the logged messages"
        conns.append({"ip": 4, "server_port": 7234, "mtu": 1500,
                      "steps": steps + [{"close": "c"}]})
    meta = realcap(conns, os.path.join(HERE, f"{name}-tcp.pcap"))
    for c in meta["connections"]:
        print(f"{name}-tcp.pcap: {c['client']}, {c['packets']} packets")


def tshark(*args):
    return subprocess.run(["tshark", *args], check=True, capture_output=True, text=True).stdout


def ws_steps(pcap, stream):
    """The chunks of one connection in the order sent; the close by whoever sent the first FIN."""
    out, on = [], False
    for line in tshark("-r", pcap, "-q", "-z", f"follow,tcp,raw,{stream}").splitlines():
        if not on:
            on = line.startswith("Node 1:")
        elif line.startswith("====="):
            break
        elif line.strip():
            out.append({"from": "s" if line.startswith("\t") else "c", "hex": line.strip()})
    fins = tshark("-r", pcap, "-Y", f"tcp.stream == {stream} && tcp.flags.fin == 1",
                  "-T", "fields", "-e", "tcp.srcport").split()
    out.append({"close": "s" if fins and int(fins[0]) == WS_PORT else "c"})
    return out


def boundaries(steps, side):
    """TCP offsets (from 0 after the SYN) where side's WebSocket frames start."""
    data = b"".join(bytes.fromhex(st["hex"]) for st in steps if st.get("from") == side)
    at, out = data.find(b"\r\n\r\n") + 4, set()
    while at + 2 <= len(data):
        out.add(at)
        n, h = data[at + 1] & 0x7F, 2
        if n == 126:
            n, h = int.from_bytes(data[at + 2:at + 4], "big"), 4
        elif n == 127:
            n, h = int.from_bytes(data[at + 2:at + 10], "big"), 10
        at += h + (4 if data[at + 1] & 0x80 else 0) + n
    return out


def midframe():
    """solo-ws-midframe.pcap: solo-ws.pcap's connection replayed with segments of 88 bytes
    (mtu 128), cut so that the capture starts inside a server frame."""
    src = os.path.join(HERE, "solo-ws.pcap")
    steps = ws_steps(src, 0)
    full = os.path.join(HERE, "solo-ws-small.pcap")
    realcap([{"ip": 4, "server_port": WS_PORT, "mtu": 128, "steps": steps}], full)
    bounds = {"c": boundaries(steps, "c"), "s": boundaries(steps, "s")}
    segs = [l.split("\t") for l in tshark(
        "-r", full, "-Y", "tcp.len > 0", "-T", "fields", "-e", "frame.number", "-e",
        "tcp.srcport", "-e", "tcp.seq", "-e", "tcp.len").splitlines()]
    # The first data segment, a third of the way in, that starts inside a server frame (the
    # client's frames are short: its segments start at frames).
    third = len(segs) // 3
    cut = next((int(f) - 1 for f, port, seq, _ in segs[third:]
                if int(port) == WS_PORT and int(seq) - 1 not in bounds["s"]), None)
    assert cut, "no segment starts inside a frame"
    out = os.path.join(HERE, "solo-ws-midframe.pcap")
    subprocess.run(["editcap", "-F", "pcap", full, out, f"1-{cut}"], check=True)
    os.unlink(full)
    os.unlink(full + ".json")
    print(f"solo-ws-midframe.pcap: frames 1-{cut} of the small-segment replay removed")
    return cut


def main():
    parts = sys.argv[1:] or ["twins", "lossy", "midframe"]
    if "midframe" in parts:
        cut = midframe()
        path = os.path.join(HERE, "cuts-ws.json")
        cuts = json.load(open(path)) if os.path.exists(path) else {}
        cuts["solo-ws-midframe.pcap"] = {
            "from": "solo-ws.pcap replayed by realcap with mtu 128 (not kept)",
            "removed_frames": [1, cut]}
        json.dump(cuts, open(path, "w"), indent=1)
    if "twins" in parts:
        for name in ("solo", "duo"):
            twin(name)
    if "lossy" not in parts:
        return

    src = os.path.join(HERE, "duo-ws.pcap")
    out = os.path.join(HERE, "duo-ws-lossy.pcap")
    conns = [{"ip": 4, "server_port": WS_PORT, "mtu": 300, "loss_c2s": 0.05, "loss_s2c": 0.05,
              "ack_loss": 0.02, "steps": ws_steps(src, n)} for n in (0, 1)]
    meta = realcap(conns, out)
    for c in meta["connections"]:
        print(f"duo-ws-lossy.pcap: {c['client']}, {c['packets']} packets, end {c['end']}, "
              f"dropped {c['dropped']}")

    cuts = {}
    # Mid-stream: drop the first third of connection 0's packets (its upgrade included).
    n0 = meta["connections"][0]["packets"]
    cut = n0 // 3
    subprocess.run(["editcap", "-F", "pcap", out, os.path.join(HERE, "duo-ws-midstream.pcap"),
                    f"1-{cut}"], check=True)
    cuts["duo-ws-midstream.pcap"] = {"from": "duo-ws-lossy.pcap", "removed_frames": [1, cut]}
    # A gap: remove one server data segment of connection 0, half-way through: the first from
    # the middle on whose bytes are in no other segment (not lost and retransmitted, not a
    # retransmission), so that the bytes are really missing.
    segs = [tuple(map(int, l.split())) for l in tshark(
        "-r", out, "-Y", f"tcp.srcport == {WS_PORT} && tcp.len > 0 && tcp.stream == 0",
        "-T", "fields", "-e", "frame.number", "-e", "tcp.seq", "-e", "tcp.len").splitlines()]
    gone, seq, length = next(
        (f, s, n) for f, s, n in segs[len(segs) // 2:]
        if not any(g != f and t < s + n and s < t + m for g, t, m in segs))
    subprocess.run(["editcap", "-F", "pcap", out, os.path.join(HERE, "duo-ws-gap.pcap"),
                    str(gone)], check=True)
    cuts["duo-ws-gap.pcap"] = {"from": "duo-ws-lossy.pcap", "removed_frame": gone,
                               "tcp_seq": int(seq), "tcp_len": int(length)}
    # deflate.pcap picked up after the handshake: drop its first third of frames.
    dsrc = os.path.join(HERE, "deflate.pcap")
    nd = len(tshark("-r", dsrc, "-T", "fields", "-e", "frame.number").split())
    dcut = nd // 3
    subprocess.run(["editcap", "-F", "pcap", dsrc, os.path.join(HERE, "deflate-midstream.pcap"),
                    f"1-{dcut}"], check=True)
    cuts["deflate-midstream.pcap"] = {"from": "deflate.pcap", "removed_frames": [1, dcut]}
    path = os.path.join(HERE, "cuts-ws.json")
    kept = json.load(open(path)) if os.path.exists(path) else {}
    json.dump({**kept, **cuts}, open(path, "w"), indent=1)
    print(f"duo-ws-midstream: frames 1-{cut} removed; duo-ws-gap: frame {gone} removed "
          f"(seq {seq}, len {length}); deflate-midstream: frames 1-{dcut} removed")


main()
