/**
 * A seeded round robin: every pair plays each game seed twice with seats swapped; chance comes from the
 * game seed and every bot has its own stream (named after the tournament seed, the game and the bot), so
 * changing one bot never reshuffles the dice of the others. Deterministic for a given seed.
 * It is cut in three so games can be played anywhere (one thread here, a pool of workers in src/arena):
 * `tournamentGames` lists the games, `playTournamentGame` plays one from its description alone, and
 * `tournamentReport` rates the results, which it takes in the order of the list, whoever played them.
 * A bot is named (createBot's names) or is a `Bot` object of the caller's, which plays under its own name.
 */
import { randomFromSeed, type Seat } from '../engine/index.ts';
import type { Bot } from './bot.ts';
import type { CandidateModels } from './candidate-models.ts';
import { createBot, expertLeaf } from './levels.ts';
import { type Contestant, playMatch } from './match.ts';
import { oracleForMeasurementOnly } from './oracle.ts';
import { eloWithIntervals, type PairGames, scoreInterval } from './rating.ts';

export interface TournamentOptions {
  /**
   * Bot names (createBot's, plus 'oracle:N', measurement only) or your own `Bot` objects, each under its
   * `name` (every name once). An object plays every game it is in: keep what it learns per game in `history`.
   */
  readonly bots: readonly (string | Bot)[];
  /** Games per pair (rounded up to an even number: each seed twice). */
  readonly games: number;
  readonly seed: string;
  readonly shots: 'quick' | 'aimed';
  readonly turnLimit: number;
  /**
   * Candidate model files the bots that read a learned model use instead of the shipped ones, in this
   * tournament only (candidate-models.ts).
   */
  readonly models?: CandidateModels;
  /** Called after every game with the number done and the total. */
  readonly onGame?: (done: number, total: number) => void;
}

/** What lists a tournament's games and rates them: its options, with bots known by their names alone. */
export type TournamentPlan = Omit<TournamentOptions, 'onGame' | 'bots' | 'models'> & {
  readonly bots: readonly (string | { readonly name: string })[];
};

/** One game of a tournament, all a player of it needs to know (plain data: it crosses to worker threads). */
export interface TournamentGame {
  /** Its place in the list, from 0. */
  readonly index: number;
  /** The pair's place in the report's pairs. */
  readonly pair: number;
  /** Indexes into the bot list: `a` is the pair's first bot. */
  readonly a: number;
  readonly b: number;
  readonly aSeat: Seat;
  /** The game's seed, e.g. '1/game-3': chance comes from it alone. */
  readonly seed: string;
  readonly shots: 'quick' | 'aimed';
  readonly turnLimit: number;
  /** Bot names by seat. */
  readonly names: Readonly<Record<Seat, string>>;
}

/** How one game went: the first bot's score and each seat's time. */
export interface TournamentGameResult {
  readonly index: number;
  /** For the pair's first bot: 1 a win, 0.5 a draw, 0 a loss. */
  readonly aScore: number;
  readonly decisions: Readonly<Record<Seat, number>>;
  readonly ms: Readonly<Record<Seat, number>>;
  readonly slowest: Readonly<Record<Seat, number>>;
  /** The seat that lost by failing (an external bot that crashed, ran out of time or answered wrongly). */
  readonly forfeit?: {
    readonly seat: Seat;
    readonly message: string;
    /** The seat's decision it failed, from 1 (its setup). */
    readonly decision: number;
  };
}

export interface TournamentReport {
  readonly bots: readonly {
    name: string;
    elo: number;
    eloLow: number;
    eloHigh: number;
    msPerDecision: number;
    slowestMs: number;
    /** Games lost by crashing, running out of time or answering an illegal action (external bots). */
    forfeits: number;
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

/** A fresh contestant for one game (reading `models` where it reads a learned model), or an error sentence. */
export function contestant(name: string, models: CandidateModels = {}): Contestant | string {
  const [base, parameter] = name.split(':');
  if (base === 'oracle' || base === 'oracle-expert') {
    const n = Number(parameter ?? '1000');
    if (!(Number.isInteger(n) && n > 0)) return `'${name}': ${base}:N needs N iterations.`;
    // oracle-expert: expert's leaf (no playout, expert's own leaf score), so against expert:N the truth
    // of the enemy's pieces is all that differs.
    return base === 'oracle' ? oracleForMeasurementOnly(n) : oracleForMeasurementOnly(n, expertLeaf(), name);
  }
  const bot = createBot(name, models);
  return bot.ok ? bot.value : bot.error.message;
}

/** The name a tournament knows a bot by: its own, or the object's `name`. */
export function botName(bot: string | { readonly name: string }): string {
  return typeof bot === 'string' ? bot : bot.name;
}

/**
 * The bots given as objects, by name; an error sentence when two bots share a name or an object is no bot.
 */
export function botObjects<B extends { readonly name: string }>(
  bots: readonly (string | B)[],
): ReadonlyMap<string, B> | string {
  const names = new Set<string>();
  const objects = new Map<string, B>();
  for (const bot of bots) {
    if (typeof bot !== 'string') {
      const decide = (bot as { decide?: unknown }).decide;
      if (typeof bot.name !== 'string' || bot.name === '' || typeof decide !== 'function') {
        return 'A bot given as an object needs a name and a decide function (docs/ai.md).';
      }
      objects.set(bot.name, bot);
    }
    const name = botName(bot);
    if (names.has(name)) return `Two bots are named '${name}': give each bot its own name.`;
    names.add(name);
  }
  return objects;
}

/** The name of a bot's own random stream in one game (external bots get it as a seed). */
export function botStreamName(gameSeed: string, name: string, seat: Seat): string {
  return `${gameSeed}/bot-${name}/as-${seat}`;
}

/** Every game of the round robin, in the order the report takes their results. */
export function tournamentGames(options: TournamentPlan): readonly TournamentGame[] {
  const n = options.bots.length;
  const seeds = Math.max(1, Math.ceil(options.games / 2));
  const games: TournamentGame[] = [];
  let pair = 0;
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      for (let s = 0; s < seeds; s++) {
        for (const aSeat of ['red', 'blue'] as const) {
          const bSeat: Seat = aSeat === 'red' ? 'blue' : 'red';
          const nameA = botName(options.bots[a] ?? '');
          const nameB = botName(options.bots[b] ?? '');
          games.push({
            index: games.length,
            pair,
            a,
            b,
            aSeat,
            seed: `${options.seed}/game-${s}`,
            shots: options.shots,
            turnLimit: options.turnLimit,
            names: { [aSeat]: nameA, [bSeat]: nameB } as Record<Seat, string>,
          });
        }
      }
      pair++;
    }
  }
  return games;
}

