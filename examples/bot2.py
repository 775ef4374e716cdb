#!/usr/bin/env python3
"""A complete bot for bot protocol 2 (docs/bots.md) in Python 3, standard library only.

It is started once and plays every game the host gives it: it says so in its ready line, then each game
opens with a "newGame" line (the game's number, its seat, a seed), asks "decide" lines naming the game and
ends with an "over" line; the process stays for the next game. Piece ids are seat-relative: its own pieces
are 0-9, the enemy's 10-19, whichever seat it plays. Each answer is one line on stdout: the index of the
chosen action in "legalActions". Anything for people goes to stderr.
    npx pirates tournament --bots heuristic,cmd:"python3 examples/bot2.py" --games 4
It raids an empty deck when it can and otherwise chooses at random, seeded by the game's seed so the same
tournament key gives the same games. (examples/bot.py is the same bot in protocol 1, a process a game.)
"""
import json
import random
import sys

# Before anything else: the host then speaks protocol 2 to this process.
print(json.dumps({"type": "ready", "protocol": 2}), flush=True)

rngs = {}  # game number -> its random generator

for text in sys.stdin:
    line = json.loads(text)
    if line.get("protocol") != 2:
        # The host may have written a protocol-1 line before it read the ready line: not for us.
        continue
    if line["type"] == "newGame":
        rngs[line["game"]] = random.Random(line["seed"])
    elif line["type"] == "decide":
        rng = rngs[line["game"]]
        actions = line["legalActions"]
        raids = [i for i, action in enumerate(actions) if action["type"] == "raid"]
        choice = raids[0] if raids else rng.randrange(len(actions))
        # One line per decision, flushed at once: the host waits for it.
        print(choice, flush=True)
    elif line["type"] == "over":
        rngs.pop(line["game"], None)
        print("bot2.py: game", line["game"], (line.get("outcome") or {}).get("message"), file=sys.stderr)
