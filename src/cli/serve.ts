/**
 * `pirates serve` (what `npm start` runs): the game server with the web page. Settings come from the
 * environment (docs/protocol.md lists them); SIGTERM or SIGINT shut it down gracefully with exit code 0.
 */
import { configFromEnv } from '../server/config.ts';
import { startServer } from '../server/server.ts';
import type { Command } from './command.ts';

const USAGE = `Usage: pirates serve

Runs the game server and the web page on http://localhost:3000.
Environment:
  PORT                 port to listen on (default 3000; 0 picks a free one)
  HOST                 address to listen on (default 0.0.0.0)
  DATABASE_PATH        the SQLite file (default ./data/pirates.sqlite)
  DATABASE_SYNC        'normal' (survives a killed process, default) or 'full' (also a power cut)
  WEB_ROOT             the built web client (default ./dist/web)
  AWAY_SECONDS         how long a seat may be empty on its turn before the other may claim (default 300)
  BOT_DELAY_MIN_MS, BOT_DELAY_MAX_MS   the computer's human-like pause (default 400-1200)
  BOT_WORKERS          worker threads for computer players
  TURN_LIMIT           default turn limit of new games, 0 for none (default 400)
  MESSAGES_PER_SECOND, MESSAGE_BURST, GAMES_PER_MINUTE   limits
  SOCKETS_PER_ADDRESS  sockets one address may hold open (default 64)
  COMPUTER_GAMES_PER_ADDRESS   games against the computer one address may run at once (default 6)
  HELLO_MS             how long a socket may wait before its hello (default 10000)
  LOG_LEVEL            pino level (default info)
  TRUST_PROXY          proxies that may name the client's address: false (default), hops, or addresses
Many processes (docs/deploy.md):
  DATABASE_URL         postgres://... : store games in PostgreSQL instead of SQLite
  REDIS_URL            redis://... : tell the other processes when a game moves (needs DATABASE_URL)
  COMPUTER_LEASE_MS    how long one process holds a computer seat's decision (default 10000)`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the game server and web page (http://localhost:3000)',
  usage: USAGE,
  async run() {
    let config: ReturnType<typeof configFromEnv>;
    try {
      config = configFromEnv(process.env);
    } catch (error) {
      process.stderr.write(`pirates serve: ${(error as Error).message}\n`);
      return 2;
    }
    let server: Awaited<ReturnType<typeof startServer>>;
    try {
      server = await startServer(config);
    } catch (error) {
      // A database or Redis that cannot be reached, a port in use: one clear line, no stack trace.
      process.stderr.write(`pirates serve: could not start: ${(error as Error).message}\n`);
      return 1;
    }
    await new Promise<void>((resolve) => {
      const stop = () => {
        process.off('SIGTERM', stop);
        process.off('SIGINT', stop);
        server.close().then(resolve, (error: unknown) => {
          process.stderr.write(`pirates serve: shutdown failed: ${String(error)}\n`);
          process.exitCode = 1;
          resolve();
        });
      };
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    });
    return 0;
  },
};
