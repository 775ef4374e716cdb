/**
 * `pirates serve` (what `npm start` runs): the game server with the web page. Settings come from the
 * environment (docs/protocol.md lists them), and a few from flags, which beat the environment;
 * SIGTERM or SIGINT shut it down gracefully (server.ts: drain, sockets closed gradually, appends finished)
 * with exit code 0, or past SHUTDOWN_SECONDS with exit code 1 and a line saying so.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { refusedName } from '../arena/contestants.ts';
import { EXTERNAL_NAME } from '../server/bots/external-seats.ts';
import { configFromEnv, type ServerConfig } from '../server/config.ts';
import type { Command } from './command.ts';
import { type FlagReader, readFlags } from './flags.ts';
import { loadServerPart } from './server-part.ts';

const USAGE = `Usage: pirates serve [--port P] [--host H] [--database PATH|URL] [--bot NAME=COMMAND ...]

Runs the game server and the web page on http://localhost:3000.
Options (each beats its environment variable):
  --port P             port to listen on (PORT; 0 picks a free one)
  --host H             address to listen on (HOST)
  --database PATH|URL  the SQLite file (DATABASE_PATH), or postgres://... (DATABASE_URL)
  --bot NAME=COMMAND   a computer level played by an external program that speaks the bot protocol
                       (docs/bots.md), e.g. --bot mybot="python3 $PWD/mybot.py"; repeat for more. A request for
                       level NAME seats it; a built-in level's name (easy ... expert) puts it in that level's
                       place, so the page offers it. It runs in a scratch folder (give absolute paths) with a
                       bare environment, one process per game, ended with the game
Environment:
  PORT                 port to listen on (default 3000; 0 picks a free one)
  HOST                 address to listen on (default 0.0.0.0)
  DATABASE_PATH        the SQLite file (default ./data/pirates.sqlite)
  DATABASE_SYNC        'normal' (survives a killed process, default) or 'full' (also a power cut)
  WEB_ROOT             the built web page (default: this package's dist/web)
  AWAY_SECONDS         how long a seat may be empty on its turn before the other may claim (default 300)
  BOT_DELAY_MIN_MS, BOT_DELAY_MAX_MS   the computer's human-like pause (default 400-1200)
  BOT_WORKERS          worker threads for computer players
  TURN_LIMIT           default turn limit of new games, 0 for none (default 400)
  MESSAGES_PER_SECOND, MESSAGE_BURST, GAMES_PER_MINUTE   limits
  SOCKETS_PER_ADDRESS  sockets one address may hold open (default 64)
  COMPUTER_GAMES_PER_ADDRESS   games against the computer one address may run at once (default 6)
  HELLO_MS             how long a socket may wait before its hello (default 10000)
  HEARTBEAT_SECONDS    every socket is pinged this often; one silent since the last ping is cut, so a
                       frozen client's seat turns away (default 20; keep it under the proxy's idle timeout)
  LOG_LEVEL            fatal, error, warn, info (default), debug, trace or silent
  TRUST_PROXY          proxies that may name the client's address: false (default), hops, or addresses
  METRICS_PORT         Prometheus metrics on their own port (GET /metrics); unset: none (default)
  METRICS_HOST         address of the metrics port (default 127.0.0.1)
  DRAIN_SECONDS        on SIGTERM (not Ctrl-C), how long readiness fails before sockets close (default 8)
  CLOSE_SOCKETS_PER_SECOND   on SIGTERM, game sockets closed a second after the drain (default 500)
  SHUTDOWN_SECONDS     on SIGTERM, the bound: exit by then whatever is left (default 30)
Many processes (docs/deploy.md):
  DATABASE_URL         postgres://... : store games in PostgreSQL instead of SQLite (a password here, not
                       in --database: a command line is visible to every user)
  DATABASE_PREPARED_STATEMENTS   false behind PgBouncer in transaction mode (default true)
  REDIS_URL            redis://... : tell the other processes when a game moves (needs DATABASE_URL)
  REDIS_CLUSTER        true: REDIS_URL names nodes of a Redis Cluster, comma-separated (default false)
  COMPUTER_LEASE_MS    how long one process holds a computer seat's decision (default 10000)`;

export const serveCommand: Command = {
  name: 'serve',
  summary: 'Run the game server and web page (http://localhost:3000)',
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'serve',
      args,
      { port: 'string', host: 'string', database: 'string', bot: 'strings' },
      USAGE,
    );
    if (typeof read === 'number') return read;
    let config: ServerConfig;
    try {
      // --database stands for its variable before the environment is checked as a whole (REDIS_URL needs
      // DATABASE_URL: a postgres:// flag satisfies it, a SQLite file does not).
      config = configFromEnv(withDatabaseFlag(process.env, read.values.database));
    } catch (error) {
      process.stderr.write(`pirates serve: ${(error as Error).message}\n`);
      return 2;
    }
    config = withFlags(config, read);
    if (read.problems.length > 0) return read.refuse();
    for (const [name, command] of Object.entries(config.externalBots ?? {})) {
      for (const path of pathsHere(command, process.cwd())) {
        process.stderr.write(
          `pirates serve: warning: --bot ${name}: '${path}' is a path in this folder, but the program runs in a scratch folder of its own: write it absolute, e.g. $PWD/${path} (docs/bots.md).\n`,
        );
      }
    }
    const loaded = await loadServerPart('serve', () => import('../server/server.ts'));
    if (typeof loaded === 'number') return loaded;
    // The signals are heard from before the start: a SIGTERM that comes while the server starts (a supervisor
    // stopping it, or right after the ready line) shuts it down gracefully once it is up, never kills it.
    // SIGTERM (a supervisor, a rolling restart) drains first; SIGINT (Ctrl-C at a terminal) does not wait for
    // a proxy that is not there.
    let stopped = (_signal: NodeJS.Signals): void => undefined;
    const stopping = new Promise<NodeJS.Signals>((resolve) => {
      stopped = resolve;
    });
    // A second signal during the shutdown is not the default one's sudden death: a second SIGTERM is ignored
    // (a supervisor repeating itself), a second Ctrl-C means "now" and exits at once.
    let heard = false;
    const hear = (signal: NodeJS.Signals) => {
      if (heard && signal === 'SIGINT') process.exit(130);
      heard = true;
      stopped(signal);
    };
    process.on('SIGTERM', hear);
    process.on('SIGINT', hear);
    let server: Awaited<ReturnType<typeof loaded.startServer>>;
    try {
      server = await loaded.startServer(config);
    } catch (error) {
      hear('SIGTERM');
      // A database or Redis that cannot be reached, a port in use: one clear line, no stack trace.
      process.stderr.write(`pirates serve: could not start: ${(error as Error).message}\n`);
      return 1;
    }
    const signal = await stopping;
    // The stated bound: whatever still holds the shutdown up, the process is gone by then.
    setTimeout(() => {
      server.app.log.error(
        { shutdownSeconds: config.shutdownMs / 1000 },
        'shutdown: the deadline passed before it finished; exiting now',
      );
      process.exit(1);
    }, config.shutdownMs).unref();
    try {
      await server.close({ drain: signal !== 'SIGINT' });
    } catch (error) {
      process.stderr.write(`pirates serve: shutdown failed: ${String(error)}\n`);
      return 1;
    }
    return 0;
  },
};

/** The words of a bot's command that name a file or folder relative to `cwd`: they will not be found. */
export function pathsHere(command: string, cwd: string): string[] {
  return command
    .split(/\s+/)
    .filter((word) => /^[\w.][\w./-]*$/.test(word) && /[./]/.test(word) && existsSync(resolve(cwd, word)));
}

