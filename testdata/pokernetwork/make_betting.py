#!/usr/bin/env python3
"""Poker-network sessions whose server bets like pokerengine, as realcap
scripts, with the expected result of every hand worked out independently.

Generating the scripts needs only the Python 3 standard library. The
expected results are computed by the small engine below (no-limit and
fixed-limit hold'em: stacks, street bets, minimum raises, incomplete all-in
raises, side pots, uncalled bets, antes, dead blinds, rake) and then checked
against pokerkit playing the same actions with the same stacks, blinds,
antes and cards (pokerkit evaluates the showdowns itself). pokerkit is
imported lazily; without it the script stops with a message, unless
--no-verify is given.

    python3 -m venv /tmp/pk && /tmp/pk/bin/pip install pokerkit==0.7.7
    /tmp/pk/bin/python make_betting.py          # NAME.script.json, NAME.expect.json
    for n in betting-v2-moved betting-v2-raiseto betting-v3-moved \\
             betting-v3-raiseto betting-contradiction betting-limit \\
             betting-showdowns; do
        python3 /work/shared/tools/realcap/realcap.py $n.script.json -o $n.pcap
    done

What the server sends follows pokerengine/pokernetwork (not the client-side
packets the older make_sessions.py sends): per hand PlayerChips for every
seated player, InGame, Dealer, Start, State blindAnte, Position + Ante /
Blind (+ PlayerChips) per player, State pre-flop, PlayerCards (the hero's
real cards, 255 for the others), Position + action (+ PlayerChips after
every chip-moving action), PotChips per pot after every betting round, State
and BoardCards per street, and at the end State end, the showdown cards,
Win, the final PlayerChips of every player dealt in, Rake and Showdown.
A capture whose client asks the server to explain (PacketPokerExplain:
betting-showdowns) also gets what pokernetwork's PokerExplain adds after
Win: a ChipsPot2Player per frame of pokerengine's showdown stack, the
PlayerChips of every player, ChipsPotReset (the Rake then comes before
State end).

PacketPokerRaise.amount is written in one of the two conventions of
PROTOCOL-NOTES.md ("Bet amounts"): "chips-moved" (pokerengine 1.x/2.x
callNraise: the chips the action moves from money to bet, the call
included) or "raise-to" (later engines: the street total after the raise).
The hero's own PacketPokerRaise (client to server) uses the same one.
"""
import argparse
import itertools
import json
import os
import random
import struct
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

# ---------------------------------------------------------------- packing
# make_sessions.py's helpers (the packet layouts), and its Session with
# bursts of server packets cut into several send() calls past 160 bytes.

from make_sessions import RANKS, SUITS, bytelist, card, ints, s, u32list  # noqa: E402
from make_sessions import Session as _Session  # noqa: E402


class Session(_Session):
    SPLIT_OVER = 160


def chips(serial, game, bet, money):
    return ints(serial, game) + struct.pack("!QQ", bet, money)


# ---------------------------------------------------------------- hand values

def rank5(cards):
    """(category, tie-break ranks) of five cards; higher is better.
    Categories: 0 high card, 1 pair, 2 two pairs, 3 trips, 4 straight,
    5 flush, 6 full house, 7 quads, 8 straight flush."""
    ranks = sorted((RANKS.index(c[0]) for c in cards), reverse=True)
    flush = len({c[1] for c in cards}) == 1
    uniq = sorted(set(ranks), reverse=True)
    straight_top = None
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            straight_top = uniq[0]
        elif uniq == [12, 3, 2, 1, 0]:
            straight_top = 3  # the wheel, five high
    counts = sorted(((ranks.count(r), r) for r in uniq), reverse=True)
    shape = [n for n, _ in counts]
    order = [r for _, r in counts]
    if straight_top is not None and flush:
        return (8, [straight_top])
    if shape[0] == 4:
        return (7, order)
    if shape[:2] == [3, 2]:
        return (6, order)
    if flush:
        return (5, ranks)
    if straight_top is not None:
        return (4, [straight_top])
    if shape[0] == 3:
        return (3, order)
    if shape[:2] == [2, 2]:
        return (2, order)
    if shape[0] == 2:
        return (1, order)
    return (0, ranks)


CATEGORY = ["NoPair", "OnePair", "TwoPair", "Trips", "Straight", "Flush", "FlHouse",
            "Quads", "StFlush"]


def best_hand(cards):
    """The best five of seven cards: (value, five cards)."""
    return max(((rank5(five), list(five)) for five in itertools.combinations(cards, 5)),
               key=lambda x: x[0])


# ---------------------------------------------------------------- tables

class Table:
    def __init__(self, game_id, name, structure, sb, bb, ante, rake_pct, betting, seats):
        self.game_id = game_id
        self.name = name
        self.structure = structure          # "no-limit" or "limit"
        self.sb, self.bb, self.ante = sb, bb, ante
        self.rake_pct = rake_pct            # percent of the pot less uncalled, floored; 0: none
        self.betting = betting              # PacketPokerTable.betting_structure
        self.seats = seats                  # serial -> wire seat (0-based)

    def bet_unit(self, street):
        """Fixed-limit bet size of a street: small bet pre-flop and flop."""
        return self.bb if street in ("pre-flop", "flop") else 2 * self.bb

    def describe(self):
        return {"game_id": self.game_id, "name": self.name, "betting_structure": self.betting,
                "limit": self.structure, "small_blind": self.sb, "big_blind": self.bb,
                "ante": self.ante,
                "rake": ("%d%% of the pot less the uncalled bet, rounded down, no cap"
                         % self.rake_pct) if self.rake_pct else "none"}


HERO = 1001
NAMES = {1001: "alice", 2002: "bob", 3003: "carol", 4004: "dave", 5005: "erin",
         6006: "frank", 7007: "grace", 8008: "heidi", 9009: "ivan", 10010: "judy",
         11011: "karl", 12012: "lena", 13013: "mike", 14014: "Zoë"}
SERIAL = {v: k for k, v in NAMES.items()}

# ---------------------------------------------------------------- the hands
#
# Each hand: the table, the dealer's seat, the stacks the players start
# with when they differ from what they carried over (a top-up, or a
# player who left and bought in again), who sits out, who posts a late
# big blind with a dead small blind, the cards and the actions in order
# ("raise N" raises TO a street total of N; the wire amount depends on the
# convention). The engine checks that every action comes from the player
# in turn and is legal.

