/**
 * The server processes a server benchmark runs against: one `pirates serve` on a temp SQLite file (the
 * default deployment), or N of them sharing PostgreSQL and Redis (the scale-out), each on a fresh schema
 * and Redis prefix that are dropped afterwards. Connection strings are passed on, never printed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { DEFAULT_LIMITS } from '../../server/config.ts';
import { packageRoot } from '../../server/package-root.ts';
import {
  mainThreadCpuSeconds,
  openServiceCpuMeter,
  processCpuSeconds,
  type ServiceCpuMeter,
  withApplicationName,
} from './service-cpu.ts';

export interface Deployment {
  /** e.g. 'sqlite, 1 process' or 'postgres+redis, 2 processes' */
  readonly label: string;
  readonly urls: readonly string[];
  /** CPU seconds the server processes have used so far (user + system), or null when unknown (--url). */
  cpuSeconds(): number | null;
  /** CPU seconds each server process's main thread (its event loop) has used so far, or null when unknown. */
  loopCpuSeconds(): readonly number[] | null;
  /** Resident memory of the server processes now (bytes, summed), or null when unknown (--url, not Linux). */
  rssBytes(): number | null;
  /** CPU the database and Redis spend for these servers (the shared deployment only). */
  readonly services?: ServiceCpuMeter;
  stop(): Promise<void>;
}

export interface SharedServices {
  readonly databaseUrl: string;
  readonly redisUrl: string;
}

/**
 * The public limits stay on in every server; the benchmark's own processes raise some of them for the run,
 * and say so in its output: all games come from one address (GAMES_PER_MINUTE, SOCKETS_PER_ADDRESS,
 * SOCKET_OPENS_PER_MINUTE), and instant players send far more than a person's 20 messages a second on
 * one connection (MESSAGES_PER_SECOND, MESSAGE_BURST).
 */
const RAISED_LIMITS = {
  GAMES_PER_MINUTE: '1000000',
  MESSAGES_PER_SECOND: '1000',
  MESSAGE_BURST: '1000',
  SOCKETS_PER_ADDRESS: '1000000',
  SOCKET_OPENS_PER_MINUTE: '1000000',
  COMPUTER_GAMES_PER_ADDRESS: '1000000',
};

/**
 * Which limits a deployment's processes keep: 'raised' (RAISED_LIMITS, for one address playing every game,
 * instant players included) or 'public' (the defaults a public server runs with: `--hostile`, whose honest
 * players each come from an address of their own and whose abuser must face what a real attacker would).
 */
export type LimitsKind = 'raised' | 'public';

const BENCH_ENV = {
  PORT: '0',
  HOST: '127.0.0.1',
  BOT_DELAY_MIN_MS: '0',
  BOT_DELAY_MAX_MS: '0',
  // Info, for the ready line; sockets log nothing per message, so only the games' requests are logged.
  LOG_LEVEL: 'info',
  TURN_LIMIT: '400',
};

/** One line for the output: which limits this run raised, against the public defaults. */
export const RAISED_LIMITS_NOTE =
  `limits raised for the benchmark's server processes (env): GAMES_PER_MINUTE=${RAISED_LIMITS.GAMES_PER_MINUTE} ` +
  `(public default ${DEFAULT_LIMITS.gamesPerMinute}), MESSAGES_PER_SECOND=${RAISED_LIMITS.MESSAGES_PER_SECOND} ` +
  `MESSAGE_BURST=${RAISED_LIMITS.MESSAGE_BURST} (public ${DEFAULT_LIMITS.messagesPerSecond}/${DEFAULT_LIMITS.messageBurst}), ` +
  `SOCKETS_PER_ADDRESS=${RAISED_LIMITS.SOCKETS_PER_ADDRESS} (public ${DEFAULT_LIMITS.socketsPerAddress}), ` +
  `SOCKET_OPENS_PER_MINUTE=${RAISED_LIMITS.SOCKET_OPENS_PER_MINUTE} (public ${DEFAULT_LIMITS.socketOpensPerMinute})`;

/** Server processes still running, stopped if the benchmark itself exits or is stopped (Ctrl-C, timeout). */
const running = new Set<ChildProcess>();
let stopsChildren = false;

function stopChildrenOnExit(): void {
  if (stopsChildren) return;
  stopsChildren = true;
  const stopAll = () => {
    for (const child of running) child.kill('SIGTERM');
  };
  process.once('exit', stopAll);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      stopAll();
      process.exit(130);
    });
  }
}

