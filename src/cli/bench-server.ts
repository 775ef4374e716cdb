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
import { Worker } from 'node:worker_threads';
import { drive, type Figures } from './bench-server/load.ts';
import {
  type Deployment,
  RAISED_LIMITS_NOTE,
  sharedDeployment,
  sqliteDeployment,
} from './bench-server/processes.ts';
import type { Command } from './command.ts';
import { parseFlags, refuse } from './flags.ts';

const USAGE = `Usage: pirates bench-server [--games N] [--seconds S] [--think MS] [--saturation-games M]
                             [--url URL] [--processes P] [--hostile] [--json]

Starts the server in a second process on a temp database (or uses the running server at --url) and plays
two runs over WebSockets, both seats of every game from this process (quick shots, random players):
  paced       N games (default 1000) whose players wait about MS ms before each action (default 1000,
              drawn between half and one and a half times it: a quick person, or the computer's pause),
  saturation  M games (default 100) of instant players: the most actions per second the server carries
              (latency there is queueing: about M / throughput); --saturation-games 0 skips it.
Each run measures S seconds (default 20) after its ramp-up and prints actions per second, p50/p99/max
from act to update, and every error by code. --think 0 makes the paced run instant as well.
--processes P (2 or more) also runs against P server processes sharing PostgreSQL and Redis
(DATABASE_URL and REDIS_URL, default postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379;
a fresh schema, dropped afterwards), each game's seats on different processes.
The benchmark's own server processes raise the per-address game creation limit and the per-connection
message rate (all games come from one address; instant players are faster than people) and say so;
against --url the server's own limits apply. Exit code 1 if any run had an error.
--hostile runs the paced load a second time beside one abusive client (its own thread: it floods a socket
it never reads, sends frames past the hard limit, opens sockets that never say hello, sends junk), so the
honest players' p50/p99 can be compared with and without it.`;

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
    const flags = parseFlags(args, {
      games: 'string',
      seconds: 'string',
      think: 'string',
      'saturation-games': 'string',
      url: 'string',
      processes: 'string',
      hostile: 'boolean',
      json: 'boolean',
    });
    if (!flags.ok) return refuse('bench-server', flags.message, USAGE);
    const { values } = flags;
    const games = Number(values.games ?? '1000');
    const seconds = Number(values.seconds ?? '20');
    const think = Number(values.think ?? '1000');
    const saturationGames = Number(values['saturation-games'] ?? '100');
    const processes = Number(values.processes ?? '1');
    if (
      !Number.isInteger(games) ||
      games < 1 ||
      !Number.isInteger(saturationGames) ||
      saturationGames < 0 ||
      !(seconds > 0) ||
      !(think >= 0)
    ) {
      process.stderr.write(
        'pirates bench-server: --games must be a whole number above 0, --saturation-games 0 or more, --seconds above 0, --think 0 or more.\n',
      );
      return 2;
    }
    if (!Number.isInteger(processes) || processes < 1 || (processes > 1 && values.url !== undefined)) {
      process.stderr.write('pirates bench-server: --processes takes a whole number, and not with --url.\n');
      return 2;
    }
    const specs: RunSpec[] = [{ label: think > 0 ? 'paced' : 'instant', games, think }];
    if (values.hostile === true)
      specs.push({
        label: `${specs[0]?.label ?? 'paced'} beside an abusive client`,
        games,
        think,
        abuse: true,
      });
    if (saturationGames > 0 && think > 0)
      specs.push({ label: 'saturation', games: saturationGames, think: 0 });

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
        stop: async () => undefined,
      }));
    } else {
      say(RAISED_LIMITS_NOTE);
      deployments.push(sqliteDeployment);
      if (processes > 1) {
        const services = {
          databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        };
        deployments.push(() => sharedDeployment(processes, services));
      }
    }
    let failed = false;
    for (const deploy of deployments) {
      const deployment = await deploy();
      try {
        for (const spec of specs) {
          say(`[${deployment.label}] ${spec.label}: ${spec.games} games, players thinking ${spec.think} ms`);
          const before = machineLoad();
          const abuser = spec.abuse === true ? startAbuser(deployment.urls[0] ?? '') : null;
          const figures = await drive({
            urls: deployment.urls,
            games: spec.games,
            seconds,
            think: spec.think,
            rampConcurrency: 16,
            rampDeadlineMs: 60_000 + spec.games * 100,
            progress: (line) => say(`  ${line}`),
            serverCpu: () => deployment.cpuSeconds(),
          });
          const abuse = abuser === null ? null : await abuser.stop();
          failed ||= figures.errors > 0;
          report(deployment.label, spec, figures, values.json === true, `${before} -> ${machineLoad()}`);
          if (abuse !== null) say(`  the abuser: ${JSON.stringify(abuse)}`);
        }
      } finally {
        await deployment.stop();
      }
    }
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

function report(server: string, spec: RunSpec, figures: Figures, json: boolean, machine: string): void {
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ server, run: spec.label, think: spec.think, machine, ...figures })}\n`,
    );
    return;
  }
  const codes = (counts: Record<string, number>) =>
    Object.keys(counts).length === 0 ? '' : ` ${JSON.stringify(counts)}`;
  const retried = Object.values(figures.retries).reduce((a, b) => a + b, 0);
  process.stdout.write(
    [
      `[server: ${server}] ${spec.label}: ${figures.connectedGames}/${figures.games} concurrent games for ${figures.seconds.toFixed(0)} s (quick shots, random players thinking ${spec.think} ms, both seats over sockets; ramp-up ${figures.rampSeconds.toFixed(1)} s)`,
      `  machine            ${machine}`,
      `  actions            ${figures.actions}`,
      `  actions per second ${figures.actionsPerSecond.toFixed(0)}`,
      `  act -> update      p50 ${figures.p50ms.toFixed(2)} ms   p99 ${figures.p99ms.toFixed(2)} ms   max ${figures.maxMs.toFixed(2)} ms`,
      `  errors             ${figures.errors}${codes(figures.errorCodes)}`,
      `  retried connects   ${retried}${codes(figures.retries)}`,
      `  games finished     ${figures.finishedGames}`,
      `  bench loop stalls  p99 ${figures.clientStallP99ms.toFixed(1)} ms   max ${figures.clientStallMaxMs.toFixed(1)} ms (the measuring process's own delays)`,
      `  CPU per action     server ${figures.serverCpuMsPerAction === null ? '?' : figures.serverCpuMsPerAction.toFixed(3)} ms (${figures.serverCores === null ? '?' : figures.serverCores.toFixed(2)} cores busy), bench players ${figures.clientCpuMsPerAction.toFixed(3)} ms`,
      '',
    ].join('\n'),
  );
}

/** Starts the abusive client on its own thread; `stop` ends it and resolves with what it did. */
function startAbuser(url: string): { stop(): Promise<unknown> } {
  const worker = new Worker(new URL('./bench-server/abuser-worker.js', import.meta.url), {
    workerData: { url },
  });
  const counts = new Promise<unknown>((resolve) => {
    worker.once('message', resolve);
    worker.once('error', (error) => resolve({ failed: String(error) }));
    worker.once('exit', () => resolve(null));
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const timeout = new Promise((resolve) =>
        setTimeout(() => resolve({ stopped: 'by timeout' }), 10_000).unref(),
      );
      const result = await Promise.race([counts, timeout]);
      await worker.terminate();
      return result;
    },
  };
}
