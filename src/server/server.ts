/**
 * The composition root: builds the store, rooms, fanout, presence, bot pool and the Fastify app from one
 * config, and listens. It reads no game: games are loaded where they are played (room-registry.ts), and
 * clocks that run out in games nobody holds are found in the store (due-clocks.ts). `close()` is the graceful shutdown: stop
 * accepting, let queued writes finish, tell every client, then release the database.
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { errorMessage } from '../protocol/index.ts';
import { type Backends, openBackends } from './backends.ts';
import { BotPool } from './bots/bot-pool.ts';
import { ComputerPlayers } from './bots/computer-players.ts';
import { ExternalSeats } from './bots/external-seats.ts';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { registerAccountRoutes } from './http/account-routes.ts';
import { registerAddressLimits } from './http/address-limits.ts';
import { registerChallengeRoutes } from './http/challenge-routes.ts';
import { ComputerGamesLimit } from './http/computer-games-limit.ts';
import { registerGameRoutes } from './http/game-routes.ts';
import { registerLobbyRoutes } from './http/lobby-routes.ts';
import { registerPlayerRoutes } from './http/player-routes.ts';
import { replyError } from './http/reply-error.ts';
import { registerWebClient } from './http/web-client.ts';
import { Challenges } from './lobby/challenges.ts';
import { Lobby } from './lobby/lobby.ts';
import { loggerOptions } from './logger.ts';
import { finishGame } from './players/ratings.ts';
import { SignOuts } from './players/sign-outs.ts';
import { ClockBeats } from './rooms/clock-outage.ts';
import { ClockWatch } from './rooms/clock-watch.ts';
import type { Outage } from './rooms/decision-limits.ts';
import { DueClocks } from './rooms/due-clocks.ts';
import { HintRouter } from './rooms/hint-router.ts';
import { LookBackBudget } from './rooms/look-backs.ts';
import { PresenceBoard } from './rooms/presence.ts';
import { RoomRegistry } from './rooms/room-registry.ts';
import { closeGradually, drain } from './shutdown.ts';
import { SMALL_WINDOW_DEFLATE } from './socket/compression.ts';
import { LocalEmoteLimit, RedisEmoteLimit } from './socket/emote-limit.ts';
import { Heartbeat } from './socket/heartbeat.ts';
import { registerLobbySocket } from './socket/lobby-socket.ts';
import type { Session } from './socket/session.ts';
import { registerSocketRoute } from './socket/socket-route.ts';
import { type GameStore, StoreUnavailable } from './store/game-store.ts';
import { countHttpRefusals, ServerMetrics } from './watch/metrics.ts';
import { listenForMetrics, type MetricsListener } from './watch/metrics-listener.ts';
import { Readiness } from './watch/readiness.ts';
import { releaseOf } from './watch/release.ts';
import { warnUnlessStoreAway, watchStore } from './watch/store-watch.ts';

export interface RunningServer {
  /** e.g. 'http://127.0.0.1:3000' */
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  /** The Prometheus endpoint, e.g. 'http://127.0.0.1:9464/metrics'; null when METRICS_PORT is not set. */
  readonly metricsUrl: string | null;
  /** Graceful shutdown (drain, sockets closed gradually, appends finished); safe to call twice. */
  /**
   * Graceful shutdown, safe to call twice. `drain: false` (Ctrl-C at a terminal) skips the wait for a proxy to
   * notice; the rest is the same.
   */
  close(options?: { readonly drain?: boolean }): Promise<void>;
}

/** What runs the games once the backends are open. */
interface Parts {
  readonly context: ServerContext;
  readonly rooms: RoomRegistry;
  readonly presence: PresenceBoard;
  readonly pool: BotPool;
  readonly computers: ComputerPlayers;
  readonly clocks: ClockWatch;
  readonly dueClocks: DueClocks;
}