HANDS = [
    # 1. pre-flop raise and re-raise
    dict(no=1, scenario=1, label="preflop raise, re-raise and 4-bet, called; flop bet called; showdown",
         table="A", dealer="bob",
         stacks={"alice": 2000, "bob": 2000, "carol": 2000, "dave": 2000, "erin": 2000, "frank": 2000},
         cards={"alice": "7c2d", "bob": "9d4s", "carol": "8h3c", "dave": "AsKs", "erin": "Jc5h",
                "frank": "QcQd"},
         board="Kd7h2h9s4c",
         actions=["dave raise 60", "erin fold", "frank raise 180", "bob fold", "alice fold",
                  "carol fold", "dave raise 420", "frank call",
                  "dave raise 300", "frank call",
                  "dave check", "frank check",
                  "dave raise 500", "frank call"]),
    # 2. check-raise on the flop
    dict(no=2, scenario=2, label="check-raise on the flop, re-raised and called; showdown, set over set",
         table="A", dealer="alice",
         cards={"alice": "JhJs", "bob": "Ac6d", "carol": "Td4d", "dave": "8h8c", "erin": "KcQh",
                "frank": "5s3h"},
         board="Jc8d3s5h2c",
         actions=["erin call", "frank fold", "bob call", "alice raise 80", "carol fold", "dave call",
                  "erin call", "bob fold",
                  "dave check", "erin check", "alice raise 120", "dave raise 400", "erin fold",
                  "alice raise 1000", "dave call",
                  "dave check", "alice check",
                  "dave raise 200", "alice call"]),
    # 3. all-in call for less than the bet
    dict(no=3, scenario=3, label="all-in call for less than the bet (side pot); river bet uncalled",
         table="A", dealer="carol",
         cards={"alice": "Ad9d", "bob": "QhQs", "carol": "6c5c", "dave": "Kh3d", "erin": "8s2s",
                "frank": "TcTh"},
         board="Ts9h4c2dKs",
         actions=["frank call", "bob raise 80", "alice call", "carol fold", "dave fold", "erin fold",
                  "frank call",
                  "frank check", "bob raise 900", "alice call", "frank call",
                  "bob check", "alice check",
                  "bob check", "alice raise 500", "bob fold"]),
    # 4. all-in raise below a full raise
    dict(no=4, scenario=4, label="all-in raise below a full raise (does not reopen the betting)",
         table="A", dealer="dave",
         cards={"alice": "AhAd", "bob": "JcJs", "carol": "4d3h", "dave": "7h7s", "erin": "Kc8c",
                "frank": "Qd2c"},
         board="6c6dJh2s9c",
         actions=["bob call", "alice raise 80", "carol fold", "dave call", "erin fold", "frank call",
                  "bob call",
                  "frank check", "bob raise 100", "alice raise 600", "dave call", "frank fold",
                  "bob allin", "alice call", "dave call",
                  "alice check", "dave check",
                  "alice check", "dave check"]),
    # 5. three-way all-in, two side pots, a fourth player covers
    dict(no=5, scenario=5, label="three-way all-in with two side pots, a fourth player covers",
         table="A", dealer="erin",
         cards={"alice": "KsKd", "bob": "QcQd", "carol": "TcTd", "dave": "AsAd", "erin": "6s5d",
                "frank": "8c3s"},
         board="2c7d9hJs4h",
         actions=["alice raise 60", "carol allin", "dave allin", "erin fold", "frank fold",
                  "bob call", "alice allin"]),   # carol busts: sat out, leaves
    # 6. split pot
    dict(no=6, scenario=6, label="split pot: the board plays (broadway on the board)",
         table="A", dealer="frank",
         cards={"alice": "4c4d", "bob": "9c2s", "dave": "5h6h", "erin": "Jd3c", "frank": "8d7s"},
         board="TsJsQdKcAh",
         actions=["dave call", "erin call", "frank fold", "bob call", "alice check",
                  "bob check", "alice raise 40", "dave call", "erin fold", "bob fold",
                  "alice check", "dave check",
                  "alice check", "dave raise 100", "alice call"]),
    # 7. uncalled bet returned
    dict(no=7, scenario=7, label="uncalled bet returned: a re-raise everyone folds to",
         table="A", dealer="bob",
         cards={"alice": "Td6c", "bob": "4h2c", "dave": "AcQs", "erin": "KhJh", "frank": "9s9c"},
         board="8c5d2h",
         actions=["erin raise 60", "frank call", "bob fold", "alice call", "dave call",
                  "alice check", "dave raise 100", "erin raise 300", "frank fold", "alice fold",
                  "dave raise 900", "erin fold"]),
    # 8. a player sitting out (table B: antes, 5% rake)
    dict(no=8, scenario=8, label="a player sits out (karl: not in InGame, not dealt in); antes; rake",
         table="B", dealer="ivan", sitting_out=["karl"],
         stacks={"alice": 2000, "grace": 2000, "heidi": 2000, "ivan": 2000, "judy": 2000,
                 "karl": 2000},
         cards={"alice": "KdQd", "grace": "7c2h", "heidi": "KsJh", "ivan": "6s5h", "judy": "9d3c"},
         board="Kh9c4s2dQc",
         actions=["grace fold", "heidi raise 60", "ivan fold", "judy fold", "alice call",
                  "alice check", "heidi raise 80", "alice call",
                  "alice check", "heidi check",
                  "alice raise 150", "heidi call"]),
    # 9. antes and a dead blind
    dict(no=9, scenario=9, label="blinds with antes and a dead blind: karl returns, posts big + dead small",
         table="B", dealer="judy", big_and_dead=["karl"],
         cards={"alice": "AcTc", "grace": "9h8h", "heidi": "6d6s", "ivan": "AhKs", "judy": "Jd2s",
                "karl": "Qs3d"},
         board="Ad7c6h3s2h",
         actions=["heidi call", "ivan raise 80", "judy fold", "karl fold", "alice call",
                  "grace fold", "heidi call",
                  "alice check", "heidi check", "ivan raise 120", "alice call", "heidi raise 480",
                  "ivan fold", "alice fold"]),
    # 10. rake from a split pot
    dict(no=10, scenario=10, label="rake taken from a split pot (the board plays two pairs)",
         table="B", dealer="karl",
         cards={"alice": "Jc2d", "grace": "5c4h", "heidi": "Qh2c", "ivan": "Kd8c", "judy": "Th9s",
                "karl": "8d6d"},
         board="7s7h3d9c3s",
         actions=["heidi fold", "ivan call", "judy call", "karl raise 100", "alice fold",
                  "grace call", "ivan call", "judy fold",
                  "grace check", "ivan check", "karl raise 200", "grace call", "ivan fold",
                  "grace check", "karl check",
                  "grace check", "karl check"]),
]

# A fixed-limit table (only in betting-limit.pcap).
LIMIT_HANDS = [
    # 11. fixed limit (table C, only in betting-limit.pcap)
    dict(no=1, scenario=11, label="fixed limit: raise, re-raise to the cap, flop raise, turn check-raise; showdown",
         table="C", dealer="lena",
         stacks={"alice": 1000, "lena": 1000, "mike": 1000, "bob": 1000},
         cards={"alice": "AhQh", "lena": "KcKd", "mike": "8sTs", "bob": "3c2d"},
         board="Qc9h4h7sJd",
         actions=["alice raise 40", "lena raise 60", "mike call", "bob fold", "alice raise 80",
                  "lena call", "mike call",
                  "mike check", "alice raise 20", "lena raise 40", "mike call", "alice call",
                  "mike check", "alice check", "lena raise 40", "mike raise 80", "alice fold",
                  "lena call",
                  "mike raise 40", "lena call"]),
    # 12. fixed limit, all-in call for less
    dict(no=2, scenario=12, label="fixed limit: short stack calls all-in for less on the flop; side pot",
         table="C", dealer="mike",
         stacks={"bob": 70},
         cards={"alice": "9h9d", "lena": "AsJd", "mike": "Tc6c", "bob": "KhKs"},
         board="Jc8s2d5h3c",
         actions=["lena call", "mike raise 40", "bob call", "alice call", "lena call",
                  "bob check", "alice raise 20", "lena raise 40", "mike fold", "bob call",
                  "alice call",
                  "alice check", "lena raise 40", "alice call",
                  "alice check", "lena check"]),
]

