/**
 * `pirates bench-server` (npm run bench:server): concurrent games driven over real WebSockets from this
 * process against a server in a second process (bench-server/load.ts). Two figures, because one cannot
 * say both things: the paced run (N games whose players take `think` ms per action, like people or the
 * computer's human-like pause) says what latency N games see; the saturation run (instant players on fewer
 * games) says how many actions per second the process can carry at most. With instant players on every
 * game the latency is only queueing (latency ≈ games / throughput, Little's law), so it is not the default.
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { DEFAULT_LIMITS } from '../server/config.ts';
import { type AbuseCounts, startAbuser } from './bench-server/abuser.ts';
import { type Capacity, capacityWithPlayersElsewhere } from './bench-server/capacity.ts';
import { defaultWarmUpMs, drive, type Figures } from './bench-server/load.ts';
import {
  type Deployment,
  type LimitsKind,
  RAISED_LIMITS_NOTE,
  sharedDeployment,
  sqliteDeployment,
} from './bench-server/processes.ts';
import { sideBySide } from './bench-server/side-by-side.ts';
import type { Command } from './command.ts';
import { readFlags } from './flags.ts';

const USAGE = `Usage: pirates bench-server [--games N] [--seconds S] [--think MS] [--saturation-games M]
                             [--warm-up S] [--url URL] [--processes P] [--shared] [--routed]
                             [--rounds R] [--hostile] [--json]

Starts the server in a second process on a temp database (or uses the running server at --url) and plays
two runs over WebSockets, both seats of every game from this process (quick shots, random players):
  paced       N games (default 1000) whose players wait about MS ms before each action (default 1000,
              drawn between half and one and a half times it: a quick person, or the computer's pause),
  saturation  M games (default 100) of instant players: the most actions per second the server carries
              (latency there is queueing: about M / throughput); --saturation-games 0 skips it.
Each run measures S seconds (default 20) after its ramp-up and prints actions per second, p50/p99/max
from act to update, and every error by code. --think 0 makes the paced run instant as well. Measuring
begins --warm-up S seconds after every game is connected (default 2 s and four pauses, at most 30 s: the
players' first actions, all at once, take that long to spread out).
--processes P (2 or more) also runs against P server processes sharing PostgreSQL and Redis
(DATABASE_URL and REDIS_URL, default postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379;
a fresh schema, dropped afterwards), each game's seats on different processes; it then also reports the CPU
per action of PostgreSQL (the backends serving those processes, found by their application_name, and the
cluster's background processes, timed from /proc: the database must run on this machine) and of the whole
Redis server (INFO cpu), and the write-ahead log PostgreSQL wrote per action (pg_current_wal_lsn: the whole
database's), and then each run beside the SQLite process's run of the same command (taking turns, below):
throughput, p50 and p99 as ratios. Every saturation run also prints at most what the server side could carry
with its players elsewhere (as real players are), a model from its measured CPU per action: the machine's
cores over the servers', PostgreSQL's and Redis's, or the busiest process's event loop (its main thread)
over its own, whichever binds first. On one machine the players share the cores, which costs a deployment
whose servers use every core (the shared one) more than one bound by its single event loop (SQLite).
--shared runs the shared deployment at --processes 1 too (one process on PostgreSQL and Redis beside one on
SQLite): what the store alone costs, told apart from what several processes on the same cores cost.
--routed plays both seats of each game on the process it was created on (games still spread over the
processes), as a proxy routing by game id sends them; without it every move crosses processes (the worst case).
--rounds R (default 1) plays each run R times, the deployments taking turns (in odd rounds SQLite first, in
even rounds the others first, so a drift of the machine's speed weighs on both alike); all deployments are
started at the beginning and stay up, idle while another is measured. Each round is compared on its own,
then the median of each ratio over the rounds is given.
BENCH_SERVER_NODE_ARGS (e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof') is passed to node for the servers.
The benchmark's own server processes raise the per-address game creation limit and the per-connection
message rate (all games come from one address; instant players are faster than people) and say so;
against --url the server's own limits apply. Exit code 1 if any run had an error.
--hostile runs the paced load twice on a server that keeps every public limit, alone and then beside one
abusive client (a process of its own: it floods a socket it never reads, sends frames past the hard limit,
opens sockets that never say hello, sends junk, and asks for the longest live game's history from 40
spectator sockets twice a second each), so the honest players' p50/p99 and the server's peak memory
can be compared with and without it; each honest game comes from a loopback address of its own (Linux), as
people do, and --think must be 100 or more (a person's pace). No saturation run then.`;

interface RunSpec {
  readonly label: string;
  readonly games: number;
  readonly think: number;
  /** Beside one abusive client (--hostile). */
  readonly abuse?: boolean;
}