export async function startServer(config: ServerConfig, store?: GameStore): Promise<RunningServer> {
  const release = releaseOf();
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.limits.bodyBytes,
    trustProxy: trustOf(config.trustProxy),
    // A socket's upgrade is not logged as a request: a flood of connections would write two lines each.
    // What a socket does wrong logs its own line. Health checks come every second or two from every proxy:
    // they are logged at debug (below).
    logController: new LogController({
      disableRequestLogging: (request) => isUpgrade(request) || isProbe(request),
    }),
    // A path the router cannot read (bad percent-encoding, a parameter past its length) gets the one refusal
    // shape too, and the path is not echoed back.
    frameworkErrors: (error, _request, reply) => {
      const bad = error.code === 'FST_ERR_BAD_URL';
      const sentence = bad
        ? 'The address has a broken %-escape; check the link.'
        : 'The address is not one this server reads; check the link.';
      return replyError(reply as FastifyReply, 400, 'request/bad-url', sentence);
    },
  });
  const hints = new HintRouter((gameId, error) =>
    warnUnlessStoreAway(app.log, { gameId }, 'catching up with the store failed', error),
  );
  const log = { info: (m: string) => app.log.info(m), warn: (m: string) => app.log.warn(m) };
  const backends = await openBackends(config, log, hints, store);
  // Before any game is loaded: the time the whole server was down is given back to the running clocks.
  const upAt = (config.now ?? Date.now)();
  const { beats, downSince } = await ClockBeats.start(backends.store, config.now ?? Date.now, (error) =>
    warnUnlessStoreAway(app.log, {}, 'this process could not note that it is up', error),
  ).catch(async (error: unknown) => {
    await backends.close().catch(() => undefined);
    throw error;
  });
  if (downSince !== null)
    app.log.info({ downSince }, 'the server was down: running clocks resumed from then');
  const redisStates = () =>
    backends.redisConnections.map(({ connection, client }) => ({
      connection,
      ready: client.status === 'ready',
    }));
  const sessions = new Set<Session>();
  const metrics = new ServerMetrics(release, {
    gamesHeld: () => parts.rooms.rooms().length,
    poolClients: () => backends.store.poolClients(),
    redis: redisStates,
    decisionsQueued: () => parts.pool.asked,
  });
  const watched = watchStore(backends.store, metrics, {
    lost: (message) =>
      app.log.warn(
        `the game store cannot be reached (${message}); players are told store/unavailable until it is back`,
      ),
    back: (awayMs) =>
      app.log.info({ awayMs }, `the game store is back after ${(awayMs / 1000).toFixed(1)} s`),
  });
  const outage = downSince === null ? null : { from: downSince, to: upAt };
  const parts = buildParts(config, app, { ...backends, store: watched }, metrics, outage);
  const readiness = new Readiness({
    store: watched,
    redis: redisStates,
    draining: () => parts.context.draining,
  });
  let metricsListener: MetricsListener | null = null;
  /** Whether a proxy may have sent players here (a start that failed has nobody to drain). */
  let listening = false;
  let sweeper: ReturnType<typeof setInterval> | undefined;
  let closing: Promise<void> | null = null;
  const close = (options: { readonly drain?: boolean } = {}): Promise<void> => {
    closing ??= (async () => {
      const drainMs = listening && options.drain !== false ? config.drainMs : 0;
      const step = (message: string, bindings: object = {}) => app.log.info(bindings, `shutdown: ${message}`);
      const started = Date.now();
      // Readiness fails first: the proxy stops sending players here while every game goes on as before.
      parts.context.draining = true;
      step('not ready; new games and seeks refused; waiting for the proxy to notice', {
        drainSeconds: drainMs / 1000,
      });
      await drain(drainMs);
      parts.context.closing = true;
      step('closing the game sockets', { sockets: sessions.size, perSecond: config.closeSocketsPerSecond });
      // Closed before the hard deadline (serve.ts) with time left for the appends and the store.
      const closeBy = started + Math.max(config.drainMs, config.shutdownMs - 5000);
      const closed = await closeGradually(sessions, config.closeSocketsPerSecond, closeBy);
      step('sockets closed; finishing the actions in flight', { sockets: closed });
      clearInterval(sweeper);
      parts.computers.stop();
      parts.clocks.stop();
      parts.dueClocks.stop();
      parts.context.lobby.stop();
      parts.presence.stop();
      await parts.rooms.drain();
      await app.close();
      await metricsListener?.close();
      await parts.pool.close();
      await parts.rooms.drain();
      step('actions stored; closing the store and Redis');
      await beats.stop();
      await backends.close();
      step('done', { seconds: (Date.now() - started) / 1000 });
    })();
    return closing;
  };
  try {
    hints.attach(parts.rooms, backends.presence);
    parts.rooms.onRoom((room) => parts.presence.track(room));
    parts.rooms.onRoom((room) => parts.computers.track(room));
    parts.rooms.onRoom((room) => parts.context.externalSeats?.track(room, backends.fanout));
    parts.rooms.keepWhile((room) => parts.computers.busy(room));
    // The process whose append ended a game records its result and, between two players, rates it.
    parts.rooms.onEnd((room) => {
      const outcome = room.state.outcome;
      if (outcome === null) return;
      // The outcome is public once the game is over; the seed is not logged (the record reveals it).
      const { winner, reason, how } = outcome;
      app.log.info({ gameId: room.id, winner, reason, how, moves: room.version }, 'game over');
      finishGame(watched.players, config.fairPlay, room.id, room.state.log, outcome).then(
        (done) => {
          if (done === 'rated') app.log.info({ gameId: room.id }, 'game rated');
        },
        (error: unknown) =>
          warnUnlessStoreAway(app.log, { gameId: room.id }, "the game's result was not recorded", error),
      );
    });
    parts.rooms.onRoom((room) => parts.clocks.track(room));
    sweeper = setInterval(() => {
      for (const gameId of parts.rooms.sweep()) app.log.info({ gameId }, 'game unloaded');
    }, config.idleGraceMs);
    sweeper.unref();
    await registerAddressLimits(
      app,
      backends.redis === null ? null : { redis: backends.redis, prefix: config.redisPrefix },
    );
    countHttpRefusals(app, metrics);
    await registerRoutes(app, parts.context, sessions, readiness);
    // Every socket, game or lobby, from the WebSocket server's own 'connection'; it stops when that closes.
    new Heartbeat(app.websocketServer, config.heartbeatMs, () =>
      app.log.debug('socket closed: no pong since the last ping'),
    );
    await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
    listening = true;
    const address = app.server.address();
    const port = typeof address === 'object' && address !== null ? address.port : config.port;
    const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
    if (config.metrics.port !== null) {
      metricsListener = await listenForMetrics(
        metrics,
        { port: config.metrics.port, host: config.metrics.host },
        app.log,
      );
    }
    app.log.info(
      {
        url,
        version: release.version,
        commit: release.commit,
        ...(metricsListener === null ? {} : { metricsUrl: metricsListener.url }),
        gamesLoaded: parts.rooms.loads,
        ...backends.kinds,
      },
      'pirates server ready',
    );
    return { url, port, app, metricsUrl: metricsListener?.url ?? null, close };
  } catch (error) {
    // A port in use, a game that will not load: release the workers, the database and the sockets, so a
    // process that cannot serve ends at once and its supervisor sees it fail.
    await close().catch(() => undefined);
    throw error;
  }
}

