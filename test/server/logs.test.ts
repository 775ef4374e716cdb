/** No token, invite code or seed in any log line: the secrets are never logged, and pino redacts them anyway. */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, RecordResponse } from '../../src/protocol/index.ts';
import { DEFAULT_CONFIG } from '../../src/server/config.ts';
import { loggerOptions } from '../../src/server/logger.ts';
import { PATIENCE_MS } from '../patience.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  post,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { playRandomly } from './players.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ logLevel: 'debug' });
});
afterAll(async () => {
  await server.stop();
});

describe('logs keep secrets', () => {
  it('a whole game, an invite link page and a record leave no token, invite or seed in the log', async () => {
    const created = await createGame(server.url, { opponent: 'friend', turnLimit: 100 });
    await fetch(`${server.url}${created.inviteLink ?? ''}`);
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const a = await Client.open(server.url, created.gameId);
    const b = await Client.open(server.url, created.gameId);
    await a.ask(hello(created.token), isState);
    await b.ask(hello(joined.body.token), isState);
    await Promise.all([playRandomly(a, 'log-a'), playRandomly(b, 'log-b')]);
    const record = await get<RecordResponse>(server.url, `/api/games/${created.gameId}/record`);
    const log = server.logs.join('');
    expect(log).toContain(created.gameId);
    expect(log).toContain('/play/');
    for (const secret of [
      created.token,
      joined.body.token,
      created.invite ?? '',
      record.body.record.options.seed,
    ]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(log).not.toContain(secret);
    }
    await Promise.all([a.close(), b.close()]);
  });

  it('pino redacts secrets even if code passes them by mistake', () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(chunk.toString('utf8'));
        done();
      },
    });
    const app = Fastify({ logger: loggerOptions({ ...DEFAULT_CONFIG, logStream: stream }) });
    app.log.info({ token: 'tok-SECRET-1', seed: 'seed-SECRET-2', invite: 'inv-SECRET-3' }, 'oops');
    app.log.info({ game: { seed: 'seed-SECRET-4', token: 'tok-SECRET-5' } }, 'nested oops');
    const text = lines.join('');
    expect(text).toContain('oops');
    expect(text).not.toContain('SECRET');
    expect(text).toContain('[secret]');
  });

  it('a client that sends a frame past the hard limit is closed with an info line, never an error', async () => {
    const game = await createGame(server.url, { opponent: 'friend' });
    const client = await Client.open(server.url, game.gameId);
    const before = server.logs.length;
    client.send('z'.repeat(2 * 1024 * 1024));
    const deadline = Date.now() + PATIENCE_MS;
    while (!client.closed && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(client.closed).toBe(true);
    while (!server.logs.slice(before).some((l) => l.includes('bad frame')) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 20));
    const lines = server.logs.slice(before).map((l) => JSON.parse(l) as { level: number; msg: string });
    expect(lines.filter((l) => l.level >= 50)).toEqual([]);
    expect(lines.some((l) => l.level === 30 && l.msg === 'socket closed: the client sent a bad frame')).toBe(
      true,
    );
  });

  it('opening sockets writes no request lines (a flood of connections would write two each); HTTP requests do', async () => {
    const game = await createGame(server.url, { opponent: 'friend' });
    const before = server.logs.length;
    for (let i = 0; i < 3; i++) {
      const client = await Client.open(server.url, game.gameId);
      await client.ask(hello(game.token), isState);
      await client.close();
    }
    await get(server.url, `/api/games/${game.gameId}`);
    const lines = server.logs
      .slice(before)
      .map((l) => JSON.parse(l) as { msg: string; req?: { url: string } });
    const requests = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req?.url);
    expect(requests).toEqual([`/api/games/${game.gameId}`]);
  });
});

/** The log lines written since `before`, parsed. */
function linesSince(before: number): LogLine[] {
  return server.logs.slice(before).map((l) => JSON.parse(l) as LogLine);
}

interface LogLine {
  readonly level: number;
  readonly msg: string;
  readonly [field: string]: unknown;
}

const INFO = 30;
const DEBUG = 20;

