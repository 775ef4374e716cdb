/**
 * `pirates bench-server` (npm run bench:server): N concurrent games driven over real WebSockets from this
 * process against a server in a second process. Both seats are instant random players (no bot delay), shots
 * are quick; a finished game is replaced at once so N stay in play. Reports actions per second and the
 * latency from sending an act to receiving its update. With --processes P it runs the same load twice in
 * one run: against one SQLite process, then against P processes sharing PostgreSQL and Redis, where each
 * game's two seats sit on different processes.
 */
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { type Action, type PlayerView, randomFromSeed, type Seat } from '../engine/index.ts';
import type { CreateGameResponse, JoinGameResponse, ServerMessage } from '../protocol/index.ts';
import { type Deployment, sharedDeployment, sqliteDeployment } from './bench-server-processes.ts';
import type { Command } from './command.ts';

const USAGE = `Usage: pirates bench-server [--games N] [--seconds S] [--think MS] [--url URL] [--processes P] [--json]

Plays N concurrent games (default 1000) for S seconds (default 20) over WebSockets against a server
started in a second process on a temp database (or the running server at --url), and prints actions per
second and p50/p99 latency from act to update. --think MS makes each player wait MS milliseconds before
each action (default 0: instant players, the server is then saturated and latency is mostly queueing).
--processes P (2 or more) also runs the same load against P server processes sharing PostgreSQL and Redis
(DATABASE_URL and REDIS_URL, default postgres://postgres@127.0.0.1:5432/test and redis://127.0.0.1:6379;
a fresh schema, dropped afterwards), each game's seats on different processes, and prints both.`;

interface Figures {
  games: number;
  seconds: number;
  actions: number;
  actionsPerSecond: number;
  p50ms: number;
  p99ms: number;
  maxMs: number;
  errors: number;
  /** How many errors of each code, e.g. { 'act/stale': 2, 'start/failed': 1 }. */
  errorCodes: Record<string, number>;
  finishedGames: number;
}

export const benchServerCommand: Command = {
  name: 'bench-server',
  summary: 'Server benchmark: concurrent games over sockets (npm run bench:server)',
  usage: USAGE,
  async run(args) {
    let values: {
      games?: string | undefined;
      seconds?: string | undefined;
      think?: string | undefined;
      url?: string | undefined;
      processes?: string | undefined;
      json?: boolean | undefined;
    };
    try {
      ({ values } = parseArgs({
        args: [...args],
        options: {
          games: { type: 'string' },
          seconds: { type: 'string' },
          think: { type: 'string' },
          url: { type: 'string' },
          processes: { type: 'string' },
          json: { type: 'boolean' },
        },
      }));
    } catch (error) {
      process.stderr.write(`pirates bench-server: ${(error as Error).message}\n${USAGE}\n`);
      return 2;
    }
    const games = Number(values.games ?? '1000');
    const seconds = Number(values.seconds ?? '20');
    const think = Number(values.think ?? '0');
    const processes = Number(values.processes ?? '1');
    if (!Number.isInteger(games) || games < 1 || !(seconds > 0) || !(think >= 0)) {
      process.stderr.write(
        'pirates bench-server: --games must be a whole number above 0 and --seconds above 0.\n',
      );
      return 2;
    }
    if (!Number.isInteger(processes) || processes < 1 || (processes > 1 && values.url !== undefined)) {
      process.stderr.write('pirates bench-server: --processes takes a whole number, and not with --url.\n');
      return 2;
    }
    const runs: { label: string; figures: Figures }[] = [];
    if (values.url !== undefined) {
      runs.push({ label: values.url, figures: await drive([values.url], games, seconds, think) });
    } else {
      const deployments: (() => Promise<Deployment>)[] = [sqliteDeployment];
      if (processes > 1) {
        const services = {
          databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        };
        deployments.push(() => sharedDeployment(processes, services));
      }
      for (const deploy of deployments) {
        const deployment = await deploy();
        try {
          const figures = await drive(deployment.urls, games, seconds, think);
          runs.push({ label: deployment.label, figures });
        } finally {
          await deployment.stop();
        }
      }
    }
    for (const { label, figures } of runs) {
      if (values.json) process.stdout.write(`${JSON.stringify({ server: label, ...figures })}\n`);
      else {
        process.stdout.write(
          [
            `[server: ${label}] ${figures.games} concurrent games for ${figures.seconds} s (quick shots, random players thinking ${think} ms, both seats over sockets)`,
            `  actions            ${figures.actions}`,
            `  actions per second ${figures.actionsPerSecond.toFixed(0)}`,
            `  act -> update      p50 ${figures.p50ms.toFixed(2)} ms   p99 ${figures.p99ms.toFixed(2)} ms   max ${figures.maxMs.toFixed(2)} ms`,
            `  errors             ${figures.errors}${figures.errors === 0 ? '' : ` ${JSON.stringify(figures.errorCodes)}`}`,
            `  games finished     ${figures.finishedGames}`,
            '',
          ].join('\n'),
        );
      }
    }
    return runs.every((run) => run.figures.errors === 0) ? 0 : 1;
  },
};