function buildParts(
  config: ServerConfig,
  app: FastifyInstance,
  backends: Backends,
  metrics: ServerMetrics,
  outage: Outage | null,
): Parts {
  const { store, fanout } = backends;
  const now = config.now ?? Date.now;
  const rooms = new RoomRegistry(
    store,
    fanout,
    (gameId, message) => app.log.error({ gameId }, `game could not be rebuilt: ${message}`),
    now,
  );
  const flagFailed = (gameId: string | null, error: unknown) =>
    warnUnlessStoreAway(app.log, { gameId }, 'a flag on time could not be recorded', error);
  const clocks = new ClockWatch(config.clockTickMs, flagFailed);
  const dueClocks = new DueClocks(
    store,
    rooms,
    backends.lease,
    { scanMs: config.clockTickMs, graceMs: 2 * config.clockTickMs, now },
    flagFailed,
  );
  const lobby = new Lobby(
    store,
    backends.lobby,
    rooms,
    {
      turnLimit: config.turnLimit,
      offerMs: config.seekOfferMs,
      now,
      bounds: { perPlayer: config.limits.seeksPerPlayer, perAddress: config.limits.seeksPerAddress },
      noShowCooldownMs: config.fairPlay.noShowCooldownMs,
    },
    (error) => warnUnlessStoreAway(app.log, {}, 'the lobby could not reach the store', error),
  );
  // A lobby seat that never came: the game is aborted for the other, who goes back to the lobby.
  const presence = new PresenceBoard(
    { awayMs: config.awayMs, ...config.fairPlay },
    fanout,
    backends.presence,
    Date.now,
    // The outage is given back to the decision limits as to the clocks (a decision begun before it).
    outage,
    (room, seat) => {
      lobby.noShow(room, seat).then(
        (done) => {
          if (done !== 'kept')
            app.log.info({ gameId: room.id, seat, restored: done }, 'game aborted: a seat never came');
        },
        (error: unknown) => warnUnlessStoreAway(app.log, { gameId: room.id }, 'an abort failed', error),
      );
    },
  );
  const external =
    Object.keys(config.externalBots ?? {}).length === 0
      ? null
      : new ExternalSeats(
          config.externalBots ?? {},
          {
            forfeited: (gameId, name, seat, decision, message) =>
              app.log.warn(
                { gameId, seat },
                `external bot ${name} resigned on its decision ${decision}${decision === 1 ? ' (its setup)' : ''}: ${message}`,
              ),
          },
          {
            programsPerAddress: config.limits.botProgramsPerAddress,
            programs: config.limits.botPrograms,
          },
        );
  const pool = new BotPool(config.botWorkers, Date.now, external, (seconds) => metrics.decided(seconds));
  const computers = new ComputerPlayers(
    pool,
    fanout,
    config.botDelay,
    { failed: (gameId, message) => app.log.error({ gameId }, `computer seat failed: ${message}`) },
    { seats: backends.lease, ms: config.computerLeaseMs },
  );
  const context: ServerContext = {
    config,
    store,
    rooms,
    fanout,
    presence,
    computerGames: new ComputerGamesLimit(config.limits.computerGamesPerAddress),
    externalSeats: external,
    lookBacks: new LookBackBudget(config.limits.lookBacksPerSecond),
    emotes:
      backends.redis === null
        ? new LocalEmoteLimit()
        : new RedisEmoteLimit(backends.redis, config.redisPrefix, new LocalEmoteLimit(), (message) =>
            app.log.warn(`emotes counted by this process alone: redis failed (${message})`),
          ),
    lobby,
    challenges: new Challenges(store, rooms, { turnLimit: config.turnLimit, now }),
    devices: new SignOuts(backends.devices),
    metrics,
    draining: false,
    closing: false,
  };
  return { context, rooms, presence, pool, computers, clocks, dueClocks };
}

