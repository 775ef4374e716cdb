/**
 * Issue 16 item 2: a process hears only the games it holds. Three `pirates serve` processes on one
 * PostgreSQL schema and one Redis prefix; each process's subscriber connection is named with its pid, so
 * Redis's own CLIENT LIST says how many sharded channels it hears. A game played between A and B is heard
 * by A and B only: C, which never held it, is subscribed to nothing the whole game (before issue 16 every
 * process heard every game's hints on one channel); A's channels grow with A's own games, and every
 * channel is let go with its game. A process alone with a game says nothing on its channel (behind a proxy
 * routing by game id, nearly every game), and one that starts holding it misses no move for that.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import { Client, createGame, hello, isState, pick, post, tempDir } from '../server/harness.ts';
import { placeSeek, Seeker } from '../server/lobby-client.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { monitorRedis } from './redis-monitor.ts';
import { isolation, REDIS_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('channels');
const isolated = isolation('chan');
const dir = tempDir();
let servers: ServerProcess[] = [];
let redis: Redis;

beforeAll(async () => {
  if (skip) return;
  redis = new Redis(REDIS_TEST_URL);
  const env = { ...isolated.env, IDLE_GRACE_SECONDS: '1' };
  servers = await Promise.all([0, 1, 2].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, env)));
});
afterAll(async () => {
  if (skip) return;
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  redis.disconnect();
  await isolated.drop();
});

function server(i: number): ServerProcess {
  const found = servers[i];
  if (found === undefined) throw new Error(`no server ${i}`);
  return found;
}

/** What Redis says of a process's subscriber connection: plain channels and sharded channels heard. */
async function heard(i: number): Promise<{ sub: number; ssub: number }> {
  const name = `pirates-subscriber-${server(i).child.pid}`;
  const list = (await redis.call('CLIENT', 'LIST')) as string;
  const line = list.split('\n').find((l) => l.includes(` name=${name} `));
  if (line === undefined) throw new Error(`no Redis connection named ${name}`);
  const field = (key: string) => Number(line.match(new RegExp(` ${key}=(\\d+)`))?.[1]);
  return { sub: field('sub'), ssub: field('ssub') };
}

