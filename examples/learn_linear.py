#!/usr/bin/env python3
"""A small learner over the learning API, in plain Python (docs/learn.md, "From Python").

    python3 examples/learn_linear.py [training-games] [evaluation-games]

A linear softmax policy (one weight vector per action index over the observation tensor) learns by
REINFORCE against a uniformly random opponent, in a VectorEnv of 32 games with quick shots: the learner
plays Red in even games and Blue in odd ones. Before and after training it plays `evaluation-games`
(default 200) greedy games against the random player and prints its score (a win 1, a draw 1/2). No numpy:
the observation is sparse, so each decision costs the legal actions times its non-zero entries.
"""
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
from pirates_learn import LearnServer, VectorEnv  # noqa: E402

LEARNING_RATE = 0.02
GAMES_AT_ONCE = 32


class LinearPolicy:
    def __init__(self, num_actions):
        self.weights = [dict() for _ in range(num_actions)]
        self.bias = [0.0] * num_actions

    def logits(self, features, legal):
        out = []
        for action in legal:
            w = self.weights[action]
            out.append(self.bias[action] + sum(w.get(i, 0.0) * v for i, v in features))
        return out

    def probabilities(self, features, legal):
        logits = self.logits(features, legal)
        top = max(logits)
        exps = [math.exp(x - top) for x in logits]
        total = sum(exps)
        return [e / total for e in exps]

    def update(self, features, legal, chosen, advantage):
        probs = self.probabilities(features, legal)
        for action, p in zip(legal, probs):
            g = LEARNING_RATE * advantage * ((1.0 if action == chosen else 0.0) - p)
            if g == 0.0:
                continue
            self.bias[action] += g
            w = self.weights[action]
            for i, v in features:
                w[i] = w.get(i, 0.0) + g * v


def sparse(observation):
    return [(i, v) for i, v in enumerate(observation) if v != 0.0]


def play(server, policy, games_wanted, seed, learn, rng):
    """Plays until `games_wanted` games end; returns the learner's score (win 1, draw 1/2) per game."""
    env = VectorEnv(server, games=GAMES_AT_ONCE, seed=seed, shots="quick")
    step = env.reset()
    learner_seat = [g % 2 for g in range(env.games)]
    trail = [[] for _ in range(env.games)]
    baseline = 0.0
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
            features = sparse(step.observation(g))
            probs = policy.probabilities(features, legal)
            if learn:
                chosen = rng.choices(legal, weights=probs)[0]
                trail[g].append((features, legal, chosen))
            else:
                chosen = legal[max(range(len(legal)), key=lambda k: probs[k])]
            actions.append(chosen)
        step = env.step(actions)
        for g in range(env.games):
            if not step.done[g]:
                continue
            reward = step.reward(g, learner_seat[g])
            scores.append(1.0 if reward > 0 else 0.5 if reward == 0 else 0.0)
            if learn:
                advantage = reward - baseline
                baseline += 0.02 * (reward - baseline)
                for features, legal, chosen in trail[g]:
                    policy.update(features, legal, chosen, advantage)
            trail[g] = []
    env.close()
    return scores[:games_wanted]


def main():
    training = int(sys.argv[1]) if len(sys.argv) > 1 else 600
    evaluation = int(sys.argv[2]) if len(sys.argv) > 2 else 200
    rng = random.Random(3)
    with LearnServer() as server:
        policy = LinearPolicy(server.num_distinct_actions)
        before = play(server, policy, evaluation, "evaluate", False, rng)
        play(server, policy, training, "train", True, rng)
        after = play(server, policy, evaluation, "evaluate", False, rng)
    print(f"before training: {sum(before) / len(before):.3f} against random over {len(before)} games")
    print(f"after {training} training games: {sum(after) / len(after):.3f} against random over {len(after)} games")


if __name__ == "__main__":
    main()