export const benchServerCommand: Command = {
  name: 'bench-server',
  summary: 'Server benchmark: concurrent games over sockets (npm run bench:server)',
  usage: USAGE,
  async run(args) {
    const read = readFlags(
      'bench-server',
      args,
      {
        games: 'string',
        seconds: 'string',
        think: 'string',
        'warm-up': 'string',
        'saturation-games': 'string',
        url: 'string',
        processes: 'string',
        shared: 'boolean',
        routed: 'boolean',
        rounds: 'string',
        hostile: 'boolean',
        json: 'boolean',
      },
      USAGE,
    );
    if (typeof read === 'number') return read;
    const { values } = read;
    const games = read.whole('games', 1000, 1);
    const seconds = read.number('seconds', 20, Number.MIN_VALUE);
    const think = read.number('think', 1000, 0);
    const warmUpSeconds = values['warm-up'] === undefined ? null : read.number('warm-up', 0, 0);
    const saturationGames = read.whole('saturation-games', 100, 0);
    const processes = read.whole('processes', 1, 1);
    const rounds = read.whole('rounds', 1, 1);
    const shared = processes > 1 || values.shared === true;
    if (shared && values.url !== undefined) {
      read.problems.push(`${processes > 1 ? '--processes' : '--shared'} cannot go with --url.`);
    }
    const hostile = values.hostile === true;
    if (hostile && think < 100) {
      read.problems.push(
        `--hostile keeps the public limits (${DEFAULT_LIMITS.messagesPerSecond} messages a second per socket), so --think must be 100 or more.`,
      );
    }
    if (read.problems.length > 0) return read.refuse();
    const specs: RunSpec[] = [{ label: think > 0 ? 'paced' : 'instant', games, think }];
    if (hostile)
      specs.push({
        label: `${specs[0]?.label ?? 'paced'} beside an abusive client`,
        games,
        think,
        abuse: true,
      });
    else if (saturationGames > 0 && think > 0)
      specs.push({ label: 'saturation', games: saturationGames, think: 0 });
    const limits: LimitsKind = hostile ? 'public' : 'raised';
    // Each honest game at an address of its own, so the public per-address limits need not be raised;
    // Linux routes all of 127.0.0.0/8 to the loopback (elsewhere only 127.0.0.1 answers).
    const loopback = values.url === undefined || /^https?:\/\/127\./.test(values.url);
    const addressOf = hostile && loopback && process.platform === 'linux' ? honestAddress : undefined;

    const say = (line: string) => process.stderr.write(`${line}\n`);
    const deployments: (() => Promise<Deployment>)[] = [];
    if (values.url !== undefined) {
      const url = values.url;
      say(
        `against ${url} with its own limits: all games come from this one address, so its GAMES_PER_MINUTE must allow them, and instant players need MESSAGES_PER_SECOND above 20`,
      );
      deployments.push(async () => ({
        label: url,
        urls: [url],
        cpuSeconds: () => null,
        loopCpuSeconds: () => null,
        rssBytes: () => null,
        stop: async () => undefined,
      }));
    } else {
      say(
        hostile
          ? `every public limit kept (--hostile); ${addressOf === undefined ? 'all honest games from one address: raise GAMES_PER_MINUTE and SOCKETS_PER_ADDRESS or run on Linux' : 'each honest game from a loopback address of its own, the abuser from 127.0.0.1'}`
          : RAISED_LIMITS_NOTE,
      );
      deployments.push(() => sqliteDeployment(limits));
      if (shared) {
        const services = {
          databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        };
        deployments.push(() => sharedDeployment(processes, services, limits));
      }
    }
    let failed = false;
    const results: RunResult[] = [];
    const started: Deployment[] = [];
    /** Each deployment's peak memory in its last run alone, for the bound beside the abuser. */
    const alonePeakRss = new Map<Deployment, number | null>();
    try {
      for (const deploy of deployments) started.push(await deploy());
      for (const spec of specs) {
        for (let round = 1; round <= rounds; round++) {
          for (const deployment of round % 2 === 1 ? started : [...started].reverse()) {
            const services = deployment.services;
            const label = `${deployment.label}${values.routed === true && deployment.urls.length > 1 ? ', routed by game' : ''}`;
            const ofRounds = rounds > 1 ? ` (round ${round} of ${rounds})` : '';
            say(
              `[${label}] ${spec.label}${ofRounds}: ${spec.games} games, players thinking ${spec.think} ms`,
            );
            const before = machineLoad();
            const abuser = spec.abuse === true ? startAbuser(deployment.urls[0] ?? '') : null;
            const figures = await drive({
              urls: deployment.urls,
              games: spec.games,
              seconds,
              think: spec.think,
              warmUpMs: warmUpSeconds === null ? defaultWarmUpMs(spec.think) : warmUpSeconds * 1000,
              rampConcurrency: 16,
              rampDeadlineMs: 60_000 + spec.games * 100,
              routed: values.routed === true,
              progress: (line) => say(`  ${line}`),
              serverCpu: () => deployment.cpuSeconds(),
              serverLoopCpu: () => deployment.loopCpuSeconds(),
              serverRss: () => deployment.rssBytes(),
              ...(services === undefined ? {} : { serviceCpu: () => services.read() }),
              ...(addressOf === undefined ? {} : { addressOf }),
            });
            const abuse = abuser === null ? null : await abuser.stop();
            failed ||= figures.errors > 0;
            if (abuse === null) alonePeakRss.set(deployment, figures.serverPeakRssMiB);
            const memory =
              abuse === null
                ? null
                : await memoryAfterAbuse(
                    deployment,
                    alonePeakRss.get(deployment) ?? null,
                    figures.serverPeakRssMiB,
                  );
            // Only instant players measure the most a deployment carries; paced CPU per action holds idle costs.
            const capacity =
              spec.think > 0
                ? null
                : capacityWithPlayersElsewhere({
                    serverMs: figures.serverCpuMsPerAction,
                    busiestLoopMs: figures.busiestLoopMsPerAction,
                    databaseMs: services === undefined ? 'in-server' : figures.databaseCpuMsPerAction,
                    redisMs: services === undefined ? 'none' : figures.redisCpuMsPerAction,
                    cores: availableParallelism(),
                  });
            results.push({ server: label, spec, round, figures, capacity });
            report(
              label,
              spec,
              { round, of: rounds },
              figures,
              values.json === true,
              `${before} -> ${machineLoad()}`,
              {
                abuse,
                memory,
                capacity,
              },
            );
          }
        }
      }
    } finally {
      // Every deployment is stopped, even when another's stop fails.
      await Promise.allSettled(started.map((deployment) => deployment.stop()));
    }
    if (deployments.length > 1) compare(results, values.json === true);
    return failed ? 1 : 0;
  },
};

