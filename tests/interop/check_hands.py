#!/usr/bin/env python3
"""Checks cardshark's hand histories with other people's tools.

Usage: check_hands.py TEXT_FILE JSON_FILE

- TEXT_FILE (`cardshark hands --format text`): every hand must parse with
  pokerkit's PokerStarsParser (errors raised, not warned) and replay there
  to its end. pokerkit's parser knows only "Hold'em No Limit"; fixed-limit
  hands ("Hold'em Limit") are parsed by a subclass that differs only in
  accepting that variant name, and replayed under no-limit rules (a legal
  fixed-limit action sequence is legal there too).
- JSON_FILE (`cardshark hands --format json`): every line an object
  {"ohh": {...}} that must validate against ohh-pydantic's OpenHandHistory.

Prints one JSON object: {"text": {HAND: {PLAYER: FINAL_STACK}}, "ohh": N}
with pokerkit's final stacks after its own replay (the Rust test compares
them with the server's), and exits 1 on the first failure.
"""

import json
import re
import sys

from open_hh_models.models import OpenHandHistory
from pokerkit import PokerStarsParser


class LimitAwarePokerStarsParser(PokerStarsParser):
    """PokerStarsParser that also takes "Hold'em Limit" hands."""

    VARIANT = re.compile(r" (?P<variant>Hold'em (No )?Limit) ")
    VARIANTS = {"Hold'em No Limit": "NT", "Hold'em Limit": "NT"}


def check_text(text):
    stacks = {}
    hands = [h for h in re.split(r"\n{3,}", text.strip()) if h.strip()]
    for raw in hands:
        number = re.match(r"PokerStars Hand #(\d+):", raw).group(1)
        parser = PokerStarsParser() if "Hold'em No Limit" in raw else LimitAwarePokerStarsParser()
        parsed = list(parser(raw + "\n", error_status=True))
        if len(parsed) != 1:
            raise SystemExit(f"hand {number}: pokerkit parsed {len(parsed)} hands")
        hh = parsed[0]
        states = list(hh)  # replays every action; raises on an illegal one
        final = states[-1]
        if final.status:
            raise SystemExit(f"hand {number}: pokerkit's replay does not reach the end")
        stacks[number] = dict(zip(hh.players, final.stacks))
    return stacks


def check_json(lines):
    n = 0
    for line in lines:
        if line.strip():
            OpenHandHistory(**json.loads(line)["ohh"])
            n += 1
    return n


def main():
    text_file, json_file = sys.argv[1], sys.argv[2]
    with open(text_file, encoding="utf-8") as f:
        stacks = check_text(f.read())
    with open(json_file, encoding="utf-8") as f:
        n = check_json(f.readlines())
    print(json.dumps({"text": stacks, "ohh": n}, sort_keys=True))


if __name__ == "__main__":
    main()
