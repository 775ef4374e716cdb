/**
 * Issue 35 item 3, across restarts and processes, shared by the SQLite test
 * (test/server/decision-limit-restart.test.ts) and the PostgreSQL + Redis one
 * (test/scale/decision-limit-restart.test.ts). A decision's limit runs from when the decision began by the
 * stored times of the actions (decision-limits.ts), so neither a restart nor another process gives a seat that
 * stalls a fresh limit. Real `pirates serve` processes; the limit is long (DECISION_SECONDS) so that nothing
 * here depends on the machine's speed: a fresh limit would be told as about all of it.
 */
import { expect } from 'vitest';
import type { JoinGameResponse, ServerMessage } from '../../src/protocol/index.ts';
import { BEAT_MS } from '../../src/server/rooms/clock-outage.ts';
import { Client, createGame, hello, isState, post } from './harness.ts';
import { setUpUntilPlay } from './players.ts';
import { type ServerProcess, spawnServer } from './process.ts';

/** The limit of each decision in these untimed games (ms). */
const DECISION_MS = 120_000;
/** How long the seat to move stalls before the restart or the look from another process. */
const STALL_MS = 8_000;

const limits = { DECISION_SECONDS: String(DECISION_MS / 1000), AWAY_SECONDS: '3600', ABORT_SECONDS: '3600' };

/** An untimed friend game set up on `server` by both seats; resolves when the deal is done and play begins. */
async function setUpOn(server: ServerProcess) {
  const created = await createGame(server.url, { opponent: 'friend', seat: 'red', clock: null });
  const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  const red = await Client.open(server.url, created.gameId);
  const blue = await Client.open(server.url, created.gameId);
  await red.ask(hello(created.token), isState);
  await blue.ask(hello(joined.body.token), isState);
  await Promise.all([setUpUntilPlay(red), setUpUntilPlay(blue)]);
  // Every action so far was stored before its update reached us: the decision to move began no later.
  const begunBy = Date.now();
  const told = await red.ask({ t: 'resync' }, isState);
  const mover = claimant(told);
  return { gameId: created.gameId, token: created.token, red, blue, begunBy, mover };
}

/** The seat whose decision limit runs (the one to move in play), from a `state`. */
function claimant(message: ServerMessage): 'red' | 'blue' {
  if (message.t !== 'state') throw new Error(`expected a state, got ${message.t}`);
  const { red, blue } = message.presence.claimIn;
  if ((red === null) === (blue === null)) throw new Error('expected exactly one seat deciding');
  return red === null ? 'blue' : 'red';
}

async function claimInFrom(url: string, gameId: string, token: string, seat: 'red' | 'blue') {
  const client = await Client.open(url, gameId);
  const state = await client.ask(hello(token), isState);
  await client.close();
  if (state.t !== 'state') throw new Error('no state');
  const claimIn = state.presence.claimIn[seat];
  if (claimIn === null) throw new Error(`${seat} has no decision limit after all`);
  return claimIn;
}

/** Kills the server (SIGKILL) while a connected seat stalls, restarts it at once: the limit goes on. */
export async function limitSurvivesRestart(
  database: string,
  env: Record<string, string>,
  servers: ServerProcess[],
): Promise<void> {
  const first = await spawnServer(database, { ...env, ...limits });
  servers.push(first);
  const game = await setUpOn(first);
  await new Promise((resolve) => setTimeout(resolve, STALL_MS));
  first.child.kill('SIGKILL');
  expect(await first.exited).toBe('SIGKILL');
  const killed = Date.now();
  game.red.terminate();
  game.blue.terminate();

  const second = await spawnServer(database, { ...env, ...limits });
  servers.push(second);
  const claimIn = await claimInFrom(second.url, game.gameId, game.token, game.mover);
  // The time it stalled while a process could hear it is gone from its limit. A restart slower than a beat's
  // staleness gives the outage back (as to the clocks): at most the time since the last beat before the kill,
  // which a busy machine may write late, hence the allowance of a few beats.
  expect(claimIn).toBeLessThanOrEqual(DECISION_MS - (killed - game.begunBy) + 3 * BEAT_MS);
  expect(claimIn).toBeGreaterThan(0);
  second.child.kill('SIGTERM');
  await second.exited;
}

/**
 * PostgreSQL + Redis: a second process that loads the game after the seat has stalled tells the same limit
 * as the first (its room is built from the store), not a fresh one.
 */
export async function limitIsSharedAcrossProcesses(
  env: Record<string, string>,
  dir: string,
  servers: ServerProcess[],
): Promise<void> {
  const a = await spawnServer(`${dir}/unused-a.sqlite`, { ...env, ...limits });
  servers.push(a);
  const b = await spawnServer(`${dir}/unused-b.sqlite`, { ...env, ...limits });
  servers.push(b);
  const game = await setUpOn(a);
  await new Promise((resolve) => setTimeout(resolve, STALL_MS));
  const looked = Date.now();
  const onB = await claimInFrom(b.url, game.gameId, game.token, game.mover);
  expect(onB).toBeLessThanOrEqual(DECISION_MS - (looked - game.begunBy));
  const onA = await claimInFrom(a.url, game.gameId, game.token, game.mover);
  // The two processes agree to within the time between the two looks and the rounding of stored times.
  expect(Math.abs(onA - onB)).toBeLessThan(STALL_MS / 2);
  await game.red.close();
  await game.blue.close();
}