interface Stats {
  /** Milliseconds each player waits before acting. */
  readonly think: number;
  latencies: number[];
  errors: number;
  errorCodes: Record<string, number>;
  finished: number;
  measuring: boolean;
  stopped: boolean;
}

/** Drives the load; with several URLs each game is created on one and its blue seat plays on the next. */
async function drive(
  urls: readonly string[],
  games: number,
  seconds: number,
  think: number,
): Promise<Figures> {
  const stats: Stats = {
    think,
    latencies: [],
    errors: 0,
    errorCodes: {},
    finished: 0,
    measuring: false,
    stopped: false,
  };
  const sockets: WebSocket[] = [];
  let counter = 0;
  const startGame = async (): Promise<void> => {
    const index = counter++;
    const url = urls[index % urls.length] ?? '';
    const other = urls[(index + 1) % urls.length] ?? '';
    const created = await postJson<CreateGameResponse>(`${url}/api/games`, {
      opponent: 'friend',
      seat: 'red',
    });
    const joined = await postJson<JoinGameResponse>(`${other}/api/games/${created.gameId}/join`, {
      invite: created.invite,
    });
    const onOver = () => {
      if (stats.stopped) return;
      stats.finished++;
      void startGame().catch((error: unknown) => {
        if (!stats.stopped) count(stats, `start/failed: ${String(error).slice(0, 80)}`);
      });
    };
    let overSeen = false;
    const over = () => {
      if (overSeen) return;
      overSeen = true;
      onOver();
    };
    await Promise.all([
      seatPlayer(url, created.gameId, 'red', created.token, `${index}r`, stats, sockets, over),
      seatPlayer(other, created.gameId, 'blue', joined.token, `${index}b`, stats, sockets, over),
    ]);
  };
  // Ramp up in batches, so the connections do not all arrive at once.
  for (let i = 0; i < games; i += 50) {
    await Promise.all(Array.from({ length: Math.min(50, games - i) }, () => startGame()));
  }
  stats.latencies = [];
  stats.measuring = true;
  const started = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const elapsed = (performance.now() - started) / 1000;
  stats.measuring = false;
  stats.stopped = true;
  for (const socket of sockets) socket.terminate();
  const sorted = stats.latencies.slice().sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    games,
    seconds: Math.round(elapsed),
    actions: sorted.length,
    actionsPerSecond: sorted.length / elapsed,
    p50ms: at(0.5),
    p99ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
    errors: stats.errors,
    errorCodes: { ...stats.errorCodes },
    finishedGames: stats.finished,
  };
}

function count(stats: Stats, code: string): void {
  stats.errors++;
  stats.errorCodes[code] = (stats.errorCodes[code] ?? 0) + 1;
}

/** One seat: acts at once whenever its view offers actions; blue sets up after red, so nobody is ever stale. */
function seatPlayer(
  url: string,
  gameId: string,
  seat: Seat,
  token: string,
  seed: string,
  stats: Stats,
  sockets: WebSocket[],
  onOver: () => void,
): Promise<void> {
  const random = randomFromSeed(seed);
  const socket = new WebSocket(`${url.replace('http', 'ws')}/api/games/${gameId}/socket`);
  sockets.push(socket);
  let sent: { v: number; at: number } | null = null;
  const act = (v: number, view: PlayerView) => {
    if (view.outcome !== null) return onOver();
    if (sent !== null || view.legalActions.length === 0) return;
    if (seat === 'blue' && view.phase === 'setup' && v === 0) return;
    const action: Action | undefined = view.legalActions[random.int(view.legalActions.length)];
    const send = () => {
      if (stats.stopped || socket.readyState !== socket.OPEN) return;
      sent = { v, at: performance.now() };
      socket.send(JSON.stringify({ t: 'act', v, action }));
    };
    if (stats.think > 0) {
      sent = { v, at: Number.POSITIVE_INFINITY };
      setTimeout(send, stats.think * (0.5 + random.float()));
    } else send();
  };
  socket.on('message', (data) => {
    const message = JSON.parse(String(data)) as ServerMessage;
    if (message.t === 'error') {
      if (!stats.stopped) count(stats, message.code);
      return;
    }
    if (message.t !== 'state' && message.t !== 'update') return;
    if (sent !== null && message.v > sent.v) {
      if (stats.measuring && Number.isFinite(sent.at)) stats.latencies.push(performance.now() - sent.at);
      sent = null;
    }
    act(message.v, message.view);
  });
  return new Promise((resolve, reject) => {
    socket.once('open', () => {
      socket.send(JSON.stringify({ t: 'hello', token }));
      resolve();
    });
    socket.once('error', reject);
  });
}

/** POSTs JSON; a busy server may time a connection out during the ramp-up, so it tries three times. */
async function postJson<T>(url: string, body: unknown): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    } catch (error) {
      if (attempt >= 3) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
