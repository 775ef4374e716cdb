/**
 * What a deployment could carry if its players were elsewhere, as real players are. On a benchmark machine the
 * players (this process) share the cores with the servers, PostgreSQL and Redis, so a saturation run measures
 * the machine, not the deployment: one SQLite process is bound by its own thread and leaves the players the
 * other core, while two processes on PostgreSQL + Redis must share both cores with the players too. This
 * figure takes the players out, from what was measured: the server side's CPU per action (servers + database
 * + Redis) against the machine's cores, and each server process's own CPU against the one core its event
 * loop can use, whichever binds first. It is a model, printed as one beside the measured throughput.
 */

export interface ServerSideCost {
  /** CPU of all the deployment's server processes per action (ms). */
  readonly serverMs: number;
  /** PostgreSQL backends' CPU per action (ms), null when the database is in the server (SQLite). */
  readonly databaseMs: number | null;
  /** Redis's CPU per action (ms), null when there is none. */
  readonly redisMs: number | null;
  /** How many server processes share the load. */
  readonly processes: number;
  /** The machine's cores. */
  readonly cores: number;
}

export interface Capacity {
  /** Actions a second the server side could carry with the players elsewhere. */
  readonly actionsPerSecond: number;
  /** The server side's CPU per action: servers + database + Redis (ms). */
  readonly serverSideMs: number;
  /** What binds first: all the cores, or each process's one event-loop thread. */
  readonly boundBy: 'cores' | 'processes';
}

export function capacityWithPlayersElsewhere(cost: ServerSideCost): Capacity | null {
  const serverSideMs = cost.serverMs + (cost.databaseMs ?? 0) + (cost.redisMs ?? 0);
  if (!(cost.serverMs > 0) || cost.processes < 1 || cost.cores < 1) return null;
  const byCores = (cost.cores * 1000) / serverSideMs;
  // One event loop per process: a process's own CPU (the action's share of it) on at most one core each.
  const byProcesses = (Math.min(cost.processes, cost.cores) * 1000) / cost.serverMs;
  return byCores <= byProcesses
    ? { actionsPerSecond: byCores, serverSideMs, boundBy: 'cores' }
    : { actionsPerSecond: byProcesses, serverSideMs, boundBy: 'processes' };
}
