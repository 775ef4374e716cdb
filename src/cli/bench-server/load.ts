/**
 * The load of a server benchmark: N friend games, both seats over WebSockets. The ramp-up opens games a
 * few at a time (so the server is never asked for hundreds of connections in one instant) while every
 * player holds its first action; when all are connected the gate opens, a short warm-up passes, and the
 * measured window begins. A finished game closes its sockets and is replaced, so N stay in play. Every
 * wait has a deadline: a ramp-up that cannot finish ends the run with what it reached, never a hang.
 */
import { request } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Seat } from '../../engine/index.ts';
import type { CreateGameResponse, JoinGameResponse } from '../../protocol/index.ts';
import { type Run, SeatPlayer } from './seat-player.ts';
import { cpuBetween, type ServiceCpuReading } from './service-cpu.ts';
import { codeOf, Tally } from './tally.ts';

export interface LoadOptions {
  /** The servers: each game is created on one and its blue seat plays on the next (unless `routed`). */
  readonly urls: readonly string[];
  /** Both seats of a game on the server it was created on, as a proxy routing by game id sends them. */
  readonly routed?: boolean;
  readonly games: number;
  readonly seconds: number;
  readonly think: number;
  /** After every game is connected and the players may act, this long (ms) passes before measuring. */
  readonly warmUpMs: number;
  /** Games being opened at once during the ramp-up. */
  readonly rampConcurrency: number;
  /** Give up the ramp-up after this long (ms). */
  readonly rampDeadlineMs: number;
  /** Said on stderr while ramping up, e.g. 'ramp-up: 400/1000 games'. */
  readonly progress: (line: string) => void;
  /** CPU seconds the server processes have used so far, or null when unknown. */
  readonly serverCpu: () => number | null;
  /** Each server process's main-thread CPU seconds so far (its event loop), or null when unknown. */
  readonly serverLoopCpu?: () => readonly number[] | null;
  /** CPU of the database and Redis serving the servers, read before and after the window (absent: unknown). */
  readonly serviceCpu?: () => Promise<ServiceCpuReading>;
  /** The server processes' resident memory now (bytes), or null when unknown. */
  readonly serverRss?: () => number | null;
  /**
   * The local address game `index`'s players come from (its HTTP requests and both sockets), so each game is
   * a person at an address of their own and the server's per-address limits can stay public; absent: the
   * machine's default address for all.
   */
  readonly addressOf?: (index: number) => string;
}

export interface Figures {
  readonly games: number;
  /** Games that were in play when measuring began (less than `games` only if the ramp-up gave up). */
  readonly connectedGames: number;
  readonly rampSeconds: number;
  readonly seconds: number;
  readonly actions: number;
  readonly actionsPerSecond: number;
  readonly p50ms: number;
  readonly p99ms: number;
  readonly maxMs: number;
  readonly errors: number;
  /** e.g. { 'act/stale': 2, 'connect/ECONNRESET': 1 } */
  readonly errorCodes: Record<string, number>;
  /** Connections that failed once and were opened on a later attempt, by code. */
  readonly retries: Record<string, number>;
  readonly finishedGames: number;
  /** CPU the server processes used in the measured window per measured action (ms), or null when unknown. */
  readonly serverCpuMsPerAction: number | null;
  /** The same for the PostgreSQL backends serving the servers' connections, or null (SQLite: in the server). */
  readonly databaseCpuMsPerAction: number | null;
  /** The same for the Redis server (all of it: other clients of that Redis count too), or null. */
  readonly redisCpuMsPerAction: number | null;
  /** PostgreSQL write-ahead log written per measured action (bytes; all of the database's writes), or null. */
  readonly walBytesPerAction: number | null;
  /** The same for this benchmark process (its players): it shares the machine with the server. */
  readonly clientCpuMsPerAction: number;
  /**
   * How late this process's own event loop ran in the window (p99 and max, ms): a latency can be no better
   * than the stalls of the process that measures it (a busy machine stalls both processes alike).
   */
  readonly clientStallP99ms: number;
  readonly clientStallMaxMs: number;
  /**
   * The busiest server process's main thread (its event loop) in the window, per measured action of the
   * whole deployment (ms), or null: a process's JavaScript runs on that one thread, so it bounds what the
   * deployment carries at 1000 / this actions a second.
   */
  readonly busiestLoopMsPerAction: number | null;
  /** Server CPU in the window as a share of one core (1 = one core busy all the time), or null. */
  readonly serverCores: number | null;
  /** The most resident memory the server processes held in the window (MiB, sampled every 100 ms), or null. */
  readonly serverPeakRssMiB: number | null;
}

