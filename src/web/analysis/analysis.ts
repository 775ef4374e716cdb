/**
 * After the game, an analysis like lichess' but for a game of hidden pieces: each side's chance of winning
 * after every turn, the three biggest swings explained in one sentence each.
 *
 * Judged with every secret shown (issue 52): the game is over and its replay shows every pirate, so a moment
 * is judged on the whole table as it stood, by the expert's own judgement (ai/evaluation.ts); what the cards
 * and the coin would bring next is still chance to it. One judgement for the table makes the two sides'
 * chances complementary (Red + Blue = 100%, a drawn end shown as a draw), where each side's own guess at
 * the other's crew (issue 20) gave "Red 48%, Blue 54%"; and it draws no worlds, so it has no sampling noise.
 *
 * Steady (issues 32 and 52): a moment is judged as the mean of the judgement with either side about to
 * play its turn (`evenJudgement`), so the line does not rock with whose turn comes next while nothing
 * happens. Pure and deterministic; runs in a Worker (worker.ts).
 */

import { winChance } from '../../ai/evaluation.ts';
import {
  applyAction,
  eventsFor,
  type GameEvent,
  type GameRecord,
  type GameState,
  newGame,
  opponentOf,
  recordOptions,
  type Seat,
} from '../../engine/index.ts';

/** One moment of the graph, e.g. `{ step: 14, turn: 3, red: 0.62, blue: 0.38, draw: 0 }`. */
export interface AnalysisPoint {
  /** Replay moves applied (after the contributions), so a click can show the table then. */
  readonly step: number;
  /**
   * The turn that led to this moment, counted from 1 as the replay and the swings count it; 0 at the start.
   * A game that ends inside a turn ends "after" that turn, e.g. 35 for a flag found in turn 35.
   */
  readonly turn: number;
  /** Red's chance of winning, 0..1. */
  readonly red: number;
  /** Blue's chance of winning, 0..1; red + blue + draw = 1. */
  readonly blue: number;
  /** 1 at the end of a drawn game, else 0 (the judgement counts a draw as half a win for each side). */
  readonly draw: number;
}

/** A turn that changed the chances most, e.g. "Turn 7: Red's Captain beat Blue's Eddy…". */
export interface Swing {
  readonly step: number;
  /** The turn that made the change, counted from 1 as people do, e.g. 7. */
  readonly turn: number;
  /** The side that played that turn: the sentence tells its chance. */
  readonly seat: Seat;
  readonly from: number;
  readonly to: number;
  /** What the turn is best told by (the page says it in words, analysis/sentence.ts), or null for a quiet turn. */
  readonly main: GameEvent | null;
}

export interface Analysis {
  readonly points: readonly AnalysisPoint[];
  readonly swings: readonly Swing[];
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

/** One moment the analysis judges: the table then, and what happened since the last. */
export interface Moment {
  /** Replay moves applied, e.g. 14. */
  readonly step: number;
  readonly state: GameState;
  /** The spectator's events since the previous moment, e.g. a card turned and the turn ended. */
  readonly events: readonly GameEvent[];
}

/** The moments of a record: when the play starts, each time a turn ends, and at the end. */
export function momentsOf(record: GameRecord): Moment[] {
  const parsed = recordOptions(record);
  const created = parsed.ok ? newGame(parsed.value) : parsed;
  if (!created.ok) throw new Error(created.error.message);
  let state: GameState = created.value;
  const moments: Moment[] = [];
  let pending: GameEvent[] = [];
  let step = 0;
  let lead = true;
  const mark = () => {
    moments.push({ step, state, events: pending });
    pending = [];
  };
  for (const entry of record.actions) {
    const result = applyAction(state, entry.seat, entry.action);
    if (!result.ok) throw new Error(`move ${step + 1} of the record was refused: ${result.error.message}`);
    state = result.state;
    if (lead && entry.action.type === 'contribute') continue;
    lead = false;
    step++;
    pending.push(...eventsFor(result.events, 'spectator'));
    const started = result.events.some((e) => e.type === 'started');
    const ended = result.events.some((e) => e.type === 'turnEnded' || e.type === 'gameOver');
    if (started || ended) mark();
  }
  if (moments.length === 0 || moments[moments.length - 1]?.step !== step) mark();
  return moments;
}

export function analyse(record: GameRecord): Analysis {
  const moments = momentsOf(record);
  const points = moments.map(({ step, state }, i): AnalysisPoint => {
    const before = moments[i - 1];
    const turn = before === undefined ? 0 : before.state.turn + 1;
    const outcome = state.outcome;
    if (outcome !== null)
      return {
        step,
        turn,
        red: outcome.winner === 'red' ? 1 : 0,
        blue: outcome.winner === 'blue' ? 1 : 0,
        draw: outcome.winner === null ? 1 : 0,
      };
    const red = evenJudgement(state);
    return { step, turn, red, blue: 1 - red, draw: 0 };
  });
  return { points, swings: swingsOf(points, moments) };
}

/**
 * Red's chance at `state` judged with either side about to play, averaged: the fitted judgement gives the side
 * to move a tempo and its threats this turn (a raid one card away), which rocked the line every turn while
 * nothing happened. At a turn's start the other side is put to start its turn instead; mid-turn (a choice
 * still asked) only the tempo is swapped, since the turn's threats are real then.
 */
export function evenJudgement(state: GameState): number {
  if (state.phase !== 'play') return winChance(state);
  const other = opponentOf(state.mover);
  const swapped: GameState =
    state.pending.ask === 'turnCard'
      ? { ...state, mover: other, pending: { ask: 'turnCard', seat: other } }
      : { ...state, mover: other };
  return (winChance(state) + winChance(swapped)) / 2;
}

/** The three biggest changes of the chances from one moment to the next, biggest first. */
function swingsOf(points: readonly AnalysisPoint[], moments: readonly Moment[]): Swing[] {
  const all: Swing[] = [];
  for (let i = 1; i < points.length; i++) {
    const before = points[i - 1];
    const after = points[i];
    const turnStart = moments[i - 1];
    if (before === undefined || after === undefined || turnStart === undefined) continue;
    const seat = turnStart.state.mover;
    all.push({
      step: after.step,
      turn: after.turn,
      seat,
      from: before[seat],
      to: after[seat],
      main: mainEvent(moments[i]?.events ?? []),
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
