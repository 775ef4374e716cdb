/**
 * A seeded round robin: every pair plays each game seed twice with seats swapped; chance comes from the
 * game seed and every bot has its own stream (named after the tournament seed, the game and the bot), so
 * changing one bot never reshuffles the dice of the others. Deterministic for a given seed.
 */
import { randomFromSeed, type Seat } from '../engine/index.ts';
import { createBot } from './levels.ts';
import { type Contestant, playMatch } from './match.ts';
import { oracleForMeasurementOnly } from './oracle.ts';
import { eloWithIntervals, type PairGames, scoreInterval } from './rating.ts';

export interface TournamentOptions {
  /** Bot names: createBot's, plus 'oracle:N' (measurement only). */
  readonly bots: readonly string[];
  /** Games per pair (rounded up to an even number: each seed twice). */
  readonly games: number;
  readonly seed: string;
  readonly shots: 'quick' | 'aimed';
  readonly turnLimit: number;
  /** Called after every game with the number done and the total. */
  readonly onGame?: (done: number, total: number) => void;
}

export interface TournamentReport {
  readonly bots: readonly {
    name: string;
    elo: number;
    eloLow: number;
    eloHigh: number;
    msPerDecision: number;
    slowestMs: number;
  }[];
  readonly pairs: readonly {
    a: string;
    b: string;
    games: number;
    aScore: number;
    low: number;
    high: number;
  }[];
}

/** A fresh contestant for one game, or an error sentence. */
export function contestant(name: string): Contestant | string {
  const [base, parameter] = name.split(':');
  if (base === 'oracle') {
    const n = Number(parameter ?? '1000');
    return Number.isInteger(n) && n > 0
      ? oracleForMeasurementOnly(n)
      : `'${name}': oracle:N needs N iterations.`;
  }
  const bot = createBot(name);
  return bot.ok ? bot.value : bot.error.message;
}

export function runTournament(options: TournamentOptions): TournamentReport {
  for (const name of options.bots) {
    const made = contestant(name);
    if (typeof made === 'string') throw new Error(made);
  }
  const n = options.bots.length;
  const seeds = Math.max(1, Math.ceil(options.games / 2));
  const total = ((n * (n - 1)) / 2) * seeds * 2;
  const ms = Array.from({ length: n }, () => 0);
  const decisions = Array.from({ length: n }, () => 0);
  const slowest = Array.from({ length: n }, () => 0);
  const pairs: PairGames[] = [];
  let done = 0;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      const scores: number[] = [];
      for (let s = 0; s < seeds; s++) {
        for (const aSeat of ['red', 'blue'] as const) {
          const bSeat: Seat = aSeat === 'red' ? 'blue' : 'red';
          const nameA = options.bots[a] ?? '';
          const nameB = options.bots[b] ?? '';
          const players = { [aSeat]: contestant(nameA), [bSeat]: contestant(nameB) } as Record<
            Seat,
            Contestant
          >;
          const gameSeed = `${options.seed}/game-${s}`;
          const randoms = {
            [aSeat]: randomFromSeed(`${gameSeed}/bot-${nameA}/as-${aSeat}`),
            [bSeat]: randomFromSeed(`${gameSeed}/bot-${nameB}/as-${bSeat}`),
          } as Record<Seat, ReturnType<typeof randomFromSeed>>;
          const result = playMatch(players, randoms, {
            seed: gameSeed,
            shots: options.shots,
            turnLimit: options.turnLimit,
          });
          scores.push(result.winner === null ? 0.5 : result.winner === aSeat ? 1 : 0);
          ms[a] = (ms[a] ?? 0) + result.ms[aSeat];
          ms[b] = (ms[b] ?? 0) + result.ms[bSeat];
          decisions[a] = (decisions[a] ?? 0) + result.decisions[aSeat];
          decisions[b] = (decisions[b] ?? 0) + result.decisions[bSeat];
          slowest[a] = Math.max(slowest[a] ?? 0, result.slowest[aSeat]);
          slowest[b] = Math.max(slowest[b] ?? 0, result.slowest[bSeat]);
          done++;
          options.onGame?.(done, total);
        }
      }
      pairs.push({ a, b, scores });
    }
  }
  const anchor = Math.max(0, options.bots.indexOf('heuristic'));
  const elos = eloWithIntervals(n, pairs, anchor, randomFromSeed(`${options.seed}/bootstrap`));
  return {
    bots: options.bots.map((name, i) => ({
      name,
      elo: elos[i]?.elo ?? 0,
      eloLow: elos[i]?.low ?? 0,
      eloHigh: elos[i]?.high ?? 0,
      msPerDecision: (ms[i] ?? 0) / Math.max(1, decisions[i] ?? 0),
      slowestMs: slowest[i] ?? 0,
    })),
    pairs: pairs.map((pair) => {
      const interval = scoreInterval(pair.scores);
      return {
        a: options.bots[pair.a] ?? '',
        b: options.bots[pair.b] ?? '',
        games: pair.scores.length,
        aScore: interval.mean,
        low: interval.low,
        high: interval.high,
      };
    }),
  };
}
