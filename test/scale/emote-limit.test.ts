/**
 * The emote limit shared by every process (issue 19 item 6): two real `pirates serve` processes on one
 * PostgreSQL schema and one Redis prefix. A player with a tab on each process gets one allowance (three at
 * once), not one per process; the other seat keeps its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, ServerMessage } from '../../src/protocol/index.ts';
import { Client, createGame, hello, isState, post, tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('emote-limit');
const isolated = isolation('emotes');
const dir = tempDir();
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  // One first, so the migrations run once.
  servers = [await spawnServer(`${dir}/a.sqlite`, isolated.env)];
  servers.push(await spawnServer(`${dir}/b.sqlite`, isolated.env));
});
afterAll(async () => {
  if (skip) return;
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await isolated.drop();
});

const emoted = (seat: 'red' | 'blue') => (m: ServerMessage) =>
  m.t === 'error' || (m.t === 'emote' && m.seat === seat);

describe.skipIf(skip)('emotes with Redis', () => {
  it('a player with a tab on each process has one allowance', async () => {
    const [a, b] = servers.map((s) => s.url);
    if (a === undefined || b === undefined) throw new Error('no servers');
    const created = await createGame(a, { opponent: 'friend', seat: 'red' });
    const joined = await post<JoinGameResponse>(b, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const redHere = await Client.open(a, created.gameId);
    const redThere = await Client.open(b, created.gameId);
    const blue = await Client.open(b, created.gameId);
    await redHere.ask(hello(created.token), isState);
    await redThere.ask(hello(created.token), isState);
    await blue.ask(hello(joined.body.token), isState);
    // Three at once from the tab on one process...
    for (const emote of ['arr', 'oops', 'good-luck']) {
      expect(await redHere.ask({ t: 'emote', emote }, emoted('red'))).toMatchObject({ t: 'emote' });
    }
    // (Both other sockets hear them first, so no echo is taken below for an answer.)
    const heard = (client: Client) => client.messages.filter((m) => m.t === 'emote').length;
    await expect.poll(() => [heard(redThere), heard(blue)]).toEqual([3, 3]);
    // ...and the tab on the other process has none left, nor has the first.
    expect(await redThere.ask({ t: 'emote', emote: 'arr' }, emoted('red'))).toMatchObject({
      code: 'emote/limited',
    });
    expect(await redHere.ask({ t: 'emote', emote: 'arr' }, emoted('red'))).toMatchObject({
      code: 'emote/limited',
    });
    // The other seat has its own.
    expect(await blue.ask({ t: 'emote', emote: 'well-played' }, emoted('blue'))).toMatchObject({
      t: 'emote',
      seat: 'blue',
    });
    await Promise.all([redHere.close(), redThere.close(), blue.close()]);
  });
});
