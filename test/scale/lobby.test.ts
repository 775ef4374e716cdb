/**
 * The lobby across processes (issue 19 item 2): two `pirates serve` processes on one PostgreSQL schema and one
 * Redis prefix. Two seekers on different processes make exactly one game; many seekers at once, spread over
 * both, are each paired exactly once; a waiting seeker hears of its pairing through Redis from the other
 * process; a spectator on one process is counted for the players on the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenSeeksResponse, SeekResponse } from '../../src/protocol/index.ts';
import { Client, get, hello, isState, type ReadMessage, tempDir } from '../server/harness.ts';
import { placeSeek, Seeker } from '../server/lobby-client.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('lobby');
const isolated = isolation('lobby');
const dir = tempDir();
let servers: ServerProcess[] = [];

beforeAll(async () => {
  if (skip) return;
  servers = await Promise.all([0, 1].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, isolated.env)));
});
afterAll(async () => {
  if (skip) return;
  for (const server of servers) server.child.kill('SIGTERM');
  await Promise.all(servers.map((s) => s.exited));
  await isolated.drop();
});

function url(i: number): string {
  const server = servers[i % servers.length];
  if (server === undefined) throw new Error(`no server ${i}`);
  return server.url;
}

/** The seat a token holds, asked of process `on`. */
async function seatOf(on: number, gameId: string, token: string): Promise<string> {
  const client = await Client.open(url(on), gameId);
  const answer = await client.ask(hello(token), (m) => m.t === 'state' || m.t === 'error');
  await client.close();
  return answer.t === 'state' ? answer.viewer : `refused: ${answer.t === 'error' ? answer.code : ''}`;
}

describe.skipIf(skip)('the lobby on several processes', () => {
  it('two seekers on different processes: exactly one game, heard through Redis', async () => {
    const first = await placeSeek(url(0), { variant: 'advanced', shots: 'quick' });
    const seeker = await Seeker.wait(url(0), first.token);
    await seeker.find((m) => m.t === 'waiting');
    const second = await placeSeek(url(1), { variant: 'advanced', shots: 'quick' });
    expect(second.paired).not.toBeNull();
    const heard = await seeker.paired();
    expect(heard.gameId).toBe(second.paired?.gameId);
    // Each seat on the process the other seeker used.
    expect(await seatOf(1, heard.gameId, first.token)).toBe(heard.seat);
    expect(await seatOf(0, heard.gameId, second.token)).toBe(second.paired?.seat);
    await seeker.close();
  });

  it('many seekers at once on both processes: each paired exactly once, two to a game', async () => {
    const count = 16;
    const placed: { seek: SeekResponse; on: number }[] = await Promise.all(
      Array.from({ length: count }, async (_, i) => ({
        seek: await placeSeek(url(i), { variant: 'standard', shots: 'aimed' }),
        on: i % 2,
      })),
    );
    const pairings = await Promise.all(
      placed.map(async ({ seek, on }) => {
        if (seek.paired !== null) return seek.paired;
        const seeker = await Seeker.wait(url(on), seek.token);
        const pairing = await seeker.paired();
        await seeker.close();
        return pairing;
      }),
    );
    const games = new Map<string, string[]>();
    for (const { gameId, seat } of pairings) games.set(gameId, [...(games.get(gameId) ?? []), seat]);
    expect(games.size).toBe(count / 2);
    for (const seats of games.values()) expect(seats.sort()).toEqual(['blue', 'red']);
    const open = await get<OpenSeeksResponse>(url(0), '/api/seeks');
    expect(open.body.seeks).toEqual([]);
  });

  it('a spectator on one process is counted for the players on the other', async () => {
    const first = await placeSeek(url(0), { shots: 'quick', clock: { kind: 'daily', days: 2 } });
    const seeker = await Seeker.wait(url(0), first.token);
    await seeker.find((m) => m.t === 'waiting');
    await placeSeek(url(1), { shots: 'quick', clock: { kind: 'daily', days: 2 } });
    const { gameId } = await seeker.paired();
    const player = await Client.open(url(0), gameId);
    await player.ask(hello(first.token), isState);
    const spectator = await Client.open(url(1), gameId);
    const seen = await spectator.ask({ t: 'hello', spectate: true }, isState);
    expect(seen.t === 'state' && seen.viewer).toBe('spectator');
    const counted = await player.find((m) => m.t === 'presence' && m.presence.watchers === 1);
    const from = player.messages.indexOf(counted) + 1;
    await spectator.close();
    // The other process may tell of the spectator leaving before its socket's close is seen here: look at
    // what came after the count first, then wait.
    const left = (m: ReadMessage) => m.t === 'presence' && m.presence.watchers === 0;
    if (!player.messages.slice(from).some(left)) await player.next(left);
    await Promise.all([player.close(), seeker.close()]);
  });
});
