/**
 * Issue 30 item 6: settings that used to fall through are refused at start, exit code 2 and a sentence naming
 * the variable, never its secret; Redis failures at start name host:port and the cause; a relative
 * DATABASE_PATH shows where it landed. None of these needs PostgreSQL or Redis.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { main } from '../../src/cli/main.ts';
import { configFromEnv } from '../../src/server/config.ts';
import { openRedis, redisVersionRefusal } from '../../src/server/fanout/redis-client.ts';
import { PATIENCE_MS } from '../patience.ts';
import { tempDir } from './harness.ts';

const SECRET = 's3cr3t-pass';
const PIRATES = join(import.meta.dirname, '../../bin/pirates.js');

const refusal = (env: Record<string, string>): string => {
  try {
    configFromEnv(env);
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
  return 'accepted';
};

/** Runs `pirates serve` until it exits or says it is ready (then stops it): exit code and all it wrote. */
async function serve(
  args: string[],
  env: Record<string, string>,
  cwd?: string,
): Promise<{ exit: number | string; output: string }> {
  const child = spawn(process.execPath, [PIRATES, 'serve', ...args], {
    cwd,
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      BOT_WORKERS: '1',
      DATABASE_PATH: join(tempDir(), 'games.sqlite'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let stopping = false;
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
    // One SIGTERM, once: a second one sent with the shutdown's last line can land after the process has let
    // go of its signal handlers on the way out, and the default action kills it (exit by SIGTERM, not 0).
    if (!stopping && output.includes('pirates server ready')) {
      stopping = true;
      child.kill('SIGTERM');
    }
  };
  child.stdout.on('data', collect);
  child.stderr.on('data', collect);
  // Far above need: only a process that neither starts nor exits reaches it.
  const timer = setTimeout(() => child.kill('SIGKILL'), PATIENCE_MS);
  const [code, signal] = (await once(child, 'exit')) as [number | null, string | null];
  clearTimeout(timer);
  return { exit: code ?? signal ?? 'unknown', output };
}

/**
 * `pirates serve` in this process with the environment given (the services' variables cleared), for a start
 * refused before anything opens: its exit code and what it wrote to stderr.
 */
async function serveRefused(
  args: string[],
  env: Record<string, string>,
): Promise<{ exit: number; output: string }> {
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'REDIS_CLUSTER', 'PORT', 'LOG_LEVEL', 'DATABASE_SCHEMA']) {
    vi.stubEnv(name, '');
  }
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  let output = '';
  const write = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => {
    output += String(chunk);
    return true;
  });
  try {
    return { exit: await main(['serve', ...args]), output };
  } finally {
    write.mockRestore();
    vi.unstubAllEnvs();
  }
}

