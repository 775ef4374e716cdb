/**
 * Issue 19 item 7: clocks. The pure arithmetic (clock.ts) first, then a timed game on a server whose clock is
 * fake: time is moved on by the test, never waited for, so nothing depends on the machine's speed. A flag on
 * time ends the game as a server-recorded `{ type: 'resign', time: true }`, the record replays, and the clocks
 * survive a restart.
 */
import { rmSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { type GameState, createGame as newEngineGame } from '../../src/engine/index.ts';
import type { JoinGameResponse, LiveGamesResponse, RecordResponse } from '../../src/protocol/index.ts';
import { afterAction, flagged, runningSeat, startClock, timeLeft } from '../../src/server/rooms/clock.ts';
import { act, cardShows, position } from '../engine/positions.ts';
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
  tempDir,
} from './harness.ts';
import { history } from './leak-suite.ts';
import { setUpUntilPlay } from './players.ts';

const LIVE = { kind: 'live', minutes: 1, increment: 5 } as const;

describe('clock arithmetic', () => {
  /** A game in play, red to turn a card. */
  const play = (): GameState => position({ mover: 'red' }).state;

  it('runs only while one seat decides in play; the time left is the server clock minus the start', () => {
    const clock = startClock(LIVE);
    expect(clock).toEqual({ control: LIVE, left: { red: 60_000, blue: 60_000 }, running: null, since: null });
    const setup = newEngineGame({ seed: 'clock', entropy: 'seats' });
    expect(runningSeat(setup)).toBeNull();
    const playing = play();
    expect(playing.phase).toBe('play');
    const running = runningSeat(playing);
    expect(running).toBe(playing.mover);
    const started = afterAction(clock, setup, playing, 1_000);
    expect(started).toMatchObject({ running, since: 1_000, left: { red: 60_000, blue: 60_000 } });
    expect(timeLeft(started, 21_000)[playing.mover]).toBe(40_000);
    expect(flagged(started, 60_999)).toBeNull();
    expect(flagged(started, 61_000)).toBe(playing.mover);
  });

  it('a live clock adds its increment when its turn ends; a daily clock starts full at each decision', () => {
    const playing = play();
    const mover = playing.mover;
    // A sleeping card ends red's turn (R2): blue decides next.
    const turn = act(cardShows(playing, 0, 'sleeping'), 'red', { type: 'turnCard', card: 0 }).state;
    expect([turn.turn, runningSeat(turn)]).toEqual([playing.turn + 1, 'blue']);
    const live = afterAction(startClock(LIVE), playing, playing, 0);
    const after = afterAction(live, playing, turn, 10_000);
    expect(after.left[mover]).toBe(60_000 - 10_000 + 5_000);
    const day = 24 * 60 * 60_000;
    const daily = afterAction(startClock({ kind: 'daily', days: 1 }), playing, playing, 0);
    const next = afterAction(daily, playing, turn, day - 1);
    expect(next.left[mover]).toBe(1);
    expect(next.left[turn.mover]).toBe(day);
    expect(next.running).toBe(turn.mover);
  });
});

