/**
 * The computer-seat lease in Redis: of several processes claiming one decision at once exactly one wins;
 * the next decision (v + 1) is a new lease; a dead holder's lease expires and another process may play.
 */
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { RedisLease } from '../../src/server/bots/redis-lease.ts';
import { isolation, REDIS_TEST_URL, skipWithoutServices } from './services.ts';

const skip = await skipWithoutServices('lease');
const isolated = isolation('lease');
const clients: Redis[] = [];
afterAll(async () => {
  for (const client of clients) client.disconnect();
  if (!skip) await isolated.drop();
});

function processes(count: number, ms: number): RedisLease[] {
  return Array.from({ length: count }, () => {
    const client = new Redis(REDIS_TEST_URL);
    clients.push(client);
    return new RedisLease(client, isolated.prefix, ms);
  });
}

describe.skipIf(skip)('computer-seat lease', () => {
  it('exactly one of three processes wins each decision', async () => {
    const leases = processes(3, 5000);
    for (let v = 0; v < 20; v++) {
      const won = await Promise.all(leases.map((lease) => lease.claim('g1', 'blue', v)));
      expect(won.filter(Boolean)).toHaveLength(1);
    }
    // Another seat or game is another lease.
    expect(await leases[1]?.claim('g1', 'red', 0)).toBe(true);
    expect(await leases[2]?.claim('g2', 'blue', 0)).toBe(true);
  });

  it('a lease whose holder died expires, and another process may take it', async () => {
    const [holder, other] = processes(2, 300);
    expect(await holder?.claim('g3', 'red', 7)).toBe(true);
    expect(await other?.claim('g3', 'red', 7)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await other?.claim('g3', 'red', 7)).toBe(true);
  });
});
