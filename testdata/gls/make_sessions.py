#!/usr/bin/env python3
"""Builds plausible Glass Plate Game sessions as realcap scripts.

    python3 make_sessions.py            # writes session.json and lossy-port4000.json
    python3 make_sessions.py --run      # ... and runs realcap on both (needs root)

Events are packed with struct as the reference code (glassplategame/gls)
writes them: a big-endian u32 event type, then fixed-size fields with no
padding. Like the reference writers, the events that strlcpy into a reused
per-thread buffer (Say1, Say2, SyncEnd, PlatePlace, DiePlaceTry,
DiePlaceReject, DiePlace) leave the buffer's earlier bytes after each
string's NUL; the others copy whole zeroed fields. The real server never
zeroes its Shutdown struct, so its reason carries (here: fixed) garbage.
"""
import json
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REALCAP = "/work/shared/tools/realcap/realcap.py"
TIME0 = 1_262_304_000  # 2010-01-01T00:00:00Z


class Side:
    """One side's writer, with the reused buffer of the reference code."""

    def __init__(self):
        self.buf = bytearray(400)

    def event(self, etype, fields, reuse):
        """fields: list of (kind, value, size): 's' C string, 'u16', 'u32', 'u64'."""
        out = bytearray(struct.pack(">I", etype))
        for kind, value, size in fields:
            if kind == "s":
                raw = value.encode("ascii")
                assert len(raw) < size, value
                if reuse:  # strlcpy: the text and a NUL, the rest stays
                    old = self.buf[len(out):len(out) + size]
                    field = raw + b"\0" + bytes(old[len(raw) + 1:])
                else:  # memcpy of a zeroed array
                    field = raw + bytes(size - len(raw))
                out += field
            elif kind == "raw":
                assert len(value) == size
                out += value
            else:
                out += struct.pack({"u16": ">H", "u32": ">I", "u64": ">Q"}[kind], value)
        self.buf[:len(out)] = out
        return bytes(out)


def protover(side, version="0.0", software="gls"):
    return side.event(1, [("s", "GLS", 4), ("s", version, 16), ("s", software, 32)], False)


def protoverack(side, ack, reason="", version="0.0"):
    return side.event(2, [("u16", ack, 2), ("s", reason, 64), ("s", "GLS", 4),
                          ("s", version, 16), ("s", "glsd", 32)], False)


def nick_req(side, nick):
    return side.event(3, [("s", nick, 32)], False)


def nick_set(side, nick, reason=""):
    return side.event(4, [("s", nick, 32), ("s", reason, 64)], False)


def nick_change(side, old, new):
    return side.event(5, [("s", old, 32), ("s", new, 32)], False)


def player_join(side, nick):
    return side.event(6, [("s", nick, 32)], False)


def player_part(side, nick):
    return side.event(7, [("s", nick, 32)], False)


def shutdown(side, reason):
    garbage = bytes(random.Random(8).randrange(256) for _ in range(64))
    field = reason.encode() + b"\0" + garbage[len(reason) + 1:]
    return side.event(8, [("raw", field, 64)], False)


def say1(side, text):
    return side.event(9, [("s", text, 256)], True)


def say2(side, nick, time, text):
    return side.event(10, [("s", nick, 32), ("u64", time, 8), ("s", text, 256)], True)


def sync_end(side, motd):
    return side.event(11, [("s", motd, 256)], True)


def plate_place(side, abbrev, description, name, loc, flags=0):
    return side.event(12, [("s", abbrev, 4), ("s", description, 256), ("s", name, 64),
                           ("s", loc, 3), ("u32", flags, 4)], True)


def die_place_try(side, loc, color):
    return side.event(13, [("s", loc, 3), ("u32", color, 4)], True)


def die_place_reject(side, loc, color, reason):
    return side.event(14, [("s", loc, 3), ("u32", color, 4), ("s", reason, 64)], True)


def die_place(side, loc, color, nick, die):
    return side.event(15, [("s", loc, 3), ("u32", color, 4), ("s", nick, 32), ("u32", die, 4)], True)


PLATES = [
    ("SCI", "The systematic study of the world through observation and experiment.", "Science"),
    ("MTH", "The study of quantity, structure, space and change.", "Mathematics"),
    ("ART", "Works that express imagination or technical skill.", "Art"),
    ("MUS", "Sound organised in time.", "Music"),
    ("PHL", "The study of the fundamental nature of knowledge and existence.", "Philosophy"),
    ("HIS", "The study of past events.", "History"),
    ("LAW", "The system of rules a community recognises.", "Law"),
    ("ECO", "Production, distribution and consumption of goods.", "Economics"),
]


class Script:
    """Steps of one connection, with each side's writer."""

    def __init__(self):
        self.c, self.s, self.steps = Side(), Side(), []

    def send(self, frm, data, comment=None):
        step = {"from": frm, "hex": data.hex()}
        if comment:
            step["comment"] = comment
        self.steps.append(step)