# Uncalled bets, split and side pots, rake (tables D and E, only in
# betting-showdowns.pcap): the hands of issue 34, where a bet nobody calls
# is returned and never won.
SHOWDOWN_HANDS = [
    # 13. a turn bet nobody calls, by the button
    dict(no=1, scenario=13, label="turn bet uncalled: Zoë (button) bets 2000 into 3200, bob folds",
         table="D", dealer="Zoë",
         stacks={"alice": 5000, "bob": 5000, "dave": 5000, "Zoë": 6000},
         cards={"alice": "8d3c", "bob": "JhTh", "dave": "6s5s", "Zoë": "AcKd"},
         board="Kh7c2dQs9h",
         actions=["dave call", "Zoë raise 300", "bob call", "alice fold", "dave fold",
                  "bob check", "Zoë raise 1200", "bob call",
                  "bob check", "Zoë raise 2000", "bob fold"]),
    # 14. a river bet nobody calls, by the hero
    dict(no=2, scenario=14, label="river bet uncalled: alice bets 700 into 1000, dave and Zoë fold",
         table="D", dealer="bob",
         cards={"alice": "AdJd", "bob": "9c4h", "dave": "KsQc", "Zoë": "7h7d"},
         board="Jc8s3h2cTd",
         actions=["Zoë call", "bob call", "alice call", "dave check",
                  "alice raise 200", "dave call", "Zoë call", "bob fold",
                  "alice check", "dave check", "Zoë check",
                  "alice raise 700", "dave fold", "Zoë fold"]),
    # 15. split pot with an odd chip
    dict(no=3, scenario=15, label="split pot of 775: dave and Zoë tie, the odd chip to dave (left of the button)",
         table="D", dealer="alice",
         cards={"alice": "5d4d", "bob": "QcJc", "dave": "Ah9c", "Zoë": "Ad9d"},
         board="KsKd7c4h2s",
         actions=["bob call", "alice call", "dave call", "Zoë check",
                  "dave check", "Zoë raise 125", "bob call", "alice fold", "dave call",
                  "dave check", "Zoë check", "bob check",
                  "dave check", "Zoë check", "bob check"]),
    # 16. side pot: the short all-in wins the main pot, another player the side pot
    dict(no=4, scenario=16, label="side pot: bob (all in for 600) wins the main pot, alice the side pot",
         table="D", dealer="dave", stacks={"bob": 600},
         cards={"alice": "KhKc", "bob": "AsAh", "dave": "QdQs", "Zoë": "7s6h"},
         board="8c5d3hTs2c",
         actions=["alice raise 300", "dave call", "Zoë fold", "bob allin", "alice call",
                  "dave call",
                  "alice check", "dave raise 800", "alice call",
                  "alice check", "dave check",
                  "alice check", "dave check"]),
    # 17. uncalled excess over an all-in call
    dict(no=5, scenario=17, label="uncalled excess: dave bets 3000, bob calls all in for 1750, 1250 back; bob wins",
         table="D", dealer="Zoë", stacks={"dave": 5000},
         cards={"alice": "9s2d", "bob": "TcTd", "dave": "AhQh", "Zoë": "6c3d"},
         board="Ts8h4c2hKs",
         actions=["dave call", "Zoë fold", "bob call", "alice check",
                  "bob check", "alice check", "dave raise 3000", "bob allin", "alice fold"]),
    # 18. rake at a showdown (table E: 5% rake)
    dict(no=6, scenario=18, label="rake: one pot of 3950 at a showdown, 197 raked",
         table="E", dealer="alice",
         stacks={"alice": 4000, "erin": 4000, "Zoë": 4000, "frank": 4000},
         cards={"alice": "Jd9d", "erin": "8c2h", "Zoë": "AsQs", "frank": "KcKh"},
         board="Qh7s4d3c2s",
         actions=["frank raise 300", "alice call", "erin fold", "Zoë call",
                  "Zoë check", "frank raise 500", "alice fold", "Zoë call",
                  "Zoë check", "frank check",
                  "Zoë raise 1000", "frank call"]),
    # 19. rake and a turn bet nobody calls
    dict(no=7, scenario=19, label="rake and an uncalled turn bet: Zoë bets 1200 into 1550, 77 raked",
         table="E", dealer="erin",
         cards={"alice": "AcJc", "erin": "9h5c", "Zoë": "8d8s", "frank": "Kd4s"},
         board="Js8h3d5s",
         actions=["alice raise 250", "erin fold", "Zoë call", "frank call",
                  "Zoë check", "frank check", "alice raise 400", "Zoë call", "frank fold",
                  "Zoë raise 1200", "alice fold"]),
]


# ---------------------------------------------------------------- engine

class Player:
    def __init__(self, serial, seat, stack, hole):
        self.serial, self.seat = serial, seat
        self.start = stack
        self.stack = stack      # money
        self.bet = 0            # this street
        self.total = 0          # everything put in this hand (antes, dead, blinds, bets)
        self.dead = 0
        self.ante = 0
        self.folded = False
        self.allin = False
        self.acted = False      # acted since the last full raise
        self.hole = hole


class HandError(Exception):
    pass


