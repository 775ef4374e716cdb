/**
 * Issue 30 items 1 and 2: the shipped proxy configs as an operator runs them (deploy/haproxy.cfg unchanged,
 * deploy/nginx.conf with its addresses filled in), in front of three processes on PostgreSQL + Redis with
 * TRUST_PROXY=1. Players come from many loopback addresses (127.x.y.z, the client socket bound to each), and
 * each address gets its own allowance of games, sockets and spectator seats, while a client that names an
 * address of its own (X-Forwarded-For) gains nothing. Before, HAProxy forwarded no address: every player
 * counted as the proxy, and a header named any address. Then the heartbeat through each proxy, and HAProxy's
 * health checks through a process paused for a moment (a long garbage collection, a busy loop).
 */

import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JoinGameResponse } from '../../src/protocol/index.ts';
import { PATIENCE_MS } from '../patience.ts';
import { Client, hello, isState, post, tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
import { frozen } from './freeze.ts';
import {
  HAPROXY_CONFIG,
  haproxyBinary,
  NGINX_CONFIG,
  nginxBinary,
  type RunningProxy,
  startHaproxy,
  startNginx,
} from './proxies.ts';
import { isolation, skipWithoutServices } from './services.ts';

const GAMES_PER_MINUTE = 3;
const SOCKETS_PER_ADDRESS = 2;
const ADDRESSES = 12;
const SPECTATORS = 24;

const skip = await skipWithoutServices('proxy-addresses');
const missing = haproxyBinary() === null || nginxBinary() === null;
if (!skip && missing && process.env.CI)
  throw new Error('proxy-addresses test: haproxy or nginx is not installed');
const isolated = isolation('pxad');
let servers: ServerProcess[] = [];
let beating: ServerProcess | null = null;
const proxies: Record<'HAProxy' | 'nginx', RunningProxy | null> = { HAProxy: null, nginx: null };
const hosts = () => servers.map((server) => new URL(server.url).host);

beforeAll(async () => {
  if (skip || missing) return;
  const dir = tempDir();
  const env = {
    ...isolated.env,
    TRUST_PROXY: '1',
    GAMES_PER_MINUTE: String(GAMES_PER_MINUTE),
    SOCKETS_PER_ADDRESS: String(SOCKETS_PER_ADDRESS),
    TURN_LIMIT: '80',
  };
  servers = await Promise.all([0, 1, 2].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, env)));
  // The heartbeat test's own process, pinging every 2 s: the others keep the default, so a test client held
  // up for a second or two on a loaded machine is never cut in the middle of the address tests.
  beating = await spawnServer(`${dir}/unused-beating.sqlite`, { ...env, HEARTBEAT_SECONDS: '2' });
  proxies.HAProxy = await startHaproxy(hosts());
  proxies.nginx = await startNginx(hosts());
});
afterAll(async () => {
  if (skip || missing) return;
  await Promise.all(Object.values(proxies).map((proxy) => proxy?.stop()));
  for (const server of servers) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  }
  beating?.child.kill('SIGTERM');
  await Promise.all([...servers, ...(beating === null ? [] : [beating])].map((s) => s.exited));
  await isolated.drop();
});

/** A POST from the loopback address `from`, with any headers the client adds: its status and body. */
function postFrom(
  url: string,
  path: string,
  body: unknown,
  from: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const sent = request(
      `${url}${path}`,
      {
        method: 'POST',
        localAddress: from,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          ...headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    sent.on('error', reject);
    // An answer that never comes (a connection held open) fails the test rather than hang it.
    sent.setTimeout(PATIENCE_MS, () => sent.destroy(new Error(`no answer from ${url}${path}`)));
    sent.end(text);
  });
}

/** A spectator's socket from `from`: its state, or the close code of its refusal. */
async function spectate(url: string, gameId: string, from: string, headers: Record<string, string> = {}) {
  const client = await Client.open(url, gameId, { localAddress: from, headers });
  // A refusal comes as soon as the socket opens, perhaps before the hello is sent: any answer so far counts.
  client.send({ t: 'hello', spectate: true });
  const answered = () => client.messages.find((m) => m.t === 'state' || m.t === 'error');
  await expect.poll(() => answered() !== undefined || client.closed).toBe(true);
  const answer = answered();
  if (answer === undefined) return { client, answer: `closed ${client.closeCode} without a word` };
  if (answer.t === 'error') await expect.poll(() => client.closed).toBe(true);
  return { client, answer: answer.t === 'error' ? answer.code : 'state' };
}

