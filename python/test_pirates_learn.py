"""Tests of the Python client against a real `pirates learn-server` (run: python3 -m unittest test_pirates_learn)."""
import random
import unittest

from pirates_learn import Game, LearnError, LearnServer, VectorEnv


class ClientTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.server = LearnServer()

    @classmethod
    def tearDownClass(cls):
        cls.server.close()

    def test_hello_gives_the_sizes(self):
        self.assertGreater(self.server.num_distinct_actions, 720)
        self.assertGreater(self.server.observation_size, 0)
        self.assertGreaterEqual(self.server.information_state_size, self.server.observation_size)

    def test_vector_env_rows_and_masks(self):
        env = VectorEnv(self.server, games=4, seed="py", shots="quick")
        step = env.reset()
        self.assertEqual(len(step.observations), 4 * env.observation_size)
        self.assertEqual(len(step.masks), 4 * env.num_actions)
        # Setup first: 720 setups for the seat to act in every game.
        for g in range(4):
            self.assertEqual(len(step.legal(g)), 720)
        rng = random.Random(5)
        ended = 0
        for _ in range(600):
            step = env.step([rng.choice(step.legal(g)) if step.legal(g) else 0 for g in range(4)])
            for g in range(4):
                self.assertEqual(step.reward(g, 0) + step.reward(g, 1), 0)
                ended += step.done[g]
        self.assertGreater(ended, 0)
        env.close()

    def test_an_illegal_action_is_refused_with_a_sentence(self):
        env = VectorEnv(self.server, games=2, seed="py-bad")
        step = env.reset()
        illegal = next(i for i in range(env.num_actions) if step.mask(0)[i] == 0)
        with self.assertRaises(LearnError) as caught:
            env.step([illegal, step.legal(1)[0]])
        self.assertIn("not legal", caught.exception.message)
        # Nothing moved: the same step is still accepted.
        env.step([step.legal(0)[0], step.legal(1)[0]])
        with self.assertRaises(LearnError) as unknown:
            self.server.request("no.such.op")
        self.assertEqual(unknown.exception.code, "learn/unknown-op")

    def test_chance_nodes_sum_to_one_and_games_end(self):
        rng = random.Random(9)
        game = Game.new(self.server, shots="quick", turnLimit=120)
        self.assertTrue(game.is_chance_node())
        nodes = 0
        while not game.is_terminal():
            if game.is_chance_node():
                outcomes = game.chance_outcomes()
                self.assertAlmostEqual(sum(p for _, p in outcomes), 1.0, places=9)
                game = game.apply_chance(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
                nodes += 1
            else:
                seat = game.to_act()[0]
                legal = game.legal_actions(seat)
                self.assertEqual(len(game.observation(seat)), self.server.observation_size)
                game = game.apply_action(seat, rng.choice(legal))
        red, blue = game.returns()
        self.assertEqual(red + blue, 0)
        self.assertGreaterEqual(nodes, 40)  # the deal alone: 20 kinds, 10 places, 10 sides

    def test_a_bad_chance_outcome_is_refused(self):
        game = Game.new(self.server, shots="quick")
        with self.assertRaises(LearnError):
            game.apply_chance(99)
        with self.assertRaises(LearnError):
            game.apply_action("red", 0)

    def test_resample_shows_the_seat_what_it_sees(self):
        rng = random.Random(11)
        game = Game.new(self.server, shots="quick", turnLimit=200)
        for _ in range(120):
            if game.is_terminal():
                break
            if game.is_chance_node():
                outcomes = game.chance_outcomes()
                game = game.apply_chance(rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0])
            else:
                seat = game.to_act()[0]
                game = game.apply_action(seat, rng.choice(game.legal_actions(seat)))
        for seed in range(3):
            world = game.resample("blue", seed=seed)
            self.assertEqual(world.view("blue"), game.view("blue"))
            self.assertEqual(list(world.information_state("blue")), list(game.information_state("blue")))


if __name__ == "__main__":
    unittest.main()