/**
 * How busy the machine is: the load average and, on Linux, the share of time some task waited for a CPU
 * (/proc/pressure/cpu, last 10 s), e.g. 'load 8.3 on 2 cores, CPU pressure 85%'.
 */
function machineLoad(): string {
  let pressure = '';
  try {
    const match = /some avg10=([\d.]+)/.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    if (match) pressure = `, CPU pressure ${Number(match[1]).toFixed(0)}%`;
  } catch {
    // Not Linux, or no pressure stall information: the load average alone.
  }
  return `load ${loadavg()[0]?.toFixed(1)} on ${availableParallelism()} cores${pressure}`;
}

/**
 * The bound on the server's memory beside the abuser: its peak without it, plus what one address can make it
 * hold by the public limits (SOCKETS_PER_ADDRESS sockets, each with at most a hard-limit frame coming in and
 * SEND buffer bound waiting to go out).
 */
const ABUSE_MEMORY_MIB =
  (DEFAULT_LIMITS.socketsPerAddress * (DEFAULT_LIMITS.hardMessageBytes + DEFAULT_LIMITS.sendBufferBytes)) /
  (1024 * 1024);

/** How long after the abuser stops the server's memory is read again (its sockets closed, a collection or two). */
const SETTLE_MS = 3000;

interface MemoryAfterAbuse {
  /** The bound on the peak beside the abuser (MiB), and whether the peak stayed under it. */
  readonly boundMiB: number | null;
  readonly withinBound: boolean | null;
  /** The server's resident memory SETTLE_MS after the abuser stopped (MiB). */
  readonly afterMiB: number | null;
}

async function memoryAfterAbuse(
  deployment: Deployment,
  alonePeakMiB: number | null,
  abusedPeakMiB: number | null,
): Promise<MemoryAfterAbuse> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const after = deployment.rssBytes();
  const boundMiB = alonePeakMiB === null ? null : alonePeakMiB + ABUSE_MEMORY_MIB;
  return {
    boundMiB,
    withinBound: boundMiB === null || abusedPeakMiB === null ? null : abusedPeakMiB <= boundMiB,
    afterMiB: after === null ? null : after / (1024 * 1024),
  };
}

interface AbuseReport {
  readonly abuse: AbuseCounts | { failed: string } | null;
  readonly memory: MemoryAfterAbuse | null;
  readonly capacity: Capacity | null;
}

interface RunResult {
  readonly server: string;
  readonly spec: RunSpec;
  readonly round: number;
  readonly figures: Figures;
  readonly capacity: Capacity | null;
}

