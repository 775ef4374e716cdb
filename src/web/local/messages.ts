/**
 * The messages between the page and the local game host (a Web Worker in the browser, a plain object in
 * tests). The full game state stays inside the host, as it stays inside the server: only views and the
 * events a seat may see cross this line.
 */

import type { Level } from '../../ai/level-names.ts';
import type {
  Action,
  BySeat,
  GameEvent,
  GameOptions,
  GameRecord,
  HistoryStep,
  PlayerView,
  Seat,
} from '../../engine/index.ts';

/** 'computer': one person against a bot; 'pass': two people sharing one device. */
export type LocalMode = 'computer' | 'pass';

/** The computer's strength as the home page offers it: the players' levels. */
export { LEVELS, type Level } from '../../ai/level-names.ts';

export type ToHost =
  /**
   * A new game; `human` is the person's seat against the computer (ignored in pass-and-play). The host draws
   * the secret seed itself; `contributions` are the page's share of chance for the people's seats (null for
   * the computer's, which the host derives from the seed, as a server does: docs/fairness.md).
   */
  | {
      readonly t: 'start';
      readonly mode: LocalMode;
      readonly options: Omit<GameOptions, 'seed' | 'entropy' | 'chance'>;
      readonly human: Seat;
      readonly level: Level;
      readonly contributions: BySeat<string | null>;
    }
  /** Take up the game kept on this device (kept.ts) where it was left. */
  | { readonly t: 'resume' }
  /** A seat's decision. */
  | { readonly t: 'act'; readonly seat: Seat; readonly action: Action }
  /** Pass-and-play: the device goes to the seat that acts next; answered with that seat's update. */
  | { readonly t: 'handOver' }
  /** Everything `seat` has been shown so far, by action (the log of a game taken up again). */
  | { readonly t: 'history'; readonly seat: Seat }
  /** The table as `seat` saw it after `v` actions (looking back at a move). */
  | { readonly t: 'review'; readonly seat: Seat; readonly v: number };

/** Which computer player the host runs, e.g. `{ name: 'hard' }`. */
export interface BotInfo {
  /** The bot's name as `createBot` knows it, e.g. 'hard'. */
  readonly name: string;
}

export type FromHost =
  /**
   * What `seat` sees now and the events it has not been shown yet. In pass-and-play `seat` is the seat that
   * holds the device: after its decision it is first shown what the decision did, and `handTo` names the seat
   * to pass the device to next (a `handOver` message then brings that seat's update); `record` is filled in once the game is over (the full record is public then).
   * `seedHash` is the commitment to the secret seed; `since`, when not null, says these events start
   * afresh after that many actions (the first update, or an online snapshot), so the page can check later
   * that the record replays to exactly what it was shown.
   */
  | {
      readonly t: 'update';
      readonly seat: Seat;
      readonly view: PlayerView;
      readonly seedHash: string;
      readonly since: number | null;
      /** How many actions the view comes after, e.g. 14. */
      readonly v: number;
      readonly events: readonly GameEvent[];
      readonly record: GameRecord | null;
      readonly bot: BotInfo | null;
      /** Pass-and-play: the seat that decides next, to hand the device to; null otherwise. */
      readonly handTo: Seat | null;
    }
  /** The answer to `history`: `seat`'s events by action, up to `v` actions. */
  | {
      readonly t: 'history';
      readonly seat: Seat;
      readonly v: number;
      readonly steps: readonly HistoryStep[];
    }
  /** The answer to `review`: `seat`'s view after `v` actions. */
  | { readonly t: 'review'; readonly seat: Seat; readonly v: number; readonly view: PlayerView }
  /** A refused action; nothing changed. */
  | { readonly t: 'error'; readonly code: string; readonly message: string };

/**
 * What the page says to the Worker itself: the host's messages, and "close" once the table is left. The
 * Worker finishes what it was asked before (keeping the game on the device), answers "closed", and ends:
 * ending it at once could lose a game it had not kept yet (Back from the first hand-over screen).
 */
export type ToWorker = ToHost | { readonly t: 'close' };

/** What the Worker says: the host's answers, and "closed" once everything asked before is done and kept. */
export type FromWorker = FromHost | { readonly t: 'closed' };
