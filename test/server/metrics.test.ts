/**
 * Issue 30 item 3: the Prometheus endpoint. It listens on its own port (METRICS_PORT), never the public
 * one; scraped while games are played, its figures move: sockets, games held, actions, the act and append
 * latencies, reconnects, refusals by code, the computer's decisions, and prom-client's process figures.
 * The text is read back with a parser of the exposition format.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import { configFromEnv } from '../../src/server/config.ts';
import {
  Client,
  createGame,
  hello,
  isState,
  pick,
  post,
  startTestServer,
  type TestServer,
} from './harness.ts';
import { playRandomly } from './players.ts';
import { scrape } from './scrape.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ metrics: { port: 0, host: '127.0.0.1' } });
});
afterAll(async () => {
  await server.stop();
});

const metricsUrl = () => server.metricsUrl ?? '';

describe('the Prometheus endpoint', () => {
  it('is off unless METRICS_PORT is set, on loopback by default, and never on the public port', async () => {
    expect(configFromEnv({}).metrics).toEqual({ port: null, host: '127.0.0.1' });
    expect(configFromEnv({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(() => configFromEnv({ METRICS_PORT: '70000' })).toThrow(/METRICS_PORT/);
    const quiet = await startTestServer();
    try {
      expect(quiet.metricsUrl).toBeNull();
    } finally {
      await quiet.stop();
    }
    expect(metricsUrl()).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    expect(new URL(metricsUrl()).port).not.toBe(String(server.port));
    // The public port has no metrics: its answer is the page's (503 while no page is built here), never them.
    const publicPort = await fetch(`${server.url}/metrics`);
    expect(publicPort.status).not.toBe(200);
    expect(await publicPort.text()).not.toContain('pirates_');
    const ready = server.logs.map((l) => JSON.parse(l) as { msg: string; metricsUrl?: string });
    expect(ready.find((l) => l.msg === 'pirates server ready')?.metricsUrl).toBe(metricsUrl());
  });

  it('moves while a game is played: sockets, games held, actions, latencies, reconnects, refusals', async () => {
    const before = await scrape(metricsUrl());
    expect(before.value('pirates_sockets_open', { kind: 'game' })).toBe(0);
    const created = await createGame(server.url, { opponent: 'friend', seat: 'red', turnLimit: 30 });
    const joined = await post<JoinGameResponse>(server.url, `/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const red = await Client.open(server.url, created.gameId);
    const blue = await Client.open(server.url, created.gameId);
    const state = await red.ask(hello(created.token), isState);
    await blue.ask(hello(joined.body.token), isState);

    const during = await scrape(metricsUrl());
    expect(during.value('pirates_sockets_open', { kind: 'game' })).toBe(2);
    expect(during.value('pirates_games_held')).toBeGreaterThanOrEqual(1);

    // A stale action is refused (and counted by its code); then red moves and is told.
    const seen = state.t === 'state' ? state.view : null;
    const action = seen === null ? null : pick(seen, Math.random);
    const stale = await red.ask({ t: 'act', v: 5, action }, (m) => m.t === 'error');
    expect(stale.t === 'error' && stale.code).toBe('act/stale');
    await red.ask({ t: 'act', v: 0, action }, (m) => m.t === 'update' && m.v === 1);
    // Red's page comes back (a reload): a hello to a game under way is a reconnect.
    await red.close();
    const again = await Client.open(server.url, created.gameId);
    await again.ask(hello(created.token), isState);
    await blue.find((m) => m.t === 'update' && m.v === 1);
    await Promise.all([playRandomly(again, 'metrics-red'), playRandomly(blue, 'metrics-blue')]);
    const moves = again.latest()?.v ?? 0;

    const after = await scrape(metricsUrl());
    const grew = (name: string) => after.value(name) - (before.value(name) || 0);
    expect(grew('pirates_actions_total')).toBe(moves);
    expect(after.count('pirates_store_append_seconds') - before.count('pirates_store_append_seconds')).toBe(
      moves,
    );
    // Every act the players' pages sent and that applied was timed (the computer's are not acts).
    expect(after.count('pirates_act_seconds') - before.count('pirates_act_seconds')).toBeGreaterThan(0);
    expect(grew('pirates_reconnects_total')).toBe(1);
    expect(after.value('pirates_refusals_total', { code: 'act/stale' })).toBeGreaterThanOrEqual(1);
    // The process figures come with prom-client's defaults.
    expect(after.value('process_resident_memory_bytes')).toBeGreaterThan(0);
    expect(after.names).toContain('nodejs_eventloop_lag_seconds');
    expect(after.names).toContain('pirates_build_info');
    await Promise.all([again.close(), blue.close()]);
    await expect
      .poll(async () => (await scrape(metricsUrl())).value('pirates_sockets_open', { kind: 'game' }))
      .toBe(0);
  });

  it('counts HTTP refusals by code and times the computer decisions', async () => {
    const before = await scrape(metricsUrl());
    const refused = await post<{ code: string }>(server.url, '/api/games', { opponent: 'nobody' });
    expect(refused.body.code).toBe('request/invalid');
    const game = await createGame(server.url, { opponent: 'computer', level: 'random', turnLimit: 20 });
    const client = await Client.open(server.url, game.gameId);
    await client.ask(hello(game.token), isState);
    await playRandomly(client, 'metrics-computer');
    const after = await scrape(metricsUrl());
    expect(
      after.value('pirates_refusals_total', { code: 'request/invalid' }) -
        (before.value('pirates_refusals_total', { code: 'request/invalid' }) || 0),
    ).toBe(1);
    expect(after.count('pirates_computer_decision_seconds')).toBeGreaterThan(
      before.count('pirates_computer_decision_seconds') || 0,
    );
    expect(after.value('pirates_computer_decisions_queued')).toBeGreaterThanOrEqual(0);
    await client.close();
  });
});
