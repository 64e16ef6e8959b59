#!/usr/bin/env python3
"""Writes realcap scripts for plausible PokerTH sessions, and what each
direction of each connection must decode to.

    python3 make_sessions.py            # writes NAME.script.json and NAME.expect.json
    python3 make_sessions.py cut        # makes midstream.pcap from midstream-full.pcap (editcap)

Then, as root (see README.md):

    python3 /work/shared/tools/realcap/realcap.py session.script.json -o session.pcap
    ...

Messages are built with struct.pack from field values, as PokerTH 0.7.1
(protocol 5.2, release 0x0047) and the 2007-05 snapshot (protocol 1.x) lay
them out: big-endian, u16 type, u16 length of the whole message, each string
zero-padded to a multiple of 4. A small Texas hold'em table deals real
cards (PokerTH numbering: suit * 13 + rank, suits d h s c), keeps the
stacks, bets and pots straight, and evaluates the showdowns. Python 3,
standard library only; seeded, so the scripts are reproducible (the
captures are not: realcap's loss is random).
"""
import collections
import hashlib
import itertools
import json
import os
import random
import struct
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def pad(b):
    return b + b"\0" * (-len(b) % 4)


def msg(name, t, body):
    return name, struct.pack(">HH", t, 4 + len(body)) + body


def md5(text):
    return hashlib.md5(text.encode()).digest()


# ---------------------------------------------------------------------------
# pokerth (0.7.1, protocol 5.2)

def init(name, password="", avatar=None):
    pw, nm = password.encode(), name.encode()
    body = struct.pack(">HHHHHH", 5, 2, len(pw), len(nm), 1 if avatar else 0, 0)
    body += (avatar or b"") + pad(pw) + pad(nm)
    return msg("Init", 1, body)


def init_ack(session, player, version=0x0047, beta=0):
    return msg("InitAck", 2, struct.pack(">HHII", version, beta, session, player))


def retrieve_avatar(req, digest):
    return msg("RetrieveAvatar", 3, struct.pack(">I", req) + digest)


def avatar_header(req, size, ftype):
    return msg("AvatarHeader", 4, struct.pack(">IIHH", req, size, ftype, 0))


def avatar_file(req, data):
    return msg("AvatarFile", 5, struct.pack(">IHH", req, len(data), 0) + pad(data))


def avatar_end(req):
    return msg("AvatarEnd", 6, struct.pack(">I", req))


def unknown_avatar(req):
    return msg("UnknownAvatar", 7, struct.pack(">I", req))


def gib(max_players, interval_mode, interval, raise_mode, end_mode, speed, timeout,
        small_blind, end_value, money, blinds=()):
    return struct.pack(">HHHHHHHHIII", max_players, interval_mode, interval, raise_mode,
                       end_mode, len(blinds), speed, timeout, small_blind, end_value,
                       money) + b"".join(struct.pack(">I", b) for b in blinds)


def game_list_new(gid, admin, mode, name, players, password, info):
    nm = name.encode()
    body = struct.pack(">IIHHHH", gid, admin, mode, len(nm), len(players), 1 if password else 0)
    body += info + pad(nm) + b"".join(struct.pack(">I", p) for p in players)
    return msg("GameListNew", 16, body)


def game_list_update(gid, mode):
    return msg("GameListUpdate", 17, struct.pack(">IHH", gid, mode, 0))


def game_list_player_joined(gid, pid):
    return msg("GameListPlayerJoined", 18, struct.pack(">II", gid, pid))


def game_list_player_left(gid, pid):
    return msg("GameListPlayerLeft", 19, struct.pack(">II", gid, pid))


def game_list_admin_changed(gid, pid):
    return msg("GameListAdminChanged", 20, struct.pack(">II", gid, pid))


def retrieve_player_info(pid):
    return msg("RetrievePlayerInfo", 32, struct.pack(">I", pid))


def player_info(pid, flags, name, avatar=None):
    nm = name.encode()
    body = struct.pack(">IHHI", pid, flags, len(nm), 0)
    if flags & 0x02:
        body += avatar
    return msg("PlayerInfo", 33, body + pad(nm))


def unknown_player_id(pid):
    return msg("UnknownPlayerId", 34, struct.pack(">I", pid))


def unsubscribe():
    return msg("UnsubscribeGameListMessages", 35, struct.pack(">I", 0))


def resubscribe():
    return msg("ResubscribeGameListMessages", 36, struct.pack(">I", 0))


def create_game(name, password, info):
    pw, nm = password.encode(), name.encode()
    return msg("CreateGame", 48, struct.pack(">HH", len(pw), len(nm)) + info + pad(pw) + pad(nm))


def join_game(gid, password=""):
    pw = password.encode()
    return msg("JoinGame", 49, struct.pack(">IHH", gid, len(pw), 0) + pad(pw))


def join_game_ack(gid, rights, info):
    return msg("JoinGameAck", 50, struct.pack(">IHH", gid, rights, 0) + info)


def join_game_failed(reason):
    return msg("JoinGameFailed", 51, struct.pack(">HH", reason, 0))


def player_joined(pid, rights):
    return msg("PlayerJoined", 52, struct.pack(">IHH", pid, rights, 0))


def player_left(pid, reason):
    return msg("PlayerLeft", 53, struct.pack(">IHH", pid, reason, 0))


def game_admin_changed(pid):
    return msg("GameAdminChanged", 54, struct.pack(">I", pid))


def kick_player(pid):
    return msg("KickPlayer", 64, struct.pack(">I", pid))


def leave_current_game():
    return msg("LeaveCurrentGame", 65, struct.pack(">I", 0))


def start_event(fill):
    return msg("StartEvent", 66, struct.pack(">HH", 1 if fill else 0, 0))


def start_event_ack():
    return msg("StartEventAck", 67, struct.pack(">I", 0))


def game_start(dealer, players):
    body = struct.pack(">IHH", dealer, len(players), 0)
    return msg("GameStart", 80, body + b"".join(struct.pack(">I", p) for p in players))


def hand_start(c1, c2, small_blind):
    return msg("HandStart", 81, struct.pack(">HHI", c1, c2, small_blind))


def players_turn(pid, state):
    return msg("PlayersTurn", 82, struct.pack(">IHH", pid, state, 0))


def players_action(state, action, bet):
    return msg("PlayersAction", 83, struct.pack(">HHI", state, action, bet))


def players_action_done(pid, state, action, total, money, highest, min_raise):
    return msg("PlayersActionDone", 84,
               struct.pack(">IHHIIII", pid, state, action, total, money, highest, min_raise))


def players_action_rejected(state, action, bet, reason):
    return msg("PlayersActionRejected", 85, struct.pack(">HHIHH", state, action, bet, reason, 0))


def deal_flop(a, b, c):
    return msg("DealFlopCards", 96, struct.pack(">HHHH", a, b, c, 0))


def deal_turn(c):
    return msg("DealTurnCard", 97, struct.pack(">HH", c, 0))


