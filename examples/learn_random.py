#!/usr/bin/env python3
"""Random play through the learning API from Python (docs/learn.md, "From Python"), standard library only.

    python3 examples/learn_random.py [games]

1. A VectorEnv of 32 games steps random legal actions (read from each game's mask) until `games` games
   (default 200) have ended, and counts who won.
2. Two games with explicit chance nodes are played to their end: each chance outcome drawn by its probability,
   each decision a random legal index; halfway, a world is resampled from what Red sees and played on.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from pirates_learn import Game, LearnServer, VectorEnv  # noqa: E402


def vector_games(server, wanted, rng):
    env = VectorEnv(server, games=32, seed=7, shots="quick")
    step = env.reset()
    wins = [0, 0]
    draws = 0
    ended = 0
    steps = 0
    began = time.perf_counter()
    while ended < wanted:
        actions = []
        for g in range(env.games):
            legal = step.legal(g)
            actions.append(rng.choice(legal) if legal else 0)
        step = env.step(actions)
        steps += env.games
        for g in range(env.games):
            if step.done[g]:
                ended += 1
                red = step.reward(g, 0)
                if red > 0:
                    wins[0] += 1
                elif red < 0:
                    wins[1] += 1
                else:
                    draws += 1
    seconds = time.perf_counter() - began
    print(f"vector env: {ended} games, red won {wins[0]}, blue won {wins[1]}, draws {draws}; "
          f"{steps} game-steps in {seconds:.1f} s ({steps / seconds:.0f} game-steps/s through the pipe)")
    return ended, wins, draws


def chance_game(server, rng, number):
    game = Game.new(server, shots="quick", turnLimit=200)
    chance_nodes = decisions = 0
    resampled = False
    while not game.is_terminal():
        if game.is_chance_node():
            outcomes = game.chance_outcomes()
            total = sum(p for _, p in outcomes)
            assert abs(total - 1) < 1e-9, f"probabilities sum to {total}"
            outcome = rng.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]
            game = game.apply_chance(outcome)
            chance_nodes += 1
            continue
        seat = game.to_act()[0]
        if decisions == 60 and not resampled:
            # A world Red could be in: it shows Red exactly what Red sees, and plays on from there.
            world = game.resample("red", seed=number)
            assert list(world.observation("red")) == list(game.observation("red"))
            game, resampled = world, True
            continue
        game = game.apply_action(seat, rng.choice(game.legal_actions(seat)))
        decisions += 1
    red, blue = game.returns()
    print(f"chance game {number}: {chance_nodes} chance nodes, {decisions} decisions, "
          f"resampled {'yes' if resampled else 'no'}, returns red {red:+.0f} blue {blue:+.0f}")
    return red, blue


def main():
    wanted = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    rng = random.Random(1)
    with LearnServer() as server:
        print(f"learn server: protocol {server.protocol}, {server.num_distinct_actions} actions, "
              f"observations of {server.observation_size}")
        vector_games(server, wanted, rng)
        for number in (1, 2):
            chance_game(server, rng, number)


if __name__ == "__main__":
    main()