/** The environment with --database in place of DATABASE_URL (a postgres:// URL) or DATABASE_PATH (a file). */
function withDatabaseFlag(env: NodeJS.ProcessEnv, database: string | undefined): NodeJS.ProcessEnv {
  if (database === undefined) return env;
  if (/^postgres(ql)?:\/\//.test(database)) return { ...env, DATABASE_URL: database };
  return { ...env, DATABASE_URL: '', DATABASE_PATH: database };
}

/** Whether a postgres:// URL names a password (in its user part, or as ?password=). */
function passwordIn(url: string): boolean {
  if (!URL.canParse(url)) return /:[^/@]*@/.test(url);
  const parsed = new URL(url);
  return parsed.password !== '' || parsed.searchParams.has('password');
}

type ServeFlags = FlagReader<{ port: 'string'; host: 'string'; database: 'string'; bot: 'strings' }>;

/** The environment's settings with the flags' in their place; a bad flag adds a problem. */
export function withFlags(config: ServerConfig, read: ServeFlags): ServerConfig {
  const port = read.whole('port', config.port, 0, 65_535);
  const database = read.values.database;
  const postgres = database !== undefined && /^postgres(ql)?:\/\//.test(database);
  if (postgres && passwordIn(database)) {
    // The command line is public: ps, /proc/PID/cmdline and the supervisor's status show it to every user.
    read.problems.push(
      '--database must not carry a password: every user of the machine can read a command line (ps). Set the URL in DATABASE_URL instead, or leave the password out of it and give it in PGPASSWORD or ~/.pgpass (PGPASSFILE).',
    );
  }
  const bots: Record<string, string> = { ...(config.externalBots ?? {}) };
  for (const spec of read.values.bot ?? []) {
    const split = spec.indexOf('=');
    const name = split < 0 ? spec : spec.slice(0, split);
    const command = split < 0 ? '' : spec.slice(split + 1).trim();
    if (!EXTERNAL_NAME.test(name) || command === '') {
      read.problems.push(
        `--bot takes NAME=COMMAND, a short lower-case name and the command that starts the bot, e.g. mybot="python3 mybot.py"; not '${spec}'.`,
      );
      continue;
    }
    const refused = refusedName(`cmd:${command}`);
    if (refused !== null) read.problems.push(refused);
    bots[name] = command;
  }
  return {
    ...config,
    port,
    host: read.text('host', config.host),
    ...(database === undefined
      ? {}
      : postgres
        ? { databaseUrl: database }
        : { databasePath: resolve(database), databaseUrl: null }),
    ...(Object.keys(bots).length > 0 ? { externalBots: bots } : {}),
  };
}
