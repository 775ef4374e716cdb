/**
 * A game link: how the page sends decisions to whoever runs the game (the local worker or the server) and
 * hears back. The controller does not care which one it talks to.
 */
import type { Action, Seat } from '../engine/index.ts';
import type { FromHost } from './local/messages.ts';

/** One thing the game's host says, whichever host it is. */
/**
 * A refusal carries its code (null for a link that failed), so the page can choose what a player reads; a
 * lesson's refusal may carry the sentence itself (`said`: why the move is not the one to make), in the page's
 * language.
 */
export type LinkNews =
  | Extract<FromHost, { t: 'update' | 'history' | 'review' }>
  | { readonly t: 'error'; readonly code: string | null; readonly message: string; readonly said?: string };

export interface GameLink {
  send(seat: Seat, action: Action): void;
  /** Asks for everything `seat` has been shown so far (answered with 'history' news). */
  history(seat: Seat): void;
  /** Asks for the table as `seat` saw it after `v` actions (answered with 'review' news). */
  review(seat: Seat, v: number): void;
  close(): void;
}
