/**
 * Many servers, one game: three real `pirates serve` processes on one PostgreSQL schema and one Redis
 * prefix. Players of one game sit on different processes and every socket sees every move; two processes
 * racing on one game store exactly one action per sequence number; a process killed with SIGKILL loses no
 * acknowledged action and its players go on from another process.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsFor, viewFor } from '../../src/engine/index.ts';
import type {
  JoinGameResponse,
  RecordResponse,
  ServerMessage,
  SpectatorResponse,
} from '../../src/protocol/index.ts';
import { GAME_PATIENCE_MS, PATIENCE_MS } from '../patience.ts';
import { Client, createGame, get, hello, isState, pick, post, tempDir } from '../server/harness.ts';
import { history } from '../server/leak-suite.ts';
import { playRandomly } from '../server/players.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { isolation, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('processes');
const isolated = isolation('procs');
const dir = tempDir();
let servers: ServerProcess[] = [];

async function stopAll(): Promise<void> {
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  }
  await Promise.all(servers.map((s) => s.exited));
}

beforeAll(async () => {
  if (skip) return;
  const env = { ...isolated.env, COMPUTER_LEASE_MS: '1500', TURN_LIMIT: '150', AWAY_SECONDS: '1' };
  servers = await Promise.all([0, 1, 2].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, env)));
});
afterAll(async () => {
  if (skip) return;
  await stopAll();
  await isolated.drop();
});

function url(i: number): string {
  const server = servers[i];
  if (server === undefined) throw new Error(`no server ${i}`);
  return server.url;
}

/** A friend game created on process `a`, joined on `b`; red's socket on `a`, blue's on `b`. */
async function splitGame(
  a: number,
  b: number,
): Promise<{ gameId: string; red: Client; blue: Client; redToken: string }> {
  const created = await createGame(url(a), { opponent: 'friend', seat: 'red', turnLimit: 150 });
  const joined = await post<JoinGameResponse>(url(b), `/api/games/${created.gameId}/join`, {
    invite: created.invite,
  });
  expect(joined.status).toBe(200);
  const red = await Client.open(url(a), created.gameId);
  await red.ask(hello(created.token), isState);
  const blue = await Client.open(url(b), created.gameId);
  await blue.ask(hello(joined.body.token), isState);
  return { gameId: created.gameId, red, blue, redToken: created.token };
}

/** The versions of the updates a client received, in order. */
const updates = (client: Client): number[] =>
  client.messages.flatMap((m: ServerMessage) => (m.t === 'update' ? [m.v] : []));

