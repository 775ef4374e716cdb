"""The learning API of Pirates! Stratego from Python 3, standard library only (docs/learn.md, "From Python").

One `pirates learn-server` process serves a whole run over a pipe: batched environments (`VectorEnv`),
games with explicit chance nodes (`Game`), observation and information-state tensors, legal-action masks
and resampling from a seat's view. Integer actions are the package's (`NUM_DISTINCT_ACTIONS` of them,
seat-relative); tensors arrive as `array('f')`, masks as `bytes`.

    from pirates_learn import LearnServer, VectorEnv
    with LearnServer() as server:
        env = VectorEnv(server, games=64, seed=1)
        step = env.reset()
        ...
"""
from __future__ import annotations

import base64
import json
import os
import subprocess
import sys
from array import array
from typing import Any, Dict, List, Optional, Sequence, Tuple

__all__ = ["LearnServer", "LearnError", "VectorEnv", "Step", "Game", "SEATS", "action_type"]

SEATS = ("red", "blue")

_HERE = os.path.dirname(os.path.abspath(__file__))


def _default_command() -> List[str]:
    """The server to start: $PIRATES_LEARN_SERVER (a shell command) or this package's own `pirates` command."""
    override = os.environ.get("PIRATES_LEARN_SERVER")
    if override:
        return ["/bin/sh", "-c", override]
    return ["node", os.path.join(_HERE, "..", "bin", "pirates.js"), "learn-server"]


class LearnError(Exception):
    """A request the server refused: `code` (e.g. 'action/illegal') and a sentence."""

    def __init__(self, code: str, message: str):
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def _floats(text: str) -> array:
    values = array("f")
    values.frombytes(base64.b64decode(text))
    if sys.byteorder != "little":
        values.byteswap()
    return values


def action_type(ranges: Sequence[Dict[str, Any]], index: int) -> str:
    """The type of action `index` names ('setup', 'turnCard', 'attack', 'raid', 'pass', ...)."""
    for entry in ranges:
        if entry["first"] <= index < entry["first"] + entry["size"]:
            return entry["type"]
    raise ValueError(f"{index} is not an action index")


