/**
 * Everything an operator can set, read once from the environment (PORT, DATABASE_PATH, ...) into one plain
 * object; tests build the same object by hand. Defaults suit `npm start` on one machine.
 */
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { DEFAULT_WEB_ROOT, webRootOf } from './http/web-root.ts';

export interface Limits {
  /** Largest socket message answered with an error (bytes); the socket itself closes past `hardMessageBytes`. */
  readonly messageBytes: number;
  readonly hardMessageBytes: number;
  /** Per connection: messages per second on average, and the burst allowed above it. */
  readonly messagesPerSecond: number;
  readonly messageBurst: number;
  /** Per IP address: games created per minute. */
  readonly gamesPerMinute: number;
  /** HTTP bodies (bytes). */
  readonly bodyBytes: number;
  /** Per socket: how long it may stay open without a successful hello (ms). */
  readonly helloMs: number;
  /** Per IP address: sockets open at once. */
  readonly socketsPerAddress: number;
  /** Per IP address: sockets opened a minute (a socket closed for flooding cannot simply be opened again). */
  readonly socketOpensPerMinute: number;
  /** Per socket: bytes waiting to be sent before a client that does not read is closed. */
  readonly sendBufferBytes: number;
  /** Per IP address: games against the computer running at once (the bot workers are shared by all). */
  readonly computerGamesPerAddress: number;
  /** Per IP address: games against a `--bot` program going at once (each runs a process of its own). */
  readonly botProgramsPerAddress: number;
  /** In all, per process: games against a `--bot` program going at once. */
  readonly botPrograms: number;
  /** Per IP address: look-backs (history, review) a second over all its sockets; a burst of four times it. */
  readonly lookBacksPerSecond: number;
  /** Open seeks one identity may hold, whatever its addresses (issue 35: one seeker cannot fill the lobby). */
  readonly seeksPerPlayer: number;
  /** Open seeks one IP address may hold, whatever its identities. */
  readonly seeksPerAddress: number;
  /** Per IP address: passkey requests (options and answers) a minute (issue 51). */
  readonly passkeysPerMinute: number;
  /** Per IP address: link codes tried a minute; on the whole server (every process): 12 times that. */
  readonly linkTriesPerMinute: number;
}

