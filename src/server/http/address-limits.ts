/**
 * The per-address rate limits of HTTP routes (games created a minute, sockets opened a minute), counted by
 * @fastify/rate-limit in a route's onRequest hook: before the body is read, and for a socket before the
 * upgrade, so a refusal costs no socket. Without Redis each process counts alone (at most 10,000
 * addresses remembered, the least recent forgotten first); with Redis every process counts in the same keys
 * (`<prefix>rate:...`), so spreading requests over processes buys an address nothing.
 */
import rateLimit, {
  type FastifyRateLimitStore,
  type FastifyRateLimitStoreCtor,
  normalizeIP,
} from '@fastify/rate-limit';
// The plugin's own Redis counter (its Lua script), used as is: only its naming of keys is replaced below.
import RedisStore from '@fastify/rate-limit/store/RedisStore.js';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type ErrorCode, errorMessage } from '../../protocol/index.ts';
import type { RedisConnection } from '../fanout/redis-client.ts';

/** Registers the limiter; routes opt in with `perMinute`. Call before registering those routes. */
export async function registerAddressLimits(
  app: FastifyInstance,
  shared: { readonly redis: RedisConnection; readonly prefix: string } | null,
): Promise<void> {
  await app.register(rateLimit, {
    global: false,
    // Redis away: let people play rather than refuse everyone (a lost count only ever errs that way).
    skipOnError: true,
    cache: 10_000,
    ...(shared === null ? {} : { store: sharedStore(shared.redis, `${shared.prefix}rate:`) }),
  });
}

/**
 * The plugin's Redis store under one namespace. Its own gives each limiter made by `createRateLimit` a child
 * named after the route's method and URL, which such a limiter does not have: every key read
 * `<prefix>rate:undefinedundefined-...`. Our keys already carry the limit's name (`games:<address>`), so a
 * child is the store itself and an operator reads `<prefix>rate:games:<address>` in Redis.
 */
function sharedStore(redis: RedisConnection, namespace: string): FastifyRateLimitStoreCtor {
  const counter = new RedisStore(false, false, redis, namespace);
  return class SharedRateStore implements FastifyRateLimitStore {
    incr(...args: Parameters<FastifyRateLimitStore['incr']>): void {
      counter.incr(...args);
    }
    child(): FastifyRateLimitStore {
      return this;
    }
  };
}

/**
 * An onRequest hook: at most `max` requests a minute from one address (IPv6: one /64) under `name`. Past
 * that, `code` with `sentence` (HTTP 429, answered directly: no exception per refusal), as many times again;
 * past twice `max` the connection is cut without an answer until the minute is over: a client that keeps
 * on after so many refusals is not reading them, and writing each one would cost more than its request.
 */
export function perMinute(
  app: FastifyInstance,
  name: string,
  max: number,
  code: ErrorCode,
  sentence: string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limit = app.createRateLimit({
    max,
    timeWindow: 60_000,
    // 'Banned' once `max` refusals have been answered: from then on the connection is cut.
    ban: max,
    keyGenerator: (request) => `${name}:${normalizeIP(request.ip)}`,
  });
  return async (request, reply) => {
    const counted = await limit(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    if (counted.isBanned) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    await reply.code(429).header('retry-after', counted.ttlInSeconds).send(errorMessage(code, sentence));
  };
}

/**
 * An onRequest hook: at most `max` requests a minute under `name` from every address together (with Redis,
 * on every process together): a bound on what many addresses can try between them, e.g. link codes. Past it,
 * `code` with `sentence` (HTTP 429); no connection is cut, since the many are not all the ones to blame.
 */
export function serverPerMinute(
  app: FastifyInstance,
  name: string,
  max: number,
  code: ErrorCode,
  sentence: string,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const limit = app.createRateLimit({ max, timeWindow: 60_000, keyGenerator: () => `${name}:server` });
  return async (request, reply) => {
    const counted = await limit(request);
    if (counted.isAllowed || !counted.isExceeded) return;
    await reply.code(429).header('retry-after', counted.ttlInSeconds).send(errorMessage(code, sentence));
  };
}
