/**
 * After the game, an analysis like lichess' but for hidden information: for every turn, each seat's chance of
 * winning as that seat could know it then, and the three biggest swings explained in one sentence each.
 *
 * A seat's chance at a moment is the expert's evaluation (ai/evaluation.ts, the search's own judgement of a
 * position) averaged over worlds drawn consistent with everything that seat had seen (ai/sample.ts, the
 * search's own determinization). Nothing the seat did not know enters its figure: its chance is what the
 * expert, sitting in its chair, would have thought. Runs in a Worker (worker.ts); pure and deterministic.
 *
 * Made steady (issue 32): a moment is judged as the mean of the judgement with either seat to move
 * (`evenJudgement`), so the line does not jump with whose half-turn it is; every moment draws its worlds from
 * the same seed (common random numbers), so two neighbouring moments that differ in nothing differ in no
 * draw; and the fixed part of the drawing (the Determinizer) is built once per moment and seat.
 */

import { winChance } from '../../ai/evaluation.ts';
import { Determinizer } from '../../ai/sample.ts';
import {
  applyAction,
  eventsFor,
  type GameEvent,
  type GameRecord,
  type GameState,
  newGame,
  randomFromSeed,
  recordOptions,
  type Seat,
  viewFor,
} from '../../engine/index.ts';

/** One moment of the graph, e.g. `{ step: 14, turn: 3, red: 0.62, blue: 0.41 }`. */
export interface AnalysisPoint {
  /** Replay moves applied (after the contributions), so a click can show the table then. */
  readonly step: number;
  /** Turns completed, e.g. 3. */
  readonly turn: number;
  /** Red's chance of winning as red could know it, 0..1. */
  readonly red: number;
  /** Blue's chance of winning as blue could know it, 0..1. */
  readonly blue: number;
}

/** A turn that changed a seat's chance most, e.g. "Turn 7: Red's Captain beat Blue's Eddy…". */
export interface Swing {
  readonly step: number;
  readonly turn: number;
  /** The seat whose chance moved, as it saw it. */
  readonly seat: Seat;
  readonly from: number;
  readonly to: number;
  /** What the turn is best told by (the page says it in words, analysis/sentence.ts), or null for a quiet turn. */
  readonly main: GameEvent | null;
  /** The turn that made the change, counted from 1 as people do, e.g. 7. */
  readonly played: number;
}

export interface Analysis {
  readonly points: readonly AnalysisPoint[];
  readonly swings: readonly Swing[];
}

export interface AnalysisOptions {
  /** Worlds drawn per seat and moment, e.g. 48: more is smoother and slower. */
  readonly worlds?: number;
}

/** Events that say most about a turn, in the order a person would name them. */
const WEIGHT: Partial<Record<GameEvent['type'], number>> = {
  gameOver: 9,
  flagCardTurned: 8,
  battle: 7,
  shot: 6,
  pieceOut: 5,
  // A plank swing is the coin's doing, not the placing's (issue 32): the coin tells it, unless a piece fell.
  coinTossed: 4.5,
  onPlank: 4,
  swung: 3,
  newPirate: 2,
  cardTurned: 1,
};

/** One moment the analysis judges: the table then, what each seat had seen, and what happened since the last. */
export interface Moment {
  /** Replay moves applied, e.g. 14. */
  readonly step: number;
  readonly state: GameState;
  /** Each seat's events up to this moment (its history for the drawing of worlds). */
  readonly seen: Readonly<Record<Seat, readonly GameEvent[]>>;
  /** The spectator's events since the previous moment, e.g. a card turned and the turn ended. */
  readonly events: readonly GameEvent[];
}