def full_session():
    """Handshake, a refused then accepted nick, synchronisation, play, chat,
    another player's comings and goings, and a shutdown."""
    k = Script()
    c, s = k.c, k.s
    k.send("c", protover(c), "Protover")
    k.send("s", protoverack(s, 1), "Protoverack: accepted")
    k.send("c", nick_req(c, "Frostsnow"))
    k.send("s", nick_set(s, "", "Already in use"), "nick refused")
    k.send("c", nick_req(c, "Frostsnow2"))
    # The server sets the nick, then synchronises the board in one burst.
    sync = [nick_set(s, "Frostsnow2")]
    for (abbrev, desc, name), loc in zip(PLATES[:5], ["A1", "C5", "D4", "F2", "H7"]):
        sync.append(plate_place(s, abbrev, desc, name, loc))
    sync.append(plate_place(s, "", "", "", "H8", flags=1))
    sync.append(die_place(s, "C5", 2, "Carol", 1))
    sync.append(sync_end(s, "Welcome to the Glass Plate Game test server!"))
    sync.append(player_join(s, "Dave99"))
    k.send("s", b"".join(sync), "NickSet, 6 PlatePlace, DiePlace, SyncEnd, PlayerJoin")
    k.send("c", die_place_try(c, "D4", 1))
    k.send("s", die_place(s, "D4", 1, "Frostsnow2", 3))
    k.send("c", die_place_try(c, "H8", 0), "color 0: the server picks")
    k.send("s", die_place_reject(s, "H8", 0, "No plate at H8"))
    k.send("c", say1(c, "hello, plates"))
    k.send("s", say2(s, "Frostsnow2", TIME0 + 61, "hello, plates"))
    k.send("s", say2(s, "Dave99", TIME0 + 65, "hi Frostsnow2"))
    k.send("s", nick_change(s, "Dave99", "Dave100"))
    k.send("s", die_place(s, "A1", 5, "Dave100", 4))
    k.send("s", player_part(s, "Dave100"))
    k.send("s", shutdown(s, "Server received SIGTERM"))
    k.steps.append({"close": "s"})
    return k.steps


def refused_version():
    k = Script()
    k.send("c", protover(k.c, "9.1", "gls-dev"))
    k.send("s", protoverack(k.s, 0, "Invalid protocol version '9.1' (expected '0.0')"))
    k.steps.append({"close": "s"})
    return k.steps


def long_game():
    """A full board (64 PlatePlace, empty squares flagged), then 40 rounds
    of die placements and chat."""
    rnd = random.Random(4000)
    k = Script()
    c, s = k.c, k.s
    k.send("c", protover(c))
    k.send("s", protoverack(s, 1))
    k.send("c", nick_req(c, "Alice42"))
    k.send("s", nick_set(s, "Alice42"))
    locs = [f"{col}{row}" for col in "ABCDEFGH" for row in range(1, 9)]
    plated = []
    for i, loc in enumerate(locs):
        if i % 2 == 0:
            abbrev, desc, name = PLATES[(i // 2) % len(PLATES)]
            k.send("s", plate_place(s, abbrev, desc, name, loc))
            plated.append(loc)
        else:
            k.send("s", plate_place(s, "", "", "", loc, flags=1))
    k.send("s", sync_end(s, "Welcome back. 64 squares, 24 dice, 6 colors."))
    die = 0
    for r in range(40):
        if r % 3 == 0:
            k.send("c", say1(c, f"round {r}: my move"))
            k.send("s", say2(s, "Alice42", TIME0 + 1000 + 7 * r, f"round {r}: my move"))
        loc = rnd.choice(locs)
        color = rnd.randrange(0, 7)
        k.send("c", die_place_try(c, loc, color))
        if loc in plated and die < 24:
            k.send("s", die_place(s, loc, color or rnd.randrange(1, 7), "Alice42", die))
            die += 1
        else:
            k.send("s", die_place_reject(s, loc, color, "The plate is empty" if loc not in plated else "No dice left"))
    k.send("s", player_join(s, "Bob7"))
    k.send("s", die_place(s, "A1", 6, "Bob7", 24 if die >= 24 else die))
    k.send("s", shutdown(s, "Server received SIGTERM"))
    k.steps.append({"close": "s"})
    return k.steps


def main():
    session = {
        "comment": "GLS: a whole session, and a client whose version is refused",
        "connections": [
            {"comment": "whole session", "ip": 4, "server_port": 13500, "steps": full_session()},
            {"comment": "protocol version refused", "ip": 4, "server_port": 13500, "steps": refused_version()},
        ],
        "capture": {"format": "pcap", "link": "ethernet"},
    }
    lossy = {
        "comment": "GLS on port 4000: a long game, small segments, 5% data loss each way, 2% ACK loss",
        "connections": [
            {"ip": 4, "server_port": 4000, "mtu": 300, "loss_c2s": 0.05, "loss_s2c": 0.05,
             "ack_loss": 0.02, "steps": long_game()},
        ],
        "capture": {"format": "pcap", "link": "ethernet"},
    }
    for name, doc in [("session", session), ("lossy-port4000", lossy)]:
        path = os.path.join(HERE, name + ".json")
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print("wrote", path)
        if "--run" in sys.argv:
            subprocess.run([sys.executable, REALCAP, path, "-o", os.path.join(HERE, name + ".pcap")], check=True)


if __name__ == "__main__":
    main()
