/**
 * Issue 30 item 3: readiness asks the store at most once per second however many probes come (a probe storm
 * costs the database one round trip), and says why it is not ready: draining, store, redis.
 */
import { describe, expect, it } from 'vitest';
import { Readiness } from '../../src/server/watch/readiness.ts';

describe('readiness', () => {
  it('a probe storm shares one ping a second; the reasons are named', async () => {
    let pings = 0;
    let reachable = true;
    let draining = false;
    let redisReady = true;
    let now = 0;
    const readiness = new Readiness(
      {
        store: {
          ping: async () => {
            pings++;
            if (!reachable) throw new Error('unreachable');
          },
        },
        redis: () => [{ ready: redisReady }],
        draining: () => draining,
      },
      1000,
      () => now,
    );
    const storm = await Promise.all(Array.from({ length: 200 }, () => readiness.notReady()));
    expect(storm.every((reasons) => reasons.length === 0)).toBe(true);
    expect(pings).toBe(1);
    reachable = false;
    now = 999;
    expect(await readiness.notReady()).toEqual([]);
    expect(pings).toBe(1);
    now = 1000;
    expect(await readiness.notReady()).toEqual(['store']);
    expect(pings).toBe(2);
    draining = true;
    redisReady = false;
    expect(await readiness.notReady()).toEqual(['draining', 'store', 'redis']);
    expect(pings).toBe(2);
  });
});
