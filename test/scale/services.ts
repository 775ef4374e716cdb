/**
 * The PostgreSQL and Redis the scale-out tests run against (PG_TEST_URL, REDIS_TEST_URL; by default the
 * ones CI starts on 127.0.0.1). Without them the tests are skipped with a line saying why, except under
 * CI, where a missing service is a failure. Each test file gets its own schema and Redis prefix.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pg from 'pg';
import { describe, it } from 'vitest';
import type { ServerConfig } from '../../src/server/config.ts';

export const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_TEST_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';

/** Why the services cannot be used, or null when both answer. Never names a password. */
async function unreachable(): Promise<string | null> {
  const client = new pg.Client({ connectionString: PG_TEST_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
  } catch (error) {
    return `could not connect to PostgreSQL at ${where(PG_TEST_URL)} (${String(error)}; set PG_TEST_URL)`;
  } finally {
    await client.end().catch(() => undefined);
  }
  const redis = new Redis(REDIS_TEST_URL, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    await redis.ping();
  } catch (error) {
    return `could not connect to Redis at ${where(REDIS_TEST_URL)} (${String(error)}; set REDIS_TEST_URL)`;
  } finally {
    redis.disconnect();
  }
  return null;
}

/** host:port of a URL, without user or password. */
function where(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.hostname}:${parsed.port}`;
  } catch {
    return 'an unparsable URL';
  }
}

/**
 * True when the scale tests should be skipped: then it says why on the console and registers a skipped
 * test named with the reason, so the report shows it. Throws under CI, which must never skip them.
 */
export async function skipWithoutServices(file: string): Promise<boolean> {
  const reason = await unreachable();
  if (reason === null) return false;
  if (process.env.CI !== undefined && process.env.CI !== '' && process.env.CI !== 'false') {
    throw new Error(`PostgreSQL/Redis tests cannot run under CI: ${reason}`);
  }
  console.warn(`PostgreSQL/Redis tests skipped (${file}): ${reason}`);
  describe.skip(`PostgreSQL/Redis tests skipped: ${reason}`, () => {
    it('needs PostgreSQL and Redis', () => undefined);
  });
  return true;
}

export interface Isolation {
  /** A fresh PostgreSQL schema name and Redis prefix for one test file. */
  readonly schema: string;
  readonly prefix: string;
  /** The config fields that point a server at them. */
  readonly config: Pick<ServerConfig, 'databaseUrl' | 'databaseSchema' | 'redisUrl' | 'redisPrefix'>;
  /** The same, as environment variables for `pirates serve`. */
  readonly env: Record<string, string>;
  /** Drops the schema and the prefix's keys. */
  drop(): Promise<void>;
}

export function isolation(name: string): Isolation {
  const id = `${name}_${randomBytes(4).toString('hex')}`;
  const schema = `test_${id}`;
  const prefix = `pirates-test:${id}:`;
  return {
    schema,
    prefix,
    config: {
      databaseUrl: PG_TEST_URL,
      databaseSchema: schema,
      redisUrl: REDIS_TEST_URL,
      redisPrefix: prefix,
    },
    env: {
      DATABASE_URL: PG_TEST_URL,
      DATABASE_SCHEMA: schema,
      REDIS_URL: REDIS_TEST_URL,
      REDIS_PREFIX: prefix,
    },
    async drop() {
      const client = new pg.Client({ connectionString: PG_TEST_URL });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
      const redis = new Redis(REDIS_TEST_URL);
      try {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    },
  };
}