/** The moments of a record: when the play starts, each time a turn ends, and at the end. */
export function momentsOf(record: GameRecord): Moment[] {
  const parsed = recordOptions(record);
  const created = parsed.ok ? newGame(parsed.value) : parsed;
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  const seen: Record<Seat, GameEvent[]> = { red: [], blue: [] };
  const moments: Moment[] = [];
  let pending: GameEvent[] = [];
  let step = 0;
  let lead = true;
  const mark = () => {
    moments.push({ step, state, seen: { red: seen.red.slice(), blue: seen.blue.slice() }, events: pending });
    pending = [];
  };
  for (const entry of record.actions) {
    const result = applyAction(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(`move ${step + 1} of the record was refused: ${result.error.message}`);
    state = result.state;
    if (lead && entry.action.type === 'contribute') continue;
    lead = false;
    step++;
    for (const seat of ['red', 'blue'] as const) seen[seat].push(...eventsFor(result.events, seat));
    pending.push(...eventsFor(result.events, 'spectator'));
    const started = result.events.some((e) => e.type === 'started');
    const ended = result.events.some((e) => e.type === 'turnEnded' || e.type === 'gameOver');
    if (started || ended) mark();
  }
  if (moments.length === 0 || moments[moments.length - 1]?.step !== step) mark();
  return moments;
}

export function analyse(record: GameRecord, options: AnalysisOptions = {}): Analysis {
  const worlds = options.worlds ?? 48;
  const seed = `analysis/${record.options.seed ?? ''}`;
  const moments = momentsOf(record);
  const points = moments.map(({ step, state, seen }) => ({
    step,
    turn: state.turn,
    red: seatChance(state, 'red', seen.red, worlds, `${seed}/red`),
    blue: seatChance(state, 'blue', seen.blue, worlds, `${seed}/blue`),
  }));
  return {
    points,
    swings: swingsOf(
      points,
      moments.map((m) => m.events),
    ),
  };
}

/**
 * `seat`'s chance of winning at `state` as it could know it: the even judgement averaged over `worlds` worlds
 * drawn from `seed`. The same seed at every moment gives common random numbers: a moment where nothing
 * changed draws the very same worlds, so the line moves only when the game does.
 */
export function seatChance(
  state: GameState,
  seat: Seat,
  history: readonly GameEvent[],
  worlds: number,
  seed: string,
): number {
  if (state.outcome !== null)
    return state.outcome.winner === null ? 0.5 : state.outcome.winner === seat ? 1 : 0;
  const determinizer = new Determinizer(viewFor(state, seat), history);
  const random = randomFromSeed(seed);
  let red = 0;
  for (let i = 0; i < worlds; i++) red += evenJudgement(determinizer.sample(random));
  red /= worlds;
  return seat === 'red' ? red : 1 - red;
}

/**
 * Red's chance in `world` judged with either seat to move, averaged: the fitted judgement gives the seat to
 * move a tempo and its threats this turn, which flipped the line every half-turn while nothing happened.
 */
export function evenJudgement(world: GameState): number {
  if (world.phase !== 'play') return winChance(world);
  const other = world.mover === 'red' ? 'blue' : 'red';
  return (winChance(world) + winChance({ ...world, mover: other })) / 2;
}

/** The three biggest changes of a seat's own chance from one moment to the next, biggest first. */
function swingsOf(points: readonly AnalysisPoint[], turnEvents: readonly (readonly GameEvent[])[]): Swing[] {
  const all: Swing[] = [];
  for (let i = 1; i < points.length; i++) {
    const before = points[i - 1];
    const after = points[i];
    if (before === undefined || after === undefined) continue;
    const moved: Seat =
      Math.abs(after.red - before.red) >= Math.abs(after.blue - before.blue) ? 'red' : 'blue';
    const from = before[moved];
    const to = after[moved];
    all.push({
      step: after.step,
      turn: after.turn,
      seat: moved,
      from,
      to,
      main: mainEvent(turnEvents[i] ?? []),
      played: before.turn + 1,
    });
  }
  return all.sort((a, b) => Math.abs(b.to - b.from) - Math.abs(a.to - a.from) || a.step - b.step).slice(0, 3);
}

/** The event that says most about a turn (a battle over a card turned), or null when nothing did. */
export function mainEvent(events: readonly GameEvent[]): GameEvent | null {
  let main: GameEvent | null = null;
  for (const e of events) if (weightOf(e) > (main === null ? 0 : weightOf(main))) main = e;
  return main;
}

/** How much an event says about its turn; the coin for who starts is no part of any turn. */
function weightOf(event: GameEvent): number {
  if (event.type === 'coinTossed' && event.for === 'start') return 0;
  return WEIGHT[event.type] ?? 0;
}
