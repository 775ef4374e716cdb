/**
 * Finished games against the computer, kept on this device (IndexedDB, through idb-keyval) so the player's own
 * page can list them with their replay and analysis (issue 52). A game against the computer is played in this
 * browser (local/host.ts) and never reaches the server, so the server's list of a player's games cannot hold
 * it; and it is not rated (a rating is between two people, ratings.ts). The newest 20 are kept.
 */
import { createStore, get, set, type UseStore } from 'idb-keyval';
import type { GameRecord, Seat } from '../../engine/index.ts';
import type { Level } from './messages.ts';

/** One finished game against the computer, e.g. `{ human: 'red', level: 'medium', winner: 'blue', ... }`. */
export interface FinishedComputerGame {
  /** The whole record, seed included (public once the game is over). */
  readonly record: GameRecord;
  /** The person's seat. */
  readonly human: Seat;
  /** The computer's level, e.g. 'hard'. */
  readonly level: Level;
  /** The winning seat, or null for a draw. */
  readonly winner: Seat | null;
  /** When it ended (ms since 1970), e.g. 1767225600000. */
  readonly endedAt: number;
}

/** How many finished games the device keeps, newest first. */
export const FINISHED_KEPT = 20;

const LIST = 'list';

let store: UseStore | null = null;
/** Opened on first use; its own database, so the kept game's store is never upgraded under it. */
function finishedStore(): UseStore {
  store ??= createStore('pirates-stratego-finished', 'finished-games');
  return store;
}

/** The finished games kept here, newest first (an unreadable list reads as none). */
export async function loadFinished(): Promise<FinishedComputerGame[]> {
  if (typeof indexedDB === 'undefined') return [];
  const list = (await get(LIST, finishedStore()).catch(() => undefined)) as unknown;
  return Array.isArray(list) ? (list as FinishedComputerGame[]) : [];
}

/** Keeps a finished game, once (the same seed twice is one game), dropping the oldest past FINISHED_KEPT. */
export async function keepFinished(game: FinishedComputerGame): Promise<void> {
  if (typeof indexedDB === 'undefined') return;
  const seed = game.record.options.seed;
  const list = (await loadFinished()).filter((g) => g.record.options.seed !== seed);
  await set(LIST, [game, ...list].slice(0, FINISHED_KEPT), finishedStore());
}