class HandEngine:
    """Plays one hand the way a pokerengine server directs it and writes
    the packets the hero's connection receives."""

    def __init__(self, x, table, spec, convention, hand_serial, hands_count, time_,
                 prev_dealer_seat, suit, stacks_now, seated, contradiction=None, explain=False):
        self.x, self.t, self.spec = x, table, spec
        self.conv = convention
        self.serial = hand_serial
        self.hands_count, self.time = hands_count, time_
        self.prev_dealer_seat = prev_dealer_seat
        self.suit = suit
        self.contradiction = contradiction or {}
        self.game = table.game_id
        sitting_out = {SERIAL[n] for n in spec.get("sitting_out", [])}
        self.seated = seated
        self.sitting_out = sorted(sitting_out, key=lambda p: table.seats[p])
        cards = {SERIAL[n]: self.map_cards(c) for n, c in spec["cards"].items()}
        self.board = self.map_cards(spec["board"])
        dealt = sorted((p for p in seated if p not in sitting_out), key=lambda p: table.seats[p])
        if set(cards) != set(dealt):
            raise HandError("hand %d: cards for %s, dealt in %s" % (spec["no"], sorted(cards), dealt))
        all_cards = [c for p in dealt for c in cards[p]] + self.board
        if len(set(all_cards)) != len(all_cards):
            raise HandError("hand %d: a card twice" % spec["no"])
        self.players = [Player(p, table.seats[p], stacks_now[p], cards[p]) for p in dealt]
        self.by_serial = {p.serial: p for p in self.players}
        self.dealer = [p.serial for p in self.players].index(SERIAL[spec["dealer"]])
        self.late = [SERIAL[n] for n in spec.get("big_and_dead", [])]
        self.actions = [a.split() for a in spec["actions"]]
        self.log = []           # actions as played, for pokerkit and the expect file
        self.player_chips = []  # every PacketPokerPlayerChips of the hand
        self.pot_chips = []
        self.contradictions = []
        self.street = "blindAnte"
        self.explain = explain
        self.pot2player = []    # the explaining server's ChipsPot2Player
        self.left_over = None   # (serial, chips) of a split pot's odd chips

    def map_cards(self, text):
        out = []
        for i in range(0, len(text), 2):
            out.append(text[i] + self.suit[text[i + 1]])
        return out

    # ---- packets

    def send_chips(self, p, when, bet=None, money=None):
        bet = p.bet if bet is None else bet
        money = p.stack if money is None else money
        self.x.s("PacketPokerPlayerChips", 64, chips(p.serial, self.game, bet, money))
        rec = {"serial": p.serial, "bet": bet, "money": money, "when": when}
        self.player_chips.append(rec)
        return rec

    def state(self, name):
        self.x.s("PacketPokerState", 58, ints(0, self.game) + s(name))

    def position(self, p):
        idx = self.players.index(p)
        self.x.s("PacketPokerPosition", 54, ints(self.game) + bytes([idx]) + ints(p.serial))

    # ---- the hand

    def order_from(self, index):
        n = len(self.players)
        return [self.players[(index + i) % n] for i in range(n)]

    def run(self):
        x, t = self.x, self.t
        x.start_burst()
        x.s("PacketPokerInGame", 67, ints(0, self.game) + u32list([p.serial for p in self.players]))
        x.s("PacketPokerDealer", 70, ints(self.game) + bytes(
            [self.players[self.dealer].seat,
             255 if self.prev_dealer_seat is None else self.prev_dealer_seat]))
        x.s("PacketPokerStart", 66, ints(0, self.game, self.hands_count, self.time, self.serial)
            + bytes([0]))
        # Blinds and antes: from the seat left of the button around the
        # table, each player in turn pays his ante, then his blind
        # (pokerengine's autoPayBlindAnte).
        self.state("blindAnte")
        order = self.order_from(self.dealer + 1)
        # A player who missed his blinds does not post the small or big
        # blind on his return (pokerengine updateBlinds: he waits for the
        # "late" blind), he posts big_and_dead when the round reaches him.
        regular = [p for p in order if p.serial not in self.late]
        self.sb_player, self.bb_player = regular[0], regular[1]
        self.blinds, self.antes = [], []
        for p in order:
            blind = None
            if p is self.sb_player:
                blind = ("small", t.sb, 0)
            elif p is self.bb_player:
                blind = ("big", t.bb, 0)
            elif p.serial in self.late:
                blind = ("big_and_dead", t.bb, t.sb)
            if not t.ante and not blind:
                continue
            self.position(p)
            if t.ante:
                amount = min(t.ante, p.stack)
                p.stack -= amount
                p.total += amount
                p.ante = amount
                x.s("PacketPokerAnte", 94, ints(p.serial, self.game, amount))
                self.antes.append({"serial": p.serial, "amount": amount})
                self.send_chips(p, "ante")
            if blind:
                kind, live, dead = blind
                live = min(live, p.stack)
                dead = min(dead, p.stack - live)
                p.stack -= live + dead
                p.bet += live
                p.total += live + dead
                p.dead = dead
                x.s("PacketPokerBlind", 95, ints(p.serial, self.game, live, dead))
                self.blinds.append({"serial": p.serial, "type": kind, "amount": live, "dead": dead})
                self.send_chips(p, "blind")
            if p.stack == 0:
                p.allin = True
        self.state("pre-flop")
        self.street = "pre-flop"
        for p in self.players:
            cards = [card(c) for c in p.hole] if p.serial == HERO else [255, 255]
            x.s("PacketPokerPlayerCards", 61, ints(p.serial, self.game) + bytelist(cards))
        streets = [("pre-flop", 0), ("flop", 3), ("turn", 4), ("river", 5)]
        for i, (street, nboard) in enumerate(streets):
            if i:
                self.state(street)
                self.street = street
                x.s("PacketPokerBoardCards", 62, ints(0, self.game)
                    + bytelist([card(c) for c in self.board[:nboard]]))
                for p in self.players:
                    p.acted = False
            if self.can_act_count() >= 1 and not self.betting_over():
                self.betting_round(street)
            self.end_round(street)
            if self.not_folded_count() < 2:
                break
        if self.actions:
            raise HandError("hand %d: actions left over: %s" % (self.spec["no"], self.actions))
        self.finish()

    def not_folded(self):
        return [p for p in self.players if not p.folded]

    def not_folded_count(self):
        return len(self.not_folded())

    def can_act_count(self):
        return len([p for p in self.players if not p.folded and not p.allin])

    def highest(self):
        return max(p.bet for p in self.players if not p.folded)

    def needs_to_act(self, p):
        if p.folded or p.allin:
            return False
        if self.not_folded_count() < 2:
            return False
        others = [q for q in self.players if q is not p and not q.folded and not q.allin]
        if not others and p.bet >= self.highest():
            # Nobody left to bet against and nothing to call.
            return False
        return not p.acted or p.bet < self.highest()

    def betting_over(self):
        return not any(self.needs_to_act(p) for p in self.players)

    def betting_round(self, street):
        t = self.t
        if street == "pre-flop":
            start = self.players.index(self.bb_player) + 1
            self.last_raise = t.bb
        else:
            start = self.dealer + 1
            self.last_raise = t.bb if t.structure == "no-limit" else t.bet_unit(street)
        self.raises = 1 if street == "pre-flop" else 0   # fixed limit: bets+raises so far
        n = len(self.players)
        i = start % n
        while not self.betting_over():
            p = self.players[i]
            if self.needs_to_act(p):
                self.act(p, street)
            i = (i + 1) % n

    def act(self, p, street):
        x, t = self.x, self.t
        if not self.actions:
            raise HandError("hand %d: %s is in turn, no action left" % (self.spec["no"], NAMES[p.serial]))
        who, what, *arg = self.actions.pop(0)
        if SERIAL[who] != p.serial:
            raise HandError("hand %d: %s is in turn, not %s (%s %s)" % (
                self.spec["no"], NAMES[p.serial], who, what, arg))
        high = self.highest()
        to_call = min(high - p.bet, p.stack)
        if what == "allin":
            what, arg = ("raise", [p.bet + p.stack]) if p.stack > high - p.bet else ("call", [])
        moved = 0
        record = {"street": street, "serial": p.serial, "action": what}
        if what == "fold":
            if to_call == 0:
                raise HandError("hand %d: %s folds with nothing to call" % (self.spec["no"], who))
            p.folded = True
            name, tid, payload = "PacketPokerFold", 57, ints(p.serial, self.game)
        elif what == "check":
            if p.bet != high:
                raise HandError("hand %d: %s checks facing a bet" % (self.spec["no"], who))
            name, tid, payload = "PacketPokerCheck", 65, ints(p.serial, self.game)
        elif what == "call":
            if to_call <= 0:
                raise HandError("hand %d: %s calls nothing" % (self.spec["no"], who))
            moved = to_call
            name, tid, payload = "PacketPokerCall", 68, ints(p.serial, self.game)
        elif what == "raise":
            to = int(arg[0])
            moved = to - p.bet
            if to <= high or moved > p.stack:
                raise HandError("hand %d: %s cannot raise to %d" % (self.spec["no"], who, to))
            if p.acted:
                raise HandError("hand %d: %s may not re-raise (only an incomplete raise since he acted)"
                                % (self.spec["no"], who))
            size = to - high
            allin = moved == p.stack
            if t.structure == "limit":
                unit = t.bet_unit(street)
                if size != unit and not allin:
                    raise HandError("hand %d: limit raise of %d, not %d" % (self.spec["no"], size, unit))
                if self.raises >= 4:
                    raise HandError("hand %d: raise past the cap" % self.spec["no"])
            elif size < self.last_raise and not allin:
                raise HandError("hand %d: %s raises by %d, less than %d" % (
                    self.spec["no"], who, size, self.last_raise))
            full = size >= self.last_raise
            if full:
                self.last_raise = size
                self.raises += 1
                for q in self.players:
                    q.acted = False
            record["to"] = to
            record["full_raise"] = full
            wire = moved if self.conv == "chips-moved" else to
            record["wire_amount"] = wire
            name, tid, payload = "PacketPokerRaise", 69, ints(p.serial, self.game, wire)
        else:
            raise HandError("unknown action %s" % what)
        p.acted = True
        if moved:
            p.stack -= moved
            p.bet += moved
            p.total += moved
            record["moved"] = moved
            if p.stack == 0:
                p.allin = True
                record["allin"] = True
        self.log.append(record)
        self.position(p)
        if p.serial == HERO:
            # The client answers its own position, the server echoes it.
            x.flush()
            x.c(name, tid, payload)
            x.start_burst()
        x.s(name, tid, payload)
        if moved:
            money = p.stack
            key = (self.spec["no"], len(self.log) - 1)
            if self.contradiction.get("after_action") == key:
                money = p.stack - 50
                self.contradictions.append({
                    "packet": "PacketPokerPlayerChips", "after": record,
                    "sent": {"serial": p.serial, "bet": p.bet, "money": money},
                    "consistent": {"serial": p.serial, "bet": p.bet, "money": p.stack},
                    "what": "money 50 below what the action leaves"})
            rec = self.send_chips(p, what, money=money)
            if money != p.stack:
                rec["contradiction"] = True

    def pots(self, include_uncalled_layer):
        """Pots as levels of the not-folded players' totals. With
        include_uncalled_layer the chips above the second highest total
        stay as a last pot of one player (pokerengine's side pots hold
        them until the showdown); otherwise they are left out."""
        totals = {p.serial: p.total for p in self.players}
        if not include_uncalled_layer:
            top, uncalled = self.uncalled()
            if top:
                totals[top.serial] -= uncalled
        live = self.not_folded()
        levels = sorted({totals[p.serial] for p in live})
        out, prev = [], 0
        for level in levels:
            amount = sum(min(v, level) - min(v, prev) for v in totals.values())
            eligible = [p.serial for p in live if totals[p.serial] >= level]
            if amount:
                if out and out[-1]["eligible"] == eligible:
                    out[-1]["amount"] += amount
                else:
                    out.append({"amount": amount, "eligible": eligible})
            prev = level
        # Chips of folded players above every live level.
        rest = sum(max(0, v - prev) for v in totals.values())
        if rest:
            out[-1]["amount"] += rest
        return out

    def uncalled(self):
        """(player, amount): the part of the largest total nobody matched."""
        ranked = sorted(self.players, key=lambda p: p.total, reverse=True)
        top, second = ranked[0], ranked[1].total
        if top.total > second and not top.folded:
            return top, top.total - second
        return None, 0

    def end_round(self, street):
        for p in self.players:
            p.bet = 0
        for i, pot in enumerate(self.pots(include_uncalled_layer=True)):
            self.x.s("PacketPokerPotChips", 171, ints(self.game) + bytes([i]) + ints(pot["amount"]))
            self.pot_chips.append({"street": street, "index": i, "amount": pot["amount"]})

    def finish(self):
        x, t = self.x, self.t
        if not self.explain:
            self.state("end")
        live = self.not_folded()
        showdown = len(live) > 1
        top, uncalled = self.uncalled()
        pots = self.pots(include_uncalled_layer=False)
        values = {}
        if showdown:
            for p in live:
                values[p.serial] = best_hand(p.hole + self.board)
        won = {p.serial: 0 for p in self.players}
        for pot in pots:
            if showdown:
                best = max(values[q][0] for q in pot["eligible"])
                winners = [q for q in pot["eligible"] if values[q][0] == best]
            else:
                winners = [live[0].serial]
            share, odd = divmod(pot["amount"], len(winners))
            pot["winners"] = [{"serial": w, "amount": share} for w in winners]
            if odd:
                # pokerengine (distributeMoney) gives the chips left over to
                # the player next to the dealer, whether he won or not;
                # pokerkit to the first winner from the small blind on.
                # They agree when that player is a winner: the only case
                # allowed.
                nxt = self.players[(self.dealer + 1) % len(self.players)].serial
                if nxt not in winners or self.t.rake_pct:
                    raise HandError("hand %d: odd chips in a split pot go to the player next to "
                                    "the dealer, who must be a winner (and no rake)" % self.spec["no"])
                self.left_over = (nxt, self.left_over[1] + odd if self.left_over else odd)
                next(w for w in pot["winners"] if w["serial"] == nxt)["amount"] += odd
            for w in pot["winners"]:
                won[w["serial"]] += w["amount"]
        pot_total = sum(pot["amount"] for pot in pots)
        assert pot_total + uncalled == sum(p.total for p in self.players), (self.spec["no"], pots, uncalled, [(NAMES[p.serial], p.total, p.folded) for p in self.players])
        # Rake (pokerengine PokerRake.getRake: int((pot - uncalled) * .05)),
        # shared among the winners by distributeRake.
        rake = pot_total * t.rake_pct // 100 if t.rake_pct else 0
        rake_paid = self.distribute_rake(rake, won, pot_total)
        if top:
            top_uncalled = {top.serial: uncalled}
        else:
            top_uncalled = {}
        for p in self.players:
            p.final = p.stack + top_uncalled.get(p.serial, 0) + won[p.serial] - rake_paid.get(p.serial, 0)
        # Hand-written checks: chips are conserved, every player's final
        # stack is start - put in + uncalled + won - rake.
        assert sum(p.final for p in self.players) + rake == sum(p.start for p in self.players)
        winners = [p.serial for p in self.players if won[p.serial] > 0]
        self.pots_result = pots
        self.rake, self.rake_paid, self.won = rake, rake_paid, won
        self.top_uncalled = top_uncalled
        self.values = values
        if self.explain:
            # pokerengine's history has the rake before the end; the
            # explaining server needs it to share the pot out.
            if rake:
                x.s("PacketPokerRake", 136, ints(rake, self.game))
            self.state("end")
        if showdown:
            for p in live:
                x.s("PacketPokerPlayerCards", 61, ints(p.serial, self.game)
                    + bytelist([card(c) for c in p.hole]))
        x.s("PacketPokerWin", 59, ints(0, self.game) + u32list(winners))
        if self.explain:
            self.explain_end(showdown, pots, uncalled, top)
            return
        for p in self.players:
            money = p.final
            if self.contradiction.get("final") == self.spec["no"] and p.serial == winners[0]:
                money = p.final + 50
                self.contradictions.append({
                    "packet": "PacketPokerPlayerChips", "after": "end of hand",
                    "sent": {"serial": p.serial, "bet": 0, "money": money},
                    "consistent": {"serial": p.serial, "bet": 0, "money": p.final},
                    "what": "final money 50 above what the pots give; the Showdown packet's "
                            "serial2money and the other final reports say %d, and the chips "
                            "of the table no longer add up" % p.final})
            rec = self.send_chips(p, "final", bet=0, money=money)
            if money != p.final:
                rec["contradiction"] = True
        if rake:
            x.s("PacketPokerRake", 136, ints(rake, self.game))
        self.pots_result = pots
        self.rake, self.rake_paid, self.won = rake, rake_paid, won
        self.top_uncalled = top_uncalled
        self.values = values
        x.s("PacketPokerShowdown", 204, ints(0, self.game) + s(json.dumps(
            self.showdown_stack(showdown, pots, uncalled, top), separators=(",", ":"))))
        x.flush()

    def explain_end(self, showdown, pots, uncalled, top):
        """The end of a hand as a server that explains it (the client sent
        PacketPokerExplain) sends it after Win: pokernetwork's
        PokerExplain.packetsPot2Player, a ChipsPot2Player per frame of
        pokerengine's showdown stack (its chips as that code takes them:
        a single winner of a single frame gets game_state's `pot`, the
        whole pot before the rake, an uncalled bet included), every
        player's PlayerChips, ChipsPotReset; then the Showdown packet."""
        x = self.x
        stack = self.showdown_stack(showdown, pots, uncalled, top)
        game_state = stack[0]
        side = game_state["side_pots"]["pots"]
        frames = len(stack) - 1
        current = 0
        for frame in stack[1:]:
            if frame["type"] in ("left_over", "uncalled"):
                chips_, pot_index = frame[frame["type"] if frame["type"] == "uncalled"
                                          else "chips_left"], len(side) - 1
                moves = [(frame["serial"], chips_, frame["type"])]
            else:
                total, nxt = 0, current
                for amount, _ in side[current:]:
                    total += amount
                    nxt += 1
                    if total >= frame["pot"]:
                        break
                if total != frame["pot"]:
                    raise HandError("hand %d: resolve frame of %d over pokerengine pots %s"
                                    % (self.spec["no"], frame["pot"], side))
                pot_index, current = nxt - 1, nxt
                if frames == 1 and len(frame["serial2share"]) == 1:
                    moves = [(int(next(iter(frame["serial2share"]))), game_state["pot"], "win")]
                else:
                    moves = [(int(k), v, "win") for k, v in frame["serial2share"].items()]
            for serial, chips_, reason in moves:
                x.s("PacketPokerChipsPot2Player", 178, ints(serial, self.game, chips_)
                    + bytes([pot_index]) + s(reason))
                self.pot2player.append({"serial": serial, "chips": chips_, "pot": pot_index,
                                        "reason": reason})
        for p in self.players:
            self.send_chips(p, "final", bet=0, money=p.final)
        x.s("PacketPokerChipsPotReset", 180, ints(0, self.game))
        x.s("PacketPokerShowdown", 204, ints(0, self.game) + s(json.dumps(
            stack, separators=(",", ":"))))
        x.flush()

    def distribute_rake(self, rake, won, pot_total):
        """pokerengine distributeRake: each winner pays in proportion to
        what he wins (+ his dead blind, as the original does), rounding
        down; what is left is taken one chip at a time from the winners
        paying the least (then the lowest serial)."""
        if not rake:
            return {}
        share = {s_: w for s_, w in won.items() if w > 0}
        if len(share) == 1:
            return {next(iter(share)): rake}
        out, left = {}, rake
        for serial, amount in share.items():
            out[serial] = rake * (amount + self.by_serial[serial].dead) // pot_total
            left -= out[serial]
        keys = sorted(out, key=lambda k: (out[k], k))
        while left > 0:
            for k in keys:
                out[k] += 1
                left -= 1
                if left <= 0:
                    break
        return out

    def showdown_stack(self, showdown, pots, uncalled, top):
        """A pokerengine-like showdown_stack (PokerGame.distributeMoney)."""
        delta = {str(p.serial): p.final - p.start for p in self.players}
        share = {str(k): v + self.top_uncalled.get(k, 0) - self.rake_paid.get(k, 0)
                 for k, v in self.won.items() if v or k in self.top_uncalled}
        # pokerengine's side pots: split at the all-in levels only, the
        # uncalled chips still in the last one (as in PotChips).
        layers = self.pots(include_uncalled_layer=True)
        side = [[pot["amount"], sum(q["amount"] for q in layers[:i + 1])]
                for i, pot in enumerate(layers)]
        game_state = {
            "type": "game_state",
            "player_list": [p.serial for p in self.players],
            "side_pots": {"pots": side, "building": 0, "last_round": 3 if showdown else None,
                          "contributions": {"total": {str(p.serial): p.total - p.dead
                                                      for p in self.players}}},
            "pot": sum(p.total for p in self.players),
            "foldwin": not showdown,
            "serial2share": share,
            "serial2rake": {str(k): v for k, v in self.rake_paid.items()},
            "serial2delta": delta,
            "serial2money": {str(p.serial): p.final for p in self.players},
        }
        if self.explain and not showdown:
            # pokerengine's distributeMoney when everybody folded: no
            # uncalled frame, the winner's share is the whole pot less the
            # rake, the one resolve frame the whole pot.
            (serial,) = [p.serial for p in self.not_folded()]
            game_state["serial2share"] = {str(serial): game_state["pot"] - self.rake}
            return [game_state, {"type": "resolve", "serial2share": {str(serial): game_state["pot"]},
                                 "serials": [serial], "pot": game_state["pot"]}]
        if showdown:
            game_state["serial2best"] = {
                str(q): {"hi": [value_number(v[0]), [CATEGORY[v[0][0]]] + [card(c) for c in v[1]]]}
                for q, v in self.values.items()}
        stack = [game_state]
        if uncalled:
            stack.append({"type": "uncalled", "serial": top.serial, "uncalled": uncalled})
        for pot in pots:
            share, odd = divmod(pot["amount"], len(pot["winners"]))
            stack.append({"type": "resolve", "serials": pot["eligible"],
                          "serial2share": {str(w["serial"]): share for w in pot["winners"]},
                          "pot": pot["amount"], "hi": [w["serial"] for w in pot["winners"]],
                          "low": None, "chips_left": odd})
        if self.explain and self.rake_paid:
            # pokerengine takes the rake off the shares of the last frame.
            last = stack[-1]["serial2share"]
            for k, v in self.rake_paid.items():
                if str(k) in last:
                    last[str(k)] -= v
        if self.left_over:
            stack.insert(1, {"type": "left_over", "chips_left": self.left_over[1],
                             "serial": self.left_over[0]})
        return stack

    def expect(self):
        t = self.t
        players = []
        for p in self.players:
            players.append({
                "serial": p.serial, "name": NAMES[p.serial], "seat": p.seat + 1,
                "hole_cards": "".join(p.hole), "start": p.start, "final": p.final,
                "put_in": p.total, "won": self.won[p.serial] - self.rake_paid.get(p.serial, 0),
                "won_gross": self.won[p.serial], "rake_paid": self.rake_paid.get(p.serial, 0),
                "uncalled": self.top_uncalled.get(p.serial, 0), "ante": p.ante, "dead": p.dead,
                "folded": p.folded, "allin": p.allin,
                "showdown": not p.folded and self.not_folded_count() > 1,
            })
        showdown = self.not_folded_count() > 1
        board_seen = {"pre-flop": 0, "flop": 3, "turn": 4, "river": 5}[self.street]
        return {
            "hand_serial": self.serial, "number": self.spec["no"], "scenario": self.spec["scenario"],
            "label": self.spec["label"], "table": t.describe(),
            "raise_convention": self.conv,
            "dealer_seat": self.players[self.dealer].seat + 1,
            "players": players,
            "sitting_out": [{"serial": q, "name": NAMES[q], "seat": t.seats[q] + 1}
                            for q in self.sitting_out],
            "antes": self.antes, "blinds": self.blinds, "actions": self.log,
            "board": self.board[:board_seen],
            "showdown": showdown,
            "pots": self.pots_result,
            "uncalled": [{"serial": k, "amount": v} for k, v in self.top_uncalled.items()],
            "rake": self.rake,
            "winners": [p.serial for p in self.players if self.won[p.serial] > 0],
            "player_chips": self.player_chips,
            "pot_chips": self.pot_chips,
            **({"pot2player": self.pot2player} if self.explain else {}),
        }


