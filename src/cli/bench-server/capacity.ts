/**
 * At most what a deployment could carry if its players were elsewhere, as real players are. On a benchmark
 * machine the players (this process) share the cores with the servers, PostgreSQL and Redis, so a saturation
 * run measures the machine as much as the deployment: one SQLite process is bound by its own event loop and
 * leaves the players the other core, while two processes on PostgreSQL + Redis share every core with them.
 * This figure takes the players out, from what was measured at saturation: the server side's CPU per action
 * (all the servers' threads + PostgreSQL + Redis) against the machine's cores, and the busiest process's event
 * loop against its one core, whichever binds first. It is a model and an upper bound, printed as one beside the
 * measured throughput: it assumes the CPU per action stays what it was, and that every core can be kept busy.
 */

export interface ServerSideCost {
  /** CPU of all the deployment's server processes (every thread) per action (ms); null: unknown. */
  readonly serverMs: number | null;
  /** The busiest server process's main thread per action of the whole deployment (ms); null: unknown. */
  readonly busiestLoopMs: number | null;
  /** PostgreSQL's CPU per action (ms), 'in-server' (SQLite: already in serverMs), or null: unknown, not free. */
  readonly databaseMs: number | 'in-server' | null;
  /** Redis's CPU per action (ms), 'none', or null: unknown, not free. */
  readonly redisMs: number | 'none' | null;
  /** The machine's cores. */
  readonly cores: number;
}

export interface Capacity {
  /** At most this many actions a second with the players elsewhere. */
  readonly actionsPerSecond: number;
  /** The server side's CPU per action: servers + PostgreSQL + Redis (ms). */
  readonly serverSideMs: number;
  /** What binds first: all the cores, or the busiest process's event loop. */
  readonly boundBy: 'cores' | 'event loop';
}

/** The capacity, or null when an input is unknown, missing or not a positive number (never a guess). */
export function capacityWithPlayersElsewhere(cost: ServerSideCost): Capacity | null {
  const database = cost.databaseMs === 'in-server' ? 0 : cost.databaseMs;
  const redis = cost.redisMs === 'none' ? 0 : cost.redisMs;
  const { serverMs, busiestLoopMs } = cost;
  const positive = (value: number | null): value is number =>
    value !== null && Number.isFinite(value) && value > 0;
  const present = (value: number | null): value is number =>
    value !== null && Number.isFinite(value) && value >= 0;
  if (!positive(serverMs) || !positive(busiestLoopMs) || !present(database) || !present(redis)) return null;
  if (!Number.isInteger(cost.cores) || cost.cores < 1) return null;
  const serverSideMs = serverMs + database + redis;
  const byCores = (cost.cores * 1000) / serverSideMs;
  const byLoop = 1000 / busiestLoopMs;
  return byCores <= byLoop
    ? { actionsPerSecond: byCores, serverSideMs, boundBy: 'cores' }
    : { actionsPerSecond: byLoop, serverSideMs, boundBy: 'event loop' };
}