/** Fair play (issue 35): what is rated. */
export interface FairPlay {
  /** A player with fewer rated games is provisional: their games move only their own rating. */
  readonly provisionalGames: number;
  /** Rated games between the same two players in 24 hours; later ones are recorded unrated. */
  readonly pairGamesPerDay: number;
  /** A lobby game's person seat that has made no action this long after its first decision never came (ms). */
  readonly abortMs: number;
  /** The seeker of a lobby seat that never came may not seek for this long (ms). */
  readonly noShowCooldownMs: number;
  /** Untimed games: each decision's limit (ms); past it the other seat may claim, even if this one is connected. */
  readonly decisionMs: number;
  /** Live timed games: the setup's limit (ms). */
  readonly setupMs: number;
}

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /**
   * Connections the kernel queues before the server accepts them (listen backlog). Node's 511 overflows when
   * a thousand games' sockets reconnect at once (after a restart): the kernel then drops their handshakes
   * and a client that thought itself connected is reset a minute later.
   */
  readonly listenBacklog: number;
  /** The SQLite file; its folder is created. */
  readonly databasePath: string;
  readonly databaseSync: 'normal' | 'full';
  /** postgres://... to share games between processes (DATABASE_URL); null: the SQLite file. Never logged. */
  readonly databaseUrl: string | null;
  /** The PostgreSQL schema holding the tables (created if missing). */
  readonly databaseSchema: string;
  /** PostgreSQL connections per process. */
  readonly databasePool: number;
  /**
   * Whether the queries run on every move are prepared once per connection (named statements). False behind
   * a pooler that hands each transaction a different server connection (PgBouncer's transaction pooling
   * before 1.21, or without max_prepared_statements), where a statement prepared on one is missing on the next.
   */
  readonly databasePreparedStatements: boolean;
  /**
   * WebSocket permessage-deflate on every socket (COMPRESSION), with a small window (compression.ts): updates
   * about a fifteenth the bytes of a whole view, for zlib's CPU and a few KiB of memory a socket.
   */
  readonly compression: boolean;
  /**
   * redis://... to tell other processes that a game moved (REDIS_URL); null: this process only. With
   * `redisCluster`, one or more nodes of a Redis Cluster, comma-separated (the rest are found from them).
   */
  readonly redisUrl: string | null;
  /** REDIS_URL names nodes of a Redis Cluster (REDIS_CLUSTER=true), not one Redis. */
  readonly redisCluster: boolean;
  /** Prefix of every Redis channel and key, so several deployments (or test runs) can share one Redis. */
  readonly redisPrefix: string;
  /** How long a process holds a computer seat's turn before another may play it (ms). */
  readonly computerLeaseMs: number;
  /** The built web client (index.html and assets). */
  readonly webRoot: string;
  /** How long a person's seat may stay empty on its turn before the other may claim (ms). */
  readonly awayMs: number;
  /**
   * How long a game, finished or not, stays in memory once nobody here looks at it (ms): it is let go between
   * one and two of these after it was last asked for, and loaded from the store again if someone does.
   */
  readonly idleGraceMs: number;
  readonly botDelay: { readonly minMs: number; readonly maxMs: number };
  readonly botWorkers: number;
  /**
   * Computer levels played by external programs that speak the bot protocol (`pirates serve --bot
   * name=cmd`, docs/bots.md): name to shell command. A built-in level's name puts the program in its place.
   */
  readonly externalBots?: Readonly<Record<string, string>>;
  /** R7.2: the turn limit of games that do not ask for one; null for none. */
  readonly turnLimit: number | null;
  /** How long a seeker waits before the page offers the computer instead (ms); the seek stays open. */
  readonly seekOfferMs: number;
  /**
   * How often every socket is pinged (ms); one that has not answered a ping by the next is cut, so a frozen
   * client is closed within two of these and its seat turns away. Below a proxy's idle timeout, the pings
   * keep a quiet socket open through it.
   */
  readonly heartbeatMs: number;
  /** How often timed games' clocks are checked for a flag (ms). */
  readonly clockTickMs: number;
  /**
   * How long a given-up name (renamed away, or its player forgotten) is held (ms): nobody else may take it, so
   * /player/<name> never shows someone new soon after; the player who renamed away may take it back.
   */
  readonly nameHoldMs: number;
  /**
   * Passkeys (issue 51): the relying party's id (a domain, e.g. 'pirates.example') and the origins a passkey
   * may be used from (e.g. 'https://pirates.example'). Null: taken from each request's Host header, which
   * suits localhost; a deployment behind a proxy sets PASSKEY_RP_ID and PASSKEY_ORIGINS (docs/deploy.md).
   */
  readonly passkeys: { readonly rpId: string | null; readonly origins: readonly string[] | null };
  /** The server's clock (ms since 1970); tests pass a fake one to run clocks out without waiting. */
  readonly now?: () => number;
  readonly limits: Limits;
  readonly fairPlay: FairPlay;
  readonly logLevel: string;
  /**
   * Which proxies in front may name the client's address (X-Forwarded-For), so per-address limits count
   * clients, not the proxy: false (none, the default), a number of hops, or a list of proxy addresses.
   */
  readonly trustProxy: false | number | readonly string[];
  /** Where log lines go (default stdout); tests collect them to check that no secret is written. */
  readonly logStream?: Writable;
  /**
   * The Prometheus endpoint's own listener (METRICS_PORT, METRICS_HOST): null port for none (the default),
   * 0 for a free one. Never the public port: the counts are the operator's, not every visitor's.
   */
  readonly metrics: { readonly port: number | null; readonly host: string };
  /**
   * Shutdown (docs/deploy.md "Restarts"): how long readiness fails before the sockets are closed, so the
   * proxy's health check sees it first (ms; at least its `inter` x `fall` plus its check timeout).
   */
  readonly drainMs: number;
  /** Shutdown: game sockets told `server/closing` and closed per second, so their reconnects are spread. */
  readonly closeSocketsPerSecond: number;
  /** Shutdown: the hard bound; past it the process exits anyway, with a logged error (ms). */
  readonly shutdownMs: number;
}

