#!/usr/bin/env python3
"""Scripted PokerTH 1.x client: logs in, creates or joins a game, plays it, logs every message.

Derived from shared/tools/pokerth-server/client.py (scenarios "solo" and "duo", unchanged here);
this copy adds the scenarios spectator, kick, rejected, timeout, password, ten, reconnect, frag
and allin.

Wire format (PokerTH src/net/common/asioreceivebuffer.cpp, NET_HEADER_SIZE 4): each message is a
4-byte big-endian length, then a serialized PokerTHMessage (see schema.json) whose messageType says
which one of its sub-messages is set. Message classes come from pokerth_schema.py (built from
shared/protocols/pokerth-1.x/schema.json).

Scenarios:
  solo       alice creates a 3-seat game and starts it filled with computer players.
  duo        alice creates a 4-seat game, bob joins it from the lobby, alice starts it, the rest
             computers.
  spectator  as duo (3 seats); once the game runs, carol joins it with spectateOnly, watches
             three hands and leaves (GameSpectatorJoined/Left, JoinGameAck spectateOnly).
  kick       alice creates a 5-seat game; bob, carol and dave join. bob asks for a vote kick
             before the start (AskKickDenied), alice kicks dave (KickPlayerRequest, dave gets
             RemovedFromGame kickedFromGame). In hand 2 alice asks to kick carol (AskKickPlayer ->
             StartKickPetition), votes again (VoteKickReply already voted), carol votes against,
             bob in favour (KickPetitionUpdate, EndKickPetition); carol is removed.
  rejected   as duo; bob acts out of turn (rejectedNotYourTurn), checks while a bet is pending
             and raises by half the minimum raise (rejectedActionNotAllowed, twice), names the
             wrong betting round (rejectedInvalidGameState), each time then sends a valid action
             and plays on. (A raise of to_call + 1, less than the minimum but more than a call,
             was accepted by the server in a trial run: minimumRaise became 1.)
  timeout    as duo with playerActionTimeout 5 s (the server's minimum); bob does not act, the
             server checks/folds for him each time; after 150 s (5 s x 30) of his silence the server
             sends TimeoutWarning (timeoutKickAfterAutofold), bob answers ResetTimeout and plays on.
  password   alice creates a game with a password; bob first joins with a wrong one
             (JoinGameFailed invalidPassword), then with the right one.
  ten        a full 10-seat table: alice and bob plus 8 computer players, played to the end
             (small blind 50 to start with, so that it ends sooner).
  reconnect  as duo; in hand 2 bob closes his connection, logs in again with myLastSessionId (his
             old session id), gets InitAck.rejoinGameId, sends RejoinExistingGame and plays on
             (StartEvent rejoinEvent, GameStartRejoin, PlayerIdChanged to the others).
  allin      four scripted players (alice creates a 4-seat game, bob, carol and dave join; no
             computer players), 2000 each, blinds 10/20 that never rise. They play from one plan
             (ALLIN_PLAN below): hand 1 ends with a turn bet nobody calls, hand 2 with a river bet
             nobody calls; then they check every hand down until a pot is split (the cards are
             the server's: as many hands as it takes, at most 50); then a hand where a flop bet
             of 300 is called by one player and checked down (stacks drift apart); then a hand
             where the biggest stack folds and the three others go all in (side pots, the
             biggest all-in's excess back uncalled, and the game goes on); from then on everybody
             goes all in every hand until the game ends.
  frag       WebSocket only (--ws): the solo game, but alice sends every message fragmented into
             2-4 binary frames (binary FIN=0, continuation FIN=0..., continuation FIN=1; cut points
             random, every fragment non-empty) and pings the server: before every third message
             (between messages), between two fragments of every odd-numbered message (then waits
             50 ms, so that the server's pong arrives in the middle of the message), and every 8 s
             while waiting for the server. Each ping has a small payload ("alice ping N"); pongs
             are read as control frames and checked against the pings.

The log (JSON lines) holds one record per message: time, connection, direction, type, length,
payload hex and the decoded message. In the frag scenario each c2s record also has `fragments` (the
number of frames), `fragment_lens` (payload bytes per frame) and, if pings went out since the
previous c2s message, `pings`: [{"after_fragment": k, "payload": text}] (k = 0: before the first
fragment, i.e. between messages; k > 0: after fragment k, inside the message). Pongs are not logged
as records (they are no PokerTH messages); the summary counts them.
"""
import argparse
import json
import random
import socket
import struct
import threading
import time

