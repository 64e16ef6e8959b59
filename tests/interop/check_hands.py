#!/usr/bin/env python3
"""Checks cardshark's hand histories with other people's tools, and checks
the Open Hand History rules those tools do not.

Usage: check_hands.py [--text TEXT_FILE] [--ohh OHH_FILE] [--folder DIR]

- TEXT_FILE (`cardshark hands --format text`): every hand must parse with
  pokerkit's PokerStarsParser (errors raised, not warned) and replay there,
  action by action, to its end. pokerkit's parser knows only "Hold'em No
  Limit"; fixed-limit hands ("Hold'em Limit") are parsed by a subclass that
  differs only in accepting that variant name, and replayed under no-limit
  rules (a legal fixed-limit action sequence is legal there too).
- OHH_FILE (`cardshark hands --format ohh`): the specification's storage
  format, objects {"ohh": {...}} separated by exactly one blank line. Every
  object must validate against ohh-pydantic's OpenHandHistory model (OHH
  1.4.6) and pass the checks below, which follow the specification
  (https://hh-specs.handhistory.org) where ohh-pydantic does not check it.

ohh-pydantic 0.1.1 requires an `action` key inside `bet_limit` that the
specification does not have (its <bet_limit_obj> is {bet_type, bet_cap}).
cardshark follows the specification; this checker adds the key to its own
copy of each object, just before handing it to ohh-pydantic, and nowhere
else.

- DIR (`cardshark hands --format text|ohh -o DIR`, a tracker's import
  folder): every `.txt` file under it is checked as TEXT_FILE, every `.ohh`
  file as OHH_FILE, each read under a shared flock (cardshark appends under
  an exclusive one), so a folder being written is read between two hands.

Prints one JSON object:
  {"text": [{"number": "500", "stacks": {PLAYER: FINAL_STACK}}, ...],
   "ohh": {"objects": N, "complete": C},
   "folder": {"text_files": F, "text_hands": H, "ohh_files": G, "ohh_objects": O}}
with pokerkit's final stacks after its own replay, in the file's order (the
Rust test compares them with the server's), and exits 1 with a message on
stderr at the first failure.
"""

import argparse
import copy
import fcntl
import json
import os
import re
import sys
from decimal import Decimal

from open_hh_models.models import OpenHandHistory
from pokerkit import PokerStarsParser

# The specification's keys. <standardized_hand_history> (top level): every
# key is required unless the specification says otherwise.
TOP_REQUIRED = {
    "spec_version", "site_name", "network_name", "internal_version",
    "game_number", "start_date_utc", "table_name", "game_type", "bet_limit",
    "table_size", "currency", "dealer_seat", "small_blind_amount",
    "big_blind_amount", "players", "rounds", "pots",
}
TOP_OPTIONAL = {
    "tournament", "tournament_info", "table_handle", "table_skin",
    "ante_amount", "hero_player_id", "flags", "tournament_bounties",
}
# The one key of cardshark's own.
EXTENSION = "cardshark"
BET_LIMIT = {"bet_type", "bet_cap"}
PLAYER = {"id", "seat", "name", "display", "starting_stack", "player_bounty", "is_sitting_out"}
ROUND = {"id", "street", "cards", "actions"}
ACTION = {"action_number", "player_id", "action", "amount", "is_allin", "cards"}
POT = {"number", "amount", "rake", "jackpot", "player_wins"}
PLAYER_WIN = {"player_id", "win_amount", "cashout_amount", "cashout_fee", "bonus_amount", "contributed_rake"}
# <action_obj> action: the specification's list.
ACTIONS = {
    "Dealt Cards", "Mucks Cards", "Shows Cards", "Post Ante", "Post SB",
    "Post BB", "Straddle", "Post Dead", "Post Extra Blind", "Fold", "Check",
    "Bet", "Raise", "Call", "Added Chips", "Sits Down", "Stands Up",
    "Add to Pot",
}
# Actions that put chips in: "required for Bet and Raise or Call actions".
AMOUNT_REQUIRED = {"Bet", "Raise", "Call", "Post Ante", "Post SB", "Post BB"}
STREETS = ["Preflop", "Flop", "Turn", "River", "Showdown"]
FLAGS = {"Run_It_Twice", "Anonymous", "Observed", "Fast", "Cap"}
CARD = re.compile(r"^[AKQJT98765432][hsdc]$")


