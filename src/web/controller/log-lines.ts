/**
 * Lines of the table's log, made in one place for what just happened and for a look back at what was missed,
 * so both number their lines from one counter (the keys of a log never repeat) and colour them alike.
 */
import type { GameEvent, Seat } from '../../engine/index.ts';
import type { LogLine } from '../state.ts';

/** How many lines a seat's log keeps. */
export const LOG_LINES = 200;

let lineId = 0;

/** The seat an event is about, for the line's colour mark; null for the coin and the like. */
function eventSeat(event: GameEvent): Seat | null {
  if ('seat' in event) return event.seat;
  if (event.type === 'pieceOut') return event.owner;
  if (event.type === 'onPlank') return event.chooser;
  if (event.type === 'gameOver') return event.winner;
  return null;
}

/** A line of `text` about `event`, which the game had after `v` actions. */
export function logLine(event: GameEvent, text: string, v: number): LogLine {
  return { id: ++lineId, text, seat: eventSeat(event), v };
}
