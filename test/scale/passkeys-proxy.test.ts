/**
 * Issue 51 item 4: passkeys behind the shipped proxy configs, as an operator runs them (deploy/haproxy.cfg
 * unchanged, deploy/nginx.conf with its addresses filled in), in front of three processes on PostgreSQL +
 * Redis with PASSKEY_RP_ID=pirates.example and PASSKEY_ORIGINS=https://pirates.example (docs/deploy.md,
 * "Passkeys behind a proxy"). The proxies spread the ceremony's two requests over two processes; a passkey
 * saved so signs a fresh client in; an answer made for the proxy's own address, or for another RP ID, is
 * refused and changes nothing. Then a process without PASSKEY_RP_ID behind each: it takes the Host the proxy
 * forwards, which both configs pass on as the client sent it, port included, and nothing else names it.
 */

import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountView, CeremonyOptions, PlayerSummary, SignedIn } from '../../src/protocol/index.ts';
import { PATIENCE_MS } from '../patience.ts';
import { SoftAuthenticator } from '../server/authenticator.ts';
import { tempDir } from '../server/harness.ts';
import { type ServerProcess, spawnServer } from '../server/process.ts';
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

const RP_ID = 'pirates.example';
const ORIGIN = 'https://pirates.example';
const PROXIES = ['HAProxy', 'nginx'] as const;
type ProxyName = (typeof PROXIES)[number];

const skip = await skipWithoutServices('passkeys-proxy');
const missing = haproxyBinary() === null || nginxBinary() === null;
if (!skip && missing && process.env.CI)
  throw new Error('passkeys-proxy test: haproxy or nginx is not installed');
const isolated = isolation('pkpx');
/** The three processes of the site, with its RP ID and origin. */
let servers: ServerProcess[] = [];
/** One process without PASSKEY_RP_ID, in every slot of its proxies. */
let plain: ServerProcess | null = null;
const site: Record<ProxyName, RunningProxy | null> = { HAProxy: null, nginx: null };
const bare: Record<ProxyName, RunningProxy | null> = { HAProxy: null, nginx: null };
const start = { HAProxy: startHaproxy, nginx: startNginx } as const;

beforeAll(async () => {
  if (skip || missing) return;
  const dir = tempDir();
  // Every request here comes from one address: the per-address bound on passkey requests is not tried here.
  const env = { ...isolated.env, TRUST_PROXY: '1', PASSKEYS_PER_MINUTE: '100000' };
  const sited = { ...env, PASSKEY_RP_ID: RP_ID, PASSKEY_ORIGINS: ORIGIN };
  servers = await Promise.all([0, 1, 2].map((i) => spawnServer(`${dir}/unused-${i}.sqlite`, sited)));
  plain = await spawnServer(`${dir}/unused-plain.sqlite`, env);
  const hosts = servers.map((server) => new URL(server.url).host);
  const plainHost = new URL(plain.url).host;
  for (const name of PROXIES) {
    site[name] = await start[name](hosts);
    bare[name] = await start[name]([plainHost, plainHost, plainHost]);
  }
});
afterAll(async () => {
  if (skip || missing) return;
  await Promise.all([...Object.values(site), ...Object.values(bare)].map((proxy) => proxy?.stop()));
  const all = [...servers, ...(plain === null ? [] : [plain])];
  for (const server of all) {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  }
  await Promise.all(all.map((s) => s.exited));
  await isolated.drop();
});

interface Refusal {
  readonly code: string;
  readonly message: string;
}

