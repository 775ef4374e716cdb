/**
 * Clocks across processes (issue 19 item 7): two servers on one PostgreSQL schema and one Redis prefix, with
 * one fake clock moved on by the test (never waited for). Only the first server's clock watch ticks (the
 * second's tick is an hour away), so every flag here is recorded by a process that does not hold the flagged
 * player's socket: the player to move is connected to the other process, or to none at all. Both players' ends
 * arrive through Redis, and the record ends with the server's flag.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Seat } from '../../src/engine/index.ts';
import type { JoinGameResponse, RecordResponse } from '../../src/protocol/index.ts';
import {
  Client,
  createGame,
  get,
  hello,
  isState,
  post,
  type ReadMessage,
  startTestServer,
  type TestServer,
} from '../server/harness.ts';
import { setUpUntilPlay } from '../server/players.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('clock-pg');
const isolated = isolation('clocks');
let ahead = 0;
const now = () => Date.now() + ahead;
/** The server whose clock watch ticks, and the one whose never does in a test's time. */
let ticking: TestServer;
let idle: TestServer;

beforeAll(async () => {
  if (skip) return;
  // Neither lets a game go in a test's time: a flag must never wait for that (a room held without sockets
  // hears no hints, and its tick once saw no running clock until the room was let go, 30 to 60 s later).
  const held = { idleGraceMs: 3_600_000 };
  ticking = await startTestServer({ ...isolated.config, ...held, now, clockTickMs: 20 });
  idle = await startTestServer({ ...isolated.config, ...held, now, clockTickMs: 3_600_000 });
});
afterAll(async () => {
  if (skip) return;
  await ticking.stop();
  await idle.stop();
  await isolated.drop();
});

const LIVE = { kind: 'live', minutes: 1, increment: 2 } as const;
const endedOnTime = (m: ReadMessage) => m.t === 'update' && m.view.outcome !== null;

/**
 * A timed friend game made on the ticking server (which so holds its room), set up through both seats'
 * sockets on the idle one: returns the tokens and the seat whose clock runs once play begins.
 */
async function timedGame() {
  const created = await createGame(ticking.url, { opponent: 'friend', seat: 'red', clock: LIVE });
  const joined = await post<JoinGameResponse>(idle.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const tokens = { red: created.token, blue: joined.body.token };
  const red = await Client.open(idle.url, created.gameId);
  const blue = await Client.open(idle.url, created.gameId);
  await red.ask(hello(tokens.red), isState);
  await blue.ask(hello(tokens.blue), isState);
  await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
  const inPlay = await red.find((m) => m.t === 'update' && m.view.phase === 'play');
  const running = inPlay.t === 'update' ? inPlay.clock?.running : null;
  if (running == null) throw new Error('no clock runs in play');
  const waiting: Seat = running === 'red' ? 'blue' : 'red';
  return { gameId: created.gameId, tokens, running, waiting, sockets: { red, blue } };
}

/** The record of a game ended on time: its last action is the server's flag of `seat`. */
async function flaggedInRecord(gameId: string, seat: 'red' | 'blue'): Promise<void> {
  const record = await get<RecordResponse>(idle.url, `/api/games/${gameId}/record`);
  expect(record.status).toBe(200);
  expect(record.body.record.actions.at(-1)).toEqual({ seat, action: { type: 'resign', time: true } });
}

describe.skipIf(skip)('clocks on several processes', () => {
  it('the player to move is on the other process: the flag falls there too', async () => {
    const game = await timedGame();
    // The waiting player moves to the ticking process; the player to move stays on the idle one.
    await game.sockets[game.waiting].close();
    const waiter = await Client.open(ticking.url, game.gameId);
    await waiter.ask(hello(game.tokens[game.waiting]), isState);
    ahead += 61_000;
    const mover = game.sockets[game.running];
    const told = await mover.find(endedOnTime);
    expect(told.t === 'update' && told.view.outcome?.message).toMatch(/ran out of time/);
    await waiter.find(endedOnTime);
    await flaggedInRecord(game.gameId, game.running);
    await Promise.all([mover.close(), waiter.close()]);
  });

  it('the player to move is connected nowhere: the flag still falls, and the other hears it', async () => {
    const game = await timedGame();
    // The player to move leaves; the other stays on the idle process; the ticking one holds the room (it
    // made the game) but no socket, so its room is behind the store: it must catch up to see the flag.
    await game.sockets[game.running].close();
    ahead += 61_000;
    const waiter = game.sockets[game.waiting];
    const told = await waiter.find(endedOnTime);
    expect(told.t === 'update' && told.view.outcome?.winner).toBe(game.waiting);
    await flaggedInRecord(game.gameId, game.running);
    await waiter.close();
  });
});
