/**
 * The local game kept on this device (IndexedDB, through idb-keyval), so a reload, Home or the browser's Back
 * never loses a game against the computer or in pass and play. Two entries: the game itself (its record,
 * seed included: what the local host needs to rebuild it), which only the host's Worker reads, and a summary
 * for the home page's "Continue your game", which holds no secret of the computer's. One game at a time.
 *
 * Decision: the record (options with the seed, and the actions) is all that is kept; the host replays it.
 * Someone reading their own browser's storage can read the seed and so the computer's hidden pirates, just as
 * they could read the Worker's memory today: a local game is not cheat-proof against its own player
 * (docs/web.md). Games against people online are kept by the server, never here.
 */
import { createStore, del, get, setMany, type UseStore } from 'idb-keyval';
import type { BySeat, GameRecord, Seat } from '../../engine/index.ts';
import { LEVELS, type Level, type LocalMode } from './messages.ts';

/** A local game as kept: enough to rebuild it exactly, e.g. `{ mode: 'computer', human: 'red', level: 'easy', record, shown: 'red' }`. */
export interface KeptGame {
  /** 'computer' or 'pass'. */
  readonly mode: LocalMode;
  /** The person's seat against the computer ('red' in pass and play). */
  readonly human: Seat;
  /** The computer's level (unused in pass and play), e.g. 'hard'. */
  readonly level: Level;
  /** The game so far: options (seed included) and every action, contributions first. */
  readonly record: GameRecord;
  /** Pass and play: the seat the device goes to next, e.g. 'blue'. */
  readonly shown: Seat;
}

/** What the home page shows of the kept game and needs to take it up, e.g. `{ mode: 'computer', turn: 7, ... }`. */
export interface KeptSummary {
  readonly mode: LocalMode;
  /** The person's seat against the computer. */
  readonly human: Seat;
  /** The computer's level, e.g. 'medium'. */
  readonly level: Level;
  /** The rules the game is played with. */
  readonly variant: 'standard' | 'advanced';
  readonly shots: 'aimed' | 'quick';
  /** The turn limit, or null for none, e.g. 40. */
  readonly turnLimit: number | null;
  /** The turn the game is at as players count it (1 for the first), e.g. 7; 0 while setting up. */
  readonly turn: number;
  /** The page's own shares of chance (null for the computer's seat), for "Check this game" at the end. */
  readonly contributions: BySeat<string | null>;
  /** When it was kept (ms since 1970), e.g. 1767225600000. */
  readonly savedAt: number;
}

const GAME = 'game';
const SUMMARY = 'summary';

let store: UseStore | null = null;
/** Opened on first use, so merely importing this (the host's tests in Node) touches no IndexedDB. */
function keptStore(): UseStore {
  store ??= createStore('pirates-stratego', 'kept-game');
  return store;
}

/** Keeps the game and its summary together (one transaction: never one without the other). */
export function keepGame(game: KeptGame, summary: KeptSummary): Promise<void> {
  return setMany(
    [
      [GAME, game],
      [SUMMARY, summary],
    ],
    keptStore(),
  );
}

/** Forgets the kept game (it ended, or the player abandoned it). */
export async function forgetGame(): Promise<void> {
  await del(SUMMARY, keptStore());
  await del(GAME, keptStore());
}

/** The kept game as stored, or null; the host checks it by replaying it (anything broken is refused there). */
export async function loadKeptGame(): Promise<unknown> {
  return (await get(GAME, keptStore())) ?? null;
}

const isSeat = (value: unknown): value is Seat => value === 'red' || value === 'blue';
const isShare = (value: unknown): value is string | null => value === null || typeof value === 'string';

/** The summary, or null when none is kept or it is not one (an older page's, say): nothing to continue. */
export async function loadKeptSummary(): Promise<KeptSummary | null> {
  try {
    return parseKeptSummary(await get(SUMMARY, keptStore()));
  } catch {
    // No IndexedDB here (a private window, an old browser): nothing is kept, nothing to continue.
    return null;
  }
}

/** Checks a stored summary's shape (storage is outside the page's control). */
export function parseKeptSummary(data: unknown): KeptSummary | null {
  if (typeof data !== 'object' || data === null) return null;
  const s = data as Record<string, unknown>;
  const shares = s.contributions as Record<string, unknown> | null | undefined;
  const ok =
    (s.mode === 'computer' || s.mode === 'pass') &&
    isSeat(s.human) &&
    (LEVELS as readonly unknown[]).includes(s.level) &&
    (s.variant === 'standard' || s.variant === 'advanced') &&
    (s.shots === 'aimed' || s.shots === 'quick') &&
    (s.turnLimit === null || typeof s.turnLimit === 'number') &&
    typeof s.turn === 'number' &&
    typeof s.savedAt === 'number' &&
    typeof shares === 'object' &&
    shares !== null &&
    isShare(shares.red) &&
    isShare(shares.blue);
  return ok ? (data as KeptSummary) : null;
}