def value_number(value):
    """A single number for a hand value (higher is better), like poker-eval's."""
    cat, ranks = value
    n = cat
    for r in (ranks + [0] * 5)[:5]:
        n = n * 16 + r
    return n


# ---------------------------------------------------------------- pokerkit check

POKERKIT_NOTES = []


def pokerkit_check(engine):
    """Play the hand again in pokerkit; its final stacks must equal the
    engine's (before rake: pokerkit rakes pot by pot with its own
    rounding, pokerengine rakes the whole pot and shares the rake out
    among the winners, so the rake is checked by arithmetic in
    HandEngine.finish and here). Returns a note for the expect file."""
    try:
        from pokerkit import Automation, Mode, NoLimitTexasHoldem, FixedLimitTexasHoldem
    except ImportError:
        sys.exit("make_betting.py: pokerkit is needed to verify the expected results:\n"
                 "    python3 -m venv /tmp/pk && /tmp/pk/bin/pip install pokerkit==0.7.7\n"
                 "    /tmp/pk/bin/python make_betting.py\n"
                 "(or pass --no-verify to skip the check)")
    import warnings
    # pokerkit burns random cards from its deck; dealing one of those
    # later only draws a warning, and burnt cards change nothing here.
    warnings.filterwarnings("ignore", message="A card being dealt")
    t = engine.t
    # pokerkit's order: small blind first, the button last. A late
    # blind poster sitting between the button and the small blind comes
    # last (pokerkit's button): the pre-flop order is the same, and he
    # folds pre-flop (checked below), so the later streets are too.
    order = engine.order_from(engine.players.index(engine.sb_player))
    index = {p.serial: i for i, p in enumerate(order)}
    notes = []
    antes = {}
    for p in order:
        amount = p.ante + p.dead
        if p.serial in engine.late:
            # pokerkit has no late or dead blinds. The dead small blind is
            # dead money like an ante. The live big blind is modelled as
            # dead money as well, which is exact only when the poster folds
            # at his first turn (his live 20 then stays in the pot and
            # never changed anyone's call): checked here.
            first = next(a for a in engine.log if a["serial"] == p.serial)
            if first["action"] != "fold" or first["street"] != "pre-flop":
                raise HandError("pokerkit cannot model a live late blind that plays on")
            live = next(b["amount"] for b in engine.blinds if b["serial"] == p.serial)
            amount += live
            notes.append("%s's late big blind (%d live) and dead small blind (%d) are given to "
                         "pokerkit as an ante of %d (with his ante): he folds at his first turn, "
                         "so the chips are dead money either way" % (
                             NAMES[p.serial], live, p.dead, amount))
        if amount:
            antes[index[p.serial]] = amount
    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        Automation.HAND_KILLING, Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING,
    )
    stacks = [p.start for p in order]
    if t.structure == "limit":
        state = FixedLimitTexasHoldem.create_state(
            automations, False, antes, (t.sb, t.bb), t.bb, 2 * t.bb, stacks, len(order),
            mode=Mode.CASH_GAME)
    else:
        state = NoLimitTexasHoldem.create_state(
            automations, False, antes, (t.sb, t.bb), t.bb, stacks, len(order),
            mode=Mode.CASH_GAME)
    for p in order:
        state.deal_hole("".join(p.hole))
    board = list(engine.board)
    nboard = 0

    def deal():
        nonlocal nboard
        while state.status and state.can_deal_board():
            n = 3 if nboard == 0 else 1
            state.deal_board("".join(board[nboard:nboard + n]))
            nboard += n

    for a in engine.log:
        deal()
        if state.actor_index != index[a["serial"]]:
            raise HandError("pokerkit: %s in turn, the engine has %s" % (
                NAMES[order[state.actor_index].serial], NAMES[a["serial"]]))
        if a["action"] == "fold":
            state.fold()
        elif a["action"] in ("check", "call"):
            op = state.check_or_call()
            if a["action"] == "call" and op.amount != a["moved"]:
                raise HandError("pokerkit calls %d, the engine %d" % (op.amount, a["moved"]))
        else:
            state.complete_bet_or_raise_to(a["to"])
    deal()
    if state.status:
        raise HandError("pokerkit: hand %d is not over: %s %s %s" % (engine.spec["no"], list(state.operations)[-3:], nboard, state.can_deal_board()))
    if nboard != len(engine.expect_board()):
        raise HandError("pokerkit dealt %d board cards, the engine %d" % (
            nboard, len(engine.expect_board())))
    for p in order:
        mine = p.final + engine.rake_paid.get(p.serial, 0)
        if state.stacks[index[p.serial]] != mine:
            raise HandError("hand %d: %s ends with %d in pokerkit, %d (+ rake %d) in the engine" % (
                engine.spec["no"], NAMES[p.serial], state.stacks[index[p.serial]], p.final,
                engine.rake_paid.get(p.serial, 0)))
    if engine.rake:
        # With one pot and a showdown, pokerkit can rake it too (rounding
        # down like pokerengine): the result must then be the engine's
        # exactly. When everybody folds, pokerkit hands the winner's whole
        # last bet back before raking (the part that was called as well),
        # so its rake base differs from pokerengine's pot less uncalled.
        if len(engine.pots_result) == 1 and engine.not_folded_count() > 1:
            pct = t.rake_pct

            def floor_rake(amount, _state):
                r = amount * pct // 100
                return r, amount - r
            if t.structure == "limit":
                st2 = FixedLimitTexasHoldem.create_state(
                    automations, False, antes, (t.sb, t.bb), t.bb, 2 * t.bb, stacks, len(order),
                    mode=Mode.CASH_GAME, rake=floor_rake)
            else:
                st2 = NoLimitTexasHoldem.create_state(
                    automations, False, antes, (t.sb, t.bb), t.bb, stacks, len(order),
                    mode=Mode.CASH_GAME, rake=floor_rake)
            for p in order:
                st2.deal_hole("".join(p.hole))
            nb = 0
            for a in engine.log + [None]:
                while st2.status and st2.can_deal_board():
                    n = 3 if nb == 0 else 1
                    st2.deal_board("".join(board[nb:nb + n]))
                    nb += n
                if a is None:
                    break
                if a["action"] == "fold":
                    st2.fold()
                elif a["action"] in ("check", "call"):
                    st2.check_or_call()
                else:
                    st2.complete_bet_or_raise_to(a["to"])
            for p in order:
                if st2.stacks[index[p.serial]] != p.final:
                    raise HandError("hand %d: raked, %s ends with %d in pokerkit, %d in the engine"
                                    % (engine.spec["no"], NAMES[p.serial],
                                       st2.stacks[index[p.serial]], p.final))
            notes.append("rake checked by pokerkit too (one pot, 5%% rounded down)")
        elif engine.not_folded_count() > 1:
            notes.append("rake checked by arithmetic only (pokerkit rakes each pot on its own)")
        else:
            notes.append("rake checked by arithmetic only (pokerkit does not rake the called part "
                         "of the winner's last bet when everybody folds)")
    return {"checked": True, "final_stacks_equal": True, "notes": notes}