describe.skipIf(skip || missing)('the shipped proxy configs in front of three processes', () => {
  it('docs/deploy.md shows the very nginx file the tests run (proxy.test.ts checks the HAProxy one)', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/deploy.md'), 'utf8');
    expect(doc).toContain(['```nginx', readFileSync(NGINX_CONFIG, 'utf8').trimEnd(), '```'].join('\n'));
  });

  for (const [name, octet] of [
    ['HAProxy', 10],
    ['nginx', 20],
  ] as const) {
    const url = () => proxies[name]?.url ?? '';

    it(`${name}: each address creates its own ${GAMES_PER_MINUTE} games a minute; naming another address gains nothing`, async () => {
      const from = Array.from({ length: ADDRESSES }, (_, i) => `127.${octet}.${i}.1`);
      const answers = await Promise.all(
        from.map(async (address) => {
          const statuses: number[] = [];
          for (let i = 0; i <= GAMES_PER_MINUTE; i++)
            statuses.push((await postFrom(url(), '/api/games', { opponent: 'friend' }, address)).status);
          return statuses;
        }),
      );
      const allowance = [...Array<number>(GAMES_PER_MINUTE).fill(201), 429];
      expect(answers).toEqual(from.map(() => allowance));
      // At its limit, an address that says it is another is still itself.
      const named = await postFrom(url(), '/api/games', { opponent: 'friend' }, from[0] ?? '', {
        'x-forwarded-for': `10.${octet}.0.1`,
      });
      expect([named.status, named.body.code]).toEqual([429, 'rate/games']);
    });

    it(`${name}: ${SPECTATORS} spectators from as many addresses all watch; each address holds ${SOCKETS_PER_ADDRESS} sockets`, async () => {
      const created = await postFrom(url(), '/api/games', { opponent: 'friend' }, `127.${octet}.100.1`);
      const gameId = String(created.body.gameId);
      const watching = await Promise.all(
        Array.from({ length: SPECTATORS }, (_, i) => spectate(url(), gameId, `127.${octet}.101.${i + 1}`)),
      );
      expect(watching.map((w) => w.answer)).toEqual(watching.map(() => 'state'));
      // The first spectator's address opens its second socket, then is refused a third, named or not.
      const one = `127.${octet}.101.1`;
      const second = await spectate(url(), gameId, one);
      expect(second.answer).toBe('state');
      const third = await spectate(url(), gameId, one);
      expect([third.answer, third.client.closeCode]).toEqual(['rate/sockets', 4429]);
      const named = await spectate(url(), gameId, one, { 'x-forwarded-for': `10.${octet}.0.2` });
      expect(named.answer).toBe('rate/sockets');
      await Promise.all([...watching, second].map((w) => w.client.close()));
    });
  }

  for (const [name, shorten] of [
    ['HAProxy', (text: string) => swap(text, 'timeout tunnel 60s', 'timeout tunnel 5s')],
    [
      'nginx',
      (text: string) =>
        swap(
          swap(text, 'proxy_read_timeout 60s;', 'proxy_read_timeout 5s;'),
          'proxy_send_timeout 60s;',
          'proxy_send_timeout 5s;',
        ),
    ],
  ] as const) {
    it(`${name}: an idle game socket stays open past the proxy's idle timeout, the heartbeat crossing it`, async () => {
      // The shipped file with its 60 s idle timeout made 5 s, in front of a process pinging every 2 s
      // (HEARTBEAT_SECONDS=2; named three times, for the file's three servers): six pings take at least 10 s,
      // twice the timeout.
      const shipped = readFileSync(name === 'HAProxy' ? HAPROXY_CONFIG : NGINX_CONFIG, 'utf8');
      const start = name === 'HAProxy' ? startHaproxy : startNginx;
      const host = new URL(beating?.url ?? '').host;
      const proxy = await start([host, host, host], { configText: shorten(shipped) });
      try {
        const created = await postFrom(
          proxy.url,
          '/api/games',
          { opponent: 'friend', seat: 'red' },
          '127.30.0.1',
        );
        const joined = await post<JoinGameResponse>(proxy.url, `/api/games/${created.body.gameId}/join`, {
          invite: created.body.invite,
        });
        const red = await Client.open(proxy.url, String(created.body.gameId));
        await red.ask(hello(String(created.body.token)), isState);
        const blue = await Client.open(proxy.url, String(created.body.gameId));
        await blue.ask(hello(joined.body.token), isState);
        await expect.poll(() => Math.min(red.pings, blue.pings)).toBeGreaterThanOrEqual(6);
        expect([red.closed, blue.closed]).toEqual([false, false]);
        const state = await red.ask({ t: 'resync' }, isState);
        expect(state.t === 'state' && state.presence.seats.blue.connected).toBe(true);
        await Promise.all([red.close(), blue.close()]);
      } finally {
        await proxy.stop();
      }
    });
  }

  it('HAProxy: a process paused for a moment stays up with the shipped health checks; the old ones took it down', async () => {
    const dir = tempDir();
    const socketOf = (which: string) => join(dir, `${which}.sock`);
    const statsSocket = (which: string) =>
      `global\n    stats socket ${socketOf(which)} mode 600 level admin\n`;
    const shippedText = readFileSync(HAPROXY_CONFIG, 'utf8');
    // The settings before issue 30: every 500 ms, down at the first failure, and no `timeout check` (so a
    // check waits `inter` for its answer).
    const oldText = swap(
      swap(shippedText, 'inter 2s fastinter 1s fall 3 rise 2', 'inter 500ms fall 1 rise 2'),
      '    timeout check 2s\n',
      '',
    );
    const shipped = await startHaproxy(hosts(), { extra: statsSocket('shipped') });
    const old = await startHaproxy(hosts(), { configText: oldText, extra: statsSocket('old') });
    try {
      const s1 = (which: string) =>
        stats(socketOf(which)).then((rows) => rows.filter((r) => r.svname === 's1'));
      for (const which of ['shipped', 'old'])
        await expect.poll(async () => (await s1(which)).map((r) => r.status)).toEqual(['UP', 'UP']);
      // Paused for 1.2 s at a time, until one of the shipped proxy's checks was caught by a pause (its
      // answer came late): then the old settings have certainly seen one too.
      let slowest = 0;
      for (let pause = 0; pause < 10 && slowest < 600; pause++) {
        await frozen(
          [servers[0]?.child].flatMap((c) => (c === undefined ? [] : [c])),
          () => sleep(1200),
        );
        await expect.poll(async () => (await s1('shipped')).every((r) => r.status === 'UP')).toBe(true);
        slowest = Math.max(slowest, ...(await s1('shipped')).map((r) => Number(r.check_duration)));
      }
      expect(slowest).toBeGreaterThanOrEqual(600);
      const after = await s1('shipped');
      expect(after.map((r) => [r.status, r.chkdown])).toEqual([
        ['UP', '0'],
        ['UP', '0'],
      ]);
      await expect.poll(async () => (await s1('old')).some((r) => Number(r.chkdown) > 0)).toBe(true);
    } finally {
      await Promise.all([shipped.stop(), old.stop()]);
    }
  });
});

/** The text with `from` replaced by `to`; throws if the shipped file no longer says `from`. */
function swap(text: string, from: string, to: string): string {
  if (!text.includes(from)) throw new Error(`the shipped config no longer says '${from.trim()}'`);
  return text.replace(from, to);
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** HAProxy's `show stat` through its stats socket: one row per proxy and server, by column name. */
function stats(path: string): Promise<Record<string, string>[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = createConnection(path, () => socket.end('show stat\n'));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rows] = Buffer.concat(chunks).toString().trim().split('\n');
      const names = head.replace(/^# /, '').split(',');
      resolve(rows.map((row) => Object.fromEntries(row.split(',').map((v, i) => [names[i] ?? '', v]))));
    });
  });
}
