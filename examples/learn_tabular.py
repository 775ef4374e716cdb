#!/usr/bin/env python3
"""A small tabular learner over the learning API, in plain Python (docs/learn.md, "From Python").

    python3 examples/learn_tabular.py [training-games] [evaluation-games]

Every-visit Monte Carlo control over a tiny table: at each decision the learner sees which kinds of action
are open (e.g. attack, raid, pass), picks a kind by the table's value of that kind among those open (the
mean final return of the games in which it picked it, epsilon-greedy while training), and plays a random
action of that kind. It learns against a uniformly random opponent in a VectorEnv of 32 games with quick
shots, playing Red in even games and Blue in odd ones. Before training (an empty table: every kind alike)
and after, it plays `evaluation-games` (default 200) games against the random player and prints its score
(a win 1, a draw 1/2).
"""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from pirates_learn import LearnServer, VectorEnv, action_type  # noqa: E402

GAMES_AT_ONCE = 32
EXPLORE = 0.2


class KindTable:
    """The value of choosing a kind of action when these kinds are open: (open kinds, kind) -> mean return."""

    def __init__(self):
        self.total = {}
        self.count = {}

    def value(self, key):
        n = self.count.get(key, 0)
        return self.total[key] / n if n else 0.0

    def choose(self, open_kinds, rng, explore):
        if rng.random() < explore:
            return rng.choice(open_kinds)
        best = max(self.value((open_kinds, k)) for k in open_kinds)
        return rng.choice([k for k in open_kinds if self.value((open_kinds, k)) == best])

    def learn(self, visits, reward):
        for key in visits:
            self.total[key] = self.total.get(key, 0.0) + reward
            self.count[key] = self.count.get(key, 0) + 1


def play(server, table, games_wanted, seed, learn, rng):
    """Plays until `games_wanted` games end; returns the learner's score (win 1, draw 1/2) per game."""
    env = VectorEnv(server, games=GAMES_AT_ONCE, seed=seed, shots="quick")
    step = env.reset()
    learner_seat = [g % 2 for g in range(env.games)]
    visits = [[] for _ in range(env.games)]
    scores = []
    while len(scores) < games_wanted:
        actions = []
        for g in range(env.games):
            legal = step.legal(g)
            if not legal:
                actions.append(0)
                continue
            if step.seats[g] != learner_seat[g]:
                actions.append(rng.choice(legal))
                continue
            by_kind = {}
            for index in legal:
                by_kind.setdefault(action_type(server.action_ranges, index), []).append(index)
            open_kinds = tuple(sorted(by_kind))
            kind = table.choose(open_kinds, rng, EXPLORE if learn else 0.0)
            if learn and len(open_kinds) > 1:
                visits[g].append((open_kinds, kind))
            actions.append(rng.choice(by_kind[kind]))
        step = env.step(actions)
        for g in range(env.games):
            if not step.done[g]:
                continue
            reward = step.reward(g, learner_seat[g])
            scores.append(1.0 if reward > 0 else 0.5 if reward == 0 else 0.0)
            if learn:
                table.learn(visits[g], reward)
            visits[g] = []
    env.close()
    return scores[:games_wanted]


def main():
    training = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    evaluation = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rng = random.Random(3)
    with LearnServer() as server:
        table = KindTable()
        before = play(server, table, evaluation, "evaluate", False, rng)
        play(server, table, training, "train", True, rng)
        after = play(server, table, evaluation, "evaluate", False, rng)
    print(f"before training: {sum(before) / len(before):.3f} against random over {len(before)} games")
    print(f"after {training} training games: {sum(after) / len(after):.3f} against random over {len(after)} games")
    learned = sorted(table.count, key=lambda key: -table.count[key])[:6]
    for open_kinds, kind in learned:
        print(f"  with {'/'.join(open_kinds)} open, {kind}: {table.value((open_kinds, kind)):+.2f}")


if __name__ == "__main__":
    main()
