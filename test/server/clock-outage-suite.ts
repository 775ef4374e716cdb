/**
 * Issue 35 item 4, shared by the SQLite test (test/server/clock-outage.test.ts) and the PostgreSQL one
 * (test/scale/clock-outage.test.ts): a real `pirates serve` is killed with SIGKILL in play, stays down well past
 * a beat's staleness (clock-outage.ts), and a new process on the same database must give the outage back.
 */
import { expect } from 'vitest';
import type { ClockControl, JoinGameResponse } from '../../src/protocol/index.ts';
import { STALE_MS } from '../../src/server/rooms/clock-outage.ts';
import { Client, createGame, hello, isState, post, type ReadMessage } from './harness.ts';
import { setUpUntilPlay } from './players.ts';
import { type ServerProcess, spawnServer } from './process.ts';

const LIVE: ClockControl = { kind: 'live', minutes: 1, increment: 0 };
/** Down this long: well past STALE_MS, so the outage is told from a quick restart. */
const OUTAGE_MS = 2 * STALE_MS;

/**
 * Plays a timed friend game into play on `database` (and `env`), kills the server, waits, restarts it and
 * checks the running seat was charged only the time a process could hear it. Started processes go to `servers`.
 */
export async function outageIsGivenBack(
  database: string,
  env: Record<string, string>,
  servers: ServerProcess[],
): Promise<void> {
  const first = await spawnServer(database, env);
  servers.push(first);
  const created = await createGame(first.url, { opponent: 'friend', seat: 'red', clock: LIVE });
  const joined = await post<JoinGameResponse>(first.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(first.url, created.gameId);
  const blue = await Client.open(first.url, created.gameId);
  await red.ask(hello(created.token), isState);
  await blue.ask(hello(joined.body.token), isState);
  // The clock starts when play begins: no earlier than here.
  const beforePlay = Date.now();
  await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
  const inPlay = await red.find((m: ReadMessage) => m.t === 'update' && m.view.phase === 'play');
  if (inPlay.t !== 'update' || inPlay.clock?.running == null) throw new Error('no clock runs in play');
  const running = inPlay.clock.running;

  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  const killed = Date.now();
  red.terminate();
  blue.terminate();
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));

  const restarting = Date.now();
  const second = await spawnServer(database, env);
  servers.push(second);
  const back = await Client.open(second.url, created.gameId);
  const state = await back.ask(hello(created.token), isState);
  const read = Date.now();
  if (state.t !== 'state' || state.clock === undefined) throw new Error('no clock after the restart');
  const charged = 60_000 - (state.clock.left[running] ?? 0);
  // At most the time a process was up while it ran: before the kill, and since the restart began (without
  // the beats, the outage itself, over OUTAGE_MS, was charged on top).
  const heard = killed - beforePlay + (read - restarting);
  expect(charged).toBeLessThanOrEqual(heard);
  await back.close();
  second.child.kill('SIGTERM');
  await second.exited;
}