def expect_board(self):
    return self.board[:{"pre-flop": 0, "flop": 3, "turn": 4, "river": 5}[self.street]]


HandEngine.expect_board = expect_board


# ---------------------------------------------------------------- the session

def table_packet(t, players, reason):
    return (ints(t.game_id) + struct.pack("!BIHBBHBHHI", 6, 840, 72, 41, players, 1, 0, 30, 5,
                                          1 if t.rake_pct else 0)
            + s(t.name) + s("holdem") + s(t.betting) + s("default") + s(reason) + ints(0))


def arrive(t, serial):
    return (ints(serial, t.game_id) + s(NAMES[serial]) + s("random") + s("")
            + s("_FALSE") + bytes([0, 0, 0, 0, 1, 0, 1]) + bytes([t.seats[serial]]))


def make_tables(game_base):
    a = Table(game_base + 1, "Table Wattenmeer", "no-limit", 10, 20, 0, 0,
              "10-20_400-4000_no-limit",
              {SERIAL[n]: i for i, n in enumerate(["bob", "alice", "carol", "dave", "erin", "frank"])})
    b = Table(game_base + 2, "Table Zugspitze ⛰", "no-limit", 10, 20, 5, 5,
              "10-20-ante-5_400-4000_no-limit",
              {SERIAL[n]: i for i, n in enumerate(["alice", "grace", "heidi", "ivan", "judy", "karl"])})
    c = Table(game_base + 3, "Table Limes", "limit", 10, 20, 0, 5, "10-20_50-1000_limit",
              {SERIAL[n]: i for i, n in enumerate(["alice", "lena", "mike", "bob"])})
    d = Table(game_base + 4, "Table Nordkapp", "no-limit", 50, 100, 0, 0,
              "50-100_2000-10000_no-limit",
              {SERIAL[n]: i for i, n in enumerate(["bob", "alice", "dave", "Zoë"])})
    e = Table(game_base + 5, "Table Tromsø", "no-limit", 50, 100, 0, 5,
              "50-100_2000-10000_no-limit",
              {SERIAL[n]: i for i, n in enumerate(["alice", "erin", "Zoë", "frank"])})
    return {"A": a, "B": b, "C": c, "D": d, "E": e}


