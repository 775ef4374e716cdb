/**
 * What each kind is worth on deck at setup (R1.3), read from self-play: seeded games in which both seats
 * put three pieces drawn uniformly on deck (every deck of the 120 alike likely) and then play on as the
 * chosen bot; then, per kind, the share of games won with it on deck, and a logistic fit of the result on
 * how many of each kind the two decks hold: a measurement of the hand-set deck weights (setup-choice.ts,
 * DECK_WEIGHT), docs/ai.md, "What a deck is worth".
 */
import { PIECE_KINDS, type PieceKind, randomFromSeed } from '../engine/index.ts';
import { seatOf } from '../learn/hidden.ts';
import type { Bot } from './bot.ts';
import { fitLogistic, predict, type Sample, solve } from './fit-evaluation.ts';
import { playMatch } from './match.ts';
import { scoreInterval } from './rating.ts';
import { chooseSetup } from './setup-choice.ts';

/** Every kind alike: the deck a uniform draw of three of the ten pieces. */
const UNIFORM = Object.fromEntries(PIECE_KINDS.map((kind) => [kind, 1])) as Record<PieceKind, number>;

/** One game of the fit: the kinds each seat put on deck, and red's result (1 won, 0 lost, 0.5 drawn). */
export interface SetupGame {
  readonly red: readonly PieceKind[];
  readonly blue: readonly PieceKind[];
  readonly redResult: number;
}

export interface KindOnDeck {
  readonly kind: PieceKind;
  /**
   * Setups (a seat in a game) with this kind on deck and the enemy's deck without it: a game where both decks
   * hold it is won by one of them either way, and would pull the share to one half.
   */
  readonly setups: number;
  /** The share of those games that seat won (a draw counts half), with its 95% interval. */
  readonly won: number;
  readonly low: number;
  readonly high: number;
  /** The fitted change in the log odds of winning per piece of this kind on deck, against the mean kind. */
  readonly effect: number;
  /** The effect's standard error (from the fit's curvature): effect ± 1.96 se is its 95% interval. */
  readonly se: number;
}

export interface SetupFit {
  readonly games: number;
  /** Red's share of the games (the coin decides who starts; red is not favoured by the rules). */
  readonly redWon: number;
  readonly kinds: readonly KindOnDeck[];
}

/**
 * Game `g` of a fit, a function of the seed, `g` and the players alone (so any thread can play it). `players`
 * makes one seat's bot for one game; its own setup is replaced by the uniform draw.
 */
export function setupGame(seed: string, g: number, players: () => Bot): SetupGame {
  const decks: Partial<Record<'red' | 'blue', PieceKind[]>> = {};
  const seatPlayer = (): Bot => {
    const bot = players();
    return {
      name: bot.name,
      decide(input) {
        const { view, random } = input;
        if (view.pending.ask !== 'setup') return bot.decide(input);
        const seat = seatOf(view);
        const action = chooseSetup(view, random, UNIFORM);
        if (action.type !== 'setup') throw new Error(`setup game ${g}: ${seat} was asked no setup`);
        const kindOf = new Map(view.ships[seat].extras.map((p) => [p.id, p.kind]));
        decks[seat] = action.deck.map((id) => {
          const kind = kindOf.get(id);
          if (kind === undefined || kind === null)
            throw new Error(`setup game ${g}: piece ${id} is not ${seat}'s`);
          return kind;
        });
        return action;
      },
    };
  };
  const game = `${seed}/setup-game-${g}`;
  const result = playMatch(
    { red: seatPlayer(), blue: seatPlayer() },
    { red: randomFromSeed(`${game}/red`), blue: randomFromSeed(`${game}/blue`) },
    { seed: game, shots: 'quick', turnLimit: 300 },
  );
  if (decks.red === undefined || decks.blue === undefined)
    throw new Error(`setup game ${g}: a seat set up no deck`);
  return {
    red: decks.red,
    blue: decks.blue,
    redResult: result.winner === null ? 0.5 : result.winner === 'red' ? 1 : 0,
  };
}

function counts(deck: readonly PieceKind[]): number[] {
  return PIECE_KINDS.map((kind) => deck.filter((k) => k === kind).length);
}

/**
 * The fit over the games in order. Both decks hold three pieces, so the kinds' differences always add up to 0
 * and any constant added to every kind's weight fits as well; the small L2 term picks the weights that add
 * up to 0, and subtracting their mean makes that exact. A standard error comes from the inverse of the fit's
 * curvature (the Hessian of the log loss), read along the centred direction.
 */
export function fitSetup(games: readonly SetupGame[]): SetupFit {
  const l2 = 0.1;
  const samples: Sample[] = games.map((game) => {
    const red = counts(game.red);
    const blue = counts(game.blue);
    return { features: [1, ...red.map((n, i) => n - (blue[i] ?? 0))], red: game.redResult };
  });
  const weights = fitLogistic(samples, l2);
  const n = weights.length;
  const hessian = Array.from({ length: n }, (_, i) =>
    Array.from({ length: n }, (_, j) => (i === j ? l2 : 0)),
  );
  for (const sample of samples) {
    const p = predict(weights, sample.features);
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const row = hessian[i] as number[];
        row[j] = (row[j] ?? 0) + p * (1 - p) * (sample.features[i] ?? 0) * (sample.features[j] ?? 0);
      }
  }
  const kindCount = PIECE_KINDS.length;
  const mean = PIECE_KINDS.reduce((sum, _, i) => sum + (weights[i + 1] ?? 0), 0) / kindCount;
  const kinds = PIECE_KINDS.map((kind, i): KindOnDeck => {
    const scores: number[] = [];
    for (const game of games) {
      const red = game.red.includes(kind);
      const blue = game.blue.includes(kind);
      if (red && !blue) scores.push(game.redResult);
      if (blue && !red) scores.push(1 - game.redResult);
    }
    const interval = scoreInterval(scores);
    // The centred effect is c·w with c = (this kind) - (the mean kind); its variance c·H⁻¹·c.
    const c = Array.from({ length: n }, (_, j) => (j === 0 ? 0 : (j === i + 1 ? 1 : 0) - 1 / kindCount));
    const x = solve(
      hessian.map((row) => row.slice()),
      c.slice(),
    );
    const variance = c.reduce((sum, cj, j) => sum + cj * (x[j] ?? 0), 0);
    return {
      kind,
      setups: scores.length,
      won: interval.mean,
      low: interval.low,
      high: interval.high,
      effect: (weights[i + 1] ?? 0) - mean,
      se: Math.sqrt(Math.max(0, variance)),
    };
  });
  const redWon = games.reduce((sum, game) => sum + game.redResult, 0) / Math.max(1, games.length);
  return { games: games.length, redWon, kinds };
}
