#!/usr/bin/env python3
"""A complete bot for the bot protocol (docs/bots.md) in Python 3, standard library only.

Each decision arrives as one JSON line on stdin; the answer is one line on stdout: the index of the
chosen action in "legalActions" (or the action itself as JSON). Anything for people goes to stderr.
    npx pirates tournament --bots heuristic,cmd:"python3 examples/bot.py" --games 4
It raids an empty deck when it can and otherwise chooses at random, seeded by the line's seed so the
same tournament seed gives the same games.
"""
import json
import random
import sys

rng = None

for text in sys.stdin:
    line = json.loads(text)
    if line["type"] == "over":
        print("bot.py:", (line.get("outcome") or {}).get("message"), file=sys.stderr)
        continue
    if rng is None:
        rng = random.Random(line["seed"])
    actions = line["legalActions"]
    raids = [i for i, action in enumerate(actions) if action["type"] == "raid"]
    choice = raids[0] if raids else rng.randrange(len(actions))
    # One line per decision, flushed at once: the host waits for it.
    print(choice, flush=True)