def suit_map(rng):
    perm = list(SUITS)
    rng.shuffle(perm)
    return dict(zip(SUITS, perm))


class TableSession:
    """One table the hero sits at: seats, stacks, hand numbers."""

    def __init__(self, x, t):
        self.x, self.t = x, t
        self.stacks = {}
        self.seated = []
        self.sitting_out = set()
        self.hands_count = 0
        self.prev_dealer = None

    def join(self, others):
        x, t = self.x, self.t
        x.c("PacketPokerTableJoin", 71, ints(HERO, t.game_id))
        x.start_burst()
        x.s("PacketPokerTable", 73, table_packet(t, len(others), "TableJoin"))
        x.s("PacketPokerBatchMode", 105, ints(0, t.game_id))
        for name, stack in others:
            p = SERIAL[name]
            x.s("PacketPokerPlayerArrive", 88, arrive(t, p))
            x.s("PacketPokerPlayerChips", 64, chips(p, t.game_id, 0, stack))
            x.s("PacketPokerSit", 75, ints(p, t.game_id))
            self.stacks[p] = stack
            self.seated.append(p)
        x.s("PacketPokerSeats", 50, u32list(self.seats_list()) + ints(t.game_id))
        x.s("PacketPokerStreamMode", 104, ints(0, t.game_id))
        x.flush()

    def sit_hero(self, buy_in):
        x, t = self.x, self.t
        x.c("PacketPokerSeat", 79, ints(HERO, t.game_id) + bytes([255]))
        x.start_burst()
        x.s("PacketPokerPlayerArrive", 88, arrive(t, HERO))
        x.s("PacketPokerSeat", 79, ints(HERO, t.game_id) + bytes([t.seats[HERO]]))
        x.flush()
        x.c("PacketPokerBuyIn", 84, ints(HERO, t.game_id, buy_in))
        x.s("PacketPokerPlayerChips", 64, chips(HERO, t.game_id, 0, buy_in))
        x.c("PacketPokerAutoBlindAnte", 97, ints(HERO, t.game_id))
        x.c("PacketPokerSit", 75, ints(HERO, t.game_id))
        self.stacks[HERO] = buy_in
        self.seated.append(HERO)
        x.start_burst()
        x.s("PacketPokerSit", 75, ints(HERO, t.game_id))
        x.s("PacketPokerSeats", 50, u32list(self.seats_list()) + ints(t.game_id))
        x.flush()

    def seats_list(self):
        seats = [0] * 10
        for p in self.seated:
            seats[self.t.seats[p]] = p
        return seats

    def leave(self, serial):
        x, t = self.x, self.t
        x.s("PacketPokerPlayerLeave", 81, ints(serial, t.game_id) + bytes([t.seats[serial]]))
        self.seated.remove(serial)
        self.sitting_out.discard(serial)
        del self.stacks[serial]

    def prepare(self, spec):
        """Before a hand: sit outs and returns, top-ups and players who
        leave and buy in again with another amount."""
        x, t = self.x, self.t
        x.start_burst()
        wanted_out = {SERIAL[n] for n in spec.get("sitting_out", [])}
        for p in sorted(wanted_out - self.sitting_out):
            x.s("PacketPokerSitOut", 82, ints(p, t.game_id))
        for p in sorted(self.sitting_out - wanted_out):
            x.s("PacketPokerSit", 75, ints(p, t.game_id))
        self.sitting_out = wanted_out
        for name, amount in spec.get("stacks", {}).items():
            p = SERIAL[name]
            if p in self.stacks and amount < self.stacks[p]:
                # Leaves and comes back with less: a new buy-in.
                x.s("PacketPokerPlayerLeave", 81, ints(p, t.game_id) + bytes([t.seats[p]]))
                x.s("PacketPokerPlayerArrive", 88, arrive(t, p))
                x.s("PacketPokerSit", 75, ints(p, t.game_id))
            # A higher amount is a rebuy: the PlayerChips below shows it.
            self.stacks[p] = amount
        x.s("PacketPokerSeats", 50, u32list(self.seats_list()) + ints(t.game_id))
        for p in sorted(self.seated, key=lambda q: t.seats[q]):
            x.s("PacketPokerPlayerChips", 64, chips(p, t.game_id, 0, self.stacks[p]))
        x.flush()
        return [{"serial": p, "bet": 0, "money": self.stacks[p], "when": "start"}
                for p in sorted(self.seated, key=lambda q: t.seats[q])]


