#!/usr/bin/env python3
"""Replays the real server's conversations of duo.messages.jsonl (both clients, every message
with its 4-byte length prefix, in the order the client logged them) through the kernel with
realcap: on port 9234 instead of PokerTH's 7234 (detection must not need the port), with small
segments (mtu 300) and 5% loss each way plus 2% ACK loss (retransmissions, out-of-order data).
Then cuts two more captures from it with editcap: one that starts in the middle of alice's
connection (mid-stream detection), one with a data segment of alice's server direction removed
(a real gap: decoding must resume at the next message).

usage (root, from the repository's top): testdata/pokerth1/make_lossy.py
writes testdata/pokerth1/lossy-port9234.pcap (+ .pcap.json, realcap's truth),
       testdata/pokerth1/midstream.pcap, testdata/pokerth1/gap.pcap (+ .cut.json: what was cut)
"""
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
REALCAP = os.path.join(HERE, "..", "..", "..", "shared", "tools", "realcap", "realcap.py")


def steps(msgs):
    out = []
    for m in msgs:
        payload = bytes.fromhex(m["hex"])
        frame = len(payload).to_bytes(4, "big") + payload
        side = "c" if m["dir"] == "c2s" else "s"
        if out and out[-1]["from"] == side and len(out[-1]["hex"]) < 2400:
            out[-1]["hex"] += frame.hex()  # what one send() of the server often holds
        else:
            out.append({"from": side, "hex": frame.hex()})
    out.append({"close": "c"})
    return out


def main():
    truth = [json.loads(l) for l in open(os.path.join(HERE, "duo.messages.jsonl"))]
    conns = []
    for name in ("alice", "bob"):
        msgs = [m for m in truth if m["conn"] == name]
        conns.append({"ip": 4, "server_port": 9234, "mtu": 300, "loss_c2s": 0.05,
                      "loss_s2c": 0.05, "ack_loss": 0.02, "steps": steps(msgs)})
    script = {"connections": conns, "timeout_s": 120}
    out = os.path.join(HERE, "lossy-port9234.pcap")
    with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False) as f:
        json.dump(script, f)
    subprocess.run([sys.executable, REALCAP, f.name, "-o", out], check=True)
    os.unlink(f.name)
    meta = json.load(open(out + ".json"))
    n0 = meta["connections"][0]["packets"]
    # Mid-stream: drop the first third of alice's packets (handshake included).
    cut = n0 // 3
    subprocess.run(["editcap", "-F", "pcap", out, os.path.join(HERE, "midstream.pcap"),
                    f"1-{cut}"], check=True)
    # A gap: remove one server data segment of alice's connection, half-way through.
    r = subprocess.run(["tshark", "-r", out, "-Y",
                        "tcp.srcport == 9234 && tcp.len > 0 && tcp.stream == 0",
                        "-T", "fields", "-e", "frame.number"],
                       check=True, capture_output=True, text=True)
    frames = [int(x) for x in r.stdout.split()]
    gone = frames[len(frames) // 2]
    subprocess.run(["editcap", "-F", "pcap", out, os.path.join(HERE, "gap.pcap"), str(gone)],
                   check=True)
    json.dump({"midstream.pcap": {"removed_frames": [1, cut]},
               "gap.pcap": {"removed_frame": gone}},
              open(os.path.join(HERE, "cuts.json"), "w"), indent=1)
    print(f"midstream: frames 1-{cut} removed; gap: frame {gone} removed")


main()
