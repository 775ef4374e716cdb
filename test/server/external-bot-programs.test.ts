/**
 * The programs of `pirates serve --bot` (issues 33.2, 35.5): each runs with a bare environment, a scratch
 * folder and a random seed, so it learns nothing of the server's secrets or its opponent's; it ends when
 * its game ends; and the games that may run one are bounded per address and in all, with a clear refusal.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createGame as newGame, toAct, viewFor } from '../../src/engine/index.ts';
import { ExternalSeats } from '../../src/server/bots/external-seats.ts';
import { DEFAULT_LIMITS } from '../../src/server/config.ts';
import { PATIENCE_MS } from '../patience.ts';
import { Client, createGame, hello, isState, startTestServer } from './harness.ts';
import { playRandomly } from './players.ts';

const ROOT = new URL('../../', import.meta.url).pathname;
const work = mkdtempSync(join(tmpdir(), 'pirates-programs-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** This process's children now: each seated program is one (its shell, or the program the shell became). */
function children(): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^[0-9]+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'latin1');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === process.pid) count++;
    } catch {
      // Gone while we looked.
    }
  }
  return count;
}

describe('what a seated program is given (issue 33.2)', () => {
  it('no server environment, a scratch folder of its own, and a seed nobody else can compute', async () => {
    const file = join(work, 'dump.jsonl');
    const saved = { db: process.env.DATABASE_URL, redis: process.env.REDIS_URL };
    process.env.DATABASE_URL = 'postgres://pirates:hunter2@db.internal/pirates';
    process.env.REDIS_URL = 'redis://:hunter2@redis.internal:6379';
    const state = newGame({ seed: 'programs', shots: 'quick', turnLimit: 40 });
    const seat = toAct(state)[0] ?? 'red';
    const view = viewFor(state, seat);
    const seeds: string[] = [];
    try {
      // Two servers (or one restarted) seating the same bot in a game with the same id: all public data alike.
      for (let run = 0; run < 2; run++) {
        rmSync(file, { force: true });
        const seats = new ExternalSeats(
          { dump: `node ${ROOT}test/fixtures/bots/env-dump.mjs ${file}` },
          { forfeited: () => undefined },
          { deadlineMs: PATIENCE_MS },
        );
        try {
          const action = await seats.decide('dump', view, [], 'game-1');
          expect(action).toEqual(view.legalActions[0]);
        } finally {
          await seats.close();
        }
        const [given, line] = readFileSync(file, 'utf8')
          .trim()
          .split('\n')
          .map((text) => JSON.parse(text));
        expect(Object.keys(given.env).sort()).toEqual(expect.arrayContaining(['HOME', 'PATH']));
        for (const name of Object.keys(given.env)) {
          expect(['HOME', 'LANG', 'PATH', 'PWD', 'SHLVL', 'TMPDIR', '_']).toContain(name);
        }
        expect(JSON.stringify(given)).not.toContain('hunter2');
        expect(given.cwd).not.toBe(process.cwd());
        expect(given.cwd.startsWith(ROOT)).toBe(false);
        expect(given.env.HOME).toBe(given.cwd);
        expect(given.env.HOME).not.toBe(homedir());
        seeds.push(line.seed);
      }
    } finally {
      for (const [name, value] of [
        ['DATABASE_URL', saved.db],
        ['REDIS_URL', saved.redis],
      ] as const) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    expect(seeds[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(seeds[1]).not.toBe(seeds[0]);
  });
});

describe('seated programs end with their games, and are bounded (issue 35.5)', () => {
  it('a resigned game leaves no process; a third game from one address, or past the total, is refused', async () => {
    const server = await startTestServer({
      externalBots: { pal: `node ${ROOT}examples/bot.mjs` },
      trustProxy: 1,
      limits: { ...DEFAULT_LIMITS, gamesPerMinute: 100_000, botProgramsPerAddress: 2, botPrograms: 3 },
    });
    const open = (from: string) =>
      fetch(`${server.url}/api/games`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
        body: JSON.stringify({ opponent: 'computer', level: 'pal', turnLimit: 40 }),
      }).then(async (response) => ({ status: response.status, body: await response.json() }));
    try {
      expect(children()).toBe(0);
      // Three games in turn: each one's program starts, and ends when the person resigns.
      for (let game = 0; game < 3; game++) {
        const created = await createGame(server.url, { opponent: 'computer', level: 'pal', turnLimit: 40 });
        const person = await Client.open(server.url, created.gameId);
        await person.ask(hello(created.token), isState);
        await playRandomly(person, `person-${game}`, { maxActions: 2 });
        await expect.poll(children, { timeout: PATIENCE_MS }).toBe(1);
        // { t: 'resign' } is judged against the game as it is: an act at the last v seen could be stale when
        // the program moved meanwhile, and refused (seen once in a loaded fresh-clone run).
        person.send({ t: 'resign' });
        await person.find((m) => 'view' in m && m.view.outcome !== null);
        await expect.poll(children, { timeout: PATIENCE_MS }).toBe(0);
        await person.close();
      }

      // Two games going from one address; its third is refused, another address may still open one.
      const made = [await open('203.0.113.1'), await open('203.0.113.1')];
      expect(made.map((m) => m.status)).toEqual([201, 201]);
      const third = await open('203.0.113.1');
      expect(third).toEqual({
        status: 429,
        body: {
          t: 'error',
          code: 'rate/bot-programs',
          message: '2 games against a bot program are already going from here; finish or resign one first.',
        },
      });
      expect((await open('203.0.113.2')).status).toBe(201);
      // Three in all: the server's bound.
      const full = await open('203.0.113.3');
      expect(full.status).toBe(503);
      expect(full.body).toMatchObject({ code: 'server/bot-programs' });
      expect(full.body.message).toContain('(3)');

      // One of them resigned: its place is free again.
      const first = made[0]?.body as { gameId: string; token: string };
      const person = await Client.open(server.url, first.gameId);
      await person.ask(hello(first.token), isState);
      person.send({ t: 'resign' });
      await person.find((m) => 'view' in m && m.view.outcome !== null);
      await person.close();
      await expect.poll(async () => (await open('203.0.113.3')).status, { timeout: PATIENCE_MS }).toBe(201);
    } finally {
      await server.stop();
    }
    expect(children()).toBe(0);
  });

  it('a game left unfinished ends its program when the server lets the game go from memory', async () => {
    const server = await startTestServer({
      externalBots: { pal: `node ${ROOT}examples/bot.mjs` },
      idleGraceMs: 500,
    });
    try {
      const created = await createGame(server.url, { opponent: 'computer', level: 'pal', turnLimit: 40 });
      const person = await Client.open(server.url, created.gameId);
      await person.ask(hello(created.token), isState);
      await playRandomly(person, 'leaver', { maxActions: 2 });
      await expect.poll(children, { timeout: PATIENCE_MS }).toBe(1);
      // The person walks away mid-game: nobody looks at the game, and it leaves memory with its program.
      await person.close();
      await expect.poll(children, { timeout: PATIENCE_MS }).toBe(0);
      expect(server.logs.join('')).toContain('game unloaded');
    } finally {
      await server.stop();
    }
  });
});