/** An act unanswered this long when the run ends counts as an error ('act/unanswered'). */
const UNANSWERED_MS = 5000;
/**
 * The warm-up when none is given: after the gate opens every game's first action is in flight at once, and
 * the players' pauses, all begun together, take several actions to spread out again; meanwhile the servers
 * are still compiling and collecting what the ramp-up left. Measured with the acts' send times against their
 * latencies (1,000 games thinking 1 s): after a 2 s warm-up the slow acts were all in the window's first
 * 0.75 s (SQLite) to 2.25 s (PostgreSQL), and they were the whole p99 (93.6 and 195.7 ms, against 12.2 and
 * 50.5 ms with 6 s). So: 2 s and four pauses, at most 30 s.
 */
export function defaultWarmUpMs(think: number): number {
  return Math.min(30_000, 2000 + 4 * think);
}

export async function drive(options: LoadOptions): Promise<Figures> {
  const tally = new Tally();
  const run: Run = {
    tally,
    think: options.think,
    gateOpen: false,
    measureFrom: Number.POSITIVE_INFINITY,
    measureTo: Number.POSITIVE_INFINITY,
    stopped: false,
  };
  const games = new Set<Game>();
  let counter = 0;
  const startGame = async (): Promise<void> => {
    const index = counter++;
    const game = await openGame(
      options.urls,
      options.routed === true,
      index,
      options.addressOf?.(index),
      run,
      (over) => {
        games.delete(over);
        if (run.stopped) return;
        tally.finishedGames++;
        for (const player of over.players) player.close();
        void replace();
      },
    );
    if (run.stopped) {
      for (const player of game.players) player.close();
      return;
    }
    games.add(game);
    if (run.gateOpen) for (const player of game.players) player.kick();
  };
  /** A replacement that fails is counted and tried again a moment later, so N stay in play. */
  const replace = async (): Promise<void> => {
    while (!run.stopped) {
      try {
        return await startGame();
      } catch (error) {
        if (run.stopped) return;
        tally.error(`start/${codeOf(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  };

  // Ramp-up: a few games opening at a time, until all are open or the deadline passes.
  const rampStarted = performance.now();
  const rampDeadline = rampStarted + options.rampDeadlineMs;
  let opened = 0;
  const opener = async (): Promise<void> => {
    while (opened < options.games && performance.now() < rampDeadline && !run.stopped) {
      opened++;
      try {
        await startGame();
      } catch (error) {
        tally.error(`start/${codeOf(error)}`);
      }
    }
  };
  const ticker = setInterval(
    () =>
      options.progress(
        `ramp-up: ${games.size}/${options.games} games connected, ${tally.errorCount} errors, ${sum(tally.retried)} retried connections`,
      ),
    2000,
  );
  const openers = Array.from({ length: Math.min(options.rampConcurrency, options.games) }, opener);
  const rampDone = Promise.all(openers);
  const timedOut = await Promise.race([
    rampDone.then(() => false),
    new Promise<boolean>((resolve) =>
      setTimeout(() => resolve(true), options.rampDeadlineMs + 20_000).unref(),
    ),
  ]);
  clearInterval(ticker);
  const rampSeconds = (performance.now() - rampStarted) / 1000;
  const connectedGames = games.size;
  if (timedOut || connectedGames < options.games) {
    tally.error('ramp-up/incomplete');
    options.progress(
      `ramp-up gave up after ${rampSeconds.toFixed(0)} s with ${connectedGames}/${options.games} games connected`,
    );
  } else options.progress(`ramp-up: ${connectedGames} games connected in ${rampSeconds.toFixed(1)} s`);

  run.gateOpen = true;
  for (const game of games) for (const player of game.players) player.kick();
  await sleep(options.warmUpMs);
  tally.latencies = [];
  const serverCpuFrom = options.serverCpu();
  const loopCpuFrom = options.serverLoopCpu?.() ?? null;
  const serviceCpuFrom = await options.serviceCpu?.();
  const clientCpuFrom = process.cpuUsage();
  const stalls = monitorEventLoopDelay({ resolution: 10 });
  stalls.enable();
  let peakRss: number | null = null;
  const sampleRss = () => {
    const rss = options.serverRss?.() ?? null;
    if (rss !== null) peakRss = Math.max(peakRss ?? 0, rss);
  };
  sampleRss();
  const rssSampler = setInterval(sampleRss, 100);
  run.measureFrom = performance.now();
  await sleep(options.seconds * 1000);
  run.measureTo = performance.now();
  clearInterval(rssSampler);
  sampleRss();
  const elapsed = (run.measureTo - run.measureFrom) / 1000;
  const serverCpuTo = options.serverCpu();
  const loopCpuTo = options.serverLoopCpu?.() ?? null;
  const serviceCpuTo = await options.serviceCpu?.();
  const serviceCpu =
    serviceCpuFrom === undefined || serviceCpuTo === undefined
      ? null
      : cpuBetween(serviceCpuFrom, serviceCpuTo);
  const clientCpu = process.cpuUsage(clientCpuFrom);
  stalls.disable();
  const serverCpu = serverCpuFrom === null || serverCpuTo === null ? null : serverCpuTo - serverCpuFrom;
  for (const game of games) {
    for (const player of game.players) {
      const since = player.waitingSince;
      if (since !== null && run.measureTo - since > UNANSWERED_MS) tally.error('act/unanswered');
    }
  }
  run.stopped = true;
  for (const game of games) for (const player of game.players) player.close();

  const sorted = tally.latencies.slice().sort((a, b) => a - b);
  const perAction = (seconds: number | null) =>
    seconds === null ? null : (seconds * 1000) / Math.max(1, sorted.length);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  return {
    games: options.games,
    connectedGames,
    rampSeconds,
    seconds: elapsed,
    actions: sorted.length,
    actionsPerSecond: sorted.length / elapsed,
    p50ms: at(0.5),
    p99ms: at(0.99),
    maxMs: sorted.at(-1) ?? 0,
    errors: tally.errorCount,
    errorCodes: Object.fromEntries(tally.errors),
    retries: Object.fromEntries(tally.retried),
    finishedGames: tally.finishedGames,
    serverCpuMsPerAction: perAction(serverCpu),
    databaseCpuMsPerAction: perAction(serviceCpu?.database ?? null),
    redisCpuMsPerAction: perAction(serviceCpu?.redis ?? null),
    walBytesPerAction: serviceCpu?.walBytes == null ? null : serviceCpu.walBytes / Math.max(1, sorted.length),
    clientCpuMsPerAction: (clientCpu.user + clientCpu.system) / 1000 / Math.max(1, sorted.length),
    busiestLoopMsPerAction: perAction(busiestLoop(loopCpuFrom, loopCpuTo)),
    serverCores: serverCpu === null ? null : serverCpu / elapsed,
    clientStallP99ms: stalls.percentile(99) / 1e6,
    clientStallMaxMs: stalls.max / 1e6,
    serverPeakRssMiB: peakRss === null ? null : peakRss / MiB,
  };
}

/** The most main-thread CPU seconds one process used between two readings, or null when unknown. */
function busiestLoop(from: readonly number[] | null, to: readonly number[] | null): number | null {
  if (from === null || to === null || from.length !== to.length || from.length === 0) return null;
  return Math.max(...to.map((seconds, i) => seconds - (from[i] ?? 0)));
}

interface Game {
  readonly players: readonly SeatPlayer[];
}

const MiB = 1024 * 1024;

/** Creates a friend game on one server, joins it on the next, and connects both seats. */
async function openGame(
  urls: readonly string[],
  routed: boolean,
  index: number,
  localAddress: string | undefined,
  run: Run,
  onOver: (game: Game) => void,
): Promise<Game> {
  const url = urls[index % urls.length] ?? '';
  const other = (routed ? url : urls[(index + 1) % urls.length]) ?? '';
  const created = await postJson<CreateGameResponse>(
    run.tally,
    `${url}/api/games`,
    { opponent: 'friend', seat: 'red' },
    localAddress,
  );
  const joined = await postJson<JoinGameResponse>(
    run.tally,
    `${other}/api/games/${created.gameId}/join`,
    { invite: created.invite },
    localAddress,
  );
  let over = false;
  const game: Game = { players: [] };
  const done = () => {
    if (over) return;
    over = true;
    onOver(game);
  };
  const seat = (base: string, s: Seat, token: string) =>
    new SeatPlayer(base, created.gameId, s, token, `${index}${s}`, run, done, localAddress);
  const players = [seat(url, 'red', created.token), seat(other, 'blue', joined.token)];
  (game.players as SeatPlayer[]).push(...players);
  try {
    await Promise.all(players.map((player) => player.connect()));
  } catch (error) {
    for (const player of players) player.close();
    throw error;
  }
  return game;
}

/**
 * POSTs JSON (from `localAddress` if given). A refused connection or a timeout is tried again (twice); an
 * HTTP error status is not (it is the server's answer, e.g. 429 rate/games) and becomes the error's message.
 */
async function postJson<T>(tally: Tally, url: string, body: unknown, localAddress?: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let answer: { status: number; body: unknown };
    try {
      answer = await post(url, body, localAddress);
    } catch (error) {
      if (attempt >= 3) throw error;
      tally.retry(`http/${codeOf(error)}`);
      await sleep(300 * attempt);
      continue;
    }
    if (answer.status >= 400) {
      const code = (answer.body as { code?: unknown } | null)?.code;
      throw new Error(`http ${answer.status} ${typeof code === 'string' ? code : ''}`.trim());
    }
    return answer.body as T;
  }
}

/** One POST with node:http (fetch cannot choose the local address); its JSON answer, or null if none. */
function post(url: string, body: unknown, localAddress?: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const text = JSON.stringify(body);
    const req = request(
      url,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        timeout: 15_000,
        ...(localAddress === undefined ? {} : { localAddress }),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          let parsed: unknown = null;
          try {
            parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            // Not JSON: the status alone speaks.
          }
          resolve({ status: response.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })));
    req.on('error', reject);
    req.end(text);
  });
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function sum(counts: ReadonlyMap<string, number>): number {
  let total = 0;
  for (const n of counts.values()) total += n;
  return total;
}
