/**
 * Opening a Redis connection the way the server wants it: fail fast at start (a clear error, no retry
 * loop hiding a typo), then reconnect forever with a capped back-off; commands made while disconnected
 * fail at once instead of queueing, so callers fall back (hints are optional, a lease is simply not won).
 */
import { Redis } from 'ioredis';

export interface RedisEvents {
  /** The connection dropped; `message` names the cause, never the URL. */
  lost(message: string): void;
  /** The connection is back (not called for the first connect). */
  back(): void;
}

/**
 * `name` is the connection's CLIENT SETNAME, e.g. 'pirates-subscriber-4242' (role and process id), so an
 * operator's CLIENT LIST shows which process holds which connection and how many channels it hears.
 */
export async function openRedis(url: string, events: RedisEvents, name?: string): Promise<Redis> {
  const client = new Redis(url, {
    ...(name === undefined ? {} : { connectionName: name }),
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 5000,
    retryStrategy: (times) => Math.min(times * 200, 2000),
    // Commands made in one turn (every game's hint after a batch of moves) go in one write: a busy server
    // spent a system call per publish. Subscriptions are never pipelined (ioredis leaves them out).
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
    throw new Error(`Redis cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  ready = true;
  return client;
}