/**
 * Plays one game between in-process bots (throws on a name `contestant` refuses); `objects` are the bots
 * given as objects, by name; `models` the candidate model files the named bots read.
 */
export function playTournamentGame(
  game: TournamentGame,
  objects: ReadonlyMap<string, Bot> = new Map(),
  models: CandidateModels = {},
): TournamentGameResult {
  const made = (seat: Seat): Contestant => {
    const given = objects.get(game.names[seat]);
    if (given !== undefined) return given;
    const player = contestant(game.names[seat], models);
    if (typeof player === 'string') throw new Error(player);
    return player;
  };
  const result = playMatch(
    { red: made('red'), blue: made('blue') },
    {
      red: randomFromSeed(botStreamName(game.seed, game.names.red, 'red')),
      blue: randomFromSeed(botStreamName(game.seed, game.names.blue, 'blue')),
    },
    { seed: game.seed, shots: game.shots, turnLimit: game.turnLimit },
  );
  return {
    index: game.index,
    aScore: scoreFor(result.winner, game.aSeat),
    decisions: result.decisions,
    ms: result.ms,
    slowest: result.slowest,
  };
}

export function scoreFor(winner: Seat | null, seat: Seat): number {
  return winner === null ? 0.5 : winner === seat ? 1 : 0;
}

/** Ratings and pair scores from every game's result (in any order; they are put back in list order). */
export function tournamentReport(
  options: TournamentPlan,
  games: readonly TournamentGame[],
  results: readonly TournamentGameResult[],
): TournamentReport {
  const n = options.bots.length;
  const ms = Array.from({ length: n }, () => 0);
  const decisions = Array.from({ length: n }, () => 0);
  const slowest = Array.from({ length: n }, () => 0);
  const forfeits = Array.from({ length: n }, () => 0);
  const byIndex = [...results].sort((x, y) => x.index - y.index);
  const pairs: PairGames[] = [];
  for (const game of games) {
    const result = byIndex[game.index];
    if (result === undefined || result.index !== game.index) {
      throw new Error(`The result of game ${game.index} is missing.`);
    }
    const bSeat: Seat = game.aSeat === 'red' ? 'blue' : 'red';
    const pair = pairs[game.pair] ?? { a: game.a, b: game.b, scores: [] };
    pairs[game.pair] = { ...pair, scores: [...pair.scores, result.aScore] };
    for (const [bot, seat] of [
      [game.a, game.aSeat],
      [game.b, bSeat],
    ] as const) {
      ms[bot] = (ms[bot] ?? 0) + result.ms[seat];
      decisions[bot] = (decisions[bot] ?? 0) + result.decisions[seat];
      slowest[bot] = Math.max(slowest[bot] ?? 0, result.slowest[seat]);
      if (result.forfeit?.seat === seat) forfeits[bot] = (forfeits[bot] ?? 0) + 1;
    }
  }
  const names = options.bots.map(botName);
  const anchor = Math.max(0, names.indexOf('heuristic'));
  const elos = eloWithIntervals(n, pairs, anchor, randomFromSeed(`${options.seed}/bootstrap`));
  return {
    bots: names.map((name, i) => ({
      name,
      elo: elos[i]?.elo ?? 0,
      eloLow: elos[i]?.low ?? 0,
      eloHigh: elos[i]?.high ?? 0,
      msPerDecision: (ms[i] ?? 0) / Math.max(1, decisions[i] ?? 0),
      slowestMs: slowest[i] ?? 0,
      forfeits: forfeits[i] ?? 0,
    })),
    pairs: pairs.map((pair) => {
      const interval = scoreInterval(pair.scores);
      return {
        a: names[pair.a] ?? '',
        b: names[pair.b] ?? '',
        games: pair.scores.length,
        aScore: interval.mean,
        low: interval.low,
        high: interval.high,
      };
    }),
  };
}

/** The whole tournament on this thread (src/arena plays it on every core, and with external bots). */
export function runTournament(options: TournamentOptions): TournamentReport {
  const objects = botObjects(options.bots);
  if (typeof objects === 'string') throw new Error(objects);
  for (const bot of options.bots) {
    if (typeof bot !== 'string') continue;
    const made = contestant(bot, options.models);
    if (typeof made === 'string') throw new Error(made);
  }
  const games = tournamentGames(options);
  const results = games.map((game) => {
    const result = playTournamentGame(game, objects, options.models);
    options.onGame?.(game.index + 1, games.length);
    return result;
  });
  return tournamentReport(options, games, results);
}