class Invalid(Exception):
    pass


class AnteAwarePokerStarsParser(PokerStarsParser):
    """PokerStarsParser that reads antes: pokerkit 0.7.7's PokerStars parser
    leaves its ANTE_POSTING pattern unmatchable, so "X: posts the ante 5"
    lines (PokerStars' own wording) would be dropped and the replay would
    lose their chips; its game engine plays antes."""

    ANTE_POSTING = re.compile(r"^(?P<player>.+): posts the ante \D?(?P<ante>[0-9.,]+)")


class LimitAwarePokerStarsParser(AnteAwarePokerStarsParser):
    """The same, that also takes "Hold'em Limit" hands."""

    VARIANT = re.compile(r" (?P<variant>Hold'em (No )?Limit) ")
    VARIANTS = {"Hold'em No Limit": "NT", "Hold'em Limit": "NT"}


DEAD = re.compile(r"^(?P<player>.+): posts small & big blinds (?P<amount>\d+)$", re.M)


def dead_blinds_as_dead_money(raw, number):
    """pokerkit has no blind posted out of the blind seats ("X: posts small &
    big blinds 30", a returning player's big blind and the small blind he
    missed). When X folds at his next turn every chip he posted is dead
    money, which pokerkit plays as an ante: the line becomes one (added to
    his ante, if any). Otherwise pokerkit cannot replay the hand: fail."""
    for m in list(DEAD.finditer(raw)):
        player, amount = m["player"], int(m["amount"])
        later = [line for line in raw[m.end():].splitlines()
                 if line.startswith(player + ": ") and " posts " not in line]
        if later and later[0] != player + ": folds":
            raise Invalid(f"hand {number}: {player} posts a blind out of the blind seats and acts "
                          f"again ({later[0]!r}): pokerkit cannot model it")
        ante = re.search(rf"^{re.escape(player)}: posts the ante (\d+)$", raw, re.M)
        total = amount + (int(ante.group(1)) if ante else 0)
        raw = raw.replace(m.group(0), f"{player}: posts the ante {total}")
        if ante:
            raw = raw.replace(ante.group(0), "", 1)
    return raw


def check_text(text):
    """Parses and replays every hand; returns [{number, stacks}] in order."""
    out = []
    hands = [h for h in re.split(r"\n{3,}", text.strip()) if h.strip()]
    for raw in hands:
        m = re.match(r"PokerStars Hand #(\d+):", raw)
        if not m:
            raise Invalid(f"not a PokerStars hand: {raw[:80]!r}")
        number = m.group(1)
        raw = dead_blinds_as_dead_money(raw, number)
        no_limit = "Hold'em No Limit" in raw
        parser = AnteAwarePokerStarsParser() if no_limit else LimitAwarePokerStarsParser()
        try:
            parsed = list(parser(raw + "\n", error_status=True))
        except Exception as e:  # pokerkit raises what it raises
            raise Invalid(f"hand {number}: pokerkit cannot parse it: {e!r}") from e
        if len(parsed) != 1:
            raise Invalid(f"hand {number}: pokerkit parsed {len(parsed)} hands")
        hh = parsed[0]
        try:
            states = list(hh)  # replays every action; raises on an illegal one
        except Exception as e:
            raise Invalid(f"hand {number}: pokerkit cannot replay it: {e!r}") from e
        final = states[-1]
        if final.status:
            raise Invalid(f"hand {number}: pokerkit's replay does not reach the end")
        out.append({"number": number, "stacks": dict(zip(hh.players, final.stacks))})
    return out


