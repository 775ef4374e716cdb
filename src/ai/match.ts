/**
 * One game between two contestants through the public engine API, as the server runs it: each seat gets
 * its view and its own events, and its own random stream; chance comes from the game's seed alone.
 * The oracle (measurement only) is the one contestant that is handed the true state.
 */
import {
  type Action,
  applyAction,
  type BySeat,
  createGame,
  eventsFor,
  type GameEvent,
  type GameState,
  type Random,
  type Seat,
  toAct,
  type Variant,
  viewFor,
} from '../engine/index.ts';
import type { Bot } from './bot.ts';

/** A contestant that sees the true state. Only for measuring the information gap; never offered to players. */
export interface Cheater {
  readonly name: string;
  readonly measurementOnly: true;
  decideWithTruth(input: { state: GameState; seat: Seat; random: Random }): Action;
}

export type Contestant = Bot | Cheater;

export interface MatchOptions {
  readonly seed: string;
  readonly shots: 'quick' | 'aimed';
  /** R7.2: a draw after this many turns. */
  readonly turnLimit: number;
  readonly variant?: Variant;
  readonly firstSeat?: Seat;
}

export interface MatchResult {
  /** The winner, or null for a draw. */
  readonly winner: Seat | null;
  readonly turns: number;
  readonly decisions: BySeat<number>;
  /** Milliseconds spent deciding, per seat. */
  readonly ms: BySeat<number>;
  /** The longest single decision, per seat (ms). */
  readonly slowest: BySeat<number>;
  readonly state: GameState;
}

export function playMatch(
  players: BySeat<Contestant>,
  randoms: BySeat<Random>,
  options: MatchOptions,
): MatchResult {
  let state = createGame({
    seed: options.seed,
    shots: options.shots,
    turnLimit: options.turnLimit,
    ...(options.variant ? { variant: options.variant } : {}),
    ...(options.firstSeat ? { firstSeat: options.firstSeat } : {}),
  });
  const history: BySeat<GameEvent[]> = { red: [], blue: [] };
  const decisions = { red: 0, blue: 0 };
  const ms = { red: 0, blue: 0 };
  const slowest = { red: 0, blue: 0 };
  while (state.outcome === null) {
    const seat = toAct(state)[0];
    if (seat === undefined) break;
    const player = players[seat];
    const began = performance.now();
    const action =
      'measurementOnly' in player
        ? player.decideWithTruth({ state, seat, random: randoms[seat] })
        : player.decide({ view: viewFor(state, seat), history: history[seat], random: randoms[seat] });
    const spent = performance.now() - began;
    ms[seat] += spent;
    slowest[seat] = Math.max(slowest[seat], spent);
    decisions[seat] += 1;
    const result = applyAction(state, seat, action);
    if (!result.ok) {
      throw new Error(`${player.name} (${seat}) chose an illegal action: ${result.error.message}`);
    }
    state = result.state;
    history.red.push(...eventsFor(result.events, 'red'));
    history.blue.push(...eventsFor(result.events, 'blue'));
  }
  return { winner: state.outcome?.winner ?? null, turns: state.turn, decisions, ms, slowest, state };
}