def deal_river(c):
    return msg("DealRiverCard", 98, struct.pack(">HH", c, 0))


def all_in_show_cards(records):
    body = struct.pack(">HH", len(records), 0)
    body += b"".join(struct.pack(">IHH", pid, c1, c2) for pid, c1, c2 in records)
    return msg("AllInShowCards", 99, body)


def end_of_hand_show_cards(records):
    body = struct.pack(">HH", len(records), 0)
    for r in records:
        body += struct.pack(">IHHHHHHHHIII", r["pid"], r["c1"], r["c2"], *r["pos"], 0,
                            r["value"], r["won"], r["money"])
    return msg("EndOfHandShowCards", 100, body)


def end_of_hand_hide_cards(pid, won, money):
    return msg("EndOfHandHideCards", 101, struct.pack(">III", pid, won, money))


def end_of_game(winner):
    return msg("EndOfGame", 112, struct.pack(">I", winner))


def ask_kick_player(pid):
    return msg("AskKickPlayer", 113, struct.pack(">I", pid))


def ask_kick_player_denied(pid, reason):
    return msg("AskKickPlayerDenied", 114, struct.pack(">IHH", pid, reason, 0))


def start_kick_player_petition(pet, proposer, kicked, timeout, needed):
    # 20 bytes (the spec's "16" is an erratum).
    return msg("StartKickPlayerPetition", 115,
               struct.pack(">IIIHH", pet, proposer, kicked, timeout, needed))


def vote_kick_player(pet, vote):
    return msg("VoteKickPlayer", 116, struct.pack(">IHH", pet, vote, 0))


def vote_kick_player_ack(pet):
    return msg("VoteKickPlayerAck", 117, struct.pack(">I", pet))


def vote_kick_player_denied(pet, reason):
    return msg("VoteKickPlayerDenied", 118, struct.pack(">IHH", pet, reason, 0))


def kick_player_petition_update(pet, against, favour, needed):
    return msg("KickPlayerPetitionUpdate", 119, struct.pack(">IHHHH", pet, against, favour, needed, 0))


def end_kick_player_petition(pet, against, favour, result, reason):
    return msg("EndKickPlayerPetition", 120, struct.pack(">IHHHH", pet, against, favour, result, reason))


def statistics_changed(players_on_server):
    return msg("StatisticsChanged", 128, struct.pack(">HHII", 1, 0, 1, players_on_server))


def removed_from_game(reason):
    return msg("RemovedFromGame", 256, struct.pack(">HH", reason, 0))


def timeout_warning(reason, seconds):
    return msg("TimeoutWarning", 257, struct.pack(">HHI", reason, seconds, 0))


def reset_timeout():
    return msg("ResetTimeout", 258, struct.pack(">I", 0))


def send_chat_text(text):
    t = text.encode()
    return msg("SendChatText", 512, struct.pack(">HH", len(t), 0) + pad(t))


def chat_text(pid, text):
    t = text.encode()
    return msg("ChatText", 513, struct.pack(">IHH", pid, len(t), 0) + pad(t))


def message_box_text(text):
    t = text.encode()
    return msg("MessageBoxText", 514, struct.pack(">HH", len(t), 0) + pad(t))


def error(reason):
    return msg("Error", 1024, struct.pack(">HH", reason, 0))


# ---------------------------------------------------------------------------
# pokerth-2007 (protocol 1.x)

def join_game_2007(name, password="", human=True, version=(1, 0)):
    pw, nm = password.encode(), name.encode()
    body = struct.pack(">HHHHHH", version[0], version[1], len(pw), 1 if human else 0, len(nm), 0)
    # The 2007 code appended two zero bytes.
    return msg("JoinGame", 1, body + pad(pw) + pad(nm) + b"\0\0")


def join_game_ack_2007(session, pid, number, players, small_blind, hands_before_raise, speed, cash):
    return msg("JoinGameAck", 2, struct.pack(">IHHHHHHI", session, pid, number, players,
                                             small_blind, hands_before_raise, speed, cash))


def player_joined_2007(pid, number, human, name):
    nm = name.encode()
    body = struct.pack(">HHHH", pid, number, 1 if human else 0, len(nm)) + pad(nm) + b"\0\0"
    return msg("PlayerJoined", 3, body)


def player_left_2007(pid):
    return msg("PlayerLeft", 4, struct.pack(">HH", pid, 0))


def game_start_2007(c1, c2):
    return msg("GameStart", 5, struct.pack(">HH", c1, c2))


def players_turn_2007(state, pid):
    return msg("PlayersTurn", 6, struct.pack(">HH", state, pid))


def players_action_2007(state, action, cash):
    return msg("PlayersAction", 7, struct.pack(">HHI", state, action, cash))


def players_action_rejected_2007(state, action, cash, reason):
    return msg("PlayersActionRejected", 8, struct.pack(">HHIHH", state, action, cash, reason, 0))


def error_2007(reason):
    return msg("Error", 1024, struct.pack(">HH", reason, 0))


# ---------------------------------------------------------------------------
# A conversation: realcap steps plus the message names each way.

class Conv:
    def __init__(self, comment):
        self.comment = comment
        self.steps = []
        self.names = {"c2s": [], "s2c": []}

    def c(self, m, split=None):
        self._add("c", m, split)

    def s(self, m, split=None):
        self._add("s", m, split)

    def _add(self, side, m, split):
        name, data = m
        step = {"from": side, "hex": data.hex()}
        if split:
            step["split"] = split
        self.steps.append(step)
        self.names["c2s" if side == "c" else "s2c"].append(name)


# ---------------------------------------------------------------------------
# Hold'em: cards, hand values, a table.

FOLD, CHECK, CALL, BET, RAISE, ALL_IN = 1, 2, 3, 4, 5, 6
PREFLOP, FLOP, TURN, RIVER, SB_STATE, BB_STATE = 0, 1, 2, 3, 0xF0, 0xF1


def card(text):
    """'Kd' -> 11: suit * 13 + rank, suits d h s c."""
    return "dhsc".index(text[1]) * 13 + "23456789TJQKA".index(text[0])


