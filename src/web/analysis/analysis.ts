/**
 * After the game, an analysis like lichess' but for hidden information: for every turn, each seat's chance of
 * winning as that seat could know it then, and the three biggest swings explained in one sentence each.
 *
 * A seat's chance at a moment is the expert's evaluation (ai/evaluation.ts, the search's own judgement of a
 * position) averaged over worlds drawn consistent with everything that seat had seen (ai/sample.ts, the
 * search's own determinization). Nothing the seat did not know enters its figure: its chance is what the
 * expert, sitting in its chair, would have thought. Runs in a Worker (worker.ts); pure and deterministic.
 */

import { winChance } from '../../ai/evaluation.ts';
import { sampleState } from '../../ai/index.ts';
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
  onPlank: 5,
  pieceOut: 5,
  swung: 3,
  newPirate: 2,
  cardTurned: 1,
};

export function analyse(record: GameRecord, options: AnalysisOptions = {}): Analysis {
  const worlds = options.worlds ?? 48;
  const parsed = recordOptions(record);
  const created = parsed.ok ? newGame(parsed.value) : parsed;
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  const seen: Record<Seat, GameEvent[]> = { red: [], blue: [] };
  const points: AnalysisPoint[] = [];
  const turnEvents: GameEvent[][] = [];
  let pending: GameEvent[] = [];
  let step = 0;
  let lead = true;
  const random = randomFromSeed(`analysis/${record.options.seed ?? ''}`);
  const chanceOf = (seat: Seat): number => {
    if (state.outcome !== null)
      return state.outcome.winner === null ? 0.5 : state.outcome.winner === seat ? 1 : 0;
    const view = viewFor(state, seat);
    let red = 0;
    for (let i = 0; i < worlds; i++) red += winChance(sampleState(view, random, seen[seat]));
    red /= worlds;
    return seat === 'red' ? red : 1 - red;
  };
  const mark = () => {
    points.push({ step, turn: state.turn, red: chanceOf('red'), blue: chanceOf('blue') });
    turnEvents.push(pending);
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
    // A moment each time the play starts, a turn ends, or the game ends.
    const started = result.events.some((e) => e.type === 'started');
    const ended = result.events.some((e) => e.type === 'turnEnded' || e.type === 'gameOver');
    if (started || ended) mark();
  }
  if (points.length === 0 || points[points.length - 1]?.step !== step) mark();
  return { points, swings: swingsOf(points, turnEvents) };
}

/** The three biggest changes of a seat's own chance from one moment to the next, biggest first. */
function swingsOf(points: readonly AnalysisPoint[], turnEvents: readonly GameEvent[][]): Swing[] {
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
  for (const e of events)
    if ((WEIGHT[e.type] ?? 0) > (main === null ? 0 : (WEIGHT[main.type] ?? 0))) main = e;
  return main;
}
