#!/usr/bin/env python3
"""Builds plausible sessions of the two-player card game as realcap scripts.

    python3 make_sessions.py            # writes session.json and lossy.json
    python3 make_sessions.py --run      # ... and runs realcap on both (needs root)

The server (the game admin) resets the table, deals with Teleport and
Move, shows the recipient's cards with SetImage, announces stages, plays
the opponent's cards, scores, and paces its animations with Delay and
WaitAnimations; the client only plays cards (0x81). One Score carries a
STRING of 200 bytes (two length bytes: 0x80 0x48).

Card ids 0..95 are shuffled; card id i shows image i % 24 (images 0..23:
9, J, Q, K, 10, A of clubs, diamonds, hearts, spades; 24 is the back).
"""
import json
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REALCAP = "/work/shared/tools/realcap/realcap.py"

STOCK, TRUMP, MY_HAND, OPP_HAND, TRICK, MY_PILE, OPP_PILE, MY_MELD, OPP_MELD = range(9)
RECIPIENT, OPPONENT = 0, 1


def string(text):
    raw = text.encode("utf-8")
    n = len(raw)
    assert n <= 32895
    return (bytes([n]) if n < 128 else struct.pack(">H", n + 32640)) + raw


def reset(deal):
    return bytes([0x01, deal])


def teleport(card, place, detail=0):
    return bytes([0x02, card, place, detail])


def move(card, place, detail=0):
    return bytes([0x03, card, place, detail])


def set_image(card, image):
    return bytes([0x04, card, image])


def delay(ms):
    return b"\x05" + struct.pack(">H", ms)


def raise_(card):
    return bytes([0x06, card])


def lower(card):
    return bytes([0x07, card])


def wait():
    return b"\x08"


def stage(s):
    return bytes([0x09, s])


def score(who, total, increase, what):
    return struct.pack(">BBHH", 0x0a, who, total, increase) + string(what)


def play_card(card):
    return bytes([0x81, card])


def face(card):
    return card % 24


class Game:
    """A game as the recipient (the client) sees it."""

    def __init__(self, seed, hands=12, tricks=8):
        self.rnd = random.Random(seed)
        self.steps = []
        self.burst = []
        self.totals = [0, 0]
        deck = list(range(96))
        self.rnd.shuffle(deck)
        self.deck = deck
        self.hands, self.tricks = hands, tricks

    def s(self, *msgs):
        self.burst.extend(msgs)

    def flush(self, comment=None):
        if self.burst:
            step = {"from": "s", "hex": b"".join(self.burst).hex()}
            if comment:
                step["comment"] = comment
            self.steps.append(step)
            self.burst = []

    def c(self, msg):
        self.flush()
        self.steps.append({"from": "c", "hex": msg.hex()})

    def add(self, who, points, what):
        self.totals[who] += points
        self.s(score(who, self.totals[who], points, what))

    def play(self):
        deck = self.deck
        self.s(reset(1), stage(0))
        mine, theirs = [], []
        # The first three cards each way fly instantly, the rest animate.
        for n in range(self.hands):
            a, b = deck.pop(), deck.pop()
            how = teleport if n < 3 else move
            self.s(how(a, MY_HAND, n), set_image(a, face(a)), how(b, OPP_HAND, n))
            if n >= 3:
                self.s(delay(60))
            mine.append(a)
            theirs.append(b)
        trump = deck.pop()
        self.s(teleport(trump, TRUMP), set_image(trump, face(trump)), lower(trump), wait())
        self.flush("reset, deal, turn up the trump")
        for t in range(self.tricks):
            # The opponent leads, the recipient follows and wins the trick.
            lead = theirs.pop()
            self.s(stage(2), move(lead, TRICK), set_image(lead, face(lead)), raise_(lead), wait(), stage(3))
            self.flush()
            mine_card = mine.pop(self.rnd.randrange(len(mine)))
            self.c(play_card(mine_card))
            self.s(move(mine_card, TRICK), raise_(mine_card), wait(), delay(400))
            for card in (lead, mine_card):
                self.s(move(card, MY_PILE), set_image(card, 24))
            self.add(RECIPIENT, 10, "trick")
            self.s(stage(5))
            if t % 3 == 1 and mine:
                meld = mine.pop()
                self.s(move(meld, MY_MELD, t), raise_(meld))
                self.add(RECIPIENT, 40, "marriage")
            # Both draw from the stock, winner first.
            a, b = deck.pop(), deck.pop()
            self.s(move(a, MY_HAND, len(mine)), set_image(a, face(a)), move(b, OPP_HAND, len(theirs)), wait())
            mine.append(a)
            theirs.append(b)
            if t % 4 == 3:
                self.add(OPPONENT, 20, "meld: four jacks")
            self.flush()
        self.s(stage(0x0b), wait())
        long_text = ("count-up: " + ", ".join(f"trick {i + 1} won by the recipient" for i in range(self.tricks)))
        long_text = (long_text + " " * 200)[:197] + "..."
        assert len(long_text) == 200
        self.add(RECIPIENT, 50, long_text)
        self.add(OPPONENT, 0, "no tricks")
        self.flush("count-up; one Score with a 200-byte STRING")
        self.steps.append({"close": "s"})
        return self.steps


def main():
    session = {
        "comment": "card game: one hand of 8 tricks",
        "connections": [{"ip": 4, "server_port": 7000, "steps": Game(96).play()}],
        "capture": {"format": "pcap", "link": "ethernet"},
    }
    lossy = {
        "comment": "card game: a longer hand, small segments, 5% data loss each way, 2% ACK loss",
        "connections": [{"ip": 4, "server_port": 7000, "mtu": 300, "loss_c2s": 0.05,
                         "loss_s2c": 0.05, "ack_loss": 0.02,
                         "steps": Game(300, hands=16, tricks=30).play()}],
        "capture": {"format": "pcap", "link": "ethernet"},
    }
    for name, doc in [("session", session), ("lossy", lossy)]:
        path = os.path.join(HERE, name + ".json")
        with open(path, "w") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        print("wrote", path)
        if "--run" in sys.argv:
            subprocess.run([sys.executable, REALCAP, path, "-o", os.path.join(HERE, name + ".pcap")], check=True)


if __name__ == "__main__":
    main()
