#!/usr/bin/env python3
"""Builds plausible poker-network sessions as realcap scripts (Python 3
standard library only): the handshake lines both ways, login, table list,
joining a table, sitting down, three hands of hold'em (blinds, hole cards,
board cards, actions, chips, pots, showdown, winners), chat, and leaving.

Packets are packed with struct.pack from the pokerpackets layouts (seed 001
with PROTOCOL-NOTES.md): u8 type, u16 big-endian length (payload only for
protocol 3, header included for protocol 2), then the attributes.

Writes SCRIPT.json for each capture and expected-types.json (the packet
types each direction carries, in order). Then, as root:

    python3 /work/shared/tools/realcap/realcap.py session-lossy.json -o session-lossy.pcap
    python3 /work/shared/tools/realcap/realcap.py session-old.json -o session-old.pcap
    python3 /work/shared/tools/realcap/realcap.py port5555.json -o port5555.pcap
"""
import json
import random
import struct

ME, BOB, CAROL = 1001, 2002, 3003
NAMES = {ME: "alice", BOB: "bob", CAROL: "carol"}
GAME = 73
SEATS = {BOB: 0, ME: 2, CAROL: 5}
RANKS, SUITS = "23456789TJQKA", "hdcs"


def card(name):
    """The wire byte of a card: 2h = 0 .. Ah = 12, then d, c, s."""
    return SUITS.index(name[1]) * 13 + RANKS.index(name[0])


def s(text):
    b = text.encode()
    return struct.pack("!H", len(b)) + b


def ints(*v):
    return struct.pack("!" + "I" * len(v), *v)


def u32list(v):
    return struct.pack("!B", len(v)) + b"".join(struct.pack("!I", x) for x in v)


def bytelist(v):
    return struct.pack("!B", len(v)) + bytes(v)