/** One request through a proxy, with the headers a client chooses (Host among them). */
function call<T>(
  base: string,
  method: string,
  path: string,
  options: { body?: unknown; secret?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T & Refusal }> {
  const text = options.body === undefined ? undefined : JSON.stringify(options.body);
  const headers: Record<string, string> = { ...options.headers };
  if (text !== undefined) headers['content-type'] = 'application/json';
  if (options.secret !== undefined) headers.authorization = `Bearer ${options.secret}`;
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers, timeout: PATIENCE_MS }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        try {
          resolve({ status: response.statusCode ?? 0, body: JSON.parse(raw) as T & Refusal });
        } catch {
          reject(new Error(`${method} ${path}: ${response.statusCode} ${raw.slice(0, 200)}`));
        }
      });
    });
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer`)));
    req.end(text);
  });
}

const newSecret = () => randomBytes(32).toString('base64url');

/** How many requests for `path` each site process has logged ("incoming request"). */
function served(path: string): number[] {
  return servers.map(
    (server) =>
      server.output
        .join('')
        .split('\n')
        .filter((line) => line.includes('incoming request') && line.includes(`"url":"${path}"`)).length,
  );
}

/** `served(path)` once it has held still for half a second (the log lines of requests already answered came). */
async function settled(path: string): Promise<number[]> {
  let last = served(path).join();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const now = served(path).join();
    if (now === last) return served(path);
    last = now;
  }
}

/** Which process logged one more request for `path` than `before` said; waits for the log line. */
async function servedBy(path: string, before: readonly number[]): Promise<number> {
  let which = -1;
  await expect
    .poll(
      () => {
        const now = served(path);
        which = now.findIndex((count, i) => count > (before[i] ?? 0));
        return now.reduce((a, b) => a + b, 0) - before.reduce((a, b) => a + b, 0);
      },
      { timeout: PATIENCE_MS },
    )
    .toBe(1);
  return which;
}

describe.skipIf(skip || missing)('passkeys behind the shipped proxy configs', () => {
  it('docs/deploy.md shows the very configs the test runs', () => {
    const doc = readFileSync(join(import.meta.dirname, '../../docs/deploy.md'), 'utf8');
    for (const [fence, file] of [
      ['haproxy', HAPROXY_CONFIG],
      ['nginx', NGINX_CONFIG],
    ] as const) {
      expect(doc).toContain([`\`\`\`${fence}`, readFileSync(file, 'utf8').trimEnd(), '```'].join('\n'));
    }
  });

  describe.each(PROXIES)('%s with PASSKEY_RP_ID and PASSKEY_ORIGINS', (name) => {
    const url = () => site[name]?.url ?? '';
    /** The proxy's own address as a page loaded from it would name it, e.g. http://127.0.0.1:41234. */
    const proxyOrigin = () => new URL(url()).origin;
    const proxyHost = () => new URL(url()).hostname;

    async function registrationChallenge(secret: string) {
      const options = await call<CeremonyOptions>(url(), 'POST', '/api/account/passkeys/options', { secret });
      expect(options.status).toBe(200);
      return options.body.options as { challenge: string; rp: { id: string }; user: { id: string } };
    }
    async function signInChallenge() {
      const options = await call<CeremonyOptions>(url(), 'POST', '/api/account/sign-in/options');
      expect(options.status).toBe(200);
      return options.body.options as { challenge: string; rpId: string };
    }
    const account = (secret: string) => call<AccountView>(url(), 'GET', '/api/account', { secret });

    it('51.4: a passkey saved across two processes signs a fresh client in; a wrong origin or RP ID changes nothing', async () => {
      const laptop = newSecret();
      const made = await call<PlayerSummary>(url(), 'POST', '/api/players', { body: { secret: laptop } });
      expect(made.status).toBe(201);
      const key = new SoftAuthenticator();

      // An answer made for the proxy's own address (a page loaded from http://127.0.0.1:port), or signed for
      // another RP ID, is refused, and uses its challenge up.
      for (const [rpId, origin] of [
        [RP_ID, proxyOrigin()],
        [proxyHost(), ORIGIN],
        ['other.example', ORIGIN],
      ] as const) {
        const o = await registrationChallenge(laptop);
        expect(o.rp.id).toBe(RP_ID);
        const credential = key.register({ challenge: o.challenge, rpId, origin }, o.user.id);
        const refused = await call(url(), 'POST', '/api/account/passkeys', {
          body: { credential },
          secret: laptop,
        });
        expect(refused.status).toBe(400);
        expect(refused.body.code).toBe('passkey/refused');
        const again = key.register({ challenge: o.challenge, rpId: RP_ID, origin: ORIGIN }, o.user.id);
        const late = await call(url(), 'POST', '/api/account/passkeys', {
          body: { credential: again },
          secret: laptop,
        });
        expect(late.body.code).toBe('passkey/challenge');
        expect((await account(laptop)).body.passkeys).toHaveLength(0);
      }

      // The options from one process, the answer to another: the proxy spreads them round-robin.
      // The log lines of the requests above come when a busy process flushes its output: counted before they
      // all came, one would pass for the next request's. So the counts are read once they hold still.
      const before = await settled('/api/account/passkeys/options');
      const beforeAnswer = await settled('/api/account/passkeys');
      const o = await registrationChallenge(laptop);
      const asked = await servedBy('/api/account/passkeys/options', before);
      const credential = key.register({ challenge: o.challenge, rpId: RP_ID, origin: ORIGIN }, o.user.id);
      const saved = await call<AccountView>(url(), 'POST', '/api/account/passkeys', {
        body: { credential },
        secret: laptop,
      });
      expect(saved.status).toBe(201);
      expect(saved.body.passkeys.map((p) => p.id)).toEqual([key.id]);
      const answered = await servedBy('/api/account/passkeys', beforeAnswer);
      expect(answered).not.toBe(asked);

      // A fresh client signing in: answers for the proxy's address or another RP ID are refused first.
      const phone = newSecret();
      for (const [rpId, origin] of [
        [RP_ID, proxyOrigin()],
        [proxyHost(), ORIGIN],
        ['other.example', ORIGIN],
      ] as const) {
        const { challenge, rpId: asks } = await signInChallenge();
        expect(asks).toBe(RP_ID);
        const wrong = await call(url(), 'POST', '/api/account/sign-in', {
          body: { credential: key.assert({ challenge, rpId, origin }), secret: phone },
        });
        expect(wrong.status).toBe(400);
        expect(wrong.body.code).toBe('passkey/refused');
        const late = await call(url(), 'POST', '/api/account/sign-in', {
          body: { credential: key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }), secret: phone },
        });
        expect(late.body.code).toBe('passkey/challenge');
      }
      const unchanged = await account(laptop);
      expect(unchanged.body.devices).toHaveLength(1);
      expect(unchanged.body.passkeys[0]?.lastUsedAt).toBeNull();
      expect((await account(phone)).status).toBe(401);

      const { challenge } = await signInChallenge();
      const signedIn = await call<SignedIn>(url(), 'POST', '/api/account/sign-in', {
        body: { credential: key.assert({ challenge, rpId: RP_ID, origin: ORIGIN }), secret: phone },
      });
      expect(signedIn.status).toBe(201);
      expect(signedIn.body.player.id).toBe(made.body.id);
      expect(signedIn.body.device.via).toBe('passkey');
      // Its own device, with its own secret: both devices listed, the laptop's untouched.
      const mine = await account(phone);
      expect(mine.body.player.id).toBe(made.body.id);
      expect(mine.body.devices.map((d) => [d.via, d.current]).sort()).toEqual([
        ['first', false],
        ['passkey', true],
      ]);
      expect(mine.body.passkeys[0]?.lastUsedAt).not.toBeNull();
      expect((await account(laptop)).status).toBe(200);
    });
  });

  describe.each(PROXIES)('%s, the process without PASSKEY_RP_ID', (name) => {
    const url = () => bare[name]?.url ?? '';

    it('51.4: takes the Host the client sent to the proxy, port included, and no X-Forwarded-Host', async () => {
      const port = new URL(url()).port;
      const secret = newSecret();
      expect((await call(url(), 'POST', '/api/players', { body: { secret } })).status).toBe(201);
      const key = new SoftAuthenticator();
      // The page as loaded from the proxy (http://localhost:port); a client's X-Forwarded-Host, which the
      // server would believe from its trusted proxy (TRUST_PROXY=1), is dropped by both configs.
      const host = { host: `localhost:${port}`, 'x-forwarded-host': 'evil.example' };
      const options = await call<CeremonyOptions>(url(), 'POST', '/api/account/passkeys/options', {
        secret,
        headers: host,
      });
      expect(options.status).toBe(200);
      const o = options.body.options as { challenge: string; rp: { id: string }; user: { id: string } };
      expect(o.rp.id).toBe('localhost');
      const credential = key.register(
        { challenge: o.challenge, rpId: 'localhost', origin: `http://localhost:${port}` },
        o.user.id,
      );
      const saved = await call<AccountView>(url(), 'POST', '/api/account/passkeys', {
        body: { credential },
        secret,
        headers: host,
      });
      expect(saved.status).toBe(201);
      expect(saved.body.passkeys.map((p) => p.id)).toEqual([key.id]);

      // Signing in by another name of the same proxy is another site: refused, nothing changed.
      const other = { host: `127.0.0.1:${port}` };
      const asked = await call<CeremonyOptions>(url(), 'POST', '/api/account/sign-in/options', {
        headers: other,
      });
      expect((asked.body.options as { rpId: string }).rpId).toBe('127.0.0.1');
      const challenge = (asked.body.options as { challenge: string }).challenge;
      const refused = await call(url(), 'POST', '/api/account/sign-in', {
        body: {
          credential: key.assert({ challenge, rpId: 'localhost', origin: `http://localhost:${port}` }),
          secret: newSecret(),
        },
        headers: other,
      });
      expect(refused.body.code).toBe('passkey/refused');
      expect((await call<AccountView>(url(), 'GET', '/api/account', { secret })).body.devices).toHaveLength(
        1,
      );
    });
  });
});
