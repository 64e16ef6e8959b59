#!/usr/bin/env python3
"""Writes the realcap scripts for the foundation captures (seeded, reproducible scripts;
the captures themselves are not reproducible: loss is random). Run: python3 make_scripts.py"""
import json, random

rng = random.Random(2026)

def rounds(n, lo, hi, split=False):
    steps = []
    for i in range(n):
        for side in "cs":
            data = bytes(rng.randrange(256) for _ in range(rng.randint(lo, hi)))
            st = {"from": side, "hex": data.hex()}
            if split and len(data) > 8 and i % 3 == 0:
                st["split"] = sorted(rng.sample(range(1, len(data)), 2))
            steps.append(st)
    return steps

scripts = {
    "lossy-v4": {
        "comment": "IPv4, mtu 300, 5% data loss each way and 2% ACK loss: real retransmissions",
        "connections": [
            {"ip": 4, "server_port": 7234, "mtu": 300, "loss_c2s": 0.05, "loss_s2c": 0.05,
             "ack_loss": 0.02, "steps": rounds(40, 20, 900, split=True)},
            {"ip": 4, "server_port": 7234, "mtu": 300, "loss_c2s": 0.05, "loss_s2c": 0.05,
             "ack_loss": 0.02, "steps": rounds(15, 300, 1500) + [{"close": "s"}]},
        ],
    },
    "ipv6": {
        "comment": "IPv6: one clean connection with Nagle, one ended by a reset",
        "connections": [
            {"ip": 6, "server_port": 19380, "nodelay": False, "steps": rounds(20, 10, 400, split=True)},
            {"ip": 6, "server_port": 19380, "mtu": 1280, "steps": rounds(5, 100, 3000) + [{"rst": "c"}]},
        ],
    },
    "sll2-pcapng": {
        "comment": "pcapng, Linux cooked v2 (tcpdump -i any), VLAN 42, nanosecond: two parallel connections",
        "parallel": True,
        "capture": {"format": "pcapng", "link": "sll2", "vlan": 42, "nanosecond": True},
        "connections": [
            {"ip": 4, "server_port": 13500, "mtu": 576, "loss_c2s": 0.03, "loss_s2c": 0.03,
             "steps": rounds(15, 10, 700)},
            {"ip": 6, "server_port": 13500, "steps": rounds(10, 10, 200)},
        ],
    },
}
for name, doc in scripts.items():
    with open(f"{name}.json", "w") as f:
        json.dump(doc, f, indent=1)