class Session:
    """Collects the steps of one connection and the types each side sends."""

    # A burst of server packets longer than this goes out in several send()
    # calls cut inside packets.
    SPLIT_OVER = 40

    def __init__(self, major):
        self.major = major
        self.steps = []
        self.types = {"c2s": [], "s2c": []}
        self.burst = None

    def header(self, type_id, payload):
        extra = 0 if self.major >= 3 else 3
        return struct.pack("!BH", type_id, len(payload) + extra) + payload

    def packet(self, side, name, type_id, payload):
        data = self.header(type_id, payload)
        self.types["c2s" if side == "c" else "s2c"].append(name)
        if self.burst is not None and side == "s":
            self.burst += data
        else:
            self.flush()
            self.steps.append({"from": side, "hex": data.hex()})

    def c(self, name, type_id, payload=b""):
        self.packet("c", name, type_id, payload)

    def s(self, name, type_id, payload=b""):
        self.packet("s", name, type_id, payload)

    def start_burst(self):
        """Server packets until flush() go out in one send()."""
        self.flush()
        self.burst = b""

    def flush(self):
        if self.burst:
            step = {"from": "s", "hex": self.burst.hex()}
            if len(self.burst) > self.SPLIT_OVER:
                # Several send() calls cut inside packets.
                step["split"] = [len(self.burst) // 3, 2 * len(self.burst) // 3 + 1]
            self.steps.append(step)
        self.burst = None

    def line(self, side, text):
        self.flush()
        self.steps.append({"from": side, "text": text})
        self.types["c2s" if side == "c" else "s2c"].append("Handshake")


def table(sess, game_id, name, players, reason):
    return (ints(game_id) + struct.pack("!BIHBBHBHHI", 10, 1200, 80, 35, players, 2, 0, 30, 5, 1)
            + s(name) + s("holdem") + s("1-2_20-200_limit") + s("default") + s(reason) + ints(0))


def arrive(sess, serial):
    return (ints(serial, GAME) + s(NAMES[serial]) + s("random") + s("")
            + s("_FALSE") + bytes([0, 0, 0, 0, 1, 0, 1]) + bytes([SEATS[serial]]))


def session(major, rng):
    x = Session(major)
    line = "CGI %03d.000\n" % major
    x.line("s", line)
    x.line("c", line)
    x.c("PacketLogin", 10, s("alice") + s("wonderland"))
    x.start_burst()
    x.s("PacketAuthOk", 8)
    x.s("PacketSerial", 6, ints(ME))
    x.flush()
    x.c("PacketPokerSetRole", 125, ints(ME) + s("PLAY"))
    x.s("PacketPokerRoles", 124, ints(ME) + s("PLAY"))
    x.c("PacketPokerTableSelect", 72, s("1\tholdem"))
    tables = [x.header(73, table(x, GAME, "Table Ägäis", 2, "TableList")),
              x.header(73, table(x, 74, "Table Bodensee", 5, "TableList"))]
    x.s("PacketPokerTableList", 74, struct.pack("!H", 2) + b"".join(tables) + ints(7, 2))
    x.c("PacketPokerTableJoin", 71, ints(ME, GAME))
    x.start_burst()
    x.s("PacketPokerTable", 73, table(x, GAME, "Table Ägäis", 2, "TableJoin"))
    x.s("PacketPokerBatchMode", 105, ints(0, GAME))
    for p in (BOB, CAROL):
        x.s("PacketPokerPlayerArrive", 88, arrive(x, p))
        x.s("PacketPokerPlayerChips", 64, ints(p, GAME) + struct.pack("!QQ", 0, 2000))
        x.s("PacketPokerSit", 75, ints(p, GAME))
    seats = [0] * 10
    for p, i in SEATS.items():
        if p != ME:
            seats[i] = p
    x.s("PacketPokerSeats", 50, u32list(seats) + ints(GAME))
    x.s("PacketPokerStreamMode", 104, ints(0, GAME))
    x.flush()
    x.c("PacketPokerSeat", 79, ints(ME, GAME) + bytes([255]))
    x.start_burst()
    x.s("PacketPokerPlayerArrive", 88, arrive(x, ME))
    x.s("PacketPokerSeat", 79, ints(ME, GAME) + bytes([SEATS[ME]]))
    x.flush()
    x.c("PacketPokerBuyIn", 84, ints(ME, GAME, 2000))
    x.s("PacketPokerPlayerChips", 64, ints(ME, GAME) + struct.pack("!QQ", 0, 2000))
    x.c("PacketPokerAutoBlindAnte", 97, ints(ME, GAME))
    x.c("PacketPokerSit", 75, ints(ME, GAME))
    x.s("PacketPokerSit", 75, ints(ME, GAME))
    seats[SEATS[ME]] = ME
    x.s("PacketPokerSeats", 50, u32list(seats) + ints(GAME))

    stacks = {BOB: 2000, ME: 2000, CAROL: 2000}
    order = [BOB, ME, CAROL]
    for hand in range(3):
        play_hand(x, rng, hand, order, stacks)
        order = order[1:] + order[:1]
        if hand == 0:
            x.c("PacketPokerChat", 86, ints(ME, GAME) + s("nice hand, bob 👍"))
            x.s("PacketPokerChat", 86, ints(ME, GAME) + s("nice hand, bob 👍"))
            x.c("PacketPing", 5)
    x.c("PacketPokerTableQuit", 83, ints(ME, GAME))
    x.s("PacketPokerPlayerLeave", 81, ints(ME, GAME) + bytes([SEATS[ME]]))
    x.c("PacketLogout", 13)
    x.flush()
    x.steps.append({"close": "c"})
    return x


def play_hand(x, rng, hand, order, stacks):
    deck = [r + su for r in RANKS for su in SUITS]
    rng.shuffle(deck)
    hole = {p: [deck.pop(), deck.pop()] for p in order}
    board = [deck.pop() for _ in range(5)]
    sb, bb = order[0], order[1]
    dealer = order[-1]
    bets = {p: 0 for p in order}
    pot = [0]

    def chips(p):
        x.s("PacketPokerPlayerChips", 64, ints(p, GAME) + struct.pack("!QQ", bets[p], stacks[p]))

    def put(p, amount):
        stacks[p] -= amount
        bets[p] += amount
        x.s("PacketPokerChipsPlayer2Bet", 176, ints(p, GAME, amount))
        chips(p)

    def end_round():
        x.s("PacketPokerEndRound", 182, ints(0, GAME))
        for p in order:
            if bets[p]:
                x.s("PacketPokerChipsBet2Pot", 177, ints(p, GAME, bets[p]) + bytes([0]))
                pot[0] += bets[p]
                bets[p] = 0
                chips(p)
        x.s("PacketPokerPotChips", 171, ints(GAME) + bytes([0]) + ints(pot[0]))

    def act(p, what, amount=0):
        """p acts; the client sends its own actions, the server echoes all."""
        names = {"call": ("PacketPokerCall", 68), "check": ("PacketPokerCheck", 65),
                 "raise": ("PacketPokerRaise", 69), "fold": ("PacketPokerFold", 57)}
        name, t = names[what]
        # PacketPokerRaise.amount as pokerengine up to 2.x reads it (PROTOCOL-NOTES,
        # "Bet amounts"): the chips the action moves into the bet, the call included.
        # `amount` here is the raise over the call.
        moved = max(bets.values()) - bets[p] + amount
        payload = ints(p, GAME) + (ints(moved) if what == "raise" else b"")
        x.s("PacketPokerPosition", 54, ints(GAME) + bytes([order.index(p)]) + ints(p))
        if p == ME:
            x.flush()
            x.s("PacketPokerSelfInPosition", 187, ints(GAME) + bytes([order.index(p)]) + ints(p))
            high = max(bets.values())
            x.s("PacketPokerBetLimit", 173, ints(ME, GAME, 20, 200, 10, high - bets[ME], stacks[ME], pot[0]))
            x.c(name, t, payload)
            x.start_burst()
        x.s(name, t, payload)
        high = max(bets.values())
        if what == "call":
            put(p, high - bets[p])
        elif what == "raise":
            put(p, moved)

    x.start_burst()
    x.s("PacketPokerInGame", 67, ints(0, GAME) + u32list(order))
    x.s("PacketPokerDealer", 70, ints(GAME) + bytes([SEATS[dealer], SEATS[order[-2]] if hand else 255]))
    x.s("PacketPokerStart", 66, ints(0, GAME, 40 + hand, 1396357707 + 90 * hand, 500 + hand) + bytes([0]))
    x.s("PacketPokerState", 58, ints(0, GAME) + s("blindAnte"))
    for p, amount in ((sb, 10), (bb, 20)):
        x.s("PacketPokerBlind", 95, ints(p, GAME, amount, 0))
        put(p, amount)
    x.s("PacketPokerState", 58, ints(0, GAME) + s("pre-flop"))
    x.s("PacketPokerDealCards", 184, ints(0, GAME) + bytes([2]) + u32list(order))
    for p in order:
        cards = [card(c) for c in hole[p]] if p == ME else [255, 255]
        x.s("PacketPokerPlayerCards", 61, ints(p, GAME) + bytelist(cards))
    x.s("PacketPokerBeginRound", 197, ints(0, GAME))
    # Pre-flop: the dealer (or the first after the big blind) acts first.
    act(order[2], "call")
    act(sb, "raise" if hand == 1 else "call", 20)
    act(bb, "call" if hand == 1 else "check")
    if hand == 1:
        act(order[2], "call")
    end_round()
    live = list(order)
    for street, cards in (("flop", 3), ("turn", 4), ("river", 5)):
        x.s("PacketPokerState", 58, ints(0, GAME) + s(street))
        x.s("PacketPokerBoardCards", 62, ints(0, GAME) + bytelist([card(c) for c in board[:cards]]))
        x.s("PacketPokerBeginRound", 197, ints(0, GAME))
        for p in live:
            if street == "turn" and p == order[2] and hand == 2:
                act(p, "fold")
            elif street == "flop" and p == live[0] and hand != 1:
                act(p, "raise", 20)
            else:
                act(p, "call" if max(bets.values()) > bets[p] else "check")
        if street == "turn" and hand == 2:
            live.remove(order[2])
        end_round()
    ranked = {p: evaluate(hole[p] + board) for p in live}
    winner = max(live, key=lambda p: ranked[p][0])
    x.s("PacketPokerState", 58, ints(0, GAME) + s("end"))
    for p in live:
        key, name, best = ranked[p]
        x.s("PacketPokerPlayerCards", 61, ints(p, GAME) + bytelist([card(c) for c in hole[p]]))
        x.s("PacketPokerBestCards", 170, ints(p, GAME) + bytelist([card(c) for c in hole[p]]) + s("hi")
            + s(name) + bytelist([card(c) for c in best]) + bytelist([card(c) for c in board])
            + bytes([p == winner]))
    x.s("PacketPokerWin", 59, ints(0, GAME) + u32list([winner]))
    x.s("PacketPokerChipsPot2Player", 178, ints(winner, GAME, pot[0]) + bytes([0]) + s("win"))
    stacks[winner] += pot[0]
    chips(winner)
    x.s("PacketPokerChipsPotReset", 180, ints(0, GAME))
    stack = {"type": "game_state", "player_list": order, "serial2share": {str(winner): pot[0]}}
    x.s("PacketPokerShowdown", 204, ints(0, GAME) + s(json.dumps(stack)))
    x.flush()


def evaluate(cards):
    """A rough hand ranking by rank counts (pairs, trips, quads; no
    straights or flushes): (sort key, name, best five cards)."""
    counts = {}
    for c in cards:
        counts[c[0]] = counts.get(c[0], 0) + 1
    order = sorted(cards, key=lambda c: (counts[c[0]], RANKS.index(c[0])), reverse=True)
    best = order[:5]
    shape = sorted(counts.values(), reverse=True)
    top = {"2": "Twos", "3": "Threes", "4": "Fours", "5": "Fives", "6": "Sixes", "7": "Sevens",
           "8": "Eights", "9": "Nines", "T": "Tens", "J": "Jacks", "Q": "Queens", "K": "Kings",
           "A": "Aces"}[best[0][0]]
    if shape[0] == 4:
        name, cat = "Four of a kind, " + top, 7
    elif shape[0] == 3 and shape[1] >= 2:
        name, cat = "Full house, " + top, 6
    elif shape[0] == 3:
        name, cat = "Three of a kind, " + top, 3
    elif shape[0] == 2 and shape[1] == 2:
        name, cat = "Two pairs, " + top, 2
    elif shape[0] == 2:
        name, cat = "A pair of " + top, 1
    else:
        name, cat = "High card, " + top[:-1], 0
    return (cat, [RANKS.index(c[0]) for c in best]), name, best


def script(sess, port, **conn):
    c = {"ip": 4, "server_port": port}
    c.update(conn)
    c["steps"] = sess.steps
    return {"comment": "poker-network session made by make_sessions.py", "connections": [c]}


def main():
    out = {}
    specs = [
        ("session-lossy", 3, 19380, {"mtu": 300, "loss_c2s": 0.05, "loss_s2c": 0.05, "ack_loss": 0.02}),
        ("session-old", 2, 19380, {}),
        ("port5555", 3, 5555, {"nodelay": False}),
    ]
    for n, (name, major, port, conn) in enumerate(specs):
        sess = session(major, random.Random(1000 + n))
        with open(name + ".json", "w") as f:
            json.dump(script(sess, port, **conn), f, indent=1, ensure_ascii=False)
            f.write("\n")
        out[name] = sess.types
    with open("expected-types.json", "w") as f:
        json.dump(out, f, indent=1)
        f.write("\n")


if __name__ == "__main__":
    main()
