#!/bin/sh
# The fast path's games a second from a started game (`pirates bench --suite engine`, its fast-path row: a
# bot's own chance), this checkout's engine against another checkout's, in separate processes, alternately
# (other, this, other, this, ...): PAIRS pairs (default 5), each process reporting the median of its ROUNDS
# rounds (default 5), SCALE the work per round (default 1: 20,000 started games, and 400 public-API games
# the suite also plays). The same benchmark code measures both (`--engine` loads the other's engine), so
# only the engines differ. Prints every run, then the medians and their ratio.
#   scripts/fast-path-side-by-side.sh /work/main [PAIRS] [ROUNDS] [SCALE]
set -eu
other=${1:?usage: scripts/fast-path-side-by-side.sh OTHER_CHECKOUT [PAIRS] [ROUNDS] [SCALE]}
pairs=${2:-5}
rounds=${3:-5}
scale=${4:-1}
cd "$(dirname "$0")/.."
i=0
while [ "$i" -lt "$pairs" ]; do
  i=$((i + 1))
  printf 'other %s\n' "$(node bin/pirates.js bench --suite engine --rounds "$rounds" --scale "$scale" --json --engine "$other")"
  printf 'this %s\n' "$(node bin/pirates.js bench --suite engine --rounds "$rounds" --scale "$scale" --json)"
done | node -e '
  const runs = { other: [], this: [] };
  const lines = require("node:fs").readFileSync(0, "utf8").trim().split("\n");
  for (const line of lines) {
    const [who, json] = [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)];
    const f = JSON.parse(json).engine;
    runs[who].push(f.fastGamesPerSecond);
    console.log(who.padEnd(6), "fast path", f.fastGamesPerSecond.toFixed(0).padStart(7), "games/s");
  }
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const o = median(runs.other);
  const t = median(runs.this);
  console.log(`fast path: other ${o.toFixed(0)} games/s, this ${t.toFixed(0)} games/s, this / other ${(t / o).toFixed(2)}x`);
'