def session(cap, verify):
    """One capture: cap is a dict from CAPTURES."""
    x = Session(cap["major"])
    rng = random.Random(cap["seed"])
    suit = suit_map(rng)
    tables = make_tables(cap["game_base"])
    line = "CGI %03d.000\n" % cap["major"]
    x.line("s", line)
    x.line("c", line)
    if cap.get("explain"):
        # Before the login, as pokernetwork requires: REST (0x0001), the
        # game events explained, without the chip stacks' layouts.
        x.c("PacketPokerExplain", 142, ints(1))
        x.s("PacketAck", 4)
    x.c("PacketLogin", 10, s("alice") + s("wonderland"))
    x.start_burst()
    x.s("PacketAuthOk", 8)
    x.s("PacketSerial", 6, ints(HERO))
    x.flush()
    x.c("PacketPokerSetRole", 125, ints(HERO) + s("PLAY"))
    x.s("PacketPokerRoles", 124, ints(HERO) + s("PLAY"))
    x.c("PacketPokerTableSelect", 72, s("1\tholdem"))
    used = [tables[k] for k in cap["tables"]]
    listing = [x.header(73, table_packet(t, len(t.seats) - 1, "TableList")) for t in used]
    x.s("PacketPokerTableList", 74, struct.pack("!H", len(listing)) + b"".join(listing)
        + ints(23, len(listing)))
    out = {}
    hand_serial = cap["hand_base"]
    clock = 0
    for key in cap["tables"]:
        t = tables[key]
        ts = TableSession(x, t)
        specs = [h for h in HANDS + LIMIT_HANDS + SHOWDOWN_HANDS if h["table"] == key]
        first = specs[0]["stacks"]
        ts.join([(NAMES[p], first[NAMES[p]]) for p in sorted(t.seats, key=t.seats.get) if p != HERO])
        ts.sit_hero(first["alice"])
        for spec in specs:
            start_chips = ts.prepare(spec)
            ts.hands_count += 1
            hand_serial += 1
            eng = HandEngine(x, t, spec, cap["convention"], hand_serial, ts.hands_count, clock,
                             ts.prev_dealer, suit, ts.stacks,
                             [p for p in ts.seated], cap.get("contradiction"),
                             cap.get("explain", False))
            eng.player_chips.extend(start_chips)
            eng.run()
            clock += 47 + 13 * spec["no"]
            for p in eng.players:
                ts.stacks[p.serial] = p.final
            ts.prev_dealer = eng.players[eng.dealer].seat
            exp = eng.expect()
            exp["pokerkit"] = pokerkit_check(eng) if verify else {"checked": False}
            if eng.contradictions:
                exp["contradictions"] = eng.contradictions
            out[str(hand_serial)] = exp
            # After the hand: broke players sit out and leave.
            for p in eng.players:
                if ts.stacks[p.serial] == 0:
                    x.start_burst()
                    x.s("PacketPokerSitOut", 82, ints(p.serial, t.game_id))
                    ts.leave(p.serial)
                    x.flush()
            if spec["no"] == 1 and key == cap["tables"][0]:
                x.c("PacketPokerChat", 86, ints(HERO, t.game_id) + s("gg, nice 4-bet 👍"))
                x.s("PacketPokerChat", 86, ints(HERO, t.game_id) + s("gg, nice 4-bet 👍"))
                x.c("PacketPing", 5)
        x.c("PacketPokerTableQuit", 83, ints(HERO, t.game_id))
        x.s("PacketPokerPlayerLeave", 81, ints(HERO, t.game_id) + bytes([t.seats[HERO]]))
    x.c("PacketLogout", 13)
    x.flush()
    x.steps.append({"close": "c"})
    return x, out, suit


CAPTURES = [
    dict(name="betting-v2-moved", major=2, convention="chips-moved", port=19380, seed=201,
         game_base=310, hand_base=81000, tables=["A", "B"], conn={}),
    dict(name="betting-v2-raiseto", major=2, convention="raise-to", port=2020, seed=202,
         game_base=320, hand_base=82000, tables=["A", "B"], conn={"nodelay": False}),
    dict(name="betting-v3-moved", major=3, convention="chips-moved", port=19380, seed=203,
         game_base=330, hand_base=83000, tables=["A", "B"], conn={}),
    dict(name="betting-v3-raiseto", major=3, convention="raise-to", port=31337, seed=204,
         game_base=340, hand_base=84000, tables=["A", "B"],
         conn={"mtu": 300, "loss_c2s": 0.05, "loss_s2c": 0.05, "ack_loss": 0.02}),
    dict(name="betting-contradiction", major=3, convention="raise-to", port=19380, seed=205,
         game_base=350, hand_base=85000, tables=["A", "B"], conn={},
         # Hand 2: dave's PlayerChips after his pre-flop call (the 6th
         # action) says 50 less; the winner's final PlayerChips 50 more.
         contradiction={"after_action": (2, 5), "final": 2}),
    dict(name="betting-limit", major=3, convention="chips-moved", port=7777, seed=206,
         game_base=360, hand_base=86000, tables=["C"], conn={}),
    dict(name="betting-showdowns", major=3, convention="raise-to", port=19380, seed=207,
         game_base=370, hand_base=87000, tables=["D", "E"], conn={}, explain=True),
]


def dumps(value, indent=0, width=100):
    """JSON with short arrays and objects on one line, long lists of
    scalars wrapped: readable and not much bigger than compact JSON."""
    one = json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
    pad = " " * (indent + 1)
    if len(one) + indent <= width or not isinstance(value, (list, dict)) or not value:
        return one
    if isinstance(value, dict) and all(not isinstance(v, (list, dict)) or len(json.dumps(v)) < 40
                                       for v in value.values()):
        return one  # a record: one line
    if isinstance(value, list) and all(not isinstance(v, (list, dict)) for v in value):
        lines, cur = [], ""
        for v in value:
            item = json.dumps(v, ensure_ascii=False)
            if cur and len(cur) + len(item) + indent + 3 > width:
                lines.append(cur)
                cur = ""
            cur += (", " if cur else "") + item
        lines.append(cur)
        return "[\n" + ",\n".join(pad + l for l in lines) + "\n" + " " * indent + "]"
    if isinstance(value, list):
        inner = [pad + dumps(v, indent + 1, width) for v in value]
        return "[\n" + ",\n".join(inner) + "\n" + " " * indent + "]"
    inner = [pad + json.dumps(k, ensure_ascii=False) + ": " + dumps(v, indent + 1, width)
             for k, v in value.items()]
    return "{\n" + ",\n".join(inner) + "\n" + " " * indent + "}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--no-verify", action="store_true", help="skip the pokerkit check")
    ap.add_argument("--port-offset", type=int, default=0,
                    help="add this to every server port (to merge captures without overlap)")
    ap.add_argument("only", nargs="*", help="capture names (default: all)")
    args = ap.parse_args()
    for cap in CAPTURES:
        if args.only and cap["name"] not in args.only:
            continue
        x, hands, suit = session(cap, not args.no_verify)
        conn = {"ip": 4, "server_port": cap["port"] + args.port_offset}
        conn.update(cap["conn"])
        conn["steps"] = x.steps
        script = {"comment": "poker-network betting session made by make_betting.py (%s, protocol "
                             "%d, PacketPokerRaise.amount = %s)" % (cap["name"], cap["major"],
                                                                    cap["convention"]),
                  "connections": [conn]}
        with open(os.path.join(HERE, cap["name"] + ".script.json"), "w") as f:
            json.dump(script, f, indent=1, ensure_ascii=False)
            f.write("\n")
        expect = {
            "comment": "expected hands of %s.pcap, made by make_betting.py: see README.md" % cap["name"],
            "capture": cap["name"] + ".pcap",
            "protocol": cap["major"],
            "handshake": "CGI %03d.000" % cap["major"],
            "length_counts_header": cap["major"] < 3,
            "raise_convention": cap["convention"],
            "server_port": cap["port"],
            "hero": HERO,
            "suit_map": suit,
            "contradiction_hands": [k for k, h in hands.items() if h.get("contradictions")],
            "hands": hands,
            "packets": x.types,
        }
        with open(os.path.join(HERE, cap["name"] + ".expect.json"), "w") as f:
            f.write(dumps(expect) + "\n")
        print("%s: %d hands, %d steps, %d/%d packets c2s/s2c" % (
            cap["name"], len(hands), len(x.steps), len(x.types["c2s"]), len(x.types["s2c"])))


if __name__ == "__main__":
    main()