class LearnServer:
    """One `pirates learn-server` process and the pipe to it. Use it in a `with` block, or call `close()`."""

    def __init__(self, command: Optional[Sequence[str]] = None, cwd: Optional[str] = None):
        self._process = subprocess.Popen(
            list(command) if command is not None else _default_command(),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            cwd=cwd,
            text=True,
            bufsize=1,
        )
        self._next_id = 0
        self._to_free: List[int] = []
        hello = self.request("hello")
        self.protocol: int = hello["protocol"]
        self.num_distinct_actions: int = hello["numDistinctActions"]
        # The index ranges, in order: [{"type": "setup", "first": 0, "size": 720}, ...] (docs/learn.md).
        self.action_ranges: List[Dict[str, Any]] = hello["actionRanges"]
        self.observation_size: int = hello["observationSize"]
        self.information_state_size: int = hello["informationStateSize"]

    def request(self, op: str, **fields: Any) -> Dict[str, Any]:
        """Sends one request and returns its answer; raises LearnError if the server refused it."""
        if self._to_free:
            handles, self._to_free = self._to_free, []
            self._exchange({"op": "game.free", "games": handles})
        answer = self._exchange({"op": op, **fields})
        if not answer.get("ok"):
            error = answer.get("error") or {}
            raise LearnError(error.get("code", "learn/unknown"), error.get("message", "refused"))
        return answer

    def _exchange(self, request: Dict[str, Any]) -> Dict[str, Any]:
        stdin, stdout = self._process.stdin, self._process.stdout
        if stdin is None or stdout is None or self._process.poll() is not None:
            raise LearnError("learn/closed", "The learn server is not running.")
        self._next_id += 1
        request["id"] = self._next_id
        stdin.write(json.dumps(request, separators=(",", ":")) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise LearnError("learn/closed", "The learn server closed the pipe (see its messages above).")
        answer = json.loads(line)
        if answer.get("id") != request["id"]:
            raise LearnError("learn/out-of-step", f"Answer {answer.get('id')} came for request {request['id']}.")
        return answer

    def free_later(self, handle: int) -> None:
        self._to_free.append(handle)

    def close(self) -> None:
        if self._process.stdin is not None and not self._process.stdin.closed:
            self._process.stdin.close()
        try:
            self._process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()
        if self._process.stdout is not None:
            self._process.stdout.close()

    def __enter__(self) -> "LearnServer":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()


class Step:
    """One step of a VectorEnv: flat rows per game, as the server's typed arrays."""

    def __init__(self, answer: Dict[str, Any], observation_size: int, num_actions: int):
        self.observations: array = _floats(answer["observations"])
        self.masks: bytes = base64.b64decode(answer["masks"])
        self.seats: List[int] = answer["seats"]
        self.rewards: List[float] = answer["rewards"]
        self.done: List[int] = answer["done"]
        self._observation_size = observation_size
        self._num_actions = num_actions

    def observation(self, game: int) -> array:
        n = self._observation_size
        return self.observations[game * n : (game + 1) * n]

    def mask(self, game: int) -> bytes:
        n = self._num_actions
        return self.masks[game * n : (game + 1) * n]

    def legal(self, game: int) -> List[int]:
        """The legal action indices of game `game` (empty in a game that just ended)."""
        return [i for i, bit in enumerate(self.mask(game)) if bit]

    def reward(self, game: int, seat: int) -> float:
        return self.rewards[game * 2 + seat]


class VectorEnv:
    """Many games stepped together (docs/learn.md, "Batched environments"); a done game restarts next step."""

    def __init__(
        self,
        server: LearnServer,
        games: int,
        seed: Any = 0,
        shots: str = "quick",
        variant: str = "standard",
        turn_limit: int = 200,
    ):
        self._server = server
        answer = server.request(
            "env.new", games=games, seed=str(seed), shots=shots, variant=variant, turnLimit=turn_limit
        )
        self.handle: int = answer["env"]
        self.games: int = answer["games"]
        self.observation_size: int = answer["observationSize"]
        self.num_actions: int = answer["numActions"]

    def reset(self) -> Step:
        return Step(self._server.request("env.reset", env=self.handle), self.observation_size, self.num_actions)

    def step(self, actions: Sequence[int]) -> Step:
        answer = self._server.request("env.step", env=self.handle, actions=[int(a) for a in actions])
        return Step(answer, self.observation_size, self.num_actions)

    def close(self) -> None:
        self._server.request("env.close", env=self.handle)


class Game:
    """A game whose every chance event is a node (OpenSpiel's chance nodes), or a resampled world.

    Immutable: applying an action or a chance outcome gives a new Game.
    """

    def __init__(self, server: LearnServer, handle: int):
        self._server = server
        self.handle = handle
        self._info: Optional[Dict[str, Any]] = None

    @classmethod
    def new(cls, server: LearnServer, **options: Any) -> "Game":
        """A new game; options as docs/learn.md lists them (shots, variant, turnLimit, firstSeat, quickOdds...)."""
        return cls(server, server.request("game.new", options=options)["game"])

    def __del__(self) -> None:
        try:
            self._server.free_later(self.handle)
        except Exception:  # the interpreter is shutting down
            pass

    def _information(self) -> Dict[str, Any]:
        if self._info is None:
            self._info = self._server.request("game.info", game=self.handle)
        return self._info

    def is_chance_node(self) -> bool:
        return bool(self._information()["chance"])

    def chance_outcomes(self) -> List[Tuple[int, float]]:
        return [(int(o), float(p)) for o, p in self._information()["chanceOutcomes"]]

    def apply_chance(self, outcome: int) -> "Game":
        return Game(self._server, self._server.request("game.chance", game=self.handle, outcome=outcome)["game"])

    def to_act(self) -> List[str]:
        return list(self._information()["toAct"])

    def is_terminal(self) -> bool:
        return bool(self._information()["terminal"])

    def returns(self) -> Tuple[float, float]:
        red, blue = self._information()["returns"]
        return (red, blue)

    def legal_actions(self, seat: str) -> List[int]:
        return list(self._information()["legal"].get(seat, []))

    def apply_action(self, seat: str, action: int) -> "Game":
        answer = self._server.request("game.apply", game=self.handle, seat=seat, action=action)
        return Game(self._server, answer["game"])

    def observation(self, seat: str) -> array:
        return _floats(self._server.request("game.observation", game=self.handle, seat=seat)["observation"])

    def information_state(self, seat: str) -> array:
        answer = self._server.request("game.informationState", game=self.handle, seat=seat)
        return _floats(answer["informationState"])

    def view(self, seat: str) -> Dict[str, Any]:
        return self._server.request("game.view", game=self.handle, seat=seat)["view"]

    def resample(self, seat: str, seed: Any = 0) -> "Game":
        """A full world consistent with what `seat` sees (ResampleFromInfostate); it plays on like any game."""
        answer = self._server.request("game.resample", game=self.handle, seat=seat, seed=str(seed))
        return Game(self._server, answer["game"])
