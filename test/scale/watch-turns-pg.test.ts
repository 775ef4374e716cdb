/**
 * Issue 31 item 6 across processes: the Watch list says whose turn it is in a game played on another process
 * (PostgreSQL + Redis). The game is played on process 0; process 1, which never held it, lists it with the
 * same turn and seat to move, before and after a move.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse, LiveGamesResponse } from '../../src/protocol/index.ts';
import { Client, createGame, get, hello, isState, post, tempDir } from '../server/harness.ts';
import { playRandomly, setUpUntilPlay } from '../server/players.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('watch-turns');
const isolated = isolation('watch_turns');
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

const urlOf = (i: number) => {
  const server = servers[i];
  if (server === undefined) throw new Error(`no server ${i}`);
  return server.url;
};

async function listedOn(i: number, gameId: string) {
  const { body } = await get<LiveGamesResponse>(urlOf(i), '/api/live');
  const game = body.games.find((g) => g.gameId === gameId);
  if (game === undefined) throw new Error(`game ${gameId} is not listed on process ${i}`);
  return { turn: game.turn, toMove: game.toMove, moves: game.moves };
}

describe.skipIf(skip)('the Watch list across processes (PostgreSQL + Redis)', () => {
  it('a game played on one process is listed on another with its turn and the seat to move', async () => {
    const created = await createGame(urlOf(0), { opponent: 'friend', seat: 'red', clock: null });
    const joined = await post<JoinGameResponse>(urlOf(0), `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(urlOf(0), created.gameId);
    const blue = await Client.open(urlOf(0), created.gameId);
    await red.ask(hello(created.token), isState);
    await blue.ask(hello(joined.body.token), isState);
    expect(await listedOn(1, created.gameId)).toEqual({ turn: 0, toMove: 'both', moves: 0 });
    await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
    const inPlay = await listedOn(0, created.gameId);
    expect(inPlay.turn).toBe(1);
    expect(inPlay.toMove === 'red' || inPlay.toMove === 'blue').toBe(true);
    expect(await listedOn(1, created.gameId)).toEqual(inPlay);
    // The seat to move plays until the turn passes: the other process follows from the stored actions.
    const mover = inPlay.toMove === 'red' ? red : blue;
    await playRandomly(mover, 'mover', { untilIdle: true });
    const later = await listedOn(0, created.gameId);
    expect(later.moves).toBeGreaterThan(inPlay.moves);
    expect(await listedOn(1, created.gameId)).toEqual(later);
    await Promise.all([red.close(), blue.close()]);
  });
});