export const DEFAULT_LIMITS: Limits = {
  messageBytes: 16 * 1024,
  hardMessageBytes: 1024 * 1024,
  messagesPerSecond: 20,
  messageBurst: 40,
  gamesPerMinute: 30,
  bodyBytes: 16 * 1024,
  // A page says hello as soon as its socket opens; ten seconds is room for a slow phone, not for an idle socket.
  helloMs: 10_000,
  // A family behind one router with every device in a few games, many times over.
  socketsPerAddress: 64,
  // Two a second on average: every socket of that family reconnecting at once after a restart, twice over.
  socketOpensPerMinute: 128,
  // A few hundred views: far more than a client that reads ever leaves waiting.
  sendBufferBytes: 1024 * 1024,
  // A family playing the computer on a few devices; a flood of instant expert games is refused.
  computerGamesPerAddress: 6,
  // A `--bot` program is a process (tens of MB for Node, far more with a model): a couple per person.
  botProgramsPerAddress: 2,
  botPrograms: 16,
  // A page asks for a game's history once when it opens a replay or the analysis; a family's few devices
  // doing that at once is a burst, sixty sockets asking again and again is not.
  lookBacksPerSecond: 4,
  // One seek per rule set a person might want at once (a live and a daily game), and a household's few
  // people behind one router: lichess lets one account seek a handful; the lobby lists 50.
  seeksPerPlayer: 2,
  seeksPerAddress: 6,
  passkeysPerMinute: 30,
  linkTriesPerMinute: 10,
};

export const DEFAULT_FAIR_PLAY: FairPlay = {
  provisionalGames: 5,
  pairGamesPerDay: 3,
  // lichess aborts a game whose player never made a first move after about 30 s; the no-show cannot seek for
  // five minutes (its newcomer lost that time too, and more).
  abortMs: 30_000,
  noShowCooldownMs: 5 * 60 * 1000,
  decisionMs: 10 * 60 * 1000,
  setupMs: 5 * 60 * 1000,
};

export const DEFAULT_CONFIG: ServerConfig = {
  port: 3000,
  host: '0.0.0.0',
  listenBacklog: 4096,
  databasePath: resolve('data', 'pirates.sqlite'),
  databaseSync: 'normal',
  databaseUrl: null,
  databaseSchema: 'public',
  databasePool: 10,
  databasePreparedStatements: true,
  compression: false,
  redisUrl: null,
  redisCluster: false,
  redisPrefix: 'pirates:',
  computerLeaseMs: 10_000,
  webRoot: DEFAULT_WEB_ROOT,
  awayMs: 5 * 60 * 1000,
  idleGraceMs: 30 * 1000,
  botDelay: { minMs: 400, maxMs: 1200 },
  botWorkers: Math.max(1, Math.min(4, availableParallelism() - 1)),
  turnLimit: 400,
  seekOfferMs: 60_000,
  // A third of nginx's and the shipped proxies' 60 s idle timeout: two pings may be lost before it is reached.
  heartbeatMs: 20_000,
  clockTickMs: 1000,
  // A month: old links and memories of a name fade before someone else may have it.
  nameHoldMs: 30 * 24 * 3600 * 1000,
  passkeys: { rpId: null, origins: null },
  limits: DEFAULT_LIMITS,
  fairPlay: DEFAULT_FAIR_PLAY,
  logLevel: 'info',
  trustProxy: false,
  metrics: { port: null, host: '127.0.0.1' },
  // deploy/haproxy.cfg checks /readyz every 2 s and needs 3 failures (6 s), each allowed its check timeout.
  drainMs: 8000,
  closeSocketsPerSecond: 500,
  shutdownMs: 30_000,
};

type Env = Readonly<Record<string, string | undefined>>;