def rank5(cards):
    ranks = sorted((c % 13 for c in cards), reverse=True)
    flush = len({c // 13 for c in cards}) == 1
    groups = sorted(collections.Counter(ranks).items(), key=lambda kv: (kv[1], kv[0]), reverse=True)
    uniq = sorted(set(ranks), reverse=True)
    high = None
    if len(uniq) == 5:
        if uniq[0] - uniq[4] == 4:
            high = uniq[0]
        elif uniq == [12, 3, 2, 1, 0]:
            high = 3
    kickers = [r for r, _ in groups]
    if high is not None and flush:
        return (8, high)
    if groups[0][1] == 4:
        return (7, *kickers)
    if groups[0][1] == 3 and groups[1][1] == 2:
        return (6, *kickers)
    if flush:
        return (5, *ranks)
    if high is not None:
        return (4, high)
    if groups[0][1] == 3:
        return (3, *kickers)
    if groups[0][1] == 2 and groups[1][1] == 2:
        return (2, *kickers)
    if groups[0][1] == 2:
        return (1, *kickers)
    return (0, *ranks)


def best_hand(seven):
    """(rank tuple, positions 0..6 of the best five, a u32 value)."""
    best = max((rank5([seven[i] for i in combo]), combo)
               for combo in itertools.combinations(range(7), 5))
    value = 0
    for r in best[0][1:]:
        value = value * 13 + r
    return best[0], list(best[1]), best[0][0] * 10_000_000 + value


class Seat:
    def __init__(self, pid, name, flags=1, avatar=None):
        self.pid, self.name, self.flags, self.avatar = pid, name, flags, avatar
        self.stack = 0


class Table:
    """Deals hands and writes what the server sends (and `me`'s actions)."""

    def __init__(self, conv, me, seats, small_blind, rng, style="calm", server_pays=False):
        self.conv, self.me, self.seats, self.rng, self.style = conv, me, seats, rng, style
        self.small_blind = small_blind
        self.dealer = 0
        self.hand_no = 0
        # server_pays: the end of a hand as the 0.7 server makes it (LocalBoard::distributePot,
        # ServerGameStateHand): the pot paid level by level, a level's odd chips to the winners
        # nearest the dealer's left, and All In Show Cards and End Of Hand Show Cards listing
        # the players in seat order; each hand's figures are kept in `self.truth`.
        self.server_pays = server_pays
        self.truth = []

    def alive(self):
        return [s for s in self.seats if s.stack > 0]

    def by_id(self, pid):
        return next(s for s in self.seats if s.pid == pid)

    def play_hand(self, script=None, deck=None, rejected_first=False, timeout_first=False):
        script = {k: list(v) for k, v in (script or {}).items()}
        conv, rng = self.conv, self.rng
        self.hand_no += 1
        players = self.alive()
        chips = sum(s.stack for s in players)
        n = len(players)
        assert n >= 2
        self.dealer %= n
        order = players[self.dealer + 1:] + players[:self.dealer + 1]  # dealer last
        if n == 2:
            sb_seat, bb_seat = order[1], order[0]          # the dealer posts the small blind
            pre_first = order[1]
        else:
            sb_seat, bb_seat = order[0], order[1]
            pre_first = order[2 % n]
        cards = deck[:] if deck else rng.sample(range(52), 52)
        if deck:
            rest = [c for c in rng.sample(range(52), 52) if c not in deck]
            cards = deck + rest
        hole = {}
        for i, s in enumerate(order):
            hole[s.pid] = (cards[i], cards[i + n])
        board = cards[2 * n:2 * n + 5]
        sb = self.small_blind
        if any(s.pid == self.me for s in players):
            mine = hole[self.me]
            conv.s(hand_start(mine[0], mine[1], sb))

        self.in_hand = [s for s in order]
        self.contrib = {s.pid: 0 for s in order}
        self.log = []
        self.start = {s.pid: s.stack for s in order}
        self.dealt = 0
        self.bets = {s.pid: 0 for s in order}
        self.highest = 0
        self.min_raise = 2 * sb
        for seat, amount, state in ((sb_seat, sb, SB_STATE), (bb_seat, 2 * sb, BB_STATE)):
            amount = min(amount, seat.stack)
            self.put(seat, amount)
            self.highest = max(self.highest, self.bets[seat.pid])
            conv.s(players_action_done(seat.pid, state, 0, self.bets[seat.pid], seat.stack,
                                       self.highest, self.min_raise))

        flags = {"rejected_first": rejected_first, "timeout_first": timeout_first}
        streets = [(PREFLOP, None), (FLOP, board[0:3]), (TURN, board[3:4]), (RIVER, board[4:5])]
        all_in_shown = False
        for state, dealt in streets:
            if dealt is not None:
                self.dealt += len(dealt)
                if state == FLOP:
                    conv.s(deal_flop(*dealt))
                elif state == TURN:
                    conv.s(deal_turn(dealt[0]))
                else:
                    conv.s(deal_river(dealt[0]))
            if len(self.in_hand) > 1 and len([s for s in self.in_hand if s.stack > 0]) > 1 \
                    or (state == PREFLOP and len(self.in_hand) > 1):
                if state != PREFLOP:
                    self.bets = {s.pid: 0 for s in order}
                    self.highest = 0
                    self.min_raise = 2 * sb
                first = pre_first if state == PREFLOP else None
                self.betting_round(state, order, first, script, flags)
            if len(self.in_hand) == 1:
                break
            if not all_in_shown and state != RIVER and \
                    len([s for s in self.in_hand if s.stack > 0]) <= 1:
                shown = self.in_hand
                if self.server_pays:
                    shown = [s for s in self.seats if s in self.in_hand]
                conv.s(all_in_show_cards([(s.pid, *hole[s.pid]) for s in shown]))
                all_in_shown = True

        if self.server_pays:
            self.pay_levels(order, hole, board)
        else:
            self.finish(order, hole, board)
        assert sum(s.stack for s in players) == chips, "chips must be conserved"
        self.dealer = (self.dealer + 1) % max(1, len(self.alive()))

    def put(self, seat, amount):
        seat.stack -= amount
        self.bets[seat.pid] += amount
        self.contrib[seat.pid] += amount

    def decide(self, seat, state, script):
        to_call = self.highest - self.bets[seat.pid]
        bb = 2 * self.small_blind
        if script.get(seat.pid):
            return script[seat.pid].pop(0)
        r = self.rng.random()
        aggressive = self.style == "wild" and seat.pid != self.me
        if to_call == 0:
            if r < (0.45 if aggressive else 0.75) or self.raises >= 2:
                return ("check",)
            return ("bet", bb * self.rng.choice([1, 2, 3])) if self.highest == 0 else ("raise",)
        if aggressive and r < 0.06:
            return ("allin",)
        if r < 0.22 and to_call >= bb:
            return ("fold",)
        if r < 0.88 or self.raises >= 2:
            return ("call",)
        return ("raise",)

    def betting_round(self, state, order, first, script, flags):
        conv = self.conv
        self.raises = 0
        seats = order
        start = seats.index(first) if first else 0
        acted = set()
        i = start
        while True:
            if len(self.in_hand) == 1:
                return
            can_act = [s for s in self.in_hand if s.stack > 0]
            pending = [s for s in can_act
                       if s.pid not in acted or self.bets[s.pid] < self.highest]
            if not pending:
                return
            if len(can_act) == 1 and self.bets[can_act[0].pid] >= self.highest:
                return
            seat = seats[i % len(seats)]
            i += 1
            if seat not in pending:
                continue
            conv.s(players_turn(seat.pid, state))
            choice = self.decide(seat, state, script)
            action, add = self.resolve(seat, choice)
            if seat.pid == self.me:
                if flags["timeout_first"]:
                    flags["timeout_first"] = False
                    conv.s(timeout_warning(0, 20))
                    conv.c(reset_timeout())
                if flags["rejected_first"]:
                    flags["rejected_first"] = False
                    # A check while facing a bet: not allowed.
                    bad = CHECK if self.highest > self.bets[seat.pid] else CALL
                    conv.c(players_action(state, bad, 0))
                    conv.s(players_action_rejected(state, bad, 0, 3))
                conv.c(players_action(state, action, add))
            old_highest = self.highest
            if action == FOLD:
                self.in_hand.remove(seat)
            else:
                self.put(seat, add)
            if self.bets[seat.pid] > self.highest:
                raised_by = self.bets[seat.pid] - old_highest
                self.highest = self.bets[seat.pid]
                if raised_by >= self.min_raise:
                    self.min_raise = raised_by
                    acted = set()
                    self.raises += 1
            acted.add(seat.pid)
            self.log.append({"street": ["preflop", "flop", "turn", "river"][state],
                             "player": seat.pid, "action": ["", "fold", "check", "call", "bet",
                                                            "raise", "allin"][action],
                             "moved": add, "to": self.bets[seat.pid]})
            conv.s(players_action_done(seat.pid, state, action, self.bets[seat.pid], seat.stack,
                                       self.highest, self.min_raise))

    def resolve(self, seat, choice):
        to_call = self.highest - self.bets[seat.pid]
        kind = choice[0]
        if kind == "fold":
            return FOLD, 0
        if kind == "check":
            if to_call > 0:
                kind = "call"
            else:
                return CHECK, 0
        if kind == "call":
            if to_call >= seat.stack:
                return ALL_IN, seat.stack
            return (CALL, to_call) if to_call > 0 else (CHECK, 0)
        if kind == "allin":
            return ALL_IN, seat.stack
        if kind == "bet":
            add = choice[1]
        else:  # raise to highest + min_raise, or to the given total
            total = choice[1] if len(choice) > 1 else self.highest + self.min_raise
            add = total - self.bets[seat.pid]
        if add >= seat.stack:
            return ALL_IN, seat.stack
        return (BET if self.highest == 0 else RAISE), add

    def finish(self, order, hole, board):
        conv = self.conv
        pot = sum(self.contrib.values())
        if len(self.in_hand) == 1:
            w = self.in_hand[0]
            w.stack += pot
            conv.s(end_of_hand_hide_cards(w.pid, pot, w.stack))
            return
        hands = {s.pid: best_hand(list(hole[s.pid]) + board) for s in self.in_hand}
        won = {s.pid: 0 for s in self.in_hand}
        levels = sorted({self.contrib[s.pid] for s in self.in_hand})
        prev = 0
        for k, lvl in enumerate(levels):
            top = max(self.contrib.values()) if k == len(levels) - 1 else lvl
            amount = sum(min(c, top) - min(c, prev) for c in self.contrib.values())
            eligible = [s for s in self.in_hand if self.contrib[s.pid] >= lvl]
            best = max(hands[s.pid][0] for s in eligible)
            winners = [s for s in eligible if hands[s.pid][0] == best]
            share, odd = divmod(amount, len(winners))
            for j, s in enumerate(winners):
                won[s.pid] += share + (odd if j == 0 else 0)
            prev = top
        records = []
        for s in self.in_hand:
            s.stack += won[s.pid]
            _, pos, value = hands[s.pid]
            records.append({"pid": s.pid, "c1": hole[s.pid][0], "c2": hole[s.pid][1], "pos": pos,
                            "value": value, "won": won[s.pid], "money": s.stack})
        conv.s(end_of_hand_show_cards(records))


    def pay_levels(self, order, hole, board):
        """The end of a hand as the 0.7 server makes it. The chips every
        player put in this hand (a folded player's too) are cut into levels
        at each amount someone put in; a level holds that much from each
        player who put in at least as much, and goes to the best hand among
        those still in who did. A level that does not divide evenly among
        its winners gives one chip more to each of the first (remainder)
        winners found going round the seats from the dealer's left. So a bet
        nobody called comes back as money won, the whole pot is money won
        when everybody else folded, and a player whose bet was called only
        in part is paid his excess back even when he loses."""
        conv = self.conv
        dealer = order[-1]
        showdown = len(self.in_hand) > 1
        hands = {s.pid: best_hand(list(hole[s.pid]) + board) for s in self.in_hand}
        won = {s.pid: 0 for s in order}
        left = dict(self.contrib)
        at = self.seats.index(dealer)
        round_seats = self.seats[at + 1:] + self.seats[:at + 1]
        levels = []
        while any(v > 0 for v in left.values()):
            level = min(v for v in left.values() if v > 0)
            payers = [pid for pid, v in left.items() if v > 0]
            amount = level * len(payers)
            eligible = [s for s in self.in_hand if left[s.pid] >= level]
            assert eligible, "a level nobody still in may win"
            best = max(hands[s.pid][0] for s in eligible)
            winners = [s for s in round_seats if s in eligible and hands[s.pid][0] == best]
            share, odd = divmod(amount, len(winners))
            paid = {}
            for j, s in enumerate(winners):
                paid[s.pid] = share + (1 if j < odd else 0)
                won[s.pid] += paid[s.pid]
            levels.append({"level": level, "amount": amount, "payers": payers,
                           "eligible": [s.pid for s in eligible], "paid": paid})
            for pid in payers:
                left[pid] -= level
        for s in self.in_hand:
            s.stack += won[s.pid]
        if showdown:
            records = []
            for s in self.seats:
                if s not in self.in_hand:
                    continue
                _, pos, value = hands[s.pid]
                records.append({"pid": s.pid, "c1": hole[s.pid][0], "c2": hole[s.pid][1],
                                "pos": pos, "value": value, "won": won[s.pid], "money": s.stack})
            conv.s(end_of_hand_show_cards(records))
        else:
            w = self.in_hand[0]
            conv.s(end_of_hand_hide_cards(w.pid, won[w.pid], w.stack))
        # What the standard rules say: the part of the biggest contribution
        # nobody matched goes back; the rest is won.
        uncalled = {}
        top = max(self.contrib.values())
        for pid, c in self.contrib.items():
            others = max(v for q, v in self.contrib.items() if q != pid)
            if c == top and c > others:
                uncalled[pid] = c - others
        self.truth.append({
            "number": self.hand_no, "small_blind": self.small_blind,
            "big_blind": 2 * self.small_blind, "dealer": dealer.pid,
            "order": [s.pid for s in order],
            "players": [{"player": s.pid, "name": s.name, "seat": self.seats.index(s) + 1,
                         "hole": [card_text(c) for c in hole[s.pid]],
                         "start": self.start[s.pid], "put_in": self.contrib[s.pid],
                         "money_won": won[s.pid], "uncalled": uncalled.get(s.pid, 0),
                         "won": won[s.pid] - uncalled.get(s.pid, 0), "final": s.stack,
                         "folded": s not in self.in_hand}
                        for s in order],
            "board": [card_text(c) for c in board[:self.dealt]],
            "full_board": [card_text(c) for c in board],
            "showdown": showdown, "actions": self.log, "levels": levels})


def card_text(c):
    """11 -> 'Kd'."""
    return "23456789TJQKA"[c % 13] + "dhsc"[c // 13]


# ---------------------------------------------------------------------------
# The sessions.

AVATAR_BOB = bytes(random.Random(1).randrange(256) for _ in range(300))
AVATAR_ALICE = bytes(random.Random(2).randrange(256) for _ in range(120))


def lobby_info_friday():
    return gib(5, 1, 8, 2, 3, 4, 20, 10, 0, 3000, blinds=[15, 20, 30, 50])


def bob_session(seed, with_avatar_upload=True):
    """Bob (1002) logs in, looks around the lobby, joins Alice's game 7
    "Friday", plays several hands against Alice, Carol and a computer player,
    starts a kick petition, and leaves."""
    rng = random.Random(seed)
    conv = Conv("PokerTH 0.7.1: Bob joins game 7 and plays")
    me = 1002
    bob_md5 = md5("bob-avatar")
    alice_md5, dave_md5 = md5("alice-avatar"), md5("dave-avatar")
    conv.c(init("Bob1", avatar=bob_md5))
    if with_avatar_upload:
        conv.s(retrieve_avatar(1, bob_md5))
        conv.c(avatar_header(1, len(AVATAR_BOB), 1))
        conv.c(avatar_file(1, AVATAR_BOB[:256]))
        conv.c(avatar_file(1, AVATAR_BOB[256:]))
        conv.c(avatar_end(1))
    conv.s(init_ack(0x5EED0000 + seed, me))
    conv.s(statistics_changed(17))
    info7 = lobby_info_friday()
    conv.s(game_list_new(7, 1001, 1, "Friday", [1001], True, info7))
    conv.s(game_list_new(8, 2001, 2, "Open table", [2001, 2002, 2003], False,
                         gib(7, 2, 10, 1, 1, 6, 30, 25, 0, 5000)))
    conv.c(retrieve_player_info(1001))
    conv.s(player_info(1001, 0x0f, "Alice", alice_md5))
    conv.c(retrieve_player_info(2001))
    conv.s(player_info(2001, 0x0b, "Dave", dave_md5))
    conv.c(retrieve_player_info(2002))
    conv.s(player_info(2002, 0x01, "Eve"))
    conv.c(retrieve_player_info(2003))
    conv.s(unknown_player_id(2003))
    conv.s(game_list_player_left(8, 2003))
    conv.s(game_list_player_joined(7, 1003))
    conv.c(retrieve_player_info(1003))
    conv.s(player_info(1003, 0x01, "Carol"))
    conv.c(retrieve_avatar(2, alice_md5))
    conv.s(avatar_header(2, len(AVATAR_ALICE), 3))
    conv.s(avatar_file(2, AVATAR_ALICE))
    conv.s(avatar_end(2))
    conv.c(retrieve_avatar(3, dave_md5))
    conv.s(unknown_avatar(3))
    conv.c(join_game(7, "secret1"))
    conv.s(join_game_failed(3))
    conv.c(join_game(7, "secret"))
    conv.s(join_game_ack(7, 0, info7))
    conv.s(game_list_player_joined(7, me))
    conv.s(player_joined(1001, 1))
    conv.s(player_joined(1003, 0))
    conv.c(send_chat_text("hi all"))
    conv.s(chat_text(me, "hi all"))
    conv.s(chat_text(1001, "welcome Bob, I'll add a bot"))
    conv.s(start_event(True))
    conv.c(start_event_ack())
    conv.s(game_list_update(7, 2))
    seats = [Seat(1001, "Alice", 0x0f, alice_md5), Seat(me, "Bob1", 0x07, bob_md5),
             Seat(1003, "Carol"), Seat(1004, "Computer 1", 0)]
    for s in seats:
        s.stack = 3000
    conv.s(game_start(1001, [s.pid for s in seats]))
    conv.c(retrieve_player_info(1004))
    conv.s(player_info(1004, 0, "Computer 1"))
    table = Table(conv, me, seats, 10, rng)
    table.dealer = 0
    # Hand 1: everyone sees a showdown.
    calm = {p: [("call",), ("check",), ("check",), ("check",)] for p in (1001, 1002, 1003, 1004)}
    table.play_hand(script=calm)
    # Hand 2: Bob's first action is rejected; Alice's raise makes everyone fold.
    table.play_hand(script={1001: [("raise", 80)], me: [("fold",)], 1003: [("fold",)],
                            1004: [("fold",)]}, rejected_first=True)
    conv.s(chat_text(1003, "sorry, slow connection"))
    # A kick petition against Carol that times out.
    conv.c(ask_kick_player(1003))
    conv.s(start_kick_player_petition(1, me, 1003, 30, 2))
    conv.c(vote_kick_player(1, 1))
    conv.s(vote_kick_player_ack(1))
    conv.s(kick_player_petition_update(1, 0, 1, 2))
    conv.s(kick_player_petition_update(1, 1, 1, 2))
    conv.s(end_kick_player_petition(1, 1, 1, 0, 3))
    conv.c(vote_kick_player(1, 1))
    conv.s(vote_kick_player_denied(1, 0))
    conv.c(ask_kick_player(1003))
    conv.s(ask_kick_player_denied(1003, 2))
    # Hand 3: Carol moves all in, Bob calls (he covers her): cards shown, Bob's aces hold.
    # Dealer is seat 2 (Carol): order is Computer 1, Alice, Bob, Carol.
    deck = [card("9s"), card("2d"), card("Ah"), card("Kc"),
            card("8s"), card("3c"), card("Ad"), card("Ks"),
            card("Qd"), card("7c"), card("4h"), card("Jc"), card("2s")]
    table.play_hand(script={1003: [("allin",)], me: [("call",), ("call",)], 1001: [("fold",)],
                            1004: [("fold",)]}, deck=deck, timeout_first=True)
    if table.by_id(1003).stack == 0:
        conv.s(chat_text(1003, "gg"))
        conv.s(player_left(1003, 0))
        conv.s(game_list_player_left(7, 1003))
    # Hands 4..6: three players.
    for _ in range(3):
        table.play_hand()
    conv.c(send_chat_text("nice game"))
    conv.s(chat_text(me, "nice game"))
    conv.s(message_box_text("The server restarts in 10 minutes."))
    # Alice leaves: Bob becomes the admin.
    conv.s(player_left(1001, 0))
    conv.s(game_admin_changed(me))
    conv.s(game_list_admin_changed(7, me))
    conv.s(game_list_player_left(7, 1001))
    table.seats = [s for s in table.seats if s.pid != 1001]
    table.dealer = 0
    table.play_hand()
    conv.c(leave_current_game())
    conv.s(removed_from_game(0))
    conv.s(game_list_player_left(7, me))
    conv.s(game_list_update(7, 3))
    conv.c(unsubscribe())
    conv.c(resubscribe())
    conv.s(game_list_new(8, 2001, 2, "Open table", [2001, 2002], False,
                         gib(7, 2, 10, 1, 1, 6, 30, 25, 0, 5000)))
    conv.s(statistics_changed(15))
    return conv


def deck_for(table, holes, board):
    """The deck that gives each player (by id) his hole cards and the board,
    dealt as Table.play_hand deals: one card each from the dealer's left,
    then a second round, then the board."""
    players = table.alive()
    n = len(players)
    d = table.dealer % n
    order = players[d + 1:] + players[:d + 1]
    cards = [card(holes[s.pid][0]) for s in order] + [card(holes[s.pid][1]) for s in order]
    cards += [card(c) for c in board]
    assert len(set(cards)) == len(cards), "a card dealt twice"
    return cards


def showdowns_session(seed):
    """Alice (1001) joins Dave's game 21 "Showdowns" with Bob and Carol and
    plays six hands whose ends the 0.7 server pays in its own way (issue
    34): a turn bet nobody calls, a river bet nobody calls, a split pot
    with an odd chip, a side pot won by another player than the short
    all-in's main pot, and an all-in call for less whose excess the bettor
    gets back while the caller wins."""
    rng = random.Random(seed)
    conv = Conv("PokerTH 0.7.1: Alice plays game 21, six hands of bets nobody calls, split and side pots")
    me = 1001
    names = {1004: "Dave", 1002: "Bob", 1003: "Carol"}
    conv.c(init("Alice"))
    conv.s(init_ack(0x5D0E0000 + seed, me))
    conv.s(statistics_changed(4))
    # 4 seats, blinds raised every 10 hands (so not in these six), 30 s to act, small blind 50,
    # 5000 each.
    info = gib(4, 1, 10, 1, 3, 4, 30, 50, 0, 5000)
    conv.s(game_list_new(21, 1004, 1, "Showdowns", [1004, 1002, 1003], False, info))
    for pid in (1004, 1002, 1003):
        conv.c(retrieve_player_info(pid))
        conv.s(player_info(pid, 0x01, names[pid]))
    conv.c(join_game(21))
    conv.s(join_game_ack(21, 0, info))
    conv.s(game_list_player_joined(21, me))
    conv.s(player_joined(1004, 1))
    conv.s(player_joined(1002, 0))
    conv.s(player_joined(1003, 0))
    conv.s(chat_text(1004, "all four here, let's go"))
    conv.s(start_event(False))
    conv.c(start_event_ack())
    conv.s(game_list_update(21, 2))
    seats = [Seat(1004, "Dave"), Seat(me, "Alice"), Seat(1002, "Bob"), Seat(1003, "Carol")]
    for st in seats:
        st.stack = 5000
    conv.s(game_start(1004, [st.pid for st in seats]))
    table = Table(conv, me, seats, 50, rng, server_pays=True)
    dave, alice, bob, carol = 1004, me, 1002, 1003
    call, check, fold = ("call",), ("check",), ("fold",)

    def play(script, holes, board):
        table.play_hand(script=script, deck=deck_for(table, holes, board))
        for pid, acts in script.items():
            played = [a for a in table.log if a["player"] == pid]
            assert len(played) == len(acts), f"hand {table.hand_no}: {pid} played {played}, not {acts}"

    # 1. Dealer Dave; Alice small blind, Bob big blind. A turn bet nobody
    #    calls: Bob bets 400 on the turn, all fold (money won 800: the pot
    #    of 400 and his own 400).
    play({carol: [call, check, fold], dave: [call, check, fold], alice: [call, check, check, fold],
          bob: [check, check, ("bet", 400)]},
         {alice: ("8c", "6c"), bob: ("Jd", "Th"), carol: ("4s", "4d"), dave: ("Qh", "3c")},
         ["2d", "7s", "Kc", "5h", "9d"])
    # 2. Dealer Alice; Bob small blind, Carol big blind. A river bet nobody
    #    calls: Alice bets 1200 into 1950, Dave folds.
    play({dave: [("raise", 300), ("bet", 500), check, check, fold],
          alice: [call, call, check, ("bet", 1200)], bob: [fold], carol: [call, check, fold]},
         {alice: ("Ah", "Qs"), bob: ("7d", "2c"), carol: ("9s", "8s"), dave: ("Jc", "Jh")},
         ["Qd", "6h", "3s", "Tc", "4c"])
    # 3. Dealer Bob; Carol small blind, Dave big blind. A split pot with an
    #    odd chip: Alice raises to 325 and folds the flop; Carol and Dave
    #    (A9 each on KK742) share 1775: 888 to Carol, the first winner
    #    left of the dealer, 887 to Dave.
    play({alice: [("raise", 325), fold], bob: [fold], carol: [call, check, call, check, check],
          dave: [call, ("bet", 400), check, check]},
         {alice: ("8h", "8d"), bob: ("Tc", "5d"), carol: ("Ad", "9c"), dave: ("Ah", "9s")},
         ["Kd", "Ks", "7c", "4h", "2s"])
    # 4. Dealer Carol; Dave small blind, Alice big blind. Bob loses most of
    #    his chips to Carol (queens up against his jacks): he keeps 950.
    play({bob: [("raise", 300), ("bet", 1000), ("bet", 3000), check], carol: [call, call, call, check],
          dave: [fold], alice: [fold]},
         {alice: ("9h", "3d"), bob: ("Jh", "Js"), carol: ("Qh", "Qc"), dave: ("6s", "2h")},
         ["Td", "5c", "8s", "3h", "Ac"])
    # 5. Dealer Dave; Alice small blind, Bob big blind. A side pot: Carol
    #    raises to 300, Dave calls, Alice folds, Bob (950) raises all in,
    #    both call; on the flop Carol bets 1000, Dave calls. Bob's aces win
    #    the main pot (2900, Alice's small blind in it), Dave's kings the
    #    side pot (2000) over Carol's queens.
    play({carol: [("raise", 300), call, ("bet", 1000), check, check], dave: [call, call, call, check, check],
          alice: [fold], bob: [("allin",)]},
         {alice: ("7c", "6d"), bob: ("As", "Ac"), carol: ("Qs", "Qd"), dave: ("Ks", "Kc")},
         ["8d", "5h", "3c", "Jd", "2h"])
    # 6. Dealer Alice; Bob small blind, Carol big blind. An all-in call for
    #    less: Dave bets 4000 on the flop, Bob calls all in for 2800 and
    #    wins with his jacks; the 1200 of Dave's bet Bob could not call come
    #    back to Dave as money won (All In Show Cards before the turn).
    play({dave: [call, ("bet", 4000)], alice: [call, fold], bob: [call, check, call],
          carol: [check, check, fold]},
         {alice: ("5s", "4h"), bob: ("Jc", "Jd"), carol: ("Th", "2d"), dave: ("Ad", "Kh")},
         ["9s", "6c", "2c", "Tc", "3s"])
    conv.c(send_chat_text("that's me for tonight"))
    conv.s(chat_text(me, "that's me for tonight"))
    conv.c(leave_current_game())
    conv.s(removed_from_game(0))
    conv.s(game_list_player_left(21, me))
    return conv, table


def refused_login():
    conv = Conv("PokerTH 0.7.1: a second Alice is refused")
    conv.c(init("Alice"))
    conv.s(error(5))
    return conv


def alice_session(seed):
    """Alice (1001) creates game 12, kicks a player, fills up with computer
    players and plays until the game ends."""
    rng = random.Random(seed)
    conv = Conv("PokerTH 0.7.1: Alice creates game 12 and plays it to the end")
    me = 1001
    conv.c(init("Alice", password="letmein"))
    conv.s(init_ack(0xA11CE000 + seed, me, beta=0))
    conv.s(statistics_changed(3))
    info = gib(3, 2, 5, 1, 2, 7, 15, 20, 400, 1000)
    conv.c(create_game("Late night", "", info))
    conv.s(join_game_ack(12, 1, info))
    conv.s(game_list_new(12, me, 1, "Late night", [me], False, info))
    conv.s(game_list_player_joined(12, 1005))
    conv.s(player_joined(1005, 0))
    conv.c(retrieve_player_info(1005))
    conv.s(player_info(1005, 0x01, "Mallory"))
    conv.s(chat_text(1005, "gimme chips"))
    conv.c(kick_player(1005))
    conv.s(player_left(1005, 1))
    conv.s(game_list_player_left(12, 1005))
    conv.c(start_event(True))
    conv.s(start_event(True))
    conv.c(start_event_ack())
    conv.s(game_list_update(12, 2))
    seats = [Seat(me, "Alice"), Seat(1006, "Computer 1", 0), Seat(1007, "Computer 2", 0)]
    for s in seats:
        s.stack = 1000
    conv.s(game_start(me, [s.pid for s in seats]))
    for pid in (1006, 1007):
        conv.c(retrieve_player_info(pid))
        conv.s(player_info(pid, 0, f"Computer {pid - 1005}"))
    table = Table(conv, me, seats, 20, rng, style="wild")
    hands = 0
    while len(table.alive()) > 1:
        hands += 1
        assert hands < 40, "the game does not end"
        if hands > 6:  # blinds go up; everybody shoves
            table.small_blind = 40
            table.play_hand(script={s.pid: [("allin",)] * 4 for s in seats})
        else:
            table.play_hand()
        if hands == 3:
            conv.s(timeout_warning(1, 60))
            conv.c(reset_timeout())
    conv.s(end_of_game(table.alive()[0].pid))
    conv.c(leave_current_game())
    conv.s(removed_from_game(0))
    conv.s(game_list_update(12, 3))
    return conv


def session_2007(seed):
    """The 2007-05 snapshot: one game per server, players joined by number."""
    rng = random.Random(seed)
    conv = Conv("PokerTH 2007-05 snapshot (protocol 1.0)")
    conv.c(join_game_2007("Alice"))
    conv.s(join_game_ack_2007(0x20070501, 1, 0, 3, 10, 8, 4, 2000))
    conv.s(player_joined_2007(2, 1, True, "Bob"))
    conv.s(player_joined_2007(3, 2, False, "Computer 1"))
    deck = rng.sample(range(52), 6)
    conv.s(game_start_2007(deck[0], deck[1]))
    # Preflop: 1 is to act first.
    conv.s(players_turn_2007(0, 1))
    conv.c(players_action_2007(0, 3, 0))
    conv.s(players_turn_2007(0, 2))
    conv.s(players_turn_2007(0, 3))
    conv.s(players_turn_2007(1, 2))
    conv.s(players_turn_2007(1, 3))
    conv.s(players_turn_2007(1, 1))
    conv.c(players_action_2007(1, 4, 5))
    conv.s(players_action_rejected_2007(1, 4, 5, 9))
    conv.c(players_action_2007(1, 4, 40))
    conv.s(players_turn_2007(1, 2))
    conv.s(players_turn_2007(1, 3))
    conv.s(players_turn_2007(2, 2))
    conv.s(players_turn_2007(2, 3))
    conv.s(players_turn_2007(2, 1))
    conv.c(players_action_2007(2, 2, 0))
    conv.s(players_turn_2007(3, 2))
    conv.s(players_turn_2007(3, 1))
    conv.c(players_action_2007(3, 1, 0))
    conv.s(game_start_2007(deck[2], deck[3]))
    conv.s(players_turn_2007(0, 2))
    conv.s(players_turn_2007(0, 3))
    conv.s(players_turn_2007(0, 1))
    conv.c(players_action_2007(0, 5, 60))
    conv.s(player_left_2007(3))
    conv.s(players_turn_2007(0, 2))
    conv.s(players_turn_2007(1, 1))
    conv.c(players_action_2007(1, 6, 0))
    conv.c(players_action_2007(1, 2, 0))
    conv.s(error_2007(0xFF02))
    conv.s(game_start_2007(deck[4], deck[5]))
    conv.s(players_turn_2007(0, 1))
    conv.c(players_action_2007(0, 1, 0))
    return conv


def refused_2007():
    conv = Conv("PokerTH 2007-05 snapshot: the name is taken")
    conv.c(join_game_2007("Bob"))
    conv.s(error_2007(5))
    return conv


def connection(conv, **kw):
    c = {"comment": conv.comment, "ip": 4, "server_port": 7234}
    c.update(kw)
    c["steps"] = conv.steps + [c.pop("end", {"close": "c"})]
    return c


def pokerkit_check(hand):
    """Plays `hand` (a Table truth) again in pokerkit with the same stacks,
    blinds, cards and actions; pokerkit evaluates the showdowns and pays
    the pots itself. Its final stacks must be the server's. Returns a note
    for the expect file."""
    try:
        from pokerkit import Automation, Mode, NoLimitTexasHoldem
    except ImportError:
        sys.exit("make_sessions.py: pokerkit checks the showdowns hands:\n"
                 "    python3 -m venv /tmp/pk && /tmp/pk/bin/pip install pokerkit==0.7.7\n"
                 "    /tmp/pk/bin/python make_sessions.py\n"
                 "(or pass --no-verify to skip the check)")
    import warnings
    warnings.filterwarnings("ignore", message="A card being dealt")
    players = {p["player"]: p for p in hand["players"]}
    order = hand["order"]            # small blind first, the dealer last, as pokerkit seats them
    index = {pid: i for i, pid in enumerate(order)}
    automations = (
        Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
        Automation.CARD_BURNING, Automation.RUNOUT_COUNT_SELECTION,
        Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING,
        Automation.CHIPS_PUSHING, Automation.CHIPS_PULLING)
    state = NoLimitTexasHoldem.create_state(
        automations, False, 0, (hand["small_blind"], hand["big_blind"]), hand["big_blind"],
        [players[pid]["start"] for pid in order], len(order), mode=Mode.CASH_GAME)
    for pid in order:
        state.deal_hole("".join(players[pid]["hole"]))
    board, dealt = hand["full_board"], 0

    def deal():
        nonlocal dealt
        while state.status and state.can_deal_board():
            n = 3 if dealt == 0 else 1
            state.deal_board("".join(board[dealt:dealt + n]))
            dealt += n

    for a in hand["actions"]:
        deal()
        if state.actor_index != index[a["player"]]:
            raise SystemExit(f"hand {hand['number']}: pokerkit has {order[state.actor_index]} "
                             f"to act, the server {a['player']}")
        if a["action"] == "fold":
            state.fold()
        elif a["action"] in ("check", "call") or (a["action"] == "allin" and a["to"] <= max(
                state.bets)):
            state.check_or_call()
        else:
            state.complete_bet_or_raise_to(a["to"])
    deal()
    if state.status:
        raise SystemExit(f"hand {hand['number']}: not over in pokerkit")
    if dealt != len(hand["board"]):
        raise SystemExit(f"hand {hand['number']}: pokerkit dealt {dealt} board cards, the server "
                         f"{len(hand['board'])}")
    for pid in order:
        if state.stacks[index[pid]] != players[pid]["final"]:
            raise SystemExit(f"hand {hand['number']}: {players[pid]['name']} ends with "
                             f"{state.stacks[index[pid]]} in pokerkit, {players[pid]['final']} "
                             f"on the server")
    return {"checked": True, "final_stacks_equal": True}


def write_scripts(verify=True):
    lossy = dict(mtu=300, loss_c2s=0.05, loss_s2c=0.05, ack_loss=0.02)
    plan = {
        "session": ("two connections on 7234: Bob's session, then a refused login",
                    [(bob_session(7), {}), (refused_login(), {"end": {"close": "s"}})]),
        "lossy": ("Bob's session on 7234 through mtu 300, 5% data loss each way, 2% ACK loss",
                  [(bob_session(11), lossy)]),
        "port9999": ("Alice's game on server port 9999",
                     [(alice_session(3), {"server_port": 9999})]),
        "midstream-full": ("Bob's session; midstream.pcap is this capture with its start cut off",
                           [(bob_session(23), {})]),
        "session-2007": ("pokerth-2007: a game, then a refused join",
                         [(session_2007(5), {}), (refused_2007(), {"end": {"close": "s"}})]),
    }
    seen = collections.Counter()
    for name, (comment, convs) in plan.items():
        script = {"comment": comment,
                  "connections": [connection(conv, **kw) for conv, kw in convs]}
        with open(os.path.join(HERE, f"{name}.script.json"), "w") as f:
            json.dump(script, f, indent=1)
        expect = {"comment": f"message names each way, in order, for {name}.pcap.json",
                  "connections": [conv.names for conv, _ in convs]}
        with open(os.path.join(HERE, f"{name}.expect.json"), "w") as f:
            json.dump(expect, f, indent=1)
        if name != "session-2007":
            for conv, _ in convs:
                seen.update(conv.names["c2s"] + conv.names["s2c"])
    print(f"pokerth message types used: {len(seen)}", file=sys.stderr)
    # The showdowns capture: its expect file has each hand's figures too.
    conv, table = showdowns_session(34)
    for hand in table.truth:
        hand["pokerkit"] = pokerkit_check(hand) if verify else {"checked": False}
    script = {"comment": "Alice's game on 7234: bets nobody calls, a split pot, side pots",
              "connections": [connection(conv)]}
    with open(os.path.join(HERE, "showdowns.script.json"), "w") as f:
        json.dump(script, f, indent=1)
    expect = {"comment": "message names each way, in order, for showdowns.pcap.json; and each "
                         "hand as the server played and paid it (see README.md)",
              "connections": [conv.names], "hands": table.truth}
    with open(os.path.join(HERE, "showdowns.expect.json"), "w") as f:
        json.dump(expect, f, indent=1)


# ---------------------------------------------------------------------------
# midstream.pcap: midstream-full.pcap without its first frames.

def tcp_payloads(path):
    """(frame number, client-to-server?, payload) of each TCP frame with data
    in an Ethernet/IPv4 pcap whose server port is 7234."""
    with open(path, "rb") as f:
        data = f.read()
    off, n = 24, 0
    while off < len(data):
        _, _, incl, _ = struct.unpack("<IIII", data[off:off + 16])
        frame = data[off + 16:off + 16 + incl]
        off += 16 + incl
        n += 1
        if frame[12:14] != b"\x08\x00" or frame[23] != 6:
            continue
        ihl = (frame[14] & 15) * 4
        tcp = frame[14 + ihl:]
        sport, dport = struct.unpack(">HH", tcp[:4])
        total = struct.unpack(">H", frame[16:18])[0]
        payload = tcp[(tcp[12] >> 4) * 4:total - ihl]
        if payload:
            yield n, dport == 7234, payload


def cut_midstream():
    full = os.path.join(HERE, "midstream-full.pcap")
    with open(full + ".json") as f:
        truth = json.load(f)
    conn = truth["connections"][0]
    # Keep from the frame that carries the first Statistics Changed (type
    # 0x0080), the server's first message after Init Ack.
    first = None
    cut_bytes = {True: 0, False: 0}
    for frame, c2s, payload in tcp_payloads(full):
        if not c2s and payload[:2] == b"\x00\x80":
            first = frame
            break
        cut_bytes[c2s] += len(payload)
    assert first, "no Statistics Changed"
    cut = {}
    for key, c2s in (("c2s", True), ("s2c", False)):
        total, count = 0, 0
        for length in conn[key]["lengths"]:
            if total >= cut_bytes[c2s]:
                break
            total += length
            count += 1
        assert total == cut_bytes[c2s], f"{key}: the cut is not at a message boundary"
        cut[key] = {"messages": count, "bytes": total}
    out = os.path.join(HERE, "midstream.pcap")
    # editcap deletes the packets listed (without -r).
    subprocess.run(["editcap", "-F", "pcap", full, out, f"1-{first - 1}"], check=True)
    with open(os.path.join(HERE, "midstream.cut.json"), "w") as f:
        json.dump({"comment": "midstream.pcap = midstream-full.pcap from this frame on "
                              "(editcap -F pcap midstream-full.pcap midstream.pcap 1-LAST_CUT); "
                              "the messages and bytes each way that were cut",
                   "source": "midstream-full.pcap", "first_kept_frame": first,
                   "frames_cut": first - 1, **cut}, f, indent=1)
    print(f"midstream.pcap: frames 1..{first - 1} cut; {cut}", file=sys.stderr)


if __name__ == "__main__":
    if sys.argv[1:] == ["cut"]:
        cut_midstream()
    else:
        write_scripts(verify="--no-verify" not in sys.argv[1:])
