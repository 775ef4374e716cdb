/**
 * Lines of the table's log, made in one place for what just happened and for a look back at what was missed,
 * so both number their lines from one counter (the keys of a log never repeat) and colour them alike. A line
 * keeps its event, so a change of language tells the whole log again in the new language (issue 52 item 3).
 */
import type { CannonConfig, GameEvent, Seat, Viewer } from '../../engine/index.ts';
import { describeEvent } from '../game/describe.ts';
import { missNote } from '../game/miss.ts';
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

/** The words of a line about `event` for `viewer`, in the language in force (with where a miss went). */
function lineWords(event: GameEvent, viewer: Viewer, cannon: CannonConfig | null): string {
  return describeEvent(event, viewer) + (cannon === null ? '' : missNote(event, cannon));
}

/**
 * A line about `event` as `viewer` saw it, which the game had after `v` actions; with the table's `cannon`, a
 * missed aimed shot says where the ball went.
 */
export function logLine(
  event: GameEvent,
  viewer: Viewer,
  v: number,
  cannon: CannonConfig | null = null,
): LogLine {
  return {
    id: ++lineId,
    text: lineWords(event, viewer, cannon),
    event,
    viewer,
    cannon,
    seat: eventSeat(event),
    v,
  };
}

/** The same lines told in the language now in force (same ids: the log keeps its place and its focus). */
export function retold(lines: readonly LogLine[]): LogLine[] {
  return lines.map((line) => ({ ...line, text: lineWords(line.event, line.viewer, line.cannon) }));
}
