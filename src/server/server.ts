/**
 * The composition root: builds the store, rooms, fanout, presence, bot pool and the Fastify app from one
 * config, rebuilds unfinished games from the store, and listens. `close()` is the graceful shutdown: stop
 * accepting, let queued writes finish, tell every client, then release the database.
 */
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { errorMessage } from '../protocol/index.ts';
import { BotPool } from './bots/bot-pool.ts';
import { ComputerPlayers } from './bots/computer-players.ts';
import type { ServerConfig } from './config.ts';
import type { ServerContext } from './context.ts';
import { LocalFanout } from './fanout/fanout.ts';
import { CreationLimit } from './http/creation-limit.ts';
import { registerGameRoutes } from './http/game-routes.ts';
import { registerWebClient } from './http/web-client.ts';
import { loggerOptions } from './logger.ts';
import { PresenceBoard } from './rooms/presence.ts';
import { RoomRegistry } from './rooms/room-registry.ts';
import type { Session } from './socket/session.ts';
import { registerSocketRoute } from './socket/socket-route.ts';
import type { GameStore } from './store/game-store.ts';
import { SqliteGameStore } from './store/sqlite-store.ts';

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
  const gameStore = store ?? new SqliteGameStore(config.databasePath, { synchronous: config.databaseSync });
  const fanout = new LocalFanout();
  const rooms = new RoomRegistry(gameStore, fanout, (gameId, message) =>
    app.log.error({ gameId }, `game could not be rebuilt: ${message}`),
  );
  const presence = new PresenceBoard(config.awayMs, fanout);
  const pool = new BotPool(config.botWorkers);
  const computers = new ComputerPlayers(pool, fanout, config.botDelay, {
    fallback: (level, bot) =>
      app.log.warn(
        `TEMPORARY: no '${level}' bot yet, the '${bot}' bot plays instead (src/server/bots/levels.ts)`,
      ),
    failed: (gameId, message) => app.log.error({ gameId }, `computer seat failed: ${message}`),
  });
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

  app.setErrorHandler((error: FastifyError, request, reply) => {
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

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address !== null ? address.port : config.port;
  const url = `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${port}`;
  app.log.info({ url, restored }, 'pirates server ready');

  let closing: Promise<void> | null = null;
  const close = (): Promise<void> => {
    closing ??= (async () => {
      context.closing = true;
      computers.stop();
      presence.stop();
      await rooms.drain();
      for (const session of sessions) session.goodbye();
      await app.close();
      await pool.close();
      await rooms.drain();
      await gameStore.close();
    })();
    return closing;
  };
  return { url, port, app, close };
}