describe('a timed game on the server (fake clock)', () => {
  let time = 1_000_000;
  const dir = tempDir();
  const servers: TestServer[] = [];
  const start = async (tickMs: number) => {
    const server = await startTestServer({ now: () => time, clockTickMs: tickMs }, dir);
    servers.push(server);
    return server;
  };
  afterAll(async () => {
    for (const server of servers) await server.close().catch(() => undefined);
    rmSync(dir, { recursive: true, force: true });
  });

  /** A timed friend game played through setup: both seats' sockets, and whose clock runs. */
  async function timedGame(server: TestServer) {
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red', clock: LIVE });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(server.url, created.gameId);
    const blue = await Client.open(server.url, created.gameId);
    const first = await red.ask(hello(created.token), isState);
    expect(first.t === 'state' && first.clock).toEqual({
      control: LIVE,
      left: { red: 60_000, blue: 60_000 },
      running: null,
    });
    await blue.ask(hello(joined.body.token), isState);
    // Contribution and setup for each seat: then play begins and one clock runs.
    await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
    const inPlay = (m: ReadMessage) => m.t === 'update' && m.view.phase === 'play';
    const update = await red.find(inPlay);
    if (update.t !== 'update' || update.clock === undefined) throw new Error('no clock in play');
    return {
      gameId: created.gameId,
      red,
      blue,
      tokens: { red: created.token, blue: joined.body.token },
      running: update.clock.running,
      v: update.v,
    };
  }

  const endedOnTime = (m: ReadMessage) => m.t === 'update' && m.view.outcome !== null;

  it('a flag on time ends the game: recorded by the server, told to both, and the record replays', async () => {
    const server = await start(10);
    const { gameId, red, blue, running } = await timedGame(server);
    expect(running).not.toBeNull();
    time += 61_000;
    const over = await red.find(endedOnTime);
    const loser = running === 'red' ? 'Red' : 'Blue';
    expect(over.t === 'update' && over.view.outcome?.message).toMatch(
      new RegExp(`^${loser} ran out of time; `),
    );
    expect(over.t === 'update' && over.events).toContainEqual({
      type: 'resigned',
      seat: running,
      time: true,
      audience: 'all',
    });
    await blue.find(endedOnTime);
    const record = await get<RecordResponse>(server.url, `/api/games/${gameId}/record`);
    expect(record.body.record.actions.at(-1)).toEqual({
      seat: running,
      action: { type: 'resign', time: true },
    });
    expect(history(record.body.record).states.at(-1)?.outcome?.message).toMatch(/ran out of time/);
    await Promise.all([red.close(), blue.close()]);
  });

  it('an action after the time ran out records the flag instead; nobody can send a flag', async () => {
    // A tick far away: only the late action finds that the time has run out.
    const server = await start(3_600_000);
    const { red, blue, running, v } = await timedGame(server);
    const mover = running === 'red' ? red : blue;
    const forged = await mover.ask(
      { t: 'act', v, action: { type: 'resign', time: true } },
      (m) => m.t === 'error',
    );
    expect(forged.t === 'error' && forged.code).toBe('act/time');
    time += 60_000;
    const view = mover.latest()?.view;
    const action = view?.legalActions[0];
    const refused = await mover.ask({ t: 'act', v, action }, (m) => m.t === 'error');
    expect(refused.t === 'error' && refused.code).toBe('game/over');
    const over = await mover.find(endedOnTime);
    expect(over.t === 'update' && over.view.outcome?.reason).toBe('resigned');
    expect(over.t === 'update' && over.view.outcome?.message).toMatch(/ran out of time/);
    await Promise.all([red.close(), blue.close()]);
  });

  it('a clock that runs out in a game nobody holds ends it: found in the store by its deadline, no hello needed', async () => {
    const before = await start(3_600_000);
    const { gameId, red, blue, running } = await timedGame(before);
    await Promise.all([red.close(), blue.close()]);
    await before.close();
    // Games are loaded where they are played: the restarted server reads none until asked, or until due.
    const after = await start(10);
    expect(after.logs.find((line) => line.includes('pirates server ready'))).toMatch(/"gamesLoaded":0/);
    const listed = () => get<LiveGamesResponse>(after.url, '/api/live');
    expect((await listed()).body.games.map((g) => g.gameId)).toContain(gameId);
    time += 61_000;
    // The watch list reads the store: the game leaves it once the flag is stored.
    await expect.poll(async () => (await listed()).body.games.map((g) => g.gameId)).not.toContain(gameId);
    const record = await get<RecordResponse>(after.url, `/api/games/${gameId}/record`);
    expect(record.body.record.actions.at(-1)).toEqual({
      seat: running,
      action: { type: 'resign', time: true },
    });
  });

  it('the clocks survive a restart: time that ran out while the server was down ends the game', async () => {
    const before = await start(3_600_000);
    const { gameId, red, blue, running, tokens } = await timedGame(before);
    time += 30_000;
    await Promise.all([red.close(), blue.close()]);
    await before.close();
    const after = await start(10);
    const back = await Client.open(after.url, gameId);
    const state = await back.ask(hello(tokens.red), isState);
    // Half the minute gone on the server's clock, counted from the stored start.
    expect(state.t === 'state' && state.clock?.left[running ?? 'red']).toBe(30_000);
    time += 31_000;
    const over = await back.find(endedOnTime);
    expect(over.t === 'update' && over.view.outcome?.message).toMatch(/ran out of time/);
    await back.close();
  });
});