/** pino's levels, the only values LOG_LEVEL may take (a misspelt level would crash the logger at start). */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A schema name the server can write into its SQL unquoted-safe: a plain lower-case identifier. */
export const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Reads the environment; a bad value is an error naming the variable. */
export function configFromEnv(env: Env): ServerConfig {
  const number = (name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < min || value > max) {
      const range = max === Number.MAX_SAFE_INTEGER ? `of at least ${min}` : `from ${min} to ${max}`;
      throw new Error(`${name} must be a whole number ${range}, not '${raw.slice(0, 40)}'.`);
    }
    return value;
  };
  const sync = env.DATABASE_SYNC ?? 'normal';
  if (sync !== 'normal' && sync !== 'full') throw new Error("DATABASE_SYNC must be 'normal' or 'full'.");
  const turnLimit = number('TURN_LIMIT', DEFAULT_CONFIG.turnLimit ?? 0);
  const databaseUrl = env.DATABASE_URL === undefined || env.DATABASE_URL === '' ? null : env.DATABASE_URL;
  if (databaseUrl !== null && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    // The value may hold a password: name the variable, never echo it.
    throw new Error('DATABASE_URL must start with postgres:// or postgresql:// (SQLite uses DATABASE_PATH).');
  }
  const metricsPort =
    env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? null : number('METRICS_PORT', 0);
  if (metricsPort !== null && metricsPort > 65_535)
    throw new Error(`METRICS_PORT must be a port from 0 to 65535, not '${env.METRICS_PORT}'.`);
  const drainMs = number('DRAIN_SECONDS', DEFAULT_CONFIG.drainMs / 1000) * 1000;
  const shutdownMs = number('SHUTDOWN_SECONDS', DEFAULT_CONFIG.shutdownMs / 1000, 1) * 1000;
  if (shutdownMs <= drainMs) {
    throw new Error(
      `SHUTDOWN_SECONDS (${shutdownMs / 1000}) must be longer than DRAIN_SECONDS (${drainMs / 1000}): the sockets are closed and the appends finished after the drain.`,
    );
  }
  const redisUrl = env.REDIS_URL === undefined || env.REDIS_URL === '' ? null : env.REDIS_URL;
  const clusterFlag = env.REDIS_CLUSTER ?? '';
  if (!['', 'true', 'false', '1', '0'].includes(clusterFlag)) {
    throw new Error(`REDIS_CLUSTER must be 'true' or 'false', not '${clusterFlag}'.`);
  }
  const redisCluster = clusterFlag === 'true' || clusterFlag === '1';
  if (redisUrl !== null) {
    // The value may hold a password: name the variable, never echo it.
    if (!redisCluster) {
      if (!/^rediss?:\/\//.test(redisUrl))
        throw new Error('REDIS_URL must start with redis:// or rediss://.');
      // A comma alone may be part of a password; a comma before another address is a list of nodes.
      if (/,\s*rediss?:\/\//.test(redisUrl)) {
        throw new Error('REDIS_URL lists several nodes: set REDIS_CLUSTER=true for a Redis Cluster.');
      }
    } else {
      for (const [i, node] of redisUrl.split(',').entries()) {
        if (!/^rediss?:\/\//.test(node.trim()) || !URL.canParse(node.trim())) {
          throw new Error(
            `REDIS_URL must list Redis Cluster nodes as redis:// or rediss:// addresses, separated by commas (node ${i + 1} is not one).`,
          );
        }
      }
    }
  } else if (redisCluster) {
    throw new Error('REDIS_CLUSTER=true needs REDIS_URL: one or more nodes of the cluster.');
  }
  if (redisUrl !== null && databaseUrl === null) {
    // Redis shares moves between processes that share a store: beside a SQLite file of its own, each process
    // would keep its own games, and a player sent to another process would find none of them.
    throw new Error(
      'REDIS_URL is set without DATABASE_URL: processes sharing Redis must share PostgreSQL too (set DATABASE_URL), or unset REDIS_URL for one process on SQLite.',
    );
  }
  const prepared = env.DATABASE_PREPARED_STATEMENTS ?? '';
  if (!['', 'true', 'false'].includes(prepared)) {
    throw new Error(
      `DATABASE_PREPARED_STATEMENTS must be 'true' or 'false', not '${prepared.slice(0, 40)}'.`,
    );
  }
  const compression = env.COMPRESSION ?? '';
  if (!['', 'on', 'off'].includes(compression)) {
    throw new Error(`COMPRESSION must be 'on' or 'off', not '${compression.slice(0, 40)}'.`);
  }
  const databaseSchema =
    env.DATABASE_SCHEMA === undefined || env.DATABASE_SCHEMA === ''
      ? DEFAULT_CONFIG.databaseSchema
      : env.DATABASE_SCHEMA;
  if (!SCHEMA_NAME.test(databaseSchema)) {
    throw new Error(
      `DATABASE_SCHEMA must be a plain PostgreSQL name (lower-case letters, digits and _, starting with a letter or _, at most 63), not '${databaseSchema.slice(0, 70)}'.`,
    );
  }
  const logLevel =
    env.LOG_LEVEL === undefined || env.LOG_LEVEL === '' ? DEFAULT_CONFIG.logLevel : env.LOG_LEVEL;
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}; not '${logLevel.slice(0, 40)}'.`);
  }
  return {
    port: number('PORT', DEFAULT_CONFIG.port, 0, 65_535),
    host: env.HOST ?? DEFAULT_CONFIG.host,
    listenBacklog: number('LISTEN_BACKLOG', DEFAULT_CONFIG.listenBacklog, 1),
    databasePath: resolve(env.DATABASE_PATH ?? DEFAULT_CONFIG.databasePath),
    databaseSync: sync,
    databaseUrl,
    databaseSchema,
    databasePool: number('DATABASE_POOL', DEFAULT_CONFIG.databasePool, 1),
    databasePreparedStatements: prepared !== 'false',
    compression: compression === '' ? DEFAULT_CONFIG.compression : compression === 'on',
    redisUrl,
    redisCluster,
    redisPrefix: env.REDIS_PREFIX ?? DEFAULT_CONFIG.redisPrefix,
    computerLeaseMs: number('COMPUTER_LEASE_MS', DEFAULT_CONFIG.computerLeaseMs, 100),
    webRoot: webRootOf(env.WEB_ROOT),
    awayMs: number('AWAY_SECONDS', DEFAULT_CONFIG.awayMs / 1000) * 1000,
    // IDLE_GRACE_SECONDS was FINISHED_GRACE_SECONDS when only finished games were let go: both are read.
    idleGraceMs:
      number(
        'IDLE_GRACE_SECONDS',
        number('FINISHED_GRACE_SECONDS', DEFAULT_CONFIG.idleGraceMs / 1000, 1),
        1,
      ) * 1000,
    botDelay: {
      minMs: number('BOT_DELAY_MIN_MS', DEFAULT_CONFIG.botDelay.minMs),
      maxMs: Math.max(
        number('BOT_DELAY_MIN_MS', DEFAULT_CONFIG.botDelay.minMs),
        number('BOT_DELAY_MAX_MS', DEFAULT_CONFIG.botDelay.maxMs),
      ),
    },
    botWorkers: number('BOT_WORKERS', DEFAULT_CONFIG.botWorkers, 1),
    turnLimit: turnLimit === 0 ? null : turnLimit,
    seekOfferMs: number('SEEK_OFFER_SECONDS', DEFAULT_CONFIG.seekOfferMs / 1000, 1) * 1000,
    heartbeatMs: number('HEARTBEAT_SECONDS', DEFAULT_CONFIG.heartbeatMs / 1000, 1) * 1000,
    clockTickMs: DEFAULT_CONFIG.clockTickMs,
    nameHoldMs: number('NAME_HOLD_DAYS', DEFAULT_CONFIG.nameHoldMs / 86_400_000) * 86_400_000,
    passkeys: passkeysOf(env.PASSKEY_RP_ID, env.PASSKEY_ORIGINS),
    limits: {
      ...DEFAULT_LIMITS,
      messagesPerSecond: number('MESSAGES_PER_SECOND', DEFAULT_LIMITS.messagesPerSecond, 1),
      messageBurst: number('MESSAGE_BURST', DEFAULT_LIMITS.messageBurst, 1),
      gamesPerMinute: number('GAMES_PER_MINUTE', DEFAULT_LIMITS.gamesPerMinute, 1),
      helloMs: number('HELLO_MS', DEFAULT_LIMITS.helloMs, 1),
      socketsPerAddress: number('SOCKETS_PER_ADDRESS', DEFAULT_LIMITS.socketsPerAddress, 1),
      socketOpensPerMinute: number('SOCKET_OPENS_PER_MINUTE', DEFAULT_LIMITS.socketOpensPerMinute, 1),
      computerGamesPerAddress: number(
        'COMPUTER_GAMES_PER_ADDRESS',
        DEFAULT_LIMITS.computerGamesPerAddress,
        1,
      ),
      botProgramsPerAddress: number('BOT_PROGRAMS_PER_ADDRESS', DEFAULT_LIMITS.botProgramsPerAddress, 1),
      botPrograms: number('BOT_PROGRAMS', DEFAULT_LIMITS.botPrograms, 1),
      lookBacksPerSecond: number('LOOK_BACKS_PER_SECOND', DEFAULT_LIMITS.lookBacksPerSecond, 1),
      seeksPerPlayer: number('SEEKS_PER_PLAYER', DEFAULT_LIMITS.seeksPerPlayer, 1),
      seeksPerAddress: number('SEEKS_PER_ADDRESS', DEFAULT_LIMITS.seeksPerAddress, 1),
      passkeysPerMinute: number('PASSKEYS_PER_MINUTE', DEFAULT_LIMITS.passkeysPerMinute, 1),
      linkTriesPerMinute: number('LINK_TRIES_PER_MINUTE', DEFAULT_LIMITS.linkTriesPerMinute, 1),
    },
    fairPlay: {
      provisionalGames: number('PROVISIONAL_GAMES', DEFAULT_FAIR_PLAY.provisionalGames),
      pairGamesPerDay: number('RATED_PAIR_GAMES_PER_DAY', DEFAULT_FAIR_PLAY.pairGamesPerDay, 1),
      abortMs: number('ABORT_SECONDS', DEFAULT_FAIR_PLAY.abortMs / 1000, 1) * 1000,
      noShowCooldownMs: number('NO_SHOW_COOLDOWN_SECONDS', DEFAULT_FAIR_PLAY.noShowCooldownMs / 1000) * 1000,
      decisionMs: number('DECISION_SECONDS', DEFAULT_FAIR_PLAY.decisionMs / 1000, 1) * 1000,
      setupMs: number('SETUP_SECONDS', DEFAULT_FAIR_PLAY.setupMs / 1000, 1) * 1000,
    },
    logLevel,
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    metrics: { port: metricsPort, host: env.METRICS_HOST || DEFAULT_CONFIG.metrics.host },
    drainMs,
    closeSocketsPerSecond: number('CLOSE_SOCKETS_PER_SECOND', DEFAULT_CONFIG.closeSocketsPerSecond, 1),
    shutdownMs,
  };
}

/** PASSKEY_RP_ID (a host name) and PASSKEY_ORIGINS (comma-separated https://host[:port] origins). */
function passkeysOf(rpId: string | undefined, origins: string | undefined): ServerConfig['passkeys'] {
  const id = rpId === undefined || rpId.trim() === '' ? null : rpId.trim().toLowerCase();
  if (id !== null && !/^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(id))
    throw new Error(`PASSKEY_RP_ID must be a host name such as pirates.example, not '${id.slice(0, 60)}'.`);
  const list =
    origins === undefined || origins.trim() === ''
      ? null
      : origins.split(',').map((origin) => origin.trim().replace(/\/$/, ''));
  for (const origin of list ?? []) {
    if (!/^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin))
      throw new Error(
        `PASSKEY_ORIGINS must be origins such as https://pirates.example, not '${origin.slice(0, 60)}'.`,
      );
  }
  if (id !== null && list === null) return { rpId: id, origins: [`https://${id}`] };
  if (id === null && list !== null) throw new Error('PASSKEY_ORIGINS needs PASSKEY_RP_ID beside it.');
  return { rpId: id, origins: list };
}

/** TRUST_PROXY: unset, '' or 'false' for none; a whole number of hops; or proxy addresses, comma-separated. */
function trustProxyOf(raw: string | undefined): ServerConfig['trustProxy'] {
  if (raw === undefined || raw === '' || raw === 'false') return false;
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  const addresses = raw.split(',').map((a) => a.trim());
  if (addresses.some((a) => !/^[0-9a-fA-F.:/]+$/.test(a))) {
    throw new Error(
      `TRUST_PROXY must be false, a number of hops, or proxy addresses (a.b.c.d,...), not '${raw.slice(0, 60)}'.`,
    );
  }
  return addresses;
}
