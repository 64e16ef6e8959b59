#!/usr/bin/env python3
"""Writes all-four.json: one realcap script with a PokerTH, a poker-network,
a GLS and a card game connection at once (parallel), taken from the session
scripts of the protocol folders beside this one, with a little loss.

    python3 make_script.py && sudo python3 ../../../shared/tools/realcap/realcap.py all-four.json -o all-four.pcap
"""
import json, os, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(HERE)

def first_connection(path):
    with open(os.path.join(TOP, path)) as f:
        return json.load(f)["connections"][0]

def main():
    # The PokerTH scripts are regenerated, not committed.
    subprocess.run([sys.executable, os.path.join(TOP, "pokerth", "make_sessions.py")], check=True)
    conns = []
    for path, port in [("pokerth/session.script.json", 7234),
                       ("pokernetwork/port5555.json", 19380),
                       ("gls/session.json", 13500),
                       ("cardgame/session.json", 7000)]:
        c = first_connection(path)
        c.update({"server_port": port, "mtu": 576, "loss_c2s": 0.02, "loss_s2c": 0.02, "ack_loss": 0.01,
                  "comment": f"from {path}"})
        conns.append(c)
    script = {"comment": "all four protocols at once, one connection each, in parallel",
              "parallel": True, "timeout_s": 120, "connections": conns}
    with open(os.path.join(HERE, "all-four.json"), "w") as f:
        json.dump(script, f, indent=1)

if __name__ == "__main__":
    main()