/** A friend game created on `a` and joined on `b`; red's socket on `a`, blue's on `b`. */
async function game(a: number, b: number) {
  const created = await createGame(server(a).url, { opponent: 'friend', seat: 'red' });
  const joined = await post<JoinGameResponse>(server(b).url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server(a).url, created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(server(b).url, created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  return { gameId: created.gameId, red, blue };
}

/**
 * One legal action by whoever may act (never resigning: the game must go on), answered; false when nobody may
 * act (the game is over).
 */
async function step(players: readonly Client[]): Promise<boolean> {
  for (const client of players) {
    const latest = client.latest();
    const view = latest && {
      ...latest.view,
      legalActions: latest.view.legalActions.filter((a) => a.type !== 'resign'),
    };
    const action = view === null ? null : pick(view, Math.random);
    if (latest === null || action === null) continue;
    const answer = await client.ask(
      { t: 'act', v: latest.v, action },
      (m) => m.t === 'error' || (m.t === 'update' && m.v > latest.v),
    );
    if (answer.t !== 'update') {
      await client.ask({ t: 'resync' }, isState);
      return true;
    }
    // The other seat hears it before the next step reads its view.
    const v = answer.v;
    await Promise.all(players.map((p) => p.find((m) => (m.t === 'state' || m.t === 'update') && m.v >= v)));
    return true;
  }
  return false;
}

/**
 * Plays on until three moves in a row are made with nothing published on the channel: true when that came
 * within 30 moves. How soon depends on when Redis's answers arrive (a loaded machine may need a few moves), so
 * the test waits for quiet instead of counting to a number; a process that publishes every move never gets it.
 */
async function fallsQuiet(players: readonly Client[], heardOn: { count: () => number }): Promise<boolean> {
  let quiet = 0;
  for (let i = 0; i < 30 && quiet < 3; i++) {
    const before = heardOn.count();
    if (!(await step(players))) return false;
    quiet = heardOn.count() === before ? quiet + 1 : 0;
  }
  return quiet >= 3;
}

/** Counts the SPUBLISH commands Redis is sent on one channel (MONITOR sees every client's commands). */
async function publications(channel: string): Promise<{ count: () => number; stop: () => void }> {
  let count = 0;
  const monitor = await monitorRedis(REDIS_TEST_URL, (args) => {
    if (args[0]?.toLowerCase() === 'spublish' && args[1] === channel) count++;
  });
  return { count: () => count, stop: () => monitor.stop() };
}

describe.skipIf(skip)('per-game channels', () => {
  it('a process hears the games it holds and no other, and lets each channel go with its game', async () => {
    const { gameId, red, blue } = await game(0, 1);
    const channel = `${isolated.prefix}game:${gameId}`;
    // Both contribute, then both set up: each move crosses from A to B or back through the game's channel.
    for (let round = 0; round < 4; round++) {
      for (const [client, other] of [
        [red, blue],
        [blue, red],
      ] as const) {
        const latest = client.latest();
        const action = latest === null ? null : pick(latest.view, Math.random);
        if (latest === null || action === null) continue;
        const seen = other.next((m) => m.t === 'update' && m.v > latest.v);
        const answer = await client.ask(
          { t: 'act', v: latest.v, action },
          (m) => m.t === 'error' || (m.t === 'update' && m.v > latest.v),
        );
        if (answer.t === 'update') await seen;
        else await client.ask({ t: 'resync' }, isState);
        expect(await heard(2)).toEqual({ sub: 0, ssub: 0 });
      }
    }
    expect(red.latest()?.v).toBeGreaterThan(1);
    expect(await redis.call('PUBSUB', 'SHARDNUMSUB', channel)).toEqual([channel, 2]);
    expect(await heard(0)).toEqual({ sub: 0, ssub: 1 });
    expect(await heard(1)).toEqual({ sub: 0, ssub: 1 });

    // Three more games played on A alone: A hears four channels, B still one, C none.
    const own = await Promise.all([0, 1, 2].map(() => game(0, 0)));
    expect(await heard(0)).toEqual({ sub: 0, ssub: 4 });
    expect(await heard(1)).toEqual({ sub: 0, ssub: 1 });
    expect(await heard(2)).toEqual({ sub: 0, ssub: 0 });

    // Nobody watches any more: every process lets its games go, and their channels with them.
    await Promise.all([red, blue, ...own.flatMap((g) => [g.red, g.blue])].map((c) => c.close()));
    for (const i of [0, 1, 2]) await expect.poll(() => heard(i)).toEqual({ sub: 0, ssub: 0 });
    expect(await redis.call('PUBSUB', 'SHARDNUMSUB', channel)).toEqual([channel, 0]);
  });

  it('a process alone with a game publishes nothing; one that starts holding it is answered and misses no move', async () => {
    const { gameId, red, blue } = await game(0, 0);
    const channel = `${isolated.prefix}game:${gameId}`;
    const heardOn = await publications(channel);
    try {
      // Alone on A: the moves cross no process, so nothing is said on the channel (before: a hint a move).
      expect(await fallsQuiet([red, blue], heardOn)).toBe(true);
      const alone = heardOn.count();

      // B starts holding the game (a spectator there) while A's players go on moving: B must see every move,
      // including one A made before it heard that B joined. At most three such moves: a loaded machine
      // answers the hello late, and a random game can end within 32 moves (1 in 100 by 43).
      const spectator = await Client.open(server(1).url, gameId);
      const watching = spectator.ask({ t: 'hello', spectate: true }, isState);
      let moving = true;
      const moves = (async () => {
        for (let i = 0; moving && i < 3; i++) if (!(await step([red, blue]))) break;
      })();
      await watching;
      // One player at a time from here: two steps at once can each read a view the other's move made stale.
      moving = false;
      await moves;
      for (let i = 0; i < 5; i++) expect(await step([red, blue])).toBe(true);
      const final = red.latest()?.v ?? 0;
      await spectator.find((m) => (m.t === 'state' || m.t === 'update') && m.v === final);
      // Watched from B, A publishes every move again.
      await expect.poll(() => heardOn.count() - alone).toBeGreaterThanOrEqual(5);

      // B lets the game go: A is alone again and falls quiet once an answer says so.
      await spectator.close();
      await expect.poll(() => redis.call('PUBSUB', 'SHARDNUMSUB', channel)).toEqual([channel, 1]);
      expect(await fallsQuiet([red, blue], heardOn)).toBe(true);
    } finally {
      heardOn.stop();
      await Promise.all([red.close(), blue.close()]);
    }
    for (const i of [0, 1]) await expect.poll(() => heard(i)).toEqual({ sub: 0, ssub: 0 });
  });

  it("a seek's pairing is heard by the process its seeker waits on, on the seek's own channel", async () => {
    const first = await placeSeek(server(0).url, { variant: 'standard', shots: 'aimed' });
    const channel = `${isolated.prefix}seek:${first.seekId}`;
    const seeker = await Seeker.wait(server(0).url, first.token);
    await seeker.find((m) => m.t === 'waiting');
    expect(await redis.call('PUBSUB', 'SHARDNUMSUB', channel)).toEqual([channel, 1]);
    expect(await heard(0)).toEqual({ sub: 0, ssub: 1 });
    expect(await heard(1)).toEqual({ sub: 0, ssub: 0 });
    const second = await placeSeek(server(1).url, { variant: 'standard', shots: 'aimed' });
    expect((await seeker.paired()).gameId).toBe(second.paired?.gameId);
    // Paired: nobody waits on the seek any more, and its channel is let go.
    await expect.poll(() => redis.call('PUBSUB', 'SHARDNUMSUB', channel)).toEqual([channel, 0]);
    await seeker.close();
  });
});
