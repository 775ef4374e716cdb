/**
 * CPU the shared services spend on a benchmark's behalf, read before and after its measured window:
 * PostgreSQL's backends serving the benchmark's own connections (found in pg_stat_activity by the
 * application name the benchmark gives its servers' DATABASE_URL) and its background processes (the WAL
 * writer, checkpointer, background writer, autovacuum: they work for every database of the cluster, so other
 * work on the same PostgreSQL counts too), their CPU from /proc, so the database must run on this machine
 * (Linux); and Redis's own count (INFO cpu: the whole Redis server, so other clients of the same Redis are
 * counted too). Either is null when it cannot be read, never 0 for unknown.
 */
import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import pg from 'pg';

export interface ServiceCpu {
  /** CPU seconds of the database backends serving this deployment, or null when unknown. */
  readonly database: number | null;
  /** CPU seconds of the Redis server, or null when unknown. */
  readonly redis: number | null;
  /** Bytes of write-ahead log the database wrote (all of it: other clients' writes count too), or null. */
  readonly walBytes: number | null;
}

/** A reading now; `since` a reading before gives the seconds spent in between. */
export interface ServiceCpuMeter {
  read(): Promise<ServiceCpuReading>;
  close(): Promise<void>;
}

export interface ServiceCpuReading {
  /** CPU seconds by database backend pid. */
  readonly backends: ReadonlyMap<number, number> | null;
  readonly redis: number | null;
  /** The database's write-ahead log position (pg_current_wal_lsn) as a byte count, or null. */
  readonly wal: bigint | null;
}

/** The CPU spent between two readings: a backend gone by the second reading counts nothing (rare: pools keep them). */
export function cpuBetween(from: ServiceCpuReading, to: ServiceCpuReading): ServiceCpu {
  let database: number | null = null;
  if (from.backends !== null && to.backends !== null) {
    database = 0;
    for (const [pid, seconds] of to.backends) database += seconds - (from.backends.get(pid) ?? 0);
  }
  return {
    database,
    redis: from.redis === null || to.redis === null ? null : to.redis - from.redis,
    walBytes: from.wal === null || to.wal === null ? null : Number(to.wal - from.wal),
  };
}

/** Adds `application_name` to a postgres:// URL, so the benchmark can find its servers' backends. */
export function withApplicationName(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('application_name', name);
  return url.toString();
}

export async function openServiceCpuMeter(
  databaseUrl: string,
  applicationName: string,
  redisUrl: string,
): Promise<ServiceCpuMeter> {
  const database = new pg.Client({ connectionString: databaseUrl });
  await database.connect();
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  return {
    async read() {
      const [backends, info, wal] = await Promise.all([
        database
          .query<{ pid: number; ours: boolean }>(
            `SELECT pid, application_name = $1 AS ours FROM pg_stat_activity
             WHERE application_name = $1 OR backend_type <> 'client backend'`,
            [applicationName],
          )
          .then((result) => backendCpu(result.rows))
          .catch(() => null),
        redis.info('cpu').catch(() => null),
        database
          .query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')
          .then((result) => walPosition(result.rows[0]?.lsn))
          .catch(() => null),
      ]);
      return { backends, redis: info === null ? null : redisCpuSeconds(info), wal };
    },
    async close() {
      await database.end().catch(() => undefined);
      redis.disconnect();
    },
  };
}

/**
 * CPU seconds (user + system) of each PostgreSQL process, from /proc; null when none of the deployment's own
 * backends could be read (none found, not Linux, the database elsewhere): unknown, not free.
 */
function backendCpu(
  rows: readonly { readonly pid: number; readonly ours: boolean }[],
): Map<number, number> | null {
  const cpu = new Map<number, number>();
  let ours = 0;
  for (const { pid, ours: own } of rows) {
    // A backend may end between the query and the read: it is left out.
    const seconds = processCpuSeconds(pid);
    if (seconds === null) continue;
    cpu.set(pid, seconds);
    if (own) ours++;
  }
  return ours === 0 ? null : cpu;
}

/** User + system CPU seconds of one process (fields 14 and 15 of /proc/PID/stat); null if unreadable. */
export function processCpuSeconds(pid: number): number | null {
  return statCpuSeconds(`/proc/${pid}/stat`);
}

/**
 * The same for one process's main thread alone (/proc/PID/task/PID/stat): Node's event loop, without the
 * collector's and libuv's helper threads, so the one core a server's JavaScript can use.
 */
export function mainThreadCpuSeconds(pid: number): number | null {
  return statCpuSeconds(`/proc/${pid}/task/${pid}/stat`);
}

function statCpuSeconds(path: string): number | null {
  try {
    const stat = readFileSync(path, 'utf8');
    // Counted after the command name's closing parenthesis (the name may hold spaces).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** An LSN such as '16/B374D848' (two hex halves of a 64-bit byte position) as a number of bytes. */
export function walPosition(lsn: string | undefined): bigint | null {
  const match = lsn === undefined ? null : /^([0-9A-F]+)\/([0-9A-F]+)$/i.exec(lsn);
  if (match === null) return null;
  return (BigInt(`0x${match[1]}`) << 32n) + BigInt(`0x${match[2]}`);
}

/** used_cpu_sys + used_cpu_user from INFO cpu (seconds). */
function redisCpuSeconds(info: string): number | null {
  const field = (name: string) => {
    const match = new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info);
    return match === null ? null : Number(match[1]);
  };
  const sys = field('used_cpu_sys');
  const user = field('used_cpu_user');
  return sys === null || user === null ? null : sys + user;
}

/** Linux's USER_HZ: /proc counts CPU time in hundredths of a second. */
const CLOCK_TICKS = 100;