describe('configuration that used to fall through', () => {
  it('PORT past 65535, an unknown LOG_LEVEL and a schema that is no plain name are refused with a sentence', () => {
    expect(refusal({ PORT: '70000' })).toBe("PORT must be a whole number from 0 to 65535, not '70000'.");
    expect(configFromEnv({ PORT: '65535' }).port).toBe(65_535);
    expect(refusal({ LOG_LEVEL: 'verbose' })).toBe(
      "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; not 'verbose'.",
    );
    expect(configFromEnv({ LOG_LEVEL: 'debug' }).logLevel).toBe('debug');
    for (const schema of ['Pirates', 'pirates-prod', 'x"; DROP TABLE games; --', '1st', 'a'.repeat(64)]) {
      expect(refusal({ DATABASE_URL: 'postgres://db/games', DATABASE_SCHEMA: schema })).toMatch(
        /^DATABASE_SCHEMA must be a plain PostgreSQL name \(lower-case letters, digits and _/,
      );
    }
    expect(configFromEnv({ DATABASE_SCHEMA: 'pirates_prod' }).databaseSchema).toBe('pirates_prod');
  });

  it('REDIS_URL without DATABASE_URL is refused, without echoing the URL', () => {
    const message = refusal({ REDIS_URL: `redis://:${SECRET}@cache:6379` });
    expect(message).toMatch(/^REDIS_URL is set without DATABASE_URL: processes sharing Redis must share/);
    expect(message).not.toContain(SECRET);
    expect(
      configFromEnv({ REDIS_URL: 'redis://cache:6379', DATABASE_URL: 'postgres://db/games' }).redisUrl,
    ).toBe('redis://cache:6379');
  });

  it('pirates serve exits 2 with the sentence, and refuses a password in --database (ps shows it)', async () => {
    const port = await serveRefused([], { PORT: '70000' });
    expect(port).toEqual({
      exit: 2,
      output: "pirates serve: PORT must be a whole number from 0 to 65535, not '70000'.\n",
    });
    const redis = await serveRefused([], { REDIS_URL: `redis://:${SECRET}@127.0.0.1:6379` });
    expect(redis.exit).toBe(2);
    expect(redis.output).toMatch(/^pirates serve: REDIS_URL is set without DATABASE_URL/);
    const level = await serveRefused([], { LOG_LEVEL: 'verbose' });
    expect(level).toMatchObject({ exit: 2, output: expect.stringContaining('LOG_LEVEL must be one of') });
    const flagged = await serveRefused(['--database', `postgres://pirates:${SECRET}@127.0.0.1:1/games`], {});
    expect(flagged.exit).toBe(2);
    expect(flagged.output).toContain('--database must not carry a password');
    expect(flagged.output).toContain('DATABASE_URL');
    expect(flagged.output).toContain('PGPASSWORD');
    const query = await serveRefused(['--database', `postgres://pirates@db/games?password=${SECRET}`], {});
    expect(query.output).toContain('--database must not carry a password');
    // A SQLite file given by flag beside REDIS_URL is the same mistake as no DATABASE_URL.
    const file = await serveRefused(['--database', join(tempDir(), 'games.sqlite')], {
      REDIS_URL: 'redis://127.0.0.1:6379',
    });
    expect(file.exit).toBe(2);
    expect(file.output).toContain('REDIS_URL is set without DATABASE_URL');
    for (const run of [redis, flagged, query]) expect(run.output).not.toContain(SECRET);
  });

  it('a relative DATABASE_PATH is resolved against the working folder, and the ready line says where', async () => {
    const folder = tempDir();
    mkdirSync(join(folder, 'work'));
    const started = await serve([], { DATABASE_PATH: 'data/games.sqlite' }, join(folder, 'work'));
    expect(started.exit).toBe(0);
    const ready = started.output.split('\n').find((line) => line.includes('pirates server ready')) ?? '{}';
    expect(JSON.parse(ready)).toMatchObject({
      store: 'sqlite',
      databasePath: join(folder, 'work', 'data', 'games.sqlite'),
    });
  });
});

/** A TCP server that answers like a Redis of the given INFO (every other command: OK). */
async function fakeRedis(info: string): Promise<{ server: Server; port: number }> {
  const server = createServer((socket: Socket) => {
    socket.on('data', (chunk: Buffer) => {
      // ioredis sends each command as a RESP array; answer each in order.
      for (const command of chunk.toString('utf8').split('*').slice(1)) {
        const reply = /\r\ninfo\r\n/i.test(`\r\n${command}`)
          ? `$${Buffer.byteLength(info)}\r\n${info}\r\n`
          : '+OK\r\n';
        socket.write(reply);
      }
    });
    socket.on('error', () => undefined);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  return { server, port: typeof address === 'object' && address !== null ? address.port : 0 };
}

describe('Redis at start', () => {
  const events = { lost: () => undefined, back: () => undefined };

  it('Redis 7 or later: the version is read from INFO server', () => {
    expect(redisVersionRefusal('# Server\r\nredis_version:7.0.15\r\nredis_mode:standalone\r\n')).toBeNull();
    expect(redisVersionRefusal('redis_version:8.2.1\r\n')).toBeNull();
    expect(redisVersionRefusal('redis_version:10.0.0\r\n')).toBeNull();
    expect(redisVersionRefusal('# Server\r\nredis_version:6.2.14\r\n')).toBe(
      'it is Redis 6.2.14; the server needs Redis 7 or later (sharded pub/sub: SPUBLISH, SSUBSCRIBE). Upgrade Redis.',
    );
    expect(redisVersionRefusal('# Server\r\nredis_mode:standalone\r\n')).toMatch(/did not say its version/);
  });

  it('an older Redis is refused at start with a sentence naming host:port, never the password', async () => {
    const old = await fakeRedis('# Server\r\nredis_version:6.2.14\r\nloading:0\r\n');
    try {
      const opening = openRedis({ url: `redis://:${SECRET}@127.0.0.1:${old.port}`, cluster: false }, events);
      await expect(opening).rejects.toThrow(
        `Redis at 127.0.0.1:${old.port}: it is Redis 6.2.14; the server needs Redis 7 or later`,
      );
      await opening.catch((error: Error) => expect(error.message).not.toContain(SECRET));
    } finally {
      old.server.close();
    }
  });

  it('a Redis that cannot be reached: host:port and the cause, never the password', async () => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1');
    await once(probe, 'listening');
    const address = probe.address();
    const port = typeof address === 'object' && address !== null ? address.port : 1;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    const opening = openRedis({ url: `redis://:${SECRET}@127.0.0.1:${port}`, cluster: false }, events);
    await expect(opening).rejects.toThrow(
      `Redis at 127.0.0.1:${port} cannot be reached: connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    await opening.catch((error: Error) => expect(error.message).not.toContain(SECRET));
  });
});
