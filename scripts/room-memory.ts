/**
 * Memory per game held (issue 16, item 6; docs/deploy.md "A million games"): N unfinished games of M actions
 * each are stored in SQLite, a server is started on them in this process and each game is asked for once over
 * HTTP (so it is held as a room whether the process loads games at start or when asked); then S of them get
 * both seats' sockets (hello, state received). The heap and RSS after a full collection, less those of a
 * server started on an empty store, divided by N (and the sockets' share by S). A measurement, not a test:
 *   npx tsx --expose-gc scripts/room-memory.ts --games 10000 --moves 100 --sockets 1000
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import {
  type Action,
  applyAction,
  createGame,
  type GameState,
  type Seat,
  viewFor,
} from '../src/engine/index.ts';
import { sha256 } from '../src/server/secrets.ts';
import { startServer } from '../src/server/server.ts';
import type { StoredGame } from '../src/server/store/game-store.ts';
import { SqliteGameStore } from '../src/server/store/sqlite-store.ts';
import { Client, get, hello, isState, pick, testConfig } from '../test/server/harness.ts';

const { values } = parseArgs({
  options: {
    games: { type: 'string', default: '10000' },
    moves: { type: 'string', default: '100' },
    sockets: { type: 'string', default: '1000' },
  },
});
const games = Number(values.games);
const moves = Number(values.moves);
const sockets = Math.min(games, Number(values.sockets));
const gc = (globalThis as { gc?: () => void }).gc;
if (gc === undefined) throw new Error('Run with --expose-gc (npx tsx --expose-gc scripts/room-memory.ts).');
const silent = new Writable({ write: (_c, _e, done) => done() });
const MiB = 2 ** 20;

/** Heap and RSS after two full collections (MiB). */
function memory(): { heap: number; rss: number } {
  gc?.();
  gc?.();
  const used = process.memoryUsage();
  return { heap: used.heapUsed / MiB, rss: used.rss / MiB };
}

/** A few distinct logs of `moves` random legal actions, each game reusing one of them (with its seed). */
function playLogs(count: number): { seed: string; log: { seat: Seat; action: Action }[] }[] {
  return Array.from({ length: count }, () => {
    const seed = randomBytes(32).toString('hex');
    let state: GameState = createGame({ seed, chance: 'chacha20', entropy: 'seats', shots: 'quick' });
    const log: { seat: Seat; action: Action }[] = [];
    while (log.length < moves && state.phase !== 'over') {
      let acted = false;
      for (const seat of ['red', 'blue'] as const) {
        const action = pick(viewFor(state, seat), Math.random);
        if (action === null) continue;
        const result = applyAction(state, seat, action);
        if (!result.ok) continue;
        state = result.state;
        log.push({ seat, action });
        acted = true;
        if (log.length >= moves || state.phase === 'over') break;
      }
      if (!acted) throw new Error('Neither seat could act.');
    }
    // Unfinished: a log that ended the game is cut before its last action.
    if (state.phase === 'over') log.pop();
    return { seed, log };
  });
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'pirates-memory-'));
  const emptyDir = mkdtempSync(join(tmpdir(), 'pirates-memory-empty-'));
  const config = (at: string) => testConfig(at, { logLevel: 'silent', logStream: silent });
  // The server alone first (modules loaded, pools started): what every count below is measured against.
  const empty = await startServer(config(emptyDir));
  const base = memory();
  await empty.close();

  const logs = playLogs(20);
  const store = new SqliteGameStore(join(dir, 'games.sqlite'));
  const tokens = new Map<string, { red: string; blue: string }>();
  const ids: string[] = [];
  for (let i = 0; i < games; i++) {
    const id = randomBytes(8).toString('hex');
    const token = { red: randomBytes(16).toString('hex'), blue: randomBytes(16).toString('hex') };
    const { seed } = logs[i % logs.length] ?? { seed: '' };
    const game: StoredGame = {
      id,
      createdAt: Date.now(),
      options: { seed, chance: 'chacha20', entropy: 'seats', shots: 'quick' },
      seedHash: sha256(seed),
      seats: {
        red: { holder: 'human', tokenHash: sha256(token.red), level: null },
        blue: { holder: 'human', tokenHash: sha256(token.blue), level: null },
      },
      inviteHash: null,
      inviteUsed: true,
      over: false,
    };
    await store.createGame(game);
    ids.push(id);
    tokens.set(id, token);
  }
  // Every game's action `seq` at once: the store commits them together.
  for (let seq = 0; seq < moves; seq++) {
    await Promise.all(
      ids.flatMap((id, i) => {
        const entry = logs[i % logs.length]?.log[seq];
        return entry === undefined ? [] : [store.appendAction(id, seq, entry, false)];
      }),
    );
  }
  const actions = ids.reduce((sum, _, i) => sum + (logs[i % logs.length]?.log.length ?? 0), 0);

  const started = performance.now();
  const server = await startServer(config(dir), store);
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(ids.slice(i, i + 50).map((id) => get(server.url, `/api/games/${id}`)));
  }
  const loadedSeconds = (performance.now() - started) / 1000;
  const held = memory();
  const clients: Client[] = [];
  for (const id of ids.slice(0, sockets)) {
    const token = tokens.get(id);
    if (token === undefined) continue;
    for (const seat of ['red', 'blue'] as const) {
      const client = await Client.open(server.url, id);
      await client.ask(hello(token[seat]), isState);
      clients.push(client);
    }
  }
  const watched = memory();
  const perGame = {
    heap: ((held.heap - base.heap) * 1024) / games,
    rss: ((held.rss - base.rss) * 1024) / games,
  };
  const perWatched = {
    heap: ((watched.heap - held.heap) * 1024) / Math.max(1, sockets),
    rss: ((watched.rss - held.rss) * 1024) / Math.max(1, sockets),
  };
  console.log(
    [
      `${games} games held, ${(actions / games).toFixed(0)} actions each on average (loaded in ${loadedSeconds.toFixed(1)} s)`,
      `  server alone        heap ${base.heap.toFixed(1)} MiB, RSS ${base.rss.toFixed(1)} MiB`,
      `  with the games      heap ${held.heap.toFixed(1)} MiB, RSS ${held.rss.toFixed(1)} MiB`,
      `  per game held       heap ${perGame.heap.toFixed(1)} KiB, RSS ${perGame.rss.toFixed(1)} KiB`,
      `  ${sockets} of them with both seats' sockets: heap ${watched.heap.toFixed(1)} MiB, RSS ${watched.rss.toFixed(1)} MiB`,
      `  per game watched    + heap ${perWatched.heap.toFixed(1)} KiB, RSS ${perWatched.rss.toFixed(1)} KiB (two sockets, both ends in this process)`,
    ].join('\n'),
  );
  await Promise.all(clients.map((c) => c.close()));
  await server.close();
  rmSync(dir, { recursive: true, force: true });
  rmSync(emptyDir, { recursive: true, force: true });
}

await main();
process.exit(0);
