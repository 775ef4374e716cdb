/**
 * What the config asks for behind the server's three seams: the store (SQLite file, or PostgreSQL with
 * DATABASE_URL), the fan-out (in-process, or Redis with REDIS_URL) and the computer-seat lease (always
 * granted, or Redis). The defaults need nothing installed; connection strings are never logged.
 */

import { RedisLease } from './bots/redis-lease.ts';
import { LocalLease, type SeatLease } from './bots/seat-lease.ts';
import type { ServerConfig } from './config.ts';
import { type Fanout, LocalFanout } from './fanout/fanout.ts';
import { RedisChannels } from './fanout/redis-channels.ts';
import type { RedisConnection } from './fanout/redis-client.ts';
import { openRedis } from './fanout/redis-client.ts';
import { type HintListener, RedisFanout } from './fanout/redis-fanout.ts';
import { RedisPresence } from './fanout/redis-presence.ts';
import { type LobbyBus, LocalLobbyBus, RedisLobbyBus } from './lobby/lobby-bus.ts';
import { type SharedPresence, SingleProcessPresence } from './rooms/shared-presence.ts';
import type { GameStore } from './store/game-store.ts';
import { MissingPrivilege } from './store/postgres-privileges.ts';
import { PostgresGameStore } from './store/postgres-store.ts';
import { SqliteGameStore } from './store/sqlite-store.ts';

export interface Backends {
  readonly store: GameStore;
  readonly fanout: Fanout;
  readonly lease: SeatLease;
  readonly presence: SharedPresence;
  /** Tells a waiting seeker's process that its seek was paired. */
  readonly lobby: LobbyBus;
  /** Tells the processes holding a device's sockets that it was signed out (channel `<prefix>device:<id>`). */
  readonly devices: LobbyBus;
  /** The Redis command connection, for the shared per-address limits; null without REDIS_URL. */
  readonly redis: RedisConnection | null;
  /** Each Redis connection by its role, for readiness and the metrics (empty without REDIS_URL). */
  readonly redisConnections: readonly { readonly connection: string; readonly client: RedisConnection }[];
  /**
   * For the ready log line, e.g. { store: 'postgres', fanout: 'redis' }; with SQLite also the file's absolute
   * path, so a process started in another folder than meant shows where its games went.
   */
  readonly kinds: { readonly store: string; readonly fanout: string; readonly databasePath?: string };
  close(): Promise<void>;
}

export interface BackendLog {
  info(message: string): void;
  warn(message: string): void;
}

/** What other processes say, once the rooms exist (the hints arrive through the fan-out). */
export interface HintHandlers {
  readonly hint: HintListener;
  /** Redis is back after an outage: hints may have been lost meanwhile. */
  readonly back: () => void;
}

export async function openBackends(
  config: ServerConfig,
  log: BackendLog,
  hints: HintHandlers,
  store?: GameStore,
): Promise<Backends> {
  const gameStore = store ?? (await openStore(config, log));
  if (config.redisUrl === null) {
    return {
      store: gameStore,
      fanout: new LocalFanout(),
      lease: new LocalLease(),
      presence: new SingleProcessPresence(),
      lobby: new LocalLobbyBus(),
      devices: new LocalLobbyBus(),
      redis: null,
      redisConnections: [],
      kinds: {
        store: storeKind(config, store),
        fanout: 'local',
        ...(store === undefined && config.databaseUrl === null ? { databasePath: config.databasePath } : {}),
      },
      close: () => gameStore.close(),
    };
  }
  // A connection this process closes on shutdown is not lost: a clean stop logs no warning.
  let stopping = false;
  const events = (name: string) => ({
    lost: (message: string) => {
      if (!stopping)
        log.warn(`redis ${name} connection lost (${message}); moves are still stored, hints wait`);
    },
    back: () => {
      log.info(`redis ${name} connection back`);
      // Either way hints or announcements of the outage may be lost: announce the held games again
      // (subscribing again first, when it was the subscriber that was away).
      void fanout?.back();
      if (name === 'publisher') presence?.back();
      if (name === 'subscriber') hints.back();
    },
  });
  let publisher: RedisConnection | null = null;
  let subscriber: RedisConnection | null = null;
  let channels: RedisChannels | null = null;
  let fanout: RedisFanout | null = null;
  let presence: RedisPresence | null = null;
  try {
    const target = { url: config.redisUrl, cluster: config.redisCluster };
    publisher = await openRedis(target, events('publisher'), `pirates-publisher-${process.pid}`);
    subscriber = await openRedis(target, events('subscriber'), `pirates-subscriber-${process.pid}`, true);
    channels = new RedisChannels(publisher, subscriber, (failed, message) =>
      log.warn(
        failed === 'publish'
          ? `a hint to the other processes was lost: ${message}`
          : `a game's channel could not be subscribed (${message}); it is when Redis is back`,
      ),
    );
    const shared = new RedisFanout(channels, config.redisPrefix, hints.hint);
    fanout = shared;
    const lease = new RedisLease(publisher, config.redisPrefix, config.computerLeaseMs);
    presence = new RedisPresence(publisher, config.redisPrefix, {
      changed: (gameId) => shared.deliver(gameId, { kind: 'presence' }),
      rewritten: (gameId) => shared.publish(gameId, { kind: 'presence' }),
    });
    const lobby = new RedisLobbyBus(channels, config.redisPrefix);
    const opened = { publisher, subscriber };
    return {
      store: gameStore,
      fanout: shared,
      lease,
      presence,
      lobby,
      devices: new RedisLobbyBus(channels, config.redisPrefix, 'device'),
      redis: publisher,
      redisConnections: [
        { connection: 'publisher', client: publisher },
        { connection: 'subscriber', client: subscriber },
      ],
      kinds: { store: storeKind(config, store), fanout: config.redisCluster ? 'redis-cluster' : 'redis' },
      async close() {
        stopping = true;
        // quit, not disconnect: the presence fields this process removes on the way out are sent first.
        await Promise.all(
          [opened.subscriber, opened.publisher].map((client) =>
            client.quit().catch(() => client.disconnect()),
          ),
        );
        await gameStore.close();
      },
    };
  } catch (error) {
    publisher?.disconnect();
    subscriber?.disconnect();
    await gameStore.close();
    throw error;
  }
}

async function openStore(config: ServerConfig, log: BackendLog): Promise<GameStore> {
  const store = await openStoreOf(config, log);
  log.info(
    store.migrated.length === 0
      ? 'database schema up to date: no migration applied'
      : `migrations applied: ${store.migrated.join(', ')}`,
  );
  return store;
}

async function openStoreOf(config: ServerConfig, log: BackendLog): Promise<GameStore> {
  if (config.databaseUrl === null) {
    return new SqliteGameStore(config.databasePath, { synchronous: config.databaseSync });
  }
  try {
    return await PostgresGameStore.open({
      url: config.databaseUrl,
      schema: config.databaseSchema,
      poolSize: config.databasePool,
      preparedStatements: config.databasePreparedStatements,
      onIdleError: (message) =>
        log.warn(`a PostgreSQL connection failed (${message}); the pool opens another`),
    });
  } catch (error) {
    // A role without a privilege is reached: its error says which privilege, and the GRANT.
    if (error instanceof MissingPrivilege) throw error;
    // The error of pg names the host and the cause, not the password.
    throw new Error(
      `PostgreSQL cannot be reached: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
}

function storeKind(config: ServerConfig, given: GameStore | undefined): string {
  if (given !== undefined) return 'given';
  return config.databaseUrl === null ? 'sqlite' : 'postgres';
}
