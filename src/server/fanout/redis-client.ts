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
        // With TLS the certificate names the host: connect by the name given, not the address it resolves to.
        ...(target.url.trim().startsWith('rediss://')
          ? {
              dnsLookup: (address: string, callback: (error: null, address: string) => void) =>
                callback(null, address),
            }
          : {}),
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
  const lost = (message: string) => {
    if (ready && !down) {
      down = true;
      events.lost(message);
    }
  };
  const back = () => {
    if (ready && down) {
      down = false;
      events.back();
    }
  };
  // The start's error says only 'Connection is closed.': the cause is in the error event before it.
  let cause = '';
  client.on('error', (error: Error) => {
    cause = describeError(error);
    lost(error.message);
  });
  client.on('close', () => lost('connection closed'));
  client.on('ready', back);
  if (client instanceof Cluster) watchShards(client, lost, back);
  const what = target.cluster ? `The Redis Cluster at ${where(target.url)}` : `Redis at ${where(target.url)}`;
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    const message = error instanceof Error ? describeError(error) : String(error);
    // The connection's own error (connect ECONNREFUSED 10.0.0.5:6379, WRONGPASS ...) over ioredis' summary.
    throw new Error(`${what} cannot be reached: ${cause !== '' ? cause : message}`);
  }
  if (!subscriber) {
    // Sharded pub/sub (SPUBLISH, SSUBSCRIBE) came with Redis 7: an older server would take every other command
    // and refuse each hint, so games would pause between processes with nothing said at start.
    let refusal: string | null;
    try {
      refusal = redisVersionRefusal(await client.info('server'));
    } catch (error) {
      refusal = `INFO failed: ${error instanceof Error ? error.message : String(error)}`;
    }
    if (refusal !== null) {
      client.disconnect();
      throw new Error(`${what}: ${refusal}`);
    }
  }
  if (client instanceof Cluster) client.options.clusterRetryStrategy = backOff;
  ready = true;
  return client;
}

/**
 * A cluster stays 'ready' while one of its shards is away, so a node's connection failing counts as lost
 * too; the way back is every master answering a PING (a node put back in the client's map is not yet a node
 * that answers; the subscriber's shard connections subscribe again by themselves).
 */
function watchShards(cluster: Cluster, lost: (message: string) => void, back: () => void): void {
  let down = false;
  cluster.on('node error', (error: Error) => {
    down = true;
    lost(error.message);
  });
  // A node's connection may also just close (the shard died): it is dropped from the client's pool.
  cluster.on('-node', () => {
    down = true;
    lost('a shard of the cluster went away');
  });
  // One probe at a time: a node not answering holds its PING up to the connect timeout (5 s).
  let probing = false;
  const probe = setInterval(() => {
    if (!down || probing) return;
    // Every shard of the slot map, not only the nodes still in the client's pool (a dead one is dropped).
    const shards = new Set(cluster.slots.flatMap((owners) => (owners[0] === undefined ? [] : [owners[0]])));
    const masters = cluster.nodes('master');
    const known = new Set(masters.map((node) => `${node.options.host}:${node.options.port}`));
    if (shards.size === 0 || [...shards].some((shard) => !known.has(shard))) return;
    probing = true;
    void Promise.all(masters.map((node) => node.ping()))
      .then(
        () => {
          down = false;
          back();
        },
        () => undefined,
      )
      .finally(() => {
        probing = false;
      });
  }, 1000);
  probe.unref();
  cluster.once('end', () => clearInterval(probe));
}

/** The oldest Redis the server runs on: sharded pub/sub. */
export const REDIS_MAJOR_NEEDED = 7;

/**
 * Why the Redis whose `INFO server` answer this is cannot serve, or null if it can (7.0 or later). A server
 * that names no version (a proxy or a look-alike) is refused too: it may lack sharded pub/sub.
 */
export function redisVersionRefusal(info: string): string | null {
  const version = /^redis_version:([0-9]+)\.([0-9]+)(?:\.([0-9]+))?/m.exec(info);
  if (version === null) {
    return `it did not say its version (INFO server has no redis_version); the server needs Redis ${REDIS_MAJOR_NEEDED} or later.`;
  }
  if (Number(version[1]) >= REDIS_MAJOR_NEEDED) return null;
  return `it is Redis ${version[0].slice('redis_version:'.length)}; the server needs Redis ${REDIS_MAJOR_NEEDED} or later (sharded pub/sub: SPUBLISH, SSUBSCRIBE). Upgrade Redis.`;
}

/** host:port of each address in REDIS_URL, never its user or password. */
function where(url: string): string {
  return url
    .split(',')
    .map((node) => {
      if (!URL.canParse(node.trim())) return 'an address that does not parse';
      const parsed = new URL(node.trim());
      return `${parsed.hostname}:${parsed.port === '' ? 6379 : parsed.port}`;
    })
    .join(', ');
}

/** An error's message and, for a socket's failure, its code (ECONNREFUSED, ENOTFOUND, ...). */
function describeError(error: Error): string {
  const code = (error as Error & { code?: unknown }).code;
  return typeof code === 'string' && !error.message.includes(code)
    ? `${code}: ${error.message}`
    : error.message;
}

/** The seed nodes of REDIS_URL (validated by the config: redis:// or rediss:// addresses). */
function clusterNodes(url: string): { host: string; port: number }[] {
  return url.split(',').map((node) => {
    const parsed = new URL(node.trim());
    // An IPv6 address comes bracketed in a URL ([::1]), and bare to the connection.
    const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
    return { host, port: parsed.port === '' ? 6379 : Number(parsed.port) };
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
