#!/usr/bin/env python3
"""A complete bot for bot protocol 2 (docs/bots.md) in Python 3, standard library only.

It is started once and plays every game the host gives it: it says so in its ready line, then each game
opens with a "newGame" line (the game's number, its seat, a seed), asks "decide" lines naming the game and
ends with an "over" line; the process stays for the next game. Piece ids are seat-relative: its own pieces
are 0-9, the enemy's 10-19, whichever seat it plays. Each answer is one line on stdout: the index of the
chosen action in "legalActions", or with --index (integer actions, docs/learn.md) one of the integers in
"legal". Anything for people goes to stderr.
    npx pirates tournament --bots heuristic,cmd:"python3 examples/bot2.py" --games 4
    npx pirates tournament --bots heuristic,cmd:"python3 examples/bot2.py --index" --games 4
It raids an empty deck when it can and otherwise chooses at random, seeded by the game's seed so the same
tournament key gives the same games. (examples/bot.py is the same bot in protocol 1, a process a game.)
"""
import json
import random
import sys

INDEX = "--index" in sys.argv[1:]

# Before anything else: the host then speaks protocol 2 to this process.
ready = {"type": "ready", "protocol": 2}
if INDEX:
    ready["actions"] = "index"
print(json.dumps(ready), flush=True)

games = {}  # game number -> its random generator, and with --index the range of the raids


def choose(line, game):
    rng = game["rng"]
    if INDEX:
        legal = line["legal"]
        first, size = game["raids"]
        raids = [index for index in legal if first <= index < first + size]
        return raids[0] if raids else legal[rng.randrange(len(legal))]
    actions = line["legalActions"]
    raids = [i for i, action in enumerate(actions) if action["type"] == "raid"]
    return raids[0] if raids else rng.randrange(len(actions))


for text in sys.stdin:
    line = json.loads(text)
    if line.get("protocol") != 2:
        # The host may have written a protocol-1 line before it read the ready line: not for us.
        continue
    if line["type"] == "newGame":
        game = {"rng": random.Random(line["seed"])}
        if INDEX:
            # The integer actions' ranges come with each game: {"type": "raid", "first": ..., "size": 10}.
            raid = next(r for r in line["actions"]["ranges"] if r["type"] == "raid")
            game["raids"] = (raid["first"], raid["size"])
        games[line["game"]] = game
    elif line["type"] == "decide":
        # One line per decision, flushed at once: the host waits for it.
        print(choose(line, games[line["game"]]), flush=True)
    elif line["type"] == "over":
        games.pop(line["game"], None)
        print("bot2.py: game", line["game"], (line.get("outcome") or {}).get("message"), file=sys.stderr)