async function registerRoutes(
  app: FastifyInstance,
  context: ServerContext,
  sessions: Set<Session>,
  readiness: Readiness,
): Promise<void> {
  app.setErrorHandler(replyToFailure);
  await app.register(fastifyWebsocket, {
    options: {
      maxPayload: context.config.limits.hardMessageBytes,
      perMessageDeflate: context.config.compression ? SMALL_WINDOW_DEFLATE : false,
    },
    errorHandler: socketFailed,
  });
  // Liveness: the process answers (a database away is no reason to restart it). Readiness: it should be
  // sent players (a proxy's health check asks this one): not while it drains, nor without its store or Redis.
  app.get('/healthz', async () => ({ ok: true }));
  app.get('/readyz', async (_request, reply) => {
    const reasons = await readiness.notReady();
    return reasons.length === 0
      ? { ready: true }
      : reply.code(503).send({ ready: false, reason: reasons.join(',') });
  });
  app.addHook('onResponse', async (request, reply) => {
    if (isProbe(request))
      request.log.debug({ url: request.url, statusCode: reply.statusCode }, 'probe answered');
  });
  registerGameRoutes(app, context);
  registerPlayerRoutes(app, context);
  registerLobbyRoutes(app, context);
  registerChallengeRoutes(app, context);
  registerAccountRoutes(app, context);
  registerSocketRoute(app, context, sessions);
  registerLobbySocket(app, context);
  await registerWebClient(app, context.config.webRoot);
}

/** A request that failed outside a handler's own refusals: the store away, a bad body, or a bug. */
function replyToFailure(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof StoreUnavailable) {
    // The store's watch logged the outage once (watch/store-watch.ts); each request refused in it is not news.
    request.log.debug({ err: error }, 'store unavailable');
    const message = 'The game store cannot be reached right now; try again in a moment.';
    return reply.code(503).send(errorMessage('store/unavailable', message));
  }
  const status = error.statusCode ?? 500;
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  const code =
    error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
      ? 'request/too-large'
      : status < 500
        ? 'request/invalid'
        : 'server/internal';
  const message =
    status < 500 ? `The request was refused: ${error.message}` : 'The server failed on this request.';
  return reply.code(status).send(errorMessage(code, message));
}

/**
 * A socket that failed. A client's broken or oversized frame (ws's `WS_ERR_…` codes) is what a client did
 * wrong: an info line, so clients cannot write the server's error log. Anything else is the server's fault.
 */
function socketFailed(error: Error, socket: { terminate(): void }, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.info({ code, reason: error.message }, 'socket closed: the client sent a bad frame');
  } else {
    request.log.error({ err: error }, 'socket failed');
  }
  socket.terminate();
}

function isUpgrade(request: FastifyRequest): boolean {
  return request.headers.upgrade !== undefined;
}

/** A health check (liveness or readiness): asked every few seconds by every proxy and supervisor. */
function isProbe(request: FastifyRequest): boolean {
  return request.url === '/healthz' || request.url === '/readyz';
}

/** The proxies allowed to name the client's address: none, the nearest `n` hops, or these addresses. */
function trustOf(
  trust: ServerConfig['trustProxy'],
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return [...trust];
}
