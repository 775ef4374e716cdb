/**
 * Issue 31 item 5: the end panel says how the game moved each rating, in whole points, or why it did not. The
 * store keeps only the numbers (before and after, null where a rating stayed); the reason is read back from
 * the rules that decided it (ratings.ts): who sat, whether both moved after the deal, and which side moved.
 */
import { type RecordEntry, SEATS, type Seat } from '../../engine/index.ts';
import type { GameRating, UnratedReason } from '../../protocol/index.ts';
import type { RatedNumbers, StoredPlayer } from '../store/player-store.ts';
import { bothMoved } from './ratings.ts';

export function gameRating(
  seats: { red: StoredPlayer | null; blue: StoredPlayer | null },
  numbers: RatedNumbers | null,
  log: readonly RecordEntry[],
): GameRating {
  const before = (seat: Seat) => (seat === 'red' ? numbers?.red_before : numbers?.blue_before) ?? null;
  const after = (seat: Seat) => (seat === 'red' ? numbers?.red_after : numbers?.blue_after) ?? null;
  const change = (seat: Seat) => {
    const b = before(seat);
    const a = after(seat);
    return a === null || b === null ? null : a - b;
  };
  const twoPlayers = seats.red !== null && seats.blue !== null && seats.red.id !== seats.blue.id;
  const anyMoved = SEATS.some((seat) => change(seat) !== null);
  const reason = (seat: Seat): UnratedReason | null => {
    if (change(seat) !== null) return null;
    if (!twoPlayers) return 'not-two-players';
    if (numbers === null) return 'pending';
    if (!bothMoved(log)) return 'not-moved';
    // The other side moved and this one stayed: only a provisional opponent does that (ratings.ts).
    return anyMoved ? 'provisional-opponent' : 'pair-limit';
  };
  const rounded = (seat: Seat) => {
    const a = after(seat);
    return a === null || change(seat) === null ? null : Math.round(a);
  };
  return {
    changes: { red: change('red'), blue: change('blue') },
    after: { red: rounded('red'), blue: rounded('blue') },
    unrated: { red: reason('red'), blue: reason('blue') },
    neverCame: neverCame(log),
  };
}

/**
 * The seat that never came: the game ended by its absence (the away resignation the server makes for an absent
 * seat, or a lobby no-show) before it made any action of its own. Such a game is aborted, not lost (unrated:
 * nobody moved after the deal). The stores' player pages ask the same of the stored actions in SQL.
 */
export function neverCame(log: readonly RecordEntry[]): Seat | null {
  const last = log.at(-1);
  if (last === undefined || last.action.type !== 'resign' || last.action.away !== true) return null;
  return log.slice(0, -1).some((entry) => entry.seat === last.seat) ? null : last.seat;
}
