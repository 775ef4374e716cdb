/**
 * Issue 30 item 4: a rolling restart nobody notices. Three `pirates serve` processes on PostgreSQL + Redis
 * behind HAProxy running deploy/haproxy.cfg as shipped (it checks /readyz), with their default drain; games
 * are played at a person's pace while each process in turn is sent SIGTERM, exits 0, and is started again on
 * its port. No acknowledged move is lost (every view any player was told is the final record's), no player
 * is shown any refusal but `server/closing` (the goodbye that makes the page reconnect), and the longest
 * a move of a player's waited to be told applied is printed.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, RecordResponse } from '../../src/protocol/index.ts';
import { DEFAULT_CONFIG } from '../../src/server/config.ts';
import { PATIENCE_MS } from '../patience.ts';
import { Client, createGame, get, post, tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { freePort } from './own-services.ts';
import { isolation, skipWithoutServices } from './services.ts';
import { SteadyPlayer } from './steady-player.ts';

const CONFIG = join(import.meta.dirname, '../../deploy/haproxy.cfg');
const FRIEND_GAMES = 4;
const COMPUTER_GAMES = 1;
/** A person's pace: a little thought before each move (ms). */
const PACE_MS = 400;

function haproxyBinary(): string | null {
  try {
    return (
      execFileSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' })
        .split('\n')[0]
        ?.trim() || null
    );
  } catch {
    return null;
  }
}

const skip = await skipWithoutServices('rolling');
const binary = haproxyBinary();
if (!skip && binary === null && process.env.CI) throw new Error('rolling test: haproxy is not installed');
const isolated = isolation('rolling');
const dir = tempDir();
const ports: number[] = [];
const servers: ServerProcess[] = [];
let proxy: ChildProcess | null = null;
let proxyUrl = '';
/** The servers' settings: the shipped drain (DRAIN_SECONDS unset), fast computer leases. */
const env = {
  ...isolated.env,
  DRAIN_SECONDS: String(DEFAULT_CONFIG.drainMs / 1000),
  COMPUTER_LEASE_MS: '1000',
  BOT_DELAY_MIN_MS: '200',
  BOT_DELAY_MAX_MS: '600',
};

function start(i: number): Promise<ServerProcess> {
  return spawnServer(`${dir}/unused-${i}.sqlite`, { ...env, PORT: String(ports[i]) });
}

beforeAll(async () => {
  if (skip || binary === null) return;
  for (let i = 0; i < 3; i++) ports.push(await freePort());
  servers.push(...(await Promise.all([0, 1, 2].map(start))));
  const port = await freePort();
  const output: string[] = [];
  proxy = spawn(binary, ['-db', '-f', CONFIG], {
    env: {
      ...process.env,
      PIRATES_PROXY_BIND: `127.0.0.1:${port}`,
      ...Object.fromEntries(ports.map((p, i) => [`PIRATES_SERVER_${i + 1}`, `127.0.0.1:${p}`])),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  proxy.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  proxy.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  proxyUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + PATIENCE_MS;
  while (
    !(await fetch(`${proxyUrl}/readyz`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() > until || proxy.exitCode !== null) throw new Error(`haproxy: ${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});
afterAll(async () => {
  if (skip || binary === null) return;
  proxy?.kill('SIGTERM');
  for (const server of servers) if (server.child.exitCode === null) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  await isolated.drop();
});

/** Which processes the proxy sends new requests to now (its round-robin backend, X-Served-By). */
async function servingNow(): Promise<Set<string>> {
  const seen = new Set<string>();
  for (let i = 0; i < 9; i++) {
    const response = await fetch(`${proxyUrl}/readyz`).catch(() => null);
    if (response === null) continue;
    await response.arrayBuffer();
    seen.add(response.headers.get('x-served-by') ?? '');
  }
  return seen;
}

interface Seat {
  readonly gameId: string;
  readonly seat: 'red' | 'blue';
  readonly player: SteadyPlayer;
}

describe.skipIf(skip || binary === null)('a rolling restart behind HAProxy', () => {
  it('restarts every process while people play: nothing lost, no error but a reconnect', async () => {
    const seats: Seat[] = [];
    const through = (gameId: string) => () => Client.open(proxyUrl, gameId);
    for (let i = 0; i < FRIEND_GAMES; i++) {
      const created = await createGame(proxyUrl, { opponent: 'friend', seat: 'red', turnLimit: 50 });
      const joined = await post<JoinGameResponse>(proxyUrl, `/api/games/${created.gameId}/join`, {
        invite: created.invite,
      });
      const { gameId } = created;
      seats.push(
        { gameId, seat: 'red', player: new SteadyPlayer(through(gameId), created.token, `roll-r${i}`) },
        { gameId, seat: 'blue', player: new SteadyPlayer(through(gameId), joined.body.token, `roll-b${i}`) },
      );
    }
    for (let i = 0; i < COMPUTER_GAMES; i++) {
      const created = await createGame(proxyUrl, { opponent: 'computer', level: 'random', turnLimit: 50 });
      const player = new SteadyPlayer(through(created.gameId), created.token, `roll-c${i}`);
      seats.push({ gameId: created.gameId, seat: created.seat, player });
    }
    for (const { player } of seats) player.paceMs = PACE_MS;
    const playing = Promise.all(seats.map(({ player }) => player.playUntil(Number.MAX_SAFE_INTEGER)));
    await expect
      .poll(() => Math.min(...seats.map((s) => s.player.v)), { timeout: PATIENCE_MS })
      .toBeGreaterThan(4);

    const restarts: { server: string; exit: number | string; seconds: number }[] = [];
    for (let i = 0; i < 3; i++) {
      const old = servers[i];
      if (old === undefined) throw new Error(`no server ${i}`);
      const stopped = Date.now();
      old.child.kill('SIGTERM');
      const exit = await old.exited;
      restarts.push({ server: `s${i + 1}`, exit, seconds: (Date.now() - stopped) / 1000 });
      const output = old.output.join('');
      expect(output).toContain('shutdown: done');
      servers[i] = await start(i);
      // The next one goes only once the proxy sends players to this one again.
      await expect
        .poll(async () => (await servingNow()).has(`s${i + 1}`), { timeout: PATIENCE_MS })
        .toBe(true);
    }
    const before = seats.map((s) => s.player.v);
    // Every game went on after the last restart.
    await expect
      .poll(() => seats.every((s, i) => s.player.over || s.player.v > (before[i] ?? 0)), {
        timeout: PATIENCE_MS,
      })
      .toBe(true);
    for (const { player } of seats) player.paceMs = 0;
    await playing;

    const longest = Math.max(...seats.map((s) => s.player.longestWaitMs));
    const reconnects = seats.reduce((n, s) => n + s.player.connections - 1, 0);
    console.info(
      `rolling restart: ${JSON.stringify(restarts)}; longest wait a player saw for a move: ${longest} ms; reconnects: ${reconnects}`,
    );
    // The restarts reached the games: their players were sent elsewhere and went on.
    expect(reconnects).toBeGreaterThan(0);
    expect(restarts.map((r) => r.exit)).toEqual([0, 0, 0]);
    for (const { gameId, seat, player } of seats) {
      expect(player.over).toBe(true);
      expect(player.refusals.filter((code) => code !== 'server/closing')).toEqual([]);
      const record = await get<RecordResponse>(proxyUrl, `/api/games/${gameId}/record`);
      expect(record.status).toBe(200);
      expect(player.toldViewsMatch(record.body.record, seat)).toBeGreaterThanOrEqual(player.v);
      await player.close();
    }
  });
});