/** The shared deployment's runs beside SQLite's (side-by-side.ts), as lines or JSON. */
function compare(results: readonly RunResult[], json: boolean): void {
  const rounds = new Set(results.map((r) => r.round)).size;
  for (const row of sideBySide(results)) {
    if (json) {
      process.stdout.write(`${JSON.stringify(row)}\n`);
      continue;
    }
    const x = (value: number | null) => (value === null ? '?' : `${value.toFixed(2)}x`);
    const which =
      row.round === 'median' ? ', median of the rounds' : rounds > 1 ? `, round ${row.round}` : '';
    process.stdout.write(
      [
        `[${row.server} against ${row.against}] ${row.spec}${which}`,
        `  actions per second ${x(row.actionsPerSecond)} measured${row.withPlayersElsewhere === null ? '' : `, ${x(row.withPlayersElsewhere)} with the players elsewhere`}`,
        `  act -> update      p50 ${x(row.p50)}   p99 ${x(row.p99)}`,
        '',
      ].join('\n'),
    );
  }
}

function report(
  server: string,
  spec: RunSpec,
  { round, of }: { readonly round: number; readonly of: number },
  figures: Figures,
  json: boolean,
  machine: string,
  { abuse, memory, capacity }: AbuseReport,
): void {
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ server, run: spec.label, round, think: spec.think, machine, ...figures, capacity, ...(abuse === null ? {} : { abuse, memory }) })}\n`,
    );
    return;
  }
  // SQLite runs inside the server process; Redis is not used there.
  const ms = (value: number | null) => (value === null ? '-' : `${value.toFixed(3)} ms`);
  const mib = (value: number | null | undefined) => (value == null ? '?' : `${value.toFixed(0)} MiB`);
  const codes = (counts: Record<string, number>) =>
    Object.keys(counts).length === 0 ? '' : ` ${JSON.stringify(counts)}`;
  const retried = Object.values(figures.retries).reduce((a, b) => a + b, 0);
  process.stdout.write(
    [
      `[server: ${server}] ${spec.label}${of > 1 ? ` (round ${round} of ${of})` : ''}: ${figures.connectedGames}/${figures.games} concurrent games for ${figures.seconds.toFixed(0)} s (quick shots, random players thinking ${spec.think} ms, both seats over sockets; ramp-up ${figures.rampSeconds.toFixed(1)} s)`,
      `  machine            ${machine}`,
      `  actions            ${figures.actions}`,
      `  actions per second ${figures.actionsPerSecond.toFixed(0)}`,
      `  act -> update      p50 ${figures.p50ms.toFixed(2)} ms   p99 ${figures.p99ms.toFixed(2)} ms   max ${figures.maxMs.toFixed(2)} ms`,
      `  errors             ${figures.errors}${codes(figures.errorCodes)}`,
      `  retried connects   ${retried}${codes(figures.retries)}`,
      `  games finished     ${figures.finishedGames}`,
      `  bench loop stalls  p99 ${figures.clientStallP99ms.toFixed(1)} ms   max ${figures.clientStallMaxMs.toFixed(1)} ms (the measuring process's own delays)`,
      `  CPU per action     server ${ms(figures.serverCpuMsPerAction)} (${figures.serverCores === null ? '?' : figures.serverCores.toFixed(2)} cores busy; busiest event loop ${ms(figures.busiestLoopMsPerAction)}), PostgreSQL ${ms(figures.databaseCpuMsPerAction)}, Redis ${ms(figures.redisCpuMsPerAction)}, bench players ${ms(figures.clientCpuMsPerAction)}`,
      ...(capacity === null
        ? []
        : [
            `  players elsewhere  at most ${capacity.actionsPerSecond.toFixed(0)} actions/s (a model, capacity.ts): bound by ${capacity.boundBy === 'cores' ? `the ${availableParallelism()} cores over the server side's ${ms(capacity.serverSideMs)} per action` : `the busiest event loop's ${ms(figures.busiestLoopMsPerAction)} per action`}`,
          ]),
      ...(figures.walBytesPerAction === null
        ? []
        : [`  PostgreSQL WAL     ${figures.walBytesPerAction.toFixed(0)} bytes per action`]),
      `  server memory      peak RSS ${mib(figures.serverPeakRssMiB)}`,
      ...(memory === null
        ? []
        : [
            `  memory bound       peak ≤ ${mib(memory.boundMiB)} (the run alone + ${ABUSE_MEMORY_MIB} MiB one address may hold): ${memory.withinBound === null ? '?' : memory.withinBound ? 'met' : 'NOT met'}`,
            `  after the abuser   RSS ${mib(memory.afterMiB)} ${SETTLE_MS / 1000} s after it stopped`,
          ]),
      ...(abuse === null ? [] : [`  the abuser         ${JSON.stringify(abuse)}`]),
      '',
    ].join('\n'),
  );
}

/** Honest game `index`'s own address: 127.2.0.0 onwards (the abuser stays on 127.0.0.1). */
function honestAddress(index: number): string {
  return `127.${2 + ((index >> 16) & 0x7f)}.${(index >> 8) & 0xff}.${index & 0xff}`;
}