from google.protobuf import json_format

import pokerth_schema as pb

Msg = pb.PokerTHMessage
TYPE = {v.number: v.name[len("Type_"):] for v in Msg.PokerTHMessageType.DESCRIPTOR.values}
SCENARIOS = ["solo", "duo", "spectator", "kick", "rejected", "timeout", "password", "ten", "reconnect", "frag",
             "allin"]
# allin: what each hand is for. The clients share one plan (they run in one process): the first
# to see a hand's start fixes its phase, from what every client knows by then.
ALLIN_SPLIT_HANDS = 50      # check-down hands at most, waiting for a split pot
PASSWORD = "letmein"


def field(type_name):  # "GameListNewMessage" -> "gameListNewMessage", its field in PokerTHMessage
    return type_name[0].lower() + type_name[1:]


class JsonlLog:
    def __init__(self, path):
        self.f, self.lock, self.t0 = open(path, "w"), threading.Lock(), time.monotonic()

    def __call__(self, **rec):
        with self.lock:
            self.f.write(json.dumps(dict(t=round(time.monotonic() - self.t0, 3), **rec)) + "\n")
            self.f.flush()


class Client:
    def __init__(self, name, port, log, role, game_info, humans, hands, allin_from, deadline, seed, ws=None,
                 scenario="duo", shared=None, password=None):
        self.name, self.log, self.role, self.info = name, log, role, game_info
        self.nick = name            # the player name; `name` labels the connection in the log
        self.humans, self.max_hands, self.allin_from, self.deadline = humans, hands, allin_from, deadline
        self.scenario, self.shared, self.password = scenario, shared if shared is not None else {}, password
        self.port, self.ws_resource = port, ws
        self.rng = random.Random(seed)
        # frag scenario: fragment every message and ping (own RNG, so the game plays as in solo)
        self.frag = scenario == "frag" and ws is not None
        self.frag_rng = random.Random(seed + 1000)
        self.sent = 0               # c2s messages sent on this connection
        self.pings_sent = []        # ping payloads in the order sent
        self.pongs = []             # pong payloads in the order received
        self.pending_pings = []     # pings sent since the last c2s message, for its log record
        self.next_idle_ping = time.monotonic() + 8
        self.connect()
        self.me = self.game = None
        self.joined, self.started, self.leaving, self.done = 1, False, False, False
        self.hand = self.hands_done = 0
        self.sb, self.cash = game_info["firstSmallBlind"], game_info["startMoney"]
        self.highest = self.my_set = self.min_raise = 0
        self.known, self.why = set(), "server closed"
        self.names = {}             # player id -> name, from PlayerInfoReplyMessage
        self.timers = []            # (monotonic time, callable), run from the receive loop
        self.events = []            # notable things that happened, for the summary
        self.session_id = None      # InitAckMessage.yourSessionId (base64, as json_format gives it)
        self.last_session_id = None  # sent as InitMessage.myLastSessionId when reconnecting
        self.reconnect_at_hand = None
        self.connections = 0
        self.idle = False           # timeout scenario: do not act
        self.tricks = []            # rejected scenario: invalid actions still to try
        self.pending = None         # rejected scenario: the valid action to send after a rejection
        self.kicked_dave = self.dave_left = self.asked_kick = self.voted = False
        self.pending_low = None     # rejected scenario: a raise below the minimum, to send next
        self.game_id_seen = None    # spectator: the id of the game to watch
        self.admin_id = None        # the game admin, from GamePlayerJoinedMessage.isGameAdmin
        self.drop = False           # reconnect scenario: close this connection and log in again

    def connect(self):
        self.ws = None
        if self.ws_resource:  # one binary WebSocket message per PokerTHMessage, no length prefix
            import websocket
            self.ws = websocket.create_connection(f"ws://127.0.0.1:{self.port}{self.ws_resource}",
                                                  origin="http://127.0.0.1")
            self.sock = self.ws.sock
        else:
            self.sock = socket.create_connection(("127.0.0.1", self.port))
        self.cport = self.sock.getsockname()[1]
        self.buf = b""

    # -- wire ---------------------------------------------------------------------------------
    def record(self, direction, m, payload, **extra):
        self.log(conn=self.name, client_port=self.cport, dir=direction, type=TYPE[m.messageType],
                 len=len(payload), hex=payload.hex(),
                 msg=json_format.MessageToDict(m, preserving_proto_field_name=True), **extra)

    def ping(self, after_fragment):
        payload = f"{self.nick} ping {len(self.pings_sent) + 1}"
        self.ws.ping(payload)
        self.pings_sent.append(payload.encode())
        self.pending_pings.append({"after_fragment": after_fragment, "payload": payload})

    def send_fragmented(self, payload):
        """Send one binary message as 2-4 frames, with pings before it or between its fragments."""
        from websocket import ABNF
        self.sent += 1
        k = min(self.frag_rng.choice([2, 3, 4]), len(payload))
        cuts = [0] + sorted(self.frag_rng.sample(range(1, len(payload)), k - 1)) + [len(payload)]
        chunks = [payload[a:b] for a, b in zip(cuts, cuts[1:])]
        ping_inside = self.frag_rng.randint(1, k - 1) if self.sent % 2 == 1 else None
        if self.sent % 3 == 0:
            self.ping(0)   # between the previous message and this one
        for i, chunk in enumerate(chunks):
            op = ABNF.OPCODE_BINARY if i == 0 else ABNF.OPCODE_CONT
            self.ws.send_frame(ABNF.create_frame(chunk, op, fin=int(i == k - 1)))
            if i + 1 == ping_inside:
                self.ping(i + 1)
                time.sleep(0.05)   # let the pong come back while the message is still open
        extra = dict(fragments=k, fragment_lens=[len(c) for c in chunks])
        if self.pending_pings:
            extra["pings"], self.pending_pings = self.pending_pings, []
        return extra

    def send(self, type_name, body):
        m = json_format.ParseDict({"messageType": "Type_" + type_name, field(type_name): body}, Msg())
        payload = m.SerializeToString()
        extra = {}
        if self.frag:
            extra = self.send_fragmented(payload)
        elif self.ws:
            self.ws.send_binary(payload)
        else:
            self.sock.sendall(struct.pack(">I", len(payload)) + payload)
        self.record("c2s", m, payload, **extra)

    def receive(self, timeout):
        """Whole messages that arrived within timeout; None once the server has closed."""
        if self.ws:
            return self.receive_ws(timeout)
        self.sock.settimeout(timeout)
        try:
            data = self.sock.recv(65536)
        except socket.timeout:
            return []
        if not data:
            return None
        self.buf += data
        out = []
        while len(self.buf) >= 4 and len(self.buf) >= 4 + struct.unpack(">I", self.buf[:4])[0]:
            n = struct.unpack(">I", self.buf[:4])[0]
            payload, self.buf = self.buf[4:4 + n], self.buf[4 + n:]
            m = Msg.FromString(payload)
            self.record("s2c", m, payload)
            out.append(m)
        return out

    def receive_ws(self, timeout):
        import websocket
        self.ws.settimeout(timeout)
        try:
            op, payload = self.ws.recv_data(control_frame=self.frag)   # frag: see the pongs
        except (websocket.WebSocketTimeoutException, TimeoutError, socket.timeout):
            return []
        except (websocket.WebSocketConnectionClosedException, OSError):
            return None
        if op == websocket.ABNF.OPCODE_CLOSE:
            return None
        if op == websocket.ABNF.OPCODE_PONG:
            self.pongs.append(bytes(payload))
            return []
        if op != websocket.ABNF.OPCODE_BINARY:
            return []
        m = Msg.FromString(payload)
        self.record("s2c", m, payload)
        return [m]

    def later(self, delay, fn):
        self.timers.append((time.monotonic() + delay, fn))

    def run(self):
        while True:
            self.connections += 1
            self.drop = False
            try:
                while not self.done and not self.drop:
                    if time.monotonic() > self.deadline:
                        self.leave("time limit")
                    if time.monotonic() > self.deadline + 15:   # the server never let us go
                        break
                    due = [t for t in self.timers if t[0] <= time.monotonic()]
                    for t in due:
                        self.timers.remove(t)
                        t[1]()
                    if self.frag and not self.leaving and time.monotonic() >= self.next_idle_ping:
                        self.next_idle_ping = time.monotonic() + 8
                        self.ping(0)   # between messages, while waiting for the server
                    msgs = self.receive(0.2)
                    if msgs is None:
                        break
                    for m in msgs:
                        handler = getattr(self, "on_" + TYPE[m.messageType], None)
                        if handler:
                            handler(getattr(m, field(TYPE[m.messageType])))
            finally:
                self.close()
            if not (self.drop and not self.done):
                return
            # reconnect scenario: log in again on a new connection and rejoin the running game
            time.sleep(2)
            self.events.append(f"disconnected in hand {self.hand}, reconnecting")
            self.last_session_id, self.me, self.game = self.session_id, None, None
            self.name = self.nick + "-2"
            self.connect()

    def close(self):
        """Half-close, then read until the server closes too, so the log has all it sent."""
        if self.ws:
            try:  # a WebSocket close handshake, then the server closes the TCP connection
                self.ws.send_close()
                end = time.monotonic() + 5
                while time.monotonic() < end and self.receive(1) is not None:
                    pass
            except Exception:
                pass
            self.ws.shutdown()
            return
        try:
            self.sock.shutdown(socket.SHUT_WR)
            end = time.monotonic() + 5
            while time.monotonic() < end and self.receive(1) is not None:
                pass
        except OSError:
            pass
        self.sock.close()

    # -- lobby --------------------------------------------------------------------------------
    def on_AnnounceMessage(self, a):
        # Guests ("Guest1234") may not chat, so log in unauthenticated: a non-official server
        # takes any nickname that way (serverlobbythread.cpp HandleNetPacketInit).
        init = {"requestedVersion": json_format.MessageToDict(a.protocolVersion),
                "buildId": 0, "login": "unauthenticatedLogin", "nickName": self.nick}
        if self.last_session_id:
            init["myLastSessionId"] = self.last_session_id   # base64 in protobuf's JSON mapping
        self.send("InitMessage", init)

    def on_InitAckMessage(self, a):
        self.me = a.yourPlayerId
        self.session_id = json_format.MessageToDict(a)["yourSessionId"]
        if a.HasField("rejoinGameId"):
            self.events.append(f"InitAck offers rejoin of game {a.rejoinGameId}")
            self.send("RejoinExistingGameMessage", {"gameId": a.rejoinGameId, "autoLeave": False})
            return
        if self.last_session_id:
            self.events.append("InitAck without rejoinGameId")
        self.send("ChatRequestMessage", {"chatText": f"hello lobby, {self.nick} here"})
        if self.role == "create":
            body = {"gameInfo": self.info, "autoLeave": False}
            if self.password:
                body["password"] = self.password
            self.send("JoinNewGameMessage", body)

    def ask_info(self, ids):
        new = sorted(set(ids) - self.known - {self.me})
        if new:
            self.known.update(new)
            self.send("PlayerInfoRequestMessage", {"playerId": new})

    def on_PlayerInfoReplyMessage(self, r):
        if r.HasField("playerInfoData"):
            self.names[r.playerId] = r.playerInfoData.playerName
        self.maybe_kick()

    def on_PlayerListMessage(self, p):
        if p.playerListNotification == p.playerListNew:
            self.ask_info([p.playerId])

    def on_GameListNewMessage(self, g):
        self.ask_info(g.playerIds)
        if g.gameInfo.gameName != self.info["gameName"] or self.game is not None:
            return
        self.admin_id = g.adminPlayerId
        if self.role == "join" and g.gameMode == pb.netGameCreated:
            body = {"gameId": g.gameId}
            if self.scenario == "password":   # first a wrong password, then (on failure) the right one
                body["password"] = "wrong-" + PASSWORD
            self.send("JoinExistingGameMessage", body)
        elif self.role == "spectate":
            self.game_id_seen = g.gameId
            if g.gameMode == pb.netGameStarted:
                self.spectate()

    def on_GameListUpdateMessage(self, u):
        if self.role == "spectate" and u.gameId == self.game_id_seen and u.gameMode == pb.netGameStarted:
            self.later(12, self.spectate)   # join once the first hand is under way

    def spectate(self):
        if self.game is None and not self.leaving:
            self.send("JoinExistingGameMessage", {"gameId": self.game_id_seen, "spectateOnly": True})

    def on_JoinGameAckMessage(self, a):
        self.game = a.gameId
        self.send("ChatRequestMessage", {"targetGameId": self.game, "chatText": f"good luck from {self.nick}"})
        if self.scenario == "kick" and self.nick == "bob":
            # No vote kick before the game runs: the server answers AskKickDenied.
            self.send("AskKickPlayerMessage", {"gameId": self.game, "playerId": self.admin_id})
        self.maybe_start()

    def on_GamePlayerJoinedMessage(self, j):
        self.ask_info([j.playerId])
        if j.isGameAdmin:
            self.admin_id = j.playerId
        if j.playerId != self.me and not self.started:
            self.joined += 1
            self.maybe_start()

    def on_GamePlayerLeftMessage(self, l):
        if not self.started and l.playerId != self.me:
            self.joined -= 1
            if self.scenario == "kick" and self.kicked_dave and not self.dave_left:
                self.events.append(f"player {l.playerId} left, reason {l.gamePlayerLeftReason}")
                self.dave_left = True
                self.humans -= 1
                self.later(1.0, self.maybe_start)

    def maybe_kick(self):
        # kick scenario: alice kicks dave once everyone has joined and she knows who dave is
        if (self.scenario == "kick" and self.role == "create" and self.game and not self.kicked_dave
                and self.joined >= self.humans and "dave" in self.names.values()):
            dave = next(i for i, n in self.names.items() if n == "dave")
            self.kicked_dave = True
            self.send("KickPlayerRequestMessage", {"gameId": self.game, "playerId": dave})

    def maybe_start(self):
        self.maybe_kick()
        if self.scenario == "kick" and not self.dave_left:
            return
        if self.role == "create" and self.game and not self.started and self.joined >= self.humans:
            self.started = True
            self.send("StartEventMessage", {"gameId": self.game, "startEventType": "startEvent",
                                            "fillWithComputerPlayers": True})

    def on_StartEventMessage(self, s):
        self.started = True
        self.send("StartEventAckMessage", {"gameId": s.gameId})

    def on_TimeoutWarningMessage(self, w):
        self.events.append(f"TimeoutWarning reason {w.timeoutReason}, {w.remainingSeconds}s left")
        self.send("ResetTimeoutMessage", {})
        if self.idle:
            self.idle = False
            self.shared["woken"] = self.hand

    def leave(self, why):
        if not self.leaving:
            self.leaving, self.why = True, why
            if self.game:
                self.send("LeaveGameRequestMessage", {"gameId": self.game})
            else:
                self.done = True

    def on_RemovedFromGameMessage(self, r):
        self.events.append(f"RemovedFromGame reason {r.removedFromGameReason}")
        if r.removedFromGameReason == r.kickedFromGame:
            self.why = "kicked"
        self.done = True

    def on_JoinGameFailedMessage(self, f):
        self.events.append(f"JoinGameFailed reason {f.joinGameFailureReason}")
        if self.scenario == "password" and f.joinGameFailureReason == f.invalidPassword:
            self.send("JoinExistingGameMessage", {"gameId": f.gameId, "password": PASSWORD})
            return
        self.why, self.done = f"join failed: {f.joinGameFailureReason}", True

    def on_ErrorMessage(self, e):
        self.why, self.done = f"error {e.errorReason}", True

    # -- kicks --------------------------------------------------------------------------------
    def on_AskKickDeniedMessage(self, d):
        self.events.append(f"AskKickDenied reason {d.kickDeniedReason}")

    def on_StartKickPetitionMessage(self, p):
        self.events.append(f"kick petition {p.petitionId}: {p.proposingPlayerId} wants {p.kickPlayerId} out, "
                           f"{p.numVotesNeededToKick} votes needed")
        if p.proposingPlayerId == self.me:   # the proposer's vote already counts: VoteKickReply
            self.voted = True
            self.send("VoteKickRequestMessage", {"gameId": p.gameId, "petitionId": p.petitionId, "voteKick": True})
        elif p.kickPlayerId == self.me:
            self.voted = True
            self.send("VoteKickRequestMessage", {"gameId": p.gameId, "petitionId": p.petitionId, "voteKick": False})

    def on_KickPetitionUpdateMessage(self, u):
        if not self.voted and u.numVotesAgainstKicking >= 1:
            self.voted = True
            self.send("VoteKickRequestMessage", {"gameId": u.gameId, "petitionId": u.petitionId, "voteKick": True})

    def on_VoteKickReplyMessage(self, r):
        self.events.append(f"VoteKickReply {r.voteKickReplyType}")

    def on_EndKickPetitionMessage(self, e):
        self.events.append(f"kick petition ended: reason {e.petitionEndReason}, kicked {e.resultPlayerKicked}")

    # -- game ---------------------------------------------------------------------------------
    def new_round(self, *_):
        self.highest = self.my_set = 0

    on_DealFlopCardsMessage = on_DealTurnCardMessage = on_DealRiverCardMessage = new_round

    def on_GameStartInitialMessage(self, g):
        if self.scenario == "timeout" and self.nick == "bob":
            self.idle = True   # say nothing until the server warns
        if self.scenario == "rejected" and self.nick == "bob":
            self.tricks = ["notyourturn", "check", "lowraise", "badstate"]
        if self.scenario == "reconnect" and self.nick == "bob":
            self.reconnect_at_hand = 2

    def on_GameStartRejoinMessage(self, g):
        self.events.append(f"GameStartRejoin at hand {g.handNum}" + (" (spectating)" if self.role == "spectate" else ""))
        self.hand = g.handNum

    def on_PlayerIdChangedMessage(self, c):
        self.events.append(f"player id {c.oldPlayerId} -> {c.newPlayerId}")
        self.ask_info([c.newPlayerId])

    def on_HandStartMessage(self, h):
        self.hand, self.sb = self.hand + 1, h.smallBlind
        self.new_round()
        if self.reconnect_at_hand and self.hand == self.reconnect_at_hand and self.connections == 1:
            self.drop = True   # close this connection now; run() logs in again
        if (self.scenario == "kick" and self.role == "create" and self.hand == 2 and not self.asked_kick
                and "carol" in self.names.values()):
            self.asked_kick = True
            carol = next(i for i, n in self.names.items() if n == "carol")
            self.send("AskKickPlayerMessage", {"gameId": self.game, "playerId": carol})

    def on_PlayersActionDoneMessage(self, a):
        self.highest, self.min_raise = a.highestSet, a.minimumRaise
        if a.playerId == self.me:
            self.my_set, self.cash = a.totalPlayerBet, a.playerMoney

    def act(self, t, act, bet, state=None):
        self.send("MyActionRequestMessage", {"gameId": self.game, "handNum": self.hand,
                                             "gameState": t.gameState if state is None else state,
                                             "myAction": act, "myRelativeBet": bet})

    def allin_phase(self):
        """The phase of the current hand in the allin scenario (see the docstring)."""
        phases = self.shared.setdefault("phases", {})
        if self.hand not in phases:
            split_at = self.shared.get("split_at")
            if self.hand == 1:
                phase = "turnbet"
            elif self.hand == 2:
                phase = "riverbet"
            elif split_at is None and self.hand <= 2 + ALLIN_SPLIT_HANDS:
                phase = "checkdown"
            elif self.shared.setdefault("flopbet_at", self.hand) == self.hand:
                phase = "flopbet"
            elif self.shared.setdefault("sidepot_at", self.hand) == self.hand:
                phase = "sidepot"
            else:
                phase = "shove"
            phases[self.hand] = phase
            self.events.append(f"hand {self.hand}: {phase}")
        return phases[self.hand]

    def choose_allin(self, state):
        """The allin scenario's action: the plan of the hand's phase."""
        to_call = self.highest - self.my_set
        phase = self.allin_phase()
        street = {pb.netStatePreflop: "preflop", pb.netStateFlop: "flop", pb.netStateTurn: "turn",
                  pb.netStateRiver: "river"}.get(state)

        def call_or_check():
            if to_call <= 0:
                return "netActionCheck", 0
            if to_call >= self.cash:
                return "netActionAllIn", self.cash
            return "netActionCall", to_call

        if phase == "sidepot":
            # the biggest stack folds, the others go all in: the game goes on after this hand
            cash = self.shared.get("cash", {})
            biggest = max(sorted(cash), key=lambda n: cash[n]) if cash else None
            if self.nick == biggest:
                return ("netActionCheck", 0) if to_call <= 0 else ("netActionFold", 0)
            return "netActionAllIn", self.cash
        if phase == "shove":
            return "netActionAllIn", self.cash
        betting_street = {"turnbet": "turn", "riverbet": "river", "flopbet": "flop"}.get(phase)
        if street == betting_street:
            bet = {"turnbet": 100, "riverbet": 150, "flopbet": 300}[phase]
            if self.highest == 0:   # the first to act bets
                if bet >= self.cash:
                    return "netActionAllIn", self.cash
                return "netActionBet", bet
            if phase == "flopbet" and self.shared.setdefault(("caller", self.hand), self.me) == self.me:
                return call_or_check()   # the first to face the flop bet calls it
            return "netActionFold", 0
        return call_or_check()

    def choose(self, state=None):
        if self.scenario == "allin":
            return self.choose_allin(state)
        to_call, r = self.highest - self.my_set, self.rng.random()
        allin_from = self.allin_from
        if self.scenario == "timeout":   # keep the game going until bob has been warned
            allin_from = self.shared["woken"] + 2 if "woken" in self.shared else 99
        if self.hands_done + 1 >= allin_from:   # push all in late on, so that the game ends
            return "netActionAllIn", self.cash
        if to_call <= 0:
            if self.highest == 0 and r < 0.3 and self.cash >= 2 * self.sb:
                return "netActionBet", 2 * self.sb
            return "netActionCheck", 0
        if to_call >= self.cash:
            return "netActionAllIn", self.cash
        if r < 0.1:
            return "netActionFold", 0
        if r < 0.3 and to_call + self.min_raise <= self.cash:
            return "netActionRaise", to_call + self.min_raise   # relative: call plus the raise
        return "netActionCall", to_call

    def on_PlayersTurnMessage(self, t):
        if self.leaving or self.role == "spectate":
            return
        if t.playerId != self.me:
            if self.tricks and self.tricks[0] == "notyourturn" and t.playerId in self.names \
                    and self.names[t.playerId] == "alice":
                self.tricks.pop(0)
                self.act(t, "netActionCall", max(self.highest - self.my_set, 0))   # not my turn
            return
        if self.idle:
            return   # let the server's playerActionTimeout expire
        act, bet = self.choose(t.gameState)
        to_call = self.highest - self.my_set
        if self.tricks and self.tricks[0] in ("check", "lowraise") and 0 < to_call < self.cash - 2 * self.sb \
                and act != "netActionAllIn":
            # check while a bet is pending; then raise by less than the minimum; then the real action
            self.pending = (t, act, bet)
            self.tricks.pop(0)
            if self.tricks and self.tricks[0] == "lowraise":
                self.tricks.pop(0)
                self.pending_low = (t, max(1, self.min_raise // 2))   # a raise of half the minimum
            self.act(t, "netActionCheck", 0)
            return
        if self.tricks and self.tricks[0] == "badstate":
            self.tricks.pop(0)
            self.pending = (t, act, bet)
            wrong = pb.netStateRiver if t.gameState != pb.netStateRiver else pb.netStateFlop
            self.act(t, act, bet, state=wrong)
            return
        if self.scenario == "rejected" and self.nick == "alice" and not self.shared.get("alice_slow"):
            self.shared["alice_slow"] = True   # think a while, so that bob's out-of-turn action arrives first
            self.later(2.0, lambda: self.act(t, act, bet))
            return
        self.act(t, act, bet)

    def on_YourActionRejectedMessage(self, r):
        self.events.append(f"YourActionRejected: action {r.yourAction} bet {r.yourRelativeBet} "
                           f"state {r.gameState} reason {r.rejectionReason}")
        if self.pending_low:
            t, bet = self.pending_low
            self.pending_low = None
            self.act(t, "netActionRaise", bet)   # below the minimum raise
            return
        if self.pending:
            t, act, bet = self.pending
            self.pending = None
            self.act(t, act, bet)
            return
        if r.rejectionReason == r.rejectedActionNotAllowed and r.yourAction != pb.netActionFold:
            self.send("MyActionRequestMessage", {"gameId": self.game, "handNum": self.hand,
                                                 "gameState": r.gameState, "myAction": "netActionFold",
                                                 "myRelativeBet": 0})

    def finish_hand(self):
        self.hands_done += 1
        if self.hands_done == 1 and self.role == "create":
            self.send("ShowMyCardsRequestMessage", {})   # answered by AfterHandShowCardsMessage
        if self.hands_done >= self.max_hands:   # (a busted player stays and watches to the end)
            self.leave(f"{self.hands_done} hands played")

    def on_EndOfHandHideCardsMessage(self, e):
        if e.playerId == self.me:
            self.cash = e.playerMoney
        self.end_hand()

    def end_hand(self):
        if self.scenario == "allin":   # each player's money after the hand, for the next's plan
            self.shared.setdefault("cash", {})[self.nick] = self.cash
        self.finish_hand()

    def on_EndOfHandShowCardsMessage(self, e):
        for res in e.playerResults:
            if res.playerId == self.me:
                self.cash = res.playerMoney
        if (self.scenario == "allin" and self.shared.get("phases", {}).get(self.hand) == "checkdown"
                and sum(res.moneyWon > 0 for res in e.playerResults) > 1):
            # everybody put in the same: more than one winner is a split pot
            if self.shared.setdefault("split_at", self.hand) == self.hand:
                self.events.append(f"hand {self.hand}: split pot "
                                   f"{[(r.playerId, r.moneyWon) for r in e.playerResults]}")
        self.end_hand()

    def on_EndOfGameMessage(self, e):
        self.leave("game over, winner %d%s" % (e.winnerPlayerId, " (me)" if e.winnerPlayerId == self.me else ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", type=int, required=True)
    ap.add_argument("--log", required=True)
    ap.add_argument("--scenario", choices=SCENARIOS, default="solo")
    ap.add_argument("--hands", type=int, default=15, help="leave after this many hands")
    ap.add_argument("--allin-from", type=int, default=6, help="go all in from this hand on")
    ap.add_argument("--seconds", type=float, help="leave after this long (default 400, timeout/ten 600)")
    ap.add_argument("--seed", type=int, default=7234)
    ap.add_argument("--ws", metavar="RESOURCE", help="connect over WebSocket to this resource (e.g. /pokerthwebsocket)")
    a = ap.parse_args()

    sc = a.scenario
    seats = {"solo": 3, "duo": 4, "spectator": 3, "kick": 5, "rejected": 4, "timeout": 3, "password": 4,
             "ten": 10, "reconnect": 4, "frag": 3, "allin": 4}[sc]
    info = dict(gameName=f"pcap test {sc}", netGameType="normalGame", maxNumPlayers=seats,
                raiseIntervalMode="raiseOnHandNum", raiseEveryHands=1, endRaiseMode="doubleBlinds",
                proposedGuiSpeed=11, delayBetweenHands=5, playerActionTimeout=20,  # server minima
                firstSmallBlind=20, startMoney=1000, allowSpectators=True)
    allin_from = a.allin_from
    if sc == "timeout":   # 5 s is the least the server accepts (ServerGame::CheckSettings)
        info.update(playerActionTimeout=5, raiseEveryHands=3, firstSmallBlind=10, startMoney=3000)
    if sc == "ten":   # ten stacks take long to collect: start with higher blinds
        info.update(firstSmallBlind=50)
        allin_from = min(allin_from, 4)
    hands = a.hands
    if sc == "allin":   # blinds that never rise, so that the plan decides; played to the end
        info.update(firstSmallBlind=10, startMoney=2000, raiseEveryHands=1000)
        hands = max(hands, 1000)
    seconds = a.seconds or (600 if sc in ("timeout", "ten") else 1800 if sc == "allin" else 400)
    log, deadline = JsonlLog(a.log), time.monotonic() + seconds
    if sc == "frag" and not a.ws:
        ap.error("the frag scenario needs --ws (run.sh: WS=1 ./run.sh frag)")
    players = {"solo": [("alice", "create")], "frag": [("alice", "create")],
               "spectator": [("alice", "create"), ("bob", "join"), ("carol", "spectate")],
               "kick": [("alice", "create"), ("bob", "join"), ("carol", "join"), ("dave", "join")],
               "allin": [("alice", "create"), ("bob", "join"), ("carol", "join"), ("dave", "join")],
               }.get(sc, [("alice", "create"), ("bob", "join")])
    humans = sum(role != "spectate" for _, role in players)
    shared = {}
    clients = []
    for i, (name, role) in enumerate(players):
        clients.append(Client(name, a.port, log, role, info, humans, 3 if role == "spectate" else hands, allin_from, deadline, a.seed + i, a.ws,
                              scenario=sc, shared=shared, password=PASSWORD if sc == "password" else None))
        time.sleep(0.3)   # log in one after the other, in a fixed order
    threads = [threading.Thread(target=c.run) for c in clients]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    ok = True
    for c in clients:
        print(f"{c.nick}: player {c.me}, port {c.cport}, game {c.game}, hands {c.hands_done}, "
              f"cash {c.cash}, ended: {c.why}")
        for e in c.events:
            print(f"    {e}")
        if c.frag:
            same = c.pongs == c.pings_sent
            print(f"    frag: {c.sent} messages fragmented, {len(c.pings_sent)} pings sent, {len(c.pongs)} pongs "
                  f"received, payloads {'match' if same else 'DIFFER'}")
            ok &= same and c.sent > 0
        expect_kicked = sc == "kick" and c.nick in ("carol", "dave")
        ok &= (c.why == "kicked") if expect_kicked else c.hands_done > 0
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