describe.skipIf(skip)('several processes, one game', () => {
  it('a game created on A, joined on B, watched from C: every socket sees every move', async () => {
    const { gameId, red, blue } = await splitGame(0, 1);
    const spectator = await Client.open(url(2), gameId);
    await spectator.ask({ t: 'hello', spectate: true }, isState);
    await Promise.all([playRandomly(red, 'split-red'), playRandomly(blue, 'split-blue')]);
    const record = await get<RecordResponse>(url(2), `/api/games/${gameId}/record`);
    expect(record.status).toBe(200);
    const final = record.body.record.actions.length;
    expect(final).toBeGreaterThan(10);
    await spectator.find((m) => m.t === 'update' && m.v === final);
    const every = Array.from({ length: final }, (_, i) => i + 1);
    // Each socket got its own view and events at every version, whichever process sent them (R11).
    const { states, events } = history(record.body.record);
    const seed = record.body.record.options.seed;
    const viewers = [
      { client: red, viewer: 'red' as const },
      { client: blue, viewer: 'blue' as const },
      { client: spectator, viewer: 'spectator' as const },
    ];
    for (const { client, viewer } of viewers) {
      expect(new Set(updates(client))).toEqual(new Set(every));
      expect(client.latest()?.view.outcome).not.toBeNull();
      for (const message of client.messages) {
        expect(JSON.stringify(message).includes(seed)).toBe(false);
        if (message.t !== 'state' && message.t !== 'update') continue;
        const state = states[message.v];
        if (state === undefined) throw new Error(`v ${message.v} beyond the record`);
        expect(message.view).toEqual(viewFor(state, viewer));
        if (message.t === 'update')
          expect(message.events).toEqual(eventsFor(events[message.v] ?? [], viewer));
      }
    }
    await Promise.all([red.close(), blue.close(), spectator.close()]);
  });

  it('two processes racing on one game: exactly one action is stored per sequence number', async () => {
    for (let round = 0; round < 5; round++) {
      const { gameId, red, blue } = await splitGame(round % 3, (round + 1) % 3);
      // Both seats contribute at once, against v 0, on different processes: one is applied, one is stale.
      const redView = red.latest()?.view;
      const blueView = blue.latest()?.view;
      const answers = [
        red.next((m) => m.t === 'error' || (m.t === 'update' && m.v === 1)),
        blue.next((m) => m.t === 'error' || (m.t === 'update' && m.v === 1)),
      ];
      red.send({ t: 'act', v: 0, action: redView && pick(redView, Math.random) });
      blue.send({ t: 'act', v: 0, action: blueView && pick(blueView, Math.random) });
      await Promise.all(answers);
      await Promise.all([red.find((m) => m.t === 'update'), blue.find((m) => m.t === 'update')]);
      // The loser's refusal comes after it caught up (and saw the winner's update).
      await Promise.race([
        red.find((m) => m.t === 'error' && m.code === 'act/stale'),
        blue.find((m) => m.t === 'error' && m.code === 'act/stale'),
      ]);
      // Both resign at once, on different processes: one resignation ends the game, the other is refused.
      const over = [red, blue].map((c) => c.find((m) => m.t === 'update' && m.view.outcome !== null));
      red.send({ t: 'resign' });
      blue.send({ t: 'resign' });
      await Promise.all(over);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const record = await get<RecordResponse>(url(2), `/api/games/${gameId}/record`);
      const actions = record.body.record.actions;
      expect(actions.filter((a) => a.action.type === 'contribute')).toHaveLength(1);
      const stale = [red, blue].flatMap((c) =>
        c.messages.filter((m) => m.t === 'error' && m.code === 'act/stale'),
      );
      expect(stale).toHaveLength(1);
      expect(actions.filter((a) => a.action.type === 'resign')).toHaveLength(1);
      const refused = [red, blue].flatMap((c) =>
        c.messages.filter((m) => m.t === 'error' && m.code === 'game/over'),
      );
      expect(refused).toHaveLength(1);
      await Promise.all([red.close(), blue.close()]);
    }
  });

  it('an action resent to another process is answered as a repeat and stored once', async () => {
    const { gameId, red, blue, redToken } = await splitGame(0, 1);
    const latest = red.latest()?.view;
    const action = latest && pick(latest, Math.random);
    await red.ask({ t: 'act', v: 0, action }, (m) => m.t === 'update' && m.v === 1);
    // The client missed the update, reconnects (through the load balancer) to C and sends it again.
    red.terminate();
    const again = await Client.open(url(2), gameId);
    await again.ask(hello(redToken), isState);
    const answer = await again.ask({ t: 'act', v: 0, action }, (m) => m.t === 'error' || m.t === 'state');
    expect(answer.t === 'state' && answer.v).toBe(1);
    const spectator = await get<SpectatorResponse>(url(1), `/api/games/${gameId}`);
    expect(spectator.body.v).toBe(1);
    await Promise.all([again.close(), blue.close()]);
  });

  it('a seat connected to another process is not away; once it leaves, the other may claim', async () => {
    const { red, blue } = await splitGame(0, 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const early = await red.ask({ t: 'claim', claim: 'win' }, (m) => m.t === 'error');
    expect(early.t === 'error' && early.code).toBe('claim/not-away');
    const state = await red.ask({ t: 'resync' }, isState);
    expect(state.t === 'state' && state.presence.seats.blue.connected).toBe(true);
    await blue.close();
    await red.find((m) => m.t === 'presence' && m.presence.claimable === 'blue');
    const over = await red.ask({ t: 'claim', claim: 'win' }, (m) => m.t === 'update');
    expect(over.t === 'update' && over.view.outcome?.winner).toBe('red');
    await red.close();
  });

  it('SIGKILL one process mid-game: its players go on from another and no acknowledged action is lost', async () => {
    interface Seat {
      gameId: string;
      token: string;
      client: Client;
      onVictim: boolean;
    }
    const seats: Seat[] = [];
    for (let i = 0; i < 3; i++) {
      const created = await createGame(url(0), { opponent: 'computer', level: 'random', turnLimit: 150 });
      const client = await Client.open(url(0), created.gameId);
      await client.ask(hello(created.token), isState);
      seats.push({ gameId: created.gameId, token: created.token, client, onVictim: true });
    }
    for (let i = 0; i < 3; i++) {
      const created = await createGame(url(1), { opponent: 'friend', seat: 'red', turnLimit: 150 });
      const joined = await post<JoinGameResponse>(url(1), `/api/games/${created.gameId}/join`, {
        invite: created.invite,
      });
      const red = await Client.open(url(0), created.gameId);
      await red.ask(hello(created.token), isState);
      const blue = await Client.open(url(1), created.gameId);
      await blue.ask(hello(joined.body.token), isState);
      seats.push({ gameId: created.gameId, token: created.token, client: red, onVictim: true });
      seats.push({ gameId: created.gameId, token: joined.body.token, client: blue, onVictim: false });
    }
    const survivors = seats
      .filter((s) => !s.onVictim)
      .map((s, i) => playRandomly(s.client, `kill-survivor-${i}`, { timeoutMs: GAME_PATIENCE_MS }));
    for (const [i, seat] of seats.entries()) {
      if (seat.onVictim)
        void playRandomly(seat.client, `kill-victim-${i}`, { timeoutMs: GAME_PATIENCE_MS }).catch(() => 0);
    }
    // Kill once the games are well under way (waiting on progress, not on a clock: CI machines are slow).
    for (let waited = 0; waited < PATIENCE_MS; waited += 50) {
      if (seats.some((seat) => (seat.client.latest()?.v ?? 0) > 6)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const victim = servers[0];
    victim?.child.kill('SIGKILL');
    expect(await victim?.exited).toBe('SIGKILL');
    const acknowledged = new Map<string, number>();
    for (const seat of seats) {
      const v = seat.client.latest()?.v ?? 0;
      acknowledged.set(seat.gameId, Math.max(acknowledged.get(seat.gameId) ?? 0, v));
    }
    expect([...acknowledged.values()].some((v) => v > 2)).toBe(true);
    const again: Promise<number>[] = [];
    for (const [i, seat] of seats.entries()) {
      if (!seat.onVictim) continue;
      seat.client.terminate();
      const to = 1 + (i % 2);
      const view = await get<SpectatorResponse>(url(to), `/api/games/${seat.gameId}`);
      expect(view.body.v).toBeGreaterThanOrEqual(acknowledged.get(seat.gameId) ?? 0);
      const client = await Client.open(url(to), seat.gameId);
      await client.ask(hello(seat.token), isState);
      seat.client = client;
      again.push(playRandomly(client, `kill-again-${i}`, { timeoutMs: GAME_PATIENCE_MS }));
    }
    await Promise.all([...again, ...survivors]);
    for (const seat of seats) {
      expect(seat.client.latest()?.view.outcome).not.toBeNull();
      const record = await get<RecordResponse>(url(2), `/api/games/${seat.gameId}/record`);
      expect(record.body.record.actions.length).toBeGreaterThanOrEqual(acknowledged.get(seat.gameId) ?? 0);
    }
    await Promise.all(seats.map((s) => s.client.close()));
  });
});
