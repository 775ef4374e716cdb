/**
 * Behind a proxy (issue 15, item 7): per-address limits count the proxy's address unless TRUST_PROXY says
 * which proxies may name the client (X-Forwarded-For). Off by default: a client cannot pick its own address.
 */
import { describe, expect, it } from 'vitest';
import { configFromEnv, DEFAULT_LIMITS } from '../../src/server/config.ts';
import { startTestServer } from './harness.ts';

async function create(url: string, from: string): Promise<number> {
  const response = await fetch(`${url}/api/games`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ opponent: 'friend' }),
  });
  await response.text();
  return response.status;
}

describe('TRUST_PROXY', () => {
  it('trusted: the creation limit counts each client the proxy names; untrusted: the header changes nothing', async () => {
    const limits = { ...DEFAULT_LIMITS, gamesPerMinute: 2, socketsPerAddress: 100 };
    const trusted = await startTestServer({ limits, trustProxy: 1 });
    const untrusted = await startTestServer({ limits });
    try {
      expect([await create(trusted.url, '10.0.0.1'), await create(trusted.url, '10.0.0.1')]).toEqual([
        201, 201,
      ]);
      expect(await create(trusted.url, '10.0.0.1')).toBe(429);
      expect(await create(trusted.url, '10.0.0.2')).toBe(201);
      expect([await create(untrusted.url, '10.0.0.1'), await create(untrusted.url, '10.0.0.2')]).toEqual([
        201, 201,
      ]);
      expect(await create(untrusted.url, '10.0.0.3')).toBe(429);
    } finally {
      await Promise.all([trusted.stop(), untrusted.stop()]);
    }
  });

  it('reads false, a number of hops or addresses from the environment, and refuses anything else', () => {
    expect(configFromEnv({}).trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ TRUST_PROXY: '10.0.0.5, 10.0.0.6' }).trustProxy).toEqual(['10.0.0.5', '10.0.0.6']);
    expect(() => configFromEnv({ TRUST_PROXY: 'everyone please' })).toThrow(/TRUST_PROXY must be/);
  });
});
