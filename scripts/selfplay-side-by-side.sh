#!/bin/sh
# Self-play from createGame (`pirates bench --suite selfplay`), this checkout's engine against another
# checkout's, in separate processes, alternately (other, this, other, this, ...): PAIRS pairs (default 5),
# each process reporting the median of its ROUNDS rounds (default 5). The same benchmark code measures
# both (`--engine` loads the other's engine), so only the engines differ. Prints every run, then the
# medians over the processes and their ratio.
#   scripts/selfplay-side-by-side.sh /work/main [PAIRS] [ROUNDS]
set -eu
other=${1:?usage: scripts/selfplay-side-by-side.sh OTHER_CHECKOUT [PAIRS] [ROUNDS]}
pairs=${2:-5}
rounds=${3:-5}
cd "$(dirname "$0")/.."
i=0
while [ "$i" -lt "$pairs" ]; do
  i=$((i + 1))
  printf 'other %s\n' "$(node bin/pirates.js bench --suite selfplay --rounds "$rounds" --json --engine "$other")"
  printf 'this %s\n' "$(node bin/pirates.js bench --suite selfplay --rounds "$rounds" --json)"
done | node -e '
  const runs = { other: [], this: [] };
  const lines = require("node:fs").readFileSync(0, "utf8").trim().split("\n");
  for (const line of lines) {
    const [who, json] = [line.slice(0, line.indexOf(" ")), line.slice(line.indexOf(" ") + 1)];
    const f = JSON.parse(json).selfplay;
    runs[who].push(f);
    console.log(who.padEnd(6), "keyed", f.selfPlayKeyedGamesPerSecond.toFixed(0).padStart(7), "games/s   bot", f.selfPlayBotGamesPerSecond.toFixed(0).padStart(7), "games/s");
  }
  const median = (xs) => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  for (const [name, key] of [["the game'"'"'s keyed chance", "selfPlayKeyedGamesPerSecond"], ["a bot'"'"'s own chance", "selfPlayBotGamesPerSecond"]]) {
    const o = median(runs.other.map((f) => f[key]));
    const t = median(runs.this.map((f) => f[key]));
    console.log(`${name}: other ${o.toFixed(0)} games/s, this ${t.toFixed(0)} games/s, this / other ${(t / o).toFixed(2)}x`);
  }
'