describe('logs say what an operator needs, and health checks stay below info', () => {
  it('health and readiness checks are logged at debug only, never as info request lines', async () => {
    const before = server.logs.length;
    for (let i = 0; i < 3; i++) {
      expect((await get(server.url, '/healthz')).status).toBe(200);
      expect((await get(server.url, '/readyz')).status).toBe(200);
    }
    await expect.poll(() => linesSince(before).filter((l) => l.msg === 'probe answered').length).toBe(6);
    const lines = linesSince(before);
    const mentioning = lines.filter((l) => JSON.stringify(l).match(/\/(healthz|readyz)/));
    expect(mentioning.length).toBe(6);
    expect(mentioning.every((l) => l.level === DEBUG)).toBe(true);
  });

  it('the ready line names the release (package.json version, git commit) and the migrations applied are logged', async () => {
    const own = await startTestServer();
    try {
      const lines = own.logs.map((l) => JSON.parse(l) as LogLine);
      const ready = lines.find((l) => l.msg === 'pirates server ready');
      const pkg = JSON.parse(readFileSync(join(import.meta.dirname, '../../package.json'), 'utf8')) as {
        version: string;
      };
      expect(ready?.level).toBe(INFO);
      expect(ready?.version).toBe(pkg.version);
      // From a clone git names the commit; a copy without .git (scripts/node24.sh) names none.
      const root = join(import.meta.dirname, '../..');
      const commit = existsSync(join(root, '.git'))
        ? execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()
        : null;
      expect(ready?.commit).toBe(commit);
      // A fresh SQLite file: every migration, from the first, named.
      const migrations = lines.find((l) => l.msg.startsWith('migrations applied: '));
      expect(migrations?.level).toBe(INFO);
      expect(migrations?.msg).toMatch(/^migrations applied: 1(, \d+)*$/);
    } finally {
      await own.stop();
    }
  });

  it('sockets opening and closing are debug lines; a game over is one info line with its result', async () => {
    const before = server.logs.length;
    const created = await createGame(server.url, { opponent: 'friend', turnLimit: 20 });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const a = await Client.open(server.url, created.gameId);
    const b = await Client.open(server.url, created.gameId);
    await a.ask(hello(created.token), isState);
    await b.ask(hello(joined.body.token), isState);
    await Promise.all([playRandomly(a, 'over-a'), playRandomly(b, 'over-b')]);
    await Promise.all([a.close(), b.close()]);
    await expect.poll(() => linesSince(before).filter((l) => l.msg === 'game socket closed').length).toBe(2);
    const lines = linesSince(before);
    const opened = lines.filter((l) => l.msg === 'game socket open');
    expect(opened.map((l) => [l.level, l.gameId])).toEqual([
      [DEBUG, created.gameId],
      [DEBUG, created.gameId],
    ]);
    const over = lines.filter((l) => l.msg === 'game over');
    expect(over.length).toBe(1);
    const record = await get<RecordResponse>(server.url, `/api/games/${created.gameId}/record`);
    const outcome = record.body.outcome;
    expect(over[0]).toMatchObject({ level: INFO, gameId: created.gameId, reason: outcome?.reason });
    expect(over[0]?.winner ?? null).toBe(outcome?.winner ?? null);
    expect(JSON.stringify(over[0])).not.toContain(record.body.record.options.seed);
  });

  it('a shutdown logs each of its steps, in order, at info', async () => {
    const own = await startTestServer();
    const game = await createGame(own.url, { opponent: 'friend' });
    const client = await Client.open(own.url, game.gameId);
    await client.ask(hello(game.token), isState);
    const before = own.logs.length;
    await own.stop();
    const steps = own.logs
      .slice(before)
      .map((l) => JSON.parse(l) as LogLine)
      .filter((l) => l.msg.startsWith('shutdown: '));
    expect(steps.map((l) => [l.level, l.msg])).toEqual([
      [INFO, 'shutdown: not ready; new games and seeks refused; waiting for the proxy to notice'],
      [INFO, 'shutdown: closing the game sockets'],
      [INFO, 'shutdown: sockets closed; finishing the actions in flight'],
      [INFO, 'shutdown: actions stored; closing the store and Redis'],
      [INFO, 'shutdown: done'],
    ]);
    expect(steps[1]?.sockets).toBe(1);
    await client.find((m) => m.t === 'error' && m.code === 'server/closing');
  });
});
