/**
 * Opening a Redis connection the way the server wants it: fail fast at start (a clear error, no retry
 * loop hiding a typo), then reconnect forever with a capped back-off; commands made while disconnected
 * fail at once instead of queueing, so callers fall back (hints are optional, a lease is simply not won).
 * REDIS_CLUSTER=true opens a Redis Cluster client instead, seeded with the nodes REDIS_URL lists: every
 * command the server sends names one key (or one channel), so each goes to the shard of its slot.
 */
import { Cluster, Redis, type RedisOptions } from 'ioredis';

/** One Redis, or a Redis Cluster behind one client: the server's commands work the same on both. */
export type RedisConnection = Redis | Cluster;

export interface RedisEvents {
  /** The connection dropped; `message` names the cause, never the URL. */
  lost(message: string): void;
  /** The connection is back (not called for the first connect). */
  back(): void;
}

/** Where Redis is: `url` is one address, or with `cluster` one or more of its nodes, comma-separated. */
export interface RedisTarget {
  readonly url: string;
  readonly cluster: boolean;
}

/**
 * `name` is the connection's CLIENT SETNAME, e.g. 'pirates-subscriber-4242' (role and process id), so an
 * operator's CLIENT LIST shows which process holds which connection and how many channels it hears.
 * `subscriber`: the connection hears sharded channels (on a cluster, one subscriber connection per shard).
 */
export async function openRedis(
  target: RedisTarget,
  events: RedisEvents,
  name?: string,
  subscriber = false,
): Promise<RedisConnection> {
  const connection = {
    ...(name === undefined ? {} : { connectionName: name }),
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
  } satisfies RedisOptions;
  const backOff = (times: number) => Math.min(times * 200, 2000);
  // Commands made in one turn (every game's hint after a batch of moves) go in one write: a busy server
  // spent a system call per publish. Subscriptions are never pipelined (ioredis leaves them out).
  const client: RedisConnection = target.cluster
    ? new Cluster(clusterNodes(target.url), {
        lazyConnect: true,
        enableOfflineQueue: false,
        enableAutoPipelining: true,
        shardedSubscribers: subscriber,
        // None at the first connect, so a wrong address fails the start; set once connected (below).
        clusterRetryStrategy: () => null,
        redisOptions: { ...connection, ...nodeCredentials(target.url) },
      })
    : new Redis(target.url, {
        ...connection,
        lazyConnect: true,
        enableOfflineQueue: false,
        retryStrategy: backOff,
        enableAutoPipelining: true,
      });
  let ready = false;
  let down = false;
  client.on('error', (error: Error) => {
    if (ready && !down) {
      down = true;
      events.lost(error.message);
    }
  });
  client.on('close', () => {
    if (ready && !down) {
      down = true;
      events.lost('connection closed');
    }
  });
  client.on('ready', () => {
    if (ready && down) {
      down = false;
      events.back();
    }
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const what = target.cluster ? 'The Redis Cluster' : 'Redis';
    throw new Error(`${what} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (client instanceof Cluster) client.options.clusterRetryStrategy = backOff;
  ready = true;
  return client;
}

/** The seed nodes of REDIS_URL (validated by the config: redis:// or rediss:// addresses). */
function clusterNodes(url: string): { host: string; port: number }[] {
  return url.split(',').map((node) => {
    const parsed = new URL(node.trim());
    return { host: parsed.hostname, port: parsed.port === '' ? 6379 : Number(parsed.port) };
  });
}

/** The cluster's user, password and TLS, taken from the first node's address (all nodes share them). */
function nodeCredentials(url: string): { username?: string; password?: string; tls?: object } {
  const first = new URL(url.split(',')[0]?.trim() ?? '');
  return {
    ...(first.username === '' ? {} : { username: decodeURIComponent(first.username) }),
    ...(first.password === '' ? {} : { password: decodeURIComponent(first.password) }),
    ...(first.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}