export async function sqliteDeployment(limits: LimitsKind = 'raised'): Promise<Deployment> {
  const dir = mkdtempSync(join(tmpdir(), 'pirates-bench-'));
  // DATABASE_URL and REDIS_URL name the shared deployment's services: the SQLite process must not inherit them.
  const server = await startServerProcess(
    { DATABASE_PATH: join(dir, 'bench.sqlite'), DATABASE_URL: '', REDIS_URL: '', REDIS_CLUSTER: '' },
    limits,
  );
  return {
    label: `sqlite, 1 process${limits === 'public' ? ', public limits' : ''}`,
    urls: [server.url],
    cpuSeconds: () => cpuSecondsOf([server.child]),
    loopCpuSeconds: () => loopCpuSecondsOf([server.child]),
    rssBytes: () => rssBytesOf([server.child]),
    async stop() {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function sharedDeployment(
  processes: number,
  services: SharedServices,
  limits: LimitsKind = 'raised',
): Promise<Deployment> {
  const id = randomBytes(4).toString('hex');
  const schema = `bench_${id}`;
  // The servers' connections carry this name, so the benchmark can find (and time) their backends.
  const applicationName = `pirates-bench-${id}`;
  const env = {
    DATABASE_URL: withApplicationName(services.databaseUrl, applicationName),
    DATABASE_SCHEMA: schema,
    REDIS_URL: services.redisUrl,
    REDIS_PREFIX: `pirates-bench:${id}:`,
  };
  // One process first, so the migrations run once; the others find the schema made.
  const first = await startServerProcess(env, limits);
  const rest = await Promise.all(
    Array.from({ length: processes - 1 }, () => startServerProcess(env, limits)),
  );
  const servers = [first, ...rest];
  const meter = await openServiceCpuMeter(services.databaseUrl, applicationName, services.redisUrl);
  return {
    label: `postgres+redis, ${processes} ${processes === 1 ? 'process' : 'processes'}${limits === 'public' ? ', public limits' : ''}`,
    urls: servers.map((s) => s.url),
    cpuSeconds: () => cpuSecondsOf(servers.map((s) => s.child)),
    loopCpuSeconds: () => loopCpuSecondsOf(servers.map((s) => s.child)),
    rssBytes: () => rssBytesOf(servers.map((s) => s.child)),
    services: meter,
    async stop() {
      await meter.close();
      await Promise.all(servers.map((s) => s.stop()));
      const client = new pg.Client({ connectionString: services.databaseUrl });
      await client.connect();
      try {
        await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      } finally {
        await client.end();
      }
    },
  };
}

interface ServerProcess {
  readonly child: ChildProcess;
  readonly url: string;
  stop(): Promise<void>;
}

async function startServerProcess(env: Record<string, string>, limits: LimitsKind): Promise<ServerProcess> {
  // e.g. BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof': where the servers' time goes (Node
  // refuses --cpu-prof in NODE_OPTIONS).
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter((arg) => arg !== '');
  const script = join(packageRoot(), 'bin/pirates.js');
  const child = spawn(process.execPath, [...nodeArgs, script, 'serve'], {
    env: { ...process.env, ...BENCH_ENV, ...(limits === 'raised' ? RAISED_LIMITS : {}), ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  stopChildrenOnExit();
  running.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      running.delete(child);
      resolve();
    }),
  );
  const url = await new Promise<string>((resolve, reject) => {
    let buffered = '';
    let ready = false;
    child.stdout?.on('data', (chunk: Buffer) => {
      if (ready) return;
      buffered += chunk.toString('utf8');
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (!line.includes('pirates server ready')) continue;
        ready = true;
        resolve((JSON.parse(line) as { url: string }).url);
      }
    });
    child.once('exit', () => reject(new Error('the server process exited before it was ready')));
  });
  return {
    child,
    url,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** User + system CPU seconds of child processes, from /proc (Linux); null elsewhere. */
function cpuSecondsOf(children: readonly ChildProcess[]): number | null {
  let total = 0;
  for (const child of children) {
    const seconds = child.pid === undefined ? null : processCpuSeconds(child.pid);
    if (seconds === null) return null;
    total += seconds;
  }
  return total;
}

/** Main-thread CPU seconds of each child process, from /proc (Linux); null elsewhere. */
function loopCpuSecondsOf(children: readonly ChildProcess[]): number[] | null {
  const seconds: number[] = [];
  for (const child of children) {
    const loop = child.pid === undefined ? null : mainThreadCpuSeconds(child.pid);
    if (loop === null) return null;
    seconds.push(loop);
  }
  return seconds;
}

/** Resident memory of child processes (VmRSS, from /proc: Linux), summed; null elsewhere. */
function rssBytesOf(children: readonly ChildProcess[]): number | null {
  let total = 0;
  for (const child of children) {
    try {
      const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (match === null) return null;
      total += Number(match[1]) * 1024;
    } catch {
      return null;
    }
  }
  return total;
}