def storage_objects(text):
    """The objects of a file in the storage format: one blank line between
    objects, nothing else between them."""
    if not text:
        return []
    if not text.endswith("\n") or text.endswith("\n\n"):
        raise Invalid("storage format: the file must end with the last object and one newline")
    if "\n\n\n" in text:
        raise Invalid("storage format: objects must be separated by exactly one blank line")
    chunks = text[:-1].split("\n\n")
    objects = []
    for i, chunk in enumerate(chunks):
        if not chunk.strip():
            raise Invalid(f"storage format: object {i} is empty")
        try:
            objects.append(json.loads(chunk))
        except json.JSONDecodeError as e:
            raise Invalid(f"storage format: object {i} is not one JSON object: {e}") from e
    return objects


def is_decimal(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def is_integer(v):
    return isinstance(v, int) and not isinstance(v, bool)


def only(obj, allowed, where):
    if not isinstance(obj, dict):
        raise Invalid(f"{where}: not an object")
    extra = set(obj) - allowed
    if extra:
        raise Invalid(f"{where}: keys outside the specification: {sorted(extra)}")


def decimal(obj, key, where, required=True):
    if key not in obj:
        if required:
            raise Invalid(f"{where}: `{key}` is required")
        return Decimal(0)
    v = obj[key]
    if not is_decimal(v):
        raise Invalid(f"{where}: `{key}` must be a decimal (a JSON number), not {v!r}")
    return Decimal(str(v))


def integer(obj, key, where, required=True):
    if key not in obj:
        if required:
            raise Invalid(f"{where}: `{key}` is required")
        return None
    v = obj[key]
    if not is_integer(v):
        raise Invalid(f"{where}: `{key}` must be an integer, not {v!r}")
    return v


def no_null(v, where):
    if v is None:
        raise Invalid(f"{where}: null")
    if isinstance(v, dict):
        for k, x in v.items():
            no_null(x, f"{where}.{k}")
    elif isinstance(v, list):
        for i, x in enumerate(v):
            no_null(x, f"{where}[{i}]")


def cards(v, where):
    if not isinstance(v, list) or not all(isinstance(c, str) and CARD.match(c) for c in v):
        raise Invalid(f"{where}: not a list of card strings: {v!r}")


def check_spec(h, where):
    """The specification's rules that ohh-pydantic does not check."""
    only(h, TOP_REQUIRED | TOP_OPTIONAL | {EXTENSION}, where)
    missing = TOP_REQUIRED - set(h)
    if missing:
        raise Invalid(f"{where}: required keys missing: {sorted(missing)}")
    ext = h.get(EXTENSION)
    if not isinstance(ext, dict):
        raise Invalid(f"{where}: the `{EXTENSION}` extension object is missing")
    # No null where the specification has a value: cardshark leaves an
    # optional key out instead.
    no_null({k: v for k, v in h.items() if k != EXTENSION}, where)
    if h["spec_version"] != "1.4.6":
        raise Invalid(f"{where}: spec_version {h['spec_version']!r}")
    if not isinstance(h["game_number"], str) or not h["game_number"]:
        raise Invalid(f"{where}: game_number must be a non-empty string")
    if not re.fullmatch(r"[A-Z]{3}", str(h["currency"])):
        raise Invalid(f"{where}: currency {h['currency']!r} is not a three-letter code")
    only(h["bet_limit"], BET_LIMIT, f"{where}.bet_limit")
    if h["bet_limit"].get("bet_type") not in ("NL", "PL", "FL"):
        raise Invalid(f"{where}: bet_type {h['bet_limit'].get('bet_type')!r}")
    decimal(h["bet_limit"], "bet_cap", f"{where}.bet_limit", required=False)
    for k in ("small_blind_amount", "big_blind_amount"):
        decimal(h, k, where)
    decimal(h, "ante_amount", where, required=False)
    table_size = integer(h, "table_size", where)
    integer(h, "dealer_seat", where)
    for f in h.get("flags", []):
        if f not in FLAGS:
            raise Invalid(f"{where}: flag {f!r} is not one of the specification's")
    if "tournament" in h and not isinstance(h["tournament"], bool):
        raise Invalid(f"{where}: tournament must be a boolean")

    ids = set()
    for i, p in enumerate(h["players"]):
        w = f"{where}.players[{i}]"
        only(p, PLAYER, w)
        pid = integer(p, "id", w)
        seat = integer(p, "seat", w)
        if not 1 <= seat <= min(table_size, 10):
            raise Invalid(f"{w}: seat {seat} outside 1..{min(table_size, 10)}")
        if not isinstance(p.get("name"), str):
            raise Invalid(f"{w}: name must be a string")
        decimal(p, "starting_stack", w)
        if pid in ids:
            raise Invalid(f"{w}: player id {pid} twice")
        ids.add(pid)
    if "hero_player_id" in h and h["hero_player_id"] not in ids:
        raise Invalid(f"{where}: hero_player_id {h['hero_player_id']} is not a player")

    rounds = h["rounds"]
    if not rounds or rounds[0].get("street") != "Preflop" or rounds[0].get("id") != 0:
        raise Invalid(f"{where}: every hand must have one round 0 (Preflop)")
    last_action = 0
    last_street = -1
    for i, r in enumerate(rounds):
        w = f"{where}.rounds[{i}]"
        only(r, ROUND, w)
        if r.get("id") != i:
            raise Invalid(f"{w}: round ids must count up from 0 (got {r.get('id')!r})")
        street = r.get("street")
        if street not in STREETS or STREETS.index(street) <= last_street:
            raise Invalid(f"{w}: street {street!r} out of place")
        last_street = STREETS.index(street)
        if "cards" in r:
            cards(r["cards"], f"{w}.cards")
        for j, a in enumerate(r["actions"]):
            wa = f"{w}.actions[{j}]"
            only(a, ACTION, wa)
            n = integer(a, "action_number", wa)
            if n <= last_action:
                raise Invalid(f"{wa}: action_number {n} does not follow {last_action}")
            last_action = n
            name = a.get("action")
            if name not in ACTIONS:
                raise Invalid(f"{wa}: action {name!r} is not one of the specification's")
            if name == "Bet" and street == "Preflop":
                raise Invalid(f"{wa}: \"Bet\" is not a valid pre-flop action")
            if name == "Shows Cards" and street != "Showdown":
                raise Invalid(f"{wa}: Shows Cards belongs in the Showdown round")
            pid = integer(a, "player_id", wa, required=name != "Add to Pot")
            if pid is not None and pid not in ids:
                raise Invalid(f"{wa}: player {pid} is not a player of the hand")
            amount = decimal(a, "amount", wa, required=name in AMOUNT_REQUIRED)
            if amount < 0:
                raise Invalid(f"{wa}: negative amount")
            if "is_allin" in a and not isinstance(a["is_allin"], bool):
                raise Invalid(f"{wa}: is_allin must be a boolean")
            if "cards" in a:
                cards(a["cards"], f"{wa}.cards")
            elif name in ("Dealt Cards", "Shows Cards"):
                raise Invalid(f"{wa}: {name} without cards")

    complete = ext.get("complete") is True
    for i, p in enumerate(h["pots"]):
        w = f"{where}.pots[{i}]"
        only(p, POT, w)
        if integer(p, "number", w) != i:
            raise Invalid(f"{w}: pot numbers must count up from 0 (the main pot)")
        amount = decimal(p, "amount", w)
        rake = decimal(p, "rake", w, required=False)
        jackpot = decimal(p, "jackpot", w, required=False)
        won = Decimal(0)
        for j, pw in enumerate(p.get("player_wins", [])):
            wp = f"{w}.player_wins[{j}]"
            only(pw, PLAYER_WIN, wp)
            if integer(pw, "player_id", wp) not in ids:
                raise Invalid(f"{wp}: not a player of the hand")
            won += decimal(pw, "win_amount", wp)
        # "The total amount in the pot (including rake)": what was won and
        # raked makes the pot, for a hand the capture holds whole.
        if complete and won + rake + jackpot != amount:
            raise Invalid(f"{w}: amount {amount} is not the wins {won} + rake {rake} + jackpot {jackpot}")


def validate_with_ohh_pydantic(h, where):
    """ohh-pydantic's model of OHH 1.4.6, on a copy of the object."""
    mine = copy.deepcopy(h)
    mine.pop(EXTENSION, None)
    # ohh-pydantic 0.1.1 bug: its BetLimit model requires an `action` key
    # ('Dealt Cards' | 'PotLimit' | 'FixedLimit') that the specification's
    # <bet_limit_obj> does not have. Supplied here only, to get past it.
    mine["bet_limit"]["action"] = {
        "NL": "Dealt Cards",
        "PL": "PotLimit",
        "FL": "FixedLimit",
    }[mine["bet_limit"]["bet_type"]]
    try:
        OpenHandHistory(**mine)
    except Exception as e:
        raise Invalid(f"{where}: ohh-pydantic rejects it: {e}") from e


def check_ohh(text):
    objects = storage_objects(text)
    numbers = set()
    complete = 0
    for i, o in enumerate(objects):
        where = f"object {i}"
        if not isinstance(o, dict) or set(o) != {"ohh"}:
            raise Invalid(f"{where}: must be {{\"ohh\": {{...}}}}")
        h = o["ohh"]
        where = f"object {i} (game_number {h.get('game_number')!r})"
        check_spec(h, where)
        validate_with_ohh_pydantic(h, where)
        if h["game_number"] in numbers:
            raise Invalid(f"{where}: game_number not unique in the file")
        numbers.add(h["game_number"])
        complete += h[EXTENSION]["complete"] is True
    return {"objects": len(objects), "complete": complete}


def read_locked(path):
    """The file's text, read under a shared flock."""
    with open(path, encoding="utf-8") as f:
        fcntl.flock(f.fileno(), fcntl.LOCK_SH)
        try:
            return f.read()
        finally:
            fcntl.flock(f.fileno(), fcntl.LOCK_UN)


def check_folder(root):
    """Checks every session file of a tracker folder; counts them."""
    out = {"text_files": 0, "text_hands": 0, "ohh_files": 0, "ohh_objects": 0}
    for d, _, names in sorted(os.walk(root)):
        for name in sorted(names):
            path = os.path.join(d, name)
            try:
                if name.endswith(".txt"):
                    out["text_hands"] += len(check_text(read_locked(path)))
                    out["text_files"] += 1
                elif name.endswith(".ohh"):
                    out["ohh_objects"] += check_ohh(read_locked(path))["objects"]
                    out["ohh_files"] += 1
            except Invalid as e:
                raise Invalid(f"{path}: {e}") from e
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--text", help="hands in PokerStars text (cardshark hands --format text)")
    ap.add_argument("--ohh", help="hands in OHH storage format (cardshark hands --format ohh)")
    ap.add_argument("--folder", help="a tracker folder (cardshark hands --format text|ohh -o DIR)")
    args = ap.parse_args()
    result = {}
    try:
        if args.text:
            with open(args.text, encoding="utf-8") as f:
                result["text"] = check_text(f.read())
        if args.ohh:
            with open(args.ohh, encoding="utf-8") as f:
                result["ohh"] = check_ohh(f.read())
        if args.folder:
            result["folder"] = check_folder(args.folder)
    except Invalid as e:
        print(f"check_hands.py: {e}", file=sys.stderr)
        sys.exit(1)
    print(json.dumps(result, sort_keys=True))


if __name__ == "__main__":
    main()
