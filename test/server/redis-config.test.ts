/**
 * REDIS_URL and REDIS_CLUSTER: one Redis, or the nodes of a Redis Cluster; every mistake is refused at start
 * with a sentence naming the variable (never its value, which may hold a password).
 */
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { configFromEnv, configFromEnv as configFromEnvAlone } from '../../src/server/config.ts';
import { openRedis } from '../../src/server/fanout/redis-client.ts';

const refusal = (env: Record<string, string>): string => {
  try {
    configFromEnv(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'accepted';
};

describe('Redis configuration', () => {
  it('one Redis by default, a cluster when REDIS_CLUSTER says so, seeded by one node or several', () => {
    // Redis shares moves between processes sharing PostgreSQL: REDIS_URL alone is refused (operator-config).
    const configFromEnv = (env: Record<string, string>) =>
      configFromEnvAlone({ DATABASE_URL: 'postgres://db/games', ...env });
    expect(configFromEnv({ REDIS_URL: 'redis://cache:6379' })).toMatchObject({
      redisUrl: 'redis://cache:6379',
      redisCluster: false,
    });
    expect(configFromEnv({ REDIS_URL: 'redis://a:7000', REDIS_CLUSTER: 'true' }).redisCluster).toBe(true);
    const several = configFromEnv({ REDIS_URL: 'redis://a:7000, rediss://b:7001', REDIS_CLUSTER: '1' });
    expect(several).toMatchObject({ redisUrl: 'redis://a:7000, rediss://b:7001', redisCluster: true });
    expect(configFromEnv({}).redisCluster).toBe(false);
    // One Redis whose password holds a comma is still one Redis.
    expect(configFromEnv({ REDIS_URL: 'redis://:pa,ss@cache:6379' }).redisUrl).toBe(
      'redis://:pa,ss@cache:6379',
    );
  });

  it('refuses what it cannot use, saying why, without echoing the address', () => {
    expect(refusal({ REDIS_URL: 'redis://a:7000,redis://b:7001' })).toBe(
      'REDIS_URL lists several nodes: set REDIS_CLUSTER=true for a Redis Cluster.',
    );
    expect(refusal({ REDIS_URL: 'redis://a:7000', REDIS_CLUSTER: 'yes' })).toBe(
      "REDIS_CLUSTER must be 'true' or 'false', not 'yes'.",
    );
    expect(refusal({ REDIS_CLUSTER: 'true' })).toBe(
      'REDIS_CLUSTER=true needs REDIS_URL: one or more nodes of the cluster.',
    );
    const secret = refusal({ REDIS_URL: 'redis://:s3cret@a:7000,http://b:7001', REDIS_CLUSTER: 'true' });
    expect(secret).toBe(
      'REDIS_URL must list Redis Cluster nodes as redis:// or rediss:// addresses, separated by commas (node 2 is not one).',
    );
    expect(refusal({ REDIS_URL: 'redis://a:7000,redis://b:port', REDIS_CLUSTER: 'true' })).toContain(
      '(node 2 is not one)',
    );
    expect(refusal({ REDIS_URL: 'http://:s3cret@cache' })).toBe(
      'REDIS_URL must start with redis:// or rediss://.',
    );
  });

  it('a cluster nobody answers for fails the start at once, with a sentence', async () => {
    const probe = createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const address = probe.address();
    const port = typeof address === 'object' && address !== null ? address.port : 1;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const events = { lost: () => undefined, back: () => undefined };
    await expect(openRedis({ url: `redis://127.0.0.1:${port}`, cluster: true }, events)).rejects.toThrow(
      new RegExp(`^The Redis Cluster at 127\\.0\\.0\\.1:${port} cannot be reached: `),
    );
  });
});
