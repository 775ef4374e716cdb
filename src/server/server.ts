/**
 * The composition root: builds the store, rooms, fanout, presence, bot pool and the Fastify app from one
 * config, rebuilds unfinished games from the store, and listens. `close()` is the graceful shutdown: stop
 * accepting, let queued writes finish, tell every client, then release the database.
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { errorMessage } from '../protocol/index.ts';
import { openBackends } from './backends.ts';
import { BotPool } from './bots/bot-pool.ts';
import { ComputerPlayers } from './bots/computer-players.ts';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { CreationLimit } from './http/creation-limit.ts';
import { registerGameRoutes } from './http/game-routes.ts';
import { registerWebClient } from './http/web-client.ts';
import { loggerOptions } from './logger.ts';
import { PresenceBoard } from './rooms/presence.ts';
import { RoomRegistry } from './rooms/room-registry.ts';
import type { SharedPresence } from './rooms/shared-presence.ts';
import type { Session } from './socket/session.ts';
import { registerSocketRoute } from './socket/socket-route.ts';
import { type GameStore, StoreUnavailable } from './store/game-store.ts';

export interface RunningServer {
  /** e.g. 'http://127.0.0.1:3000' */
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  /** Graceful shutdown; safe to call twice. */
  close(): Promise<void>;
}

export async function startServer(config: ServerConfig, store?: GameStore): Promise<RunningServer> {
  const app = Fastify({
    logger: loggerOptions(config),
    bodyLimit: config.limits.bodyBytes,
    trustProxy: false,
  });
  let held: RoomRegistry | null = null;
  let shared: SharedPresence | null = null;
  const caughtUpFailed = (gameId: string | null) => (error: unknown) =>
    app.log.warn({ gameId }, `catching up with the store failed: ${String(error)}`);
  const backends = await openBackends(
    config,
    { info: (m) => app.log.info(m), warn: (m) => app.log.warn(m) },
    {
      hint: (gameId, v) => {
        // A presence hint: hear who is connected elsewhere first, then let the sockets here look again.
        const heard = v === null ? (shared?.refresh(gameId) ?? Promise.resolve()) : Promise.resolve();
        void heard.then(() => held?.hinted(gameId, v)).catch(caughtUpFailed(gameId));
      },
      back: () => void held?.catchUpWatched().catch(caughtUpFailed(null)),
    },
    store,
  );
  const { store: gameStore, fanout } = backends;
  shared = backends.presence;
  const rooms = new RoomRegistry(gameStore, fanout, (gameId, message) =>
    app.log.error({ gameId }, `game could not be rebuilt: ${message}`),
  );
  held = rooms;
  const presence = new PresenceBoard(config.awayMs, fanout, backends.presence);
  const pool = new BotPool(config.botWorkers);
  const computers = new ComputerPlayers(
    pool,
    fanout,
    config.botDelay,
    {
      failed: (gameId, message) => app.log.error({ gameId }, `computer seat failed: ${message}`),
    },
    { seats: backends.lease, ms: config.computerLeaseMs },
  );
  const context: ServerContext = {
    config,
    store: gameStore,
    rooms,
    fanout,
    presence,
    creationLimit: new CreationLimit(config.limits.gamesPerMinute),
    closing: false,
  };
  const sessions = new Set<Session>();

  rooms.onRoom((room) => presence.track(room));
  rooms.onRoom((room) => computers.track(room));
  const restored = await rooms.restore();
  const sweeper = setInterval(() => {
    for (const gameId of rooms.sweep()) app.log.info({ gameId }, 'finished game unloaded');
  }, config.finishedGraceMs);
  sweeper.unref();

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoreUnavailable) {
      request.log.warn({ err: error }, 'store unavailable');
      return reply
        .code(503)
        .send(
          errorMessage(
            'store/unavailable',
            'The game store cannot be reached right now; try again in a moment.',
          ),
        );
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
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: config.limits.hardMessageBytes } });
  app.get('/healthz', async () => ({ ok: true }));
  registerGameRoutes(app, context);
  registerSocketRoute(app, context, sessions);
  await registerWebClient(app, config.webRoot);

  await app.listen({ port: config.port, host: config.host, backlog: config.listenBacklog });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  app.log.info({ url, restored, ...backends.kinds }, 'pirates server ready');

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      context.closing = true;
      clearInterval(sweeper);
      computers.stop();
      presence.stop();
      await rooms.drain();
      for (const session of sessions) session.goodbye();
      await app.close();
      await pool.close();
      await rooms.drain();
      await backends.close();
    })();
    return closing;
  };
  return { url, port, app, close };
}
